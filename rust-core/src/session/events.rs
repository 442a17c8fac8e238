//! What a session tells its listener, and its errors.

use std::fmt;

use crate::action::Action;
use crate::board::Point;
use crate::outcome::Outcome;
use crate::position::IllegalAction;
use crate::rules::Side;

/// Something that happened without a call from the app (or as the result of one).
///
/// Events say what happened; what it did to the board is read, like every other change,
/// from [`super::GameSession::changes_since`], so an app has one place to learn it.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum SessionEvent {
    /// The computer played its turn: its actions.
    ComputerMoved {
        /// The computer's side.
        side: Side,
        /// Its actions, in order.
        actions: Vec<Action>,
    },
    /// The turn timer ran out: `side` passed (RULES.md §6).
    TurnTimedOut {
        /// The side that passed.
        side: Side,
    },
    /// The game ended.
    GameOver {
        /// How.
        outcome: Outcome,
    },
    /// Writing the autosave or the statistics failed; the game goes on.
    SaveFailed {
        /// What failed, for the log.
        message: String,
    },
}

/// Receives a session's events. Called from whichever thread produced the event (the
/// computer's thread, the timer thread, or the caller's), never with a session lock held,
/// so a listener may call back into the session.
pub trait SessionListener: Send + Sync {
    /// Called once for each event, in order.
    fn on_event(&self, event: SessionEvent);
}

/// Why a tap did nothing. Nothing changes when a tap is refused.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Refusal {
    /// The game is over.
    GameOver,
    /// The session was closed ([`super::GameSession::close`]).
    Closed,
    /// Against the computer, on its turn.
    ComputerThinking,
    /// Placing on a point that is taken.
    Occupied(Point),
    /// Picking an empty point while a piece must be picked.
    NoPieceThere(Point),
    /// Picking an opponent piece to move.
    NotYourPiece(Point),
    /// The picked piece has no empty neighbour.
    CannotMove(Point),
    /// A destination that is not joined to the picked piece.
    NotAdjacent {
        /// The picked piece.
        from: Point,
        /// The point tapped.
        to: Point,
    },
    /// A removal must take an opponent piece.
    NotOpponentPiece(Point),
    /// That piece is in a mill and the opponent has pieces that are not.
    InMill(Point),
    /// A pull must take a piece next to one of yours.
    NotNextToYours(Point),
    /// Anything else the rules refuse (not reachable by taps; kept for completeness).
    Illegal(IllegalAction),
}

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Refusal::GameOver => f.write_str("the game is over"),
            Refusal::Closed => f.write_str("the session is closed"),
            Refusal::ComputerThinking => f.write_str("not your turn — the computer is thinking"),
            Refusal::Occupied(p) => write!(f, "{p} is taken: place on an empty point"),
            Refusal::NoPieceThere(p) => write!(f, "{p} is empty: pick one of your pieces"),
            Refusal::NotYourPiece(p) => write!(f, "{p} is not one of your pieces"),
            Refusal::CannotMove(p) => write!(f, "the piece on {p} has nowhere to go"),
            Refusal::NotAdjacent { from, to } => {
                write!(f, "{to} is not next to {from} along a line")
            }
            Refusal::NotOpponentPiece(p) => write!(f, "{p} is not an opponent piece"),
            Refusal::InMill(p) => write!(f, "that piece is in a mill ({p}); take another one"),
            Refusal::NotNextToYours(p) => write!(f, "{p} is not next to one of your pieces"),
            Refusal::Illegal(err) => write!(f, "{err}"),
        }
    }
}

impl std::error::Error for Refusal {}

/// What a tap did.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum TapOutcome {
    /// A piece was picked up to move.
    Selected(Point),
    /// The picked piece was put back.
    Deselected(Point),
    /// An action was played.
    Played(Played),
}

/// An action a tap played. What it did to the board (a placement and its stabling, a pin,
/// ..., with the lines it completed) is read from [`super::GameSession::changes_since`].
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Played {
    /// The side that played.
    pub side: Side,
    /// The action.
    pub action: Action,
    /// The turn is over (the other side, or the computer, is to move).
    pub turn_ended: bool,
    /// The result, if the action ended the game.
    pub outcome: Option<Outcome>,
}

/// Why a session call failed.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum SessionError {
    /// The game is over.
    GameOver,
    /// No turn to undo (or, against the computer, none of the human's).
    NothingToUndo,
    /// Nothing undone to redo.
    NothingToRedo,
    /// `run_computer_turn_now` when the computer is not to move.
    NotComputersTurn,
    /// A test hook used without its test setup (e.g. advancing a system clock).
    NotAvailable(String),
    /// A file could not be read or written.
    Io(String),
    /// The session was closed ([`super::GameSession::close`]).
    Closed,
    /// `undo_to_turn` with a turn the game does not have (`turns` is one past the last).
    NoSuchTurn {
        /// The turn asked for.
        turn: usize,
        /// The number of turns.
        turns: usize,
    },
}

impl fmt::Display for SessionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SessionError::GameOver => f.write_str("the game is over"),
            SessionError::NothingToUndo => f.write_str("there is nothing to undo"),
            SessionError::NothingToRedo => f.write_str("there is nothing to redo"),
            SessionError::NotComputersTurn => f.write_str("the computer is not to move"),
            SessionError::NotAvailable(what) => write!(f, "not available: {what}"),
            SessionError::Io(what) => write!(f, "file error: {what}"),
            SessionError::Closed => f.write_str("the session is closed"),
            SessionError::NoSuchTurn { turn, turns } => {
                write!(f, "there is no turn {turn} (turns are 0 to {turns})")
            }
        }
    }
}

impl std::error::Error for SessionError {}
