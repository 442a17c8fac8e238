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

mod file;
mod index;
pub mod pack;
mod pair;
pub mod prepare;
mod shelf;
mod solve;
mod steps;
mod turns;

use std::fmt;

use crate::action::Action;
use crate::board::Bitboard;
use crate::cancel::CancelToken;
use crate::position::{Pending, Phase, Position, RemovalKind};
use crate::rules::{Side, Variant};

pub use file::{FORMAT_VERSION, TableError, file_name};
pub use pack::{PACK_VERSION, PackEntry, UnpackProgress};
pub use prepare::{
    APP_TABLE_PIECES, FileStatus, PrepareProgress, Prepared, file_status, load_existing,
};
pub use shelf::{TABLES_FROM_LEVEL, TableShelf, exact_result, level_uses_tables};
pub use solve::{BuildProgress, BuildStage};

use index::SliceShape;

/// The most pieces a side may have in a table built here (the index is a `u32` per side
/// pair and the build time grows about tenfold per piece).
pub const MAX_TABLE_PIECES: u8 = 6;

/// An exact result of a position with best play, as endgame tables give it.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum ExactResult {
    /// `winner` wins in `turns` turns (0: the game is already won).
    Win {
        /// The side that wins.
        winner: Side,
        /// Turns until it has won.
        turns: u32,
    },
    /// Best play draws.
    Draw,
}

/// The exact value of a table position for the side to move.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum TableValue {
    /// The side to move wins, at the latest on its turn this many turns from now
    /// (1 = this turn).
    Win(u16),
    /// Best play draws.
    Draw,
    /// The side to move loses after this many turns at the most (0 = it has lost already).
    Loss(u16),
}

impl TableValue {
    fn from_byte(byte: u8) -> TableValue {
        match byte {
            0 => TableValue::Draw,
            v => {
                let turns = u16::from(v - 1);
                if turns % 2 == 1 {
                    TableValue::Win(turns)
                } else {
                    TableValue::Loss(turns)
                }
            }
        }
    }

    /// The value one turn earlier, for the side that made that turn.
    pub fn before_turn(self) -> TableValue {
        match self {
            TableValue::Win(d) => TableValue::Loss(d + 1),
            TableValue::Draw => TableValue::Draw,
            TableValue::Loss(d) => TableValue::Win(d + 1),
        }
    }

    /// Orders values best first for the side to move: quick wins, draws, slow losses.
    fn preference(self) -> (u8, i32) {
        match self {
            TableValue::Win(d) => (0, i32::from(d)),
            TableValue::Draw => (1, 0),
            TableValue::Loss(d) => (2, -i32::from(d)),
        }
    }
}

impl fmt::Display for TableValue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TableValue::Win(d) => write!(f, "win in {d} turn{}", if *d == 1 { "" } else { "s" }),
            TableValue::Draw => f.write_str("draw"),
            TableValue::Loss(0) => f.write_str("lost"),
            TableValue::Loss(d) => write!(f, "loss in {d} turns"),
        }
    }
}

/// A turn from a table position with the value it leads to, for the side that plays it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RankedTurn {
    /// The turn's actions.
    pub actions: Vec<Action>,
    /// The value for the side that plays the turn.
    pub value: TableValue,
}

/// Counts of one slice, for `mills tables info` and docs/ai.md.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SliceStats {
    /// Pieces of the side to move.
    pub movers: u8,
    /// Pieces of the other side.
    pub others: u8,
    /// Positions in the slice.
    pub entries: u64,
    /// Positions the side to move wins.
    pub wins: u64,
    /// Positions drawn.
    pub draws: u64,
    /// Positions the side to move loses.
    pub losses: u64,
    /// The longest distance to the end, in turns.
    pub longest: u16,
    /// Decided entries whose distance exceeds 100 turns (the default quiet-turn limit).
    pub beyond_100: u64,
}

/// One solved slice: every position with `movers` pieces for the side to move and `others`
/// for the other side.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Slice {
    shape: SliceShape,
    values: Vec<u8>,
}

/// Pieces per side a slice index can hold (0..=12).
const COUNTS: usize = 13;

/// The solved tables of one game, up to some number of pieces a side.
///
/// Build small tables (three pieces a side, a fraction of a second), save them, load them
/// and probe a position of three pieces against three.
///
/// ```
/// use mills_core::{EndgameTables, Rules, Setup, Side, TableValue, Variant};
///
/// let tables = EndgameTables::build(Variant::TwelveMensMorris, 3, 1, &mut |_| {})?;
/// let dir = std::env::temp_dir().join(format!("mills-doc-tables-{}", std::process::id()));
/// std::fs::create_dir_all(&dir)?;
/// tables.save(&dir)?;
/// let loaded = EndgameTables::load(&dir, Variant::TwelveMensMorris)?;
/// std::fs::remove_dir_all(&dir)?;
///
/// let position = Setup::moving(Rules::TWELVE_MENS_MORRIS)
///     .pieces(Side::P1, "a7 d7 g1")
///     .pieces(Side::P2, "b4 f4 d2")
///     .build()?;
/// assert_eq!(loaded, tables);
/// let value = loaded.probe(&position).expect("three a side is in the tables");
/// assert!(matches!(value, TableValue::Win(_) | TableValue::Draw | TableValue::Loss(_)));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EndgameTables {
    variant: Variant,
    max_pieces: u8,
    slices: Vec<Slice>,
    /// `lookup[movers * COUNTS + others]`: the slice with those counts, if any.
    lookup: Vec<Option<usize>>,
}

impl EndgameTables {
    /// The piece counts (side to move, other side) a table of `variant` up to `max_pieces`
    /// holds, in the order they are solved: fewer pieces in all first.
    pub fn slice_counts(variant: Variant, max_pieces: u8) -> Vec<(u8, u8)> {
        let least = match variant {
            Variant::ZhiQi => 1,
            Variant::LinkedHorse | Variant::TwelveMensMorris => 3,
        };
        let mut counts = Vec::new();
        for total in 2 * least..=2 * max_pieces {
            for movers in least..=max_pieces {
                let Some(others) = total.checked_sub(movers) else {
                    continue;
                };
                let both_at_two = variant == Variant::ZhiQi && movers <= 2 && others <= 2;
                if (least..=max_pieces).contains(&others) && !both_at_two {
                    counts.push((movers, others));
                }
            }
        }
        counts
    }

    /// Solves the tables of `variant` up to `max_pieces` a side with `threads` threads.
    /// Deterministic: the same tables for any number of threads.
    pub fn build(
        variant: Variant,
        max_pieces: u8,
        threads: usize,
        progress: &mut dyn FnMut(&BuildProgress),
    ) -> Result<EndgameTables, TableError> {
        solve::build(
            variant,
            max_pieces,
            threads,
            progress,
            &CancelToken::new(),
            solve::Children::Counted,
        )
    }

    /// As [`EndgameTables::build`], stopping with [`TableError::Cancelled`] soon after
    /// `cancel` is set (within one chunk of work per thread, milliseconds).
    pub fn build_cancellable(
        variant: Variant,
        max_pieces: u8,
        threads: usize,
        progress: &mut dyn FnMut(&BuildProgress),
        cancel: &CancelToken,
    ) -> Result<EndgameTables, TableError> {
        solve::build(
            variant,
            max_pieces,
            threads,
            progress,
            cancel,
            solve::Children::Counted,
        )
    }

    /// Entries of the slice with these counts (its bytes in a file).
    pub fn slice_entries(movers: u8, others: u8) -> u64 {
        SliceShape {
            movers: usize::from(movers),
            others: usize::from(others),
        }
        .len()
    }

    /// Entries of the tables of `variant` up to `max_pieces` a side, without building them.
    pub fn entries(variant: Variant, max_pieces: u8) -> u64 {
        EndgameTables::slice_counts(variant, max_pieces)
            .into_iter()
            .map(|(m, o)| EndgameTables::slice_entries(m, o))
            .sum()
    }

    fn empty(variant: Variant, max_pieces: u8) -> EndgameTables {
        EndgameTables {
            variant,
            max_pieces,
            slices: Vec::new(),
            lookup: vec![None; COUNTS * COUNTS],
        }
    }

    fn insert(&mut self, slice: Slice) {
        let key = slice.shape.movers * COUNTS + slice.shape.others;
        self.lookup[key] = Some(self.slices.len());
        self.slices.push(slice);
    }

    /// The game of these tables.
    pub fn variant(&self) -> Variant {
        self.variant
    }

    /// The most pieces a side the tables hold.
    pub fn max_pieces(&self) -> u8 {
        self.max_pieces
    }

    /// Bytes of table data held.
    pub fn size(&self) -> u64 {
        self.slices.iter().map(|s| s.values.len() as u64).sum()
    }

    /// The value for the side to move when it has `mover` on the board and the other side
    /// `other`, hands empty, at the start of its turn; `None` outside the tables.
    pub fn value(&self, mover: Bitboard, other: Bitboard) -> Option<TableValue> {
        let (m, o) = (mover.count() as usize, other.count() as usize);
        if m >= COUNTS || o >= COUNTS {
            return None;
        }
        let slice = &self.slices[self.lookup[m * COUNTS + o]?];
        let entry = slice.shape.index(mover, other);
        Some(TableValue::from_byte(slice.values[entry as usize]))
    }

    /// The exact value of `position` for its side to move, when it is a turn start inside
    /// the tables (a Zhi Qi turn that starts with a pull counts).
    pub fn probe(&self, position: &Position) -> Option<TableValue> {
        let turn_start = match position.pending() {
            Pending::None => true,
            Pending::Remove { kind, .. } => kind == RemovalKind::Pull,
            Pending::StepAfterPull => false,
        };
        if !turn_start || !self.covers_board_of(position) {
            return None;
        }
        let us = position.side_to_move();
        self.value(position.board(us), position.board(us.opponent()))
    }

    /// Whether `position` is a movement position of this game with empty hands, not over.
    fn covers_board_of(&self, position: &Position) -> bool {
        position.rules().variant == self.variant
            && position.phase() == Phase::Moving
            && position.hand(Side::P1) == 0
            && position.hand(Side::P2) == 0
            && !position.is_over()
    }

    /// Every way to finish the current turn of `position` (a turn start or a position within
    /// a turn), with the value each leads to for the mover, best first; `None` when a turn
    /// leads outside the tables. Ties keep the engine's generation order.
    pub fn ranked_turns(&self, position: &Position) -> Option<Vec<RankedTurn>> {
        if !self.covers_board_of(position) {
            return None;
        }
        let mover = position.side_to_move();
        let mut ranked = Vec::new();
        let mut complete = true;
        turns::for_each_turn(position, &mut |actions, next| {
            let value = match next.outcome() {
                Some(outcome) => match outcome.winner() {
                    Some(winner) if winner == mover => TableValue::Win(1),
                    Some(_) => TableValue::Loss(1),
                    None => TableValue::Draw,
                },
                None => match self.probe(next) {
                    Some(value) => value.before_turn(),
                    None => {
                        complete = false;
                        TableValue::Draw
                    }
                },
            };
            ranked.push(RankedTurn {
                actions: actions.to_vec(),
                value,
            });
        });
        if !complete || ranked.is_empty() {
            return None;
        }
        ranked.sort_by_key(|turn| turn.value.preference());
        Some(ranked)
    }

    /// Counts per slice, in solving order.
    pub fn stats(&self) -> Vec<SliceStats> {
        self.slices
            .iter()
            .map(|slice| {
                let mut stats = SliceStats {
                    movers: slice.shape.movers as u8,
                    others: slice.shape.others as u8,
                    entries: slice.values.len() as u64,
                    ..SliceStats::default()
                };
                for &byte in &slice.values {
                    match TableValue::from_byte(byte) {
                        TableValue::Win(_) => stats.wins += 1,
                        TableValue::Draw => stats.draws += 1,
                        TableValue::Loss(_) => stats.losses += 1,
                    }
                    let turns = u16::from(byte.saturating_sub(1));
                    stats.longest = stats.longest.max(turns);
                    if turns > 100 {
                        stats.beyond_100 += 1;
                    }
                }
                stats
            })
            .collect()
    }
}

#[cfg(test)]
mod tests;
