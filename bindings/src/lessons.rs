//! Interactive lessons: the course of each game, a lesson played with the same taps as a
//! game (and drawn and animated from the same snapshot and board changes), and which
//! lessons a player has solved.

use std::path::Path;
use std::sync::{Arc, Mutex, MutexGuard};

use mills_core::Locale;
use mills_core::{self as core, LessonTap};
use mills_core::{LessonData, LessonProgress as Progress, LessonVerdict as Verdict};

use crate::board::BoardSession;
use crate::error::{MillsError, guard};
use crate::types::{
    GameId, LessonVerdict, Player, Snapshot, TapResult, TapStep, TapVerdict, actions_text,
    parse_point,
};

/// One lesson of a course, its texts in one language.
#[derive(Debug, Clone, PartialEq, Eq, uniffi::Record)]
pub struct LessonInfo {
    /// Stable id (`zhiqi-pin`): progress is kept by it.
    pub id: String,
    pub game: GameId,
    /// Its place in the game's course, from 0.
    pub index: u32,
    /// The locale of the texts (`en`, `zh-Hans` or `zh-Hant`): English when the requested one
    /// has none.
    pub locale: String,
    pub title: String,
    /// What the lesson teaches, shown before it starts.
    pub text: String,
    /// What to do, shown above the board.
    pub goal: String,
    pub hint: String,
    /// Said when the goal is reached.
    pub solved_text: String,
    /// The player the learner plays.
    pub learner: Player,
    /// Seconds on the lesson's turn timer, if it has one: when they run out, call
    /// `LessonSession.time_out()`.
    pub timer_seconds: Option<u32>,
}

fn info(data: &LessonData, locale: Locale) -> LessonInfo {
    let index = core::lesson_course(data.variant)
        .iter()
        .position(|l| l.id == data.id)
        .unwrap_or(0);
    LessonInfo {
        id: data.id.to_string(),
        game: data.variant.into(),
        index: index as u32,
        locale: locale.tag().to_string(),
        title: data.title.get(locale).to_string(),
        text: data.text.get(locale).to_string(),
        goal: data.goal_text.get(locale).to_string(),
        hint: data.hint.get(locale).to_string(),
        solved_text: data.solved_text.get(locale).to_string(),
        learner: data.learner.into(),
        timer_seconds: data.timer_seconds.map(u32::from),
    }
}

/// The lessons of a game in course order, for a platform locale tag (`zh-Hans-CN`, `zh-TW`,
/// `en-GB`, ...; other languages get English).
#[uniffi::export]
pub fn lessons(game: GameId, locale: String) -> Vec<LessonInfo> {
    let locale = Locale::from_tag(&locale);
    core::lesson_course(game.into())
        .iter()
        .map(|data| info(data, locale))
        .collect()
}

/// One lesson on one screen, driven by taps like a `GameSession`. Thread-safe. The opponent
/// answers from the lesson's script at once, in the same call (no listener, no threads).
#[derive(uniffi::Object)]
pub struct LessonSession {
    inner: Arc<Mutex<core::LessonSession>>,
    data: &'static LessonData,
    locale: Locale,
}

#[uniffi::export]
impl LessonSession {
    /// The lesson with this id (from `lessons()`), its texts for a platform locale tag;
    /// `NotAvailable` for an id no lesson has.
    #[uniffi::constructor]
    pub fn new(lesson_id: String, locale: String) -> Result<Arc<LessonSession>, MillsError> {
        guard(|| {
            let lesson = core::lesson(&lesson_id).map_err(|e| MillsError::NotAvailable {
                reason: e.to_string(),
            })?;
            Ok(Arc::new(LessonSession {
                data: lesson.data,
                inner: Arc::new(Mutex::new(core::LessonSession::new(lesson))),
                locale: Locale::from_tag(&locale),
            }))
        })
    }

    pub fn lesson(&self) -> LessonInfo {
        info(self.data, self.locale)
    }

    /// The board to draw (targets, selection, counters, the last turn), as a game's.
    pub fn snapshot(&self) -> Snapshot {
        self.lock().snapshot().into()
    }

    /// The board to draw from, as a game's (its `changes_since` gives a `Reset` after
    /// `try_again`).
    pub fn board(&self) -> Arc<BoardSession> {
        BoardSession::of(self.inner.clone())
    }

    /// A tap on a point by name: fails only for a name that is not a point.
    pub fn tap(&self, point: String) -> Result<TapResult, MillsError> {
        guard(|| {
            let point = parse_point(&point)?;
            let tap = self.lock().tap(point);
            self.result(tap)
        })
    }

    /// The lesson's turn timer (`timer_seconds`) ran out: the learner passes.
    pub fn time_out(&self) -> Result<TapResult, MillsError> {
        guard(|| {
            let tap = self.lock().time_out();
            self.result(tap)
        })
    }

    /// Back to the lesson's starting position.
    pub fn try_again(&self) {
        self.lock().try_again();
    }

    pub fn is_solved(&self) -> bool {
        self.lock().runner().is_solved()
    }

    /// The lesson after this one in the game's course; `None` after the last.
    pub fn next_lesson(&self) -> Option<LessonInfo> {
        core::next_lesson_after(self.data.id).map(|data| info(data, self.locale))
    }
}

impl LessonSession {
    fn lock(&self) -> MutexGuard<'_, core::LessonSession> {
        // A panic caught by `guard` cannot leave the session half-changed in a way a poisoned
        // lock would protect against: every change completes before anything can panic.
        self.inner.lock().unwrap_or_else(|e| e.into_inner())
    }

    fn result(&self, tap: LessonTap) -> Result<TapResult, MillsError> {
        let locale = self.locale;
        Ok(match tap {
            LessonTap::Selected(p) => TapResult::plain(TapStep::Selected {
                point: p.to_string(),
            }),
            LessonTap::Deselected(p) => TapResult::plain(TapStep::Deselected {
                point: p.to_string(),
            }),
            LessonTap::Refused(refusal) => TapResult::plain(TapStep::Refused {
                refusal: refusal.into(),
            }),
            LessonTap::Finished => TapResult::judged(TapStep::Unchanged, TapVerdict::Finished),
            LessonTap::Rejected { action, verdict } => {
                let message = self
                    .lock()
                    .runner()
                    .message(&verdict, locale)
                    .unwrap_or_default();
                let action = action.to_string();
                let verdict = match verdict {
                    Verdict::Wrong { .. } => TapVerdict::LessonWrong {
                        action,
                        explanation: message,
                    },
                    _ => TapVerdict::LessonNotThisTime { action, message },
                };
                TapResult::judged(TapStep::Unchanged, verdict)
            }
            LessonTap::Played(play) => {
                let verdict = match &play.verdict {
                    Verdict::Continue => LessonVerdict::OnTheWay,
                    Verdict::Replied { reply } => LessonVerdict::OpponentReplied {
                        player: play.side.opponent().into(),
                        actions: actions_text(reply),
                    },
                    Verdict::Solved => LessonVerdict::Solved {
                        message: self.data.solved_text.get(locale).to_string(),
                    },
                    other => {
                        return Err(MillsError::Internal {
                            reason: format!("lesson {}: {other:?}", self.data.id),
                        });
                    }
                };
                TapResult::judged(
                    TapStep::played(play.side, &play.action, play.turn_ended),
                    TapVerdict::Lesson {
                        played_revision: play.learner_revision,
                        verdict,
                    },
                )
            }
        })
    }
}

/// How far a player is in one game's course.
#[derive(Debug, Clone, PartialEq, Eq, uniffi::Record)]
pub struct CourseProgress {
    pub game: GameId,
    pub solved: u32,
    pub total: u32,
    /// The first lesson not solved yet (offer it); `None` once all are.
    pub next_lesson_id: Option<String>,
}

/// Which lessons a player has solved, and each course's count.
#[derive(Debug, Clone, PartialEq, Eq, uniffi::Record)]
pub struct LessonProgress {
    /// Solved lesson ids (ids of a newer build's lessons are kept, and listed).
    pub solved: Vec<String>,
    /// One per game, in `games()` order.
    pub courses: Vec<CourseProgress>,
}

impl From<&Progress> for LessonProgress {
    fn from(progress: &Progress) -> LessonProgress {
        LessonProgress {
            solved: progress.solved().map(str::to_string).collect(),
            courses: mills_core::Variant::ALL
                .into_iter()
                .map(|variant| {
                    let (solved, total) = progress.count(variant);
                    CourseProgress {
                        game: variant.into(),
                        solved: solved as u32,
                        total: total as u32,
                        next_lesson_id: progress.next(variant).map(|l| l.id.to_string()),
                    }
                })
                .collect(),
        }
    }
}

/// Reads the progress file; none yet is no progress. A file that is not progress JSON is
/// `CorruptSave` and stays as it is.
fn read_progress(path: &str) -> Result<Progress, MillsError> {
    let text = mills_core::read_if_exists(Path::new(path)).map_err(|e| MillsError::Io {
        reason: format!("{path}: {e}"),
    })?;
    match text {
        None => Ok(Progress::new()),
        Some(text) => Progress::from_json(&text).map_err(|e| MillsError::CorruptSave {
            reason: format!("{path}: not lesson progress: {e}"),
        }),
    }
}

/// Writes the progress file atomically (a crash leaves the old file or the new one).
fn write_progress(path: &str, progress: &Progress) -> Result<(), MillsError> {
    use mills_core as store;
    store::check_writable(Path::new(path))?;
    let json = progress.to_json();
    store::write_atomic(Path::new(path), json.as_bytes()).map_err(|e| MillsError::Io {
        reason: format!("{path}: {e}"),
    })
}

/// The lesson progress kept in the file at `path` (no file yet: nothing solved).
#[uniffi::export]
pub fn lesson_progress_load(path: String) -> Result<LessonProgress, MillsError> {
    guard(|| Ok((&read_progress(&path)?).into()))
}

/// Records a solved lesson in the file at `path` and returns the progress. A corrupt file
/// is refused (`CorruptSave`) and never replaced; an unknown id is `NotAvailable`.
#[uniffi::export]
pub fn lesson_progress_mark_solved(
    path: String,
    lesson_id: String,
) -> Result<LessonProgress, MillsError> {
    guard(|| {
        if !core::all_lessons().any(|l| l.id == lesson_id) {
            return Err(MillsError::NotAvailable {
                reason: format!("no lesson has the id '{lesson_id}'"),
            });
        }
        let mut progress = read_progress(&path)?;
        if progress.mark_solved(&lesson_id) {
            write_progress(&path, &progress)?;
        }
        Ok((&progress).into())
    })
}

/// Forgets one game's progress ("start the course again"); other games' stay.
#[uniffi::export]
pub fn lesson_progress_reset(path: String, game: GameId) -> Result<LessonProgress, MillsError> {
    guard(|| {
        let mut progress = read_progress(&path)?;
        progress.reset(game.into());
        write_progress(&path, &progress)?;
        Ok((&progress).into())
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::types::Change;

    /// A played tap's learner revision and verdict.
    fn played(result: Result<TapResult, MillsError>) -> (u64, LessonVerdict) {
        match result.unwrap() {
            TapResult {
                step: TapStep::Played { .. },
                verdict:
                    Some(TapVerdict::Lesson {
                        played_revision,
                        verdict,
                    }),
            } => (played_revision, verdict),
            other => panic!("expected a played action, got {other:?}"),
        }
    }

    /// The kinds of board changes after `from` up to `to`, as an app reads them.
    fn changes_between(session: &LessonSession, from: u64, to: u64) -> Vec<Change> {
        session
            .board()
            .changes_since(from)
            .changes
            .into_iter()
            .filter(|c| c.revision <= to)
            .map(|c| c.change)
            .collect()
    }

    fn temp_path(name: &str) -> String {
        let dir = std::env::temp_dir().join(format!("mills-ffi-lessons-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join(name);
        let _ = std::fs::remove_file(&path);
        path.display().to_string()
    }

    #[test]
    fn the_course_comes_in_the_locale_with_english_for_others() {
        let en = lessons(GameId::Zhiqi, "en-GB".into());
        let zh = lessons(GameId::Zhiqi, "zh-Hans-CN".into());
        let fr = lessons(GameId::Zhiqi, "fr-FR".into());
        assert_eq!(en.len(), 7);
        assert_eq!(en[0].id, "zhiqi-pin");
        assert_eq!(en[0].index, 0);
        assert_eq!(en[6].index, 6);
        assert_eq!(zh[0].locale, "zh-Hans");
        assert!(zh[0].title.contains("押子"));
        for tag in ["zh-Hant-TW", "zh-TW", "zh-HK", "zh_MO"] {
            let hant = lessons(GameId::Zhiqi, tag.into());
            assert_eq!(hant[0].locale, "zh-Hant", "{tag}");
            assert_eq!(hant[0].title, "佈子成「直」：押子", "{tag}");
            assert_ne!(hant[0].text, zh[0].text, "{tag}");
        }
        assert_eq!(fr, en);
        assert!(
            en.iter()
                .all(|l| l.game == GameId::Zhiqi && !l.hint.is_empty())
        );
        assert!(
            lessons(GameId::LinkedHorse, "en".into())
                .iter()
                .find(|l| l.id == "linked-horse-timer")
                .and_then(|l| l.timer_seconds)
                .is_some()
        );
    }

    #[test]
    fn a_lesson_is_played_by_taps_wrong_answers_explained_and_tried_again() {
        let session = LessonSession::new("zhiqi-pin".into(), "en".into()).unwrap();
        assert_eq!(session.lesson().id, "zhiqi-pin");
        let start = session.snapshot();
        match session.tap("e5".into()).unwrap() {
            TapResult {
                step: TapStep::Unchanged,
                verdict:
                    Some(TapVerdict::LessonWrong {
                        action,
                        explanation,
                    }),
            } => {
                assert_eq!(action, "e5");
                assert!(explanation.contains("e5"), "{explanation}");
            }
            other => panic!("expected the wrong answer, got {other:?}"),
        }
        match session.tap("b2".into()).unwrap() {
            TapResult {
                step: TapStep::Unchanged,
                verdict: Some(TapVerdict::LessonNotThisTime { message, .. }),
            } => {
                assert!(message.starts_with("Not this time"));
                assert!(message.contains(&session.lesson().hint));
            }
            other => panic!("expected not this time, got {other:?}"),
        }
        assert!(matches!(
            session.tap("a7".into()).unwrap(),
            TapResult {
                step: TapStep::Refused {
                    refusal: crate::types::Refusal::Occupied { .. }
                },
                verdict: None,
            }
        ));
        assert!(matches!(
            session.tap("z9".into()),
            Err(MillsError::InvalidPoint { .. })
        ));
        assert_eq!(session.snapshot(), start, "nothing was played");
        let (placed, verdict) = played(session.tap("g7".into()));
        assert_eq!(verdict, LessonVerdict::OnTheWay);
        assert_eq!(placed, session.snapshot().revision);
        assert_eq!(
            changes_between(&session, start.revision, placed),
            vec![Change::Placed {
                point: "g7".into(),
                player: Player::P1
            }]
        );
        session.try_again();
        let batch = session.board().changes_since(start.revision);
        assert!(matches!(
            batch.changes.last().unwrap().change,
            Change::Reset { .. }
        ));
        assert_eq!(
            batch.snapshot.points[start.points[0].index as usize],
            start.points[0]
        );
        let (placed, _) = played(session.tap("g7".into()));
        let (pinned, verdict) = played(session.tap("e4".into()));
        assert!(matches!(
            changes_between(&session, placed, pinned)[..],
            [Change::Pinned { .. }]
        ));
        assert!(matches!(verdict, LessonVerdict::Solved { .. }));
        assert!(session.is_solved());
        assert_eq!(
            session.tap("a1".into()).unwrap(),
            TapResult::judged(TapStep::Unchanged, TapVerdict::Finished)
        );
        assert_eq!(session.next_lesson().unwrap().id, "zhiqi-double-pin");
        assert!(matches!(
            LessonSession::new("no-such-lesson".into(), "en".into()),
            Err(MillsError::NotAvailable { .. })
        ));
    }

    #[test]
    fn the_opponents_reply_and_the_timer_come_through() {
        let session = LessonSession::new("twelve-mens-morris-shuttle".into(), "zh".into()).unwrap();
        assert!(matches!(
            session.tap("d2".into()).unwrap(),
            TapResult {
                step: TapStep::Selected { .. },
                verdict: None
            }
        ));
        played(session.tap("f2".into()));
        let before = session.snapshot().revision;
        let (learners, verdict) = played(session.tap("b2".into()));
        match verdict {
            LessonVerdict::OpponentReplied { player, actions } => {
                assert_eq!(player, Player::P2);
                assert_eq!(actions, vec!["a4-a7".to_string()]);
            }
            other => panic!("expected the reply, got {other:?}"),
        }
        assert_eq!(
            changes_between(&session, before, learners),
            vec![Change::Captured {
                point: "b2".into(),
                player: Player::P1
            }]
        );
        let batch = session.board().changes_since(learners);
        assert_eq!(
            batch
                .changes
                .into_iter()
                .map(|c| c.change)
                .collect::<Vec<_>>(),
            vec![Change::Stepped {
                from: "a4".into(),
                to: "a7".into(),
                player: Player::P2
            }],
            "after the learner's revision: the reply"
        );
        assert_eq!(batch.revision, session.snapshot().revision);
        let timer = LessonSession::new("linked-horse-timer".into(), "en".into()).unwrap();
        let before = timer.snapshot().revision;
        let (passed, verdict) = played(timer.time_out());
        assert_eq!(
            changes_between(&timer, before, passed),
            vec![Change::Passed { player: Player::P1 }]
        );
        assert!(matches!(verdict, LessonVerdict::Solved { .. }));
    }

    #[test]
    fn progress_is_saved_read_back_and_a_corrupt_file_is_refused_and_kept() {
        let path = temp_path("progress.json");
        let empty = lesson_progress_load(path.clone()).unwrap();
        assert!(empty.solved.is_empty());
        assert_eq!(empty.courses.len(), 3);
        assert_eq!(
            empty.courses[0].next_lesson_id.as_deref(),
            Some("zhiqi-pin")
        );
        let after = lesson_progress_mark_solved(path.clone(), "zhiqi-pin".into()).unwrap();
        assert_eq!(after.courses[0].solved, 1);
        assert_eq!(after.courses[0].total, 7);
        assert_eq!(
            after.courses[0].next_lesson_id.as_deref(),
            Some("zhiqi-double-pin")
        );
        assert_eq!(lesson_progress_load(path.clone()).unwrap(), after);
        assert!(matches!(
            lesson_progress_mark_solved(path.clone(), "nope".into()),
            Err(MillsError::NotAvailable { .. })
        ));
        lesson_progress_mark_solved(path.clone(), "linked-horse-bank".into()).unwrap();
        let reset = lesson_progress_reset(path.clone(), GameId::Zhiqi).unwrap();
        assert_eq!(reset.solved, vec!["linked-horse-bank".to_string()]);

        let corrupt = temp_path("corrupt.json");
        std::fs::write(&corrupt, "{\"solved\": 7").unwrap();
        for result in [
            lesson_progress_load(corrupt.clone()),
            lesson_progress_mark_solved(corrupt.clone(), "zhiqi-pin".into()),
            lesson_progress_reset(corrupt.clone(), GameId::Zhiqi),
        ] {
            assert!(matches!(result, Err(MillsError::CorruptSave { .. })));
        }
        assert_eq!(std::fs::read_to_string(&corrupt).unwrap(), "{\"solved\": 7");
    }
}
