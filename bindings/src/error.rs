//! The one error type of the bindings, and the panic guard around every entry point.

use std::fmt;
use std::panic::{AssertUnwindSafe, catch_unwind};

use mills_core::NotARegularFile;
use mills_core::RecordError;
use mills_core::{RestoreError, SessionError, StatsError};

use crate::game_id::GameId;

/// Every failure a call can report (Kotlin `MillsException`, Swift `MillsError`).
#[derive(Debug, Clone, PartialEq, Eq, uniffi::Error)]
pub enum MillsError {
    /// A point name that is not on the board (points are `a1`..`g7`), or an index ≥ 24.
    InvalidPoint {
        point: String,
    },
    /// A computer level outside 1..=10.
    InvalidLevel {
        level: u8,
    },
    GameOver,
    NothingToUndo,
    NothingToRedo,
    /// `run_computer_turn_now` when the computer is not to move.
    NotComputersTurn,
    /// The saved game is not JSON, not a Mills save, or has a missing or wrong field.
    CorruptSave {
        reason: String,
    },
    /// The saved game is from another version of the format.
    UnknownSaveVersion {
        found: u64,
        supported: u32,
    },
    /// The saved action at `index` (from 0) cannot be read or is illegal where it stands.
    IllegalSavedAction {
        index: u64,
        action: String,
        reason: String,
    },
    /// A file could not be read or written.
    Io {
        reason: String,
    },
    /// Something asked for is not there: a test hook used without its test setup, or a
    /// lesson id that no course has.
    NotAvailable {
        reason: String,
    },
    /// A bug: the engine panicked. The panic was caught; the session is still usable.
    Internal {
        reason: String,
    },
    // New variants go last: C hosts see the variant's position.
    /// The session was closed (`shut_down`, or the object freed): it refuses every command.
    SessionClosed,
    /// The saved game holds more than a save may: `found` bytes or actions (`unit`) where
    /// at most `limit` are read.
    SaveTooLarge {
        found: u64,
        limit: u64,
        unit: String,
    },
    /// The autosave or statistics path exists and is not a regular file (a directory, a
    /// device, a symlink): it is refused, never replaced.
    NotARegularFile {
        path: String,
        kind: String,
    },
    /// `review_position` or `undo_to_turn` with a turn the game does not have: turns are
    /// 0 to `turns` (`turns`, one past the last, is the final position).
    NoSuchTurn {
        turn: u32,
        turns: u32,
    },
    /// A text record that cannot be loaded (nothing of it is): what is wrong (`kind`, for
    /// the apps' words), the turn it is at as numbered in the record (from 1) if it is at
    /// one, and the engine's English reason for logs.
    InvalidRecord {
        kind: RecordErrorKind,
        turn: Option<u32>,
        reason: String,
    },
    /// `tables_prepare` with a table size the engine does not prepare: `pieces` a side,
    /// where `min` to `max` are allowed (the apps use 4).
    InvalidTableSize {
        pieces: u8,
        min: u8,
        max: u8,
    },
    /// A puzzle needs its game's endgame tables, and `tables_prepare` has not made them
    /// ready yet (`tables_status` says how far it is): try again once they are.
    TablesNotReady {
        game: GameId,
    },
    /// A calendar date that does not exist (the daily puzzle's).
    InvalidDate {
        year: i32,
        month: u32,
        day: u32,
    },
    /// The online server's address in the settings cannot be used (`reason` says why).
    InvalidServer {
        address: String,
        reason: String,
    },
    /// Neither an invite code nor an invite link.
    InvalidInvite {
        invite: String,
    },
}

/// What is wrong with a refused text record, for the message the apps show.
#[derive(Debug, Clone, Copy, PartialEq, Eq, uniffi::Enum)]
pub enum RecordErrorKind {
    /// The text is not a Mills record (no `mills-record` first line).
    NotARecord,
    /// A record of another version of the format.
    UnsupportedVersion,
    /// Longer than a record may be (bytes or actions).
    TooLong,
    /// The text stops before its `end` line.
    Truncated,
    /// A header line is wrong, given twice or missing.
    BadHeader,
    /// `game:` names no game Mills plays.
    UnknownGame,
    /// A turn cannot be read or played where it stands (`turn` says which).
    IllegalTurn,
    /// Something follows the end of the game.
    AfterEnd,
    /// `result:` disagrees with the game the moves make.
    ResultMismatch,
    /// Only a game from the initial position has a record.
    NotFromStart,
}

impl fmt::Display for MillsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MillsError::InvalidPoint { point } => {
                write!(f, "'{point}' is not a point (points are a1..g7)")
            }
            MillsError::InvalidLevel { level } => {
                write!(f, "level {level} does not exist (levels are 1 to 10)")
            }
            MillsError::GameOver => f.write_str("the game is over"),
            MillsError::NothingToUndo => f.write_str("there is nothing to undo"),
            MillsError::NothingToRedo => f.write_str("there is nothing to redo"),
            MillsError::NotComputersTurn => f.write_str("the computer is not to move"),
            MillsError::CorruptSave { reason } => write!(f, "corrupt saved game: {reason}"),
            MillsError::UnknownSaveVersion { found, supported } => write!(
                f,
                "saved game version {found} is not supported (this build reads {supported})"
            ),
            MillsError::IllegalSavedAction {
                index,
                action,
                reason,
            } => write!(f, "saved action {index} ('{action}') is illegal: {reason}"),
            MillsError::SaveTooLarge { found, limit, unit } => write!(
                f,
                "the saved game is too large: {found} {unit} (at most {limit} are read)"
            ),
            MillsError::NotARegularFile { path, kind } => {
                write!(
                    f,
                    "{path} is {kind}, not a regular file: it is not replaced"
                )
            }
            MillsError::Io { reason } => write!(f, "file error: {reason}"),
            MillsError::NotAvailable { reason } => write!(f, "not available: {reason}"),
            MillsError::SessionClosed => f.write_str("the session is closed"),
            MillsError::NoSuchTurn { turn, turns } => {
                write!(f, "there is no turn {turn} (turns are 0 to {turns})")
            }
            MillsError::InvalidRecord { reason, .. } => write!(f, "invalid record: {reason}"),
            MillsError::InvalidTableSize { pieces, min, max } => write!(
                f,
                "endgame tables of {pieces} pieces a side are not prepared ({min} to {max} are)"
            ),
            MillsError::TablesNotReady { game } => {
                write!(f, "the endgame tables of {game:?} are not ready yet")
            }
            MillsError::InvalidDate { year, month, day } => {
                write!(f, "there is no date {year:04}-{month:02}-{day:02}")
            }
            MillsError::InvalidServer { address, reason } => {
                write!(f, "'{address}' is not a usable server address: {reason}")
            }
            MillsError::InvalidInvite { invite } => {
                write!(f, "'{invite}' is not an invite code or link")
            }
            MillsError::Internal { reason } => write!(f, "internal error: {reason}"),
        }
    }
}

impl std::error::Error for MillsError {}

impl From<SessionError> for MillsError {
    fn from(err: SessionError) -> MillsError {
        match err {
            SessionError::GameOver => MillsError::GameOver,
            SessionError::NothingToUndo => MillsError::NothingToUndo,
            SessionError::NothingToRedo => MillsError::NothingToRedo,
            SessionError::NotComputersTurn => MillsError::NotComputersTurn,
            SessionError::NotAvailable(reason) => MillsError::NotAvailable { reason },
            SessionError::Io(reason) => MillsError::Io { reason },
            SessionError::Closed => MillsError::SessionClosed,
            SessionError::NoSuchTurn { turn, turns } => MillsError::NoSuchTurn {
                turn: count(turn),
                turns: count(turns),
            },
        }
    }
}

impl From<RestoreError> for MillsError {
    fn from(err: RestoreError) -> MillsError {
        match err {
            RestoreError::Corrupt { message } => MillsError::CorruptSave { reason: message },
            RestoreError::UnknownVersion { found, supported } => {
                MillsError::UnknownSaveVersion { found, supported }
            }
            RestoreError::IllegalAction {
                index,
                action,
                reason,
            } => MillsError::IllegalSavedAction {
                index: index as u64,
                action,
                reason,
            },
            RestoreError::TooLarge { found, limit, unit } => MillsError::SaveTooLarge {
                found: found as u64,
                limit: limit as u64,
                unit: unit.to_string(),
            },
        }
    }
}

/// A count or index for the FFI (saturating: no game comes near `u32::MAX`).
pub(crate) fn count(n: usize) -> u32 {
    u32::try_from(n).unwrap_or(u32::MAX)
}

impl From<RecordError> for MillsError {
    fn from(err: RecordError) -> MillsError {
        use RecordErrorKind as K;
        let kind = match &err {
            RecordError::NotARecord => K::NotARecord,
            RecordError::UnsupportedVersion { .. } => K::UnsupportedVersion,
            RecordError::TooLong { .. } | RecordError::TooManyActions { .. } => K::TooLong,
            RecordError::Truncated { .. } => K::Truncated,
            RecordError::Header { .. }
            | RecordError::DuplicateHeader { .. }
            | RecordError::MissingHeader { .. } => K::BadHeader,
            RecordError::UnknownGame { .. } => K::UnknownGame,
            RecordError::MalformedTurn { .. }
            | RecordError::TurnNumber { .. }
            | RecordError::WrongSide { .. }
            | RecordError::Unreadable { .. }
            | RecordError::IllegalAction { .. }
            | RecordError::TurnOverrun { .. }
            | RecordError::TurnUnfinished { .. } => K::IllegalTurn,
            RecordError::AfterEnd { .. } => K::AfterEnd,
            RecordError::ResultMismatch { .. } => K::ResultMismatch,
            RecordError::NotFromStart => K::NotFromStart,
        };
        MillsError::InvalidRecord {
            kind,
            turn: err.turn().map(count),
            reason: err.to_string(),
        }
    }
}

impl From<NotARegularFile> for MillsError {
    fn from(err: NotARegularFile) -> MillsError {
        MillsError::NotARegularFile {
            path: err.path.display().to_string(),
            kind: err.kind.to_string(),
        }
    }
}

impl From<StatsError> for MillsError {
    fn from(err: StatsError) -> MillsError {
        MillsError::Io {
            reason: err.to_string(),
        }
    }
}

/// Runs an entry point, turning a panic into [`MillsError::Internal`].
pub fn guard<T>(call: impl FnOnce() -> Result<T, MillsError>) -> Result<T, MillsError> {
    crate::platform_log::init_logging_once();
    match catch_unwind(AssertUnwindSafe(call)) {
        Ok(result) => result,
        Err(payload) => {
            let reason = if let Some(s) = payload.downcast_ref::<&str>() {
                (*s).to_string()
            } else if let Some(s) = payload.downcast_ref::<String>() {
                s.clone()
            } else {
                "panic".to_string()
            };
            log::error!("caught a panic at the FFI boundary: {reason}");
            Err(MillsError::Internal { reason })
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_panic_becomes_an_internal_error() {
        let result: Result<(), MillsError> = guard(|| panic!("boom {}", 42));
        assert_eq!(
            result,
            Err(MillsError::Internal {
                reason: "boom 42".into()
            })
        );
        assert_eq!(guard(|| Ok(7)), Ok(7));
        assert_eq!(
            guard::<()>(|| Err(MillsError::GameOver)),
            Err(MillsError::GameOver)
        );
    }

    #[test]
    fn core_errors_map_to_their_variants() {
        let illegal = RestoreError::IllegalAction {
            index: 3,
            action: "d6".into(),
            reason: "d6 is occupied".into(),
        };
        assert_eq!(
            MillsError::from(illegal),
            MillsError::IllegalSavedAction {
                index: 3,
                action: "d6".into(),
                reason: "d6 is occupied".into()
            }
        );
        assert_eq!(
            MillsError::from(SessionError::NothingToRedo),
            MillsError::NothingToRedo
        );
        assert_eq!(
            MillsError::from(SessionError::Closed),
            MillsError::SessionClosed
        );
        let too_large = MillsError::from(RestoreError::TooLarge {
            found: 200_001,
            limit: 200_000,
            unit: mills_core::SizeUnit::Actions,
        });
        assert_eq!(
            too_large.to_string(),
            "the saved game is too large: 200001 actions (at most 200000 are read)"
        );
        let dir = MillsError::from(NotARegularFile {
            path: "/tmp/x".into(),
            kind: "a directory",
        });
        assert_eq!(
            dir.to_string(),
            "/tmp/x is a directory, not a regular file: it is not replaced"
        );
        assert_eq!(
            MillsError::from(SessionError::NoSuchTurn { turn: 9, turns: 8 }),
            MillsError::NoSuchTurn { turn: 9, turns: 8 }
        );
    }

    #[test]
    fn record_errors_keep_their_kind_and_turn() {
        let truncated = MillsError::from(RecordError::Truncated { turns: 3 });
        assert!(matches!(
            truncated,
            MillsError::InvalidRecord {
                kind: RecordErrorKind::Truncated,
                turn: None,
                ..
            }
        ));
        let overrun = MillsError::from(RecordError::TurnOverrun { turn: 4, index: 7 });
        let MillsError::InvalidRecord { kind, turn, reason } = overrun else {
            panic!("{overrun:?}");
        };
        assert_eq!((kind, turn), (RecordErrorKind::IllegalTurn, Some(4)));
        assert!(reason.starts_with("turn 4:"), "{reason}");
    }
}
