//! The touch interaction: one tap on a point, interpreted by what the side to move must do.
//!
//! - Placing: a tap on an empty point places there.
//! - Moving (and the step after a pull): a tap on one of your pieces that can move picks it
//!   up; then a tap on an empty neighbour steps there, a tap on another of your movable pieces
//!   picks that one instead, and a tap on the picked piece puts it back.
//! - A pin, capture or pull owed: a tap on an opponent piece that may be taken takes it.
//!
//! Anything else is refused with a [`Refusal`] and changes nothing.

use crate::action::Action;
use crate::board::Point;
use crate::position::{IllegalAction, Pending, Phase, RemovalKind};

use super::events::{Played, Refusal, TapOutcome};
use super::snapshot::NextStep;
use super::state::{Effects, State};

/// What a tap means before anything is played.
pub(super) enum TapStep {
    Selected(Point),
    Deselected(Point),
    Act(Action),
}

impl State {
    /// What the side to move must do next.
    pub fn next_step(&self) -> NextStep {
        let position = self.game.position();
        if self.game.is_over() {
            return NextStep::GameOver;
        }
        match position.pending() {
            Pending::Remove {
                kind: RemovalKind::Pin,
                count,
            } => NextStep::Pin { remaining: count },
            Pending::Remove {
                kind: RemovalKind::Capture,
                count,
            } => NextStep::Capture { remaining: count },
            Pending::Remove {
                kind: RemovalKind::Pull,
                ..
            } => NextStep::Pull,
            Pending::StepAfterPull => NextStep::StepAfterPull {
                from: self.selected,
            },
            Pending::None => match (position.phase(), self.selected) {
                (Phase::Placing, _) => NextStep::Place,
                (Phase::Moving, None) => NextStep::PickPiece,
                (Phase::Moving, Some(from)) => NextStep::PickDestination { from },
            },
        }
    }

    /// The points where a tap does what [`State::next_step`] asks; none on the computer's turn.
    pub fn targets(&self) -> crate::board::Bitboard {
        use crate::board::Bitboard;
        let position = self.game.position();
        if !self.is_human(position.side_to_move()) {
            return Bitboard::EMPTY;
        }
        let movable = || {
            position
                .board(position.side_to_move())
                .filter(|p| !position.step_targets(*p).is_empty())
                .fold(Bitboard::EMPTY, Bitboard::with)
        };
        match self.next_step() {
            NextStep::GameOver => Bitboard::EMPTY,
            NextStep::Place => position.empty(),
            NextStep::PickPiece | NextStep::StepAfterPull { from: None } => movable(),
            NextStep::PickDestination { from } | NextStep::StepAfterPull { from: Some(from) } => {
                position.step_targets(from)
            }
            NextStep::Pin { .. } => position.removal_targets(RemovalKind::Pin),
            NextStep::Capture { .. } => position.removal_targets(RemovalKind::Capture),
            NextStep::Pull => position.removal_targets(RemovalKind::Pull),
        }
    }

    pub fn tap(&mut self, p: Point, now: u64, fx: &mut Effects) -> Result<TapOutcome, Refusal> {
        match self.tap_step(p)? {
            TapStep::Selected(p) => Ok(TapOutcome::Selected(p)),
            TapStep::Deselected(p) => Ok(TapOutcome::Deselected(p)),
            TapStep::Act(action) => self.play(action, now, fx),
        }
    }

    /// What a tap on `p` means, picking up or putting down a piece on the way; an action is
    /// returned unplayed (a game plays it, a lesson judges it first).
    pub(super) fn tap_step(&mut self, p: Point) -> Result<TapStep, Refusal> {
        if self.closed {
            return Err(Refusal::Closed);
        }
        if self.game.is_over() {
            return Err(Refusal::GameOver);
        }
        let position = *self.game.position();
        let us = position.side_to_move();
        if !self.is_human(us) {
            return Err(Refusal::ComputerThinking);
        }
        let owner = position.owner(p);
        match self.next_step() {
            NextStep::GameOver => Err(Refusal::GameOver),
            NextStep::Place => match owner {
                Some(_) => Err(Refusal::Occupied(p)),
                None => Ok(TapStep::Act(Action::Place(p))),
            },
            NextStep::Pin { .. } | NextStep::Capture { .. } | NextStep::Pull => {
                Ok(TapStep::Act(Action::Remove(p)))
            }
            NextStep::PickPiece | NextStep::StepAfterPull { from: None } => {
                self.pick(p).map(TapStep::Selected)
            }
            NextStep::PickDestination { from } | NextStep::StepAfterPull { from: Some(from) } => {
                if p == from {
                    self.selected = None;
                    Ok(TapStep::Deselected(p))
                } else if owner == Some(us) {
                    self.pick(p).map(TapStep::Selected)
                } else if owner.is_some() {
                    Err(Refusal::NotYourPiece(p))
                } else if position.step_targets(from).contains(p) {
                    Ok(TapStep::Act(Action::Step { from, to: p }))
                } else {
                    Err(Refusal::NotAdjacent { from, to: p })
                }
            }
        }
    }

    /// Picks up the piece on `p` to move it.
    fn pick(&mut self, p: Point) -> Result<Point, Refusal> {
        let position = self.game.position();
        match position.owner(p) {
            None => Err(Refusal::NoPieceThere(p)),
            Some(side) if side != position.side_to_move() => Err(Refusal::NotYourPiece(p)),
            Some(_) if position.step_targets(p).is_empty() => Err(Refusal::CannotMove(p)),
            Some(_) => {
                self.selected = Some(p);
                Ok(p)
            }
        }
    }

    /// Plays a legal action of the human's.
    fn play(&mut self, action: Action, now: u64, fx: &mut Effects) -> Result<TapOutcome, Refusal> {
        let side = self.game.position().side_to_move();
        let before = self.game.outcome();
        let (applied, _) = self.play_action(action).map_err(refusal_for)?;
        self.redo.clear();
        self.refresh(now, applied.turn_ended, before, fx);
        Ok(TapOutcome::Played(Played {
            side,
            action,
            turn_ended: applied.turn_ended,
            outcome: self.game.outcome(),
        }))
    }
}

/// The refusal for an action the rules reject.
pub(super) fn refusal_for(err: IllegalAction) -> Refusal {
    match err {
        IllegalAction::GameOver => Refusal::GameOver,
        IllegalAction::Occupied(p) => Refusal::Occupied(p),
        IllegalAction::NotYourPiece(p) => Refusal::NotYourPiece(p),
        IllegalAction::NotAdjacent { from, to } => Refusal::NotAdjacent { from, to },
        IllegalAction::NotOpponentPiece(p) => Refusal::NotOpponentPiece(p),
        IllegalAction::InMill(p) => Refusal::InMill(p),
        IllegalAction::NotNextToYours(p) => Refusal::NotNextToYours(p),
        other => Refusal::Illegal(other),
    }
}
