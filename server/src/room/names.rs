//! The engine's and the store's names of the rules, seats, sides and entry kinds.

use mills_core::{Rules, Side, Variant};
use mills_protocol::{EntryKind, Seat};

/// The rules of a game id.
pub fn rules_of(variant: Variant) -> Rules {
    match variant {
        Variant::ZhiQi => Rules::ZHIQI,
        Variant::LinkedHorse => Rules::LINKED_HORSE,
        Variant::TwelveMensMorris => Rules::TWELVE_MENS_MORRIS,
    }
}

/// The wire's seat of an engine side.
pub fn seat(side: Side) -> Seat {
    match side {
        Side::P1 => Seat::P1,
        Side::P2 => Seat::P2,
    }
}

pub(super) fn side(seat: Seat) -> Side {
    match seat {
        Seat::P1 => Side::P1,
        Seat::P2 => Side::P2,
    }
}

pub(super) fn seat_id(seat: Seat) -> &'static str {
    match seat {
        Seat::P1 => "p1",
        Seat::P2 => "p2",
    }
}

pub(super) fn kind_id(kind: EntryKind) -> &'static str {
    match kind {
        EntryKind::Turn => "turn",
        EntryKind::Pass => "pass",
        EntryKind::Resign => "resign",
    }
}

/// Compares secrets in time that does not depend on where they differ.
pub(super) fn same_secret(a: &str, b: &str) -> bool {
    a.len() == b.len()
        && a.bytes()
            .zip(b.bytes())
            .fold(0u8, |acc, (x, y)| acc | (x ^ y))
            == 0
}

pub(super) fn fingerprint(kind: EntryKind, actions: &[String]) -> String {
    format!("{} {}", kind_id(kind), actions.join(" "))
}
