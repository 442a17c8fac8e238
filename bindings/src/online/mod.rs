//! Playing a friend online: [`OnlineSession`], one room on a `mills-server`, with the surface
//! the apps already draw for a local game (`snapshot`, `changes_since`, `tap`, events, the
//! turn clock) plus the connection, the room and the opponent ([`OnlineStatus`]).
//!
//! The room itself (turns shown only once stored) is the online crate's client state machine
//! (`mills_online::Room`); this module wraps it for the apps:
//!
//! - `listener`: the app's listener of events.
//! - `convert`: the room, its events and taps as the apps' records and enums.
//! - `shared`: the session's state shared with its connection thread.
//! - `address`: the server's address as typed, read once for the connection and the settings.
//! - `link`: the connection thread (blocking WebSocket, reconnects by itself).
//! - `handshake`: the WebSocket opening handshake.
//! - `tls`: TLS for `wss://` servers (rustls, the web's public roots).
//! - `name`: the player's name, made into one a game record can hold.
//! - `secret`: the device secret, kept in a file the app names.
//! - `saved`: the room file, for the way back to the game after the app was killed.
//! - `blocked`: the rooms whose opponent this device blocked (their names stay hidden).
//! - `types`: the records and enums the apps see.
//!
//! The server is the referee and its clock the authority; the board here is drawn from what
//! it stored. docs/online.md ("The client") says why it is built this way.

mod address;
mod blocked;
mod convert;
mod handshake;
mod link;
mod listener;
mod name;
mod saved;
mod secret;
mod shared;
mod test_root;
mod tls;
mod types;

use std::sync::{Arc, Condvar, Mutex, RwLock};
use std::time::Instant;

use mills_core::{self as core};
use mills_online::{Intent, Room};

use crate::board::{BoardSession, BoardSource};
use crate::error::{MillsError, guard};
use crate::types::{
    ChangeBatch, GameId, Player, SessionConfig, Snapshot, TapResult, TurnTimer, parse_point,
};

pub use types::{
    ConnectionState, OfflineReason, OnlineEvent, OnlineStatus, PlayerClock, PlayerInfo,
    ReportReason, RoomInfo,
};

pub use address::{ServerAddressInfo, read_server_address};
pub use listener::OnlineListener;
pub use saved::{SavedOnlineRoom, forget_online_room, saved_online_room};

use address::ServerAddress;
use shared::{Control, Shared};

/// Where the server is and who this device is.
#[derive(Debug, Clone, PartialEq, Eq, uniffi::Record)]
pub struct OnlineOptions {
    /// The server's address from the app's settings: `wss://host` (TLS, port 443 unless
    /// given; the path defaults to `/ws`), `ws://host:port` (plain), `https://…` and
    /// `http://…` for the same, or `host:port` (plain).
    pub server: String,
    /// A file in the app's private storage for the device secret: made (random) on first
    /// use and read afterwards. The app never needs to read it; losing it loses the seats.
    pub secret_path: String,
    /// The name the opponent sees: sent on one line, spaces at its ends dropped, at most 60
    /// characters (what a game record holds).
    #[uniffi(default = None)]
    pub name: Option<String>,
    /// A file in the app's private storage for the room file: written once the server has
    /// given the room and whenever the opponent's name or the game's end becomes known, so
    /// that after a kill the app can offer the way back (`saved_online_room`, then `open`).
    /// `None`: no file.
    #[uniffi(default = None)]
    pub room_path: Option<String>,
}

/// One room on a server, as the game screen draws it. Thread-safe; every call returns at
/// once (the network is the session's own thread). `shut_down()` closes the connection;
/// freeing the object does the same. (Not named `close`: Kotlin's `close()` frees the
/// object.)
#[derive(uniffi::Object)]
pub struct OnlineSession {
    shared: Arc<Shared>,
}

impl OnlineSession {
    fn start(
        options: OnlineOptions,
        intent: Intent,
        game: GameId,
        listener: Option<Arc<dyn OnlineListener>>,
        extra_roots: &[Vec<u8>],
    ) -> Result<Arc<OnlineSession>, MillsError> {
        let server =
            ServerAddress::parse(&options.server).map_err(|reason| MillsError::InvalidServer {
                address: options.server.clone(),
                reason,
            })?;
        let tls = if server.secure {
            let config = test_root::roots_with(extra_roots)
                .and_then(|roots| tls::client_config(&roots))
                .map_err(|reason| MillsError::InvalidServer {
                    address: options.server.clone(),
                    reason,
                })?;
            Some(config)
        } else {
            None
        };
        let secret = secret::load_or_create(&options.secret_path)?;
        let id_prefix = random_id_prefix();
        let shared = Arc::new(Shared {
            room: Mutex::new(Room::for_game(intent, game.into(), id_prefix)),
            control: Mutex::new(Control::default()),
            wake: Condvar::new(),
            connection: Mutex::new((ConnectionState::Connecting, String::new())),
            listener: RwLock::new(listener),
            server,
            tls,
            secret,
            name: options.name.as_deref().and_then(name::player_name),
            server_text: options.server,
            room_path: options.room_path,
            room_written: Mutex::new(None),
            blocked_before: blocked::read(&blocked::path_for(&options.secret_path)),
            blocked_path: blocked::path_for(&options.secret_path),
        });
        let thread_shared = Arc::clone(&shared);
        // Detached: shut_down never waits for it (see there).
        std::thread::Builder::new()
            .name("mills-online".into())
            .spawn(move || link::run(thread_shared))
            .map_err(|e| MillsError::Io {
                reason: format!("starting the connection thread: {e}"),
            })?;
        Ok(Arc::new(OnlineSession { shared }))
    }

    /// The board's snapshot with the server's clock and no undo (an online game has none).
    fn online_snapshot(room: &Room, snapshot: core::Snapshot) -> Snapshot {
        let mut snapshot: Snapshot = snapshot.into();
        let (to_move, left, limit) = room.clock_now(Instant::now());
        if let Some(info) = &room.info {
            snapshot.config = SessionConfig {
                game: info.game.into(),
                mode: crate::types::GameMode::PassAndPlay,
                timer: core::TurnTimer::from_seconds(info.timer_seconds)
                    .unwrap_or(core::TurnTimer::Off)
                    .into(),
            };
        }
        snapshot.turn_limit_ms = limit;
        snapshot.time_left_ms = left.or(limit);
        snapshot.timer_running = to_move.is_some() && left.is_some() && snapshot.outcome.is_none();
        snapshot.paused = false;
        snapshot.can_undo = false;
        snapshot.can_redo = false;
        snapshot
    }
}

impl BoardSource for OnlineSession {
    fn snapshot(&self) -> Snapshot {
        let room = self.shared.room();
        OnlineSession::online_snapshot(&room, room.board.snapshot())
    }

    /// As for a local game: the board changes after `revision` and the snapshot they lead to.
    fn changes_since(&self, revision: u64) -> ChangeBatch {
        let room = self.shared.room();
        let batch = room.board.changes_since(revision);
        ChangeBatch {
            changes: batch.changes.into_iter().map(Into::into).collect(),
            revision: batch.revision,
            snapshot: OnlineSession::online_snapshot(&room, batch.snapshot),
        }
    }
}

#[uniffi::export]
impl OnlineSession {
    /// Creates a room for `game` with `timer`; the invite (code and link) comes with
    /// `OnlineEvent::RoomCreated` and in `status().room`.
    #[uniffi::constructor(default(listener = None))]
    pub fn create(
        options: OnlineOptions,
        game: GameId,
        timer: TurnTimer,
        listener: Option<Arc<dyn OnlineListener>>,
    ) -> Result<Arc<OnlineSession>, MillsError> {
        guard(|| {
            let intent = Intent::Create {
                game: core::Variant::from(game).id().to_string(),
                timer: core::TurnTimer::from(timer).seconds_or_off(),
                side: None,
            };
            OnlineSession::start(options, intent, game, listener, &[])
        })
    }

    /// Joins the room of an invite: its code as people type it (`k7qm-2xrp-9dta`) or its
    /// link (`https://…/join/CODE`, `mills://join/CODE`). `InvalidInvite` when it is neither.
    #[uniffi::constructor(default(listener = None))]
    pub fn join(
        options: OnlineOptions,
        invite: String,
        listener: Option<Arc<dyn OnlineListener>>,
    ) -> Result<Arc<OnlineSession>, MillsError> {
        guard(|| {
            let code = invite_code(&invite).ok_or(MillsError::InvalidInvite {
                invite: invite.clone(),
            })?;
            // The game is known once the server answers; the board is redrawn then.
            OnlineSession::start(options, Intent::Join { code }, GameId::Zhiqi, listener, &[])
        })
    }

    /// Opens a room this device already sits in (its code, from `status().room`), e.g. after
    /// the app was restarted.
    #[uniffi::constructor(default(listener = None))]
    pub fn open(
        options: OnlineOptions,
        room: String,
        listener: Option<Arc<dyn OnlineListener>>,
    ) -> Result<Arc<OnlineSession>, MillsError> {
        guard(|| {
            let room = invite_code(&room).ok_or(MillsError::InvalidInvite {
                invite: room.clone(),
            })?;
            OnlineSession::start(options, Intent::Open { room }, GameId::Zhiqi, listener, &[])
        })
    }

    pub fn set_listener(&self, listener: Option<Arc<dyn OnlineListener>>) {
        *self
            .shared
            .listener
            .write()
            .unwrap_or_else(|e| e.into_inner()) = listener;
    }

    /// What the game screen draws: the stored game plus the turn being entered, with the
    /// server's turn clock (counted down locally from its last reading).
    pub fn snapshot(&self) -> Snapshot {
        BoardSource::snapshot(self)
    }

    /// The board to draw from, as for a local game.
    pub fn board(self: Arc<Self>) -> Arc<BoardSession> {
        BoardSession::of(self)
    }

    /// A tap on a point by name. Fails for a name that is not a point, and with
    /// `SessionClosed` after `shut_down`.
    pub fn tap(&self, point: String) -> Result<TapResult, MillsError> {
        guard(|| {
            let point = parse_point(&point)?;
            if self.is_shut_down() {
                return Err(MillsError::SessionClosed);
            }
            let mut room = self.shared.room();
            let tap = room.tap(point);
            Ok(convert::tap_result(tap, room.to_move()))
        })
    }

    /// Resigns the current game (shown once the server has stored it). `false` when there
    /// is no game going on.
    pub fn resign(&self) -> bool {
        !self.is_shut_down() && self.shared.room().resign()
    }

    /// Asks for another game once this one is over; it starts when both have asked
    /// (`OnlineEvent::RematchStarted`). `false` while the game goes on.
    pub fn rematch(&self) -> bool {
        !self.is_shut_down() && self.shared.room().rematch()
    }

    /// Reports the opponent to the server's operator with `reason` (stored with the room
    /// and both names; `OnlineEvent::OpponentReported` once stored). `false` before the
    /// opponent joined, and after `shut_down`.
    pub fn report(&self, reason: ReportReason) -> bool {
        !self.is_shut_down() && self.shared.room().report(reason.into())
    }

    /// Blocks the opponent: their name is hidden at once and from then on (also after a
    /// restart: the list is kept beside the device secret), and once the server has
    /// stored it (`OnlineEvent::OpponentBlocked`) it seats the two devices together
    /// nowhere again. The game going on can still be played or left. `false` before the
    /// opponent joined, and after `shut_down`.
    pub fn block(&self) -> bool {
        if self.is_shut_down() {
            return false;
        }
        let room = {
            let mut room = self.shared.room();
            if !room.block() {
                return false;
            }
            room.info.as_ref().map(|info| info.code.clone())
        };
        if let Some(code) = room {
            blocked::add(&self.shared.blocked_path, &code);
        }
        // The room file forgets the name too.
        let record = {
            let room = self.shared.room();
            saved::RoomFile::of(&self.shared.server_text, &room)
        };
        if let Some(record) = record {
            self.shared.remember_room(record);
        }
        true
    }

    /// The connection, the room, the opponent, both clocks and the finished game.
    pub fn status(&self) -> OnlineStatus {
        let connection = self.shared.connection_state();
        let room = self.shared.room();
        let (to_move, left, limit) = room.clock_now(Instant::now());
        let over = room.is_over();
        let clocks = [Player::P1, Player::P2]
            .into_iter()
            .map(|player| {
                let running = !over && to_move == Some(player.into()) && left.is_some();
                PlayerClock {
                    player,
                    left_ms: if running { left } else { limit },
                    running,
                }
            })
            .collect();
        let opponent_online = room
            .info
            .as_ref()
            .is_some_and(|info| info.seats.iter().any(|s| s.side != info.you && s.online));
        OnlineStatus {
            connection,
            room: room.info.as_ref().map(convert::room_info),
            opponent_name: room.opponent_name(),
            opponent_online,
            opponent_away_minutes: room.opponent_away_minutes(Instant::now()),
            clocks,
            awaiting_server: room.pending.is_some(),
            rematch_asked: room.rematch_asked().into_iter().map(Player::from).collect(),
            outcome: room.outcome_on_board().map(Into::into),
            record: room.record.clone(),
            opponent_blocked: room.opponent_blocked,
        }
    }

    /// The app went to the background: the connection is closed (the server keeps the
    /// game and its clock; nothing unacknowledged is lost).
    pub fn pause(&self) {
        self.shared.control().paused = true;
        self.shared.wake.notify_all();
    }

    /// The app is back (or the player asked to retry): reconnect now.
    pub fn resume(&self) {
        {
            let mut control = self.shared.control();
            control.paused = false;
            control.resume_seq += 1;
        }
        self.shared.wake.notify_all();
    }

    /// Closes the connection and stops the session's thread, without waiting for it (the
    /// app's thread never waits on the network): the thread ends at its next look (within
    /// 20 ms) or when a connection attempt in progress gives up (at most 5 s). The listener
    /// is dropped at once, so no call reaches the app after this returns but one already in
    /// progress, and the room file is not written after it. The board and status keep their
    /// last state; `tap` fails with `SessionClosed`, `resign` and `rematch` answer `false`.
    pub fn shut_down(&self) {
        self.shared.control().stop = true;
        self.shared.wake.notify_all();
        // A room file write in progress ends before this returns (a local file, not the
        // network); none starts after it.
        drop(
            self.shared
                .room_written
                .lock()
                .unwrap_or_else(|e| e.into_inner()),
        );
        *self
            .shared
            .listener
            .write()
            .unwrap_or_else(|e| e.into_inner()) = None;
        self.shared.set_connection(ConnectionState::Offline {
            reason: OfflineReason::ShutDown,
        });
    }

    pub fn is_shut_down(&self) -> bool {
        self.shared.control().stop
    }

    /// The actions the board shows, in notation (the stored game, then the turn being
    /// entered): a record for sharing, not for drawing.
    pub fn actions(&self) -> Vec<String> {
        crate::types::actions_text(self.shared.room().board.game().actions())
    }

    /// The revision of the stored game the board shows (the number of the server's entries).
    pub fn stored_revision(&self) -> u64 {
        self.shared.room().revision()
    }
}

/// Rust only, never exported to the apps (no `uniffi::export`): sessions that also trust
/// `extra_root` (a DER certificate) for a `wss://` server. The integration tests run their
/// own TLS terminator with a made-up root; the apps trust the web's public roots and nothing
/// else, and have no way to add one.
impl OnlineSession {
    #[doc(hidden)]
    pub fn create_trusting(
        options: OnlineOptions,
        game: GameId,
        timer: TurnTimer,
        listener: Option<Arc<dyn OnlineListener>>,
        extra_root: Vec<u8>,
    ) -> Result<Arc<OnlineSession>, MillsError> {
        let intent = Intent::Create {
            game: core::Variant::from(game).id().to_string(),
            timer: core::TurnTimer::from(timer).seconds_or_off(),
            side: None,
        };
        OnlineSession::start(options, intent, game, listener, &[extra_root])
    }

    #[doc(hidden)]
    pub fn join_trusting(
        options: OnlineOptions,
        invite: String,
        listener: Option<Arc<dyn OnlineListener>>,
        extra_root: Vec<u8>,
    ) -> Result<Arc<OnlineSession>, MillsError> {
        let code = invite_code(&invite).ok_or(MillsError::InvalidInvite {
            invite: invite.clone(),
        })?;
        let intent = Intent::Join { code };
        OnlineSession::start(options, intent, GameId::Zhiqi, listener, &[extra_root])
    }
}

impl Drop for OnlineSession {
    fn drop(&mut self) {
        self.shut_down();
    }
}

/// The code of an invite: a code as typed, or a link ending in `/join/CODE`.
fn invite_code(text: &str) -> Option<String> {
    let text = text.trim();
    let code = match text.rfind("/join/") {
        Some(at) => text[at + "/join/".len()..].trim_end_matches('/'),
        None => text,
    };
    let code = code.split(['?', '#']).next().unwrap_or(code);
    mills_protocol::normalize_code(code)
}

/// A per-session prefix that keeps client ids unique within a room across app restarts.
fn random_id_prefix() -> String {
    use rand::Rng;
    let n: u64 = rand::rng().random();
    format!("{n:016x}")
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use super::*;

    #[test]
    fn invites_are_read_from_codes_and_links() {
        let code = "K7QM2XRP9DTA";
        assert_eq!(invite_code("k7qm-2xrp-9dta").as_deref(), Some(code));
        assert_eq!(
            invite_code("https://mills.example/join/K7QM2XRP9DTA").as_deref(),
            Some(code)
        );
        assert_eq!(
            invite_code("mills://join/K7QM-2XRP-9DTA/").as_deref(),
            Some(code)
        );
        assert_eq!(invite_code("hello"), None);
        assert_eq!(invite_code("https://x/join/"), None);
    }

    #[test]
    fn shutting_down_never_waits_for_the_network() {
        // A server that takes the connection and never answers the handshake.
        let silent = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
        let port = silent.local_addr().unwrap().port();
        let dir = std::env::temp_dir().join(format!("mills-shutdown-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let options = OnlineOptions {
            server: format!("ws://127.0.0.1:{port}"),
            secret_path: dir.join("secret").to_str().unwrap().to_string(),
            name: None,
            room_path: None,
        };
        let session =
            OnlineSession::create(options, GameId::Zhiqi, TurnTimer::Seconds60, None).unwrap();
        std::thread::sleep(Duration::from_millis(100));
        assert_eq!(session.status().connection, ConnectionState::Connecting);
        let started = std::time::Instant::now();
        session.shut_down();
        assert!(
            started.elapsed() < Duration::from_millis(100),
            "{:?}",
            started.elapsed()
        );
        assert!(session.is_shut_down());
        assert_eq!(
            session.status().connection,
            ConnectionState::Offline {
                reason: OfflineReason::ShutDown
            }
        );
        assert_eq!(session.tap("d6".into()), Err(MillsError::SessionClosed));
        assert!(!session.resign());
        drop(session);
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
