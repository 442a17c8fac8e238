//! The turns of a game: which actions belong to which turn, for undo and highlighting.

use crate::board::Point;
use crate::game::Game;
use crate::position::Position;
use crate::rules::Side;

use super::changes::lines_completed;

/// The actions `start..end` of a game, all by `side` in one turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Span {
    pub side: Side,
    pub start: usize,
    pub end: usize,
    /// False for the turn still in progress (a mill made, its capture still owed).
    pub complete: bool,
    /// The position before the first action.
    pub before: Position,
}

impl Span {
    pub fn len(&self) -> usize {
        self.end - self.start
    }
}

/// The game's actions cut into turns, oldest first; the last span may be incomplete.
pub(crate) fn turn_spans(game: &Game) -> Vec<Span> {
    let actions = game.actions();
    let mut spans = Vec::new();
    let mut position = *game.start();
    let mut open: Option<Span> = None;
    for (i, &action) in actions.iter().enumerate() {
        let span = open.get_or_insert(Span {
            side: position.side_to_move(),
            start: i,
            end: i,
            complete: false,
            before: position,
        });
        let Ok(applied) = position.play(action) else {
            // Cannot happen for a game's own actions; stop rather than guess.
            break;
        };
        span.end = i + 1;
        if applied.turn_ended {
            span.complete = true;
            spans.extend(open.take());
        }
    }
    spans.extend(open);
    spans
}

/// The lines the arrivals (placements and steps) of `span` completed, in order.
pub(crate) fn lines_formed(game: &Game, span: &Span) -> Vec<[Point; 3]> {
    let mut lines = Vec::new();
    let mut position = span.before;
    for &action in &game.actions()[span.start..span.end] {
        lines.extend(lines_completed(&position, action));
        if position.play(action).is_err() {
            break;
        }
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::action::parse_actions;
    use crate::rules::Rules;

    fn game(rules: Rules, text: &str) -> Game {
        Game::replay(rules, &parse_actions(text).unwrap()).unwrap()
    }

    #[test]
    fn spans_follow_turns_and_removals() {
        // Twelve Men's Morris F: P1's a7 makes two lines and owes one capture.
        let g = game(Rules::TWELVE_MENS_MORRIS, "a1 g1 a4 g4 d7 e3 g7 e4 a7");
        let spans = turn_spans(&g);
        assert_eq!(spans.len(), 9);
        let last = spans.last().unwrap();
        assert_eq!((last.side, last.start, last.complete), (Side::P1, 8, false));
        let lines = lines_formed(&g, last);
        assert_eq!(lines.len(), 2, "{lines:?}");

        let g = game(Rules::TWELVE_MENS_MORRIS, "a1 g1 a4 g4 d7 e3 g7 e4 a7 xg1");
        let last = *turn_spans(&g).last().unwrap();
        assert_eq!((last.start, last.end, last.complete), (8, 10, true));
        assert_eq!(last.len(), 2);
    }

    #[test]
    fn a_game_without_actions_has_no_spans() {
        assert!(turn_spans(&Game::new(Rules::ZHIQI)).is_empty());
    }
}
