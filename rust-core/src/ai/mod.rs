//! The computer player: search, evaluation and difficulty levels; hints and analysis.

pub mod analysis;
pub mod arena;
pub mod eval;
pub mod hint;
pub mod level;
mod limits;
pub mod search;
mod tt;

pub use analysis::{Evaluation, ExactProbe, ExactResult, Verdict, analyse, verdict};
pub use hint::{DEFAULT_HINT_TIME, Hint, default_hint_limits, hint};
pub use level::{InvalidLevel, Level, Style};
pub use search::{
    CancelToken, Engine, SearchLimits, SearchOptions, SearchResult, TurnSearch, WIN, WIN_THRESHOLD,
};
