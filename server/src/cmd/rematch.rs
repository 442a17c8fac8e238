//! `rematch`: the ask is stored; the second ask starts the next game.

use std::sync::Arc;

use crate::hub::{Change, Hub, Step};
use crate::outbox::Caller;
use crate::refusal::{not_in_room, storage};
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
        // With a shared store the game may have ended, or the ask been stored, through
        // another process just now: a refusal or a conflict reads the room again.
        self.transact(&mut live, true, |live| {
            let Some(ask) = live.room.plan_rematch(&caller.device, game)? else {
                return Ok(Step::Answer(()));
            };
            Ok(Step::Store(Change {
                write: Write::AskRematch(ask.clone()),
                online_first: None,
                apply: Box::new(move |_, live| live.room.commit_rematch(&ask)),
            }))
        })
        .await?;
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
