//! Playing a puzzle: the player makes whole turns (action by action, as the apps' taps make
//! them), the defender answers with the longest resistance the tables know, a wrong turn is
//! explained by what the tables say it allows, and a hint gives a winning turn.

use std::sync::Arc;

use crate::action::Action;
use crate::game::Game;
use crate::outcome::Outcome;
use crate::position::Position;
use crate::tables::{EndgameTables, TableValue};

use super::error::PuzzleError;
use super::examine::{fastest_distinct, own_turns};
use super::set::Puzzle;

/// What a wrong turn allows, from the tables, counted in whole turns of the side concerned.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Consequence {
    /// Now the game is a draw with best play.
    Draw,
    /// Now the opponent wins in this many of its own turns.
    Loss {
        /// The opponent's turns to its win.
        opponent_turns: u16,
    },
    /// Still a win, but only in this many more of the player's turns (more than the puzzle
    /// allows).
    SlowerWin {
        /// The player's turns still needed.
        turns: u16,
    },
    /// A tactic's goal is no longer forced: the opponent can now stop it within the turns
    /// left (the goal search says so; it has no distance to tell).
    GoalNotForced,
}

/// A wrong turn and what it did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WrongTurn {
    /// The turn the player made.
    pub played: Vec<Action>,
    /// What it allows.
    pub consequence: Consequence,
    /// A turn that would have kept the win in time.
    pub right: Vec<Action>,
}

/// What a played action did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TurnVerdict {
    /// The turn is not complete yet (a removal or the step after a pull is owed).
    Continue,
    /// A right turn; the defender answered with `reply`, and `turns_left` of the player's
    /// turns remain to the win.
    Right {
        /// The defender's whole turn.
        reply: Vec<Action>,
        /// The player's turns left.
        turns_left: u8,
    },
    /// The puzzle is solved with this turn.
    Solved(PuzzleResult),
    /// A wrong turn: the attempt is over (see [`PuzzleSession::retry`]).
    Wrong(WrongTurn),
}

/// How a puzzle went, as recorded in the statistics: the first attempt counts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "kebab-case", tag = "result")]
pub enum PuzzleResult {
    /// Solved without help.
    Solved,
    /// Solved after asking for this many hints.
    SolvedWithHints {
        /// Hints asked for.
        hints: u32,
    },
    /// A wrong turn was made.
    Failed,
}

/// Where an attempt stands.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PuzzleState {
    /// The player is to move (or in the middle of a turn).
    Playing,
    /// Solved.
    Solved,
    /// Ended by this wrong turn.
    Failed(WrongTurn),
}

/// One puzzle being played against the tables.
#[derive(Clone, Debug)]
pub struct PuzzleSession {
    puzzle: Puzzle,
    tables: Arc<EndgameTables>,
    start: Position,
    game: Game,
    /// The position at the start of the player's current turn.
    turn_start: Position,
    /// The actions of the player's current turn so far.
    turn: Vec<Action>,
    turns_left: u8,
    hints: u32,
    state: PuzzleState,
    /// The first attempt's result, once it has one.
    result: Option<PuzzleResult>,
}

impl PuzzleSession {
    /// Starts `puzzle` with the tables of its game (built or loaded by the caller).
    pub fn new(puzzle: Puzzle, tables: Arc<EndgameTables>) -> Result<PuzzleSession, PuzzleError> {
        if tables.variant() != puzzle.variant {
            return Err(PuzzleError::WrongTables {
                puzzle: puzzle.variant,
                tables: tables.variant(),
            });
        }
        let start = puzzle.position()?;
        let wins = matches!(tables.probe(&start), Some(TableValue::Win(d)) if own_turns(d) == u16::from(puzzle.turns));
        if !wins {
            return Err(PuzzleError::NotProved(puzzle.id.clone()));
        }
        Ok(PuzzleSession {
            turns_left: puzzle.turns,
            puzzle,
            tables,
            start,
            game: Game::from_position(start),
            turn_start: start,
            turn: Vec::new(),
            hints: 0,
            state: PuzzleState::Playing,
            result: None,
        })
    }

    /// The puzzle.
    pub fn puzzle(&self) -> &Puzzle {
        &self.puzzle
    }

    /// The position now (mid-turn while the player's turn is not complete).
    pub fn position(&self) -> Position {
        *self.game.position()
    }

    /// The game now, from the puzzle's position (mid-turn while the player's turn is not
    /// complete).
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// The actions the player may play now (empty unless playing).
    pub fn legal_actions(&self) -> Vec<Action> {
        if self.state != PuzzleState::Playing {
            return Vec::new();
        }
        self.game.position().legal_actions().to_vec()
    }

    /// The player's turns left to the win.
    pub fn turns_left(&self) -> u8 {
        self.turns_left
    }

    /// Hints asked for so far (over every attempt).
    pub fn hints_used(&self) -> u32 {
        self.hints
    }

    /// Where the attempt stands.
    pub fn state(&self) -> &PuzzleState {
        &self.state
    }

    /// The first attempt's result; `None` while it is being played.
    pub fn result(&self) -> Option<PuzzleResult> {
        self.result
    }

    /// Plays one action of the player's turn.
    pub fn play_action(&mut self, action: Action) -> Result<TurnVerdict, PuzzleError> {
        if self.state != PuzzleState::Playing {
            return Err(PuzzleError::NotPlaying);
        }
        let applied = self.game.play(action).map_err(PuzzleError::Illegal)?;
        self.turn.push(action);
        if !applied.turn_ended && !self.game.is_over() {
            return Ok(TurnVerdict::Continue);
        }
        let played = std::mem::take(&mut self.turn);
        Ok(self.judge(played))
    }

    /// Plays a whole turn; an illegal action anywhere leaves the session as it was.
    pub fn play_turn(&mut self, actions: &[Action]) -> Result<TurnVerdict, PuzzleError> {
        let saved = (self.game.clone(), self.turn.clone());
        let mut verdict = Err(PuzzleError::IncompleteTurn);
        for (i, &action) in actions.iter().enumerate() {
            match self.play_action(action) {
                Ok(TurnVerdict::Continue) => continue,
                Ok(v) if i + 1 == actions.len() => verdict = Ok(v),
                Ok(_) => verdict = Err(PuzzleError::IncompleteTurn),
                Err(e) => verdict = Err(e),
            }
            break;
        }
        if verdict.is_err() && self.state == PuzzleState::Playing {
            (self.game, self.turn) = saved;
        }
        verdict
    }

    fn judge(&mut self, played: Vec<Action>) -> TurnVerdict {
        let player = self.turn_start.side_to_move();
        let after_turn = *self.game.position();
        let consequence = match self.game.outcome() {
            Some(Outcome::Win { winner, .. }) if winner == player => None,
            Some(Outcome::Win { .. }) => Some(Consequence::Loss { opponent_turns: 0 }),
            Some(Outcome::Draw { .. }) => Some(Consequence::Draw),
            None => match self.tables.probe(&after_turn) {
                Some(TableValue::Loss(d)) if d / 2 + 1 == u16::from(self.turns_left) => None,
                Some(TableValue::Loss(d)) => Some(Consequence::SlowerWin { turns: d / 2 }),
                Some(TableValue::Draw) | None => Some(Consequence::Draw),
                Some(TableValue::Win(d)) => Some(Consequence::Loss {
                    opponent_turns: own_turns(d),
                }),
            },
        };
        if let Some(consequence) = consequence {
            let wrong = WrongTurn {
                played,
                consequence,
                right: self.winning_turn(),
            };
            self.state = PuzzleState::Failed(wrong.clone());
            self.result.get_or_insert(PuzzleResult::Failed);
            return TurnVerdict::Wrong(wrong);
        }
        self.turns_left -= 1;
        if self.game.is_over() {
            self.state = PuzzleState::Solved;
            let result = if self.hints == 0 {
                PuzzleResult::Solved
            } else {
                PuzzleResult::SolvedWithHints { hints: self.hints }
            };
            let first = *self.result.get_or_insert(result);
            return TurnVerdict::Solved(first);
        }
        let reply = self
            .tables
            .ranked_turns(&after_turn)
            .and_then(|ranked| ranked.into_iter().next())
            .map(|t| t.actions)
            .unwrap_or_default();
        for &action in &reply {
            // Generated from this position by the tables: legal.
            if self.game.play(action).is_err() {
                break;
            }
        }
        self.turn_start = *self.game.position();
        TurnVerdict::Right {
            reply,
            turns_left: self.turns_left,
        }
    }

    /// A winning turn from the current turn's start, as fast as the puzzle needs.
    fn winning_turn(&self) -> Vec<Action> {
        let Some(ranked) = self.tables.ranked_turns(&self.turn_start) else {
            return Vec::new();
        };
        let TableValue::Win(distance) = ranked[0].value else {
            return Vec::new();
        };
        fastest_distinct(&self.turn_start, &ranked, distance)
            .first()
            .map(|t| t.actions.clone())
            .unwrap_or_default()
    }

    /// A winning turn for the player's current turn (the whole turn, from its start: a turn
    /// begun is taken back first). Counts as a hint.
    pub fn hint(&mut self) -> Result<Vec<Action>, PuzzleError> {
        if self.state != PuzzleState::Playing {
            return Err(PuzzleError::NotPlaying);
        }
        if !self.turn.is_empty() {
            self.game.undo(self.turn.len());
            self.turn.clear();
        }
        self.hints += 1;
        Ok(self.winning_turn())
    }

    /// Starts the puzzle again from its position. The first attempt's result stays.
    pub fn retry(&mut self) {
        self.game = Game::from_position(self.start);
        self.turn_start = self.start;
        self.turn.clear();
        self.turns_left = self.puzzle.turns;
        self.state = PuzzleState::Playing;
    }
}
