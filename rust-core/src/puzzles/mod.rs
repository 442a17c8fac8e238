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

mod examine;
mod grade;
mod kind;
mod mine;
mod modes;
mod play;
mod prove;
mod rating;
mod set;
mod stats;
mod text;

use std::fmt;
use std::sync::OnceLock;

use crate::position::IllegalAction;
use crate::rules::Variant;

pub use examine::{
    Difficulty, Examined, MAX_TURNS, MIN_FIRST_TURNS, MIN_TURNS, NotAPuzzle, SLOWER_FACTOR,
    canonical_key, examine, own_turns,
};
pub use grade::{Grade, puzzle_rating};
pub use kind::PuzzleKind;
pub use mine::{MineConfig, MineReport, mine, mine_onto};
pub use modes::{
    DAILY_SEED, RUSH_SECONDS, choose, daily_puzzle, days_from_civil, grade_counts, opening_grade,
    rush_order,
};
pub use play::{Consequence, PuzzleResult, PuzzleSession, PuzzleState, TurnVerdict, WrongTurn};
pub use prove::{ProofFailure, prove};
pub use rating::{
    LEVEL_DEVIATION, LEVEL_ONE_RATING, NEW_RATING, PUZZLE_DEVIATION, Rating, level_rating,
};
pub use set::{Puzzle, PuzzleSet, StoredPuzzle, id_prefix};
pub use stats::{GameResult, GameStats, Opponent, PuzzleStats, StatsError};
pub use text::{consequence_text, goal_text};

/// Something a puzzle call cannot do.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PuzzleError {
    /// No puzzle has this id.
    UnknownPuzzle(String),
    /// A game has no puzzles.
    NoPuzzles(Variant),
    /// A puzzle file that cannot be read.
    BadData {
        /// The line, from 1.
        line: usize,
        /// What is wrong.
        reason: String,
    },
    /// A puzzle's moves do not replay from the start (the puzzle and why).
    NotReachable(String),
    /// The tables given are of another game.
    WrongTables {
        /// The puzzle's game.
        puzzle: Variant,
        /// The tables' game.
        tables: Variant,
    },
    /// The tables do not give the puzzle's win (they are smaller, or the puzzle is wrong).
    NotProved(String),
    /// An illegal action; nothing changed.
    Illegal(IllegalAction),
    /// A turn that does not end where it should (too few or too many actions).
    IncompleteTurn,
    /// The attempt is over (solved or failed): retry or take the next puzzle.
    NotPlaying,
    /// No such calendar date.
    BadDate {
        /// The year.
        year: i32,
        /// The month, 1 to 12.
        month: u32,
        /// The day of the month.
        day: u32,
    },
}

impl fmt::Display for PuzzleError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PuzzleError::UnknownPuzzle(id) => write!(f, "no puzzle '{id}'"),
            PuzzleError::NoPuzzles(v) => write!(f, "no puzzles for {v}"),
            PuzzleError::BadData { line, reason } => {
                write!(f, "puzzle data, line {line}: {reason}")
            }
            PuzzleError::NotReachable(why) => write!(f, "a puzzle not reached by its moves: {why}"),
            PuzzleError::WrongTables { puzzle, tables } => {
                write!(f, "a {puzzle} puzzle needs {puzzle} tables, not {tables}")
            }
            PuzzleError::NotProved(id) => write!(f, "the tables do not prove puzzle {id}"),
            PuzzleError::Illegal(e) => write!(f, "illegal: {e}"),
            PuzzleError::IncompleteTurn => f.write_str("not one whole turn"),
            PuzzleError::NotPlaying => f.write_str("the puzzle is over: retry or take another"),
            PuzzleError::BadDate { year, month, day } => {
                write!(f, "no date {year:04}-{month:02}-{day:02}")
            }
        }
    }
}

impl std::error::Error for PuzzleError {}

/// The shipped puzzle file of a game.
pub fn shipped_text(variant: Variant) -> &'static str {
    match variant {
        Variant::ZhiQi => include_str!("data/zhiqi.txt"),
        Variant::LinkedHorse => include_str!("data/linked-horse.txt"),
        Variant::TwelveMensMorris => include_str!("data/twelve-mens-morris.txt"),
    }
}

/// The shipped set of a game, read from its file.
pub fn shipped_set(variant: Variant) -> Result<PuzzleSet, PuzzleError> {
    let set = PuzzleSet::from_text(shipped_text(variant))?;
    if set.variant() != variant {
        return Err(PuzzleError::BadData {
            line: 1,
            reason: format!("the {variant} file holds {} puzzles", set.variant()),
        });
    }
    Ok(set)
}

/// The shipped puzzles of a game, in stored order (read once; a damaged file, which the
/// tests rule out, gives none and is logged).
pub fn puzzles(variant: Variant) -> Vec<Puzzle> {
    static CACHE: [OnceLock<Vec<Puzzle>>; 3] = [OnceLock::new(), OnceLock::new(), OnceLock::new()];
    let slot = Variant::ALL
        .iter()
        .position(|&v| v == variant)
        .expect("a game");
    CACHE[slot]
        .get_or_init(|| match shipped_set(variant) {
            Ok(set) => set.puzzles(),
            Err(e) => {
                log::error!("{e}");
                Vec::new()
            }
        })
        .clone()
}

/// The shipped puzzle with this id.
///
/// A shipped puzzle by its id: the moves that reach it and the win it holds.
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
        .flat_map(puzzles)
        .find(|p| p.id == id)
        .ok_or_else(|| PuzzleError::UnknownPuzzle(id.to_string()))
}
