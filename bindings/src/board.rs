//! The board session: the one object every screen with a board draws from, reached by
//! `board()` from a `GameSession`, a `LessonSession`, a `PuzzleSession` or an
//! `OnlineSession`. Each app reads its changes in one loop, whichever session is behind it.

use std::sync::{Arc, Mutex};

use mills_core::{self as core};

use crate::types::{ChangeBatch, Snapshot};

/// Where a board session's snapshots and changes come from: the session that referees it.
pub(crate) trait BoardSource: Send + Sync {
    fn snapshot(&self) -> Snapshot;
    fn changes_since(&self, revision: u64) -> ChangeBatch;
}

/// A session of the core kept behind the bindings' lock (a lesson, a puzzle).
impl<T: core::BoardSession + Send> BoardSource for Mutex<T> {
    fn snapshot(&self) -> Snapshot {
        // Every change of these sessions completes before anything can panic: a poisoned
        // lock guards nothing.
        self.lock()
            .unwrap_or_else(|e| e.into_inner())
            .snapshot()
            .into()
    }

    fn changes_since(&self, revision: u64) -> ChangeBatch {
        self.lock()
            .unwrap_or_else(|e| e.into_inner())
            .changes_since(revision)
            .into()
    }
}

/// The board of a session: what a screen draws and the numbered changes that led to it.
/// Thread-safe. It keeps its session alive; the session's own `shut_down` still ends it
/// (the board then answers with the last state).
#[derive(uniffi::Object)]
pub struct BoardSession {
    source: Arc<dyn BoardSource>,
}

impl BoardSession {
    pub(crate) fn of(source: Arc<dyn BoardSource>) -> Arc<BoardSession> {
        Arc::new(BoardSession { source })
    }
}

#[uniffi::export]
impl BoardSession {
    /// Everything the screen draws, now.
    pub fn snapshot(&self) -> Snapshot {
        self.source.snapshot()
    }

    /// The board changes after `revision` (oldest first) and the snapshot they lead to, read
    /// at one moment: empty for the current revision, a single `Reset` when `revision` is
    /// older than the changes kept (or not this board's). Call it after every call and
    /// event with the last batch's `revision` (0 at first, or the first snapshot's
    /// `revision` to skip the redraw) and draw what it says.
    pub fn changes_since(&self, revision: u64) -> ChangeBatch {
        self.source.changes_since(revision)
    }
}

#[cfg(test)]
mod tests {
    use crate::test_support::{pass_and_play, play};
    use crate::{Change, GameId, LessonSession, Player};

    #[test]
    fn a_games_board_tells_its_taps_and_outlives_the_shut_down() {
        let session = pass_and_play(GameId::TwelveMensMorris);
        let board = session.clone().board();
        let start = board.snapshot().revision;
        play(&session, &["d6", "d2"]);
        let batch = board.changes_since(start);
        let placed: Vec<Change> = batch.changes.into_iter().map(|c| c.change).collect();
        assert_eq!(
            placed,
            vec![
                Change::Placed {
                    point: "d6".into(),
                    player: Player::P1
                },
                Change::Placed {
                    point: "d2".into(),
                    player: Player::P2
                },
            ]
        );
        assert_eq!(batch.snapshot, session.snapshot());
        session.shut_down();
        assert_eq!(board.changes_since(batch.revision).changes, vec![]);
        assert_eq!(
            board.snapshot(),
            batch.snapshot,
            "the last state still answers"
        );
    }

    #[test]
    fn two_boards_of_one_lesson_read_the_same_changes() {
        let session = LessonSession::new("zhiqi-pin".into(), "en".into()).unwrap();
        let (first, second) = (session.board(), session.board());
        let start = first.snapshot().revision;
        session.tap("g7".into()).unwrap();
        assert_eq!(first.changes_since(start), second.changes_since(start));
        assert_eq!(first.changes_since(start).changes.len(), 1);
        assert_eq!(first.snapshot(), session.snapshot());
    }
}
