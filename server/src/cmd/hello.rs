//! `hello`: the device is admitted (a budget of new devices per address) and told the
//! rooms it sits in.

use std::net::IpAddr;
use std::sync::Arc;

use mills_protocol::{self as wire, RoomSummary, ServerMessage};

use crate::hub::Hub;
use crate::refusal::rate_limited;
use crate::room::Refusal;

impl Hub {
    /// The answer to `hello` from `ip`: `rate-limited` when the address has said hello
    /// with too many different devices in the last hour.
    pub async fn welcome(
        self: &Arc<Self>,
        device: &str,
        ip: IpAddr,
    ) -> Result<ServerMessage, Refusal> {
        let admitted = self.devices_by_address.lock().unwrap().admit(
            ip,
            device,
            self.config.budgets.devices_per_address,
            self.config.budgets.devices_total,
            std::time::Instant::now(),
        );
        if let Err(wait) = admitted {
            return Err(rate_limited(
                format!(
                    "too many new devices (from this address, or in all); wait {} ms",
                    wait.as_millis()
                ),
                wait,
            ));
        }
        // From the store: rooms evicted from memory, or made through another process.
        let held = self.store.rooms_of(device).await.unwrap_or_else(|e| {
            log::error!(error = e.to_string().as_str(); "rooms of a device not read");
            Vec::new()
        });
        let ids: Vec<String> = held.into_iter().rev().take(50).collect();
        let mut rooms = Vec::with_capacity(ids.len());
        for id in ids {
            let Ok(Some(live)) = self.enter(&id).await else {
                continue;
            };
            let room = &live.room;
            let Some(you) = room.seat_of(device) else {
                continue;
            };
            rooms.push(RoomSummary {
                room: id,
                game_id: room.variant.id().to_string(),
                game: room.game_no,
                you,
                opponent: room.member_in(you.other()).and_then(|m| m.name.clone()),
                finished: room.is_over(),
            });
        }
        Ok(ServerMessage::Welcome {
            protocol: wire::PROTOCOL_VERSION,
            server: format!("mills-server {}", env!("CARGO_PKG_VERSION")),
            rooms,
        })
    }
}
