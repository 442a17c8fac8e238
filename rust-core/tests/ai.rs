//! The computer player: forced wins in constructed positions of each game, agreement with a
//! plain minimax, legality, cancellation and the time budget (asserted loosely).

use std::time::{Duration, Instant};

use mills_core::{
    Action, Bitboard, DrawRules, Game, Outcome, Pending, Phase, Position, RemovalKind, Rules,
    Setup, Side, WinReason, parse_actions,
};
use mills_core::{
    CancelToken, Engine, Level, SearchLimits, SearchOptions, SearchResult, WIN, WIN_THRESHOLD,
};
use mills_core::{Weights, evaluate, spsa_weights, weights_for};

fn game_from(setup: Setup) -> Game {
    Game::from_position(setup.build().expect("valid setup"))
}

/// Plays the side to move's whole turn, each action chosen by a fixed-depth search.
fn play_searched_turn(game: &mut Game, depth: u32) -> i32 {
    let mut engine = Engine::new(1);
    let mut first_score = None;
    let mut turn_ended = game.is_over();
    while !turn_ended {
        let result = engine
            .search(game, SearchLimits::depth(depth), &CancelToken::new())
            .expect("an action");
        first_score.get_or_insert(result.score);
        turn_ended = game
            .play(result.best)
            .expect("the engine plays legal actions")
            .turn_ended;
    }
    first_score.expect("at least one action")
}

/// Plays searched turns for both sides until the game ends (at most `turns` turns).
fn play_out(game: &mut Game, depth: u32, turns: u32) {
    for _ in 0..turns {
        if game.is_over() {
            break;
        }
        play_searched_turn(game, depth);
    }
}

#[test]
fn twelve_mens_morris_mill_in_one_wins_by_reducing_to_two() {
    // P2 is down to three pieces; P1 closes c3-c4-c5 with b4-c4 (or the diagonal a7-b6-c5
    // with b4-b6) and takes one of them.
    let mut game = game_from(
        Setup::moving(Rules::TWELVE_MENS_MORRIS)
            .pieces(Side::P1, "c5 c3 b4 a7 g7 g1")
            .pieces(Side::P2, "d1 f4 e4")
            .to_move(Side::P1),
    );
    let score = play_searched_turn(&mut game, 1);
    assert!(score > WIN_THRESHOLD, "score {score}");
    assert_eq!(
        game.outcome(),
        Some(Outcome::Win {
            winner: Side::P1,
            reason: WinReason::ReducedToTwo
        })
    );
}

#[test]
fn twelve_mens_morris_blocks_a_mill_that_would_lose() {
    // P1 has three pieces: if P2 closes f6-f4-f2 (f4 from g4), P1 falls to two. P1 must
    // step into f4 itself (e4-f4), the only action that does not lose at once.
    let mut game = game_from(
        Setup::moving(Rules::TWELVE_MENS_MORRIS)
            .pieces(Side::P1, "e4 a7 a1")
            .pieces(Side::P2, "f6 f2 g4 d7 d1")
            .to_move(Side::P1),
    );
    let score = play_searched_turn(&mut game, 2);
    assert_eq!(game.actions()[0], "e4-f4".parse().unwrap(), "score {score}");
    assert!(score > -WIN_THRESHOLD, "score {score}");
}

#[test]
fn zhiqi_pull_that_wins() {
    // The board is full, so P1 must pull. P2 has three pieces: a7, d7 and g1. Pulling g1
    // and stepping into g1 (from g4, d1 or f2) closes g7-g4-g1 or a1-d1-g1 and the diagonal
    // g1-f2-e3 at once: two captures take a7 and d7, and P2 has nothing left. Pulling a7 or
    // d7 instead leaves P2 a piece.
    let mut setup = Setup::moving(Rules::ZHIQI);
    setup.p2 = ["a7", "d7", "g1"].map(|p| p.parse().unwrap()).to_vec();
    setup.p1 = mills_core::Point::ALL
        .into_iter()
        .filter(|p| !setup.p2.contains(p))
        .collect();
    setup.pins = [9, 0];
    setup.lost = [0, 9];
    let mut game = game_from(setup);
    assert_eq!(
        game.position().pending(),
        Pending::Remove {
            kind: RemovalKind::Pull,
            count: 1
        }
    );
    let score = play_searched_turn(&mut game, 1);
    assert!(score > WIN_THRESHOLD, "score {score}");
    assert_eq!(game.actions()[0], Action::Remove("g1".parse().unwrap()));
    assert_eq!(
        game.outcome(),
        Some(Outcome::Win {
            winner: Side::P1,
            reason: WinReason::TookAll
        })
    );
}

#[test]
fn zhiqi_step_into_a_mill_takes_the_last_piece() {
    // P2's last piece stands alone; P1 closes a7-d7-g7 with d6-d7 and captures it.
    let mut setup = Setup::moving(Rules::ZHIQI)
        .pieces(Side::P1, "a7 g7 d6 a1")
        .pieces(Side::P2, "e3")
        .to_move(Side::P1);
    setup.lost = [8, 11];
    let mut game = game_from(setup);
    let score = play_searched_turn(&mut game, 1);
    assert!(score > WIN_THRESHOLD, "score {score}");
    assert_eq!(game.actions()[0], "d6-d7".parse().unwrap());
    assert_eq!(game.outcome().and_then(|o| o.winner()), Some(Side::P1));
}

#[test]
fn linked_horse_finds_a_three_in_line_win_in_two() {
    // P1 has six horses in the stable and four on the board. a4-a7 (or b6-a7) closes
    // a7-d7-g7: the arriving horse is stabled, leaving d7, g7 and one piece next to a7,
    // which P2 cannot reach in one step. The next turn refills a7 with three pieces on the
    // board and an empty hand: the linked horse wins.
    let mut setup = Setup::moving(Rules::LINKED_HORSE)
        .pieces(Side::P1, "d7 g7 a4 b6")
        .pieces(Side::P2, "d1 b2 f2 c3 e3 c4 e4 d5")
        .to_move(Side::P1);
    setup.stable = [6, 2];
    let game = game_from(setup);
    // One turn is not enough to see it ...
    let mut engine = Engine::new(1);
    let shallow = engine
        .search(&game, SearchLimits::depth(1), &CancelToken::new())
        .unwrap();
    assert!(shallow.score < WIN_THRESHOLD, "{shallow:?}");
    // ... three turns (P1, P2, P1) are.
    let mut game = game.clone();
    let score = play_searched_turn(&mut game, 3);
    assert!(score > WIN_THRESHOLD, "score {score}");
    assert_eq!(game.position().stable(Side::P1), 7);
    play_out(&mut game, 3, 2);
    assert_eq!(
        game.outcome(),
        Some(Outcome::Win {
            winner: Side::P1,
            reason: WinReason::ThreeInLine
        })
    );
}

#[test]
fn linked_horse_blocked_side_loses_and_the_search_sees_it() {
    // P2 (a7 d7 a4, seven horses stabled) can only step d7-d6; P1 fills d6 with d5-d6 and
    // P2, with no step left, loses.
    let mut setup = Setup::moving(Rules::LINKED_HORSE)
        .pieces(Side::P1, "b6 g7 a1 b4 d5")
        .pieces(Side::P2, "a7 d7 a4")
        .to_move(Side::P1);
    setup.stable = [5, 7];
    let mut game = game_from(setup);
    let score = play_searched_turn(&mut game, 2);
    assert!(score > WIN_THRESHOLD, "score {score}");
    assert_eq!(game.actions(), ["d5-d6".parse().unwrap()]);
    assert_eq!(
        game.outcome(),
        Some(Outcome::Win {
            winner: Side::P1,
            reason: WinReason::Blocked
        })
    );
}

// ---- The search agrees with a plain minimax ---------------------------------------------

const NO_DRAW_RULES: DrawRules = DrawRules {
    repetitions: 0,
    quiet_turns: 0,
};

/// Negamax without pruning, over the same action model: depth counts turns, removals are
/// searched at the depth of the action that earned them, leaves are evaluated at turn starts.
fn minimax(position: &Position, depth: i32, ply: i32) -> i32 {
    if let Some(outcome) = position.outcome() {
        return match outcome.winner() {
            None => 0,
            Some(w) if w == position.side_to_move() => WIN - ply,
            Some(_) => -(WIN - ply),
        };
    }
    if depth <= 0 && position.pending() == Pending::None {
        return evaluate(position);
    }
    let mut best = i32::MIN;
    for &action in position.legal_actions().iter() {
        let mut child = *position;
        let child_depth = if child.play_unchecked(action).turn_ended {
            depth - 1
        } else {
            depth
        };
        let score = if child.side_to_move() == position.side_to_move() {
            minimax(&child, child_depth, ply + 1)
        } else {
            -minimax(&child, child_depth, ply + 1)
        };
        best = best.max(score);
    }
    best
}

/// Positions from random games (a fixed linear congruential sequence), every few actions.
fn sample_positions(rules: Rules, seed: u64, every: usize) -> Vec<Position> {
    let mut state = seed;
    let mut game = Game::new(rules);
    let mut positions = Vec::new();
    while !game.is_over() && game.actions().len() < 120 {
        let legal = game.position().legal_actions();
        state = state
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        let action = legal[(state >> 33) as usize % legal.len()];
        game.play(action).unwrap();
        if game.actions().len() % every == 0 && !game.is_over() {
            positions.push(*game.position());
        }
    }
    positions
}

#[test]
fn principal_variation_search_scores_equal_plain_minimax() {
    let plain = SearchOptions {
        transposition_table: false,
        quiescence: false,
        aspiration: true,
        // Both change the tree's shape on purpose (deeper or shallower than the nominal depth).
        blockade_extension: false,
        late_move_reductions: false,
        // The plain minimax below evaluates with the game's own weights.
        fitted_weights: true,
        // The searches below are depth-limited: the deadline never comes into it.
        search_to_deadline: true,
        last_placement_extension: false,
        forced_block_extension: false,
    };
    let mut checked = 0;
    for rules in [Rules::ZHIQI, Rules::LINKED_HORSE, Rules::TWELVE_MENS_MORRIS] {
        let rules = rules.with_draws(NO_DRAW_RULES);
        for (seed, every) in [(3, 9), (11, 13)] {
            for position in sample_positions(rules, seed, every) {
                let depth = if position.empty().count() > 12 { 2 } else { 3 };
                let expected = minimax(&position, depth, 0);
                let mut engine = Engine::new(5);
                engine.set_options(plain);
                let result = engine
                    .search(
                        &Game::from_position(position),
                        SearchLimits::depth(depth as u32),
                        &CancelToken::new(),
                    )
                    .unwrap();
                if expected.abs() > WIN_THRESHOLD {
                    // A forced result may be found at a smaller depth: same winner.
                    assert_eq!(result.score.signum(), expected.signum(), "{position:?}");
                    assert!(result.score.abs() > WIN_THRESHOLD);
                } else {
                    assert_eq!(result.score, expected, "depth {depth} in {position:?}");
                }
                checked += 1;
            }
        }
    }
    assert!(checked >= 30, "only {checked} positions");
}

#[test]
fn full_search_agrees_with_minimax_on_forced_results() {
    // With the table, aspiration and quiescence on, wins and losses stay wins and losses.
    for rules in [Rules::ZHIQI, Rules::TWELVE_MENS_MORRIS, Rules::LINKED_HORSE] {
        let rules = rules.with_draws(NO_DRAW_RULES);
        for position in sample_positions(rules, 21, 7) {
            let expected = minimax(&position, 2, 0);
            if expected.abs() <= WIN_THRESHOLD {
                continue;
            }
            let result = Engine::new(2)
                .search(
                    &Game::from_position(position),
                    SearchLimits::depth(2),
                    &CancelToken::new(),
                )
                .unwrap();
            assert_eq!(result.score.signum(), expected.signum(), "{position:?}");
        }
    }
}

// ---- Legality, cancellation, budget -----------------------------------------------------

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
fn searches_with_tiny_budgets_return_legal_actions() {
    for rules in [Rules::ZHIQI, Rules::LINKED_HORSE, Rules::TWELVE_MENS_MORRIS] {
        let mut engine = Engine::with_table_bits(3, 12);
        for position in sample_positions(rules, 5, 3) {
            let game = Game::from_position(position);
            for limits in [
                SearchLimits {
                    nodes: Some(1),
                    ..SearchLimits::default()
                },
                SearchLimits {
                    nodes: Some(300),
                    ..SearchLimits::default()
                },
                SearchLimits::time(Duration::from_micros(50)),
            ] {
                let result = engine.search(&game, limits, &CancelToken::new()).unwrap();
                assert!(
                    position.legal_actions().contains(&result.best),
                    "{} in {position:?}",
                    result.best
                );
            }
        }
    }
}

#[test]
fn fixed_depth_search_is_deterministic() {
    let game = Game::replay(Rules::ZHIQI, &parse_actions("d6 d2 f4 b4 a7").unwrap()).unwrap();
    let run = || {
        Engine::new(9)
            .search(&game, SearchLimits::depth(4), &CancelToken::new())
            .unwrap()
    };
    let (a, b) = (run(), run());
    assert_eq!(
        (a.best, a.score, a.nodes, a.pv),
        (b.best, b.score, b.nodes, b.pv)
    );
    let turn =
        |seed| Engine::new(seed).choose_turn(&game, Level::new(2).unwrap(), &CancelToken::new());
    assert_eq!(turn(4), turn(4));
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
    assert!(
        Engine::new(0)
            .choose_turn(&game, Level::MAX, &cancel)
            .is_empty()
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
}

#[test]
fn time_budget_is_honoured_loosely() {
    for rules in [Rules::ZHIQI, Rules::LINKED_HORSE, Rules::TWELVE_MENS_MORRIS] {
        let game = Game::replay(rules, &parse_actions("d6 d2 f4 b4").unwrap()).unwrap();
        let budget = Duration::from_millis(100);
        let start = Instant::now();
        let result = Engine::new(0)
            .search(&game, SearchLimits::time(budget), &CancelToken::new())
            .unwrap();
        assert!(start.elapsed() < budget * 10, "{:?}", start.elapsed());
        assert!(game.position().legal_actions().contains(&result.best));
    }
}

#[test]
fn a_level_turn_stays_within_its_budget_loosely() {
    let game = Game::replay(
        Rules::TWELVE_MENS_MORRIS,
        &parse_actions("d6 d2 f4 b4 d7").unwrap(),
    )
    .unwrap();
    let level = Level::new(6).unwrap();
    let budget = level.style().limits.time.unwrap();
    let start = Instant::now();
    let turn = Engine::new(0).choose_turn(&game, level, &CancelToken::new());
    assert!(start.elapsed() < budget * 10, "{:?}", start.elapsed());
    assert!(!turn.is_empty());
}

#[test]
fn engine_weights_replace_the_evaluation_and_nothing_else() {
    // The evaluation is linear in its weights, so doubling every weight must double the
    // searched score exactly (no mate is in reach at this depth), and handing the engine the
    // game's own weights must change nothing at all.
    let game = Game::replay(
        Rules::TWELVE_MENS_MORRIS,
        &parse_actions("d6 d2 f4 b4").unwrap(),
    )
    .unwrap();
    let own = weights_for(mills_core::Variant::TwelveMensMorris);
    let search = |weights: Option<Weights>| {
        let mut engine = Engine::new(3);
        engine.set_weights(weights);
        engine
            .search(&game, SearchLimits::depth(2), &CancelToken::new())
            .expect("an action")
    };
    let default = search(None);
    let same = search(Some(own));
    assert_eq!(
        (same.best, same.score, same.nodes),
        (default.best, default.score, default.nodes)
    );
    let mut doubled = own;
    for name in Weights::NAMES {
        doubled.set(name, 2 * own.get(name).unwrap());
    }
    assert_ne!(default.score, 0, "a zero score would not show the doubling");
    assert_eq!(search(Some(doubled)).score, 2 * default.score);
}

#[test]
fn levels_below_ten_evaluate_with_the_self_play_weights_and_level_ten_with_the_fitted() {
    // A placing position where the fitted Twelve Men's Morris weights (placing room among
    // them) and the self-play weights disagree: each level's choice must be exactly the
    // one a search with that set of weights makes.
    let game = Game::replay(
        Rules::TWELVE_MENS_MORRIS,
        &parse_actions("d6 d2 f4 b4 a7 g7").unwrap(),
    )
    .unwrap();
    let variant = mills_core::Variant::TwelveMensMorris;
    assert_ne!(weights_for(variant), spsa_weights(variant));
    let searched = |weights: Weights| {
        let mut engine = Engine::new(3);
        engine.set_weights(Some(weights));
        engine.set_options(SearchOptions::FIRST_VERSION);
        engine
            .search(&game, SearchLimits::depth(4), &CancelToken::new())
            .expect("an action")
    };
    let fitted = searched(weights_for(variant));
    let spsa = searched(spsa_weights(variant));
    assert_ne!(
        fitted.score, spsa.score,
        "the two sets must score this differently"
    );

    // Level 8 searches depth 4 with the first version's options and plays its best action.
    let level8 = Engine::new(3)
        .choose_action(&game, Level::new(8).unwrap(), &CancelToken::new())
        .expect("an action");
    assert_eq!((level8.best, level8.score), (spsa.best, spsa.score));

    // The same search with the fitted weights switched on is the fitted search.
    let mut engine = Engine::new(3);
    engine.set_options(SearchOptions {
        fitted_weights: true,
        ..SearchOptions::FIRST_VERSION
    });
    let with_option = engine
        .search(&game, SearchLimits::depth(4), &CancelToken::new())
        .expect("an action");
    assert_eq!(
        (with_option.best, with_option.score),
        (fitted.best, fitted.score)
    );
    // And level 10's options keep it on.
    assert!(
        SearchOptions::default()
            .for_level(Level::MAX)
            .fitted_weights
    );
    assert!(
        !SearchOptions::default()
            .for_level(Level::new(9).unwrap())
            .fitted_weights
    );
}

/// Crowded Twelve Men's Morris boards in the movement phase (`p1` against `p2` pieces, the
/// rest of the 24 points empty), P1 to move: where blockades decide the game.
fn crowded_boards(count: usize, p1: usize, p2: usize, mut state: u64) -> Vec<Position> {
    let rules = Rules::TWELVE_MENS_MORRIS.with_draws(NO_DRAW_RULES);
    let mut boards = Vec::new();
    while boards.len() < count {
        let mut points = mills_core::Point::ALL.to_vec();
        for i in (1..points.len()).rev() {
            state = state
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            points.swap(i, (state >> 33) as usize % (i + 1));
        }
        let mut setup = Setup::moving(rules).to_move(Side::P1);
        setup.p1 = points[..p1].to_vec();
        setup.p2 = points[p1..p1 + p2].to_vec();
        if let Ok(position) = setup.build()
            && !position.is_over()
        {
            boards.push(position);
        }
    }
    boards
}

fn search_with(position: &Position, options: SearchOptions, depth: u32) -> SearchResult {
    let mut engine = Engine::new(3);
    engine.set_options(options);
    engine
        .search(
            &Game::from_position(*position),
            SearchLimits::depth(depth),
            &CancelToken::new(),
        )
        .expect("an action")
}

fn score_with(position: &Position, options: SearchOptions, depth: u32) -> i32 {
    search_with(position, options, depth).score
}

#[test]
fn the_blockade_extension_sees_blockades_one_turn_beyond_the_depth() {
    // With the extension, a side left with one or two steps is searched a turn deeper, so a
    // depth-2 search finds blockade wins that the plain search only finds at depth 3; and
    // every win it claims is a real one (a plain search deep enough agrees).
    let plain = SearchOptions::FIRST_VERSION;
    let extended = SearchOptions {
        blockade_extension: true,
        ..SearchOptions::FIRST_VERSION
    };
    let mut found = 0;
    let boards = [
        crowded_boards(300, 10, 11, 17),
        crowded_boards(300, 11, 11, 19),
    ];
    for position in boards.iter().flatten() {
        let with_extension = score_with(position, extended, 2);
        if with_extension.abs() > WIN_THRESHOLD {
            let deep = score_with(position, plain, 6);
            assert_eq!(deep.signum(), with_extension.signum(), "{position:?}");
            assert!(deep.abs() > WIN_THRESHOLD, "{position:?}");
        }
        let at_two = score_with(position, plain, 2);
        if at_two.abs() < WIN_THRESHOLD
            && with_extension.abs() > WIN_THRESHOLD
            && score_with(position, plain, 3).abs() > WIN_THRESHOLD
        {
            found += 1;
        }
    }
    assert!(
        found >= 3,
        "only {found} wins found earlier by the extension"
    );
}

/// Twelve Men's Morris positions at the start of a turn where both sides have their last piece
/// to place (the first placer to move; the second placer's last placement is then inside
/// the search, where the extension applies), from random games.
fn last_placements(games: u64) -> Vec<Position> {
    let rules = Rules::TWELVE_MENS_MORRIS.with_draws(NO_DRAW_RULES);
    (0..games)
        .flat_map(|seed| sample_positions(rules, 0x5eed + seed, 1))
        .filter(|p| {
            p.phase() == Phase::Placing
                && p.pending() == Pending::None
                && p.hand(Side::P1) == 1
                && p.hand(Side::P2) == 1
        })
        .collect()
}

#[test]
fn the_last_placement_extension_searches_a_turn_deeper_and_claims_only_real_results() {
    // At a side's last placement the extension adds a turn: a search of the same depth goes a
    // turn further into the movement phase, so it costs more nodes; a win or loss it claims
    // there is one that a plain search a few turns deeper agrees with.
    let plain = SearchOptions::FIRST_VERSION;
    let extended = SearchOptions {
        last_placement_extension: true,
        ..SearchOptions::FIRST_VERSION
    };
    let positions = last_placements(40);
    assert!(positions.len() >= 20, "{} positions", positions.len());
    let (mut deeper, mut claimed) = (0, 0);
    for position in &positions {
        let (with, without) = (
            search_with(position, extended, 2),
            search_with(position, plain, 2),
        );
        if with.nodes > without.nodes {
            deeper += 1;
        }
        if with.score.abs() > WIN_THRESHOLD {
            claimed += 1;
            let deep = score_with(position, plain, 5);
            assert_eq!(deep.signum(), with.score.signum(), "{position:?}");
            assert!(deep.abs() > WIN_THRESHOLD, "{position:?}");
        }
    }
    assert_eq!(
        deeper,
        positions.len(),
        "searched deeper in only {deeper} positions"
    );
    // The claims above are checked only if there are some.
    assert!(
        claimed >= 1,
        "no result claimed in {} positions",
        positions.len()
    );
}

/// The points where one placement of `side` completes a line.
fn completing_points(position: &Position, side: Side) -> u32 {
    let (mine, other) = (position.board(side), position.board(side.opponent()));
    position
        .rules()
        .geometry()
        .lines()
        .iter()
        .filter(|&&line| (line & other).is_empty() && (line & mine).count() == 2)
        .fold(Bitboard::EMPTY, |points, &line| {
            points | (line & position.empty())
        })
        .count()
}

/// Twelve Men's Morris placing positions at a turn start where the side to move has one open
/// two and the opponent none, both with pieces to place: most placements leave the opponent
/// a forced block, inside the search where the extension applies (the root is never
/// extended).
fn forcing_blocks(games: u64) -> Vec<Position> {
    let rules = Rules::TWELVE_MENS_MORRIS.with_draws(NO_DRAW_RULES);
    (0..games)
        .flat_map(|seed| sample_positions(rules, 0xb10c + seed, 1))
        .filter(|p| {
            let us = p.side_to_move();
            p.phase() == Phase::Placing
                && p.pending() == Pending::None
                && p.hand(us.opponent()) >= 1
                && completing_points(p, us) == 1
                && completing_points(p, us.opponent()) == 0
        })
        .collect()
}

#[test]
fn the_forced_block_extension_searches_a_turn_deeper_and_claims_only_real_results() {
    // Where a side must block, the extension adds a turn: a search of the same depth costs
    // more nodes there and nowhere else, and a win or loss it claims is one that
    // a plain search a few turns deeper agrees with.
    let plain = SearchOptions::FIRST_VERSION;
    let extended = SearchOptions {
        forced_block_extension: true,
        ..SearchOptions::FIRST_VERSION
    };
    let positions = forcing_blocks(60);
    assert!(positions.len() >= 20, "{} positions", positions.len());
    let (mut deeper, mut claimed) = (0, 0);
    for position in &positions {
        let (with, without) = (
            search_with(position, extended, 2),
            search_with(position, plain, 2),
        );
        if with.nodes > without.nodes {
            deeper += 1;
        }
        if with.score.abs() > WIN_THRESHOLD {
            claimed += 1;
            let deep = score_with(position, plain, 5);
            assert_eq!(deep.signum(), with.score.signum(), "{position:?}");
            assert!(deep.abs() > WIN_THRESHOLD, "{position:?}");
        }
    }
    assert_eq!(deeper, positions.len(), "searched deeper in only {deeper}");
    // Once movement has begun the extension never applies: the same search, node for node.
    let rules = Rules::TWELVE_MENS_MORRIS.with_draws(NO_DRAW_RULES);
    let moving: Vec<Position> = (0..20)
        .flat_map(|seed| sample_positions(rules, 0x30fe + seed, 1))
        .filter(|p| p.phase() == Phase::Moving && p.pending() == Pending::None)
        .collect();
    assert!(moving.len() >= 10, "{} movement positions", moving.len());
    for position in &moving {
        let (with, without) = (
            search_with(position, extended, 2),
            search_with(position, plain, 2),
        );
        assert_eq!((with.nodes, with.score), (without.nodes, without.score));
    }
    // The claims above are checked only if there are some.
    assert!(
        claimed >= 1,
        "no result claimed in {} positions",
        positions.len()
    );
}

#[test]
fn late_move_reductions_search_fewer_nodes_and_keep_forced_results() {
    let plain = SearchOptions::FIRST_VERSION;
    let reduced = SearchOptions {
        late_move_reductions: true,
        ..SearchOptions::FIRST_VERSION
    };
    let mut nodes = [0u64; 2];
    for rules in [Rules::ZHIQI, Rules::LINKED_HORSE, Rules::TWELVE_MENS_MORRIS] {
        let rules = rules.with_draws(NO_DRAW_RULES);
        for position in sample_positions(rules, 5, 11) {
            let game = Game::from_position(position);
            let mut results = Vec::new();
            for (i, options) in [plain, reduced].into_iter().enumerate() {
                let mut engine = Engine::new(4);
                engine.set_options(options);
                let result = engine
                    .search(&game, SearchLimits::depth(5), &CancelToken::new())
                    .unwrap();
                nodes[i] += result.nodes;
                results.push(result.score);
            }
            // A reduced action that could win or lose is searched again at full depth, so a
            // forced result of the full-width search stays.
            if results[0].abs() > WIN_THRESHOLD {
                assert_eq!(results[1].signum(), results[0].signum(), "{position:?}");
            }
        }
    }
    assert!(nodes[1] < nodes[0], "nodes {nodes:?}");
}

#[test]
fn levels_one_to_nine_search_their_fixed_depth_in_full() {
    // Only level 10 uses the extension and the reductions: below it, a level's turn is the one
    // the first version's search finds (same action, same nodes).
    let game = Game::replay(
        Rules::TWELVE_MENS_MORRIS,
        &parse_actions("d6 d2 f4 b4 f6 b6").unwrap(),
    )
    .unwrap();
    for level in [8, 9] {
        let level = Level::new(level).unwrap();
        let mut by_level = Engine::new(9);
        let chosen = by_level
            .choose_action(&game, level, &CancelToken::new())
            .unwrap();
        let mut first_version = Engine::new(9);
        first_version.set_options(SearchOptions::FIRST_VERSION);
        let expected = first_version
            .choose_action_with_style(&game, level.style(), &CancelToken::new())
            .unwrap();
        assert_eq!((chosen.best, chosen.nodes), (expected.best, expected.nodes));
        // The engine's own options are back afterwards.
        assert_eq!(by_level.options(), SearchOptions::default());
    }
    assert_eq!(
        SearchOptions::default().for_level(Level::MAX),
        SearchOptions::default()
    );
}

#[test]
fn a_search_to_the_deadline_uses_its_whole_budget_and_still_plays_a_completed_iteration() {
    // An early placing position: nothing is forced, so only the deadline ends the search.
    let game = Game::replay(
        Rules::TWELVE_MENS_MORRIS,
        &parse_actions("d6 d2 f4 b4").unwrap(),
    )
    .unwrap();
    let budget = std::time::Duration::from_millis(150);
    let mut engine = Engine::new(5);
    assert!(engine.options().search_to_deadline);
    let result = engine
        .search(&game, SearchLimits::time(budget), &CancelToken::new())
        .expect("an action");
    assert!(
        result.elapsed >= budget,
        "stopped after {:?} of {budget:?}",
        result.elapsed
    );
    assert!(result.depth >= 1, "at least one iteration completed");
    assert!(game.position().legal_actions().contains(&result.best));
    assert_eq!(result.pv.first(), Some(&result.best));
}
