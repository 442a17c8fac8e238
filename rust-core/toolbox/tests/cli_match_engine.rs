//! `mills match --b-engine "CMD"`: a seat played by an outside engine over the UCI-like
//! protocol. The engines here are our own `mills uci` and tiny shell scripts that misbehave;
//! none depends on another project's engine.

mod cli_support;

use std::path::PathBuf;

use cli_support::*;

const MILLS: &str = env!("CARGO_BIN_EXE_mills");

/// A fresh, existing directory for this test's scripts.
fn scratch(name: &str) -> PathBuf {
    let dir = fresh_dir(&format!("engine-{name}"));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// A shell engine that does the handshake and answers `go` as `on_go` says (shell commands).
/// Run as `sh PATH`, so that it needs no execute bit (and no file is executed while written).
fn fake_engine(dir: &std::path::Path, name: &str, on_go: &str) -> String {
    let path = dir.join(format!("{name}.sh"));
    let script = format!(
        "while read -r line; do\n\
         \x20 case \"$line\" in\n\
         \x20   uci) echo 'id name {name}'; echo uciok ;;\n\
         \x20   isready) echo readyok ;;\n\
         \x20   go*) {on_go} ;;\n\
         \x20   quit) exit 0 ;;\n\
         \x20 esac\n\
         done\n"
    );
    std::fs::write(&path, script).unwrap();
    format!("sh {}", path.display())
}

/// The `+W =D -L` counts of the summary line that starts with `prefix`.
fn counts(report: &str, prefix: &str) -> [u32; 3] {
    let line = report
        .lines()
        .find(|l| l.starts_with(prefix))
        .unwrap_or_else(|| panic!("no line '{prefix}' in {report}"));
    let after = line.split_once(": ").unwrap().1;
    let mut words = after.split_whitespace();
    let mut count = |sign: char| -> u32 {
        words
            .next()
            .and_then(|w| w.strip_prefix(sign))
            .and_then(|n| n.parse().ok())
            .unwrap_or_else(|| panic!("cannot read the counts of {line}"))
    };
    [count('+'), count('='), count('-')]
}

#[test]
fn our_own_uci_engine_plays_a_short_match_as_player_b() {
    let engine = format!("{MILLS} uci");
    let report = success(mills(&[
        "match",
        "--variant",
        "twelve-mens-morris",
        "--a",
        "depth=1",
        "--b-engine",
        &engine,
        "--b-engine-option",
        "Variant=twelve-mens-morris,SkillLevel=3",
        "--engine-movetime",
        "50",
        "--games",
        "2",
        "--threads",
        "2",
        "--verbose",
    ]));
    let name = format!("Mills {}", env!("CARGO_PKG_VERSION"));
    assert!(
        report.starts_with(&format!(
            "twelve-mens-morris: A = depth=1 against B = {name}, 2 games"
        )),
        "{report}"
    );
    assert_eq!(counts(&report, "A depth=1 vs B ").iter().sum::<u32>(), 2);
    let games: Vec<&str> = report.lines().filter(|l| l.starts_with("game ")).collect();
    assert_eq!(games.len(), 2, "{report}");
    // Both games were played out by the rules, not forfeited.
    assert!(games.iter().all(|g| !g.contains("forfeits")), "{report}");
    assert!(!report.contains("forfeits:"), "{report}");
    let b_timing = report
        .lines()
        .find(|l| l.starts_with(&format!("B ({name}): ")))
        .unwrap_or_else(|| panic!("no timing of B in {report}"));
    assert!(b_timing.contains("budget 50 ms"), "{b_timing}");
    assert!(!b_timing.contains(": 0 turns"), "{b_timing}");
}

#[test]
fn an_engine_that_answers_nonsense_or_crashes_forfeits_every_game() {
    let dir = scratch("forfeit");
    let nonsense = fake_engine(&dir, "Nonsense", "echo 'info score 0 bestmove zz9'");
    let records = dir.join("records");
    let report = success(mills(&[
        "match",
        "--variant",
        "zhiqi",
        "--a",
        "depth=1",
        "--b-engine",
        &nonsense,
        "--games",
        "2",
        "--records",
        records.to_str().unwrap(),
    ]));
    let forfeits: Vec<&str> = report
        .lines()
        .filter(|l| l.contains("B forfeits: unreadable bestmove 'zz9'"))
        .collect();
    assert_eq!(forfeits.len(), 2, "{report}");
    assert!(
        forfeits.iter().all(|l| l.contains("A scores 1")),
        "{report}"
    );
    assert_eq!(counts(&report, "A depth=1 vs B Nonsense: "), [2, 0, 0]);
    assert!(report.contains("\nforfeits: A 0, B 2\n"), "{report}");
    // Each record ends with B's resignation (records have no forfeit), so its result is the
    // match's, and it reads back whole.
    for (game, b_side) in [("game-001.txt", "P2"), ("game-002.txt", "P1")] {
        let path = records.join(game);
        let text = std::fs::read_to_string(&path).unwrap();
        let a_side = if b_side == "P1" { "P2" } else { "P1" };
        assert!(
            text.contains(&format!("result: {a_side} wins (resignation)")),
            "{text}"
        );
        assert!(text.contains(&format!(". {b_side} resigns\n")), "{text}");
        success(mills(&["record", "check", path.to_str().unwrap()]));
    }

    // Player A this time: it says an action on a point it cannot reach, then one that exits.
    let illegal = fake_engine(&dir, "Illegal", "echo 'bestmove a1-g7'");
    let report = success(mills(&[
        "match",
        "--variant",
        "zhiqi",
        "--a-engine",
        &illegal,
        "--b",
        "depth=1",
        "--games",
        "2",
    ]));
    assert_eq!(
        report
            .matches("A forfeits: illegal bestmove 'a1-g7'")
            .count(),
        2,
        "{report}"
    );
    assert_eq!(counts(&report, "A Illegal vs B depth=1: "), [0, 0, 2]);
    let crash = fake_engine(&dir, "Crash", "exit 3");
    let report = success(mills(&[
        "match",
        "--variant",
        "zhiqi",
        "--a-engine",
        &crash,
        "--b",
        "depth=1",
        "--games",
        "2",
    ]));
    assert_eq!(
        report
            .matches("A forfeits: the engine exited (exit status: 3) before answering 'go'")
            .count(),
        2,
        "{report}"
    );
    assert!(report.contains("\nforfeits: A 2, B 0\n"), "{report}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn an_engine_that_never_answers_forfeits_after_ten_move_times_and_five_seconds() {
    let dir = scratch("silent");
    let silent = fake_engine(&dir, "Silent", "true");
    let report = success(mills(&[
        "match",
        "--variant",
        "twelve-mens-morris",
        "--a",
        "depth=1",
        "--b-engine",
        &silent,
        "--engine-movetime",
        "1",
        "--games",
        "2",
        "--threads",
        "2",
    ]));
    assert_eq!(
        report
            .matches("B forfeits: no answer to 'go movetime 1' within 5.0 s")
            .count(),
        2,
        "{report}"
    );
    assert!(report.contains("\nforfeits: A 0, B 2\n"), "{report}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn an_engine_that_cannot_start_or_is_misdescribed_is_bad_input() {
    let missing = bad_input(mills(&[
        "match",
        "--variant",
        "zhiqi",
        "--a",
        "1",
        "--b-engine",
        "/nonexistent/engine --flag",
    ]));
    assert!(
        missing.starts_with("mills match: --b-engine: cannot start '/nonexistent/engine'"),
        "{missing}"
    );
    let dir = scratch("mute");
    let mute = fake_engine(&dir, "Mute", "true");
    let cases: [(&[&str], &str); 5] = [
        (
            &["--a", "1", "--b", "2", "--b-engine", &mute],
            "give --b or --b-engine, not both",
        ),
        (
            &["--a", "1"],
            "--b is required (player B, or --b-engine \"CMD\")",
        ),
        (
            &["--a", "1", "--b", "2", "--b-engine-option", "X=1"],
            "--b-engine-option needs --b-engine",
        ),
        (
            &[
                "--a",
                "1",
                "--b-engine",
                &mute,
                "--b-engine-option",
                "MoveTime",
            ],
            "--b-engine: expected NAME=VALUE, not 'MoveTime'",
        ),
        (
            &["--a", "1", "--b", "2", "--engine-movetime", "50"],
            "--engine-movetime needs --a-engine or --b-engine",
        ),
    ];
    for (flags, message) in cases {
        let mut words = vec!["match", "--variant", "zhiqi"];
        words.extend_from_slice(flags);
        let err = bad_input(mills(&words));
        assert!(err.contains(message), "{flags:?}: {err}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn engine_stop_sends_stop_and_flushes_the_stray_answer() {
    // An engine that thinks until told to stop, then places on the first free point it was
    // told of and, like Sanmill's Rust engine when a stop crosses its answer, says a second,
    // stray `bestmove none`: --engine-stop must stop it and must not take `none` for the next
    // answer.
    let dir = scratch("stop");
    let path = dir.join("stopper.sh");
    std::fs::write(
        &path,
        "moves=''\n\
         while read -r line; do\n\
         \x20 case \"$line\" in\n\
         \x20   uci) echo 'id name Stopper'; echo uciok ;;\n\
         \x20   isready) echo readyok ;;\n\
         \x20   position*) moves=\" $line \" ;;\n\
         \x20   stop) for p in a7 d7 g7 b6 d6 f6 c5 d5 e5 a4 b4 c4 e4 f4 g4 c3 d3 e3 b2 d2 f2 a1 d1 g1; do\n\
         \x20       case \"$moves\" in *\" $p \"*) ;; *) echo \"bestmove $p\"; break ;; esac\n\
         \x20     done; echo 'info score 0 bestmove none' ;;\n\
         \x20   quit) exit 0 ;;\n\
         \x20 esac\n\
         done\n",
    )
    .unwrap();
    let stopper = format!("sh {}", path.display());
    let report = success(mills(&[
        "match",
        "--variant",
        "twelve-mens-morris",
        "--a",
        "depth=1",
        "--b-engine",
        &stopper,
        "--engine-stop",
        "20",
        "--opening-turns",
        "0",
        "--games",
        "2",
        "--verbose",
    ]));
    assert!(!report.contains("no answer"), "{report}");
    assert!(!report.contains("'none'"), "{report}");
    // Both games went past the engine's first turns (a forfeit later, at a removal it cannot
    // answer, is allowed: the engine only places).
    for line in report.lines().filter(|l| l.starts_with("game ")) {
        let turns: u32 = line
            .split(" | ")
            .find_map(|part| part.strip_suffix(" turns"))
            .and_then(|n| n.trim().parse().ok())
            .unwrap_or(0);
        assert!(turns >= 4 || line.contains("forfeits: illegal"), "{line}");
    }
    assert_eq!(
        report.lines().filter(|l| l.starts_with("game ")).count(),
        2,
        "{report}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}
