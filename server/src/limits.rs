//! Token buckets: joins per client address, messages per connection.

use std::collections::HashMap;
use std::hash::Hash;
use std::time::{Duration, Instant};

/// A bucket of `burst` tokens refilled at `per_second`.
#[derive(Clone, Copy, Debug)]
pub struct Bucket {
    tokens: f64,
    last: Instant,
}

/// A rate: a burst and a refill.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Rate {
    /// Tokens when full.
    pub burst: f64,
    /// Tokens regained per second.
    pub per_second: f64,
}

impl Bucket {
    /// A full bucket.
    pub fn full(rate: Rate, now: Instant) -> Bucket {
        Bucket {
            tokens: rate.burst,
            last: now,
        }
    }

    /// Takes a token, or says how long until one is there.
    pub fn take(&mut self, rate: Rate, now: Instant) -> Result<(), Duration> {
        let elapsed = now.saturating_duration_since(self.last).as_secs_f64();
        self.tokens = (self.tokens + elapsed * rate.per_second).min(rate.burst);
        self.last = now;
        if self.tokens >= 1.0 {
            self.tokens -= 1.0;
            Ok(())
        } else {
            let wait = (1.0 - self.tokens) / rate.per_second.max(1e-9);
            Err(Duration::from_secs_f64(wait.min(3600.0)))
        }
    }
}

/// Buckets by key (client addresses), forgetting full ones now and then so the map stays
/// small under a flood of addresses.
pub struct Buckets<K> {
    rate: Rate,
    buckets: HashMap<K, Bucket>,
    last_sweep: Instant,
}

impl<K: Hash + Eq + Clone> Buckets<K> {
    /// Empty.
    pub fn new(rate: Rate) -> Buckets<K> {
        Buckets {
            rate,
            buckets: HashMap::new(),
            last_sweep: Instant::now(),
        }
    }

    /// Takes a token of `key`'s bucket.
    pub fn take(&mut self, key: &K, now: Instant) -> Result<(), Duration> {
        if now.saturating_duration_since(self.last_sweep) > Duration::from_secs(60) {
            let refill = Duration::from_secs_f64(self.rate.burst / self.rate.per_second.max(1e-9));
            self.buckets
                .retain(|_, b| now.saturating_duration_since(b.last) < refill);
            self.last_sweep = now;
        }
        let rate = self.rate;
        self.buckets
            .entry(key.clone())
            .or_insert_with(|| Bucket::full(rate, now))
            .take(rate, now)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_burst_then_the_refill_rate() {
        let rate = Rate {
            burst: 2.0,
            per_second: 1.0,
        };
        let t = Instant::now();
        let mut buckets = Buckets::new(rate);
        assert!(buckets.take(&1, t).is_ok());
        assert!(buckets.take(&1, t).is_ok());
        let wait = buckets.take(&1, t).unwrap_err();
        assert!(wait <= Duration::from_secs(1) && wait > Duration::from_millis(900));
        assert!(
            buckets.take(&2, t).is_ok(),
            "another key has its own bucket"
        );
        assert!(buckets.take(&1, t + Duration::from_millis(1100)).is_ok());
    }
}
