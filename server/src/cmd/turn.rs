//! `turn` (and the path it shares with `resign`): planned against the room, stored (planned
//! again when another process stored first), applied, acknowledged and sent.

use std::sync::Arc;

use mills_protocol::ServerMessage;

use crate::clock::now_ms;
use crate::hub::{Change, Hub, Step};
use crate::outbox::Caller;
use crate::refusal::not_in_room;
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
        self.transact(&mut live, true, |live| match plan(&live.room)? {
            Plan::AlreadyStored { game, revision } => {
                caller.out.message(&accepted(game, revision));
                Ok(Step::Answer(()))
            }
            Plan::Append(pending) => {
                let row = live.room.entry_row(&pending, now_ms());
                let (game, revision) = (live.room.game_no, pending.entry.revision);
                let (out, room, accepted) = (
                    caller.out.clone(),
                    room.to_string(),
                    accepted(game, revision),
                );
                Ok(Step::Store(Change {
                    write: Write::AppendEntry(row),
                    online_first: None,
                    apply: Box::new(move |hub, live| {
                        out.message(&accepted);
                        hub.apply_entry(live, *pending);
                        if live.room.is_over() {
                            log::info!(room = room.as_str(), game = game, revision = revision; "game over");
                        }
                    }),
                }))
            }
        })
        .await
    }
}
