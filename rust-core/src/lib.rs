//! Mills: the rules engine and computer player of Zhi Qi (十二子直棋), Linked-Horse (连环马棋)
//! and Twelve Men's Morris, as specified in RULES.md, and the game sessions the Android and
//! iOS apps play through (via the UniFFI crate `mills-ffi`).
//!
//! Every name but the puzzles' is at the crate root; the modules behind them are private. Where to start:
//!
//! - **Rules**: [`Rules`] (one of the three [`Variant`]s, with its [`DrawRules`]),
//!   [`Position`] (the board, [`Position::legal_actions`], [`Position::play`]), [`Game`] (a
//!   position with its history: repetition, undo, [`Game::replay`]), [`Action`] in the rules'
//!   notation ([`parse_actions`], [`format_actions`]), [`Outcome`], and [`perft`].
//! - **The computer player**: [`Engine`] plays at a [`Level`] ([`Engine::choose_turn`]),
//!   [`hint()`] finds the best whole turn, [`analyse`] says who stands better ([`Verdict`]).
//! - **Records**: [`move_list`], [`Review`], and the text [`Record`] of docs/records.md.
//! - **Endgame tables**: [`EndgameTables`] (build, save, load, probe), [`prepare_tables`] and
//!   the process-wide [`TableShelf`].
//! - **Lessons**: [`lesson`], [`lesson_course`], [`LessonRunner`], [`LessonSession`].
//! - **Puzzles**: the one public module, [`puzzles`], a namespace of its own (its names, such
//!   as `puzzles::mine` and `puzzles::choose`, read best with it): positions the endgame
//!   tables prove, played in a [`puzzles::PuzzleSession`], with statistics and a rating.
//! - **Sessions** (what the apps use): [`GameSession`] with a [`SessionListener`]: taps,
//!   the computer's turns, the timer, saves and statistics; every board change is read from
//!   [`GameSession::changes_since`].
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
    RecordError, RecordHeader, Review, TurnEnd, TurnEntry, check_player_name, move_list,
    played_turns, result_id, starts_turn, turn_token,
};
pub use tables::prepare::{check_pieces as check_table_pieces, prepare as prepare_tables};
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

// The computer player: search, evaluation, hints, analysis.
pub use ai::{
    DEFAULT_HINT_TIME, Engine, Evaluation, ExactProbe, Hint, SearchOptions, SearchResult,
    TurnSearch, Verdict, Weights, analyse, closes_mill, default_hint_limits, evaluate,
    evaluate_with, hint, no_tables, spsa_weights, verdict, weights_for,
};

// Sessions: what the apps play through.
pub use session::{
    BoardChange, Change, ChangeBatch, Clock, ComputerRunner, GameSession, HumanResult, LessonPlay,
    LessonSession, LessonTap, ManualClock, Mode, NextStep, Played, PointState, PuzzlePlay,
    PuzzleTap, PuzzleTapSession, Refusal, RemoteTurnError, RestoreError, SAVE_FORMAT, SAVE_VERSION,
    SessionClock, SessionConfig, SessionError, SessionEvent, SessionListener, SessionOptions,
    SideState, SizeUnit, Snapshot, StatsEntry, StatsError, StatsStore, SystemClock, TapOutcome,
    last_turn_points,
};
