//! `resign`: the player gives up the game; stored and sent like a turn.

use std::sync::Arc;

use crate::hub::Hub;
use crate::outbox::Caller;
use crate::room::Refusal;

impl Hub {
    /// `resign`: the game ends, won by the other player.
    pub async fn resign(
        self: &Arc<Self>,
        caller: &Caller,
        room: &str,
        game: u32,
        id: &str,
    ) -> Result<(), Refusal> {
        let device = &caller.device;
        self.play(caller, room, |r| r.plan_resign(device, game, id), id)
            .await
    }
}
