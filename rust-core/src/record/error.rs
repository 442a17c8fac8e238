//! Why a text record is refused. Every error names where it is (the turn as numbered in the
//! record, or the line) and why; a refused record loads nothing.

use std::fmt;

use crate::action::{Action, ParseActionError};
use crate::outcome::Outcome;
use crate::position::IllegalAction;
use crate::rules::Side;

/// The record version this build writes and reads. It lives with the errors, the record's
/// lowest module, because refusing another version names it.
pub const RECORD_VERSION: u32 = 1;

/// What is wrong with one header line.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum HeaderProblem {
    /// Not `key: value`.
    NotKeyValue,
    /// A key this version of the format does not have.
    UnknownKey(String),
    /// A known key with a value it cannot have.
    BadValue {
        /// The key.
        key: &'static str,
        /// Why the value is refused.
        reason: String,
    },
}

impl fmt::Display for HeaderProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            HeaderProblem::NotKeyValue => f.write_str("a header line is 'key: value'"),
            HeaderProblem::UnknownKey(key) => write!(f, "unknown header '{key}'"),
            HeaderProblem::BadValue { key, reason } => write!(f, "{key}: {reason}"),
        }
    }
}

/// A record that cannot be loaded.
///
/// A record that cannot be read says why, and where:
///
/// ```
/// use mills_core::Record;
///
/// assert!(Record::parse("this is not a record").is_err());
/// assert!(Record::parse("").is_err());
/// ```
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum RecordError {
    /// Larger than [`super::MAX_RECORD_BYTES`]: refused before it is read.
    TooLong {
        /// The record's size.
        bytes: usize,
        /// The largest size read.
        limit: usize,
    },
    /// More actions than [`super::MAX_RECORD_ACTIONS`], counted up to turn `turn`.
    TooManyActions {
        /// The turn where the count passed the limit.
        turn: usize,
        /// The most actions read.
        limit: usize,
    },
    /// The text does not start with `mills-record`.
    NotARecord,
    /// A record of another version of the format.
    UnsupportedVersion {
        /// The version the record names.
        found: String,
    },
    /// The text stops before its `end` line; `turns` turns were written before the cut.
    Truncated {
        /// Turns read before the cut.
        turns: usize,
    },
    /// A header line is wrong (`line` counts from 1; 0 for a header given in code).
    Header {
        /// The line.
        line: usize,
        /// What is wrong with it.
        problem: HeaderProblem,
    },
    /// A header key given twice.
    DuplicateHeader {
        /// The second line that gives it.
        line: usize,
        /// The key.
        key: String,
    },
    /// A header the record must have (`game`, `result`).
    MissingHeader {
        /// The key.
        key: &'static str,
    },
    /// `game:` names no game Mills plays.
    UnknownGame {
        /// The name given.
        name: String,
    },
    /// A move line is not `N. P1 TOKEN`.
    MalformedTurn {
        /// The turn expected there.
        turn: usize,
        /// The line.
        line: usize,
    },
    /// The turn's number is not the next one.
    TurnNumber {
        /// The turn expected.
        turn: usize,
        /// The number written.
        found: String,
    },
    /// The side written is not the side to move at that turn.
    WrongSide {
        /// The turn.
        turn: usize,
        /// The side the record names.
        written: Side,
        /// The side whose turn it is.
        to_move: Side,
    },
    /// The turn's token cannot be read as notation.
    Unreadable {
        /// The turn.
        turn: usize,
        /// What is wrong with the notation.
        error: ParseActionError,
    },
    /// An action cannot be played where it stands; `index` counts the game's actions from 0.
    IllegalAction {
        /// The turn.
        turn: usize,
        /// The action's index in the game, from 0.
        index: usize,
        /// The action.
        action: Action,
        /// Why the rules refuse it.
        reason: IllegalAction,
    },
    /// The token goes on after its turn has ended (at the game's action `index`).
    TurnOverrun {
        /// The turn.
        turn: usize,
        /// The index of the first action too many.
        index: usize,
    },
    /// The turn stops before it is over (a capture owed), and more turns follow.
    TurnUnfinished {
        /// The turn.
        turn: usize,
    },
    /// A turn or a resignation after the game had ended, or text after `end`.
    AfterEnd {
        /// The line.
        line: usize,
    },
    /// `result:` disagrees with the game the moves make.
    ResultMismatch {
        /// The result the header states.
        stated: Option<Outcome>,
        /// The result of the moves.
        actual: Option<Outcome>,
    },
    /// A game not from the initial position has no text record.
    NotFromStart,
}

impl RecordError {
    /// The turn the error is at, as numbered in the record (from 1), if it is at one.
    pub fn turn(&self) -> Option<usize> {
        match self {
            RecordError::TooManyActions { turn, .. }
            | RecordError::MalformedTurn { turn, .. }
            | RecordError::TurnNumber { turn, .. }
            | RecordError::WrongSide { turn, .. }
            | RecordError::Unreadable { turn, .. }
            | RecordError::IllegalAction { turn, .. }
            | RecordError::TurnOverrun { turn, .. }
            | RecordError::TurnUnfinished { turn } => Some(*turn),
            _ => None,
        }
    }
}

fn result_text(outcome: &Option<Outcome>) -> String {
    outcome.map_or("ongoing".to_string(), |o| o.to_string())
}

impl fmt::Display for RecordError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RecordError::TooLong { bytes, limit } => {
                write!(f, "too long: {bytes} bytes (a record has at most {limit})")
            }
            RecordError::TooManyActions { turn, limit } => {
                write!(
                    f,
                    "turn {turn}: too many actions (a record has at most {limit})"
                )
            }
            RecordError::NotARecord => {
                f.write_str("not a Mills record (it starts with 'mills-record 1')")
            }
            RecordError::UnsupportedVersion { found } => write!(
                f,
                "record version '{found}' is not supported (this build reads version {})",
                RECORD_VERSION
            ),
            RecordError::Truncated { turns } => {
                write!(
                    f,
                    "truncated after {turns} turns: the 'end' line is missing"
                )
            }
            RecordError::Header { line, problem } => write!(f, "line {line}: {problem}"),
            RecordError::DuplicateHeader { line, key } => {
                write!(f, "line {line}: header '{key}' is given twice")
            }
            RecordError::MissingHeader { key } => write!(f, "the header '{key}' is missing"),
            RecordError::UnknownGame { name } => write!(
                f,
                "unknown game '{name}' (games: zhiqi, linked-horse, twelve-mens-morris)"
            ),
            RecordError::MalformedTurn { turn, line } => write!(
                f,
                "turn {turn} (line {line}): a turn is written 'N. P1 d6-d5xd7'"
            ),
            RecordError::TurnNumber { turn, found } => {
                write!(f, "turn {turn}: numbered '{found}'")
            }
            RecordError::WrongSide {
                turn,
                written,
                to_move,
            } => write!(
                f,
                "turn {turn}: written for {written}, but {to_move} is to move"
            ),
            RecordError::Unreadable { turn, error } => write!(f, "turn {turn}: {error}"),
            RecordError::IllegalAction {
                turn,
                index,
                action,
                reason,
            } => write!(
                f,
                "turn {turn}: action {} ({action}) is illegal: {reason}",
                index + 1
            ),
            RecordError::TurnOverrun { turn, index } => write!(
                f,
                "turn {turn}: the turn is over before action {} of the game",
                index + 1
            ),
            RecordError::TurnUnfinished { turn } => write!(
                f,
                "turn {turn}: the turn stops before it is over, and more turns follow"
            ),
            RecordError::AfterEnd { line } => {
                write!(f, "line {line}: nothing may follow the end of the game")
            }
            RecordError::ResultMismatch { stated, actual } => write!(
                f,
                "the result says '{}' but the moves give '{}'",
                result_text(stated),
                result_text(actual)
            ),
            RecordError::NotFromStart => {
                f.write_str("only a game from the initial position has a record")
            }
        }
    }
}

impl std::error::Error for RecordError {}
