//! The wire protocol between a Mills client (the engine-side online session) and
//! `mills-server`: JSON objects in WebSocket text frames, one message per frame, each with a
//! `"type"` field. docs/online.md describes the conversation; this crate is its one
//! definition, shared by the server and the client.
//!
//! - [`ClientMessage`] and [`ServerMessage`]: what each side sends.
//! - [`decode_client`] / [`decode_server`]: size-checked, validated decoding that never
//!   panics; [`encode`] for the other direction.
//! - [`ErrorCode`]: why the server refused something (sent in [`ServerMessage::Error`]).
//! - [`limits`]: every size and count the server enforces.
//!
//! The protocol grows by adding: new optional fields and new message types. Receivers ignore
//! fields they do not know; [`PROTOCOL_VERSION`] changes only for a change that is not additive.

mod codec;
mod error;
pub mod limits;
mod messages;
pub mod names;
#[cfg(test)]
mod random_frames;

pub use codec::{DecodeError, decode_client, decode_server, encode, normalize_code, spelled_code};
pub use error::ErrorCode;
pub use messages::{
    ClientMessage, Clock, Entry, EntryKind, Outcome, Player, ReportReason, RoomState, RoomSummary,
    Seat, ServerMessage,
};

/// The protocol version a client states in [`ClientMessage::Hello`]. The server answers a
/// different one with [`ErrorCode::UnsupportedVersion`] and closes the connection.
pub const PROTOCOL_VERSION: u32 = 1;

/// The HTTP path of the WebSocket endpoint.
pub const WS_PATH: &str = "/ws";

/// The HTTP path of the health endpoint (`GET`, answers `200` with a small JSON body).
pub const HEALTH_PATH: &str = "/health";

/// The scheme and host of an invite link when the server has no public address configured:
/// `mills://join/CODE`, which the apps open.
pub const APP_LINK_PREFIX: &str = "mills://join/";
