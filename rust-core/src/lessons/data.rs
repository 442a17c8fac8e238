//! The shape of a lesson as it is written in the per-game files.

use crate::board::Bitboard;
use crate::content::Locale;
use crate::game::Game;
use crate::outcome::{Outcome, WinReason};
use crate::position::{Phase, Position};
use crate::rules::{Side, Variant};

use super::turn::{Tally, owes_rest_of_turn};

/// A text in every language of the app.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Text {
    /// The English text.
    pub en: &'static str,
    /// The Simplified Chinese text.
    pub zh: &'static str,
    /// Traditional Chinese, in the words used in Taiwan.
    pub zh_hant: &'static str,
}

impl Text {
    /// The text in `locale`.
    pub fn get(&self, locale: Locale) -> &'static str {
        match locale {
            Locale::English => self.en,
            Locale::SimplifiedChinese => self.zh,
            Locale::TraditionalChinese => self.zh_hant,
        }
    }
}

/// What the learner must achieve; judged after each of the learner's complete turns.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Goal {
    /// Win the game for this reason.
    Win(WinReason),
    /// Make this many pins (Zhi Qi while placing).
    Pins(u8),
    /// Capture this many pieces (plain removals).
    Captures(u8),
    /// Pull a piece and make the step that follows (Zhi Qi when blocked).
    Pull,
    /// Send this many pieces to the stable (Linked-Horse).
    Stabled(u8),
    /// Leave the opponent with no placement or step that completes a line.
    Block,
    /// Let the turn timer run out (the turn passes).
    TimeOut,
}

impl Goal {
    /// Whether the goal is reached in `game`, with the learner's `tally` so far.
    pub fn reached(self, game: &Game, learner: Side, tally: &Tally) -> bool {
        match self {
            Goal::Win(reason) => wins_by(game, learner, reason),
            Goal::Pins(n) => tally.pins >= n,
            Goal::Captures(n) => tally.captures >= n,
            Goal::Pull => tally.pulls >= 1 && !owes_rest_of_turn(game.position()),
            Goal::Stabled(n) => tally.stabled >= n,
            Goal::Block => {
                !game.is_over() && !can_complete_line(game.position(), learner.opponent())
            }
            Goal::TimeOut => tally.passes >= 1,
        }
    }
}

/// Whether a win is the one a goal asks for.
fn wins_by(game: &Game, learner: Side, reason: WinReason) -> bool {
    matches!(
        game.outcome(),
        Some(Outcome::Win { winner, reason: r }) if winner == learner && r == reason
    )
}

/// Whether `side` has a placement or step that completes a line (on its next turn).
pub fn can_complete_line(position: &Position, side: Side) -> bool {
    let geometry = position.rules().geometry();
    let ours = position.board(side);
    let empty = position.empty();
    let completes = |pieces: Bitboard, to| geometry.lines_completed_at(pieces, to).next().is_some();
    if position.phase() == Phase::Placing && position.hand(side) > 0 {
        return empty.into_iter().any(|to| completes(ours.with(to), to));
    }
    ours.into_iter().any(|from| {
        (geometry.adjacent[from.index()] & empty)
            .into_iter()
            .any(|to| completes(ours.without(from).with(to), to))
    })
}

/// A typical wrong answer and what is wrong with it.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct WrongAnswer {
    /// Each a sequence of actions from the start of one of the learner's turns; the last
    /// action is the wrong one (it may be legal or not), the ones before follow a solution.
    pub actions: &'static [&'static str],
    /// Why it is wrong, shown to the learner.
    pub why: Text,
}

/// One lesson, as written.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct LessonData {
    /// Stable id, `game-topic` (progress is kept by it).
    pub id: &'static str,
    /// The game the lesson teaches.
    pub variant: Variant,
    /// The side the learner plays (White is P1, Black P2).
    pub learner: Side,
    /// The lesson's title in the list.
    pub title: Text,
    /// What the lesson teaches, shown before it starts.
    pub text: Text,
    /// What to do, shown above the board.
    pub goal_text: Text,
    /// What solves the lesson.
    pub goal: Goal,
    /// Actions from the start of the game to the lesson's position (no `pass`).
    pub start: &'static str,
    /// The accepted lines, each a list of turns: the learner's and the opponent's replies.
    pub solutions: &'static [&'static [&'static str]],
    /// The hint shown on request and after "not this time".
    pub hint: Text,
    /// Known wrong answers, each with its explanation.
    pub wrong: &'static [WrongAnswer],
    /// Seconds on the turn timer in this lesson; `None`: no timer.
    pub timer_seconds: Option<u16>,
    /// Said when the goal is reached.
    pub solved_text: Text,
}

impl LessonData {
    /// Every text of the lesson with the name of its field.
    pub fn texts(&self) -> Vec<(&'static str, Text)> {
        let mut texts = vec![
            ("title", self.title),
            ("text", self.text),
            ("goal", self.goal_text),
            ("hint", self.hint),
            ("solved text", self.solved_text),
        ];
        texts.extend(self.wrong.iter().map(|w| ("wrong answer", w.why)));
        texts
    }
}
