//! What makes a position a puzzle, decided from the endgame tables alone: the side to move
//! wins in N of its own turns, exactly one first turn wins that fast (every other turn draws,
//! loses or wins at least [`SLOWER_FACTOR`] times more slowly), at least one first turn does
//! not win at all, there are at least [`MIN_FIRST_TURNS`] first turns to choose from, and the
//! difficulty score.

use crate::action::Action;
use crate::board::{Bitboard, Symmetry};
use crate::position::Position;
use crate::tables::{EndgameTables, RankedTurn, TableValue};

/// The fewest of the winner's own turns a puzzle takes.
pub const MIN_TURNS: u8 = 2;
/// The most of the winner's own turns a puzzle takes.
pub const MAX_TURNS: u8 = 16;
/// Another first turn that also wins spoils a puzzle unless it needs at least this many times
/// the puzzle's turns (a win in 2N or more where the puzzle wins in N): such a turn gives the
/// win away in the sense of the puzzle ("win in N"), and a player who finds only it has not
/// found the idea. Any win faster than that makes the first turn not unique.
pub const SLOWER_FACTOR: u8 = 2;
/// The fewest different first turns a puzzle offers: with fewer there is hardly a question.
pub const MIN_FIRST_TURNS: u16 = 4;

/// The winner's own turns of a table win that ends `distance` turns from now (both sides'
/// turns counted, the last one the winner's): distance 1 is 1 turn, 3 is 2, 2k − 1 is k.
pub fn own_turns(distance: u16) -> u16 {
    distance.div_ceil(2)
}

/// The position's two sets of pieces (side to move first), reduced to the smallest image
/// over the board's 16 symmetries: two positions with the same key are the same puzzle.
pub fn canonical_key(position: &Position) -> (Bitboard, Bitboard) {
    let us = position.side_to_move();
    let (mover, other) = (position.board(us), position.board(us.opponent()));
    Symmetry::ALL
        .iter()
        .map(|s| (s.apply_set(mover), s.apply_set(other)))
        .min_by_key(|(m, o)| (m.0, o.0))
        .expect("sixteen symmetries")
}

/// The parts of the difficulty score of a puzzle (see [`Examined::score`] and docs/puzzles.md).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Difficulty {
    /// The winner's own turns to the win.
    pub turns: u8,
    /// How many different first turns the position allows.
    pub branching: u16,
    /// Wrong first turns that remove an opponent piece (a capture looks like progress).
    pub tempting: u16,
    /// Whether the winning first turn removes nothing (a quiet turn is harder to see).
    pub quiet_solution: bool,
    /// Later turns of the main line where exactly one turn keeps the fastest win.
    pub only_moves: u8,
}

impl Difficulty {
    /// The score: 10 a turn to the win, 4 an only move later in the line, 6 a tempting
    /// capture (at most three counted), 5 for a quiet winning turn, and 1 for every three
    /// first turns to choose from (at most 10).
    pub fn score(&self) -> u16 {
        10 * u16::from(self.turns)
            + 4 * u16::from(self.only_moves)
            + 6 * self.tempting.min(3)
            + if self.quiet_solution { 5 } else { 0 }
            + (self.branching / 3).min(10)
    }
}

/// A position that is a puzzle, with what the tables say about it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Examined {
    /// The only winning first turn (as fast as the puzzle says).
    pub solution: Vec<Action>,
    /// The table distance of the win, in turns of both sides.
    pub distance: u16,
    /// The score's parts.
    pub difficulty: Difficulty,
}

/// Why a position is not a puzzle.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NotAPuzzle {
    /// Not a turn start inside the tables.
    OutsideTables,
    /// The side to move does not win (the value found).
    NotAWin(TableValue),
    /// The win takes fewer than [`MIN_TURNS`] or more than [`MAX_TURNS`] own turns.
    TurnsOutOfRange(u16),
    /// The quiet-turn rule could end the game before the win.
    QuietRuleTooClose,
    /// Another first turn wins too fast (its own turns to the win).
    NotUnique(u16),
    /// Fewer than [`MIN_FIRST_TURNS`] different first turns (how many there are).
    TooFewFirstTurns(u16),
    /// Every first turn wins: a player who moves anything wins, so it asks nothing.
    EveryTurnWins,
}

/// Whether `position` is a puzzle, and its solution and difficulty if it is.
pub fn examine(tables: &EndgameTables, position: &Position) -> Result<Examined, NotAPuzzle> {
    let value = tables.probe(position).ok_or(NotAPuzzle::OutsideTables)?;
    let TableValue::Win(distance) = value else {
        return Err(NotAPuzzle::NotAWin(value));
    };
    let turns = own_turns(distance);
    if turns < u16::from(MIN_TURNS) || turns > u16::from(MAX_TURNS) {
        return Err(NotAPuzzle::TurnsOutOfRange(turns));
    }
    let limit = u32::from(position.rules().draws.quiet_turns);
    if limit > 0 && position.quiet_turns() + u32::from(distance) >= limit {
        return Err(NotAPuzzle::QuietRuleTooClose);
    }
    let ranked = tables
        .ranked_turns(position)
        .ok_or(NotAPuzzle::OutsideTables)?;
    let branching = distinct_results(position, &ranked) as u16;
    if branching < MIN_FIRST_TURNS {
        return Err(NotAPuzzle::TooFewFirstTurns(branching));
    }
    if ranked
        .iter()
        .all(|turn| matches!(turn.value, TableValue::Win(_)))
    {
        return Err(NotAPuzzle::EveryTurnWins);
    }
    let winning = fastest_distinct(position, &ranked, distance);
    if winning.len() != 1 {
        return Err(NotAPuzzle::NotUnique(turns));
    }
    let solution = winning[0].actions.clone();
    let solution_after = after(position, &solution);
    let mut tempting = 0;
    for turn in &ranked {
        if after(position, &turn.actions) == solution_after {
            continue;
        }
        if let TableValue::Win(d) = turn.value {
            if own_turns(d) < u16::from(SLOWER_FACTOR) * turns {
                return Err(NotAPuzzle::NotUnique(own_turns(d)));
            }
        }
        if removes(&turn.actions) {
            tempting += 1;
        }
    }
    let difficulty = Difficulty {
        turns: turns as u8,
        branching,
        tempting,
        quiet_solution: !removes(&solution),
        only_moves: only_moves_after(tables, &solution_after),
    };
    Ok(Examined {
        solution,
        distance,
        difficulty,
    })
}

fn removes(actions: &[Action]) -> bool {
    actions.iter().any(|a| matches!(a, Action::Remove(_)))
        && !matches!(actions.first(), Some(Action::Remove(_)))
}

/// The position a turn leads to (the turn was generated legal here).
pub(crate) fn after(position: &Position, actions: &[Action]) -> Position {
    let mut next = *position;
    for &action in actions {
        next.play_unchecked(action);
    }
    next
}

fn board_key(position: &Position) -> (u32, u32) {
    (
        position.board(crate::rules::Side::P1).0,
        position.board(crate::rules::Side::P2).0,
    )
}

/// The turns that win in exactly `distance`, one for each different position they lead to
/// (two orders of the same removals are one turn).
pub(crate) fn fastest_distinct<'a>(
    position: &Position,
    ranked: &'a [RankedTurn],
    distance: u16,
) -> Vec<&'a RankedTurn> {
    let mut seen = Vec::new();
    let mut turns = Vec::new();
    for turn in ranked {
        if turn.value != TableValue::Win(distance) {
            continue;
        }
        let key = board_key(&after(position, &turn.actions));
        if !seen.contains(&key) {
            seen.push(key);
            turns.push(turn);
        }
    }
    turns
}

fn distinct_results(position: &Position, ranked: &[RankedTurn]) -> usize {
    let mut seen: Vec<(u32, u32)> = ranked
        .iter()
        .map(|t| board_key(&after(position, &t.actions)))
        .collect();
    seen.sort_unstable();
    seen.dedup();
    seen.len()
}

/// Walks the main line from the defender's turn `position` (the defender resisting longest,
/// the winner taking the first fastest turn) and counts the winner's turns where only one
/// turn keeps the fastest win.
fn only_moves_after(tables: &EndgameTables, position: &Position) -> u8 {
    let mut count = 0;
    let mut position = *position;
    loop {
        if position.is_over() {
            return count;
        }
        let Some(defence) = tables.ranked_turns(&position) else {
            return count;
        };
        position = after(&position, &defence[0].actions);
        if position.is_over() {
            return count;
        }
        let Some(ranked) = tables.ranked_turns(&position) else {
            return count;
        };
        let TableValue::Win(distance) = ranked[0].value else {
            return count;
        };
        let fastest = fastest_distinct(&position, &ranked, distance);
        if fastest.len() == 1 {
            count += 1;
        }
        position = after(&position, &fastest[0].actions);
    }
}
