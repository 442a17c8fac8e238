//! The Mills engine and game session for Kotlin (Android) and Swift (iOS), through UniFFI
//! proc-macros (no UDL).
//!
//! Everything the apps call is here: [`GameSession`] (one game on one screen: snapshot, tap,
//! the board changes each action made, undo/redo, timer, computer turns, saves; the move
//! list, review and text records in `records`, hints and analysis in `hints`), the facts of
//! each game ([`game_info`]: pieces, stable, player panel, the board to draw), the lessons
//! ([`lessons`], [`LessonSession`]: the same taps, snapshot and changes as a game, judged by
//! the lesson; progress in a file), the puzzles ([`puzzles()`], [`PuzzleSession`]: the same
//! again, judged by the endgame tables; statistics and the player's rating in a file), the
//! levels and timer choices, the rules text,
//! statistics, the endgame tables (`tables_prepare`: built on first use in the
//! background, then used by every session), and [`OnlineSession`] (a game against a friend
//! through a `mills-server`: the same snapshot, changes and taps as a local game, plus the
//! connection, the room, the opponent and both clocks; `online`). The apps draw, animate and
//! speak what these say and keep no copy of any rule or table. Points are their names (`"d6"`) with their index
//! (0..24, `Point::ALL` order) where a screen needs it; actions are their notation (`"d6"`,
//! `"d6-d5"`, `"xd7"`, `"pass"`), for records only: what an action did is its [`Change`]s.
//!
//! # Names
//!
//! A concept has the core's name on both sides of the boundary (`NextStep`, `Outcome`,
//! `Change`, `BoardChange`, `ChangeBatch`, `PointState`, `SideState`, `Snapshot`, `Refusal`,
//! `TurnTimer`, `SessionConfig`). Where the names differ, this is why:
//!
//! | core (`mills-core`) | bindings | why the bindings' name stays |
//! |---|---|---|
//! | `Side` (fields `side`) | `Player` (fields `player`) | the apps' word for the two players; `Side` would clash with their layout sides |
//! | `Variant` | `GameId` | what the apps store and pass around is which game, by its id; the rules behind it stay in the engine |
//! | `Phase` | `GamePhase` | `Phase` is too generic in app code (SwiftUI's `ScenePhase`, animation phases) |
//! | `Mode` | `GameMode` | likewise |
//! | `TapOutcome` + `Refusal` (a `Result`) | `TapResult` (a `TapStep`, `Refused` among them, and an optional `TapVerdict`) | a refused tap is an answer, not an exception a UI must catch; every kind of session answers a tap with the same record |
//! | `HumanResult` (statistics) | `won: Option<bool>` of `stats_record` | one argument, not a type |
//! | `LevelFacts`, `GameFacts` | `LevelInfo`, `GameInfo` | records of strings and cells, not the core's `Point`s |
//! | `Record` (text record) | `TextRecord` | `Record` is `java.lang.Record` in Kotlin, and the core's `GameRecord` is the saved game's JSON part |
//! | `record::RecordError` | `MillsError::InvalidRecord` with `RecordErrorKind` | one error type for the apps; the kind picks the words, `turn` is kept |
//! | `ai::Verdict::Exact(ExactResult)` | `Verdict::ExactWin`, `Verdict::ExactDraw` | one flat enum for the apps' words |
//! | `puzzles::Puzzle` | `PuzzleInfo` | a record of the catalogue, like `LessonInfo`; `Puzzle` alone is the whole game line |
//! | `puzzles::Grade` | `PuzzleGrade` | `Grade` alone is ambiguous in app code |
//! | `PuzzleTapSession` (+ `puzzles::PuzzleSession`) | `PuzzleSession` | the apps play one object with taps, as a `LessonSession`; the core keeps the judge and the tap machinery apart |
//! | `puzzles::GameStats` (one game's, inside `PuzzleStats`) | `PuzzleStats` (one per game, with its `game`) | the apps' "game statistics" are `StatsEntry`; these are the puzzle screen's |
//! | `puzzles::Rating` (with Glicko-2's volatility) | `Rating` (rating and deviation) | what a player is shown; the volatility stays in the file |
//! | `puzzles::GameResult`, `Opponent` | none | a game's result reaches the rating through the session (`SessionOptions.puzzle_stats_path`), not through an app call |
//! | `tables::prepare`, `tables::TableShelf`, `tables::EndgameTables` | `tables_prepare` → `TablesPreparation`, `tables_status`, `TablesState` | the apps never hold a table: they ask for the process's tables to be made ready and read how far that is; sessions find them by themselves |
//!
//! **No panic crosses the boundary.** Calls that can fail return `Result<_, MillsError>` and
//! run inside [`guard`], which catches a panic (`std::panic::catch_unwind`; the workspace keeps
//! `panic = "unwind"`) and returns [`MillsError::Internal`] instead of aborting the app.
//! Getters that cannot fail return plain values (UniFFI's scaffolding still catches a panic
//! there). Listener calls into Kotlin/Swift that throw are contained by the session.
//!
//! Logging goes through `log`: to logcat on Android (`android_logger`, tag `mills`) and to
//! os_log on Apple platforms (`oslog`, subsystem `app.mills.core`), set up once on first use.
//!
//! Generate the bindings from the built library (they are build output, never committed):
//! `cargo run -p mills-ffi --features bindgen --bin uniffi-bindgen -- generate --library
//! target/release/libmills_ffi.so --language kotlin --out-dir <dir>` (or `swift`).

uniffi::setup_scaffolding!();

mod board;
mod content;
mod error;
mod facts;
mod files;
mod game_id;
mod hints;
mod lessons;
mod logging;
mod online;
mod platform_log;
mod puzzle_stats;
mod puzzles;
mod records;
mod session;
mod tables;
#[cfg(test)]
mod test_support;
mod types;

pub use board::BoardSession;
pub use content::{RulesSection, RulesText, rules_text};
pub use error::{MillsError, RecordErrorKind, guard};
pub use facts::{
    BoardPoint, CounterInfo, GameInfo, LevelInfo, TimerChoices, TimerSetting, game_info, games,
    levels, timer_choices,
};
pub use files::{StatsEntry, read_saved_game, stats_load, stats_record, stats_reset};
pub use hints::{Evaluation, Hint, Verdict};
pub use lessons::{
    CourseProgress, LessonInfo, LessonProgress, LessonSession, lesson_progress_load,
    lesson_progress_mark_solved, lesson_progress_reset, lessons,
};
pub use logging::init_logging;
pub use online::{
    ConnectionState, OfflineReason, OnlineEvent, OnlineListener, OnlineOptions, OnlineSession,
    OnlineStatus, PlayerClock, PlayerInfo, ReportReason, RoomInfo, SavedOnlineRoom,
    ServerAddressInfo, forget_online_room, read_server_address, saved_online_room,
};
pub use puzzle_stats::{
    PuzzleStats, Rating, level_rating, puzzle_stats_load, puzzle_stats_record,
    puzzle_stats_record_rush, puzzle_stats_reset,
};
pub use puzzles::{
    PuzzleGrade, PuzzleGradeCount, PuzzleInfo, PuzzleKind, PuzzleSession, PuzzleState,
    puzzle_choose, puzzle_daily, puzzle_grade_counts, puzzle_info, puzzle_opening_grade,
    puzzle_rush_order, puzzle_rush_seconds, puzzles,
};
pub use records::{RecordDetails, ReviewPosition, TextRecord, TurnEnd, TurnEntry, read_record};
pub use session::{GameSession, SessionEvent, SessionListener};
pub use tables::{
    GameTablesStatus, TablesListener, TablesPreparation, TablesState, TablesStatus, tables_prepare,
    tables_status,
};
pub use types::*;

/// The version of the engine and bindings.
#[uniffi::export]
pub fn core_version() -> String {
    env!("CARGO_PKG_VERSION").to_string()
}

/// The 24 point names in index order (`a7 d7 g7 g4 g1 d1 a1 a4 b6 ...`).
#[uniffi::export]
pub fn point_names() -> Vec<String> {
    mills_core::Point::ALL
        .iter()
        .map(|p| p.to_string())
        .collect()
}

/// The name of the point with this index (0..24); `InvalidPoint` for any other index.
#[uniffi::export]
pub fn point_name(index: u32) -> Result<String, MillsError> {
    guard(|| types::point_at(index).map(|p| p.to_string()))
}

/// Test hook: panics inside the FFI guard, to show that a panic becomes
/// `MillsError::Internal` and never reaches the app.
#[uniffi::export]
pub fn panic_for_tests(message: String) -> Result<(), MillsError> {
    guard(|| panic!("{message}"))
}
