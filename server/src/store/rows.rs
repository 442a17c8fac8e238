//! The rows of the rooms' tables as the stores read and write them ([`Snapshot`]), and the
//! writes the hub asks for ([`Write`]).

use super::moderation::{BlockRow, ReportRow};

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
