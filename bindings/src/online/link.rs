//! The connection: one background thread per online session with a blocking WebSocket
//! (`tungstenite`; no async runtime in the app library). It connects, says `hello`, opens the
//! room, then reads the server's messages and sends what the room's outbox holds, polling
//! every [`POLL`] (the socket's read timeout) so that the app's calls never wait on the
//! network. A dropped connection is tried again by itself with a growing pause (0.25 s to
//! 8 s, with jitter, so that a restarted server is not hit by every client at once);
//! `resume()` tries again at once. `wss://` servers are spoken to over TLS (`tls`); a
//! certificate the client does not trust stops the retries until `resume()`.

use std::cell::Cell;
use std::io::ErrorKind;
use std::net::TcpStream;
use std::sync::Arc;
use std::time::{Duration, Instant};

use mills_online::{Fatal, Heard, Host, Transport};
use mills_protocol::{ClientMessage, PROTOCOL_VERSION, ServerMessage};
use rand::Rng;
use tungstenite::protocol::{Role, WebSocketConfig};
use tungstenite::{Message, WebSocket};

use super::address::ServerAddress;
use super::shared::Shared;
use super::tls::{self, Stream};
use super::types::{ConnectionState, OfflineReason};

/// How long a read waits before the thread looks at the outbox again: the most a tap's turn
/// waits before it is sent.
const POLL: Duration = Duration::from_millis(20);
const CONNECT_TIMEOUT: Duration = Duration::from_secs(5);
const FIRST_PAUSE: Duration = Duration::from_millis(250);
const LONGEST_PAUSE: Duration = Duration::from_secs(8);

/// Why one connection ended.
enum Ended {
    /// Dropped, refused or broken: try again.
    Lost(String),
    /// The app paused or shut the session down.
    Told,
    /// The server refused the room for good, or its certificate is not trusted.
    Fatal(OfflineReason),
}

impl From<tls::Failure> for Ended {
    fn from(failure: tls::Failure) -> Ended {
        match failure {
            // Trying again would meet the same certificate: wait for resume().
            tls::Failure::Untrusted(reason) => {
                Ended::Fatal(OfflineReason::UntrustedServer { reason })
            }
            tls::Failure::Other(reason) => Ended::Lost(reason),
        }
    }
}

/// The connection thread's body: connect, serve, and reconnect until shut down.
pub(crate) fn run(shared: Arc<Shared>) {
    let mut attempt: u32 = 0;
    let mut ever_connected = false;
    loop {
        if shared.wait_while_paused() {
            break;
        }
        shared.set_connection(if ever_connected || attempt > 0 {
            ConnectionState::Reconnecting {
                attempt: attempt.max(1),
                reason: shared.last_error(),
            }
        } else {
            ConnectionState::Connecting
        });
        let seq = shared.resume_seq();
        let ended = match connect(&shared.server, shared.tls.as_ref()) {
            Ok(socket) => {
                ever_connected = true;
                serve(&shared, socket, &mut attempt)
            }
            Err(ended) => ended,
        };
        shared.room().on_disconnected();
        match ended {
            Ended::Told => continue,
            Ended::Fatal(reason) => {
                log::warn!("online: not trying again until resumed: {reason:?}");
                shared.set_connection(ConnectionState::Offline { reason });
                // Only a resume() may try again (an app that fixed the address, say).
                if shared.wait_for_resume(seq) {
                    break;
                }
                attempt = 0;
            }
            Ended::Lost(reason) => {
                log::info!("online: connection lost: {reason}");
                shared.set_last_error(reason.clone());
                attempt = attempt.saturating_add(1);
                shared.set_connection(ConnectionState::Reconnecting { attempt, reason });
                if shared.sleep_unless_woken(backoff(attempt), seq) {
                    break;
                }
            }
        }
    }
}

/// The pause before attempt `attempt`, doubling from 0.25 s to 8 s, ±25 %.
fn backoff(attempt: u32) -> Duration {
    let doubled = FIRST_PAUSE.saturating_mul(1u32 << attempt.saturating_sub(1).min(6));
    let base = doubled.min(LONGEST_PAUSE);
    base.mul_f64(rand::rng().random_range(0.75..1.25))
}

type Socket = WebSocket<Stream>;

/// Opens the connection (TCP, TLS for a `wss://` server with `tls`, the WebSocket
/// handshake); a failure is `Lost`, or `Fatal` for a certificate the client does not trust.
fn connect(
    server: &ServerAddress,
    tls: Option<&Arc<rustls::ClientConfig>>,
) -> Result<Socket, Ended> {
    let addrs = server
        .socket_addrs()
        .map_err(|e| Ended::Lost(format!("resolving: {e}")))?;
    let mut last = String::from("no address");
    for addr in addrs {
        match TcpStream::connect_timeout(&addr, CONNECT_TIMEOUT) {
            Ok(tcp) => {
                let _ = tcp.set_nodelay(true);
                tcp.set_read_timeout(Some(CONNECT_TIMEOUT))
                    .map_err(|e| Ended::Lost(e.to_string()))?;
                let mut stream = match tls {
                    Some(config) => tls::connect(config, &server.host, tcp).map_err(Ended::from)?,
                    None => Stream::Plain(tcp),
                };
                let rest = super::handshake::client_handshake(
                    &mut stream,
                    &server.authority,
                    &server.path,
                )
                .map_err(Ended::Lost)?;
                let limit = mills_protocol::limits::MAX_SERVER_FRAME_BYTES;
                let config = WebSocketConfig::default()
                    .max_message_size(Some(limit))
                    .max_frame_size(Some(limit));
                let socket =
                    WebSocket::from_partially_read(stream, rest, Role::Client, Some(config));
                socket
                    .get_ref()
                    .tcp()
                    .set_read_timeout(Some(POLL))
                    .map_err(|e| Ended::Lost(e.to_string()))?;
                return Ok(socket);
            }
            Err(err) => last = format!("connecting to {addr}: {err}"),
        }
    }
    Err(Ended::Lost(last))
}

/// The WebSocket as the conversation's transport.
struct Link(Socket);

impl Transport for Link {
    fn send(&mut self, message: &ClientMessage) -> Result<(), String> {
        self.0
            .send(Message::text(mills_protocol::encode(message)))
            .map_err(|e| format!("sending: {e}"))
    }

    fn receive(&mut self) -> Result<Heard, String> {
        match self.0.read() {
            Ok(Message::Text(text)) => match mills_protocol::decode_server(text.as_str()) {
                Ok(message) => Ok(Heard::Message(Box::new(message))),
                Err(err) => {
                    // A newer server's message type: skipped, as the protocol says.
                    log::debug!("online: skipped a server message: {err}");
                    Ok(Heard::Other)
                }
            },
            Ok(Message::Close(_)) => Ok(Heard::Closed),
            Ok(_) => Ok(Heard::Other),
            Err(tungstenite::Error::Io(err))
                if matches!(err.kind(), ErrorKind::WouldBlock | ErrorKind::TimedOut) =>
            {
                Ok(Heard::Nothing)
            }
            Err(err) => Err(format!("reading: {err}")),
        }
    }

    fn close(&mut self) {
        let _ = self.0.close(None);
        let _ = self.0.flush();
    }
}

/// The session as one connection's conversation needs it.
struct Session<'a> {
    shared: &'a Shared,
    /// Reset to 0 once the server welcomes the connection.
    attempt: &'a Cell<u32>,
}

impl Host for Session<'_> {
    fn told_to_stop(&self) -> bool {
        self.shared.told_to_stop_or_pause()
    }

    fn receive(&self, message: ServerMessage, now: Instant) -> Result<(), Fatal> {
        self.shared.receive(message, now)
    }

    fn welcomed(&self) -> ClientMessage {
        self.attempt.set(0);
        self.shared.set_connection(ConnectionState::Connected);
        self.shared.room().on_connected()
    }

    fn outbox(&self, now: Instant) -> Vec<ClientMessage> {
        self.shared.room().take_outbox(now)
    }
}

/// One connection, from `hello` until it ends.
fn serve(shared: &Arc<Shared>, socket: Socket, attempt: &mut u32) -> Ended {
    let hello = ClientMessage::Hello {
        protocol: PROTOCOL_VERSION,
        device: shared.secret.clone(),
        name: shared.name.clone(),
    };
    let attempts = Cell::new(*attempt);
    let session = Session {
        shared,
        attempt: &attempts,
    };
    let ended = mills_online::converse(&mut Link(socket), &session, &hello, Instant::now);
    *attempt = attempts.get();
    match ended {
        mills_online::Ended::Lost(reason) => Ended::Lost(reason),
        mills_online::Ended::Told => Ended::Told,
        mills_online::Ended::Refused(refusal) if refusal.retry => {
            Ended::Lost(format!("{}: {}", refusal.code, refusal.message))
        }
        mills_online::Ended::Refused(refusal) => Ended::Fatal(OfflineReason::Refused {
            code: refusal.code,
            message: refusal.message,
        }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pauses_grow_and_stay_bounded() {
        assert!(backoff(1) <= Duration::from_millis(313));
        assert!(backoff(30) <= LONGEST_PAUSE.mul_f64(1.25));
        assert!(backoff(30) >= LONGEST_PAUSE.mul_f64(0.75));
    }
}
