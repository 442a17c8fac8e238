//! A connection subscribing to a room and leaving its rooms: the room's other subscribers
//! and (with a shared store) the other processes are told when a member comes online or
//! goes offline.

use tokio::time::Instant;

use crate::hub::Hub;
use crate::live::Live;
use crate::outbox::Caller;
use crate::store::Signal;

impl Hub {
    /// Subscribes the caller's connection to the room (once).
    pub(crate) fn subscribe(&self, live: &mut Live, caller: &Caller) {
        let arrival = live.presence.subscribe(&live.room, caller);
        // A connection is subscribed now (it may have been already).
        live.idle_since = None;
        let Some(arrival) = arrival else {
            return;
        };
        if arrival.new_here {
            self.store.signal(vec![Signal::Presence {
                room: live.room.id.clone(),
                member: arrival.member,
                online: true,
            }]);
        }
        if arrival.new_anywhere {
            live.send_presence(arrival.member, true);
        }
    }

    /// The connection closed: it leaves its rooms.
    pub async fn disconnect(&self, conn: u64, device: &str, rooms: &[String]) {
        for id in rooms {
            let Some(slot) = self.slot(id) else { continue };
            let mut live = slot.lock().await;
            live.presence.subscribers.retain(|s| s.conn != conn);
            if live.presence.subscribers.is_empty() {
                live.idle_since = Some(Instant::now());
            }
            let Some(member) = live.room.member_of(device) else {
                continue;
            };
            if !live.online_here(member) {
                self.store.signal(vec![Signal::Presence {
                    room: id.clone(),
                    member,
                    online: false,
                }]);
                if !live.member_online(member) {
                    live.send_presence(member, false);
                }
            }
        }
    }
}
