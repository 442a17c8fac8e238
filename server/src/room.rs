//! One room and its current game, without any I/O: the engine decides every turn here.
//!
//! Changes come in two steps so that nothing is applied before it is stored: a `plan_*`
//! method checks a request and returns the [`PendingEntry`] it would add (the engine's game
//! after it included), the caller stores it, and only then [`Room::commit`] applies it.

use std::collections::HashMap;

use mills_core::{Action, Game, Outcome, Record, RecordHeader, Rules, Side, TurnTimer, Variant};
use mills_protocol::{self as wire, EntryKind, ErrorCode, Seat};

use crate::store::{EntryRow, GameRow, MemberRow, RematchRow, RoomRow, Snapshot, StoreError};

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
    game_after: Game,
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
struct StoredId {
    game: u32,
    revision: u64,
    /// The kind and actions, to tell a resend from a reuse.
    fingerprint: String,
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
    game: Game,
    entries: Vec<wire::Entry>,
    ids: HashMap<String, StoredId>,
    /// Who asked for a rematch of the finished current game, by seat index.
    rematch: [bool; 2],
}

/// The rules of a game id.
pub fn rules_of(variant: Variant) -> Rules {
    match variant {
        Variant::ZhiQi => Rules::ZHIQI,
        Variant::LinkedHorse => Rules::LINKED_HORSE,
        Variant::TwelveMensMorris => Rules::TWELVE_MENS_MORRIS,
    }
}

/// The wire's seat of an engine side.
pub fn seat(side: Side) -> Seat {
    match side {
        Side::P1 => Seat::P1,
        Side::P2 => Seat::P2,
    }
}

fn side(seat: Seat) -> Side {
    match seat {
        Seat::P1 => Side::P1,
        Seat::P2 => Side::P2,
    }
}

fn seat_id(seat: Seat) -> &'static str {
    match seat {
        Seat::P1 => "p1",
        Seat::P2 => "p2",
    }
}

fn kind_id(kind: EntryKind) -> &'static str {
    match kind {
        EntryKind::Turn => "turn",
        EntryKind::Pass => "pass",
        EntryKind::Resign => "resign",
    }
}

/// Compares secrets in time that does not depend on where they differ.
fn same_secret(a: &str, b: &str) -> bool {
    a.len() == b.len()
        && a.bytes()
            .zip(b.bytes())
            .fold(0u8, |acc, (x, y)| acc | (x ^ y))
            == 0
}

fn fingerprint(kind: EntryKind, actions: &[String]) -> String {
    format!("{} {}", kind_id(kind), actions.join(" "))
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
            game: Game::new(rules_of(variant)),
            entries: Vec::new(),
            ids: HashMap::new(),
            rematch: [false; 2],
        }
    }

    /// The store's rows of a new room.
    pub fn creation_rows(&self) -> (RoomRow, MemberRow, GameRow) {
        (
            RoomRow {
                id: self.id.clone(),
                game_id: self.variant.id().to_string(),
                timer: self.timer.seconds().unwrap_or(0),
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
        (!self.game.is_over()).then(|| seat(self.game.position().side_to_move()))
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
        let to_move = seat(self.game.position().side_to_move());
        if mover != to_move {
            return Err(Refusal::new(
                ErrorCode::NotYourTurn,
                format!("it is {}'s turn", seat_id(to_move)),
            ));
        }
        let mut after = self.game.clone();
        let mut played = Vec::with_capacity(actions.len());
        for (i, text) in actions.iter().enumerate() {
            let illegal = |why: String| Refusal::new(ErrorCode::IllegalTurn, why);
            let action: Action = text
                .parse()
                .map_err(|e: mills_core::ParseActionError| illegal(e.to_string()))?;
            if action == Action::Pass {
                return Err(illegal("only the turn timer passes".into()));
            }
            let applied = after
                .play(action)
                .map_err(|e| illegal(format!("{action}: {e}")))?;
            played.push(action.to_string());
            let last = i + 1 == actions.len();
            if applied.turn_ended && !last {
                return Err(illegal(format!("the turn ended at {action}")));
            }
            if !applied.turn_ended && last {
                return Err(illegal("the turn is not finished".into()));
            }
        }
        Ok(self.append(EntryKind::Turn, to_move, played, Some(id), after))
    }

    /// Checks a resignation of `device`.
    pub fn plan_resign(&self, device: &str, game: u32, id: &str) -> Result<Plan, Refusal> {
        let mover = self.check_member(device)?;
        if let Some(plan) = self.check_id(id, EntryKind::Resign, &[])? {
            return Ok(plan);
        }
        self.check_current(game)?;
        let mut after = self.game.clone();
        after
            .resign(side(mover))
            .map_err(|e| Refusal::new(ErrorCode::GameOver, e.to_string()))?;
        Ok(self.append(EntryKind::Resign, mover, Vec::new(), Some(id), after))
    }

    /// The timer's pass for the side to move, while the game is on.
    pub fn plan_pass(&self) -> Option<PendingEntry> {
        let to_move = self.to_move()?;
        let mut after = self.game.clone();
        after.play(Action::Pass).ok()?;
        let Plan::Append(pending) =
            self.append(EntryKind::Pass, to_move, vec!["pass".into()], None, after)
        else {
            return None;
        };
        Some(*pending)
    }

    fn check_member(&self, device: &str) -> Result<Seat, Refusal> {
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

    fn check_id(
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

    fn check_current(&self, game: u32) -> Result<(), Refusal> {
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

    fn append(
        &self,
        kind: EntryKind,
        by: Seat,
        actions: Vec<String>,
        client_id: Option<&str>,
        game_after: Game,
    ) -> Plan {
        Plan::Append(Box::new(PendingEntry {
            entry: wire::Entry {
                revision: self.revision() + 1,
                kind,
                side: by,
                actions,
            },
            client_id: client_id.map(str::to_string),
            game_after,
        }))
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
        self.game = Game::new(rules_of(self.variant));
        self.entries.clear();
        self.rematch = [false; 2];
    }

    /// The outcome on the wire, once the game is over.
    pub fn outcome(&self) -> Option<wire::Outcome> {
        self.game.outcome().map(outcome_wire)
    }

    /// The finished game's record text.
    pub fn record(&self) -> Option<String> {
        if !self.game.is_over() {
            return None;
        }
        let name = |s: Seat| {
            self.member_in(s)
                .and_then(|m| m.name.clone())
                .filter(|n| !n.trim().is_empty())
        };
        let header = RecordHeader {
            date: Some(date_of(self.started_ms)),
            players: [name(Seat::P1), name(Seat::P2)],
            level: None,
            timer_seconds: Some(self.timer.seconds().unwrap_or(0)),
            hints: None,
        };
        match Record::new(self.game.clone(), header) {
            Ok(record) => Some(record.to_text()),
            Err(e) => {
                log::warn!(room = self.id.as_str(), error = e.to_string().as_str(); "no record");
                None
            }
        }
    }

    /// Every entry of the current game.
    pub fn entries(&self) -> &[wire::Entry] {
        &self.entries
    }

    /// The entries after `revision`.
    pub fn entries_after(&self, revision: u64) -> Vec<wire::Entry> {
        self.entries
            .iter()
            .skip(usize::try_from(revision).unwrap_or(usize::MAX))
            .cloned()
            .collect()
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
        let actions: Vec<String> = row.actions.split_whitespace().map(String::from).collect();
        let mut after = self.game.clone();
        let kind = match row.kind.as_str() {
            "turn" | "pass" => {
                for text in &actions {
                    let action: Action = text.parse().map_err(|e| format!("{e}"))?;
                    after.play(action).map_err(|e| format!("{e}"))?;
                }
                if row.kind == "turn" {
                    EntryKind::Turn
                } else {
                    EntryKind::Pass
                }
            }
            "resign" => {
                after.resign(side(by)).map_err(|e| format!("{e}"))?;
                EntryKind::Resign
            }
            other => return Err(format!("kind {other}")),
        };
        self.commit(PendingEntry {
            entry: wire::Entry {
                revision: row.revision,
                kind,
                side: by,
                actions,
            },
            client_id: row.client_id.clone(),
            game_after: after,
        });
        Ok(())
    }
}

/// The wire's outcome of the engine's.
pub fn outcome_wire(outcome: Outcome) -> wire::Outcome {
    let result = mills_core::result_id(Some(outcome));
    // "P1 wins (resignation)" / "draw (repetition)": the id is in the parentheses.
    let reason = result
        .split_once('(')
        .map(|(_, r)| r.trim_end_matches(')').to_string())
        .unwrap_or_default();
    wire::Outcome {
        winner: outcome.winner().map(seat),
        reason,
        result,
    }
}

/// `YYYY-MM-DD` (UTC) of Unix milliseconds.
pub fn date_of(unix_ms: i64) -> String {
    // Howard Hinnant's days-to-civil algorithm.
    let z = unix_ms.div_euclid(86_400_000) + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!("{year:04}-{month:02}-{day:02}")
}

#[cfg(test)]
mod tests {
    use super::*;

    const A: &str = "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa";
    const B: &str = "bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb";

    fn room() -> Room {
        let mut r = Room::new(
            "ROOM".into(),
            Variant::TwelveMensMorris,
            TurnTimer::Seconds60,
            0,
            Member {
                device: A.into(),
                name: Some("Ann".into()),
            },
            Seat::P1,
        );
        r.add_member(Member {
            device: B.into(),
            name: None,
        });
        r
    }

    fn turn(r: &mut Room, device: &str, id: &str, actions: &[&str]) -> Result<u64, Refusal> {
        let actions: Vec<String> = actions.iter().map(|a| a.to_string()).collect();
        match r.plan_turn(device, r.game_no, r.revision(), id, &actions)? {
            Plan::AlreadyStored { revision, .. } => Ok(revision),
            Plan::Append(p) => {
                let revision = p.entry.revision;
                r.commit(*p);
                Ok(revision)
            }
        }
    }

    #[test]
    fn turns_are_refused_out_of_turn_illegal_or_unfinished_and_resends_apply_once() {
        let mut r = room();
        assert_eq!(
            turn(&mut r, B, "1", &["a1"]).unwrap_err().code,
            ErrorCode::NotYourTurn
        );
        assert_eq!(turn(&mut r, A, "1", &["a1"]), Ok(1));
        assert_eq!(turn(&mut r, A, "1", &["A1"]), Ok(1), "a resend");
        assert_eq!(r.revision(), 1);
        assert_eq!(
            turn(&mut r, A, "1", &["a4"]).unwrap_err().code,
            ErrorCode::IdReused
        );
        assert_eq!(
            turn(&mut r, B, "2", &["a1"]).unwrap_err().code,
            ErrorCode::IllegalTurn
        );
        assert_eq!(
            turn(&mut r, B, "2", &["g1", "xa1"]).unwrap_err().code,
            ErrorCode::IllegalTurn
        );
        assert_eq!(
            turn(&mut r, B, "2", &["pass"]).unwrap_err().code,
            ErrorCode::IllegalTurn
        );
        let stale = r.plan_turn(B, 1, 0, "3", &["g1".into()]).unwrap_err();
        assert_eq!(stale.code, ErrorCode::StaleRevision);
        assert_eq!(
            r.plan_turn("c".repeat(32).as_str(), 1, 1, "3", &["g1".into()])
                .unwrap_err()
                .code,
            ErrorCode::NotInRoom
        );
        assert_eq!(r.revision(), 1, "no refusal changed the game");
    }

    #[test]
    fn a_resignation_ends_the_game_with_a_record_and_a_rematch_swaps_sides() {
        let mut r = room();
        turn(&mut r, A, "1", &["a1"]).unwrap();
        let Plan::Append(p) = r.plan_resign(B, 1, "r").unwrap() else {
            panic!()
        };
        r.commit(*p);
        assert_eq!(r.outcome().unwrap().result, "P1 wins (resignation)");
        let record = r.record().unwrap();
        assert!(record.contains("p1: Ann"), "{record}");
        assert!(record.contains("2. P2 resigns"), "{record}");
        assert!(Record::parse(&record).is_ok());
        let ask = r.plan_rematch(A, 1).unwrap().unwrap();
        r.commit_rematch(&ask);
        assert_eq!(r.plan_rematch(A, 1), Ok(None), "asked once");
        assert_eq!(r.rematch_game(), None);
        let ask = r.plan_rematch(B, 1).unwrap().unwrap();
        r.commit_rematch(&ask);
        let row = r.rematch_game().unwrap();
        assert_eq!(row.game_no, 2);
        r.start_game(&row);
        assert_eq!(r.rematch_asked(), []);
        assert_eq!(r.seat_of(A), Some(Seat::P2));
        assert_eq!(r.revision(), 0);
        assert_eq!(
            turn(&mut r, A, "1", &["a1"]).unwrap(),
            1,
            "an id of game 1 answers as stored"
        );
        assert_eq!(r.revision(), 0);
    }

    #[test]
    fn the_timer_pass_is_the_engines_pass() {
        let mut r = room();
        let pass = r.plan_pass().unwrap();
        assert_eq!(pass.entry.side, Seat::P1);
        r.commit(pass);
        assert_eq!(r.to_move(), Some(Seat::P2));
    }

    #[test]
    fn dates_are_civil() {
        assert_eq!(date_of(0), "1970-01-01");
        assert_eq!(date_of(1_796_515_200_000), "2026-12-06");
    }
}
