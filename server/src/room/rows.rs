//! A room to and from the store's rows: the rows of a new room, member, game or entry, and
//! a room rebuilt from its rows by replaying every entry through the engine.

use std::collections::HashMap;

use mills_core::{TurnTimer, Variant};
use mills_online::replay::play_entry;
use mills_protocol::{self as wire, EntryKind, Seat};

use crate::store::{EntryRow, GameRow, MemberRow, RematchRow, RoomRow, Snapshot, StoreError};

use super::names::{kind_id, seat_id};
use super::state::{Member, PendingEntry, Room};

impl Room {
    /// The store's rows of a new room.
    pub fn creation_rows(&self) -> (RoomRow, MemberRow, GameRow) {
        (
            RoomRow {
                id: self.id.clone(),
                game_id: self.variant.id().to_string(),
                timer: self.timer.seconds_or_off(),
                created_ms: self.created_ms,
                create_id: self.create_id.clone(),
            },
            self.member_row(0),
            self.game_row(),
        )
    }

    /// The store's row of member 0 or 1.
    pub fn member_row(&self, member: u8) -> MemberRow {
        let m = &self.members[usize::from(member)];
        MemberRow {
            room: self.id.clone(),
            member,
            device: m.device.clone(),
            name: m.name.clone(),
        }
    }

    fn game_row(&self) -> GameRow {
        GameRow {
            room: self.id.clone(),
            game_no: self.game_no,
            p1_member: self.p1_member,
            started_ms: self.started_ms,
        }
    }

    /// The store's row of a pending entry.
    pub fn entry_row(&self, pending: &PendingEntry, at_ms: i64) -> EntryRow {
        EntryRow {
            room: self.id.clone(),
            game_no: self.game_no,
            revision: pending.entry.revision,
            kind: kind_id(pending.entry.kind).into(),
            side: seat_id(pending.entry.side).into(),
            actions: pending.entry.actions.join(" "),
            client_id: pending.client_id.clone(),
            at_ms,
        }
    }

    /// Every room of a snapshot, rebuilt.
    pub fn all_from(snapshot: &Snapshot) -> Result<Vec<Room>, StoreError> {
        type Rows<'a> = (
            Vec<&'a MemberRow>,
            Vec<&'a GameRow>,
            Vec<&'a EntryRow>,
            Vec<&'a RematchRow>,
        );
        let mut by_room: HashMap<&str, Rows> = HashMap::new();
        for m in &snapshot.members {
            by_room.entry(&m.room).or_default().0.push(m);
        }
        for g in &snapshot.games {
            by_room.entry(&g.room).or_default().1.push(g);
        }
        for e in &snapshot.entries {
            by_room.entry(&e.room).or_default().2.push(e);
        }
        for r in &snapshot.rematch_asks {
            by_room.entry(&r.room).or_default().3.push(r);
        }
        let empty: Rows = Default::default();
        snapshot
            .rooms
            .iter()
            .map(|row| {
                let (members, games, entries, asks) =
                    by_room.get(row.id.as_str()).unwrap_or(&empty);
                Room::from_rows(row, members, games, entries, asks)
            })
            .collect()
    }

    /// The room rebuilt from its stored rows: every entry replayed through the engine.
    pub fn from_rows(
        room: &RoomRow,
        members: &[&MemberRow],
        games: &[&GameRow],
        entries: &[&EntryRow],
        rematch_asks: &[&RematchRow],
    ) -> Result<Room, StoreError> {
        let bad = |why: String| StoreError::new(format!("room {}: {why}", room.id));
        let variant: Variant = room.game_id.parse().map_err(|e| bad(format!("{e}")))?;
        let timer = TurnTimer::from_seconds(room.timer).ok_or_else(|| bad("timer".into()))?;
        let mut members_sorted: Vec<&MemberRow> = members.to_vec();
        members_sorted.sort_by_key(|m| m.member);
        let creator = members_sorted
            .first()
            .ok_or_else(|| bad("no creator".into()))?;
        let mut r = Room::new(
            room.id.clone(),
            variant,
            timer,
            room.created_ms,
            Member {
                device: creator.device.clone(),
                name: creator.name.clone(),
            },
            Seat::P1,
        );
        r.create_id = room.create_id.clone();
        if let Some(joiner) = members_sorted.get(1) {
            r.add_member(Member {
                device: joiner.device.clone(),
                name: joiner.name.clone(),
            });
        }
        let mut games: Vec<&GameRow> = games.to_vec();
        games.sort_by_key(|g| g.game_no);
        let mut entries: Vec<&EntryRow> = entries.to_vec();
        entries.sort_by_key(|e| (e.game_no, e.revision));
        for game in games {
            r.start_game(game);
            for e in entries.iter().filter(|e| e.game_no == game.game_no) {
                r.replay_entry(e).map_err(&bad)?;
            }
        }
        for ask in rematch_asks {
            r.commit_rematch(ask);
        }
        Ok(r)
    }

    /// Applies an entry another server process stored (it follows this room's last one);
    /// returns it as the clients get it.
    pub fn apply_stored(&mut self, row: &EntryRow) -> Result<wire::Entry, String> {
        if row.game_no != self.game_no {
            return Err(format!("entry of game {}", row.game_no));
        }
        self.replay_entry(row)?;
        self.entries
            .last()
            .cloned()
            .ok_or_else(|| "no entry".into())
    }

    fn replay_entry(&mut self, row: &EntryRow) -> Result<(), String> {
        if row.revision != self.revision() + 1 {
            return Err(format!("entry {} out of order", row.revision));
        }
        let by = match row.side.as_str() {
            "p1" => Seat::P1,
            "p2" => Seat::P2,
            other => return Err(format!("side {other}")),
        };
        let kind = match row.kind.as_str() {
            "turn" => EntryKind::Turn,
            "pass" => EntryKind::Pass,
            "resign" => EntryKind::Resign,
            other => return Err(format!("kind {other}")),
        };
        let entry = wire::Entry {
            revision: row.revision,
            kind,
            side: by,
            actions: row.actions.split_whitespace().map(String::from).collect(),
        };
        let played = play_entry(&self.game, &entry)?;
        self.commit(PendingEntry {
            entry,
            client_id: row.client_id.clone(),
            game_after: played.game,
        });
        Ok(())
    }
}
