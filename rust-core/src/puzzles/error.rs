//! What a puzzle call cannot do.

use std::fmt;

use crate::position::IllegalAction;
use crate::rules::Variant;

/// Something a puzzle call cannot do.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PuzzleError {
    /// No puzzle has this id.
    UnknownPuzzle(String),
    /// A game has no puzzles.
    NoPuzzles(Variant),
    /// A puzzle file that cannot be read.
    BadData {
        /// The line, from 1.
        line: usize,
        /// What is wrong.
        reason: String,
    },
    /// A puzzle's moves do not replay from the start (the puzzle and why).
    NotReachable(String),
    /// The tables given are of another game.
    WrongTables {
        /// The puzzle's game.
        puzzle: Variant,
        /// The tables' game.
        tables: Variant,
    },
    /// The tables do not give the puzzle's win (they are smaller, or the puzzle is wrong).
    NotProved(String),
    /// An illegal action; nothing changed.
    Illegal(IllegalAction),
    /// A turn that does not end where it should (too few or too many actions).
    IncompleteTurn,
    /// The attempt is over (solved or failed): retry or take the next puzzle.
    NotPlaying,
    /// No such calendar date.
    BadDate {
        /// The year.
        year: i32,
        /// The month, 1 to 12.
        month: u32,
        /// The day of the month.
        day: u32,
    },
}

impl fmt::Display for PuzzleError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PuzzleError::UnknownPuzzle(id) => write!(f, "no puzzle '{id}'"),
            PuzzleError::NoPuzzles(v) => write!(f, "no puzzles for {v}"),
            PuzzleError::BadData { line, reason } => {
                write!(f, "puzzle data, line {line}: {reason}")
            }
            PuzzleError::NotReachable(why) => write!(f, "a puzzle not reached by its moves: {why}"),
            PuzzleError::WrongTables { puzzle, tables } => {
                write!(f, "a {puzzle} puzzle needs {puzzle} tables, not {tables}")
            }
            PuzzleError::NotProved(id) => write!(f, "the tables do not prove puzzle {id}"),
            PuzzleError::Illegal(e) => write!(f, "illegal: {e}"),
            PuzzleError::IncompleteTurn => f.write_str("not one whole turn"),
            PuzzleError::NotPlaying => f.write_str("the puzzle is over: retry or take another"),
            PuzzleError::BadDate { year, month, day } => {
                write!(f, "no date {year:04}-{month:02}-{day:02}")
            }
        }
    }
}

impl std::error::Error for PuzzleError {}
