//! Quiet steps: the turns that stay inside a slice pair — a step that closes no line and
//! leaves the opponent a turn to play (in Twelve Men's Morris and Linked-Horse a side with no
//! step has lost; a blocked Zhi Qi side pulls, which is its turn). Every other turn captures,
//! pulls, stables or ends the game, and so leaves the pair.
//!
//! The solver generates them both ways: forward, the children of a stored position, and
//! backward, the parents of a stored position with one parent per step that leads to it.
//! Going backward is what lets a decided entry update its parents without anyone keeping a
//! list of every entry's children (four bytes a child, most of the build's memory).
//!
//! Both directions see the same steps: a parent's stored position `(M, O)` steps to a
//! position whose entry is the child's exactly when undoing that step from one of the
//! child's symmetric images gives `(M, O)`. The solver checks at every entry that the
//! engine's own move generator finds the same children (see `solve.rs`), so these steps are
//! a shortcut the rules engine vouches for, not a second rules engine.

use super::index::apply_symmetry;
use super::pair::Pair;
use crate::board::{Bitboard, Geometry, POINT_COUNT};
use crate::rules::{Rules, WhenBlocked};

/// Points as bits of a `u32`, lowest first.
fn points(mut set: u32) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        (set != 0).then(|| {
            let p = set.trailing_zeros() as usize;
            set &= set - 1;
            p
        })
    })
}

/// The quiet steps of one game inside one slice pair.
pub(super) struct QuietSteps<'a> {
    adjacent: [u32; POINT_COUNT],
    /// The lines through each point, as masks (the first `lines_through_count[p]` of them).
    lines_through: [[u32; 3]; POINT_COUNT],
    lines_through_count: [u8; POINT_COUNT],
    blocked_loses: bool,
    pair: &'a Pair,
}

impl<'a> QuietSteps<'a> {
    pub(super) fn new(rules: Rules, pair: &'a Pair) -> QuietSteps<'a> {
        let geometry: &Geometry = rules.geometry();
        let mut adjacent = [0u32; POINT_COUNT];
        let mut lines_through = [[0u32; 3]; POINT_COUNT];
        let mut lines_through_count = [0u8; POINT_COUNT];
        for point in crate::board::Point::ALL {
            let p = point.index();
            adjacent[p] = geometry.adjacent[p].0;
            for (slot, line) in geometry.lines_through(point).iter().enumerate() {
                lines_through[p][slot] = line.0;
                lines_through_count[p] += 1;
            }
        }
        QuietSteps {
            adjacent,
            lines_through,
            lines_through_count,
            blocked_loses: rules.when_blocked == WhenBlocked::Lose,
            pair,
        }
    }

    /// Whether `pieces` fills a line through `at`.
    fn closes_line(&self, pieces: u32, at: usize) -> bool {
        let lines = &self.lines_through[at][..usize::from(self.lines_through_count[at])];
        lines.iter().filter(|&&line| pieces & line == line).count() > 0
    }

    /// Whether the side to move with `mover` against `other` has already lost, blocked.
    fn is_over(&self, mover: u32, other: u32) -> bool {
        let empty = Bitboard::FULL.0 & !(mover | other);
        self.blocked_loses && points(mover).all(|p| self.adjacent[p] & empty == 0)
    }

    /// Calls `visit` with the pair index of the child of every quiet step from the position
    /// `mover` against `other` (with repeats when two steps lead to one entry).
    pub(super) fn children(&self, mover: u32, other: u32, visit: &mut impl FnMut(u32)) {
        let empty = Bitboard::FULL.0 & !(mover | other);
        for from in points(mover) {
            for to in points(self.adjacent[from] & empty) {
                let after = mover & !(1 << from) | 1 << to;
                if self.closes_line(after, to) || self.is_over(other, after) {
                    continue;
                }
                let child = self
                    .pair
                    .index(Bitboard(other), Bitboard(after))
                    .expect("a quiet step keeps the counts");
                visit(child);
            }
        }
    }

    /// Calls `visit` with the pair index of every parent of `child`, once for each quiet
    /// step from the parent's stored position whose child is `child`.
    pub(super) fn parents(&self, child: u32, visit: &mut impl FnMut(u32)) {
        let (shape, entry) = self.pair.locate(u64::from(child));
        let (stayed, moved) = shape.position(entry);
        let (stayed, moved) = (stayed.0, moved.0);
        if self.is_over(stayed, moved) {
            return; // A finished game is no parent's child: its parents count it as a win.
        }
        let (parent_shape, parent_offset) = self
            .pair
            .slice(shape.others, shape.movers)
            .expect("the swapped slice is in the pair");
        let stayed_fixers = shape.classes().fixers(shape.class_at(entry));
        // A child fixed by some symmetry would be reached twice by the same step: note the
        // steps seen then (rare: both sets symmetric at once).
        let child_symmetric = (1..16)
            .filter(|k| stayed_fixers & 1 << k != 0)
            .any(|k| apply_symmetry(k, moved) == moved);
        let mut seen: Vec<(u64, u32, u32)> = Vec::new();
        let parent_classes = parent_shape.classes();
        let empty = Bitboard::FULL.0 & !(stayed | moved);
        for to in points(moved) {
            if self.closes_line(moved, to) {
                continue;
            }
            for from in points(self.adjacent[to] & empty) {
                let before = moved & !(1 << to) | 1 << from;
                let (class, sym) = parent_classes.class_of(before);
                let canonical = parent_classes.canonical(class);
                // Every symmetry that takes `before` to its canonical set gives one stored
                // parent: `sym`, then each symmetry fixing the canonical set.
                for fixer in points(u32::from(parent_classes.fixers(class))) {
                    let image = |set| match (usize::from(sym), fixer) {
                        (0, 0) => set,
                        (sym, 0) => apply_symmetry(sym, set),
                        (sym, fixer) => apply_symmetry(fixer, apply_symmetry(sym, set)),
                    };
                    let other = image(stayed);
                    if stayed_fixers != 1
                        && shape.index(Bitboard(other), Bitboard(image(moved))) != entry
                    {
                        continue; // This image of the child is stored at its twin entry.
                    }
                    let parent = parent_shape.entry_of_canonical(class, canonical, other);
                    if child_symmetric {
                        let step = (parent, image(1 << from), image(1 << to));
                        if seen.contains(&step) {
                            continue;
                        }
                        seen.push(step);
                    }
                    visit((parent_offset + parent) as u32);
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Variant;
    use crate::tables::index::SliceShape;

    /// For every entry of a pair: its children, each with its multiplicity, are exactly the
    /// entries that list it among their parents.
    fn parents_invert_children(variant: Variant, movers: usize, others: usize) {
        let pair = Pair::new(SliceShape { movers, others });
        let steps = QuietSteps::new(Rules::of(variant), &pair);
        let mut forward: Vec<(u32, u32)> = Vec::new();
        let mut backward: Vec<(u32, u32)> = Vec::new();
        for index in 0..pair.len() as u32 {
            let (shape, entry) = pair.locate(u64::from(index));
            let (mover, other) = shape.position(entry);
            steps.children(mover.0, other.0, &mut |child| forward.push((index, child)));
            steps.parents(index, &mut |parent| backward.push((parent, index)));
        }
        forward.sort_unstable();
        backward.sort_unstable();
        assert!(forward.len() > pair.len() as usize, "steps were generated");
        assert_eq!(forward, backward, "{variant} {movers} v {others}");
    }

    #[test]
    fn parents_are_the_inverse_of_children() {
        for variant in Variant::ALL {
            parents_invert_children(variant, 3, 3);
            parents_invert_children(variant, 3, 4);
        }
        parents_invert_children(Variant::ZhiQi, 1, 3);
        parents_invert_children(Variant::ZhiQi, 2, 3);
    }
}
