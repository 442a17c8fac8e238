//! The SQL both stores run: the schema and its migrations, the reads of a room's rows by key,
//! the expiry's queries and the deletion of a room.

use super::error::StoreError;
use super::moderation;

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
