//! What the tables say of a position: its exact value for the side to move, the result with
//! best play, and each turn ranked by the value it leads to.

use std::fmt;

use crate::action::Action;
use crate::rules::Side;

/// An exact result of a position with best play, as endgame tables give it.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum ExactResult {
    /// `winner` wins in `turns` turns (0: the game is already won).
    Win {
        /// The side that wins.
        winner: Side,
        /// Turns until it has won.
        turns: u32,
    },
    /// Best play draws.
    Draw,
}

/// The exact value of a table position for the side to move.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum TableValue {
    /// The side to move wins, at the latest on its turn this many turns from now
    /// (1 = this turn).
    Win(u16),
    /// Best play draws.
    Draw,
    /// The side to move loses after this many turns at the most (0 = it has lost already).
    Loss(u16),
}

impl TableValue {
    pub(super) fn from_byte(byte: u8) -> TableValue {
        match byte {
            0 => TableValue::Draw,
            v => {
                let turns = u16::from(v - 1);
                if turns % 2 == 1 {
                    TableValue::Win(turns)
                } else {
                    TableValue::Loss(turns)
                }
            }
        }
    }

    /// The value one turn earlier, for the side that made that turn.
    pub fn before_turn(self) -> TableValue {
        match self {
            TableValue::Win(d) => TableValue::Loss(d + 1),
            TableValue::Draw => TableValue::Draw,
            TableValue::Loss(d) => TableValue::Win(d + 1),
        }
    }

    /// Orders values best first for the side to move: quick wins, draws, slow losses.
    pub(super) fn preference(self) -> (u8, i32) {
        match self {
            TableValue::Win(d) => (0, i32::from(d)),
            TableValue::Draw => (1, 0),
            TableValue::Loss(d) => (2, -i32::from(d)),
        }
    }
}

impl fmt::Display for TableValue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TableValue::Win(d) => write!(f, "win in {d} turn{}", if *d == 1 { "" } else { "s" }),
            TableValue::Draw => f.write_str("draw"),
            TableValue::Loss(0) => f.write_str("lost"),
            TableValue::Loss(d) => write!(f, "loss in {d} turns"),
        }
    }
}

/// A turn from a table position with the value it leads to, for the side that plays it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RankedTurn {
    /// The turn's actions.
    pub actions: Vec<Action>,
    /// The value for the side that plays the turn.
    pub value: TableValue,
}
