//! Helpers for the bindings' unit tests: sessions driven through the FFI calls, by taps.

use std::sync::Arc;

use crate::{GameId, GameMode, GameSession, SessionConfig, SessionOptions, TapStep, TurnTimer};

/// Deterministic options: the manual clock, computer turns run by the test.
pub fn manual() -> SessionOptions {
    SessionOptions {
        autosave_path: None,
        stats_path: None,
        seed: Some(7),
        timer_thread: false,
        manual_clock: true,
        manual_computer: true,
        puzzle_stats_path: None,
    }
}

pub fn pass_and_play(game: GameId) -> Arc<GameSession> {
    let config = SessionConfig {
        game,
        mode: GameMode::PassAndPlay,
        timer: TurnTimer::Off,
    };
    GameSession::new(config, manual(), None).unwrap()
}

/// Plays actions in notation (`d6`, `d6-d5`, `xd7`) with the taps a player makes.
pub fn play(session: &GameSession, actions: &[&str]) {
    for action in actions {
        let action = action.trim_start_matches('x');
        for point in action.split('-') {
            let result = session.tap(point.to_string()).unwrap();
            assert!(
                !matches!(result.step, TapStep::Refused { .. }),
                "{action}: {result:?}"
            );
        }
    }
}

/// Twelve Men's Morris: P1's ninth placement a7 makes a mill and captures g1 (turn 8).
pub const CAPTURE_GAME: &[&str] = &[
    "a1", "g1", "a4", "g4", "d7", "e3", "g7", "e4", "a7", "xg1", "d6",
];
