//! `mills record check FILE` and `mills record convert FILE [--to text|json]`: the text
//! record of docs/records.md, checked whole or converted.
//!
//! `check` prints `key: value` lines (`record: ok`, `game:`, `turns:`, `actions:`, `result:`)
//! or refuses the file with the record's own error (exit code 2). `convert` reads a text
//! record, a game record JSON (`{"game": ..., "actions": [...]}`, as the engine's
//! `GameRecord`) or a saved game (`"format": "mills-session"`), and writes a normalized
//! text record (`--to text`, the default) or the game record JSON (`--to json`). FILE may be
//! `-` for standard input.

use std::io::{Read, Write};

use mills_core::Level;
use mills_core::{Game, GameRecord, Rules, Side};
use mills_core::{Record, RecordHeader, civil_date};
use serde::Deserialize;

use crate::args::{self, CommandSpec, FlagSpec, Parsed};
use crate::error::CliError;
use crate::legal;

pub const SPEC: CommandSpec = CommandSpec {
    name: "record",
    summary: "Check a game record, or convert it between text and JSON.",
    details: "\
mills record check FILE prints, when the record is good:
  record: ok
  game: twelve-mens-morris
  turns: 11                 entries of the move list (a resignation is one)
  actions: 11
  result: P2 wins (resignation)
and otherwise the reason, with the turn it is at, on stderr (exit code 2).
mills record convert FILE reads a text record (docs/records.md), a game record JSON
or a saved game, and writes a text record (--to text) or a game record JSON (--to json).
FILE may be - to read standard input.
",
    positionals: "check|convert FILE",
    max_positionals: 2,
    flags: &[FlagSpec::value(
        "--to",
        "FORMAT",
        "convert: text (default, docs/records.md) or json",
    )],
};

/// Files larger than this are refused unread (a saved game has the same bound).
const MAX_INPUT_BYTES: u64 = 4 * 1024 * 1024;

/// Runs `mills record` with the words after `record`.
pub fn run(words: &[String], input: impl Read, out: &mut impl Write) -> Result<(), CliError> {
    let Some(parsed) = args::parse_or_help(&SPEC, words, out)? else {
        return Ok(());
    };
    let (action, path) = match &parsed.positionals[..] {
        [action, path] => (action.as_str(), path.as_str()),
        _ => {
            return Err(parsed
                .error("give what to do and the file: check FILE or convert FILE")
                .into());
        }
    };
    let to = parsed.value("--to").unwrap_or("text");
    match action {
        "check" => {
            if parsed.value("--to").is_some() {
                return Err(parsed.error("--to is for convert").into());
            }
            let record = read_text(path, input)?;
            let game = record.game();
            writeln!(out, "record: ok")?;
            writeln!(out, "game: {}", game.rules().variant.id())?;
            writeln!(out, "turns: {}", mills_core::move_list(game).len())?;
            writeln!(out, "actions: {}", game.actions().len())?;
            writeln!(out, "result: {}", legal::status(game.outcome()))?;
        }
        "convert" => {
            let record = read_any(path, input)?;
            match to {
                "text" => write!(out, "{}", record.to_text())?,
                "json" => {
                    let json = serde_json::to_string(&record.game().record())
                        .map_err(|e| CliError::input(SPEC.name, e.to_string()))?;
                    writeln!(out, "{json}")?;
                }
                other => {
                    return Err(parsed
                        .error(format!("--to must be text or json, not '{other}'"))
                        .into());
                }
            }
        }
        other => return Err(unknown_action(&parsed, other).into()),
    }
    Ok(())
}

fn unknown_action(parsed: &Parsed, action: &str) -> crate::error::UsageError {
    parsed.error(format!("'{action}' is not check or convert"))
}

/// The text of `path` (`-`: `input`), refused when too large or not UTF-8.
pub fn read_file(path: &str, input: impl Read) -> Result<String, CliError> {
    let fail = |message: String| CliError::input(SPEC.name, format!("{path}: {message}"));
    let mut bytes = Vec::new();
    let read = if path == "-" {
        input.take(MAX_INPUT_BYTES + 1).read_to_end(&mut bytes)
    } else {
        std::fs::File::open(path)
            .and_then(|file| file.take(MAX_INPUT_BYTES + 1).read_to_end(&mut bytes))
    };
    read.map_err(|e| fail(format!("cannot read it: {e}")))?;
    if bytes.len() as u64 > MAX_INPUT_BYTES {
        return Err(fail(format!("larger than {MAX_INPUT_BYTES} bytes")));
    }
    String::from_utf8(bytes).map_err(|_| fail("not UTF-8 text".to_string()))
}

/// The text record in `path`, read whole, or its error with the file's name.
pub fn read_text(path: &str, input: impl Read) -> Result<Record, CliError> {
    let text = read_file(path, input)?;
    Record::parse(&text).map_err(|e| CliError::input(SPEC.name, format!("{path}: {e}")))
}

/// A text record, a game record JSON or a saved game, as a record.
fn read_any(path: &str, input: impl Read) -> Result<Record, CliError> {
    let text = read_file(path, input)?;
    let fail = |message: String| CliError::input(SPEC.name, format!("{path}: {message}"));
    if !text.trim_start().starts_with('{') {
        return Record::parse(&text).map_err(|e| fail(e.to_string()));
    }
    let (game_record, header) = from_json(&text).map_err(fail)?;
    let game = game_record
        .replay()
        .map_err(|e| fail(format!("the record does not replay: {e}")))?;
    Record::new(game, header).map_err(|e| fail(e.to_string()))
}

/// The fields of a saved game (`mills-session`) a record keeps; the rest is ignored.
#[derive(Deserialize)]
struct SavedGame {
    format: String,
    rules: Rules,
    mode: SavedMode,
    timer: SavedTimer,
    actions: Vec<mills_core::Action>,
    #[serde(default)]
    resigned: Option<Side>,
    /// Absent in saves from before hints were kept.
    #[serde(default)]
    hints_used: Option<u32>,
}

#[derive(Deserialize)]
struct SavedMode {
    #[serde(default)]
    level: Option<Level>,
}

#[derive(Deserialize)]
struct SavedTimer {
    seconds: u32,
}

fn from_json(text: &str) -> Result<(GameRecord, RecordHeader), String> {
    let value: serde_json::Value =
        serde_json::from_str(text).map_err(|e| format!("not JSON: {e}"))?;
    if value.get("format").is_some() {
        let saved: SavedGame =
            serde_json::from_value(value).map_err(|e| format!("not a saved game: {e}"))?;
        if saved.format != "mills-session" {
            return Err(format!("'{}' is not a Mills saved game", saved.format));
        }
        let header = RecordHeader {
            level: saved.mode.level,
            timer_seconds: Some(saved.timer.seconds),
            hints: saved.hints_used,
            ..RecordHeader::default()
        };
        let record = GameRecord {
            rules: saved.rules,
            actions: saved.actions,
            resigned: saved.resigned,
        };
        return Ok((record, header));
    }
    let record: GameRecord =
        serde_json::from_value(value).map_err(|e| format!("not a game record: {e}"))?;
    Ok((record, RecordHeader::default()))
}

/// Today's date (UTC) as `YYYY-MM-DD`, for the records `mills play` writes.
pub fn today() -> String {
    let seconds = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    civil_date((seconds / 86_400) as i64)
}

/// The record `mills play` writes for `game` (it has no turn timer and no hints).
pub fn play_record(
    game: &Game,
    computer: Option<(Side, Level)>,
) -> Result<Record, mills_core::RecordError> {
    let mut players = [None, None];
    if let Some((side, _)) = computer {
        players[side.index()] = Some("Computer".to_string());
        players[side.opponent().index()] = Some("You".to_string());
    }
    let header = RecordHeader {
        date: Some(today()),
        players,
        level: computer.map(|(_, level)| level),
        timer_seconds: Some(0),
        hints: None,
    };
    Record::new(game.clone(), header)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn saved_games_and_game_records_convert() {
        let saved = r#"{"format":"mills-session","version":1,
            "rules":{"game":"zhiqi","draws":{"repetitions":3,"quiet_turns":100}},
            "mode":{"kind":"vs-computer","computer":"p2","level":5},
            "timer":{"seconds":60,"time_left_ms":100},"actions":["d7","e3","pass"]}"#;
        let (record, header) = from_json(saved).unwrap();
        assert_eq!(record.actions.len(), 3);
        assert_eq!(header.timer_seconds, Some(60));
        assert_eq!(header.level.map(|l| l.number()), Some(5));
        assert_eq!(header.hints, None);
        let with_hints = saved.replace("\"pass\"]", "\"pass\"],\"hints_used\":2");
        assert_eq!(from_json(&with_hints).unwrap().1.hints, Some(2));
        let plain = r#"{"game":"linked-horse","actions":["a1"],"resigned":"p2"}"#;
        let (record, header) = from_json(plain).unwrap();
        assert_eq!(record.resigned, Some(Side::P2));
        assert_eq!(header, RecordHeader::default());
        assert!(from_json(r#"{"format":"other"}"#).is_err());
    }
}
