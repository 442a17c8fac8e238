//! Proving a stored puzzle against the tables: the moves replay legally from the start (so
//! the position is reachable), the tables give the stated win, the first turn is unique,
//! and the stored key and score are the ones the position has.

use std::fmt;

use crate::tables::EndgameTables;

use super::examine::{NotAPuzzle, canonical_key, examine};
use super::set::Puzzle;

/// Why a stored puzzle is not what it says.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ProofFailure {
    /// The moves do not replay from the start (the replay error).
    NotReachable(String),
    /// The tables are of another game.
    WrongTables,
    /// The position is not a puzzle (why).
    NotAPuzzle(NotAPuzzle),
    /// The win takes another number of turns than stored (stored, found).
    Turns(u8, u8),
    /// The position's key is not the stored one.
    Key,
    /// The score is not the stored one (stored, found).
    Score(u16, u16),
}

impl fmt::Display for ProofFailure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ProofFailure::NotReachable(e) => write!(f, "not reachable: {e}"),
            ProofFailure::WrongTables => f.write_str("tables of another game"),
            ProofFailure::NotAPuzzle(why) => write!(f, "not a puzzle: {why:?}"),
            ProofFailure::Turns(s, t) => write!(f, "stated win in {s}, the tables say {t}"),
            ProofFailure::Key => f.write_str("the key is not the position's"),
            ProofFailure::Score(s, t) => write!(f, "stored score {s}, found {t}"),
        }
    }
}

impl std::error::Error for ProofFailure {}

/// Proves `puzzle` against `tables` (see the module's documentation).
pub fn prove(puzzle: &Puzzle, tables: &EndgameTables) -> Result<(), ProofFailure> {
    if tables.variant() != puzzle.variant {
        return Err(ProofFailure::WrongTables);
    }
    let game = puzzle
        .game()
        .map_err(|e| ProofFailure::NotReachable(e.to_string()))?;
    if game.is_over() {
        return Err(ProofFailure::NotReachable("the game is over there".into()));
    }
    let position = *game.position();
    let examined = examine(tables, &position).map_err(ProofFailure::NotAPuzzle)?;
    let turns = examined.difficulty.turns;
    if turns != puzzle.turns {
        return Err(ProofFailure::Turns(puzzle.turns, turns));
    }
    let (m, o) = canonical_key(&position);
    let id_key = format!("-{:06x}-{:06x}", m.0, o.0);
    if !puzzle.id.ends_with(&id_key) {
        return Err(ProofFailure::Key);
    }
    let score = examined.difficulty.score();
    if score != puzzle.score {
        return Err(ProofFailure::Score(puzzle.score, score));
    }
    Ok(())
}
