//! The tables a process has loaded, one slot per game, shared by every session's computer
//! player, its hints and its analysis. Filled by [`super::prepare`] when the files are ready
//! (loaded, or built in the background); read at the start of every search, so a session
//! opened before the tables were ready uses them from its next turn on.

use std::fmt;
use std::sync::{Arc, RwLock};

use crate::level::Level;
use crate::position::Position;
use crate::rules::Variant;

use super::endgame::EndgameTables;
use super::value::{ExactResult, TableValue};

/// Levels from this one up probe the tables. Levels 1–7 stray from the best action on
/// purpose (to be beatable); exact scores would make every one of them play endgames
/// perfectly and flatten the ladder's low end. Levels 8–10 play their best action and
/// should never misplay an ending the tables know.
pub const TABLES_FROM_LEVEL: u8 = 8;

/// Whether the computer at `level` uses the endgame tables.
pub fn level_uses_tables(level: Level) -> bool {
    level.number() >= TABLES_FROM_LEVEL
}

/// One slot of loaded tables per game.
#[derive(Default)]
pub struct TableShelf {
    games: RwLock<[Option<Arc<EndgameTables>>; 3]>,
}

impl fmt::Debug for TableShelf {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let loaded: Vec<String> = Variant::ALL
            .iter()
            .filter_map(|&v| {
                self.get(v)
                    .map(|t| format!("{} up to {}", v.id(), t.max_pieces()))
            })
            .collect();
        f.debug_struct("TableShelf")
            .field("loaded", &loaded)
            .finish()
    }
}

impl TableShelf {
    /// An empty shelf.
    pub fn new() -> TableShelf {
        TableShelf::default()
    }

    /// The tables of `variant`, if loaded.
    pub fn get(&self, variant: Variant) -> Option<Arc<EndgameTables>> {
        self.games.read().unwrap_or_else(|e| e.into_inner())[slot(variant)].clone()
    }

    /// Puts tables on the shelf (replacing the game's previous ones).
    pub fn put(&self, tables: Arc<EndgameTables>) {
        let at = slot(tables.variant());
        self.games.write().unwrap_or_else(|e| e.into_inner())[at] = Some(tables);
    }

    /// Takes every game's tables off the shelf.
    pub fn clear(&self) {
        *self.games.write().unwrap_or_else(|e| e.into_inner()) = Default::default();
    }

    /// The tables the computer at `level` plays `variant` with: none below
    /// [`TABLES_FROM_LEVEL`].
    pub fn for_level(&self, variant: Variant, level: Level) -> Option<Arc<EndgameTables>> {
        level_uses_tables(level)
            .then(|| self.get(variant))
            .flatten()
    }

    /// The exact result of `position` with best play, when its game's tables know it, for
    /// the analysis ("White wins in 7 turns", "Draw"). A win or loss that would not come
    /// before the quiet-turn rule draws the game is not claimed (the search decides it).
    pub fn exact(&self, position: &Position) -> Option<ExactResult> {
        let tables = self.get(position.rules().variant)?;
        exact_result(&tables, position)
    }
}

/// A game's place on the shelf: its place in [`Variant::ALL`].
fn slot(variant: Variant) -> usize {
    Variant::ALL.iter().position(|&v| v == variant).unwrap_or(0)
}

/// The exact result `tables` give `position`, as [`TableShelf::exact`] says.
pub fn exact_result(tables: &EndgameTables, position: &Position) -> Option<ExactResult> {
    let mover = position.side_to_move();
    let (winner, turns) = match tables.probe(position)? {
        TableValue::Draw => return Some(ExactResult::Draw),
        TableValue::Win(d) => (mover, d),
        TableValue::Loss(d) => (mover.opponent(), d),
    };
    let quiet_limit = position.rules().draws.quiet_turns;
    if quiet_limit > 0 && position.quiet_turns() + u32::from(turns) > u32::from(quiet_limit) {
        return None;
    }
    Some(ExactResult::Win {
        winner,
        turns: u32::from(turns),
    })
}
