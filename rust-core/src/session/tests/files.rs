use std::fs;

use super::*;
use crate::session::{RestoreError, StatsStore};
use crate::store;

#[test]
fn save_and_restore_a_turn_in_progress() {
    let (s, clock) = session_after(
        pass_and_play(Variant::TwelveMensMorris).with_timer(TurnTimer::Seconds30),
        "a1 g1 a4 g4 d7 e3 g7 e4",
    );
    s.tap(pt("a7")).unwrap();
    clock.advance(12_000);
    let json = s.save();
    let (options, _) = SessionOptions::for_tests();
    let restored = GameSession::restore(&json, options, None).unwrap();
    let (a, b) = (s.snapshot(), restored.snapshot());
    assert_eq!(b.next, NextStep::Capture { remaining: 1 });
    assert_eq!(a.points, b.points);
    assert_eq!(a.sides, b.sides);
    assert_eq!(b.time_left_ms, Some(18_000));
    assert_eq!(b.timer, TurnTimer::Seconds30);
    assert_eq!(restored.save(), json);
}

#[test]
fn restore_reports_what_is_wrong() {
    let (s, _) = session(pass_and_play(Variant::ZhiQi));
    s.tap(pt("d6")).unwrap();
    s.tap(pt("d5")).unwrap();
    let json = s.save();
    let restore = |text: &str| {
        let (options, _) = SessionOptions::for_tests();
        GameSession::restore(text, options, None).map(|_| ())
    };
    assert!(matches!(
        restore("not json"),
        Err(RestoreError::Corrupt { .. })
    ));
    assert!(matches!(
        restore(&json[..json.len() / 2]),
        Err(RestoreError::Corrupt { .. })
    ));
    assert!(matches!(
        restore(&json.replace("\"version\": 1", "\"version\": 2")),
        Err(RestoreError::UnknownVersion { found: 2, .. })
    ));
    assert_eq!(
        restore(&json.replace("\"d5\"", "\"d6\"")),
        Err(RestoreError::IllegalAction {
            index: 1,
            action: "d6".into(),
            reason: "d6 is occupied".into()
        })
    );
    assert!(restore(&json).is_ok());
}

#[test]
fn autosave_follows_every_change_and_survives_a_crash() {
    let dir = store::test_dir("autosave");
    let path = dir.join("current.json");
    let (mut options, _) = SessionOptions::for_tests();
    options.autosave_path = Some(path.clone());
    let s = GameSession::new(pass_and_play(Variant::LinkedHorse), options.clone());
    let saved = || fs::read_to_string(&path).unwrap();
    assert_eq!(saved(), s.save(), "the new game is saved at once");
    s.tap(pt("d6")).unwrap();
    assert_eq!(saved(), s.save());
    s.tap(pt("d5")).unwrap();
    let last_complete = saved();
    assert_eq!(last_complete, s.save());

    // The app is killed after the next save's temporary file is written, before the rename.
    let staged = store::stage(&path, b"{\"format\":\"mills-session\",\"vers").unwrap();
    std::mem::forget(staged);
    drop(s);

    let text = store::read_if_exists(&path).unwrap().unwrap();
    assert_eq!(text, last_complete);
    let restored = GameSession::restore(&text, options.clone(), None).unwrap();
    assert_eq!(restored.game().actions().len(), 2);
    // Opening a session on that path clears the leftover temporary file.
    let leftovers = fs::read_dir(&dir).unwrap().count();
    assert_eq!(leftovers, 1, "only the save itself");
    fs::remove_dir_all(dir).unwrap();
}

#[test]
fn finished_games_against_the_computer_are_counted_once() {
    let dir = store::test_dir("session-stats");
    let stats_path = dir.join("stats.json");
    let (mut options, _) = SessionOptions::for_tests();
    options.stats_path = Some(stats_path.clone());
    let s = GameSession::new(vs_computer(Variant::ZhiQi, Side::P2, 3), options.clone());
    s.tap(pt("d6")).unwrap();
    s.resign().unwrap();
    s.undo().unwrap();
    s.resign().unwrap();
    let entries = StatsStore::new(&stats_path).load().unwrap();
    assert_eq!(entries.len(), 1);
    assert_eq!(
        (entries[0].wins, entries[0].losses, entries[0].draws),
        (0, 1, 0)
    );
    assert_eq!(entries[0].level, Level::new(3).unwrap());
    // A new game counts again; pass-and-play games are not counted.
    s.new_game();
    s.tap(pt("d6")).unwrap();
    s.resign().unwrap();
    let p = GameSession::new(pass_and_play(Variant::ZhiQi), options);
    p.resign().unwrap();
    let entries = StatsStore::new(&stats_path).load().unwrap();
    assert_eq!(entries[0].losses, 2);
    assert_eq!(entries.len(), 1);
    fs::remove_dir_all(dir).unwrap();
}

#[test]
fn an_unwritable_autosave_is_reported_and_the_game_goes_on() {
    let dir = store::test_dir("unwritable");
    let (recorder, _rx) = Recorder::new();
    let (mut options, _) = SessionOptions::for_tests();
    options.autosave_path = Some(dir.join("missing-dir/save.json"));
    let s = GameSession::with_listener(
        pass_and_play(Variant::ZhiQi),
        options,
        Some(recorder.clone()),
    );
    s.tap(pt("d6")).unwrap();
    assert!(
        recorder
            .take()
            .iter()
            .any(|e| matches!(e, SessionEvent::SaveFailed { .. }))
    );
    assert_eq!(s.snapshot().action_count, 1);
    fs::remove_dir_all(dir).unwrap();
}
