//! The player's puzzle statistics and rating, per game, in one JSON file replaced
//! atomically after every change (a kill leaves the old file or the new one). Puzzles are
//! recorded here by the app; games against the computer by the game session itself, when
//! its `SessionOptions.puzzle_stats_path` names the file (pass-and-play games never count).

use std::path::Path;

use mills_core::puzzles::{self as core, PuzzleStats as Stats, StatsError};
use mills_core::{Level, Variant};

use crate::error::{MillsError, guard};
use crate::types::PuzzleResult;
use crate::types::{GameId, parse_level};

/// A rating with its uncertainty, on the Elo scale.
#[derive(Debug, Clone, Copy, PartialEq, uniffi::Record)]
pub struct Rating {
    pub rating: f64,
    /// The rating deviation: the true rating lies within two of them of `rating` with
    /// about 95% certainty. A new player starts at 1500 ± 350.
    pub deviation: f64,
}

impl From<core::Rating> for Rating {
    fn from(r: core::Rating) -> Rating {
        Rating {
            rating: r.rating,
            deviation: r.deviation,
        }
    }
}

/// One game's puzzle statistics and the player's rating in that game.
#[derive(Debug, Clone, PartialEq, uniffi::Record)]
pub struct PuzzleStats {
    pub game: GameId,
    /// Puzzles finished (first attempts with a result).
    pub attempted: u32,
    /// Shipped puzzles solved without a wrong turn (with or without hints).
    pub solved: u32,
    /// Their ids, for ticks in the puzzle lists (a solved puzzle that a newer set no longer
    /// has stays in the file but is not counted here).
    pub solved_ids: Vec<String>,
    /// Puzzles solved in a row without a wrong turn or a hint, up to now.
    pub streak: u32,
    pub best_streak: u32,
    /// The most puzzles solved in one rush.
    pub best_rush: u32,
    /// From puzzles and from games against the computer.
    pub rating: Rating,
    /// Games against the computer counted in the rating.
    pub rated_games: u32,
}

fn game_stats(stats: &Stats, variant: Variant) -> PuzzleStats {
    let g = stats.game(variant);
    let solved_ids = stats.solved_shipped(variant);
    PuzzleStats {
        game: variant.into(),
        attempted: g.attempted,
        solved: solved_ids.len() as u32,
        solved_ids,
        streak: g.streak,
        best_streak: g.best_streak,
        best_rush: g.best_rush,
        rating: g.rating.into(),
        rated_games: g.rated_games,
    }
}

fn stats_error(path: &str, err: StatsError) -> MillsError {
    match err {
        StatsError::Io(why) => MillsError::Io {
            reason: format!("{path}: {why}"),
        },
        StatsError::Corrupt(why) => MillsError::CorruptSave {
            reason: format!("{path}: not puzzle statistics: {why}"),
        },
    }
}

fn update<T>(path: &str, change: impl FnOnce(&mut Stats) -> T) -> Result<(T, Stats), MillsError> {
    mills_core::check_writable(Path::new(path))?;
    Stats::update(Path::new(path), change).map_err(|e| stats_error(path, e))
}

/// Every game's puzzle statistics and rating (in `games()` order) from the file at `path`;
/// no file yet: nothing played, 1500 ± 350. A file that is not puzzle statistics is
/// `CorruptSave` and stays as it is.
#[uniffi::export]
pub fn puzzle_stats_load(path: String) -> Result<Vec<PuzzleStats>, MillsError> {
    guard(|| {
        let stats = Stats::load(Path::new(&path)).map_err(|e| stats_error(&path, e))?;
        Ok(Variant::ALL
            .into_iter()
            .map(|v| game_stats(&stats, v))
            .collect())
    })
}

/// Records a puzzle's first attempt (`PuzzleSession.result()`) and updates the rating (a
/// puzzle solved before counts for the streak, not again for the rating). Gives the game's
/// statistics after it.
#[uniffi::export]
pub fn puzzle_stats_record(
    path: String,
    puzzle_id: String,
    result: PuzzleResult,
) -> Result<PuzzleStats, MillsError> {
    guard(|| {
        let puzzle = core::puzzle(&puzzle_id)?;
        let (_, stats) = update(&path, |s| s.record_puzzle(&puzzle, result.into()))?;
        Ok(game_stats(&stats, puzzle.variant))
    })
}

/// Records a rush that solved `solved` puzzles of `game`; true if it is the game's best.
#[uniffi::export]
pub fn puzzle_stats_record_rush(
    path: String,
    game: GameId,
    solved: u32,
) -> Result<bool, MillsError> {
    guard(|| Ok(update(&path, |s| s.record_rush(game.into(), solved))?.0))
}

/// Forgets every puzzle statistic and the rating.
#[uniffi::export]
pub fn puzzle_stats_reset(path: String) -> Result<(), MillsError> {
    guard(|| {
        mills_core::check_writable(Path::new(&path))?;
        Stats::new()
            .save(Path::new(&path))
            .map_err(|e| stats_error(&path, e))
    })
}

/// The rating a computer level plays at in a game, from the measured ladder (docs/ai.md):
/// what a game against it moves the player's rating toward.
#[uniffi::export]
pub fn level_rating(game: GameId, level: u8) -> Result<f64, MillsError> {
    guard(|| {
        let level: Level = parse_level(level)?;
        Ok(core::level_rating(game.into(), level))
    })
}
