//! The compact index of a table slice: combinatorial ranking of the two piece sets, with the
//! mover's set reduced by the board's 16 symmetries.
//!
//! A slice holds every position with `a` pieces for the side to move and `b` for the other.
//! The mover's set is replaced by the canonical member of its symmetry class (the smallest
//! bitboard among its 16 images) and the other side's set is moved by the same symmetry, then
//! ranked among the `24 - a` points the mover leaves free. So an entry is
//! `class * C(24 - a, b) + rank(other)`. A mover set that some symmetry fixes keeps both
//! images of the other set: a little redundancy that keeps the index a plain product.

use std::sync::OnceLock;

use crate::board::{Bitboard, POINT_COUNT, Symmetry};

/// Binomial coefficients C(n, k) for n, k <= 24.
const BINOMIAL: [[u64; POINT_COUNT + 1]; POINT_COUNT + 1] = {
    let mut c = [[0u64; POINT_COUNT + 1]; POINT_COUNT + 1];
    let mut n = 0;
    while n <= POINT_COUNT {
        c[n][0] = 1;
        let mut k = 1;
        while k <= n {
            c[n][k] = c[n - 1][k - 1] + if k < n { c[n - 1][k] } else { 0 };
            k += 1;
        }
        n += 1;
    }
    c
};

pub(crate) const fn binomial(n: usize, k: usize) -> u64 {
    if k > n { 0 } else { BINOMIAL[n][k] }
}

/// The colex rank of a set of points (bits of `set`), among the sets of its size.
pub(crate) fn rank(set: u32) -> u64 {
    let mut r = 0;
    let mut bits = set;
    let mut i = 1;
    while bits != 0 {
        let p = bits.trailing_zeros() as usize;
        r += binomial(p, i);
        bits &= bits - 1;
        i += 1;
    }
    r
}

/// The set of `k` points with colex rank `r`.
pub(crate) fn unrank(mut r: u64, k: usize) -> u32 {
    let mut set = 0;
    let mut p = POINT_COUNT;
    for i in (1..=k).rev() {
        p -= 1;
        while binomial(p, i) > r {
            p -= 1;
        }
        r -= binomial(p, i);
        set |= 1 << p;
    }
    set
}

/// `set` with the points of `taken` squeezed out (its points renumbered among the others).
fn compress(set: u32, taken: u32) -> u32 {
    let mut out = 0;
    let mut bits = set;
    while bits != 0 {
        let p = bits.trailing_zeros();
        out |= 1 << (p - (taken & ((1 << p) - 1)).count_ones());
        bits &= bits - 1;
    }
    out
}

/// The inverse of [`compress`]: spread `set` over the points not in `taken`.
fn expand(set: u32, taken: u32) -> u32 {
    let mut out = 0;
    let mut free = !taken & Bitboard::FULL.0;
    let mut i = 0;
    while free != 0 {
        let p = free.trailing_zeros();
        if set & (1 << i) != 0 {
            out |= 1 << p;
        }
        free &= free - 1;
        i += 1;
    }
    out
}

/// The symmetries as byte lookup tables, so that moving a set costs three loads.
struct FastSymmetries {
    bytes: [[[u32; 256]; 3]; 16],
}

impl FastSymmetries {
    fn new() -> FastSymmetries {
        let mut bytes = [[[0u32; 256]; 3]; 16];
        for (k, s) in Symmetry::ALL.iter().enumerate() {
            for (chunk, table) in bytes[k].iter_mut().enumerate() {
                for (value, image) in table.iter_mut().enumerate() {
                    let set = Bitboard((value as u32) << (8 * chunk));
                    *image = s.apply_set(set).0;
                }
            }
        }
        FastSymmetries { bytes }
    }

    fn apply(&self, k: usize, set: u32) -> u32 {
        let t = &self.bytes[k];
        t[0][(set & 0xff) as usize] | t[1][(set >> 8 & 0xff) as usize] | t[2][(set >> 16) as usize]
    }
}

fn fast_symmetries() -> &'static FastSymmetries {
    static FAST: OnceLock<FastSymmetries> = OnceLock::new();
    FAST.get_or_init(FastSymmetries::new)
}

/// The image of `set` under `Symmetry::ALL[k]`.
pub(crate) fn apply_symmetry(k: usize, set: u32) -> u32 {
    fast_symmetries().apply(k, set)
}

/// The symmetry classes of the sets of one size.
pub(crate) struct SetClasses {
    /// The canonical set of each class, in increasing bitboard order.
    canonical: Vec<u32>,
    /// For each set (by rank): its class and the symmetry that takes it to the canonical set
    /// (0, the identity, exactly when the set is canonical).
    of_rank: Vec<(u32, u8)>,
    /// For each class: the symmetries that fix its canonical set (bit `k` for
    /// `Symmetry::ALL[k]`; bit 0 always).
    fixers: Vec<u16>,
}

impl SetClasses {
    fn new(size: usize) -> SetClasses {
        let fast = fast_symmetries();
        let count = binomial(POINT_COUNT, size) as usize;
        let mut best = Vec::with_capacity(count);
        for r in 0..count {
            let set = unrank(r as u64, size);
            let (mut min, mut sym) = (set, 0u8);
            for k in 1..16 {
                let image = fast.apply(k, set);
                if image < min {
                    (min, sym) = (image, k as u8);
                }
            }
            best.push((min, sym));
        }
        let mut canonical: Vec<u32> = best.iter().map(|b| b.0).collect();
        canonical.sort_unstable();
        canonical.dedup();
        let of_rank = best
            .iter()
            .map(|&(min, sym)| {
                let class = canonical.binary_search(&min).expect("a canonical set") as u32;
                (class, sym)
            })
            .collect();
        let fixers = canonical
            .iter()
            .map(|&set| {
                (0..16)
                    .filter(|&k| fast.apply(k, set) == set)
                    .fold(0u16, |mask, k| mask | 1 << k)
            })
            .collect();
        SetClasses {
            canonical,
            of_rank,
            fixers,
        }
    }

    /// The classes of the sets of `size` points (computed once per size).
    pub(crate) fn of_size(size: usize) -> &'static SetClasses {
        static CLASSES: [OnceLock<SetClasses>; POINT_COUNT + 1] =
            [const { OnceLock::new() }; POINT_COUNT + 1];
        CLASSES[size].get_or_init(|| SetClasses::new(size))
    }

    pub(crate) fn len(&self) -> usize {
        self.canonical.len()
    }

    /// The class of `set` and the symmetry that takes `set` to the class's canonical set.
    pub(crate) fn class_of(&self, set: u32) -> (u32, u8) {
        self.of_rank[rank(set) as usize]
    }

    /// The canonical set of `class`.
    pub(crate) fn canonical(&self, class: u32) -> u32 {
        self.canonical[class as usize]
    }

    /// The symmetries that fix the canonical set of `class`, as a bit mask.
    pub(crate) fn fixers(&self, class: u32) -> u16 {
        self.fixers[class as usize]
    }
}

/// The layout of one slice: `movers` pieces for the side to move, `others` for the other.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct SliceShape {
    pub movers: usize,
    pub others: usize,
}

impl SliceShape {
    pub(crate) fn classes(self) -> &'static SetClasses {
        SetClasses::of_size(self.movers)
    }

    fn other_sets(self) -> u64 {
        binomial(POINT_COUNT - self.movers, self.others)
    }

    /// Entries in the slice.
    pub(crate) fn len(self) -> u64 {
        self.classes().len() as u64 * self.other_sets()
    }

    /// The entry of a position (`mover` and `other` must have the slice's sizes and not meet).
    pub(crate) fn index(self, mover: Bitboard, other: Bitboard) -> u64 {
        debug_assert_eq!(mover.count() as usize, self.movers);
        debug_assert_eq!(other.count() as usize, self.others);
        let (class, sym) = self.classes().of_rank[rank(mover.0) as usize];
        let fast = fast_symmetries();
        let mover = fast.apply(sym as usize, mover.0);
        let other = fast.apply(sym as usize, other.0);
        u64::from(class) * self.other_sets() + rank(compress(other, mover))
    }

    /// The entry of the stored position whose mover set is the canonical set of `class`
    /// (`mover`), so that no symmetry needs looking up.
    pub(crate) fn entry_of_canonical(self, class: u32, mover: u32, other: u32) -> u64 {
        u64::from(class) * self.other_sets() + rank(compress(other, mover))
    }

    /// The class of the mover's set stored at `entry`.
    pub(crate) fn class_at(self, entry: u64) -> u32 {
        (entry / self.other_sets()) as u32
    }

    /// The canonical position stored at `entry`: (mover, other).
    pub(crate) fn position(self, entry: u64) -> (Bitboard, Bitboard) {
        let per_class = self.other_sets();
        let mover = self.classes().canonical[(entry / per_class) as usize];
        let other = expand(unrank(entry % per_class, self.others), mover);
        (Bitboard(mover), Bitboard(other))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranking_round_trips_and_is_dense() {
        for k in 0..=4 {
            for r in 0..binomial(POINT_COUNT, k) {
                let set = unrank(r, k);
                assert_eq!(set.count_ones() as usize, k);
                assert_eq!(rank(set), r);
            }
        }
        assert_eq!(binomial(24, 3), 2024);
        assert_eq!(binomial(20, 4), 4845);
    }

    #[test]
    fn every_position_maps_to_an_entry_holding_a_symmetric_image() {
        let shape = SliceShape {
            movers: 2,
            others: 2,
        };
        let classes = SetClasses::of_size(2);
        // 276 pairs fall into few classes: two points are related by distance and kind.
        assert!(classes.len() < 40, "{}", classes.len());
        let mut seen = vec![false; shape.len() as usize];
        for r in 0..binomial(24, 2) {
            let mover = unrank(r, 2);
            for r2 in 0..binomial(22, 2) {
                let other = expand(unrank(r2, 2), mover);
                let entry = shape.index(Bitboard(mover), Bitboard(other));
                seen[entry as usize] = true;
                let (m, o) = shape.position(entry);
                let image = Symmetry::ALL.iter().any(|s| {
                    s.apply_set(Bitboard(mover)) == m && s.apply_set(Bitboard(other)) == o
                });
                assert!(image, "{mover:b} {other:b}");
                assert_eq!(
                    shape.index(m, o),
                    entry,
                    "the stored position indexes itself"
                );
            }
        }
        assert!(seen.iter().all(|s| *s), "every entry is some position's");
    }
}
