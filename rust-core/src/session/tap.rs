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
use super::snapshot::Expect;
use super::state::{Effects, State};

impl State {
    /// What the side to move must do next.
    pub fn expect(&self) -> Expect {
        let position = self.game.position();
        if self.game.is_over() {
            return Expect::GameOver;
        }
        match position.pending() {
            Pending::Remove {
                kind: RemovalKind::Pin,
                count,
            } => Expect::Pin { remaining: count },
            Pending::Remove {
                kind: RemovalKind::Capture,
                count,
            } => Expect::Capture { remaining: count },
            Pending::Remove {
                kind: RemovalKind::Pull,
                ..
            } => Expect::Pull,
            Pending::StepAfterPull => Expect::StepAfterPull {
                from: self.selected,
            },
            Pending::None => match (position.phase(), self.selected) {
                (Phase::Placing, _) => Expect::Place,
                (Phase::Moving, None) => Expect::PickPiece,
                (Phase::Moving, Some(from)) => Expect::PickDestination { from },
            },
        }
    }

    /// The points where a tap does what [`State::expect`] asks; none on the computer's turn.
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
        match self.expect() {
            Expect::GameOver => Bitboard::EMPTY,
            Expect::Place => position.empty(),
            Expect::PickPiece | Expect::StepAfterPull { from: None } => movable(),
            Expect::PickDestination { from } | Expect::StepAfterPull { from: Some(from) } => {
                position.step_targets(from)
            }
            Expect::Pin { .. } => position.removal_targets(RemovalKind::Pin),
            Expect::Capture { .. } => position.removal_targets(RemovalKind::Capture),
            Expect::Pull => position.removal_targets(RemovalKind::Pull),
        }
    }

    pub fn tap(&mut self, p: Point, now: u64, fx: &mut Effects) -> Result<TapOutcome, Refusal> {
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
        match self.expect() {
            Expect::GameOver => Err(Refusal::GameOver),
            Expect::Place => match owner {
                Some(_) => Err(Refusal::Occupied(p)),
                None => self.play(Action::Place(p), now, fx),
            },
            Expect::Pin { .. } | Expect::Capture { .. } | Expect::Pull => {
                self.play(Action::Remove(p), now, fx)
            }
            Expect::PickPiece | Expect::StepAfterPull { from: None } => self.pick(p),
            Expect::PickDestination { from } | Expect::StepAfterPull { from: Some(from) } => {
                if p == from {
                    self.selected = None;
                    Ok(TapOutcome::Deselected(p))
                } else if owner == Some(us) {
                    self.pick(p)
                } else if owner.is_some() {
                    Err(Refusal::NotYourPiece(p))
                } else if position.step_targets(from).contains(p) {
                    self.play(Action::Step { from, to: p }, now, fx)
                } else {
                    Err(Refusal::NotAdjacent { from, to: p })
                }
            }
        }
    }

    /// Picks up the piece on `p` to move it.
    fn pick(&mut self, p: Point) -> Result<TapOutcome, Refusal> {
        let position = self.game.position();
        match position.owner(p) {
            None => Err(Refusal::NoPieceThere(p)),
            Some(side) if side != position.side_to_move() => Err(Refusal::NotYourPiece(p)),
            Some(_) if position.step_targets(p).is_empty() => Err(Refusal::CannotMove(p)),
            Some(_) => {
                self.selected = Some(p);
                Ok(TapOutcome::Selected(p))
            }
        }
    }

    /// Plays a legal action of the human's.
    fn play(&mut self, action: Action, now: u64, fx: &mut Effects) -> Result<TapOutcome, Refusal> {
        let position = *self.game.position();
        let side = position.side_to_move();
        let removal = match (action, position.pending()) {
            (Action::Remove(_), Pending::Remove { kind, .. }) => Some(kind),
            _ => None,
        };
        let geometry = position.rules().geometry();
        let arrival = match action {
            Action::Place(to) => Some((position.board(side), to)),
            Action::Step { from, to } => Some((position.board(side).without(from), to)),
            _ => None,
        };
        let lines_formed = arrival
            .map(|(ours, to)| {
                geometry
                    .lines_completed_at(ours.with(to), to)
                    .filter_map(|mut line| Some([line.next()?, line.next()?, line.next()?]))
                    .collect()
            })
            .unwrap_or_default();
        let before = self.game.outcome();
        self.game.play(action).map_err(refusal_for)?;
        self.redo.clear();
        let after = self.game.position();
        let turn_ended = self.game.is_over() || after.turns() != position.turns();
        self.refresh(now, false, before, fx);
        Ok(TapOutcome::Played(Played {
            side,
            action,
            removal,
            lines_formed,
            turn_ended,
            outcome: self.game.outcome(),
        }))
    }
}

/// The refusal for an action the rules reject.
fn refusal_for(err: IllegalAction) -> Refusal {
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
