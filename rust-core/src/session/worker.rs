//! The threads of a session: the computer's search and the turn timer.

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::{Arc, Mutex, Weak};
use std::thread;
use std::time::Duration;

use crate::action::Action;
use crate::ai::Engine;

use super::Shared;
use super::state::ComputerJob;

/// The computer player of a session, created on its first turn (a 16 MiB table).
pub(super) struct EngineSlot {
    seed: u64,
    engine: Mutex<Option<Engine>>,
}

impl EngineSlot {
    pub fn new(seed: u64) -> EngineSlot {
        EngineSlot {
            seed,
            engine: Mutex::new(None),
        }
    }

    /// Searches the job's turn on this thread. Empty if cancelled; never panics.
    pub fn search(&self, job: &ComputerJob) -> Vec<Action> {
        if job.cancel.is_cancelled() {
            return Vec::new();
        }
        // One search at a time: a cancelled one still running stops within milliseconds.
        let mut slot = self.engine.lock().unwrap_or_else(|e| e.into_inner());
        if job.cancel.is_cancelled() {
            return Vec::new();
        }
        let engine = slot.get_or_insert_with(|| Engine::new(self.seed));
        let found = catch_unwind(AssertUnwindSafe(|| {
            engine.choose_turn(&job.game, job.level, &job.cancel)
        }));
        match found {
            Ok(actions) => actions,
            Err(panic) => {
                log::error!("the computer's search panicked: {}", panic_message(&*panic));
                // Its tables may be inconsistent: start afresh next time.
                *slot = None;
                Vec::new()
            }
        }
    }
}

/// Runs a computer turn on a new thread; the result goes back through the session (if it
/// still exists and still wants it).
pub(super) fn spawn_computer(shared: Weak<Shared>, engine: Arc<EngineSlot>, job: ComputerJob) {
    let spawned = thread::Builder::new()
        .name("mills-computer".into())
        .spawn(move || {
            let actions = engine.search(&job);
            if job.cancel.is_cancelled() {
                return;
            }
            if let Some(shared) = shared.upgrade() {
                shared.finish_computer_turn(job.generation, &actions);
            }
        });
    if let Err(err) = spawned {
        log::error!("cannot start the computer's thread: {err}");
    }
}

/// Applies timer expiry in the background: sleeps until the running countdown's deadline
/// (at most a second at a time, and woken by every change of the session), then ticks.
pub(super) fn spawn_timer(shared: Weak<Shared>) {
    let spawned = thread::Builder::new()
        .name("mills-timer".into())
        .spawn(move || timer_loop(shared));
    if let Err(err) = spawned {
        log::error!("cannot start the timer thread (tick() still works): {err}");
    }
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

/// The text of a panic payload.
pub(crate) fn panic_message(payload: &(dyn std::any::Any + Send)) -> String {
    if let Some(s) = payload.downcast_ref::<&str>() {
        (*s).to_string()
    } else if let Some(s) = payload.downcast_ref::<String>() {
        s.clone()
    } else {
        "panic".to_string()
    }
}
