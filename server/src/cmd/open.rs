//! `open`: a member subscribes to its room and is sent the room as it stands.

use std::sync::Arc;

use crate::hub::Hub;
use crate::outbox::Caller;
use crate::refusal::not_in_room;
use crate::room::Refusal;

impl Hub {
    /// `open`: subscribes and sends the room's state.
    pub async fn open(self: &Arc<Self>, caller: &Caller, room: &str) -> Result<(), Refusal> {
        let mut live = self.enter(room).await?.ok_or_else(not_in_room)?;
        if live.room.member_of(&caller.device).is_none() {
            return Err(not_in_room());
        }
        if self.store.is_shared() {
            // `open` is how a client catches up: answer with the room as stored, which may
            // be ahead of this process's copy by a turn another process has just stored.
            self.refresh(&mut live).await;
        }
        self.subscribe(&mut live, caller);
        live.send_room(caller);
        Ok(())
    }
}
