//! The turn timer setting a game is played with (RULES.md §6).

use std::fmt;

/// The turn timer setting (RULES.md §6): off, 15, 30, 60 (the default) or 120 seconds.
///
/// The turn timer's settings, by seconds:
///
/// ```
/// use mills_core::TurnTimer;
///
/// assert_eq!(TurnTimer::default().seconds(), Some(60));
/// assert_eq!(TurnTimer::from_seconds(30), Some(TurnTimer::Seconds30));
/// assert_eq!(TurnTimer::Off.seconds(), None);
/// assert_eq!(TurnTimer::from_seconds(45), None);
/// assert_eq!(TurnTimer::Off.seconds_or_off(), 0);
/// assert_eq!(TurnTimer::from_seconds(TurnTimer::Seconds120.seconds_or_off()), Some(TurnTimer::Seconds120));
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub enum TurnTimer {
    /// No timer.
    Off,
    /// 15 seconds a turn.
    Seconds15,
    /// 30 seconds a turn.
    Seconds30,
    #[default]
    /// 60 seconds a turn.
    Seconds60,
    /// 120 seconds a turn.
    Seconds120,
}

impl TurnTimer {
    /// Every setting, in the order a settings screen lists them (off first).
    pub const ALL: [TurnTimer; 5] = [
        TurnTimer::Off,
        TurnTimer::Seconds15,
        TurnTimer::Seconds30,
        TurnTimer::Seconds60,
        TurnTimer::Seconds120,
    ];

    /// Seconds per turn; `None` when off.
    pub const fn seconds(self) -> Option<u32> {
        match self {
            TurnTimer::Off => None,
            TurnTimer::Seconds15 => Some(15),
            TurnTimer::Seconds30 => Some(30),
            TurnTimer::Seconds60 => Some(60),
            TurnTimer::Seconds120 => Some(120),
        }
    }

    /// Seconds per turn, 0 when off: how the wire, the store and game records write it
    /// (the inverse of [`TurnTimer::from_seconds`]).
    pub const fn seconds_or_off(self) -> u32 {
        match self.seconds() {
            Some(seconds) => seconds,
            None => 0,
        }
    }

    /// The setting for a number of seconds, 0 meaning off.
    pub fn from_seconds(seconds: u32) -> Option<TurnTimer> {
        TurnTimer::ALL
            .into_iter()
            .find(|t| t.seconds_or_off() == seconds)
    }

    pub(crate) fn limit_ms(self) -> Option<u64> {
        self.seconds().map(|s| u64::from(s) * 1000)
    }
}

impl fmt::Display for TurnTimer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.seconds() {
            Some(s) => write!(f, "{s} s"),
            None => f.write_str("off"),
        }
    }
}
