//! The endgame tables checked against a second, deliberately simple solver written here: no
//! symmetry, no index, one hash map of every position and a plain value iteration. It shares
//! nothing with the tables' code but the rules engine (`Setup`, `legal_actions`, `play`).
//! Every position of the smallest tables is compared, for all three games.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

use mills_core::{Bitboard, Point, Position, Rules, Setup, Side, Variant};
use mills_core::{EndgameTables, TableValue};

/// A multiplicative hash of the two boards: the standard hasher made this test several
/// times slower, and the keys are not chosen by an adversary.
#[derive(Default)]
struct BoardHasher(u64);

impl Hasher for BoardHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.write_u64(u64::from(b));
        }
    }
    fn write_u32(&mut self, n: u32) {
        self.write_u64(u64::from(n));
    }
    fn write_u64(&mut self, n: u64) {
        self.0 = (self.0.rotate_left(24) ^ n).wrapping_mul(0x9e37_79b9_7f4a_7c15);
    }
}

type Map<V> = HashMap<(u32, u32), V, BuildHasherDefault<BoardHasher>>;

/// What a turn can lead to, seen by the side that plays it.
#[derive(Clone, Copy)]
enum Leaf {
    /// The game ended during the turn: the mover won (true) or it was drawn.
    Over(bool),
    /// The opponent's turn starts in the position with this number.
    Next(usize),
}

/// Every subset of the 24 points with `k` points.
fn subsets(k: u32) -> Vec<u32> {
    (0u32..1 << 24).filter(|s| s.count_ones() == k).collect()
}

/// The positions (mover board, other board) with the given piece counts.
fn positions_with(counts: &[(u32, u32)]) -> Vec<(u32, u32)> {
    let mut all = Vec::new();
    for &(m, o) in counts {
        let others = subsets(o);
        for mover in subsets(m) {
            for &other in &others {
                if mover & other == 0 {
                    all.push((mover, other));
                }
            }
        }
    }
    all
}

fn points(set: u32) -> Vec<Point> {
    Bitboard(set).collect()
}

/// The position with P1 to move on `mover`, P2 on `other`, hands empty.
fn build(rules: Rules, mover: u32, other: u32) -> Position {
    let mut setup = Setup::moving(rules);
    setup.p1 = points(mover);
    setup.p2 = points(other);
    setup.build().expect("a valid movement position")
}

/// Appends what every complete turn from `position` leads to.
fn turn_leaves(position: &Position, mover: Side, ids: &Map<usize>, out: &mut Vec<Leaf>) {
    for action in position.legal_actions().iter() {
        let mut next = *position;
        next.play(*action).expect("a legal action");
        if let Some(outcome) = next.outcome() {
            out.push(Leaf::Over(outcome.winner() == Some(mover)));
        } else if next.side_to_move() == mover {
            turn_leaves(&next, mover, ids, out);
        } else {
            let key = (next.board(mover.opponent()).0, next.board(mover).0);
            out.push(Leaf::Next(ids[&key]));
        }
    }
}

/// The value of every position by plain value iteration: in round n, a position is a win if
/// some turn reaches a loss known before the round, a loss if every turn reaches a known win.
/// Distances are the rounds. Whatever is never decided is a draw.
fn naive_values(rules: Rules, counts: &[(u32, u32)]) -> Map<TableValue> {
    let all = positions_with(counts);
    let ids: Map<usize> = all.iter().enumerate().map(|(i, &k)| (k, i)).collect();
    let mut known: Vec<Option<TableValue>> = vec![None; all.len()];
    let mut leaves: Vec<Vec<Leaf>> = Vec::with_capacity(all.len());
    for (i, &(mover, other)) in all.iter().enumerate() {
        let position = build(rules, mover, other);
        let mut out = Vec::new();
        match position.outcome() {
            Some(outcome) => {
                known[i] = Some(if outcome.winner().is_some() {
                    TableValue::Loss(0)
                } else {
                    TableValue::Draw
                })
            }
            None => turn_leaves(&position, Side::P1, &ids, &mut out),
        }
        leaves.push(out);
    }
    loop {
        let snapshot = known.clone();
        let mut changed = false;
        for i in 0..all.len() {
            if snapshot[i].is_some() {
                continue;
            }
            let (mut best_win, mut all_wins, mut slowest) = (None::<u16>, true, 0u16);
            for leaf in &leaves[i] {
                let child = match *leaf {
                    Leaf::Over(true) => Some(TableValue::Loss(0)),
                    Leaf::Over(false) => Some(TableValue::Draw),
                    Leaf::Next(j) => snapshot[j],
                };
                match child {
                    Some(TableValue::Loss(d)) => {
                        best_win = Some(best_win.map_or(d + 1, |b| b.min(d + 1)))
                    }
                    Some(TableValue::Win(d)) => slowest = slowest.max(d + 1),
                    _ => all_wins = false,
                }
            }
            if let Some(d) = best_win {
                known[i] = Some(TableValue::Win(d));
                changed = true;
            } else if all_wins {
                known[i] = Some(TableValue::Loss(slowest));
                changed = true;
            }
        }
        if !changed {
            break;
        }
    }
    all.iter()
        .zip(known)
        .map(|(&k, v)| (k, v.unwrap_or(TableValue::Draw)))
        .collect()
}

fn check_every_position(variant: Variant, counts: &[(u32, u32)], max_pieces: u8) {
    let tables = EndgameTables::build(variant, max_pieces, 2, &mut |_| {}).expect("tables");
    let naive = naive_values(Rules::of(variant), counts);
    let mut decided = 0;
    for (&(mover, other), &expected) in &naive {
        let got = tables.value(Bitboard(mover), Bitboard(other));
        assert_eq!(
            got,
            Some(expected),
            "{variant}: mover {:?} other {:?}",
            Bitboard(mover),
            Bitboard(other)
        );
        decided += usize::from(expected != TableValue::Draw);
    }
    // The comparison means something only if the tables decide many positions.
    assert!(decided > naive.len() / 3, "{decided} of {}", naive.len());
}

#[test]
fn twelve_mens_morris_3_v_3_matches_a_naive_solver() {
    check_every_position(Variant::TwelveMensMorris, &[(3, 3)], 3);
}

#[test]
fn linked_horse_3_v_3_matches_a_naive_solver() {
    check_every_position(Variant::LinkedHorse, &[(3, 3)], 3);
}

#[test]
fn zhiqi_up_to_3_a_side_matches_a_naive_solver() {
    check_every_position(Variant::ZhiQi, &[(1, 3), (3, 1), (2, 3), (3, 2), (3, 3)], 3);
}
