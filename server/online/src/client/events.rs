//! What the client's room tells its owner, in the engine's terms (sides, points, the
//! engine's outcome and refusal): the app library and the load tool each say it their way.

use mills_core::{Outcome, Point, Refusal, Side, Variant};

/// One seat of the room.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SeatInfo {
    pub side: Side,
    /// Someone sits here (the room waits for its second player until then).
    pub joined: bool,
    /// `None` when they gave none, or once this device blocked them.
    pub name: Option<String>,
    /// A connection of that player is open now.
    pub online: bool,
}

/// The room, once the server has given it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RoomInfo {
    /// The invite code.
    pub code: String,
    /// The invite link to share (creator only).
    pub link: Option<String>,
    pub game: Variant,
    /// Seconds per turn, 0 for off.
    pub timer_seconds: u32,
    /// 1, then 2 after a rematch, ...
    pub game_number: u32,
    /// This device's side in the current game (rematches swap sides).
    pub you: Side,
    /// Both seats, P1 first.
    pub seats: Vec<SeatInfo>,
}

/// What a tap did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Tap {
    Selected(Point),
    Deselected(Point),
    /// An action of the turn in progress, drawn now; the turn goes on.
    Entered(mills_core::Action),
    /// The turn is complete and sent (in notation); drawn once the server stored it.
    Sent(Vec<String>),
    /// Nothing changed (the rules' reason).
    Refused(Refusal),
    NotYourTurn,
    /// The last turn sent is not yet stored by the server.
    AwaitingServer,
    /// No game yet: the room is not open or waits for its second player.
    NotStarted,
}

/// Why a whole turn ([`super::room::Room::send_turn`]) was not sent.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TurnNotSent {
    /// Not now: what a tap would answer (no game yet, the game is over, the opponent's
    /// turn, a turn awaiting the server).
    NotNow(Tap),
    /// Not one whole legal turn: the engine's reason.
    Illegal(String),
}

/// Something that happened in the room. Board changes are read from the board.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Event {
    /// The server made the room: share `code` and `link`.
    RoomCreated {
        code: String,
        link: String,
    },
    OpponentJoined {
        name: Option<String>,
    },
    /// The opponent's connection came or went.
    OpponentPresence {
        online: bool,
    },
    OpponentMoved {
        side: Side,
        actions: Vec<String>,
    },
    /// This device's turn was stored and is now drawn.
    TurnAccepted {
        actions: Vec<String>,
    },
    /// The server refused this device's turn (the protocol's error id); never drawn.
    TurnRefused {
        code: String,
        message: String,
    },
    /// The turn timer ran out: `side` passed.
    TurnTimedOut {
        side: Side,
    },
    GameOver {
        outcome: Outcome,
    },
    RematchAsked {
        by: Vec<Side>,
    },
    /// A new game started in the room (sides swapped): the board was redrawn.
    RematchStarted {
        game_number: u32,
        you: Side,
    },
    /// The server stored this device's report of the opponent.
    OpponentReported,
    /// The server stored this device's block of the opponent.
    OpponentBlocked,
    /// The server refused a request that is not a turn (the protocol's error id).
    RequestRefused {
        code: String,
        message: String,
    },
}

/// A refusal this connection cannot go on from: final (stop trying), or `retry` (a busy
/// server: connect again later and ask again).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Fatal {
    pub code: String,
    pub message: String,
    pub retry: bool,
}
