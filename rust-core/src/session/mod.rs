//! A game session: one game on one screen, as the apps drive it.
//!
//! [`GameSession`] owns a [`Game`] and everything around it that is not rules: whose turn
//! belongs to whom (against the computer or pass-and-play), the touch interaction
//! ([`GameSession::tap`]), undo and redo, the turn timer, the computer's turns, saved games and
//! statistics. It is `Send + Sync`; every method takes `&self` and may be called from any
//! thread.
//!
//! # Threads
//!
//! - **The computer's turn** runs on a `std::thread` of its own ([`ComputerRunner::Thread`]):
//!   the session hands it a copy of the game, so no lock is held while it searches. The turn
//!   it finds is played and reported as [`SessionEvent::ComputerMoved`]. Undo, redo, new
//!   game, resignation and dropping the session cancel the search (its [`CancelToken`] stops
//!   it within milliseconds) and a late result is recognised by its generation number and
//!   dropped. A level change applies to the next search. With [`ComputerRunner::Manual`]
//!   nothing runs by itself: [`GameSession::run_computer_turn_now`] runs the turn on the
//!   caller's thread (tests; the threaded and manual paths share all the code but the spawn).
//! - **The turn timer** counts down only while a human is to move, the game goes on and the
//!   session is not paused. Expiry is applied by [`GameSession::tick`], which is idempotent
//!   and cheap: the apps may call it from their UI loop (~100 ms) to redraw the countdown, but
//!   they need not, because a real session also runs a timer thread that sleeps until the
//!   deadline (woken early by every change) and ticks. On expiry the session plays `pass`
//!   (RULES.md §6: a skipped placement keeps its piece in hand, owed removals are lost, after
//!   a pull the step is lost, an empty hand is skipped) and reports
//!   [`SessionEvent::TurnTimedOut`]. [`GameSession::pause`] and [`GameSession::resume`]
//!   freeze and restart it when the app goes to the background. The time comes from a
//!   [`Clock`]; tests use a [`ManualClock`] moved by [`GameSession::advance_clock_for_tests`],
//!   and no timer thread runs with it.
//! - **Listeners** are called without any session lock held, from the thread that produced
//!   the event, so they may call back into the session; a panicking listener is contained.
//!
//! # Files
//!
//! [`GameSession::save`] gives the versioned JSON document described in [`save`];
//! [`GameSession::restore`] checks every part of one and replays its actions, or says what is
//! wrong ([`RestoreError`]). With [`SessionOptions::autosave_path`] the session writes that
//! document after every change, atomically ([`store`]: temporary file in the same directory,
//! fsync, rename, fsync of the directory), so killing the app at any moment leaves the last
//! complete save. With [`SessionOptions::stats_path`] every finished game against the
//! computer is counted (wins, losses, draws per game and level; [`StatsStore`]), once per
//! game even if it is undone and finished again.

mod changes;
mod clock;
mod config;
mod events;
mod history;
pub mod save;
mod snapshot;
mod state;
mod stats;
pub mod store;
mod tap;
mod worker;

#[cfg(test)]
mod tests;

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::path::PathBuf;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Condvar, Mutex, MutexGuard, RwLock};

pub use crate::ai::CancelToken;
pub use changes::{BoardChange, Change, ChangeBatch};
pub use clock::{Clock, ManualClock, SystemClock};
pub use config::{ComputerRunner, Mode, SessionClock, SessionConfig, SessionOptions, TurnTimer};
pub use events::{Played, Refusal, SessionError, SessionEvent, SessionListener, TapOutcome};
pub use save::{RestoreError, SAVE_FORMAT, SAVE_VERSION};
pub use snapshot::{NextStep, PointState, SideState, Snapshot};
pub use stats::{HumanResult, StatsEntry, StatsError, StatsStore};

use crate::action::Action;
use crate::ai::Level;
use crate::board::Point;
use crate::game::Game;
use crate::rules::Side;

use state::{Effects, State};
use worker::EngineSlot;

/// One game on one screen. See the [module documentation](self).
pub struct GameSession {
    shared: Arc<Shared>,
}

pub(crate) struct Shared {
    state: Mutex<State>,
    /// Wakes the timer thread after every change.
    wake: Condvar,
    listener: RwLock<Option<Arc<dyn SessionListener>>>,
    clock: Arc<dyn Clock>,
    manual_clock: Option<ManualClock>,
    runner: ComputerRunner,
    engine: Arc<EngineSlot>,
    autosave: Option<PathBuf>,
    stats: Option<StatsStore>,
    /// Numbers autosaves in the order of the changes they record.
    save_seq: AtomicU64,
    /// The newest autosave on disk, so an older one finishing late never overwrites it.
    written_seq: Mutex<u64>,
}

impl GameSession {
    /// A new game.
    pub fn new(config: SessionConfig, options: SessionOptions) -> GameSession {
        GameSession::with_listener(config, options, None)
    }

    /// A new game whose events go to `listener` from the start (the computer may move first).
    pub fn with_listener(
        config: SessionConfig,
        options: SessionOptions,
        listener: Option<Arc<dyn SessionListener>>,
    ) -> GameSession {
        let game = Game::new(config.rules);
        GameSession::start(config, game, None, false, options, listener)
    }

    /// The session a saved document describes, or what is wrong with the document.
    pub fn restore(
        json: &str,
        options: SessionOptions,
        listener: Option<Arc<dyn SessionListener>>,
    ) -> Result<GameSession, RestoreError> {
        let restored = save::decode(json)?;
        Ok(GameSession::start(
            restored.config,
            restored.game,
            restored.time_left_ms,
            restored.paused,
            options,
            listener,
        ))
    }

    fn start(
        config: SessionConfig,
        game: Game,
        time_left_ms: Option<u64>,
        paused: bool,
        options: SessionOptions,
        listener: Option<Arc<dyn SessionListener>>,
    ) -> GameSession {
        let (clock, manual_clock): (Arc<dyn Clock>, _) = match options.clock {
            SessionClock::System => (Arc::new(SystemClock::new()), None),
            SessionClock::Manual(clock) => (Arc::new(clock.clone()), Some(clock)),
            SessionClock::Custom(clock) => (clock, None),
        };
        let seed = options.seed.unwrap_or_else(time_seed);
        let mut fx = Effects::default();
        let state = State::start(config, game, time_left_ms, paused, clock.now_ms(), &mut fx);
        if let Some(path) = &options.autosave_path {
            store::remove_stale_temps(path);
        }
        let shared = Arc::new(Shared {
            state: Mutex::new(state),
            wake: Condvar::new(),
            listener: RwLock::new(listener),
            clock,
            runner: options.computer,
            engine: Arc::new(EngineSlot::new(seed)),
            autosave: options.autosave_path,
            stats: options.stats_path.map(StatsStore::new),
            save_seq: AtomicU64::new(0),
            written_seq: Mutex::new(0),
            manual_clock,
        });
        if options.timer_thread && shared.manual_clock.is_none() {
            worker::spawn_timer(Arc::downgrade(&shared));
        }
        // Write the starting point too, so the autosave always matches the screen.
        fx.changed = true;
        shared.with_state(|_, _, effects| *effects = fx);
        GameSession { shared }
    }

    /// Replaces the listener (`None` to stop listening).
    pub fn set_listener(&self, listener: Option<Arc<dyn SessionListener>>) {
        *self
            .shared
            .listener
            .write()
            .unwrap_or_else(|e| e.into_inner()) = listener;
    }

    pub fn config(&self) -> SessionConfig {
        self.shared.lock().config()
    }

    /// A copy of the game so far (its record, for sharing or analysis).
    pub fn game(&self) -> Game {
        self.shared.lock().game().clone()
    }

    /// Everything a screen draws, now.
    pub fn snapshot(&self) -> Snapshot {
        let state = self.shared.lock();
        state.snapshot(self.shared.now())
    }

    /// The board changes after `revision` (oldest first) and the snapshot they lead to, read
    /// at one moment. Empty for the current revision; a single [`Change::Reset`] when
    /// `revision` is older than the changes kept (or not this session's).
    pub fn changes_since(&self, revision: u64) -> ChangeBatch {
        let state = self.shared.lock();
        state.changes_since(revision, self.shared.now())
    }

    /// One tap on a point: what it did, or why it did nothing.
    pub fn tap(&self, point: Point) -> Result<TapOutcome, Refusal> {
        self.shared
            .with_state(|state, now, fx| state.tap(point, now, fx))
    }

    /// Takes back the last turn (pass-and-play) or goes back to the start of the human's
    /// previous turn (against the computer), cancelling the computer's search. After a
    /// resignation, takes back the resignation.
    pub fn undo(&self) -> Result<(), SessionError> {
        self.shared.with_state(|state, now, fx| state.undo(now, fx))
    }

    /// Plays again what the last `undo` took back (until something new is played).
    pub fn redo(&self) -> Result<(), SessionError> {
        self.shared.with_state(|state, now, fx| state.redo(now, fx))
    }

    /// The human resigns (in pass-and-play, the side to move); returns who resigned.
    pub fn resign(&self) -> Result<Side, SessionError> {
        self.shared
            .with_state(|state, now, fx| state.resign(now, fx))
    }

    /// Starts the same game again with the same settings.
    pub fn new_game(&self) {
        self.shared
            .with_state(|state, now, fx| state.new_game(now, fx));
    }

    /// The computer's level from its next search on (ignored in pass-and-play).
    pub fn set_level(&self, level: Level) {
        self.shared
            .with_state(|state, _, fx| state.set_level(level, fx));
    }

    /// A new turn timer setting; the turn in progress starts again with the new limit.
    pub fn set_timer(&self, timer: TurnTimer) {
        self.shared
            .with_state(|state, now, fx| state.set_timer(timer, now, fx));
    }

    /// Freezes the turn timer (the app goes to the background). Autosaves the time left.
    pub fn pause(&self) {
        self.shared
            .with_state(|state, now, fx| state.set_paused(true, now, fx));
    }

    /// Lets the turn timer run again.
    pub fn resume(&self) {
        self.shared
            .with_state(|state, now, fx| state.set_paused(false, now, fx));
    }

    /// Applies timer expiry: if the turn's time is up, plays `pass` and returns who passed.
    pub fn tick(&self) -> Option<Side> {
        self.shared.tick()
    }

    /// The saved-game document of this moment.
    pub fn save(&self) -> String {
        let state = self.shared.lock();
        state.save_json(self.shared.now())
    }

    /// Runs the computer's turn on this thread (cancelling any search in progress), plays it
    /// and reports it like a background turn; returns the actions played.
    pub fn run_computer_turn_now(&self) -> Result<Vec<Action>, SessionError> {
        let job = self.shared.with_state(|state, _, _| state.reissue_job())?;
        let actions = self.shared.engine.search(&job);
        self.shared
            .with_state(|state, now, fx| {
                state.apply_computer_turn(job.generation, &actions, now, fx)
            })
            .ok_or(SessionError::NotComputersTurn)
    }

    /// Moves a manual clock forward and ticks; returns who passed, if the time ran out.
    pub fn advance_clock_for_tests(&self, ms: u64) -> Result<Option<Side>, SessionError> {
        let clock = self.shared.manual_clock.as_ref().ok_or_else(|| {
            SessionError::NotAvailable("the session does not use a manual clock".into())
        })?;
        clock.advance(ms);
        Ok(self.shared.tick())
    }
}

impl Drop for GameSession {
    /// Cancels the computer's search and stops the timer thread; neither is waited for.
    fn drop(&mut self) {
        {
            let mut state = self.shared.lock();
            let now = self.shared.now();
            state.close(now);
        }
        self.shared.wake.notify_all();
    }
}

impl Shared {
    fn lock(&self) -> MutexGuard<'_, State> {
        // A panic while locked (caught at the FFI boundary) must not brick the session.
        self.state.lock().unwrap_or_else(|e| e.into_inner())
    }

    fn now(&self) -> u64 {
        self.clock.now_ms()
    }

    /// Runs a state change under the lock, then its effects without it.
    fn with_state<R>(
        self: &Arc<Self>,
        change: impl FnOnce(&mut State, u64, &mut Effects) -> R,
    ) -> R {
        let mut fx = Effects::default();
        let (result, save) = {
            let mut state = self.lock();
            let now = self.now();
            let result = change(&mut state, now, &mut fx);
            let save = match (&self.autosave, fx.changed) {
                (Some(_), true) => Some((
                    self.save_seq.fetch_add(1, Ordering::SeqCst) + 1,
                    state.save_json(now),
                )),
                _ => None,
            };
            (result, save)
        };
        self.wake.notify_all();
        self.run_effects(fx, save);
        result
    }

    fn run_effects(self: &Arc<Self>, mut fx: Effects, save: Option<(u64, String)>) {
        if let Some(job) = fx.job.take() {
            if self.runner == ComputerRunner::Thread {
                worker::spawn_computer(Arc::downgrade(self), Arc::clone(&self.engine), job);
            }
        }
        if let (Some((seq, json)), Some(path)) = (save, &self.autosave) {
            let mut written = self.written_seq.lock().unwrap_or_else(|e| e.into_inner());
            if seq > *written {
                match store::write_atomic(path, json.as_bytes()) {
                    Ok(()) => *written = seq,
                    Err(err) => {
                        log::warn!("autosave to {} failed: {err}", path.display());
                        fx.events.push(SessionEvent::SaveFailed {
                            message: format!("autosave to {}: {err}", path.display()),
                        });
                    }
                }
            }
        }
        if let (Some((game, level, result)), Some(stats)) = (fx.finished, &self.stats) {
            if let Err(err) = stats.record(game, level, result) {
                log::warn!("{err}");
                fx.events.push(SessionEvent::SaveFailed {
                    message: err.to_string(),
                });
            }
        }
        if fx.events.is_empty() {
            return;
        }
        let listener = self
            .listener
            .read()
            .unwrap_or_else(|e| e.into_inner())
            .clone();
        if let Some(listener) = listener {
            for event in fx.events {
                let delivered = catch_unwind(AssertUnwindSafe(|| listener.on_event(event)));
                if let Err(panic) = delivered {
                    log::error!(
                        "session listener panicked: {}",
                        worker::panic_message(&*panic)
                    );
                }
            }
        }
    }

    fn tick(self: &Arc<Self>) -> Option<Side> {
        self.with_state(|state, now, fx| state.tick(now, fx))
    }

    fn finish_computer_turn(self: &Arc<Self>, generation: u64, actions: &[Action]) {
        self.with_state(|state, now, fx| {
            state.apply_computer_turn(generation, actions, now, fx);
        });
    }
}

fn time_seed() -> u64 {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_nanos() as u64)
        .unwrap_or(0);
    nanos ^ u64::from(std::process::id()).rotate_left(32)
}
