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

pub mod postgres;
pub mod sqlite;
mod writer;

use std::fmt;

pub use writer::StoreHandle;

/// The tables, in SQL that SQLite and PostgreSQL both read (SQLite takes `BIGINT` as its
/// 64-bit `INTEGER`).
pub(crate) const SCHEMA: &str = "
CREATE TABLE IF NOT EXISTS rooms (
    id TEXT PRIMARY KEY,
    game_id TEXT NOT NULL,
    timer INTEGER NOT NULL,
    created_ms BIGINT NOT NULL,
    create_id TEXT
);
CREATE TABLE IF NOT EXISTS members (
    room TEXT NOT NULL REFERENCES rooms(id),
    member INTEGER NOT NULL,
    device TEXT NOT NULL,
    name TEXT,
    PRIMARY KEY (room, member)
);
CREATE INDEX IF NOT EXISTS members_device ON members(device);
CREATE TABLE IF NOT EXISTS games (
    room TEXT NOT NULL REFERENCES rooms(id),
    game_no INTEGER NOT NULL,
    p1_member INTEGER NOT NULL,
    started_ms BIGINT NOT NULL,
    PRIMARY KEY (room, game_no)
);
CREATE TABLE IF NOT EXISTS entries (
    room TEXT NOT NULL,
    game_no INTEGER NOT NULL,
    revision BIGINT NOT NULL,
    kind TEXT NOT NULL,
    side TEXT NOT NULL,
    actions TEXT NOT NULL,
    client_id TEXT,
    at_ms BIGINT NOT NULL,
    PRIMARY KEY (room, game_no, revision),
    FOREIGN KEY (room, game_no) REFERENCES games(room, game_no)
);
CREATE UNIQUE INDEX IF NOT EXISTS entries_client_id ON entries(room, client_id)
    WHERE client_id IS NOT NULL;
CREATE TABLE IF NOT EXISTS rematch_asks (
    room TEXT NOT NULL,
    game_no INTEGER NOT NULL,
    member INTEGER NOT NULL,
    PRIMARY KEY (room, game_no, member),
    FOREIGN KEY (room, game_no) REFERENCES games(room, game_no)
);
";

/// Added to `rooms` after its first version: the column a database made before it lacks
/// (SQLite cannot add a column "if not exists", so each store checks), then its index.
pub(crate) const CREATE_ID_COLUMN: &str = "ALTER TABLE rooms ADD COLUMN create_id TEXT";
pub(crate) const CREATE_ID_INDEX: &str = "CREATE UNIQUE INDEX IF NOT EXISTS rooms_create_id
    ON rooms(create_id) WHERE create_id IS NOT NULL";

/// The rooms a device sits in, oldest first: `$1` the device. (SQLite reads `$1` as the
/// first parameter too.)
pub(crate) const ROOMS_OF: &str = "SELECT m.room FROM members m JOIN rooms r ON r.id = m.room
    WHERE m.device = $1 ORDER BY r.created_ms, r.id";

/// The room a device created with a request id: `$1` the id, `$2` the device.
pub(crate) const ROOM_CREATED_BY: &str = "SELECT r.id FROM rooms r
    JOIN members m ON m.room = r.id AND m.member = 0
    WHERE r.create_id = $1 AND m.device = $2";

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
    /// The creator's id for its `create` request, if it gave one.
    pub create_id: Option<String>,
}

/// A member of a room: 0 the creator, 1 the one who joined.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MemberRow {
    /// The room id.
    pub room: String,
    /// 0 or 1.
    pub member: u8,
    /// The device's key ([`crate::device::key_of`]; older databases hold the secret until
    /// the store's start replaces it).
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

/// A rematch asked for by one member, once its game is over.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RematchRow {
    /// The room id.
    pub room: String,
    /// The finished game.
    pub game_no: u32,
    /// Who asked (0 or 1).
    pub member: u8,
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
    /// A member asked for a rematch.
    AskRematch(RematchRow),
}

impl Write {
    /// The room it changes.
    pub fn room(&self) -> &str {
        match self {
            Write::CreateRoom { room, .. } => &room.id,
            Write::AddMember(m) => &m.room,
            Write::StartGame(g) => &g.room,
            Write::AppendEntry(e) => &e.room,
            Write::AskRematch(r) => &r.room,
        }
    }
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
    /// Every rematch ask.
    pub rematch_asks: Vec<RematchRow>,
}

/// A store failed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StoreError {
    message: String,
    conflict: bool,
}

impl StoreError {
    /// A failure: the write is not stored.
    pub fn new(message: impl Into<String>) -> StoreError {
        StoreError {
            message: message.into(),
            conflict: false,
        }
    }

    /// The row is taken: another write (of this or another server process) stored the
    /// same key first. The caller reloads the room and decides again.
    pub fn conflict(message: impl Into<String>) -> StoreError {
        StoreError {
            message: message.into(),
            conflict: true,
        }
    }

    /// See [`StoreError::conflict`].
    pub fn is_conflict(&self) -> bool {
        self.conflict
    }
}

impl fmt::Display for StoreError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "store: {}", self.message)
    }
}

impl std::error::Error for StoreError {}

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
}

/// A place rooms are kept. Used from one thread at a time (the writer's).
pub trait Store: Send + 'static {
    /// Other server processes may write the same rooms: rooms this process has not loaded
    /// are looked up on demand, and a room's rows are the truth, not the copy in memory.
    fn is_shared(&self) -> bool;

    /// Everything stored (at the server's start).
    fn load(&mut self) -> Result<Snapshot, StoreError>;

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
