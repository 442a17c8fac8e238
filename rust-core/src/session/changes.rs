//! What every action did to the board, as the apps draw it: typed changes, numbered by the
//! session's revision, kept in a short log that [`super::GameSession::changes_since`] reads.
//!
//! The apps animate, sound, announce and highlight from these changes and never re-derive
//! them from notation or by comparing snapshots. Anything that redraws the whole board
//! (undo, redo, a new game, a restored game, a log too old to replay) is one [`Change::Reset`]
//! carrying the board it leads to.

use std::collections::VecDeque;

use crate::action::Action;
use crate::board::Point;
use crate::position::{Applied, Pending, Position, RemovalKind};
use crate::rules::Side;

use super::snapshot::Snapshot;

/// One thing that happened on the board. `side` is always the side that acted.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Change {
    /// A piece of `side` came from its hand to `point`.
    Placed {
        /// Where.
        point: Point,
        /// Whose.
        side: Side,
    },
    /// A piece of `side` moved from `from` to `to`.
    Stepped {
        /// From.
        from: Point,
        /// To.
        to: Point,
        /// Whose.
        side: Side,
    },
    /// Zhi Qi: the opponent's piece on `point` was replaced by one of `side`'s.
    Pinned {
        /// The point that changed colour.
        point: Point,
        /// The side that pinned.
        side: Side,
    },
    /// The opponent's piece on `point` left the board, captured by `side`.
    Captured {
        /// The point emptied.
        point: Point,
        /// The side that captured.
        side: Side,
    },
    /// Zhi Qi, blocked: `side` pulled the opponent's piece on `point` off the board.
    Pulled {
        /// The point emptied.
        point: Point,
        /// The side that pulled.
        side: Side,
    },
    /// Linked-Horse: the piece of `side` that just arrived on `point` went to its stable.
    Stabled {
        /// The point emptied.
        point: Point,
        /// The side whose piece it is.
        side: Side,
    },
    /// `side` passed (the turn timer ran out).
    Passed {
        /// The side that passed.
        side: Side,
    },
    /// Redraw everything from this snapshot (undo, redo, new game, restore).
    Reset {
        /// What to draw.
        snapshot: Box<Snapshot>,
    },
}

/// A change with its place in the session's history.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct BoardChange {
    /// The session's revision after this change; every change has its own, growing.
    pub revision: u64,
    /// What happened.
    pub change: Change,
    /// The action that made the change (`None` for a reset).
    pub action: Option<Action>,
    /// The lines that action completed (for highlights; a stabled piece's lines included).
    pub lines: Vec<[Point; 3]>,
    /// This is the last change of an action that ended the turn (or the game).
    pub turn_ended: bool,
}

/// The changes after some revision, and the state they lead to, read at one moment.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct ChangeBatch {
    /// Oldest first; empty when nothing changed.
    pub changes: Vec<BoardChange>,
    /// The session's revision that `snapshot` shows (the last change's, if any).
    pub revision: u64,
    /// The snapshot the changes lead to.
    pub snapshot: Snapshot,
}

impl ChangeBatch {
    /// The batch with `shape` applied to every snapshot it carries (the one it leads to and
    /// any reset's), so a screen that hides part of the session (a lesson's or a puzzle's
    /// board: no undo, no thinking computer) shows the same board whichever it reads.
    pub(crate) fn shaped(mut self, shape: impl Fn(Snapshot) -> Snapshot) -> ChangeBatch {
        self.snapshot = shape(self.snapshot);
        for change in &mut self.changes {
            if let Change::Reset { snapshot } = &mut change.change {
                **snapshot = shape((**snapshot).clone());
            }
        }
        self
    }
}

/// How many changes the log keeps; a caller further behind gets a reset.
const LOG_LEN: usize = 512;

/// The session's revision counter and its recent changes.
#[derive(Debug, Default)]
pub(crate) struct ChangeLog {
    revision: u64,
    log: VecDeque<BoardChange>,
}

impl ChangeLog {
    pub fn revision(&self) -> u64 {
        self.revision
    }

    /// Records the changes one action made; returns them.
    pub fn record_action(
        &mut self,
        before: &Position,
        action: Action,
        applied: Applied,
        after: &Position,
    ) -> Vec<BoardChange> {
        let lines = lines_completed(before, action);
        let kinds = describe(before, action, after);
        let last = kinds.len().saturating_sub(1);
        let changes: Vec<BoardChange> = kinds
            .into_iter()
            .enumerate()
            .map(|(i, change)| BoardChange {
                revision: self.next_revision(),
                change,
                action: Some(action),
                lines: lines.clone(),
                turn_ended: applied.turn_ended && i == last,
            })
            .collect();
        self.push(&changes);
        changes
    }

    /// Records a reset to `snapshot` (whose revision it sets to the reset's).
    pub fn record_reset(&mut self, mut snapshot: Snapshot) {
        let revision = self.next_revision();
        snapshot.revision = revision;
        let change = BoardChange {
            revision,
            change: Change::Reset {
                snapshot: Box::new(snapshot),
            },
            action: None,
            lines: Vec::new(),
            turn_ended: false,
        };
        self.push(std::slice::from_ref(&change));
    }

    /// The changes after `revision`; `None` when the log no longer holds them all (or the
    /// revision is not one of this session's), so the caller must redraw from scratch.
    pub fn since(&self, revision: u64) -> Option<Vec<BoardChange>> {
        if revision > self.revision {
            return None;
        }
        let oldest = self.log.front().map_or(self.revision + 1, |c| c.revision);
        if revision + 1 < oldest {
            return None;
        }
        Some(
            self.log
                .iter()
                .filter(|c| c.revision > revision)
                .cloned()
                .collect(),
        )
    }

    fn next_revision(&mut self) -> u64 {
        self.revision += 1;
        self.revision
    }

    fn push(&mut self, changes: &[BoardChange]) {
        for change in changes {
            if self.log.len() == LOG_LEN {
                self.log.pop_front();
            }
            self.log.push_back(change.clone());
        }
    }
}

/// The changes `action` made, played by the side to move in `before` and leading to `after`.
fn describe(before: &Position, action: Action, after: &Position) -> Vec<Change> {
    let side = before.side_to_move();
    let stabled = |point| {
        (after.stable(side) > before.stable(side)).then_some(Change::Stabled { point, side })
    };
    match action {
        Action::Pass => vec![Change::Passed { side }],
        Action::Place(point) => std::iter::once(Change::Placed { point, side })
            .chain(stabled(point))
            .collect(),
        Action::Step { from, to } => std::iter::once(Change::Stepped { from, to, side })
            .chain(stabled(to))
            .collect(),
        Action::Remove(point) => vec![match before.pending() {
            Pending::Remove {
                kind: RemovalKind::Pin,
                ..
            } => Change::Pinned { point, side },
            Pending::Remove {
                kind: RemovalKind::Pull,
                ..
            } => Change::Pulled { point, side },
            _ => Change::Captured { point, side },
        }],
    }
}

/// The lines a placement or step completes for the side to move in `before` (none for
/// removals and passes).
pub(crate) fn lines_completed(before: &Position, action: Action) -> Vec<[Point; 3]> {
    let us = before.side_to_move();
    let (ours, to) = match action {
        Action::Place(to) => (before.board(us), to),
        Action::Step { from, to } => (before.board(us).without(from), to),
        Action::Remove(_) | Action::Pass => return Vec::new(),
    };
    before
        .rules()
        .geometry()
        .lines_completed_at(ours.with(to), to)
        .filter_map(|mut line| Some([line.next()?, line.next()?, line.next()?]))
        .collect()
}
