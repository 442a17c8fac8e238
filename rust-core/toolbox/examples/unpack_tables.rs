//! Unpacks every game's tables from a table pack into a directory, as the apps do on first
//! use: the measurement of docs/ai.md ("Tables ready at once") runs this under
//! `/usr/bin/time -v` for the wall time and peak memory of an unpacking.
//!
//! cargo run --release -p mills-toolbox --example unpack_tables -- PACK DIR

use std::path::Path;
use std::time::Instant;

use mills_core::{CancelToken, Variant, unpack_table};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [pack, dir] = args.as_slice() else {
        eprintln!("usage: unpack_tables PACK DIR");
        std::process::exit(2);
    };
    for game in Variant::ALL {
        let started = Instant::now();
        match unpack_table(
            Path::new(pack),
            Path::new(dir),
            game,
            &CancelToken::new(),
            &mut |_| {},
        ) {
            Ok(path) => println!(
                "{game}: {:.3} s -> {}",
                started.elapsed().as_secs_f64(),
                path.display()
            ),
            Err(e) => {
                eprintln!("{game}: {e}");
                std::process::exit(1);
            }
        }
    }
}
