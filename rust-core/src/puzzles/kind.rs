//! The two kinds of puzzle: endgames proved by the tables and tactics from the opening and
//! the middle game. Every shipped puzzle is an endgame until the tactics ship.

use super::set::Puzzle;

/// What kind of puzzle it is, which says what its goal is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PuzzleKind {
    /// "Win in N", proved by the endgame tables.
    Endgame,
    /// A goal from the opening or the middle game, checked exactly by a search.
    Tactic,
}

impl Puzzle {
    /// The puzzle's kind.
    pub fn kind(&self) -> PuzzleKind {
        PuzzleKind::Endgame
    }
}
