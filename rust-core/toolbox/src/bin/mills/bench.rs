//! `mills bench`: throughput of the engine on fixed positions.
//!
//! A benchmark is a named suite in [`SUITES`]; `mills bench NAME` runs one, `mills bench` or
//! `mills bench all` runs them all: `perft` (the move generator) and `search` (the computer
//! player: nodes per second and the time to reach given depths on fixed positions).
//!
//! The perft suite runs single-threaded perft (the move generator and copy-make) from the
//! empty board of every game and from reference positions of RULES.md §8, and prints a table
//! of leaves counted ("nodes"), seconds and millions of nodes per second. `--quick` runs
//! the same table at small depths (for tests and a smoke check).

use std::io::{self, Write};
use std::time::Instant;

use mills_core::EndgameTables;
use mills_core::{CancelToken, Engine, SearchLimits};
use mills_core::{Position, Rules, Variant, perft};

use crate::args::{self, CommandSpec, FlagSpec};
use crate::error::CliError;
use crate::moves;

pub const SPEC: CommandSpec = CommandSpec {
    name: "bench",
    summary: "Measure engine speed on fixed positions (SUITE: perft, search or all).",
    details: "\
The perft suite counts from the empty board of each game and from positions of
RULES.md §8, and prints game, position, depth, nodes (leaves counted), seconds and
millions of nodes per second, then a total. It takes about 6 s in a release build.
The search suite runs the computer player's iterative deepening (one thread, fresh
table) on a start, a placing and a movement position of each game, and prints for
each depth reached (whole turns) the nodes searched, the seconds since the start,
thousands of nodes per second and the best action; about 10 s in a release build.
",
    positionals: "[SUITE]",
    max_positionals: 1,
    flags: &[
        FlagSpec::switch(
            "--quick",
            "small depths: checks that the suite runs, measures little",
        ),
        FlagSpec::value(
            "--tables",
            "DIR",
            "search: probe the endgame tables in DIR, and add endgame positions searched without and with them",
        ),
    ],
};

/// The endgame tables `--tables` names, for the search suite.
static TABLES_DIR: std::sync::OnceLock<std::path::PathBuf> = std::sync::OnceLock::new();

/// A benchmark suite: runs, printing its own table.
type Suite = fn(quick: bool, out: &mut dyn Write) -> io::Result<()>;

/// Every suite, in the order `all` runs them.
const SUITES: &[(&str, Suite)] = &[("perft", perft_suite), ("search", search_suite)];

/// Runs `mills bench` with the words after `bench`.
pub fn run(words: &[String], out: &mut impl Write) -> Result<(), CliError> {
    let Some(parsed) = args::parse_or_help(&SPEC, words, out)? else {
        return Ok(());
    };
    let quick = parsed.switch("--quick");
    if let Some(dir) = parsed.value("--tables") {
        TABLES_DIR.get_or_init(|| dir.into());
    }
    let name = parsed.positionals.first().map_or("all", String::as_str);
    let chosen: Vec<&(&str, Suite)> = SUITES
        .iter()
        .filter(|(suite, _)| name == "all" || *suite == name)
        .collect();
    if chosen.is_empty() {
        let names: Vec<&str> = SUITES.iter().map(|(suite, _)| *suite).collect();
        return Err(parsed
            .error(format!(
                "unknown suite '{name}' (expected {} or all)",
                names.join(", ")
            ))
            .into());
    }
    for (_, suite) in chosen {
        suite(quick, out)?;
    }
    Ok(())
}

/// A position of the perft suite and how deep to count from it.
struct Case {
    variant: Variant,
    /// "start" or the letter of the RULES.md §8 reference position.
    name: &'static str,
    moves: &'static str,
    depth: u32,
    quick_depth: u32,
}

/// Depths chosen so that each case takes roughly 0.25–2 s in release mode on the 2-core
/// development machine, about 6 s for the suite (the brief: well under 20 s). Placement
/// trees are counted far faster than movement ones (the last ply of a placement is a
/// popcount), hence depth 6 from the start but 8–12 from the movement positions.
const CASES: &[Case] = &[
    Case {
        variant: Variant::ZhiQi,
        name: "start",
        moves: "",
        depth: 6,
        quick_depth: 3,
    },
    Case {
        variant: Variant::LinkedHorse,
        name: "start",
        moves: "",
        depth: 6,
        quick_depth: 3,
    },
    Case {
        variant: Variant::TwelveMensMorris,
        name: "start",
        moves: "",
        depth: 6,
        quick_depth: 3,
    },
    Case {
        variant: Variant::ZhiQi,
        name: "B",
        moves: "d7 e3 a1 f4 a4 f6 c3 g7 f2 b4 a7 xb4 e5 xb4 c4 e4 xd7 g4 c5 d6 d1 d3 g1 b6 d5 \
                xc4 d2 b2",
        depth: 12,
        quick_depth: 3,
    },
    Case {
        variant: Variant::TwelveMensMorris,
        name: "A",
        moves: "d2 c3 g4 b2 f2 g7 e4 a4 e3 g1 a1 e5 b6 f4 d5 d6 c5 d7 b4 d1 a7",
        depth: 12,
        quick_depth: 3,
    },
    Case {
        variant: Variant::TwelveMensMorris,
        name: "C",
        moves: "d7 e3 a1 f4 a4 f6 c3 g7 f2 b4 a7 xb4 d5 d6 c4 e4 g4 g1 e5 xg1 d2 c5 xd7 d7 d3 \
                g1 b2",
        depth: 10,
        quick_depth: 3,
    },
    Case {
        variant: Variant::LinkedHorse,
        name: "D",
        moves: "d7 a4 g4 e3 b4 b6 e5 c5 e4 d3 d2 d1 d5 a7 a7 b2 d6",
        depth: 8,
        quick_depth: 3,
    },
];

/// The position of a case: the reference moves are fixed, so failing to replay them is a bug.
fn position(case: &Case) -> Position {
    let actions = moves::parse_moves(case.moves).expect("bench moves are valid notation");
    *mills_core::Game::replay(Rules::of(case.variant), &actions)
        .expect("bench moves are legal")
        .position()
}

fn perft_suite(quick: bool, out: &mut dyn Write) -> io::Result<()> {
    writeln!(
        out,
        "{:<20} {:<8} {:>5} {:>12} {:>9} {:>8}",
        "game", "position", "depth", "nodes", "seconds", "Mnps"
    )?;
    let mut total_nodes = 0;
    let mut total_seconds = 0.0;
    for case in CASES {
        let depth = if quick { case.quick_depth } else { case.depth };
        let position = position(case);
        let started = Instant::now();
        let nodes = perft(&position, depth);
        let seconds = started.elapsed().as_secs_f64();
        writeln!(
            out,
            "{:<20} {:<8} {:>5} {:>12} {:>9.3} {:>8.1}",
            case.variant.id(),
            case.name,
            depth,
            nodes,
            seconds,
            mnps(nodes, seconds)
        )?;
        out.flush()?;
        total_nodes += nodes;
        total_seconds += seconds;
    }
    writeln!(
        out,
        "{:<20} {:<8} {:>5} {:>12} {:>9.3} {:>8.1}",
        "total",
        "",
        "",
        total_nodes,
        total_seconds,
        mnps(total_nodes, total_seconds)
    )
}

/// Millions of nodes per second; 0 when the time is too small to measure.
fn mnps(nodes: u64, seconds: f64) -> f64 {
    if seconds > 0.0 {
        nodes as f64 / seconds / 1e6
    } else {
        0.0
    }
}

/// A position of the search suite and the depths (whole turns) whose times are reported.
struct SearchCase {
    variant: Variant,
    name: &'static str,
    moves: &'static str,
    depths: &'static [u32],
    quick_depths: &'static [u32],
}

/// Chosen so that each case takes roughly 0.3–2 s in release mode on the 2-core development
/// machine. "mid" is twelve placements in; the letters are positions of RULES.md §8.
const SEARCH_CASES: &[SearchCase] = &[
    SearchCase {
        variant: Variant::ZhiQi,
        name: "start",
        moves: "",
        depths: &[4, 6, 8],
        quick_depths: &[1, 2],
    },
    SearchCase {
        variant: Variant::ZhiQi,
        name: "mid",
        moves: "d6 d2 f4 b4 f6 b6 d7 a4 g4 e4 c4 e3",
        depths: &[5, 7, 9],
        quick_depths: &[1, 2],
    },
    SearchCase {
        variant: Variant::ZhiQi,
        name: "B",
        moves: "d7 e3 a1 f4 a4 f6 c3 g7 f2 b4 a7 xb4 e5 xb4 c4 e4 xd7 g4 c5 d6 d1 d3 g1 b6 d5 \
                xc4 d2 b2",
        depths: &[5, 7, 8],
        quick_depths: &[1, 2],
    },
    SearchCase {
        variant: Variant::LinkedHorse,
        name: "start",
        moves: "",
        depths: &[4, 6, 8],
        quick_depths: &[1, 2],
    },
    SearchCase {
        variant: Variant::LinkedHorse,
        name: "D",
        moves: "d7 a4 g4 e3 b4 b6 e5 c5 e4 d3 d2 d1 d5 a7 a7 b2 d6",
        depths: &[7, 9, 10],
        quick_depths: &[1, 2],
    },
    SearchCase {
        variant: Variant::TwelveMensMorris,
        name: "start",
        moves: "",
        depths: &[4, 6, 8],
        quick_depths: &[1, 2],
    },
    SearchCase {
        variant: Variant::TwelveMensMorris,
        name: "mid",
        moves: "d6 d2 f4 b4 f6 b6 d7 a4 g4 e4 c4 e3",
        depths: &[5, 7, 9],
        quick_depths: &[1, 2],
    },
    SearchCase {
        variant: Variant::TwelveMensMorris,
        name: "C",
        moves: "d7 e3 a1 f4 a4 f6 c3 g7 f2 b4 a7 xb4 d5 d6 c4 e4 g4 g1 e5 xg1 d2 c5 xd7 d7 d3 \
                g1 b2",
        depths: &[7, 9, 10],
        quick_depths: &[1, 2],
    },
];

fn search_suite(quick: bool, out: &mut dyn Write) -> io::Result<()> {
    writeln!(
        out,
        "{:<20} {:<8} {:>5} {:>10} {:>9} {:>8} {:>7}  best",
        "game", "position", "depth", "nodes", "seconds", "knps", "score"
    )?;
    let mut total_nodes = 0;
    let mut total_seconds = 0.0;
    for case in SEARCH_CASES {
        let depths = if quick {
            case.quick_depths
        } else {
            case.depths
        };
        let actions = moves::parse_moves(case.moves).expect("bench moves are valid notation");
        let game = mills_core::Game::replay(Rules::of(case.variant), &actions)
            .expect("bench moves are legal");
        let mut engine = Engine::new(1);
        engine.set_tables(tables_for(case.variant));
        let limits = SearchLimits::depth(depths.iter().copied().max().unwrap_or(1));
        let mut rows = Vec::new();
        let result = engine.search_with_progress(&game, limits, &CancelToken::new(), &mut |r| {
            rows.push((r.depth, r.nodes, r.elapsed.as_secs_f64(), r.score, r.best));
        });
        for &(depth, nodes, seconds, score, best) in &rows {
            if !depths.contains(&depth) && Some(depth) != rows.last().map(|r| r.0) {
                continue;
            }
            writeln!(
                out,
                "{:<20} {:<8} {:>5} {:>10} {:>9.3} {:>8.0} {:>7}  {best}",
                case.variant.id(),
                case.name,
                depth,
                nodes,
                seconds,
                mnps(nodes, seconds) * 1e3,
                score
            )?;
        }
        out.flush()?;
        if let Some(r) = result {
            total_nodes += r.nodes;
            total_seconds += r.elapsed.as_secs_f64();
        }
    }
    writeln!(
        out,
        "{:<20} {:<8} {:>5} {:>10} {:>9.3} {:>8.0}",
        "total",
        "",
        "",
        total_nodes,
        total_seconds,
        mnps(total_nodes, total_seconds) * 1e3
    )?;
    if TABLES_DIR.get().is_some() {
        endgame_suite(quick, out)?;
    }
    Ok(())
}

/// The tables of `variant` in the `--tables` directory, if given and readable.
fn tables_for(variant: Variant) -> Option<std::sync::Arc<EndgameTables>> {
    let dir = TABLES_DIR.get()?;
    match EndgameTables::load(dir, variant) {
        Ok(tables) => Some(std::sync::Arc::new(tables)),
        Err(e) => {
            eprintln!("bench: {variant}: no tables ({e})");
            None
        }
    }
}

/// Movement positions with five pieces a side: one capture away from the 4-piece tables.
const ENDGAMES: &[(Variant, &str, &str)] = &[
    (Variant::ZhiQi, "a7 d7 b6 f4 e3", "g7 g1 d2 c4 d5"),
    (Variant::LinkedHorse, "a7 d7 b6 f4 e3", "g7 g1 d2 c4 d5"),
    (
        Variant::TwelveMensMorris,
        "a7 d7 b6 f4 e3",
        "g7 g1 d2 c4 d5",
    ),
];

/// The endgame positions searched to a fixed depth without and with the tables.
fn endgame_suite(quick: bool, out: &mut dyn Write) -> io::Result<()> {
    writeln!(
        out,
        "\n{:<20} {:<8} {:>5} {:>10} {:>9} {:>8} {:>7}  best",
        "endgame (5 v 5)", "tables", "depth", "nodes", "seconds", "knps", "score"
    )?;
    let depth = if quick { 2 } else { 9 };
    for &(variant, p1, p2) in ENDGAMES {
        let position = mills_core::Setup::moving(Rules::of(variant))
            .pieces(mills_core::Side::P1, p1)
            .pieces(mills_core::Side::P2, p2)
            .build()
            .expect("bench endgames are valid");
        let game = mills_core::Game::from_position(position);
        for tables in [None, tables_for(variant)] {
            let probing = if tables.is_some() { "on" } else { "off" };
            let mut engine = Engine::new(1);
            engine.set_tables(tables);
            let limits = SearchLimits::depth(depth);
            let Some(r) = engine.search(&game, limits, &CancelToken::new()) else {
                continue;
            };
            let seconds = r.elapsed.as_secs_f64();
            writeln!(
                out,
                "{:<20} {:<8} {:>5} {:>10} {:>9.3} {:>8.0} {:>7}  {}",
                variant.id(),
                probing,
                r.depth,
                r.nodes,
                seconds,
                mnps(r.nodes, seconds) * 1e3,
                r.score,
                r.best
            )?;
            out.flush()?;
        }
    }
    Ok(())
}
