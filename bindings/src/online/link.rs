//! The connection: one background thread per online session with a blocking WebSocket
//! (`tungstenite`; no async runtime in the app library). It connects, says `hello`, opens the
//! room, then reads the server's messages and sends what the room's outbox holds, polling
//! every [`POLL`] (the socket's read timeout) so that the app's calls never wait on the
//! network. A dropped connection is tried again by itself with a growing pause (0.25 s to
//! 8 s, with jitter, so that a restarted server is not hit by every client at once);
//! `resume()` tries again at once. `wss://` servers are spoken to over TLS (`tls`); a
//! certificate the client does not trust stops the retries until `resume()`.

use std::io::ErrorKind;
use std::net::{SocketAddr, TcpStream, ToSocketAddrs};
use std::sync::Arc;
use std::time::{Duration, Instant};

use mills_protocol::{ClientMessage, PROTOCOL_VERSION, ServerMessage};
use rand::Rng;
use tungstenite::protocol::{Role, WebSocketConfig};
use tungstenite::{Message, WebSocket};

use super::Shared;
use super::tls::{self, Stream};
use super::types::{ConnectionState, OfflineReason};

/// How long a read waits before the thread looks at the outbox again: the most a tap's turn
/// waits before it is sent.
const POLL: Duration = Duration::from_millis(20);
const CONNECT_TIMEOUT: Duration = Duration::from_secs(5);
/// The server closes connections idle for 90 s.
const PING_EVERY: Duration = Duration::from_secs(25);
/// Nothing heard for this long (not even a pong): the connection is dead.
const SILENCE_LIMIT: Duration = Duration::from_secs(60);
const FIRST_PAUSE: Duration = Duration::from_millis(250);
const LONGEST_PAUSE: Duration = Duration::from_secs(8);

/// Where the server is: a `ws://host:port/path` or `wss://…` address.
#[derive(Debug, Clone)]
pub(crate) struct ServerAddress {
    /// `host:port` as written (the `Host` header).
    pub authority: String,
    pub path: String,
    pub host: String,
    pub port: u16,
    /// `wss://` (or `https://`): TLS under the WebSocket.
    pub secure: bool,
}

impl ServerAddress {
    /// Reads `ws://host:port/path`, `wss://…` (TLS, port 443 by default), `http://…` and
    /// `https://…` (the same servers), or a bare `host` / `host:port`, which is `wss://`:
    /// the device secret is the player's seat, so it travels unencrypted only when the player
    /// typed `ws://`. The path defaults to the protocol's `/ws`.
    pub fn parse(text: &str) -> Result<ServerAddress, String> {
        let text = text.trim();
        let (scheme, rest) = match text.split_once("://") {
            Some((scheme, rest)) => (scheme.to_ascii_lowercase(), rest),
            None => ("wss".to_string(), text),
        };
        let secure = match scheme.as_str() {
            "ws" | "http" => false,
            "wss" | "https" => true,
            other => return Err(format!("'{other}' is not a WebSocket scheme")),
        };
        let (authority, path) = match rest.find('/') {
            Some(at) => (&rest[..at], &rest[at..]),
            None => (rest, ""),
        };
        let path = if path.is_empty() || path == "/" {
            mills_protocol::WS_PATH
        } else {
            path
        };
        let (host, port) = match authority.rsplit_once(':') {
            Some((host, port)) if !host.ends_with(']') || host.starts_with('[') => {
                let port = port
                    .parse::<u16>()
                    .map_err(|_| format!("'{port}' is not a port"))?;
                (host, port)
            }
            _ => (authority, if secure { 443 } else { 80 }),
        };
        if host.is_empty() {
            return Err("no host".into());
        }
        Ok(ServerAddress {
            authority: authority.to_string(),
            path: path.to_string(),
            host: host
                .trim_start_matches('[')
                .trim_end_matches(']')
                .to_string(),
            port,
            secure,
        })
    }

    fn socket_addrs(&self) -> std::io::Result<Vec<SocketAddr>> {
        Ok((self.host.as_str(), self.port).to_socket_addrs()?.collect())
    }
}

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

fn send(socket: &mut Socket, message: &ClientMessage) -> Result<(), String> {
    socket
        .send(Message::text(mills_protocol::encode(message)))
        .map_err(|e| format!("sending: {e}"))
}

/// One connection, from `hello` until it ends.
fn serve(shared: &Arc<Shared>, mut socket: Socket, attempt: &mut u32) -> Ended {
    let hello = ClientMessage::Hello {
        protocol: PROTOCOL_VERSION,
        device: shared.secret.clone(),
        name: shared.name.clone(),
    };
    if let Err(reason) = send(&mut socket, &hello) {
        return Ended::Lost(reason);
    }
    let mut welcomed = false;
    let mut last_heard = Instant::now();
    let mut last_ping = Instant::now();
    loop {
        if shared.told_to_stop_or_pause() {
            let _ = socket.close(None);
            let _ = socket.flush();
            return Ended::Told;
        }
        if welcomed {
            let outgoing = shared.room().take_outbox(Instant::now());
            for message in &outgoing {
                if let Err(reason) = send(&mut socket, message) {
                    return Ended::Lost(reason);
                }
            }
        }
        if last_ping.elapsed() >= PING_EVERY {
            last_ping = Instant::now();
            if let Err(reason) = send(&mut socket, &ClientMessage::Ping { nonce: None }) {
                return Ended::Lost(reason);
            }
        }
        if last_heard.elapsed() >= SILENCE_LIMIT {
            return Ended::Lost("the server went silent".into());
        }
        let text = match socket.read() {
            Ok(Message::Text(text)) => text,
            Ok(Message::Close(_)) => return Ended::Lost("the server closed the connection".into()),
            Ok(_) => {
                last_heard = Instant::now();
                continue;
            }
            Err(tungstenite::Error::Io(err))
                if matches!(err.kind(), ErrorKind::WouldBlock | ErrorKind::TimedOut) =>
            {
                continue;
            }
            Err(err) => return Ended::Lost(format!("reading: {err}")),
        };
        last_heard = Instant::now();
        let message = match mills_protocol::decode_server(text.as_str()) {
            Ok(message) => message,
            Err(err) => {
                // A newer server's message type: skipped, as the protocol says.
                log::debug!("online: skipped a server message: {err}");
                continue;
            }
        };
        let is_welcome = matches!(message, ServerMessage::Welcome { .. });
        if let Err(refusal) = shared.receive(message) {
            let _ = socket.close(None);
            let _ = socket.flush();
            if refusal.retry {
                return Ended::Lost(format!("{}: {}", refusal.code, refusal.message));
            }
            return Ended::Fatal(OfflineReason::Refused {
                code: refusal.code,
                message: refusal.message,
            });
        }
        if is_welcome && !welcomed {
            welcomed = true;
            *attempt = 0;
            shared.set_connection(ConnectionState::Connected);
            let first = shared.room().on_connected();
            if let Err(reason) = send(&mut socket, &first) {
                return Ended::Lost(reason);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn server_addresses_are_read_with_the_default_path() {
        let a = ServerAddress::parse("ws://127.0.0.1:9000").unwrap();
        assert_eq!(
            (
                a.authority.as_str(),
                a.path.as_str(),
                a.host.as_str(),
                a.port
            ),
            ("127.0.0.1:9000", "/ws", "127.0.0.1", 9000)
        );
        let b = ServerAddress::parse("http://example.org/mills/ws").unwrap();
        assert_eq!((b.path.as_str(), b.port), ("/mills/ws", 80));
        assert!(!a.secure && !b.secure);
        assert!(ServerAddress::parse("ftp://x").is_err());
        assert!(ServerAddress::parse("ws://:80").is_err());
        assert!(ServerAddress::parse("ws://host:notaport").is_err());
    }

    #[test]
    fn secure_addresses_default_to_port_443_and_keep_their_port_and_path() {
        let a = ServerAddress::parse("wss://mills.example").unwrap();
        assert!(a.secure);
        assert_eq!(
            (
                a.authority.as_str(),
                a.host.as_str(),
                a.port,
                a.path.as_str()
            ),
            ("mills.example", "mills.example", 443, "/ws")
        );
        let b = ServerAddress::parse("WSS://mills.example:8443/play/ws").unwrap();
        assert!(b.secure);
        assert_eq!(
            (
                b.authority.as_str(),
                b.host.as_str(),
                b.port,
                b.path.as_str()
            ),
            ("mills.example:8443", "mills.example", 8443, "/play/ws")
        );
        let c = ServerAddress::parse("https://[::1]:9443").unwrap();
        assert!(c.secure);
        assert_eq!((c.host.as_str(), c.port), ("::1", 9443));
        assert!(ServerAddress::parse("wss://host:99999").is_err());
    }

    #[test]
    fn a_bare_host_is_encrypted_and_only_a_typed_ws_is_not() {
        let a = ServerAddress::parse("mills.example.org").unwrap();
        assert!(a.secure);
        assert_eq!(
            (a.authority.as_str(), a.port, a.path.as_str()),
            ("mills.example.org", 443, "/ws")
        );
        let b = ServerAddress::parse(" mills.example.org:8080 ").unwrap();
        assert!(b.secure);
        assert_eq!((b.host.as_str(), b.port), ("mills.example.org", 8080));
        let c = ServerAddress::parse("localhost:8080").unwrap();
        assert!(c.secure);
        assert_eq!((c.host.as_str(), c.path.as_str()), ("localhost", "/ws"));
        let d = ServerAddress::parse("[::1]:9000").unwrap();
        assert!(d.secure);
        assert_eq!((d.host.as_str(), d.port), ("::1", 9000));
        for typed in [
            "ws://mills.example.org",
            "WS://mills.example.org",
            "http://mills.example.org",
        ] {
            let plain = ServerAddress::parse(typed).unwrap();
            assert!(!plain.secure, "{typed}");
            assert_eq!(plain.port, 80, "{typed}");
        }
    }

    #[test]
    fn pauses_grow_and_stay_bounded() {
        assert!(backoff(1) <= Duration::from_millis(313));
        assert!(backoff(30) <= LONGEST_PAUSE.mul_f64(1.25));
        assert!(backoff(30) >= LONGEST_PAUSE.mul_f64(0.75));
    }
}
