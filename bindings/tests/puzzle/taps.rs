//! A puzzle played as a player plays it: each action of a turn tapped point by point.

use mills_ffi::{PuzzleSession, TapResult, TapStep, TapVerdict, TurnVerdict};

/// The points a player taps for one action (`d6`, `d6-d5`, `xd7`).
pub fn taps(action: &str) -> Vec<String> {
    action
        .trim_start_matches('x')
        .split('-')
        .map(str::to_string)
        .collect()
}

/// Plays a whole turn by taps; the last tap's result.
pub fn play_turn(session: &PuzzleSession, actions: &[String]) -> TapResult {
    let mut last = finished();
    for action in actions {
        for point in taps(action) {
            last = session.tap(point).unwrap();
            assert!(
                !matches!(last.step, TapStep::Refused { .. }),
                "{action}: {last:?}"
            );
        }
    }
    last
}

/// What a played action was judged.
pub fn verdict(result: &TapResult) -> TurnVerdict {
    match result {
        TapResult {
            step: TapStep::Played { .. },
            verdict: Some(TapVerdict::Puzzle { verdict, .. }),
        } => verdict.clone(),
        other => panic!("expected a played action, got {other:?}"),
    }
}

/// What a tap answers once the attempt is over.
pub fn finished() -> TapResult {
    TapResult::judged(TapStep::Unchanged, TapVerdict::Finished)
}
