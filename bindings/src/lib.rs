//! The Mills engine and game session for Kotlin (Android) and Swift (iOS), through UniFFI
//! proc-macros (no UDL).
//!
//! Everything the apps call is here: [`GameSession`] (one game on one screen: snapshot, tap,
//! undo/redo, timer, computer turns, saves), the rules text, statistics and point names.
//! The types wrap the core's in FFI-friendly records: points are their names (`"d6"`) with
//! their index (0..24, `Point::ALL` order) where a screen needs it; actions are their notation
//! (`"d6"`, `"d6-d5"`, `"xd7"`, `"pass"`).
//!
//! **No panic crosses the boundary.** Every exported function and method returns
//! `Result<_, MillsError>` and runs inside [`guard`], which catches a panic
//! (`std::panic::catch_unwind`; the workspace keeps `panic = "unwind"`) and returns
//! [`MillsError::Internal`] instead of aborting the app. Listener calls into Kotlin/Swift
//! that throw are contained the same way by the session.
//!
//! Logging goes through `log`: to logcat on Android (`android_logger`, tag `mills`) and to
//! os_log on Apple platforms (`oslog`, subsystem `app.mills.core`), set up once on first use.
//!
//! Generate the bindings from the built library (they are build output, never committed):
//! `cargo run -p mills-ffi --features bindgen --bin uniffi-bindgen -- generate --library
//! target/release/libmills_ffi.so --language kotlin --out-dir <dir>` (or `swift`).

uniffi::setup_scaffolding!();

mod content;
mod error;
mod files;
mod logging;
mod session;
mod types;

pub use content::{GameInfo, LevelInfo, RulesSection, RulesText, games, levels, rules_text};
pub use error::{MillsError, guard};
pub use files::{StatsEntry, read_saved_game, stats_load, stats_record, stats_reset};
pub use logging::init_logging;
pub use session::{GameSession, SessionEvent, SessionListener};
pub use types::*;

/// The version of the engine and bindings.
#[uniffi::export]
pub fn core_version() -> Result<String, MillsError> {
    guard(|| Ok(env!("CARGO_PKG_VERSION").to_string()))
}

/// The 24 point names in index order (`a7 d7 g7 g4 g1 d1 a1 a4 b6 ...`).
#[uniffi::export]
pub fn point_names() -> Result<Vec<String>, MillsError> {
    guard(|| {
        Ok(mills_core::Point::ALL
            .iter()
            .map(|p| p.to_string())
            .collect())
    })
}

/// The name of the point with this index (0..24).
#[uniffi::export]
pub fn point_name(index: u32) -> Result<String, MillsError> {
    guard(|| types::point_at(index).map(|p| p.to_string()))
}

/// The file (0..7, a..g) and rank (0..7, 1..7) of a point on the 7×7 grid, for drawing.
#[uniffi::export]
pub fn point_coordinates(point: String) -> Result<GridCell, MillsError> {
    guard(|| {
        let (file, rank) = types::parse_point(&point)?.file_rank();
        Ok(GridCell { file, rank })
    })
}

/// Test hook: panics inside the FFI guard, to show that a panic becomes
/// `MillsError::Internal` and never reaches the app.
#[uniffi::export]
pub fn panic_for_tests(message: String) -> Result<(), MillsError> {
    guard(|| panic!("{message}"))
}
