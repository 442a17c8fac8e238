//! Why the server refused a message.

use serde::{Deserialize, Serialize};

/// The typed reason in a [`crate::ServerMessage::Error`]. A refused message changed nothing.
/// Clients must treat a code they do not know as [`ErrorCode::Internal`] (new codes may be
/// added).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum ErrorCode {
    /// The frame is not a message of this protocol (not JSON, unknown type, a field missing
    /// or out of its limits). The connection stays open.
    BadMessage,
    /// The frame is larger than [`crate::limits::MAX_CLIENT_FRAME_BYTES`]; the server closes
    /// the connection.
    TooLarge,
    /// `hello` stated another protocol version; the server closes the connection.
    UnsupportedVersion,
    /// A message other than `hello` came before `hello`, or `hello` came twice.
    HelloFirst,
    /// This device has no seat in the room (a wrong secret, or a room it never joined).
    NotInRoom,
    /// No room has this invite code (or the room is gone).
    UnknownCode,
    /// The room already has two players.
    RoomFull,
    /// The game id names no game.
    UnknownGame,
    /// The turn timer is not one of 0 (off), 15, 30, 60, 120 seconds.
    BadTimer,
    /// It is the other side's turn.
    NotYourTurn,
    /// The turn was made for another game or revision than the room's current one (the
    /// other side played, or the timer passed the turn, in between). Fetch the room again.
    StaleRevision,
    /// The actions are not a legal, complete turn in this position.
    IllegalTurn,
    /// The game is over (a turn or a resignation came too late).
    GameOver,
    /// A rematch was asked for a game still being played.
    GameNotOver,
    /// The room is still waiting for its second player.
    NotStarted,
    /// A client id was reused for a different turn.
    IdReused,
    /// Too many joins or messages in a short time, or (answering `hello`) too many
    /// different devices from one address in the last hour: wait `retry_after_ms`.
    RateLimited,
    /// Too many rooms waiting for their second player: this device's, this address's, or
    /// the server's (the message says which).
    TooManyRooms,
    /// The server could not store the message; nothing was applied. Send it again.
    Storage,
    /// The server is shutting down; reconnect (to another instance) and send it again.
    ShuttingDown,
    /// One of the two devices blocked the other: the server seats them together nowhere
    /// (a join or a rematch that would is refused). Which of them blocked is not said.
    Blocked,
    /// The name in `hello` is not one the server takes: longer than 60 characters, with
    /// control or invisible characters, blank, or holding a word of the operator's list
    /// (the message says which). The connection is not welcomed.
    NameRefused,
    /// Too many reports from this device or address for now (`retry_after_ms` says when
    /// one is taken again).
    TooManyReports,
    /// Anything else; nothing was applied.
    Internal,
}

impl ErrorCode {
    /// The code's id on the wire, as in docs/online.md.
    pub fn id(self) -> &'static str {
        match self {
            ErrorCode::BadMessage => "bad-message",
            ErrorCode::TooLarge => "too-large",
            ErrorCode::UnsupportedVersion => "unsupported-version",
            ErrorCode::HelloFirst => "hello-first",
            ErrorCode::NotInRoom => "not-in-room",
            ErrorCode::UnknownCode => "unknown-code",
            ErrorCode::RoomFull => "room-full",
            ErrorCode::UnknownGame => "unknown-game",
            ErrorCode::BadTimer => "bad-timer",
            ErrorCode::NotYourTurn => "not-your-turn",
            ErrorCode::StaleRevision => "stale-revision",
            ErrorCode::IllegalTurn => "illegal-turn",
            ErrorCode::GameOver => "game-over",
            ErrorCode::GameNotOver => "game-not-over",
            ErrorCode::NotStarted => "not-started",
            ErrorCode::IdReused => "id-reused",
            ErrorCode::RateLimited => "rate-limited",
            ErrorCode::TooManyRooms => "too-many-rooms",
            ErrorCode::Storage => "storage",
            ErrorCode::ShuttingDown => "shutting-down",
            ErrorCode::Blocked => "blocked",
            ErrorCode::NameRefused => "name-refused",
            ErrorCode::TooManyReports => "too-many-reports",
            ErrorCode::Internal => "internal",
        }
    }

    /// Whether sending the same message again later may succeed (the client keeps it
    /// queued); otherwise the refusal is final and the client drops it.
    pub fn is_retryable(self) -> bool {
        matches!(
            self,
            ErrorCode::RateLimited | ErrorCode::Storage | ErrorCode::ShuttingDown
        )
    }
}
