//! The store's names of seats and entry kinds, and how stored secrets and ids compare (the
//! wire's seats and the engine's sides are `mills_online::names`).

use mills_protocol::{EntryKind, Seat};

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
