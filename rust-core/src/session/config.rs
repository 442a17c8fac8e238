//! What a session plays (saved with the game) and the environment it runs in (not saved).

use std::fmt;
use std::path::PathBuf;
use std::sync::Arc;

use crate::level::Level;
use crate::rules::{Rules, Side, Variant};
use crate::tables::TableShelf;
use crate::timer::TurnTimer;

use super::clock::{Clock, ManualClock};

/// Who plays the two sides.
///
/// Two people on one device: every tap is a player's, nothing runs in the background.
///
/// ```
/// use mills_core::{GameSession, Mode, SessionConfig, SessionOptions, Side, TapOutcome, Variant};
///
/// let config = SessionConfig::new(Variant::ZhiQi).with_mode(Mode::PassAndPlay);
/// let session = GameSession::new(config, SessionOptions::default());
/// let Ok(TapOutcome::Played(played)) = session.tap("d6".parse()?) else {
///     panic!("a placement is played at once")
/// };
/// assert_eq!((played.side, played.turn_ended), (Side::P1, true));
/// assert_eq!(session.snapshot().to_move, Side::P2);
/// session.undo()?;
/// assert_eq!(session.snapshot().to_move, Side::P1);
/// session.close();
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Mode {
    /// One human against the computer, which plays `computer` at `level`.
    VsComputer {
        /// The computer's side.
        computer: Side,
        /// Its level.
        level: Level,
    },
    /// Two humans sharing the device.
    PassAndPlay,
}

impl Mode {
    /// The computer's side, if the computer plays.
    pub fn computer(self) -> Option<Side> {
        match self {
            Mode::VsComputer { computer, .. } => Some(computer),
            Mode::PassAndPlay => None,
        }
    }

    /// The computer's level, if the computer plays.
    pub fn level(self) -> Option<Level> {
        match self {
            Mode::VsComputer { level, .. } => Some(level),
            Mode::PassAndPlay => None,
        }
    }

    /// Whether a human plays `side`.
    pub fn is_human(self, side: Side) -> bool {
        self.computer() != Some(side)
    }
}

/// What a session plays: the game (with its draw settings), who plays, and the turn timer.
/// All of it is part of a saved game.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct SessionConfig {
    /// The game and its draw rules.
    pub rules: Rules,
    /// Who plays.
    pub mode: Mode,
    /// The turn timer.
    pub timer: TurnTimer,
}

impl SessionConfig {
    /// The game against the computer playing P2 at the default level, 60 s turns.
    pub fn new(variant: Variant) -> SessionConfig {
        SessionConfig {
            rules: Rules::of(variant),
            mode: Mode::VsComputer {
                computer: Side::P2,
                level: Level::DEFAULT,
            },
            timer: TurnTimer::default(),
        }
    }

    /// The same configuration with `mode`.
    pub fn with_mode(mut self, mode: Mode) -> SessionConfig {
        self.mode = mode;
        self
    }

    /// The same configuration with `timer`.
    pub fn with_timer(mut self, timer: TurnTimer) -> SessionConfig {
        self.timer = timer;
        self
    }

    /// The game.
    pub fn variant(&self) -> Variant {
        self.rules.variant
    }
}

/// Where a session's computer turns run.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub enum ComputerRunner {
    /// A background `std::thread` per computer turn; the result arrives on the listener.
    #[default]
    Thread,
    /// Nothing runs by itself: the caller runs the turn with
    /// [`GameSession::run_computer_turn_now`](super::GameSession::run_computer_turn_now)
    /// (tests, and deterministic replays).
    Manual,
}

/// The time source of the turn timer.
#[derive(Clone, Default)]
pub enum SessionClock {
    /// The monotonic system clock.
    #[default]
    System,
    /// A clock the tests move by hand (`advance_clock_for_tests`).
    Manual(ManualClock),
    /// Any other time source.
    Custom(Arc<dyn Clock>),
}

impl fmt::Debug for SessionClock {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SessionClock::System => f.write_str("System"),
            SessionClock::Manual(c) => write!(f, "Manual({} ms)", c.now_ms()),
            SessionClock::Custom(_) => f.write_str("Custom"),
        }
    }
}

/// The environment of a session: nothing here is saved with the game.
#[derive(Clone, Debug)]
pub struct SessionOptions {
    /// Where the session reads the time.
    pub clock: SessionClock,
    /// Where the computer's turns run.
    pub computer: ComputerRunner,
    /// Run a background thread that applies timer expiry by itself (see the module docs).
    /// Ignored with a manual clock, whose time only moves when the test says so.
    pub timer_thread: bool,
    /// After every change the session writes its saved game here, atomically.
    pub autosave_path: Option<PathBuf>,
    /// Finished games against the computer are counted in this statistics file.
    pub stats_path: Option<PathBuf>,
    /// Finished games against the computer also update the player's rating in this puzzle
    /// statistics file ([`crate::puzzles::PuzzleStats`]); pass-and-play games never do.
    pub puzzle_stats_path: Option<PathBuf>,
    /// Seed of the computer player's randomness; `None` picks one from the time.
    pub seed: Option<u64>,
    /// Endgame tables the computer (levels 8–10), hints and analysis probe; read at every
    /// search, so tables put on the shelf later are used from then on.
    pub tables: Option<Arc<TableShelf>>,
}

impl Default for SessionOptions {
    fn default() -> SessionOptions {
        SessionOptions {
            clock: SessionClock::System,
            computer: ComputerRunner::Thread,
            timer_thread: true,
            autosave_path: None,
            stats_path: None,
            puzzle_stats_path: None,
            seed: None,
            tables: None,
        }
    }
}

impl SessionOptions {
    /// The autosave and statistics paths may be written: each is absent or a regular file
    /// (a directory, device or symlink there is refused, never replaced). A session with a
    /// bad path still plays; each failed save reaches the listener as `SaveFailed`.
    pub fn check_files(&self) -> Result<(), crate::store::NotARegularFile> {
        for path in [
            &self.autosave_path,
            &self.stats_path,
            &self.puzzle_stats_path,
        ]
        .into_iter()
        .flatten()
        {
            crate::store::check_writable(path)?;
        }
        Ok(())
    }

    /// Deterministic options for tests: a manual clock, manual computer turns, no threads.
    pub fn for_tests() -> (SessionOptions, ManualClock) {
        let clock = ManualClock::new();
        let options = SessionOptions {
            clock: SessionClock::Manual(clock.clone()),
            computer: ComputerRunner::Manual,
            timer_thread: false,
            autosave_path: None,
            stats_path: None,
            puzzle_stats_path: None,
            seed: Some(1),
            tables: None,
        };
        (options, clock)
    }
}
