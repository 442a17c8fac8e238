//! Reports and blocks, decided apart from the hub: what a `report` or `block` request
//! stores, whether it is within its budget, and the check that keeps two devices of which
//! one blocked the other from being seated together (a join, a rematch). The hub only
//! locks the room and calls these.

use std::net::IpAddr;

use mills_protocol::{ErrorCode, ReportReason};

use crate::reports::ReportBudget;
use crate::room::{Refusal, Room};
use crate::store::{BlockRow, ReportRow, StoreError, StoreHandle, Write};

/// The budget of reports and blocks, and the store they go to.
pub struct Moderation {
    budget: ReportBudget,
    store: StoreHandle,
}

fn storage(e: StoreError) -> Refusal {
    log::error!(error = e.to_string().as_str(); "store failed for a report or block");
    Refusal::new(
        ErrorCode::Storage,
        "the server could not store it; nothing was applied",
    )
}

/// The caller's member and both devices' keys in a started room.
fn seated_pair<'a>(room: &'a Room, device: &str) -> Result<(u8, &'a str, &'a str), Refusal> {
    let me = room
        .member_of(device)
        .ok_or_else(|| Refusal::new(ErrorCode::NotInRoom, "you have no seat in this room"))?;
    let other = room
        .members
        .get(usize::from(1 - me))
        .ok_or_else(|| Refusal::new(ErrorCode::NotStarted, "no one has joined yet"))?;
    Ok((me, &room.members[usize::from(me)].device, &other.device))
}

impl Moderation {
    /// Reports and blocks go to `store`.
    pub fn new(store: StoreHandle) -> Moderation {
        Moderation {
            budget: ReportBudget::default(),
            store,
        }
    }

    /// Takes a token of the device's and the address's budget of reports and blocks.
    pub fn spend(&self, device: &str, address: IpAddr) -> Result<(), Refusal> {
        self.budget.take(device, address).map_err(|wait| {
            let mut r = Refusal::new(
                ErrorCode::TooManyReports,
                format!("too many reports and blocks; wait {} s", wait.as_secs()),
            );
            r.retry_after_ms = Some(wait.as_millis() as u64);
            r
        })
    }

    /// Refuses `blocked` when `device` and the other device of `room` (its creator, for a
    /// join) are a blocked pair, either way round. The answer does not say who blocked.
    pub async fn refuse_blocked(&self, room: &Room, device: &str) -> Result<(), Refusal> {
        let Some(other) = room.members.iter().find(|m| m.device != device) else {
            return Ok(());
        };
        if self
            .store
            .blocked(device, &other.device)
            .await
            .map_err(storage)?
        {
            return Err(Refusal::new(
                ErrorCode::Blocked,
                "you cannot be seated with this player",
            ));
        }
        Ok(())
    }

    /// The report of the opponent `device` sits with in `room`, with the room's game and
    /// both names.
    pub fn report(
        room: &Room,
        device: &str,
        reason: ReportReason,
        at_ms: i64,
    ) -> Result<Write, Refusal> {
        let (me, mine, other) = seated_pair(room, device)?;
        Ok(Write::Report(ReportRow {
            room: room.id.clone(),
            game_no: room.game_no,
            reporter: me,
            reason: reason.id().to_string(),
            reporter_name: room.members[usize::from(me)].name.clone(),
            reported_name: room.members[usize::from(1 - me)].name.clone(),
            reporter_device: mine.to_string(),
            reported_device: other.to_string(),
            at_ms,
        }))
    }

    /// `device` blocking the opponent it sits with in `room`.
    pub fn block(room: &Room, device: &str, at_ms: i64) -> Result<Write, Refusal> {
        let (_, mine, other) = seated_pair(room, device)?;
        Ok(Write::Block(BlockRow {
            blocker: mine.to_string(),
            blocked: other.to_string(),
            room: room.id.clone(),
            at_ms,
        }))
    }

    /// Stores a report or block; a repeat (its key taken) counts as stored.
    pub async fn store(&self, write: Write) -> Result<(), Refusal> {
        match self.store.write(write).await {
            Ok(()) => Ok(()),
            Err(e) if e.is_conflict() => Ok(()),
            Err(e) => Err(storage(e)),
        }
    }
}
