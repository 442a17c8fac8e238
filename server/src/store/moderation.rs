//! What players tell the operator and each other apart from games: reports of an opponent
//! and blocks. Both tables are outside the rooms' (no foreign key, not deleted with a
//! room): a report is for the operator to read after the room has gone, and a block holds
//! for as long as both devices play.

/// The tables, in SQL that SQLite and PostgreSQL both read. `CREATE ... IF NOT EXISTS` on
/// every start is the migration: a database from before them gains them.
pub(crate) const SCHEMA: &str = "
CREATE TABLE IF NOT EXISTS reports (
    room TEXT NOT NULL,
    game_no INTEGER NOT NULL,
    reporter INTEGER NOT NULL,
    reason TEXT NOT NULL,
    reporter_name TEXT,
    reported_name TEXT,
    reporter_device TEXT NOT NULL,
    reported_device TEXT NOT NULL,
    at_ms BIGINT NOT NULL,
    PRIMARY KEY (room, game_no, reporter)
);
CREATE INDEX IF NOT EXISTS reports_at ON reports(at_ms);
CREATE TABLE IF NOT EXISTS blocks (
    blocker TEXT NOT NULL,
    blocked TEXT NOT NULL,
    room TEXT NOT NULL,
    at_ms BIGINT NOT NULL,
    PRIMARY KEY (blocker, blocked)
);
";

/// Stores a report; one per reporter and game (`$1`..`$9` in [`ReportRow`]'s order).
pub(crate) const INSERT_REPORT: &str = "INSERT INTO reports (room, game_no, reporter, reason,
    reporter_name, reported_name, reporter_device, reported_device, at_ms)
    VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) ON CONFLICT DO NOTHING";

/// Stores a block; blocking the same device twice keeps the first.
pub(crate) const INSERT_BLOCK: &str = "INSERT INTO blocks (blocker, blocked, room, at_ms)
    VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING";

/// A row when either of two devices (`$1`, `$2`) blocked the other: two lookups by the
/// primary key (an `OR` of the two would be one plan for both on neither store).
pub(crate) const BLOCKED: &str = "SELECT blocker FROM blocks WHERE blocker = $1 AND blocked = $2
    UNION ALL SELECT blocker FROM blocks WHERE blocker = $2 AND blocked = $1";

/// The newest reports first, at most `$1`.
pub(crate) const REPORTS: &str = "SELECT room, game_no, reporter, reason, reporter_name,
    reported_name, reporter_device, reported_device, at_ms FROM reports
    ORDER BY at_ms DESC, room, game_no, reporter LIMIT $1";

/// A player's report of the opponent seated with it in a room.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReportRow {
    /// The room id.
    pub room: String,
    /// The game of the room being played (or just over) when it was made.
    pub game_no: u32,
    /// The reporting member (0 or 1).
    pub reporter: u8,
    /// The reason's id (`offensive-name`, `cheating-or-abuse`, `other`).
    pub reason: String,
    /// The names the two devices had in the room.
    pub reporter_name: Option<String>,
    /// See `reporter_name`.
    pub reported_name: Option<String>,
    /// The devices' keys (hashes of their secrets, as in `members`).
    pub reporter_device: String,
    /// See `reporter_device`.
    pub reported_device: String,
    /// When, Unix milliseconds.
    pub at_ms: i64,
}

/// One device blocking another.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BlockRow {
    /// The blocking device's key.
    pub blocker: String,
    /// The blocked device's key.
    pub blocked: String,
    /// The room they sat in when it was made.
    pub room: String,
    /// When, Unix milliseconds.
    pub at_ms: i64,
}
