//! Where rooms and their games are kept: a small trait ([`Store`]) with one embedded
//! implementation ([`sqlite::SqliteStore`]), and the writer thread ([`StoreHandle`]) that
//! commits the writes of many rooms together and answers each only once it is durable.
//!
//! The schema is append-only: rooms, their two members, their games, and each game's
//! entries. Loading replays the entries through the engine, so what is stored is exactly
//! what the server acknowledged.

pub mod sqlite;
mod writer;

use std::fmt;

pub use writer::StoreHandle;

/// A room as stored: its setting and members.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RoomRow {
    /// The room id (its invite code).
    pub id: String,
    /// The engine's game id.
    pub game_id: String,
    /// Seconds per turn, 0 for off.
    pub timer: u32,
    /// When it was created, Unix milliseconds.
    pub created_ms: i64,
}

/// A member of a room: 0 the creator, 1 the one who joined.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MemberRow {
    /// The room id.
    pub room: String,
    /// 0 or 1.
    pub member: u8,
    /// The device secret.
    pub device: String,
    /// The name the device gave.
    pub name: Option<String>,
}

/// A game of a room.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameRow {
    /// The room id.
    pub room: String,
    /// 1, 2, ...
    pub game_no: u32,
    /// Which member (0 or 1) plays P1.
    pub p1_member: u8,
    /// When it started, Unix milliseconds.
    pub started_ms: i64,
}

/// One entry of a game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EntryRow {
    /// The room id.
    pub room: String,
    /// The game.
    pub game_no: u32,
    /// 1, 2, ... without gaps.
    pub revision: u64,
    /// `turn`, `pass` or `resign`.
    pub kind: String,
    /// `p1` or `p2`.
    pub side: String,
    /// The actions in notation, space-separated.
    pub actions: String,
    /// The client's id (absent for the server's timer passes).
    pub client_id: Option<String>,
    /// When it was stored, Unix milliseconds.
    pub at_ms: i64,
}

/// One change to the store.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Write {
    /// A new room with its creator and its first game.
    CreateRoom {
        /// The room.
        room: RoomRow,
        /// Its creator (member 0).
        creator: MemberRow,
        /// Game 1.
        game: GameRow,
    },
    /// The second member joined.
    AddMember(MemberRow),
    /// A rematch started.
    StartGame(GameRow),
    /// A turn, pass or resignation.
    AppendEntry(EntryRow),
}

/// Everything stored, for the server's start.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Snapshot {
    /// Every room.
    pub rooms: Vec<RoomRow>,
    /// Every member.
    pub members: Vec<MemberRow>,
    /// Every game.
    pub games: Vec<GameRow>,
    /// Every entry, by room, game and revision.
    pub entries: Vec<EntryRow>,
}

/// A store failed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StoreError(pub String);

impl fmt::Display for StoreError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "store: {}", self.0)
    }
}

impl std::error::Error for StoreError {}

/// A place rooms are kept. Used from one thread at a time (the writer's).
pub trait Store: Send + 'static {
    /// Everything stored (at the server's start).
    fn load(&mut self) -> Result<Snapshot, StoreError>;

    /// Applies `writes` in one durable transaction; a write that fails leaves out only
    /// itself. Returns one result per write, in order; an `Err` of the whole call means
    /// none of them is stored.
    fn apply(&mut self, writes: &[Write]) -> Result<Vec<Result<(), StoreError>>, StoreError>;
}
