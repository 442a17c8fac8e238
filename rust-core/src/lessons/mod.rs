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
mod course;
mod data;
mod lesson;
pub mod linked_horse;
mod progress;
mod runner;
mod step;
mod turn;
pub mod twelve_mens_morris;
pub mod zhiqi;

pub use check::{CheckFailure, CheckReport, check, check_lesson};
pub use course::{all, course, next_after};
pub use data::{Goal, LessonData, Text, WrongAnswer};
pub use lesson::{Lesson, LessonError, LessonProblem, lesson, load_all};
pub use progress::Progress;
pub use runner::{LessonRunner, NOT_THIS_TIME, Verdict};
pub use turn::owes_rest_of_turn;
