//! The wire's seats and the engine's sides, and a stored entry's actions in notation.

use mills_core::{Action, ParseActionError, Side};
use mills_protocol::Seat;

/// The wire's seat of an engine side.
pub fn seat(side: Side) -> Seat {
    match side {
        Side::P1 => Seat::P1,
        Side::P2 => Seat::P2,
    }
}

/// The engine's side of a wire seat.
pub fn side(seat: Seat) -> Side {
    match seat {
        Seat::P1 => Side::P1,
        Seat::P2 => Side::P2,
    }
}

/// A stored entry's actions in notation (`d6`, `xa1`, `pass`), read one by one.
pub fn read_actions(texts: &[String]) -> Result<Vec<Action>, ParseActionError> {
    texts.iter().map(|text| text.parse::<Action>()).collect()
}

/// Actions written in notation, one string each, as an entry holds them.
pub fn write_actions(actions: &[Action]) -> Vec<String> {
    actions.iter().map(Action::to_string).collect()
}
