//! Keeping the rooms in bounds: the sweep drops idle rooms from memory, the expiry deletes
//! the rooms past their time from the store.

use std::sync::Arc;
use std::sync::atomic::Ordering;
use std::time::Duration;

use tokio::time::Instant;

use crate::clock::now_ms;
use crate::hub::Hub;
use crate::live::Slot;
use crate::store::{Expiry, StoreError, Write};

/// Rooms deleted by one pass of the expiry at most (the rest wait for the next pass).
const EXPIRE_BATCH: usize = 500;

impl Hub {
    /// Drops from memory, every `every`, the rooms idle for `idle` that nothing would miss
    /// ([`Live::can_evict`]); they are loaded from the store when asked for again. Without
    /// this a server that runs for months would hold every room ever played.
    pub async fn sweep(self: Arc<Self>, every: Duration, idle: Duration) {
        loop {
            tokio::time::sleep(every).await;
            if self.stopping.load(Ordering::SeqCst) {
                return;
            }
            let slots: Vec<Slot> = self.rooms.lock().unwrap().values().cloned().collect();
            let now = Instant::now();
            let mut evicted = 0;
            for slot in slots {
                // A room busy now is not idle.
                let Ok(mut live) = slot.try_lock() else {
                    continue;
                };
                if !live.can_evict(idle, now) {
                    continue;
                }
                self.forget(&mut live);
                evicted += 1;
            }
            if evicted > 0 {
                log::debug!(rooms = evicted; "idle rooms dropped from memory");
            }
        }
    }

    /// Deletes, every `every`, the rooms past their time (waiting, finished, abandoned:
    /// [`Expiry`]), except one someone is connected to right now.
    pub async fn expire(self: Arc<Self>, every: Duration) {
        loop {
            tokio::time::sleep(every).await;
            if self.stopping.load(Ordering::SeqCst) {
                return;
            }
            let budgets = &self.config.budgets;
            let before = |keep: Option<Duration>| keep.map(|d| now_ms() - d.as_millis() as i64);
            let expiry = Expiry {
                waiting_before_ms: before(budgets.waiting_room_expiry),
                finished_before_ms: before(budgets.finished_room_expiry),
                abandoned_before_ms: before(budgets.abandoned_game_expiry),
            };
            let ids = match self.store.expired(expiry, EXPIRE_BATCH).await {
                Ok(ids) => ids,
                Err(e) => {
                    log::error!(error = e.to_string().as_str(); "expired rooms not read");
                    continue;
                }
            };
            let mut deleted = 0;
            for id in ids {
                match self.delete_room(&id).await {
                    Ok(true) => deleted += 1,
                    Ok(false) => {}
                    Err(e) => {
                        log::error!(room = id.as_str(), error = e.to_string().as_str(); "expired room not deleted")
                    }
                }
            }
            if deleted > 0 {
                log::info!(rooms = deleted; "expired rooms deleted");
            }
        }
    }

    /// Deletes a room from the store and from memory; false when someone is connected to
    /// it (it stays until a later pass).
    pub(crate) async fn delete_room(&self, id: &str) -> Result<bool, StoreError> {
        let mut live = match self.slot(id) {
            Some(slot) => Some(slot.lock_owned().await),
            None => None,
        };
        if live
            .as_ref()
            .is_some_and(|l| !l.presence.subscribers.is_empty())
        {
            return Ok(false);
        }
        self.store.write(Write::DeleteRoom(id.to_string())).await?;
        self.known.remove(id);
        if let Some(live) = &mut live {
            self.forget(live);
        }
        // Loaded by a request while it was being deleted: that copy goes too.
        if let Some(slot) = self.slot(id)
            && let Ok(mut again) = slot.try_lock()
        {
            self.forget(&mut again);
        }
        self.waiting.lock().unwrap().remove(id);
        Ok(true)
    }
}
