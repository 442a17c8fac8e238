//! Static evaluation, one set of terms per game.
//!
//! Scores are in hundredths of a piece from the point of view of the side to move. The terms
//! share one pass over the 20 lines ([`LineCounts`]); what each game does with them differs:
//! Zhi Qi and Twelve Men's Morris count material and threats to capture, Linked-Horse counts
//! progress to the stable and the shapes that feed it.

use crate::board::{Bitboard, Geometry};
use crate::position::{Phase, Position};
use crate::rules::{Side, Variant};

/// Weights of the evaluation terms of one game (see `weights_for`).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Weights {
    /// A piece on the board or in hand.
    pub piece: i32,
    /// A piece banked in the stable (Linked-Horse).
    pub stabled: i32,
    /// A line with two of ours and an empty point.
    pub open_two: i32,
    /// An open two whose empty point one of our other pieces can step into now.
    pub closable: i32,
    /// A closable line whose closing piece steps out of another mill (it can shuttle).
    pub shuttle: i32,
    /// One legal step.
    pub mobility: i32,
    /// A piece with no empty neighbour.
    pub stuck_piece: i32,
    /// A pair of our pieces on adjacent points (Linked-Horse keeps them together).
    pub together: i32,
    /// Bonus for the side to move (it acts on its threats first).
    pub tempo: i32,
}

/// The weights used for each game, found by self-play matches (see docs/ai.md).
pub const fn weights_for(variant: Variant) -> Weights {
    match variant {
        Variant::ZhiQi => Weights {
            piece: 100,
            stabled: 0,
            open_two: 14,
            closable: 45,
            shuttle: 40,
            mobility: 4,
            stuck_piece: -2,
            together: 0,
            tempo: 10,
        },
        Variant::LinkedHorse => Weights {
            piece: 0,
            stabled: 100,
            open_two: 22,
            closable: 50,
            shuttle: 20,
            mobility: 6,
            stuck_piece: -4,
            together: 3,
            tempo: 10,
        },
        Variant::TwelveMensMorris => Weights {
            piece: 100,
            stabled: 0,
            open_two: 12,
            closable: 40,
            shuttle: 60,
            mobility: 5,
            stuck_piece: -5,
            together: 0,
            tempo: 10,
        },
    }
}

/// Per-side counts read from the lines and edges of the board.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct LineCounts {
    pub open_twos: i32,
    pub closable: i32,
    pub shuttles: i32,
    pub mobility: i32,
    pub stuck: i32,
    pub together: i32,
}

impl LineCounts {
    pub fn of(position: &Position, side: Side) -> LineCounts {
        let geometry = position.rules().geometry();
        let ours = position.board(side);
        let theirs = position.board(side.opponent());
        let empty = position.empty();
        let moving = position.phase() == Phase::Moving;
        let in_mills = geometry.pieces_in_mills(ours);
        let mut counts = LineCounts::default();
        for &line in geometry.lines() {
            if (line & theirs).count() != 0 || (line & ours).count() != 2 {
                continue;
            }
            counts.open_twos += 1;
            if !moving {
                continue;
            }
            let Some(gap) = (line & empty).first() else {
                continue;
            };
            // A piece outside the line that can step into the gap closes it next turn.
            let closers = geometry.adjacent[gap.index()] & ours & !line;
            if !closers.is_empty() {
                counts.closable += 1;
                if !(closers & in_mills).is_empty() {
                    counts.shuttles += 1;
                }
            }
        }
        for p in ours {
            let around = geometry.adjacent[p.index()];
            let free = (around & empty).count() as i32;
            counts.mobility += free;
            if free == 0 {
                counts.stuck += 1;
            }
            counts.together += (around & ours).count() as i32;
        }
        counts.together /= 2;
        counts
    }
}

/// The score of `position` for its side to move.
pub fn evaluate(position: &Position) -> i32 {
    let variant = position.rules().variant;
    let w = weights_for(variant);
    let us = position.side_to_move();
    let them = us.opponent();
    let side_score = |side: Side| -> i32 {
        let c = LineCounts::of(position, side);
        let pieces = position.pieces(side) as i32;
        let mut score = w.piece * pieces
            + w.stabled * i32::from(position.stable(side))
            + w.open_two * c.open_twos
            + w.closable * c.closable
            + w.shuttle * c.shuttles
            + w.together * c.together;
        if position.phase() == Phase::Moving {
            score += w.mobility * c.mobility + w.stuck_piece * c.stuck;
        }
        score + game_specific(position, side, &c)
    };
    side_score(us) - side_score(them) + w.tempo
}

/// Terms only one game has.
fn game_specific(position: &Position, side: Side, counts: &LineCounts) -> i32 {
    let moving = position.phase() == Phase::Moving;
    match position.rules().variant {
        Variant::ZhiQi => {
            // A blocked side pulls: being unable to move costs the opponent a piece.
            if moving && counts.mobility == 0 {
                -60
            } else {
                0
            }
        }
        Variant::LinkedHorse => {
            // A side that cannot move in the movement phase loses; one near it is in danger.
            if moving && counts.mobility <= 1 {
                -150 + 100 * counts.mobility
            } else {
                0
            }
        }
        Variant::TwelveMensMorris => {
            // Each piece matters more as a side nears two: being at three is a real danger.
            let pieces = position.pieces(side) as i32;
            let mut score = 0;
            if pieces <= 4 {
                score -= (5 - pieces) * 60;
            }
            if moving && counts.mobility == 0 {
                score -= 300;
            }
            score
        }
    }
}

/// Whether placing or stepping onto `to` with the pieces `ours` completes a line.
pub fn closes_line(geometry: &Geometry, ours: Bitboard, to: crate::board::Point) -> bool {
    geometry
        .lines_completed_at(ours.with(to), to)
        .next()
        .is_some()
}
