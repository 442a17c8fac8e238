//! Exact endgame tables, solved by retrograde analysis for all three games.
//!
//! # What a table covers
//! Every movement-phase position with both hands empty, at the start of a turn, with at most
//! `max_pieces` on the board for each side (at least one each in Zhi Qi, not both at two or
//! fewer, which is a draw; at least three each in the other two games). A position is indexed
//! by the two sets of pieces alone, from the side to move's point of view:
//! - the side to move's colour does not matter: in the movement phase no rule tells P1 from P2;
//! - Linked-Horse's stable does not matter either: with empty hands, the three-in-line win
//!   and stabling look only at the pieces on the board (stable = 10 - board, always);
//! - captured, pinned and lost counts are bookkeeping that no movement rule reads;
//! - a Zhi Qi side with no step owes a pull at the start of its turn: the position still
//!   starts a turn and is in the table (the pull is part of its turn).
//!
//! # Values
//! Each entry is one byte: 0 for a draw, otherwise the distance to the end in turns plus one.
//! A win for the side to move always ends on the winner's own turn, so distances of wins are
//! odd and distances of losses even: the value needs no bits of its own. A loss at distance 0
//! is a side to move that has already lost (blocked in Twelve Men's Morris or Linked-Horse).
//!
//! # Draws by history
//! Positions the retrograde fixpoint does not resolve are draws: neither side can force an
//! end, so play repeats (threefold repetition) or runs out the quiet-turn rule. Distances
//! ignore the 100-turn rule; a won position with a longer distance than the turns left under
//! that rule may in fact be drawn in a game. The search therefore trusts a table win only
//! when it fits in the quiet turns left (see [`crate::ai::search`]), and `mills tables info`
//! reports how many entries lie beyond 100 turns.

mod endgame;
mod file;
mod index;
pub mod pack;
mod pair;
pub mod prepare;
mod shelf;
mod solve;
mod steps;
mod turns;
mod value;

pub use endgame::{EndgameTables, MAX_TABLE_PIECES, SliceStats};
pub use file::{FORMAT_VERSION, TableError, file_name};
pub use pack::{PACK_VERSION, PackEntry, UnpackProgress};
pub use prepare::{
    APP_TABLE_PIECES, FileStatus, PrepareProgress, Prepared, file_status, load_existing,
};
pub use shelf::{TABLES_FROM_LEVEL, TableShelf, exact_result, level_uses_tables};
pub use solve::{BuildProgress, BuildStage};
pub use value::{ExactResult, RankedTurn, TableValue};

#[cfg(test)]
mod tests;
