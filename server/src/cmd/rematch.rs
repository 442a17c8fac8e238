//! `rematch`: the ask is stored; the second ask starts the next game.

use std::sync::Arc;

use crate::hub::{Hub, not_in_room, storage};
use crate::outbox::Caller;
use crate::room::Refusal;
use crate::store::Write;

impl Hub {
    /// `rematch`: the ask is stored; the second ask starts the next game.
    pub async fn rematch(
        self: &Arc<Self>,
        caller: &Caller,
        room: &str,
        game: u32,
    ) -> Result<(), Refusal> {
        let mut live = self.enter(room).await?.ok_or_else(not_in_room)?;
        if live.room.member_of(&caller.device).is_some() {
            self.moderation
                .refuse_blocked(&live.room, &caller.device)
                .await?;
        }
        let planned = match live.room.plan_rematch(&caller.device, game) {
            Err(_) if self.store.is_shared() => {
                // The game may have ended through another process just now.
                self.reload(&mut live).await.map_err(storage)?;
                live.room.plan_rematch(&caller.device, game)?
            }
            planned => planned?,
        };
        if let Some(ask) = planned {
            match self.store.write(Write::AskRematch(ask.clone())).await {
                Ok(()) => live.room.commit_rematch(&ask),
                // Asked already, through another process.
                Err(e) if e.is_conflict() && self.store.is_shared() => {}
                Err(e) => return Err(storage(e)),
            }
        }
        if self.store.is_shared() {
            // The other player may have asked through another process just now.
            self.refresh(&mut live).await;
            if live.room.game_no == game {
                live.send_rematch_asked();
            }
            return Ok(());
        }
        if !self.start_rematch(&mut live).await.map_err(storage)? {
            live.send_rematch_asked();
        }
        Ok(())
    }
}
