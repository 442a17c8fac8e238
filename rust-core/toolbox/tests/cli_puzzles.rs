//! `mills puzzles`: list, show, check and mine, with the small 3-a-side tables of Twelve Men's
//! Morris (the full proof against the 4-piece tables is in rust-core/tests/puzzles.rs).

mod cli_support;

use cli_support::*;

#[test]
fn list_and_show_the_shipped_puzzles() {
    let listed = success(mills(&[
        "puzzles", "list", "--game", "zhiqi", "--grade", "medium",
    ]));
    let first = listed.lines().next().expect("medium Zhi Qi puzzles");
    assert!(first.starts_with("zq-"), "{first}");
    assert!(
        listed.lines().all(
            |l| (l.contains("  zhiqi  win in ") || l.contains("  zhiqi  gain "))
                && l.ends_with("medium")
        ),
        "{listed}"
    );
    let all = success(mills(&["puzzles", "list"]));
    assert!(all.lines().count() >= 3 * 450);
    for game in ["zhiqi", "linked-horse", "twelve-mens-morris"] {
        let listed = success(mills(&["puzzles", "list", "--game", game]));
        let tactics = listed
            .lines()
            .filter(|l| l.contains("-t-") && l.contains(&format!("  {game}  gain ")))
            .count();
        assert!(listed.lines().count() >= 450 && tactics >= 150, "{game}");
    }
    let tactic = all.lines().find(|l| l.contains("-t-")).unwrap();
    let tactic_id = tactic.split_whitespace().next().unwrap();
    let shown = success(mills(&[
        "puzzles", "show", tactic_id, "--ascii", "--tables", ".",
    ]));
    assert!(
        shown.contains("within") && shown.contains("whatever the opponent does"),
        "{shown}"
    );
    assert!(shown.contains("\nsolution: "), "{shown}");
    let endgame = listed.lines().find(|l| l.contains("  win in ")).unwrap();
    let id = endgame.split_whitespace().next().unwrap();
    let shown = success(mills(&["puzzles", "show", id, "--ascii"]));
    assert!(shown.starts_with(&format!("{id}: Zhi Qi, P")), "{shown}");
    assert!(
        shown.contains("to move and win in") && shown.contains("\nmoves: "),
        "{shown}"
    );
    let err = bad_input(mills(&["puzzles", "show", "zq-nothing"]));
    assert!(err.contains("no puzzle 'zq-nothing'"), "{err}");
    let err = bad_input(mills(&["puzzles", "list", "--grade", "impossible"]));
    assert!(err.contains("no grade 'impossible'"), "{err}");
    let err = bad_input(mills(&["puzzles", "solve"]));
    assert!(
        err.contains("list, show, check, mine or mine-tactics"),
        "{err}"
    );
    assert!(success(mills(&["help"])).contains("mills puzzles list|show|check|mine"));
}

#[test]
fn check_fails_with_tables_too_small_and_mine_writes_a_set() {
    let dir = twelve_mens_morris_tables("puzzles");
    let d = dir.to_str().unwrap();
    // The shipped puzzles with four pieces a side are outside 3-a-side tables.
    let output = mills(&[
        "puzzles",
        "check",
        "--game",
        "twelve-mens-morris",
        "--tables",
        d,
    ]);
    assert_eq!(output.status.code(), Some(3));
    let text = stdout(&output);
    assert!(
        text.lines()
            .any(|l| l.starts_with("FAIL tmm-") && l.contains("OutsideTables")),
        "{text}"
    );
    assert!(text.contains("twelve-mens-morris: "), "{text}");
    // The tactics need no tables: all proved whatever the tables.
    assert!(!text.contains("FAIL tmm-t-"), "{text}");
    assert!(
        text.lines()
            .any(|l| l.starts_with("twelve-mens-morris: ")
                && l.contains(" tactics, within 2-3 turns")),
        "{text}"
    );

    let out = dir.join("mined");
    let o = out.to_str().unwrap();
    // 300 games of Twelve Men's Morris, 5 puzzles kept, written to `o`.
    let mine = |extra: &[&str]| {
        let mut words = vec![
            "puzzles",
            "mine",
            "--game",
            "twelve-mens-morris",
            "--tables",
            d,
            "--games",
            "300",
            "--keep",
            "5",
            "--out",
            o,
        ];
        words.extend_from_slice(extra);
        success(mills(&words))
    };
    let mined = mine(&[]);
    assert!(
        mined.starts_with("twelve-mens-morris: 300 games, "),
        "{mined}"
    );
    let set = std::fs::read_to_string(out.join("twelve-mens-morris.txt")).unwrap();
    assert!(
        set.starts_with("# mills puzzles 1 twelve-mens-morris\ng "),
        "{set}"
    );
    assert!(set.lines().filter(|l| l.starts_with("p ")).count() <= 5);
    // Onto the shipped set: its 3-a-side puzzles are inside these tables and stay, first,
    // with their ids.
    let onto = mine(&["--keep-shipped"]);
    let stayed: usize = onto
        .split(" positions examined, ")
        .nth(1)
        .and_then(|rest| rest.split(" of ").next())
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("{onto}"));
    assert!(
        stayed > 0 && onto.contains(" shipped still puzzles, "),
        "{onto}"
    );
    let shipped = success(mills(&["puzzles", "list", "--game", "twelve-mens-morris"]));
    let set = std::fs::read_to_string(out.join("twelve-mens-morris.txt")).unwrap();
    let first: Vec<&str> = set
        .lines()
        .find(|l| l.starts_with("p "))
        .unwrap()
        .split(' ')
        .collect();
    let id = format!("tmm-{}-{}", first[1], first[2]);
    assert!(
        shipped.lines().any(|l| l.starts_with(&format!("{id}  "))),
        "{id} is a shipped puzzle"
    );
    let err = bad_input(mills(&["puzzles", "mine", "--tables", d]));
    assert!(err.contains("--out"), "{err}");
    let tactics = success(mills(&[
        "puzzles",
        "mine-tactics",
        "--game",
        "twelve-mens-morris",
        "--games",
        "2",
        "--keep",
        "3",
        "--out",
        o,
    ]));
    assert!(
        tactics.starts_with("twelve-mens-morris: 2 games, ") && tactics.contains("greedy solves"),
        "{tactics}"
    );
    let set = std::fs::read_to_string(out.join("twelve-mens-morris-tactics.txt")).unwrap();
    assert!(
        set.starts_with("# mills tactics 1 twelve-mens-morris\n"),
        "{set}"
    );
    let err = bad_input(mills(&["puzzles", "mine-tactics"]));
    assert!(err.contains("--out"), "{err}");
    std::fs::remove_dir_all(&dir).unwrap();
}
