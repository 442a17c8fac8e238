//! A room held in memory: its state, its clock, who is subscribed, and what each player is
//! sent (the views: a player's `room`, an `update`, the rematch asks).

use std::sync::Arc;
use std::time::Duration;

use mills_online::TurnClock;
use mills_protocol::{self as wire, Clock, Player, RoomState, Seat, ServerMessage};
use tokio::time::Instant;

use crate::outbox::Caller;
use crate::presence::Presence;
use crate::room::Room;

pub struct Live {
    pub room: Room,
    /// The room's turn limit (from its timer and the configuration).
    pub turn_limit: Option<Duration>,
    /// The turn in progress's clock, while it runs: its deadline is the one the clock task
    /// holds for the room.
    pub turn: Option<TurnClock>,
    /// The generation the clock was last armed with ([`crate::clock::Clocks::arm`]), so a
    /// deadline replaced or stopped does nothing.
    pub clock_gen: u64,
    pub presence: Presence,
    /// Since when no connection has been subscribed (`None` while one is).
    pub idle_since: Option<Instant>,
    /// Dropped from memory by the sweep: a request that still holds this slot finds the
    /// room again (from the store).
    pub evicted: bool,
}

pub type Slot = Arc<tokio::sync::Mutex<Live>>;
pub type Guard = tokio::sync::OwnedMutexGuard<Live>;

impl Live {
    pub fn new(room: Room, turn_limit: Option<Duration>) -> Live {
        Live {
            room,
            turn_limit,
            turn: None,
            clock_gen: 0,
            presence: Presence::default(),
            idle_since: Some(Instant::now()),
            evicted: false,
        }
    }

    /// Nothing here that the store does not hold would be lost by dropping it: no one is
    /// subscribed, no clock runs, and it has been so for `idle`. A room waiting for its
    /// second player stays (the per-device limit on waiting rooms counts them).
    pub fn can_evict(&self, idle: Duration, now: Instant) -> bool {
        self.presence.subscribers.is_empty()
            && self.turn.is_none()
            && self.room.is_started()
            && self.idle_since.is_some_and(|since| now >= since + idle)
    }

    /// Whether `member` has a connection to the room at this process.
    pub fn online_here(&self, member: u8) -> bool {
        self.presence.online_here(&self.room, member)
    }

    /// Whether `member` has a connection to the room at this or another process.
    pub fn member_online(&self, member: u8) -> bool {
        self.presence.online(&self.room, member)
    }

    /// Tells the room's other subscribers that `member` came online or went offline.
    pub fn send_presence(&self, member: u8, online: bool) {
        self.presence.tell(&self.room, member, online);
    }

    pub fn clock(&self) -> Clock {
        let to_move = self.room.to_move();
        let running = to_move.is_some() && self.room.is_started();
        Clock {
            to_move,
            remaining_ms: if running {
                let now = std::time::Instant::now();
                self.turn.and_then(|turn| turn.left_ms(now))
            } else {
                None
            },
            limit_ms: self.turn_limit.map(|l| l.as_millis() as u64),
        }
    }

    /// The room as the player in `you` sees it.
    pub fn state_for(&self, you: Seat) -> RoomState {
        let room = &self.room;
        let players = [Seat::P1, Seat::P2]
            .into_iter()
            .map(|seat| {
                let member = room.member_in(seat);
                Player {
                    seat,
                    joined: member.is_some(),
                    name: member.and_then(|m| m.name.clone()),
                    online: member
                        .and_then(|m| room.member_of(&m.device))
                        .is_some_and(|m| self.member_online(m)),
                }
            })
            .collect();
        let over = room.is_over();
        RoomState {
            room: room.id.clone(),
            game_id: room.variant.id().to_string(),
            timer: room.timer.seconds_or_off(),
            game: room.game_no,
            you,
            players,
            revision: room.revision(),
            entries: room.entries().to_vec(),
            clock: self.clock(),
            outcome: room.outcome(),
            record: if over { room.record() } else { None },
            rematch: room.rematch_asked(),
        }
    }

    /// Sends the room's new entries (already applied) to its subscribers.
    pub fn send_update(&self, entries: Vec<wire::Entry>) {
        let over = self.room.is_over();
        self.presence.send_all(&ServerMessage::Update {
            room: self.room.id.clone(),
            game: self.room.game_no,
            entries,
            clock: self.clock(),
            outcome: self.room.outcome(),
            record: if over { self.room.record() } else { None },
        });
    }

    pub fn send_rematch_asked(&self) {
        self.presence.send_all(&ServerMessage::RematchAsked {
            room: self.room.id.clone(),
            game: self.room.game_no,
            asked: self.room.rematch_asked(),
        });
    }

    /// Sends the caller its `room` message (when it has a seat).
    pub fn send_room(&self, caller: &Caller) {
        if let Some(seat) = self.room.seat_of(&caller.device) {
            caller.out.message(&ServerMessage::Room {
                room: self.state_for(seat),
            });
        }
    }

    /// Sends every subscriber its own `room` message.
    pub fn send_room_to_all(&self) {
        for s in &self.presence.subscribers {
            if let Some(seat) = self.room.seat_of(&s.device) {
                s.out.message(&ServerMessage::Room {
                    room: self.state_for(seat),
                });
            }
        }
    }
}
