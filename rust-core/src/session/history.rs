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
/// Linear in the number of turns; the session uses [`spans_back`] and [`last_span`], which
/// only look at the turns they need.
#[cfg(test)]
pub(crate) fn turn_spans(game: &Game) -> Vec<Span> {
    let mut spans: Vec<Span> = spans_back(game).collect();
    spans.reverse();
    spans
}

/// The game's turns, newest first (the first may be incomplete), each made in constant time
/// from the turn starts the game keeps: nothing is replayed.
pub(crate) fn spans_back(game: &Game) -> impl Iterator<Item = Span> + '_ {
    (0..game.turn_count())
        .rev()
        .filter_map(move |turn| span_of(game, turn))
}

/// The newest turn (the one in progress, or else the last one played).
pub(crate) fn last_span(game: &Game) -> Option<Span> {
    spans_back(game).next()
}

/// Turn `turn` as a span; `None` for a turn not begun (the next one to play).
fn span_of(game: &Game, turn: usize) -> Option<Span> {
    let mark = game.turn_start(turn)?;
    let next = game.turn_start(turn + 1);
    let end = next.map_or(game.actions().len(), |next| next.action);
    (end > mark.action).then(|| Span {
        side: mark.position.side_to_move(),
        start: mark.action,
        end,
        // A later turn has begun, or this one ended the game.
        complete: next.is_some() || game.position().is_over(),
        before: mark.position,
    })
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

    /// The spans cut by replaying every action (what the session did before it kept turn
    /// starts), to check the constant-time ones against.
    fn spans_by_replay(game: &Game) -> Vec<Span> {
        let mut spans = Vec::new();
        let mut position = *game.start();
        let mut open: Option<Span> = None;
        for (i, &action) in game.actions().iter().enumerate() {
            let span = open.get_or_insert(Span {
                side: position.side_to_move(),
                start: i,
                end: i,
                complete: false,
                before: position,
            });
            let applied = position.play(action).unwrap();
            span.end = i + 1;
            if applied.turn_ended {
                span.complete = true;
                spans.extend(open.take());
            }
        }
        spans.extend(open);
        spans
    }

    #[test]
    fn spans_from_turn_starts_match_a_replay_and_survive_undo() {
        let text = "a1 g1 a4 g4 d7 e3 g7 e4 a7 xg1 g1 b4 b6 f4 f6 d2 d6 xd2 d1";
        let full = game(Rules::TWELVE_MENS_MORRIS, text);
        for keep in 0..=full.actions().len() {
            let mut g = full.clone();
            g.undo(full.actions().len() - keep);
            let replayed =
                Game::replay(Rules::TWELVE_MENS_MORRIS, &full.actions()[..keep]).unwrap();
            assert_eq!(
                turn_spans(&g),
                spans_by_replay(&replayed),
                "after {keep} actions"
            );
            assert_eq!(g.position(), replayed.position());
            assert_eq!(g.turn_start_hashes(), replayed.turn_start_hashes());
            assert_eq!(last_span(&g), spans_by_replay(&replayed).last().copied());
        }
    }

    #[test]
    fn a_game_without_actions_has_no_spans() {
        assert!(turn_spans(&Game::new(Rules::ZHIQI)).is_empty());
    }
}
