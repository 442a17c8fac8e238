//! `turn` (and the path it shares with `resign`): planned against the room, stored (planned
//! again when another process stored first), applied, acknowledged and sent.

use std::sync::Arc;

use mills_protocol::ServerMessage;

use crate::hub::{Hub, not_in_room, now_ms, storage};
use crate::outbox::Caller;
use crate::room::{Plan, Refusal, Room};
use crate::store::Write;

impl Hub {
    /// `turn`: the player's actions, checked by the engine against the room.
    pub async fn turn(
        self: &Arc<Self>,
        caller: &Caller,
        room: &str,
        game: u32,
        revision: u64,
        id: &str,
        actions: &[String],
    ) -> Result<(), Refusal> {
        let device = &caller.device;
        self.play(
            caller,
            room,
            |r| r.plan_turn(device, game, revision, id, actions),
            id,
        )
        .await
    }

    /// `turn` and `resign`: checked, stored, applied, acknowledged, sent.
    pub async fn play(
        self: &Arc<Self>,
        caller: &Caller,
        room: &str,
        plan: impl Fn(&Room) -> Result<Plan, Refusal>,
        id: &str,
    ) -> Result<(), Refusal> {
        let mut live = self.enter(room).await?.ok_or_else(not_in_room)?;
        let accepted = |game: u32, revision: u64| ServerMessage::Accepted {
            room: room.to_string(),
            game,
            id: id.to_string(),
            revision,
        };
        let mut attempts = 0;
        loop {
            let planned = match plan(&live.room) {
                Ok(planned) => planned,
                // This process's copy may be behind the store (the player saw a turn that
                // another process stored and has not told this one yet): read it again once.
                Err(_) if self.store.is_shared() && attempts == 0 => {
                    attempts += 1;
                    self.reload(&mut live).await.map_err(storage)?;
                    continue;
                }
                Err(refusal) => return Err(refusal),
            };
            match planned {
                Plan::AlreadyStored { game, revision } => {
                    caller.out.message(&accepted(game, revision));
                    return Ok(());
                }
                Plan::Append(pending) => {
                    let row = live.room.entry_row(&pending, now_ms());
                    let write = Write::AppendEntry(row);
                    if !self.store_for(&mut live, write, &mut attempts).await? {
                        // Another process stored this revision (or this id) first: check the
                        // request again against the room as stored.
                        continue;
                    }
                    let (game, revision) = (live.room.game_no, pending.entry.revision);
                    caller.out.message(&accepted(game, revision));
                    self.apply_entry(&mut live, *pending);
                    if live.room.is_over() {
                        log::info!(room = room, game = game, revision = revision; "game over");
                    }
                    return Ok(());
                }
            }
        }
    }
}
