//! Wins, losses and draws against the computer, per game and level, with the hints used in
//! them, in a small JSON file replaced atomically after every finished game.
//!
//! ```json
//! { "format": "mills-stats", "version": 1, "entries": [
//!   { "game": "zhiqi", "level": 5, "wins": 3, "losses": 2, "draws": 0,
//!     "hints_used": 4, "wins_with_hints": 1 } ] }
//! ```
//! `hints_used` and `wins_with_hints` may be missing from files written before hints
//! existed; they read as 0, which is true: no game counted then could have used a hint.

use std::path::{Path, PathBuf};
use std::sync::Mutex;

use serde::{Deserialize, Serialize};

use crate::level::Level;
use crate::rules::Variant;

use crate::store;

/// How a game against the computer ended for the human.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum HumanResult {
    /// The human won.
    Win,
    /// The human lost.
    Loss,
    /// A draw.
    Draw,
}

/// The record against one level in one game.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct StatsEntry {
    /// The game.
    pub game: Variant,
    /// The computer's level.
    pub level: Level,
    /// Games the human won.
    pub wins: u32,
    /// Games the human lost.
    pub losses: u32,
    /// Games drawn.
    pub draws: u32,
    /// Hints asked for in the games counted here.
    #[serde(default)]
    pub hints_used: u32,
    /// Wins in which the player used at least one hint.
    #[serde(default)]
    pub wins_with_hints: u32,
}

impl StatsEntry {
    /// Wins without any hint: what a player is proudest of.
    pub fn wins_without_hints(&self) -> u32 {
        self.wins.saturating_sub(self.wins_with_hints)
    }
}

pub const STATS_FORMAT: &str = "mills-stats";
pub const STATS_VERSION: u32 = 1;

#[derive(Serialize, Deserialize)]
struct StatsFile {
    format: String,
    version: u32,
    entries: Vec<StatsEntry>,
}

pub use crate::store::StatsError;

/// Serializes every read-modify-write of statistics files in this process.
static STATS_LOCK: Mutex<()> = Mutex::new(());

/// A statistics file.
#[derive(Clone, Debug)]
pub struct StatsStore {
    path: PathBuf,
}

impl StatsStore {
    /// Statistics kept in the file at `path` (read and written on each update).
    pub fn new(path: impl Into<PathBuf>) -> StatsStore {
        StatsStore { path: path.into() }
    }

    /// The statistics file.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// The entries, sorted by game then level; empty when there is no file yet.
    pub fn load(&self) -> Result<Vec<StatsEntry>, StatsError> {
        let _guard = STATS_LOCK.lock().unwrap_or_else(|e| e.into_inner());
        self.read()
    }

    /// Counts one finished game, in which the player used `hints` hints, and writes the file.
    pub fn record(
        &self,
        game: Variant,
        level: Level,
        result: HumanResult,
        hints: u32,
    ) -> Result<Vec<StatsEntry>, StatsError> {
        let _guard = STATS_LOCK.lock().unwrap_or_else(|e| e.into_inner());
        let mut entries = match self.read() {
            Ok(entries) => entries,
            Err(StatsError::Corrupt(why)) => {
                // Keep the unreadable file for inspection and start again.
                log::warn!("statistics unreadable ({why}); starting afresh");
                let aside = self.path.with_extension("corrupt");
                let _ = std::fs::rename(&self.path, aside);
                Vec::new()
            }
            Err(err) => return Err(err),
        };
        let index = match entries
            .iter()
            .position(|e| e.game == game && e.level == level)
        {
            Some(i) => i,
            None => {
                entries.push(StatsEntry {
                    game,
                    level,
                    wins: 0,
                    losses: 0,
                    draws: 0,
                    hints_used: 0,
                    wins_with_hints: 0,
                });
                entries.len() - 1
            }
        };
        let entry = &mut entries[index];
        let counter = match result {
            HumanResult::Win => &mut entry.wins,
            HumanResult::Loss => &mut entry.losses,
            HumanResult::Draw => &mut entry.draws,
        };
        *counter = counter.saturating_add(1);
        entry.hints_used = entry.hints_used.saturating_add(hints);
        if result == HumanResult::Win && hints > 0 {
            entry.wins_with_hints = entry.wins_with_hints.saturating_add(1);
        }
        sort(&mut entries);
        self.write(&entries)?;
        Ok(entries)
    }

    /// Forgets everything.
    pub fn reset(&self) -> Result<(), StatsError> {
        let _guard = STATS_LOCK.lock().unwrap_or_else(|e| e.into_inner());
        self.write(&[])
    }

    fn read(&self) -> Result<Vec<StatsEntry>, StatsError> {
        let text = store::read_if_exists(&self.path).map_err(|e| StatsError::Io(e.to_string()))?;
        let Some(text) = text else {
            return Ok(Vec::new());
        };
        let file: StatsFile =
            serde_json::from_str(&text).map_err(|e| StatsError::Corrupt(e.to_string()))?;
        if file.format != STATS_FORMAT {
            return Err(StatsError::Corrupt(format!(
                "format '{}' is not '{STATS_FORMAT}'",
                file.format
            )));
        }
        if file.version != STATS_VERSION {
            return Err(StatsError::Corrupt(format!(
                "unknown version {}",
                file.version
            )));
        }
        let mut entries = file.entries;
        sort(&mut entries);
        Ok(entries)
    }

    fn write(&self, entries: &[StatsEntry]) -> Result<(), StatsError> {
        let file = StatsFile {
            format: STATS_FORMAT.to_string(),
            version: STATS_VERSION,
            entries: entries.to_vec(),
        };
        let text =
            serde_json::to_string_pretty(&file).map_err(|e| StatsError::Io(e.to_string()))?;
        store::write_atomic(&self.path, text.as_bytes()).map_err(|e| StatsError::Io(e.to_string()))
    }
}

fn sort(entries: &mut [StatsEntry]) {
    let order = |v: Variant| Variant::ALL.iter().position(|x| *x == v);
    entries.sort_by_key(|e| (order(e.game), e.level));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn results_are_counted_per_game_and_level() {
        let dir = store::test_dir("stats");
        let stats = StatsStore::new(dir.join("stats.json"));
        assert_eq!(stats.load().unwrap(), vec![]);
        let l3 = Level::new(3).unwrap();
        let l7 = Level::new(7).unwrap();
        stats
            .record(Variant::ZhiQi, l7, HumanResult::Win, 0)
            .unwrap();
        stats
            .record(Variant::ZhiQi, l3, HumanResult::Loss, 0)
            .unwrap();
        stats
            .record(Variant::ZhiQi, l3, HumanResult::Draw, 0)
            .unwrap();
        stats
            .record(Variant::LinkedHorse, l3, HumanResult::Win, 0)
            .unwrap();
        let entries = StatsStore::new(dir.join("stats.json")).load().unwrap();
        let summary: Vec<_> = entries
            .iter()
            .map(|e| (e.game, e.level.number(), e.wins, e.losses, e.draws))
            .collect();
        assert_eq!(
            summary,
            vec![
                (Variant::ZhiQi, 3, 0, 1, 1),
                (Variant::ZhiQi, 7, 1, 0, 0),
                (Variant::LinkedHorse, 3, 1, 0, 0),
            ]
        );
        stats.reset().unwrap();
        assert_eq!(stats.load().unwrap(), vec![]);
        std::fs::remove_dir_all(dir).unwrap();
    }

    #[test]
    fn hints_are_counted_with_the_results() {
        let dir = store::test_dir("stats-hints");
        let stats = StatsStore::new(dir.join("stats.json"));
        let l5 = Level::new(5).unwrap();
        stats
            .record(Variant::ZhiQi, l5, HumanResult::Win, 2)
            .unwrap();
        stats
            .record(Variant::ZhiQi, l5, HumanResult::Win, 0)
            .unwrap();
        stats
            .record(Variant::ZhiQi, l5, HumanResult::Loss, 3)
            .unwrap();
        let entries = StatsStore::new(dir.join("stats.json")).load().unwrap();
        let entry = entries[0];
        assert_eq!((entry.wins, entry.losses, entry.draws), (2, 1, 0));
        assert_eq!((entry.hints_used, entry.wins_with_hints), (5, 1));
        assert_eq!(entry.wins_without_hints(), 1);
        std::fs::remove_dir_all(dir).unwrap();
    }

    #[test]
    fn a_file_from_before_hints_reads_with_no_hints_used() {
        let dir = store::test_dir("stats-old");
        let path = dir.join("stats.json");
        let old = r#"{"format":"mills-stats","version":1,"entries":[
            {"game":"twelve-mens-morris","level":4,"wins":3,"losses":1,"draws":2}]}"#;
        std::fs::write(&path, old).unwrap();
        let stats = StatsStore::new(&path);
        let entry = stats.load().unwrap()[0];
        assert_eq!(
            (entry.wins, entry.hints_used, entry.wins_with_hints),
            (3, 0, 0)
        );
        assert_eq!(entry.wins_without_hints(), 3);
        let level = Level::new(4).unwrap();
        let after = stats
            .record(Variant::TwelveMensMorris, level, HumanResult::Win, 1)
            .unwrap();
        assert_eq!(
            (after[0].wins, after[0].hints_used, after[0].wins_with_hints),
            (4, 1, 1)
        );
        let bad = old.replace("\"draws\":2", "\"draws\":2,\"hints_used\":-4");
        std::fs::write(&path, bad).unwrap();
        assert!(matches!(stats.load(), Err(StatsError::Corrupt(_))));
        std::fs::remove_dir_all(dir).unwrap();
    }

    #[test]
    fn a_corrupt_file_is_reported_then_set_aside() {
        let dir = store::test_dir("stats-corrupt");
        let path = dir.join("stats.json");
        std::fs::write(&path, "{\"format\":\"mills-stats\",").unwrap();
        let stats = StatsStore::new(&path);
        assert!(matches!(stats.load(), Err(StatsError::Corrupt(_))));
        let entries = stats
            .record(Variant::TwelveMensMorris, Level::MIN, HumanResult::Loss, 0)
            .unwrap();
        assert_eq!(entries.len(), 1);
        assert!(path.with_extension("corrupt").exists());
        std::fs::remove_dir_all(dir).unwrap();
    }
}
