//! Level 10 with the endgame tables loaded, from positions of the tables: it converts every
//! won position it is given within the table's distance against a defender that plays the
//! tables' slowest loss, and never turns a drawn position into a loss.

use std::sync::Arc;

use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

use mills_core::{CancelToken, Engine, Level};
use mills_core::{EndgameTables, TableValue};
use mills_core::{Game, Point, Position, Rules, Setup, Side, Variant};

fn random_position(rules: Rules, rng: &mut StdRng, mover: usize, other: usize) -> Option<Position> {
    let mut points: Vec<Point> = Point::ALL.to_vec();
    for i in 0..points.len() {
        let j = rng.random_range(i..points.len());
        points.swap(i, j);
    }
    let mut setup = Setup::moving(rules);
    setup.p1 = points[..mover].to_vec();
    setup.p2 = points[mover..mover + other].to_vec();
    setup.to_move = if rng.random_bool(0.5) {
        Side::P1
    } else {
        Side::P2
    };
    setup.build().ok().filter(|p| !p.is_over())
}

/// The defender's turn: the tables' best (a draw kept, a loss made as slow as possible).
fn play_table_turn(tables: &EndgameTables, game: &mut Game) {
    let best = &tables
        .ranked_turns(game.position())
        .expect("inside the tables")[0];
    for &action in &best.actions {
        game.play(action).expect("a legal table turn");
    }
}

fn engine_with(tables: &Arc<EndgameTables>) -> Engine {
    let mut engine = Engine::new(7);
    engine.set_tables(Some(tables.clone()));
    engine
}

/// Up to `n` random positions of `counts` whose value for the side to move satisfies
/// `wanted`.
fn sample(
    tables: &EndgameTables,
    counts: (usize, usize),
    wanted: impl Fn(TableValue) -> bool,
    n: usize,
    seed: u64,
) -> Vec<(Position, TableValue)> {
    let rules = Rules::of(tables.variant());
    let mut rng = StdRng::seed_from_u64(seed);
    let mut found = Vec::new();
    for _ in 0..100_000 {
        if found.len() == n {
            break;
        }
        if let Some(p) = random_position(rules, &mut rng, counts.0, counts.1)
            && let Some(v) = tables.probe(&p)
            && wanted(v)
        {
            found.push((p, v));
        }
    }
    found
}

#[test]
fn level_10_converts_won_table_positions_within_their_distance() {
    for variant in [
        Variant::TwelveMensMorris,
        Variant::ZhiQi,
        Variant::LinkedHorse,
    ] {
        let tables = Arc::new(EndgameTables::build(variant, 3, 2, &mut |_| {}).unwrap());
        let long_wins = sample(
            &tables,
            (3, 3),
            |v| matches!(v, TableValue::Win(d) if d >= 7),
            6,
            1,
        );
        assert_eq!(long_wins.len(), 6, "{variant}: positions found");
        for (start, value) in long_wins {
            let TableValue::Win(distance) = value else {
                unreachable!()
            };
            let winner = start.side_to_move();
            let mut game = Game::from_position(start);
            let mut engine = engine_with(&tables);
            let mut turns = 0;
            while !game.is_over() {
                if game.position().side_to_move() == winner {
                    let turn = engine.choose_turn(&game, Level::MAX, &CancelToken::new());
                    for action in turn {
                        game.play(action).unwrap();
                    }
                } else {
                    play_table_turn(&tables, &mut game);
                }
                turns += 1;
                assert!(
                    turns <= distance,
                    "{variant}: not won within {distance} turns"
                );
            }
            assert_eq!(
                game.outcome().and_then(|o| o.winner()),
                Some(winner),
                "{variant}"
            );
            assert_eq!(
                turns, distance,
                "{variant}: the defender held out the full distance"
            );
        }
    }
}

#[test]
fn level_10_never_loses_a_drawn_table_position() {
    for variant in [Variant::TwelveMensMorris, Variant::ZhiQi] {
        let tables = Arc::new(EndgameTables::build(variant, 3, 2, &mut |_| {}).unwrap());
        let draws = sample(&tables, (3, 3), |v| v == TableValue::Draw, 4, 2);
        assert_eq!(draws.len(), 4, "{variant}: positions found");
        for (start, _) in draws {
            let side = start.side_to_move();
            let mut game = Game::from_position(start);
            let mut engine = engine_with(&tables);
            for _ in 0..12 {
                let turn = engine.choose_turn(&game, Level::MAX, &CancelToken::new());
                for action in turn {
                    game.play(action).unwrap();
                }
                if game.is_over() {
                    // Only a draw by the history rules can end a drawn table position here.
                    assert_eq!(game.outcome().and_then(|o| o.winner()), None, "{variant}");
                    break;
                }
                // After level 10's turn the opponent must not be winning.
                let after = tables
                    .probe(game.position())
                    .expect("still inside the tables");
                assert!(!matches!(after, TableValue::Win(_)), "{variant}: {after:?}");
                play_table_turn(&tables, &mut game);
                if game.is_over() {
                    assert_ne!(
                        game.outcome().and_then(|o| o.winner()),
                        Some(side.opponent())
                    );
                    break;
                }
            }
        }
    }
}

#[test]
fn probing_gives_the_search_the_exact_value() {
    let tables =
        Arc::new(EndgameTables::build(Variant::TwelveMensMorris, 3, 2, &mut |_| {}).unwrap());
    let (start, value) = sample(
        &tables,
        (3, 3),
        |v| matches!(v, TableValue::Win(d) if d >= 9),
        1,
        3,
    )[0];
    let game = Game::from_position(start);
    let limits = mills_core::SearchLimits::depth(1);
    let mut with = engine_with(&tables);
    let found = with.search(&game, limits, &CancelToken::new()).unwrap();
    assert!(
        found.score > mills_core::WIN_THRESHOLD,
        "{value:?}: {}",
        found.score
    );
    let mut without = Engine::new(7);
    let plain = without.search(&game, limits, &CancelToken::new()).unwrap();
    assert!(
        plain.score < mills_core::WIN_THRESHOLD,
        "a depth-1 search cannot see it"
    );
}

/// Larger tables against a plain search without them: every short win or loss the tables
/// give is found by a full-width search of that many turns, and no draw is claimed won or
/// lost within four turns. Needs the 4-piece files (`mills tables build --max-pieces 4`):
/// `MILLS_TABLES_DIR=DIR cargo test --release --test tables_play -- --ignored`.
#[test]
#[ignore = "needs tables built by `mills tables build --max-pieces 4`"]
fn four_piece_tables_agree_with_deep_search() {
    let dir = std::env::var("MILLS_TABLES_DIR").expect("MILLS_TABLES_DIR names the tables");
    for variant in Variant::ALL {
        let tables = EndgameTables::load(std::path::Path::new(&dir), variant).expect("tables");
        let mut checked = 0;
        // Zhi Qi takes every piece: from 4 v 4 nothing ends within a searchable depth.
        let slices = match variant {
            Variant::ZhiQi => [(4, 2), (2, 4), (3, 4)],
            _ => [(4, 4), (4, 3), (3, 4)],
        };
        for (i, counts) in slices.into_iter().enumerate() {
            let short =
                |v| matches!(v, TableValue::Win(d) | TableValue::Loss(d) if (1..=7).contains(&d));
            let positions = sample(&tables, counts, short, 10, 10 + i as u64)
                .into_iter()
                .chain(sample(
                    &tables,
                    counts,
                    |v| v == TableValue::Draw,
                    6,
                    20 + i as u64,
                ));
            for (position, value) in positions {
                let game = Game::from_position(position);
                let depth = match value {
                    TableValue::Win(d) | TableValue::Loss(d) => u32::from(d),
                    TableValue::Draw => 4,
                };
                let mut engine = Engine::new(1);
                let score = engine
                    .search(
                        &game,
                        mills_core::SearchLimits::depth(depth),
                        &CancelToken::new(),
                    )
                    .unwrap()
                    .score;
                let threshold = mills_core::WIN_THRESHOLD;
                match value {
                    TableValue::Win(_) => {
                        assert!(score > threshold, "{variant} {value:?}: {score}")
                    }
                    TableValue::Loss(_) => {
                        assert!(score < -threshold, "{variant} {value:?}: {score}")
                    }
                    TableValue::Draw => assert!(score.abs() < threshold, "{variant} draw: {score}"),
                }
                checked += 1;
            }
        }
        eprintln!("{variant}: {checked} positions agree with search");
        assert!(checked >= 20, "{variant}: only {checked} positions checked");
    }
}
