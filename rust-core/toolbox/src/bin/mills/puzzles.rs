//! `mills puzzles`: the puzzles proved by the endgame tables (docs/puzzles.md).
//!
//! `list` prints one line per shipped puzzle, `<id>  <game>  win in <N>  score <S>  <grade>`
//! (a tactic: `gain <K> in <N>` for `win in <N>`), easiest first. `show ID` prints the
//! puzzle's moves and board, and with `--tables DIR` its main line (a tactic: its solution).
//! `check` proves every shipped puzzle: endgames against the tables (loaded from DIR, or
//! built in memory when DIR has no file for the game), tactics by the exact goal search; it
//! prints `FAIL <id>: <why>` per failure and a summary per game and kind (exit code 3 on a
//! failure). `mine` plays seeded games and writes a new set per game to `--out DIR` (the
//! heavy work; never part of the tests); with `--keep-shipped` the shipped puzzles that are
//! still puzzles stay in it, first. `mine-tactics` mines the tactics from the computer's
//! self-play games.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Instant;

use mills_core::CancelToken;
use mills_core::EndgameTables;
use mills_core::puzzles::{
    self, Grade, MineConfig, Puzzle, PuzzleKind, PuzzleSession, PuzzleSet, TacticMineConfig,
    TurnVerdict,
};
use mills_core::{Rules, Variant, format_actions};

use crate::args::{self, CommandSpec, FlagSpec, Parsed};
use crate::error::CliError;
use crate::render;

/// The pieces a side the puzzles' tables hold.
const PIECES: u8 = 4;

pub const SPEC: CommandSpec = CommandSpec {
    name: "puzzles",
    summary: "List, show, check or mine the puzzles: endgames proved by the tables, tactics by search.",
    details: "\
list   one line per shipped puzzle: '<id>  <game>  win in <N>  score <S>  <grade>', a
       tactic '<id>  <game>  gain <K> in <N>  score <S>  <grade>' (ids '<g>-t-...'),
       easiest first (--game, --grade filter).
show   a puzzle's moves from the start and its board; with --tables DIR the main line
       (the unique winning turn, the longest defence, ...), for a tactic its solution.
check  proves every shipped puzzle: its moves replay from the start, the tables give a
       win in the stated N own turns (an endgame) or the exhaustive goal search gives
       the stated 'gain K within N turns whatever the opponent does' (a tactic), the
       first turn is unique, some first turn fails, there are at least four first turns,
       and the stored key and score are the position's. Tables come from --tables DIR,
       or are built in memory when DIR has none for a game. 'FAIL <id>: <why>' per
       failure, then per game '<game>: <n> puzzles, win in <min>-<max>, proved in <t> s'
       and '<game>: <n> tactics, within <min>-<max> turns, proved in <t> s'
       (exit code 3 on failure).
mine   plays --games seeded games per game and writes the chosen puzzles to
       --out DIR/<game>.txt (rust-core/src/puzzles/data is the shipped set). With
       --keep-shipped the shipped puzzles that are still puzzles are kept first (their
       ids stay) and new ones fill the set up to --keep.
mine-tactics  plays --games seeded self-play games per game between levels 1 to 4
       (default 120) and writes up to --keep tactics (default 160) to
       --out DIR/<game>-tactics.txt (needs no tables).
",
    positionals: "list|show|check|mine|mine-tactics [ID]",
    max_positionals: 2,
    flags: &[
        FlagSpec::game("zhiqi, linked-horse, twelve-mens-morris or all (the default)"),
        FlagSpec::value(
            "--grade",
            "GR",
            "list: easy, medium, hard, expert or master",
        ),
        FlagSpec::value(
            "--tables",
            "DIR",
            "check/show/mine: table files (mills tables build)",
        ),
        FlagSpec::value(
            "--threads",
            "T",
            "check/mine: threads to build missing tables",
        ),
        FlagSpec::switch("--ascii", "show: draw the board in ASCII"),
        FlagSpec::value("--out", "DIR", "mine: where to write the sets"),
        FlagSpec::value(
            "--seed",
            "S",
            "mine, mine-tactics: the first game's seed (default 1)",
        ),
        FlagSpec::value(
            "--games",
            "N",
            "mine, mine-tactics: games to play per game (default 100000, 120)",
        ),
        FlagSpec::value(
            "--keep",
            "N",
            "mine, mine-tactics: puzzles to keep per game (default 330, 160)",
        ),
        FlagSpec::switch(
            "--keep-shipped",
            "mine: keep the shipped puzzles that are still puzzles",
        ),
    ],
};

/// Runs `mills puzzles` with the words after `puzzles`.
pub fn run(words: &[String], out: &mut impl Write) -> Result<(), CliError> {
    let Some(parsed) = args::parse_or_help(&SPEC, words, out)? else {
        return Ok(());
    };
    match parsed.positionals.first().map(String::as_str) {
        Some("list") => list(&parsed, out),
        Some("show") => show(&parsed, out),
        Some("check") => check(&parsed, out),
        Some("mine") => mine(&parsed, out),
        Some("mine-tactics") => mine_tactics(&parsed, out),
        Some(other) => Err(parsed
            .error(format!(
                "unknown action '{other}' (list, show, check, mine or mine-tactics)"
            ))
            .into()),
        None => Err(parsed
            .error("say what to do: list, show, check, mine or mine-tactics")
            .into()),
    }
}

fn input(message: impl Into<String>) -> CliError {
    CliError::input(SPEC.name, message)
}

/// The tables of `variant`: from `dir` when it holds them, else built in memory.
fn tables(parsed: &Parsed, variant: Variant) -> Result<Arc<EndgameTables>, CliError> {
    let dir = parsed.value("--tables").map(PathBuf::from);
    if let Some(dir) = dir
        .as_deref()
        .filter(|d| EndgameTables::path_in(d, variant).exists())
    {
        return EndgameTables::load(dir, variant)
            .map(Arc::new)
            .map_err(|e| input(e.to_string()));
    }
    let threads: usize = match parsed.number("--threads", "threads")? {
        Some(0) => return Err(parsed.error("threads must be at least 1").into()),
        Some(n) => n,
        None => std::thread::available_parallelism().map_or(1, |n| n.get()),
    };
    eprintln!("{variant}: building the tables up to {PIECES} a side in memory");
    EndgameTables::build(variant, PIECES, threads, &mut |_| {})
        .map(Arc::new)
        .map_err(|e| input(e.to_string()))
}

fn list(parsed: &Parsed, out: &mut impl Write) -> Result<(), CliError> {
    let grade = match parsed.value("--grade") {
        None => None,
        Some(id) => Some(Grade::from_id(id).ok_or_else(|| {
            parsed.error(format!(
                "no grade '{id}' (easy, medium, hard, expert, master)"
            ))
        })?),
    };
    for variant in parsed.games()? {
        for p in puzzles::choose_from(puzzles::ALL_KINDS, variant, grade) {
            writeln!(
                out,
                "{}  {variant}  {}  score {}  {}",
                p.id,
                goal_words(&p),
                p.score,
                p.grade.id()
            )?;
        }
    }
    Ok(())
}

/// `win in N` or `gain K in N`.
fn goal_words(puzzle: &Puzzle) -> String {
    match puzzle.gain {
        None => format!("win in {}", puzzle.turns),
        Some(gain) => format!("gain {gain} in {}", puzzle.turns),
    }
}

fn show(parsed: &Parsed, out: &mut impl Write) -> Result<(), CliError> {
    let id = parsed
        .positionals
        .get(1)
        .ok_or_else(|| parsed.error("show needs a puzzle id (see 'mills puzzles list')"))?;
    let puzzle = puzzles::puzzle(id).map_err(|e| input(e.to_string()))?;
    let position = puzzle.position().map_err(|e| input(e.to_string()))?;
    let goal = match puzzle.gain {
        None => format!("win in {}", puzzle.turns),
        Some(gain) => format!(
            "gain {gain} within {} turns whatever the opponent does",
            puzzle.turns
        ),
    };
    writeln!(
        out,
        "{}: {}, {} to move and {goal} (score {}, {})",
        puzzle.id,
        puzzle.variant.name(),
        position.side_to_move(),
        puzzle.score,
        puzzle.grade.id()
    )?;
    writeln!(out, "moves: {}", format_actions(&puzzle.moves))?;
    let glyphs = if parsed.switch("--ascii") {
        render::Glyphs::Ascii
    } else {
        render::Glyphs::detect()
    };
    write!(out, "{}", render::board(&position, glyphs))?;
    if puzzle.kind() == PuzzleKind::Tactic && parsed.value("--tables").is_some() {
        let examined = puzzles::examine_tactic(&position, &mut puzzles::GoalSearch::new())
            .map_err(|e| input(format!("{}: not a tactic: {e:?}", puzzle.id)))?;
        writeln!(out, "solution: {}", format_actions(&examined.solution))?;
    } else if parsed.value("--tables").is_some() {
        writeln!(
            out,
            "main line: {}",
            main_line(&puzzle, tables(parsed, puzzle.variant)?)?
        )?;
    }
    Ok(())
}

/// The solution against the longest defence, turn by turn, as a session plays it.
fn main_line(puzzle: &Puzzle, tables: Arc<EndgameTables>) -> Result<String, CliError> {
    let mut session =
        PuzzleSession::new(puzzle.clone(), tables).map_err(|e| input(e.to_string()))?;
    let mut line = Vec::new();
    loop {
        let turn = session.hint().map_err(|e| input(e.to_string()))?;
        line.push(format_actions(&turn));
        match session.play_turn(&turn).map_err(|e| input(e.to_string()))? {
            TurnVerdict::Right { reply, .. } => line.push(format!("({})", format_actions(&reply))),
            TurnVerdict::Solved(_) => return Ok(line.join(" ")),
            other => return Err(input(format!("the main line went wrong: {other:?}"))),
        }
    }
}

fn check(parsed: &Parsed, out: &mut impl Write) -> Result<(), CliError> {
    let mut failed = 0;
    for variant in parsed.games()? {
        let tables = tables(parsed, variant)?;
        for kind in [PuzzleKind::Endgame, PuzzleKind::Tactic] {
            let started = Instant::now();
            let list = puzzles::of_kind(variant, kind);
            for puzzle in &list {
                if let Err(why) = puzzles::prove(puzzle, &tables) {
                    writeln!(out, "FAIL {}: {why}", puzzle.id)?;
                    failed += 1;
                }
            }
            let min = list.iter().map(|p| p.turns).min().unwrap_or(0);
            let max = list.iter().map(|p| p.turns).max().unwrap_or(0);
            let what = match kind {
                PuzzleKind::Endgame => format!("puzzles, win in {min}-{max}"),
                PuzzleKind::Tactic => format!("tactics, within {min}-{max} turns"),
            };
            writeln!(
                out,
                "{variant}: {} {what}, proved in {:.1} s",
                list.len(),
                started.elapsed().as_secs_f64()
            )?;
        }
    }
    if failed > 0 {
        return Err(CliError::CheckFailed(format!("puzzles: {failed} failed")));
    }
    Ok(())
}

/// The flags both miners share.
struct MiningFlags {
    dir: PathBuf,
    seed: u64,
    games: u32,
    keep: usize,
}

/// `--out` (required by `action`), and `--seed`, `--games`, `--keep` over the defaults.
fn mining_flags(
    parsed: &Parsed,
    action: &str,
    seed: u64,
    games: u32,
    keep: usize,
) -> Result<MiningFlags, CliError> {
    Ok(MiningFlags {
        dir: parsed
            .value("--out")
            .map(PathBuf::from)
            .ok_or_else(|| parsed.error(format!("{action} needs --out DIR")))?,
        seed: parsed.number("--seed", "seed")?.unwrap_or(seed),
        games: parsed.number("--games", "games")?.unwrap_or(games),
        keep: parsed.number("--keep", "puzzles to keep")?.unwrap_or(keep),
    })
}

fn mine(parsed: &Parsed, out: &mut impl Write) -> Result<(), CliError> {
    let defaults = MineConfig::default();
    let flags = mining_flags(parsed, "mine", defaults.seed, defaults.games, defaults.keep)?;
    let dir = flags.dir;
    let config = MineConfig {
        seed: flags.seed,
        games: flags.games,
        keep: flags.keep,
        ..defaults
    };
    for variant in parsed.games()? {
        let tables = tables(parsed, variant)?;
        let started = Instant::now();
        let keep_shipped = parsed.switch("--keep-shipped");
        let existing = if keep_shipped {
            puzzles::shipped_set(variant).map_err(|e| input(e.to_string()))?
        } else {
            PuzzleSet::new(variant, Vec::new())
        };
        let (set, report) = puzzles::mine_onto(&tables, &existing, &config, &CancelToken::new());
        let path = write_set(&dir, variant, PuzzleKind::Endgame, &set.to_text())?;
        let mut counts = [0u32; 256];
        for p in set.stored() {
            counts[usize::from(p.turns)] += 1;
        }
        let spread: Vec<String> = counts
            .iter()
            .enumerate()
            .filter(|(_, c)| **c > 0)
            .map(|(n, c)| format!("{n}:{c}"))
            .collect();
        let shipped_kept = if keep_shipped {
            format!(
                "{} of {} shipped still puzzles, ",
                report.kept,
                existing.stored().len()
            )
        } else {
            String::new()
        };
        writeln!(
            out,
            "{variant}: {} games, {} positions examined, {shipped_kept}{} candidates, {} kept (win in {}), {:.1} s -> {}",
            report.games,
            report.examined,
            report.candidates,
            set.stored().len(),
            spread.join(" "),
            started.elapsed().as_secs_f64(),
            path.display()
        )?;
    }
    Ok(())
}

fn mine_tactics(parsed: &Parsed, out: &mut impl Write) -> Result<(), CliError> {
    let defaults = TacticMineConfig::default();
    let flags = mining_flags(
        parsed,
        "mine-tactics",
        defaults.seed,
        defaults.games,
        defaults.keep,
    )?;
    let dir = flags.dir;
    let config = TacticMineConfig {
        seed: flags.seed,
        games: flags.games,
        keep: flags.keep,
        ..defaults
    };
    for variant in parsed.games()? {
        let started = Instant::now();
        let (set, report) = puzzles::mine_tactics(
            variant,
            &config,
            &mut |k| {
                mills_core::self_play(
                    Rules::of(variant),
                    puzzles::mining_levels(k),
                    config.seed.wrapping_add(u64::from(k)),
                    puzzles::mining_turns(variant, &config),
                )
            },
            &CancelToken::new(),
        );
        let path = write_set(&dir, variant, PuzzleKind::Tactic, &set.to_text())?;
        let mut goals = std::collections::BTreeMap::new();
        for p in set.puzzles() {
            *goals.entry((p.turns, p.gain.unwrap_or(0))).or_insert(0) += 1;
        }
        let spread: Vec<String> = goals
            .iter()
            .map(|((n, k), c)| format!("gain {k} in {n}: {c}"))
            .collect();
        writeln!(
            out,
            "{variant}: {} games, {} positions examined, {} tactics found, {} kept ({}), greedy solves {:.1}%, {:.1} s -> {}",
            report.games,
            report.examined,
            report.candidates,
            set.stored().len(),
            spread.join(", "),
            100.0 * report.greedy_solved,
            started.elapsed().as_secs_f64(),
            path.display()
        )?;
    }
    Ok(())
}

fn write_set(
    dir: &Path,
    variant: Variant,
    kind: PuzzleKind,
    text: &str,
) -> Result<PathBuf, CliError> {
    std::fs::create_dir_all(dir).map_err(|e| input(format!("{}: {e}", dir.display())))?;
    let suffix = match kind {
        PuzzleKind::Endgame => "",
        PuzzleKind::Tactic => "-tactics",
    };
    let path = dir.join(format!("{}{suffix}.txt", variant.id()));
    std::fs::write(&path, text).map_err(|e| input(format!("{}: {e}", path.display())))?;
    Ok(path)
}
