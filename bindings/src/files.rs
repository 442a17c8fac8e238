//! Saved-game files and statistics.

use std::path::Path;

use mills_core::{self as store, HumanResult, StatsStore};

use crate::error::{MillsError, guard};
use crate::types::{GameId, parse_level};

/// Reads a saved game (the autosave file), or `None` if there is none yet. Give the text to
/// `GameSession.restore`.
#[uniffi::export]
pub fn read_saved_game(path: String) -> Result<Option<String>, MillsError> {
    guard(|| {
        store::read_if_exists(Path::new(&path)).map_err(|e| MillsError::Io {
            reason: format!("{path}: {e}"),
        })
    })
}

/// Results against one level in one game.
#[derive(Debug, Clone, PartialEq, Eq, uniffi::Record)]
pub struct StatsEntry {
    pub game: GameId,
    pub level: u8,
    pub wins: u32,
    pub losses: u32,
    pub draws: u32,
    /// Hints used in the games counted here.
    pub hints_used: u32,
    /// Wins with at least one hint, and without any (`wins` is their sum).
    pub wins_with_hints: u32,
    pub wins_without_hints: u32,
}

fn entries(list: Vec<mills_core::StatsEntry>) -> Vec<StatsEntry> {
    list.into_iter()
        .map(|e| StatsEntry {
            game: e.game.into(),
            level: e.level.number(),
            wins: e.wins,
            losses: e.losses,
            draws: e.draws,
            hints_used: e.hints_used,
            wins_with_hints: e.wins_with_hints,
            wins_without_hints: e.wins_without_hints(),
        })
        .collect()
}

/// The statistics file's entries (sessions with a `stats_path` keep it up to date).
#[uniffi::export]
pub fn stats_load(path: String) -> Result<Vec<StatsEntry>, MillsError> {
    guard(|| Ok(entries(StatsStore::new(path).load()?)))
}

/// Counts a result by hand (e.g. a game finished before statistics were switched on).
/// `won`: `None` for a draw, otherwise whether the human won; `hints`: hints used in it.
#[uniffi::export(default(hints = 0))]
pub fn stats_record(
    path: String,
    game: GameId,
    level: u8,
    won: Option<bool>,
    hints: u32,
) -> Result<Vec<StatsEntry>, MillsError> {
    guard(|| {
        let result = match won {
            None => HumanResult::Draw,
            Some(true) => HumanResult::Win,
            Some(false) => HumanResult::Loss,
        };
        Ok(entries(StatsStore::new(path).record(
            game.into(),
            parse_level(level)?,
            result,
            hints,
        )?))
    })
}

/// Forgets all statistics.
#[uniffi::export]
pub fn stats_reset(path: String) -> Result<(), MillsError> {
    guard(|| Ok(StatsStore::new(path).reset()?))
}
