//! The learner's turn as a lesson follows it: what the learner has done so far, and whether
//! the side to move is still in the middle of a turn it started.

use crate::position::{Pending, Position, RemovalKind};

/// The learner's result so far, counted action by action (a goal is judged on it).
#[derive(Clone, Copy, Default, PartialEq, Eq, Debug)]
pub struct Tally {
    pub pins: u8,
    pub captures: u8,
    pub pulls: u8,
    pub stabled: u8,
    pub passes: u8,
}

/// Whether the side to move is in the middle of a turn it started: it still owes a pin or
/// capture its own move earned, or the step after its pull. A pull owed is the *start* of a
/// blocked side's turn, not the middle of one ([`Position::is_mid_turn`] counts it as
/// mid-turn, so it cannot tell a turn that went on from the next side's blocked turn).
pub fn owes_rest_of_turn(position: &Position) -> bool {
    !position.is_over()
        && match position.pending() {
            Pending::None => false,
            Pending::Remove { kind, .. } => kind != RemovalKind::Pull,
            Pending::StepAfterPull => true,
        }
}
