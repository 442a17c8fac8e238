//! The move list: a game's actions cut into turns, each turn one token of notation.
//!
//! Where a turn begins is read from what the position owes before an action, not from a
//! turn counter: a turn starts with a placement, a step, a pass, or a pull (a blocked Zhi Qi
//! side's first action); captures, pins and the step after a pull continue the turn that
//! earned them. A pass always ends the turn it is in.

use std::ops::Range;

use crate::action::Action;
use crate::game::Game;
use crate::position::{Pending, Position, RemovalKind};
use crate::rules::Side;

/// How a turn of the move list ended.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum TurnEnd {
    /// Played to its end by the side to move.
    Complete,
    /// The last turn, still being played (a capture or the step after a pull is owed).
    InProgress,
    /// The turn timer ended it (`pass`), whatever had been played of it before.
    TimerPass,
    /// Not a turn: the side resigned here. It holds no actions.
    Resignation,
}

/// One entry of the move list.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct TurnEntry {
    /// The turn's index from 0 (the move list shows `index + 1`).
    pub index: usize,
    /// The side that played the turn.
    pub side: Side,
    /// Its actions, as indices into [`Game::actions`] (empty for a resignation).
    pub actions: Range<usize>,
    /// The turn as one token: `d6-d5xd7`, `pass`, `d6xd7pass` (a capture owed when the timer
    /// ran out); `resigns` for a resignation.
    pub notation: String,
    /// How the turn ended.
    pub end: TurnEnd,
}

impl TurnEntry {
    /// Whether the timer ended the turn with a `pass`.
    pub fn is_timer_pass(&self) -> bool {
        self.end == TurnEnd::TimerPass
    }

    /// Whether this entry is a resignation.
    pub fn is_resignation(&self) -> bool {
        self.end == TurnEnd::Resignation
    }
}

/// Whether the next action played on `position` begins a new turn: nothing is owed, or a
/// pull is owed (a pull is only ever owed at the start of a turn).
pub fn starts_turn(position: &Position) -> bool {
    matches!(
        position.pending(),
        Pending::None
            | Pending::Remove {
                kind: RemovalKind::Pull,
                ..
            }
    )
}

/// A turn's actions joined into one token, as RULES.md §6 allows: `d6-d5xd7`, `xb4d5-b4`
/// (a pull and its step), `pass`, `d6xd7pass`.
pub fn turn_token(actions: &[Action]) -> String {
    let mut token = String::new();
    for action in actions {
        token.push_str(&action.to_string());
    }
    token
}

/// How many turns of `game` hold actions: the move list's length, a resignation aside.
/// Constant time (from the game's turn starts, no replay).
pub fn played_turns(game: &Game) -> usize {
    let marks = game.turn_count();
    let last = game.turn_start(marks - 1).map_or(0, |mark| mark.action);
    if last < game.actions().len() {
        marks
    } else {
        marks - 1
    }
}

/// Every turn of `game`, oldest first, and a final [`TurnEnd::Resignation`] entry if a side
/// resigned. Costs one replay of the game.
///
/// ```
/// use mills_core::{Game, Rules, TurnEnd, move_list, parse_actions};
///
/// let game = Game::replay(Rules::ZHIQI, &parse_actions("a7 e4 d7 e3 g7 xe4")?)?;
/// let turns: Vec<String> = move_list(&game).into_iter().map(|t| t.notation).collect();
/// assert_eq!(turns, ["a7", "e4", "d7", "e3", "g7xe4"]);
/// assert_eq!(move_list(&game)[4].end, TurnEnd::Complete);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn move_list(game: &Game) -> Vec<TurnEntry> {
    let mut entries: Vec<TurnEntry> = Vec::new();
    each_turn(game, |range, side, before_end| {
        let actions = &game.actions()[range.clone()];
        let end = if actions.last() == Some(&Action::Pass) {
            TurnEnd::TimerPass
        } else if before_end {
            TurnEnd::Complete
        } else {
            TurnEnd::InProgress
        };
        entries.push(TurnEntry {
            index: entries.len(),
            side,
            notation: turn_token(actions),
            actions: range,
            end,
        });
    });
    if let Some(side) = game.resigned() {
        entries.push(TurnEntry {
            index: entries.len(),
            side,
            actions: game.actions().len()..game.actions().len(),
            notation: "resigns".to_string(),
            end: TurnEnd::Resignation,
        });
    }
    entries
}

/// Calls `visit(actions, side, complete)` for each turn of `game` in order, with the position
/// before the turn available through [`each_turn_with_positions`].
fn each_turn(game: &Game, mut visit: impl FnMut(Range<usize>, Side, bool)) {
    each_turn_with_positions(game, |range, side, complete, _| {
        visit(range, side, complete)
    });
}

/// As [`each_turn`], also passing the position before the turn's first action.
pub(crate) fn each_turn_with_positions(
    game: &Game,
    mut visit: impl FnMut(Range<usize>, Side, bool, &Position),
) {
    let actions = game.actions();
    let mut position = *game.start();
    let mut start = 0;
    let mut before = position;
    for (index, &action) in actions.iter().enumerate() {
        if index > start && starts_turn(&position) {
            visit(start..index, before.side_to_move(), true, &before);
            start = index;
            before = position;
        }
        position.play_unchecked(action);
    }
    if start < actions.len() {
        let complete = starts_turn(&position) || position.is_over();
        visit(
            start..actions.len(),
            before.side_to_move(),
            complete,
            &before,
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::action::parse_actions;
    use crate::rules::Rules;

    fn notations(game: &Game) -> Vec<String> {
        move_list(game).into_iter().map(|e| e.notation).collect()
    }

    #[test]
    fn captures_belong_to_the_turn_that_earned_them() {
        // Twelve Men's Morris F: P1's ninth placement makes two mills and captures once.
        let moves = parse_actions("a1 g1 a4 g4 d7 e3 g7 e4 a7 xg1 d6").unwrap();
        let game = Game::replay(Rules::TWELVE_MENS_MORRIS, &moves).unwrap();
        let list = move_list(&game);
        assert_eq!(list.len(), 10);
        assert_eq!(list[8].notation, "a7xg1");
        assert_eq!(list[8].side, Side::P1);
        assert_eq!(list[8].actions, 8..10);
        assert_eq!(list[9].side, Side::P2);
        assert!(list.iter().all(|e| e.end == TurnEnd::Complete));
        assert_eq!(played_turns(&game), 10);
        let in_progress = Game::replay(Rules::TWELVE_MENS_MORRIS, &moves[..9]).unwrap();
        assert_eq!(played_turns(&in_progress), move_list(&in_progress).len());
        assert_eq!(played_turns(&Game::new(Rules::ZHIQI)), 0);
    }

    #[test]
    fn an_unfinished_turn_and_a_timer_pass_are_marked() {
        let moves = parse_actions("a1 pass a4 g4 d7 e3 g7 e4 a7").unwrap();
        let game = Game::replay(Rules::TWELVE_MENS_MORRIS, &moves).unwrap();
        let list = move_list(&game);
        assert_eq!(list[1].notation, "pass");
        assert!(list[1].is_timer_pass());
        assert_eq!(list.last().unwrap().end, TurnEnd::InProgress);
        // The timer ends P1's turn before its capture: one token, still P1's turn.
        let moves = parse_actions("a1 g1 a4 g4 d7 e3 g7 e4 a7 pass").unwrap();
        let game = Game::replay(Rules::TWELVE_MENS_MORRIS, &moves).unwrap();
        assert_eq!(notations(&game).last().unwrap(), "a7pass");
        assert!(move_list(&game).last().unwrap().is_timer_pass());
    }

    #[test]
    fn pulls_start_a_turn_and_resignation_ends_the_list() {
        // Zhi Qi H: a full board, P2 must pull and then step into the vacated point.
        let h = "d7 a7 g7 g4 d1 g1 a4 a1 b6 d6 f6 f4 f2 b2 d2 b4 d5 c5 e4 e5 c3 e3 c4 d3";
        let mut game = Game::replay(Rules::ZHIQI, &parse_actions(h).unwrap()).unwrap();
        let pull = game.position().legal_actions()[0];
        game.play(pull).unwrap();
        let step = game.position().legal_actions()[0];
        game.play(step).unwrap();
        let list = move_list(&game);
        assert_eq!(list.len(), 25);
        assert_eq!(list[24].notation, format!("{pull}{step}"));
        assert_eq!(list[24].side, Side::P2);
        game.resign(Side::P1).unwrap();
        let last = move_list(&game).pop().unwrap();
        assert!(last.is_resignation());
        assert_eq!((last.side, last.notation.as_str()), (Side::P1, "resigns"));
    }
}
