//! `mills uci`: the UCI-style text protocol of Sanmill's engines on stdin and stdout. The
//! protocol itself lives in the library ([`mills_core::uci`]), where it is tested.

use std::io;

use crate::args::{self, CommandSpec};
use crate::error::CliError;

pub const SPEC: CommandSpec = CommandSpec {
    name: "uci",
    summary: "Speak the UCI-style protocol of Sanmill's engines on stdin and stdout.",
    details: "\
Commands: uci, isready, setoption name Variant value zhiqi|linked-horse|twelve-mens-morris,
setoption name SkillLevel value 1-10, ucinewgame, position startpos [moves d6 d2 ...]
(whole-turn tokens such as d6-d5xd7 are read), go [movetime MS | depth N | nodes N |
infinite | wtime MS btime MS], stop, quit, d. Replies: info depth .. score cp .. nodes ..
nps .. pv .., then 'bestmove <action>' (one action; a removal is its own bestmove) or
'bestmove none' when the game is over. 'go' alone plays as the skill level does.
",
    positionals: "",
    max_positionals: 0,
    flags: &[],
};

/// Runs the protocol. Called before `main` locks stdout: the search thread writes too.
pub fn run(words: &[String]) -> Result<(), CliError> {
    if args::parse_or_help(&SPEC, words, &mut io::stdout().lock())?.is_none() {
        return Ok(());
    }
    mills_core::uci::run(
        io::stdin().lock(),
        mills_core::uci::shared_output(io::stdout()),
    )?;
    Ok(())
}
