//! What a session plays (saved with the game) and how it runs (not saved).

use mills_core::Level;
use mills_core::Side;
use mills_core::{self as core, ComputerRunner, SessionClock, SessionOptions as CoreOptions};

use crate::error::MillsError;
use crate::game_id::GameId;

/// P1 places first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, uniffi::Enum)]
pub enum Player {
    P1,
    P2,
}

impl From<Player> for Side {
    fn from(player: Player) -> Side {
        match player {
            Player::P1 => Side::P1,
            Player::P2 => Side::P2,
        }
    }
}

impl From<Side> for Player {
    fn from(side: Side) -> Player {
        match side {
            Side::P1 => Player::P1,
            Side::P2 => Player::P2,
        }
    }
}

/// The turn timer setting; 60 s is the default.
#[derive(Debug, Clone, Copy, PartialEq, Eq, uniffi::Enum)]
pub enum TurnTimer {
    Off,
    Seconds15,
    Seconds30,
    Seconds60,
    Seconds120,
}

impl From<TurnTimer> for core::TurnTimer {
    fn from(timer: TurnTimer) -> core::TurnTimer {
        match timer {
            TurnTimer::Off => core::TurnTimer::Off,
            TurnTimer::Seconds15 => core::TurnTimer::Seconds15,
            TurnTimer::Seconds30 => core::TurnTimer::Seconds30,
            TurnTimer::Seconds60 => core::TurnTimer::Seconds60,
            TurnTimer::Seconds120 => core::TurnTimer::Seconds120,
        }
    }
}

impl From<core::TurnTimer> for TurnTimer {
    fn from(timer: core::TurnTimer) -> TurnTimer {
        match timer {
            core::TurnTimer::Off => TurnTimer::Off,
            core::TurnTimer::Seconds15 => TurnTimer::Seconds15,
            core::TurnTimer::Seconds30 => TurnTimer::Seconds30,
            core::TurnTimer::Seconds60 => TurnTimer::Seconds60,
            core::TurnTimer::Seconds120 => TurnTimer::Seconds120,
        }
    }
}

/// Who plays.
#[derive(Debug, Clone, Copy, PartialEq, Eq, uniffi::Enum)]
pub enum GameMode {
    /// The computer plays `computer` at `level` (1..=10).
    VsComputer { computer: Player, level: u8 },
    /// Two people on one device.
    PassAndPlay,
}

/// What a session plays; saved with the game.
#[derive(Debug, Clone, PartialEq, Eq, uniffi::Record)]
pub struct SessionConfig {
    pub game: GameId,
    pub mode: GameMode,
    pub timer: TurnTimer,
}

impl TryFrom<SessionConfig> for core::SessionConfig {
    type Error = MillsError;

    fn try_from(config: SessionConfig) -> Result<core::SessionConfig, MillsError> {
        let mode = match config.mode {
            GameMode::VsComputer { computer, level } => core::Mode::VsComputer {
                computer: computer.into(),
                level: parse_level(level)?,
            },
            GameMode::PassAndPlay => core::Mode::PassAndPlay,
        };
        Ok(core::SessionConfig::new(config.game.into())
            .with_mode(mode)
            .with_timer(config.timer.into()))
    }
}

impl From<core::SessionConfig> for SessionConfig {
    fn from(config: core::SessionConfig) -> SessionConfig {
        SessionConfig {
            game: config.variant().into(),
            mode: mode_of(config.mode),
            timer: config.timer.into(),
        }
    }
}

pub(crate) fn mode_of(mode: core::Mode) -> GameMode {
    match mode {
        core::Mode::VsComputer { computer, level } => GameMode::VsComputer {
            computer: computer.into(),
            level: level.number(),
        },
        core::Mode::PassAndPlay => GameMode::PassAndPlay,
    }
}

pub(crate) fn parse_level(level: u8) -> Result<Level, MillsError> {
    Level::new(level).map_err(|_| MillsError::InvalidLevel { level })
}

/// Where a session keeps its files and how it runs; not saved with the game.
#[derive(Debug, Clone, PartialEq, Eq, uniffi::Record)]
pub struct SessionOptions {
    /// After every change the session writes its saved game here, atomically.
    #[uniffi(default = None)]
    pub autosave_path: Option<String>,
    /// Finished games against the computer are counted in this statistics file.
    #[uniffi(default = None)]
    pub stats_path: Option<String>,
    /// Seed of the computer's randomness; by default one from the time.
    #[uniffi(default = None)]
    pub seed: Option<u64>,
    /// Run the background timer thread that applies timer expiry by itself. With it off the
    /// app must call `tick()` regularly (every ~100 ms).
    #[uniffi(default = true)]
    pub timer_thread: bool,
    /// Test hook: a clock that only moves with `advance_clock_for_tests`.
    #[uniffi(default = false)]
    pub manual_clock: bool,
    /// Test hook: computer turns only run through `run_computer_turn_now`.
    #[uniffi(default = false)]
    pub manual_computer: bool,
    /// Finished games against the computer update the player's rating in this puzzle
    /// statistics file (`puzzle_stats_load`); pass-and-play games never do.
    #[uniffi(default = None)]
    pub puzzle_stats_path: Option<String>,
}

impl SessionOptions {
    pub(crate) fn to_core(&self) -> CoreOptions {
        CoreOptions {
            clock: if self.manual_clock {
                SessionClock::Manual(core::ManualClock::new())
            } else {
                SessionClock::System
            },
            computer: if self.manual_computer {
                ComputerRunner::Manual
            } else {
                ComputerRunner::Thread
            },
            timer_thread: self.timer_thread,
            autosave_path: self.autosave_path.clone().map(Into::into),
            stats_path: self.stats_path.clone().map(Into::into),
            puzzle_stats_path: self.puzzle_stats_path.clone().map(Into::into),
            seed: self.seed,
            // Every session plays with the tables `tables_prepare` put on the shelf.
            tables: Some(crate::tables::shelf()),
        }
    }
}
