//! `mills hint`: the engine's best whole turn for the side to move, at full strength.
//!
//! The output is line-oriented `key: value`, always these keys in this order, so tools can
//! read it like `mills legal`:
//!
//! ```text
//! hint: a7xg1           the rest of the turn as one token (RULES.md §2; never 'pass')
//! actions: a7 xg1       the same actions, space separated
//! score: 112            for the side to move, hundredths of a piece (over 99000: a forced win)
//! depth: 5              whole turns the search looked ahead
//! verdict: P1 is better equal, P1 is slightly better, P1 is better, P1 is winning,
//!                       P1 has a forced win (or P2 ...)
//! ```
//!
//! When a capture (or the step after a pull) is owed, the hint is the rest of that turn.
//! With a time limit the answer may vary between runs; `--depth` alone is deterministic.

use std::io::Write;
use std::time::Duration;

use mills_core::{CancelToken, DEFAULT_HINT_TIME, SearchLimits, Verdict, hint, verdict};
use mills_core::{Rules, Side, format_actions};

use crate::args::{self, CommandSpec, FlagSpec};
use crate::error::CliError;
use crate::legal;
use crate::moves;

pub const SPEC: CommandSpec = CommandSpec {
    name: "hint",
    summary: "Print the engine's best whole turn for the side to move.",
    details: "\
Output, always these keys in this order:
  hint: a7xg1               the rest of the turn as one token (never 'pass')
  actions: a7 xg1           the same actions, space separated
  score: 112                for the side to move, in hundredths of a piece
  depth: 5                  whole turns searched
  verdict: P1 is better     equal, P1/P2 is slightly better, is better, is winning,
                            has a forced win
The search runs at full strength for --time (default 1000 ms); with --depth and no
--time it stops at that depth and the answer is the same on every run.
",
    positionals: "",
    max_positionals: 0,
    flags: &[
        FlagSpec::required_game(args::GAME_HELP),
        args::MOVES_FLAG,
        FlagSpec::value("--time", "MS", "search time in milliseconds (default 1000)"),
        FlagSpec::value("--depth", "D", "search at most D whole turns ahead"),
    ],
};

/// Runs `mills hint` with the words after `hint`.
pub fn run(words: &[String], out: &mut impl Write) -> Result<(), CliError> {
    let Some(parsed) = args::parse_or_help(&SPEC, words, out)? else {
        return Ok(());
    };
    let variant = parsed.required_game()?;
    let game = moves::game_from_flag(&parsed, Rules::of(variant), SPEC.name)?;
    let depth = parsed.number::<u32>("--depth", "depth")?;
    if depth == Some(0) {
        return Err(parsed.error("--depth must be at least 1").into());
    }
    let time = parsed
        .number::<u64>("--time", "time")?
        .map(Duration::from_millis);
    let limits = SearchLimits {
        depth,
        time: time.or(depth.is_none().then_some(DEFAULT_HINT_TIME)),
        nodes: None,
    };
    if game.is_over() {
        let status = legal::status(game.outcome());
        return Err(CliError::input(
            SPEC.name,
            format!("the game is over ({status}): there is no turn to hint"),
        ));
    }
    let side = game.position().side_to_move();
    let hint = hint(&game, limits, &CancelToken::new())
        .ok_or_else(|| CliError::input(SPEC.name, "the search found no turn"))?;
    let for_p1 = if side == Side::P1 {
        hint.score
    } else {
        -hint.score
    };
    writeln!(out, "hint: {}", hint.notation)?;
    writeln!(out, "actions: {}", format_actions(&hint.actions))?;
    writeln!(out, "score: {}", hint.score)?;
    writeln!(out, "depth: {}", hint.depth)?;
    writeln!(out, "verdict: {}", verdict_words(verdict(for_p1)))?;
    Ok(())
}

/// The verdict in plain English (the apps say it in their own languages).
pub fn verdict_words(verdict: Verdict) -> String {
    match verdict {
        Verdict::Equal => "equal".to_string(),
        Verdict::SlightlyBetter(side) => format!("{side} is slightly better"),
        Verdict::Better(side) => format!("{side} is better"),
        Verdict::Winning(side) => format!("{side} is winning"),
        Verdict::ForcedWin(side) => format!("{side} has a forced win"),
        Verdict::Exact(mills_core::ExactResult::Draw) => "draw".to_string(),
        Verdict::Exact(mills_core::ExactResult::Win { winner, turns }) => {
            format!("{winner} wins in {turns} turns")
        }
    }
}
