//! With a shared store: following what other server processes store and say (entries,
//! rooms made or changed, presence, the barrier of a lookup), and telling them who is
//! connected here.

use std::sync::Arc;
use std::sync::atomic::Ordering;
use std::time::Duration;

use tokio::sync::mpsc;

use crate::hub::Hub;
use crate::live::{Live, Slot};
use crate::store::{EntryRow, Notice, Signal};

/// How long a lookup of an unknown code waits for its barrier ([`Signal::Sync`]) at most:
/// the listener may be reconnecting, or far behind.
const SYNC_WAIT: Duration = Duration::from_secs(2);

impl Hub {
    /// Follows what other server processes store, until `notices` closes.
    pub async fn follow(self: Arc<Self>, mut notices: mpsc::UnboundedReceiver<Notice>) {
        while let Some(notice) = notices.recv().await {
            if self.stopping.load(Ordering::SeqCst) {
                return;
            }
            let slots: Vec<Slot> = match notice {
                Notice::Entry(row) => {
                    let Some(slot) = self.slot(&row.room) else {
                        continue;
                    };
                    // In order when the room is free (the usual case); a notice handled on
                    // a task of its own may overtake the next, which reads the room again.
                    match slot.clone().try_lock_owned() {
                        Ok(mut live) => self.hear_entry(&mut live, row).await,
                        Err(_) => {
                            let hub = self.clone();
                            tokio::spawn(async move {
                                let mut live = slot.lock().await;
                                hub.hear_entry(&mut live, row).await;
                            });
                        }
                    }
                    continue;
                }
                Notice::Changed(id) => {
                    // Most often a room made there; a deleted one is found gone when asked
                    // for.
                    self.known.insert(&id);
                    self.slot(&id).into_iter().collect()
                }
                Notice::Resync => {
                    self.store.signal(vec![Signal::AskPresence(None)]);
                    match self.store.room_ids().await {
                        Ok(ids) => self.known.replace(ids),
                        Err(e) => {
                            log::error!(error = e.to_string().as_str(); "room ids not read again")
                        }
                    }
                    self.rooms.lock().unwrap().values().cloned().collect()
                }
                Notice::Presence {
                    instance,
                    room,
                    member,
                    online,
                } => {
                    if let Some(slot) = self.slot(&room) {
                        let mut live = slot.lock().await;
                        let live = &mut *live;
                        if live.presence.heard(&live.room, instance, member, online) {
                            live.send_presence(member, online);
                        }
                    }
                    continue;
                }
                Notice::PresenceAsked(room) => {
                    self.announce(room.as_deref()).await;
                    continue;
                }
                Notice::Instances(alive) => {
                    self.forget_gone(&alive).await;
                    continue;
                }
                Notice::Synced(n) => {
                    self.synced.send_if_modified(|done| {
                        let later = n > *done;
                        *done = (*done).max(n);
                        later
                    });
                    continue;
                }
            };
            // Each room on its own task: one busy room does not hold up the others.
            for slot in slots {
                let hub = self.clone();
                tokio::spawn(async move {
                    let mut live = slot.lock().await;
                    hub.refresh(&mut live).await;
                });
            }
        }
    }

    /// Waits until every notice committed before now has been handled (up to
    /// [`SYNC_WAIT`]): sends a barrier through the store and waits for it to come back.
    /// False when it did not come back in time.
    pub(crate) async fn sync(&self) -> bool {
        let n = self.syncs_sent.fetch_add(1, Ordering::SeqCst) + 1;
        let mut synced = self.synced.subscribe();
        self.store.signal(vec![Signal::Sync(n)]);
        let waited = tokio::time::timeout(SYNC_WAIT, synced.wait_for(|done| *done >= n)).await;
        let back = matches!(waited, Ok(Ok(_)));
        if !back {
            log::warn!(barrier = n; "no barrier back from the store in time: the store is asked");
        }
        back
    }

    /// Another process stored an entry of a room held here: applied and sent on when it is
    /// the next one, ignored when it is known, and the room read again after a gap.
    pub(crate) async fn hear_entry(self: &Arc<Self>, live: &mut Live, row: EntryRow) {
        let here = (live.room.game_no, live.room.revision());
        if (row.game_no, row.revision) <= here {
            return;
        }
        if row.game_no == here.0 && row.revision == here.1 + 1 {
            match live.room.apply_stored(&row) {
                Ok(entry) => {
                    self.restart_clock(live);
                    live.send_update(vec![entry]);
                    return;
                }
                Err(e) => {
                    log::error!(room = row.room.as_str(), error = e.as_str(); "entry heard does not apply");
                }
            }
        }
        self.refresh(live).await;
    }

    /// Tells the other processes every member connected here, in one room or in all (one
    /// of them asked).
    pub(crate) async fn announce(&self, room: Option<&str>) {
        let slots: Vec<Slot> = match room {
            Some(id) => self.slot(id).into_iter().collect(),
            None => self.rooms.lock().unwrap().values().cloned().collect(),
        };
        let mut signals = Vec::new();
        for slot in slots {
            let live = slot.lock().await;
            for member in 0..2u8 {
                if live.online_here(member) {
                    signals.push(Signal::Presence {
                        room: live.room.id.clone(),
                        member,
                        online: true,
                    });
                }
            }
        }
        self.store.signal(signals);
    }

    /// Forgets the presence other processes reported that are no longer running (a killed
    /// process never says its players left).
    pub(crate) async fn forget_gone(&self, alive: &[String]) {
        let slots: Vec<Slot> = self.rooms.lock().unwrap().values().cloned().collect();
        for slot in slots {
            let mut live = slot.lock().await;
            let live = &mut *live;
            for member in live.presence.forget_gone(&live.room, alive) {
                live.send_presence(member, false);
            }
        }
    }
}
