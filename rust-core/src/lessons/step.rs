//! Solution lines: the actions of the notation and the patterns only a solution may use.

use std::fmt;

use crate::action::{Action, ParseActionError, parse_actions};

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

/// Reads a solution turn: actions in the notation, `x*` and `*`.
pub(super) fn parse_steps(text: &str) -> Result<Vec<Step>, ParseActionError> {
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
