//! `mills lessons`: lists the interactive lessons of each game and checks them all.
//!
//! `--list` prints, game by game, a heading line `<game id>: <name> (<n> lessons)` and one
//! line per lesson, `  <lesson id>  <title>`, in course order (`--locale zh` or `zh-Hant` for
//! the Simplified or Traditional Chinese names and titles). `--check` runs [`mills_core::check_lessons`], the same checks as the
//! engine's tests: one `FAIL lesson <id>: <problem>` line per failure, then the summary line
//! `lessons: <counts>: all passed` (or `: N failed`, with exit code 3).

use std::io::Write;

use mills_core::Variant;
use mills_core::{Locale, rules_text};

use crate::args::{self, CommandSpec, FlagSpec};
use crate::error::CliError;

pub const SPEC: CommandSpec = CommandSpec {
    name: "lessons",
    summary: "List the interactive lessons of each game, or check them all.",
    details: "\
--list prints each game as '<game>: <name> (<n> lessons)' and its lessons as
'  <id>  <title>', in course order. --check loads every lesson, plays each solution to its
goal, checks that no turn reaching the goal is refused, that every listed wrong answer
gets its explanation, that an unlisted move is refused and that every text has both
languages; it prints 'FAIL ...' per problem, then 'lessons: ...: all passed' or
'...: N failed' (exit code 3).
",
    positionals: "",
    max_positionals: 0,
    flags: &[
        FlagSpec::switch("--list", "list the lessons of each game"),
        FlagSpec::switch("--check", "check every lesson; exit code 3 if one fails"),
        FlagSpec::game("only this game (with --list)"),
        FlagSpec::value(
            "--locale",
            "L",
            "en (default), zh (= zh-Hans) or zh-Hant: the language of --list",
        ),
    ],
};

pub fn run(words: &[String], out: &mut impl Write) -> Result<(), CliError> {
    let Some(parsed) = args::parse_or_help(&SPEC, words, out)? else {
        return Ok(());
    };
    let list = parsed.switch("--list");
    let check = parsed.switch("--check");
    if !list && !check {
        return Err(parsed.error("give --list or --check").into());
    }
    let locale = match parsed.value("--locale") {
        None | Some("en") => Locale::English,
        Some("zh" | "zh-Hans") => Locale::SimplifiedChinese,
        Some("zh-Hant") => Locale::TraditionalChinese,
        Some(other) => {
            return Err(parsed
                .error(format!(
                    "--locale must be en, zh (zh-Hans) or zh-Hant, not '{other}'"
                ))
                .into());
        }
    };
    let variants = match parsed.game()? {
        None => Variant::ALL.to_vec(),
        Some(variant) => vec![variant],
    };
    if list {
        for variant in variants {
            let course = mills_core::lesson_course(variant);
            let name = rules_text(variant.id(), locale).map_or(variant.name(), |t| t.name);
            writeln!(out, "{}: {name} ({} lessons)", variant.id(), course.len())?;
            let width = course.iter().map(|l| l.id.len()).max().unwrap_or(0);
            for lesson in course {
                writeln!(
                    out,
                    "  {:width$}  {}",
                    lesson.id,
                    lesson.title.get(locale),
                    width = width
                )?;
            }
        }
    }
    if check {
        let report = mills_core::check_lessons();
        for failure in &report.failures {
            writeln!(out, "FAIL {failure}")?;
        }
        writeln!(out, "lessons: {report}")?;
        if !report.passed() {
            out.flush()?;
            return Err(CliError::CheckFailed(format!(
                "{} lesson checks failed",
                report.failures.len()
            )));
        }
    }
    Ok(())
}
