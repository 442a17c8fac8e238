//! One WebSocket connection after its handshake: its rate and forgiven refusals, its
//! `hello`, and each request routed to the hub.

use std::sync::Arc;
use std::time::Duration;

use futures_util::StreamExt;
use mills_protocol::{ClientMessage, DecodeError, ErrorCode, ServerMessage, decode_client};
use tokio::time::timeout;
use tokio_tungstenite::tungstenite::{Error as WsError, Message};

use crate::hub::Hub;
use crate::limits::{Bucket, Rate};
use crate::moderation::Moderation;
use crate::outbox::{Caller, Outbox};
use crate::room::{Refusal, Room};

/// Frames queued for one client before it counts as too slow and is disconnected.
pub(super) const OUTBOX_FRAMES: usize = 256;
/// Places that must be free in the outbox before the client's next request is read: its
/// answers (and, at a stop, the `shutting-down` answers to what is still unread) always
/// fit, so a client that sends many requests at once is slowed to the pace its answers go
/// out instead of being disconnected as too slow for answers to its own requests.
pub(super) const ROOM_TO_READ: usize = OUTBOX_FRAMES / 2;
/// How many messages over the rate a connection is forgiven: 20, and one more each second.
/// Refusals are counted in a bucket of their own, not in a row: a count of refusals in a row
/// starts again at every message let through, so a flood paced to get one message through
/// each time a token comes back (seven times the rate, say) would never be closed. A client
/// that waits the `retry_after_ms` it is told is refused about once per wait.
const FORGIVEN_REFUSALS: Rate = Rate {
    burst: 20.0,
    per_second: 1.0,
};
/// Unread requests answered `shutting-down` at most, when the server stops (no more than
/// the outbox has places free, so that every answer goes out).
const UNREAD_ANSWERS: usize = ROOM_TO_READ;
/// How long a stop waits for each request still unread (already in the socket, but the
/// writer may hold the socket for a moment while it sends).
const UNREAD_WAIT: Duration = Duration::from_millis(20);

/// A connection's state: who it is after `hello`, the rooms it opened, its rate.
pub(super) struct Session {
    hub: Arc<Hub>,
    conn: u64,
    client_ip: std::net::IpAddr,
    out: Outbox,
    pub(super) caller: Option<Caller>,
    pub(super) rooms: Vec<String>,
    bucket: Bucket,
    /// What is left of [`FORGIVEN_REFUSALS`].
    forgiven: Bucket,
    /// Closed for going on past the message rate (which pauses the address).
    pub(super) flooded: bool,
}

impl Session {
    pub(super) fn new(
        hub: Arc<Hub>,
        conn: u64,
        client_ip: std::net::IpAddr,
        out: Outbox,
    ) -> Session {
        let bucket = Bucket::full(hub.config().message_rate, std::time::Instant::now());
        Session {
            hub,
            conn,
            client_ip,
            out,
            caller: None,
            rooms: Vec::new(),
            bucket,
            forgiven: Bucket::full(FORGIVEN_REFUSALS, std::time::Instant::now()),
            flooded: false,
        }
    }

    pub(super) fn error(&self, message: ServerMessage) {
        self.out.message(&message);
    }

    pub(super) fn refused(&self, refusal: Refusal, room: Option<&str>, id: Option<&str>) {
        self.out.message(&ServerMessage::Error {
            code: refusal.code,
            message: refusal.message,
            id: id.map(str::to_string),
            room: room.map(str::to_string),
            retry_after_ms: refusal.retry_after_ms,
        });
    }

    /// Takes a token of the message rate; over the rate, answers `rate-limited` naming the
    /// refused request (its `id` and `room`, when `text` is one) and says whether the
    /// connection stays open (`Err`).
    pub(super) fn admit(&mut self, text: Option<&str>) -> Result<(), bool> {
        let now = std::time::Instant::now();
        let Err(wait) = self.bucket.take(self.hub.config().message_rate, now) else {
            return Ok(());
        };
        let refused = text.and_then(|t| decode_client(t).ok());
        let (id, room) = refused.as_ref().map_or((None, None), request_names);
        self.out.message(&ServerMessage::Error {
            code: ErrorCode::RateLimited,
            message: "too many messages".into(),
            id: id.map(str::to_string),
            room: room.map(str::to_string),
            retry_after_ms: Some(wait.as_millis() as u64),
        });
        let keep_open = self.forgiven.take(FORGIVEN_REFUSALS, now).is_ok();
        self.flooded |= !keep_open;
        Err(keep_open)
    }

    /// When the server stops: the requests that reached the connection but were not read
    /// yet are answered `shutting-down`, each named, so the client sends them again (to
    /// another process, or this one restarted) without waiting for an answer that will
    /// not come. Only what is already there is read: each frame is waited for
    /// [`UNREAD_WAIT`] at most, for the writer shares the socket and may be holding it.
    pub(super) async fn refuse_unread<S>(&self, frames: &mut S)
    where
        S: futures_util::Stream<Item = Result<Message, WsError>> + Unpin,
    {
        for _ in 0..UNREAD_ANSWERS.min(self.out.free()) {
            let text = match timeout(UNREAD_WAIT, frames.next()).await {
                Ok(Some(Ok(Message::Text(text)))) => text,
                Ok(Some(Ok(_))) => continue,
                _ => return,
            };
            let Ok(message) = decode_client(text.as_str()) else {
                continue;
            };
            if matches!(
                message,
                ClientMessage::Ping { .. } | ClientMessage::Hello { .. }
            ) {
                continue;
            }
            let (id, room) = request_names(&message);
            self.out.message(&ServerMessage::Error {
                code: ErrorCode::ShuttingDown,
                message: "the server is stopping: send it again after reconnecting".into(),
                id: id.map(str::to_string),
                room: room.map(str::to_string),
                retry_after_ms: None,
            });
        }
    }

    /// Handles one binary frame (not part of the protocol, but counted like any message);
    /// false closes the connection.
    pub(super) fn handle_binary(&mut self) -> bool {
        if let Err(keep_open) = self.admit(None) {
            return keep_open;
        }
        self.error(ServerMessage::error(
            ErrorCode::BadMessage,
            "binary frames are not part of the protocol",
        ));
        true
    }

    /// Handles one text frame; false closes the connection.
    pub(super) async fn handle_text(&mut self, text: &str) -> bool {
        if let Err(keep_open) = self.admit(Some(text)) {
            return keep_open;
        }
        let message = match decode_client(text) {
            Ok(message) => message,
            Err(DecodeError::TooLarge { .. }) => {
                self.error(ServerMessage::error(ErrorCode::TooLarge, "frame too large"));
                return false;
            }
            Err(e) => {
                self.error(ServerMessage::error(ErrorCode::BadMessage, e.to_string()));
                return true;
            }
        };
        match (message, self.caller.clone()) {
            (ClientMessage::Ping { nonce }, _) => {
                self.out.message(&ServerMessage::Pong { nonce });
                true
            }
            (
                ClientMessage::Hello {
                    protocol,
                    device,
                    name,
                },
                None,
            ) => {
                if protocol != mills_protocol::PROTOCOL_VERSION {
                    self.error(ServerMessage::error(
                        ErrorCode::UnsupportedVersion,
                        format!(
                            "this server speaks protocol {}",
                            mills_protocol::PROTOCOL_VERSION
                        ),
                    ));
                    return false;
                }
                // A name must fit a record's header (or the finished game would have no
                // record) and the server's rule (crate::names); it is kept in NFC. The
                // engine's client makes the app's text into such a name before sending it.
                let name = match name.as_deref().map(|n| self.hub.config().names.check(n)) {
                    None => None,
                    Some(Ok(name)) => Some(name),
                    Some(Err(why)) => {
                        self.error(ServerMessage::error(
                            ErrorCode::NameRefused,
                            format!("name: {why}"),
                        ));
                        return true;
                    }
                };
                // From here on the device is its key: the secret is not kept, even in memory.
                let device = crate::device::key_of(&device);
                match self.hub.welcome(&device, self.client_ip).await {
                    Ok(welcome) => self.out.message(&welcome),
                    Err(refusal) => {
                        self.refused(refusal, None, None);
                        return false;
                    }
                }
                self.caller = Some(Caller {
                    conn: self.conn,
                    device,
                    name,
                    ip: self.client_ip,
                    out: self.out.clone(),
                });
                true
            }
            (_, None) | (ClientMessage::Hello { .. }, Some(_)) => {
                self.error(ServerMessage::error(
                    ErrorCode::HelloFirst,
                    "hello comes first, and once",
                ));
                true
            }
            (message, Some(caller)) => {
                self.handle(&caller, message).await;
                true
            }
        }
    }

    async fn handle(&mut self, caller: &Caller, message: ClientMessage) {
        let hub = self.hub.clone();
        match message {
            ClientMessage::Create {
                game,
                timer,
                side,
                id,
            } => match hub.create(caller, &game, timer, side, id.as_deref()).await {
                Ok(room) => self.rooms.push(room),
                Err(r) => self.refused(r, None, None),
            },
            ClientMessage::Join { code } => match hub.join(caller, &code).await {
                Ok(room) => self.remember(room),
                Err(r) => self.refused(r, None, None),
            },
            ClientMessage::Open { room } => match hub.open(caller, &room).await {
                Ok(()) => self.remember(room),
                Err(r) => self.refused(r, Some(&room), None),
            },
            ClientMessage::Turn {
                room,
                game,
                revision,
                id,
                actions,
            } => {
                let result = hub.turn(caller, &room, game, revision, &id, &actions).await;
                if let Err(r) = result {
                    self.refused(r, Some(&room), Some(&id));
                }
            }
            ClientMessage::Resign { room, game, id } => {
                let result = hub.resign(caller, &room, game, &id).await;
                if let Err(r) = result {
                    self.refused(r, Some(&room), Some(&id));
                }
            }
            ClientMessage::Rematch { room, game } => {
                if let Err(r) = hub.rematch(caller, &room, game).await {
                    self.refused(r, Some(&room), None);
                }
            }
            ClientMessage::Report { room, reason } => {
                let device = &caller.device;
                let report = |r: &Room, at| Moderation::report(r, device, reason, at);
                match hub.moderate(caller, &room, report).await {
                    Ok(()) => self.out.message(&ServerMessage::Reported { room }),
                    Err(r) => self.refused(r, Some(&room), None),
                }
            }
            ClientMessage::Block { room } => {
                let device = &caller.device;
                let block = |r: &Room, at| Moderation::block(r, device, at);
                match hub.moderate(caller, &room, block).await {
                    Ok(()) => self.out.message(&ServerMessage::Blocked { room }),
                    Err(r) => self.refused(r, Some(&room), None),
                }
            }
            ClientMessage::Hello { .. } | ClientMessage::Ping { .. } => {}
        }
    }

    fn remember(&mut self, room: String) {
        if !self.rooms.contains(&room) {
            self.rooms.push(room);
        }
    }
}

/// The `id` and `room` a request names, for an answer that refuses it.
fn request_names(message: &ClientMessage) -> (Option<&str>, Option<&str>) {
    match message {
        ClientMessage::Turn { room, id, .. } | ClientMessage::Resign { room, id, .. } => {
            (Some(id), Some(room))
        }
        ClientMessage::Create { id, .. } => (id.as_deref(), None),
        ClientMessage::Open { room }
        | ClientMessage::Rematch { room, .. }
        | ClientMessage::Report { room, .. }
        | ClientMessage::Block { room } => (None, Some(room)),
        ClientMessage::Hello { .. } | ClientMessage::Join { .. } | ClientMessage::Ping { .. } => {
            (None, None)
        }
    }
}
