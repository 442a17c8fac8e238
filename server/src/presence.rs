//! Who is subscribed to a room, and which of its members are online: connected here, or
//! (with a shared store) to another server process.

use std::collections::HashMap;

use mills_protocol::ServerMessage;

use crate::outbox::{Caller, Outbox};
use crate::room::Room;

/// One connection subscribed to a room.
#[derive(Clone)]
pub struct Subscriber {
    pub conn: u64,
    pub device: String,
    pub out: Outbox,
}

/// A room's subscribers and what other processes said of its members.
#[derive(Default)]
pub struct Presence {
    pub subscribers: Vec<Subscriber>,
    /// With a shared store: which members other processes have connections from, by
    /// process.
    pub elsewhere: HashMap<String, [bool; 2]>,
}

/// What a subscription changed for the caller's member.
pub struct Arrival {
    pub member: u8,
    /// It had no connection here before (the other processes are told).
    pub new_here: bool,
    /// It was online nowhere before (the room is told).
    pub new_anywhere: bool,
}

impl Presence {
    /// Whether `member` has a connection to the room at this process.
    pub fn online_here(&self, room: &Room, member: u8) -> bool {
        self.subscribers
            .iter()
            .any(|s| room.member_of(&s.device) == Some(member))
    }

    /// Whether `member` has a connection to the room at this or another process.
    pub fn online(&self, room: &Room, member: u8) -> bool {
        self.online_here(room, member) || self.elsewhere.values().any(|m| m[usize::from(member)])
    }

    /// Subscribes the caller's connection (once); `Some` when the caller is a member.
    pub fn subscribe(&mut self, room: &Room, caller: &Caller) -> Option<Arrival> {
        if self.subscribers.iter().any(|s| s.conn == caller.conn) {
            return None;
        }
        let member = room.member_of(&caller.device);
        let before = member.map(|m| (self.online_here(room, m), self.online(room, m)));
        self.subscribers.push(Subscriber {
            conn: caller.conn,
            device: caller.device.clone(),
            out: caller.out.clone(),
        });
        let (member, (here, anywhere)) = (member?, before?);
        Some(Arrival {
            member,
            new_here: !here,
            new_anywhere: !anywhere,
        })
    }

    /// Another process said `member` is online there or not; true when that changed
    /// whether the member is online anywhere.
    pub fn heard(&mut self, room: &Room, instance: String, member: u8, online: bool) -> bool {
        let before = self.online(room, member);
        self.elsewhere.entry(instance).or_default()[usize::from(member)] = online;
        self.online(room, member) != before
    }

    /// Forgets what processes no longer running said; returns the members that went
    /// offline by it.
    pub fn forget_gone(&mut self, room: &Room, alive: &[String]) -> Vec<u8> {
        if self.elsewhere.keys().all(|i| alive.contains(i)) {
            return Vec::new();
        }
        let before = [self.online(room, 0), self.online(room, 1)];
        self.elsewhere.retain(|i, _| alive.contains(i));
        (0..2u8)
            .filter(|&m| before[usize::from(m)] && !self.online(room, m))
            .collect()
    }

    /// Tells the room's other subscribers that `member` came online or went offline.
    pub fn tell(&self, room: &Room, member: u8, online: bool) {
        let message = ServerMessage::Presence {
            room: room.id.clone(),
            seat: room.seat_of_member(member),
            online,
        };
        for s in &self.subscribers {
            if room.member_of(&s.device) != Some(member) {
                s.out.message(&message);
            }
        }
    }

    /// Sends one message to every subscriber.
    pub fn send_all(&self, message: &ServerMessage) {
        let frame: std::sync::Arc<str> = mills_protocol::encode(message).into();
        for s in &self.subscribers {
            s.out.send(frame.clone());
        }
    }
}
