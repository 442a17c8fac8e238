//! `mills match`: engine-against-engine games between two levels or settings, with random
//! balanced openings, printing wins, draws and losses and the score with its error margin.
//! The games and the statistics live in the toolbox library ([`mills_toolbox::arena`]); a seat may
//! be an outside engine instead ([`crate::engine_player`]).

use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::Duration;

use mills_core::EndgameTables;
use mills_core::Level;
use mills_core::format_actions;
use mills_core::{MAX_NAME_CHARS, Record, RecordHeader};
use mills_core::{Rules, Side};
use mills_toolbox::arena::{
    EnginePlayer, GameReport, MatchConfig, Player, Seat, Timing, TurnPlayer, play_match_with,
};

use crate::args::{self, CommandSpec, FlagSpec, Parsed};
use crate::engine_player::{EngineSpec, OutsideEngine};
use crate::error::CliError;

pub const SPEC: CommandSpec = CommandSpec {
    name: "match",
    summary: "Play the computer against itself: two levels or settings, many games.",
    details: "\
A player (P) is a level 1-10, 'ms=N' (full strength, N ms a turn) or 'depth=N' (N turns),
optionally followed by +noqs, +nott, +noasp (quiescence, table, aspiration off),
+noext, +nolmr (blockade extension, late move reductions off: level 10, ms=N and
depth=N use both), +v1 (the first version's search: 10+v1 is the old level 10), +spsa
(the self-play weights the fitted Twelve Men's Morris weights replaced), +early (start
no iteration the search does not expect to finish, as level 10 did before), +lpext
(search each side's last placement one turn deeper: a candidate, off in every level),
+blockext (search a forced block while placing one turn deeper: a candidate, off in every
level) or +ms=N,
+depth=N (another budget for a level), +t=T, +loss=N (randomness: softmax
temperature and the largest loss accepted, in 1/100 piece), +tt=BITS (a transposition table
of 2^BITS entries, 4-26, instead of the apps' 2^20) or +w:NAME=N (an evaluation weight:
piece, stabled, open_two, closable, shuttle, mobility, stuck_piece, together, tempo,
blocked, last_step, short_of_five, placing_room, placing_stuck, placing_fork,
placing_safe_room; while placing, added to the term of the same name: placing_open_two,
placing_closable, placing_shuttle, placing_together, placing_tempo), e.g. 7, ms=300,
8+noqs, depth=4+w:open_two=20.
Each random opening (--opening-turns random turns) is played twice, colours swapped.
The summary gives A's wins, draws and losses, its score with the 95% interval from the
trinomial variance, the Elo difference, and for each player the mean and longest turn and
the largest turn time over its budget; then the same score for the games A played as P1
(placing first) and as P2, one line each ('A as P1: ...').
Either player may be an outside engine that speaks the UCI-like protocol of Sanmill's
engines (as mills uci does): --a-engine/--b-engine \"CMD ARGS\" (split at spaces, no
quoting) instead of --a/--b; its label is the engine's 'id name'. Each game starts the
engine afresh: uci, then 'setoption name N value V' for each --X-engine-option (one flag,
comma-separated: \"N=V,N=V\"), isready; then for each of its actions 'position startpos
moves ...' and 'go', and its 'bestmove'. A removal is an action of its own: after a mill
the engine is asked again. 'go' is sent alone unless --engine-movetime is given, then as
'go movetime MS'; engines that take their time as an option get it as an option (Sanmill:
MoveTime=1, in seconds). --engine-movetime (default 1000) is also the engine's budget in the
timing line. --engine-stop MS sends 'stop' when no bestmove came MS after 'go', then
'isready' to flush a stray answer (for an engine whose time option is no cap: Sanmill's
Rust engine bounds each iteration by MoveTime, not the move). Our rules judge every answer: an unreadable or illegal bestmove, an engine that
exits, or no answer within 10 x the move time + 5 s loses the game, printed as a game line
'B forfeits: <reason>' (even without --verbose) and counted in a 'forfeits:' line.
Example: --b-engine ./sanmill --b-engine-option \"PiecesCount=12,HasDiagonalLines=true,MoveTime=1\"
",
    positionals: "",
    max_positionals: 0,
    flags: &[
        FlagSpec::required_game(args::GAME_HELP),
        FlagSpec::value("--a", "P", "player A (required unless --a-engine)"),
        FlagSpec::value("--b", "P", "player B (required unless --b-engine)"),
        FlagSpec::value(
            "--a-engine",
            "\"CMD\"",
            "player A is this outside engine (UCI-like protocol)",
        ),
        FlagSpec::value(
            "--a-engine-option",
            "\"N=V,..\"",
            "setoption name N value V for engine A, comma-separated",
        ),
        FlagSpec::value("--b-engine", "\"CMD\"", "player B is this outside engine"),
        FlagSpec::value(
            "--b-engine-option",
            "\"N=V,..\"",
            "setoption name N value V for engine B, comma-separated",
        ),
        FlagSpec::value(
            "--engine-movetime",
            "MS",
            "sends 'go movetime MS' to the engines (default: 'go'; budget 1000)",
        ),
        FlagSpec::value(
            "--engine-stop",
            "MS",
            "sends 'stop' when no bestmove came MS after 'go' (then isready)",
        ),
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
        FlagSpec::value(
            "--records",
            "DIR",
            "write every game as a text record in DIR (game-001.txt, ...)",
        ),
        FlagSpec::switch("--verbose", "print every game as it ends"),
    ],
};

fn player(parsed: &Parsed, flag: &str) -> Result<Player, CliError> {
    let text = parsed.value(flag).unwrap_or_default();
    text.parse::<Player>()
        .map_err(|e| parsed.error(format!("{flag}: {e}")).into())
}

/// The outside engine of a seat, if `--a-engine`/`--b-engine` names one, else `None`; the
/// seat must then have its `--a`/`--b` player, and not both.
fn engine_spec(parsed: &Parsed, seat: Seat) -> Result<Option<EngineSpec>, CliError> {
    let [player, engine, options] = match seat {
        Seat::A => ["--a", "--a-engine", "--a-engine-option"],
        Seat::B => ["--b", "--b-engine", "--b-engine-option"],
    };
    let Some(command) = parsed.value(engine) else {
        if parsed.value(player).is_none() {
            let message = format!("{player} is required (player {seat}, or {engine} \"CMD\")");
            return Err(parsed.error(message).into());
        }
        if parsed.value(options).is_some() {
            return Err(parsed.error(format!("{options} needs {engine}")).into());
        }
        return Ok(None);
    };
    if parsed.value(player).is_some() {
        return Err(parsed
            .error(format!("give {player} or {engine}, not both"))
            .into());
    }
    let go_movetime = parsed
        .number::<u64>("--engine-movetime", "engine move time")?
        .map(Duration::from_millis);
    let stop_after = parsed
        .number::<u64>("--engine-stop", "engine stop time")?
        .map(Duration::from_millis);
    let budget = go_movetime.or(stop_after).unwrap_or(Duration::from_secs(1));
    EngineSpec::parse(command, parsed.value(options), go_movetime, budget)
        .map(|spec| Some(EngineSpec { stop_after, ..spec }))
        .map_err(|e| parsed.error(format!("{engine}: {e}")).into())
}

/// Starts the engine once before the match, so that a wrong command is a clear error rather
/// than a match of forfeits, and names the seat by the engine's `id name`.
fn engine_name(spec: &EngineSpec, seat: Seat) -> Result<String, CliError> {
    let flag = match seat {
        Seat::A => "--a-engine",
        Seat::B => "--b-engine",
    };
    OutsideEngine::start(spec)
        .map(|engine| engine.name().to_string())
        .map_err(|e| CliError::input(SPEC.name, format!("{flag}: {e}")))
}

pub fn run(words: &[String], out: &mut impl Write) -> Result<(), CliError> {
    let Some(parsed) = args::parse_or_help(&SPEC, words, out)? else {
        return Ok(());
    };
    let variant = parsed.required_game()?;
    let engines = [
        engine_spec(&parsed, Seat::A)?,
        engine_spec(&parsed, Seat::B)?,
    ];
    for flag in ["--engine-movetime", "--engine-stop"] {
        if engines.iter().all(Option::is_none) && parsed.value(flag).is_some() {
            return Err(parsed
                .error(format!("{flag} needs --a-engine or --b-engine"))
                .into());
        }
    }
    let mut seats = Vec::with_capacity(2);
    for (seat, flag) in [(Seat::A, "--a"), (Seat::B, "--b")] {
        seats.push(match &engines[seat.index()] {
            Some(spec) => Player {
                label: engine_name(spec, seat)?,
                ..Player::level(Level::MAX)
            },
            None => player(&parsed, flag)?,
        });
    }
    let b = seats.pop().expect("two seats");
    let a = seats.pop().expect("two seats");
    let mut config = MatchConfig::new(variant, a, b);
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
    let records = match parsed.value("--records") {
        Some(dir) => Some(GameRecords::create(Path::new(dir), &config)?),
        None => None,
    };
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
    let make_player = |seat: Seat, index: u32| -> Result<Box<dyn TurnPlayer>, String> {
        match &engines[seat.index()] {
            Some(spec) => Ok(Box::new(OutsideEngine::start(spec)?)),
            None => Ok(Box::new(EnginePlayer::for_seat(&config, seat, index))),
        }
    };
    let mut failed = None;
    let report = play_match_with(&config, &make_player, &mut |game: &GameReport| {
        // A forfeit is shown whatever the verbosity: it says the engine misbehaved.
        if (verbose || game.forfeit.is_some()) && failed.is_none() {
            failed = print_game(out, game).err().map(CliError::from);
        }
        if let Some(records) = &records
            && failed.is_none()
        {
            failed = records.write(game).err();
        }
    });
    if let Some(e) = failed {
        return Err(e);
    }
    writeln!(
        out,
        "A {} vs B {}: {}",
        config.a.label, config.b.label, report.stats
    )?;
    let budgets = [Seat::A, Seat::B].map(|seat| match &engines[seat.index()] {
        Some(spec) => Some(spec.budget),
        None => match seat {
            Seat::A => config.a.style.limits.time,
            Seat::B => config.b.style.limits.time,
        },
    });
    print_timing(out, "A", &config.a.label, budgets[0], &report.a_timing)?;
    print_timing(out, "B", &config.b.label, budgets[1], &report.b_timing)?;
    for side in [Side::P1, Side::P2] {
        writeln!(out, "A as {side}: {}", report.stats_as(side))?;
    }
    let forfeits = |seat| {
        report
            .games
            .iter()
            .filter(|g| g.forfeit.as_ref().is_some_and(|f| f.seat == seat))
            .count()
    };
    let (a_forfeits, b_forfeits) = (forfeits(Seat::A), forfeits(Seat::B));
    if a_forfeits + b_forfeits > 0 {
        writeln!(out, "forfeits: A {a_forfeits}, B {b_forfeits}")?;
    }
    writeln!(out, "{:.1} s", report.elapsed.as_secs_f64())?;
    Ok(())
}

/// `--records DIR`: every game of the match as a text record (docs/records.md), written as
/// it ends, so that the games of a long match can be replayed and studied (`mills record`,
/// the apps' import) even if the match is stopped.
struct GameRecords {
    dir: PathBuf,
    rules: Rules,
    labels: [Option<String>; 2],
    /// Digits in a file name: enough for the last game's number, at least three.
    width: usize,
}

impl GameRecords {
    fn create(dir: &Path, config: &MatchConfig) -> Result<GameRecords, CliError> {
        std::fs::create_dir_all(dir).map_err(|e| {
            CliError::input(
                SPEC.name,
                format!("--records: cannot create {}: {e}", dir.display()),
            )
        })?;
        let games = config.games.div_ceil(2) * 2;
        Ok(GameRecords {
            dir: dir.to_path_buf(),
            rules: Rules::of(config.variant),
            labels: [&config.a.label, &config.b.label].map(|l| record_name(l)),
            width: games.to_string().len().max(3),
        })
    }

    fn write(&self, game: &GameReport) -> Result<(), CliError> {
        let fail = |e: String| CliError::input(SPEC.name, format!("--records: {e}"));
        let played = game.recorded_game(self.rules).map_err(fail)?;
        let [a, b] = self.labels.clone();
        let players = match game.a_side {
            Side::P1 => [a, b],
            Side::P2 => [b, a],
        };
        let header = RecordHeader {
            players,
            ..RecordHeader::default()
        };
        let text = Record::new(played, header)
            .map_err(|e| fail(e.to_string()))?
            .to_text();
        let name = format!("game-{:0width$}.txt", game.index + 1, width = self.width);
        let path = self.dir.join(name);
        std::fs::write(&path, text)
            .map_err(|e| fail(format!("cannot write {}: {e}", path.display())))
    }
}

/// A player's label as a record's player name (`10`, `ms=200+nolmr`, an engine's `id name`):
/// one line of at most the characters a record holds, without spaces at its ends.
fn record_name(label: &str) -> Option<String> {
    let name: String = label
        .chars()
        .filter(|c| !c.is_control())
        .take(MAX_NAME_CHARS)
        .collect();
    let name = name.trim();
    (!name.is_empty()).then(|| name.to_string())
}

fn print_game(out: &mut impl Write, game: &GameReport) -> std::io::Result<()> {
    let result = match (&game.forfeit, game.outcome) {
        (Some(forfeit), _) => forfeit.to_string(),
        (None, Some(outcome)) => outcome.to_string(),
        (None, None) => "draw: turn limit".to_string(),
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
    label: &str,
    budget: Option<Duration>,
    timing: &Timing,
) -> std::io::Result<()> {
    let budget = match budget {
        Some(b) => format!(
            "budget {} ms, worst turn {:+.1}% of it",
            b.as_millis(),
            100.0 * (timing.worst_budget_ratio - 1.0)
        ),
        None => "no time budget".to_string(),
    };
    writeln!(
        out,
        "{name} ({label}): {} turns, mean {:.1} ms, longest {:.1} ms, {budget}",
        timing.turns,
        timing.mean().as_secs_f64() * 1e3,
        timing.longest.as_secs_f64() * 1e3
    )
}
