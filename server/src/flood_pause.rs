//! The pause an address earns when one of its connections is closed for flooding: its new
//! WebSocket connections wait out the pause before their `hello` is read.
//!
//! A closed flooder connects again at once, and each new connection costs the server a
//! handshake and a `hello` that reads the device's rooms: without a pause, 32 flooders
//! closed and back 650 times a second cost more CPU than the games they flooded. Held
//! (never refused), a flooder's next connection costs nothing until the pause ends, and an
//! honest device behind the same address (one NAT) is slowed, not turned away: its new
//! connections wait up to the pause, its open ones go on as before.

use std::collections::HashMap;
use std::net::IpAddr;
use std::time::Duration;

use tokio::time::Instant;

/// Addresses remembered at most. Each was closed for flooding, which takes a whole
/// connection and its burst of messages first; past this bound new pauses are not kept
/// (the message rate still closes every flooder).
const MAX_PAUSED: usize = 100_000;

/// The addresses paused and until when.
pub struct FloodPauses {
    pause: Duration,
    until: HashMap<IpAddr, Instant>,
}

impl FloodPauses {
    /// Pauses of `pause` (zero: none).
    pub fn new(pause: Duration) -> FloodPauses {
        FloodPauses {
            pause,
            until: HashMap::new(),
        }
    }

    /// A connection from `ip` was closed for flooding at `now`.
    pub fn closed(&mut self, ip: IpAddr, now: Instant) {
        if self.pause.is_zero() {
            return;
        }
        if self.until.len() >= MAX_PAUSED {
            self.until.retain(|_, until| *until > now);
        }
        if self.until.len() < MAX_PAUSED || self.until.contains_key(&ip) {
            self.until.insert(ip, now + self.pause);
        }
    }

    /// When a new connection from `ip` may be served, if not now.
    pub fn paused_until(&mut self, ip: IpAddr, now: Instant) -> Option<Instant> {
        let until = *self.until.get(&ip)?;
        if until <= now {
            self.until.remove(&ip);
            return None;
        }
        Some(until)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_address_closed_for_flooding_waits_out_its_pause_and_others_do_not() {
        let mut pauses = FloodPauses::new(Duration::from_secs(5));
        let (flooder, other) = (
            IpAddr::from([203, 0, 113, 1]),
            IpAddr::from([203, 0, 113, 2]),
        );
        let t = Instant::now();
        pauses.closed(flooder, t);
        assert_eq!(
            pauses.paused_until(flooder, t),
            Some(t + Duration::from_secs(5))
        );
        assert_eq!(pauses.paused_until(other, t), None);
        // Closed again, paused again from then.
        let later = t + Duration::from_secs(3);
        pauses.closed(flooder, later);
        assert_eq!(
            pauses.paused_until(flooder, t + Duration::from_secs(6)),
            Some(later + Duration::from_secs(5))
        );
        assert_eq!(
            pauses.paused_until(flooder, t + Duration::from_secs(9)),
            None
        );
        assert!(pauses.until.is_empty(), "a pause that ended is forgotten");
        let mut off = FloodPauses::new(Duration::ZERO);
        off.closed(flooder, t);
        assert_eq!(off.paused_until(flooder, t), None);
    }
}
