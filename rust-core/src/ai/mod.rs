//! The computer player: search, evaluation and difficulty levels.

pub mod arena;
pub mod eval;
pub mod level;
mod limits;
pub mod search;
mod tt;

pub use level::{InvalidLevel, Level, Style};
pub use search::{
    CancelToken, Engine, SearchLimits, SearchOptions, SearchResult, WIN, WIN_THRESHOLD,
};
