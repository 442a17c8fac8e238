//! perft: the number of action sequences of a given length (RULES.md §2).
//! Repetition and the quiet-turn rule do not apply; every other rule does.

use crate::position::Position;

/// Counts the action sequences of length `depth` from `position`.
///
/// ```
/// use mills_core::{Position, Rules, perft};
///
/// let start = Position::new(Rules::TWELVE_MENS_MORRIS);
/// assert_eq!(perft(&start, 2), 24 * 23);
/// ```
pub fn perft(position: &Position, depth: u32) -> u64 {
    match depth {
        0 => 1,
        // The last ply is counted, not played.
        1 => position.count_legal_actions(),
        _ => position
            .legal_actions()
            .iter()
            .map(|&action| {
                let mut next = *position;
                next.play_unchecked(action);
                perft(&next, depth - 1)
            })
            .sum(),
    }
}

/// perft split by first action, as (action, count) pairs in generation order.
pub fn divide(position: &Position, depth: u32) -> Vec<(crate::action::Action, u64)> {
    if depth == 0 {
        return Vec::new();
    }
    position
        .legal_actions()
        .iter()
        .map(|&action| {
            let mut next = *position;
            next.play_unchecked(action);
            (action, perft(&next, depth - 1))
        })
        .collect()
}
