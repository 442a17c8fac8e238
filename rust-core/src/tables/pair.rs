//! The slices solved together, (a, b) and (b, a), numbered as one run of entries: the first
//! slice's entries, then the second's. Quiet steps lead from one slice to the other, so the
//! solver's lists and counters are kept per pair index.

use super::index::SliceShape;
use crate::board::Bitboard;

/// The slices solved together and where each starts in the pair's index.
pub(super) struct Pair {
    shapes: Vec<SliceShape>,
    lens: Vec<u64>,
}

impl Pair {
    /// The pair of the slice `shape` and its swap (one slice when the counts are equal).
    pub(super) fn new(shape: SliceShape) -> Pair {
        let mut shapes = vec![shape];
        if shape.movers != shape.others {
            shapes.push(SliceShape {
                movers: shape.others,
                others: shape.movers,
            });
        }
        let lens = shapes.iter().map(|s| s.len()).collect();
        Pair { shapes, lens }
    }

    /// The slices, in pair order.
    pub(super) fn shapes(&self) -> &[SliceShape] {
        &self.shapes
    }

    /// Entries of each slice, in pair order.
    pub(super) fn lens(&self) -> &[u64] {
        &self.lens
    }

    /// Entries in the pair.
    pub(super) fn len(&self) -> u64 {
        self.lens.iter().sum()
    }

    /// The slice with these counts and the pair index of its first entry.
    pub(super) fn slice(&self, movers: usize, others: usize) -> Option<(SliceShape, u64)> {
        let mut offset = 0;
        for (shape, len) in self.shapes.iter().zip(&self.lens) {
            if shape.movers == movers && shape.others == others {
                return Some((*shape, offset));
            }
            offset += len;
        }
        None
    }

    /// The pair index of a position, if its counts are one of the pair's slices.
    pub(super) fn index(&self, mover: Bitboard, other: Bitboard) -> Option<u32> {
        let (shape, offset) = self.slice(mover.count() as usize, other.count() as usize)?;
        Some((offset + shape.index(mover, other)) as u32)
    }

    /// The slice and entry of a pair index.
    pub(super) fn locate(&self, mut index: u64) -> (SliceShape, u64) {
        for (shape, &len) in self.shapes.iter().zip(&self.lens) {
            if index < len {
                return (*shape, index);
            }
            index -= len;
        }
        unreachable!("index inside the pair")
    }
}
