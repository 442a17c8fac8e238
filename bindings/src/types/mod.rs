//! FFI records and enums and their conversions from and to the core's types, by concern,
//! mirroring the core's `session/` modules: `config` (what a session plays and how it runs),
//! `snapshot` (what a screen draws), `changes` (what each action did to the board), `tap` (what
//! a tap did, or why not), `verdicts` (what a lesson or a puzzle made of it) and `points`
//! (point names and notation).

mod changes;
mod config;
mod points;
mod snapshot;
mod tap;
mod verdicts;

pub use changes::{BoardChange, Change, ChangeBatch};
// Which game: defined below the error type that names it, offered here with the records it
// configures, where the rest of the crate looks for it.
pub use crate::game_id::GameId;
pub use config::{GameMode, Player, SessionConfig, SessionOptions, TurnTimer};
pub use points::GridCell;
pub use snapshot::{
    Counter, EndReason, GamePhase, NextStep, Outcome, PanelCount, PointState, SideState, Snapshot,
};
pub use tap::{Refusal, TapResult, TapStep, TapVerdict};
pub use verdicts::{Consequence, LessonVerdict, PuzzleResult, TurnVerdict, WrongTurn};

pub(crate) use config::parse_level;
pub(crate) use points::{actions_text, parse_point, point_at};
