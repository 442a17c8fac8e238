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
use tokio::time::{Instant, timeout};
use tokio_tungstenite::tungstenite::handshake::server::{ErrorResponse, Request, Response};
use tokio_tungstenite::tungstenite::protocol::WebSocketConfig;
use tokio_tungstenite::tungstenite::protocol::frame::CloseFrame;
use tokio_tungstenite::tungstenite::protocol::frame::coding::CloseCode;
use tokio_tungstenite::tungstenite::{Error as WsError, Message};

use crate::hub::{Caller, Hub, Outbox};
use crate::limits::Bucket;
use crate::room::Refusal;

/// Frames queued for one client before it counts as too slow and is disconnected.
const OUTBOX_FRAMES: usize = 256;
/// A client that takes longer than this to accept one frame is disconnected.
const WRITE_TIMEOUT: Duration = Duration::from_secs(10);
/// Messages over the rate in a row before the connection is closed.
const MAX_STRIKES: u32 = 20;

/// Serves one accepted TCP connection to its end.
pub async fn serve(
    hub: Arc<Hub>,
    stream: TcpStream,
    peer: SocketAddr,
    stop: watch::Receiver<bool>,
) {
    let _ = stream.set_nodelay(true);
    match crate::http::route(&stream, hub.config().hello_timeout).await {
        crate::http::Route::Health => {
            let body = format!(
                r#"{{"status":"ok","rooms":{},"connections":{}}}"#,
                hub.room_count(),
                hub.connections.load(Ordering::Relaxed)
            );
            crate::http::respond(stream, "200 OK", &body).await;
            return;
        }
        crate::http::Route::Page => {
            crate::web::serve(stream, &hub.config().web).await;
            return;
        }
        crate::http::Route::Gone => return,
        crate::http::Route::WebSocket => {}
    }
    let config = WebSocketConfig::default()
        .max_message_size(Some(MAX_CLIENT_FRAME_BYTES))
        .max_frame_size(Some(MAX_CLIENT_FRAME_BYTES));
    // Behind a reverse proxy every connection comes from the proxy: the client's address
    // (for the join limits) is the last one the proxy appended to X-Forwarded-For.
    let forwarded = Arc::new(std::sync::Mutex::new(None));
    let behind_proxy = hub.config().behind_proxy;
    let forwarded_in = forwarded.clone();
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
                Ok(response)
            } else {
                let mut refusal = ErrorResponse::new(Some("not found".into()));
                *refusal.status_mut() = tokio_tungstenite::tungstenite::http::StatusCode::NOT_FOUND;
                Err(refusal)
            }
        };
    let handshake =
        tokio_tungstenite::accept_hdr_async_with_config(stream, check_path, Some(config));
    let Ok(Ok(ws)) = timeout(hub.config().hello_timeout, handshake).await else {
        return;
    };
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
    let writer = tokio::spawn(async move {
        while let Some(frame) = queue.recv().await {
            let sent = timeout(WRITE_TIMEOUT, sink.send(Message::text(frame.as_ref()))).await;
            if !matches!(sent, Ok(Ok(()))) {
                writer_kick.notify_one();
                return;
            }
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
        strikes: 0,
    };
    let mut stop = stop;
    let mut last_heard = Instant::now();
    loop {
        let limit = if session.caller.is_some() {
            hub.config().idle_timeout
        } else {
            hub.config().hello_timeout
        };
        let frame = tokio::select! {
            frame = frames.next() => frame,
            _ = tokio::time::sleep_until(last_heard + limit) => {
                close_code.store(CloseCode::Policy.into(), Ordering::Relaxed);
                break;
            }
            _ = kick.notified() => {
                close_code.store(CloseCode::Again.into(), Ordering::Relaxed);
                break;
            }
            _ = stop.wait_for(|s| *s) => {
                close_code.store(CloseCode::Away.into(), Ordering::Relaxed);
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
            Some(Err(_)) => break,
            Some(Ok(Message::Text(text))) => session.handle_text(text.as_str()).await,
            Some(Ok(Message::Binary(_))) => {
                session.error(ServerMessage::error(
                    ErrorCode::BadMessage,
                    "binary frames are not part of the protocol",
                ));
                true
            }
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
    if let Some(caller) = &session.caller {
        hub.disconnect(conn, &caller.device, &session.rooms).await;
    }
    drop(session);
    drop(out);
    let _ = timeout(Duration::from_secs(3), writer).await;
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
    strikes: u32,
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

    /// Handles one text frame; false closes the connection.
    async fn handle_text(&mut self, text: &str) -> bool {
        if let Err(wait) = self
            .bucket
            .take(self.hub.config().message_rate, std::time::Instant::now())
        {
            self.strikes += 1;
            self.out.message(&ServerMessage::Error {
                code: ErrorCode::RateLimited,
                message: "too many messages".into(),
                id: None,
                room: None,
                retry_after_ms: Some(wait.as_millis() as u64),
            });
            return self.strikes < MAX_STRIKES;
        }
        self.strikes = 0;
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
                // From here on the device is its key: the secret is not kept, even in memory.
                let device = crate::device::key_of(&device);
                self.out.message(&self.hub.welcome(&device).await);
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
                let device = caller.device.clone();
                let result = hub
                    .play(
                        caller,
                        &room,
                        |r| r.plan_turn(&device, game, revision, &id, &actions),
                        &id,
                    )
                    .await;
                if let Err(r) = result {
                    self.refused(r, Some(&room), Some(&id));
                }
            }
            ClientMessage::Resign { room, game, id } => {
                let device = caller.device.clone();
                let result = hub
                    .play(caller, &room, |r| r.plan_resign(&device, game, &id), &id)
                    .await;
                if let Err(r) = result {
                    self.refused(r, Some(&room), Some(&id));
                }
            }
            ClientMessage::Rematch { room, game } => {
                if let Err(r) = hub.rematch(caller, &room, game).await {
                    self.refused(r, Some(&room), None);
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
