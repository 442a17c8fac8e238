//! Every room in memory, who is subscribed to each, the turn clocks, and the order of work:
//! a request locks its room, is checked by the engine, is stored, and only then is applied,
//! acknowledged and sent to both players.

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use mills_core::{TurnTimer, Variant};
use mills_protocol::limits::{INVITE_CODE_ALPHABET, INVITE_CODE_CHARS};
use mills_protocol::{
    self as wire, Clock, ErrorCode, Player, RoomState, RoomSummary, Seat, ServerMessage, encode,
};
use rand::Rng;
use tokio::sync::{Notify, mpsc};
use tokio::time::Instant;

use crate::config::Config;
use crate::limits::Buckets;
use crate::room::{Member, PendingEntry, Plan, Refusal, Room};
use crate::store::{MemberRow, Snapshot, StoreError, StoreHandle, Write};

/// Where a connection's outgoing frames go, and how to tell it to close.
#[derive(Clone)]
pub struct Outbox {
    tx: mpsc::Sender<Arc<str>>,
    kick: Arc<Notify>,
}

impl Outbox {
    /// A new outbox holding `capacity` frames; the connection reads `rx` and waits on `kick`.
    pub fn new(capacity: usize) -> (Outbox, mpsc::Receiver<Arc<str>>, Arc<Notify>) {
        let (tx, rx) = mpsc::channel(capacity);
        let kick = Arc::new(Notify::new());
        (
            Outbox {
                tx,
                kick: kick.clone(),
            },
            rx,
            kick,
        )
    }

    /// Queues a frame. A client that does not read its frames fast enough is disconnected:
    /// it catches up with `open` after reconnecting, and the room never waits for it.
    pub fn send(&self, frame: Arc<str>) {
        if let Err(mpsc::error::TrySendError::Full(_)) = self.tx.try_send(frame) {
            self.kick.notify_one();
        }
    }

    /// Queues a message.
    pub fn message(&self, message: &ServerMessage) {
        self.send(encode(message).into());
    }
}

/// Who is asking: one connection after its `hello`.
#[derive(Clone)]
pub struct Caller {
    /// The connection's number (for subscriptions and logs).
    pub conn: u64,
    /// The device secret.
    pub device: String,
    /// The name the device gave.
    pub name: Option<String>,
    /// The client's address.
    pub ip: IpAddr,
    /// Its outbox.
    pub out: Outbox,
}

#[derive(Clone)]
struct Subscriber {
    conn: u64,
    device: String,
    out: Outbox,
}

struct Live {
    room: Room,
    /// When the turn in progress runs out.
    deadline: Option<Instant>,
    /// Bumped whenever the clock restarts, so a stale timer task does nothing.
    clock_gen: u64,
    subscribers: Vec<Subscriber>,
}

type Slot = Arc<tokio::sync::Mutex<Live>>;

/// The server's rooms.
pub struct Hub {
    config: Config,
    store: StoreHandle,
    rooms: Mutex<HashMap<String, Slot>>,
    /// Device secret to the rooms it sits in, oldest first.
    devices: Mutex<HashMap<String, Vec<String>>>,
    joins: Mutex<Buckets<IpAddr>>,
    next_conn: AtomicU64,
    /// Open connections (for the health endpoint and the connection limit).
    pub connections: AtomicUsize,
    stopping: AtomicBool,
}

fn now_ms() -> i64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map(|d| d.as_millis() as i64)
        .unwrap_or(0)
}

fn storage(e: StoreError) -> Refusal {
    log::error!(error = e.to_string().as_str(); "store write failed");
    Refusal::new(
        ErrorCode::Storage,
        "the server could not store it; nothing was applied",
    )
}

fn refusal(code: ErrorCode, message: impl Into<String>) -> Refusal {
    Refusal::new(code, message)
}

impl Hub {
    /// The hub with every stored room loaded (each started game's clock starts afresh).
    pub fn new(
        config: Config,
        store: StoreHandle,
        snapshot: Snapshot,
    ) -> Result<Arc<Hub>, StoreError> {
        let hub = Arc::new(Hub {
            joins: Mutex::new(Buckets::new(config.join_rate)),
            config,
            store,
            rooms: Mutex::new(HashMap::new()),
            devices: Mutex::new(HashMap::new()),
            next_conn: AtomicU64::new(1),
            connections: AtomicUsize::new(0),
            stopping: AtomicBool::new(false),
        });
        let mut by_room: HashMap<&str, (Vec<_>, Vec<_>, Vec<_>)> = HashMap::new();
        for m in &snapshot.members {
            by_room.entry(&m.room).or_default().0.push(m.clone());
        }
        for g in &snapshot.games {
            by_room.entry(&g.room).or_default().1.push(g.clone());
        }
        for e in &snapshot.entries {
            by_room.entry(&e.room).or_default().2.push(e.clone());
        }
        let empty = (Vec::new(), Vec::new(), Vec::new());
        for row in &snapshot.rooms {
            let (members, games, entries) = by_room.get(row.id.as_str()).unwrap_or(&empty);
            let room = Room::from_rows(row, members, games, entries)?;
            hub.insert_room(room);
        }
        let slots: Vec<Slot> = hub.rooms.lock().unwrap().values().cloned().collect();
        for slot in slots {
            // No one awaits these locks yet.
            if let Ok(mut live) = slot.try_lock() {
                hub.restart_clock(&slot, &mut live);
            }
        }
        Ok(hub)
    }

    fn insert_room(&self, room: Room) -> Slot {
        {
            let mut devices = self.devices.lock().unwrap();
            for m in &room.members {
                devices
                    .entry(m.device.clone())
                    .or_default()
                    .push(room.id.clone());
            }
        }
        let id = room.id.clone();
        let slot = Arc::new(tokio::sync::Mutex::new(Live {
            room,
            deadline: None,
            clock_gen: 0,
            subscribers: Vec::new(),
        }));
        self.rooms.lock().unwrap().insert(id, slot.clone());
        slot
    }

    /// The configuration.
    pub fn config(&self) -> &Config {
        &self.config
    }

    /// A new connection number.
    pub fn next_conn(&self) -> u64 {
        self.next_conn.fetch_add(1, Ordering::Relaxed)
    }

    /// Rooms held.
    pub fn room_count(&self) -> usize {
        self.rooms.lock().unwrap().len()
    }

    /// The server is stopping: clocks stop passing turns.
    pub fn stop(&self) {
        self.stopping.store(true, Ordering::SeqCst);
    }

    /// After [`Hub::stop`] and the last connection: the store commits what is queued and
    /// stops.
    pub fn close_store(&self) {
        self.store.stop();
    }

    fn slot(&self, room: &str) -> Option<Slot> {
        self.rooms.lock().unwrap().get(room).cloned()
    }

    // ---- the clock ----

    fn clock(&self, live: &Live) -> Clock {
        let limit = self.config.turn_limit(live.room.timer);
        let to_move = live.room.to_move();
        let running = to_move.is_some() && live.room.is_started();
        Clock {
            to_move,
            remaining_ms: if running {
                live.deadline
                    .map(|d| d.saturating_duration_since(Instant::now()).as_millis() as u64)
            } else {
                None
            },
            limit_ms: limit.map(|l| l.as_millis() as u64),
        }
    }

    /// Starts the turn's time again (a new turn began), or stops it (waiting, over, off).
    fn restart_clock(self: &Arc<Self>, slot: &Slot, live: &mut Live) {
        live.clock_gen += 1;
        live.deadline = None;
        let Some(limit) = self.config.turn_limit(live.room.timer) else {
            return;
        };
        if !live.room.is_started() || live.room.is_over() {
            return;
        }
        self.arm_clock(slot, live, limit);
    }

    fn arm_clock(self: &Arc<Self>, slot: &Slot, live: &mut Live, after: Duration) {
        let deadline = Instant::now() + after;
        live.deadline = Some(deadline);
        let generation = live.clock_gen;
        let hub = Arc::clone(self);
        let slot = slot.clone();
        tokio::spawn(async move {
            tokio::time::sleep_until(deadline).await;
            hub.time_up(&slot, generation).await;
        });
    }

    async fn time_up(self: &Arc<Self>, slot: &Slot, generation: u64) {
        if self.stopping.load(Ordering::SeqCst) {
            return;
        }
        let mut live = slot.lock().await;
        if live.clock_gen != generation {
            return;
        }
        let Some(pending) = live.room.plan_pass() else {
            return;
        };
        let row = live.room.entry_row(&pending, now_ms());
        match self.store.write(Write::AppendEntry(row)).await {
            Ok(()) => {
                log::info!(room = live.room.id.as_str(), revision = pending.entry.revision; "turn timed out");
                self.apply_entry(slot, &mut live, pending);
            }
            Err(e) => {
                // Try again shortly; the turn is not passed until the pass is stored.
                log::error!(room = live.room.id.as_str(), error = e.to_string().as_str(); "timer pass not stored");
                self.arm_clock(slot, &mut live, Duration::from_secs(1));
            }
        }
    }

    /// Applies a stored entry, restarts the clock and sends the update to the room.
    fn apply_entry(self: &Arc<Self>, slot: &Slot, live: &mut Live, pending: PendingEntry) {
        let entry = pending.entry.clone();
        live.room.commit(pending);
        self.restart_clock(slot, live);
        let over = live.room.is_over();
        let update = ServerMessage::Update {
            room: live.room.id.clone(),
            game: live.room.game_no,
            entries: vec![entry],
            clock: self.clock(live),
            outcome: live.room.outcome(),
            record: if over { live.room.record() } else { None },
        };
        let frame: Arc<str> = encode(&update).into();
        for s in &live.subscribers {
            s.out.send(frame.clone());
        }
    }

    // ---- views ----

    fn state_for(&self, live: &Live, you: Seat) -> RoomState {
        let room = &live.room;
        let players = [Seat::P1, Seat::P2]
            .into_iter()
            .map(|seat| {
                let member = room.member_in(seat);
                Player {
                    seat,
                    joined: member.is_some(),
                    name: member.and_then(|m| m.name.clone()),
                    online: member.is_some_and(|m| {
                        live.subscribers
                            .iter()
                            .any(|s| room.member_of(&s.device) == room.member_of(&m.device))
                    }),
                }
            })
            .collect();
        let over = room.is_over();
        RoomState {
            room: room.id.clone(),
            game_id: room.variant.id().to_string(),
            timer: room.timer.seconds().unwrap_or(0),
            game: room.game_no,
            you,
            players,
            revision: room.revision(),
            entries: room.entries().to_vec(),
            clock: self.clock(live),
            outcome: room.outcome(),
            record: if over { room.record() } else { None },
            rematch: room.rematch_asked(),
        }
    }

    /// Sends every subscriber its own `room` message.
    fn send_room_to_all(&self, live: &Live) {
        for s in &live.subscribers {
            if let Some(seat) = live.room.seat_of(&s.device) {
                s.out.message(&ServerMessage::Room {
                    room: self.state_for(live, seat),
                });
            }
        }
    }

    fn subscribe(&self, live: &mut Live, caller: &Caller) {
        if live.subscribers.iter().any(|s| s.conn == caller.conn) {
            return;
        }
        let was_online = live.subscribers.iter().any(|s| s.device == caller.device);
        live.subscribers.push(Subscriber {
            conn: caller.conn,
            device: caller.device.clone(),
            out: caller.out.clone(),
        });
        if !was_online {
            self.presence(live, &caller.device, true);
        }
    }

    fn presence(&self, live: &Live, device: &str, online: bool) {
        let Some(seat) = live.room.seat_of(device) else {
            return;
        };
        let message = ServerMessage::Presence {
            room: live.room.id.clone(),
            seat,
            online,
        };
        for s in live.subscribers.iter().filter(|s| s.device != device) {
            s.out.message(&message);
        }
    }

    /// The connection closed: it leaves its rooms.
    pub async fn disconnect(&self, conn: u64, device: &str, rooms: &[String]) {
        for id in rooms {
            let Some(slot) = self.slot(id) else { continue };
            let mut live = slot.lock().await;
            live.subscribers.retain(|s| s.conn != conn);
            if !live.subscribers.iter().any(|s| s.device == device) {
                self.presence(&live, device, false);
            }
        }
    }

    // ---- requests ----

    /// The answer to `hello`.
    pub async fn welcome(&self, device: &str) -> ServerMessage {
        let ids: Vec<String> = self
            .devices
            .lock()
            .unwrap()
            .get(device)
            .map(|rooms| rooms.iter().rev().take(50).cloned().collect())
            .unwrap_or_default();
        let mut rooms = Vec::with_capacity(ids.len());
        for id in ids {
            let Some(slot) = self.slot(&id) else { continue };
            let live = slot.lock().await;
            let room = &live.room;
            let Some(you) = room.seat_of(device) else {
                continue;
            };
            rooms.push(RoomSummary {
                room: id,
                game_id: room.variant.id().to_string(),
                game: room.game_no,
                you,
                opponent: room.member_in(you.other()).and_then(|m| m.name.clone()),
                finished: room.is_over(),
            });
        }
        ServerMessage::Welcome {
            protocol: wire::PROTOCOL_VERSION,
            server: format!("mills-server {}", env!("CARGO_PKG_VERSION")),
            rooms,
        }
    }

    fn waiting_rooms_of(&self, device: &str) -> usize {
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
        if self.waiting_rooms_of(&caller.device) >= self.config.max_waiting_rooms {
            return Err(refusal(
                ErrorCode::TooManyRooms,
                "this device has too many rooms waiting for a second player",
            ));
        }
        let id = loop {
            let code = new_code();
            if self.slot(&code).is_none() {
                break code;
            }
        };
        let room = Room::new(
            id.clone(),
            variant,
            timer,
            now_ms(),
            Member {
                device: caller.device.clone(),
                name: caller.name.clone(),
            },
            side.unwrap_or(Seat::P1),
        );
        let (room_row, creator, game_row) = room.creation_rows();
        self.store
            .write(Write::CreateRoom {
                room: room_row,
                creator,
                game: game_row,
            })
            .await
            .map_err(storage)?;
        let slot = self.insert_room(room);
        let mut live = slot.lock().await;
        self.subscribe(&mut live, caller);
        let seat = live.room.seat_of(&caller.device).unwrap_or(Seat::P1);
        caller.out.message(&ServerMessage::Created {
            room: self.state_for(&live, seat),
            link: self.config.link(&id),
        });
        log::info!(room = id.as_str(), game = variant.id(), conn = caller.conn; "room created");
        Ok(id)
    }

    /// `join`: takes the free seat (or opens a room the device sits in); returns the room id.
    pub async fn join(self: &Arc<Self>, caller: &Caller, code: &str) -> Result<String, Refusal> {
        if let Err(wait) = self
            .joins
            .lock()
            .unwrap()
            .take(&caller.ip, std::time::Instant::now())
        {
            let mut refusal = Refusal::new(
                ErrorCode::RateLimited,
                format!("too many joins; wait {} ms", wait.as_millis()),
            );
            refusal.retry_after_ms = Some(wait.as_millis() as u64);
            return Err(refusal);
        }
        let id = wire::normalize_code(code)
            .ok_or_else(|| refusal(ErrorCode::UnknownCode, "no room has this code"))?;
        let slot = self
            .slot(&id)
            .ok_or_else(|| refusal(ErrorCode::UnknownCode, "no room has this code"))?;
        let mut live = slot.lock().await;
        if live.room.member_of(&caller.device).is_none() {
            if live.room.is_started() {
                return Err(refusal(ErrorCode::RoomFull, "the room has two players"));
            }
            let row = MemberRow {
                room: id.clone(),
                member: 1,
                device: caller.device.clone(),
                name: caller.name.clone(),
            };
            self.store
                .write(Write::AddMember(row))
                .await
                .map_err(storage)?;
            live.room.add_member(Member {
                device: caller.device.clone(),
                name: caller.name.clone(),
            });
            self.devices
                .lock()
                .unwrap()
                .entry(caller.device.clone())
                .or_default()
                .push(id.clone());
            self.restart_clock(&slot, &mut live);
            log::info!(room = id.as_str(), conn = caller.conn; "room joined");
            self.subscribe(&mut live, caller);
            self.send_room_to_all(&live);
        } else {
            self.subscribe(&mut live, caller);
            self.send_room(&live, caller);
        }
        Ok(id)
    }

    fn send_room(&self, live: &Live, caller: &Caller) {
        if let Some(seat) = live.room.seat_of(&caller.device) {
            caller.out.message(&ServerMessage::Room {
                room: self.state_for(live, seat),
            });
        }
    }

    /// `open`: subscribes and sends the room's state.
    pub async fn open(&self, caller: &Caller, room: &str) -> Result<(), Refusal> {
        let slot = self.slot(room).ok_or_else(not_in_room)?;
        let mut live = slot.lock().await;
        if live.room.member_of(&caller.device).is_none() {
            return Err(not_in_room());
        }
        self.subscribe(&mut live, caller);
        self.send_room(&live, caller);
        Ok(())
    }

    /// `turn` and `resign`: checked, stored, applied, acknowledged, sent.
    pub async fn play(
        self: &Arc<Self>,
        caller: &Caller,
        room: &str,
        plan: impl FnOnce(&Room) -> Result<Plan, Refusal>,
        id: &str,
    ) -> Result<(), Refusal> {
        let slot = self.slot(room).ok_or_else(not_in_room)?;
        let mut live = slot.lock().await;
        let accepted = |game: u32, revision: u64| ServerMessage::Accepted {
            room: room.to_string(),
            game,
            id: id.to_string(),
            revision,
        };
        match plan(&live.room)? {
            Plan::AlreadyStored { game, revision } => {
                caller.out.message(&accepted(game, revision));
            }
            Plan::Append(pending) => {
                let row = live.room.entry_row(&pending, now_ms());
                self.store
                    .write(Write::AppendEntry(row))
                    .await
                    .map_err(storage)?;
                let (game, revision) = (live.room.game_no, pending.entry.revision);
                caller.out.message(&accepted(game, revision));
                self.apply_entry(&slot, &mut live, *pending);
                if live.room.is_over() {
                    log::info!(room = room, game = game, revision = revision; "game over");
                }
            }
        }
        Ok(())
    }

    /// `rematch`.
    pub async fn rematch(
        self: &Arc<Self>,
        caller: &Caller,
        room: &str,
        game: u32,
    ) -> Result<(), Refusal> {
        let slot = self.slot(room).ok_or_else(not_in_room)?;
        let mut live = slot.lock().await;
        match live.room.ask_rematch(&caller.device, game)? {
            None => {
                let message = ServerMessage::RematchAsked {
                    room: room.to_string(),
                    game,
                    asked: live.room.rematch_asked(),
                };
                for s in &live.subscribers {
                    s.out.message(&message);
                }
            }
            Some(mut row) => {
                row.started_ms = now_ms();
                self.store
                    .write(Write::StartGame(row.clone()))
                    .await
                    .map_err(storage)?;
                live.room.start_game(&row);
                self.restart_clock(&slot, &mut live);
                log::info!(room = room, game = row.game_no; "rematch started");
                self.send_room_to_all(&live);
            }
        }
        Ok(())
    }
}

fn not_in_room() -> Refusal {
    refusal(
        ErrorCode::NotInRoom,
        "this device has no seat in such a room",
    )
}

/// A fresh invite code: 12 characters of Crockford's base 32 from the thread's CSPRNG.
fn new_code() -> String {
    let mut rng = rand::rng();
    (0..INVITE_CODE_CHARS)
        .map(|_| char::from(INVITE_CODE_ALPHABET[rng.random_range(0..32)]))
        .collect()
}
