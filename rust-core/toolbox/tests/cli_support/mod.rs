//! Running the `mills` binary from the CLI tests (`cli.rs`, `cli_records.rs`, `cli_tables.rs`,
//! `cli_match_engine.rs`): one copy of the
//! process plumbing and of the exit-code assertions, so that every CLI test checks them alike.
// Each test crate that includes this module uses its own subset of the helpers.
#![allow(dead_code)]

use std::io::Write;
use std::process::{Command, Output, Stdio};

/// Runs `mills` with `args` and `stdin` as its input.
pub fn mills_with_input(args: &[&str], stdin: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_mills"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the mills binary starts");
    let mut input = child.stdin.take().expect("stdin is piped");
    input
        .write_all(stdin.as_bytes())
        .expect("mills reads its input");
    drop(input);
    child.wait_with_output().expect("mills finishes")
}

pub fn mills(args: &[&str]) -> Output {
    mills_with_input(args, "")
}

pub fn stdout(output: &Output) -> String {
    String::from_utf8(output.stdout.clone()).expect("stdout is UTF-8")
}

pub fn stderr(output: &Output) -> String {
    String::from_utf8(output.stderr.clone()).expect("stderr is UTF-8")
}

/// Asserts success and returns stdout.
pub fn success(output: Output) -> String {
    assert!(
        output.status.success(),
        "exit {:?}, stderr: {}",
        output.status.code(),
        stderr(&output)
    );
    stdout(&output)
}

/// Asserts exit code 2 with nothing on stdout, and returns stderr.
pub fn bad_input(output: Output) -> String {
    assert_eq!(output.status.code(), Some(2), "stdout: {}", stdout(&output));
    assert_eq!(stdout(&output), "");
    stderr(&output)
}

/// A fresh (not yet existing) directory for one test's files, named after the test.
pub fn fresh_dir(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("mills-cli-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

/// A fresh directory holding the 3-a-side tables of Twelve Men's Morris, built by
/// `mills tables build` (a second or two), and what the build printed.
pub fn build_twelve_mens_morris_tables(name: &str) -> (std::path::PathBuf, String) {
    let dir = fresh_dir(name);
    let d = dir.to_str().unwrap();
    let built = success(mills(&[
        "tables",
        "build",
        "--game",
        "twelve-mens-morris",
        "--max-pieces",
        "3",
        "--out",
        d,
    ]));
    (dir, built)
}

/// As [`build_twelve_mens_morris_tables`], the directory only.
pub fn twelve_mens_morris_tables(name: &str) -> std::path::PathBuf {
    build_twelve_mens_morris_tables(name).0
}
