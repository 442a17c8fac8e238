use std::time::Duration;

use super::*;
use crate::session::config::ComputerRunner;
use crate::session::events::Refusal;

fn threaded() -> (SessionOptions, ManualClock) {
    let (mut options, clock) = SessionOptions::for_tests();
    options.computer = ComputerRunner::Thread;
    (options, clock)
}

#[test]
fn taps_are_refused_while_the_computer_thinks() {
    let (s, _) = session(vs_computer(Variant::ZhiQi, Side::P1, 1));
    assert_eq!(s.tap(pt("d6")), Err(Refusal::ComputerThinking));
    assert_eq!(
        Refusal::ComputerThinking.to_string(),
        "not your turn — the computer is thinking"
    );
    let snap = s.snapshot();
    assert!(snap.targets().is_empty());
    assert!(snap.side(Side::P1).is_computer && !snap.side(Side::P2).is_computer);
}

#[test]
fn the_computers_turn_arrives_on_the_listener_from_its_thread() {
    let (recorder, rx) = Recorder::new();
    let (options, _) = threaded();
    let s = GameSession::with_listener(
        vs_computer(Variant::TwelveMensMorris, Side::P1, 2),
        options,
        Some(recorder),
    );
    let (event, thread) = rx
        .recv_timeout(Duration::from_secs(30))
        .expect("the computer moved");
    let SessionEvent::ComputerMoved { side, actions } = event else {
        panic!("{event:?}")
    };
    assert_eq!(side, Side::P1);
    assert_eq!(actions.len(), 1);
    // The app reads what the computer did to the board from the one channel: after the
    // new game's reset, the computer's placement.
    let changes = s.changes_since(0).changes;
    let [reset, placed] = &changes[..] else {
        panic!("{changes:?}")
    };
    assert!(matches!(reset.change, crate::session::Change::Reset { .. }));
    assert!(placed.turn_ended);
    assert_eq!(placed.action, Some(actions[0]));
    assert_ne!(thread, std::thread::current().id());
    let snap = s.snapshot();
    assert!(!snap.computer_thinking);
    assert_eq!(snap.to_move, Side::P2);
    assert_eq!(snap.last_turn, actions);
}

#[test]
fn undo_new_game_and_drop_cancel_the_search() {
    let (recorder, rx) = Recorder::new();
    let (options, _) = threaded();
    // Level 10 thinks for over a second: long enough to be cancelled.
    let s = GameSession::with_listener(
        vs_computer(Variant::ZhiQi, Side::P2, 10),
        options,
        Some(recorder.clone()),
    );
    s.tap(pt("d6")).unwrap();
    assert!(s.snapshot().computer_thinking);
    s.undo().unwrap();
    assert!(!s.snapshot().computer_thinking);
    s.tap(pt("a1")).unwrap();
    s.new_game();
    assert_eq!(s.snapshot().action_count, 0);
    s.tap(pt("g7")).unwrap();
    drop(s);
    // No result of any of the three searches is ever played.
    assert!(rx.recv_timeout(Duration::from_millis(2_500)).is_err());
    assert!(recorder.take().is_empty());
}

#[test]
fn a_level_change_applies_to_the_next_search() {
    let (s, _) = session(vs_computer(Variant::LinkedHorse, Side::P2, 1));
    s.tap(pt("d6")).unwrap();
    s.set_level(Level::new(4).unwrap());
    assert_eq!(s.config().mode.level(), Level::new(4).ok());
    s.run_computer_turn_now().unwrap();
    assert!(!s.snapshot().computer_thinking);
    // Pass-and-play has no level to set; nothing changes.
    let (p, _) = session(pass_and_play(Variant::ZhiQi));
    p.set_level(Level::MAX);
    assert_eq!(p.config().mode, Mode::PassAndPlay);
    assert_eq!(
        p.run_computer_turn_now(),
        Err(crate::session::SessionError::NotComputersTurn)
    );
}

#[test]
fn a_whole_game_against_the_computer() {
    for variant in Variant::ALL {
        let (s, _) = session(vs_computer(variant, Side::P2, 1).with_timer(TurnTimer::Off));
        let mut seed = 7u64;
        let mut turns = 0;
        while s.snapshot().outcome.is_none() {
            if s.snapshot().computer_thinking {
                s.run_computer_turn_now().unwrap();
                continue;
            }
            let targets = s.snapshot().targets();
            seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1);
            s.tap(targets[(seed >> 33) as usize % targets.len()])
                .unwrap();
            turns += 1;
            assert!(turns < 5_000, "{variant} does not end");
        }
        assert_eq!(s.snapshot().next, NextStep::GameOver);
    }
}
