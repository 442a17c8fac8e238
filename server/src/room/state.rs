//! A room's state and its rules: who sits where, the current game, and the `plan_*` checks
//! of a request by the engine, applied by [`Room::commit`] once stored.

use std::collections::HashMap;

use mills_core::{Action, Game, Rules, TurnTimer, Variant};
use mills_online::plan::{self, Planned};
use mills_protocol::{self as wire, EntryKind, ErrorCode, Seat};

use crate::store::{GameRow, MemberRow, RematchRow};

use super::names::{fingerprint, same_secret};

/// A device in a room.
#[derive(Clone, Debug)]
pub struct Member {
    /// The device's key (the hash of its secret: compared, stored, never logged or sent).
    pub device: String,
    /// The name it gave.
    pub name: Option<String>,
}

/// Why a request was refused: the wire's code and a sentence.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Refusal {
    /// The typed reason.
    pub code: ErrorCode,
    /// For people.
    pub message: String,
    /// With a rate limit: how long to wait.
    pub retry_after_ms: Option<u64>,
}

impl Refusal {
    pub fn new(code: ErrorCode, message: impl Into<String>) -> Refusal {
        Refusal {
            code,
            message: message.into(),
            retry_after_ms: None,
        }
    }
}

/// An entry checked by the engine, not yet stored.
#[derive(Clone, Debug)]
pub struct PendingEntry {
    /// The entry as the clients get it.
    pub entry: wire::Entry,
    /// The client's id, for turns and resignations.
    pub client_id: Option<String>,
    /// The game after the entry.
    pub(super) game_after: Game,
}

/// What a turn or resignation request comes to.
#[derive(Debug)]
pub enum Plan {
    /// Its id is stored already, as this revision of this game: answer `accepted` again.
    AlreadyStored {
        /// The game it is in.
        game: u32,
        /// Its revision.
        revision: u64,
    },
    /// A new entry to store.
    Append(Box<PendingEntry>),
}

/// What a stored client id was.
#[derive(Clone, Debug)]
pub(super) struct StoredId {
    pub(super) game: u32,
    pub(super) revision: u64,
    /// The kind and actions, to tell a resend from a reuse.
    pub(super) fingerprint: String,
}

/// A room: its setting, its members, and its current game.
#[derive(Debug)]
pub struct Room {
    /// The room id, also its invite code.
    pub id: String,
    /// The game played.
    pub variant: Variant,
    /// The turn timer.
    pub timer: TurnTimer,
    /// When the room was created (Unix ms).
    pub created_ms: i64,
    /// The creator's id for its `create` request, if it gave one.
    pub create_id: Option<String>,
    /// The creator, then the one who joined.
    pub members: Vec<Member>,
    /// The current game's number.
    pub game_no: u32,
    /// Which member plays P1 in the current game.
    pub p1_member: u8,
    /// When the current game started (Unix ms).
    pub started_ms: i64,
    pub(super) game: Game,
    pub(super) entries: Vec<wire::Entry>,
    pub(super) ids: HashMap<String, StoredId>,
    /// Who asked for a rematch of the finished current game, by seat index.
    pub(super) rematch: [bool; 2],
}

impl Room {
    /// A new room with its creator, who plays `creator_side` in game 1.
    pub fn new(
        id: String,
        variant: Variant,
        timer: TurnTimer,
        created_ms: i64,
        creator: Member,
        creator_side: Seat,
    ) -> Room {
        Room {
            id,
            variant,
            timer,
            created_ms,
            create_id: None,
            members: vec![creator],
            game_no: 1,
            p1_member: if creator_side == Seat::P1 { 0 } else { 1 },
            started_ms: created_ms,
            game: Game::new(Rules::of(variant)),
            entries: Vec::new(),
            ids: HashMap::new(),
            rematch: [false; 2],
        }
    }

    /// Both seats are taken.
    pub fn is_started(&self) -> bool {
        self.members.len() == 2
    }

    /// The current game is over.
    pub fn is_over(&self) -> bool {
        self.game.is_over()
    }

    /// The current game's revision.
    pub fn revision(&self) -> u64 {
        self.entries.len() as u64
    }

    /// The member index of a device, if it sits here.
    pub fn member_of(&self, device: &str) -> Option<u8> {
        // Every member is compared, so the time says nothing about which one matched.
        let mut found = None;
        for (i, m) in self.members.iter().enumerate() {
            if same_secret(&m.device, device) {
                found = Some(i as u8);
            }
        }
        found
    }

    /// The seat a member has in the current game.
    pub fn seat_of_member(&self, member: u8) -> Seat {
        if member == self.p1_member {
            Seat::P1
        } else {
            Seat::P2
        }
    }

    /// The seat of a device in the current game.
    pub fn seat_of(&self, device: &str) -> Option<Seat> {
        self.member_of(device).map(|m| self.seat_of_member(m))
    }

    /// The member in a seat of the current game, if it is taken.
    pub fn member_in(&self, seat: Seat) -> Option<&Member> {
        let index = match seat {
            Seat::P1 => self.p1_member,
            Seat::P2 => 1 - self.p1_member,
        };
        self.members.get(usize::from(index))
    }

    /// The side to move, while the game is on.
    pub fn to_move(&self) -> Option<Seat> {
        plan::to_move(&self.game)
    }

    /// The second device takes the free seat; returns the member row to store.
    pub fn add_member(&mut self, member: Member) -> MemberRow {
        self.members.push(member);
        self.member_row(1)
    }

    /// Checks a turn of `device`.
    pub fn plan_turn(
        &self,
        device: &str,
        game: u32,
        revision: u64,
        id: &str,
        actions: &[String],
    ) -> Result<Plan, Refusal> {
        let mover = self.check_member(device)?;
        if let Some(plan) = self.check_id(id, EntryKind::Turn, actions)? {
            return Ok(plan);
        }
        self.check_current(game)?;
        if revision != self.revision() {
            return Err(Refusal::new(
                ErrorCode::StaleRevision,
                format!(
                    "the game is at revision {}, the turn follows {revision}",
                    self.revision()
                ),
            ));
        }
        let planned = plan::turn(&self.game, mover, actions).map_err(refusal)?;
        Ok(self.append(planned, Some(id)))
    }

    /// Checks a resignation of `device`.
    pub fn plan_resign(&self, device: &str, game: u32, id: &str) -> Result<Plan, Refusal> {
        let mover = self.check_member(device)?;
        if let Some(plan) = self.check_id(id, EntryKind::Resign, &[])? {
            return Ok(plan);
        }
        self.check_current(game)?;
        let planned = plan::resign(&self.game, mover).map_err(refusal)?;
        Ok(self.append(planned, Some(id)))
    }

    /// The timer's pass for the side to move, while the game is on.
    pub fn plan_pass(&self) -> Option<PendingEntry> {
        let Plan::Append(pending) = self.append(plan::pass(&self.game)?, None) else {
            return None;
        };
        Some(*pending)
    }

    pub(super) fn check_member(&self, device: &str) -> Result<Seat, Refusal> {
        let seat = self
            .seat_of(device)
            .ok_or_else(|| Refusal::new(ErrorCode::NotInRoom, "this device has no seat here"))?;
        if !self.is_started() {
            return Err(Refusal::new(
                ErrorCode::NotStarted,
                "the room waits for its second player",
            ));
        }
        Ok(seat)
    }

    pub(super) fn check_id(
        &self,
        id: &str,
        kind: EntryKind,
        actions: &[String],
    ) -> Result<Option<Plan>, Refusal> {
        let Some(stored) = self.ids.get(id) else {
            return Ok(None);
        };
        // A resend may spell the actions differently ("D6" for "d6"): compare the
        // canonical notation.
        let canonical: Vec<String> = actions
            .iter()
            .map(|a| {
                a.parse::<Action>()
                    .map(|a| a.to_string())
                    .unwrap_or_else(|_| a.clone())
            })
            .collect();
        if stored.fingerprint != fingerprint(kind, &canonical) {
            return Err(Refusal::new(
                ErrorCode::IdReused,
                "this id belongs to another entry",
            ));
        }
        Ok(Some(Plan::AlreadyStored {
            game: stored.game,
            revision: stored.revision,
        }))
    }

    pub(super) fn check_current(&self, game: u32) -> Result<(), Refusal> {
        if self.game.is_over() {
            return Err(Refusal::new(ErrorCode::GameOver, "the game is over"));
        }
        if game != self.game_no {
            return Err(Refusal::new(
                ErrorCode::StaleRevision,
                format!("the room plays game {}", self.game_no),
            ));
        }
        Ok(())
    }

    pub(super) fn append(&self, planned: Planned, client_id: Option<&str>) -> Plan {
        Plan::Append(Box::new(PendingEntry {
            entry: wire::Entry {
                revision: self.revision() + 1,
                kind: planned.kind,
                side: planned.by,
                actions: planned.actions,
            },
            client_id: client_id.map(str::to_string),
            game_after: planned.game_after,
        }))
    }

    /// Applies a stored entry.
    pub fn commit(&mut self, pending: PendingEntry) {
        if let Some(id) = &pending.client_id {
            self.ids.insert(
                id.clone(),
                StoredId {
                    game: self.game_no,
                    revision: pending.entry.revision,
                    fingerprint: fingerprint(pending.entry.kind, &pending.entry.actions),
                },
            );
        }
        self.game = pending.game_after;
        self.entries.push(pending.entry);
    }

    /// `device` asks for a rematch of the finished current game: the ask to store, or
    /// `None` when it asked already.
    pub fn plan_rematch(&self, device: &str, game: u32) -> Result<Option<RematchRow>, Refusal> {
        let asker = self.check_member(device)?;
        if game != self.game_no {
            return Err(Refusal::new(
                ErrorCode::StaleRevision,
                format!("the room plays game {}", self.game_no),
            ));
        }
        if !self.game.is_over() {
            return Err(Refusal::new(ErrorCode::GameNotOver, "the game is still on"));
        }
        if self.rematch[usize::from(asker == Seat::P2)] {
            return Ok(None);
        }
        Ok(Some(RematchRow {
            room: self.id.clone(),
            game_no: self.game_no,
            member: self.member_of(device).unwrap_or(0),
        }))
    }

    /// Applies a stored rematch ask.
    pub fn commit_rematch(&mut self, row: &RematchRow) {
        if row.game_no == self.game_no && self.game.is_over() {
            let seat = self.seat_of_member(row.member);
            self.rematch[usize::from(seat == Seat::P2)] = true;
        }
    }

    /// The next game's row to store, once both players asked for a rematch.
    pub fn rematch_game(&self) -> Option<GameRow> {
        (self.rematch == [true, true] && self.game.is_over()).then(|| GameRow {
            room: self.id.clone(),
            game_no: self.game_no + 1,
            p1_member: 1 - self.p1_member,
            started_ms: 0,
        })
    }

    /// The seats that asked for a rematch.
    pub fn rematch_asked(&self) -> Vec<Seat> {
        let mut asked = Vec::new();
        if self.rematch[0] {
            asked.push(Seat::P1);
        }
        if self.rematch[1] {
            asked.push(Seat::P2);
        }
        asked
    }

    /// Starts the game a stored [`GameRow`] describes (a rematch, or one loaded).
    pub fn start_game(&mut self, row: &GameRow) {
        self.game_no = row.game_no;
        self.p1_member = row.p1_member;
        self.started_ms = row.started_ms;
        self.game = Game::new(Rules::of(self.variant));
        self.entries.clear();
        self.rematch = [false; 2];
    }
}

/// The engine's refusal of a turn or resignation as the server's.
fn refusal(refused: plan::Refused) -> Refusal {
    Refusal::new(refused.code, refused.message)
}
