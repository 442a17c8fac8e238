//! The text record (docs/records.md): a versioned header and the numbered move list.
//!
//! ```text
//! mills-record 1
//! game: twelve-mens-morris
//! date: 2026-12-01
//! p1: You
//! p2: Computer
//! level: 5
//! timer: 60 s
//! hints: 1
//! result: P1 wins (reduced-to-two)
//!
//! 1. P1 a1
//! 2. P2 g1
//! 9. P1 a7xg1
//! 10. P2 resigns
//! end
//! ```
//!
//! The reader is strict and reads the whole text before it answers: any fault refuses the
//! record with a [`RecordError`] that names the turn or line, so nothing half-read is ever
//! loaded. The writer writes exactly what the reader reads back, and the same game always
//! gives the same text.

use crate::action::parse_actions;
use crate::game::Game;
use crate::level::Level;
use crate::outcome::{DrawReason, Outcome, WinReason};
use crate::position::Position;
use crate::rules::{DrawRules, Rules, Side, Variant};

pub use super::error::RECORD_VERSION;
use super::error::{HeaderProblem, RecordError};
use super::turns::{move_list, starts_turn};

/// The first word of every record.
const MAGIC: &str = "mills-record";
/// The line that closes a record; without it a record is truncated.
const END: &str = "end";
/// Longer texts are refused unread: the draw rules end every real game far below this.
pub const MAX_RECORD_BYTES: usize = 512 * 1024;
/// No real game comes near this many actions.
pub const MAX_RECORD_ACTIONS: usize = 20_000;
/// The longest player name a header holds, in characters.
pub const MAX_NAME_CHARS: usize = 60;
const MAX_HINTS: u32 = 1_000_000;
const MAX_TIMER_SECONDS: u32 = 3_600;

/// What a record says about a game besides its moves. All optional.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct RecordHeader {
    /// The day the game was played, `YYYY-MM-DD`.
    pub date: Option<String>,
    /// The players' names, P1 then P2 (one line each, at most 60 characters).
    pub players: [Option<String>; 2],
    /// The computer's level, in a game against it.
    pub level: Option<Level>,
    /// The turn timer in seconds; `Some(0)` when it was off.
    pub timer_seconds: Option<u32>,
    /// Hints asked for during the game.
    pub hints: Option<u32>,
}

/// A game with its header: what a text record holds.
///
/// Write a record and read it back:
///
/// ```
/// use mills_core::{Game, Record, RecordHeader, Rules, parse_actions};
///
/// let game = Game::replay(Rules::ZHIQI, &parse_actions("d6 d2 f4")?)?;
/// let text = Record::new(game, RecordHeader::default())?.to_text();
/// let read = Record::parse(&text)?;
/// assert_eq!(read.game().actions().len(), 3);
/// assert_eq!(read.to_text(), text);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct Record {
    /// The header: date, players, level, timer, hints.
    pub header: RecordHeader,
    game: Game,
}

impl Record {
    /// The record of `game` (played from the initial position) with `header`, which is
    /// checked as the reader would check it.
    pub fn new(game: Game, header: RecordHeader) -> Result<Record, RecordError> {
        if *game.start() != Position::new(*game.rules()) {
            return Err(RecordError::NotFromStart);
        }
        // Write only what the reader accepts (this also keeps the text under its byte bound).
        if game.actions().len() > MAX_RECORD_ACTIONS {
            return Err(RecordError::TooManyActions {
                turn: move_list(&game).len(),
                limit: MAX_RECORD_ACTIONS,
            });
        }
        check_header(&header).map_err(|problem| RecordError::Header { line: 0, problem })?;
        Ok(Record { header, game })
    }

    /// The game.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// The game, without the header.
    pub fn into_game(self) -> Game {
        self.game
    }

    /// Reads a whole record, or refuses it with the first fault found.
    pub fn parse(text: &str) -> Result<Record, RecordError> {
        Reader::read(text)
    }

    /// The record as text, in the format [`Record::parse`] reads.
    pub fn to_text(&self) -> String {
        let game = &self.game;
        let rules = game.rules();
        let mut text = format!("{MAGIC} {RECORD_VERSION}\ngame: {}\n", rules.variant.id());
        if rules.draws != DrawRules::default() {
            let draws = rules.draws;
            text.push_str(&format!(
                "draws: {} {}\n",
                draws.repetitions, draws.quiet_turns
            ));
        }
        let header = &self.header;
        if let Some(date) = &header.date {
            text.push_str(&format!("date: {date}\n"));
        }
        for (side, name) in Side::BOTH.iter().zip(&header.players) {
            if let Some(name) = name {
                text.push_str(&format!("{}: {name}\n", side_key(*side)));
            }
        }
        if let Some(level) = header.level {
            text.push_str(&format!("level: {}\n", level.number()));
        }
        match header.timer_seconds {
            Some(0) => text.push_str("timer: off\n"),
            Some(seconds) => text.push_str(&format!("timer: {seconds} s\n")),
            None => {}
        }
        if let Some(hints) = header.hints {
            text.push_str(&format!("hints: {hints}\n"));
        }
        text.push_str(&format!("result: {}\n\n", result_id(game.outcome())));
        for entry in move_list(game) {
            text.push_str(&format!(
                "{}. {} {}\n",
                entry.index + 1,
                entry.side,
                entry.notation
            ));
        }
        text.push_str(END);
        text.push('\n');
        text
    }
}

fn side_key(side: Side) -> &'static str {
    match side {
        Side::P1 => "p1",
        Side::P2 => "p2",
    }
}

/// `ongoing`, `P1 wins (took-all)`, `draw (repetition)`: the ids `mills legal` prints.
pub fn result_id(outcome: Option<Outcome>) -> String {
    match outcome {
        None => "ongoing".to_string(),
        Some(Outcome::Win { winner, reason }) => format!("{winner} wins ({})", win_id(reason)),
        Some(Outcome::Draw { reason }) => format!("draw ({})", draw_id(reason)),
    }
}

const WIN_REASONS: [WinReason; 5] = [
    WinReason::TookAll,
    WinReason::ReducedToTwo,
    WinReason::ThreeInLine,
    WinReason::Blocked,
    WinReason::Resignation,
];
const DRAW_REASONS: [DrawReason; 4] = [
    DrawReason::BoardFull,
    DrawReason::BothAtTwo,
    DrawReason::Repetition,
    DrawReason::QuietTurns,
];

fn win_id(reason: WinReason) -> &'static str {
    match reason {
        WinReason::TookAll => "took-all",
        WinReason::ReducedToTwo => "reduced-to-two",
        WinReason::ThreeInLine => "three-in-line",
        WinReason::Blocked => "blocked",
        WinReason::Resignation => "resignation",
    }
}

fn draw_id(reason: DrawReason) -> &'static str {
    match reason {
        DrawReason::BoardFull => "board-full",
        DrawReason::BothAtTwo => "both-at-two",
        DrawReason::Repetition => "repetition",
        DrawReason::QuietTurns => "quiet-turns",
    }
}

fn parse_result(text: &str) -> Result<Option<Outcome>, String> {
    if text == "ongoing" {
        return Ok(None);
    }
    let all = Side::BOTH
        .iter()
        .flat_map(|&winner| {
            WIN_REASONS
                .iter()
                .map(move |&reason| Outcome::Win { winner, reason })
        })
        .chain(DRAW_REASONS.iter().map(|&reason| Outcome::Draw { reason }));
    for outcome in all {
        if result_id(Some(outcome)) == text {
            return Ok(Some(outcome));
        }
    }
    Err(format!(
        "'{text}' is not a result (ongoing, 'P1 wins (took-all)', 'draw (repetition)', ...)"
    ))
}

/// The checks a header's values must pass, shared by the reader and [`Record::new`].
fn check_header(header: &RecordHeader) -> Result<(), HeaderProblem> {
    if let Some(date) = &header.date {
        check_date(date).map_err(|reason| bad("date", reason))?;
    }
    for (side, name) in Side::BOTH.iter().zip(&header.players) {
        if let Some(name) = name {
            check_player_name(name).map_err(|reason| bad(side_key(*side), reason))?;
        }
    }
    if header.timer_seconds.is_some_and(|s| s > MAX_TIMER_SECONDS) {
        return Err(bad("timer", format!("at most {MAX_TIMER_SECONDS} s")));
    }
    if header.hints.is_some_and(|h| h > MAX_HINTS) {
        return Err(bad("hints", format!("at most {MAX_HINTS}")));
    }
    Ok(())
}

fn bad(key: &'static str, reason: impl Into<String>) -> HeaderProblem {
    HeaderProblem::BadValue {
        key,
        reason: reason.into(),
    }
}

fn check_date(date: &str) -> Result<(), String> {
    let fields: Vec<&str> = date.split('-').collect();
    let number = |s: &str, len: usize| {
        (s.len() == len && s.bytes().all(|b| b.is_ascii_digit()))
            .then(|| s.parse::<u32>().ok())
            .flatten()
    };
    match fields[..] {
        [y, m, d] => match (number(y, 4), number(m, 2), number(d, 2)) {
            (Some(_), Some(1..=12), Some(1..=31)) => Ok(()),
            _ => Err(format!("'{date}' is not a date YYYY-MM-DD")),
        },
        _ => Err(format!("'{date}' is not a date YYYY-MM-DD")),
    }
}

/// Whether `name` can stand in a record's header as a player's name: not empty, no space at
/// its ends, one line, at most [`MAX_NAME_CHARS`] characters. The online server checks the
/// names it is given with this rule, so that every finished game has its record.
pub fn check_player_name(name: &str) -> Result<(), String> {
    if name.trim().is_empty() || name.trim() != name {
        Err("a name is not empty and has no space at its ends".to_string())
    } else if name.chars().any(char::is_control) {
        Err("a name is one line of text".to_string())
    } else if name.chars().count() > MAX_NAME_CHARS {
        Err(format!("a name has at most {MAX_NAME_CHARS} characters"))
    } else {
        Ok(())
    }
}

/// The header as read so far, before the game is known.
#[derive(Default)]
struct HeaderLines {
    variant: Option<Variant>,
    draws: Option<DrawRules>,
    result: Option<Option<Outcome>>,
    header: RecordHeader,
    seen: Vec<&'static str>,
}

const KEYS: [&str; 9] = [
    "game", "draws", "date", "p1", "p2", "level", "timer", "hints", "result",
];

impl HeaderLines {
    fn read_line(&mut self, number: usize, line: &str) -> Result<(), RecordError> {
        let problem = |problem| RecordError::Header {
            line: number,
            problem,
        };
        let Some((key, value)) = line.split_once(':') else {
            return Err(problem(HeaderProblem::NotKeyValue));
        };
        let value = value.trim();
        let Some(&key) = KEYS.iter().find(|k| **k == key.trim()) else {
            return Err(problem(HeaderProblem::UnknownKey(key.trim().to_string())));
        };
        if self.seen.contains(&key) {
            return Err(RecordError::DuplicateHeader {
                line: number,
                key: key.to_string(),
            });
        }
        self.seen.push(key);
        let value_error = |reason: String| problem(bad(key, reason));
        match key {
            "game" => {
                let variant = value.parse().map_err(|_| RecordError::UnknownGame {
                    name: value.to_string(),
                })?;
                self.variant = Some(variant);
            }
            "draws" => self.draws = Some(parse_draws(value).map_err(value_error)?),
            "date" => {
                check_date(value).map_err(value_error)?;
                self.header.date = Some(value.to_string());
            }
            "p1" | "p2" => {
                check_player_name(value).map_err(value_error)?;
                let side = if key == "p1" { Side::P1 } else { Side::P2 };
                self.header.players[side.index()] = Some(value.to_string());
            }
            "level" => {
                let level = value
                    .parse::<u8>()
                    .ok()
                    .and_then(|n| Level::new(n).ok())
                    .ok_or_else(|| value_error(format!("'{value}' is not a level 1-10")))?;
                self.header.level = Some(level);
            }
            "timer" => self.header.timer_seconds = Some(parse_timer(value).map_err(value_error)?),
            "hints" => {
                let hints = value
                    .parse::<u32>()
                    .ok()
                    .filter(|h| *h <= MAX_HINTS)
                    .ok_or_else(|| value_error(format!("'{value}' is not a count of hints")))?;
                self.header.hints = Some(hints);
            }
            _ => self.result = Some(parse_result(value).map_err(value_error)?),
        }
        Ok(())
    }
}

fn parse_draws(value: &str) -> Result<DrawRules, String> {
    let numbers: Vec<&str> = value.split_whitespace().collect();
    match numbers[..] {
        [repetitions, quiet] => match (repetitions.parse(), quiet.parse()) {
            (Ok(repetitions), Ok(quiet_turns)) => Ok(DrawRules {
                repetitions,
                quiet_turns,
            }),
            _ => Err(format!("'{value}' is not 'REPETITIONS QUIET-TURNS'")),
        },
        _ => Err(format!("'{value}' is not 'REPETITIONS QUIET-TURNS'")),
    }
}

fn parse_timer(value: &str) -> Result<u32, String> {
    if value == "off" {
        return Ok(0);
    }
    value
        .strip_suffix(" s")
        .and_then(|n| n.parse::<u32>().ok())
        .filter(|n| (1..=MAX_TIMER_SECONDS).contains(n))
        .ok_or_else(|| format!("'{value}' is not 'off' or seconds such as '60 s'"))
}

/// One pass over a record's lines.
struct Reader;

impl Reader {
    fn read(text: &str) -> Result<Record, RecordError> {
        if text.len() > MAX_RECORD_BYTES {
            return Err(RecordError::TooLong {
                bytes: text.len(),
                limit: MAX_RECORD_BYTES,
            });
        }
        let text = text.strip_prefix('\u{feff}').unwrap_or(text);
        let lines: Vec<&str> = text.lines().map(str::trim).collect();
        Reader::check_first_line(&lines)?;
        // Truncation is judged before anything else: a cut text must say so, whatever
        // the cut left half-written.
        if lines.iter().rev().find(|l| !l.is_empty()) != Some(&END) {
            // The last move line counts only if the cut came after its line break.
            let move_lines = lines
                .iter()
                .filter(|l| l.starts_with(|c: char| c.is_ascii_digit()))
                .count();
            let cut_line = !text.ends_with('\n')
                && lines
                    .last()
                    .is_some_and(|l| l.starts_with(|c: char| c.is_ascii_digit()));
            return Err(RecordError::Truncated {
                turns: move_lines - usize::from(cut_line),
            });
        }
        let mut header = HeaderLines::default();
        let mut number = 1;
        for line in &lines[1..] {
            number += 1;
            if line.is_empty() {
                break;
            }
            header.read_line(number, line)?;
        }
        let variant = header
            .variant
            .ok_or(RecordError::MissingHeader { key: "game" })?;
        let stated = header
            .result
            .ok_or(RecordError::MissingHeader { key: "result" })?;
        let rules = Rules::of(variant).with_draws(header.draws.unwrap_or_default());
        let game = Reader::moves(rules, &lines, number)?;
        if game.outcome() != stated {
            return Err(RecordError::ResultMismatch {
                stated,
                actual: game.outcome(),
            });
        }
        Ok(Record {
            header: header.header,
            game,
        })
    }

    fn check_first_line(lines: &[&str]) -> Result<(), RecordError> {
        let first = lines.first().copied().unwrap_or("");
        let magic = format!("{MAGIC} {RECORD_VERSION}");
        if first == magic {
            return Ok(());
        }
        if let Some(version) = first.strip_prefix(MAGIC).and_then(|v| v.strip_prefix(' ')) {
            if !version.is_empty() {
                return Err(RecordError::UnsupportedVersion {
                    found: version.to_string(),
                });
            }
        }
        if lines.len() == 1 && !first.is_empty() && magic.starts_with(first) {
            return Err(RecordError::Truncated { turns: 0 });
        }
        Err(RecordError::NotARecord)
    }

    /// Plays the move lines from line `from` (counted from 1) up to `end`.
    fn moves(rules: Rules, lines: &[&str], from: usize) -> Result<Game, RecordError> {
        let mut game = Game::new(rules);
        let mut turn = 0;
        let mut open_turn: Option<usize> = None;
        let mut ended = false;
        for (offset, line) in lines[from..].iter().enumerate() {
            let number = from + offset + 1;
            if line.is_empty() {
                continue;
            }
            if *line == END {
                if ended {
                    return Err(RecordError::AfterEnd { line: number });
                }
                ended = true;
                continue;
            }
            if ended || game.resigned().is_some() {
                return Err(RecordError::AfterEnd { line: number });
            }
            turn += 1;
            let words: Vec<&str> = line.split_whitespace().collect();
            let [label, side, token] = words[..] else {
                return Err(RecordError::MalformedTurn { turn, line: number });
            };
            if label != format!("{turn}.") {
                return Err(RecordError::TurnNumber {
                    turn,
                    found: label.to_string(),
                });
            }
            let written = match side {
                "P1" => Side::P1,
                "P2" => Side::P2,
                _ => return Err(RecordError::MalformedTurn { turn, line: number }),
            };
            if game.is_over() {
                return Err(RecordError::AfterEnd { line: number });
            }
            if token == "resigns" {
                // A side may resign in the middle of its turn: what it played stands.
                game.resign(written)
                    .map_err(|_| RecordError::AfterEnd { line: number })?;
                continue;
            }
            if let Some(unfinished) = open_turn {
                return Err(RecordError::TurnUnfinished { turn: unfinished });
            }
            let to_move = game.position().side_to_move();
            if written != to_move {
                return Err(RecordError::WrongSide {
                    turn,
                    written,
                    to_move,
                });
            }
            Reader::play_turn(&mut game, turn, token)?;
            if !(starts_turn(game.position()) || game.is_over()) {
                open_turn = Some(turn);
            }
        }
        Ok(game)
    }

    /// Plays one turn's token; it must not run past the end of the turn.
    fn play_turn(game: &mut Game, turn: usize, token: &str) -> Result<(), RecordError> {
        let actions =
            parse_actions(token).map_err(|error| RecordError::Unreadable { turn, error })?;
        if game.actions().len() + actions.len() > MAX_RECORD_ACTIONS {
            return Err(RecordError::TooManyActions {
                turn,
                limit: MAX_RECORD_ACTIONS,
            });
        }
        for (i, &action) in actions.iter().enumerate() {
            let index = game.actions().len();
            if i > 0 && (starts_turn(game.position()) || game.is_over()) {
                return Err(RecordError::TurnOverrun { turn, index });
            }
            game.play(action)
                .map_err(|reason| RecordError::IllegalAction {
                    turn,
                    index,
                    action,
                    reason,
                })?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::action::parse_actions;

    #[test]
    fn every_result_id_reads_back() {
        let mut outcomes = vec![None];
        for winner in Side::BOTH {
            outcomes.extend(
                WIN_REASONS
                    .iter()
                    .map(|&reason| Some(Outcome::Win { winner, reason })),
            );
        }
        outcomes.extend(
            DRAW_REASONS
                .iter()
                .map(|&reason| Some(Outcome::Draw { reason })),
        );
        for outcome in outcomes {
            assert_eq!(parse_result(&result_id(outcome)), Ok(outcome));
        }
        assert!(parse_result("P3 wins (took-all)").is_err());
    }

    #[test]
    fn other_draw_rules_are_written_and_read() {
        let rules = Rules::LINKED_HORSE.with_draws(DrawRules {
            repetitions: 0,
            quiet_turns: 50,
        });
        let game = Game::replay(rules, &parse_actions("a1 g1 a4").unwrap()).unwrap();
        let text = Record::new(game, RecordHeader::default())
            .unwrap()
            .to_text();
        assert!(text.starts_with("mills-record 1\ngame: linked-horse\ndraws: 0 50\n"));
        assert_eq!(*Record::parse(&text).unwrap().game().rules(), rules);
        let bad = text.replace("draws: 0 50", "draws: many");
        assert!(matches!(
            Record::parse(&bad),
            Err(RecordError::Header {
                line: 3,
                problem: HeaderProblem::BadValue { key: "draws", .. }
            })
        ));
    }

    #[test]
    fn dates_and_names_are_checked() {
        assert!(check_date("2026-02-28").is_ok());
        for bad in [
            "2026-2-28",
            "26-02-28",
            "2026-00-10",
            "2026-01-32",
            "2026-01-01-01",
            "",
        ] {
            assert!(check_date(bad).is_err(), "{bad}");
        }
        assert!(check_player_name("电脑 · level 5").is_ok());
        for bad in ["", " Ann", "Ann\tB", &"x".repeat(61)] {
            assert!(check_player_name(bad).is_err(), "{bad:?}");
        }
    }
}
