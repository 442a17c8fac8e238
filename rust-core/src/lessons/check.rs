//! Proof that every lesson does what it promises, run by the tests and `mills lessons --check`.
//!
//! For each lesson: it loads (notation, a start reached by legal actions, both languages);
//! every solution line plays to its goal through a [`LessonRunner`], replies included, and is
//! never solved early; from every turn of the learner's along a line, every turn that would
//! reach the goal is accepted (so no right answer is called wrong); every listed wrong answer
//! gets its explanation; an unlisted legal move is refused with the generic message and
//! changes nothing; "try again" restores the start; a lesson has a timer exactly when a
//! solution lets it run out.

use std::fmt;

use crate::action::{Action, format_actions};
use crate::position::Position;

use super::course::all;
use super::data::LessonData;
use super::lesson::Lesson;
use super::runner::{LessonRunner, Verdict};
use super::step::Step;
use super::turn::owes_rest_of_turn;

/// One thing a lesson does not do right.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CheckFailure {
    /// The lesson's id.
    pub lesson: &'static str,
    /// What is wrong with it.
    pub problem: String,
}

impl fmt::Display for CheckFailure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "lesson {}: {}", self.lesson, self.problem)
    }
}

/// What the check did, and what failed.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct CheckReport {
    /// Lessons checked.
    pub lessons: usize,
    /// Solution lines played to their goal.
    pub lines: usize,
    /// Wrong answers that got their explanation.
    pub wrong_answers: usize,
    /// Lessons where an unlisted legal move was refused with the generic message.
    pub refused: usize,
    /// Complete turns tried for the "no right answer is called wrong" check.
    pub turns_tried: usize,
    /// The lessons that failed, with why.
    pub failures: Vec<CheckFailure>,
}

impl CheckReport {
    /// Whether every lesson passed.
    pub fn passed(&self) -> bool {
        self.failures.is_empty()
    }
}

impl fmt::Display for CheckReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} lessons, {} solution lines solved, {} wrong answers explained, \
             {} unlisted moves refused, {} turns tried: {}",
            self.lessons,
            self.lines,
            self.wrong_answers,
            self.refused,
            self.turns_tried,
            if self.passed() {
                "all passed".to_string()
            } else {
                format!("{} failed", self.failures.len())
            }
        )
    }
}

/// Checks every lesson of every game.
pub fn check() -> CheckReport {
    let mut report = CheckReport::default();
    let mut seen: Vec<&str> = Vec::new();
    for data in all() {
        if seen.contains(&data.id) {
            report.failures.push(CheckFailure {
                lesson: data.id,
                problem: "two lessons have this id".into(),
            });
        }
        seen.push(data.id);
        check_lesson(data, &mut report);
    }
    report
}

/// Checks one lesson, adding to `report`.
///
/// Check one lesson the way the suite checks them all:
///
/// ```
/// use mills_core::{CheckReport, Variant, check_lesson, lesson_course};
///
/// let mut report = CheckReport::default();
/// check_lesson(&lesson_course(Variant::TwelveMensMorris)[0], &mut report);
/// assert_eq!(report.lessons, 1);
/// assert!(report.failures.is_empty(), "{:?}", report.failures);
/// assert!(report.lines >= 1);
/// ```
pub fn check_lesson(data: &'static LessonData, report: &mut CheckReport) {
    report.lessons += 1;
    let lesson = match Lesson::load(data) {
        Ok(lesson) => lesson,
        Err(e) => {
            report.failures.push(CheckFailure {
                lesson: data.id,
                problem: e.to_string(),
            });
            return;
        }
    };
    let mut problems = Vec::new();
    check_languages(data, &mut problems);
    // `pass` is the timer's: a line that waits for it needs a timer, and a timer needs a use.
    let waits_for_timer = lesson
        .lines()
        .iter()
        .flatten()
        .flatten()
        .any(|s| *s == Step::Exact(Action::Pass));
    if waits_for_timer != data.timer_seconds.is_some() {
        problems.push(if waits_for_timer {
            "a solution waits for the timer, but the lesson has none".into()
        } else {
            "the lesson has a timer, but no solution lets it run out".into()
        });
    }

    // Play every line; keep the runner at the start of each of the learner's turns.
    let mut turn_starts: Vec<LessonRunner> = Vec::new();
    let mut lines_solved = 0;
    for (n, line) in lesson.lines().iter().enumerate() {
        match play_line(&lesson, line, &mut turn_starts) {
            Ok(()) => lines_solved += 1,
            Err(problem) => problems.push(format!("solution {}: {problem}", n + 1)),
        }
    }

    // No turn that reaches the goal may be refused.
    let mut turns_tried = 0;
    for start in &turn_starts {
        for turn in complete_turns(start.position()) {
            turns_tried += 1;
            if !start.reaches_goal_freely(&turn) {
                continue;
            }
            let mut runner = start.clone();
            if runner.attempt_actions(&turn) != Verdict::Solved {
                problems.push(format!(
                    "'{}' reaches the goal but is not accepted",
                    format_actions(&turn)
                ));
            }
        }
    }

    // Every wrong answer gets its explanation somewhere along a line.
    let mut explained = 0;
    for (actions, answer) in lesson.wrong_answers() {
        let (last, before) = actions.split_last().expect("loading refuses empty answers");
        let applies = turn_starts.iter().any(|start| {
            let mut runner = start.clone();
            let lead_in_ok = before
                .iter()
                .all(|a| runner.attempt(*a) == Verdict::Continue);
            let position = *runner.position();
            lead_in_ok
                && runner.attempt(*last) == Verdict::Wrong { why: answer.why }
                && *runner.position() == position
        });
        if applies {
            explained += 1;
        } else {
            problems.push(format!(
                "the wrong answer '{}' never gets its explanation",
                format_actions(actions)
            ));
        }
    }

    // An unlisted legal move is refused with the generic message and changes nothing.
    let mut refused = false;
    let mut runner = lesson.runner();
    let start = *runner.position();
    let expected = runner.expected();
    let unlisted = start.legal_actions().iter().copied().find(|a| {
        !expected.iter().any(|s| s.matches(*a))
            && !lesson
                .wrong_answers()
                .iter()
                .any(|(w, _)| w.as_slice() == [*a])
    });
    if let Some(action) = unlisted {
        let verdict = runner.attempt(action);
        if verdict == Verdict::NotThisTime && *runner.position() == start {
            refused = true;
        } else {
            problems.push(format!("the unlisted move {action} got {verdict:?}"));
        }
    }

    // "Try again" after solving restores the start.
    let mut runner = lesson.runner();
    let line = &lesson.lines()[0];
    if replay_into(&mut runner, line, &mut Vec::new()).is_ok() {
        runner.reset();
        if *runner.position() != start
            || runner.is_solved()
            || runner.game().actions() != lesson.start().actions()
        {
            problems.push("try again does not restore the start".into());
        }
    }

    report.lines += lines_solved;
    report.wrong_answers += explained;
    report.refused += usize::from(refused);
    report.turns_tried += turns_tried;
    report
        .failures
        .extend(problems.into_iter().map(|problem| CheckFailure {
            lesson: data.id,
            problem,
        }));
}

fn check_languages(data: &LessonData, problems: &mut Vec<String>) {
    let is_cjk = |c: char| ('\u{4e00}'..='\u{9fff}').contains(&c);
    for (field, text) in data.texts() {
        if text.en.chars().any(is_cjk) {
            problems.push(format!("the English {field} has Chinese in it"));
        }
        if !text.zh.chars().any(is_cjk) {
            problems.push(format!("the Chinese {field} is not in Chinese"));
        }
        if !text.zh_hant.chars().any(is_cjk) {
            problems.push(format!("the Traditional Chinese {field} is not in Chinese"));
        }
        if let Some(c) = text.zh_hant.chars().find(|c| is_simplified_only(*c)) {
            problems.push(format!(
                "the Traditional Chinese {field} has the Simplified character {c}"
            ));
        }
        for s in [text.en, text.zh, text.zh_hant] {
            if s != s.trim() || s.contains("  ") {
                problems.push(format!("the {field} '{s}' is badly spaced"));
            }
        }
    }
}

/// A few common characters that exist only in Simplified script: a Traditional text that
/// has one was copied or half converted.
fn is_simplified_only(c: char) -> bool {
    "这个们对时动盘线条点与没进为让还边连胜负马厩双两从间该吗么".contains(c)
}

/// Plays one line through a fresh runner, recording the runner at each learner turn start.
fn play_line(
    lesson: &Lesson,
    line: &[Vec<Step>],
    turn_starts: &mut Vec<LessonRunner>,
) -> Result<(), String> {
    let mut runner = lesson.runner();
    replay_into(&mut runner, line, turn_starts)
}

/// Plays a line with `runner`: the learner's turns are attempted, the replies must be the
/// line's.
fn replay_into(
    runner: &mut LessonRunner,
    line: &[Vec<Step>],
    turn_starts: &mut Vec<LessonRunner>,
) -> Result<(), String> {
    let mut i = 0;
    while i < line.len() {
        turn_starts.push(runner.clone());
        let turn = &line[i];
        let mut verdict = Verdict::Finished;
        for (j, step) in turn.iter().enumerate() {
            let last = j + 1 == turn.len();
            loop {
                let action = realize(runner.position(), *step)
                    .ok_or_else(|| format!("turn {}: no legal action matches {step}", i + 1))?;
                verdict = runner.attempt(action);
                // `...` goes on while the turn does.
                if *step != Step::Rest || verdict != Verdict::Continue {
                    break;
                }
            }
            let only_rest_left = turn[j + 1..] == [Step::Rest];
            if verdict != Verdict::Continue && only_rest_left {
                break;
            }
            if !last && verdict != Verdict::Continue {
                return Err(format!("turn {}: {step} got {verdict:?}", i + 1));
            }
        }
        i += 1;
        match verdict {
            Verdict::Solved if i == line.len() => return Ok(()),
            Verdict::Solved => return Err(format!("solved early, after turn {i}")),
            Verdict::Replied { reply } => {
                let mut rest = reply.as_slice();
                while !rest.is_empty() {
                    let Some(turn) = line.get(i) else {
                        return Err("the runner replied past the line".into());
                    };
                    let actions: Vec<Action> = turn
                        .iter()
                        .map(|s| match s {
                            Step::Exact(a) => Ok(*a),
                            _ => Err(format!("turn {}: a reply must be exact", i + 1)),
                        })
                        .collect::<Result<_, _>>()?;
                    if !rest.starts_with(&actions) {
                        return Err(format!("turn {}: the reply differs", i + 1));
                    }
                    rest = &rest[actions.len()..];
                    i += 1;
                }
                if i == line.len() {
                    return Err("the line ends without reaching the goal".into());
                }
            }
            other => return Err(format!("turn {i} ended with {other:?}")),
        }
    }
    Err("the line ends without reaching the goal".into())
}

/// The first legal action a step stands for.
fn realize(position: &Position, step: Step) -> Option<Action> {
    match step {
        Step::Exact(a) => Some(a),
        _ => position
            .legal_actions()
            .iter()
            .copied()
            .find(|a| step.matches(*a)),
    }
}

/// Every complete turn of the side to move: action sequences until nothing is owed.
pub(super) fn complete_turns(position: &Position) -> Vec<Vec<Action>> {
    let mut turns = Vec::new();
    let mut prefix = Vec::new();
    extend_turns(position, &mut prefix, &mut turns);
    turns
}

fn extend_turns(position: &Position, prefix: &mut Vec<Action>, out: &mut Vec<Vec<Action>>) {
    for action in position.legal_actions().iter().copied() {
        let mut next = *position;
        next.play_unchecked(action);
        prefix.push(action);
        if owes_rest_of_turn(&next) {
            extend_turns(&next, prefix, out);
        } else {
            out.push(prefix.clone());
        }
        prefix.pop();
    }
}
