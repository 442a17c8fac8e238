//! The computer player: search, evaluation and difficulty levels; hints and analysis.

pub mod analysis;
pub mod eval;
pub mod hint;
pub mod search;
mod self_play;
mod tt;

pub use analysis::{Evaluation, ExactProbe, Verdict, analyse, no_tables, verdict};
pub use eval::{Weights, closes_mill, evaluate, evaluate_with, spsa_weights, weights_for};
pub use hint::{DEFAULT_HINT_TIME, Hint, default_hint_limits, hint};
pub use search::{Engine, SearchOptions, SearchResult, TurnSearch};
pub use self_play::self_play;
