//! `report` and `block`: what they store is decided by [`crate::moderation`]; this is the
//! budget and the room they are checked against.

use std::sync::Arc;

use crate::clock::now_ms;
use crate::hub::Hub;
use crate::outbox::Caller;
use crate::refusal::{not_in_room, storage};
use crate::room::{Refusal, Room};
use crate::store::Write;

impl Hub {
    /// `report` and `block`: within the budget, the room as stored (read again from a
    /// shared store when this process has not seen the join), the write `make` decides
    /// (crate::moderation), stored. The caller answers.
    pub async fn moderate(
        self: &Arc<Self>,
        caller: &Caller,
        room: &str,
        make: impl FnOnce(&Room, i64) -> Result<Write, Refusal>,
    ) -> Result<(), Refusal> {
        self.moderation.spend(&caller.device, caller.ip)?;
        let write = {
            let mut live = self.enter(room).await?.ok_or_else(not_in_room)?;
            if !live.room.is_started() && self.store.is_shared() {
                self.reload(&mut live).await.map_err(storage)?;
            }
            make(&live.room, now_ms())?
        };
        self.moderation.store(write).await
    }
}
