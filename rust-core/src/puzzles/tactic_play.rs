//! Playing a tactic: the player makes whole turns (action by action, as taps make them); the
//! exact goal search judges each one (does the goal stay forced in the turns left?), the
//! defender answers with the reply that leaves the player's balance lowest, and a hint gives
//! a turn that keeps the goal forced. The endgames' [`super::PuzzleSession`] plays the
//! tables' "win in N"; this is its counterpart for "gain K within N".

use crate::action::Action;
use crate::game::Game;
use crate::position::Position;
use crate::rules::Side;

use super::error::PuzzleError;
use super::goal::{GoalSearch, Reached, balance, distinct_turns, reached};
use super::play::PuzzleResult;
use super::set::Puzzle;

/// A turn that lets the goal slip, and a turn that would have kept it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MissedTurn {
    /// The turn the player made.
    pub played: Vec<Action>,
    /// A turn that keeps the goal forced.
    pub right: Vec<Action>,
}

/// What a played action of a tactic did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TacticVerdict {
    /// The turn is not complete yet.
    Continue,
    /// The goal is still forced; the defender answered with `reply` (every turn it played
    /// before the player's next one), and `turns_left` of the player's turns remain.
    Right {
        /// The defender's actions.
        reply: Vec<Action>,
        /// The player's turns left.
        turns_left: u8,
    },
    /// The goal is met with this turn.
    Solved(PuzzleResult),
    /// The goal is no longer forced: the attempt is over (see [`TacticSession::retry`]).
    Missed(MissedTurn),
}

/// One tactic being played against the goal search's defence.
pub struct TacticSession {
    puzzle: Puzzle,
    start: Position,
    mover: Side,
    /// The balance the goal asks for (the start's plus K).
    target: i32,
    game: Game,
    turn: Vec<Action>,
    turns_left: u8,
    hints: u32,
    over: bool,
    missed: Option<MissedTurn>,
    result: Option<PuzzleResult>,
    search: GoalSearch,
}

impl TacticSession {
    /// Starts a tactic (an endgame is refused: [`PuzzleError::NotProved`]).
    pub fn new(puzzle: Puzzle) -> Result<TacticSession, PuzzleError> {
        let gain = puzzle
            .gain
            .ok_or_else(|| PuzzleError::NotProved(puzzle.id.clone()))?;
        let start = puzzle.position()?;
        let mover = start.side_to_move();
        Ok(TacticSession {
            target: balance(&start, mover) + i32::from(gain),
            turns_left: puzzle.turns,
            puzzle,
            start,
            mover,
            game: Game::from_position(start),
            turn: Vec::new(),
            hints: 0,
            over: false,
            missed: None,
            result: None,
            search: GoalSearch::new(),
        })
    }

    /// The puzzle.
    pub fn puzzle(&self) -> &Puzzle {
        &self.puzzle
    }

    /// The position now.
    pub fn position(&self) -> Position {
        *self.game.position()
    }

    /// The game being played (the position and its history this attempt).
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// The player's turns left.
    pub fn turns_left(&self) -> u8 {
        self.turns_left
    }

    /// Hints asked for so far, over every attempt.
    pub fn hints_used(&self) -> u32 {
        self.hints
    }

    /// The attempt is over (the goal met or missed): only [`TacticSession::retry`] goes on.
    pub fn is_over(&self) -> bool {
        self.over
    }

    /// The turn that let the goal slip, once the attempt has missed it.
    pub fn missed(&self) -> Option<&MissedTurn> {
        self.missed.as_ref()
    }

    /// The first attempt's result; `None` while it is being played.
    pub fn result(&self) -> Option<PuzzleResult> {
        self.result
    }

    /// Plays one action of the player's turn.
    pub fn play_action(&mut self, action: Action) -> Result<TacticVerdict, PuzzleError> {
        if self.over {
            return Err(PuzzleError::NotPlaying);
        }
        let applied = self.game.play(action).map_err(PuzzleError::Illegal)?;
        self.turn.push(action);
        if !applied.turn_ended && !self.game.is_over() {
            return Ok(TacticVerdict::Continue);
        }
        let played = std::mem::take(&mut self.turn);
        Ok(self.judge(played))
    }

    /// Plays a whole turn; an illegal action anywhere leaves the session as it was.
    pub fn play_turn(&mut self, actions: &[Action]) -> Result<TacticVerdict, PuzzleError> {
        let saved = (self.game.clone(), self.turn.clone());
        let mut verdict = Err(PuzzleError::IncompleteTurn);
        for (i, &action) in actions.iter().enumerate() {
            match self.play_action(action) {
                Ok(TacticVerdict::Continue) => continue,
                Ok(v) if i + 1 == actions.len() => verdict = Ok(v),
                Ok(_) => verdict = Err(PuzzleError::IncompleteTurn),
                Err(e) => verdict = Err(e),
            }
            break;
        }
        if verdict.is_err() && !self.over {
            (self.game, self.turn) = saved;
        }
        verdict
    }

    fn judge(&mut self, played: Vec<Action>) -> TacticVerdict {
        let after = *self.game.position();
        let keeps = match reached(&after, self.mover, self.target) {
            Reached::Met => {
                self.over = true;
                let result = if self.hints == 0 {
                    PuzzleResult::Solved
                } else {
                    PuzzleResult::SolvedWithHints { hints: self.hints }
                };
                return TacticVerdict::Solved(*self.result.get_or_insert(result));
            }
            Reached::Lost => false,
            Reached::Open => {
                self.turns_left > 1
                    && self
                        .search
                        .reaches(&after, self.mover, self.target, self.turns_left - 1)
            }
        };
        if !keeps {
            let from = self.turn_start_position(&played);
            let right = self.forcing_turn(&from, self.turns_left);
            self.over = true;
            self.result.get_or_insert(PuzzleResult::Failed);
            let missed = MissedTurn { played, right };
            self.missed = Some(missed.clone());
            return TacticVerdict::Missed(missed);
        }
        self.turns_left -= 1;
        let mut reply = Vec::new();
        while !self.game.is_over() && self.game.position().side_to_move() != self.mover {
            let defence = self.defence();
            for &action in &defence {
                // Generated from this position: legal.
                if self.game.play(action).is_err() {
                    break;
                }
            }
            reply.extend(defence);
        }
        TacticVerdict::Right {
            reply,
            turns_left: self.turns_left,
        }
    }

    /// The position before `played`, the turn just made.
    fn turn_start_position(&self, played: &[Action]) -> Position {
        let mut game = self.game.clone();
        game.undo(played.len());
        *game.position()
    }

    /// The defender's turn: of the replies (all of which leave the goal forced), the first
    /// that leaves the player's balance lowest.
    fn defence(&self) -> Vec<Action> {
        distinct_turns(self.game.position())
            .into_iter()
            .min_by_key(|t| balance(&t.next, self.mover))
            .map(|t| t.actions)
            .unwrap_or_default()
    }

    /// A turn from the player's turn start `from` that keeps the goal forced in `turns`.
    fn forcing_turn(&mut self, from: &Position, turns: u8) -> Vec<Action> {
        for turn in distinct_turns(from) {
            let keeps = match reached(&turn.next, self.mover, self.target) {
                Reached::Met => true,
                Reached::Lost => false,
                Reached::Open => {
                    turns > 1
                        && self
                            .search
                            .reaches(&turn.next, self.mover, self.target, turns - 1)
                }
            };
            if keeps {
                return turn.actions;
            }
        }
        Vec::new()
    }

    /// A turn that keeps the goal forced, from the current turn's start (a turn begun is
    /// taken back first). Counts as a hint.
    pub fn hint(&mut self) -> Result<Vec<Action>, PuzzleError> {
        if self.over {
            return Err(PuzzleError::NotPlaying);
        }
        if !self.turn.is_empty() {
            self.game.undo(self.turn.len());
            self.turn.clear();
        }
        self.hints += 1;
        let from = *self.game.position();
        Ok(self.forcing_turn(&from, self.turns_left))
    }

    /// Starts again from the puzzle's position. The first attempt's result stays.
    pub fn retry(&mut self) {
        self.game = Game::from_position(self.start);
        self.turn.clear();
        self.turns_left = self.puzzle.turns;
        self.over = false;
        self.missed = None;
    }
}
