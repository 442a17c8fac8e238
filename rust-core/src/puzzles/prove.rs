//! Proving a stored puzzle: the moves replay legally from the start (so the position is
//! reachable), the tables give the stated win (an endgame) or the exact goal search the
//! stated goal (a tactic), the first turn is unique, and the stored key and score are the
//! ones the position has.

use std::fmt;

use crate::position::Position;
use crate::rules::Side;
use crate::tables::EndgameTables;

use super::examine::{NotAPuzzle, canonical_key, examine};
use super::goal::{GoalSearch, TacticGoal};
use super::kind::PuzzleKind;
use super::set::{Puzzle, StoredPuzzle, StoredTactic};
use super::tactic::{NotATactic, examine_tactic};

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
    /// The position is not a tactic puzzle (why).
    NotATactic(NotATactic),
    /// The search finds another goal than the stored one (stored, found).
    Goal(TacticGoal, TacticGoal),
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
            ProofFailure::NotATactic(why) => write!(f, "not a tactic: {why:?}"),
            ProofFailure::Goal(s, t) => write!(
                f,
                "stated gain {} within {}, the search says gain {} within {}",
                s.gain, s.turns, t.gain, t.turns
            ),
        }
    }
}

impl std::error::Error for ProofFailure {}

/// Proves `puzzle` (see the module's documentation): an endgame against `tables`, a tactic
/// by [`prove_tactic`] (which needs no tables).
pub fn prove(puzzle: &Puzzle, tables: &EndgameTables) -> Result<(), ProofFailure> {
    if tables.variant() != puzzle.variant {
        return Err(ProofFailure::WrongTables);
    }
    if puzzle.kind() == PuzzleKind::Tactic {
        return prove_tactic(puzzle, &mut GoalSearch::new());
    }
    let position = reached(puzzle)?;
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

/// Proves a tactic by the exact goal search: the position is a tactic puzzle
/// ([`examine_tactic`]) with the stated goal, and the stored key, hands and score are its
/// own. An endgame is refused as not a tactic.
pub fn prove_tactic(puzzle: &Puzzle, search: &mut GoalSearch) -> Result<(), ProofFailure> {
    let stated = TacticGoal {
        gain: puzzle
            .gain
            .ok_or(ProofFailure::NotATactic(NotATactic::InsideTables))?,
        turns: puzzle.turns,
    };
    let position = reached(puzzle)?;
    let examined = examine_tactic(&position, search).map_err(ProofFailure::NotATactic)?;
    if examined.goal != stated {
        return Err(ProofFailure::Goal(stated, examined.goal));
    }
    if puzzle.id != tactic_record(&position, stated.gain).id(puzzle.variant) {
        return Err(ProofFailure::Key);
    }
    let score = examined.difficulty.score();
    if score != puzzle.score {
        return Err(ProofFailure::Score(puzzle.score, score));
    }
    Ok(())
}

/// The position the puzzle's moves reach, which must be a game not over.
fn reached(puzzle: &Puzzle) -> Result<Position, ProofFailure> {
    let game = puzzle
        .game()
        .map_err(|e| ProofFailure::NotReachable(e.to_string()))?;
    if game.is_over() {
        return Err(ProofFailure::NotReachable("the game is over there".into()));
    }
    Ok(*game.position())
}

/// A tactic's stored key and hands as they follow from its position (actions, turns and
/// score left empty).
pub(crate) fn tactic_record(position: &Position, gain: u8) -> StoredPuzzle {
    let (m, o) = canonical_key(position);
    let mover: Side = position.side_to_move();
    StoredPuzzle {
        key: (m.0, o.0),
        actions: Vec::new(),
        turns: 0,
        score: 0,
        tactic: Some(StoredTactic {
            hands: (position.hand(mover), position.hand(mover.opponent())),
            gain,
        }),
    }
}
