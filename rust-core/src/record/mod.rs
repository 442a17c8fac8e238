//! A game as people read it: the move list, review of earlier positions, and the text
//! record that is shared, imported and read by `mills record` (docs/records.md).
//!
//! - [`turns`]: the game's actions cut into numbered turns, each written as one token in the
//!   notation of RULES.md §2 (`d6-d5xd7`, `pass`), for the move list the apps draw.
//! - [`review`]: the position before and after every turn, computed once per game.
//! - [`text`]: the versioned text record, its strict reader and its writer.
//! - [`date`]: the calendar date of the record's `Date` header.

pub mod date;
pub mod error;
pub mod review;
pub mod text;
pub mod turns;

pub use date::civil_date;
pub use error::{HeaderProblem, RecordError};
pub use review::Review;
pub use text::{
    MAX_NAME_CHARS, MAX_RECORD_ACTIONS, MAX_RECORD_BYTES, RECORD_VERSION, Record, RecordHeader,
    check_player_name, result_id,
};
pub use turns::{TurnEnd, TurnEntry, move_list, played_turns, starts_turn, turn_token};
