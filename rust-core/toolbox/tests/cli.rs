//! The `mills` binary as other tools see it: output formats, exit codes, and a game driven
//! through stdin. (`mills bench` itself is too slow for tests; its `--quick` mode is run.)

mod cli_support;

use cli_support::*;

const ZHIQI_B: &str =
    "d7 e3 a1 f4 a4 f6 c3 g7 f2 b4 a7 xb4 e5 xb4 c4 e4 xd7 g4 c5 d6 d1 d3 g1 b6 d5 xc4 d2 b2";
const TMM_C: &str =
    "d7 e3 a1 f4 a4 f6 c3 g7 f2 b4 a7 xb4 d5 d6 c4 e4 g4 g1 e5 xg1 d2 c5 xd7 d7 d3 g1 b2";
const H: &str = "d7 a7 g7 g4 d1 g1 a4 a1 b6 d6 f6 f4 f2 b2 d2 b4 d5 c5 e4 e5 c3 e3 c4 d3";

fn perft_last_line(args: &[&str]) -> String {
    let out = success(mills(args));
    out.lines().last().expect("perft prints a line").to_string()
}

// ---- perft ---------------------------------------------------------------------------------

#[test]
fn perft_prints_the_reference_counts_on_the_last_line() {
    let last = perft_last_line(&["perft", "--variant", "zhiqi", "--depth", "3"]);
    assert_eq!(last, "12144");
    let b = perft_last_line(&[
        "perft",
        "--variant",
        "zhiqi",
        "--depth",
        "2",
        "--moves",
        ZHIQI_B,
    ]);
    assert_eq!(b, "20");
    let c = perft_last_line(&[
        "perft",
        "--variant=twelve-mens-morris",
        "--depth=3",
        "--moves",
        TMM_C,
    ]);
    assert_eq!(c, "116");
}

#[test]
fn perft_accepts_whole_turns_as_one_word() {
    // Twelve Men's Morris C written with its captures joined to the placements that earn them.
    let joined = TMM_C.replace("a7 xb4", "a7xb4").replace("e5 xg1", "e5xg1");
    let last = perft_last_line(&[
        "perft",
        "--variant",
        "twelve-mens-morris",
        "--depth",
        "2",
        "--moves",
        &joined,
    ]);
    assert_eq!(last, "21");
}

#[test]
fn perft_divide_lines_come_before_the_total_and_add_up_to_it() {
    let out = success(mills(&[
        "perft",
        "--variant",
        "zhiqi",
        "--depth",
        "2",
        "--moves",
        ZHIQI_B,
        "--divide",
    ]));
    let lines: Vec<&str> = out.lines().collect();
    let (total, divided) = lines.split_last().unwrap();
    assert_eq!(*total, "20");
    assert_eq!(divided.len(), 10, "one line per pull of Zhi Qi B");
    let sum: u64 = divided
        .iter()
        .map(|line| {
            let (action, count) = line.split_once(": ").expect("'action: count'");
            assert!(action.starts_with('x'), "{line}");
            count.parse::<u64>().expect("a count")
        })
        .sum();
    assert_eq!(sum, 20);
}

#[test]
fn perft_depth_zero_counts_the_position_itself() {
    let last = perft_last_line(&[
        "perft",
        "--variant",
        "linked-horse",
        "--depth",
        "0",
        "--divide",
    ]);
    assert_eq!(last, "1");
}

// ---- legal ---------------------------------------------------------------------------------

/// The value of `key` in `legal`'s output.
fn field(report: &str, key: &str) -> String {
    report
        .lines()
        .find_map(|line| line.strip_prefix(&format!("{key}:")))
        .unwrap_or_else(|| panic!("no '{key}:' line in\n{report}"))
        .trim()
        .to_string()
}

fn sorted_words(text: &str) -> Vec<String> {
    let mut words: Vec<String> = text.split_whitespace().map(String::from).collect();
    words.sort();
    words
}

#[test]
fn legal_lists_the_pulls_of_zhiqi_b() {
    let report = success(mills(&["legal", "--variant", "zhiqi", "--moves", ZHIQI_B]));
    assert_eq!(
        sorted_words(&field(&report, "legal")),
        sorted_words("xa7 xg4 xa1 xa4 xb6 xd6 xf2 xd2 xd3 xc3")
    );
    assert_eq!(field(&report, "status"), "ongoing");
    assert_eq!(field(&report, "to-move"), "P2");
    assert_eq!(field(&report, "phase"), "moving");
    assert_eq!(field(&report, "must"), "pull");
    assert_eq!(field(&report, "hand"), "0 0");
    assert_eq!(field(&report, "stable"), "0 0");
    assert_eq!(field(&report, "lost"), "3 1");
}

#[test]
fn legal_keys_come_in_a_fixed_order() {
    let report = success(mills(&["legal", "--variant", "linked-horse"]));
    let keys: Vec<&str> = report
        .lines()
        .map(|line| line.split(':').next().unwrap())
        .collect();
    assert_eq!(
        keys,
        [
            "legal", "status", "to-move", "phase", "must", "hand", "stable", "lost", "pins", "p1",
            "p2"
        ]
    );
    assert_eq!(field(&report, "legal").split(' ').count(), 24);
    assert_eq!(field(&report, "hand"), "10 10");
    assert_eq!(field(&report, "must"), "place");
}

#[test]
fn legal_reports_a_finished_game() {
    let report = success(mills(&[
        "legal",
        "--variant",
        "twelve-mens-morris",
        "--moves",
        H,
    ]));
    assert_eq!(report.lines().next(), Some("legal:"));
    assert_eq!(field(&report, "status"), "draw (board-full)");
    assert_eq!(field(&report, "to-move"), "-");
    assert_eq!(field(&report, "must"), "-");
}

#[test]
fn legal_names_captures_owed() {
    // Twelve Men's Morris F: a double mill owes one capture.
    let moves = "a1 g1 a4 g4 d7 e3 g7 e4 a7";
    let report = success(mills(&[
        "legal",
        "--variant",
        "twelve-mens-morris",
        "--moves",
        moves,
    ]));
    assert_eq!(field(&report, "must"), "capture 1");
    assert_eq!(
        sorted_words(&field(&report, "legal")),
        sorted_words("xg1 xg4 xe3 xe4")
    );
}

// ---- bad input -----------------------------------------------------------------------------

#[test]
fn an_illegal_move_is_reported_with_its_index_and_reason() {
    let err = bad_input(mills(&[
        "perft",
        "--variant",
        "zhiqi",
        "--depth",
        "2",
        "--moves",
        "d6 a7 xd7",
    ]));
    assert!(
        err.contains("action 3 (xd7) is illegal: there is nothing to remove now"),
        "{err}"
    );
    let err = bad_input(mills(&["legal", "--variant", "zhiqi", "--moves", "d6 d6"]));
    assert!(
        err.contains("action 2 (d6) is illegal: d6 is occupied"),
        "{err}"
    );
}

#[test]
fn unreadable_moves_name_the_word() {
    let err = bad_input(mills(&["legal", "--variant", "zhiqi", "--moves", "d6 d4"]));
    assert!(err.contains("word 2: cannot read 'd4'"), "{err}");
}

#[test]
fn command_line_mistakes_exit_with_code_2() {
    let err = bad_input(mills(&["perft", "--depth", "3"]));
    assert!(err.contains("--game is required"), "{err}");
    let err = bad_input(mills(&["perft", "--variant", "chess", "--depth", "3"]));
    assert!(err.contains("unknown game 'chess'"), "{err}");
    let err = bad_input(mills(&["perft", "--variant", "zhiqi", "--depth", "-1"]));
    assert!(
        err.contains("depth must be a whole number, not '-1'"),
        "{err}"
    );
    let err = bad_input(mills(&["perft", "--variant", "zhiqi"]));
    assert!(err.contains("--depth is required"), "{err}");
    let err = bad_input(mills(&["legal", "--variant", "zhiqi", "--fast"]));
    assert!(err.contains("unknown flag '--fast'"), "{err}");
    let err = bad_input(mills(&["legal", "--variant", "zhiqi", "--moves"]));
    assert!(err.contains("--moves needs a value"), "{err}");
    let err = bad_input(mills(&["castle"]));
    assert!(err.contains("unknown command 'castle'"), "{err}");
    bad_input(mills(&[]));
}

// ---- help and version ----------------------------------------------------------------------

#[test]
fn help_lists_every_command_and_version_prints_one_line() {
    let help = success(mills(&["--help"]));
    for usage in [
        "mills perft --game G --depth D [--moves \"M\"] [--divide]",
        "mills legal --game G [--moves \"M\"]",
        "mills play [--game G]",
        "mills bench [SUITE] [--quick]",
    ] {
        assert!(help.contains(usage), "{usage} missing from\n{help}");
    }
    assert_eq!(success(mills(&["help"])), help);
    let perft_help = success(mills(&["perft", "--help"]));
    assert!(perft_help.contains("the last line is the count alone"));
    assert_eq!(success(mills(&["help", "perft"])), perft_help);
    let version = success(mills(&["--version"]));
    assert_eq!(version, format!("mills {}\n", env!("CARGO_PKG_VERSION")));
}

#[test]
fn match_help_names_every_evaluation_weight() {
    // The help text spells the names out; it must follow the engine's list.
    let help = success(mills(&["match", "--help"]));
    for name in mills_core::Weights::NAMES {
        assert!(help.contains(name), "{name} missing from\n{help}");
    }
}

// ---- bench ---------------------------------------------------------------------------------

#[test]
fn bench_help_and_quick_run() {
    let help = success(mills(&["bench", "--help"]));
    assert!(help.contains("--quick"));
    let table = success(mills(&["bench", "perft", "--quick"]));
    let rows: Vec<Vec<&str>> = table
        .lines()
        .map(|l| l.split_whitespace().collect())
        .collect();
    assert_eq!(
        rows[0],
        ["game", "position", "depth", "nodes", "seconds", "Mnps"]
    );
    // At depth 3 the quick table repeats reference figures of RULES.md §8.
    let nodes = |game: &str, position: &str| {
        rows.iter()
            .find(|r| r[0] == game && r[1] == position)
            .unwrap_or_else(|| panic!("no row {game} {position} in\n{table}"))[3]
    };
    assert_eq!(nodes("zhiqi", "start"), "12144");
    assert_eq!(nodes("linked-horse", "start"), "12144");
    assert_eq!(nodes("twelve-mens-morris", "start"), "12144");
    assert_eq!(nodes("zhiqi", "B"), "95");
    assert_eq!(nodes("twelve-mens-morris", "A"), "160");
    assert_eq!(nodes("twelve-mens-morris", "C"), "116");
    assert_eq!(nodes("linked-horse", "D"), "544");
    assert_eq!(rows.last().unwrap()[0], "total");
    let err = bad_input(mills(&["bench", "chess"]));
    assert!(err.contains("unknown suite 'chess'"), "{err}");
}

// ---- play ----------------------------------------------------------------------------------

/// A Twelve Men's Morris game of 24 placements and one capture after which P1, to make the
/// first movement turn, cannot move: P2 wins.
const BLOCKED_GAME: &str = "g7 b2 d2 d1 b4 d5 a1 e3 a7 c5 e5 g4 d3 c3 f2 f6 a4 xc5 c4 d6 d7 e4 \
                            b6 f4 g1";

#[test]
fn play_a_game_to_its_end_through_stdin() {
    // One turn per line, with the capture joined to its placement, and mistakes mixed in.
    let mut script = String::new();
    for turn in BLOCKED_GAME.replace("a4 xc5", "a4xc5").split(' ') {
        script.push_str(turn);
        script.push('\n');
        if turn == "f6" {
            script.push_str("zz\ng7\nxd7\nd6 d5\npass\nlegal\nhelp\n\n");
        }
    }
    script.push_str("this line is never read\n");
    let out = success(mills_with_input(
        &[
            "play",
            "--variant",
            "twelve-mens-morris",
            "--computer",
            "none",
            "--ascii",
        ],
        &script,
    ));
    assert!(out.contains("cannot read 'zz'"), "{out}");
    assert!(out.contains("cannot play g7: g7 is occupied"), "{out}");
    assert!(
        out.contains("cannot play xd7: there is nothing to remove now"),
        "{out}"
    );
    assert!(out.contains("the turn ended after d6"), "{out}");
    assert!(out.contains("'pass' is made only by a turn timer"), "{out}");
    assert!(out.contains("Legal: "), "{out}");
    assert!(out.contains("Last turn: P1 a4 xc5"), "{out}");
    assert!(out.contains("P2: place a piece (1 in hand)"), "{out}");
    assert!(out.ends_with(&format!(
        "Game over: P2 wins: the opponent cannot move\nRecord: {BLOCKED_GAME}\n"
    )));
}

#[test]
fn play_shows_whose_turn_and_what_is_owed() {
    // Zhi Qi H: the board is full and P2, to move, is blocked.
    let script = "xd7\nd5-d7\na7-d7\nundo\nresign\n";
    let out = success(mills_with_input(
        &["play", "--moves", H, "--computer", "none", "--ascii"],
        script,
    ));
    assert!(
        out.starts_with("Zhi Qi (zhiqi): P1 X against P2 O."),
        "{out}"
    );
    assert!(
        out.contains("P2 is blocked: pull a P1 piece next to one of yours, e.g. x"),
        "{out}"
    );
    assert!(out.contains("This turn so far: P2 xd7"), "{out}");
    assert!(out.contains("P2: now step a piece"), "{out}");
    assert!(
        out.contains("cannot play d5-d7: d5 is not one of your pieces"),
        "{out}"
    );
    assert!(out.contains("Last turn: P2 xd7 a7-d7"), "{out}");
    assert!(out.contains("Took back: P2 xd7 a7-d7"), "{out}");
    assert!(out.contains("P2 resigns."), "{out}");
    assert!(
        out.contains("Game over: P1 wins: the opponent resigned"),
        "{out}"
    );
}

#[test]
fn play_draws_the_board_with_coordinates() {
    let out = success(mills_with_input(
        &[
            "play",
            "--variant",
            "linked-horse",
            "--computer",
            "none",
            "--ascii",
        ],
        "a7\nquit\n",
    ));
    assert!(out.contains(" 7  X-----------+-----------+  7"), "{out}");
    assert!(out.contains("    | \\         |         / |"), "{out}");
    assert!(out.contains("    a   b   c   d   e   f   g"), "{out}");
    assert!(out.contains("P1 X  board  1  hand  9  stable 0"), "{out}");
    assert!(
        out.contains(
            "To continue: mills play --variant linked-horse --computer none --moves \"a7\""
        )
    );
    let unicode = success(mills_with_input(
        &["play", "--computer", "none", "--unicode"],
        "a7\n",
    ));
    assert!(
        unicode.contains(" 7  ●-----------·-----------·  7"),
        "{unicode}"
    );
}

#[test]
fn play_ends_cleanly_at_the_end_of_input() {
    let out = success(mills_with_input(&["play", "--ascii"], ""));
    assert!(
        out.contains("End of input: the game is left unfinished."),
        "{out}"
    );
    let err = bad_input(mills(&["play", "--variant", "go"]));
    assert!(err.contains("unknown game 'go'"), "{err}");
}

#[test]
fn play_is_against_the_computer_by_default() {
    // The README's main job: `mills play` with no flags gives P2 to the computer.
    let out = success(mills_with_input(
        &["play", "--ascii", "--level", "1"],
        "d6\nquit\n",
    ));
    assert!(out.contains("P2 (computer) plays"), "{out}");
    assert!(out.contains("Last turn: P1 d6"), "{out}");
}

// ---- lessons -------------------------------------------------------------------------------

#[test]
fn lessons_list_names_every_lesson_of_every_game() {
    let out = success(mills(&["lessons", "--list"]));
    let mut game = "";
    let mut counted = 0;
    for line in out.lines() {
        if let Some(id) = line.strip_prefix("  ") {
            let id = id.split_whitespace().next().unwrap();
            assert!(id.starts_with(game), "{id} listed under {game}");
            let lesson = mills_core::lesson(id).unwrap();
            assert!(line.ends_with(lesson.data.title.en), "{line}");
            counted += 1;
        } else {
            game = line.split(':').next().unwrap();
            let n: usize = line
                .rsplit('(')
                .next()
                .and_then(|s| s.split_whitespace().next())
                .and_then(|n| n.parse().ok())
                .unwrap_or_else(|| panic!("a game line gives its count: {line}"));
            assert!(n >= 6, "{line}");
        }
    }
    assert_eq!(counted, mills_core::all_lessons().count());
    let zh = success(mills(&[
        "lessons",
        "--list",
        "--locale",
        "zh",
        "--variant",
        "linked-horse",
    ]));
    assert!(zh.starts_with("linked-horse: 连环马棋 ("), "{zh}");
    assert!(
        zh.lines()
            .any(|l| l.starts_with("  linked-horse-bank ") && l.ends_with(" 连环马入马厩")),
        "{zh}"
    );
    assert!(!zh.contains("zhiqi"));
    let hant = success(mills(&[
        "lessons",
        "--list",
        "--locale",
        "zh-Hant",
        "--variant",
        "linked-horse",
    ]));
    assert!(hant.starts_with("linked-horse: 連環馬棋 ("), "{hant}");
    assert_eq!(hant.lines().count(), zh.lines().count());
    assert_ne!(hant, zh);
}

#[test]
fn lessons_check_passes_and_says_what_it_did() {
    let out = success(mills(&["lessons", "--check"]));
    let summary = out.lines().last().unwrap();
    let count = mills_core::all_lessons().count();
    assert!(
        summary.starts_with(&format!("lessons: {count} lessons, ")),
        "{summary}"
    );
    assert!(summary.ends_with(": all passed"), "{summary}");
    assert!(!out.contains("FAIL"));
}

#[test]
fn lessons_needs_list_or_check_and_a_known_locale() {
    let err = bad_input(mills(&["lessons"]));
    assert!(err.contains("give --list or --check"), "{err}");
    let err = bad_input(mills(&["lessons", "--list", "--locale", "fr"]));
    assert!(
        err.contains("--locale must be en, zh (zh-Hans) or zh-Hant"),
        "{err}"
    );
    let err = bad_input(mills(&["lessons", "--list", "--variant", "chess"]));
    assert!(err.contains("unknown game 'chess'"), "{err}");
    let help = success(mills(&["help"]));
    assert!(help.contains("mills lessons [--list] [--check]"), "{help}");
    assert!(success(mills(&["lessons", "--help"])).contains("exit code 3"));
}

#[test]
fn tables_build_info_and_probe_work_together() {
    let (dir, built) = build_twelve_mens_morris_tables("tables");
    let d = dir.to_str().unwrap();
    assert!(
        built.starts_with("twelve-mens-morris: up to 3 a side, 1 slices, 210140 entries"),
        "{built}"
    );
    let info = success(mills(&["tables", "info", "--dir", d]));
    assert!(
        info.contains("3 v 3: 210140 entries, 91556 wins, 77366 draws, 41218 losses"),
        "{info}"
    );
    let probe = success(mills(&[
        "tables",
        "probe",
        "--variant",
        "twelve-mens-morris",
        "--dir",
        d,
        "--p1",
        "a7 d7 g4",
        "--p2",
        "c3 d3 e3",
    ]));
    assert!(probe.contains("value: win in 1 turn\n"), "{probe}");
    // Every P2 piece stands in a mill, so any may be taken: three winning turns, first.
    let turns: Vec<&str> = probe.lines().filter(|l| l.starts_with("  ")).collect();
    assert_eq!(
        turns[..3],
        [
            "  g4-g7xe3: win in 1 turn",
            "  g4-g7xd3: win in 1 turn",
            "  g4-g7xc3: win in 1 turn"
        ]
    );
    assert!(!turns[3].contains("win in 1 turn"), "{probe}");
    // The same position reached by --moves is outside the tables (pieces still in hand).
    let placing = bad_input(mills(&[
        "tables",
        "probe",
        "--variant",
        "twelve-mens-morris",
        "--dir",
        d,
        "--moves",
        "a7 c3",
    ]));
    assert!(placing.contains("not in the tables"), "{placing}");
    // Another game's file is missing; a damaged file is refused with its reason.
    let missing = bad_input(mills(&["tables", "info", "--game", "zhiqi", "--dir", d]));
    assert!(missing.contains("zhiqi.mtb"), "{missing}");
    let path = dir.join("twelve-mens-morris.mtb");
    let mut bytes = std::fs::read(&path).unwrap();
    bytes[1000] ^= 0x40;
    std::fs::write(&path, &bytes).unwrap();
    let damaged = bad_input(mills(&["tables", "info", "--dir", d]));
    assert!(damaged.contains("damaged (checksum mismatch)"), "{damaged}");
    std::fs::write(dir.join("zhiqi.mtb"), &bytes[..40]).unwrap();
    let wrong = bad_input(mills(&[
        "tables",
        "probe",
        "--variant",
        "zhiqi",
        "--dir",
        d,
        "--p1",
        "a7",
        "--p2",
        "c3 d3 e3",
    ]));
    assert!(wrong.contains("mills tables:"), "{wrong}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn tables_pack_writes_one_file_the_engine_unpacks_to_the_same_bytes() {
    let dir = twelve_mens_morris_tables("pack");
    let d = dir.to_str().unwrap();
    let file = dir.join("tables.pack");
    let f = file.to_str().unwrap();
    let report = success(mills(&["tables", "pack", "--out", f, "--tables", d]));
    let table = std::fs::read(dir.join("twelve-mens-morris.mtb")).unwrap();
    assert!(
        report.starts_with(&format!("twelve-mens-morris: {} bytes, ", table.len())),
        "{report}"
    );
    let size = std::fs::metadata(&file).unwrap().len();
    assert!(
        report.ends_with(&format!("pack: 1 tables, {size} bytes -> {f}\n")),
        "{report}"
    );
    assert!(size < table.len() as u64 / 2, "{report}");

    let unpacked = dir.join("unpacked");
    mills_core::unpack_table(
        &file,
        &unpacked,
        mills_core::Variant::TwelveMensMorris,
        &mills_core::CancelToken::new(),
        &mut |_| {},
    )
    .unwrap();
    assert_eq!(
        std::fs::read(unpacked.join("twelve-mens-morris.mtb")).unwrap(),
        table
    );

    let no_out = bad_input(mills(&["tables", "pack", "--tables", d]));
    assert!(no_out.contains("pack needs --out FILE"), "{no_out}");
    let empty = bad_input(mills(&["tables", "pack", "--out", f, "--tables", f]));
    assert!(empty.contains("no table file to pack"), "{empty}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn tables_mistakes_are_bad_input() {
    for (args, expected) in [
        (vec!["tables"], "say what to do"),
        (vec!["tables", "shrink"], "unknown action 'shrink'"),
        (
            vec![
                "tables",
                "build",
                "--max-pieces",
                "9",
                "--out",
                "/nonexistent",
            ],
            "1 to 6 pieces",
        ),
        (
            vec!["tables", "build", "--game", "chess"],
            "unknown game 'chess'",
        ),
        (
            vec!["tables", "info", "--dir", "/nonexistent-mills-tables"],
            "no tables in",
        ),
        (vec!["tables", "probe", "--dir", "/x"], "--game is required"),
    ] {
        let message = bad_input(mills(&args));
        assert!(message.contains(expected), "{args:?}: {message}");
    }
    let help = success(mills(&["help", "tables"]));
    assert!(
        help.contains("Usage: mills tables build|probe|info"),
        "{help}"
    );
    assert!(success(mills(&["help"])).contains("mills tables build|probe|info"));
}

#[test]
fn match_and_bench_probe_tables_when_given_them() {
    let dir = twelve_mens_morris_tables("match");
    let d = dir.to_str().unwrap();
    let report = success(mills(&[
        "match",
        "--variant",
        "twelve-mens-morris",
        "--a",
        "depth=1",
        "--b",
        "depth=1",
        "--games",
        "2",
        "--a-tables",
        d,
    ]));
    assert!(report.contains("A depth=1 vs B depth=1:"), "{report}");
    let missing = bad_input(mills(&[
        "match",
        "--variant",
        "zhiqi",
        "--a",
        "1",
        "--b",
        "1",
        "--b-tables",
        d,
    ]));
    assert!(
        missing.contains("--b-tables") && missing.contains("zhiqi.mtb"),
        "{missing}"
    );
    let bench = success(mills(&["bench", "search", "--quick", "--tables", d]));
    let endgame: Vec<&str> = bench
        .lines()
        .skip_while(|l| !l.starts_with("endgame"))
        .filter(|l| l.starts_with("twelve-mens-morris"))
        .collect();
    assert_eq!(endgame.len(), 2, "probing off and on:\n{bench}");
    assert!(
        endgame[0].contains(" off ") && endgame[1].contains(" on "),
        "{bench}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}
