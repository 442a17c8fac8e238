//! Time sources for the turn timer, and the per-turn countdown itself.

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Instant;

/// A monotonic clock in milliseconds from an arbitrary origin.
pub trait Clock: Send + Sync {
    /// Milliseconds since some fixed start.
    fn now_ms(&self) -> u64;
}

/// The system's monotonic clock.
#[derive(Debug)]
pub struct SystemClock {
    origin: Instant,
}

impl SystemClock {
    /// A clock that starts now.
    pub fn new() -> SystemClock {
        SystemClock {
            origin: Instant::now(),
        }
    }
}

impl Default for SystemClock {
    fn default() -> SystemClock {
        SystemClock::new()
    }
}

impl Clock for SystemClock {
    fn now_ms(&self) -> u64 {
        u64::try_from(self.origin.elapsed().as_millis()).unwrap_or(u64::MAX)
    }
}

/// A clock that only moves when told to; clones share the same time.
#[derive(Clone, Debug, Default)]
pub struct ManualClock(Arc<AtomicU64>);

impl ManualClock {
    /// A clock at 0 that moves only when told.
    pub fn new() -> ManualClock {
        ManualClock::default()
    }

    /// Moves the clock `ms` milliseconds on.
    pub fn advance(&self, ms: u64) {
        // Saturating, so a huge step from a test cannot wrap the clock back to 0.
        let _ = self
            .0
            .fetch_update(Ordering::SeqCst, Ordering::SeqCst, |t| {
                Some(t.saturating_add(ms))
            });
    }
}

impl Clock for ManualClock {
    fn now_ms(&self) -> u64 {
        self.0.load(Ordering::SeqCst)
    }
}

/// The countdown of the turn in progress, on readings of a [`Clock`] (milliseconds): the one
/// implementation of "time left from a limit and a clock reading" that a local session, the
/// online client (from the server's reading) and the server (from a turn's start) share. A
/// local session runs it only while a human is to move, the game goes on and the session is
/// not paused; stopped, it holds what was left.
///
/// ```
/// use mills_core::Countdown;
///
/// let mut turn = Countdown::new(Some(15_000));
/// turn.set_running(1_000, true);
/// assert_eq!(turn.remaining(6_000), Some(10_000));
/// assert!(turn.expired(16_000));
/// // A reading of 8 s left at 100 ms, running from then.
/// let heard = Countdown::running_from(Some(15_000), 8_000, 100);
/// assert_eq!(heard.remaining(2_100), Some(6_000));
/// assert_eq!(Countdown::new(None).remaining(5), None, "the timer is off");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Countdown {
    limit_ms: Option<u64>,
    /// What was left at `since` (or all along, while stopped).
    left_ms: u64,
    /// Running since this time.
    since: Option<u64>,
}

impl Countdown {
    /// A full, stopped countdown of `limit_ms` (`None`: the timer is off).
    pub fn new(limit_ms: Option<u64>) -> Countdown {
        Countdown {
            limit_ms,
            left_ms: limit_ms.unwrap_or(0),
            since: None,
        }
    }

    /// A countdown that had `left_ms` (at most the limit) at the reading `now`, running from
    /// then: a reading someone else's clock made, such as the server's.
    pub fn running_from(limit_ms: Option<u64>, left_ms: u64, now: u64) -> Countdown {
        let mut countdown = Countdown::new(limit_ms);
        countdown.set_left(left_ms);
        countdown.set_running(now, true);
        countdown
    }

    /// The limit of a turn; `None` when the timer is off.
    pub fn limit_ms(&self) -> Option<u64> {
        self.limit_ms
    }

    /// Counting down (not stopped, and the timer is on).
    pub fn is_running(&self) -> bool {
        self.since.is_some()
    }

    /// Time left in the turn, `None` when the timer is off.
    pub fn remaining(&self, now: u64) -> Option<u64> {
        self.limit_ms?;
        Some(match self.since {
            Some(since) => self.left_ms.saturating_sub(now.saturating_sub(since)),
            None => self.left_ms,
        })
    }

    /// A fresh full countdown for a new turn, stopped.
    pub fn restart(&mut self, limit_ms: Option<u64>) {
        *self = Countdown::new(limit_ms);
    }

    /// Sets what is left (a restored game), at most the limit; stopped.
    pub fn set_left(&mut self, left_ms: u64) {
        self.left_ms = left_ms.min(self.limit_ms.unwrap_or(0));
        self.since = None;
    }

    /// Starts (from `now`) or stops the countdown; an off timer never runs.
    pub fn set_running(&mut self, now: u64, run: bool) {
        let run = run && self.limit_ms.is_some();
        match (run, self.since) {
            (true, None) => self.since = Some(now),
            (false, Some(_)) => {
                self.left_ms = self.remaining(now).unwrap_or(0);
                self.since = None;
            }
            _ => {}
        }
    }

    /// Running, and nothing left at `now`.
    pub fn expired(&self, now: u64) -> bool {
        self.is_running() && self.remaining(now) == Some(0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn countdown_runs_pauses_and_expires() {
        let mut c = Countdown::new(Some(15_000));
        assert_eq!(c.remaining(0), Some(15_000));
        c.set_running(1_000, true);
        assert_eq!(c.remaining(6_000), Some(10_000));
        c.set_running(6_000, false);
        assert_eq!(c.remaining(60_000), Some(10_000), "frozen while stopped");
        c.set_running(60_000, true);
        assert!(!c.expired(69_999));
        assert!(c.expired(70_000));
        assert_eq!(c.remaining(99_000), Some(0));
    }

    #[test]
    fn an_off_timer_never_runs() {
        let mut c = Countdown::new(None);
        c.set_running(0, true);
        assert!(!c.is_running());
        assert_eq!(c.remaining(10), None);
        assert!(!c.expired(u64::MAX));
    }

    #[test]
    fn manual_clock_is_shared_and_saturates() {
        let a = ManualClock::new();
        let b = a.clone();
        a.advance(250);
        assert_eq!(b.now_ms(), 250);
        b.advance(u64::MAX);
        assert_eq!(a.now_ms(), u64::MAX);
    }
}
