//! The storage trait a backend implements ([`Store`], with its [`Reader`]), and
//! what a shared store says to the hub ([`Notice`]) and is told ([`Signal`]).

use super::error::StoreError;
use super::moderation::ReportRow;
use super::rows::{EntryRow, Snapshot, Write};
use super::sql::Expiry;

/// What a shared store says another server process did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Notice {
    /// This room changed: read it again.
    Changed(String),
    /// This entry was stored (a room's most frequent change, sent whole so that no one
    /// needs to read it back).
    Entry(EntryRow),
    /// Notices may have been missed (the store's connection was lost): read every room
    /// again.
    Resync,
    /// A member's connections to another process came or went.
    Presence {
        /// The other process.
        instance: String,
        /// The room.
        room: String,
        /// The member (0 or 1).
        member: u8,
        /// Whether it has a connection to the room there now.
        online: bool,
    },
    /// A process asks every other to say who is online: in one room (it has just loaded
    /// it) or in all (it started, or lost notices).
    PresenceAsked(Option<String>),
    /// The processes connected to the store now; presence heard from any other is gone.
    Instances(Vec<String>),
    /// This process's [`Signal::Sync`] came back: every notice committed before it was sent
    /// has been delivered.
    Synced(u64),
}

/// What this process tells the others through a shared store (not stored).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Signal {
    /// A member's connections to this process came or went ([`Notice::Presence`]).
    Presence {
        /// The room.
        room: String,
        /// The member (0 or 1).
        member: u8,
        /// Whether it has a connection to the room here now.
        online: bool,
    },
    /// Asks every other process to say who is online there, in one room or in all
    /// ([`Notice::PresenceAsked`]).
    AskPresence(Option<String>),
    /// A barrier: it comes back to this process alone ([`Notice::Synced`]) after every
    /// notice committed before it (PostgreSQL delivers notices in commit order).
    Sync(u64),
}

/// The reads of requests, on a connection of their own (beside the writer's: SQLite's WAL
/// and PostgreSQL both let it read while the writer commits). Every read is by key.
pub trait Reader: Send + 'static {
    /// One room's rows (every vector empty when there is no such room).
    fn load_room(&mut self, id: &str) -> Result<Snapshot, StoreError>;

    /// The rooms a device sits in, oldest first.
    fn rooms_of(&mut self, device: &str) -> Result<Vec<String>, StoreError>;

    /// The room `device` created with the request id `create_id`, if any.
    fn room_created_by(
        &mut self,
        device: &str,
        create_id: &str,
    ) -> Result<Option<String>, StoreError>;

    /// Whether either of two devices blocked the other.
    fn blocked(&mut self, a: &str, b: &str) -> Result<bool, StoreError>;

    /// The newest reports first, at most `limit` (for the operator's `mills-server
    /// reports`).
    fn reports(&mut self, limit: usize) -> Result<Vec<ReportRow>, StoreError>;
}

/// A place rooms are kept. Used from one thread at a time (the writer's).
pub trait Store: Reader {
    /// Other server processes may write the same rooms: rooms this process has not loaded
    /// are looked up on demand, and a room's rows are the truth, not the copy in memory.
    fn is_shared(&self) -> bool;

    /// Every unfinished room (at the server's start): a finished one is loaded when asked
    /// for.
    fn load(&mut self) -> Result<Snapshot, StoreError>;

    /// Every room id (the codes that exist, so that unknown ones never reach the store).
    fn room_ids(&mut self) -> Result<Vec<String>, StoreError>;

    /// The rooms past their time (at most `limit`).
    fn expired(&mut self, expiry: &Expiry, limit: usize) -> Result<Vec<String>, StoreError>;

    /// A second connection for reads.
    fn reader(&self) -> Result<Box<dyn Reader>, StoreError>;

    /// Tells the other processes of a shared store; nothing for a store of one process.
    fn signal(&mut self, signals: &[Signal]) -> Result<(), StoreError> {
        let _ = signals;
        Ok(())
    }

    /// Applies `writes` in one durable transaction; a write that fails leaves out only
    /// itself. Returns one result per write, in order; an `Err` of the whole call means
    /// none of them is stored.
    fn apply(&mut self, writes: &[Write]) -> Result<Vec<Result<(), StoreError>>, StoreError>;
}
