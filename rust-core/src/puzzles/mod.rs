//! Puzzles proved by the exact endgame tables: positions reached by legal play where the side
//! to move wins in N of its own turns with a unique first turn (docs/puzzles.md).
//!
//! - [`examine`] decides from the tables whether a position is a puzzle and scores it;
//! - [`mine`] finds puzzles in seeded random games (`mills puzzles mine`);
//! - the sets ship in the engine as small text files ([`PuzzleSet`]) and [`prove`] re-proves
//!   one against the tables (`mills puzzles check`, and the test suite);
//! - [`PuzzleSession`] plays one against the tables' longest defence;
//! - [`daily_puzzle`], [`rush_order`] and [`choose`] pick them;
//! - [`PuzzleStats`] keeps the player's statistics and [`Rating`] (Glicko-2);
//! - [`goal_text`] and [`consequence_text`] are the puzzle screen's sentences.

#![warn(missing_docs)]

mod error;
mod examine;
mod goal;
mod grade;
mod kind;
mod mine;
mod mine_tactics;
mod modes;
mod play;
mod prove;
mod rating;
mod set;
mod stats;
mod tactic;
mod tactic_play;
mod text;

use std::sync::OnceLock;

use crate::rules::Variant;

pub use error::PuzzleError;
pub use examine::{
    Difficulty, Examined, MAX_TURNS, MIN_FIRST_TURNS, MIN_TURNS, NotAPuzzle, SLOWER_FACTOR,
    canonical_key, examine, own_turns,
};
pub use goal::{GoalSearch, TacticGoal, balance};
pub use grade::{Grade, puzzle_rating};
pub use kind::PuzzleKind;
pub use mine::{MineConfig, MineReport, mine, mine_onto};
pub use mine_tactics::{
    MINING_LEVELS, TacticMineConfig, TacticMineReport, mine_tactics, mining_levels, mining_turns,
};
pub use modes::{
    ALL_KINDS, DAILY_SEED, MODE_KINDS, RUSH_SECONDS, choose, choose_from, daily_puzzle,
    daily_puzzle_from, days_from_civil, grade_counts, opening_grade, rush_order, rush_order_from,
};
pub use play::{Consequence, PuzzleResult, PuzzleSession, PuzzleState, TurnVerdict, WrongTurn};
pub use prove::{ProofFailure, prove, prove_tactic};
pub use rating::{
    LEVEL_DEVIATION, LEVEL_ONE_RATING, NEW_RATING, PUZZLE_DEVIATION, Rating, level_rating,
};
pub use set::{Puzzle, PuzzleSet, StoredPuzzle, StoredTactic, id_prefix};
pub use stats::{GameResult, GameStats, Opponent, PuzzleStats, StatsError};
pub use tactic::{
    MAX_TACTIC_TURNS, MIN_TACTIC_TURNS, NotATactic, TABLE_PIECES, TacticExamined, beyond_tables,
    examine_tactic,
};
pub use tactic_play::{MissedTurn, TacticSession, TacticVerdict};
pub use text::{consequence_text, goal_text, tactic_goal_text};

/// The shipped puzzle file of a game.
pub fn shipped_text(variant: Variant) -> &'static str {
    match variant {
        Variant::ZhiQi => include_str!("data/zhiqi.txt"),
        Variant::LinkedHorse => include_str!("data/linked-horse.txt"),
        Variant::TwelveMensMorris => include_str!("data/twelve-mens-morris.txt"),
    }
}

/// The shipped tactics file of a game.
pub fn shipped_tactics_text(variant: Variant) -> &'static str {
    match variant {
        Variant::ZhiQi => include_str!("data/zhiqi-tactics.txt"),
        Variant::LinkedHorse => include_str!("data/linked-horse-tactics.txt"),
        Variant::TwelveMensMorris => include_str!("data/twelve-mens-morris-tactics.txt"),
    }
}

/// The shipped set of a game, read from its file.
pub fn shipped_set(variant: Variant) -> Result<PuzzleSet, PuzzleError> {
    set_of(variant, PuzzleKind::Endgame, shipped_text(variant))
}

/// The shipped tactics of a game, read from its file.
pub fn shipped_tactic_set(variant: Variant) -> Result<PuzzleSet, PuzzleError> {
    set_of(variant, PuzzleKind::Tactic, shipped_tactics_text(variant))
}

fn set_of(variant: Variant, kind: PuzzleKind, text: &str) -> Result<PuzzleSet, PuzzleError> {
    let set = PuzzleSet::from_text(text)?;
    if set.variant() != variant || set.kind() != kind {
        return Err(PuzzleError::BadData {
            line: 1,
            reason: format!(
                "the {variant} {kind:?} file holds {} {:?} puzzles",
                set.variant(),
                set.kind()
            ),
        });
    }
    Ok(set)
}

/// The shipped puzzles of a game, endgames then tactics, in stored order (read once; a
/// damaged file, which the tests rule out, gives none of its kind and is logged).
/// [`puzzles`] and [`tactics`] are its two parts.
pub fn all_puzzles(variant: Variant) -> Vec<Puzzle> {
    static CACHE: [OnceLock<Vec<Puzzle>>; 3] = [OnceLock::new(), OnceLock::new(), OnceLock::new()];
    let slot = Variant::ALL
        .iter()
        .position(|&v| v == variant)
        .expect("a game");
    CACHE[slot]
        .get_or_init(|| {
            [shipped_set(variant), shipped_tactic_set(variant)]
                .into_iter()
                .flat_map(|set| match set {
                    Ok(set) => set.puzzles(),
                    Err(e) => {
                        log::error!("{e}");
                        Vec::new()
                    }
                })
                .collect()
        })
        .clone()
}

/// The shipped endgame puzzles of a game, in stored order.
pub fn puzzles(variant: Variant) -> Vec<Puzzle> {
    of_kind(variant, PuzzleKind::Endgame)
}

/// The shipped tactics of a game, in stored order.
pub fn tactics(variant: Variant) -> Vec<Puzzle> {
    of_kind(variant, PuzzleKind::Tactic)
}

/// The shipped puzzles of a game of one kind.
pub fn of_kind(variant: Variant, kind: PuzzleKind) -> Vec<Puzzle> {
    all_puzzles(variant)
        .into_iter()
        .filter(|p| p.kind() == kind)
        .collect()
}

/// The shipped puzzle with this id.
///
/// A shipped puzzle (endgame or tactic) by its id: the moves that reach it and the win or
/// the gain it holds.
///
/// ```
/// use mills_core::Variant;
/// use mills_core::puzzles;
///
/// let first = &puzzles::puzzles(Variant::TwelveMensMorris)[0];
/// let puzzle = puzzles::puzzle(&first.id)?;
/// assert_eq!(puzzle.variant, Variant::TwelveMensMorris);
/// assert!((2..=16).contains(&puzzle.turns), "a win in 2 to 16 turns");
/// let position = puzzle.position()?;
/// assert!(position.outcome().is_none());
/// assert!(puzzles::puzzle("no-such-puzzle").is_err());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn puzzle(id: &str) -> Result<Puzzle, PuzzleError> {
    Variant::ALL
        .into_iter()
        .flat_map(all_puzzles)
        .find(|p| p.id == id)
        .ok_or_else(|| PuzzleError::UnknownPuzzle(id.to_string()))
}
