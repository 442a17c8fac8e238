//! A lesson read and validated from its data, and what can be wrong with the data.

use std::fmt;

use crate::action::{Action, ParseActionError, parse_actions};
use crate::content::Locale;
use crate::game::{Game, ReplayError};
use crate::rules::Rules;

use super::course::all;
use super::data::{LessonData, WrongAnswer};
use super::step::{Line, Step, parse_steps};
use super::turn::owes_rest_of_turn;

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
