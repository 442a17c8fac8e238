//! `Snapshot::unfinished`: when starting another game or opening a record would throw away
//! something a player did, so the apps ask first.

use super::*;

#[test]
fn a_game_is_unfinished_once_a_player_has_played_until_it_ends() {
    let (s, _) = session(pass_and_play(Variant::TwelveMensMorris));
    assert!(!s.snapshot().unfinished, "nothing played yet");
    s.tap(pt("d6")).unwrap();
    assert!(s.snapshot().unfinished);
    s.undo().unwrap();
    assert!(!s.snapshot().unfinished, "undone back to the start");
    s.redo().unwrap();
    assert!(s.snapshot().unfinished);
    s.resign().unwrap();
    let snap = s.snapshot();
    assert!(snap.outcome.is_some() && !snap.unfinished, "an ended game");
    s.new_game();
    assert!(!s.snapshot().unfinished);
}

#[test]
fn against_the_computer_only_the_players_own_turns_count() {
    // The computer places first: its opening turn alone leaves nothing of the player's.
    let (s, _) = session(vs_computer(Variant::ZhiQi, Side::P1, 1));
    s.run_computer_turn_now().unwrap();
    let snap = s.snapshot();
    assert_eq!((snap.turns, snap.to_move), (1, Side::P2));
    assert!(!snap.unfinished, "only the computer has played");
    let free = s.snapshot().targets()[0];
    s.tap(free).unwrap();
    assert!(s.snapshot().unfinished, "the player's first turn");

    // The player places first: their first turn counts at once.
    let (s, _) = session(vs_computer(Variant::LinkedHorse, Side::P2, 1));
    s.tap(pt("d6")).unwrap();
    assert!(s.snapshot().unfinished);
}
