//! What a session's caller and its threads share: the state behind a lock, the listener, the
//! clock, the computer and the files. Every change runs through [`Shared::with_state`], which
//! then does what the change asks for (a computer turn, an autosave, statistics, events).

use std::path::PathBuf;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Condvar, Mutex, MutexGuard, RwLock, Weak};
use std::thread;
use std::time::Duration;

use crate::action::Action;
use crate::puzzles::{GameResult, Opponent, PuzzleStats};
use crate::rules::Side;
use crate::store;

use super::clock::{Clock, ManualClock};
use super::config::ComputerRunner;
use super::events::{SessionEvent, SessionListener};
use super::host;
use super::state::{ComputerJob, Effects, State};
use super::stats::{HumanResult, StatsStore};
use super::worker::{EngineSlot, Threads};

pub(super) struct Shared {
    pub(super) state: Mutex<State>,
    /// Wakes the timer thread after every change.
    pub(super) wake: Condvar,
    pub(super) listener: RwLock<Option<Arc<dyn SessionListener>>>,
    pub(super) clock: Arc<dyn Clock>,
    pub(super) manual_clock: Option<ManualClock>,
    pub(super) runner: ComputerRunner,
    pub(super) engine: Arc<EngineSlot>,
    /// The computer's and the timer's threads, for [`GameSession::close`] to wait for.
    pub(super) threads: Arc<Threads>,
    pub(super) autosave: Option<store::Autosave>,
    pub(super) stats: Option<StatsStore>,
    /// The puzzle statistics file whose rating finished games against the computer update.
    pub(super) puzzle_stats: Option<PathBuf>,
    /// Numbers autosaves in the order of the changes they record.
    pub(super) save_seq: AtomicU64,
}

impl Shared {
    pub(super) fn lock(&self) -> MutexGuard<'_, State> {
        // A panic while locked (caught at the FFI boundary) must not brick the session.
        self.state.lock().unwrap_or_else(|e| e.into_inner())
    }

    pub(super) fn now(&self) -> u64 {
        self.clock.now_ms()
    }

    /// Runs a state change under the lock, then its effects without it.
    pub(super) fn with_state<R>(
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

    pub(super) fn run_effects(self: &Arc<Self>, mut fx: Effects, save: Option<(u64, String)>) {
        if let Some(job) = fx.job.take() {
            if self.runner == ComputerRunner::Thread {
                spawn_computer(self, job);
            }
        }
        if let (Some((seq, json)), Some(autosave)) = (save, &self.autosave) {
            if let Some(event) = autosave_failure(autosave, autosave.write(seq, json.as_bytes())) {
                fx.events.push(event);
            }
        }
        if let (Some((game, level, result, hints)), Some(stats)) = (fx.finished, &self.stats) {
            if let Err(err) = stats.record(game, level, result, hints) {
                log::warn!("{err}");
                fx.events.push(SessionEvent::SaveFailed {
                    message: err.to_string(),
                });
            }
        }
        if let (Some((game, level, result, _)), Some(path)) = (fx.finished, &self.puzzle_stats) {
            // The one place a game's result reaches the rating, so both apps count it alike.
            let result = match result {
                HumanResult::Win => GameResult::Won,
                HumanResult::Draw => GameResult::Drawn,
                HumanResult::Loss => GameResult::Lost,
            };
            let opponent = Opponent::Computer(level);
            if let Err(err) =
                PuzzleStats::update(path, |stats| stats.record_game(game, opponent, result))
            {
                log::warn!("{err}");
                fx.events.push(SessionEvent::SaveFailed {
                    message: err.to_string(),
                });
            }
        }
        for event in fx.events {
            self.deliver(event);
        }
    }

    pub(super) fn deliver(&self, event: SessionEvent) {
        let listener = self
            .listener
            .read()
            .unwrap_or_else(|e| e.into_inner())
            .clone();
        if let Some(listener) = listener {
            host::deliver(&*listener, event);
        }
    }

    pub(super) fn tick(self: &Arc<Self>) -> Option<Side> {
        self.with_state(|state, now, fx| state.tick(now, fx))
    }

    pub(super) fn finish_computer_turn(self: &Arc<Self>, generation: u64, actions: &[Action]) {
        self.with_state(|state, now, fx| {
            state.apply_computer_turn(generation, actions, now, fx);
        });
    }
}

/// A failed autosave, logged and turned into the event that tells the app (the previous
/// save stays on disk); `None` when it was written.
pub(super) fn autosave_failure(
    autosave: &store::Autosave,
    result: std::io::Result<()>,
) -> Option<SessionEvent> {
    let err = result.err()?;
    let message = format!("autosave to {}: {err}", autosave.path().display());
    log::warn!("{message}");
    Some(SessionEvent::SaveFailed { message })
}

/// Runs a computer turn on a new thread; the result goes back through the session (if it
/// still exists and still wants it).
fn spawn_computer(shared: &Arc<Shared>, job: ComputerJob) {
    let engine = Arc::clone(&shared.engine);
    let weak = Arc::downgrade(shared);
    shared.threads.spawn("mills-computer", move || {
        let actions = engine.search(&job);
        if job.cancel.is_cancelled() {
            return;
        }
        if let Some(shared) = weak.upgrade() {
            shared.finish_computer_turn(job.generation, &actions);
        }
    });
}

/// Applies timer expiry in the background: sleeps until the running countdown's deadline
/// (at most a second at a time, and woken by every change of the session), then ticks.
/// Without it `tick()` still works.
pub(super) fn spawn_timer(shared: &Arc<Shared>) {
    let weak = Arc::downgrade(shared);
    shared
        .threads
        .spawn("mills-timer", move || timer_loop(weak));
}

fn timer_loop(weak: Weak<Shared>) {
    loop {
        let Some(shared) = weak.upgrade() else {
            return;
        };
        {
            let state = shared.lock();
            if state.closed {
                return;
            }
            let wait = state.timer_wait(shared.now());
            if wait != Some(0) {
                let timeout = Duration::from_millis(wait.unwrap_or(1_000).clamp(1, 1_000));
                let (state, _) = shared
                    .wake
                    .wait_timeout(state, timeout)
                    .unwrap_or_else(|e| e.into_inner());
                if state.closed {
                    return;
                }
                continue;
            }
        }
        if shared.tick().is_none() {
            // Expired but nothing to pass (cannot happen): do not spin.
            thread::sleep(Duration::from_millis(50));
        }
    }
}
