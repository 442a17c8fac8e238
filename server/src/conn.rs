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
use mills_protocol::{ErrorCode, ServerMessage};
use tokio::net::TcpStream;
use tokio::sync::watch;
use tokio::time::{Instant, timeout, timeout_at};
use tokio_tungstenite::tungstenite::handshake::server::{ErrorResponse, Request, Response};
use tokio_tungstenite::tungstenite::protocol::WebSocketConfig;
use tokio_tungstenite::tungstenite::protocol::frame::CloseFrame;
use tokio_tungstenite::tungstenite::protocol::frame::coding::CloseCode;
use tokio_tungstenite::tungstenite::{Error as WsError, Message};

use crate::hub::Hub;
use crate::outbox::Outbox;

mod session;

use session::{OUTBOX_FRAMES, ROOM_TO_READ, Session};

/// A client that takes longer than this to accept one frame is disconnected.
const WRITE_TIMEOUT: Duration = Duration::from_secs(10);
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
            let rooms = hub.clone();
            let timer_of = |code: String| async move { rooms.timer_of(&code).await };
            crate::web::serve(stream, start, &hub.config().web, timer_of).await;
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
    // An address that was flooding waits out its pause before its hello is read; its
    // hello deadline starts when the pause ends.
    let paused = (hub.flood_pauses.lock().unwrap()).paused_until(client_ip, Instant::now());
    let hello_deadline = match paused {
        Some(until) => {
            tokio::select! {
                () = tokio::time::sleep_until(until) => {}
                _ = stop.wait_for(|s| *s) => return,
            }
            until + hub.config().hello_timeout
        }
        None => hello_deadline,
    };
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

    let mut session = Session::new(hub.clone(), conn, client_ip, out.clone());
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
    if session.flooded {
        (hub.flood_pauses.lock().unwrap()).closed(client_ip, Instant::now());
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
