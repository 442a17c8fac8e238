//! The solved tables of one game in memory: their slices, and the probes that read a
//! position's value and rank its turns. Their other methods sit with the work they do:
//! `build` in `solve`, `save`, `load` and the bytes of a file in `file`.

use crate::board::Bitboard;
use crate::position::{Pending, Phase, Position, RemovalKind};
use crate::rules::{Side, Variant};

use super::index::SliceShape;
use super::turns;
use super::value::{RankedTurn, TableValue};

/// The most pieces a side may have in a table built here (the index is a `u32` per side
/// pair and the build time grows about tenfold per piece).
pub const MAX_TABLE_PIECES: u8 = 6;

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
pub(super) struct Slice {
    pub(super) shape: SliceShape,
    pub(super) values: Vec<u8>,
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
    pub(super) variant: Variant,
    pub(super) max_pieces: u8,
    pub(super) slices: Vec<Slice>,
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

    pub(super) fn empty(variant: Variant, max_pieces: u8) -> EndgameTables {
        EndgameTables {
            variant,
            max_pieces,
            slices: Vec::new(),
            lookup: vec![None; COUNTS * COUNTS],
        }
    }

    pub(super) fn insert(&mut self, slice: Slice) {
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
