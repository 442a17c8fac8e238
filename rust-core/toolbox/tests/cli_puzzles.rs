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
        listed
            .lines()
            .all(|l| l.contains("  zhiqi  win in ") && l.ends_with("medium")),
        "{listed}"
    );
    let all = success(mills(&["puzzles", "list"]));
    assert!(all.lines().count() >= 900);
    let id = first.split_whitespace().next().unwrap();
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
    assert!(err.contains("list, show, check or mine"), "{err}");
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
    std::fs::remove_dir_all(&dir).unwrap();
}
