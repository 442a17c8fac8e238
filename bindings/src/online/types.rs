//! The records and enums an online session gives the apps.

use crate::types::{GameId, Outcome, Player};

/// The connection to the server, for the app's banner.
#[derive(Debug, Clone, PartialEq, Eq, uniffi::Enum)]
pub enum ConnectionState {
    /// The first connection is being made.
    Connecting,
    /// Connected, and the room is open (or being created or joined).
    Connected,
    /// The connection dropped; trying again by itself (`attempt` from 1), after `reason`.
    Reconnecting { attempt: u32, reason: String },
    /// Not trying: see `reason`. `resume()` tries again unless the reason is final.
    Offline { reason: OfflineReason },
}

/// Why an online session is not connected and not trying.
#[derive(Debug, Clone, PartialEq, Eq, uniffi::Enum)]
pub enum OfflineReason {
    /// The app said it went to the background (`pause()`); `resume()` reconnects.
    Paused,
    /// `shut_down()`.
    ShutDown,
    /// The server refused the room for good: an unknown or full invite code, a room this
    /// device has no seat in, another protocol version (`code` is the protocol's error id:
    /// `unknown-code`, `room-full`, `not-in-room`, `unsupported-version`, ...).
    Refused { code: String, message: String },
    /// The `wss://` server's certificate is not one the engine trusts (self-signed, issued by
    /// an unknown authority, for another name, expired, ...): the connection is not made, so
    /// the device secret never goes to it. `reason` is rustls's, for logs. `resume()` tries
    /// again (after the server's certificate was fixed, say).
    UntrustedServer { reason: String },
}

/// One seat of the room.
#[derive(Debug, Clone, PartialEq, Eq, uniffi::Record)]
pub struct PlayerInfo {
    pub player: Player,
    /// Someone sits here (the room waits for its second player until then).
    pub joined: bool,
    pub name: Option<String>,
    /// A connection of that player is open now.
    pub online: bool,
}

/// The room, once the server has given it.
#[derive(Debug, Clone, PartialEq, Eq, uniffi::Record)]
pub struct RoomInfo {
    /// The invite code (12 characters; show it as `XXXX-XXXX-XXXX`).
    pub code: String,
    /// The invite link to share (creator only; `None` for a joined room).
    pub link: Option<String>,
    pub game: GameId,
    /// Seconds per turn, 0 for off.
    pub timer_seconds: u32,
    /// 1, then 2 after a rematch, ...
    pub game_number: u32,
    /// This device's side in the current game (rematches swap sides).
    pub you: Player,
    /// Both seats, P1 first.
    pub players: Vec<PlayerInfo>,
}

/// A player's turn clock: the side to move counts down, the other shows its next turn's
/// full time.
#[derive(Debug, Clone, PartialEq, Eq, uniffi::Record)]
pub struct PlayerClock {
    pub player: Player,
    /// `None` with the timer off.
    pub left_ms: Option<u64>,
    pub running: bool,
}

/// Everything online about the session, read at one moment (the board is `snapshot()`).
#[derive(Debug, Clone, PartialEq, Eq, uniffi::Record)]
pub struct OnlineStatus {
    pub connection: ConnectionState,
    /// `None` until the server has created, joined or opened the room.
    pub room: Option<RoomInfo>,
    pub opponent_name: Option<String>,
    /// The opponent has a connection open.
    pub opponent_online: bool,
    /// How long the opponent has been away, in whole minutes (0 in the first minute), for
    /// "away · 2 min"; `None` while they are online or before they join. Counted from when
    /// this device learnt it (the server's word, or the room received with them away).
    pub opponent_away_minutes: Option<u32>,
    /// P1's and P2's clocks.
    pub clocks: Vec<PlayerClock>,
    /// A turn or resignation of this device is sent and not yet stored by the server.
    pub awaiting_server: bool,
    /// The players who asked for a rematch of the finished game.
    pub rematch_asked: Vec<Player>,
    /// The finished game's outcome, as the board shows it.
    pub outcome: Option<Outcome>,
    /// The finished game's record (docs/records.md text, with names, date and timer) once
    /// the server has sent it.
    pub record: Option<String>,
    /// This device blocked the opponent in this room (`block()`): `opponent_name` and the
    /// opponent's name in `room` are `None` from then on (the app shows a neutral
    /// "Opponent"), also after a restart.
    pub opponent_blocked: bool,
}

/// Why a player reports the opponent (the protocol's closed list).
#[derive(Debug, Clone, Copy, PartialEq, Eq, uniffi::Enum)]
pub enum ReportReason {
    /// The opponent's name is offensive.
    OffensiveName,
    /// The opponent cheats or abuses the game.
    CheatingOrAbuse,
    /// Anything else.
    Other,
}

impl From<ReportReason> for mills_protocol::ReportReason {
    fn from(reason: ReportReason) -> Self {
        match reason {
            ReportReason::OffensiveName => mills_protocol::ReportReason::OffensiveName,
            ReportReason::CheatingOrAbuse => mills_protocol::ReportReason::CheatingOrAbuse,
            ReportReason::Other => mills_protocol::ReportReason::Other,
        }
    }
}

/// Something that happened in an online session (Kotlin sealed class / Swift enum). Board
/// changes are read from `changes_since`, as for a local game.
#[derive(Debug, Clone, PartialEq, Eq, uniffi::Enum)]
pub enum OnlineEvent {
    ConnectionChanged {
        state: ConnectionState,
    },
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
        player: Player,
        actions: Vec<String>,
    },
    /// This device's turn was stored and is now drawn.
    TurnAccepted {
        actions: Vec<String>,
    },
    /// The server refused this device's turn (`code`: the protocol's error id). It was never
    /// drawn; any part already entered was taken back.
    TurnRefused {
        code: String,
        message: String,
    },
    /// The turn timer ran out: `player` passed.
    TurnTimedOut {
        player: Player,
    },
    GameOver {
        outcome: Outcome,
    },
    RematchAsked {
        by: Vec<Player>,
    },
    /// A new game started in the room (sides swapped): the board was redrawn.
    RematchStarted {
        game_number: u32,
        you: Player,
    },
    /// The server stored this device's report of the opponent.
    OpponentReported,
    /// The server stored this device's block of the opponent: it seats the two together
    /// nowhere again (no rematch, no join of each other's rooms). The game going on can
    /// still be played or left.
    OpponentBlocked,
    /// The server refused a request that is not a turn (`code`: the protocol's error id):
    /// `blocked` for a rematch with a blocked player, `too-many-reports` for a report or
    /// block over the device's budget.
    RequestRefused {
        code: String,
        message: String,
    },
}
