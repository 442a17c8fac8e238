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
mod shipped;
mod stats;
mod tactic;
mod tactic_play;
mod text;

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
pub use shipped::{
    all_puzzles, of_kind, puzzle, puzzles, shipped_set, shipped_tactic_set, shipped_tactics_text,
    shipped_text, tactics,
};
pub use stats::{GameResult, GameStats, Opponent, PuzzleStats, StatsError};
pub use tactic::{
    MAX_TACTIC_TURNS, MIN_TACTIC_TURNS, NotATactic, TABLE_PIECES, TacticExamined, beyond_tables,
    examine_tactic,
};
pub use tactic_play::{MissedTurn, TacticSession, TacticVerdict};
pub use text::{consequence_text, goal_text, tactic_goal_text};
