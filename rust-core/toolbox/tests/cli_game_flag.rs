//! One word for a game on the whole command line: every command that takes a game reads it
//! from `--game G`, the documented flag, and from `--variant V`, the spelling `perft`,
//! `legal`, `play`, `hint`, `match` and `lessons` were first given (tools still drive them
//! so). Both spellings give the same output; an unknown game, or the flag given twice in
//! either spelling, is refused with a message that quotes what was typed.

mod cli_support;

use cli_support::*;

/// Runs `mills` with `before`, then the game flag spelled `flag` naming `game`, then `after`.
fn with_game(before: &[&str], flag: &str, game: &str, after: &[&str]) -> std::process::Output {
    mills(&[before, &[flag, game][..], after].concat())
}

/// The output of a command run with each spelling, asserted equal; returned once.
fn same_for_both(before: &[&str], game: &str, after: &[&str]) -> String {
    let documented = success(with_game(before, "--game", game, after));
    let alias = success(with_game(before, "--variant", game, after));
    assert_eq!(documented, alias, "{before:?} {game} {after:?}");
    documented
}

/// Every command line that takes a game, with what it needs besides (run as far as its
/// arguments are checked: the cases below fail before any slow work or connection).
const COMMANDS_WITH_A_GAME: [&[&str]; 11] = [
    &["perft", "--depth", "1"],
    &["legal"],
    &["play", "--computer", "none"],
    &["hint", "--depth", "1"],
    &["match", "--a", "1", "--b", "1", "--games", "2"],
    &["lessons", "--list"],
    &["tables", "build", "--max-pieces", "1", "--out", "unused"],
    &["tables", "probe"],
    &["tables", "info"],
    &["puzzles", "list"],
    &["online", "create", "--server", "ws://127.0.0.1:1"],
];

#[test]
fn perft_legal_and_hint_read_either_spelling() {
    let perft = same_for_both(&["perft"], "twelve-mens-morris", &["--depth", "2"]);
    assert_eq!(perft.lines().last(), Some("552"), "{perft}");
    let legal = same_for_both(&["legal"], "linked-horse", &["--moves", "d7"]);
    assert!(legal.contains("hand: 9 10"), "{legal}");
    let hint = same_for_both(&["hint"], "zhiqi", &["--depth", "2", "--moves", "d7 e3"]);
    assert!(hint.starts_with("hint: "), "{hint}");
}

#[test]
fn play_reads_either_spelling_and_prints_the_same_game() {
    let play = |flag: &str| {
        success(mills_with_input(
            &[
                "play",
                flag,
                "linked-horse",
                "--computer",
                "none",
                "--ascii",
            ],
            "d7\nquit\n",
        ))
    };
    let documented = play("--game");
    assert_eq!(documented, play("--variant"));
    // The continuation line keeps the spelling it always printed: tools read it.
    assert!(
        documented.contains(
            "To continue: mills play --variant linked-horse --computer none --moves \"d7\""
        ),
        "{documented}"
    );
}

#[test]
fn a_record_of_another_game_names_the_flag_as_typed() {
    let dir = fresh_dir("game-flag-record");
    std::fs::create_dir_all(&dir).unwrap();
    let record = dir.join("game.txt");
    let r = record.to_str().unwrap();
    success(mills_with_input(
        &[
            "play",
            "--game",
            "twelve-mens-morris",
            "--computer",
            "none",
            "--write-record",
            r,
        ],
        "d7\nquit\n",
    ));
    for flag in ["--game", "--variant"] {
        let err = bad_input(mills(&["play", "--record", r, flag, "zhiqi"]));
        assert!(
            err.contains(&format!(
                "the record is a game of twelve-mens-morris, not of {flag}"
            )),
            "{err}"
        );
    }
    // The record's own game, in either spelling, is accepted.
    for flag in ["--game", "--variant"] {
        let game = success(mills(&[
            "play",
            "--record",
            r,
            flag,
            "twelve-mens-morris",
            "--computer",
            "none",
        ]));
        assert!(game.contains("To continue:"), "{game}");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn match_reads_either_spelling() {
    let args = ["--a", "depth=1", "--b", "depth=1", "--games", "2"];
    let summary = |flag: &str| -> Vec<String> {
        let report = success(with_game(&["match"], flag, "twelve-mens-morris", &args));
        // The timing lines vary from run to run; the results of depth-limited players do not.
        report
            .lines()
            .filter(|l| l.contains(" vs ") || l.starts_with("A as "))
            .map(String::from)
            .collect()
    };
    let documented = summary("--game");
    assert!(!documented.is_empty());
    assert_eq!(documented, summary("--variant"));
}

#[test]
fn lessons_and_puzzles_read_either_spelling() {
    let lessons = same_for_both(&["lessons", "--list"], "zhiqi", &[]);
    assert!(lessons.starts_with("zhiqi: "), "{lessons}");
    assert!(!lessons.contains("linked-horse"), "{lessons}");
    // The command the issue found refused.
    let puzzles = same_for_both(&["puzzles", "list"], "twelve-mens-morris", &[]);
    assert!(puzzles.lines().count() > 100, "{puzzles}");
    assert!(
        puzzles
            .lines()
            .all(|l| l.contains("  twelve-mens-morris  ")),
        "{puzzles}"
    );
    let all = same_for_both(&["puzzles", "list"], "all", &[]);
    assert!(all.contains("  zhiqi  ") && all.contains("  linked-horse  "));
}

#[test]
fn tables_build_probe_and_info_read_either_spelling() {
    let dirs = [
        fresh_dir("game-flag-tables-g"),
        fresh_dir("game-flag-tables-v"),
    ];
    for (dir, flag) in dirs.iter().zip(["--game", "--variant"]) {
        let built = success(with_game(
            &["tables", "build"],
            flag,
            "twelve-mens-morris",
            &["--max-pieces", "3", "--out", dir.to_str().unwrap()],
        ));
        assert!(
            built.starts_with("twelve-mens-morris: up to 3 a side"),
            "{built}"
        );
    }
    let file = |dir: &std::path::Path| std::fs::read(dir.join("twelve-mens-morris.mtb")).unwrap();
    assert_eq!(file(&dirs[0]), file(&dirs[1]), "the same tables either way");
    let d = dirs[0].to_str().unwrap();
    let probe = same_for_both(
        &["tables", "probe"],
        "twelve-mens-morris",
        &["--p1", "a7 d7 g4", "--p2", "a1 g1 b4", "--dir", d],
    );
    assert!(probe.contains("value: "), "{probe}");
    let info = same_for_both(&["tables", "info"], "twelve-mens-morris", &["--dir", d]);
    assert!(info.starts_with("twelve-mens-morris: "), "{info}");
    for dir in dirs {
        std::fs::remove_dir_all(dir).unwrap();
    }
}

#[test]
fn an_unknown_game_is_refused_in_the_spelling_typed() {
    for command in COMMANDS_WITH_A_GAME {
        for flag in ["--game", "--variant"] {
            let err = bad_input(with_game(command, flag, "chess", &[]));
            assert!(
                err.contains(&format!(
                    "{flag}: unknown game 'chess' (expected zhiqi, linked-horse or twelve-mens-morris)"
                )),
                "{command:?} {flag}: {err}"
            );
        }
    }
}

#[test]
fn the_game_given_twice_is_refused_whatever_the_spelling() {
    for command in COMMANDS_WITH_A_GAME {
        for (first, second, says) in [
            (
                "--game",
                "--variant",
                "--game and --variant are the same flag: give one",
            ),
            (
                "--variant",
                "--game",
                "--variant and --game are the same flag: give one",
            ),
            ("--game", "--game", "--game is given twice"),
            ("--variant", "--variant", "--variant is given twice"),
        ] {
            let err = bad_input(with_game(command, first, "zhiqi", &[second, "zhiqi"]));
            assert!(err.contains(says), "{command:?} {first} {second}: {err}");
        }
    }
}

#[test]
fn a_required_game_is_asked_for_by_its_documented_name() {
    for command in [
        &["perft", "--depth", "1"][..],
        &["legal"],
        &["hint"],
        &["tables", "probe"],
    ] {
        let err = bad_input(mills(command));
        assert!(
            err.contains("--game is required (game: zhiqi, linked-horse or twelve-mens-morris)"),
            "{command:?}: {err}"
        );
    }
    let err = bad_input(mills(&["match", "--a", "1", "--b", "1"]));
    assert!(err.contains("--game is required"), "{err}");
}

#[test]
fn help_documents_game_and_names_its_alias_for_every_command_that_takes_one() {
    let overview = success(mills(&["help"]));
    assert!(
        overview.contains("--variant V is the same as\n--game G in every command"),
        "{overview}"
    );
    assert!(!overview.contains("--variant V]"), "{overview}");
    for command in [
        "perft", "legal", "play", "hint", "match", "lessons", "tables", "puzzles", "online",
    ] {
        let help = success(mills(&["help", command]));
        let usage = help.lines().find(|l| l.starts_with("Usage: ")).unwrap();
        assert!(usage.contains("--game G"), "{command}: {usage}");
        assert!(!usage.contains("--variant"), "{command}: {usage}");
        let flag = help
            .lines()
            .find(|l| l.trim_start().starts_with("--game G"))
            .unwrap_or_else(|| panic!("{command}: no --game line in\n{help}"));
        assert!(flag.ends_with("(also --variant)"), "{command}: {flag}");
        assert!(overview.contains(usage.trim_start_matches("Usage: ")));
    }
}
