//! A puzzle needs its game's four-piece tables: before `tables_prepare` has made them ready
//! (a process of its own, so no other test has prepared them), a session is refused with a
//! typed error and nothing else changes.

use mills_ffi::{GameId, MillsError, PuzzleSession, puzzles};

#[test]
fn a_puzzle_session_waits_for_its_tables() {
    let id = puzzles(GameId::LinkedHorse)[0].id.clone();
    assert!(matches!(
        PuzzleSession::new(id, "en".into()),
        Err(MillsError::TablesNotReady {
            game: GameId::LinkedHorse
        })
    ));
    assert!(matches!(
        PuzzleSession::new("lh-none".into(), "en".into()),
        Err(MillsError::NotAvailable { .. })
    ));
}
