//! `mills-online`: online play without I/O, shared by the server (`mills-server`), the app
//! library (`mills-ffi`) and the load tool (`mills-load`), each of which brings its own
//! sockets, threads or tasks, and storage.
//!
//! Floors, each importing only those below it:
//! - [`names`]: the wire's seats and the engine's sides, an entry's actions in notation.
//! - [`clock`]: the turn clock from one reading, counted down by the engine's countdown.
//! - [`replay`]: a room's stored entries played into the engine's game.
//! - [`plan`]: a turn, a timer's pass or a resignation checked by the engine, not applied.
//! - [`client`]: the client's room state machine and its conversation with the server.

pub mod client;
pub mod clock;
pub mod names;
pub mod plan;
pub mod replay;

pub use client::conversation::{Ended, Heard, Host, Transport, converse};
pub use client::events::{Event, Fatal, RoomInfo, SeatInfo, Tap, TurnNotSent};
pub use client::room::{Intent, Room};
pub use clock::TurnClock;
