//! `mills match`: engine-against-engine games between two levels or settings, with random
//! balanced openings, printing wins, draws and losses and the score with its error margin.
//! The games and the statistics live in the library ([`mills_core::ai::arena`]).

use std::io::Write;

use mills_core::ai::arena::{GameReport, MatchConfig, Player, Timing, play_match};
use mills_core::format_actions;
use mills_core::tables::EndgameTables;

use crate::args::{self, CommandSpec, FlagSpec, Parsed};
use crate::error::CliError;

pub const SPEC: CommandSpec = CommandSpec {
    name: "match",
    summary: "Play the computer against itself: two levels or settings, many games.",
    details: "\
A player (P) is a level 1-10, 'ms=N' (full strength, N ms a turn) or 'depth=N' (N turns),
optionally followed by +noqs, +nott, +noasp (quiescence, table, aspiration off) or
+ms=N, +depth=N (another budget for a level), +t=T, +loss=N (randomness: softmax
temperature and the largest loss accepted, in 1/100 piece) or +w:NAME=N (an evaluation weight:
piece, stabled, open_two, closable, shuttle, mobility, stuck_piece, together, tempo,
blocked, last_step, short_of_five, reach, safe_reach), e.g. 7, ms=300, 8+noqs, depth=4+w:open_two=20.
Each random opening (--opening-turns random turns) is played twice, colours swapped.
The summary gives A's wins, draws and losses, its score with the 95% interval from the
trinomial variance, the Elo difference, and for each player the mean and longest turn and
the largest turn time over its budget.
",
    positionals: "",
    max_positionals: 0,
    flags: &[
        FlagSpec::required("--variant", "V", args::VARIANT_HELP),
        FlagSpec::required("--a", "P", "player A"),
        FlagSpec::required("--b", "P", "player B"),
        FlagSpec::value(
            "--games",
            "N",
            "games in all, rounded up to even (default 100)",
        ),
        FlagSpec::value(
            "--seed",
            "S",
            "seed of the openings and engines (default 1)",
        ),
        FlagSpec::value("--threads", "T", "games played at once (default 1)"),
        FlagSpec::value(
            "--opening-turns",
            "K",
            "random turns before the engines play (default 4)",
        ),
        FlagSpec::value(
            "--a-tables",
            "DIR",
            "player A probes the endgame tables in DIR (mills tables build)",
        ),
        FlagSpec::value(
            "--b-tables",
            "DIR",
            "player B probes the endgame tables in DIR",
        ),
        FlagSpec::switch("--verbose", "print every game as it ends"),
    ],
};

fn player(parsed: &Parsed, flag: &str) -> Result<Player, CliError> {
    let text = parsed.value(flag).unwrap_or_default();
    text.parse::<Player>()
        .map_err(|e| parsed.error(format!("{flag}: {e}")).into())
}

pub fn run(words: &[String], out: &mut impl Write) -> Result<(), CliError> {
    let Some(parsed) = args::parse_or_help(&SPEC, words, out)? else {
        return Ok(());
    };
    let variant = parsed.variant(None)?;
    let mut config = MatchConfig::new(variant, player(&parsed, "--a")?, player(&parsed, "--b")?);
    if let Some(games) = parsed.number::<u32>("--games", "games")? {
        config.games = games.max(1);
    }
    if let Some(seed) = parsed.number("--seed", "seed")? {
        config.seed = seed;
    }
    if let Some(threads) = parsed.number::<usize>("--threads", "threads")? {
        config.threads = threads.clamp(1, 64);
    }
    if let Some(turns) = parsed.number("--opening-turns", "opening turns")? {
        config.opening_turns = turns;
    }
    for (i, flag) in ["--a-tables", "--b-tables"].into_iter().enumerate() {
        if let Some(dir) = parsed.value(flag) {
            let tables = EndgameTables::load(std::path::Path::new(dir), variant)
                .map_err(|e| CliError::input(SPEC.name, format!("{flag}: {e}")))?;
            config.tables[i] = Some(std::sync::Arc::new(tables));
        }
    }
    let verbose = parsed.switch("--verbose");
    writeln!(
        out,
        "{}: A = {} against B = {}, {} games, seed {}",
        variant.id(),
        config.a.label,
        config.b.label,
        config.games.div_ceil(2) * 2,
        config.seed
    )?;
    out.flush()?;
    let mut failed = None;
    let report = play_match(&config, &mut |game: &GameReport| {
        if verbose && failed.is_none() {
            failed = print_game(out, game).err();
        }
    });
    if let Some(e) = failed {
        return Err(e.into());
    }
    writeln!(
        out,
        "A {} vs B {}: {}",
        config.a.label, config.b.label, report.stats
    )?;
    print_timing(out, "A", &config.a, &report.a_timing)?;
    print_timing(out, "B", &config.b, &report.b_timing)?;
    writeln!(out, "{:.1} s", report.elapsed.as_secs_f64())?;
    Ok(())
}

fn print_game(out: &mut impl Write, game: &GameReport) -> std::io::Result<()> {
    let result = match game.outcome {
        Some(outcome) => outcome.to_string(),
        None => "draw: turn limit".to_string(),
    };
    writeln!(
        out,
        "game {:>3}: A is {} | {} | {} turns | A scores {} | opening {}",
        game.index + 1,
        game.a_side,
        result,
        game.turns,
        game.a_points,
        format_actions(&game.opening)
    )?;
    out.flush()
}

fn print_timing(
    out: &mut impl Write,
    name: &str,
    player: &Player,
    timing: &Timing,
) -> std::io::Result<()> {
    let budget = match player.style.limits.time {
        Some(b) => format!(
            "budget {} ms, worst turn {:+.1}% of it",
            b.as_millis(),
            100.0 * (timing.worst_budget_ratio - 1.0)
        ),
        None => "no time budget".to_string(),
    };
    writeln!(
        out,
        "{name} ({}): {} turns, mean {:.1} ms, longest {:.1} ms, {budget}",
        player.label,
        timing.turns,
        timing.mean().as_secs_f64() * 1e3,
        timing.longest.as_secs_f64() * 1e3
    )
}
