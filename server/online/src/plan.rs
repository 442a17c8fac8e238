//! What a turn, a timer's pass or a resignation comes to on a room's game, checked by the
//! engine and not yet applied: the server stores the [`Planned`] entry, then applies its
//! game. Who may ask (a seat in the room, the current game, the revision, the request's id)
//! is the server's to check before.

use mills_core::{Action, Game};
use mills_protocol::{EntryKind, ErrorCode, Seat};

use crate::names::{seat, side};

/// An entry the engine accepts: what to store and the game after it.
#[derive(Clone, Debug)]
pub struct Planned {
    pub kind: EntryKind,
    pub by: Seat,
    /// In canonical notation.
    pub actions: Vec<String>,
    pub game_after: Game,
}

/// Why the engine refuses: the wire's code and a sentence.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Refused {
    pub code: ErrorCode,
    pub message: String,
}

impl Refused {
    fn new(code: ErrorCode, message: impl Into<String>) -> Refused {
        Refused {
            code,
            message: message.into(),
        }
    }
}

/// The side to move's seat, while the game goes on.
pub fn to_move(game: &Game) -> Option<Seat> {
    (!game.is_over()).then(|| seat(game.position().side_to_move()))
}

/// `mover`'s whole turn of `actions` (notation): its turn, every action legal, and the turn
/// ending with the last one. Only the timer passes.
pub fn turn(game: &Game, mover: Seat, actions: &[String]) -> Result<Planned, Refused> {
    let to_move = seat(game.position().side_to_move());
    if mover != to_move {
        return Err(Refused::new(
            ErrorCode::NotYourTurn,
            format!("it is {}'s turn", seat_id(to_move)),
        ));
    }
    let illegal = |why: String| Refused::new(ErrorCode::IllegalTurn, why);
    let mut after = game.clone();
    let mut played = Vec::with_capacity(actions.len());
    for (i, text) in actions.iter().enumerate() {
        let action: Action = text
            .parse()
            .map_err(|e: mills_core::ParseActionError| illegal(e.to_string()))?;
        if action == Action::Pass {
            return Err(illegal("only the turn timer passes".into()));
        }
        let applied = after
            .play(action)
            .map_err(|e| illegal(format!("{action}: {e}")))?;
        played.push(action.to_string());
        let last = i + 1 == actions.len();
        if applied.turn_ended && !last {
            return Err(illegal(format!("the turn ended at {action}")));
        }
        if !applied.turn_ended && last {
            return Err(illegal("the turn is not finished".into()));
        }
    }
    if played.is_empty() {
        return Err(illegal("the turn is not finished".into()));
    }
    Ok(Planned {
        kind: EntryKind::Turn,
        by: mover,
        actions: played,
        game_after: after,
    })
}

/// `by` resigns the game.
pub fn resign(game: &Game, by: Seat) -> Result<Planned, Refused> {
    let mut after = game.clone();
    after
        .resign(side(by))
        .map_err(|e| Refused::new(ErrorCode::GameOver, e.to_string()))?;
    Ok(Planned {
        kind: EntryKind::Resign,
        by,
        actions: Vec::new(),
        game_after: after,
    })
}

/// The timer's pass for the side to move, while the game goes on.
pub fn pass(game: &Game) -> Option<Planned> {
    let by = to_move(game)?;
    let mut after = game.clone();
    after.play(Action::Pass).ok()?;
    Some(Planned {
        kind: EntryKind::Pass,
        by,
        actions: vec![Action::Pass.to_string()],
        game_after: after,
    })
}

/// The wire's id of a seat, for messages.
fn seat_id(seat: Seat) -> &'static str {
    match seat {
        Seat::P1 => "p1",
        Seat::P2 => "p2",
    }
}

#[cfg(test)]
mod tests {
    use mills_core::Rules;

    use super::*;

    fn texts(actions: &[&str]) -> Vec<String> {
        actions.iter().map(|a| a.to_string()).collect()
    }

    #[test]
    fn a_turn_is_planned_only_whole_legal_and_in_turn() {
        let game = Game::new(Rules::TWELVE_MENS_MORRIS);
        let code = |r: Result<Planned, Refused>| r.unwrap_err().code;
        assert_eq!(
            code(turn(&game, Seat::P2, &texts(&["a1"]))),
            ErrorCode::NotYourTurn
        );
        assert_eq!(
            code(turn(&game, Seat::P1, &texts(&["pass"]))),
            ErrorCode::IllegalTurn
        );
        assert_eq!(
            code(turn(&game, Seat::P1, &texts(&["zz"]))),
            ErrorCode::IllegalTurn
        );
        assert_eq!(
            code(turn(&game, Seat::P1, &texts(&["a1", "a4"]))),
            ErrorCode::IllegalTurn
        );
        assert_eq!(code(turn(&game, Seat::P1, &[])), ErrorCode::IllegalTurn);
        let planned = turn(&game, Seat::P1, &texts(&["A1"])).unwrap();
        assert_eq!((planned.by, planned.actions), (Seat::P1, texts(&["a1"])));
        assert_eq!(
            game.actions().len(),
            0,
            "nothing applied to the room's game"
        );
        assert_eq!(to_move(&planned.game_after), Some(Seat::P2));
    }

    #[test]
    fn a_pass_goes_to_the_side_to_move_and_a_finished_game_takes_nothing() {
        let game = Game::new(Rules::ZHIQI);
        let passed = pass(&game).unwrap();
        assert_eq!((passed.by, passed.kind), (Seat::P1, EntryKind::Pass));
        let over = resign(&game, Seat::P2).unwrap().game_after;
        assert!(pass(&over).is_none());
        assert_eq!(to_move(&over), None);
        assert_eq!(
            resign(&over, Seat::P1).unwrap_err().code,
            ErrorCode::GameOver
        );
    }
}
