//! Hints used: counted when given, kept in the saved game (and the autosave a killed app
//! leaves), reset by a new game, carried by a record's header, counted in the statistics.

use std::fs;

use super::*;
use crate::cancel::CancelToken;
use crate::limits::SearchLimits;
use crate::session::{SessionError, StatsStore};
use crate::store;

fn quick() -> SearchLimits {
    SearchLimits::depth(1)
}

/// Asks for a hint and plays it with taps, as the app does.
fn hint_and_play(s: &GameSession) {
    let hint = s
        .hint(quick(), &CancelToken::new())
        .unwrap()
        .expect("a hint");
    for action in &hint.actions {
        match *action {
            crate::action::Action::Place(to) => {
                s.tap(to).unwrap();
            }
            crate::action::Action::Step { from, to } => {
                s.tap(from).unwrap();
                s.tap(to).unwrap();
            }
            crate::action::Action::Remove(at) => {
                s.tap(at).unwrap();
            }
            crate::action::Action::Pass => unreachable!("a hint never passes"),
        }
    }
}

#[test]
fn a_hint_is_counted_saved_and_reset_by_a_new_game() {
    let (s, _) = session(pass_and_play(Variant::TwelveMensMorris));
    assert_eq!(s.hints_used(), 0);
    hint_and_play(&s);
    hint_and_play(&s);
    assert_eq!(s.hints_used(), 2);
    let json = s.save();
    assert!(json.contains("\"hints_used\": 2"), "{json}");
    let (options, _) = SessionOptions::for_tests();
    let restored = GameSession::restore(&json, options, None).unwrap();
    assert_eq!(restored.hints_used(), 2);
    hint_and_play(&restored);
    assert_eq!(restored.hints_used(), 3);
    restored.new_game();
    assert_eq!(restored.hints_used(), 0);
    assert!(restored.save().contains("\"hints_used\": 0"));
}

#[test]
fn a_cancelled_or_refused_hint_is_not_counted() {
    let (s, _) = session(pass_and_play(Variant::ZhiQi));
    let cancelled = CancelToken::new();
    cancelled.cancel();
    assert_eq!(s.hint(quick(), &cancelled), Ok(None));
    assert_eq!(s.hints_used(), 0);
    s.resign().unwrap();
    assert_eq!(
        s.hint(quick(), &CancelToken::new()),
        Err(SessionError::GameOver)
    );
    s.close();
    assert_eq!(
        s.hint(quick(), &CancelToken::new()),
        Err(SessionError::Closed)
    );
    assert_eq!(s.hints_used(), 0);
}

#[test]
fn a_hint_searched_before_a_new_game_is_not_counted_in_it() {
    let (s, _) = session(pass_and_play(Variant::ZhiQi));
    // What a hint takes when it starts searching: the game's number and its actions.
    let started = || {
        let state = s.shared.lock();
        (state.game_number, state.game().actions().to_vec())
    };
    let count = |(number, actions): (u64, Vec<crate::action::Action>)| {
        s.shared
            .with_state(|state, _, fx| state.count_hint(number, &actions, fx))
    };
    assert!(count(started()), "a hint on the game as it is counts");
    // A new game (the same empty board) came in while it searched: it belongs to the old one.
    let before = started();
    s.new_game();
    assert!(!count(before));
    assert_eq!(s.hints_used(), 0, "the new game starts from none");
    // A move played meanwhile makes it stale too.
    let before = started();
    s.tap(pt("d6")).unwrap();
    assert!(!count(before));
    assert_eq!(s.hints_used(), 0);
}

#[test]
fn the_count_survives_the_app_being_killed() {
    let dir = store::test_dir("hints-autosave");
    let path = dir.join("autosave.json");
    let (mut options, _) = SessionOptions::for_tests();
    options.autosave_path = Some(path.clone());
    let s = GameSession::new(pass_and_play(Variant::LinkedHorse), options.clone());
    hint_and_play(&s);
    // The hint itself is autosaved at once, before the move it suggested is even played.
    s.hint(quick(), &CancelToken::new()).unwrap().unwrap();
    let on_disk = fs::read_to_string(&path).unwrap();
    assert!(on_disk.contains("\"hints_used\": 2"), "{on_disk}");
    // Killed: nothing runs after this point, the autosave is what is left.
    std::mem::forget(s);
    let text = store::read_if_exists(&path).unwrap().unwrap();
    let (mut again, _) = SessionOptions::for_tests();
    again.autosave_path = Some(dir.join("other.json"));
    let restored = GameSession::restore(&text, again, None).unwrap();
    assert_eq!(restored.hints_used(), 2);
    drop(restored);
    fs::remove_dir_all(dir).unwrap();
}

#[test]
fn a_record_header_carries_the_count_in() {
    let game = Game::replay(
        crate::rules::Rules::of(Variant::ZhiQi),
        &parse_actions("d6 d5").unwrap(),
    )
    .unwrap();
    let (options, _) = SessionOptions::for_tests();
    let s = GameSession::from_game(pass_and_play(Variant::ZhiQi), game, 4, options, None);
    assert_eq!(s.hints_used(), 4);
    assert!(s.save().contains("\"hints_used\": 4"));
}

#[test]
fn finished_games_count_their_hints_in_the_statistics() {
    let dir = store::test_dir("hints-stats");
    let stats_path = dir.join("stats.json");
    let (mut options, _) = SessionOptions::for_tests();
    options.stats_path = Some(stats_path.clone());
    let s = GameSession::new(vs_computer(Variant::TwelveMensMorris, Side::P2, 2), options);
    hint_and_play(&s);
    s.run_computer_turn_now().unwrap();
    hint_and_play(&s);
    s.resign().unwrap();
    let entry = StatsStore::new(&stats_path).load().unwrap()[0];
    assert_eq!(
        (entry.losses, entry.hints_used, entry.wins_with_hints),
        (1, 2, 0)
    );
    // A new game starts from no hints; it is counted on its own.
    s.new_game();
    s.resign().unwrap();
    let entry = StatsStore::new(&stats_path).load().unwrap()[0];
    assert_eq!((entry.losses, entry.hints_used), (2, 2));
    fs::remove_dir_all(dir).unwrap();
}
