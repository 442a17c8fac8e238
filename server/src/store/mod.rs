//! Where rooms and their games are kept: a small trait ([`Store`]) with an embedded
//! implementation ([`sqlite::SqliteStore`]) and a shared one ([`postgres::PostgresStore`]),
//! and the writer thread ([`StoreHandle`]) that commits the writes of many rooms together and
//! answers each only once it is durable.
//!
//! The schema is append-only: rooms, their two members, their games, each game's entries
//! and the rematch asks. Loading replays the entries through the engine, so what is stored
//! is exactly what the server acknowledged. With a shared store several server processes
//! write the same rooms: the primary keys decide which of two competing writes is stored
//! (the other fails with [`StoreError::is_conflict`]), and the store tells every process
//! which rooms changed ([`Notice`]).
//!
//! Reads go to a connection of their own ([`Reader`], on its own thread): a lookup never
//! waits behind a batch of writes, and every read is by key (the tests check each query's
//! plan). Rooms end: waiting rooms, finished games and abandoned untimed games are deleted
//! after their configured time ([`Expiry`]).

pub mod backend;
pub mod error;
#[cfg(test)]
pub(crate) mod memory;
pub mod moderation;
pub mod postgres;
pub mod rows;
pub mod sql;
pub mod sqlite;
mod writer;

pub use backend::{Notice, Reader, Signal, Store};
pub use error::StoreError;
pub use moderation::{BlockRow, ReportRow};
pub use rows::{EntryRow, GameRow, MemberRow, RematchRow, RoomRow, Snapshot, Write};
pub use sql::{Expiry, keyed_reads};
pub use writer::{Loaded, StoreHandle};
