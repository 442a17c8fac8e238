//! Property test: random and mutated saved-game documents fed to `GameSession::restore`
//! never panic (not even a panic caught as `MillsError::Internal`); each gives a typed error
//! or a valid session whose own save restores to the same game.
//!
//! MILLS_FUZZ_CASES sets the number of mutated documents (default 4000).

use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use serde_json::{Value, json};

use mills_ffi::{
    GameId, GameMode, GameSession, MillsError, Player, SessionConfig, SessionOptions, TapStep,
    TurnTimer,
};

fn options() -> SessionOptions {
    SessionOptions {
        autosave_path: None,
        stats_path: None,
        seed: Some(1),
        timer_thread: false,
        manual_clock: true,
        manual_computer: true,
        puzzle_stats_path: None,
    }
}

/// Valid saves from random games of every variant and mode, at every stage.
fn seed_documents(rng: &mut StdRng) -> Vec<String> {
    let mut docs = Vec::new();
    for game in [GameId::Zhiqi, GameId::LinkedHorse, GameId::TwelveMensMorris] {
        for (i, mode) in [
            GameMode::PassAndPlay,
            GameMode::VsComputer {
                computer: Player::P2,
                level: 3,
            },
        ]
        .into_iter()
        .enumerate()
        {
            let timer = [TurnTimer::Off, TurnTimer::Seconds15, TurnTimer::Seconds120][i + 1];
            let config = SessionConfig { game, mode, timer };
            let session = GameSession::new(config, options(), None).unwrap();
            let mut taps = 0;
            loop {
                let snap = session.snapshot();
                if snap.outcome.is_some() || taps > 400 {
                    break;
                }
                if taps % 37 == 0 {
                    docs.push(session.save());
                }
                if rng.random_ratio(1, 60) {
                    session.advance_clock_for_tests(200_000).unwrap();
                    continue;
                }
                let targets: Vec<_> = snap.points.iter().filter(|p| p.target).collect();
                if targets.is_empty() {
                    // The computer's turn: play one by tapping is impossible; pass it on.
                    session.advance_clock_for_tests(1).unwrap();
                    docs.push(session.save());
                    break;
                }
                let point = targets[rng.random_range(0..targets.len())].name.clone();
                let played = session.tap(point).unwrap();
                assert!(
                    !matches!(played.step, TapStep::Refused { .. }),
                    "{played:?}"
                );
                taps += 1;
            }
            docs.push(session.save());
            if session.resign().is_ok() {
                docs.push(session.save());
            }
        }
    }
    docs
}

fn random_value(rng: &mut StdRng, depth: u32) -> Value {
    match rng.random_range(0..if depth > 2 { 6 } else { 8 }) {
        0 => Value::Null,
        1 => json!(rng.random::<bool>()),
        2 => json!(rng.random_range(-5i64..200)),
        3 => json!(rng.random::<u64>()),
        4 => json!(rng.random::<f64>() * 1e6 - 5e5),
        5 => json!(
            [
                "",
                "d6",
                "d6-d5",
                "xd7",
                "pass",
                "zhiqi",
                "p1",
                "p2",
                "a0",
                "xx",
                "😀",
                "vs-computer",
                "pass-and-play",
                "mills-session"
            ][rng.random_range(0..14)]
        ),
        6 => Value::Array(
            (0..rng.random_range(0..5))
                .map(|_| random_value(rng, depth + 1))
                .collect(),
        ),
        _ => Value::Object(
            (0..rng.random_range(0..4))
                .map(|i| (format!("k{i}"), random_value(rng, depth + 1)))
                .collect(),
        ),
    }
}

/// A random place in a JSON tree: replace, delete or insert something there.
fn mutate_value(rng: &mut StdRng, value: &mut Value) {
    match value {
        Value::Object(map) if !map.is_empty() && rng.random_ratio(3, 4) => {
            let keys: Vec<String> = map.keys().cloned().collect();
            let key = &keys[rng.random_range(0..keys.len())];
            match rng.random_range(0..6) {
                0 => {
                    map.remove(key);
                }
                1 => {
                    map.insert(key.clone(), random_value(rng, 0));
                }
                _ => mutate_value(rng, map.get_mut(key).unwrap()),
            }
        }
        Value::Array(items) if !items.is_empty() && rng.random_ratio(3, 4) => {
            let i = rng.random_range(0..items.len());
            match rng.random_range(0..6) {
                0 => {
                    items.remove(i);
                }
                1 => items.insert(i, random_value(rng, 0)),
                2 => {
                    let j = rng.random_range(0..items.len());
                    items.swap(i, j);
                }
                3 => {
                    let copy = items[i].clone();
                    items.push(copy);
                }
                _ => mutate_value(rng, &mut items[i]),
            }
        }
        _ => *value = random_value(rng, 0),
    }
}

/// Plausible edits of the action list: most give legal-looking notation.
fn mutate_actions(rng: &mut StdRng, actions: &mut Vec<Value>) {
    let names = mills_ffi::point_names();
    let point = |rng: &mut StdRng| names[rng.random_range(0..names.len())].clone();
    let action = match rng.random_range(0..4) {
        0 => point(rng),
        1 => format!("{}-{}", point(rng), point(rng)),
        2 => format!("x{}", point(rng)),
        _ => "pass".to_string(),
    };
    if actions.is_empty() {
        actions.push(json!(action));
        return;
    }
    let i = rng.random_range(0..actions.len());
    match rng.random_range(0..5) {
        0 => actions[i] = json!(action),
        1 => actions.insert(i, json!(action)),
        2 => {
            actions.remove(i);
        }
        3 => actions.truncate(i),
        _ => actions.push(json!(action)),
    }
}

fn mutate_text(rng: &mut StdRng, text: &str) -> String {
    let mut bytes = text.as_bytes().to_vec();
    for _ in 0..rng.random_range(1..4) {
        if bytes.is_empty() {
            break;
        }
        let i = rng.random_range(0..bytes.len());
        match rng.random_range(0..5) {
            0 => bytes[i] = rng.random(),
            1 => bytes.truncate(i),
            2 => {
                let end = (i + rng.random_range(1..40)).min(bytes.len());
                bytes.drain(i..end);
            }
            3 => {
                let alphabet = b"{}[]\",:0123456789-etrufalsn \\x";
                bytes.insert(i, alphabet[rng.random_range(0..alphabet.len())]);
            }
            _ => {
                let end = (i + rng.random_range(1..40)).min(bytes.len());
                let chunk = bytes[i..end].to_vec();
                bytes.splice(i..i, chunk);
            }
        }
    }
    String::from_utf8_lossy(&bytes).into_owned()
}

#[derive(Default, Debug)]
struct Tally {
    sessions: usize,
    corrupt: usize,
    version: usize,
    illegal: usize,
    too_large: usize,
}

/// Restores one document and checks the property.
fn check(doc: &str, tally: &mut Tally) {
    match GameSession::restore(doc.to_string(), options(), None) {
        Ok(session) => {
            tally.sessions += 1;
            let snapshot = session.snapshot();
            assert_eq!(snapshot.points.len(), 24);
            let again = session.save();
            let twin = GameSession::restore(again.clone(), options(), None)
                .unwrap_or_else(|e| panic!("a session's own save is rejected: {e}\n{again}"));
            assert_eq!(twin.actions(), session.actions());
            assert_eq!(twin.save(), again);
        }
        Err(MillsError::CorruptSave { .. }) => tally.corrupt += 1,
        Err(MillsError::UnknownSaveVersion { found, supported }) => {
            assert_ne!(found, u64::from(supported));
            tally.version += 1;
        }
        Err(MillsError::IllegalSavedAction { action, reason, .. }) => {
            assert!(!reason.is_empty(), "{action}");
            tally.illegal += 1;
        }
        Err(MillsError::SaveTooLarge { found, limit, .. }) => {
            assert!(found > limit);
            tally.too_large += 1;
        }
        Err(other) => panic!("restore gave {other:?} for {doc:?}"),
    }
}

#[test]
fn restore_never_panics_on_random_or_mutated_documents() {
    let cases: usize = std::env::var("MILLS_FUZZ_CASES")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(4_000);
    let mut rng = StdRng::seed_from_u64(0x5eed_5a7e);
    let seeds = seed_documents(&mut rng);
    assert!(seeds.len() > 20);
    let mut tally = Tally::default();
    for doc in &seeds {
        check(doc, &mut tally);
    }
    assert_eq!(tally.sessions, seeds.len(), "every valid save restores");

    for case in 0..cases {
        let base = &seeds[rng.random_range(0..seeds.len())];
        let doc = match case % 4 {
            1 => {
                let mut value: Value = serde_json::from_str(base).unwrap();
                if let Some(actions) = value["actions"].as_array_mut() {
                    mutate_actions(&mut rng, actions);
                }
                value.to_string()
            }
            0 => {
                let mut value: Value = serde_json::from_str(base).unwrap();
                for _ in 0..rng.random_range(1..3) {
                    mutate_value(&mut rng, &mut value);
                }
                value.to_string()
            }
            2 => mutate_text(&mut rng, base),
            _ if case % 8 == 3 => random_value(&mut rng, 0).to_string(),
            _ => (0..rng.random_range(0..64))
                .map(|_| rng.random_range(0u8..128) as char)
                .collect(),
        };
        check(&doc, &mut tally);
    }
    println!("{tally:?}");
    // The mutations reach every kind of outcome.
    assert!(
        tally.corrupt > 0 && tally.illegal > 0 && tally.version > 0,
        "{tally:?}"
    );
    assert!(tally.sessions > seeds.len(), "{tally:?}");
}

#[test]
fn hostile_documents_are_typed_errors() {
    let mut tally = Tally::default();
    let deep = "[".repeat(100_000);
    let huge = format!(
        "{{\"format\":\"mills-session\",\"pad\":\"{}\"}}",
        "x".repeat(5 << 20)
    );
    let many_passes = format!(
        "{{\"format\":\"mills-session\",\"version\":1,\"rules\":{{\"game\":\"zhiqi\",\"draws\":{{\"repetitions\":0,\"quiet_turns\":0}}}},\
         \"mode\":{{\"kind\":\"pass-and-play\"}},\"timer\":{{\"seconds\":60}},\"actions\":[{}]}}",
        vec!["\"pass\""; 20_000].join(",")
    );
    for doc in [
        "",
        "null",
        "\u{feff}{}",
        deep.as_str(),
        huge.as_str(),
        "{\"format\":\"mills-session\",\"version\":-1}",
        "{\"format\":\"mills-session\",\"version\":1e400}",
        "{\"format\":\"mills-session\",\"version\":18446744073709551615}",
        many_passes.as_str(),
    ] {
        check(doc, &mut tally);
    }
    assert!(tally.corrupt >= 6, "{tally:?}");
    assert_eq!(tally.too_large, 1, "the 5 MB document: {tally:?}");
    assert_eq!(tally.version, 1, "{tally:?}");
}
