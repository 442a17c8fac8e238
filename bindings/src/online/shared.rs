//! The session's state shared by the app's calls and its connection thread: the room, the
//! connection's state, the app's listener, and the pause/stop/resume controls the thread
//! waits on.

use std::sync::{Arc, Condvar, Mutex, MutexGuard, RwLock};
use std::time::{Duration, Instant};

use mills_online::{Fatal, Room};

use super::address::ServerAddress;
use super::convert;
use super::listener::OnlineListener;
use super::saved;
use super::types::{ConnectionState, OfflineReason, OnlineEvent};

/// The session's state shared with its connection thread.
pub(super) struct Shared {
    pub(super) room: Mutex<Room>,
    pub(super) control: Mutex<Control>,
    pub(super) wake: Condvar,
    pub(super) connection: Mutex<(ConnectionState, String)>,
    pub(super) listener: RwLock<Option<Arc<dyn OnlineListener>>>,
    pub(super) server: ServerAddress,
    /// The TLS settings for a `wss://` server; `None` for a plain one.
    pub(super) tls: Option<Arc<rustls::ClientConfig>>,
    pub(super) secret: String,
    pub(super) name: Option<String>,
    /// The server address as the app gave it, for the room file.
    pub(super) server_text: String,
    pub(super) room_path: Option<String>,
    /// What the room file last said, so it is written only when that changes.
    pub(super) room_written: Mutex<Option<saved::RoomFile>>,
    /// The device's list of rooms whose opponent it blocked (`blocked`), and what it held
    /// when the session started.
    pub(super) blocked_path: String,
    pub(super) blocked_before: std::collections::BTreeSet<String>,
}

#[derive(Default)]
pub(super) struct Control {
    pub(super) stop: bool,
    pub(super) paused: bool,
    /// Bumped by `resume()`: a thread waiting to reconnect tries at once.
    pub(super) resume_seq: u64,
}

impl Shared {
    pub(super) fn room(&self) -> MutexGuard<'_, Room> {
        self.room.lock().unwrap_or_else(|e| e.into_inner())
    }

    pub(super) fn control(&self) -> MutexGuard<'_, Control> {
        self.control.lock().unwrap_or_else(|e| e.into_inner())
    }

    pub(super) fn deliver(&self, events: Vec<OnlineEvent>) {
        let listener = self
            .listener
            .read()
            .unwrap_or_else(|e| e.into_inner())
            .clone();
        if let Some(listener) = listener {
            for event in events {
                let call = std::panic::AssertUnwindSafe(|| listener.on_event(event));
                if std::panic::catch_unwind(call).is_err() {
                    log::error!("online: a listener panicked; the session goes on");
                }
            }
        }
    }

    /// Applies a server message and tells the app; a refusal ends the connection.
    pub(super) fn receive(
        &self,
        message: mills_protocol::ServerMessage,
        now: Instant,
    ) -> Result<(), Fatal> {
        let (events, record) = {
            let mut room = self.room();
            let events = room.receive(message, now)?;
            let blocked_here = room
                .info
                .as_ref()
                .is_some_and(|info| self.blocked_before.contains(&info.code));
            if blocked_here && !room.opponent_blocked {
                room.hide_opponent();
            }
            let record = self
                .room_path
                .as_ref()
                .and_then(|_| saved::RoomFile::of(&self.server_text, &room));
            (events, record)
        };
        if let Some(record) = record {
            self.remember_room(record);
        }
        self.deliver(events.into_iter().map(convert::event).collect());
        Ok(())
    }

    /// Rewrites the room file when its record changed (before the app hears the event that
    /// made it change, so the file is never behind what the player saw). Never after
    /// `shut_down` has returned: the app may delete the file then (`forget_online_room`).
    pub(super) fn remember_room(&self, record: saved::RoomFile) {
        let Some(path) = &self.room_path else { return };
        let mut written = self.room_written.lock().unwrap_or_else(|e| e.into_inner());
        // Read under `room_written`, which shut_down takes after setting `stop`.
        if self.control().stop {
            return;
        }
        if written.as_ref() != Some(&record) {
            saved::write(path, &record);
            *written = Some(record);
        }
    }

    pub(super) fn set_connection(&self, state: ConnectionState) {
        // After shut_down the state stays `Offline(ShutDown)`, whatever the thread was doing.
        let shut_down = ConnectionState::Offline {
            reason: OfflineReason::ShutDown,
        };
        if self.control().stop && state != shut_down {
            return;
        }
        let changed = {
            let mut connection = self.connection.lock().unwrap_or_else(|e| e.into_inner());
            let changed = connection.0 != state;
            connection.0 = state.clone();
            changed
        };
        if changed {
            self.deliver(vec![OnlineEvent::ConnectionChanged { state }]);
        }
    }

    pub(super) fn connection_state(&self) -> ConnectionState {
        self.connection
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .0
            .clone()
    }

    pub(super) fn last_error(&self) -> String {
        self.connection
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .1
            .clone()
    }

    pub(super) fn set_last_error(&self, reason: String) {
        self.connection.lock().unwrap_or_else(|e| e.into_inner()).1 = reason;
    }

    pub(super) fn resume_seq(&self) -> u64 {
        self.control().resume_seq
    }

    pub(super) fn told_to_stop_or_pause(&self) -> bool {
        let control = self.control();
        control.stop || control.paused
    }

    /// Waits while paused; `true` when the session is shutting down.
    pub(super) fn wait_while_paused(&self) -> bool {
        let mut control = self.control();
        if control.paused && !control.stop {
            drop(control);
            self.set_connection(ConnectionState::Offline {
                reason: OfflineReason::Paused,
            });
            control = self.control();
        }
        while control.paused && !control.stop {
            control = self.wake.wait(control).unwrap_or_else(|e| e.into_inner());
        }
        control.stop
    }

    /// Sleeps `pause`, or less if `resume()` is called; `true` when shutting down.
    pub(super) fn sleep_unless_woken(&self, pause: Duration, seq: u64) -> bool {
        let control = self.control();
        let (control, _) = self
            .wake
            .wait_timeout_while(control, pause, |c| {
                !c.stop && !c.paused && c.resume_seq == seq
            })
            .unwrap_or_else(|e| e.into_inner());
        control.stop
    }

    /// Waits for `resume()` (or shut-down, `true`).
    pub(super) fn wait_for_resume(&self, seq: u64) -> bool {
        let control = self.control();
        let control = self
            .wake
            .wait_while(control, |c| !c.stop && c.resume_seq == seq)
            .unwrap_or_else(|e| e.into_inner());
        control.stop
    }
}
