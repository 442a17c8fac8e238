//! What judges a puzzle's turns behind the one [`super::PuzzleTapSession`]: the tables for an
//! endgame ("win in N"), the exact goal search for a tactic ("gain K within N"). Both speak
//! the endgames' words (turn verdicts, the attempt's state), so the apps keep one puzzle loop;
//! a tactic's missed turn is a wrong turn whose consequence is
//! [`Consequence::GoalNotForced`].

use std::sync::Arc;

use crate::action::Action;
use crate::game::Game;
use crate::puzzles::{
    Consequence, MissedTurn, Puzzle, PuzzleError, PuzzleResult, PuzzleSession, PuzzleState,
    TacticSession, TacticVerdict, TurnVerdict, WrongTurn,
};
use crate::tables::EndgameTables;

/// An endgame's session or a tactic's.
pub(super) enum PuzzleJudge {
    Endgame(Box<PuzzleSession>),
    Tactic(Box<TacticSession>),
}

impl PuzzleJudge {
    pub(super) fn endgame(
        puzzle: Puzzle,
        tables: Arc<EndgameTables>,
    ) -> Result<PuzzleJudge, PuzzleError> {
        Ok(PuzzleJudge::Endgame(Box::new(PuzzleSession::new(
            puzzle, tables,
        )?)))
    }

    pub(super) fn tactic(puzzle: Puzzle) -> Result<PuzzleJudge, PuzzleError> {
        Ok(PuzzleJudge::Tactic(Box::new(TacticSession::new(puzzle)?)))
    }

    pub(super) fn puzzle(&self) -> &Puzzle {
        match self {
            PuzzleJudge::Endgame(s) => s.puzzle(),
            PuzzleJudge::Tactic(s) => s.puzzle(),
        }
    }

    pub(super) fn game(&self) -> &Game {
        match self {
            PuzzleJudge::Endgame(s) => s.game(),
            PuzzleJudge::Tactic(s) => s.game(),
        }
    }

    pub(super) fn turns_left(&self) -> u8 {
        match self {
            PuzzleJudge::Endgame(s) => s.turns_left(),
            PuzzleJudge::Tactic(s) => s.turns_left(),
        }
    }

    pub(super) fn hints_used(&self) -> u32 {
        match self {
            PuzzleJudge::Endgame(s) => s.hints_used(),
            PuzzleJudge::Tactic(s) => s.hints_used(),
        }
    }

    pub(super) fn result(&self) -> Option<PuzzleResult> {
        match self {
            PuzzleJudge::Endgame(s) => s.result(),
            PuzzleJudge::Tactic(s) => s.result(),
        }
    }

    pub(super) fn state(&self) -> PuzzleState {
        match self {
            PuzzleJudge::Endgame(s) => s.state().clone(),
            PuzzleJudge::Tactic(s) => match (s.is_over(), s.missed()) {
                (false, _) => PuzzleState::Playing,
                (true, None) => PuzzleState::Solved,
                (true, Some(missed)) => PuzzleState::Failed(wrong_turn(missed.clone())),
            },
        }
    }

    pub(super) fn is_playing(&self) -> bool {
        match self {
            PuzzleJudge::Endgame(s) => *s.state() == PuzzleState::Playing,
            PuzzleJudge::Tactic(s) => !s.is_over(),
        }
    }

    pub(super) fn play_action(&mut self, action: Action) -> Result<TurnVerdict, PuzzleError> {
        match self {
            PuzzleJudge::Endgame(s) => s.play_action(action),
            PuzzleJudge::Tactic(s) => Ok(match s.play_action(action)? {
                TacticVerdict::Continue => TurnVerdict::Continue,
                TacticVerdict::Right { reply, turns_left } => {
                    TurnVerdict::Right { reply, turns_left }
                }
                TacticVerdict::Solved(result) => TurnVerdict::Solved(result),
                TacticVerdict::Missed(missed) => TurnVerdict::Wrong(wrong_turn(missed)),
            }),
        }
    }

    pub(super) fn hint(&mut self) -> Result<Vec<Action>, PuzzleError> {
        match self {
            PuzzleJudge::Endgame(s) => s.hint(),
            PuzzleJudge::Tactic(s) => s.hint(),
        }
    }

    pub(super) fn retry(&mut self) {
        match self {
            PuzzleJudge::Endgame(s) => s.retry(),
            PuzzleJudge::Tactic(s) => s.retry(),
        }
    }
}

fn wrong_turn(missed: MissedTurn) -> WrongTurn {
    WrongTurn {
        played: missed.played,
        consequence: Consequence::GoalNotForced,
        right: missed.right,
    }
}
