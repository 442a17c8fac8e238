//! The two kinds of puzzle the engine ships (docs/puzzles.md).

/// What a puzzle asks, and so what proves it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PuzzleKind {
    /// "Win in N": an ending inside the endgame tables, proved by them.
    Endgame,
    /// "Gain K within N turns whatever the opponent does": a position from the placement or
    /// the early movement phase, proved by an exhaustive search of that goal.
    Tactic,
}
