//! How a game ends.

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::rules::Side;

/// Why a side won.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum WinReason {
    /// Zhi Qi: the opponent has no pieces left, on the board or in hand.
    TookAll,
    /// Twelve Men's Morris: the opponent's pieces fell to two.
    ReducedToTwo,
    /// Linked-Horse: an empty hand and three pieces in a line.
    ThreeInLine,
    /// The opponent had no legal step.
    Blocked,
    /// The opponent resigned.
    Resignation,
}

/// Why a game was drawn.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum DrawReason {
    /// Twelve Men's Morris: the board was full when movement started.
    BoardFull,
    /// Zhi Qi: both sides down to two pieces in the movement phase.
    BothAtTwo,
    /// The same position for the third time.
    Repetition,
    /// 100 movement turns without a capture, pin, pull or stabling.
    QuietTurns,
}

/// A finished game.
///
/// How a game ended, in words and as data:
///
/// ```
/// use mills_core::{Game, Rules, Side};
///
/// let mut game = Game::new(Rules::TWELVE_MENS_MORRIS);
/// game.resign(Side::P1)?;
/// let outcome = game.outcome().expect("over");
/// assert_eq!(outcome.winner(), Some(Side::P2));
/// assert_eq!(outcome.to_string(), "P2 wins: the opponent resigned");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(tag = "result", rename_all = "kebab-case")]
pub enum Outcome {
    /// A side won.
    Win {
        /// The side that won.
        winner: Side,
        /// How.
        reason: WinReason,
    },
    /// Nobody won.
    Draw {
        /// Why the game is drawn.
        reason: DrawReason,
    },
}

impl Outcome {
    /// The winner, if a side won.
    pub const fn winner(self) -> Option<Side> {
        match self {
            Outcome::Win { winner, .. } => Some(winner),
            Outcome::Draw { .. } => None,
        }
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Outcome::Win { winner, reason } => {
                let why = match reason {
                    WinReason::TookAll => "took every opposing piece",
                    WinReason::ReducedToTwo => "reduced the opponent to two pieces",
                    WinReason::ThreeInLine => "three pieces left, in a line",
                    WinReason::Blocked => "the opponent cannot move",
                    WinReason::Resignation => "the opponent resigned",
                };
                write!(f, "{winner} wins: {why}")
            }
            Outcome::Draw { reason } => {
                let why = match reason {
                    DrawReason::BoardFull => "the board is full",
                    DrawReason::BothAtTwo => "both sides are down to two pieces",
                    DrawReason::Repetition => "the same position three times",
                    DrawReason::QuietTurns => "100 turns without a capture",
                };
                write!(f, "draw: {why}")
            }
        }
    }
}
