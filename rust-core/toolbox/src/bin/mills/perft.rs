//! `mills perft`: count the action sequences of a given length (RULES.md §2 and §8).
//!
//! Output contract, relied on by other tools: the LAST line of stdout is the count alone, a
//! bare integer. With `--divide`, one `action: count` line per first action comes before it,
//! in the engine's generation order. Timing goes to stderr, so stdout stays machine-readable.
//!
//! ```text
//! $ mills perft --game zhiqi --depth 2 --moves "d7 e3 a1" --divide
//! a7: 20
//! g7: 20
//! ...
//! 420
//! ```

use std::io::Write;
use std::time::Instant;

use mills_core::{divide, perft};

use crate::args::{self, CommandSpec, FlagSpec};
use crate::error::CliError;
use crate::moves;

pub const SPEC: CommandSpec = CommandSpec {
    name: "perft",
    summary: "Count the action sequences of length D (perft, RULES.md §2).",
    details: "\
Output: the last line is the count alone. With --divide, one 'action: count' line
per first action comes before it. The time taken goes to stderr. Repetition and
the 100-turn rule do not apply in perft, nor while replaying --moves for it.
",
    positionals: "",
    max_positionals: 0,
    flags: &[
        FlagSpec::required_game(args::GAME_HELP),
        FlagSpec::required("--depth", "D", "length of the action sequences counted"),
        args::MOVES_FLAG,
        FlagSpec::switch(
            "--divide",
            "first print 'action: count' for each first action",
        ),
    ],
};

/// Runs `mills perft` with the words after `perft`.
pub fn run(words: &[String], out: &mut impl Write) -> Result<(), CliError> {
    let Some(parsed) = args::parse_or_help(&SPEC, words, out)? else {
        return Ok(());
    };
    let variant = parsed.required_game()?;
    let depth: u32 = parsed
        .number("--depth", "depth")?
        .ok_or_else(|| parsed.error("--depth is required (a whole number, e.g. --depth 4)"))?;
    // perft ignores the history draws, so the moves are replayed without them too.
    let rules = moves::without_history_draws(mills_core::Rules::of(variant));
    let game = moves::game_from_flag(&parsed, rules, SPEC.name)?;
    let position = game.position();

    let started = Instant::now();
    // Depth 0 has no first actions to divide by: its count is 1, the position itself.
    let total = if parsed.switch("--divide") && depth > 0 {
        let counts = divide(position, depth);
        for (action, count) in &counts {
            writeln!(out, "{action}: {count}")?;
        }
        counts.iter().map(|(_, count)| count).sum()
    } else {
        perft(position, depth)
    };
    let seconds = started.elapsed().as_secs_f64();
    writeln!(out, "{total}")?;
    report_time(total, seconds);
    Ok(())
}

/// Timing on stderr: useful to a person, invisible to a tool reading stdout.
fn report_time(total: u64, seconds: f64) {
    let rate = if seconds > 0.0 {
        format!(", {:.1} M leaves/s", total as f64 / seconds / 1e6)
    } else {
        String::new()
    };
    eprintln!("perft: {total} in {seconds:.3} s{rate}");
}
