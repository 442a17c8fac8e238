//! What of a room goes on the wire: its entries, the outcome and the finished game's record.

use mills_core::{Outcome, Record, RecordHeader};
use mills_protocol::{self as wire, Seat};

use super::state::Room;
use mills_online::names::seat;

impl Room {
    /// The outcome on the wire, once the game is over.
    pub fn outcome(&self) -> Option<wire::Outcome> {
        self.game.outcome().map(outcome_wire)
    }

    /// The finished game's record text.
    pub fn record(&self) -> Option<String> {
        if !self.game.is_over() {
            return None;
        }
        let name = |s: Seat| {
            self.member_in(s)
                .and_then(|m| m.name.clone())
                .filter(|n| !n.trim().is_empty())
        };
        let header = RecordHeader {
            date: Some(date_of(self.started_ms)),
            players: [name(Seat::P1), name(Seat::P2)],
            level: None,
            timer_seconds: Some(self.timer.seconds_or_off()),
            hints: None,
        };
        match Record::new(self.game.clone(), header) {
            Ok(record) => Some(record.to_text()),
            Err(e) => {
                log::warn!(room = self.id.as_str(), error = e.to_string().as_str(); "no record");
                None
            }
        }
    }

    /// Every entry of the current game.
    pub fn entries(&self) -> &[wire::Entry] {
        &self.entries
    }

    /// The entries after `revision`.
    pub fn entries_after(&self, revision: u64) -> Vec<wire::Entry> {
        self.entries
            .iter()
            .skip(usize::try_from(revision).unwrap_or(usize::MAX))
            .cloned()
            .collect()
    }
}

/// The wire's outcome of the engine's.
pub fn outcome_wire(outcome: Outcome) -> wire::Outcome {
    let result = mills_core::result_id(Some(outcome));
    // "P1 wins (resignation)" / "draw (repetition)": the id is in the parentheses.
    let reason = result
        .split_once('(')
        .map(|(_, r)| r.trim_end_matches(')').to_string())
        .unwrap_or_default();
    wire::Outcome {
        winner: outcome.winner().map(seat),
        reason,
        result,
    }
}

/// `YYYY-MM-DD` (UTC) of Unix milliseconds.
pub fn date_of(unix_ms: i64) -> String {
    mills_core::civil_date(unix_ms.div_euclid(86_400_000))
}
