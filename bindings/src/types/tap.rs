//! What a tap did, or why it did nothing.

use mills_core::Point;
use mills_core::{self as core};

use super::config::Player;
use super::snapshot::Outcome;
use super::verdicts::{LessonVerdict, TurnVerdict};

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

/// What a tap did, from every kind of session (a game, a lesson, a puzzle, an online game):
/// the step on the board, and what the session made of it. A refusal is an answer, not an
/// error.
#[derive(Debug, Clone, PartialEq, Eq, uniffi::Record)]
pub struct TapResult {
    pub step: TapStep,
    /// What only a lesson, a puzzle or an online game adds; `None` for a local game, and
    /// for a selection or a refusal anywhere.
    pub verdict: Option<TapVerdict>,
}

impl TapResult {
    /// A step the session adds nothing to.
    pub fn plain(step: TapStep) -> TapResult {
        TapResult {
            step,
            verdict: None,
        }
    }

    /// A step and the session's verdict on it.
    pub fn judged(step: TapStep, verdict: TapVerdict) -> TapResult {
        TapResult {
            step,
            verdict: Some(verdict),
        }
    }
}

/// What a tap did on the board, the same for every kind of session.
#[derive(Debug, Clone, PartialEq, Eq, uniffi::Enum)]
pub enum TapStep {
    Selected {
        point: String,
    },
    Deselected {
        point: String,
    },
    /// An action was played and is drawn now.
    Played {
        player: Player,
        /// In notation: `d6`, `d6-d5`, `xd7`, `pass`.
        action: String,
        turn_ended: bool,
        outcome: Option<Outcome>,
    },
    /// Nothing changed: the rules' (or the touch interaction's) reason.
    Refused {
        refusal: Refusal,
    },
    /// Nothing changed on the board (a picked piece is put back): the verdict says why.
    Unchanged,
}

/// What a lesson, a puzzle or an online game made of a tap, beside its step.
#[derive(Debug, Clone, PartialEq, Eq, uniffi::Enum)]
pub enum TapVerdict {
    /// A lesson accepted the learner's action (step `Played`). `played_revision` is the
    /// session's revision once it was played: the board changes up to it (from
    /// `changes_since`) are the learner's, any after it the scripted reply's (to show a
    /// moment later).
    Lesson {
        played_revision: u64,
        verdict: LessonVerdict,
    },
    /// A lesson's typical wrong answer (step `Unchanged`): `explanation` says what is wrong.
    LessonWrong { action: String, explanation: String },
    /// A legal action the lesson does not teach (step `Unchanged`): `message` is "not this
    /// time" with the hint.
    LessonNotThisTime { action: String, message: String },
    /// A puzzle judged the player's action (step `Played`); `played_revision` as for a
    /// lesson, the changes after it being the defender's reply's.
    Puzzle {
        played_revision: u64,
        verdict: TurnVerdict,
    },
    /// The lesson is solved or the puzzle's attempt is over (step `Unchanged`): try again
    /// or go on to the next.
    Finished,
    /// An online turn is complete and sent (step `Unchanged`): its last action is drawn
    /// when the server has stored it (`OnlineEvent::TurnAccepted`), or the part entered is
    /// taken back if it is refused.
    Sent { actions: Vec<String> },
    /// Online, the opponent's turn (step `Unchanged`).
    NotYourTurn,
    /// Online, the last turn sent is not yet stored by the server (step `Unchanged`).
    AwaitingServer,
    /// Online, no game yet: the room is not open or waits for its second player (step
    /// `Unchanged`).
    NotStarted,
}

impl TapStep {
    /// An action played where no game ends on its own: a lesson's and a puzzle's (their
    /// verdict says how it went) and an online turn's part entered (the server's outcome
    /// comes as an event).
    pub(crate) fn played(side: core::Side, action: &core::Action, turn_ended: bool) -> TapStep {
        TapStep::Played {
            player: side.into(),
            action: action.to_string(),
            turn_ended,
            outcome: None,
        }
    }
}

impl From<Result<core::TapOutcome, core::Refusal>> for TapStep {
    fn from(result: Result<core::TapOutcome, core::Refusal>) -> TapStep {
        match result {
            Ok(core::TapOutcome::Selected(p)) => TapStep::Selected {
                point: p.to_string(),
            },
            Ok(core::TapOutcome::Deselected(p)) => TapStep::Deselected {
                point: p.to_string(),
            },
            Ok(core::TapOutcome::Played(played)) => TapStep::Played {
                player: played.side.into(),
                action: played.action.to_string(),
                turn_ended: played.turn_ended,
                outcome: played.outcome.map(Into::into),
            },
            Err(refusal) => TapStep::Refused {
                refusal: refusal.into(),
            },
        }
    }
}
