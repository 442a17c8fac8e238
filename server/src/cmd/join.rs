//! `join`: takes the free seat of a room by its invite code (or opens a room the device
//! sits in already).

use std::sync::Arc;

use mills_protocol::{self as wire, ErrorCode};

use crate::hub::{Change, Hub, Step};
use crate::outbox::Caller;
use crate::refusal::{rate_limited, refusal};
use crate::room::{Member, Refusal};
use crate::store::{MemberRow, Write};

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
        if live.room.member_of(&caller.device).is_none() && !live.room.is_started() {
            self.moderation
                .refuse_blocked(&live.room, &caller.device)
                .await?;
        }
        let joined = self
            .transact(&mut live, false, |live| {
                if live.room.member_of(&caller.device).is_some() {
                    return Ok(Step::Answer(false));
                }
                if live.room.is_started() {
                    return Err(refusal(ErrorCode::RoomFull, "the room has two players"));
                }
                let joiner = Member {
                    device: caller.device.clone(),
                    name: caller.name.clone(),
                };
                let row = MemberRow {
                    room: id.clone(),
                    member: 1,
                    device: joiner.device.clone(),
                    name: joiner.name.clone(),
                };
                let conn = caller.conn;
                Ok(Step::Store(Change {
                    write: Write::AddMember(row),
                    online_first: Some(1),
                    apply: Box::new(move |hub, live| {
                        let id = live.room.id.clone();
                        live.room.add_member(joiner);
                        hub.seat_devices(&id, &live.room.members[1..]);
                        hub.waiting.lock().unwrap().remove(&id);
                        hub.restart_clock(live);
                        log::info!(room = id.as_str(), conn = conn; "room joined");
                        true
                    }),
                }))
            })
            .await?;
        self.subscribe(&mut live, caller);
        if joined {
            live.send_room_to_all();
        } else {
            live.send_room(caller);
        }
        Ok(id)
    }
}

#[cfg(test)]
mod tests {
    use std::sync::atomic::Ordering;

    use std::net::IpAddr;

    use mills_protocol::ErrorCode;

    use crate::config::Config;
    use crate::hub::Hub;
    use crate::outbox::{Caller, Outbox};
    use crate::store::StoreHandle;
    use crate::store::memory::{MemoryStore, Probe};

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn unknown_codes_never_reach_the_store() {
        let probe = Probe::default();
        let stored = MemoryStore::new(&["K7QM2XRP9DTA"], probe.clone());
        let (store, loaded, _) = StoreHandle::start(stored).unwrap();
        let hub = Hub::new(Config::default(), store, loaded).unwrap();
        let (out, _frames, _kick) = Outbox::new(64);
        let caller = Caller {
            conn: 1,
            device: crate::device::key_of(&"d".repeat(43)),
            name: None,
            ip: IpAddr::from([127, 0, 0, 1]),
            out,
        };
        for code in ["ABCDEFGHJKMN", "0000000000000", "K7QM2XRP9DTB", "x"] {
            let refused = hub.open(&caller, code).await.unwrap_err();
            assert_eq!(refused.code, ErrorCode::NotInRoom, "{code}");
        }
        let refused = hub.join(&caller, "k7qm-2xrp-9dtb").await.unwrap_err();
        assert_eq!(refused.code, ErrorCode::UnknownCode);
        assert_eq!(probe.room_reads.load(Ordering::SeqCst), 0);
        // A code that exists is read (the memory store then has no rows for it).
        let _ = hub.open(&caller, "K7QM2XRP9DTA").await;
        assert_eq!(probe.room_reads.load(Ordering::SeqCst), 1);
    }
}
