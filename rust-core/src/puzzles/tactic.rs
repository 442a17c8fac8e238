//! What makes a position a tactic puzzle (docs/puzzles.md, "Tactics"): a turn start the
//! endgame tables cannot reach, where for the smallest N from [`MIN_TACTIC_TURNS`] to
//! [`MAX_TACTIC_TURNS`] that works, with K the most balance any first turn forces within N
//! turns: exactly one first turn forces K within N, no first turn forces K within N − 1
//! (so the gain is not there for the taking), nothing wins at once, and there are at least
//! [`MIN_FIRST_TURNS`] first turns. Every claim is decided by the exact [`GoalSearch`].

use crate::action::Action;
use crate::position::{Pending, Position};
use crate::rules::Side;

use super::examine::{Difficulty, MIN_FIRST_TURNS};
use super::goal::{GoalSearch, TacticGoal, Turn, balance, distinct_turns};

/// The fewest of the mover's own turns a tactic takes: a gain there in one turn is no puzzle.
pub const MIN_TACTIC_TURNS: u8 = 2;
/// The most of the mover's own turns a tactic takes (the search is exhaustive, so its cost
/// grows as the branching to the power 2N − 1).
pub const MAX_TACTIC_TURNS: u8 = 3;
/// The endgame tables hold positions with empty hands and at most this many pieces a side:
/// tactics come from outside them.
pub const TABLE_PIECES: u32 = 4;
/// Gains are searched up to this: a first turn that forces more forces a win (a game's
/// whole material), which is an ending, not a tactic.
const MAX_GAIN: u8 = 9;

/// Why a position is not a tactic puzzle.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NotATactic {
    /// The game is over or a turn is half made.
    NotATurnStart,
    /// The endgame tables reach it (empty hands, at most [`TABLE_PIECES`] a side).
    InsideTables,
    /// Fewer than [`MIN_FIRST_TURNS`] different first turns (how many there are).
    TooFewFirstTurns(u16),
    /// A first turn wins the game at once.
    WinsAtOnce,
    /// No N from 2 to 3 where one first turn alone forces the most gain, not forced sooner.
    NoUniqueForcedGain,
}

/// A position that is a tactic puzzle, with what the search says about it.
#[derive(Clone, Debug, PartialEq)]
pub struct TacticExamined {
    /// The goal: gain K within N turns.
    pub goal: TacticGoal,
    /// The only first turn that forces it.
    pub solution: Vec<Action>,
    /// The score's parts (as the endgame puzzles', with no only-move count).
    pub difficulty: Difficulty,
    /// The chance that a 1-ply greedy player (takes the turn that gains most at once, a
    /// uniformly random one of those) plays the solution.
    pub greedy_share: f64,
}

/// Whether `position` is outside the endgame tables' reach: a piece in hand, or more than
/// [`TABLE_PIECES`] on the board for one side.
pub fn beyond_tables(position: &Position) -> bool {
    Side::BOTH
        .into_iter()
        .any(|side| position.hand(side) > 0 || position.board(side).count() > TABLE_PIECES)
}

/// Whether `position` is a tactic puzzle, and its goal, solution and difficulty if it is.
pub fn examine_tactic(
    position: &Position,
    search: &mut GoalSearch,
) -> Result<TacticExamined, NotATactic> {
    if position.is_over() || position.pending() != Pending::None {
        return Err(NotATactic::NotATurnStart);
    }
    if !beyond_tables(position) {
        return Err(NotATactic::InsideTables);
    }
    let turns = distinct_turns(position);
    let branching = turns.len() as u16;
    if branching < MIN_FIRST_TURNS {
        return Err(NotATactic::TooFewFirstTurns(branching));
    }
    let mover = position.side_to_move();
    if turns
        .iter()
        .any(|t| t.next.outcome().and_then(|o| o.winner()) == Some(mover))
    {
        return Err(NotATactic::WinsAtOnce);
    }
    let base = balance(position, mover);
    let gain_now = |t: &Turn| balance(&t.next, mover) - base;
    for n in MIN_TACTIC_TURNS..=MAX_TACTIC_TURNS {
        let Some((goal, solution)) = unique_best_gain(position, &turns, n, search) else {
            continue;
        };
        let sooner = TacticGoal {
            turns: n - 1,
            ..goal
        };
        if turns
            .iter()
            .any(|t| search.turn_forces(position, &t.next, sooner))
        {
            continue;
        }
        let best_now = turns.iter().map(gain_now).max().unwrap_or(0);
        let greedy = turns.iter().filter(|t| gain_now(t) == best_now).count();
        let tempting = turns
            .iter()
            .filter(|t| t.actions != solution.actions && gain_now(t) > 0)
            .count() as u16;
        return Ok(TacticExamined {
            goal,
            difficulty: Difficulty {
                turns: n,
                branching,
                tempting,
                quiet_solution: gain_now(solution) == 0,
                only_moves: 0,
            },
            greedy_share: if gain_now(solution) == best_now {
                1.0 / greedy as f64
            } else {
                0.0
            },
            solution: solution.actions.clone(),
        });
    }
    Err(NotATactic::NoUniqueForcedGain)
}

/// The most gain K any first turn forces within `n` turns, if exactly one first turn forces
/// it, with that turn.
fn unique_best_gain<'a>(
    position: &Position,
    turns: &'a [Turn],
    n: u8,
    search: &mut GoalSearch,
) -> Option<(TacticGoal, &'a Turn)> {
    let mut goal = TacticGoal { gain: 1, turns: n };
    let mut forcing: Vec<&Turn> = turns.iter().collect();
    let mut best = None;
    while goal.gain <= MAX_GAIN {
        forcing.retain(|t| search.turn_forces(position, &t.next, goal));
        match forcing.len() {
            0 => return best,
            1 => best = Some((goal, forcing[0])),
            _ => best = None,
        }
        goal.gain += 1;
    }
    None
}
