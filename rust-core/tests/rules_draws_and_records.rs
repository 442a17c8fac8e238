// RULES.md §6 draws and records, and the "Draws and records" edge cases of §7.
//
// Rule → test:
// - §6 threefold repetition of the same position (board, hands, side to move, owed actions)
//     → `draw_threefold_repetition`, `draw_repetition_position_includes_side_to_move`,
//       `draw_repetition_position_includes_owed_actions`,
//       `draw_repetition_counts_timer_passes_of_the_sole_placing_side`
// - §6 100 consecutive movement turns without a capture, pin, pull or stabling
//     → `draw_100_quiet_turns`, `draw_quiet_turns_reset_by_capture`,
//       `draw_quiet_turns_reset_by_pull`, `draw_quiet_turns_reset_by_stabling`,
//       `draw_quiet_turns_count_only_in_movement_phase`
// - §6 both are rule settings with these defaults (0 = off)
//     → `draw_rules_are_settings_with_defaults`, `draw_repetition_setting_off_and_custom`,
//       `draw_quiet_turns_setting_off_and_custom`
// - §6 records in the notation of §2, turns joined without spaces
//     → `record_json_lists_actions_in_notation`, `record_turn_written_as_joined_actions`
// - §7 a saved game replays to the same position
//     → `record_saved_game_replays_to_same_position`,
//       `record_saved_position_round_trips`,
//       `record_saved_position_round_trips_when_last_placement_owes_a_removal`,
//       `record_saved_position_round_trips_when_game_ended_while_placing`
// - §7 an illegal action in a record is rejected with its index and reason
//     → `record_illegal_action_reports_index_and_reason`

mod common;

use common::*;
use mills_core::{
    Action, DrawReason, DrawRules, Game, GameRecord, IllegalAction, Outcome, Phase, Position,
    RemovalKind, ReplayError, Rules, Setup, Side, parse_actions,
};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

fn draw(reason: DrawReason) -> Option<Outcome> {
    Some(Outcome::Draw { reason })
}

/// Three pieces each in the movement phase, P1 to move; nothing can make a line while the
/// pieces shuffle a1-a4 and a7-d7 back and forth (Linked-Horse stables make up ten pieces).
fn shuffle_setup(rules: Rules) -> Setup {
    let mut setup = moving_setup(rules, "a1 d5 g4", "a7 d3 g1", Side::P1);
    if rules.variant == mills_core::Variant::LinkedHorse {
        setup.stable = [7, 7];
    }
    setup
}

const CYCLE: [&str; 4] = ["a1-a4", "a7-d7", "a4-a1", "d7-a7"];

/// Plays `turns` turns of the shuffle, asserting the game is not over before each.
fn shuffle(game: &mut Game, turns: usize) {
    for i in 0..turns {
        assert_eq!(game.outcome(), None, "over before turn {i}");
        let step = CYCLE[(game.actions().len()) % 4];
        game.play(act(step)).unwrap();
    }
}

// ---- repetition --------------------------------------------------------------------------

#[test]
fn draw_threefold_repetition() {
    for rules in ALL_GAMES {
        let mut game = Game::from_position(build(&shuffle_setup(rules)));
        assert_eq!(game.occurrences(), 1);
        shuffle(&mut game, 4);
        assert_eq!(game.occurrences(), 2, "{}", rules.variant);
        shuffle(&mut game, 3);
        assert_eq!(game.outcome(), None, "{}", rules.variant);
        shuffle(&mut game, 1);
        assert_eq!(game.occurrences(), 3);
        assert_eq!(
            game.outcome(),
            draw(DrawReason::Repetition),
            "{}",
            rules.variant
        );
        assert!(game.is_over());
        // The position itself is not over: the draw needs the history.
        assert_eq!(game.position().outcome(), None);
        assert_eq!(game.play(act("a1-a4")), Err(IllegalAction::GameOver));
    }
}

#[test]
fn draw_repetition_position_includes_side_to_move() {
    // Passes leave the board alone: the board repeats every pass, the position (with the side
    // to move) only every second one.
    let mut game = Game::from_position(build(&shuffle_setup(ZHIQI)));
    for _ in 0..3 {
        game.play(Action::Pass).unwrap();
        assert_eq!(game.outcome(), None);
    }
    assert_eq!(game.occurrences(), 2);
    game.play(Action::Pass).unwrap();
    assert_eq!(game.outcome(), draw(DrawReason::Repetition));
}

#[test]
fn draw_repetition_counts_timer_passes_of_the_sole_placing_side() {
    // P2 has placed everything (P1's timer ran out twice at the start). When P1's timer runs
    // out again, P2 (empty hand) is skipped and P1 is to place in the very same position: the
    // same board, hands, side to move and nothing owed. Read literally, §6 makes the third
    // occurrence a draw, after two timeouts in a row.
    let moves = "pass a7 pass g4 d7 g1 g7 a1 d1 d6 a4 f4 b6 b2 f6 b4 f2 c5 d2 e5";
    let mut game = replay(LINKED_HORSE, moves);
    assert_eq!(game.position().side_to_move(), Side::P1);
    assert_eq!(game.position().hand(Side::P2), 0);
    game.play(Action::Pass).unwrap();
    assert_eq!(game.position().side_to_move(), Side::P1);
    assert_eq!(game.occurrences(), 2);
    assert_eq!(game.outcome(), None);
    game.play(Action::Pass).unwrap();
    assert_eq!(game.outcome(), draw(DrawReason::Repetition));
}

#[test]
fn draw_repetition_position_includes_owed_actions() {
    // P1's a7 completes a line and owes a capture. The same board, hands and side to move
    // with nothing owed is a different position, for equality and for the repetition hash.
    let owing = after(TWELVE, "a1 d1 a4 g4 a7");
    assert_eq!(owing.pending(), captures(1));
    let mut setup = Setup::from(&owing);
    setup.pending = mills_core::Pending::None;
    let owing_nothing = build(&setup);
    assert_eq!(owing_nothing.board(Side::P1), owing.board(Side::P1));
    assert_eq!(owing_nothing.board(Side::P2), owing.board(Side::P2));
    assert_eq!(owing_nothing.side_to_move(), owing.side_to_move());
    assert_ne!(owing_nothing, owing);
    assert_ne!(owing_nothing.hash(), owing.hash());
    // So do hands: the same board with a piece fewer in P2's hand.
    let mut fewer_in_hand = Setup::from(&owing_nothing);
    fewer_in_hand.hand[1] -= 1;
    assert_ne!(build(&fewer_in_hand).hash(), owing_nothing.hash());
}

#[test]
fn draw_repetition_setting_off_and_custom() {
    let off = ZHIQI.with_draws(DrawRules {
        repetitions: 0,
        quiet_turns: 0,
    });
    let mut game = Game::from_position(build(&shuffle_setup(off)));
    shuffle(&mut game, 400);
    assert_eq!(game.outcome(), None);
    assert_eq!(game.occurrences(), 101);

    let twofold = TWELVE.with_draws(DrawRules {
        repetitions: 2,
        quiet_turns: 100,
    });
    let mut game = Game::from_position(build(&shuffle_setup(twofold)));
    shuffle(&mut game, 4);
    assert_eq!(game.outcome(), draw(DrawReason::Repetition));
}

// ---- quiet turns -------------------------------------------------------------------------

fn no_repetition(rules: Rules, quiet_turns: u16) -> Rules {
    rules.with_draws(DrawRules {
        repetitions: 0,
        quiet_turns,
    })
}

#[test]
fn draw_100_quiet_turns() {
    for rules in ALL_GAMES {
        let mut game = Game::from_position(build(&shuffle_setup(no_repetition(rules, 100))));
        shuffle(&mut game, 99);
        assert_eq!(game.position().quiet_turns(), 99);
        assert_eq!(game.outcome(), None, "{}", rules.variant);
        shuffle(&mut game, 1);
        assert_eq!(game.position().quiet_turns(), 100);
        assert_eq!(
            game.outcome(),
            draw(DrawReason::QuietTurns),
            "{}",
            rules.variant
        );
        assert_eq!(game.play(act("a4-a1")), Err(IllegalAction::GameOver));
    }
}

#[test]
fn draw_quiet_turns_setting_off_and_custom() {
    let mut off = Game::from_position(build(&shuffle_setup(no_repetition(TWELVE, 0))));
    shuffle(&mut off, 500);
    assert_eq!(off.outcome(), None);
    assert_eq!(off.position().quiet_turns(), 500);

    let mut ten = Game::from_position(build(&shuffle_setup(no_repetition(LINKED_HORSE, 10))));
    shuffle(&mut ten, 9);
    assert_eq!(ten.outcome(), None);
    shuffle(&mut ten, 1);
    assert_eq!(ten.outcome(), draw(DrawReason::QuietTurns));
}

/// A game from `setup` with 99 quiet turns already played.
fn at_99(mut setup: Setup) -> Game {
    setup.quiet_turns = 99;
    Game::from_position(build(&setup))
}

#[test]
fn draw_quiet_turns_reset_by_capture() {
    let setup = moving_setup(TWELVE, "a1 a4 b6 d5", "g1 g4 d3 e5", Side::P1);
    let mut quiet = at_99(setup.clone());
    quiet.play(act("d5-c5")).unwrap();
    assert_eq!(quiet.outcome(), draw(DrawReason::QuietTurns));

    let mut capture = at_99(setup);
    for action in acts("b6-a7 xd3") {
        capture.play(action).unwrap();
    }
    assert_eq!(capture.outcome(), None);
    assert_eq!(capture.position().quiet_turns(), 0);
}

#[test]
fn draw_quiet_turns_reset_by_pull() {
    let mut game = at_99(moving_setup(ZHIQI, "a1", "a4 b2 d1 d2 d3 g7", Side::P1));
    for action in acts("xd1 a1-d1") {
        game.play(action).unwrap();
    }
    assert_eq!(game.outcome(), None);
    assert_eq!(game.position().quiet_turns(), 0);
}

#[test]
fn draw_quiet_turns_reset_by_stabling() {
    let mut setup = moving_setup(LINKED_HORSE, "a1 a4 b6 d1 g4", "c3 d3 e4 f6 g7", Side::P1);
    setup.stable = [5, 5];
    let mut quiet = at_99(setup.clone());
    quiet.play(act("g4-f4")).unwrap();
    assert_eq!(quiet.outcome(), draw(DrawReason::QuietTurns));

    let mut stabling = at_99(setup);
    stabling.play(act("b6-a7")).unwrap();
    assert_eq!(stabling.outcome(), None);
    assert_eq!(stabling.position().quiet_turns(), 0);
    assert_eq!(stabling.position().stable(Side::P1), 6);
}

#[test]
fn draw_quiet_turns_count_only_in_movement_phase() {
    // Nineteen quiet placements and a pass: no movement turn yet, so nothing is counted.
    let mut position = after(
        LINKED_HORSE,
        "d7 a7 g7 g4 d1 g1 a4 a1 b6 d6 f6 f4 f2 b2 d2 b4 d5 c5 e4 pass",
    );
    assert_eq!(position.phase(), Phase::Placing);
    assert_eq!(position.turns(), 20);
    assert_eq!(position.quiet_turns(), 0);
    // P2's last placement starts the movement phase; the placement itself is not counted.
    play(&mut position, "e5");
    assert_eq!(position.phase(), Phase::Moving);
    assert_eq!(position.quiet_turns(), 0);
    play(&mut position, "e4-e3");
    assert_eq!(position.quiet_turns(), 1);
    play(&mut position, "pass");
    assert_eq!(position.quiet_turns(), 2);
}

#[test]
fn draw_rules_are_settings_with_defaults() {
    let defaults = DrawRules::default();
    assert_eq!(
        defaults,
        DrawRules {
            repetitions: 3,
            quiet_turns: 100
        }
    );
    for rules in ALL_GAMES {
        assert_eq!(rules.draws, defaults);
    }
    // The settings travel with a record and apply when it is replayed.
    let custom = no_repetition(TWELVE, 7);
    let mut game = Game::from_position(build(&shuffle_setup(custom)));
    assert_eq!(*game.rules(), custom);
    shuffle(&mut game, 7);
    assert_eq!(game.outcome(), draw(DrawReason::QuietTurns));
    let record = GameRecord {
        rules: custom,
        actions: acts("d6 d5"),
        resigned: None,
    };
    let json = serde_json::to_string(&record).unwrap();
    assert!(
        json.contains(r#""draws":{"repetitions":0,"quiet_turns":7}"#),
        "{json}"
    );
    let back: GameRecord = serde_json::from_str(&json).unwrap();
    assert_eq!(back, record);
    assert_eq!(*back.replay().unwrap().rules(), custom);
}

// ---- records -----------------------------------------------------------------------------

const B: &str =
    "d7 e3 a1 f4 a4 f6 c3 g7 f2 b4 a7 xb4 e5 xb4 c4 e4 xd7 g4 c5 d6 d1 d3 g1 b6 d5 xc4 d2 b2";

#[test]
fn record_json_lists_actions_in_notation() {
    let game = replay(ZHIQI, "d6 d5 pass");
    let json = serde_json::to_string(&game.record()).unwrap();
    assert_eq!(
        json,
        r#"{"game":"zhiqi","draws":{"repetitions":3,"quiet_turns":100},"actions":["d6","d5","pass"]}"#
    );
    // A record written by hand (draw settings defaulted) replays.
    let text = format!(
        r#"{{"game":"zhiqi","actions":[{}]}}"#,
        B.split_whitespace()
            .map(|a| format!("\"{a}\""))
            .collect::<Vec<_>>()
            .join(",")
    );
    let record: GameRecord = serde_json::from_str(&text).unwrap();
    assert_eq!(record.rules, ZHIQI);
    assert_eq!(*record.replay().unwrap().position(), after(ZHIQI, B));
}

#[test]
fn record_turn_written_as_joined_actions() {
    let joined = "d7 e3 a1 f4 a4 f6 c3 g7 f2 b4 a7xb4 e5xb4 c4 e4xd7 g4 c5 d6 d1 d3 g1 b6 d5xc4 \
                  d2 b2";
    assert_eq!(parse_actions(joined).unwrap(), acts(B));
    // A whole movement turn: pull, step, two captures.
    let h = "d7 a7 g7 g4 d1 g1 a4 a1 b6 d6 f6 f4 f2 b2 d2 b4 d5 c5 e4 e5 c3 e3 c4 d3";
    assert_eq!(
        parse_actions(&format!("{h} xb6 d6-b6xd7xd5")).unwrap(),
        acts(&format!("{h} xb6 d6-b6 xd7 xd5"))
    );
    let position = after(ZHIQI, &format!("{h} xb6 d6-b6xd7xd5"));
    assert_eq!(position.side_to_move(), Side::P1);
    assert_eq!(position.empty(), bb("d5 d6 d7"));
    assert_eq!(
        parse_actions("d6-d5xd7").unwrap(),
        vec![
            Action::Step {
                from: pt("d6"),
                to: pt("d5")
            },
            Action::Remove(pt("d7"))
        ]
    );
}

/// A seeded random game of `rules`, played to its end.
fn random_game(rules: Rules, seed: u64) -> Game {
    let mut rng = StdRng::seed_from_u64(seed);
    let mut game = Game::new(rules);
    while !game.is_over() {
        let actions = game.position().legal_actions();
        let action = if rng.random_range(0..40) == 0 {
            Action::Pass
        } else {
            actions[rng.random_range(0..actions.len())]
        };
        game.play(action).unwrap();
        assert!(game.actions().len() < 5000);
    }
    game
}

#[test]
fn record_saved_game_replays_to_same_position() {
    for (i, rules) in ALL_GAMES.into_iter().enumerate() {
        for seed in 0..5 {
            let game = random_game(rules, 100 * i as u64 + seed);
            let json = serde_json::to_string(&game.record()).unwrap();
            let record: GameRecord = serde_json::from_str(&json).unwrap();
            assert_eq!(record, game.record());
            let replayed = record.replay().unwrap();
            assert_eq!(replayed.position(), game.position());
            assert_eq!(replayed.outcome(), game.outcome());
            assert_eq!(replayed.actions(), game.actions());
        }
    }
    // Reference B, mid-game.
    let game = replay(ZHIQI, B);
    let json = serde_json::to_string(&game.record()).unwrap();
    let record: GameRecord = serde_json::from_str(&json).unwrap();
    assert_eq!(*record.replay().unwrap().position(), *game.position());
}

#[test]
fn record_saved_position_round_trips() {
    for position in [
        after(ZHIQI, B),
        after(ZHIQI, "a1 g1 a4 g4 d7 e3 g7 e4 a7 xg1"),
        after(LINKED_HORSE, "a1 g1 a4 g4 a7"),
        after(TWELVE, "a1 d1 a4 g4 a7"),
        Position::new(TWELVE),
    ] {
        let json = serde_json::to_string(&position).unwrap();
        let back: Position = serde_json::from_str(&json).unwrap();
        assert_eq!(back, position, "{json}");
        assert_eq!(back.hash(), position.hash());
    }
}

/// Twenty-four placements; P2's last, f4, completes f2-f4-f6 and owes a removal.
const MILL_24: &str = "a4 a1 b2 a7 b6 b4 c4 c3 c5 d2 d1 d5 d3 d6 d7 e3 e4 f2 e5 f6 g1 g4 g7 f4";

fn assert_position_round_trips(position: &Position) {
    let json = serde_json::to_string(position).unwrap();
    match serde_json::from_str::<Position>(&json) {
        Ok(back) => assert_eq!(back, *position, "{json}"),
        Err(e) => panic!("a reachable position does not read back ({e}): {json}"),
    }
}

#[test]
fn record_saved_position_round_trips_when_last_placement_owes_a_removal() {
    // Both hands are empty but placement is not over: the 24th piece owes a capture (Twelve
    // Men's Morris) or a pin (Zhi Qi). Saving and reading such a position must work.
    let twelve = after(TWELVE, MILL_24);
    assert_eq!(twelve.pending(), captures(1));
    assert_eq!((twelve.hand(Side::P1), twelve.hand(Side::P2)), (0, 0));
    assert_position_round_trips(&twelve);
    let zhiqi = after(ZHIQI, MILL_24);
    assert_eq!(zhiqi.pending(), pins(1));
    assert_position_round_trips(&zhiqi);
}

#[test]
fn record_saved_position_round_trips_when_game_ended_while_placing() {
    // Linked-Horse: P1 wins with its tenth placement; its hand is empty, P2 still has one.
    let horse = after(
        LINKED_HORSE,
        "a1 d7 a4 g4 a7 d1 a7 b6 a7 f2 a7 d5 a7 e3 a7 c4 a7 f6 a7",
    );
    assert!(horse.is_over());
    assert_eq!(horse.phase(), Phase::Placing);
    assert_position_round_trips(&horse);
    // Twelve Men's Morris: the last placement captures and leaves P2 with two pieces.
    let mut twelve = placing(TWELVE, "a1 a4", "g1 g4 d3", [1, 0], Side::P1);
    play(&mut twelve, "a7 xd3");
    assert!(twelve.is_over());
    assert_eq!((twelve.hand(Side::P1), twelve.hand(Side::P2)), (0, 0));
    assert_position_round_trips(&twelve);
}

#[test]
fn record_illegal_action_reports_index_and_reason() {
    let err = Game::replay(ZHIQI, &acts("d6 d6")).unwrap_err();
    assert_eq!(
        err,
        ReplayError {
            index: 1,
            action: act("d6"),
            reason: IllegalAction::Occupied(pt("d6")),
        }
    );
    assert_eq!(err.to_string(), "action 2 (d6) is illegal: d6 is occupied");

    let cases: [(Rules, &str, usize, IllegalAction); 7] = [
        // A pin is owed; a placement comes instead.
        (
            ZHIQI,
            "a1 d7 a4 g1 a7 d1",
            5,
            IllegalAction::MustRemove(RemovalKind::Pin),
        ),
        // d6 stands in P2's mill b6-d6-f6 and g4 does not.
        (
            ZHIQI,
            "a1 b6 a4 d6 g4 f6 xg4 a7 xd6",
            8,
            IllegalAction::InMill(pt("d6")),
        ),
        // A step while placing.
        (TWELVE, "d6 d5 d6-d7", 2, IllegalAction::MustPlace),
        // Nothing owed.
        (
            LINKED_HORSE,
            "a1 g1 a4 g4 a7 xg1",
            5,
            IllegalAction::NothingToRemove,
        ),
        // Twelve Men's Morris H is over (full board).
        (
            TWELVE,
            "d7 a7 g7 g4 d1 g1 a4 a1 b6 d6 f6 f4 f2 b2 d2 b4 d5 c5 e4 e5 c3 e3 c4 d3 d7-d6",
            24,
            IllegalAction::GameOver,
        ),
        // P2 owes a pull (Zhi Qi H) and names its own piece.
        (
            ZHIQI,
            "d7 a7 g7 g4 d1 g1 a4 a1 b6 d6 f6 f4 f2 b2 d2 b4 d5 c5 e4 e5 c3 e3 c4 d3 xa7",
            24,
            IllegalAction::NotOpponentPiece(pt("a7")),
        ),
        // A step that is not along an edge.
        (
            LINKED_HORSE,
            "d7 a7 g7 g4 d1 g1 a4 a1 b6 d6 f6 f4 f2 b2 d2 b4 d5 c5 e4 e5 e4-c3",
            20,
            IllegalAction::NotAdjacent {
                from: pt("e4"),
                to: pt("c3"),
            },
        ),
    ];
    for (rules, moves, index, reason) in cases {
        let actions = acts(moves);
        let err = Game::replay(rules, &actions).unwrap_err();
        assert_eq!(err.index, index, "{moves}");
        assert_eq!(err.action, actions[index], "{moves}");
        assert_eq!(err.reason, reason, "{moves}");
        // The same through a saved record.
        let record = GameRecord {
            rules,
            actions: actions.clone(),
            resigned: None,
        };
        let json = serde_json::to_string(&record).unwrap();
        let back: GameRecord = serde_json::from_str(&json).unwrap();
        assert_eq!(back.replay().unwrap_err(), err);
    }

    // Text that is not an action at all is rejected when the record is read.
    assert!(serde_json::from_str::<GameRecord>(r#"{"game":"zhiqi","actions":["d4"]}"#).is_err());
    assert!(parse_actions("d6 d4").is_err());
}
