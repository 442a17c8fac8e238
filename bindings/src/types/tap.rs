//! What a tap did, or why it did nothing.

use mills_core::Point;
use mills_core::{self as core};

use super::config::Player;
use super::snapshot::Outcome;

/// Why a tap did nothing (the UI shakes the piece and words the reason).
#[derive(Debug, Clone, PartialEq, Eq, uniffi::Enum)]
pub enum Refusal {
    GameOver,
    /// "not your turn — the computer is thinking".
    ComputerThinking,
    Occupied {
        point: String,
    },
    NoPieceThere {
        point: String,
    },
    NotYourPiece {
        point: String,
    },
    CannotMove {
        point: String,
    },
    NotAdjacent {
        from: String,
        to: String,
    },
    NotOpponentPiece {
        point: String,
    },
    /// "that piece is in a mill".
    InMill {
        point: String,
    },
    NotNextToYours {
        point: String,
    },
    Illegal {
        reason: String,
    },
}

impl From<core::Refusal> for Refusal {
    fn from(r: core::Refusal) -> Refusal {
        use core::Refusal as R;
        let s = |p: Point| p.to_string();
        match r {
            R::GameOver => Refusal::GameOver,
            // `GameSession::tap` reports this as `MillsError::SessionClosed` instead.
            R::Closed => Refusal::Illegal {
                reason: R::Closed.to_string(),
            },
            R::ComputerThinking => Refusal::ComputerThinking,
            R::Occupied(p) => Refusal::Occupied { point: s(p) },
            R::NoPieceThere(p) => Refusal::NoPieceThere { point: s(p) },
            R::NotYourPiece(p) => Refusal::NotYourPiece { point: s(p) },
            R::CannotMove(p) => Refusal::CannotMove { point: s(p) },
            R::NotAdjacent { from, to } => Refusal::NotAdjacent {
                from: s(from),
                to: s(to),
            },
            R::NotOpponentPiece(p) => Refusal::NotOpponentPiece { point: s(p) },
            R::InMill(p) => Refusal::InMill { point: s(p) },
            R::NotNextToYours(p) => Refusal::NotNextToYours { point: s(p) },
            R::Illegal(err) => Refusal::Illegal {
                reason: err.to_string(),
            },
        }
    }
}

/// What a tap did: one answer for every tap, a refusal included (it is not an error).
#[derive(Debug, Clone, PartialEq, Eq, uniffi::Enum)]
pub enum TapResult {
    Selected {
        point: String,
    },
    Deselected {
        point: String,
    },
    Played {
        player: Player,
        /// In notation: `d6`, `d6-d5`, `xd7`.
        action: String,
        turn_ended: bool,
        outcome: Option<Outcome>,
    },
    /// Nothing changed.
    Refused {
        refusal: Refusal,
    },
}

impl From<Result<core::TapOutcome, core::Refusal>> for TapResult {
    fn from(result: Result<core::TapOutcome, core::Refusal>) -> TapResult {
        match result {
            Ok(core::TapOutcome::Selected(p)) => TapResult::Selected {
                point: p.to_string(),
            },
            Ok(core::TapOutcome::Deselected(p)) => TapResult::Deselected {
                point: p.to_string(),
            },
            Ok(core::TapOutcome::Played(played)) => TapResult::Played {
                player: played.side.into(),
                action: played.action.to_string(),
                turn_ended: played.turn_ended,
                outcome: played.outcome.map(Into::into),
            },
            Err(refusal) => TapResult::Refused {
                refusal: refusal.into(),
            },
        }
    }
}
