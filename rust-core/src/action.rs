//! Actions, their notation (`d6`, `d6-d5`, `xd7`, `pass`) and a fixed-size action list.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

use crate::board::{ParsePointError, Point};

/// One action of a turn (RULES.md §2).
///
/// The notation of RULES.md §2, read and written:
///
/// ```
/// use mills_core::{Action, parse_actions};
///
/// let step: Action = "d6-d5".parse()?;
/// assert_eq!(step, Action::Step { from: "d6".parse()?, to: "d5".parse()? });
/// assert_eq!("xd7".parse::<Action>()?, Action::Remove("d7".parse()?));
/// assert_eq!(step.to_string(), "d6-d5");
/// // A whole turn may be written as one word.
/// assert_eq!(parse_actions("d6-d5xd7")?, [step, "xd7".parse()?]);
/// assert!("d6-".parse::<Action>().is_err());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Action {
    /// A piece from hand onto an empty point.
    Place(Point),
    /// A piece to an adjacent empty point.
    Step {
        /// Where the piece stands.
        from: Point,
        /// Where it arrives.
        to: Point,
    },
    /// A capture, a pin or a pull: which one follows from the position.
    Remove(Point),
    /// The turn timer ran out. Never generated as a legal action.
    Pass,
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Action::Place(p) => write!(f, "{p}"),
            Action::Step { from, to } => write!(f, "{from}-{to}"),
            Action::Remove(p) => write!(f, "x{p}"),
            Action::Pass => f.write_str("pass"),
        }
    }
}

/// Text that is not an action in the notation of RULES.md §2.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParseActionError {
    /// The text that could not be read.
    pub text: String,
    /// Why it is not an action.
    pub reason: String,
}

impl fmt::Display for ParseActionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "cannot read '{}': {}", self.text, self.reason)
    }
}

impl std::error::Error for ParseActionError {}

impl ParseActionError {
    fn new(text: &str, reason: impl Into<String>) -> ParseActionError {
        ParseActionError {
            text: text.to_string(),
            reason: reason.into(),
        }
    }
}

impl From<(&str, ParsePointError)> for ParseActionError {
    fn from((text, err): (&str, ParsePointError)) -> ParseActionError {
        ParseActionError::new(text, err.to_string())
    }
}

impl FromStr for Action {
    type Err = ParseActionError;

    fn from_str(s: &str) -> Result<Action, ParseActionError> {
        let point = |t: &str| {
            t.parse::<Point>()
                .map_err(|e| ParseActionError::from((s, e)))
        };
        if s.eq_ignore_ascii_case("pass") {
            Ok(Action::Pass)
        } else if let Some(target) = s.strip_prefix(['x', 'X']) {
            Ok(Action::Remove(point(target)?))
        } else if let Some((from, to)) = s.split_once('-') {
            Ok(Action::Step {
                from: point(from)?,
                to: point(to)?,
            })
        } else if s.is_empty() {
            Err(ParseActionError::new(s, "empty action"))
        } else {
            Ok(Action::Place(point(s)?))
        }
    }
}

impl Serialize for Action {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Action {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Action, D::Error> {
        let text = String::deserialize(deserializer)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}

/// Reads a list of actions separated by white space, where one token may also be a whole
/// turn written without spaces (`d6-d5xd7`, `a7xb4`), as Sanmill's move lists do, including
/// a pull joined to its step (`xb4d5-b4`) and a turn the timer ended (`a7pass`).
///
/// ```
/// use mills_core::{Action, format_actions, parse_actions};
///
/// let actions = parse_actions("d6 a7xd6 d6-d5")?;
/// assert_eq!(actions.len(), 4, "a7xd6 is a placement and a removal");
/// assert!(matches!(actions[2], Action::Remove(_)));
/// assert_eq!(format_actions(&actions), "d6 a7 xd6 d6-d5");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn parse_actions(text: &str) -> Result<Vec<Action>, ParseActionError> {
    let mut actions = Vec::new();
    for token in text.split_whitespace() {
        parse_turn_token(token, &mut actions)?;
    }
    Ok(actions)
}

fn parse_turn_token(token: &str, out: &mut Vec<Action>) -> Result<(), ParseActionError> {
    if token.eq_ignore_ascii_case("pass") {
        out.push(Action::Pass);
        return Ok(());
    }
    // A turn the timer ended after it began, joined as RULES.md §6 writes turns: `d6xd7pass`
    // (no point name ends in an 's', so the suffix cannot be part of a point).
    let split = token
        .len()
        .checked_sub(4)
        .filter(|&at| token.is_char_boundary(at));
    if let Some(at) = split.filter(|&at| at > 0 && token[at..].eq_ignore_ascii_case("pass")) {
        let head = &token[..at];
        if head.to_ascii_lowercase().ends_with("pass") {
            return Err(ParseActionError::new(
                token,
                "a turn has at most one pass, at its end",
            ));
        }
        parse_turn_token(head, out)?;
        out.push(Action::Pass);
        return Ok(());
    }
    // Points never contain an 'x', so every 'x' starts a removal.
    let mut parts = token.split(['x', 'X']);
    let head = parts.next().unwrap_or_default();
    if !head.is_empty() {
        out.push(head.parse()?);
    }
    let mut removals = 0;
    for target in parts {
        match target.parse::<Point>() {
            Ok(point) => out.push(Action::Remove(point)),
            // A pull and the step after it: `xb4d5-b4` (a point's name is two characters).
            Err(e) => match pull_then_step(target) {
                Some((pulled, step)) => out.extend([Action::Remove(pulled), step]),
                None => return Err(ParseActionError::from((token, e))),
            },
        }
        removals += 1;
    }
    if head.is_empty() && removals == 0 {
        return Err(ParseActionError::new(token, "empty action"));
    }
    Ok(())
}

/// `b4d5-b4` read as the removal at b4 and the step d5-b4, if it is that.
fn pull_then_step(text: &str) -> Option<(Point, Action)> {
    let (target, step) = (text.get(..2)?, text.get(2..)?);
    match (target.parse().ok()?, step.parse().ok()?) {
        (point, step @ Action::Step { .. }) => Some((point, step)),
        _ => None,
    }
}

/// Writes actions in the notation of RULES.md §2, separated by spaces.
///
/// The inverse of [`parse_actions`]:
///
/// ```
/// use mills_core::{format_actions, parse_actions};
///
/// let actions = parse_actions("d6 a7 xd7 d6-d5")?;
/// assert_eq!(format_actions(&actions), "d6 a7 xd7 d6-d5");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn format_actions(actions: &[Action]) -> String {
    let mut text = String::new();
    for (i, a) in actions.iter().enumerate() {
        if i > 0 {
            text.push(' ');
        }
        text.push_str(&a.to_string());
    }
    text
}

/// The most legal actions a position can have: 40 steps (one per edge) bounds everything.
pub const MAX_ACTIONS: usize = 48;

/// A list of actions that lives on the stack, so move generation never allocates.
#[derive(Clone, Copy)]
pub struct ActionList {
    actions: [Action; MAX_ACTIONS],
    len: usize,
}

impl ActionList {
    /// An empty list.
    pub const fn new() -> ActionList {
        ActionList {
            actions: [Action::Pass; MAX_ACTIONS],
            len: 0,
        }
    }

    #[inline]
    /// Adds an action; the list holds every legal action of any position.
    pub fn push(&mut self, action: Action) {
        self.actions[self.len] = action;
        self.len += 1;
    }

    /// Swaps the actions at `a` and `b` (move ordering).
    pub fn swap(&mut self, a: usize, b: usize) {
        self.actions[..self.len].swap(a, b);
    }
}

impl Default for ActionList {
    fn default() -> ActionList {
        ActionList::new()
    }
}

impl std::ops::Deref for ActionList {
    type Target = [Action];
    fn deref(&self) -> &[Action] {
        &self.actions[..self.len]
    }
}

impl std::ops::DerefMut for ActionList {
    fn deref_mut(&mut self) -> &mut [Action] {
        &mut self.actions[..self.len]
    }
}

impl fmt::Debug for ActionList {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn actions_print_and_parse() {
        for text in ["d6", "d6-d5", "xd7", "pass"] {
            let action: Action = text.parse().unwrap();
            assert_eq!(action.to_string(), text);
        }
    }

    #[test]
    fn whole_turn_tokens_split_into_actions() {
        let actions =
            parse_actions("d6-d5xd7xa1  a7xb4 pass xc4 d6xd7pass xb4PASS xb4d5-b4xg1").unwrap();
        assert_eq!(
            format_actions(&actions),
            "d6-d5 xd7 xa1 a7 xb4 pass xc4 d6 xd7 pass xb4 pass xb4 d5-b4 xg1"
        );
    }

    #[test]
    fn bad_actions_say_what_is_wrong() {
        for bad in [
            "d4", "x", "d6-", "-d5", "xx", "d6-d5-d4", "hello", "passpass", "xpass", "xb4d5",
            "xb4d5-",
        ] {
            let err = parse_actions(bad).unwrap_err();
            assert!(!err.reason.is_empty(), "{bad}");
        }
        assert!("".parse::<Action>().is_err());
    }

    #[test]
    fn actions_serialize_as_notation() {
        let json = serde_json::to_string(&vec![Action::Pass, "b2-b4".parse().unwrap()]).unwrap();
        assert_eq!(json, r#"["pass","b2-b4"]"#);
        assert!(serde_json::from_str::<Action>(r#""z9""#).is_err());
    }
}
