//! Whole turns: the step (or pull and step) and every removal it owes, as chosen by the mover.
//! The tables count distance in turns, so this is the unit they move by.

use crate::action::Action;
use crate::position::Position;

/// The most actions one turn can take: a pull, its step and two captures.
pub(crate) const MAX_TURN_ACTIONS: usize = 4;

/// Calls `leaf` with every complete turn from `position` (a turn start or a position within
/// a turn) and the position it leads to: the opponent's turn start, or the end of the game.
pub(crate) fn for_each_turn(position: &Position, leaf: &mut impl FnMut(&[Action], &Position)) {
    let mut actions = [Action::Pass; MAX_TURN_ACTIONS];
    walk(position, position, &mut actions, 0, leaf);
}

fn walk(
    start: &Position,
    position: &Position,
    actions: &mut [Action; MAX_TURN_ACTIONS],
    depth: usize,
    leaf: &mut impl FnMut(&[Action], &Position),
) {
    for action in position.legal_actions().iter().copied() {
        let mut next = *position;
        next.play_unchecked(action);
        actions[depth] = action;
        if next.is_over() || next.side_to_move() != start.side_to_move() {
            leaf(&actions[..=depth], &next);
        } else {
            walk(start, &next, actions, depth + 1, leaf);
        }
    }
}
