//! `create`: a new room with a fresh invite code, within the waiting-room budgets; a create
//! sent again gets the room the first one made.

use std::sync::Arc;

use mills_core::{TurnTimer, Variant};
use mills_protocol::limits::{INVITE_CODE_ALPHABET, INVITE_CODE_CHARS};
use mills_protocol::{ErrorCode, Seat, ServerMessage};
use rand::Rng;

use crate::budget::Full;
use crate::clock::now_ms;
use crate::hub::Hub;
use crate::outbox::Caller;
use crate::refusal::{not_in_room, refusal, storage};
use crate::room::{Member, Refusal, Room};
use crate::store::Write;

impl Hub {
    pub(crate) fn waiting_rooms_of(&self, device: &str) -> usize {
        // Counted from the device's rooms that are still waiting; try_lock skips a room
        // busy right now, which only errs on the side of allowing.
        let ids = self
            .devices
            .lock()
            .unwrap()
            .get(device)
            .cloned()
            .unwrap_or_default();
        ids.iter()
            .filter_map(|id| self.slot(id))
            .filter(|slot| slot.try_lock().is_ok_and(|live| !live.room.is_started()))
            .count()
    }

    /// `create`: a new room; returns the room id.
    pub async fn create(
        self: &Arc<Self>,
        caller: &Caller,
        game: &str,
        timer: u32,
        side: Option<Seat>,
        create_id: Option<&str>,
    ) -> Result<String, Refusal> {
        let variant: Variant = game.parse().map_err(|e: mills_core::UnknownVariant| {
            refusal(ErrorCode::UnknownGame, e.to_string())
        })?;
        let timer = TurnTimer::from_seconds(timer).ok_or_else(|| {
            refusal(
                ErrorCode::BadTimer,
                "the timer is 0 (off), 15, 30, 60 or 120 seconds",
            )
        })?;
        // A create sent again (its `created` was lost with the connection) gets its room.
        if let Some(done) = self.created_before(caller, create_id).await? {
            return self.created_again(caller, &done, variant, timer).await;
        }
        if self.waiting_rooms_of(&caller.device) >= self.config.max_waiting_rooms {
            return Err(refusal(
                ErrorCode::TooManyRooms,
                "this device has too many rooms waiting for a second player",
            ));
        }
        let budgets = &self.config.budgets;
        let admitted = self.waiting.lock().unwrap().admit(
            caller.ip,
            budgets.waiting_rooms_per_address,
            budgets.waiting_rooms_total,
            |id| self.still_waiting(id),
        );
        match admitted {
            Ok(()) => {}
            Err(Full::Address) => {
                return Err(refusal(
                    ErrorCode::TooManyRooms,
                    "this address has too many rooms waiting for a second player",
                ));
            }
            Err(Full::Total) => {
                return Err(refusal(
                    ErrorCode::TooManyRooms,
                    "the server has too many rooms waiting for a second player",
                ));
            }
        }
        let mut conflicts = 0;
        let (id, room) = loop {
            let code = new_code();
            if self.slot(&code).is_some() {
                continue;
            }
            let mut room = Room::new(
                code.clone(),
                variant,
                timer,
                now_ms(),
                Member {
                    device: caller.device.clone(),
                    name: caller.name.clone(),
                },
                side.unwrap_or(Seat::P1),
            );
            room.create_id = create_id.map(str::to_string);
            let (room_row, creator, game_row) = room.creation_rows();
            let write = Write::CreateRoom {
                room: room_row,
                creator,
                game: game_row,
            };
            match self.store.write(write).await {
                Ok(()) => break (code, room),
                Err(e) if e.is_conflict() => {
                    // The code is taken (by a room not in memory, or made by another
                    // process), or the request id is: by this device's same request sent
                    // twice at once, or by another device.
                    if let Some(done) = self.created_before(caller, create_id).await? {
                        return self.created_again(caller, &done, variant, timer).await;
                    }
                    conflicts += 1;
                    if conflicts == 3 {
                        return Err(refusal(
                            ErrorCode::IdReused,
                            "this id belongs to another room",
                        ));
                    }
                }
                Err(e) => return Err(storage(e)),
            }
        };
        self.known.insert(&id);
        self.waiting.lock().unwrap().add(&id, Some(caller.ip));
        let slot = self.insert_room(room);
        let mut live = slot.lock().await;
        self.subscribe(&mut live, caller);
        let seat = live.room.seat_of(&caller.device).unwrap_or(Seat::P1);
        caller.out.message(&ServerMessage::Created {
            room: live.state_for(seat),
            link: self.config.link(&id),
        });
        log::info!(room = id.as_str(), game = variant.id(), conn = caller.conn; "room created");
        Ok(id)
    }

    /// The room this device already made with this request id, if any.
    pub(crate) async fn created_before(
        &self,
        caller: &Caller,
        create_id: Option<&str>,
    ) -> Result<Option<String>, Refusal> {
        let Some(create_id) = create_id else {
            return Ok(None);
        };
        self.store
            .room_created_by(&caller.device, create_id)
            .await
            .map_err(storage)
    }

    /// Answers a create sent again with the room the first one made (`created` as then,
    /// with the room as it is now); a different request under the same id is `id-reused`.
    pub(crate) async fn created_again(
        self: &Arc<Self>,
        caller: &Caller,
        room: &str,
        variant: Variant,
        timer: TurnTimer,
    ) -> Result<String, Refusal> {
        let mut live = self.enter(room).await?.ok_or_else(not_in_room)?;
        if live.room.variant != variant || live.room.timer != timer {
            return Err(refusal(
                ErrorCode::IdReused,
                "this id belongs to another room",
            ));
        }
        self.subscribe(&mut live, caller);
        let seat = live.room.seat_of(&caller.device).unwrap_or(Seat::P1);
        caller.out.message(&ServerMessage::Created {
            room: live.state_for(seat),
            link: self.config.link(room),
        });
        log::info!(room = room, conn = caller.conn; "room created (again)");
        Ok(room.to_string())
    }

    /// Whether a counted waiting room still waits: held here and not joined. A room
    /// busy right now counts as waiting, which errs on the side of refusing.
    pub(crate) fn still_waiting(&self, id: &str) -> bool {
        self.slot(id)
            .is_some_and(|slot| slot.try_lock().map_or(true, |live| !live.room.is_started()))
    }
}

/// A fresh invite code: 12 characters of Crockford's base 32 from the thread's CSPRNG.
fn new_code() -> String {
    let mut rng = rand::rng();
    (0..INVITE_CODE_CHARS)
        .map(|_| char::from(INVITE_CODE_ALPHABET[rng.random_range(0..32)]))
        .collect()
}
