//! Playing a lesson: the learner's actions are judged against the solution lines, the
//! opponent's scripted replies are played, and "try again" starts over.
//!
//! The runner judges *actions*, so it can sit under the app's taps: the session turns a tap
//! into an action with its usual machinery (picking a piece is not an action), asks
//! [`LessonRunner::judge`] whether the lesson accepts it, and plays it with
//! [`LessonRunner::attempt`]. A wrong action is never played: the board stays as it was and
//! the learner tries again from there.
//!
//! [`crate::session::LessonSession`] is that session: the game's tap code up to the action
//! (placing, picking a piece, stepping, removing), then [`LessonRunner::attempt`] where a game
//! would call `Game::play`; [`Verdict::Illegal`] becomes the usual refusal, [`Verdict::Wrong`]
//! and [`Verdict::NotThisTime`] are shown with [`LessonRunner::message`], and the reply of
//! [`Verdict::Replied`] comes with its own board changes, so the apps animate it. The lesson's
//! own timer ([`super::LessonData::timer_seconds`]) ends in [`LessonRunner::time_out`].
//!
//! Whether the learner's turn is complete is read from the position itself (no removal or
//! step after a pull is owed: [`owes_rest_of_turn`]), never from turn counters.

use crate::action::Action;
use crate::content::Locale;
use crate::game::Game;
use crate::position::{IllegalAction, Pending, Position, RemovalKind};
use crate::rules::Side;

use super::data::Text;
use super::lesson::Lesson;
use super::step::{Line, Step};
use super::turn::{Tally, owes_rest_of_turn};

/// The message for a legal move that no solution and no listed wrong answer names.
pub const NOT_THIS_TIME: Text = Text {
    en: "Not this time — try again.",
    zh: "这次不对，再试一次。",
    zh_hant: "這次不對，再試一次。",
};

/// The lesson's answer to one action of the learner's.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Verdict {
    /// On a solution line; the learner's turn goes on (a removal or a step is owed).
    Continue,
    /// The learner's turn is complete and on a line; the opponent answered with `reply`
    /// (empty when the opponent was skipped), and it is the learner's turn again.
    Replied {
        /// The opponent's actions.
        reply: Vec<Action>,
    },
    /// The goal is reached: the lesson is solved.
    Solved,
    /// A typical wrong answer, with what is wrong with it; nothing was played.
    Wrong {
        /// Why it is wrong.
        why: Text,
    },
    /// A legal action no line and no listed wrong answer names; nothing was played.
    /// Show [`NOT_THIS_TIME`] with the hint.
    NotThisTime,
    /// The rules refuse the action; nothing was played.
    Illegal(IllegalAction),
    /// The lesson is already solved (or its game over): "try again" starts it anew.
    Finished,
    /// The line has no reply for the opponent here: a data error that [`super::check`]
    /// rules out for every shipped lesson.
    NoReply,
}

impl Verdict {
    /// Whether the action was played.
    pub fn was_played(&self) -> bool {
        matches!(
            self,
            Verdict::Continue | Verdict::Replied { .. } | Verdict::Solved | Verdict::NoReply
        )
    }
}

// A lesson's way to its runner lives with the runner: the runner holds a lesson, so the
// lesson stands on the floor below and does not name it.
impl Lesson {
    /// A runner at the start of this lesson.
    pub fn runner(&self) -> LessonRunner {
        LessonRunner::new(self.clone())
    }
}

/// One lesson being played.
#[derive(Clone, Debug)]
pub struct LessonRunner {
    lesson: Lesson,
    game: Game,
    /// The turns completed so far, learner's and opponent's, in order.
    turns: Vec<Vec<Action>>,
    /// The actions of the learner's turn in progress.
    current: Vec<Action>,
    tally: Tally,
    solved: bool,
}

impl LessonRunner {
    /// A runner at the start of `lesson`.
    pub fn new(lesson: Lesson) -> LessonRunner {
        let game = lesson.start().clone();
        LessonRunner {
            lesson,
            game,
            turns: Vec::new(),
            current: Vec::new(),
            tally: Tally::default(),
            solved: false,
        }
    }

    /// The lesson being played.
    pub fn lesson(&self) -> &Lesson {
        &self.lesson
    }

    /// The lesson's game as it stands (draw the board from it).
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// The position now.
    pub fn position(&self) -> &Position {
        self.game.position()
    }

    /// The side the learner plays.
    pub fn learner(&self) -> Side {
        self.lesson.data.learner
    }

    /// Whether the lesson's goal is reached.
    pub fn is_solved(&self) -> bool {
        self.solved
    }

    /// The learner's captures, pins, pulls, stablings and passes so far.
    pub fn tally(&self) -> Tally {
        self.tally
    }

    /// "Try again": back to the lesson's starting position.
    pub fn reset(&mut self) {
        *self = LessonRunner::new(self.lesson.clone());
    }

    /// The lines still consistent with what has been played, and the index of the turn now
    /// being played in them.
    fn alive_lines(&self) -> impl Iterator<Item = &Line> {
        let done = &self.turns;
        self.lesson.lines().iter().filter(move |line| {
            line.len() > done.len()
                && line
                    .iter()
                    .zip(done)
                    .all(|(steps, actions)| turn_matches(steps, actions))
        })
    }

    /// The steps the solution lines accept next (for a hint that shows a point).
    pub fn expected(&self) -> Vec<Step> {
        let k = self.turns.len();
        let mut steps = Vec::new();
        for line in self.alive_lines() {
            let turn = &line[k];
            if prefix_matches(turn, &self.current) {
                if let Some(step) = step_at(turn, self.current.len()) {
                    if !steps.contains(&step) {
                        steps.push(step);
                    }
                }
            }
        }
        steps
    }

    /// The listed wrong answer `action` would be now, if any.
    fn wrong_answer(&self, action: Action) -> Option<Text> {
        let mut attempt = self.current.clone();
        attempt.push(action);
        self.lesson
            .wrong_answers()
            .iter()
            .find(|(actions, _)| *actions == attempt)
            .map(|(_, answer)| answer.why)
    }

    /// What [`LessonRunner::attempt`] would answer, without playing anything. `Continue`
    /// stands for every verdict of an accepted action.
    pub fn judge(&self, action: Action) -> Verdict {
        if self.solved || self.game.is_over() {
            return Verdict::Finished;
        }
        let on_line = self.expected().iter().any(|s| s.matches(action));
        if let Err(reason) = self.game.position().check(action) {
            return match self.wrong_answer(action) {
                Some(why) => Verdict::Wrong { why },
                None => Verdict::Illegal(reason),
            };
        }
        if on_line {
            return Verdict::Continue;
        }
        match self.wrong_answer(action) {
            Some(why) => Verdict::Wrong { why },
            None => Verdict::NotThisTime,
        }
    }

    /// Plays one action of the learner's if the lesson accepts it, then the opponent's reply
    /// when the learner's turn is complete.
    pub fn attempt(&mut self, action: Action) -> Verdict {
        let judged = self.judge(action);
        if judged != Verdict::Continue {
            return judged;
        }
        self.play_learner(action);
        if owes_rest_of_turn(self.game.position()) {
            return Verdict::Continue;
        }
        self.turns.push(std::mem::take(&mut self.current));
        if self.goal_reached() {
            self.solved = true;
            return Verdict::Solved;
        }
        let mut reply = Vec::new();
        while !self.game.is_over() && self.game.position().side_to_move() != self.learner() {
            let k = self.turns.len();
            let Some(turn) = self.alive_lines().next().map(|line| line[k].clone()) else {
                return Verdict::NoReply;
            };
            for step in &turn {
                let Step::Exact(a) = *step else {
                    return Verdict::NoReply;
                };
                if self.game.play(a).is_err() {
                    return Verdict::NoReply;
                }
                reply.push(a);
            }
            self.turns.push(turn_actions(&turn));
        }
        if self.game.is_over() || self.alive_lines().next().is_none() {
            // The script ran out before the goal: a data error.
            return Verdict::NoReply;
        }
        Verdict::Replied { reply }
    }

    /// Plays several actions of the learner's, whole turns or parts of one; all or nothing:
    /// if any action is refused, none of them stays played and its verdict is returned.
    /// The opponent's replies between the learner's turns are played as usual.
    pub fn attempt_actions(&mut self, actions: &[Action]) -> Verdict {
        let before = self.clone();
        let mut verdict = Verdict::Finished;
        for &action in actions {
            verdict = self.attempt(action);
            if !verdict.was_played() {
                *self = before;
                return verdict;
            }
        }
        verdict
    }

    /// Whether playing `actions` (legal ones, whatever the lines say) from here would reach
    /// the goal: the check uses it to prove that no unlisted turn reaches the goal.
    pub(super) fn reaches_goal_freely(&self, actions: &[Action]) -> bool {
        let mut free = self.clone();
        for &action in actions {
            if free.solved || free.game.position().check(action).is_err() {
                return false;
            }
            free.play_learner(action);
        }
        free.goal_reached()
    }

    /// The turn timer ran out (the app's timer, [`super::LessonData::timer_seconds`]).
    pub fn time_out(&mut self) -> Verdict {
        self.attempt(Action::Pass)
    }

    fn play_learner(&mut self, action: Action) {
        let position = *self.game.position();
        let learner = self.learner();
        if let (Action::Remove(_), Pending::Remove { kind, .. }) = (action, position.pending()) {
            match kind {
                RemovalKind::Pin => self.tally.pins += 1,
                RemovalKind::Capture => self.tally.captures += 1,
                RemovalKind::Pull => self.tally.pulls += 1,
            }
        }
        if action == Action::Pass {
            self.tally.passes += 1;
        }
        self.game.play(action).expect("judged legal");
        let stable = self.game.position().stable(learner);
        self.tally.stabled += stable.saturating_sub(position.stable(learner));
        self.current.push(action);
    }

    fn goal_reached(&self) -> bool {
        self.lesson
            .data
            .goal
            .reached(&self.game, self.learner(), &self.tally)
    }

    /// The text to show for a verdict, if it has one: the explanation of a wrong answer,
    /// "not this time" with the hint, or the lesson's closing words.
    pub fn message(&self, verdict: &Verdict, locale: Locale) -> Option<String> {
        let data = self.lesson.data;
        match verdict {
            Verdict::Wrong { why } => Some(why.get(locale).to_string()),
            Verdict::NotThisTime => Some(format!(
                "{} {}",
                NOT_THIS_TIME.get(locale),
                data.hint.get(locale)
            )),
            Verdict::Solved => Some(data.solved_text.get(locale).to_string()),
            _ => None,
        }
    }
}

/// The step a turn's pattern expects at `index` (`...` covers the rest of the turn).
fn step_at(steps: &[Step], index: usize) -> Option<Step> {
    match steps.get(index) {
        Some(step) => Some(*step),
        None => steps.last().copied().filter(|s| *s == Step::Rest),
    }
}

/// Whether `actions` can be the start of a turn that `steps` describes.
fn prefix_matches(steps: &[Step], actions: &[Action]) -> bool {
    actions
        .iter()
        .enumerate()
        .all(|(i, a)| step_at(steps, i).is_some_and(|s| s.matches(*a)))
}

/// Whether `actions`, a complete turn, is one that `steps` describes.
fn turn_matches(steps: &[Step], actions: &[Action]) -> bool {
    let fixed = steps.iter().filter(|s| **s != Step::Rest).count();
    let exact_length = steps.last() != Some(&Step::Rest);
    prefix_matches(steps, actions)
        && if exact_length {
            actions.len() == steps.len()
        } else {
            actions.len() >= fixed
        }
}

/// A scripted turn's actions (replies are exact; checked before they are played).
fn turn_actions(steps: &[Step]) -> Vec<Action> {
    steps
        .iter()
        .filter_map(|s| match s {
            Step::Exact(a) => Some(*a),
            _ => None,
        })
        .collect()
}
