//! The 24-point board: points, bitboards and the geometry tables (edges and lines).
//!
//! Points are numbered ring by ring, clockwise from each ring's top-left corner, so that
//! "corner", "midpoint", "next ring" are all simple arithmetic and the tables below can be
//! computed at compile time:
//!
//! ```text
//! outer  (ring 0):  a7 d7 g7 g4 g1 d1 a1 a4   = 0..8
//! middle (ring 1):  b6 d6 f6 f4 f2 d2 b2 b4   = 8..16
//! inner  (ring 2):  c5 d5 e5 e4 e3 d3 c3 c4   = 16..24
//! ```
//! Within a ring, even slots are corners and odd slots are midpoints.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

/// Number of points on the board.
pub const POINT_COUNT: usize = 24;

/// A point of the board, `a1`..`g7` in standard morris coordinates.
///
/// Points are named as on the board (files a-g, ranks 1-7):
///
/// ```
/// use mills_core::Point;
///
/// let d6: Point = "d6".parse()?;
/// assert_eq!(d6.to_string(), "d6");
/// assert!("a7".parse::<Point>()?.is_corner());
/// assert!(!d6.is_corner());
/// assert!("d4".parse::<Point>().is_err(), "the centre is not a point");
/// assert_eq!(Point::ALL.len(), 24);
/// let (file, rank) = d6.file_rank();
/// assert_eq!(Point::from_file_rank(file, rank), Some(d6));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Point(u8);

impl Point {
    /// All 24 points in index order.
    pub const ALL: [Point; POINT_COUNT] = {
        let mut all = [Point(0); POINT_COUNT];
        let mut i = 0;
        while i < POINT_COUNT {
            all[i] = Point(i as u8);
            i += 1;
        }
        all
    };

    /// The point with this index (0..24), or `None`.
    pub const fn from_index(index: usize) -> Option<Point> {
        if index < POINT_COUNT {
            Some(Point(index as u8))
        } else {
            None
        }
    }

    /// Index 0..24, stable across versions (used by hashing, saved positions and the bindings).
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// 0 = outer square, 1 = middle, 2 = inner.
    pub const fn ring(self) -> usize {
        self.0 as usize / 8
    }

    /// Slot 0..8 within the ring, clockwise from the top-left corner.
    pub const fn slot(self) -> usize {
        self.0 as usize % 8
    }

    /// Whether the point is a corner of its square (every other slot; the midpoints join the squares).
    pub const fn is_corner(self) -> bool {
        self.slot() % 2 == 0
    }

    /// File 0..7 (a..g) and rank 0..7 (1..7) on the 7×7 grid.
    pub const fn file_rank(self) -> (u8, u8) {
        let r = self.ring() as u8;
        let low = r;
        let mid = 3;
        let high = 6 - r;
        // Slots clockwise from the top-left corner.
        match self.slot() {
            0 => (low, high),
            1 => (mid, high),
            2 => (high, high),
            3 => (high, mid),
            4 => (high, low),
            5 => (mid, low),
            6 => (low, low),
            _ => (low, mid),
        }
    }

    /// The point at file 0..7 and rank 0..7, if that grid cell is a point.
    pub fn from_file_rank(file: u8, rank: u8) -> Option<Point> {
        Point::ALL
            .into_iter()
            .find(|p| p.file_rank() == (file, rank))
    }
}

impl fmt::Display for Point {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (file, rank) = self.file_rank();
        write!(f, "{}{}", (b'a' + file) as char, rank + 1)
    }
}

impl fmt::Debug for Point {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// A string that does not name a point of the board.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParsePointError(pub String);

impl fmt::Display for ParsePointError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "'{}' is not a point (points are a1..g7, e.g. d6)",
            self.0
        )
    }
}

impl std::error::Error for ParsePointError {}

impl FromStr for Point {
    type Err = ParsePointError;

    fn from_str(s: &str) -> Result<Point, ParsePointError> {
        let err = || ParsePointError(s.to_string());
        let bytes = s.as_bytes();
        if bytes.len() != 2 {
            return Err(err());
        }
        let file = bytes[0].to_ascii_lowercase().wrapping_sub(b'a');
        let rank = bytes[1].wrapping_sub(b'1');
        if file > 6 || rank > 6 {
            return Err(err());
        }
        Point::from_file_rank(file, rank).ok_or_else(err)
    }
}

impl Serialize for Point {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Point {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Point, D::Error> {
        let text = String::deserialize(deserializer)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}

/// A set of points as 24 bits.
///
/// A set of points: build one, test it, iterate over it:
///
/// ```
/// use mills_core::{Bitboard, Point};
///
/// let a7: Point = "a7".parse()?;
/// let d7: Point = "d7".parse()?;
/// let set = Bitboard::EMPTY.with(a7).with(d7);
/// assert!(set.contains(a7) && !set.contains("g7".parse()?));
/// assert_eq!(set.count(), 2);
/// assert_eq!(set.without(a7), Bitboard::from_point(d7));
/// let points: Vec<Point> = set.collect();
/// assert_eq!(points.len(), 2);
/// assert_eq!((!Bitboard::EMPTY & Bitboard::FULL).count(), 24);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Bitboard(pub u32);

impl Bitboard {
    /// No point.
    pub const EMPTY: Bitboard = Bitboard(0);
    /// All 24 points.
    pub const FULL: Bitboard = Bitboard((1 << POINT_COUNT) - 1);

    /// The set of one point.
    pub const fn from_point(p: Point) -> Bitboard {
        Bitboard(1 << p.0)
    }

    /// Whether `p` is in the set.
    pub const fn contains(self, p: Point) -> bool {
        self.0 & (1 << p.0) != 0
    }

    /// Whether the set has no point.
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The number of points in the set.
    pub const fn count(self) -> u32 {
        self.0.count_ones()
    }

    /// The set with `p` added.
    pub const fn with(self, p: Point) -> Bitboard {
        Bitboard(self.0 | 1 << p.0)
    }

    /// The set with `p` taken out.
    pub const fn without(self, p: Point) -> Bitboard {
        Bitboard(self.0 & !(1 << p.0))
    }

    /// True when every point of `other` is in `self`.
    pub const fn contains_all(self, other: Bitboard) -> bool {
        self.0 & other.0 == other.0
    }

    /// The lowest point of the set.
    pub const fn first(self) -> Option<Point> {
        if self.0 == 0 {
            None
        } else {
            Some(Point(self.0.trailing_zeros() as u8))
        }
    }
}

impl std::ops::BitOr for Bitboard {
    type Output = Bitboard;
    fn bitor(self, rhs: Bitboard) -> Bitboard {
        Bitboard(self.0 | rhs.0)
    }
}

impl std::ops::BitOrAssign for Bitboard {
    fn bitor_assign(&mut self, rhs: Bitboard) {
        self.0 |= rhs.0;
    }
}

impl std::ops::BitAnd for Bitboard {
    type Output = Bitboard;
    fn bitand(self, rhs: Bitboard) -> Bitboard {
        Bitboard(self.0 & rhs.0)
    }
}

impl std::ops::Not for Bitboard {
    type Output = Bitboard;
    fn not(self) -> Bitboard {
        Bitboard(!self.0 & Bitboard::FULL.0)
    }
}

impl Iterator for Bitboard {
    type Item = Point;

    fn next(&mut self) -> Option<Point> {
        let p = self.first()?;
        self.0 &= self.0 - 1;
        Some(p)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.count() as usize;
        (n, Some(n))
    }
}

impl fmt::Debug for Bitboard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(*self).finish()
    }
}

/// The most lines one point can be on (a corner: two sides and a diagonal).
pub const MAX_LINES_PER_POINT: usize = 3;

/// Edges and lines of one board shape, computed at compile time.
///
/// The board's lines and edges; a mill is three pieces on one line:
///
/// ```
/// use mills_core::{Bitboard, Geometry, Point, Rules};
///
/// let board = Rules::ZHIQI.geometry();
/// assert_eq!((board.lines().len(), board.edge_count()), (20, 40));
/// assert_eq!(Geometry::WITHOUT_DIAGONALS.lines().len(), 16);
///
/// let set = |points: &str| -> Bitboard {
///     points.split(' ').map(|p| Bitboard::from_point(p.parse().unwrap())).fold(Bitboard::EMPTY, |a, b| a | b)
/// };
/// assert!(board.has_mill(set("a7 d7 g7")));
/// assert!(board.has_mill(set("a7 b6 c5")), "a corner diagonal is a line");
/// assert!(!board.has_mill(set("a7 d7 a4")));
/// let a7: Point = "a7".parse()?;
/// assert_eq!(board.neighbours(Bitboard::from_point(a7)), set("d7 a4 b6"));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug)]
pub struct Geometry {
    /// The neighbours of each point.
    pub adjacent: [Bitboard; POINT_COUNT],
    /// Every line of three points.
    lines: [Bitboard; 20],
    line_count: usize,
    /// The lines through each point (`lines_through_count[p]` of them are used).
    lines_through: [[Bitboard; MAX_LINES_PER_POINT]; POINT_COUNT],
    lines_through_count: [u8; POINT_COUNT],
}

impl Geometry {
    /// The three nested squares with the four corner diagonals: 40 edges, 20 lines.
    pub const WITH_DIAGONALS: Geometry = Geometry::build(true);
    /// The classic Nine Men's Morris board: 32 edges, 16 lines.
    pub const WITHOUT_DIAGONALS: Geometry = Geometry::build(false);

    const fn build(diagonals: bool) -> Geometry {
        let mut adjacent = [Bitboard::EMPTY; POINT_COUNT];
        let mut lines = [Bitboard::EMPTY; 20];
        let mut line_count = 0;

        const fn pt(ring: usize, slot: usize) -> u32 {
            1 << (ring * 8 + slot % 8)
        }

        let mut ring = 0;
        while ring < 3 {
            let mut slot = 0;
            while slot < 8 {
                let here = ring * 8 + slot;
                // Around the square.
                adjacent[here].0 |= pt(ring, slot + 1) | pt(ring, slot + 7);
                // To the next and previous square: midpoints always, corners on the diagonals.
                if slot % 2 == 1 || diagonals {
                    if ring < 2 {
                        adjacent[here].0 |= pt(ring + 1, slot);
                    }
                    if ring > 0 {
                        adjacent[here].0 |= pt(ring - 1, slot);
                    }
                }
                // A side of the square starts at every corner.
                if slot % 2 == 0 {
                    lines[line_count] =
                        Bitboard(pt(ring, slot) | pt(ring, slot + 1) | pt(ring, slot + 2));
                    line_count += 1;
                }
                slot += 1;
            }
            ring += 1;
        }
        let mut slot = 0;
        while slot < 8 {
            if slot % 2 == 1 || diagonals {
                lines[line_count] = Bitboard(pt(0, slot) | pt(1, slot) | pt(2, slot));
                line_count += 1;
            }
            slot += 1;
        }

        let mut lines_through = [[Bitboard::EMPTY; MAX_LINES_PER_POINT]; POINT_COUNT];
        let mut lines_through_count = [0u8; POINT_COUNT];
        let mut l = 0;
        while l < line_count {
            let mut p = 0;
            while p < POINT_COUNT {
                if lines[l].0 & (1 << p) != 0 {
                    lines_through[p][lines_through_count[p] as usize] = lines[l];
                    lines_through_count[p] += 1;
                }
                p += 1;
            }
            l += 1;
        }

        Geometry {
            adjacent,
            lines,
            line_count,
            lines_through,
            lines_through_count,
        }
    }

    /// Every line of three points.
    pub fn lines(&self) -> &[Bitboard] {
        &self.lines[..self.line_count]
    }

    /// The lines through `p`.
    pub fn lines_through(&self, p: Point) -> &[Bitboard] {
        &self.lines_through[p.index()][..self.lines_through_count[p.index()] as usize]
    }

    /// The number of edges (each counted once).
    pub fn edge_count(&self) -> u32 {
        self.adjacent.iter().map(|a| a.count()).sum::<u32>() / 2
    }

    /// The lines through `p` that `pieces` fills completely.
    pub fn lines_completed_at(
        &self,
        pieces: Bitboard,
        p: Point,
    ) -> impl Iterator<Item = Bitboard> + '_ {
        self.lines_through(p)
            .iter()
            .copied()
            .filter(move |line| pieces.contains_all(*line))
    }

    /// The pieces of `pieces` that stand in a complete line.
    pub fn pieces_in_mills(&self, pieces: Bitboard) -> Bitboard {
        let mut in_mill = Bitboard::EMPTY;
        for &line in self.lines() {
            if pieces.contains_all(line) {
                in_mill |= line;
            }
        }
        in_mill
    }

    /// True when `pieces` fills at least one complete line.
    pub fn has_mill(&self, pieces: Bitboard) -> bool {
        self.lines().iter().any(|line| pieces.contains_all(*line))
    }

    /// All points next to some point of `pieces`.
    pub fn neighbours(&self, pieces: Bitboard) -> Bitboard {
        let mut around = Bitboard::EMPTY;
        for p in pieces {
            around |= self.adjacent[p.index()];
        }
        around
    }
}

/// One of the 16 symmetries of the board: the square's 8 (rotations and reflections) times
/// swapping the outer and inner squares. Each maps edges to edges and lines to lines on both
/// geometries, so a position and its image have the same value (the endgame tables store one).
///
/// The board's 16 symmetries map lines to lines:
///
/// ```
/// use mills_core::{Bitboard, Rules, Symmetry};
///
/// let board = Rules::TWELVE_MENS_MORRIS.geometry();
/// assert_eq!(Symmetry::ALL.len(), 16);
/// for symmetry in Symmetry::ALL {
///     assert_eq!(symmetry.apply_set(Bitboard::FULL), Bitboard::FULL);
///     for &line in board.lines() {
///         assert!(board.lines().contains(&symmetry.apply_set(line)));
///     }
/// }
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Symmetry {
    /// `map[p]` is the index of the point `p` goes to.
    map: [u8; POINT_COUNT],
}

impl Symmetry {
    /// All 16, the identity first. Index `k`: rotation by `k % 4` quarter turns clockwise, then
    /// a reflection when `k / 4 % 2 == 1`, then the outer/inner swap when `k >= 8`.
    pub const ALL: [Symmetry; 16] = {
        let mut all = [Symmetry {
            map: [0; POINT_COUNT],
        }; 16];
        let mut k = 0;
        while k < 16 {
            let mut p = 0;
            while p < POINT_COUNT {
                let (ring, slot) = (p / 8, p % 8);
                // A reflection in the a7-g1 diagonal fixes slot 0 and reverses the ring.
                let slot = if k / 4 % 2 == 1 { (8 - slot) % 8 } else { slot };
                // A quarter turn moves every point two slots on in its ring.
                let slot = (slot + 2 * (k % 4)) % 8;
                let ring = if k >= 8 { 2 - ring } else { ring };
                all[k].map[p] = (ring * 8 + slot) as u8;
                p += 1;
            }
            k += 1;
        }
        all
    };

    /// Where this symmetry takes `p`.
    pub const fn apply(&self, p: Point) -> Point {
        Point(self.map[p.index()])
    }

    /// The image of a set of points.
    pub fn apply_set(&self, set: Bitboard) -> Bitboard {
        let mut image = Bitboard::EMPTY;
        for p in set {
            image = image.with(self.apply(p));
        }
        image
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pt(s: &str) -> Point {
        s.parse().unwrap()
    }

    #[test]
    fn points_print_and_parse_in_ring_order() {
        let names: Vec<String> = Point::ALL.iter().map(|p| p.to_string()).collect();
        assert_eq!(
            names.join(" "),
            "a7 d7 g7 g4 g1 d1 a1 a4 b6 d6 f6 f4 f2 d2 b2 b4 c5 d5 e5 e4 e3 d3 c3 c4"
        );
        for p in Point::ALL {
            assert_eq!(p.to_string().parse::<Point>(), Ok(p));
        }
        assert_eq!("D6".parse::<Point>(), Ok(pt("d6")));
    }

    #[test]
    fn non_points_are_rejected() {
        for bad in ["", "d4", "a2", "h1", "a0", "a8", "d", "d66", "x1", "é1"] {
            assert!(bad.parse::<Point>().is_err(), "{bad} parsed");
        }
    }

    #[test]
    fn board_with_diagonals_has_40_edges_and_20_lines() {
        let g = &Geometry::WITH_DIAGONALS;
        assert_eq!(g.edge_count(), 40);
        assert_eq!(g.lines().len(), 20);
        for line in g.lines() {
            assert_eq!(line.count(), 3);
        }
        // Adjacency is symmetric and never self-referential.
        for p in Point::ALL {
            assert!(!g.adjacent[p.index()].contains(p));
            for q in g.adjacent[p.index()] {
                assert!(g.adjacent[q.index()].contains(p), "{p}-{q}");
            }
        }
    }

    #[test]
    fn classic_board_has_32_edges_and_16_lines() {
        let g = &Geometry::WITHOUT_DIAGONALS;
        assert_eq!(g.edge_count(), 32);
        assert_eq!(g.lines().len(), 16);
    }

    #[test]
    fn named_edges_and_lines_exist() {
        let g = &Geometry::WITH_DIAGONALS;
        let adj = |a: &str, b: &str| g.adjacent[pt(a).index()].contains(pt(b));
        for (a, b) in [
            ("d7", "d6"),
            ("d6", "d5"),
            ("g4", "f4"),
            ("a4", "b4"),
            ("d1", "d2"),
        ] {
            assert!(adj(a, b), "{a}-{b}");
        }
        for (a, b) in [
            ("a7", "b6"),
            ("b6", "c5"),
            ("g1", "f2"),
            ("a1", "b2"),
            ("g7", "f6"),
        ] {
            assert!(adj(a, b), "diagonal {a}-{b}");
        }
        assert!(!adj("a7", "c5"), "no jumping along a diagonal");
        assert!(!adj("d7", "d5"));
        let line = |a: &str, b: &str, c: &str| Bitboard::EMPTY.with(pt(a)).with(pt(b)).with(pt(c));
        for l in [
            line("a7", "d7", "g7"),
            line("c3", "c4", "c5"),
            line("d7", "d6", "d5"),
            line("a1", "b2", "c3"),
            line("g7", "f6", "e5"),
        ] {
            assert!(g.lines().contains(&l), "{l:?}");
        }
    }

    #[test]
    fn corners_are_on_three_lines_and_midpoints_on_two() {
        let g = &Geometry::WITH_DIAGONALS;
        for p in Point::ALL {
            let expected = if p.is_corner() { 3 } else { 2 };
            assert_eq!(g.lines_through(p).len(), expected, "{p}");
        }
    }

    #[test]
    fn mill_pieces_are_found() {
        let g = &Geometry::WITH_DIAGONALS;
        let pieces = Bitboard::EMPTY
            .with(pt("a1"))
            .with(pt("b2"))
            .with(pt("c3"))
            .with(pt("d7"));
        let in_mill = g.pieces_in_mills(pieces);
        assert_eq!(in_mill.count(), 3);
        assert!(!in_mill.contains(pt("d7")));
        assert_eq!(g.lines_completed_at(pieces, pt("b2")).count(), 1);
    }

    #[test]
    fn the_16_symmetries_keep_edges_and_lines_and_form_a_group() {
        for g in [&Geometry::WITH_DIAGONALS, &Geometry::WITHOUT_DIAGONALS] {
            for s in &Symmetry::ALL {
                let mut images = Bitboard::EMPTY;
                for p in Point::ALL {
                    images = images.with(s.apply(p));
                    let moved = s.apply_set(g.adjacent[p.index()]);
                    assert_eq!(moved, g.adjacent[s.apply(p).index()], "{s:?} at {p}");
                }
                assert_eq!(images, Bitboard::FULL, "{s:?} is a permutation");
                for &line in g.lines() {
                    assert!(g.lines().contains(&s.apply_set(line)), "{s:?}: {line:?}");
                }
            }
        }
        let all = &Symmetry::ALL;
        assert_eq!(
            all[0].map,
            core::array::from_fn(|i| i as u8),
            "identity first"
        );
        for (i, a) in all.iter().enumerate() {
            for b in &all[i + 1..] {
                assert_ne!(a, b, "16 distinct maps");
            }
        }
        // Closed under composition and inverse: a group of order 16.
        for a in all {
            for b in all {
                let composed = Symmetry {
                    map: core::array::from_fn(|p| b.map[a.map[p] as usize]),
                };
                assert!(all.contains(&composed), "{a:?} then {b:?}");
            }
        }
        // The outer/inner swap exchanges a7 and c5; a quarter turn takes a7 to g7.
        assert_eq!(all[8].apply(pt("a7")), pt("c5"));
        assert_eq!(all[1].apply(pt("a7")), pt("g7"));
        assert_eq!(all[4].apply(pt("d7")), pt("a4"));
    }
}
