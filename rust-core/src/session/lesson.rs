//! A lesson played with the session's taps: the [`LessonRunner`] judges, the board
//! ([`AnsweredBoard`]) does everything else a game screen needs (picking a piece up before
//! stepping, the snapshot with its targets, the numbered board changes), so the apps draw and
//! animate a lesson exactly like a game.
//!
//! An action the runner accepts is played on the board too, the learner's first and then the
//! opponent's scripted reply, so each gets its numbered board changes, read (as a game's)
//! from [`LessonSession::changes_since`]. A tap says only what happened and the revision
//! where the learner's own action ended, so an app can show the reply a moment later. An
//! action the runner turns down is played on neither.

use crate::action::Action;
use crate::board::Point;
use crate::lessons::{Lesson, LessonRunner, Verdict};
use crate::rules::Side;

use super::answered::AnsweredBoard;
use super::board::BoardSession;
use super::changes::ChangeBatch;
use super::events::Refusal;
use super::snapshot::Snapshot;
use super::tap::{TapStep, refusal_for};

/// What a tap (or the lesson's timer) did in a lesson.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum LessonTap {
    /// A piece was picked up to move.
    Selected(Point),
    /// The picked piece was put back.
    Deselected(Point),
    /// The lesson accepted the learner's action and it was played.
    Played(LessonPlay),
    /// A legal (or listed) action the lesson turns down: [`Verdict::Wrong`] or
    /// [`Verdict::NotThisTime`]. Nothing was played and any picked piece is put back.
    Rejected {
        /// The action, as the lesson judged it.
        action: Action,
        /// The lesson's verdict.
        verdict: Verdict,
    },
    /// The rules (or the touch interaction) refuse the tap; nothing changed.
    Refused(Refusal),
    /// The lesson is solved: "try again" or the next lesson.
    Finished,
}

/// An accepted action of the learner's, and the opponent's reply if the turn ended.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct LessonPlay {
    /// The side that played (the learner).
    pub side: Side,
    /// The learner's action.
    pub action: Action,
    /// [`Verdict::Continue`], [`Verdict::Replied`], [`Verdict::Solved`] or, for a lesson whose
    /// script has no reply (a data error the lesson check rules out), [`Verdict::NoReply`].
    pub verdict: Verdict,
    /// The session's revision once the learner's own action was played: the board changes up
    /// to it (from [`LessonSession::changes_since`]) are the learner's, any after it the
    /// opponent's scripted reply's.
    pub learner_revision: u64,
    /// The learner's turn is over.
    pub turn_ended: bool,
}

/// One lesson on one screen (not thread-safe: the bindings hold it in a mutex).
pub struct LessonSession {
    board: AnsweredBoard,
    runner: LessonRunner,
}

impl LessonSession {
    /// A session at the start of `lesson`.
    pub fn new(lesson: Lesson) -> LessonSession {
        let runner = lesson.runner();
        // The lesson's own timer (`timer_seconds`) is the app's: it calls `time_out`.
        let board = AnsweredBoard::new(runner.game().clone(), lesson.data.learner.opponent());
        LessonSession { board, runner }
    }

    /// The lesson's runner (its position and progress).
    pub fn runner(&self) -> &LessonRunner {
        &self.runner
    }

    /// What the lesson screen draws now: the session's snapshot with nothing a lesson lacks
    /// (no undo, no thinking computer, no targets once solved).
    pub fn snapshot(&self) -> Snapshot {
        self.board.snapshot(self.runner.is_solved())
    }

    /// The board changes after `revision`, as [`super::GameSession::changes_since`].
    pub fn changes_since(&self, revision: u64) -> ChangeBatch {
        self.board.changes_since(revision, self.runner.is_solved())
    }

    /// A tap on a point: picks a piece up or puts it down, or forms an action and lets the
    /// lesson judge it.
    pub fn tap(&mut self, point: Point) -> LessonTap {
        if self.runner.is_solved() {
            return LessonTap::Finished;
        }
        match self.board.tap_step(point) {
            Err(refusal) => LessonTap::Refused(refusal),
            Ok(TapStep::Selected(p)) => LessonTap::Selected(p),
            Ok(TapStep::Deselected(p)) => LessonTap::Deselected(p),
            Ok(TapStep::Act(action)) => self.act(action),
        }
    }

    /// The lesson's turn timer ran out: the learner passes (the goal of a timer lesson).
    pub fn time_out(&mut self) -> LessonTap {
        if self.runner.is_solved() {
            return LessonTap::Finished;
        }
        self.act(Action::Pass)
    }

    /// "Try again": back to the lesson's start; the change log gets one reset.
    pub fn try_again(&mut self) {
        self.runner.reset();
        self.resync();
    }

    fn act(&mut self, action: Action) -> LessonTap {
        let side = self.runner.position().side_to_move();
        let verdict = self.runner.attempt(action);
        if !verdict.was_played() {
            self.board.put_back();
            return match verdict {
                Verdict::Illegal(reason) => LessonTap::Refused(refusal_for(reason)),
                Verdict::Finished => LessonTap::Finished,
                verdict => LessonTap::Rejected { action, verdict },
            };
        }
        if verdict == Verdict::NoReply {
            // The runner stopped part-way through a broken script: show where it stands.
            self.resync();
            return LessonTap::Played(LessonPlay {
                side,
                action,
                verdict,
                learner_revision: self.board.revision(),
                turn_ended: true,
            });
        }
        let reply = match &verdict {
            Verdict::Replied { reply } => reply.as_slice(),
            _ => &[],
        };
        let (applied, learner_revision) = self.board.play_answered(action, reply);
        debug_assert_eq!(self.board.game().position(), self.runner.position());
        LessonTap::Played(LessonPlay {
            side,
            action,
            verdict,
            learner_revision,
            turn_ended: applied.turn_ended,
        })
    }

    /// Puts the runner's game on the session's board with one reset.
    fn resync(&mut self) {
        self.board.resync(self.runner.game());
    }
}

impl BoardSession for LessonSession {
    fn snapshot(&self) -> Snapshot {
        LessonSession::snapshot(self)
    }

    fn changes_since(&self, revision: u64) -> ChangeBatch {
        LessonSession::changes_since(self, revision)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lessons::lesson;
    use crate::session::{Change, NextStep};

    fn p(name: &str) -> Point {
        name.parse().unwrap()
    }

    fn played(tap: LessonTap) -> LessonPlay {
        match tap {
            LessonTap::Played(play) => play,
            other => panic!("expected a played action, got {other:?}"),
        }
    }

    #[test]
    fn a_placing_lesson_is_solved_by_taps_with_the_changes_a_game_makes() {
        let mut session = LessonSession::new(lesson("zhiqi-pin").unwrap());
        let start = session.snapshot();
        assert_eq!(start.next, NextStep::Place);
        assert!(!start.can_undo && !start.computer_thinking);
        assert_eq!(
            session.tap(p("a7")),
            LessonTap::Refused(Refusal::Occupied(p("a7")))
        );
        let place = played(session.tap(p("g7")));
        assert_eq!(place.verdict, Verdict::Continue);
        assert!(
            !session.snapshot().unfinished,
            "a lesson is not a game to keep"
        );
        let placed = session.changes_since(start.revision);
        assert_eq!(
            placed.changes[0].change,
            Change::Placed {
                point: p("g7"),
                side: Side::P1
            }
        );
        assert_eq!(placed.changes[0].lines.len(), 1, "a7-d7-g7 completed");
        assert_eq!(place.learner_revision, placed.revision);
        assert_eq!(session.snapshot().next, NextStep::Pin { remaining: 1 });
        let pin = played(session.tap(p("e4")));
        assert_eq!(pin.verdict, Verdict::Solved);
        let pinned = session.changes_since(place.learner_revision);
        assert_eq!(
            pinned.changes[0].change,
            Change::Pinned {
                point: p("e4"),
                side: Side::P1
            }
        );
        assert_eq!(
            pin.learner_revision, pinned.revision,
            "no reply after the learner's action"
        );
        let solved = session.snapshot();
        assert!(solved.points.iter().all(|pt| !pt.target));
        assert_eq!(solved.point(p("e4")).owner, Some(Side::P1));
        assert_eq!(session.tap(p("a1")), LessonTap::Finished);
        let batch = session.changes_since(start.revision);
        assert_eq!(batch.changes.len(), 2, "the placement and the pin");
        assert_eq!(batch.snapshot, solved);
    }

    #[test]
    fn a_wrong_answer_plays_nothing_and_try_again_resets_the_board() {
        let mut session = LessonSession::new(lesson("zhiqi-pin").unwrap());
        let start = session.snapshot();
        match session.tap(p("e5")) {
            LessonTap::Rejected {
                action,
                verdict: Verdict::Wrong { why },
            } => {
                assert_eq!(action, Action::Place(p("e5")));
                assert!(why.en.contains("e5"));
            }
            other => panic!("expected the listed wrong answer, got {other:?}"),
        }
        assert_eq!(session.snapshot(), start, "nothing was played");
        assert!(matches!(
            session.tap(p("b2")),
            LessonTap::Rejected {
                verdict: Verdict::NotThisTime,
                ..
            }
        ));
        played(session.tap(p("g7")));
        session.try_again();
        let again = session.snapshot();
        assert_eq!(again.point(p("g7")).owner, None);
        assert_eq!(again.next, NextStep::Place);
        let batch = session.changes_since(start.revision);
        assert!(matches!(
            batch.changes.last().unwrap().change,
            Change::Reset { .. }
        ));
        played(session.tap(p("g7")));
        assert_eq!(played(session.tap(p("e3"))).verdict, Verdict::Solved);
    }

    #[test]
    fn a_moving_lesson_picks_a_piece_up_and_a_wrong_step_puts_it_back() {
        let mut session = LessonSession::new(lesson("linked-horse-three-in-line").unwrap());
        assert_eq!(session.snapshot().next, NextStep::PickPiece);
        assert_eq!(session.tap(p("a4")), LessonTap::Selected(p("a4")));
        assert!(matches!(
            session.tap(p("a7")),
            LessonTap::Rejected {
                verdict: Verdict::Wrong { .. },
                ..
            }
        ));
        assert_eq!(session.snapshot().selected, None, "the piece is put back");
        assert_eq!(session.tap(p("b6")), LessonTap::Selected(p("b6")));
        assert_eq!(session.tap(p("b6")), LessonTap::Deselected(p("b6")));
        assert_eq!(session.tap(p("b6")), LessonTap::Selected(p("b6")));
        let before = session.snapshot().revision;
        let step = played(session.tap(p("a7")));
        assert_eq!(step.verdict, Verdict::Solved);
        let batch = session.changes_since(before);
        assert!(matches!(batch.changes[0].change, Change::Stepped { .. }));
        assert!(session.snapshot().outcome.is_some());
    }

    #[test]
    fn the_opponents_scripted_reply_follows_the_learners_revision() {
        let mut session = LessonSession::new(lesson("twelve-mens-morris-shuttle").unwrap());
        session.tap(p("d2"));
        played(session.tap(p("f2")));
        let before = session.snapshot().revision;
        let capture = played(session.tap(p("b2")));
        assert_eq!(
            capture.verdict,
            Verdict::Replied {
                reply: vec![Action::Step {
                    from: p("a4"),
                    to: p("a7")
                }]
            }
        );
        let batch = session.changes_since(before);
        let (learners, reply): (Vec<_>, Vec<_>) = batch
            .changes
            .iter()
            .partition(|c| c.revision <= capture.learner_revision);
        assert_eq!(
            learners
                .iter()
                .map(|c| c.change.clone())
                .collect::<Vec<_>>(),
            vec![Change::Captured {
                point: p("b2"),
                side: Side::P1
            }]
        );
        assert!(learners[0].turn_ended, "the capture ended the turn");
        assert_eq!(
            reply.iter().map(|c| c.change.clone()).collect::<Vec<_>>(),
            vec![Change::Stepped {
                from: p("a4"),
                to: p("a7"),
                side: Side::P2
            }]
        );
        assert!(reply[0].turn_ended);
        let snapshot = session.snapshot();
        assert_eq!(snapshot.to_move, Side::P1);
        assert_eq!(snapshot.point(p("a7")).owner, Some(Side::P2));
        assert_eq!(snapshot.revision, reply[0].revision);
    }

    #[test]
    fn a_timer_lesson_is_solved_by_the_time_out() {
        let mut session = LessonSession::new(lesson("linked-horse-timer").unwrap());
        let before = session.snapshot().revision;
        let pass = played(session.time_out());
        assert_eq!(pass.verdict, Verdict::Solved);
        let batch = session.changes_since(before);
        assert_eq!(batch.changes[0].change, Change::Passed { side: Side::P1 });
        assert_eq!(pass.learner_revision, batch.revision);
        assert_eq!(session.time_out(), LessonTap::Finished);
    }
}
