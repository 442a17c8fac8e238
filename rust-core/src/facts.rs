//! The facts about each game that a screen needs and must not keep its own copy of: pieces,
//! the stable, which counters a player panel shows, the board to draw, the computer's levels
//! and the turn timer's choices. The apps read these through the bindings and hold no tables.

use crate::board::{Bitboard, Point};
use crate::level::Level;
use crate::rules::{MillEffect, Rules, Variant};
use crate::timer::TurnTimer;

/// A counter of one side that a player panel shows.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Counter {
    /// Pieces still in hand to place.
    InHand,
    /// Pieces on the board.
    OnBoard,
    /// Linked-Horse: pieces banked in the stable.
    Stable,
    /// Zhi Qi: pins this side has made (the game's own way of taking pieces; pieces lost
    /// to pulls are rare and show on the board).
    Pins,
    /// Opponent pieces this side has captured.
    Captured,
}

impl Counter {
    /// The string key the apps localize it by (`count_in_hand`, ...).
    pub const fn name_key(self) -> &'static str {
        match self {
            Counter::InHand => "count_in_hand",
            Counter::OnBoard => "count_on_board",
            Counter::Stable => "count_stable",
            Counter::Pins => "count_pins",
            Counter::Captured => "count_captured",
        }
    }
}

/// One point of the drawing: its name, index and cell of the 7×7 grid.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct PointPlace {
    /// The point.
    pub point: Point,
    /// 0..7 for files a..g, from the left.
    pub file: u8,
    /// 0..7 for ranks 1..7, from the bottom.
    pub rank: u8,
}

/// What a game is, for a screen.
///
/// What a board screen draws, from the engine:
///
/// ```
/// use mills_core::{GameFacts, Variant};
///
/// let facts = GameFacts::of(Variant::LinkedHorse);
/// assert_eq!(facts.pieces_each, 10);
/// assert!(facts.has_stable && facts.stable_cell.is_some());
/// assert_eq!((facts.points.len(), facts.edges.len(), facts.lines.len()), (24, 40, 20));
/// assert!(!GameFacts::of(Variant::ZhiQi).has_stable);
/// ```
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct GameFacts {
    /// The game.
    pub variant: Variant,
    /// Pieces each side starts with in hand.
    pub pieces_each: u8,
    /// Mills bank the arriving piece in a stable (Linked-Horse).
    pub has_stable: bool,
    /// The counters a player panel shows, in order (the same on every platform).
    pub panel: Vec<Counter>,
    /// The 24 points in index order (`Point::ALL`).
    pub points: Vec<PointPlace>,
    /// Every edge once, the lower index first.
    pub edges: Vec<[Point; 2]>,
    /// Every line, end, middle, end (so a line is drawn from its first point to its last).
    pub lines: Vec<[Point; 3]>,
    /// The grid cell the stable is drawn around (the centre), if the game has one.
    pub stable_cell: Option<(u8, u8)>,
}

impl GameFacts {
    /// The facts of `variant`.
    pub fn of(variant: Variant) -> GameFacts {
        let rules = Rules::of(variant);
        let geometry = rules.geometry();
        let has_stable = rules.mill_while_placing == MillEffect::Stable;
        let taking = match rules.mill_while_placing {
            MillEffect::Stable => Counter::Stable,
            MillEffect::Pin => Counter::Pins,
            MillEffect::Capture => Counter::Captured,
        };
        let points = Point::ALL
            .iter()
            .map(|&point| {
                let (file, rank) = point.file_rank();
                PointPlace { point, file, rank }
            })
            .collect();
        let edges = Point::ALL
            .iter()
            .flat_map(|&a| {
                geometry.adjacent[a.index()]
                    .filter(move |b| b.index() > a.index())
                    .map(move |b| [a, b])
            })
            .collect();
        let lines = geometry.lines().iter().map(|&line| ordered(line)).collect();
        GameFacts {
            variant,
            pieces_each: rules.pieces,
            has_stable,
            panel: vec![Counter::InHand, Counter::OnBoard, taking],
            points,
            edges,
            lines,
            stable_cell: has_stable.then_some((3, 3)),
        }
    }
}

/// The three points of a line, ends first and last.
fn ordered(line: Bitboard) -> [Point; 3] {
    let mut points: Vec<Point> = line.collect();
    // The middle point lies between the two others in file and rank.
    let between = |m: Point, a: Point, b: Point| {
        let ((mf, mr), (af, ar), (bf, br)) = (m.file_rank(), a.file_rank(), b.file_rank());
        mf >= af.min(bf) && mf <= af.max(bf) && mr >= ar.min(br) && mr <= ar.max(br)
    };
    let middle = (0..3)
        .find(|&i| between(points[i], points[(i + 1) % 3], points[(i + 2) % 3]))
        .unwrap_or(1);
    let mid = points.remove(middle);
    [points[0], mid, points[1]]
}

/// A computer level for a settings screen.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct LevelFacts {
    /// The level.
    pub level: Level,
    /// The string key the apps localize the name by (`level_1` .. `level_10`).
    pub name_key: &'static str,
    /// English name.
    pub name: &'static str,
    /// The one level a new player starts at (the engine's default).
    pub is_default: bool,
}

/// The ten levels, weakest first; exactly one is the default.
///
/// The settings screen's levels:
///
/// ```
/// use mills_core::levels;
///
/// let levels = levels();
/// assert_eq!(levels.len(), 10);
/// assert_eq!((levels[0].name, levels[9].name), ("Beginner", "Grandmaster"));
/// assert_eq!(levels.iter().filter(|l| l.is_default).count(), 1);
/// ```
pub fn levels() -> Vec<LevelFacts> {
    const KEYS: [&str; 10] = [
        "level_1", "level_2", "level_3", "level_4", "level_5", "level_6", "level_7", "level_8",
        "level_9", "level_10",
    ];
    Level::all()
        .map(|level| LevelFacts {
            level,
            name_key: KEYS[usize::from(level.number() - 1)],
            name: level.name(),
            is_default: level == Level::DEFAULT,
        })
        .collect()
}

/// The turn timer's choices in order (off first) and the default one.
pub fn timer_choices() -> (Vec<TurnTimer>, TurnTimer) {
    (TurnTimer::ALL.to_vec(), TurnTimer::default())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_game_has_the_board_of_rules_section_1() {
        for variant in Variant::ALL {
            let facts = GameFacts::of(variant);
            assert_eq!(facts.points.len(), 24);
            assert_eq!(facts.edges.len(), 40, "{variant}");
            assert_eq!(facts.lines.len(), 20, "{variant}");
            for [a, m, b] in &facts.lines {
                // The middle of a line is one edge from each end.
                let adjacent = |x: &Point, y: &Point| facts.edges.contains(&[*x.min(y), *x.max(y)]);
                assert!(
                    adjacent(a, m) && adjacent(m, b) && !adjacent(a, b),
                    "{a}{m}{b}"
                );
            }
        }
    }

    #[test]
    fn the_panel_and_pieces_follow_the_rules() {
        let zhiqi = GameFacts::of(Variant::ZhiQi);
        assert_eq!((zhiqi.pieces_each, zhiqi.has_stable), (12, false));
        assert_eq!(zhiqi.panel[2], Counter::Pins);
        let horse = GameFacts::of(Variant::LinkedHorse);
        assert_eq!((horse.pieces_each, horse.has_stable), (10, true));
        assert_eq!(horse.panel[2], Counter::Stable);
        assert_eq!(horse.stable_cell, Some((3, 3)));
        let twelve = GameFacts::of(Variant::TwelveMensMorris);
        assert_eq!(twelve.panel[2], Counter::Captured);
        assert_eq!(twelve.stable_cell, None);
    }

    #[test]
    fn one_default_level_and_timer() {
        let levels = levels();
        assert_eq!(levels.len(), 10);
        let defaults: Vec<_> = levels.iter().filter(|l| l.is_default).collect();
        assert_eq!(defaults.len(), 1);
        assert_eq!(defaults[0].level, Level::DEFAULT);
        assert_eq!(levels[9].name_key, "level_10");
        let (choices, default) = timer_choices();
        assert_eq!(choices.len(), 5);
        assert_eq!(default, TurnTimer::Seconds60);
    }
}
