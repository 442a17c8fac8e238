//! `mills tables`: build, probe and describe the exact endgame tables (docs/ai.md).
//!
//! `build` writes one file per game into a directory; `probe` and `info` read them back. A
//! damaged file, another game's file or a file of another format version is refused with
//! the table error and exit code 2. The progress of a build is one line on stderr, rewritten
//! in place on a terminal and printed once per slice otherwise (a hand-written line: a
//! progress-bar crate would be the engine's only dependency for it).

use std::io::{IsTerminal, Write};
use std::path::PathBuf;
use std::time::Instant;

use mills_core::{Action, Position, Rules, Setup, Side, Variant};
use mills_core::{BuildProgress, BuildStage, EndgameTables, RankedTurn, TableValue};

use crate::args::{self, CommandSpec, FlagSpec, Parsed};
use crate::error::CliError;
use crate::moves;

const DEFAULT_DIR: &str = "mills-tables";
const DEFAULT_PIECES: u8 = 4;

pub const SPEC: CommandSpec = CommandSpec {
    name: "tables",
    summary: "Build, probe or describe the exact endgame tables (docs/ai.md).",
    details: "\
build  solves every movement position with empty hands and at most N pieces a side,
       for one game or all three, and writes DIR/<game>.mtb (deterministic: the
       same bytes for any number of threads). Progress goes to stderr.
probe  prints the exact value of a position for the side to move and every turn
       from it, best first, with the value it leads to. The position comes from
       --moves, or from --p1/--p2 (a movement position with empty hands).
pack   writes every table file found in --tables DIR into one compressed file, the
       pack the apps ship and unpack on first use (each table's length and checksum
       in its header; docs/ai.md, Tables ready at once), and prints per game the
       file's size and its size packed.
info   prints, per game found in DIR, the file size and per slice (pieces of the
       side to move v the other) the counts of wins, draws and losses for the side
       to move and the longest distance in turns.
Values are for the side to move; distances count turns to the end of the game and
ignore the 100-turn rule (entries beyond 100 turns are counted by info).
",
    positionals: "build|probe|info|pack",
    max_positionals: 1,
    flags: &[
        FlagSpec::game(
            "build/info: zhiqi, linked-horse, twelve-mens-morris or all (default all); probe: one",
        ),
        FlagSpec::value("--max-pieces", "N", "build: pieces a side, 1-6 (default 4)"),
        FlagSpec::value(
            "--out",
            "DIR",
            "build: where to write (default mills-tables); pack: the pack FILE to write",
        ),
        FlagSpec::value(
            "--tables",
            "DIR",
            "pack: the table files to pack (default mills-tables)",
        ),
        FlagSpec::value(
            "--dir",
            "DIR",
            "probe/info: where to read (default mills-tables)",
        ),
        FlagSpec::value("--threads", "T", "build: threads (default: every core)"),
        args::MOVES_FLAG,
        FlagSpec::value("--p1", "\"PTS\"", "probe: P1's pieces, e.g. \"a7 d7 g4\""),
        FlagSpec::value("--p2", "\"PTS\"", "probe: P2's pieces"),
        FlagSpec::value("--to-move", "S", "probe with --p1/--p2: p1 (default) or p2"),
    ],
};

/// Runs `mills tables` with the words after `tables`.
pub fn run(words: &[String], out: &mut impl Write) -> Result<(), CliError> {
    let Some(parsed) = args::parse_or_help(&SPEC, words, out)? else {
        return Ok(());
    };
    match parsed.positionals.first().map(String::as_str) {
        Some("build") => build(&parsed, out),
        Some("probe") => probe(&parsed, out),
        Some("info") => info(&parsed, out),
        Some("pack") => pack(&parsed, out),
        Some(other) => Err(parsed
            .error(format!(
                "unknown action '{other}' (build, probe, info or pack)"
            ))
            .into()),
        None => Err(parsed
            .error("say what to do: build, probe, info or pack")
            .into()),
    }
}

fn directory(parsed: &Parsed, flag: &str) -> PathBuf {
    PathBuf::from(parsed.value(flag).unwrap_or(DEFAULT_DIR))
}

fn table_error(e: mills_core::TableError) -> CliError {
    CliError::input(SPEC.name, e.to_string())
}

fn build(parsed: &Parsed, out: &mut impl Write) -> Result<(), CliError> {
    let max: u8 = parsed
        .number("--max-pieces", "max pieces")?
        .unwrap_or(DEFAULT_PIECES);
    let threads: usize = match parsed.number("--threads", "threads")? {
        Some(0) => return Err(parsed.error("threads must be at least 1").into()),
        Some(n) => n,
        None => std::thread::available_parallelism().map_or(1, |n| n.get()),
    };
    let dir = directory(parsed, "--out");
    let terminal = std::io::stderr().is_terminal();
    for variant in parsed.games()? {
        let started = Instant::now();
        let mut show = |p: &BuildProgress| show_progress(variant, p, terminal);
        let tables = EndgameTables::build(variant, max, threads, &mut show).map_err(table_error)?;
        if terminal {
            eprintln!();
        }
        let path = tables.save(&dir).map_err(table_error)?;
        let entries: u64 = tables.stats().iter().map(|s| s.entries).sum();
        writeln!(
            out,
            "{variant}: up to {max} a side, {} slices, {entries} entries, {} bytes, {:.1} s -> {}",
            tables.stats().len(),
            tables.to_bytes().len(),
            started.elapsed().as_secs_f64(),
            path.display()
        )?;
    }
    Ok(())
}

fn pack(parsed: &Parsed, out: &mut impl Write) -> Result<(), CliError> {
    let Some(file) = parsed.value("--out") else {
        return Err(parsed.error("pack needs --out FILE").into());
    };
    let dir = directory(parsed, "--tables");
    let entries =
        mills_core::pack_tables_with(&dir, std::path::Path::new(file), &compress_for_shipping)
            .map_err(table_error)?;
    for entry in &entries {
        writeln!(
            out,
            "{}: {} bytes, {} packed",
            entry.game, entry.unpacked, entry.packed
        )?;
    }
    let packed = std::fs::metadata(file).map_or(0, |m| m.len());
    writeln!(
        out,
        "pack: {} tables, {packed} bytes -> {file}",
        entries.len()
    )?;
    Ok(())
}

/// The shipped pack's compression: zstd's level 19, a 3.4 MB pack of the 17.6 MB of 4-piece
/// tables (docs/ai.md), decoded in a window of at most 8 MB.
fn compress_for_shipping(bytes: &[u8]) -> std::io::Result<Vec<u8>> {
    zstd::encode_all(bytes, 19)
}

fn show_progress(variant: Variant, p: &BuildProgress, terminal: bool) {
    let slice = if p.movers == p.others {
        format!("{} v {}", p.movers, p.others)
    } else {
        format!(
            "{} v {} and {} v {}",
            p.movers, p.others, p.others, p.movers
        )
    };
    let stage = match p.stage {
        BuildStage::Turns => "turns".to_string(),
        BuildStage::Pass(n) => format!("pass {n}"),
        BuildStage::Done => "done".to_string(),
    };
    let percent = if p.total == 0 {
        100.0
    } else {
        p.done as f64 * 100.0 / p.total as f64
    };
    if terminal {
        eprint!(
            "\r\x1b[K{variant} {slice}: {stage} {percent:5.1}% of {}",
            p.total
        );
    } else if p.stage == BuildStage::Done {
        eprintln!("{variant} {slice}: done, {} entries", p.total);
    }
}

/// The position `probe` asks about: from `--p1`/`--p2`, or from `--moves`.
fn probe_position(parsed: &Parsed, variant: Variant) -> Result<Position, CliError> {
    let rules = Rules::of(variant);
    if parsed.value("--p1").is_none() && parsed.value("--p2").is_none() {
        let game = moves::game_from_flag(parsed, rules, SPEC.name)?;
        return Ok(*game.position());
    }
    if parsed.value("--moves").is_some() {
        return Err(parsed.error("give --moves or --p1/--p2, not both").into());
    }
    let to_move = match parsed.value("--to-move") {
        None | Some("p1") => Side::P1,
        Some("p2") => Side::P2,
        Some(other) => {
            return Err(parsed
                .error(format!("--to-move is p1 or p2, not '{other}'"))
                .into());
        }
    };
    let mut setup = Setup::moving(rules);
    setup.to_move = to_move;
    for (flag, side) in [("--p1", Side::P1), ("--p2", Side::P2)] {
        let mut points = Vec::new();
        for word in parsed.value(flag).unwrap_or("").split_whitespace() {
            points.push(
                word.parse()
                    .map_err(|e| parsed.error(format!("{flag}: {e}")))?,
            );
        }
        match side {
            Side::P1 => setup.p1 = points,
            Side::P2 => setup.p2 = points,
        }
    }
    setup
        .build()
        .map_err(|e| CliError::input(SPEC.name, e.to_string()))
}

/// A turn as one word, the way records may write it (`d6-d5xd7`).
fn turn_word(actions: &[Action]) -> String {
    actions.iter().map(Action::to_string).collect()
}

fn probe(parsed: &Parsed, out: &mut impl Write) -> Result<(), CliError> {
    let variant = parsed.required_game()?;
    let position = probe_position(parsed, variant)?;
    if let Some(outcome) = position.outcome() {
        writeln!(out, "game over: {outcome}")?;
        return Ok(());
    }
    let tables = EndgameTables::load(&directory(parsed, "--dir"), variant).map_err(table_error)?;
    let outside = || {
        CliError::input(
            SPEC.name,
            format!(
                "the position is not in the tables (the movement phase with empty hands, at most {} a side)",
                tables.max_pieces()
            ),
        )
    };
    let ranked: Vec<RankedTurn> = tables.ranked_turns(&position).ok_or_else(outside)?;
    let side = position.side_to_move();
    let value: TableValue = tables.probe(&position).unwrap_or_else(|| ranked[0].value);
    writeln!(out, "game: {variant}")?;
    writeln!(
        out,
        "to move: {side} ({} v {})",
        position.board(side).count(),
        position.board(side.opponent()).count()
    )?;
    writeln!(out, "value: {value}")?;
    writeln!(out, "turns:")?;
    for turn in ranked {
        writeln!(out, "  {}: {}", turn_word(&turn.actions), turn.value)?;
    }
    Ok(())
}

fn info(parsed: &Parsed, out: &mut impl Write) -> Result<(), CliError> {
    let dir = directory(parsed, "--dir");
    let mut found = 0;
    let explicit = parsed.value(args::GAME_FLAG).is_some();
    for variant in parsed.games()? {
        let path = EndgameTables::path_in(&dir, variant);
        if !explicit && !path.exists() {
            continue;
        }
        let tables = EndgameTables::load(&dir, variant).map_err(table_error)?;
        found += 1;
        let bytes = std::fs::metadata(&path).map(|m| m.len()).unwrap_or(0);
        writeln!(
            out,
            "{variant}: {}, {bytes} bytes, up to {} a side",
            path.display(),
            tables.max_pieces()
        )?;
        for s in tables.stats() {
            writeln!(
                out,
                "  {} v {}: {} entries, {} wins, {} draws, {} losses, longest {} turns, beyond 100: {}",
                s.movers, s.others, s.entries, s.wins, s.draws, s.losses, s.longest, s.beyond_100
            )?;
        }
    }
    if found == 0 {
        return Err(CliError::input(
            SPEC.name,
            format!(
                "no tables in {} (build them with 'mills tables build')",
                dir.display()
            ),
        ));
    }
    Ok(())
}
