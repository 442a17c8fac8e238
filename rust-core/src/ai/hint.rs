//! Hints: the best whole turn for the side to move, at full strength and within a time
//! limit, for the apps' Hint button and `mills hint`.
//!
//! A hint is a whole turn because that is what a player asks for: the piece to move, where
//! it goes and the removals the move earns (or, when a capture is already owed, just the
//! removals still owed). It never includes `pass`. The search is the computer player's, with
//! no randomness; the budget covers the whole turn, as for the computer's own turns.

use std::time::Duration;

use crate::action::Action;
use crate::board::Point;
use crate::game::Game;
use crate::record::turn_token;

use super::search::Engine;
use crate::cancel::CancelToken;
use crate::level::Style;
use crate::limits::SearchLimits;

/// How long a hint searches unless told otherwise: about a second, as the apps promise.
pub const DEFAULT_HINT_TIME: Duration = Duration::from_secs(1);

/// The hint's search limits: [`DEFAULT_HINT_TIME`], no depth limit (full strength).
pub fn default_hint_limits() -> SearchLimits {
    SearchLimits::time(DEFAULT_HINT_TIME)
}

/// The suggested rest of the turn.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Hint {
    /// The actions, in order, to the end of the turn.
    pub actions: Vec<Action>,
    /// The same as one token (`d6-d5xd7`, `xb4d5-b4`).
    pub notation: String,
    /// The piece that steps (`None` for a placement from hand or a turn of removals only).
    pub piece: Option<Point>,
    /// Where the placed or stepped piece arrives.
    pub destination: Option<Point>,
    /// The points of the removals (captures, pins, a pull), in order.
    pub removals: Vec<Point>,
    /// The search's score of the first action, for the side to move, in hundredths of a
    /// piece (beyond [`crate::WIN_THRESHOLD`] a forced win).
    pub score: i32,
    /// Whole turns the first search looked ahead.
    pub depth: u32,
}

impl Hint {
    /// The hint of a known turn (the endgame tables' winning turn of a puzzle, say), with
    /// the search's `score` and `depth`.
    pub fn from_actions(actions: Vec<Action>, score: i32, depth: u32) -> Hint {
        let mut hint = Hint {
            notation: turn_token(&actions),
            piece: None,
            destination: None,
            removals: Vec::new(),
            score,
            depth,
            actions,
        };
        for action in &hint.actions {
            match *action {
                Action::Place(to) => hint.destination = Some(to),
                Action::Step { from, to } => {
                    hint.piece = Some(from);
                    hint.destination = Some(to);
                }
                Action::Remove(at) => hint.removals.push(at),
                Action::Pass => {}
            }
        }
        hint
    }
}

/// The best rest of the turn for the side to move in `game`, searched within `limits` (the
/// time covers the whole turn). `None` if the game is over or `cancel` was set.
///
/// White has a7 and d7 and may complete the top line; the hint is the whole turn, the pin
/// included:
///
/// ```
/// use mills_core::{CancelToken, Game, Rules, SearchLimits, hint, parse_actions};
///
/// let game = Game::replay(Rules::ZHIQI, &parse_actions("a7 e4 d7 e3")?)?;
/// let found = hint(&game, SearchLimits::depth(2), &CancelToken::new()).expect("a hint");
/// assert!(found.notation.starts_with("g7x"), "{}", found.notation);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn hint(game: &Game, limits: SearchLimits, cancel: &CancelToken) -> Option<Hint> {
    hint_with_engine(&mut Engine::new(0), game, limits, cancel)
}

/// As [`hint`] with a given engine (its transposition table is reused).
pub fn hint_with_engine(
    engine: &mut Engine,
    game: &Game,
    limits: SearchLimits,
    cancel: &CancelToken,
) -> Option<Hint> {
    let strongest = Style {
        limits,
        temperature: 0.0,
        max_loss: 0,
    };
    let turn = engine.search_turn(game, strongest, cancel)?;
    let (score, depth) = (turn.first.score, turn.first.depth);
    Some(Hint::from_actions(turn.actions, score, depth))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::action::parse_actions;
    use crate::rules::Rules;

    #[test]
    fn a_hint_takes_the_capture_a_mill_earns() {
        // Twelve Men's Morris: P1 has a1 a4 and places a7 for a mill, then captures.
        let moves = parse_actions("a1 g1 a4 g4").unwrap();
        let game = Game::replay(Rules::TWELVE_MENS_MORRIS, &moves).unwrap();
        let hint = hint(&game, SearchLimits::depth(2), &CancelToken::new()).unwrap();
        assert_eq!(hint.actions.len(), 2, "{hint:?}");
        assert_eq!(hint.destination, Some("a7".parse().unwrap()));
        assert_eq!(hint.removals.len(), 1);
        assert!(hint.notation.starts_with("a7x"));
    }

    #[test]
    fn a_hint_stops_when_cancelled_from_another_thread() {
        // A budget no test waits for: only the cancel can end this search early.
        let limits = SearchLimits::time(Duration::from_secs(600));
        let cancel = CancelToken::new();
        let canceller = {
            let cancel = cancel.clone();
            std::thread::spawn(move || {
                std::thread::sleep(Duration::from_millis(50));
                cancel.cancel();
            })
        };
        let game = Game::new(Rules::ZHIQI);
        assert_eq!(hint(&game, limits, &cancel), None);
        canceller.join().unwrap();
    }

    #[test]
    fn no_hint_when_cancelled_or_over() {
        let cancel = CancelToken::new();
        cancel.cancel();
        let game = Game::new(Rules::ZHIQI);
        assert_eq!(hint(&game, SearchLimits::depth(1), &cancel), None);
        let mut over = Game::new(Rules::ZHIQI);
        over.resign(crate::rules::Side::P1).unwrap();
        assert_eq!(
            hint(&over, SearchLimits::depth(1), &CancelToken::new()),
            None
        );
    }
}
