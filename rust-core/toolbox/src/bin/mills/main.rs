//! `mills`: the command-line interface of the Mills engine, for people and for other tools.
//!
//! Each subcommand lives in its own module with a `SPEC` (its flags and help) and a `run`
//! function; this file only dispatches and turns errors into exit codes (see [`error`]).
//! The output formats of `perft` and `legal` are a contract with other tools: see those
//! modules before changing a line of them.

mod args;
mod bench;
mod engine_player;
mod error;
mod hint;
mod legal;
mod lessons;
mod matches;
mod moves;
mod online;
mod perft;
mod play;
mod puzzles;
mod record;
mod render;
mod tables;
mod turns;
mod uci;

use std::io::{self, IsTerminal, Write};
use std::process::ExitCode;

use args::CommandSpec;
use error::CliError;

/// Every subcommand, in the order help lists them.
const COMMANDS: [&CommandSpec; 12] = [
    &perft::SPEC,
    &legal::SPEC,
    &play::SPEC,
    &online::SPEC,
    &hint::SPEC,
    &record::SPEC,
    &bench::SPEC,
    &uci::SPEC,
    &matches::SPEC,
    &lessons::SPEC,
    &tables::SPEC,
    &puzzles::SPEC,
];

fn main() -> ExitCode {
    let words: Vec<String> = std::env::args().skip(1).collect();
    match dispatch(&words) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) if e.is_broken_pipe() => ExitCode::from(e.exit_code()),
        Err(e) => {
            eprintln!("{e}");
            ExitCode::from(e.exit_code())
        }
    }
}

/// Runs the subcommand named by the first word.
fn dispatch(words: &[String]) -> Result<(), CliError> {
    // The protocol's search thread writes to stdout too: it must not be locked here.
    if let Some(("uci", rest)) = words.split_first().map(|(c, r)| (c.as_str(), r)) {
        return uci::run(rest);
    }
    let stdout = io::stdout();
    let mut out = stdout.lock();
    let Some((command, rest)) = words.split_first() else {
        eprint!("{}", usage());
        return Err(CliError::input("", "no command given"));
    };
    match command.as_str() {
        "perft" => perft::run(rest, &mut out),
        "legal" => legal::run(rest, &mut out),
        "hint" => hint::run(rest, &mut out),
        "record" => record::run(rest, io::stdin().lock(), &mut out),
        "bench" => bench::run(rest, &mut out),
        "match" => matches::run(rest, &mut out),
        "lessons" => lessons::run(rest, &mut out),
        "tables" => tables::run(rest, &mut out),
        "puzzles" => puzzles::run(rest, &mut out),
        "play" => {
            let stdin = io::stdin();
            let echo = !stdin.is_terminal();
            play::run(rest, stdin.lock(), &mut out, echo)
        }
        "online" => {
            let echo = !io::stdin().is_terminal();
            online::run(rest, io::BufReader::new(io::stdin()), &mut out, echo)
        }
        "help" | "--help" | "-h" => help(rest, &mut out),
        "--version" | "-V" | "version" => {
            writeln!(out, "mills {}", env!("CARGO_PKG_VERSION"))?;
            Ok(())
        }
        other => Err(CliError::input(
            "",
            format!(
                "unknown command '{other}' (commands: {}, help; see 'mills --help')",
                command_names()
            ),
        )),
    }
}

/// The commands' names, comma-separated, in the order help lists them (for error messages, so
/// that a new command cannot be left out of them).
fn command_names() -> String {
    COMMANDS
        .iter()
        .map(|c| c.name)
        .collect::<Vec<_>>()
        .join(", ")
}

/// `mills help` prints the overview; `mills help perft` a command's help.
fn help(rest: &[String], out: &mut impl Write) -> Result<(), CliError> {
    match rest.first() {
        None => write!(out, "{}", usage())?,
        Some(name) => match COMMANDS.iter().find(|c| c.name == name) {
            Some(spec) => write!(out, "{}", spec.help())?,
            None => {
                return Err(CliError::input(
                    "help",
                    format!("no command '{name}' (commands: {})", command_names()),
                ));
            }
        },
    }
    Ok(())
}

/// The overview: every command with its usage line, summary and flags.
fn usage() -> String {
    let mut text = format!(
        "mills {} - Zhi Qi, Linked-Horse and Twelve Men's Morris engine\n\n\
         Usage: mills <command> [flags]\n",
        env!("CARGO_PKG_VERSION")
    );
    for spec in COMMANDS {
        text.push_str(&format!("\n{}\n  {}\n", spec.usage_line(), spec.summary));
        text.push_str(&args::flag_table(spec.flags));
    }
    text.push_str(
        "\nmills help [COMMAND]    this text, or one command's\n\
         mills --version         the version\n\n\
         Games (G): zhiqi, linked-horse, twelve-mens-morris; --variant V is the same as\n\
         --game G in every command.\n\
         Moves (M): actions separated by spaces, e.g. \"d6 a7 xd7 d6-d5\"; a whole turn may be\n\
         one word, e.g. d6-d5xd7. Rules: RULES.md.\n\
         Exit codes: 0 success, 1 output failed, 2 bad input (unknown flag, bad game or\n\
         depth, illegal move), 3 a check failed (lessons --check), 4 the server cannot be\n\
         reached (online).\n",
    );
    text
}
