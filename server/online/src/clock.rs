//! The turn clock of an online game: the side to move and its countdown from one reading
//! (the server's clock message as a client heard it, or a turn starting at the server),
//! counted down on the reader's own monotonic clock by the engine's [`Countdown`].

use std::time::{Duration, Instant};

use mills_core::{Countdown, Side};
use mills_protocol::Clock;

use crate::names::{seat, side};

/// The turn clock as last read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TurnClock {
    to_move: Option<Side>,
    /// The turn limit as the server gives it; `None` with the timer off.
    limit_ms: Option<u64>,
    /// Running from `read_at` (reading 0) when time is counting.
    countdown: Countdown,
    read_at: Instant,
}

impl TurnClock {
    /// The server's clock message, heard at `at`: the side to move's time counts down from
    /// there.
    pub fn heard(clock: &Clock, at: Instant) -> TurnClock {
        let countdown = match clock.remaining_ms {
            // The countdown's own limit only bounds what is left; the turn limit shown is
            // the server's, even if a reading ever said more.
            Some(left) => {
                Countdown::running_from(Some(left.max(clock.limit_ms.unwrap_or(0))), left, 0)
            }
            None => Countdown::new(clock.limit_ms),
        };
        TurnClock {
            to_move: clock.to_move.map(side),
            limit_ms: clock.limit_ms,
            countdown,
            read_at: at,
        }
    }

    /// A turn of `to_move` starting at `at` with its full `limit` (`None`: no countdown).
    pub fn started(to_move: Side, limit: Option<Duration>, at: Instant) -> TurnClock {
        let limit_ms = limit.map(millis);
        let mut countdown = Countdown::new(limit_ms);
        countdown.set_running(0, true);
        TurnClock {
            to_move: Some(to_move),
            limit_ms,
            countdown,
            read_at: at,
        }
    }

    /// The side whose turn it is; `None` before the game starts and once it is over.
    pub fn to_move(&self) -> Option<Side> {
        self.to_move
    }

    /// The turn limit; `None` with the timer off.
    pub fn limit_ms(&self) -> Option<u64> {
        self.limit_ms
    }

    /// What is left of the turn at `now`; `None` when no countdown runs (the timer is off,
    /// the room waits, the game is over).
    pub fn left_ms(&self, now: Instant) -> Option<u64> {
        if !self.countdown.is_running() {
            return None;
        }
        self.countdown
            .remaining(millis(now.saturating_duration_since(self.read_at)))
    }

    /// When the turn runs out, while a countdown runs.
    pub fn deadline(&self) -> Option<Instant> {
        let left = self.left_ms(self.read_at)?;
        Some(self.read_at + Duration::from_millis(left))
    }

    /// The clock message of this reading at `now`.
    pub fn to_wire(&self, now: Instant) -> Clock {
        Clock {
            to_move: self.to_move.map(seat),
            remaining_ms: self.left_ms(now),
            limit_ms: self.limit_ms,
        }
    }
}

fn millis(duration: Duration) -> u64 {
    u64::try_from(duration.as_millis()).unwrap_or(u64::MAX)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_heard_reading_counts_down_from_when_it_was_heard() {
        let at = Instant::now();
        let heard = TurnClock::heard(
            &Clock {
                to_move: Some(mills_protocol::Seat::P2),
                remaining_ms: Some(40_000),
                limit_ms: Some(60_000),
            },
            at,
        );
        assert_eq!(heard.to_move(), Some(Side::P2));
        assert_eq!(heard.limit_ms(), Some(60_000));
        assert_eq!(heard.left_ms(at), Some(40_000));
        assert_eq!(
            heard.left_ms(at + Duration::from_millis(1_500)),
            Some(38_500)
        );
        assert_eq!(heard.left_ms(at + Duration::from_secs(99)), Some(0));
        assert_eq!(heard.deadline(), Some(at + Duration::from_secs(40)));
    }

    #[test]
    fn no_countdown_runs_without_a_remaining_time() {
        let at = Instant::now();
        let off = TurnClock::heard(
            &Clock {
                to_move: Some(mills_protocol::Seat::P1),
                remaining_ms: None,
                limit_ms: None,
            },
            at,
        );
        assert_eq!(off.left_ms(at), None);
        assert_eq!(off.deadline(), None);
        let waiting = TurnClock::heard(
            &Clock {
                to_move: None,
                remaining_ms: None,
                limit_ms: Some(30_000),
            },
            at,
        );
        assert_eq!(
            (waiting.left_ms(at), waiting.limit_ms()),
            (None, Some(30_000))
        );
    }

    #[test]
    fn a_started_turn_runs_out_at_its_limit_and_reads_back_the_same() {
        let at = Instant::now();
        let turn = TurnClock::started(Side::P1, Some(Duration::from_secs(15)), at);
        assert_eq!(turn.deadline(), Some(at + Duration::from_secs(15)));
        let later = at + Duration::from_secs(5);
        let wire = turn.to_wire(later);
        assert_eq!(wire.remaining_ms, Some(10_000));
        assert_eq!(TurnClock::heard(&wire, later).deadline(), turn.deadline());
        let untimed = TurnClock::started(Side::P2, None, at);
        assert_eq!(
            (untimed.left_ms(later), untimed.to_wire(later).limit_ms),
            (None, None)
        );
    }
}
