//! The transposition table: one entry per slot, replaced when the new search is deeper or
//! the slot holds another position.

use crate::action::Action;

use super::search::WIN_THRESHOLD;

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
    pub depth: i32,
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
}

impl TranspositionTable {
    pub fn new(bits: u32) -> TranspositionTable {
        let size = 1usize << bits.clamp(4, 26);
        TranspositionTable {
            entries: vec![None; size],
            mask: size as u64 - 1,
        }
    }

    pub fn clear(&mut self) {
        self.entries.iter_mut().for_each(|e| *e = None);
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
        let slot = &mut self.entries[(key & self.mask) as usize];
        if let Some(old) = slot
            && old.key == key
            && old.depth > depth
        {
            return;
        }
        *slot = Some(Entry {
            key,
            score: to_table(score, ply),
            depth,
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
