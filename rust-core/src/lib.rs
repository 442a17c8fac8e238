//! Mills: the rules engine and computer player of Zhi Qi (十二子直棋), Linked-Horse (连环马棋)
//! and Twelve Men's Morris, as specified in RULES.md, and the game sessions the Android and
//! iOS apps play through (via the UniFFI crate `mills-ffi`).
//!
//! # Examples
//!
//! Start a game, list the legal actions and play them in the notation of RULES.md §2:
//!
//! ```
//! use mills_core::{Game, Pending, Phase, RemovalKind, Rules, Side, parse_actions};
//!
//! let mut game = Game::new(Rules::ZHIQI);
//! assert_eq!(game.position().legal_actions().len(), 24, "place anywhere");
//! for action in parse_actions("a7 e4 d7 e3 g7")? {
//!     game.play(action)?;
//! }
//! // g7 closed the top line while placing: in Zhi Qi that owes a pin.
//! let position = game.position();
//! assert_eq!(position.pending(), Pending::Remove { kind: RemovalKind::Pin, count: 1 });
//! assert!(position.legal_actions().iter().all(|a| a.to_string().starts_with('x')));
//! game.play("xe4".parse()?)?;
//! assert_eq!(game.position().side_to_move(), Side::P2);
//! assert_eq!(game.position().phase(), Phase::Placing);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! Ask the computer for a turn, and for the best one:
//!
//! ```
//! use mills_core::{CancelToken, Engine, Game, Level, Rules, SearchLimits, hint};
//!
//! let mut game = Game::new(Rules::TWELVE_MENS_MORRIS);
//! let turn = Engine::new(1).choose_turn(&game, Level::new(2)?, &CancelToken::new());
//! for action in turn {
//!     game.play(action)?;
//! }
//! let best = hint(&game, SearchLimits::depth(2), &CancelToken::new()).expect("a turn");
//! assert!(game.position().check(best.actions[0]).is_ok());
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! Read the exact value of an endgame from tables built in memory (three pieces a side
//! build in a moment; the apps ship four):
//!
//! ```
//! use mills_core::{EndgameTables, Rules, Setup, Side, TableValue, Variant};
//!
//! let tables = EndgameTables::build(Variant::TwelveMensMorris, 3, 1, &mut |_| {})?;
//! let position = Setup::moving(Rules::TWELVE_MENS_MORRIS)
//!     .pieces(Side::P1, "a7 d7 f4")
//!     .pieces(Side::P2, "a1 d1 b4")
//!     .build()?;
//! let turns = tables.ranked_turns(&position).expect("three a side is in the tables");
//! // Best first: no turn is worth more to the mover than the first one.
//! let best = tables.probe(&position).expect("in the tables");
//! assert_eq!(turns[0].value, best);
//! if let TableValue::Win(n) = best {
//!     assert!(n >= 1);
//! }
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # The API
//!
//! Every name but the puzzles' is at the crate root; the modules behind them are private.
//!
//! **The board and the rules**
//! - [`Variant`]: the three games by their stable ids; [`Rules`] of each ([`Rules::of`]), with
//!   the [`MillEffect`]s, [`WhenBlocked`], [`RemovalsPerMove`] and [`DrawRules`] that make them
//!   differ; [`Side`]: P1 and P2.
//! - [`Point`] (`a7` ... `g1`), [`Bitboard`] (a set of points), [`Geometry`] (lines, edges,
//!   mills), [`Symmetry`] (the board's 16).
//! - [`Action`]: a placement, a step, a removal or a pass; [`parse_actions`],
//!   [`format_actions`], [`turn_token`].
//!
//! **Positions and games**
//! - [`Position`]: the board, hands, stables, [`Phase`] and the [`Pending`] removals
//!   ([`RemovalKind`]: pin, capture or pull); [`Position::legal_actions`],
//!   [`Position::play`] (an [`IllegalAction`] when refused), [`Position::outcome`].
//! - [`Setup`]: a position from lists of points ([`SetupError`] when unreachable).
//! - [`Game`]: a position with its history: repetition, resignation, [`Game::undo`],
//!   [`Game::replay`] ([`ReplayError`]), [`GameRecord`]; [`Outcome`] ([`WinReason`],
//!   [`DrawReason`]); [`perft`] and [`divide`].
//!
//! **The computer player**
//! - [`Engine`] plays a turn at a [`Level`] ([`Engine::choose_turn`]); [`hint()`] finds the
//!   best whole turn within [`SearchLimits`]; [`analyse`] says who stands better
//!   ([`Evaluation`], [`Verdict`], [`verdict`]); [`evaluate`] and [`Weights`] are the static
//!   evaluation; [`CancelToken`] stops any of them from another thread.
//!
//! **Records and review**
//! - [`Record`]: the text record of docs/records.md ([`RecordHeader`], [`RecordError`]);
//!   [`move_list`] and [`Review`]: a game turn by turn ([`TurnEntry`]).
//!
//! **Endgame tables**
//! - [`EndgameTables`]: build, save, load, [`EndgameTables::probe`] ([`TableValue`]) and
//!   [`EndgameTables::ranked_turns`] ([`RankedTurn`]); [`prepare_tables`] and the
//!   process-wide [`TableShelf`] for the apps.
//!
//! **Lessons**
//! - [`lesson_course`] of each game, [`lesson`] by id, played by a [`LessonRunner`] (its
//!   [`LessonVerdict`]s) or in a [`LessonSession`]; [`check_lesson`] and [`check_lessons`].
//!
//! **Puzzles**: the one public module, [`puzzles`], a namespace of its own (its names, such
//! as `puzzles::mine` and `puzzles::choose`, read best with it): positions the endgame
//! tables prove ([`puzzles::puzzle`], [`puzzles::choose`], [`puzzles::daily_puzzle`]),
//! played in a [`puzzles::PuzzleSession`], with statistics and a rating.
//!
//! **Sessions** (what the apps use)
//! - [`GameSession`] from a [`SessionConfig`] ([`Mode`], [`TurnTimer`]) and
//!   [`SessionOptions`]: taps ([`TapOutcome`]), the computer's turns, the timer, undo and
//!   redo, saves and statistics, with a [`SessionListener`] for its [`SessionEvent`]s; every
//!   board change is read from [`GameSession::changes_since`], every screen from a
//!   [`Snapshot`].
//!
//! **What the screens show**
//! - [`rules_text`] in each [`Locale`], [`GameFacts`] (points, edges, lines, counters),
//!   [`levels`] and [`timer_choices`].
//!
//! The modules stand on floors that only import downwards; docs/architecture.md draws them.

#![warn(missing_docs)]

mod action;
mod ai;
mod board;
mod cancel;
mod content;
mod facts;
mod game;
mod lessons;
mod level;
mod limits;
mod outcome;
mod perft;
mod position;
pub mod puzzles;
mod record;
mod rules;
mod session;
mod store;
mod tables;
mod timer;
mod zobrist;

// The ground: points and bitboards, stopping work, budgets, files, the timer setting.
pub use board::{Bitboard, Geometry, ParsePointError, Point, Symmetry};
pub use cancel::CancelToken;
pub use limits::{SearchLimits, WIN, WIN_THRESHOLD};
pub use store::{NotARegularFile, check_writable, read_if_exists, write_atomic};
pub use timer::TurnTimer;

// The rules as data, notation, levels.
pub use action::{
    Action, ActionList, MAX_ACTIONS, ParseActionError, format_actions, parse_actions,
};
pub use level::{InvalidLevel, Level, Style};
pub use rules::{
    DrawRules, MillEffect, RemovalsPerMove, Rules, Side, UnknownVariant, Variant, WhenBlocked,
};

// What the apps show about the games; how a game ends.
pub use content::{GAME_IDS, Locale, RulesSection, RulesText, rules_for, rules_text};
pub use facts::{Counter, GameFacts, LevelFacts, PointPlace, levels, timer_choices};
pub use outcome::{DrawReason, Outcome, WinReason};

// One position, a game with its history, move-path enumeration.
pub use game::{Game, GameRecord, ReplayError, TurnStart};
pub use perft::{divide, perft};
pub use position::{
    Applied, IllegalAction, Pending, Phase, Position, RemovalKind, Setup, SetupError,
};

// Lessons, records, endgame tables.
pub use lessons::NOT_THIS_TIME as LESSON_NOT_THIS_TIME;
pub use lessons::{
    CheckFailure, CheckReport, Lesson, LessonData, LessonError, LessonProblem, LessonRunner,
    WrongAnswer, all as all_lessons, check as check_lessons, check_lesson, course as lesson_course,
    lesson, load_all as load_all_lessons, next_after as next_lesson_after,
};
pub use lessons::{Goal as LessonGoal, Progress as LessonProgress, Text as LessonText};
pub use lessons::{Verdict as LessonVerdict, owes_rest_of_turn};
pub use record::{
    HeaderProblem, MAX_NAME_CHARS, MAX_RECORD_ACTIONS, MAX_RECORD_BYTES, RECORD_VERSION, Record,
    RecordError, RecordHeader, Review, TurnEnd, TurnEntry, check_player_name, civil_date,
    move_list, played_turns, result_id, starts_turn, turn_token,
};
pub use tables::pack::{
    pack as pack_tables, pack_with as pack_tables_with, read_header as read_table_pack_header,
    unpack_game as unpack_table,
};
pub use tables::prepare::{
    check_pieces as check_table_pieces, prepare as prepare_tables,
    prepare_from_pack as prepare_tables_from_pack,
};
pub use tables::{
    APP_TABLE_PIECES, BuildProgress, BuildStage, EndgameTables, ExactResult, MAX_TABLE_PIECES,
    PrepareProgress, Prepared, RankedTurn, SliceStats, TABLES_FROM_LEVEL, TableError, TableShelf,
    TableValue, exact_result, level_uses_tables,
};
pub use tables::{
    FORMAT_VERSION as TABLE_FORMAT_VERSION, FileStatus as TableFileStatus,
    file_name as table_file_name, file_status as table_file_status,
    load_existing as load_existing_tables,
};
pub use tables::{
    PACK_VERSION as TABLE_PACK_VERSION, PackEntry as TablePackEntry,
    UnpackProgress as TableUnpackProgress,
};

// The computer player: search, evaluation, hints, analysis.
pub use ai::{
    DEFAULT_HINT_TIME, Engine, Evaluation, ExactProbe, Hint, SearchOptions, SearchResult,
    TurnSearch, Verdict, Weights, analyse, closes_mill, default_hint_limits, evaluate,
    evaluate_with, hint, no_tables, self_play, spsa_weights, verdict, weights_for,
};

// Sessions: what the apps play through.
pub use session::{
    BoardChange, BoardSession, Change, ChangeBatch, Clock, ComputerRunner, Countdown, GameSession,
    HumanResult, LessonPlay, LessonSession, LessonTap, ManualClock, Mode, NextStep, Played,
    PointState, PuzzlePlay, PuzzleTap, PuzzleTapSession, Refusal, RemoteTurnError, RestoreError,
    SAVE_FORMAT, SAVE_VERSION, SessionClock, SessionConfig, SessionError, SessionEvent,
    SessionListener, SessionOptions, SideState, SizeUnit, Snapshot, StatsEntry, StatsError,
    StatsStore, SystemClock, TapOutcome, last_turn_points,
};
