//! Every room in memory, who is subscribed to each, the turn clocks, and the order of work:
//! a request locks its room, is checked by the engine, is stored, and only then is applied,
//! acknowledged and sent to both players.
//!
//! With a shared store (several server processes on one PostgreSQL) the copy in memory may
//! be behind: a room is loaded when first asked for, read again when the store says another
//! process changed it, and a write that loses to another process's (the same key, stored
//! first) reads the room again and decides again.

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

use crate::budget::{Connections, DevicesByAddress, Full, WaitingRooms};
use crate::config::Config;
use crate::known::KnownRooms;
use crate::limits::Buckets;
use crate::moderation::Moderation;
use crate::room::{Member, PendingEntry, Plan, Refusal, Room};
use crate::store::{
    EntryRow, Expiry, Loaded, MemberRow, Notice, Signal, StoreError, StoreHandle, Write,
};

/// With a shared store, how long a lookup of an unknown code waits for its barrier
/// ([`Signal::Sync`]) at most: the listener may be reconnecting.
const SYNC_WAIT: Duration = Duration::from_secs(2);

/// Rooms deleted by one pass of the expiry at most (the rest wait for the next pass).
const EXPIRE_BATCH: usize = 500;

/// The window over which different devices per address are counted.
const DEVICE_WINDOW: Duration = Duration::from_secs(3600);

/// Where a connection's outgoing frames go, and how to tell it to close.
#[derive(Clone)]
pub struct Outbox {
    tx: mpsc::Sender<Arc<str>>,
    kick: Arc<Notify>,
    /// A frame was dropped: every later one is too, so that the client never reads past a
    /// gap before the connection closes.
    overflowed: Arc<AtomicBool>,
    /// Signalled by the connection's writer each time a frame went out (a place freed).
    sent: Arc<Notify>,
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
                overflowed: Arc::new(AtomicBool::new(false)),
                sent: Arc::new(Notify::new()),
            },
            rx,
            kick,
        )
    }

    /// Queues a frame. A client that does not read its frames fast enough is disconnected:
    /// it catches up with `open` after reconnecting, and the room never waits for it.
    pub fn send(&self, frame: Arc<str>) {
        if self.overflowed.load(Ordering::Relaxed) {
            return;
        }
        if let Err(mpsc::error::TrySendError::Full(_)) = self.tx.try_send(frame) {
            self.overflowed.store(true, Ordering::Relaxed);
            self.kick.notify_one();
        }
    }

    /// Queues a message.
    pub fn message(&self, message: &ServerMessage) {
        self.send(encode(message).into());
    }

    /// Places free in the queue now.
    pub fn free(&self) -> usize {
        self.tx.capacity()
    }

    /// What the writer signals each time a frame went out.
    pub fn sent_signal(&self) -> Arc<Notify> {
        self.sent.clone()
    }

    /// Waits until at least `frames` places are free. Reserves nothing: room updates
    /// queued meanwhile still find the places a frame going out frees.
    pub async fn room_for(&self, frames: usize) {
        // `notify_one` keeps a signal sent between the look and the wait, so none is missed.
        while self.free() < frames {
            self.sent.notified().await;
        }
    }
}

/// Who is asking: one connection after its `hello`.
#[derive(Clone)]
pub struct Caller {
    /// The connection's number (for subscriptions and logs).
    pub conn: u64,
    /// The device's key ([`crate::device::key_of`] of its secret).
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
    /// With a shared store: which members other processes have connections from, by
    /// process.
    elsewhere: HashMap<String, [bool; 2]>,
    /// Since when no connection has been subscribed (`None` while one is).
    idle_since: Option<Instant>,
    /// Dropped from memory by the sweep: a request that still holds this slot finds the
    /// room again (from the store).
    evicted: bool,
}

impl Live {
    /// Nothing here that the store does not hold would be lost by dropping it: no one is
    /// subscribed, no clock runs, and it has been so for `idle`. A room waiting for its
    /// second player stays (the per-device limit on waiting rooms counts them).
    fn can_evict(&self, idle: Duration, now: Instant) -> bool {
        self.subscribers.is_empty()
            && self.deadline.is_none()
            && self.room.is_started()
            && self.idle_since.is_some_and(|since| now >= since + idle)
    }
}

type Slot = Arc<tokio::sync::Mutex<Live>>;
type Guard = tokio::sync::OwnedMutexGuard<Live>;

/// The server's rooms.
pub struct Hub {
    config: Config,
    store: StoreHandle,
    rooms: Mutex<HashMap<String, Slot>>,
    /// Device secret to the rooms it sits in, oldest first.
    devices: Mutex<HashMap<String, Vec<String>>>,
    joins: Mutex<Buckets<IpAddr>>,
    /// Joins per device, as per address (a device behind many addresses is still one).
    device_joins: Mutex<Buckets<String>>,
    /// The room codes that exist (stored, here or elsewhere).
    known: KnownRooms,
    /// With a shared store: the last barrier sent, and the last that came back.
    syncs_sent: AtomicU64,
    synced: tokio::sync::watch::Sender<u64>,
    waiting: Mutex<WaitingRooms>,
    devices_by_address: Mutex<DevicesByAddress>,
    /// Open WebSocket connections, by address (health probes are not counted).
    pub sockets: Arc<Connections>,
    next_conn: AtomicU64,
    /// Reports and blocks: their budget, their store, the check of blocked pairs.
    moderation: Moderation,
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
    /// The hub with every unfinished room loaded (each started game's clock starts afresh).
    pub fn new(config: Config, store: StoreHandle, loaded: Loaded) -> Result<Arc<Hub>, StoreError> {
        let hub = Arc::new(Hub {
            moderation: Moderation::new(store.clone()),
            joins: Mutex::new(Buckets::new(config.join_rate)),
            device_joins: Mutex::new(Buckets::new(config.join_rate)),
            known: KnownRooms::new(loaded.room_ids),
            syncs_sent: AtomicU64::new(0),
            synced: tokio::sync::watch::Sender::new(0),
            waiting: Mutex::new(WaitingRooms::default()),
            devices_by_address: Mutex::new(DevicesByAddress::new(DEVICE_WINDOW)),
            sockets: Connections::new(
                config.max_connections,
                config.budgets.connections_per_address,
            ),
            config,
            store,
            rooms: Mutex::new(HashMap::new()),
            devices: Mutex::new(HashMap::new()),
            next_conn: AtomicU64::new(1),
            connections: AtomicUsize::new(0),
            stopping: AtomicBool::new(false),
        });
        for room in Room::all_from(&loaded.snapshot)? {
            // A game that ended just before a stop may not have been marked yet.
            if room.is_over() {
                hub.mark_finished(&room);
            }
            hub.insert_room(room);
        }
        // Players already connected to other processes are online too.
        hub.store.signal(vec![Signal::AskPresence(None)]);
        let slots: Vec<Slot> = hub.rooms.lock().unwrap().values().cloned().collect();
        for slot in slots {
            // No one awaits these locks yet.
            if let Ok(mut live) = slot.try_lock() {
                hub.restart_clock(&slot, &mut live);
            }
        }
        Ok(hub)
    }

    /// Holds `room`, or returns the slot of the same room held already (two requests that
    /// loaded it from a shared store at once).
    fn insert_room(&self, room: Room) -> Slot {
        let mut rooms = self.rooms.lock().unwrap();
        if let Some(held) = rooms.get(&room.id) {
            return held.clone();
        }
        self.seat_devices(&room.id, &room.members);
        if !room.is_started() {
            self.waiting.lock().unwrap().add(&room.id, None);
        }
        let id = room.id.clone();
        let slot = Arc::new(tokio::sync::Mutex::new(Live {
            room,
            deadline: None,
            clock_gen: 0,
            subscribers: Vec::new(),
            elsewhere: HashMap::new(),
            idle_since: Some(Instant::now()),
            evicted: false,
        }));
        rooms.insert(id, slot.clone());
        slot
    }

    /// Notes that `members` sit in `room` (for the per-device count of waiting rooms).
    fn seat_devices(&self, room: &str, members: &[Member]) {
        let mut devices = self.devices.lock().unwrap();
        for m in members {
            devices
                .entry(m.device.clone())
                .or_default()
                .push(room.to_string());
        }
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

    /// The turn timer of the room `code` names, for its invite page; `None` when no room
    /// has that code (answered from memory, like a join of an unknown code).
    pub async fn timer_of(self: &Arc<Self>, code: &str) -> Option<TurnTimer> {
        let (_, live) = self.enter(code).await.ok()??;
        Some(live.room.timer)
    }

    fn slot(&self, room: &str) -> Option<Slot> {
        self.rooms.lock().unwrap().get(room).cloned()
    }

    /// The room held here or loaded from the store (`None`: no such room), locked.
    async fn enter(self: &Arc<Self>, room: &str) -> Result<Option<(Slot, Guard)>, Refusal> {
        // A room evicted between the lookup and the lock is looked up again (it is loaded
        // from the store afresh); twice in a row would take a sweep every instant.
        for _ in 0..3 {
            let Some(slot) = self.find(room).await? else {
                return Ok(None);
            };
            let live = slot.clone().lock_owned().await;
            if !live.evicted {
                return Ok(Some((slot, live)));
            }
        }
        Err(Refusal::new(
            ErrorCode::Internal,
            "the room could not be held",
        ))
    }

    /// The room held here or loaded from the store (`None`: no such room). A code no room
    /// has is answered from memory: it never reaches the store.
    async fn find(self: &Arc<Self>, room: &str) -> Result<Option<Slot>, Refusal> {
        if let Some(slot) = self.slot(room) {
            return Ok(Some(slot));
        }
        if !self.known.contains(room) {
            // Another process may have made it a moment ago: once every notice committed
            // before now has come, the set knows.
            if !self.store.is_shared() {
                return Ok(None);
            }
            self.sync().await;
            if !self.known.contains(room) {
                return Ok(None);
            }
        }
        let rows = self.store.load_room(room).await.map_err(storage)?;
        let Some(fresh) = Room::all_from(&rows).map_err(storage)?.pop() else {
            // Deleted by another process.
            self.known.remove(room);
            return Ok(None);
        };
        let slot = self.insert_room(fresh);
        // Its players may be connected to other processes.
        self.store
            .signal(vec![Signal::AskPresence(Some(room.to_string()))]);
        let mut live = slot.lock().await;
        if live.deadline.is_none() {
            self.restart_clock(&slot, &mut live);
        }
        drop(live);
        Ok(Some(slot))
    }

    // ---- a shared store ----

    /// Waits until every notice committed before now has been handled (up to
    /// [`SYNC_WAIT`]): sends a barrier through the store and waits for it to come back.
    async fn sync(&self) {
        let n = self.syncs_sent.fetch_add(1, Ordering::SeqCst) + 1;
        let mut synced = self.synced.subscribe();
        self.store.signal(vec![Signal::Sync(n)]);
        let _ = tokio::time::timeout(SYNC_WAIT, synced.wait_for(|done| *done >= n)).await;
    }

    /// Follows what other server processes store, until `notices` closes.
    pub async fn follow(self: Arc<Self>, mut notices: mpsc::UnboundedReceiver<Notice>) {
        while let Some(notice) = notices.recv().await {
            if self.stopping.load(Ordering::SeqCst) {
                return;
            }
            let slots: Vec<Slot> = match notice {
                Notice::Entry(row) => {
                    let Some(slot) = self.slot(&row.room) else {
                        continue;
                    };
                    // In order when the room is free (the usual case); a notice handled on
                    // a task of its own may overtake the next, which reads the room again.
                    match slot.clone().try_lock_owned() {
                        Ok(mut live) => self.hear_entry(&slot, &mut live, row).await,
                        Err(_) => {
                            let hub = self.clone();
                            tokio::spawn(async move {
                                let mut live = slot.lock().await;
                                hub.hear_entry(&slot, &mut live, row).await;
                            });
                        }
                    }
                    continue;
                }
                Notice::Changed(id) => {
                    // Most often a room made there; a deleted one is found gone when asked
                    // for.
                    self.known.insert(&id);
                    self.slot(&id).into_iter().collect()
                }
                Notice::Resync => {
                    self.store.signal(vec![Signal::AskPresence(None)]);
                    match self.store.room_ids().await {
                        Ok(ids) => self.known.replace(ids),
                        Err(e) => {
                            log::error!(error = e.to_string().as_str(); "room ids not read again")
                        }
                    }
                    self.rooms.lock().unwrap().values().cloned().collect()
                }
                Notice::Presence {
                    instance,
                    room,
                    member,
                    online,
                } => {
                    if let Some(slot) = self.slot(&room) {
                        let mut live = slot.lock().await;
                        let before = member_online(&live, member);
                        live.elsewhere.entry(instance).or_default()[usize::from(member)] = online;
                        if member_online(&live, member) != before {
                            self.send_presence(&live, member, !before);
                        }
                    }
                    continue;
                }
                Notice::PresenceAsked(room) => {
                    self.announce(room.as_deref()).await;
                    continue;
                }
                Notice::Instances(alive) => {
                    self.forget_gone(&alive).await;
                    continue;
                }
                Notice::Synced(n) => {
                    self.synced.send_if_modified(|done| {
                        let later = n > *done;
                        *done = (*done).max(n);
                        later
                    });
                    continue;
                }
            };
            // Each room on its own task: one busy room does not hold up the others.
            for slot in slots {
                let hub = self.clone();
                tokio::spawn(async move {
                    let mut live = slot.lock().await;
                    hub.refresh(&slot, &mut live).await;
                });
            }
        }
    }

    /// Another process stored an entry of a room held here: applied and sent on when it is
    /// the next one, ignored when it is known, and the room read again after a gap.
    async fn hear_entry(self: &Arc<Self>, slot: &Slot, live: &mut Live, row: EntryRow) {
        let here = (live.room.game_no, live.room.revision());
        if (row.game_no, row.revision) <= here {
            return;
        }
        if row.game_no == here.0 && row.revision == here.1 + 1 {
            match live.room.apply_stored(&row) {
                Ok(entry) => {
                    self.restart_clock(slot, live);
                    self.send_update(live, vec![entry]);
                    return;
                }
                Err(e) => {
                    log::error!(room = row.room.as_str(), error = e.as_str(); "entry heard does not apply");
                }
            }
        }
        self.refresh(slot, live).await;
    }

    /// Tells the other processes every member connected here, in one room or in all (one
    /// of them asked).
    async fn announce(&self, room: Option<&str>) {
        let slots: Vec<Slot> = match room {
            Some(id) => self.slot(id).into_iter().collect(),
            None => self.rooms.lock().unwrap().values().cloned().collect(),
        };
        let mut signals = Vec::new();
        for slot in slots {
            let live = slot.lock().await;
            for member in 0..2u8 {
                if online_here(&live, member) {
                    signals.push(Signal::Presence {
                        room: live.room.id.clone(),
                        member,
                        online: true,
                    });
                }
            }
        }
        self.store.signal(signals);
    }

    /// Forgets the presence other processes reported that are no longer running (a killed
    /// process never says its players left).
    async fn forget_gone(&self, alive: &[String]) {
        let slots: Vec<Slot> = self.rooms.lock().unwrap().values().cloned().collect();
        for slot in slots {
            let mut live = slot.lock().await;
            if live.elsewhere.keys().all(|i| alive.contains(i)) {
                continue;
            }
            let before = [member_online(&live, 0), member_online(&live, 1)];
            live.elsewhere.retain(|i, _| alive.contains(i));
            for member in 0..2u8 {
                if before[usize::from(member)] && !member_online(&live, member) {
                    self.send_presence(&live, member, false);
                }
            }
        }
    }

    /// Drops from memory, every `every`, the rooms idle for `idle` that nothing would miss
    /// ([`Live::can_evict`]); they are loaded from the store when asked for again. Without
    /// this a server that runs for months would hold every room ever played.
    pub async fn sweep(self: Arc<Self>, every: Duration, idle: Duration) {
        loop {
            tokio::time::sleep(every).await;
            if self.stopping.load(Ordering::SeqCst) {
                return;
            }
            let slots: Vec<Slot> = self.rooms.lock().unwrap().values().cloned().collect();
            let now = Instant::now();
            let mut evicted = 0;
            for slot in slots {
                // A room busy now is not idle.
                let Ok(mut live) = slot.try_lock() else {
                    continue;
                };
                if !live.can_evict(idle, now) {
                    continue;
                }
                self.forget(&mut live);
                evicted += 1;
            }
            if evicted > 0 {
                log::debug!(rooms = evicted; "idle rooms dropped from memory");
            }
        }
    }

    /// Drops a held room from memory: a request that holds its slot finds it again.
    fn forget(&self, live: &mut Live) {
        let id = live.room.id.clone();
        live.evicted = true;
        live.clock_gen += 1;
        self.rooms.lock().unwrap().remove(&id);
        self.waiting.lock().unwrap().remove(&id);
        let mut devices = self.devices.lock().unwrap();
        for m in &live.room.members {
            if let Some(rooms) = devices.get_mut(&m.device) {
                rooms.retain(|r| r != &id);
                if rooms.is_empty() {
                    devices.remove(&m.device);
                }
            }
        }
    }

    /// Deletes, every `every`, the rooms past their time (waiting, finished, abandoned:
    /// [`Expiry`]), except one someone is connected to right now.
    pub async fn expire(self: Arc<Self>, every: Duration) {
        loop {
            tokio::time::sleep(every).await;
            if self.stopping.load(Ordering::SeqCst) {
                return;
            }
            let budgets = &self.config.budgets;
            let before = |keep: Option<Duration>| keep.map(|d| now_ms() - d.as_millis() as i64);
            let expiry = Expiry {
                waiting_before_ms: before(budgets.waiting_room_expiry),
                finished_before_ms: before(budgets.finished_room_expiry),
                abandoned_before_ms: before(budgets.abandoned_game_expiry),
            };
            let ids = match self.store.expired(expiry, EXPIRE_BATCH).await {
                Ok(ids) => ids,
                Err(e) => {
                    log::error!(error = e.to_string().as_str(); "expired rooms not read");
                    continue;
                }
            };
            let mut deleted = 0;
            for id in ids {
                match self.delete_room(&id).await {
                    Ok(true) => deleted += 1,
                    Ok(false) => {}
                    Err(e) => {
                        log::error!(room = id.as_str(), error = e.to_string().as_str(); "expired room not deleted")
                    }
                }
            }
            if deleted > 0 {
                log::info!(rooms = deleted; "expired rooms deleted");
            }
        }
    }

    /// Deletes a room from the store and from memory; false when someone is connected to
    /// it (it stays until a later pass).
    async fn delete_room(&self, id: &str) -> Result<bool, StoreError> {
        let mut live = match self.slot(id) {
            Some(slot) => Some(slot.lock_owned().await),
            None => None,
        };
        if live.as_ref().is_some_and(|l| !l.subscribers.is_empty()) {
            return Ok(false);
        }
        self.store.write(Write::DeleteRoom(id.to_string())).await?;
        self.known.remove(id);
        if let Some(live) = &mut live {
            self.forget(live);
        }
        // Loaded by a request while it was being deleted: that copy goes too.
        if let Some(slot) = self.slot(id)
            && let Ok(mut again) = slot.try_lock()
        {
            self.forget(&mut again);
        }
        self.waiting.lock().unwrap().remove(id);
        Ok(true)
    }

    /// Stores that the room's game is over (for the start and the expiry), in the
    /// background: the players were answered already.
    fn mark_finished(&self, room: &Room) {
        let write = Write::FinishGame {
            room: room.id.clone(),
            game_no: room.game_no,
            at_ms: now_ms(),
        };
        let store = self.store.clone();
        tokio::spawn(async move {
            if let Err(e) = store.write(write).await {
                log::error!(error = e.to_string().as_str(); "game end not stored");
            }
        });
    }

    /// Reads the room again and starts the rematch both players asked for, if no process
    /// has started it yet.
    async fn refresh(self: &Arc<Self>, slot: &Slot, live: &mut Live) {
        for _ in 0..3 {
            if let Err(e) = self.reload(slot, live).await {
                log::error!(room = live.room.id.as_str(), error = e.to_string().as_str(); "room not read again");
                return;
            }
            match self.start_rematch(slot, live).await {
                // Another process started it first: read the room again.
                Err(e) if e.is_conflict() => continue,
                Err(e) => {
                    log::error!(room = live.room.id.as_str(), error = e.to_string().as_str(); "rematch not stored");
                    return;
                }
                Ok(_) => return,
            }
        }
    }

    /// Replaces the room by what the store holds and sends its subscribers what changed.
    async fn reload(self: &Arc<Self>, slot: &Slot, live: &mut Live) -> Result<(), StoreError> {
        let rows = self.store.load_room(&live.room.id).await?;
        let Some(fresh) = Room::all_from(&rows)?.pop() else {
            // Deleted (it expired) by another process.
            self.known.remove(&live.room.id);
            self.forget(live);
            return Ok(());
        };
        let old = std::mem::replace(&mut live.room, fresh);
        if live.room.members.len() > old.members.len() {
            self.seat_devices(&live.room.id, &live.room.members[old.members.len()..]);
            self.waiting.lock().unwrap().remove(&live.room.id);
        }
        let same_game =
            live.room.game_no == old.game_no && live.room.members.len() == old.members.len();
        if same_game && live.room.revision() > old.revision() {
            self.restart_clock(slot, live);
            let entries = live.room.entries_after(old.revision());
            self.send_update(live, entries);
        } else if !same_game {
            self.restart_clock(slot, live);
            self.send_room_to_all(live);
        } else if live.room.rematch_asked() != old.rematch_asked() {
            self.send_rematch_asked(live);
        }
        Ok(())
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
            Err(e) if e.is_conflict() && self.store.is_shared() => {
                // Another process stored this revision first (its own timer pass, or a turn).
                self.refresh(slot, &mut live).await;
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
        if live.room.is_over() {
            self.mark_finished(&live.room);
        }
        self.restart_clock(slot, live);
        self.send_update(live, vec![entry]);
    }

    /// Sends the room's new entries (already applied) to its subscribers.
    fn send_update(&self, live: &Live, entries: Vec<wire::Entry>) {
        let over = live.room.is_over();
        let update = ServerMessage::Update {
            room: live.room.id.clone(),
            game: live.room.game_no,
            entries,
            clock: self.clock(live),
            outcome: live.room.outcome(),
            record: if over { live.room.record() } else { None },
        };
        let frame: Arc<str> = encode(&update).into();
        for s in &live.subscribers {
            s.out.send(frame.clone());
        }
    }

    fn send_rematch_asked(&self, live: &Live) {
        let message = ServerMessage::RematchAsked {
            room: live.room.id.clone(),
            game: live.room.game_no,
            asked: live.room.rematch_asked(),
        };
        for s in &live.subscribers {
            s.out.message(&message);
        }
    }

    /// Once both players asked for a rematch: stores the next game and starts it (true);
    /// false while one has not asked.
    async fn start_rematch(
        self: &Arc<Self>,
        slot: &Slot,
        live: &mut Live,
    ) -> Result<bool, StoreError> {
        let Some(mut row) = live.room.rematch_game() else {
            return Ok(false);
        };
        row.started_ms = now_ms();
        self.store.write(Write::StartGame(row.clone())).await?;
        live.room.start_game(&row);
        self.restart_clock(slot, live);
        log::info!(room = live.room.id.as_str(), game = row.game_no; "rematch started");
        self.send_room_to_all(live);
        Ok(true)
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
                    online: member
                        .and_then(|m| room.member_of(&m.device))
                        .is_some_and(|m| member_online(live, m)),
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
        let member = live.room.member_of(&caller.device);
        let before = member.map(|m| (online_here(live, m), member_online(live, m)));
        live.subscribers.push(Subscriber {
            conn: caller.conn,
            device: caller.device.clone(),
            out: caller.out.clone(),
        });
        live.idle_since = None;
        let (Some(member), Some((here, anywhere))) = (member, before) else {
            return;
        };
        if !here {
            self.store.signal(vec![Signal::Presence {
                room: live.room.id.clone(),
                member,
                online: true,
            }]);
        }
        if !anywhere {
            self.send_presence(live, member, true);
        }
    }

    /// Tells the room's other subscribers that `member` came online or went offline.
    fn send_presence(&self, live: &Live, member: u8, online: bool) {
        let message = ServerMessage::Presence {
            room: live.room.id.clone(),
            seat: live.room.seat_of_member(member),
            online,
        };
        for s in &live.subscribers {
            if live.room.member_of(&s.device) != Some(member) {
                s.out.message(&message);
            }
        }
    }

    /// The connection closed: it leaves its rooms.
    pub async fn disconnect(&self, conn: u64, device: &str, rooms: &[String]) {
        for id in rooms {
            let Some(slot) = self.slot(id) else { continue };
            let mut live = slot.lock().await;
            live.subscribers.retain(|s| s.conn != conn);
            if live.subscribers.is_empty() {
                live.idle_since = Some(Instant::now());
            }
            let Some(member) = live.room.member_of(device) else {
                continue;
            };
            if !online_here(&live, member) {
                self.store.signal(vec![Signal::Presence {
                    room: id.clone(),
                    member,
                    online: false,
                }]);
                if !member_online(&live, member) {
                    self.send_presence(&live, member, false);
                }
            }
        }
    }

    // ---- requests ----

    /// The answer to `hello` from `ip`: `rate-limited` when the address has said hello
    /// with too many different devices in the last hour.
    pub async fn welcome(
        self: &Arc<Self>,
        device: &str,
        ip: IpAddr,
    ) -> Result<ServerMessage, Refusal> {
        let admitted = self.devices_by_address.lock().unwrap().admit(
            ip,
            device,
            self.config.budgets.devices_per_address,
            self.config.budgets.devices_total,
            std::time::Instant::now(),
        );
        if let Err(wait) = admitted {
            return Err(rate_limited(
                format!(
                    "too many new devices (from this address, or in all); wait {} ms",
                    wait.as_millis()
                ),
                wait,
            ));
        }
        // From the store: rooms evicted from memory, or made through another process.
        let held = self.store.rooms_of(device).await.unwrap_or_else(|e| {
            log::error!(error = e.to_string().as_str(); "rooms of a device not read");
            Vec::new()
        });
        let ids: Vec<String> = held.into_iter().rev().take(50).collect();
        let mut rooms = Vec::with_capacity(ids.len());
        for id in ids {
            let Ok(Some((_, live))) = self.enter(&id).await else {
                continue;
            };
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
        Ok(ServerMessage::Welcome {
            protocol: wire::PROTOCOL_VERSION,
            server: format!("mills-server {}", env!("CARGO_PKG_VERSION")),
            rooms,
        })
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
            room: self.state_for(&live, seat),
            link: self.config.link(&id),
        });
        log::info!(room = id.as_str(), game = variant.id(), conn = caller.conn; "room created");
        Ok(id)
    }

    /// The room this device already made with this request id, if any.
    async fn created_before(
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
    async fn created_again(
        self: &Arc<Self>,
        caller: &Caller,
        room: &str,
        variant: Variant,
        timer: TurnTimer,
    ) -> Result<String, Refusal> {
        let (_, mut live) = self.enter(room).await?.ok_or_else(not_in_room)?;
        if live.room.variant != variant || live.room.timer != timer {
            return Err(refusal(
                ErrorCode::IdReused,
                "this id belongs to another room",
            ));
        }
        self.subscribe(&mut live, caller);
        let seat = live.room.seat_of(&caller.device).unwrap_or(Seat::P1);
        caller.out.message(&ServerMessage::Created {
            room: self.state_for(&live, seat),
            link: self.config.link(room),
        });
        log::info!(room = room, conn = caller.conn; "room created (again)");
        Ok(room.to_string())
    }

    /// Whether a counted waiting room still waits: held here and not joined. A room
    /// busy right now counts as waiting, which errs on the side of refusing.
    fn still_waiting(&self, id: &str) -> bool {
        self.slot(id)
            .is_some_and(|slot| slot.try_lock().map_or(true, |live| !live.room.is_started()))
    }

    /// `join`: takes the free seat (or opens a room the device sits in); returns the room id.
    pub async fn join(self: &Arc<Self>, caller: &Caller, code: &str) -> Result<String, Refusal> {
        let now = std::time::Instant::now();
        let by_address = self.joins.lock().unwrap().take(&caller.ip, now);
        let by_device = || self.device_joins.lock().unwrap().take(&caller.device, now);
        if let Err(wait) = by_address.and_then(|()| by_device()) {
            return Err(rate_limited(
                format!("too many joins; wait {} ms", wait.as_millis()),
                wait,
            ));
        }
        let id = wire::normalize_code(code)
            .ok_or_else(|| refusal(ErrorCode::UnknownCode, "no room has this code"))?;
        let (slot, mut live) = self
            .enter(&id)
            .await?
            .ok_or_else(|| refusal(ErrorCode::UnknownCode, "no room has this code"))?;
        let mut attempts = 0;
        while live.room.member_of(&caller.device).is_none() {
            if live.room.is_started() {
                return Err(refusal(ErrorCode::RoomFull, "the room has two players"));
            }
            self.moderation
                .refuse_blocked(&live.room, &caller.device)
                .await?;
            let row = MemberRow {
                room: id.clone(),
                member: 1,
                device: caller.device.clone(),
                name: caller.name.clone(),
            };
            // Told before the join is stored, so that other processes show the joiner
            // online in the room they send once they hear of the join (notices arrive in
            // the order they were committed). Taken back if the join is not stored.
            let presence = |online| Signal::Presence {
                room: id.clone(),
                member: 1,
                online,
            };
            self.store.signal(vec![presence(true)]);
            let write = Write::AddMember(row);
            let stored = self.store_for(&slot, &mut live, write, &mut attempts).await;
            if !matches!(stored, Ok(true)) && !online_here(&live, 1) {
                self.store.signal(vec![presence(false)]);
            }
            if !stored? {
                continue; // someone joined through another process first
            }
            live.room.add_member(Member {
                device: caller.device.clone(),
                name: caller.name.clone(),
            });
            self.seat_devices(&id, &live.room.members[1..]);
            self.waiting.lock().unwrap().remove(&id);
            self.restart_clock(&slot, &mut live);
            log::info!(room = id.as_str(), conn = caller.conn; "room joined");
            self.subscribe(&mut live, caller);
            self.send_room_to_all(&live);
            return Ok(id);
        }
        self.subscribe(&mut live, caller);
        self.send_room(&live, caller);
        Ok(id)
    }

    fn send_room(&self, live: &Live, caller: &Caller) {
        if let Some(seat) = live.room.seat_of(&caller.device) {
            caller.out.message(&ServerMessage::Room {
                room: self.state_for(live, seat),
            });
        }
    }

    /// Stores a write of a room: `Ok(false)` when another process stored the same key first,
    /// and the room has been read again for the caller to decide again (a few times at
    /// most).
    async fn store_for(
        self: &Arc<Self>,
        slot: &Slot,
        live: &mut Live,
        write: Write,
        attempts: &mut u32,
    ) -> Result<bool, Refusal> {
        match self.store.write(write).await {
            Ok(()) => Ok(true),
            Err(e) if e.is_conflict() && self.store.is_shared() && *attempts < 3 => {
                *attempts += 1;
                self.reload(slot, live).await.map_err(storage)?;
                Ok(false)
            }
            Err(e) => Err(storage(e)),
        }
    }

    /// `open`: subscribes and sends the room's state.
    pub async fn open(self: &Arc<Self>, caller: &Caller, room: &str) -> Result<(), Refusal> {
        let (slot, mut live) = self.enter(room).await?.ok_or_else(not_in_room)?;
        if live.room.member_of(&caller.device).is_none() {
            return Err(not_in_room());
        }
        if self.store.is_shared() {
            // `open` is how a client catches up: answer with the room as stored, which may
            // be ahead of this process's copy by a turn another process has just stored.
            self.refresh(&slot, &mut live).await;
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
        plan: impl Fn(&Room) -> Result<Plan, Refusal>,
        id: &str,
    ) -> Result<(), Refusal> {
        let (slot, mut live) = self.enter(room).await?.ok_or_else(not_in_room)?;
        let accepted = |game: u32, revision: u64| ServerMessage::Accepted {
            room: room.to_string(),
            game,
            id: id.to_string(),
            revision,
        };
        let mut attempts = 0;
        loop {
            let planned = match plan(&live.room) {
                Ok(planned) => planned,
                // This process's copy may be behind the store (the player saw a turn that
                // another process stored and has not told this one yet): read it again once.
                Err(_) if self.store.is_shared() && attempts == 0 => {
                    attempts += 1;
                    self.reload(&slot, &mut live).await.map_err(storage)?;
                    continue;
                }
                Err(refusal) => return Err(refusal),
            };
            match planned {
                Plan::AlreadyStored { game, revision } => {
                    caller.out.message(&accepted(game, revision));
                    return Ok(());
                }
                Plan::Append(pending) => {
                    let row = live.room.entry_row(&pending, now_ms());
                    let write = Write::AppendEntry(row);
                    if !self
                        .store_for(&slot, &mut live, write, &mut attempts)
                        .await?
                    {
                        // Another process stored this revision (or this id) first: check the
                        // request again against the room as stored.
                        continue;
                    }
                    let (game, revision) = (live.room.game_no, pending.entry.revision);
                    caller.out.message(&accepted(game, revision));
                    self.apply_entry(&slot, &mut live, *pending);
                    if live.room.is_over() {
                        log::info!(room = room, game = game, revision = revision; "game over");
                    }
                    return Ok(());
                }
            }
        }
    }

    /// `rematch`: the ask is stored; the second ask starts the next game.
    pub async fn rematch(
        self: &Arc<Self>,
        caller: &Caller,
        room: &str,
        game: u32,
    ) -> Result<(), Refusal> {
        let (slot, mut live) = self.enter(room).await?.ok_or_else(not_in_room)?;
        if live.room.member_of(&caller.device).is_some() {
            self.moderation
                .refuse_blocked(&live.room, &caller.device)
                .await?;
        }
        let planned = match live.room.plan_rematch(&caller.device, game) {
            Err(_) if self.store.is_shared() => {
                // The game may have ended through another process just now.
                self.reload(&slot, &mut live).await.map_err(storage)?;
                live.room.plan_rematch(&caller.device, game)?
            }
            planned => planned?,
        };
        if let Some(ask) = planned {
            match self.store.write(Write::AskRematch(ask.clone())).await {
                Ok(()) => live.room.commit_rematch(&ask),
                // Asked already, through another process.
                Err(e) if e.is_conflict() && self.store.is_shared() => {}
                Err(e) => return Err(storage(e)),
            }
        }
        if self.store.is_shared() {
            // The other player may have asked through another process just now.
            self.refresh(&slot, &mut live).await;
            if live.room.game_no == game {
                self.send_rematch_asked(&live);
            }
            return Ok(());
        }
        if !self
            .start_rematch(&slot, &mut live)
            .await
            .map_err(storage)?
        {
            self.send_rematch_asked(&live);
        }
        Ok(())
    }
}

impl Hub {
    /// `report` and `block`: within the budget, the room as stored (read again from a
    /// shared store when this process has not seen the join), the write `make` decides
    /// (crate::moderation), stored. The caller answers.
    pub async fn moderate(
        self: &Arc<Self>,
        caller: &Caller,
        room: &str,
        make: impl FnOnce(&Room, i64) -> Result<Write, Refusal>,
    ) -> Result<(), Refusal> {
        self.moderation.spend(&caller.device, caller.ip)?;
        let write = {
            let (slot, mut live) = self.enter(room).await?.ok_or_else(not_in_room)?;
            if !live.room.is_started() && self.store.is_shared() {
                self.reload(&slot, &mut live).await.map_err(storage)?;
            }
            make(&live.room, now_ms())?
        };
        self.moderation.store(write).await
    }
}

/// Whether `member` has a connection to the room at this process.
fn online_here(live: &Live, member: u8) -> bool {
    live.subscribers
        .iter()
        .any(|s| live.room.member_of(&s.device) == Some(member))
}

/// Whether `member` has a connection to the room at this or another process.
fn member_online(live: &Live, member: u8) -> bool {
    online_here(live, member) || live.elsewhere.values().any(|m| m[usize::from(member)])
}

fn rate_limited(message: String, wait: Duration) -> Refusal {
    let mut refusal = Refusal::new(ErrorCode::RateLimited, message);
    refusal.retry_after_ms = Some(wait.as_millis() as u64);
    refusal
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

#[cfg(test)]
mod tests {
    use std::sync::atomic::Ordering;

    use super::*;
    use crate::store::memory::{MemoryStore, Probe};

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn unknown_codes_never_reach_the_store() {
        let probe = Probe::default();
        let stored = MemoryStore::new(&["K7QM2XRP9DTA"], probe.clone());
        let (store, loaded, _) = StoreHandle::start(stored).unwrap();
        let hub = Hub::new(Config::default(), store, loaded).unwrap();
        let (out, _frames, _kick) = Outbox::new(64);
        let caller = Caller {
            conn: 1,
            device: crate::device::key_of(&"d".repeat(43)),
            name: None,
            ip: IpAddr::from([127, 0, 0, 1]),
            out,
        };
        for code in ["ABCDEFGHJKMN", "0000000000000", "K7QM2XRP9DTB", "x"] {
            let refused = hub.open(&caller, code).await.unwrap_err();
            assert_eq!(refused.code, ErrorCode::NotInRoom, "{code}");
        }
        let refused = hub.join(&caller, "k7qm-2xrp-9dtb").await.unwrap_err();
        assert_eq!(refused.code, ErrorCode::UnknownCode);
        assert_eq!(probe.room_reads.load(Ordering::SeqCst), 0);
        // A code that exists is read (the memory store then has no rows for it).
        let _ = hub.open(&caller, "K7QM2XRP9DTA").await;
        assert_eq!(probe.room_reads.load(Ordering::SeqCst), 1);
    }
}
