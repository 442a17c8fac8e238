//! The invite page's question (`GET /join/CODE`, [`crate::web`]): the invited room's turn
//! timer, so that a friend knows what kind of game is offered.

use std::sync::Arc;

use mills_core::TurnTimer;

use crate::hub::Hub;

impl Hub {
    /// The turn timer of the room `code` names, for its invite page; `None` when no room
    /// has that code (answered from memory, like a join of an unknown code).
    pub async fn timer_of(self: &Arc<Self>, code: &str) -> Option<TurnTimer> {
        let live = self.enter(code).await.ok()??;
        Some(live.room.timer)
    }
}
