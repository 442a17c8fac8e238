//! `mills hint`, `mills record` and the record flags of `mills play`, as other tools and
//! people use them: output formats, exit codes, and files written and read back.

mod cli_support;

use std::path::PathBuf;

use cli_support::*;
use mills_core::{Game, Rules, Variant, parse_actions};
use mills_core::{Record, starts_turn};

/// A fresh path in the system's temporary directory for this test.
fn temp_file(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("mills-cli-records-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir.join(name)
}

fn field<'a>(report: &'a str, key: &str) -> &'a str {
    report
        .lines()
        .find_map(|line| line.strip_prefix(&format!("{key}: ")))
        .unwrap_or_else(|| panic!("no {key} in\n{report}"))
}

#[test]
fn hint_prints_a_legal_whole_turn_in_fixed_keys() {
    let positions = [
        ("twelve-mens-morris", "a1 g1 a4 g4"),
        ("twelve-mens-morris", "a1 g1 a4 g4 d7 e3 g7 e4 a7"),
        (
            "zhiqi",
            "d7 a7 g7 g4 d1 g1 a4 a1 b6 d6 f6 f4 f2 b2 d2 b4 d5 c5 e4 e5 c3 e3 c4 d3",
        ),
        ("linked-horse", ""),
    ];
    for (variant, moves) in positions {
        let report = success(mills(&[
            "hint",
            "--variant",
            variant,
            "--moves",
            moves,
            "--depth",
            "2",
        ]));
        let keys: Vec<&str> = report
            .lines()
            .map(|l| l.split(':').next().unwrap())
            .collect();
        assert_eq!(
            keys,
            ["hint", "actions", "score", "depth", "verdict"],
            "{report}"
        );
        let turn = parse_actions(field(&report, "hint")).unwrap();
        assert_eq!(turn, parse_actions(field(&report, "actions")).unwrap());
        let mut game = Game::replay(
            Rules::of(variant.parse::<Variant>().unwrap()),
            &parse_actions(moves).unwrap(),
        )
        .unwrap();
        for action in turn {
            game.play(action)
                .unwrap_or_else(|e| panic!("{report}: {e}"));
        }
        assert!(starts_turn(game.position()) || game.is_over(), "{report}");
        assert!(field(&report, "score").parse::<i32>().is_ok());
        // A fixed depth is deterministic.
        let again = success(mills(&[
            "hint",
            "--variant",
            variant,
            "--moves",
            moves,
            "--depth",
            "2",
        ]));
        assert_eq!(again, report);
    }
    // The capture owed completes P1's turn in position F.
    let report = success(mills(&[
        "hint",
        "--variant",
        "twelve-mens-morris",
        "--moves",
        "a1 g1 a4 g4 d7 e3 g7 e4 a7",
        "--time",
        "200",
    ]));
    assert!(field(&report, "hint").starts_with('x'), "{report}");
}

#[test]
fn hint_refuses_a_finished_game_and_bad_flags() {
    let h = "d7 a7 g7 g4 d1 g1 a4 a1 b6 d6 f6 f4 f2 b2 d2 b4 d5 c5 e4 e5 c3 e3 c4 d3";
    let err = bad_input(mills(&[
        "hint",
        "--variant",
        "twelve-mens-morris",
        "--moves",
        h,
    ]));
    assert!(
        err.contains("the game is over (draw (board-full))"),
        "{err}"
    );
    let err = bad_input(mills(&["hint", "--variant", "zhiqi", "--depth", "0"]));
    assert!(err.contains("--depth must be at least 1"), "{err}");
    let err = bad_input(mills(&["hint", "--moves", "d6"]));
    assert!(err.contains("--game is required"), "{err}");
    let help = success(mills(&["help", "hint"]));
    assert!(help.contains("Usage: mills hint --game G [--moves \"M\"] [--time MS] [--depth D]"));
}

const SAMPLE: &str = "mills-record 1
game: twelve-mens-morris
date: 2026-12-01
p1: Ann
p2: Computer
level: 5
timer: 60 s
hints: 1
result: P2 wins (resignation)

1. P1 a1
2. P2 g1
3. P1 a4
4. P2 g4
5. P1 d7
6. P2 e3
7. P1 g7
8. P2 e4
9. P1 a7xg1
10. P2 d6
11. P1 resigns
end
";

#[test]
fn record_check_reports_a_good_record_and_refuses_a_bad_one() {
    let path = temp_file("sample.txt");
    std::fs::write(&path, SAMPLE).unwrap();
    let report = success(mills(&["record", "check", path.to_str().unwrap()]));
    assert_eq!(
        report,
        "record: ok\ngame: twelve-mens-morris\nturns: 11\nactions: 11\nresult: P2 wins (resignation)\n"
    );
    assert_eq!(
        success(mills_with_input(&["record", "check", "-"], SAMPLE)),
        report
    );
    let bad = SAMPLE.replace("9. P1 a7xg1", "9. P1 a7xd6");
    let err = bad_input(mills_with_input(&["record", "check", "-"], &bad));
    assert_eq!(
        err,
        "mills record: -: turn 9: action 10 (xd6) is illegal: d6 is not one of the opponent's pieces\n"
    );
    let err = bad_input(mills_with_input(&["record", "check", "-"], &SAMPLE[..200]));
    assert!(err.contains("truncated after"), "{err}");
    let err = bad_input(mills_with_input(
        &["record", "check", "-"],
        &SAMPLE.replace("twelve-mens-morris", "go"),
    ));
    assert!(err.contains("unknown game 'go'"), "{err}");
    let err = bad_input(mills(&["record", "check", "/no/such/file"]));
    assert!(err.contains("/no/such/file: cannot read it"), "{err}");
    let err = bad_input(mills(&["record", "check"]));
    assert!(err.contains("check FILE or convert FILE"), "{err}");
    let err = bad_input(mills(&["record", "verify", "x"]));
    assert!(err.contains("'verify' is not check or convert"), "{err}");
}

#[test]
fn record_convert_goes_between_text_and_json_and_normalizes() {
    let json = success(mills_with_input(
        &["record", "convert", "-", "--to", "json"],
        SAMPLE,
    ));
    assert_eq!(
        json,
        "{\"game\":\"twelve-mens-morris\",\"draws\":{\"repetitions\":3,\"quiet_turns\":100},\
         \"actions\":[\"a1\",\"g1\",\"a4\",\"g4\",\"d7\",\"e3\",\"g7\",\"e4\",\"a7\",\"xg1\",\"d6\"],\
         \"resigned\":\"p1\"}\n"
    );
    // JSON back to text keeps the game (the header's other lines are not in the JSON).
    let text = success(mills_with_input(&["record", "convert", "-"], &json));
    let back = Record::parse(&text).unwrap();
    let original = Record::parse(SAMPLE).unwrap();
    assert_eq!(back.game().actions(), original.game().actions());
    assert_eq!(back.game().outcome(), original.game().outcome());
    // A text record is normalized: the separate actions of a turn are joined, spacing tidied.
    let loose = SAMPLE
        .replace("9. P1 a7xg1", "9.   P1   A7XG1")
        .replace("\n", "\r\n");
    let normal = success(mills_with_input(
        &["record", "convert", "-", "--to", "text"],
        &loose,
    ));
    assert_eq!(normal, SAMPLE);
    // A saved game of the app converts too.
    let saved = r#"{"format":"mills-session","version":1,"rules":{"game":"zhiqi"},
        "mode":{"kind":"vs-computer","computer":"p2","level":7},"timer":{"seconds":30},
        "actions":["d7","e3","pass","a1"]}"#;
    let text = success(mills_with_input(&["record", "convert", "-"], saved));
    assert!(text.contains("\nlevel: 7\ntimer: 30 s\n"), "{text}");
    assert!(text.contains("\n3. P1 pass\n4. P2 a1\n"), "{text}");
    let err = bad_input(mills_with_input(
        &["record", "convert", "-"],
        r#"{"game":"zhiqi","actions":["d7","d7"]}"#,
    ));
    assert!(
        err.contains("the record does not replay: action 2 (d7) is illegal"),
        "{err}"
    );
    let err = bad_input(mills_with_input(
        &["record", "convert", "-", "--to", "pgn"],
        SAMPLE,
    ));
    assert!(err.contains("--to must be text or json"), "{err}");
}

#[test]
fn play_writes_a_record_and_continues_one() {
    let path = temp_file("played.txt");
    let path = path.to_str().unwrap();
    let transcript = success(mills_with_input(
        &[
            "play",
            "--variant",
            "twelve-mens-morris",
            "--computer",
            "none",
            "--ascii",
            "--write-record",
            path,
        ],
        "a1\ng1\na4\ng4\nd7\ne3\ng7\ne4\na7\nquit\n",
    ));
    assert!(transcript.ends_with(&format!(
        "To continue: mills play --variant twelve-mens-morris --computer none --moves \"a1 g1 a4 g4 d7 e3 g7 e4 a7\"\nRecord written to {path}\n"
    )), "{transcript}");
    let text = std::fs::read_to_string(path).unwrap();
    assert!(text.contains("\nresult: ongoing\n"), "{text}");
    assert!(
        text.ends_with("8. P2 e4\n9. P1 a7\nend\n"),
        "the capture is still owed: {text}"
    );
    // Continue it: P1 owes the capture of its ninth turn, and resigns after it.
    let transcript = success(mills_with_input(
        &[
            "play",
            "--record",
            path,
            "--computer",
            "none",
            "--ascii",
            "--write-record",
            path,
        ],
        "xg1\nresign\n",
    ));
    assert!(
        transcript.contains("Game over: P1 wins: the opponent resigned"),
        "{transcript}"
    );
    let record = Record::parse(&std::fs::read_to_string(path).unwrap()).unwrap();
    assert_eq!(record.game().actions().len(), 10);
    assert!(
        record
            .to_text()
            .contains("\n9. P1 a7xg1\n10. P2 resigns\nend\n")
    );
    // Without --write-record nothing more is printed than before.
    let plain = success(mills_with_input(
        &["play", "--computer", "none", "--ascii"],
        "quit\n",
    ));
    assert!(plain.ends_with("--moves \"\"\n"), "{plain}");
}

#[test]
fn play_refuses_a_bad_record_and_conflicting_flags() {
    let path = temp_file("bad.txt");
    std::fs::write(&path, SAMPLE.replace("end\n", "")).unwrap();
    let path = path.to_str().unwrap();
    let err = bad_input(mills(&["play", "--record", path]));
    assert!(err.contains("truncated after 11 turns"), "{err}");
    let good = temp_file("good.txt");
    std::fs::write(&good, SAMPLE).unwrap();
    let good = good.to_str().unwrap();
    let err = bad_input(mills(&["play", "--record", good, "--moves", "d6"]));
    assert!(
        err.contains("--record and --moves exclude each other"),
        "{err}"
    );
    let err = bad_input(mills(&["play", "--record", good, "--variant", "zhiqi"]));
    assert!(
        err.contains("the record is a game of twelve-mens-morris"),
        "{err}"
    );
    let err = bad_input(mills(&["play", "--record", "-"]));
    assert!(err.contains("--record needs a file"), "{err}");
}

#[test]
fn help_lists_the_record_commands() {
    let help = success(mills(&["help"]));
    for usage in [
        "mills hint --game G [--moves \"M\"] [--time MS] [--depth D]",
        "mills record check|convert FILE [--to FORMAT]",
        "[--record FILE] [--write-record FILE]",
    ] {
        assert!(help.contains(usage), "{usage} missing from\n{help}");
    }
    assert!(success(mills(&["record", "--help"])).contains("record: ok"));
}

#[test]
fn match_writes_every_game_as_a_record_that_replays_to_its_printed_result() {
    let dir = fresh_dir("match-records");
    let report = success(mills(&[
        "match",
        "--variant",
        "twelve-mens-morris",
        "--a",
        "depth=1",
        "--b",
        "2",
        "--games",
        "4",
        "--seed",
        "5",
        "--verbose",
        "--records",
        dir.to_str().unwrap(),
    ]));
    let games: Vec<&str> = report.lines().filter(|l| l.starts_with("game ")).collect();
    assert_eq!(games.len(), 4, "{report}");
    for line in games {
        // game   3: A is P2 | P1 wins: ... | 33 turns | A scores 0 | opening e3 f2 a1 d3
        let fields: Vec<&str> = line.split(" | ").collect();
        let number: usize = fields[0]["game ".len()..fields[0].find(':').unwrap()]
            .trim()
            .parse()
            .unwrap();
        let path = dir.join(format!("game-{number:03}.txt"));
        let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path:?}: {e}"));
        let record = Record::parse(&text).unwrap_or_else(|e| panic!("{path:?}: {e}\n{text}"));
        let game = record.game();
        assert_eq!(game.rules().variant, Variant::TwelveMensMorris);
        // The record holds the whole game: its opening, its result, its players by side.
        let opening = parse_actions(fields[4].strip_prefix("opening ").unwrap()).unwrap();
        assert_eq!(&game.actions()[..opening.len()], &opening[..], "{line}");
        let result = game
            .outcome()
            .map_or("draw: turn limit".to_string(), |o| o.to_string());
        assert_eq!(result, fields[1], "{line}\n{text}");
        let a_side = if fields[0].ends_with("A is P1") { 0 } else { 1 };
        let names = record.header.players.clone();
        assert_eq!(names[a_side].as_deref(), Some("depth=1"), "{text}");
        assert_eq!(names[1 - a_side].as_deref(), Some("2"), "{text}");
        // The file is what `mills record check` and the apps' import read.
        let check = success(mills(&["record", "check", path.to_str().unwrap()]));
        assert!(check.starts_with("record: ok\n"), "{check}");
    }
    // The score by side counts the games of that side.
    for side in ["P1", "P2"] {
        let summary = report
            .lines()
            .find_map(|l| l.strip_prefix(&format!("A as {side}: +")))
            .unwrap_or_else(|| panic!("no A as {side} line in\n{report}"));
        let wins: usize = summary.split(' ').next().unwrap().parse().unwrap();
        let won = report
            .lines()
            .filter(|l| l.contains(&format!("A is {side} |")) && l.contains("A scores 1 |"))
            .count();
        assert_eq!(wins, won, "{report}");
    }
    // A path that cannot be a directory is refused before any game is played.
    let file = dir.join("game-001.txt");
    let refused = bad_input(mills(&[
        "match",
        "--variant",
        "zhiqi",
        "--a",
        "1",
        "--b",
        "1",
        "--records",
        file.to_str().unwrap(),
    ]));
    assert!(refused.contains("--records"), "{refused}");
    assert!(success(mills(&["help", "match"])).contains("--records DIR"));
}
