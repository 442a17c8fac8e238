//! Closing a session: what every call does afterwards, the threads it waits for, the last
//! autosave.

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use super::*;
use crate::session::config::{ComputerRunner, SessionClock};
use crate::session::events::{Refusal, SessionError};
use crate::store;

#[test]
fn after_close_commands_are_refused_and_queries_answer() {
    let (s, _) = session_after(pass_and_play(Variant::ZhiQi), "d6 d2 f4");
    let before = s.snapshot();
    let saved = s.save();
    assert!(!s.is_closed());
    s.close();
    assert!(s.is_closed());

    assert_eq!(s.tap(pt("a7")), Err(Refusal::Closed));
    assert_eq!(s.undo(), Err(SessionError::Closed));
    assert_eq!(s.redo(), Err(SessionError::Closed));
    assert_eq!(s.resign(), Err(SessionError::Closed));
    assert_eq!(s.run_computer_turn_now(), Err(SessionError::Closed));
    assert_eq!(SessionError::Closed.to_string(), "the session is closed");
    // The ones that return nothing do nothing.
    s.new_game();
    s.set_level(Level::new(5).unwrap());
    s.set_timer(TurnTimer::Seconds15);
    s.pause();
    s.resume();
    assert_eq!(s.tick(), None);
    assert_eq!(s.advance_clock_for_tests(120_000), Ok(None));
    s.close();

    let after = s.snapshot();
    assert_eq!(after.action_count, before.action_count);
    assert_eq!(after.points, before.points);
    assert_eq!(after.timer, before.timer);
    assert!(!after.timer_running, "the countdown stops at close");
    assert_eq!(s.save(), saved);
    assert_eq!(s.game().actions().len(), 3);
}

/// Blocks each ComputerMoved delivery for a while, counting deliveries that are in flight.
struct SlowListener {
    in_flight: AtomicUsize,
    delivered: AtomicUsize,
    after_close: AtomicBool,
    closed: AtomicBool,
}

impl SessionListener for SlowListener {
    fn on_event(&self, _: SessionEvent) {
        if self.closed.load(Ordering::SeqCst) {
            self.after_close.store(true, Ordering::SeqCst);
        }
        self.in_flight.fetch_add(1, Ordering::SeqCst);
        std::thread::sleep(Duration::from_millis(300));
        self.delivered.fetch_add(1, Ordering::SeqCst);
        self.in_flight.fetch_sub(1, Ordering::SeqCst);
    }
}

#[test]
fn close_waits_for_a_listener_call_in_flight_and_no_event_follows() {
    let listener = Arc::new(SlowListener {
        in_flight: AtomicUsize::new(0),
        delivered: AtomicUsize::new(0),
        after_close: AtomicBool::new(false),
        closed: AtomicBool::new(false),
    });
    let (mut options, _) = SessionOptions::for_tests();
    options.computer = ComputerRunner::Thread;
    let s = GameSession::with_listener(
        vs_computer(Variant::TwelveMensMorris, Side::P1, 1),
        options,
        Some(listener.clone()),
    );
    let deadline = Instant::now() + Duration::from_secs(30);
    while listener.in_flight.load(Ordering::SeqCst) == 0 {
        assert!(Instant::now() < deadline, "the computer never moved");
        std::thread::sleep(Duration::from_millis(1));
    }
    s.close();
    listener.closed.store(true, Ordering::SeqCst);
    // The call in flight had finished when close returned.
    assert_eq!(listener.in_flight.load(Ordering::SeqCst), 0);
    assert_eq!(listener.delivered.load(Ordering::SeqCst), 1);
    std::thread::sleep(Duration::from_millis(200));
    assert!(!listener.after_close.load(Ordering::SeqCst));
    assert_eq!(s.snapshot().action_count, 1);
}

#[test]
fn dropping_closes_and_stops_the_computer_and_the_timer_threads() {
    let (recorder, rx) = Recorder::new();
    let options = SessionOptions {
        clock: SessionClock::System,
        computer: ComputerRunner::Thread,
        timer_thread: true,
        autosave_path: None,
        stats_path: None,
        puzzle_stats_path: None,
        seed: Some(3),
        tables: None,
    };
    // Level 10 searches for over a second; the 15 s timer thread sleeps.
    let s = GameSession::with_listener(
        vs_computer(Variant::ZhiQi, Side::P2, 10).with_timer(TurnTimer::Seconds15),
        options,
        Some(recorder.clone()),
    );
    s.tap(pt("d6")).unwrap();
    let threads = Arc::clone(&s.shared.threads);
    let started = Instant::now();
    drop(s);
    assert!(
        started.elapsed() < Duration::from_secs(2),
        "{:?}",
        started.elapsed()
    );
    // Every thread has finished: waiting again returns at once.
    assert!(threads.wait_all(Duration::ZERO));
    assert!(rx.recv_timeout(Duration::from_millis(300)).is_err());
    assert!(recorder.take().is_empty());
}

/// Closes the session from inside its own listener, on the computer's thread.
struct ClosesOnEvent {
    session: Mutex<Option<Arc<GameSession>>>,
    done: Mutex<Sender<bool>>,
}

impl SessionListener for ClosesOnEvent {
    fn on_event(&self, _: SessionEvent) {
        if let Some(session) = self.session.lock().unwrap().take() {
            session.close();
            let _ = self.done.lock().unwrap().send(session.is_closed());
        }
    }
}

#[test]
fn a_listener_may_close_its_session() {
    let (done, finished) = channel();
    let listener = Arc::new(ClosesOnEvent {
        session: Mutex::new(None),
        done: Mutex::new(done),
    });
    let (mut options, _) = SessionOptions::for_tests();
    options.computer = ComputerRunner::Thread;
    let s = Arc::new(GameSession::new(
        vs_computer(Variant::LinkedHorse, Side::P2, 1),
        options,
    ));
    *listener.session.lock().unwrap() = Some(Arc::clone(&s));
    s.set_listener(Some(listener));
    s.tap(pt("d6")).unwrap();
    // It does not wait for its own thread.
    assert_eq!(finished.recv_timeout(Duration::from_secs(30)), Ok(true));
    assert!(s.is_closed());
}

#[test]
fn close_writes_the_autosave_with_the_time_left() {
    let dir = store::test_dir("close");
    let path = dir.join("game.json");
    let (mut options, clock) = SessionOptions::for_tests();
    options.autosave_path = Some(path.clone());
    let s = GameSession::new(
        pass_and_play(Variant::ZhiQi).with_timer(TurnTimer::Seconds30),
        options,
    );
    s.tap(pt("d6")).unwrap();
    clock.advance(12_000);
    s.close();
    let saved = store::read_if_exists(&path).unwrap().unwrap();
    assert_eq!(saved, s.save());
    let restored = save::decode(&saved).unwrap();
    assert_eq!(restored.time_left_ms, Some(18_000));
    assert_eq!(restored.game.actions().len(), 1);
    std::fs::remove_dir_all(dir).unwrap();
}
