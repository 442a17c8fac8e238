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

#[cfg(test)]
pub(crate) mod memory;
pub mod moderation;
pub mod postgres;
pub mod sqlite;
mod writer;

use std::fmt;

pub use moderation::{BlockRow, ReportRow};
pub use writer::{Loaded, StoreHandle};

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

/// Columns added after the first version, as (table, column, type): a database made before
/// lacks them (SQLite cannot add a column "if not exists", so each store checks). `games.
/// finished_ms` is when the game ended (NULL while it goes on): a room whose last game has
/// it is finished, which is what lets a start skip it and the expiry delete it.
pub(crate) const ADDED_COLUMNS: [(&str, &str, &str); 2] = [
    ("rooms", "create_id", "TEXT"),
    ("games", "finished_ms", "BIGINT"),
];

/// The indexes on the added columns (after them) and those the expiry reads by.
pub(crate) const LATER_INDEXES: &str = "
CREATE UNIQUE INDEX IF NOT EXISTS rooms_create_id
    ON rooms(create_id) WHERE create_id IS NOT NULL;
CREATE INDEX IF NOT EXISTS rooms_created ON rooms(created_ms);
CREATE INDEX IF NOT EXISTS games_finished ON games(finished_ms);
";

/// The rooms whose last game is not over (what a start loads).
const UNFINISHED_ROOMS: &str = "SELECT g.room FROM games g WHERE g.finished_ms IS NULL
    AND NOT EXISTS (SELECT 1 FROM games n WHERE n.room = g.room AND n.game_no > g.game_no)";

/// Which rooms a read of rows takes: one by its key (`$1`), or every unfinished one (the
/// start). One room's read is a lookup by primary key in every table, never a scan.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Rooms {
    /// The room `$1`.
    One,
    /// Every room whose last game goes on.
    Unfinished,
}

impl Rooms {
    fn filter(self, column: &str) -> String {
        match self {
            Rooms::One => format!("{column} = $1"),
            Rooms::Unfinished => format!("{column} IN ({UNFINISHED_ROOMS})"),
        }
    }

    /// The five queries, in the order of [`Snapshot`]'s fields.
    pub(crate) fn queries(self) -> [String; 5] {
        [
            format!(
                "SELECT id, game_id, timer, created_ms, create_id FROM rooms
                 WHERE {} ORDER BY created_ms, id",
                self.filter("id")
            ),
            format!(
                "SELECT room, member, device, name FROM members
                 WHERE {} ORDER BY room, member",
                self.filter("room")
            ),
            format!(
                "SELECT room, game_no, p1_member, started_ms FROM games
                 WHERE {} ORDER BY room, game_no",
                self.filter("room")
            ),
            format!(
                "SELECT room, game_no, revision, kind, side, actions, client_id, at_ms
                 FROM entries WHERE {} ORDER BY room, game_no, revision",
                self.filter("room")
            ),
            format!(
                "SELECT room, game_no, member FROM rematch_asks
                 WHERE {} ORDER BY room, game_no, member",
                self.filter("room")
            ),
        ]
    }
}

/// Every read of a request, with how many parameters it takes: each must be a lookup by
/// key (the stores' tests check their plans).
pub fn keyed_reads() -> Vec<(String, usize)> {
    let mut reads: Vec<(String, usize)> =
        Rooms::One.queries().into_iter().map(|q| (q, 1)).collect();
    reads.push((ROOMS_OF.to_string(), 1));
    reads.push((ROOM_CREATED_BY.to_string(), 2));
    reads.push((moderation::BLOCKED.to_string(), 2));
    reads
}

/// Every room id (the start's set of known codes: an index-only read).
pub(crate) const ROOM_IDS: &str = "SELECT id FROM rooms";

/// The rooms past their time, each query with its cut-off (Unix ms) as `$1`: waiting rooms
/// created before it, rooms whose last game finished before it, untimed started games with
/// no entry since it.
pub(crate) const EXPIRED: [&str; 3] = [
    "SELECT r.id FROM rooms r WHERE r.created_ms < $1
        AND NOT EXISTS (SELECT 1 FROM members m WHERE m.room = r.id AND m.member = 1)",
    "SELECT g.room FROM games g WHERE g.finished_ms < $1
        AND NOT EXISTS (SELECT 1 FROM games n WHERE n.room = g.room AND n.game_no > g.game_no)",
    "SELECT g.room FROM games g JOIN rooms r ON r.id = g.room
        WHERE r.timer = 0 AND g.finished_ms IS NULL AND g.started_ms < $1
        AND NOT EXISTS (SELECT 1 FROM games n WHERE n.room = g.room AND n.game_no > g.game_no)
        AND EXISTS (SELECT 1 FROM members m WHERE m.room = g.room AND m.member = 1)
        AND NOT EXISTS (SELECT 1 FROM entries e
            WHERE e.room = g.room AND e.game_no = g.game_no AND e.at_ms >= $1)",
];

/// Deleting a room: its rows in every table, children first (`$1` the room).
pub(crate) const DELETE_ROOM: [&str; 5] = [
    "DELETE FROM rematch_asks WHERE room = $1",
    "DELETE FROM entries WHERE room = $1",
    "DELETE FROM games WHERE room = $1",
    "DELETE FROM members WHERE room = $1",
    "DELETE FROM rooms WHERE id = $1",
];

/// Marks a game over (`$1` when, `$2` room, `$3` game); a game marked already keeps its
/// time. (SQLite numbers `$N` parameters in the order they first appear, so they appear in
/// order in every query here.)
pub(crate) const FINISH_GAME: &str = "UPDATE games SET finished_ms = $1
    WHERE room = $2 AND game_no = $3 AND finished_ms IS NULL";

/// When rooms end, as Unix-ms cut-offs (`None`: never).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Expiry {
    /// Rooms still waiting for their second player, created before this.
    pub waiting_before_ms: Option<i64>,
    /// Rooms whose last game finished before this.
    pub finished_before_ms: Option<i64>,
    /// Untimed games with no entry since this.
    pub abandoned_before_ms: Option<i64>,
}

impl Expiry {
    /// The rooms past their time, at most `limit`: `query` runs each query that has a
    /// cut-off with it (a room may be past two of them).
    pub(crate) fn rooms(
        &self,
        limit: usize,
        mut query: impl FnMut(&str, i64) -> Result<Vec<String>, StoreError>,
    ) -> Result<Vec<String>, StoreError> {
        let cutoffs = [
            self.waiting_before_ms,
            self.finished_before_ms,
            self.abandoned_before_ms,
        ];
        let mut ids = Vec::new();
        for (sql, cutoff) in EXPIRED.into_iter().zip(cutoffs) {
            if let Some(cutoff) = cutoff {
                ids.extend(query(sql, cutoff)?);
            }
        }
        ids.sort();
        ids.dedup();
        ids.truncate(limit);
        Ok(ids)
    }
}

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
    /// A game ended (stored after the entry that ended it, so that the finished room is
    /// skipped at start and expires; a start marks a game it finds over and unmarked).
    FinishGame {
        /// The room.
        room: String,
        /// The game.
        game_no: u32,
        /// When it ended, Unix milliseconds.
        at_ms: i64,
    },
    /// The room and every row of it are deleted (it expired).
    DeleteRoom(String),
    /// A player reported the opponent (a second report of the same game stores nothing).
    Report(ReportRow),
    /// A device blocked another (a second block of the same device stores nothing).
    Block(BlockRow),
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
            Write::FinishGame { room, .. } | Write::DeleteRoom(room) => room,
            Write::Report(r) => &r.room,
            Write::Block(b) => &b.room,
        }
    }

    /// Whether another server process must read the room again once this is stored
    /// (reports and blocks change nothing a room's players see; a game's end comes with
    /// its entry).
    pub fn changes_room(&self) -> bool {
        !matches!(
            self,
            Write::FinishGame { .. } | Write::Report(_) | Write::Block(_)
        )
    }
}

/// Rooms' rows: every unfinished room (the server's start) or one room.
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
