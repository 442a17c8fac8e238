//! Prepares the endgame tables in a directory exactly as the apps' `tablesPrepare` does at
//! first use (the same engine call, four pieces a side, two threads): from a table pack when
//! one is given, else by building them. The measurement of docs/ai.md ("Tables ready at
//! once") runs it under `/usr/bin/time -v` for the time and peak memory of each way.
//!
//! cargo run --release -p mills-toolbox --example prepare_tables -- DIR [PACK]

use std::path::Path;
use std::time::Instant;

use mills_core::{APP_TABLE_PIECES, CancelToken, TableShelf, prepare_tables_from_pack};

/// The threads the apps' preparation uses (bindings: `BUILD_THREADS`).
const APP_THREADS: usize = 2;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (dir, pack) = match args.as_slice() {
        [dir] => (dir, None),
        [dir, pack] => (dir, Some(Path::new(pack))),
        _ => {
            eprintln!("usage: prepare_tables DIR [PACK]");
            std::process::exit(2);
        }
    };
    let started = Instant::now();
    let shelf = TableShelf::new();
    match prepare_tables_from_pack(
        Path::new(dir),
        pack,
        APP_TABLE_PIECES,
        APP_THREADS,
        &shelf,
        &CancelToken::new(),
        &mut |_| {},
    ) {
        Ok(report) => {
            for (game, how) in report {
                println!("{game}: {how:?}");
            }
            println!("ready in {:.3} s", started.elapsed().as_secs_f64());
        }
        Err(e) => {
            eprintln!("{e}");
            std::process::exit(1);
        }
    }
}
