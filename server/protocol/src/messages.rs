//! The messages. Field names are the wire names; docs/online.md shows each as JSON.

use serde::{Deserialize, Serialize};

use crate::ErrorCode;

/// A side of the board, as the engine names them (`"p1"`, `"p2"`). Which side moves first is
/// the game's rule (in Zhi Qi P2 does).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub enum Seat {
    /// The first player, White.
    #[serde(rename = "p1")]
    P1,
    /// The second player, Black.
    #[serde(rename = "p2")]
    P2,
}

impl Seat {
    /// The other side.
    pub fn other(self) -> Seat {
        match self {
            Seat::P1 => Seat::P2,
            Seat::P2 => Seat::P1,
        }
    }
}

/// What a client sends. Every message but `hello` and `ping` needs a `hello` first.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "kebab-case")]
pub enum ClientMessage {
    /// The first message of every connection: the protocol version and the device's secret
    /// (random, made once per install, kept on the device; it is the device's only identity).
    /// Answered by [`ServerMessage::Welcome`].
    Hello {
        /// [`crate::PROTOCOL_VERSION`].
        protocol: u32,
        /// The device secret (see [`crate::limits::MIN_SECRET_CHARS`]).
        device: String,
        /// The name the opponent sees (optional; at most 60 characters, one line).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        name: Option<String>,
    },
    /// Opens a room for `game` with a turn timer; the sender takes `side` (P1 if absent).
    /// Answered by [`ServerMessage::Created`].
    Create {
        /// `zhiqi`, `linked-horse` or `twelve-mens-morris`.
        game: String,
        /// Seconds per turn: 0 (off), 15, 30, 60 or 120.
        timer: u32,
        /// The side the creator plays in the first game.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        side: Option<Seat>,
        /// The client's id for this request (as for turns). A `create` sent again with the
        /// same id by the same device (its connection was lost before `created` came) is
        /// answered with the room the first one made, not a second room.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        id: Option<String>,
    },
    /// Takes the free seat of the room with this invite code (dashes, spaces and case are
    /// ignored). Joining a room this device already sits in just opens it. Answered by
    /// [`ServerMessage::Room`] (and the other player gets one too).
    Join {
        /// The invite code.
        code: String,
    },
    /// Subscribes this connection to a room the device sits in and asks for its whole state
    /// (after a reconnect). Answered by [`ServerMessage::Room`].
    Open {
        /// The room id.
        room: String,
    },
    /// One whole turn of the sender's side. Answered by [`ServerMessage::Accepted`] once it
    /// is stored (or an error naming `id`); both players then get an
    /// [`ServerMessage::Update`]. Sending the same `id` again is answered `accepted` again
    /// and applies nothing twice.
    Turn {
        /// The room id.
        room: String,
        /// The room's game number the turn is for (1, then 2 after a rematch, ...).
        game: u32,
        /// The revision the turn follows: the last entry the client has seen (0 at the start).
        revision: u64,
        /// The client's id for this turn, unique within the room.
        id: String,
        /// The turn's actions in the rules' notation, one per item: `["a7", "xg1"]`.
        actions: Vec<String>,
    },
    /// The sender resigns the room's current game. Idempotent by `id` like a turn.
    Resign {
        /// The room id.
        room: String,
        /// The room's game number.
        game: u32,
        /// The client's id for this resignation, unique within the room.
        id: String,
    },
    /// Asks for another game in the room once the current one is over; when both players
    /// have asked, a new game starts with the sides swapped and both get a
    /// [`ServerMessage::Room`]. Asking twice is the same as asking once.
    Rematch {
        /// The room id.
        room: String,
        /// The game number that is over.
        game: u32,
    },
    /// Reports the opponent seated in the room to the server's operator: stored with the
    /// room, both names and `reason`, once per player and game (a second report of the same
    /// game is answered the same and stores nothing). Answered by
    /// [`ServerMessage::Reported`].
    Report {
        /// The room id.
        room: String,
        /// Why.
        reason: ReportReason,
    },
    /// Blocks the opponent seated in the room: from then on the server seats these two
    /// devices together nowhere (a join or a rematch that would is refused `blocked`). The
    /// game going on can still be played to its end or left. Answered by
    /// [`ServerMessage::Blocked`].
    Block {
        /// The room id.
        room: String,
    },
    /// Keeps the connection alive (the server closes connections idle for a while) and
    /// measures the round trip. Answered by [`ServerMessage::Pong`] with the same nonce.
    Ping {
        /// Anything; echoed.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        nonce: Option<u64>,
    },
}

/// What the server sends.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "kebab-case")]
pub enum ServerMessage {
    /// The answer to `hello`: the rooms this device sits in, newest first (at most 50).
    Welcome {
        /// The version the server speaks.
        protocol: u32,
        /// The server's name and version, for display and diagnostics.
        server: String,
        /// The device's rooms.
        rooms: Vec<RoomSummary>,
    },
    /// The answer to `create`: the new room (waiting for its second player) and the invite.
    Created {
        /// The room; `room.room` is also its invite code.
        room: RoomState,
        /// The invite link to share (`https://HOST/join/CODE`, or `mills://join/CODE` when the
        /// server has no public address configured).
        link: String,
    },
    /// A room's whole state: the answer to `join` and `open`, sent to both players when the
    /// second one joins and when a rematch starts. The connection is subscribed to the room
    /// from then on.
    Room {
        /// The room.
        room: RoomState,
    },
    /// The entries just stored in a room's current game, pushed to every subscribed
    /// connection of both players. `entries` continue the revisions the client has; a gap
    /// (a missed update) means: send `open` again.
    Update {
        /// The room id.
        room: String,
        /// The game number.
        game: u32,
        /// The new entries, oldest first; the last one's revision is the game's revision now.
        entries: Vec<Entry>,
        /// The clock after them.
        clock: Clock,
        /// Set when the game ended with these entries.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        outcome: Option<Outcome>,
        /// The finished game's record (docs/records.md text), set with `outcome`.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        record: Option<String>,
    },
    /// A turn or resignation with this `id` is stored as `revision` (sent to the connection
    /// that sent it, again for each resend).
    Accepted {
        /// The room id.
        room: String,
        /// The game number.
        game: u32,
        /// The client's id.
        id: String,
        /// The entry's revision.
        revision: u64,
    },
    /// Who has asked for a rematch of a finished game (sent to both players).
    RematchAsked {
        /// The room id.
        room: String,
        /// The finished game's number.
        game: u32,
        /// The seats (in that game) that asked.
        asked: Vec<Seat>,
    },
    /// The opponent's connection came or went.
    Presence {
        /// The room id.
        room: String,
        /// The seat (in the current game) whose presence changed.
        seat: Seat,
        /// Whether a connection of that player is open now.
        online: bool,
    },
    /// The report of the opponent in this room is stored.
    Reported {
        /// The room id.
        room: String,
    },
    /// The block of the opponent in this room is stored.
    Blocked {
        /// The room id.
        room: String,
    },
    /// A message was refused and changed nothing.
    Error {
        /// Why.
        code: ErrorCode,
        /// For people and logs (English).
        message: String,
        /// The refused turn's or resignation's client id.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        id: Option<String>,
        /// The room the refused message named.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        room: Option<String>,
        /// With `rate-limited`: how long to wait.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        retry_after_ms: Option<u64>,
    },
    /// The answer to `ping`.
    Pong {
        /// The ping's nonce.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        nonce: Option<u64>,
    },
}

/// Why a player reports the opponent: a short closed list, so that the operator can sort
/// reports and no free text of one player is stored about another.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum ReportReason {
    /// The opponent's name is offensive.
    OffensiveName,
    /// The opponent cheats or abuses the game (stalling, a hostile client, ...).
    CheatingOrAbuse,
    /// Anything else.
    Other,
}

impl ReportReason {
    /// The reason's id on the wire and in `mills-server reports`.
    pub fn id(self) -> &'static str {
        match self {
            ReportReason::OffensiveName => "offensive-name",
            ReportReason::CheatingOrAbuse => "cheating-or-abuse",
            ReportReason::Other => "other",
        }
    }

    /// Every reason, in the order the apps list them.
    pub const ALL: [ReportReason; 3] = [
        ReportReason::OffensiveName,
        ReportReason::CheatingOrAbuse,
        ReportReason::Other,
    ];
}

/// One line of a device's room list in `welcome`.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct RoomSummary {
    /// The room id (also its invite code).
    pub room: String,
    /// The game id.
    pub game_id: String,
    /// The current game number.
    pub game: u32,
    /// The device's seat in the current game.
    pub you: Seat,
    /// The opponent's name, once someone has joined.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub opponent: Option<String>,
    /// The current game has ended.
    pub finished: bool,
}

/// A room and its current game, as one player sees it.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct RoomState {
    /// The room id; also the invite code.
    pub room: String,
    /// `zhiqi`, `linked-horse` or `twelve-mens-morris`.
    pub game_id: String,
    /// Seconds per turn, 0 for off.
    pub timer: u32,
    /// The current game's number (1, then 2 after a rematch, ...).
    pub game: u32,
    /// The receiving device's seat in the current game.
    pub you: Seat,
    /// Both seats, P1 first.
    pub players: Vec<Player>,
    /// The current game's revision: the number of its entries.
    pub revision: u64,
    /// Every entry of the current game, oldest first (revision 1 first).
    pub entries: Vec<Entry>,
    /// The clock now.
    pub clock: Clock,
    /// Set once the game is over.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub outcome: Option<Outcome>,
    /// The finished game's record (docs/records.md text), set with `outcome`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub record: Option<String>,
    /// The seats that asked for a rematch of the finished game.
    #[serde(default)]
    pub rematch: Vec<Seat>,
}

/// One seat of a room's current game.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct Player {
    /// The seat.
    pub seat: Seat,
    /// Someone sits here (the room is waiting while a seat is empty).
    pub joined: bool,
    /// The player's name, if they gave one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    /// A connection of this player is open.
    pub online: bool,
}

/// What a stored entry of a game was.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum EntryKind {
    /// A whole turn, its actions in `actions`.
    Turn,
    /// The turn timer ran out: `side` passed (`actions` is `["pass"]`, the engine's action).
    Pass,
    /// `side` resigned (`actions` is empty).
    Resign,
}

/// One stored entry of a game: what the engine replays, in order. Revision `n` is the `n`th
/// entry (from 1).
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct Entry {
    /// The game's revision after this entry.
    pub revision: u64,
    /// Turn, pass or resignation.
    pub kind: EntryKind,
    /// The side that acted.
    pub side: Seat,
    /// The actions in the rules' notation, one per item.
    pub actions: Vec<String>,
}

/// The authoritative turn clock as the server had it when it sent the message.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct Clock {
    /// The side to move; `None` once the game is over.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub to_move: Option<Seat>,
    /// The turn's time left in milliseconds; `None` with the timer off, while the room waits
    /// for its second player and once the game is over.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub remaining_ms: Option<u64>,
    /// The turn limit in milliseconds; `None` with the timer off.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub limit_ms: Option<u64>,
}

/// How a game ended.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct Outcome {
    /// The winner; `None` for a draw.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub winner: Option<Seat>,
    /// The id of why: took-all, reduced-to-two, three-in-line, blocked, resignation;
    /// board-full, both-at-two, repetition, quiet-turns (docs/records.md).
    pub reason: String,
    /// The record's result line: `P1 wins (resignation)`, `draw (repetition)`.
    pub result: String,
}

impl ServerMessage {
    /// An error answer.
    pub fn error(code: ErrorCode, message: impl Into<String>) -> ServerMessage {
        ServerMessage::Error {
            code,
            message: message.into(),
            id: None,
            room: None,
            retry_after_ms: None,
        }
    }
}
