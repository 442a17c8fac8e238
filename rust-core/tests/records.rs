//! Game records (docs/records.md), the move list, review and hints, tested the way the apps
//! and `mills record` use them: seeded random games of every game written and read back,
//! hostile records refused with the right typed error, review positions against replays,
//! and hints played as whole turns.
//!
//! `MILLS_RECORD_GAMES` sets the random games per game for the round trip (default 2000).

use mills_core::{
    Action, DrawRules, Game, IllegalAction, Pending, Phase, RemovalKind, Rules, Side, Variant,
    parse_actions,
};
use mills_core::{CancelToken, Level, SearchLimits, hint};
use mills_core::{
    HeaderProblem, MAX_RECORD_ACTIONS, MAX_RECORD_BYTES, Record, RecordError, RecordHeader, Review,
    TurnEnd, move_list, starts_turn,
};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

const ALL_GAMES: [Rules; 3] = [Rules::ZHIQI, Rules::LINKED_HORSE, Rules::TWELVE_MENS_MORRIS];

fn record_games() -> usize {
    std::env::var("MILLS_RECORD_GAMES")
        .ok()
        .and_then(|n| n.trim().parse().ok())
        .unwrap_or(2000)
}

/// What the random games went through, so the round trip is known to cover it.
#[derive(Default, Debug)]
struct Seen {
    passes: usize,
    passes_mid_turn: usize,
    pins: usize,
    pulls: usize,
    stablings: usize,
    resignations: usize,
    resignations_mid_turn: usize,
    unfinished: usize,
}

/// A seeded random game: random legal actions, a timer pass one time in 40, and in about one
/// game in eight a resignation (by either side, at any moment, even mid-turn); about one
/// game in ten is left unfinished.
fn random_game(rules: Rules, seed: u64, seen: &mut Seen) -> Game {
    let mut rng = StdRng::seed_from_u64(seed);
    let mut game = Game::new(rules);
    let resign_at = rng
        .random_bool(0.125)
        .then(|| rng.random_range(0..300usize));
    let stop_at = rng.random_bool(0.1).then(|| rng.random_range(0..300usize));
    while !game.is_over() {
        let played = game.actions().len();
        if resign_at == Some(played) {
            let side = if rng.random_bool(0.5) {
                Side::P1
            } else {
                Side::P2
            };
            seen.resignations += 1;
            seen.resignations_mid_turn += usize::from(!starts_turn(game.position()));
            game.resign(side).unwrap();
            break;
        }
        if stop_at == Some(played) {
            seen.unfinished += 1;
            break;
        }
        let position = *game.position();
        let action = if rng.random_range(0..40) == 0 {
            seen.passes += 1;
            seen.passes_mid_turn += usize::from(!starts_turn(&position));
            Action::Pass
        } else {
            let legal = position.legal_actions();
            legal[rng.random_range(0..legal.len())]
        };
        match position.pending() {
            Pending::Remove {
                kind: RemovalKind::Pin,
                ..
            } if action != Action::Pass => seen.pins += 1,
            Pending::Remove {
                kind: RemovalKind::Pull,
                ..
            } if action != Action::Pass => seen.pulls += 1,
            _ => {}
        }
        let stable_before = position.stable(position.side_to_move());
        game.play(action).unwrap();
        seen.stablings +=
            usize::from(game.position().stable(position.side_to_move()) > stable_before);
    }
    game
}

fn random_header(rng: &mut StdRng) -> RecordHeader {
    let pick = |rng: &mut StdRng| rng.random_bool(0.7);
    RecordHeader {
        date: pick(rng).then(|| {
            format!(
                "20{:02}-{:02}-{:02}",
                rng.random_range(20..40),
                rng.random_range(1..=12),
                rng.random_range(1..=28)
            )
        }),
        players: [
            pick(rng).then(|| "You".to_string()),
            pick(rng).then(|| "Computer · 电脑".to_string()),
        ],
        level: pick(rng).then(|| Level::new(rng.random_range(1..=10)).unwrap()),
        timer_seconds: pick(rng).then(|| [0, 15, 30, 60, 120][rng.random_range(0..5)]),
        hints: pick(rng).then(|| rng.random_range(0..20)),
    }
}

fn assert_same_game(back: &Game, game: &Game, context: &str) {
    assert_eq!(back.actions(), game.actions(), "{context}");
    assert_eq!(back.position(), game.position(), "{context}");
    assert_eq!(back.outcome(), game.outcome(), "{context}");
    assert_eq!(back.resigned(), game.resigned(), "{context}");
    assert_eq!(back.rules(), game.rules(), "{context}");
}

#[test]
fn random_games_of_every_game_survive_the_text_record() {
    for rules in ALL_GAMES {
        let mut seen = Seen::default();
        let mut header_rng = StdRng::seed_from_u64(7);
        for index in 0..record_games() {
            let seed = 0x7265_636f_7264_0000 ^ (index as u64) ^ ((rules.variant as u64) << 40);
            let game = random_game(rules, seed, &mut seen);
            let header = random_header(&mut header_rng);
            let record = Record::new(game.clone(), header.clone()).unwrap();
            let text = record.to_text();
            let context = format!("{} game {index} (seed {seed:#x}):\n{text}", rules.variant);
            let back = Record::parse(&text).unwrap_or_else(|e| panic!("{e}: {context}"));
            assert_same_game(back.game(), &game, &context);
            assert_eq!(back.header, header, "{context}");
            assert_eq!(back.to_text(), text, "the writer is stable: {context}");
            // Line endings and a byte-order mark from other systems are read the same.
            let crlf = format!("\u{feff}{}", text.replace('\n', "\r\n"));
            assert_eq!(
                Record::parse(&crlf).unwrap().game().actions(),
                game.actions()
            );
        }
        eprintln!("{}: {seen:?}", rules.variant);
        if record_games() >= 500 {
            assert!(seen.passes > 0 && seen.resignations > 0, "{seen:?}");
            assert!(seen.unfinished > 0, "{seen:?}");
            // Nothing is ever owed in Linked-Horse, so its turns are never cut in the middle.
            if rules.variant != Variant::LinkedHorse {
                assert!(seen.passes_mid_turn > 0, "{seen:?}");
                assert!(seen.resignations_mid_turn > 0, "{seen:?}");
            }
            match rules.variant {
                Variant::ZhiQi => assert!(seen.pins > 0 && seen.pulls > 0, "{seen:?}"),
                Variant::LinkedHorse => assert!(seen.stablings > 0, "{seen:?}"),
                Variant::TwelveMensMorris => {}
            }
        }
    }
}

#[test]
fn the_move_list_cuts_random_games_into_whole_turns() {
    for rules in ALL_GAMES {
        let mut seen = Seen::default();
        for index in 0..300 {
            let game = random_game(rules, 0x6d6f_7665 + index, &mut seen);
            let list = move_list(&game);
            let mut next = 0;
            let mut replay = Game::new(rules);
            for entry in &list {
                assert_eq!(entry.index, list.iter().position(|e| e == entry).unwrap());
                if entry.is_resignation() {
                    assert_eq!(Some(entry.side), game.resigned());
                    assert!(entry.actions.is_empty());
                    continue;
                }
                assert_eq!(entry.actions.start, next, "turns are contiguous");
                next = entry.actions.end;
                assert!(
                    starts_turn(replay.position()),
                    "a turn starts at a turn start"
                );
                assert_eq!(entry.side, replay.position().side_to_move());
                let actions = parse_actions(&entry.notation).unwrap();
                assert_eq!(actions, game.actions()[entry.actions.clone()]);
                for (i, action) in actions.iter().enumerate() {
                    if i > 0 {
                        assert!(!starts_turn(replay.position()), "{}", entry.notation);
                    }
                    replay.play(*action).unwrap();
                }
                let ended = starts_turn(replay.position()) || replay.is_over();
                match entry.end {
                    TurnEnd::Complete => assert!(ended && !actions.contains(&Action::Pass)),
                    TurnEnd::TimerPass => assert_eq!(actions.last(), Some(&Action::Pass)),
                    TurnEnd::InProgress => {
                        assert!(!ended);
                        assert_eq!(entry.actions.end, game.actions().len());
                    }
                    TurnEnd::Resignation => unreachable!(),
                }
            }
            assert_eq!(next, game.actions().len());
        }
    }
}

#[test]
fn review_positions_equal_replays() {
    for rules in ALL_GAMES {
        let mut seen = Seen::default();
        for index in 0..40 {
            let game = random_game(rules, 0x7265_7669_6577 + index, &mut seen);
            let review = Review::of(&game);
            assert_eq!(review.turns(), move_list(&game).as_slice());
            for turn in 0..=review.len() {
                let before = review.actions_before(turn).unwrap();
                let replayed = Game::replay(rules, &game.actions()[..before]).unwrap();
                assert_eq!(
                    review.position_before(turn),
                    Some(replayed.position()),
                    "{} game {index}, turn {turn}",
                    rules.variant
                );
                // "Play from here" is an undo to that turn.
                let mut undone = game.clone();
                if game.resigned().is_none() {
                    undone.undo(game.actions().len() - before);
                    assert_eq!(undone.position(), replayed.position());
                }
            }
            assert_eq!(review.position_before(review.len() + 1), None);
            assert_eq!(review.final_position(), game.position());
        }
    }
}

/// A finished Twelve Men's Morris game with a capture and a resignation, as a record.
fn sample() -> String {
    let moves = parse_actions("a1 g1 a4 g4 d7 e3 g7 e4 a7 xg1 d6").unwrap();
    let mut game = Game::replay(Rules::TWELVE_MENS_MORRIS, &moves).unwrap();
    game.resign(Side::P1).unwrap();
    let header = RecordHeader {
        date: Some("2026-12-01".to_string()),
        players: [Some("Ann".to_string()), Some("Computer".to_string())],
        level: Some(Level::new(5).unwrap()),
        timer_seconds: Some(60),
        hints: Some(1),
    };
    Record::new(game, header).unwrap().to_text()
}

fn refused(text: &str) -> RecordError {
    match Record::parse(text) {
        Ok(record) => panic!("accepted:\n{text}\nas {:?}", record.game().actions()),
        Err(e) => {
            assert!(!e.to_string().is_empty());
            e
        }
    }
}

#[test]
fn the_sample_reads_as_documented() {
    let text = sample();
    assert_eq!(
        text,
        "mills-record 1\ngame: twelve-mens-morris\ndate: 2026-12-01\np1: Ann\np2: Computer\n\
         level: 5\ntimer: 60 s\nhints: 1\nresult: P2 wins (resignation)\n\n\
         1. P1 a1\n2. P2 g1\n3. P1 a4\n4. P2 g4\n5. P1 d7\n6. P2 e3\n7. P1 g7\n8. P2 e4\n\
         9. P1 a7xg1\n10. P2 d6\n11. P1 resigns\nend\n"
    );
    let record = Record::parse(&text).unwrap();
    assert_eq!(record.game().actions().len(), 11);
    assert_eq!(record.game().resigned(), Some(Side::P1));
}

#[test]
fn truncation_at_every_byte_is_refused_as_truncated() {
    let text = sample();
    let complete = text.trim_end().len();
    for cut in 1..complete {
        match refused(&text[..cut]) {
            RecordError::Truncated { turns } => assert!(turns <= 11, "cut at {cut}"),
            other => panic!("cut at {cut}: {other:?}\n{}", &text[..cut]),
        }
    }
    // The final line break is optional; the 'end' line is not.
    assert!(Record::parse(&text[..complete]).is_ok());
    let without_end = text.replace("end\n", "");
    assert_eq!(refused(&without_end), RecordError::Truncated { turns: 11 });
    assert_eq!(refused(""), RecordError::NotARecord);
}

#[test]
fn garbage_is_not_a_record() {
    let mut rng = StdRng::seed_from_u64(99);
    let mut garbage = |len: usize| -> String {
        (0..len)
            .map(|_| match rng.random_range(0..20) {
                0 => '\n',
                1 => ':',
                _ => char::from(rng.random_range(b' '..=b'~')),
            })
            .collect()
    };
    let megabyte = garbage(1_000_000);
    assert_eq!(
        refused(&megabyte),
        RecordError::TooLong {
            bytes: 1_000_000,
            limit: MAX_RECORD_BYTES
        }
    );
    assert_eq!(refused(&megabyte[..100_000]), RecordError::NotARecord);
    // Garbage between a right first line and an 'end' fails on its first line, typed.
    for _ in 0..200 {
        let body = garbage(2_000);
        let err = refused(&format!("mills-record 1\n{body}\nend\n"));
        assert!(
            matches!(
                err,
                RecordError::Header { .. }
                    | RecordError::DuplicateHeader { .. }
                    | RecordError::UnknownGame { .. }
                    | RecordError::MissingHeader { .. }
                    | RecordError::MalformedTurn { .. }
            ),
            "{err:?}"
        );
    }
    // Garbage move lines after a good header.
    for _ in 0..200 {
        let body = garbage(500).replace('\n', " ");
        let text = format!("mills-record 1\ngame: zhiqi\nresult: ongoing\n\n1. P1 {body}\nend\n");
        let _ = refused(&text);
    }
    assert_eq!(
        refused("mills-record 7\ngame: zhiqi\nend\n"),
        RecordError::UnsupportedVersion {
            found: "7".to_string()
        }
    );
    assert_eq!(refused("{\"game\": \"zhiqi\"}"), RecordError::NotARecord);
}

fn header_problem(text: &str) -> (usize, HeaderProblem) {
    match refused(text) {
        RecordError::Header { line, problem } => (line, problem),
        other => panic!("{other:?}"),
    }
}

#[test]
fn wrong_and_duplicate_headers_are_refused() {
    let text = sample();
    let with = |from: &str, to: &str| {
        assert!(text.contains(from), "{from}");
        text.replacen(from, to, 1)
    };
    assert_eq!(
        refused(&with("game: twelve-mens-morris", "game: chess")),
        RecordError::UnknownGame {
            name: "chess".to_string()
        }
    );
    assert_eq!(
        header_problem(&with("date: 2026-12-01", "colour: red")),
        (3, HeaderProblem::UnknownKey("colour".to_string()))
    );
    assert_eq!(
        header_problem(&with("p1: Ann", "Ann")),
        (4, HeaderProblem::NotKeyValue)
    );
    for (from, to, key) in [
        ("date: 2026-12-01", "date: 2026-13-01", "date"),
        ("date: 2026-12-01", "date: yesterday", "date"),
        ("level: 5", "level: 11", "level"),
        ("timer: 60 s", "timer: 60", "timer"),
        ("hints: 1", "hints: -1", "hints"),
        ("p1: Ann", "p1:", "p1"),
    ] {
        match header_problem(&with(from, to)) {
            (_, HeaderProblem::BadValue { key: found, .. }) => assert_eq!(found, key),
            other => panic!("{to}: {other:?}"),
        }
    }
    assert_eq!(
        refused(&with("p2: Computer", "p2: Computer\np1: Bob")),
        RecordError::DuplicateHeader {
            line: 6,
            key: "p1".to_string()
        }
    );
    assert_eq!(
        refused(&with("hints: 1\n", "hints: 1\nhints: 1\n")),
        RecordError::DuplicateHeader {
            line: 9,
            key: "hints".to_string()
        }
    );
    assert_eq!(
        refused(&with("game: twelve-mens-morris\n", "")),
        RecordError::MissingHeader { key: "game" }
    );
    assert_eq!(
        refused(&with("result: P2 wins (resignation)\n", "")),
        RecordError::MissingHeader { key: "result" }
    );
    assert!(matches!(
        refused(&with(
            "result: P2 wins (resignation)",
            "result: P2 wins (blocked)"
        )),
        RecordError::ResultMismatch { .. }
    ));
    assert!(matches!(
        refused(&with(
            "result: P2 wins (resignation)",
            "result: P1 is happy"
        )),
        RecordError::Header {
            line: 9,
            problem: HeaderProblem::BadValue { key: "result", .. }
        }
    ));
    // A header given in code is checked as a read one would be.
    let bad_name = RecordHeader {
        players: [Some("two\nlines".to_string()), None],
        ..RecordHeader::default()
    };
    assert!(matches!(
        Record::new(Game::new(Rules::ZHIQI), bad_name),
        Err(RecordError::Header { line: 0, .. })
    ));
}

#[test]
fn bad_turns_are_refused_with_their_number_and_reason() {
    let text = sample();
    let with = |from: &str, to: &str| {
        assert!(text.contains(from), "{from}");
        text.replacen(from, to, 1)
    };
    // An illegal action: g1 is P2's, so P1's fifth turn cannot place there.
    match refused(&with("5. P1 d7", "5. P1 g1")) {
        RecordError::IllegalAction {
            turn,
            index,
            action,
            reason,
        } => {
            assert_eq!((turn, index), (5, 4));
            assert_eq!(action, Action::Place("g1".parse().unwrap()));
            assert_eq!(reason, IllegalAction::Occupied("g1".parse().unwrap()));
        }
        other => panic!("{other:?}"),
    }
    let err = refused(&with("9. P1 a7xg1", "9. P1 a7xd6"));
    assert_eq!(err.turn(), Some(9));
    assert!(
        err.to_string()
            .starts_with("turn 9: action 10 (xd6) is illegal"),
        "{err}"
    );
    assert_eq!(
        refused(&with("4. P2 g4", "4. P2 g4xa1")),
        RecordError::TurnOverrun { turn: 4, index: 4 }
    );
    assert_eq!(
        refused(&with("9. P1 a7xg1", "9. P1 a7")),
        RecordError::TurnUnfinished { turn: 9 }
    );
    assert_eq!(
        refused(&with("3. P1 a4", "4. P1 a4")),
        RecordError::TurnNumber {
            turn: 3,
            found: "4.".to_string()
        }
    );
    assert_eq!(
        refused(&with("3. P1 a4", "3. P2 a4")),
        RecordError::WrongSide {
            turn: 3,
            written: Side::P2,
            to_move: Side::P1
        }
    );
    assert_eq!(
        refused(&with("3. P1 a4", "3. P1")),
        RecordError::MalformedTurn { turn: 3, line: 13 }
    );
    assert!(matches!(
        refused(&with("3. P1 a4", "3. P1 z9")),
        RecordError::Unreadable { turn: 3, .. }
    ));
    assert_eq!(
        refused(&with("11. P1 resigns\n", "11. P1 resigns\n12. P2 a1\n")),
        RecordError::AfterEnd { line: 22 }
    );
    assert_eq!(
        refused(&with("10. P2 d6\n", "end\n10. P2 d6\n")),
        RecordError::AfterEnd { line: 21 }
    );
    // A game from a set-up position has no record.
    let start = mills_core::Setup::moving(Rules::ZHIQI)
        .pieces(Side::P1, "a1 a4 d7")
        .pieces(Side::P2, "g1 g4 d1")
        .build()
        .unwrap();
    assert_eq!(
        Record::new(Game::from_position(start), RecordHeader::default()).unwrap_err(),
        RecordError::NotFromStart
    );
}

/// Four steps that bring a movement-phase position back to itself, if it has them.
fn shuffle(game: &Game) -> Option<[Action; 4]> {
    let quiet = |game: &Game, action: Action| {
        let mut next = game.clone();
        next.play(action).ok()?;
        (next.position().pending() == Pending::None && !next.is_over()).then_some(next)
    };
    for first in game.position().legal_actions().iter().copied() {
        let Action::Step { from: a, to: b } = first else {
            continue;
        };
        let Some(after_first) = quiet(game, first) else {
            continue;
        };
        for second in after_first.position().legal_actions().iter().copied() {
            let Action::Step { from: c, to: d } = second else {
                continue;
            };
            let back = [
                Action::Step { from: b, to: a },
                Action::Step { from: d, to: c },
            ];
            let Some(mut next) = quiet(&after_first, second) else {
                continue;
            };
            let mut ok = true;
            for action in back {
                match quiet(&next, action) {
                    Some(after) => next = after,
                    None => ok = false,
                }
                if !ok {
                    break;
                }
            }
            if ok && next.position().hash() == game.position().hash() {
                return Some([first, second, back[0], back[1]]);
            }
        }
    }
    None
}

#[test]
fn records_with_too_many_actions_or_bytes_are_refused() {
    // Without the draw rules a game can shuffle forever; a record of one stops at the bound.
    let rules = Rules::TWELVE_MENS_MORRIS.with_draws(DrawRules {
        repetitions: 0,
        quiet_turns: 0,
    });
    let mut seen = Seen::default();
    let (game, cycle) = (0..200)
        .find_map(|seed| {
            let mut game = random_game(rules, seed, &mut seen);
            while game.resigned().is_some() || game.is_over() {
                game = Game::replay(rules, &game.actions()[..game.actions().len() / 2]).ok()?;
                if game.position().phase() == Phase::Placing {
                    return None;
                }
            }
            (game.position().phase() == Phase::Moving && starts_turn(game.position()))
                .then(|| shuffle(&game).map(|cycle| (game, cycle)))
                .flatten()
        })
        .expect("some random game reaches a shuffle");
    let mut text = Record::new(game.clone(), RecordHeader::default())
        .unwrap()
        .to_text()
        .replace("end\n", "");
    let mut turn = move_list(&game).len();
    let mut side = game.position().side_to_move();
    let mut actions = game.actions().len();
    while actions <= MAX_RECORD_ACTIONS {
        for action in cycle {
            turn += 1;
            actions += 1;
            text.push_str(&format!("{turn}. {side} {action}\n"));
            side = side.opponent();
        }
    }
    text.push_str("end\n");
    assert!(text.len() <= MAX_RECORD_BYTES);
    match refused(&text) {
        RecordError::TooManyActions { turn, limit } => {
            assert_eq!(limit, MAX_RECORD_ACTIONS);
            assert!(turn > MAX_RECORD_ACTIONS / 2);
        }
        other => panic!("{other:?}"),
    }
    let padded = format!("{}{}", sample(), " ".repeat(MAX_RECORD_BYTES));
    assert!(matches!(refused(&padded), RecordError::TooLong { .. }));
}

#[test]
fn a_hint_is_always_a_legal_whole_turn() {
    let limits = SearchLimits {
        depth: Some(2),
        time: Some(std::time::Duration::from_millis(300)),
        nodes: None,
    };
    let cancel = CancelToken::new();
    for rules in ALL_GAMES {
        let mut rng = StdRng::seed_from_u64(rules.variant as u64 + 11);
        let mut hints = 0;
        while hints < 60 {
            // A random position, at a turn start or in the middle of a turn.
            let mut game = Game::new(rules);
            for _ in 0..rng.random_range(0..120) {
                if game.is_over() {
                    break;
                }
                let legal = game.position().legal_actions();
                game.play(legal[rng.random_range(0..legal.len())]).unwrap();
            }
            if game.is_over() {
                continue;
            }
            hints += 1;
            let hint = hint(&game, limits, &cancel).expect("a hint for an unfinished game");
            assert_eq!(parse_actions(&hint.notation).unwrap(), hint.actions);
            let mut played = game.clone();
            for (i, &action) in hint.actions.iter().enumerate() {
                assert_ne!(action, Action::Pass);
                if i > 0 {
                    assert!(!starts_turn(played.position()), "{}", hint.notation);
                }
                played
                    .play(action)
                    .unwrap_or_else(|e| panic!("{} in {:?}: {e}", hint.notation, game.actions()));
            }
            assert!(
                played.is_over() || starts_turn(played.position()),
                "{} leaves the turn unfinished",
                hint.notation
            );
            let removals = hint
                .actions
                .iter()
                .filter(|a| matches!(a, Action::Remove(_)))
                .count();
            assert_eq!(hint.removals.len(), removals);
            let arrival = hint
                .actions
                .iter()
                .any(|a| matches!(a, Action::Place(_) | Action::Step { .. }));
            assert_eq!(hint.destination.is_some(), arrival);
        }
    }
}
