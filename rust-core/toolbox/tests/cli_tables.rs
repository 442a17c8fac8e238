//! `mills play --tables DIR` and `mills uci --tables DIR` / `setoption name TablesPath`: the
//! endgame tables given to the computer, checked when loaded, refused with a clear message
//! when missing or damaged; the output of a game without them is unchanged.

mod cli_support;

use cli_support::*;

const PLAY: &[&str] = &[
    "play",
    "--variant",
    "twelve-mens-morris",
    "--ascii",
    "--computer",
    "second",
    "--level",
    "8",
];

#[test]
fn play_with_tables_plays_as_before_and_refuses_missing_or_damaged_ones() {
    let dir = twelve_mens_morris_tables("play");
    let d = dir.to_str().unwrap();
    let input = "a1\na4\nquit\n";
    let plain = success(mills_with_input(PLAY, input));
    let with = [PLAY, &["--tables", d]].concat();
    let output = mills_with_input(&with, input);
    assert_eq!(stderr(&output), "");
    // Far from the endgame the tables change nothing: the same game, the same transcript.
    assert_eq!(success(output), plain);

    // A level that does not use them says so, and plays on.
    let low = [&PLAY[..7], &["5", "--tables", d]].concat();
    let output = mills_with_input(&low, "quit\n");
    assert!(
        stderr(&output).contains("level 5 does not use the endgame tables (levels 8-10 do)"),
        "{}",
        stderr(&output)
    );
    assert!(output.status.success());

    // Zhi Qi's tables were not built there: refused, with how to build them.
    let zhiqi = bad_input(mills(&["play", "--variant", "zhiqi", "--tables", d]));
    assert!(zhiqi.contains("mills tables build --game zhiqi"), "{zhiqi}");
    // A damaged file is refused, never played with.
    let file = dir.join("twelve-mens-morris.mtb");
    let mut bytes = std::fs::read(&file).unwrap();
    let middle = bytes.len() / 2;
    bytes[middle] ^= 0x10;
    std::fs::write(&file, bytes).unwrap();
    let damaged = bad_input(mills(&with));
    assert!(damaged.contains("damaged (checksum mismatch)"), "{damaged}");
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn uci_loads_tables_by_flag_or_option() {
    let dir = twelve_mens_morris_tables("uci");
    let d = dir.to_str().unwrap();
    let out = success(mills_with_input(&["uci"], "uci\nisready\n"));
    assert!(
        out.contains("option name TablesPath type string default <empty>\nuciok\nreadyok\n"),
        "{out}"
    );
    let set = format!(
        "setoption name TablesPath value {d}\nsetoption name Variant value twelve-mens-morris\n\
         position startpos moves a1 g1\ngo depth 1\n"
    );
    let out = success(mills_with_input(&["uci"], &set));
    assert!(
        out.contains("info string endgame tables of twelve-mens-morris up to 3 a side\n"),
        "{out}"
    );
    assert!(out.lines().any(|l| l.starts_with("bestmove ")), "{out}");
    let none = success(mills_with_input(
        &["uci"],
        "setoption name TablesPath value /nonexistent-mills\n",
    ));
    assert!(
        none.contains("info string no endgame tables in /nonexistent-mills"),
        "{none}"
    );

    let flagged = mills_with_input(
        &["uci", "--tables", d],
        "setoption name Variant value twelve-mens-morris\ngo depth 1\n",
    );
    assert!(success(flagged).lines().any(|l| l.starts_with("bestmove ")));
    let missing = bad_input(mills(&["uci", "--tables", "/nonexistent-mills"]));
    assert!(
        missing.contains("no endgame tables in /nonexistent-mills"),
        "{missing}"
    );
    std::fs::remove_dir_all(dir).unwrap();
}
