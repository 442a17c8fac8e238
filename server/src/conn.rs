//! One client connection: the WebSocket handshake, `hello`, then one message at a time.
//!
//! A message is handled to its end (stored and answered) before the next frame is read or
//! shutdown is looked at, so stopping the server never cuts a turn in half.

use std::net::SocketAddr;
use std::sync::Arc;
use std::sync::atomic::{AtomicU16, Ordering};
use std::time::Duration;

use futures_util::{SinkExt, StreamExt};
use mills_protocol::limits::MAX_CLIENT_FRAME_BYTES;
use mills_protocol::{ClientMessage, DecodeError, ErrorCode, ServerMessage, decode_client};
use tokio::net::TcpStream;
use tokio::sync::watch;
use tokio::time::{Instant, timeout, timeout_at};
use tokio_tungstenite::tungstenite::handshake::server::{ErrorResponse, Request, Response};
use tokio_tungstenite::tungstenite::protocol::WebSocketConfig;
use tokio_tungstenite::tungstenite::protocol::frame::CloseFrame;
use tokio_tungstenite::tungstenite::protocol::frame::coding::CloseCode;
use tokio_tungstenite::tungstenite::{Error as WsError, Message};

use crate::hub::Hub;
use crate::limits::{Bucket, Rate};
use crate::moderation::Moderation;
use crate::outbox::{Caller, Outbox};
use crate::room::{Refusal, Room};

/// Frames queued for one client before it counts as too slow and is disconnected.
const OUTBOX_FRAMES: usize = 256;
/// Places that must be free in the outbox before the client's next request is read: its
/// answers (and, at a stop, the `shutting-down` answers to what is still unread) always
/// fit, so a client that sends many requests at once is slowed to the pace its answers go
/// out instead of being disconnected as too slow for answers to its own requests.
const ROOM_TO_READ: usize = OUTBOX_FRAMES / 2;
/// A client that takes longer than this to accept one frame is disconnected.
const WRITE_TIMEOUT: Duration = Duration::from_secs(10);
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
/// How long the closing handshake waits for the client's close frame.
const CLOSE_WAIT: Duration = Duration::from_secs(1);
/// The WebSocket read buffer: one largest client frame and its header.
const READ_BUFFER_BYTES: usize = MAX_CLIENT_FRAME_BYTES + 14;

/// Serves one accepted TCP connection to its end. `accepted` is when it was accepted: the
/// request, the WebSocket handshake and `hello` must all come within the hello timeout of
/// it, whatever else the client sends meanwhile.
pub async fn serve(
    hub: Arc<Hub>,
    mut stream: TcpStream,
    peer: SocketAddr,
    stop: watch::Receiver<bool>,
    accepted: Instant,
) {
    let _ = stream.set_nodelay(true);
    let hello_deadline = accepted + hub.config().hello_timeout;
    let mut stop = stop;
    // A stop does not wait for a connection that has not even said what it wants.
    let (route, start) = tokio::select! {
        routed = crate::http::route(&mut stream, hello_deadline) => routed,
        _ = stop.wait_for(|s| *s) => return,
    };
    match route {
        crate::http::Route::Health => {
            let body = format!(
                r#"{{"status":"ok","rooms":{},"connections":{}}}"#,
                hub.room_count(),
                hub.connections.load(Ordering::Relaxed)
            );
            crate::http::respond(stream, start, "200 OK", &body).await;
            return;
        }
        crate::http::Route::Page => {
            crate::web::serve(stream, start, &hub.config().web).await;
            return;
        }
        crate::http::Route::Gone => return,
        crate::http::Route::WebSocket => {}
    }
    let config = WebSocketConfig::default()
        .max_message_size(Some(MAX_CLIENT_FRAME_BYTES))
        .max_frame_size(Some(MAX_CLIENT_FRAME_BYTES))
        // tungstenite zero-fills its whole read buffer (128 KiB by default) per
        // connection; a client frame is at most 4 KiB, so a buffer just over that serves.
        .read_buffer_size(READ_BUFFER_BYTES);
    // Behind a reverse proxy every connection comes from the proxy: the client's address
    // (for the join limits) is the last one the proxy appended to X-Forwarded-For.
    let forwarded = Arc::new(std::sync::Mutex::new(None));
    let behind_proxy = hub.config().behind_proxy;
    let forwarded_in = forwarded.clone();
    // A place among the connections (in total and from this address), taken once the
    // client's address is known; a full server or address is answered 503.
    let seats = hub.sockets.clone();
    let seat = Arc::new(std::sync::Mutex::new(None));
    let seat_in = seat.clone();
    let check_path =
        move |request: &Request, response: Response| -> Result<Response, ErrorResponse> {
            if behind_proxy {
                let client = request
                    .headers()
                    .get("x-forwarded-for")
                    .and_then(|v| v.to_str().ok())
                    .and_then(|v| v.rsplit(',').next())
                    .and_then(|v| v.trim().parse::<std::net::IpAddr>().ok());
                if let Ok(mut slot) = forwarded_in.lock() {
                    *slot = client;
                }
            }
            if request.uri().path() == mills_protocol::WS_PATH {
                let client = forwarded_in.lock().ok().and_then(|ip| *ip);
                let Some(taken) = seats.admit(client.unwrap_or(peer.ip())) else {
                    let mut refusal =
                        ErrorResponse::new(Some("too many connections; try again later".into()));
                    *refusal.status_mut() =
                        tokio_tungstenite::tungstenite::http::StatusCode::SERVICE_UNAVAILABLE;
                    return Err(refusal);
                };
                if let Ok(mut slot) = seat_in.lock() {
                    *slot = Some(taken);
                }
                Ok(response)
            } else {
                let mut refusal = ErrorResponse::new(Some("not found".into()));
                *refusal.status_mut() = tokio_tungstenite::tungstenite::http::StatusCode::NOT_FOUND;
                Err(refusal)
            }
        };
    let handshake = tokio_tungstenite::accept_hdr_async_with_config(
        crate::http::Replayed::new(start, stream),
        check_path,
        Some(config),
    );
    let ws = tokio::select! {
        done = timeout_at(hello_deadline, handshake) => match done {
            Ok(Ok(ws)) => ws,
            _ => return,
        },
        _ = stop.wait_for(|s| *s) => return,
    };
    // Held until the connection ends.
    let _seat = seat.lock().ok().and_then(|mut s| s.take());
    let client_ip = forwarded
        .lock()
        .ok()
        .and_then(|ip| *ip)
        .unwrap_or(peer.ip());
    let conn = hub.next_conn();
    log::debug!(conn = conn; "connected");
    let (mut sink, mut frames) = ws.split();
    let (out, mut queue, kick) = Outbox::new(OUTBOX_FRAMES);
    let close_code = Arc::new(AtomicU16::new(u16::from(CloseCode::Normal)));

    // The writer: frames from the outbox to the socket, then a close frame.
    let writer_close = close_code.clone();
    let writer_kick = kick.clone();
    let writer_sent = out.sent_signal();
    let writer = tokio::spawn(async move {
        while let Some(frame) = queue.recv().await {
            let sent = timeout(WRITE_TIMEOUT, sink.send(Message::text(frame.as_ref()))).await;
            if !matches!(sent, Ok(Ok(()))) {
                writer_kick.notify_one();
                return;
            }
            writer_sent.notify_one();
        }
        let code = CloseCode::from(writer_close.load(Ordering::Relaxed));
        let _ = timeout(
            Duration::from_secs(2),
            sink.send(Message::Close(Some(CloseFrame {
                code,
                reason: "".into(),
            }))),
        )
        .await;
    });

    let mut session = Session {
        hub: hub.clone(),
        conn,
        client_ip,
        out: out.clone(),
        caller: None,
        rooms: Vec::new(),
        bucket: Bucket::full(hub.config().message_rate, std::time::Instant::now()),
        forgiven: Bucket::full(FORGIVEN_REFUSALS, std::time::Instant::now()),
    };
    let mut last_heard = Instant::now();
    let mut stopping = false;
    loop {
        // Before hello the deadline is fixed: pings or bad frames do not put it off.
        let deadline = if session.caller.is_some() {
            last_heard + hub.config().idle_timeout
        } else {
            hello_deadline
        };
        let frame = tokio::select! {
            frame = async {
                out.room_for(ROOM_TO_READ).await;
                frames.next().await
            } => frame,
            _ = tokio::time::sleep_until(deadline) => {
                close_code.store(CloseCode::Policy.into(), Ordering::Relaxed);
                break;
            }
            _ = kick.notified() => {
                close_code.store(CloseCode::Again.into(), Ordering::Relaxed);
                break;
            }
            _ = stop.wait_for(|s| *s) => {
                close_code.store(CloseCode::Away.into(), Ordering::Relaxed);
                stopping = true;
                break;
            }
        };
        last_heard = Instant::now();
        let keep_open = match frame {
            None => break,
            Some(Err(WsError::Capacity(_))) => {
                session.error(ServerMessage::error(ErrorCode::TooLarge, "frame too large"));
                close_code.store(CloseCode::Size.into(), Ordering::Relaxed);
                false
            }
            // RFC 6455 7.4.1: 1007 for text that is not UTF-8, 1002 for a broken frame.
            Some(Err(WsError::Utf8(_))) => {
                close_code.store(CloseCode::Invalid.into(), Ordering::Relaxed);
                false
            }
            Some(Err(WsError::Protocol(_))) => {
                close_code.store(CloseCode::Protocol.into(), Ordering::Relaxed);
                false
            }
            Some(Err(_)) => break,
            Some(Ok(Message::Text(text))) => session.handle_text(text.as_str()).await,
            Some(Ok(Message::Binary(_))) => session.handle_binary(),
            Some(Ok(Message::Close(_))) => false,
            Some(Ok(_)) => true, // ping and pong frames: tungstenite answers pings itself
        };
        if !keep_open {
            if close_code.load(Ordering::Relaxed) == u16::from(CloseCode::Normal) {
                close_code.store(CloseCode::Policy.into(), Ordering::Relaxed);
            }
            break;
        }
    }
    if stopping {
        session.refuse_unread(&mut frames).await;
    }
    if let Some(caller) = &session.caller {
        hub.disconnect(conn, &caller.device, &session.rooms).await;
    }
    drop(session);
    drop(out);
    if let Ok(Ok(())) = timeout(Duration::from_secs(3), writer).await {
        // The closing handshake (RFC 6455 7.1.1): the close frame went out; what the client
        // still sends is read and dropped until its own close frame, for a socket closed
        // with unread bytes is reset, and the reset can lose the close frame and its code.
        let _ = timeout(CLOSE_WAIT, async {
            while let Some(Ok(_)) = frames.next().await {}
        })
        .await;
    }
    log::debug!(conn = conn; "disconnected");
}

struct Session {
    hub: Arc<Hub>,
    conn: u64,
    client_ip: std::net::IpAddr,
    out: Outbox,
    caller: Option<Caller>,
    rooms: Vec<String>,
    bucket: Bucket,
    /// What is left of [`FORGIVEN_REFUSALS`].
    forgiven: Bucket,
}

impl Session {
    fn error(&self, message: ServerMessage) {
        self.out.message(&message);
    }

    fn refused(&self, refusal: Refusal, room: Option<&str>, id: Option<&str>) {
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
    fn admit(&mut self, text: Option<&str>) -> Result<(), bool> {
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
        Err(self.forgiven.take(FORGIVEN_REFUSALS, now).is_ok())
    }

    /// When the server stops: the requests that reached the connection but were not read
    /// yet are answered `shutting-down`, each named, so the client sends them again (to
    /// another process, or this one restarted) without waiting for an answer that will
    /// not come. Only what is already there is read: each frame is waited for
    /// [`UNREAD_WAIT`] at most, for the writer shares the socket and may be holding it.
    async fn refuse_unread<S>(&self, frames: &mut S)
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
    fn handle_binary(&mut self) -> bool {
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
    async fn handle_text(&mut self, text: &str) -> bool {
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
