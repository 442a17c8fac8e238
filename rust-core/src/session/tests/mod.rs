//! Session tests, single-threaded unless a test is about threads: a manual clock and manual
//! computer turns (`SessionOptions::for_tests`).

mod autosave;
mod changes;
mod close;
mod computer;
mod files;
mod hints;
mod long_game;
mod remote;
mod tables;
mod tap;
mod timer;
mod undo;
mod unfinished;

use std::sync::mpsc::{Receiver, Sender, channel};
use std::sync::{Arc, Mutex};
use std::thread::ThreadId;

use crate::action::parse_actions;
use crate::board::Point;
use crate::game::Game;
use crate::level::Level;
use crate::rules::{Side, Variant};

use super::config::{Mode, SessionConfig, SessionOptions};
use super::events::{SessionEvent, SessionListener, TapOutcome};
use super::snapshot::NextStep;
use super::{GameSession, ManualClock, save};
use crate::timer::TurnTimer;

pub(super) fn pt(name: &str) -> Point {
    name.parse().unwrap()
}

pub(super) fn pass_and_play(variant: Variant) -> SessionConfig {
    SessionConfig::new(variant).with_mode(Mode::PassAndPlay)
}

pub(super) fn vs_computer(variant: Variant, computer: Side, level: u8) -> SessionConfig {
    SessionConfig::new(variant).with_mode(Mode::VsComputer {
        computer,
        level: Level::new(level).unwrap(),
    })
}

/// A test session (manual clock, manual computer).
pub(super) fn session(config: SessionConfig) -> (GameSession, ManualClock) {
    let (options, clock) = SessionOptions::for_tests();
    (GameSession::new(config, options), clock)
}

/// A test session whose game has already played `actions`.
pub(super) fn session_after(config: SessionConfig, actions: &str) -> (GameSession, ManualClock) {
    let game = Game::replay(config.rules, &parse_actions(actions).unwrap()).unwrap();
    let json = save::encode(&config, &game, None, false, 0);
    let (options, clock) = SessionOptions::for_tests();
    (GameSession::restore(&json, options, None).unwrap(), clock)
}

/// Records events, with the thread each arrived on.
pub(super) struct Recorder {
    events: Mutex<Vec<SessionEvent>>,
    sender: Mutex<Sender<(SessionEvent, ThreadId)>>,
}

impl Recorder {
    pub fn new() -> (Arc<Recorder>, Receiver<(SessionEvent, ThreadId)>) {
        let (sender, receiver) = channel();
        let recorder = Arc::new(Recorder {
            events: Mutex::new(Vec::new()),
            sender: Mutex::new(sender),
        });
        (recorder, receiver)
    }

    pub fn take(&self) -> Vec<SessionEvent> {
        std::mem::take(&mut *self.events.lock().unwrap())
    }
}

impl SessionListener for Recorder {
    fn on_event(&self, event: SessionEvent) {
        self.events.lock().unwrap().push(event.clone());
        let _ = self
            .sender
            .lock()
            .unwrap()
            .send((event, std::thread::current().id()));
    }
}

/// Plays the game to its end by tapping targets only (both sides human), choosing among them
/// with a small deterministic generator; returns the number of taps.
pub(super) fn play_out_by_taps(session: &GameSession, mut seed: u64) -> usize {
    let mut taps = 0;
    loop {
        let snap = session.snapshot();
        if snap.outcome.is_some() {
            assert_eq!(snap.next, NextStep::GameOver);
            return taps;
        }
        let targets = snap.targets();
        assert!(!targets.is_empty(), "no target in {snap:?}");
        seed = seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        let point = targets[(seed >> 33) as usize % targets.len()];
        let outcome = session
            .tap(point)
            .unwrap_or_else(|r| panic!("tap {point} refused: {r} in {snap:?}"));
        if matches!(
            snap.next,
            NextStep::PickPiece | NextStep::StepAfterPull { from: None }
        ) {
            assert_eq!(outcome, TapOutcome::Selected(point));
        } else {
            assert!(matches!(outcome, TapOutcome::Played(_)), "{outcome:?}");
        }
        taps += 1;
        assert!(taps < 20_000, "the game does not end");
    }
}

#[test]
fn timer_setting_round_trips_seconds() {
    for t in TurnTimer::ALL {
        assert_eq!(TurnTimer::from_seconds(t.seconds().unwrap_or(0)), Some(t));
    }
    assert_eq!(TurnTimer::default(), TurnTimer::Seconds60);
    assert_eq!(TurnTimer::from_seconds(45), None);
}
