//! The rules of a game as data: one description, three presets.
//!
//! Every difference between the games is a field here, so the position code has one path
//! for all of them and a new classic (Nine Men's Morris, say) is mostly a new preset.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

use crate::board::Geometry;

/// One of the two players. P1 places first.
///
/// P1 places first; sides alternate:
///
/// ```
/// use mills_core::{Position, Rules, Side};
///
/// assert_eq!(Side::P1.opponent(), Side::P2);
/// assert_eq!(Side::P2.to_string(), "P2");
/// assert_eq!(Position::new(Rules::ZHIQI).side_to_move(), Side::P1);
/// assert_eq!(Side::BOTH.map(Side::index), [0, 1]);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub enum Side {
    #[serde(rename = "p1")]
    /// The first player, White.
    P1,
    #[serde(rename = "p2")]
    /// The second player, Black.
    P2,
}

impl Side {
    /// Both sides, P1 first.
    pub const BOTH: [Side; 2] = [Side::P1, Side::P2];

    /// 0 for P1, 1 for P2: an index into per-side arrays.
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The other side.
    pub const fn opponent(self) -> Side {
        match self {
            Side::P1 => Side::P2,
            Side::P2 => Side::P1,
        }
    }
}

impl fmt::Display for Side {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Side::P1 => "P1",
            Side::P2 => "P2",
        })
    }
}

/// The games Mills plays, by their stable ids.
///
/// A game from its stable id (the one the command line, records and saves use):
///
/// ```
/// use mills_core::{Rules, Variant};
///
/// let game: Variant = "linked-horse".parse()?;
/// assert_eq!(game, Variant::LinkedHorse);
/// assert_eq!((game.id(), game.name()), ("linked-horse", "Linked-Horse"));
/// assert_eq!(Rules::of(game).pieces, 10);
/// assert!("chess".parse::<Variant>().is_err());
/// assert_eq!(Variant::ALL.len(), 3);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub enum Variant {
    #[serde(rename = "zhiqi")]
    /// Zhi Qi (十二子直棋): pins while placing, captures and pulls while moving.
    ZhiQi,
    #[serde(rename = "linked-horse")]
    /// Linked-Horse (连环马棋): mills bank the arriving piece in a stable.
    LinkedHorse,
    #[serde(rename = "twelve-mens-morris")]
    /// Twelve Men's Morris: mills capture.
    TwelveMensMorris,
}

impl Variant {
    /// The three games, in the order the apps list them.
    pub const ALL: [Variant; 3] = [
        Variant::ZhiQi,
        Variant::LinkedHorse,
        Variant::TwelveMensMorris,
    ];

    /// The stable id used in records, saves, the command line and the bindings.
    pub const fn id(self) -> &'static str {
        match self {
            Variant::ZhiQi => "zhiqi",
            Variant::LinkedHorse => "linked-horse",
            Variant::TwelveMensMorris => "twelve-mens-morris",
        }
    }

    /// The English display name.
    pub const fn name(self) -> &'static str {
        match self {
            Variant::ZhiQi => "Zhi Qi",
            Variant::LinkedHorse => "Linked-Horse",
            Variant::TwelveMensMorris => "Twelve Men's Morris",
        }
    }
}

impl fmt::Display for Variant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id())
    }
}

/// A rules id that names no game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnknownVariant(pub String);

impl fmt::Display for UnknownVariant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "unknown game '{}' (expected zhiqi, linked-horse or twelve-mens-morris)",
            self.0
        )
    }
}

impl std::error::Error for UnknownVariant {}

impl FromStr for Variant {
    type Err = UnknownVariant;

    fn from_str(s: &str) -> Result<Variant, UnknownVariant> {
        Variant::ALL
            .into_iter()
            .find(|v| v.id() == s)
            .ok_or_else(|| UnknownVariant(s.to_string()))
    }
}

/// What completing a line does.
///
/// In Linked-Horse nothing is captured: the piece that closes a mill goes to its side's
/// stable.
///
/// ```
/// use mills_core::{Game, Rules, Side, parse_actions};
///
/// let game = Game::replay(Rules::LINKED_HORSE, &parse_actions("a7 e4 d7 e3 g7")?)?;
/// let position = game.position();
/// assert_eq!(position.stable(Side::P1), 1);
/// assert_eq!(position.owner("g7".parse()?), None, "banked, not on the board");
/// assert_eq!(position.side_to_move(), Side::P2, "nothing is owed");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum MillEffect {
    /// Remove an opponent piece and put one of the mover's on its point (Zhi Qi placing).
    Pin,
    /// Remove an opponent piece.
    Capture,
    /// The arriving piece goes to the mover's stable (Linked-Horse).
    Stable,
}

/// How many removals a move that completes lines earns.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum RemovalsPerMove {
    /// One for each completed line (Zhi Qi).
    PerLine,
    /// One however many lines (Twelve Men's Morris).
    One,
}

/// What happens to a side to move in the movement phase that has no legal step.
///
/// A Zhi Qi side that cannot step is not lost: it owes a pull, then the step the pull
/// makes room for.
///
/// ```
/// use mills_core::{Pending, RemovalKind, Rules, Setup, Side};
///
/// // P1's only piece, a7, is hemmed in by d7, a4 and the diagonal b6.
/// let blocked = Setup::moving(Rules::ZHIQI)
///     .pieces(Side::P1, "a7")
///     .pieces(Side::P2, "d7 a4 b6 g1")
///     .build()?;
/// assert!(blocked.outcome().is_none());
/// assert_eq!(blocked.pending(), Pending::Remove { kind: RemovalKind::Pull, count: 1 });
/// // The same position in Twelve Men's Morris is lost.
/// let lost = Setup::moving(Rules::TWELVE_MENS_MORRIS)
///     .pieces(Side::P1, "a7 g7 g4")
///     .pieces(Side::P2, "d7 a4 b6 f6 f4 g1")
///     .build()?;
/// assert_eq!(lost.outcome().and_then(|o| o.winner()), Some(Side::P2));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum WhenBlocked {
    /// Remove an adjacent opponent piece, then step (Zhi Qi's pull).
    Pull,
    /// The blocked side loses.
    Lose,
}

/// The draw rules the cards do not name (RULES.md §6). Both are settings.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(default)]
pub struct DrawRules {
    /// Occurrences of one position that draw; 0 turns the rule off.
    pub repetitions: u8,
    /// Movement turns without a capture, pin, pull or stabling that draw; 0 turns it off.
    pub quiet_turns: u16,
}

impl Default for DrawRules {
    fn default() -> DrawRules {
        DrawRules {
            repetitions: 3,
            quiet_turns: 100,
        }
    }
}

/// The complete rules of one game.
///
/// The three games differ only in these fields; each has a constant:
///
/// ```
/// use mills_core::{MillEffect, Rules, Variant, WhenBlocked};
///
/// let zhiqi = Rules::ZHIQI;
/// assert_eq!(zhiqi, Rules::of(Variant::ZhiQi));
/// assert_eq!(zhiqi.pieces, 12);
/// assert_eq!(zhiqi.mill_while_placing, MillEffect::Pin);
/// assert_eq!(zhiqi.when_blocked, WhenBlocked::Pull);
/// assert_eq!(Rules::TWELVE_MENS_MORRIS.mill_while_moving, MillEffect::Capture);
/// assert_eq!(Rules::LINKED_HORSE.mill_while_moving, MillEffect::Stable);
/// assert!(Rules::LINKED_HORSE.three_in_line_wins);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Rules {
    /// The game these rules are.
    pub variant: Variant,
    /// Pieces each side starts with in hand.
    pub pieces: u8,
    /// Whether the corner diagonals are edges and lines.
    pub diagonals: bool,
    /// What a mill made while placing does.
    pub mill_while_placing: MillEffect,
    /// What a mill made while moving does.
    pub mill_while_moving: MillEffect,
    /// How many removals one mill earns.
    pub removals_per_move: RemovalsPerMove,
    /// Who makes the first movement turn.
    pub first_to_move: Side,
    /// What happens to a side that cannot move.
    pub when_blocked: WhenBlocked,
    /// A side whose pieces (board + hand) fall to this number loses (checked after removals).
    pub loses_at: u8,
    /// Linked-Horse: an empty hand and exactly three pieces in a line on the board wins.
    pub three_in_line_wins: bool,
    /// Twelve Men's Morris: a full board when movement starts is a draw.
    pub full_board_draws: bool,
    /// Zhi Qi: when both sides are down to this many pieces in the movement phase, draw.
    pub draw_when_both_at: Option<u8>,
    /// A side with at most this many pieces on the board may step to any empty point.
    pub flies_at: Option<u8>,
    /// The draw rules (repetition, quiet turns).
    pub draws: DrawRules,
}

impl Rules {
    /// The rules of Zhi Qi.
    pub const ZHIQI: Rules = Rules {
        variant: Variant::ZhiQi,
        pieces: 12,
        diagonals: true,
        mill_while_placing: MillEffect::Pin,
        mill_while_moving: MillEffect::Capture,
        removals_per_move: RemovalsPerMove::PerLine,
        first_to_move: Side::P2,
        when_blocked: WhenBlocked::Pull,
        loses_at: 0,
        three_in_line_wins: false,
        full_board_draws: false,
        draw_when_both_at: Some(2),
        flies_at: None,
        draws: DrawRules {
            repetitions: 3,
            quiet_turns: 100,
        },
    };

    /// The rules of Linked-Horse.
    pub const LINKED_HORSE: Rules = Rules {
        variant: Variant::LinkedHorse,
        pieces: 10,
        diagonals: true,
        mill_while_placing: MillEffect::Stable,
        mill_while_moving: MillEffect::Stable,
        removals_per_move: RemovalsPerMove::One,
        first_to_move: Side::P1,
        when_blocked: WhenBlocked::Lose,
        loses_at: 0,
        three_in_line_wins: true,
        full_board_draws: false,
        draw_when_both_at: None,
        flies_at: None,
        draws: DrawRules {
            repetitions: 3,
            quiet_turns: 100,
        },
    };

    /// The rules of Twelve Men's Morris.
    pub const TWELVE_MENS_MORRIS: Rules = Rules {
        variant: Variant::TwelveMensMorris,
        pieces: 12,
        diagonals: true,
        mill_while_placing: MillEffect::Capture,
        mill_while_moving: MillEffect::Capture,
        removals_per_move: RemovalsPerMove::One,
        first_to_move: Side::P1,
        when_blocked: WhenBlocked::Lose,
        loses_at: 2,
        three_in_line_wins: false,
        full_board_draws: true,
        draw_when_both_at: None,
        flies_at: None,
        draws: DrawRules {
            repetitions: 3,
            quiet_turns: 100,
        },
    };

    /// The preset for a game, with the default draw rules.
    pub const fn of(variant: Variant) -> Rules {
        match variant {
            Variant::ZhiQi => Rules::ZHIQI,
            Variant::LinkedHorse => Rules::LINKED_HORSE,
            Variant::TwelveMensMorris => Rules::TWELVE_MENS_MORRIS,
        }
    }

    /// The same game with other draw settings.
    pub const fn with_draws(mut self, draws: DrawRules) -> Rules {
        self.draws = draws;
        self
    }

    /// The board: points, edges and lines.
    pub const fn geometry(&self) -> &'static Geometry {
        if self.diagonals {
            &Geometry::WITH_DIAGONALS
        } else {
            &Geometry::WITHOUT_DIAGONALS
        }
    }
}

/// Rules travel in records and saves as the game id plus the draw settings: the rest of a
/// preset is code, so an old save always means the rules of the build that reads it.
#[derive(Serialize, Deserialize)]
struct RulesRepr {
    game: Variant,
    #[serde(default)]
    draws: DrawRules,
}

impl Serialize for Rules {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        RulesRepr {
            game: self.variant,
            draws: self.draws,
        }
        .serialize(serializer)
    }
}

impl<'de> Deserialize<'de> for Rules {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Rules, D::Error> {
        let repr = RulesRepr::deserialize(deserializer)?;
        Ok(Rules::of(repr.game).with_draws(repr.draws))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn variant_ids_round_trip() {
        for v in Variant::ALL {
            assert_eq!(v.id().parse::<Variant>(), Ok(v));
            assert_eq!(Rules::of(v).variant, v);
        }
        assert!("nine-mens-morris".parse::<Variant>().is_err());
    }

    #[test]
    fn rules_serialize_as_id_and_draw_settings() {
        let rules = Rules::ZHIQI.with_draws(DrawRules {
            repetitions: 0,
            quiet_turns: 50,
        });
        let json = serde_json::to_string(&rules).unwrap();
        assert_eq!(
            json,
            r#"{"game":"zhiqi","draws":{"repetitions":0,"quiet_turns":50}}"#
        );
        assert_eq!(serde_json::from_str::<Rules>(&json).unwrap(), rules);
        let defaulted: Rules = serde_json::from_str(r#"{"game":"linked-horse"}"#).unwrap();
        assert_eq!(defaulted, Rules::LINKED_HORSE);
    }
}
