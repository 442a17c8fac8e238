//! A game's actions grouped into turns, for "last turn: P1 d6-d5 xd7" and for `undo`.
//!
//! [`Game`] keeps a flat list of actions; where one turn ends is a fact of the rules (a
//! capture owed keeps the side to move), so the grouping is found by replaying the actions
//! from the game's start position and watching the engine's turn counter.

use std::ops::Range;

use mills_core::{Action, Game, Side};

/// One turn: who played it and which of the game's actions it holds.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Turn {
    pub side: Side,
    /// Indices into [`Game::actions`].
    pub actions: Range<usize>,
    /// False for a turn still in progress (a capture or the step after a pull is owed).
    pub complete: bool,
}

/// Every turn of `game` in order; the last one may be incomplete.
pub fn turns(game: &Game) -> Vec<Turn> {
    let mut position = *game.start();
    let mut turns: Vec<Turn> = Vec::new();
    for (index, &action) in game.actions().iter().enumerate() {
        match turns.last_mut() {
            Some(turn) if !turn.complete => turn.actions.end = index + 1,
            _ => turns.push(Turn {
                side: position.side_to_move(),
                actions: index..index + 1,
                complete: false,
            }),
        }
        let applied = position.play_unchecked(action);
        let turn = turns
            .last_mut()
            .expect("a turn was just pushed or extended");
        turn.complete = applied.turn_ended;
    }
    turns
}

/// The actions of a turn.
pub fn actions<'g>(game: &'g Game, turn: &Turn) -> &'g [Action] {
    &game.actions()[turn.actions.clone()]
}

#[cfg(test)]
mod tests {
    use super::*;
    use mills_core::{Rules, format_actions, parse_actions};

    #[test]
    fn captures_belong_to_the_turn_that_earned_them() {
        // Twelve Men's Morris F, then the capture: P1's ninth placement makes two mills.
        let moves = parse_actions("a1 g1 a4 g4 d7 e3 g7 e4 a7 xg1 d6").unwrap();
        let game = Game::replay(Rules::TWELVE_MENS_MORRIS, &moves).unwrap();
        let turns = turns(&game);
        assert_eq!(turns.len(), 10);
        let capture_turn = &turns[8];
        assert_eq!(capture_turn.side, Side::P1);
        assert_eq!(format_actions(actions(&game, capture_turn)), "a7 xg1");
        assert!(turns.iter().all(|t| t.complete));
    }

    #[test]
    fn a_turn_in_progress_is_incomplete() {
        let moves = parse_actions("a1 g1 a4 g4 d7 e3 g7 e4 a7").unwrap();
        let game = Game::replay(Rules::TWELVE_MENS_MORRIS, &moves).unwrap();
        let last = turns(&game).pop().unwrap();
        assert_eq!(format_actions(actions(&game, &last)), "a7");
        assert!(!last.complete);
    }
}
