//! The developer's tools around the Mills engine, kept out of the library the apps link:
//! engine-against-engine matches ([`arena`]) and the UCI-like protocol outside tools speak
//! ([`uci`]). The `mills` command line (`src/bin/mills/`) and the tuning examples
//! (`examples/`) are built on them and on `mills-core`'s public API.

pub mod arena;
pub mod uci;
