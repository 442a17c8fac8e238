//! The player's puzzle statistics and rating, per game: puzzles solved, the streak, the best
//! rush, and the rating from puzzles and games against the computer. Saved as JSON by the
//! app with [`PuzzleStats::save`] (an atomic replacement: a kill leaves the old file or the
//! new one); a file that is not statistics is refused and left as it is.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;
use std::sync::Mutex;

use serde::{Deserialize, Serialize};

use crate::level::Level;
use crate::rules::Variant;
use crate::store;

use super::play::PuzzleResult;
use super::rating::{LEVEL_DEVIATION, PUZZLE_DEVIATION, Rating, level_rating};
use super::set::Puzzle;

/// One game's statistics.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GameStats {
    /// Puzzles finished (a first attempt with a result).
    #[serde(default)]
    pub attempted: u32,
    /// Ids of the puzzles solved without a wrong turn (with or without hints). An id that no
    /// shipped puzzle has any more (a set mined again) stays here, so nothing the player did
    /// is lost, but [`PuzzleStats::solved_shipped`] does not count it.
    #[serde(default)]
    pub solved: BTreeSet<String>,
    /// Puzzles solved in a row without a wrong turn or a hint, up to now.
    #[serde(default)]
    pub streak: u32,
    /// The longest such run.
    #[serde(default)]
    pub best_streak: u32,
    /// The most puzzles solved in one rush.
    #[serde(default)]
    pub best_rush: u32,
    /// The player's rating in this game.
    #[serde(default)]
    pub rating: Rating,
    /// Games against the computer that counted.
    #[serde(default)]
    pub rated_games: u32,
}

/// The result of a finished game for the player.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GameResult {
    /// The player won.
    Won,
    /// A draw.
    Drawn,
    /// The player lost.
    Lost,
}

/// Who the player played.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Opponent {
    /// The computer at a level: the game counts for the rating.
    Computer(Level),
    /// Another person at the same device: it does not count.
    PassAndPlay,
}

pub use crate::store::StatsError;

/// The statistics of every game, by game id (ids a newer build adds are kept).
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PuzzleStats {
    #[serde(default)]
    games: BTreeMap<String, GameStats>,
}

impl PuzzleStats {
    /// No puzzles played yet.
    pub fn new() -> PuzzleStats {
        PuzzleStats::default()
    }

    /// One game's statistics (empty ones for a game not played yet).
    pub fn game(&self, variant: Variant) -> GameStats {
        self.games.get(variant.id()).cloned().unwrap_or_default()
    }

    /// The ids of the game's shipped puzzles the player has solved: ids of puzzles a newer
    /// set no longer has are kept in the file but not counted here.
    pub fn solved_shipped(&self, variant: Variant) -> Vec<String> {
        let Some(stats) = self.games.get(variant.id()) else {
            return Vec::new();
        };
        let shipped: BTreeSet<String> = super::shipped::all_puzzles(variant)
            .into_iter()
            .map(|p| p.id)
            .collect();
        stats.solved.intersection(&shipped).cloned().collect()
    }

    fn entry(&mut self, variant: Variant) -> &mut GameStats {
        self.games.entry(variant.id().to_string()).or_default()
    }

    /// Records the first attempt's result of `puzzle` and updates the rating: solved scores
    /// 1 against the puzzle's rating, failed 0, and solved with hints 0 too (a hint shows a
    /// winning turn, which is what the puzzle asks for). A puzzle solved before counts for
    /// the streak but not again for the rating.
    pub fn record_puzzle(&mut self, puzzle: &Puzzle, result: PuzzleResult) {
        let stats = self.entry(puzzle.variant);
        stats.attempted += 1;
        let again = stats.solved.contains(&puzzle.id);
        let score = match result {
            PuzzleResult::Solved => 1.0,
            PuzzleResult::SolvedWithHints { .. } | PuzzleResult::Failed => 0.0,
        };
        match result {
            PuzzleResult::Solved => {
                stats.solved.insert(puzzle.id.clone());
                stats.streak += 1;
                stats.best_streak = stats.best_streak.max(stats.streak);
            }
            PuzzleResult::SolvedWithHints { .. } => {
                stats.solved.insert(puzzle.id.clone());
                stats.streak = 0;
            }
            PuzzleResult::Failed => stats.streak = 0,
        }
        if !again {
            stats.rating = stats.rating.update(puzzle.rating, PUZZLE_DEVIATION, score);
        }
    }

    /// Records a rush that solved `solved` puzzles; true if it is the game's best.
    pub fn record_rush(&mut self, variant: Variant, solved: u32) -> bool {
        let stats = self.entry(variant);
        let best = solved > stats.best_rush;
        stats.best_rush = stats.best_rush.max(solved);
        best
    }

    /// Records a finished game; true if it counted for the rating (games against the
    /// computer do, pass-and-play games do not).
    pub fn record_game(
        &mut self,
        variant: Variant,
        opponent: Opponent,
        result: GameResult,
    ) -> bool {
        let Opponent::Computer(level) = opponent else {
            return false;
        };
        let score = match result {
            GameResult::Won => 1.0,
            GameResult::Drawn => 0.5,
            GameResult::Lost => 0.0,
        };
        let stats = self.entry(variant);
        stats.rating = stats
            .rating
            .update(level_rating(variant, level), LEVEL_DEVIATION, score);
        stats.rated_games += 1;
        true
    }

    /// Reads saved statistics; text that is not statistics (or holds an unusable rating) is
    /// an error.
    pub fn from_json(text: &str) -> Result<PuzzleStats, StatsError> {
        let stats: PuzzleStats =
            serde_json::from_str(text).map_err(|e| StatsError::Corrupt(e.to_string()))?;
        for (variant, game) in &stats.games {
            if !game.rating.is_valid() {
                return Err(StatsError::Corrupt(format!(
                    "the {variant} rating is not a rating"
                )));
            }
        }
        Ok(stats)
    }

    /// The JSON the app saves.
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).expect("statistics serialise")
    }

    /// Reads the statistics at `path`: none yet if there is no file; an error (the file
    /// kept) if it is not statistics.
    pub fn load(path: &Path) -> Result<PuzzleStats, StatsError> {
        match store::read_if_exists(path).map_err(|e| StatsError::Io(e.to_string()))? {
            None => Ok(PuzzleStats::new()),
            Some(text) => PuzzleStats::from_json(&text),
        }
    }

    /// Reads the file at `path`, lets `change` change the statistics and writes them back
    /// atomically, one caller of this process at a time (the puzzle screens and the game
    /// sessions share the file). A file that is not statistics is an error and stays as it
    /// is.
    pub fn update<T>(
        path: &Path,
        change: impl FnOnce(&mut PuzzleStats) -> T,
    ) -> Result<(T, PuzzleStats), StatsError> {
        static FILE_LOCK: Mutex<()> = Mutex::new(());
        let _guard = FILE_LOCK.lock().unwrap_or_else(|e| e.into_inner());
        let mut stats = PuzzleStats::load(path)?;
        let answer = change(&mut stats);
        stats.save(path)?;
        Ok((answer, stats))
    }

    /// Replaces the file at `path` atomically.
    pub fn save(&self, path: &Path) -> Result<(), StatsError> {
        store::write_atomic(path, self.to_json().as_bytes())
            .map_err(|e| StatsError::Io(e.to_string()))
    }
}
