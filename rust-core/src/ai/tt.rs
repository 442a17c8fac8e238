//! The transposition table: one entry per slot, indexed by the low bits of the Zobrist key.
//!
//! Replacement: an entry of the current search (its generation) is kept against a shallower
//! result for another position; anything from an earlier search, or not deeper than the new
//! result, is replaced. The same position is always refreshed unless the stored result is
//! deeper (then only its best action is updated when it had none).

use crate::action::Action;

use crate::limits::WIN_THRESHOLD;

/// The smallest table, in bits of entries (smaller requests are clamped).
pub const MIN_TABLE_BITS: u32 = 4;
/// The largest table, in bits of entries (larger requests are clamped).
pub const MAX_TABLE_BITS: u32 = 26;

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Bound {
    Exact,
    /// The score is at least this (a cutoff).
    Lower,
    /// The score is at most this (nothing beat alpha).
    Upper,
}

#[derive(Clone, Copy, Debug)]
pub struct Entry {
    key: u64,
    score: i32,
    pub depth: i16,
    generation: u8,
    pub bound: Bound,
    pub best: Option<Action>,
}

impl Entry {
    /// The stored score, with win distances made relative to the probing ply again.
    pub fn score(&self, ply: usize) -> i32 {
        from_table(self.score, ply)
    }
}

pub struct TranspositionTable {
    entries: Vec<Option<Entry>>,
    mask: u64,
    generation: u8,
}

impl TranspositionTable {
    pub fn new(bits: u32) -> TranspositionTable {
        let size = 1usize << bits.clamp(MIN_TABLE_BITS, MAX_TABLE_BITS);
        TranspositionTable {
            entries: vec![None; size],
            mask: size as u64 - 1,
            generation: 0,
        }
    }

    pub fn clear(&mut self) {
        self.entries.iter_mut().for_each(|e| *e = None);
        self.generation = 0;
    }

    /// Marks the start of a new search: older entries become the first to be replaced.
    pub fn new_search(&mut self) {
        self.generation = self.generation.wrapping_add(1);
    }

    pub fn probe(&self, key: u64) -> Option<Entry> {
        self.entries[(key & self.mask) as usize].filter(|e| e.key == key)
    }

    pub fn store(
        &mut self,
        key: u64,
        depth: i32,
        score: i32,
        bound: Bound,
        best: Option<Action>,
        ply: usize,
    ) {
        let generation = self.generation;
        let depth = depth.clamp(i32::from(i16::MIN), i32::from(i16::MAX)) as i16;
        let slot = &mut self.entries[(key & self.mask) as usize];
        if let Some(old) = slot.as_mut() {
            if old.key == key && old.depth > depth {
                if old.best.is_none() {
                    old.best = best;
                }
                old.generation = generation;
                return;
            }
            if old.key != key && old.generation == generation && old.depth > depth {
                return;
            }
        }
        *slot = Some(Entry {
            key,
            score: to_table(score, ply),
            depth,
            generation,
            bound,
            best,
        });
    }
}

/// Wins are stored as distance from this node, not from the root, so they stay true when the
/// same position is reached at another ply.
fn to_table(score: i32, ply: usize) -> i32 {
    if score > WIN_THRESHOLD {
        score + ply as i32
    } else if score < -WIN_THRESHOLD {
        score - ply as i32
    } else {
        score
    }
}

fn from_table(score: i32, ply: usize) -> i32 {
    if score > WIN_THRESHOLD {
        score - ply as i32
    } else if score < -WIN_THRESHOLD {
        score + ply as i32
    } else {
        score
    }
}
