//! What a lesson or a puzzle makes of an action played: the verdicts a tap carries beside
//! its step (`tap`), and the puzzle's result and wrong turn they name.

use mills_core::puzzles as core;

use super::config::Player;

/// How an accepted action of the learner's left the lesson.
#[derive(Debug, Clone, PartialEq, Eq, uniffi::Enum)]
pub enum LessonVerdict {
    /// On the way: the learner's turn goes on (a removal or a step is owed).
    OnTheWay,
    /// The learner's turn ended and the opponent answered from the script: `actions` in
    /// notation. Its board changes are those after the tap verdict's `played_revision`.
    OpponentReplied {
        player: Player,
        actions: Vec<String>,
    },
    /// The goal is reached; `message` is the lesson's closing words.
    Solved { message: String },
}

/// How a puzzle's first attempt went (what the statistics record).
#[derive(Debug, Clone, Copy, PartialEq, Eq, uniffi::Enum)]
pub enum PuzzleResult {
    Solved,
    /// Solved after asking for `hints` hints.
    SolvedWithHints {
        hints: u32,
    },
    /// A wrong turn was made.
    Failed,
}

impl From<core::PuzzleResult> for PuzzleResult {
    fn from(r: core::PuzzleResult) -> PuzzleResult {
        match r {
            core::PuzzleResult::Solved => PuzzleResult::Solved,
            core::PuzzleResult::SolvedWithHints { hints } => {
                PuzzleResult::SolvedWithHints { hints }
            }
            core::PuzzleResult::Failed => PuzzleResult::Failed,
        }
    }
}

impl From<PuzzleResult> for core::PuzzleResult {
    fn from(r: PuzzleResult) -> core::PuzzleResult {
        match r {
            PuzzleResult::Solved => core::PuzzleResult::Solved,
            PuzzleResult::SolvedWithHints { hints } => {
                core::PuzzleResult::SolvedWithHints { hints }
            }
            PuzzleResult::Failed => core::PuzzleResult::Failed,
        }
    }
}

/// What a wrong turn allows: an endgame's from the tables, counted in whole turns; a
/// tactic's that its goal is no longer forced.
#[derive(Debug, Clone, Copy, PartialEq, Eq, uniffi::Enum)]
pub enum Consequence {
    /// Now the game is a draw with best play.
    Draw,
    /// Now the opponent wins in this many of its turns (0: the turn lost at once).
    Loss { opponent_turns: u16 },
    /// Still a win, but in this many more of the player's turns: too slow.
    SlowerWin { turns: u16 },
    /// A tactic's goal is no longer forced: the opponent can now stop it in the turns left.
    GoalNotForced,
}

impl From<core::Consequence> for Consequence {
    fn from(c: core::Consequence) -> Consequence {
        match c {
            core::Consequence::Draw => Consequence::Draw,
            core::Consequence::Loss { opponent_turns } => Consequence::Loss { opponent_turns },
            core::Consequence::SlowerWin { turns } => Consequence::SlowerWin { turns },
            core::Consequence::GoalNotForced => Consequence::GoalNotForced,
        }
    }
}

/// A wrong turn and what it did.
#[derive(Debug, Clone, PartialEq, Eq, uniffi::Record)]
pub struct WrongTurn {
    /// The turn played, in notation.
    pub played: Vec<String>,
    pub consequence: Consequence,
    /// The consequence in words, in the session's language ("Now you lose in 7 turns.").
    pub explanation: String,
    /// A turn that would have kept the win in time, in notation.
    pub right: Vec<String>,
}

/// What a played action of the player's did.
#[derive(Debug, Clone, PartialEq, Eq, uniffi::Enum)]
pub enum TurnVerdict {
    /// The turn goes on (a removal or the step after a pull is owed).
    Continue,
    /// A right turn; the defender answered with `reply` (its board changes are those after
    /// the tap verdict's `played_revision`); `turns_left` of the player's turns remain.
    Right { reply: Vec<String>, turns_left: u8 },
    /// Solved with this turn; `result` is the first attempt's.
    Solved { result: PuzzleResult },
    /// A wrong turn: the attempt is over (`retry()`), the turn stays on the board.
    Wrong { wrong: WrongTurn },
}
