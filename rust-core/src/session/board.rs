//! The board session: what every screen with a board reads, whoever referees the moves.
//!
//! A game against the computer or a friend on the same phone, a lesson, a puzzle and an
//! online game all keep one [`super::state::State`] (the position, the tap step, the change
//! log); what differs is the referee that judges a tap (the rules alone, the lesson's
//! script, the puzzle's judge, the server). The screens draw and animate every one of them
//! the same way, from [`BoardSession::changes_since`], so they read them through this one
//! trait.

use super::changes::ChangeBatch;
use super::snapshot::Snapshot;

/// A board a screen draws: its snapshot now, and the numbered changes that led to it.
/// Implemented by [`super::GameSession`] (which also shows an online game),
/// [`super::LessonSession`] and [`super::PuzzleTapSession`], each beside its session.
pub trait BoardSession {
    /// Everything the screen draws, now.
    fn snapshot(&self) -> Snapshot;

    /// The board changes after `revision` (oldest first) and the snapshot they lead to, read
    /// at one moment: empty for the current revision, a single
    /// [`super::Change::Reset`] when `revision` is older than the changes kept (or not this
    /// board's).
    fn changes_since(&self, revision: u64) -> ChangeBatch;
}
