//! The threads of a session: the computer's search and the turn timer.

use std::cell::RefCell;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::{Arc, Condvar, Mutex};
use std::thread;
use std::time::{Duration, Instant};

use crate::action::Action;
use crate::ai::Engine;
use crate::tables::TableShelf;

use super::state::ComputerJob;

/// The computer player of a session, created on its first turn (a 16 MiB table).
pub(super) struct EngineSlot {
    seed: u64,
    engine: Mutex<Option<Engine>>,
    /// The endgame tables its levels 8–10 probe, looked up afresh for every turn.
    pub(super) tables: Option<Arc<TableShelf>>,
}

impl EngineSlot {
    pub fn new(seed: u64, tables: Option<Arc<TableShelf>>) -> EngineSlot {
        EngineSlot {
            seed,
            engine: Mutex::new(None),
            tables,
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
        let tables = self
            .tables
            .as_ref()
            .and_then(|shelf| shelf.for_level(job.game.rules().variant, job.level));
        engine.set_tables(tables);
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

/// The threads a session started that may still call into it or its listener, so that
/// closing the session can wait for them.
#[derive(Default)]
pub(super) struct Threads {
    running: Mutex<usize>,
    finished: Condvar,
}

thread_local! {
    /// The session threads this thread counts in (set on the session's own threads only).
    static MEMBERSHIP: RefCell<Option<Membership>> = const { RefCell::new(None) };
}

/// One running thread of a [`Threads`] set; dropping it says the thread is done.
struct Membership(Arc<Threads>);

impl Drop for Membership {
    fn drop(&mut self) {
        let mut running = self.0.running.lock().unwrap_or_else(|e| e.into_inner());
        *running = running.saturating_sub(1);
        self.0.finished.notify_all();
    }
}

impl Threads {
    /// Starts `body` on a new thread counted in this set until it returns.
    pub(super) fn spawn(self: &Arc<Self>, name: &str, body: impl FnOnce() + Send + 'static) {
        *self.running.lock().unwrap_or_else(|e| e.into_inner()) += 1;
        let membership = Membership(Arc::clone(self));
        let spawned = thread::Builder::new().name(name.into()).spawn(move || {
            MEMBERSHIP.with(|m| *m.borrow_mut() = Some(membership));
            body();
            leave_session();
        });
        // On failure the closure, and the membership in it, is dropped: the count is right.
        if let Err(err) = spawned {
            log::error!("cannot start the {name} thread: {err}");
        }
    }

    /// Waits until every thread of the set has finished (the calling thread excepted, if it
    /// is one of them), for at most `timeout`; false if some are still running.
    pub fn wait_all(&self, timeout: Duration) -> bool {
        let own = MEMBERSHIP
            .try_with(|m| {
                m.borrow()
                    .as_ref()
                    .is_some_and(|m| std::ptr::eq(Arc::as_ptr(&m.0), self))
            })
            .unwrap_or(false);
        let others = usize::from(own);
        let deadline = Instant::now() + timeout;
        let mut running = self.running.lock().unwrap_or_else(|e| e.into_inner());
        while *running > others {
            let left = deadline.saturating_duration_since(Instant::now());
            if left.is_zero() {
                return false;
            }
            running = self
                .finished
                .wait_timeout(running, left)
                .unwrap_or_else(|e| e.into_inner())
                .0;
        }
        true
    }
}

/// This thread no longer counts as one of its session's threads (it finished, or the host
/// is ending it: see [`super::host`]).
pub(super) fn leave_session() {
    let membership = MEMBERSHIP
        .try_with(|m| m.borrow_mut().take())
        .ok()
        .flatten();
    drop(membership);
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
