//! Every room in memory and the order of work: a request locks its room, is checked by the
//! engine, is stored, and only then is applied, acknowledged and sent to both players.
//! The requests themselves are in [`crate::cmd`]; the shared-store sync in
//! [`crate::shared`]; the sweep and the expiry in [`crate::upkeep`]; the clocks' deadlines
//! in [`crate::clock`]; a held room and its views in [`crate::live`].
//!
//! With a shared store (several server processes on one PostgreSQL) the copy in memory may
//! be behind: a room is loaded when first asked for, read again when the store says another
//! process changed it, and a write that loses to another process's (the same key, stored
//! first) reads the room again and decides again.

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, Weak};
use std::time::Duration;

use mills_online::TurnClock;
use mills_online::names::side;
use mills_protocol::ErrorCode;
use tokio::sync::mpsc;
use tokio::time::Instant;

use crate::budget::{Connections, DevicesByAddress, WaitingRooms};
use crate::clock::{Clocks, TimeUp, now_ms};
use crate::config::Config;
use crate::flood_pause::FloodPauses;
use crate::known::KnownRooms;
use crate::limits::Buckets;
use crate::live::{Guard, Live, Slot};
use crate::moderation::Moderation;
use crate::refusal::storage;
use crate::room::{Member, PendingEntry, Refusal, Room};
use crate::store::{Loaded, Signal, StoreError, StoreHandle, Write};

/// The window over which different devices per address are counted.
const DEVICE_WINDOW: Duration = Duration::from_secs(3600);

/// The server's rooms.
pub struct Hub {
    pub(crate) config: Config,
    pub(crate) store: StoreHandle,
    pub(crate) rooms: Mutex<HashMap<String, Slot>>,
    /// Device secret to the rooms it sits in, oldest first.
    pub(crate) devices: Mutex<HashMap<String, Vec<String>>>,
    pub(crate) joins: Mutex<Buckets<IpAddr>>,
    /// Joins per device, as per address (a device behind many addresses is still one).
    pub(crate) device_joins: Mutex<Buckets<String>>,
    /// The room codes that exist (stored, here or elsewhere).
    pub(crate) known: KnownRooms,
    /// With a shared store: the last barrier sent, and the last that came back.
    pub(crate) syncs_sent: AtomicU64,
    pub(crate) synced: tokio::sync::watch::Sender<u64>,
    pub(crate) waiting: Mutex<WaitingRooms>,
    pub(crate) devices_by_address: Mutex<DevicesByAddress>,
    /// Addresses whose new connections wait: one of theirs was closed for flooding.
    pub(crate) flood_pauses: Mutex<FloodPauses>,
    /// Open WebSocket connections, by address (health probes are not counted).
    pub sockets: Arc<Connections>,
    pub(crate) next_conn: AtomicU64,
    /// Reports and blocks: their budget, their store, the check of blocked pairs.
    pub(crate) moderation: Moderation,
    /// Open connections (for the health endpoint and the connection limit).
    pub connections: AtomicUsize,
    pub(crate) stopping: AtomicBool,
    /// The turn clocks' deadlines.
    pub(crate) clocks: Clocks,
}

/// What a request decided against a room as it stands ([`Hub::transact`]).
// Not boxed: a step lives only from the plan to its store.
#[allow(clippy::large_enum_variant)]
pub enum Step<T> {
    /// Nothing to store: the answer as it is (a request sent again, a deadline moved on).
    Answer(T),
    /// A change to store, then apply.
    Store(Change<T>),
}

/// Applies a stored change to the room held; answers and sends.
pub type Apply<T> = Box<dyn FnOnce(&Arc<Hub>, &mut Live) -> T + Send>;

/// A change of a room: stored first, applied only once stored.
pub struct Change<T> {
    pub write: Write,
    /// A member said online before the write is stored and taken back if it is not: a
    /// joiner, so that other processes show it online in the room they send once they hear
    /// of the join (notices arrive in the order they were committed).
    pub online_first: Option<u8>,
    /// Applies the stored change to the room held; answers and sends.
    pub apply: Apply<T>,
}

impl Hub {
    /// The hub with every unfinished room loaded (each started game's clock starts afresh).
    pub fn new(config: Config, store: StoreHandle, loaded: Loaded) -> Result<Arc<Hub>, StoreError> {
        let (clocks, passed) = Clocks::start();
        let hub = Arc::new(Hub {
            clocks,
            moderation: Moderation::new(store.clone()),
            joins: Mutex::new(Buckets::new(config.join_rate)),
            device_joins: Mutex::new(Buckets::new(config.join_rate)),
            known: KnownRooms::new(loaded.room_ids),
            syncs_sent: AtomicU64::new(0),
            synced: tokio::sync::watch::Sender::new(0),
            waiting: Mutex::new(WaitingRooms::default()),
            devices_by_address: Mutex::new(DevicesByAddress::new(DEVICE_WINDOW)),
            flood_pauses: Mutex::new(FloodPauses::new(config.flood_pause)),
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
                hub.restart_clock(&mut live);
            }
        }
        tokio::spawn(time_ups(Arc::downgrade(&hub), passed));
        Ok(hub)
    }

    /// Holds `room`, or returns the slot of the same room held already (two requests that
    /// loaded it from a shared store at once).
    pub(crate) fn insert_room(&self, room: Room) -> Slot {
        let mut rooms = self.rooms.lock().unwrap();
        if let Some(held) = rooms.get(&room.id) {
            return held.clone();
        }
        self.seat_devices(&room.id, &room.members);
        if !room.is_started() {
            self.waiting.lock().unwrap().add(&room.id, None);
        }
        let id = room.id.clone();
        let turn_limit = self.config.turn_limit(room.timer);
        let slot = Arc::new(tokio::sync::Mutex::new(Live::new(room, turn_limit)));
        rooms.insert(id, slot.clone());
        slot
    }

    /// Notes that `members` sit in `room` (for the per-device count of waiting rooms).
    pub(crate) fn seat_devices(&self, room: &str, members: &[Member]) {
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

    pub(crate) fn slot(&self, room: &str) -> Option<Slot> {
        self.rooms.lock().unwrap().get(room).cloned()
    }

    /// The room held here or loaded from the store (`None`: no such room), locked.
    pub(crate) async fn enter(self: &Arc<Self>, room: &str) -> Result<Option<Guard>, Refusal> {
        // A room evicted between the lookup and the lock is looked up again (it is loaded
        // from the store afresh); twice in a row would take a sweep every instant.
        for _ in 0..3 {
            let Some(slot) = self.find(room).await? else {
                return Ok(None);
            };
            let live = slot.clone().lock_owned().await;
            if !live.evicted {
                return Ok(Some(live));
            }
        }
        Err(Refusal::new(
            ErrorCode::Internal,
            "the room could not be held",
        ))
    }

    /// The room held here or loaded from the store (`None`: no such room). A code no room
    /// has is answered from memory: it never reaches the store.
    pub(crate) async fn find(self: &Arc<Self>, room: &str) -> Result<Option<Slot>, Refusal> {
        if let Some(slot) = self.slot(room) {
            return Ok(Some(slot));
        }
        if !self.known.contains(room) {
            // Another process may have made it a moment ago: once every notice committed
            // before now has come, the set knows. A barrier that did not come back in time
            // (the listener reconnecting, or far behind) proves nothing: the store answers,
            // never a guess that the room does not exist.
            if !self.store.is_shared() {
                return Ok(None);
            }
            if self.sync().await && !self.known.contains(room) {
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
        if live.turn.is_none() {
            self.restart_clock(&mut live);
        }
        drop(live);
        Ok(Some(slot))
    }

    /// Drops a held room from memory: a request that holds its slot finds it again.
    pub(crate) fn forget(&self, live: &mut Live) {
        let id = live.room.id.clone();
        live.evicted = true;
        self.stop_clock(live);
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

    /// Stores that the room's game is over (for the start and the expiry), in the
    /// background: the players were answered already.
    pub(crate) fn mark_finished(&self, room: &Room) {
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
    pub(crate) async fn refresh(self: &Arc<Self>, live: &mut Live) {
        for _ in 0..3 {
            if let Err(e) = self.reload(live).await {
                log::error!(room = live.room.id.as_str(), error = e.to_string().as_str(); "room not read again");
                return;
            }
            match self.start_rematch(live).await {
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
    pub(crate) async fn reload(self: &Arc<Self>, live: &mut Live) -> Result<(), StoreError> {
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
            self.restart_clock(live);
            let entries = live.room.entries_after(old.revision());
            live.send_update(entries);
        } else if !same_game {
            self.restart_clock(live);
            live.send_room_to_all();
        } else if live.room.rematch_asked() != old.rematch_asked() {
            live.send_rematch_asked();
        }
        Ok(())
    }

    /// Starts the turn's time again (a new turn began), or stops it (waiting, over, off).
    pub(crate) fn restart_clock(&self, live: &mut Live) {
        live.turn = None;
        let running = live.room.is_started() && !live.room.is_over();
        match live.turn_limit {
            Some(limit) if running => self.arm_clock(live, limit),
            _ => self.stop_clock(live),
        }
    }

    /// Stops the room's clock: a deadline already armed does nothing.
    pub(crate) fn stop_clock(&self, live: &mut Live) {
        live.turn = None;
        if live.clock_gen != 0 {
            live.clock_gen = 0;
            self.clocks.stop(&live.room.id);
        }
    }

    fn arm_clock(&self, live: &mut Live, after: Duration) {
        let Some(to_move) = live.room.to_move() else {
            return self.stop_clock(live);
        };
        let turn = TurnClock::started(side(to_move), Some(after), std::time::Instant::now());
        let deadline = turn.deadline().map_or_else(Instant::now, Instant::from_std);
        live.turn = Some(turn);
        live.clock_gen = self.clocks.arm(&live.room.id, deadline);
    }

    /// A turn's time ran out: the pass is stored, then applied and sent.
    async fn time_up(self: &Arc<Self>, room: &str, generation: u64) {
        if self.stopping.load(Ordering::SeqCst) {
            return;
        }
        let Some(slot) = self.slot(room) else {
            return;
        };
        let mut live = slot.lock().await;
        if live.clock_gen != generation || live.evicted {
            return;
        }
        let passed = self
            .transact(&mut live, false, |live| {
                // Read again after a conflict: the turn moved on (the clock restarted).
                if live.clock_gen != generation {
                    return Ok(Step::Answer(()));
                }
                let Some(pending) = live.room.plan_pass() else {
                    return Ok(Step::Answer(()));
                };
                let row = live.room.entry_row(&pending, now_ms());
                Ok(Step::Store(Change {
                    write: Write::AppendEntry(row),
                    online_first: None,
                    apply: Box::new(move |hub, live| {
                        log::info!(room = live.room.id.as_str(), revision = pending.entry.revision; "turn timed out");
                        hub.apply_entry(live, pending);
                    }),
                }))
            })
            .await;
        if passed.is_err() {
            // Try again shortly; the turn is not passed until the pass is stored.
            log::error!(room = room; "timer pass not stored");
            self.arm_clock(&mut live, Duration::from_secs(1));
        }
    }

    /// Applies a stored entry, restarts the clock and sends the update to the room.
    pub(crate) fn apply_entry(self: &Arc<Self>, live: &mut Live, pending: PendingEntry) {
        let entry = pending.entry.clone();
        live.room.commit(pending);
        if live.room.is_over() {
            self.mark_finished(&live.room);
        }
        self.restart_clock(live);
        live.send_update(vec![entry]);
    }

    /// Once both players asked for a rematch: stores the next game and starts it (true);
    /// false while one has not asked.
    pub(crate) async fn start_rematch(
        self: &Arc<Self>,
        live: &mut Live,
    ) -> Result<bool, StoreError> {
        let Some(mut row) = live.room.rematch_game() else {
            return Ok(false);
        };
        row.started_ms = now_ms();
        self.store.write(Write::StartGame(row.clone())).await?;
        live.room.start_game(&row);
        self.restart_clock(live);
        log::info!(room = live.room.id.as_str(), game = row.game_no; "rematch started");
        live.send_room_to_all();
        Ok(true)
    }

    /// The one path of a change to a room held locked: `plan` decides against the room as
    /// it stands; a change is stored, and only once stored applied (which answers and
    /// sends). When another process stored the same key first, the room is read again and
    /// planned again (a few times at most). With `reread_refused`, a refused plan reads a
    /// shared store's room again once first: this process's copy may be behind (a player
    /// saw a turn another process stored and has not told this one yet).
    pub(crate) async fn transact<T>(
        self: &Arc<Self>,
        live: &mut Live,
        reread_refused: bool,
        mut plan: impl FnMut(&Live) -> Result<Step<T>, Refusal>,
    ) -> Result<T, Refusal> {
        let mut attempts = 0;
        loop {
            let change = match plan(live) {
                Ok(Step::Answer(answer)) => return Ok(answer),
                Ok(Step::Store(change)) => change,
                Err(_) if reread_refused && self.store.is_shared() && attempts == 0 => {
                    attempts += 1;
                    self.reload(live).await.map_err(storage)?;
                    continue;
                }
                Err(refusal) => return Err(refusal),
            };
            let presence = |member, online| {
                vec![Signal::Presence {
                    room: live.room.id.clone(),
                    member,
                    online,
                }]
            };
            if let Some(member) = change.online_first {
                self.store.signal(presence(member, true));
            }
            let stored = match self.store.write(change.write).await {
                Ok(()) => Ok(true),
                Err(e) if e.is_conflict() && self.store.is_shared() && attempts < 3 => Ok(false),
                Err(e) => Err(storage(e)),
            };
            if let Some(member) = change.online_first
                && !matches!(stored, Ok(true))
                && !live.online_here(member)
            {
                self.store.signal(presence(member, false));
            }
            if !stored? {
                // Another process stored first: plan again against the room as stored.
                attempts += 1;
                self.reload(live).await.map_err(storage)?;
                continue;
            }
            return Ok((change.apply)(self, live));
        }
    }
}

/// Passes the turns whose time ran out, each on its own task (one busy room does not
/// hold up the others), while the hub is alive.
async fn time_ups(hub: Weak<Hub>, mut passed: mpsc::UnboundedReceiver<TimeUp>) {
    while let Some((room, generation)) = passed.recv().await {
        let Some(hub) = hub.upgrade() else { return };
        tokio::spawn(async move { hub.time_up(&room, generation).await });
    }
}
