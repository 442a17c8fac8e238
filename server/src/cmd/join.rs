//! `join`: takes the free seat of a room by its invite code (or opens a room the device
//! sits in already).

use std::sync::Arc;

use mills_protocol::{self as wire, ErrorCode};

use crate::hub::{Hub, rate_limited, refusal};
use crate::outbox::Caller;
use crate::room::{Member, Refusal};
use crate::store::{MemberRow, Signal, Write};

impl Hub {
    /// `join`: takes the free seat (or opens a room the device sits in); returns the room id.
    pub async fn join(self: &Arc<Self>, caller: &Caller, code: &str) -> Result<String, Refusal> {
        let now = std::time::Instant::now();
        let by_address = self.joins.lock().unwrap().take(&caller.ip, now);
        let by_device = || self.device_joins.lock().unwrap().take(&caller.device, now);
        if let Err(wait) = by_address.and_then(|()| by_device()) {
            return Err(rate_limited(
                format!("too many joins; wait {} ms", wait.as_millis()),
                wait,
            ));
        }
        let id = wire::normalize_code(code)
            .ok_or_else(|| refusal(ErrorCode::UnknownCode, "no room has this code"))?;
        let mut live = self
            .enter(&id)
            .await?
            .ok_or_else(|| refusal(ErrorCode::UnknownCode, "no room has this code"))?;
        let mut attempts = 0;
        while live.room.member_of(&caller.device).is_none() {
            if live.room.is_started() {
                return Err(refusal(ErrorCode::RoomFull, "the room has two players"));
            }
            self.moderation
                .refuse_blocked(&live.room, &caller.device)
                .await?;
            let row = MemberRow {
                room: id.clone(),
                member: 1,
                device: caller.device.clone(),
                name: caller.name.clone(),
            };
            // Told before the join is stored, so that other processes show the joiner
            // online in the room they send once they hear of the join (notices arrive in
            // the order they were committed). Taken back if the join is not stored.
            let presence = |online| Signal::Presence {
                room: id.clone(),
                member: 1,
                online,
            };
            self.store.signal(vec![presence(true)]);
            let write = Write::AddMember(row);
            let stored = self.store_for(&mut live, write, &mut attempts).await;
            if !matches!(stored, Ok(true)) && !live.online_here(1) {
                self.store.signal(vec![presence(false)]);
            }
            if !stored? {
                continue; // someone joined through another process first
            }
            live.room.add_member(Member {
                device: caller.device.clone(),
                name: caller.name.clone(),
            });
            self.seat_devices(&id, &live.room.members[1..]);
            self.waiting.lock().unwrap().remove(&id);
            self.restart_clock(&mut live);
            log::info!(room = id.as_str(), conn = caller.conn; "room joined");
            self.subscribe(&mut live, caller);
            live.send_room_to_all();
            return Ok(id);
        }
        self.subscribe(&mut live, caller);
        live.send_room(caller);
        Ok(id)
    }
}
