//! The move list, review ("the board at turn N", "play from here") and text records
//! (docs/records.md) of a session's game.
//!
//! Turns are move-list indices from 0 (the apps show `index + 1`). Review position `n` is the
//! board as turn `n` began, with turn `n - 1` as its last turn; position `turns` (one past
//! the last turn) is the live position. `undo_to_turn(n)` makes review position `n` the live
//! one. Positions come from the turn starts the game keeps: constant time, no replay.

use std::sync::Arc;

use mills_core::{self as core, Mode};
use mills_core::{self as record, Record, RecordHeader};
use mills_core::{Action, Game, Point, Side};

use crate::error::count;
use crate::error::{MillsError, guard};
use crate::session::forward;
use crate::session::{GameSession, SessionListener};
use crate::types::{
    GameId, GamePhase, Outcome, Player, PointState, SessionOptions, SideState, actions_text,
};

/// How a turn of the move list ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, uniffi::Enum)]
pub enum TurnEnd {
    /// Played to its end.
    Complete,
    /// The last turn, still being played (a capture or the step after a pull is owed).
    InProgress,
    /// The turn timer ended it (its notation ends in `pass`).
    TimerPass,
    /// Not a turn: `player` resigned here (notation `resigns`, no actions).
    Resignation,
}

/// One entry of the move list.
#[derive(Debug, Clone, PartialEq, Eq, uniffi::Record)]
pub struct TurnEntry {
    /// From 0; the list shows `index + 1`.
    pub index: u32,
    pub player: Player,
    /// The turn as one token in the notation of the rules: `d6-d5xd7`, `pass`, `resigns`.
    pub notation: String,
    /// Its actions one by one (`d6-d5`, `xd7`); empty for a resignation.
    pub actions: Vec<String>,
    pub end: TurnEnd,
}

impl TurnEntry {
    fn of(entry: &record::TurnEntry, game: &Game) -> TurnEntry {
        TurnEntry {
            index: count(entry.index),
            player: entry.side.into(),
            notation: entry.notation.clone(),
            actions: actions_text(&game.actions()[entry.actions.clone()]),
            end: match entry.end {
                record::TurnEnd::Complete => TurnEnd::Complete,
                record::TurnEnd::InProgress => TurnEnd::InProgress,
                record::TurnEnd::TimerPass => TurnEnd::TimerPass,
                record::TurnEnd::Resignation => TurnEnd::Resignation,
            },
        }
    }
}

fn move_records(game: &Game) -> Vec<TurnEntry> {
    record::move_list(game)
        .iter()
        .map(|entry| TurnEntry::of(entry, game))
        .collect()
}

/// The board at one turn of the game, for review: what a screen draws, without the live
/// game's controls (no targets, no selection, no timer).
#[derive(Debug, Clone, PartialEq, Eq, uniffi::Record)]
pub struct ReviewPosition {
    /// The turn this position begins (`turns`: the live position).
    pub turn: u32,
    /// Turns with actions in the game (the last review position).
    pub turns: u32,
    /// The 24 points in index order (`target` and `selected` are always false).
    pub points: Vec<PointState>,
    pub p1: SideState,
    pub p2: SideState,
    pub to_move: Player,
    pub phase: GamePhase,
    /// The turn just before this position (the one to highlight), if any.
    pub last_turn_player: Option<Player>,
    /// Its actions in notation.
    pub last_turn: Vec<String>,
    /// The points it touched (departures, arrivals, removals), each once, in order.
    pub last_turn_points: Vec<String>,
    /// The result, at the final position of a finished game only.
    pub outcome: Option<Outcome>,
}

/// The position before turn `turn` of `game` (`played_turns` is the live position).
fn review_position(game: &Game, mode: Mode, turn: usize) -> Result<ReviewPosition, MillsError> {
    let turns = record::played_turns(game);
    if turn > turns {
        return Err(MillsError::NoSuchTurn {
            turn: count(turn),
            turns: count(turns),
        });
    }
    let action_at = |n: usize| {
        if n >= turns {
            game.actions().len()
        } else {
            game.turn_start(n)
                .map_or(game.actions().len(), |m| m.action)
        }
    };
    let position = if turn == turns {
        *game.position()
    } else {
        game.turn_start(turn)
            .map(|mark| mark.position)
            .unwrap_or(*game.position())
    };
    let last: &[Action] = match turn.checked_sub(1) {
        Some(previous) => &game.actions()[action_at(previous)..action_at(turn)],
        None => &[],
    };
    let last_side = turn
        .checked_sub(1)
        .and_then(|previous| game.turn_start(previous))
        .map(|mark| mark.position.side_to_move());
    let in_mills = position.in_mills(Side::P1) | position.in_mills(Side::P2);
    let side = |side: Side| {
        let state = core::SideState::of(&position, side, !mode.is_human(side));
        SideState::of(&state, game.rules().variant)
    };
    Ok(ReviewPosition {
        turn: count(turn),
        turns: count(turns),
        points: Point::ALL
            .iter()
            .map(|&point| PointState {
                name: point.to_string(),
                index: point.index() as u32,
                owner: position.owner(point).map(Into::into),
                in_mill: in_mills.contains(point),
                target: false,
                selected: false,
            })
            .collect(),
        p1: side(Side::P1),
        p2: side(Side::P2),
        to_move: position.side_to_move().into(),
        phase: position.phase().into(),
        last_turn_player: last_side.map(Into::into),
        last_turn: actions_text(last),
        last_turn_points: core::last_turn_points(last)
            .iter()
            .map(|p| p.to_string())
            .collect(),
        outcome: if turn == turns {
            game.outcome().map(Into::into)
        } else {
            None
        },
    })
}

/// The points `actions` touched, each once, in order.
/// What the player adds to a record's header when exporting (all optional).
#[derive(Debug, Clone, PartialEq, Eq, uniffi::Record)]
pub struct RecordDetails {
    /// The day the game was played, `YYYY-MM-DD` (the app's local date).
    #[uniffi(default = None)]
    pub date: Option<String>,
    /// The players' names (at most 60 characters, one line each).
    #[uniffi(default = None)]
    pub p1_name: Option<String>,
    #[uniffi(default = None)]
    pub p2_name: Option<String>,
}

/// A text record read and checked whole.
#[derive(Debug, Clone, PartialEq, Eq, uniffi::Record)]
pub struct TextRecord {
    pub game: GameId,
    pub date: Option<String>,
    pub p1_name: Option<String>,
    pub p2_name: Option<String>,
    /// The computer's level, in a game against it.
    pub level: Option<u8>,
    /// The turn timer in seconds; 0 when it was off.
    pub timer_seconds: Option<u32>,
    pub hints: Option<u32>,
    pub outcome: Option<Outcome>,
    pub moves: Vec<TurnEntry>,
}

impl TextRecord {
    fn of(record: &Record) -> TextRecord {
        let header = &record.header;
        TextRecord {
            game: record.game().rules().variant.into(),
            date: header.date.clone(),
            p1_name: header.players[0].clone(),
            p2_name: header.players[1].clone(),
            level: header.level.map(|level| level.number()),
            timer_seconds: header.timer_seconds,
            hints: header.hints,
            outcome: record.game().outcome().map(Into::into),
            moves: move_records(record.game()),
        }
    }
}

/// Reads a text record and checks it whole: the game it holds, or `InvalidRecord` with
/// the kind of fault and the turn it is at.
#[uniffi::export]
pub fn read_record(text: String) -> Result<TextRecord, MillsError> {
    guard(|| Ok(TextRecord::of(&Record::parse(&text)?)))
}

#[uniffi::export]
impl GameSession {
    /// A session holding the game of a text record, to review (pass-and-play, no timer):
    /// `review_position` steps through it, `undo_to_turn` plays on from a turn. A bad
    /// record is refused whole with `InvalidRecord` and opens nothing. With an
    /// `autosave_path` the imported game becomes the autosaved one: pass none to only review.
    #[uniffi::constructor(default(listener = None))]
    pub fn from_record(
        text: String,
        options: SessionOptions,
        listener: Option<Arc<dyn SessionListener>>,
    ) -> Result<Arc<GameSession>, MillsError> {
        guard(|| {
            let record = Record::parse(&text)?;
            let hints = record.header.hints.unwrap_or(0);
            let options = options.to_core();
            options.check_files()?;
            let game = record.into_game();
            let config = core::SessionConfig::new(game.rules().variant)
                .with_mode(Mode::PassAndPlay)
                .with_timer(core::TurnTimer::Off);
            let inner =
                core::GameSession::from_game(config, game, hints, options, forward(listener));
            Ok(GameSession::wrap(inner))
        })
    }

    /// The move list, oldest turn first; a resignation is its last entry. One replay of
    /// the game: call it when the game changes, not on every frame.
    pub fn move_list(&self) -> Vec<TurnEntry> {
        self.inner.read_game(move_records)
    }

    /// The index of the turn being played (to highlight in the move list); in a finished
    /// game, the last turn played.
    pub fn current_turn(&self) -> u32 {
        self.inner
            .read_game(|game| count(game.turn_of_action(game.actions().len())))
    }

    /// The board as turn `turn` began (0..=turns; `turns` is the live position), with the
    /// turn before it as the one to highlight. Constant time; the live game is untouched.
    pub fn review_position(&self, turn: u32) -> Result<ReviewPosition, MillsError> {
        guard(|| {
            let mode = self.inner.config().mode;
            self.inner
                .read_game(|game| review_position(game, mode, turn as usize))
        })
    }

    /// "Play from here": review position `turn` becomes the live position, as one undo
    /// (`redo` plays the rest again). Against the computer it follows the undo rules: the
    /// human moves next, so a computer's turn goes back to the human's turn before it.
    /// Returns the turn now live. `NothingToUndo` when `turn` is already live,
    /// `NoSuchTurn` past the end.
    pub fn undo_to_turn(&self, turn: u32) -> Result<u32, MillsError> {
        guard(|| Ok(count(self.inner.undo_to_turn(turn as usize)?)))
    }

    /// The game as a text record (docs/records.md): the game, `details`, the computer's
    /// level, the timer, the hints used, the result and the move list.
    pub fn export_record(&self, details: RecordDetails) -> Result<String, MillsError> {
        guard(|| {
            let config = self.inner.config();
            let header = RecordHeader {
                date: details.date,
                players: [details.p1_name, details.p2_name],
                level: config.mode.level(),
                timer_seconds: Some(config.timer.seconds_or_off()),
                hints: Some(self.hints_used()),
            };
            let record = Record::new(self.inner.game(), header)?;
            Ok(record.to_text())
        })
    }
}

#[cfg(test)]
mod tests {
    use mills_core::Review;
    use mills_core::Rules;

    use super::*;
    use crate::test_support::{CAPTURE_GAME, manual, pass_and_play, play};
    use crate::{GameId, RecordErrorKind};

    #[test]
    fn the_move_list_joins_each_turn_and_marks_the_current_one() {
        let s = pass_and_play(GameId::TwelveMensMorris);
        play(&s, CAPTURE_GAME);
        let list = s.move_list();
        assert_eq!(list.len(), 10);
        assert_eq!(list[8].notation, "a7xg1");
        assert_eq!(list[8].actions, vec!["a7", "xg1"]);
        assert_eq!(
            (list[8].player, list[8].end),
            (Player::P1, TurnEnd::Complete)
        );
        assert_eq!(list[9].player, Player::P2);
        assert_eq!(s.current_turn(), 10);
        play(&s, &["b6"]);
        assert_eq!(s.current_turn(), 11);
        s.resign().unwrap();
        let last = s.move_list().pop().unwrap();
        assert_eq!(
            (last.end, last.notation.as_str()),
            (TurnEnd::Resignation, "resigns")
        );
    }

    #[test]
    fn review_positions_equal_replays_and_leave_the_game_alone() {
        let s = pass_and_play(GameId::TwelveMensMorris);
        play(&s, CAPTURE_GAME);
        let live = s.snapshot();
        let game = s.inner.game();
        let review = Review::of(&game);
        for turn in 0..=10u32 {
            let at = s.review_position(turn).unwrap();
            let replayed = review.position_before(turn as usize).unwrap();
            for point in &at.points {
                let p: Point = point.name.parse().unwrap();
                assert_eq!(point.owner, replayed.owner(p).map(Into::into), "{turn} {p}");
                assert!(!point.target && !point.selected);
            }
            assert_eq!(at.to_move, replayed.side_to_move().into());
            assert_eq!((at.turn, at.turns), (turn, 10));
        }
        let after_capture = s.review_position(9).unwrap();
        assert_eq!(after_capture.last_turn, vec!["a7", "xg1"]);
        assert_eq!(after_capture.last_turn_points, vec!["a7", "g1"]);
        assert_eq!(after_capture.last_turn_player, Some(Player::P1));
        assert_eq!(after_capture.p1.captured, 1);
        assert!(s.review_position(0).unwrap().last_turn.is_empty());
        assert_eq!(
            s.review_position(11),
            Err(MillsError::NoSuchTurn {
                turn: 11,
                turns: 10
            })
        );
        assert_eq!(s.snapshot(), live);
        assert_eq!(
            Rules::of(mills_core::Variant::TwelveMensMorris),
            *game.rules()
        );
    }

    #[test]
    fn play_from_here_makes_the_review_position_live() {
        let s = pass_and_play(GameId::TwelveMensMorris);
        play(&s, CAPTURE_GAME);
        let shown = s.review_position(8).unwrap();
        assert_eq!(s.undo_to_turn(8), Ok(8));
        let snap = s.snapshot();
        let owners = |points: &[PointState]| points.iter().map(|p| p.owner).collect::<Vec<_>>();
        assert_eq!(owners(&snap.points), owners(&shown.points));
        assert_eq!(snap.to_move, shown.to_move);
        assert!(snap.can_redo);
        assert_eq!(s.undo_to_turn(8), Err(MillsError::NothingToUndo));
        assert_eq!(
            s.undo_to_turn(40),
            Err(MillsError::NoSuchTurn { turn: 40, turns: 8 })
        );
        s.redo().unwrap();
        assert_eq!(s.move_list().len(), 10);
    }

    #[test]
    fn an_exported_record_reads_back_and_opens_for_review() {
        let s = pass_and_play(GameId::TwelveMensMorris);
        play(&s, CAPTURE_GAME);
        let details = RecordDetails {
            date: Some("2026-12-01".into()),
            p1_name: Some("Ann".into()),
            p2_name: Some("Bo".into()),
        };
        let text = s.export_record(details).unwrap();
        assert!(
            text.starts_with("mills-record 1\ngame: twelve-mens-morris\n"),
            "{text}"
        );
        assert!(
            text.contains("\nhints: 0\n") && text.contains("\ntimer: off\n"),
            "{text}"
        );
        assert!(text.contains("\n9. P1 a7xg1\n"), "{text}");
        let read = read_record(text.clone()).unwrap();
        assert_eq!(read.game, GameId::TwelveMensMorris);
        assert_eq!(read.p1_name.as_deref(), Some("Ann"));
        assert_eq!(
            (read.level, read.timer_seconds, read.hints),
            (None, Some(0), Some(0))
        );
        assert_eq!(read.moves, s.move_list());
        let opened = GameSession::from_record(text, manual(), None).unwrap();
        assert_eq!(opened.move_list(), s.move_list());
        assert_eq!(opened.snapshot().points, s.snapshot().points);
        assert_eq!(opened.review_position(3), s.review_position(3));
        assert_eq!(opened.config().mode, crate::GameMode::PassAndPlay);
    }

    #[test]
    fn a_bad_record_is_refused_with_its_kind_and_turn() {
        let s = pass_and_play(GameId::TwelveMensMorris);
        play(&s, CAPTURE_GAME);
        let good = s.export_record(RecordDetails {
            date: None,
            p1_name: None,
            p2_name: None,
        });
        let good = good.unwrap();
        // Turn 9 removes P1's own piece.
        let illegal = good.replace("9. P1 a7xg1", "9. P1 a7xa1");
        let Err(MillsError::InvalidRecord { kind, turn, reason }) = read_record(illegal.clone())
        else {
            panic!("accepted");
        };
        assert_eq!(
            (kind, turn),
            (RecordErrorKind::IllegalTurn, Some(9)),
            "{reason}"
        );
        assert!(GameSession::from_record(illegal, manual(), None).is_err());
        let kind_of = |text: &str| match read_record(text.to_string()) {
            Err(MillsError::InvalidRecord { kind, .. }) => kind,
            other => panic!("{other:?}"),
        };
        assert_eq!(kind_of("hello"), RecordErrorKind::NotARecord);
        assert_eq!(
            kind_of(good.trim_end_matches("end\n")),
            RecordErrorKind::Truncated
        );
        assert_eq!(
            kind_of(&good.replace("twelve-mens-morris", "chess")),
            RecordErrorKind::UnknownGame
        );
        assert_eq!(kind_of(&"x".repeat(600 * 1024)), RecordErrorKind::TooLong);
    }
}
