//! Turns told from elsewhere: played whole or not at all, and a game replaced by a reset.

use super::*;
use crate::session::{Change, RemoteTurnError};

fn online_session() -> GameSession {
    let (options, _clock) = SessionOptions::for_tests();
    GameSession::new(pass_and_play(Variant::TwelveMensMorris), options)
}

#[test]
fn a_whole_turn_is_played_and_recorded_as_changes() {
    let session = online_session();
    let start = session.snapshot().revision;
    session.play_turn(&parse_actions("d6").unwrap()).unwrap();
    let batch = session.changes_since(start);
    assert_eq!(batch.changes.len(), 1);
    assert!(batch.changes[0].turn_ended);
    assert_eq!(batch.snapshot.to_move, Side::P2);
}

#[test]
fn a_refused_turn_changes_nothing() {
    let session = online_session();
    session.play_turn(&parse_actions("d6").unwrap()).unwrap();
    let before = session.snapshot();
    let occupied = session.play_turn(&parse_actions("d6").unwrap());
    assert!(matches!(
        occupied,
        Err(RemoteTurnError::Illegal { index: 0, .. })
    ));
    assert_eq!(session.play_turn(&[]), Err(RemoteTurnError::Empty));
    // Two placements are two turns, not one.
    let two = session.play_turn(&parse_actions("a7 g7").unwrap());
    assert_eq!(two, Err(RemoteTurnError::NotOneTurn));
    assert_eq!(session.snapshot(), before);
}

#[test]
fn either_side_resigns_at_any_time() {
    let session = online_session();
    assert!(session.resign_side(Side::P2), "P2 resigns on P1's turn");
    let outcome = session.snapshot().outcome.expect("the game is over");
    assert_eq!(outcome.winner(), Some(Side::P1));
    assert!(
        !session.resign_side(Side::P1),
        "a finished game cannot be resigned"
    );
}

#[test]
fn a_replaced_game_is_one_reset() {
    let session = online_session();
    session.play_turn(&parse_actions("d6").unwrap()).unwrap();
    let revision = session.snapshot().revision;
    let game = Game::replay(*session.game().rules(), &parse_actions("a7 g7 d7").unwrap()).unwrap();
    session.replace_game(game);
    let batch = session.changes_since(revision);
    assert_eq!(batch.changes.len(), 1);
    assert!(matches!(batch.changes[0].change, Change::Reset { .. }));
    assert_eq!(batch.snapshot.to_move, Side::P2);
    assert_eq!(session.game().actions().len(), 3);
}
