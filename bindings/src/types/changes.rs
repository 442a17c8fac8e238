//! What every action did to the board, for animations, sounds, announcements and highlights.

use mills_core::{self as core};

use super::config::Player;
use super::points::lines_text;
use super::snapshot::Snapshot;

/// One thing that happened on the board; `player` is always the one who acted.
#[derive(Debug, Clone, PartialEq, Eq, uniffi::Enum)]
// A reset carries its snapshot by value: UniFFI serialises every variant anyway, and resets
// are rare, so the size difference costs nothing that matters.
#[allow(clippy::large_enum_variant)]
pub enum Change {
    /// A piece of `player` came from the hand to `point`.
    Placed { point: String, player: Player },
    /// A piece of `player` moved from `from` to `to`.
    Stepped {
        from: String,
        to: String,
        player: Player,
    },
    /// Zhi Qi: the opponent's piece on `point` was replaced by one of `player`'s.
    Pinned { point: String, player: Player },
    /// The opponent's piece on `point` left the board, captured by `player`.
    Captured { point: String, player: Player },
    /// Zhi Qi, blocked: `player` pulled the opponent's piece on `point` off the board.
    Pulled { point: String, player: Player },
    /// Linked-Horse: `player`'s piece that just arrived on `point` went to the stable.
    Stabled { point: String, player: Player },
    /// `player` passed (the turn timer ran out).
    Passed { player: Player },
    /// Redraw the whole board from `snapshot` (undo, redo, new game, restore).
    Reset { snapshot: Snapshot },
}

/// A change with its place in the session's history.
#[derive(Debug, Clone, PartialEq, Eq, uniffi::Record)]
pub struct BoardChange {
    /// The session revision after this change; each change has its own, growing.
    pub revision: u64,
    pub change: Change,
    /// The action in notation (`d6`, `d6-d5`, `xd7`, `pass`); absent for a reset.
    pub action: Option<String>,
    /// The lines that action completed, three point names each (for highlights).
    pub lines: Vec<Vec<String>>,
    /// The last change of an action that ended the turn (or the game).
    pub turn_ended: bool,
}

/// The changes after a revision and the snapshot they lead to, read at one moment.
#[derive(Debug, Clone, PartialEq, Eq, uniffi::Record)]
pub struct ChangeBatch {
    /// Oldest first; empty when nothing changed.
    pub changes: Vec<BoardChange>,
    /// The revision `snapshot` shows: pass it to the next `changes_since`.
    pub revision: u64,
    pub snapshot: Snapshot,
}

impl From<core::Change> for Change {
    fn from(change: core::Change) -> Change {
        use core::Change as C;
        let s = |p: mills_core::Point| p.to_string();
        match change {
            C::Placed { point, side } => Change::Placed {
                point: s(point),
                player: side.into(),
            },
            C::Stepped { from, to, side } => Change::Stepped {
                from: s(from),
                to: s(to),
                player: side.into(),
            },
            C::Pinned { point, side } => Change::Pinned {
                point: s(point),
                player: side.into(),
            },
            C::Captured { point, side } => Change::Captured {
                point: s(point),
                player: side.into(),
            },
            C::Pulled { point, side } => Change::Pulled {
                point: s(point),
                player: side.into(),
            },
            C::Stabled { point, side } => Change::Stabled {
                point: s(point),
                player: side.into(),
            },
            C::Passed { side } => Change::Passed {
                player: side.into(),
            },
            C::Reset { snapshot } => Change::Reset {
                snapshot: (*snapshot).into(),
            },
        }
    }
}

impl From<core::BoardChange> for BoardChange {
    fn from(change: core::BoardChange) -> BoardChange {
        BoardChange {
            revision: change.revision,
            action: change.action.map(|a| a.to_string()),
            lines: lines_text(&change.lines),
            turn_ended: change.turn_ended,
            change: change.change.into(),
        }
    }
}

impl From<core::ChangeBatch> for ChangeBatch {
    fn from(batch: core::ChangeBatch) -> ChangeBatch {
        ChangeBatch {
            changes: batch.changes.into_iter().map(Into::into).collect(),
            revision: batch.revision,
            snapshot: batch.snapshot.into(),
        }
    }
}
