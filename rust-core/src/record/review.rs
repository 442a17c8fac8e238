//! Review: the board at any earlier turn of a game, without replaying it for each step.
//!
//! [`Review::of`] replays the game once and keeps the position before every turn (a
//! `Position` is a small `Copy` value), so stepping back and forth through a long game is a
//! lookup. The live game is not touched; "play from here" is an undo of
//! [`Review::actions_before`]`(turn)` actions.

use crate::game::Game;
use crate::position::Position;

use super::turns::{TurnEntry, each_turn_with_positions, move_list};

/// A finished or unfinished game laid out for review.
///
/// Step through a finished game turn by turn (the review screen):
///
/// ```
/// use mills_core::{Game, Review, Rules, Side, parse_actions};
///
/// let game = Game::replay(Rules::ZHIQI, &parse_actions("a7 e4 d7 e3 g7 xe4")?)?;
/// let review = Review::of(&game);
/// assert_eq!(review.len(), 5, "g7 and its pin are one turn");
/// assert_eq!(review.turns()[4].notation, "g7xe4");
/// let before = review.position_before(4).expect("turn 5");
/// assert_eq!(before.owner("e4".parse()?), Some(Side::P2));
/// assert_eq!(review.position_after(4).unwrap().owner("e4".parse()?), Some(Side::P1));
/// assert_eq!(review.final_position(), game.position());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct Review {
    turns: Vec<TurnEntry>,
    /// The position before each turn of `turns` that holds actions, in order.
    before: Vec<Position>,
    last: Position,
}

impl Review {
    /// Lays out `game`: one replay of its actions.
    pub fn of(game: &Game) -> Review {
        let mut before = Vec::new();
        each_turn_with_positions(game, |_, _, _, position| before.push(*position));
        Review {
            turns: move_list(game),
            before,
            last: *game.position(),
        }
    }

    /// The move list (a resignation, if any, is its last entry).
    pub fn turns(&self) -> &[TurnEntry] {
        &self.turns
    }

    /// How many entries the move list has.
    pub fn len(&self) -> usize {
        self.turns.len()
    }

    /// Whether the game has no turn to review.
    pub fn is_empty(&self) -> bool {
        self.turns.is_empty()
    }

    /// The board as it stood when turn `index` began (`len()` gives the final position);
    /// `None` past the end. A resignation entry shows the position it was made in.
    pub fn position_before(&self, index: usize) -> Option<&Position> {
        match self.before.get(index) {
            Some(position) => Some(position),
            None if index <= self.turns.len() => Some(&self.last),
            None => None,
        }
    }

    /// The board once turn `index` was played; `None` past the end.
    pub fn position_after(&self, index: usize) -> Option<&Position> {
        if index < self.turns.len() {
            self.position_before(index + 1)
        } else {
            None
        }
    }

    /// The final position (what the live game shows).
    pub fn final_position(&self) -> &Position {
        &self.last
    }

    /// How many of the game's actions come before turn `index` (the undo that makes the
    /// position before that turn the current one is of `actions().len()` minus this).
    pub fn actions_before(&self, index: usize) -> Option<usize> {
        match self.turns.get(index) {
            Some(turn) => Some(turn.actions.start),
            None if index == self.turns.len() => {
                Some(self.turns.last().map_or(0, |t| t.actions.end))
            }
            None => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::action::parse_actions;
    use crate::rules::{Rules, Side};

    #[test]
    fn positions_are_those_of_the_replayed_prefix() {
        let moves = parse_actions("a1 g1 a4 g4 d7 e3 g7 e4 a7 xg1 d6").unwrap();
        let game = Game::replay(Rules::TWELVE_MENS_MORRIS, &moves).unwrap();
        let review = Review::of(&game);
        assert_eq!(review.len(), 10);
        assert_eq!(review.position_before(0), Some(game.start()));
        let before_capture_turn = Game::replay(Rules::TWELVE_MENS_MORRIS, &moves[..8]).unwrap();
        assert_eq!(
            review.position_before(8),
            Some(before_capture_turn.position())
        );
        let after = Game::replay(Rules::TWELVE_MENS_MORRIS, &moves[..10]).unwrap();
        assert_eq!(review.position_after(8), Some(after.position()));
        assert_eq!(review.position_after(9), Some(game.position()));
        assert_eq!(review.position_before(10), Some(game.position()));
        assert_eq!(review.position_before(11), None);
        assert_eq!(review.position_after(10), None);
        assert_eq!(review.actions_before(9), Some(10));
        assert_eq!(review.actions_before(10), Some(11));
        assert_eq!(review.actions_before(11), None);
    }

    #[test]
    fn a_resignation_shows_the_final_position() {
        let mut game = Game::replay(Rules::ZHIQI, &parse_actions("d7 e3").unwrap()).unwrap();
        game.resign(Side::P1).unwrap();
        let review = Review::of(&game);
        assert_eq!(review.len(), 3);
        assert_eq!(review.position_before(2), Some(game.position()));
        assert_eq!(review.position_after(2), Some(game.position()));
        assert_eq!(review.actions_before(2), Some(2));
        assert!(Review::of(&Game::new(Rules::ZHIQI)).is_empty());
    }
}
