//! Static evaluation, one set of terms per game.
//!
//! Scores are in hundredths of a piece from the point of view of the side to move. The terms
//! share one pass over the 20 lines ([`LineCounts`]); what each game does with them differs:
//! Zhi Qi and Twelve Men's Morris count material and threats to capture, Linked-Horse counts
//! progress to the stable and the shapes that feed it.

use crate::action::Action;
use crate::board::{Bitboard, Geometry};
use crate::position::{Phase, Position};
use crate::rules::{Side, Variant};

/// Weights of the evaluation terms of one game (see `weights_for`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
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
    /// A side with no legal step in the movement phase (Zhi Qi: it pulls; Linked-Horse: it
    /// loses; Twelve Men's Morris: it loses).
    pub blocked: i32,
    /// A side with exactly one legal step left (Linked-Horse: one block from losing).
    pub last_step: i32,
    /// Each piece below five (Twelve Men's Morris: a side at two has lost).
    pub short_of_five: i32,
    /// While placing: one empty neighbour of one of our pieces (the room the side will have
    /// to step when movement begins; `mobility` counts it only once movement has begun).
    pub placing_room: i32,
    /// While placing: a piece with no empty neighbour (already walled in for the movement
    /// phase, unless a capture frees it).
    pub placing_stuck: i32,
    /// While placing: an empty point where one placement of ours makes two open twos at
    /// once (a double threat the opponent can block only half of).
    pub placing_fork: i32,
    /// While placing: an empty point next to our pieces and to none of theirs (room for the
    /// movement phase that the opponent cannot step into or contest).
    pub placing_safe_room: i32,
    /// While placing, added to `open_two`: an open two then is a threat to complete a line
    /// with a placement, which no step has to reach first.
    pub placing_open_two: i32,
    /// While placing, added to `closable`.
    pub placing_closable: i32,
    /// While placing, added to `shuttle`.
    pub placing_shuttle: i32,
    /// While placing, added to `together`.
    pub placing_together: i32,
    /// While placing, added to `tempo`: the side to move places first, and a placement
    /// answers a threat or makes one.
    pub placing_tempo: i32,
}

impl Weights {
    /// The weights a tuner may move in `variant`: all but the unit of score (a piece; the
    /// stabled horse) and those the game does not use.
    pub fn tunable(variant: Variant) -> Vec<&'static str> {
        let fixed: &[&str] = match variant {
            Variant::ZhiQi | Variant::TwelveMensMorris => &["piece", "stabled"],
            Variant::LinkedHorse => &["piece", "stabled", "short_of_five"],
        };
        Weights::NAMES
            .iter()
            .copied()
            .filter(|name| !fixed.contains(name))
            .collect()
    }

    /// The names `get` and `set` accept, in declaration order (the tuner's parameter vector).
    pub const NAMES: [&'static str; 21] = [
        "piece",
        "stabled",
        "open_two",
        "closable",
        "shuttle",
        "mobility",
        "stuck_piece",
        "together",
        "tempo",
        "blocked",
        "last_step",
        "short_of_five",
        "placing_room",
        "placing_stuck",
        "placing_fork",
        "placing_safe_room",
        "placing_open_two",
        "placing_closable",
        "placing_shuttle",
        "placing_together",
        "placing_tempo",
    ];

    fn field(&mut self, name: &str) -> Option<&mut i32> {
        Some(match name {
            "piece" => &mut self.piece,
            "stabled" => &mut self.stabled,
            "open_two" => &mut self.open_two,
            "closable" => &mut self.closable,
            "shuttle" => &mut self.shuttle,
            "mobility" => &mut self.mobility,
            "stuck_piece" => &mut self.stuck_piece,
            "together" => &mut self.together,
            "tempo" => &mut self.tempo,
            "blocked" => &mut self.blocked,
            "last_step" => &mut self.last_step,
            "short_of_five" => &mut self.short_of_five,
            "placing_room" => &mut self.placing_room,
            "placing_stuck" => &mut self.placing_stuck,
            "placing_fork" => &mut self.placing_fork,
            "placing_safe_room" => &mut self.placing_safe_room,
            "placing_open_two" => &mut self.placing_open_two,
            "placing_closable" => &mut self.placing_closable,
            "placing_shuttle" => &mut self.placing_shuttle,
            "placing_together" => &mut self.placing_together,
            "placing_tempo" => &mut self.placing_tempo,
            _ => return None,
        })
    }

    /// The weight called `name`, if there is one.
    pub fn get(mut self, name: &str) -> Option<i32> {
        self.field(name).map(|w| *w)
    }

    /// Sets the weight called `name`; false if there is no such weight.
    pub fn set(&mut self, name: &str, value: i32) -> bool {
        match self.field(name) {
            Some(w) => {
                *w = value;
                true
            }
            None => false,
        }
    }
}

/// The placing-phase adjustments of a game whose terms weigh the same in both phases.
const NO_PLACING_ADJUSTMENT: Weights = Weights {
    piece: 0,
    stabled: 0,
    open_two: 0,
    closable: 0,
    shuttle: 0,
    mobility: 0,
    stuck_piece: 0,
    together: 0,
    tempo: 0,
    blocked: 0,
    last_step: 0,
    short_of_five: 0,
    placing_room: 0,
    placing_stuck: 0,
    placing_fork: 0,
    placing_safe_room: 0,
    placing_open_two: 0,
    placing_closable: 0,
    placing_shuttle: 0,
    placing_together: 0,
    placing_tempo: 0,
};

/// The weights used for each game, tuned by SPSA self-play (`examples/tune_weights.rs`) or
/// fitted to recorded games (`examples/fit_weights.rs`), and kept because they beat the
/// weights before them in `mills match` (docs/ai.md).
pub const fn weights_for(variant: Variant) -> Weights {
    match variant {
        Variant::ZhiQi => Weights {
            piece: 100,
            stabled: 0,
            open_two: 18,
            closable: 10,
            shuttle: 47,
            mobility: 9,
            stuck_piece: 0,
            together: -7,
            tempo: 11,
            blocked: -5,
            last_step: 5,
            short_of_five: -2,
            placing_room: 0,
            placing_stuck: 0,
            placing_fork: 0,
            placing_safe_room: 0,
            ..NO_PLACING_ADJUSTMENT
        },
        Variant::LinkedHorse => Weights {
            piece: 0,
            stabled: 100,
            open_two: 14,
            closable: 27,
            shuttle: 54,
            mobility: 1,
            stuck_piece: -4,
            together: 13,
            tempo: 5,
            blocked: -184,
            last_step: -48,
            short_of_five: 0,
            placing_room: 0,
            placing_stuck: 0,
            placing_fork: 0,
            placing_safe_room: 0,
            ..NO_PLACING_ADJUSTMENT
        },
        // Fitted to the results of 740 recorded games against and between Sanmill's engines
        // (`examples/fit_weights.rs`), the placing terms with them: the self-play weights
        // left the room a side will need once movement begins, and the double threats a
        // placement can set up, unpriced. The safe room fitted to nothing.
        Variant::TwelveMensMorris => Weights {
            piece: 100,
            stabled: 0,
            open_two: 32,
            closable: 27,
            shuttle: 33,
            mobility: 2,
            stuck_piece: -19,
            together: 2,
            tempo: 30,
            blocked: -349,
            last_step: 8,
            short_of_five: -55,
            placing_room: 20,
            placing_stuck: -15,
            placing_fork: 13,
            placing_safe_room: 0,
            ..NO_PLACING_ADJUSTMENT
        },
    }
}

/// The weights SPSA self-play tuning gave each game, before any of them was fitted to
/// recorded games: `mills match` keeps them as a player (`10+spsa`), so that the fitted
/// weights can be measured against what they replaced.
pub const fn spsa_weights(variant: Variant) -> Weights {
    match variant {
        Variant::TwelveMensMorris => Weights {
            piece: 100,
            stabled: 0,
            open_two: 16,
            closable: 65,
            shuttle: 52,
            mobility: -2,
            stuck_piece: 5,
            together: -31,
            tempo: 5,
            blocked: -349,
            last_step: -4,
            short_of_five: -55,
            placing_room: 0,
            placing_stuck: 0,
            placing_fork: 0,
            placing_safe_room: 0,
            ..NO_PLACING_ADJUSTMENT
        },
        Variant::ZhiQi | Variant::LinkedHorse => weights_for(variant),
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
    /// Placing only: empty points where one placement makes two open twos.
    pub forks: i32,
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
        // Empty points on one, and on two or more, of our lines that hold one piece of ours
        // and nothing else (placing: a placement there makes an open two on each).
        let (mut on_one, mut on_two) = (Bitboard::EMPTY, Bitboard::EMPTY);
        for &line in geometry.lines() {
            if (line & theirs).count() != 0 {
                continue;
            }
            if !moving && (line & ours).count() == 1 {
                let gaps = line & empty;
                on_two |= on_one & gaps;
                on_one |= gaps;
                continue;
            }
            if (line & ours).count() != 2 {
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
        if !moving {
            counts.forks = on_two.count() as i32;
        }
        counts
    }
}

/// Placing only: the empty points next to a piece of `side`'s and to none of the other's.
/// Apart from [`LineCounts`] because it walks every piece's neighbours on both sides: the
/// evaluation asks for it only when its weight is not zero.
pub fn safe_room(position: &Position, side: Side) -> i32 {
    if position.phase() == Phase::Moving {
        return 0;
    }
    let geometry = position.rules().geometry();
    let room = geometry.neighbours(position.board(side)) & position.empty();
    (room & !geometry.neighbours(position.board(side.opponent()))).count() as i32
}

/// The score of `position` for its side to move, with its game's weights.
pub fn evaluate(position: &Position) -> i32 {
    evaluate_with(position, &weights_for(position.rules().variant))
}

/// The score of `position` for its side to move, with the given weights (self-play tuning).
pub fn evaluate_with(position: &Position, w: &Weights) -> i32 {
    let us = position.side_to_move();
    let moving = position.phase() == Phase::Moving;
    // The terms both phases count, with the placing adjustments added while placing.
    let placing = |adjustment: i32| if moving { 0 } else { adjustment };
    let open_two = w.open_two + placing(w.placing_open_two);
    let closable = w.closable + placing(w.placing_closable);
    let shuttle = w.shuttle + placing(w.placing_shuttle);
    let together = w.together + placing(w.placing_together);
    let tempo = w.tempo + placing(w.placing_tempo);
    let side_score = |side: Side| -> i32 {
        let c = LineCounts::of(position, side);
        let pieces = position.pieces(side) as i32;
        let mut score = w.piece * pieces
            + w.stabled * i32::from(position.stable(side))
            + open_two * c.open_twos
            + closable * c.closable
            + shuttle * c.shuttles
            + together * c.together
            + w.short_of_five * (5 - pieces).max(0);
        if moving {
            score += w.mobility * c.mobility + w.stuck_piece * c.stuck;
            match c.mobility {
                0 => score += w.blocked,
                1 => score += w.last_step,
                _ => {}
            }
        } else {
            score +=
                w.placing_room * c.mobility + w.placing_stuck * c.stuck + w.placing_fork * c.forks;
            if w.placing_safe_room != 0 {
                score += w.placing_safe_room * safe_room(position, side);
            }
        }
        score
    };
    side_score(us) - side_score(us.opponent()) + tempo
}

/// Whether `action` (a placement or a step) completes a line for the side to move.
///
/// Whether an action completes a line for the side to move:
///
/// ```
/// use mills_core::{Game, Rules, closes_mill, parse_actions};
///
/// let game = Game::replay(Rules::ZHIQI, &parse_actions("a7 e4 d7 e3")?)?;
/// assert!(closes_mill(game.position(), "g7".parse()?));
/// assert!(!closes_mill(game.position(), "a1".parse()?));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn closes_mill(position: &Position, action: Action) -> bool {
    let geometry = position.rules().geometry();
    let ours = position.board(position.side_to_move());
    match action {
        Action::Place(to) => closes_line(geometry, ours, to),
        Action::Step { from, to } => closes_line(geometry, ours.without(from), to),
        Action::Remove(_) | Action::Pass => false,
    }
}

/// Whether placing or stepping onto `to` with the pieces `ours` completes a line.
pub fn closes_line(geometry: &Geometry, ours: Bitboard, to: crate::board::Point) -> bool {
    geometry
        .lines_completed_at(ours.with(to), to)
        .next()
        .is_some()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Game;
    use crate::position::Setup;
    use crate::rules::Rules;

    #[test]
    fn every_weight_name_reads_and_writes_its_own_field() {
        let mut weights = weights_for(Variant::TwelveMensMorris);
        for (i, name) in Weights::NAMES.iter().enumerate() {
            let value = 1000 + i as i32;
            assert!(weights.set(name, value), "{name}");
            assert_eq!(weights.get(name), Some(value), "{name}");
        }
        // All of them are distinct fields: every value written is still there.
        for (i, name) in Weights::NAMES.iter().enumerate() {
            assert_eq!(weights.get(name), Some(1000 + i as i32), "{name}");
        }
        assert!(!weights.set("size", 3));
        assert_eq!(weights.get("size"), None);
    }

    #[test]
    fn evaluate_uses_the_games_own_weights() {
        for rules in [Rules::ZHIQI, Rules::LINKED_HORSE, Rules::TWELVE_MENS_MORRIS] {
            let game =
                Game::replay(rules, &crate::action::parse_actions("d6 d2 f4 b4").unwrap()).unwrap();
            let position = game.position();
            let own = weights_for(rules.variant);
            assert_eq!(evaluate(position), evaluate_with(position, &own));
            let mut more_tempo = own;
            more_tempo.tempo += 7;
            assert_eq!(evaluate_with(position, &more_tempo), evaluate(position) + 7);
        }
    }

    /// Twelve Men's Morris, movement: P1 holds the four outer corners and P2 every point
    /// next to them (diagonals included), so P1 has no step while P2 has room.
    fn p1_walled_in_corners() -> Position {
        Setup::moving(Rules::TWELVE_MENS_MORRIS)
            .pieces(Side::P1, "a7 a1 g1 g7")
            .pieces(Side::P2, "d7 a4 b6 d1 b2 g4 f2 f6")
            .to_move(Side::P1)
            .build()
            .unwrap()
    }

    #[test]
    fn a_blocked_side_to_move_scores_the_blocked_weight() {
        let position = p1_walled_in_corners();
        assert_eq!(LineCounts::of(&position, Side::P1).mobility, 0);
        assert!(LineCounts::of(&position, Side::P2).mobility > 1);
        let mut weights = weights_for(Variant::TwelveMensMorris);
        weights.blocked = 0;
        let without = evaluate_with(&position, &weights);
        weights.blocked = -500;
        assert_eq!(evaluate_with(&position, &weights), without - 500);
    }

    #[test]
    fn the_placing_terms_count_room_and_stuck_pieces_only_while_placing() {
        // Placing: P2's d7, a4 and b6 wall in P1's a7; P1's room is g1's d1, g4, f2 and g7's
        // g4, f6 (5), P2's is d7's d6, a4's a1, b4 and b6's d6, b4, c5 (6).
        let rules = Rules::TWELVE_MENS_MORRIS;
        let placing = Game::replay(
            rules,
            &crate::action::parse_actions("a7 d7 g1 a4 g7 b6").unwrap(),
        )
        .unwrap();
        let position = placing.position();
        assert_eq!(position.phase(), Phase::Placing);
        let ours = LineCounts::of(position, Side::P1);
        let theirs = LineCounts::of(position, Side::P2);
        assert_eq!((ours.mobility, ours.stuck), (5, 1));
        assert_eq!((theirs.mobility, theirs.stuck), (6, 0));
        let mut weights = Weights {
            placing_room: 0,
            placing_stuck: 0,
            placing_fork: 0,
            placing_safe_room: 0,
            ..weights_for(Variant::TwelveMensMorris)
        };
        let base = evaluate_with(position, &weights);
        weights.placing_room = 10;
        assert_eq!(
            evaluate_with(position, &weights),
            base + 10 * (ours.mobility - theirs.mobility)
        );
        weights.placing_room = 0;
        weights.placing_stuck = -40;
        assert_eq!(
            evaluate_with(position, &weights),
            base - 40 * (ours.stuck - theirs.stuck)
        );

        // Movement: the same weights change nothing (mobility and stuck_piece count there).
        let moving = p1_walled_in_corners();
        let mut weights = weights_for(Variant::TwelveMensMorris);
        let base = evaluate_with(&moving, &weights);
        weights.placing_room = 10;
        weights.placing_stuck = -40;
        assert_eq!(evaluate_with(&moving, &weights), base);
    }

    #[test]
    fn the_fork_and_safe_room_terms_count_points_while_placing() {
        // P1 a7 g1 g7 d1, P2 d7 a4 b6. P2's one-piece lines d7-d6-d5, a4-b4-c4, b6-d6-f6 and
        // b2-b4-b6 cross at d6 and b4: two forks. P1's one-piece lines (g1-f2-e3, g7-f6-e5,
        // d1-d2-d3) cross nowhere. Room next to P1 only: g4, f2, f6, d2 (a1 is next to P2's
        // a4 too); next to P2 only: d6, b4, c5.
        let rules = Rules::TWELVE_MENS_MORRIS;
        let placing = Game::replay(
            rules,
            &crate::action::parse_actions("a7 d7 g1 a4 g7 b6 d1").unwrap(),
        )
        .unwrap();
        let position = placing.position();
        assert_eq!(position.phase(), Phase::Placing);
        let ours = LineCounts::of(position, Side::P1);
        let theirs = LineCounts::of(position, Side::P2);
        assert_eq!((ours.forks, safe_room(position, Side::P1)), (0, 4));
        assert_eq!((theirs.forks, safe_room(position, Side::P2)), (2, 3));
        // P2 is to move: the terms score P2's counts less P1's.
        let mut weights = Weights {
            placing_fork: 0,
            placing_safe_room: 0,
            ..weights_for(Variant::TwelveMensMorris)
        };
        let base = evaluate_with(position, &weights);
        weights.placing_fork = 13;
        assert_eq!(evaluate_with(position, &weights), base + 13 * 2);
        weights.placing_fork = 0;
        weights.placing_safe_room = 7;
        assert_eq!(evaluate_with(position, &weights), base - 7);

        // Movement: both terms are zero, whatever the weights.
        let moving = p1_walled_in_corners();
        let counts = LineCounts::of(&moving, Side::P2);
        assert_eq!((counts.forks, safe_room(&moving, Side::P2)), (0, 0));
        let mut weights = weights_for(Variant::TwelveMensMorris);
        let base = evaluate_with(&moving, &weights);
        weights.placing_fork = 13;
        weights.placing_safe_room = 7;
        assert_eq!(evaluate_with(&moving, &weights), base);
    }

    #[test]
    fn the_placing_adjustments_add_to_their_terms_only_while_placing() {
        // Placing, P2 to move: P1's a7 and a4 are a pair and an open two (a1 empty); P2's
        // d7 has neither.
        let rules = Rules::TWELVE_MENS_MORRIS;
        let placing =
            Game::replay(rules, &crate::action::parse_actions("a7 d7 a4").unwrap()).unwrap();
        let position = placing.position();
        assert_eq!(position.phase(), Phase::Placing);
        let ours = LineCounts::of(position, Side::P2);
        let theirs = LineCounts::of(position, Side::P1);
        assert_eq!((ours.open_twos, theirs.open_twos), (0, 1));
        assert_eq!((ours.together, theirs.together), (0, 1));
        let together = ours.together - theirs.together;
        let base_weights = weights_for(Variant::TwelveMensMorris);
        let base = evaluate_with(position, &base_weights);
        for (name, change) in [
            ("placing_open_two", 10 * (ours.open_twos - theirs.open_twos)),
            ("placing_together", 10 * together),
            ("placing_tempo", 10),
        ] {
            let mut weights = base_weights;
            weights.set(name, 10);
            assert_eq!(evaluate_with(position, &weights), base + change, "{name}");
        }
        // Each adjustment is the same as raising its term by as much, while placing.
        let mut adjusted = base_weights;
        adjusted.placing_closable = 9;
        adjusted.placing_shuttle = 11;
        let mut raised = base_weights;
        raised.closable += 9;
        raised.shuttle += 11;
        assert_eq!(
            evaluate_with(position, &adjusted),
            evaluate_with(position, &raised)
        );

        // Movement: the adjustments change nothing.
        let moving = p1_walled_in_corners();
        let mut weights = base_weights;
        let base = evaluate_with(&moving, &weights);
        for name in [
            "placing_open_two",
            "placing_closable",
            "placing_shuttle",
            "placing_together",
            "placing_tempo",
        ] {
            weights.set(name, 25);
        }
        assert_eq!(evaluate_with(&moving, &weights), base);
    }
}
