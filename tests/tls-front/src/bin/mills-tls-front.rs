//! `wss://` in front of a `mills-server` on loopback, for the app suites' tests:
//!
//!   mills-tls-front --upstream PORT --root-out FILE [--listen 127.0.0.1:0]
//!
//! Makes a new test root, writes it (DER) to FILE, serves a certificate it issued for
//! `localhost` and `127.0.0.1` on `--listen`, and prints `listening PORT` once it accepts.
//! Runs until its standard input closes, so that it ends with the test that started it even
//! when that test is killed.

use std::io::{Read, Write};
use std::process::ExitCode;

use mills_tls_front::{Cert, LOOPBACK_NAMES, Terminator, TestRoot};

const USAGE: &str = "usage: mills-tls-front --upstream PORT --root-out FILE [--listen 127.0.0.1:0]";

struct Args {
    upstream: u16,
    root_out: String,
    listen: String,
}

fn parse(mut args: impl Iterator<Item = String>) -> Result<Args, String> {
    let (mut upstream, mut root_out, mut listen) = (None, None, "127.0.0.1:0".to_string());
    while let Some(flag) = args.next() {
        let value = args.next().ok_or(format!("{flag} needs a value"))?;
        match flag.as_str() {
            "--upstream" => {
                upstream = Some(
                    value
                        .parse()
                        .map_err(|_| format!("'{value}' is not a port"))?,
                )
            }
            "--root-out" => root_out = Some(value),
            "--listen" => listen = value,
            other => return Err(format!("unknown flag {other}")),
        }
    }
    Ok(Args {
        upstream: upstream.ok_or("--upstream is required")?,
        root_out: root_out.ok_or("--root-out is required")?,
        listen,
    })
}

fn main() -> ExitCode {
    let args = match parse(std::env::args().skip(1)) {
        Ok(args) => args,
        Err(why) => {
            eprintln!("mills-tls-front: {why}\n{USAGE}");
            return ExitCode::from(2);
        }
    };
    let root = TestRoot::new();
    if let Err(e) = std::fs::write(&args.root_out, root.der()) {
        eprintln!("mills-tls-front: writing {}: {e}", args.root_out);
        return ExitCode::FAILURE;
    }
    let front = Terminator::start_on(
        &args.listen,
        args.upstream,
        root.server(Cert::For(LOOPBACK_NAMES)),
    );
    println!("listening {}", front.port);
    let _ = std::io::stdout().flush();
    // Until the test that started it closes its end (or exits).
    let _ = std::io::stdin().read_to_end(&mut Vec::new());
    ExitCode::SUCCESS
}
