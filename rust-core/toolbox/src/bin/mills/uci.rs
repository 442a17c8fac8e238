//! `mills uci`: the UCI-style text protocol of Sanmill's engines on stdin and stdout. The
//! protocol itself lives in the toolbox library ([`mills_toolbox::uci`]), where it is tested.

use std::io;
use std::path::Path;
use std::sync::Arc;

use mills_core::{TableShelf, load_existing_tables};

use crate::args::{self, CommandSpec, FlagSpec};
use crate::error::CliError;

pub const SPEC: CommandSpec = CommandSpec {
    name: "uci",
    summary: "Speak the UCI-style protocol of Sanmill's engines on stdin and stdout.",
    details: "\
Commands: uci, isready, setoption name Variant value zhiqi|linked-horse|twelve-mens-morris,
setoption name SkillLevel value 1-10, setoption name TablesPath value DIR (the endgame
tables every search probes, as mills tables build --out DIR writes them), ucinewgame, position startpos [moves d6 d2 ...]
(whole-turn tokens such as d6-d5xd7 are read), go [movetime MS | depth N | nodes N |
infinite | wtime MS btime MS], stop, quit, d. Replies: info depth .. score cp .. nodes ..
nps .. pv .., then 'bestmove <action>' (one action; a removal is its own bestmove) or
'bestmove none' when the game is over. 'go' alone plays as the skill level does.
",
    positionals: "",
    max_positionals: 0,
    flags: &[FlagSpec::value(
        "--tables",
        "DIR",
        "probe the endgame tables in DIR (as setoption name TablesPath does)",
    )],
};

/// Runs the protocol. Called before `main` locks stdout: the search thread writes too.
pub fn run(words: &[String]) -> Result<(), CliError> {
    let Some(parsed) = args::parse_or_help(&SPEC, words, &mut io::stdout().lock())? else {
        return Ok(());
    };
    let shelf = Arc::new(TableShelf::new());
    if let Some(dir) = parsed.value("--tables") {
        let loaded = load_existing_tables(Path::new(dir), &shelf);
        if loaded.is_empty() {
            return Err(parsed
                .error(format!(
                    "--tables: no endgame tables in {dir} (mills tables build --out {dir})"
                ))
                .into());
        }
        for (variant, result) in loaded {
            if let Err(e) = result {
                return Err(parsed
                    .error(format!("--tables: the tables of {variant}: {e}"))
                    .into());
            }
        }
    }
    mills_toolbox::uci::run_with_tables(
        io::stdin().lock(),
        mills_toolbox::uci::shared_output(io::stdout()),
        shelf,
    )?;
    Ok(())
}
