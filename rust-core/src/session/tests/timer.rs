use super::*;
use crate::action::Action;
use crate::position::Phase;
use crate::session::changes::Change;

fn timed(config: SessionConfig) -> SessionConfig {
    config.with_timer(TurnTimer::Seconds15)
}

#[test]
fn a_skipped_placement_keeps_the_piece_in_hand() {
    let (s, clock) = session(timed(pass_and_play(Variant::ZhiQi)));
    let (recorder, _rx) = Recorder::new();
    s.set_listener(Some(recorder.clone()));
    assert_eq!(s.advance_clock_for_tests(14_999).unwrap(), None);
    assert_eq!(s.snapshot().time_left_ms, Some(1));
    let before = s.snapshot().revision;
    assert_eq!(s.advance_clock_for_tests(1).unwrap(), Some(Side::P1));
    let events = recorder.take();
    let [SessionEvent::TurnTimedOut { side }] = &events[..] else {
        panic!("{events:?}")
    };
    assert_eq!(*side, Side::P1);
    let changes = s.changes_since(before);
    assert_eq!(changes.changes.len(), 1);
    assert_eq!(changes.changes[0].change, Change::Passed { side: Side::P1 });
    assert!(changes.changes[0].turn_ended);
    assert_eq!(changes.snapshot, s.snapshot());
    let snap = s.snapshot();
    assert_eq!(snap.to_move, Side::P2);
    assert_eq!(snap.side(Side::P1).in_hand, 12);
    assert_eq!(snap.last_turn, vec![Action::Pass]);
    assert_eq!(snap.time_left_ms, Some(15_000), "a fresh turn");
    // tick() is idempotent and does nothing before the time is up.
    clock.advance(5_000);
    assert_eq!(s.tick(), None);
    assert_eq!(s.tick(), None);
    assert_eq!(s.snapshot().time_left_ms, Some(10_000));
    assert_eq!(s.game().actions(), &[Action::Pass]);
}

#[test]
fn owed_captures_are_lost() {
    // Twelve Men's Morris F: P1 made two lines and owes one capture.
    let (s, _) = session_after(
        timed(pass_and_play(Variant::TwelveMensMorris)),
        "a1 g1 a4 g4 d7 e3 g7 e4",
    );
    s.tap(pt("a7")).unwrap();
    assert!(matches!(s.snapshot().next, NextStep::Capture { .. }));
    assert_eq!(s.advance_clock_for_tests(15_000).unwrap(), Some(Side::P1));
    let snap = s.snapshot();
    assert_eq!(snap.to_move, Side::P2);
    assert_eq!(snap.next, NextStep::Place);
    assert_eq!(snap.side(Side::P2).lost, 0);
    assert_eq!(snap.side(Side::P2).on_board, 4);
}

#[test]
fn after_a_pull_the_step_is_lost_but_the_removal_stands() {
    let (s, _) = session_after(
        timed(pass_and_play(Variant::ZhiQi)),
        "d7 a7 g7 g4 d1 g1 a4 a1 b6 d6 f6 f4 f2 b2 d2 b4 d5 c5 e4 e5 c3 e3 c4 d3",
    );
    let pulled = s.snapshot().targets()[0];
    s.tap(pulled).unwrap();
    assert_eq!(s.snapshot().next, NextStep::StepAfterPull { from: None });
    assert_eq!(s.advance_clock_for_tests(20_000).unwrap(), Some(Side::P2));
    let snap = s.snapshot();
    assert_eq!(snap.to_move, Side::P1);
    assert_eq!(snap.point(pulled).owner, None);
    assert_eq!(snap.side(Side::P1).lost, 1);
}

#[test]
fn the_side_with_an_empty_hand_is_skipped() {
    // P1 times out twice at the start, so P2's hand empties while P1 still holds two.
    let config = timed(pass_and_play(Variant::ZhiQi));
    let mut game = Game::new(config.rules);
    game.play(Action::Pass).unwrap();
    game.play(game.position().legal_actions()[0]).unwrap();
    game.play(Action::Pass).unwrap();
    while game.position().hand(Side::P2) > 0 || game.position().side_to_move() == Side::P2 {
        game.play(game.position().legal_actions()[0]).unwrap();
    }
    let json = save::encode(&config, &game, None, false, 0);
    let (options, _clock) = SessionOptions::for_tests();
    let s = GameSession::restore(&json, options, None).unwrap();
    let snap = s.snapshot();
    assert_eq!(
        (
            snap.to_move,
            snap.side(Side::P1).in_hand,
            snap.side(Side::P2).in_hand
        ),
        (Side::P1, 2, 0)
    );
    // The timer passes P1's turn; P2 has nothing to place, so P1 is to move again.
    assert_eq!(s.advance_clock_for_tests(15_000).unwrap(), Some(Side::P1));
    let snap = s.snapshot();
    assert_eq!((snap.to_move, snap.side(Side::P1).in_hand), (Side::P1, 2));
    assert_eq!(snap.time_left_ms, Some(15_000));
    // Placing ends P1's turn and P1 places again, until the board is full.
    while s.snapshot().phase == Phase::Placing {
        assert_eq!(s.snapshot().to_move, Side::P1);
        let t = s.snapshot().targets()[0];
        s.tap(t).unwrap();
    }
    let snap = s.snapshot();
    assert_eq!(snap.phase, Phase::Moving);
    assert_eq!(
        snap.to_move,
        Side::P2,
        "Zhi Qi: P2 moves first, timeouts or not"
    );
}

#[test]
fn pause_freezes_the_countdown_and_is_saved() {
    let (s, clock) = session(timed(pass_and_play(Variant::LinkedHorse)));
    clock.advance(4_000);
    s.pause();
    clock.advance(60_000);
    assert_eq!(s.tick(), None);
    let snap = s.snapshot();
    assert!(snap.paused && !snap.timer_running);
    assert_eq!(snap.time_left_ms, Some(11_000));
    let json = s.save();
    s.resume();
    assert_eq!(s.advance_clock_for_tests(10_999).unwrap(), None);
    assert_eq!(s.advance_clock_for_tests(1).unwrap(), Some(Side::P1));

    let (options, _) = SessionOptions::for_tests();
    let restored = GameSession::restore(&json, options, None).unwrap();
    let snap = restored.snapshot();
    assert!(snap.paused);
    assert_eq!(snap.time_left_ms, Some(11_000));
}

#[test]
fn changing_the_timer_restarts_the_turn_and_off_never_expires() {
    let (s, clock) = session(timed(pass_and_play(Variant::ZhiQi)));
    clock.advance(10_000);
    s.set_timer(TurnTimer::Seconds120);
    assert_eq!(s.snapshot().time_left_ms, Some(120_000));
    assert_eq!(s.config().timer, TurnTimer::Seconds120);
    s.set_timer(TurnTimer::Off);
    assert_eq!(s.advance_clock_for_tests(10_000_000).unwrap(), None);
    let snap = s.snapshot();
    assert_eq!((snap.time_left_ms, snap.timer_running), (None, false));
}

#[test]
fn the_timer_does_not_run_on_the_computers_turn() {
    let (s, _) = session(timed(vs_computer(Variant::ZhiQi, Side::P1, 1)));
    let snap = s.snapshot();
    assert!(snap.computer_thinking && !snap.timer_running);
    assert_eq!(snap.time_left_ms, None);
    assert_eq!(s.advance_clock_for_tests(100_000).unwrap(), None);
    s.run_computer_turn_now().unwrap();
    let snap = s.snapshot();
    assert!(snap.timer_running);
    assert_eq!(snap.time_left_ms, Some(15_000));
    assert_eq!(s.advance_clock_for_tests(15_000).unwrap(), Some(Side::P2));
    assert!(s.snapshot().computer_thinking);
}

#[test]
fn the_system_clock_needs_no_test_hook() {
    let s = GameSession::new(
        pass_and_play(Variant::ZhiQi),
        SessionOptions {
            timer_thread: false,
            ..SessionOptions::default()
        },
    );
    assert!(matches!(
        s.advance_clock_for_tests(1),
        Err(crate::session::SessionError::NotAvailable(_))
    ));
}

#[test]
fn the_timer_thread_applies_expiry_by_itself() {
    // A custom clock that runs 1000x faster than real time: 15 s pass in 15 ms.
    struct Fast(std::time::Instant);
    impl crate::session::Clock for Fast {
        fn now_ms(&self) -> u64 {
            self.0.elapsed().as_micros() as u64
        }
    }
    let (recorder, rx) = Recorder::new();
    let s = GameSession::with_listener(
        timed(pass_and_play(Variant::ZhiQi)),
        SessionOptions {
            clock: crate::session::SessionClock::Custom(Arc::new(Fast(std::time::Instant::now()))),
            timer_thread: true,
            ..SessionOptions::default()
        },
        Some(recorder),
    );
    let (event, thread) = rx
        .recv_timeout(std::time::Duration::from_secs(10))
        .expect("the timer thread passed the turn");
    assert!(
        matches!(event, SessionEvent::TurnTimedOut { side: Side::P1, .. }),
        "{event:?}"
    );
    assert_ne!(thread, std::thread::current().id());
    assert!(!s.game().actions().is_empty());
}
