//! Interactive lessons: one short course per game, played on the real board.
//!
//! A lesson is data ([`LessonData`], one file per game: [`zhiqi`], [`linked_horse`],
//! [`twelve_mens_morris`]): a starting position reached from the start of the game by legal
//! actions, a goal, the accepted solution lines, the opponent's scripted replies, a hint and
//! explanations for the typical wrong answers, every text in English, Simplified Chinese and
//! Traditional Chinese.
//! [`Lesson::load`] reads and validates one ([`LessonError`] says what is wrong);
//! [`LessonRunner`] plays it with the learner's actions; [`check`] proves every lesson does
//! what it promises (the tests and `mills lessons --check` run it); [`Progress`] is which
//! lessons a player has solved.
//!
//! Notation: the actions of RULES.md §2 (`d6`, `d6-d5`, `xd7`, `pass`), plus three patterns
//! that only solution lines may use, for lessons where the choice does not matter: `x*` (any
//! legal removal), `*` (any legal action) and, last in a turn, `...` (whatever the turn still
//! owes: the removals a step earned, say).

mod check;
mod data;
pub mod linked_horse;
mod progress;
mod runner;
pub mod twelve_mens_morris;
pub mod zhiqi;

use std::fmt;

use crate::action::{Action, ParseActionError, parse_actions};
use crate::content::Locale;
use crate::game::{Game, ReplayError};
use crate::outcome::WinReason;
use crate::position::Position;
use crate::rules::{Rules, Side, Variant};

pub use check::{CheckFailure, CheckReport, check, check_lesson};
pub use data::{Goal, LessonData, Text, WrongAnswer};
pub use progress::Progress;
pub use runner::{LessonRunner, Verdict};

/// The message for a legal move that no solution and no listed wrong answer names.
pub const NOT_THIS_TIME: Text = Text {
    en: "Not this time — try again.",
    zh: "这次不对，再试一次。",
    zh_hant: "這次不對，再試一次。",
};

/// The lessons of one game, in course order.
///
/// Each game's course, in order, with titles in every language:
///
/// ```
/// use mills_core::{Locale, Variant, lesson_course};
///
/// let course = lesson_course(Variant::ZhiQi);
/// assert_eq!(course.len(), 7);
/// assert!(course.iter().all(|l| l.variant == Variant::ZhiQi));
/// let first = &course[0];
/// assert!(!first.title.get(Locale::English).is_empty());
/// assert_ne!(first.title.get(Locale::English), first.title.get(Locale::SimplifiedChinese));
/// ```
pub fn course(variant: Variant) -> &'static [LessonData] {
    match variant {
        Variant::ZhiQi => zhiqi::LESSONS,
        Variant::LinkedHorse => linked_horse::LESSONS,
        Variant::TwelveMensMorris => twelve_mens_morris::LESSONS,
    }
}

/// Every lesson of every game, game by game.
pub fn all() -> impl Iterator<Item = &'static LessonData> {
    Variant::ALL.into_iter().flat_map(|v| course(v).iter())
}

/// The lesson after `id` in its game's course; `None` after the last one (or for an
/// unknown id).
pub fn next_after(id: &str) -> Option<&'static LessonData> {
    let data = all().find(|l| l.id == id)?;
    let lessons = course(data.variant);
    let at = lessons.iter().position(|l| l.id == id)?;
    lessons.get(at + 1)
}

/// The lesson with this id, loaded.
///
/// Run a lesson: the first Zhi Qi lesson asks for a mill and a pin.
///
/// ```
/// use mills_core::{LessonVerdict, lesson, parse_actions};
///
/// let mut runner = lesson("zhiqi-pin")?.runner();
/// assert!(matches!(runner.attempt_actions(&parse_actions("e5")?), LessonVerdict::Wrong { .. }));
/// assert_eq!(runner.attempt_actions(&parse_actions("g7 xe4")?), LessonVerdict::Solved);
/// assert!(runner.is_solved());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn lesson(id: &str) -> Result<Lesson, LessonError> {
    let data = all()
        .find(|l| l.id == id)
        .ok_or_else(|| LessonError::new(id, LessonProblem::UnknownId))?;
    Lesson::load(data)
}

/// One action of a solution line, or a pattern standing for several.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Step {
    Exact(Action),
    /// `x*`: any legal removal.
    AnyRemoval,
    /// `*`: any legal action.
    Any,
    /// `...`, last in a turn: any actions until the turn ends (none, or the removals owed).
    Rest,
}

impl Step {
    pub fn matches(self, action: Action) -> bool {
        match self {
            Step::Exact(a) => a == action,
            Step::AnyRemoval => matches!(action, Action::Remove(_)),
            Step::Any | Step::Rest => action != Action::Pass,
        }
    }
}

impl fmt::Display for Step {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Step::Exact(a) => a.fmt(f),
            Step::AnyRemoval => f.write_str("x*"),
            Step::Any => f.write_str("*"),
            Step::Rest => f.write_str("..."),
        }
    }
}

/// A solution line: turns in the order they are played, the learner's and the opponent's
/// scripted replies (who plays a turn follows from the position: a side with an empty hand
/// is skipped while placing, so two learner turns can follow each other).
pub type Line = Vec<Vec<Step>>;

/// A lesson read and validated: its data, its starting game and its parsed lines.
#[derive(Clone, Debug)]
pub struct Lesson {
    /// The lesson's data as written.
    pub data: &'static LessonData,
    start: Game,
    lines: Vec<Line>,
    wrong: Vec<(Vec<Action>, &'static WrongAnswer)>,
}

impl Lesson {
    /// Reads a lesson and checks what can be checked without playing it: the notation of
    /// every field, the start reached by legal actions with the learner to move, both
    /// languages of every text.
    pub fn load(data: &'static LessonData) -> Result<Lesson, LessonError> {
        let fail = |problem| LessonError::new(data.id, problem);
        if data.id.is_empty()
            || !data
                .id
                .bytes()
                .all(|b| b.is_ascii_lowercase() || b == b'-' || b.is_ascii_digit())
        {
            return Err(fail(LessonProblem::BadId));
        }
        for (field, text) in data.texts() {
            for locale in Locale::ALL {
                if text.get(locale).trim().is_empty() {
                    return Err(fail(LessonProblem::MissingText { field, locale }));
                }
            }
        }
        let start_actions = parse_actions(data.start).map_err(|error| {
            fail(LessonProblem::Notation {
                field: "start",
                error,
            })
        })?;
        if start_actions.contains(&Action::Pass) {
            return Err(fail(LessonProblem::PassInStart));
        }
        let start = Game::replay(Rules::of(data.variant), &start_actions)
            .map_err(|e| fail(LessonProblem::IllegalStart(e)))?;
        if start.is_over() {
            return Err(fail(LessonProblem::StartIsOver));
        }
        if start.position().side_to_move() != data.learner || owes_rest_of_turn(start.position()) {
            return Err(fail(LessonProblem::LearnerNotToMove));
        }
        if data.solutions.is_empty() {
            return Err(fail(LessonProblem::NoSolution));
        }
        let mut lines = Vec::new();
        for turns in data.solutions {
            let mut line = Vec::new();
            for turn in *turns {
                let steps = parse_steps(turn).map_err(|error| {
                    fail(LessonProblem::Notation {
                        field: "solutions",
                        error,
                    })
                })?;
                if steps.is_empty() {
                    return Err(fail(LessonProblem::EmptyTurn));
                }
                if steps[..steps.len() - 1].contains(&Step::Rest) {
                    return Err(fail(LessonProblem::RestNotLast));
                }
                line.push(steps);
            }
            if line.is_empty() {
                return Err(fail(LessonProblem::EmptyTurn));
            }
            lines.push(line);
        }
        let mut wrong = Vec::new();
        for answer in data.wrong {
            if answer.actions.is_empty() {
                return Err(fail(LessonProblem::EmptyTurn));
            }
            for text in answer.actions {
                let actions = parse_actions(text).map_err(|error| {
                    fail(LessonProblem::Notation {
                        field: "wrong",
                        error,
                    })
                })?;
                if actions.is_empty() {
                    return Err(fail(LessonProblem::EmptyTurn));
                }
                wrong.push((actions, answer));
            }
        }
        Ok(Lesson {
            data,
            start,
            lines,
            wrong,
        })
    }

    /// The game at the start of the lesson.
    pub fn start(&self) -> &Game {
        &self.start
    }

    /// The accepted solution lines.
    pub fn lines(&self) -> &[Line] {
        &self.lines
    }

    /// The listed wrong answers: the actions from the start of the learner's turn, the last
    /// one the wrong one, and the answer they belong to.
    pub fn wrong_answers(&self) -> &[(Vec<Action>, &'static WrongAnswer)] {
        &self.wrong
    }

    /// A runner at the start of this lesson.
    pub fn runner(&self) -> LessonRunner {
        LessonRunner::new(self.clone())
    }
}

/// Reads a solution turn: actions in the notation, `x*` and `*`.
fn parse_steps(text: &str) -> Result<Vec<Step>, ParseActionError> {
    let mut steps = Vec::new();
    for word in text.split_whitespace() {
        match word {
            "*" => steps.push(Step::Any),
            "..." => steps.push(Step::Rest),
            "x*" | "X*" => steps.push(Step::AnyRemoval),
            _ => steps.extend(parse_actions(word)?.into_iter().map(Step::Exact)),
        }
    }
    Ok(steps)
}

/// Every lesson of every game, loaded; the first bad one is an error.
pub fn load_all() -> Result<Vec<Lesson>, LessonError> {
    let mut lessons: Vec<Lesson> = Vec::new();
    for data in all() {
        if lessons.iter().any(|l| l.data.id == data.id) {
            return Err(LessonError::new(data.id, LessonProblem::DuplicateId));
        }
        lessons.push(Lesson::load(data)?);
    }
    Ok(lessons)
}

/// A lesson that cannot be used, and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LessonError {
    /// The lesson's id.
    pub lesson: String,
    /// What is wrong with it.
    pub problem: LessonProblem,
}

impl LessonError {
    fn new(lesson: &str, problem: LessonProblem) -> LessonError {
        LessonError {
            lesson: lesson.to_string(),
            problem,
        }
    }
}

/// What is wrong with a lesson's data.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LessonProblem {
    /// No lesson has this id.
    UnknownId,
    /// Ids are lowercase words joined by `-`.
    BadId,
    /// Two lessons share an id.
    DuplicateId,
    /// A text is empty in one language.
    MissingText {
        /// Which text.
        field: &'static str,
        /// The language it is missing in.
        locale: Locale,
    },
    /// A field's notation cannot be read.
    Notation {
        /// Which field.
        field: &'static str,
        /// What is wrong with the notation.
        error: ParseActionError,
    },
    /// The start is built by the players' actions; `pass` is the timer's.
    PassInStart,
    /// The start actions cannot be played.
    IllegalStart(ReplayError),
    /// The game is already over at the start.
    StartIsOver,
    /// The start must be the beginning of a turn of the learner's.
    LearnerNotToMove,
    /// The lesson has no solution line.
    NoSolution,
    /// A solution has a turn without actions.
    EmptyTurn,
    /// `...` stands for the end of a turn, so nothing may follow it.
    RestNotLast,
}

impl fmt::Display for LessonError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "lesson {}: ", self.lesson)?;
        match &self.problem {
            LessonProblem::UnknownId => f.write_str("no lesson has this id"),
            LessonProblem::BadId => f.write_str("an id is lowercase words joined by '-'"),
            LessonProblem::DuplicateId => f.write_str("two lessons have this id"),
            LessonProblem::MissingText { field, locale } => {
                write!(f, "the {field} has no {} text", locale.tag())
            }
            LessonProblem::Notation { field, error } => write!(f, "{field}: {error}"),
            LessonProblem::PassInStart => f.write_str("the start may not contain 'pass'"),
            LessonProblem::IllegalStart(e) => write!(f, "start: {e}"),
            LessonProblem::StartIsOver => f.write_str("the game is over at the start"),
            LessonProblem::LearnerNotToMove => {
                f.write_str("the start is not the beginning of the learner's turn")
            }
            LessonProblem::NoSolution => f.write_str("no solution line"),
            LessonProblem::EmptyTurn => f.write_str("an empty turn or wrong answer"),
            LessonProblem::RestNotLast => f.write_str("'...' must end its turn"),
        }
    }
}

impl std::error::Error for LessonError {}

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
    use crate::position::{Pending, RemovalKind};
    !position.is_over()
        && match position.pending() {
            Pending::None => false,
            Pending::Remove { kind, .. } => kind != RemovalKind::Pull,
            Pending::StepAfterPull => true,
        }
}

/// Whether a win is the one a goal asks for.
fn wins_by(game: &Game, learner: Side, reason: WinReason) -> bool {
    matches!(
        game.outcome(),
        Some(crate::outcome::Outcome::Win { winner, reason: r }) if winner == learner && r == reason
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_next_lesson_follows_the_course_and_ends_with_it() {
        for variant in Variant::ALL {
            let lessons = course(variant);
            for pair in lessons.windows(2) {
                assert_eq!(next_after(pair[0].id).map(|l| l.id), Some(pair[1].id));
            }
            assert_eq!(next_after(lessons.last().unwrap().id), None);
        }
        assert_eq!(next_after("no-such-lesson"), None);
    }
}
