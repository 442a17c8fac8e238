//! The computer player: search, evaluation and difficulty levels; hints and analysis.

pub mod analysis;
pub mod eval;
pub mod hint;
pub mod search;
mod tt;

pub use crate::level::{InvalidLevel, Level, Style};
pub use crate::tables::ExactResult;
pub use analysis::{Evaluation, ExactProbe, Verdict, analyse, verdict};
pub use hint::{DEFAULT_HINT_TIME, Hint, default_hint_limits, hint};
pub use search::{
    CancelToken, Engine, SearchLimits, SearchOptions, SearchResult, TurnSearch, WIN, WIN_THRESHOLD,
};
