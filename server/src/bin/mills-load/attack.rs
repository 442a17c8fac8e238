//! `--attack`: hostile connections beside the honest games, kept up (reconnecting whenever
//! the server closes them) until the games end: connections flooding `open`s of rooms that
//! do not exist, and connections trickling a request line a byte at a time. The honest
//! games' round trips are then what the attack leaves of them.
//!
//! Self-contained (no item of `mills-load`'s own), so that the server's test binary can
//! include it and check its counting against a real server.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use futures_util::{SinkExt, StreamExt};
use mills_protocol::limits::{INVITE_CODE_ALPHABET, INVITE_CODE_CHARS};
use mills_protocol::{ClientMessage, ErrorCode, ServerMessage};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use tokio::io::AsyncWriteExt;
use tokio::net::TcpStream;
use tokio::sync::{Semaphore, watch};
use tokio::task::JoinSet;
use tokio_tungstenite::tungstenite::Message;

/// How long a flood connection waits, once it stops sending, for the answers to what it
/// sent.
const DRAIN_WAIT: Duration = Duration::from_secs(30);

/// The `open`s a flood connection keeps written and not yet answered: far past any rate
/// limit's burst, so the flood is refused and closed as one sent flat out would be, but
/// bounded, so that the answers owed when it stops come within [`DRAIN_WAIT`] on a server
/// that answers more slowly than a socket takes frames (a shared store's).
const FLOOD_WINDOW: usize = 1024;

/// What the flood did, counted as it goes. Every `open` written is in exactly one of
/// `answered`, `refused` and `dropped`: the server names the room of each answer, so what
/// a connection wrote and never got an answer for was read and dropped (or never read) when
/// the server closed it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct FloodCounts {
    /// Connections that said `hello`.
    pub connections: u64,
    /// Of those, closed by the server (for flooding); the rest were closed by the flooder
    /// when the attack stopped.
    pub closed_by_server: u64,
    /// `open`s written to the socket.
    pub sent: u64,
    /// Answered with the room's refusal (`not-in-room`: the room does not exist).
    pub answered: u64,
    /// Answered `rate-limited`.
    pub refused: u64,
    /// Never answered: the server closed the connection first.
    pub dropped: u64,
}

/// What the trickle did.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct TrickleCounts {
    /// Connections opened.
    pub connections: u64,
    /// Bytes of request lines written, one at a time.
    pub bytes: u64,
}

impl std::ops::AddAssign for FloodCounts {
    fn add_assign(&mut self, c: FloodCounts) {
        self.connections += c.connections;
        self.closed_by_server += c.closed_by_server;
        self.sent += c.sent;
        self.answered += c.answered;
        self.refused += c.refused;
        self.dropped += c.dropped;
    }
}

#[derive(Default)]
struct Counters {
    /// Added to once per flood connection, when it ends.
    flood: Mutex<FloodCounts>,
    trickle_connections: AtomicU64,
    trickle_bytes: AtomicU64,
}

/// The running attack.
pub struct Attack {
    stop: watch::Sender<bool>,
    flooders: JoinSet<()>,
    tricklers: JoinSet<()>,
    counters: Arc<Counters>,
}

/// What the attack did, once stopped.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Report {
    pub flood: FloodCounts,
    pub trickle: TrickleCounts,
}

impl std::fmt::Display for Report {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let (fl, tr) = (&self.flood, &self.trickle);
        write!(
            f,
            "attack: {} flood connections ({} closed by the server) wrote {} opens of unknown \
             rooms: {} answered, {} refused rate-limited, {} dropped unanswered when the \
             server closed the connection; {} trickle connections wrote {} bytes of request \
             lines",
            fl.connections,
            fl.closed_by_server,
            fl.sent,
            fl.answered,
            fl.refused,
            fl.dropped,
            tr.connections,
            tr.bytes
        )
    }
}

/// Starts `flooders` flooding connections and `tricklers` trickling ones against the
/// server at `url` (`ws://HOST:PORT/ws`).
pub fn start(url: &str, flooders: usize, tricklers: usize) -> Attack {
    let (stop, stopped) = watch::channel(false);
    let counters = Arc::new(Counters::default());
    let addr = url
        .trim_start_matches("ws://")
        .split('/')
        .next()
        .unwrap_or_default()
        .to_string();
    let mut flooding = JoinSet::new();
    for i in 0..flooders {
        let (url, stopped, counters) = (url.to_string(), stopped.clone(), counters.clone());
        flooding.spawn(flood(url, i as u64, stopped, counters));
    }
    let mut trickling = JoinSet::new();
    for _ in 0..tricklers {
        let (addr, mut stopped, counters) = (addr.clone(), stopped.clone(), counters.clone());
        trickling.spawn(async move {
            tokio::select! {
                _ = stopped.wait_for(|s| *s) => {}
                _ = trickle(addr, counters) => {}
            }
        });
    }
    Attack {
        stop,
        flooders: flooding,
        tricklers: trickling,
        counters,
    }
}

impl Attack {
    /// Stops every attacking connection (a flood connection after the answers to what it
    /// sent) and says what the attack did.
    pub async fn stop(mut self) -> Report {
        let _ = self.stop.send(true);
        while self.flooders.join_next().await.is_some() {}
        while self.tricklers.join_next().await.is_some() {}
        let c = &self.counters;
        Report {
            flood: *c.flood.lock().unwrap_or_else(|e| e.into_inner()),
            trickle: TrickleCounts {
                connections: c.trickle_connections.load(Ordering::Relaxed),
                bytes: c.trickle_bytes.load(Ordering::Relaxed),
            },
        }
    }
}

/// Connects, says hello and sends `open`s of random unknown rooms as fast as the
/// connection takes them, [`FLOOD_WINDOW`] ahead of the answers it reads beside; again
/// when closed. When the attack
/// stops, sends a last `open` and reads the answers up to its own before it closes (a
/// close frame would not do: the server stops sending once it reads one, so the answers it
/// still had queued would never come).
async fn flood(url: String, seed: u64, stopped: watch::Receiver<bool>, counters: Arc<Counters>) {
    let mut rng = StdRng::seed_from_u64(0xF100D + seed);
    // One device per flooder, whatever its connections: the flood is of messages.
    let hello = mills_protocol::encode(&ClientMessage::Hello {
        protocol: mills_protocol::PROTOCOL_VERSION,
        device: format!("flooder-{seed:032}"),
        name: None,
    });
    while !*stopped.borrow() {
        let Ok((ws, _)) = tokio_tungstenite::connect_async(url.as_str()).await else {
            tokio::time::sleep(Duration::from_millis(100)).await;
            continue;
        };
        let (mut sink, stream) = ws.split();
        if sink.send(Message::text(hello.clone())).await.is_err() {
            continue;
        }
        let answers = Arc::new(Answers::default());
        let mut reader = tokio::spawn(read_answers(stream, answers.clone()));
        let mut counts = FloodCounts {
            connections: 1,
            ..FloodCounts::default()
        };
        // The stop is looked at between sends, never during one, so that every frame
        // counted as sent was written whole and none written goes uncounted.
        let mut stopping;
        loop {
            stopping = *stopped.borrow();
            let room = if stopping {
                // told before the send, so the reader never misses the moment it has all
                answers.expected.store(counts.sent + 1, Ordering::Relaxed);
                LAST_ROOM.to_string()
            } else {
                unknown_room(&mut rng)
            };
            // Answers give the window back; a reader that ended closes it.
            match answers.window.acquire().await {
                Ok(permit) => permit.forget(),
                Err(_) => break,
            }
            let open = ClientMessage::Open { room };
            if sink
                .send(Message::text(mills_protocol::encode(&open)))
                .await
                .is_err()
            {
                break;
            }
            counts.sent += 1;
            if stopping {
                break;
            }
        }
        // Once the last `open` and as many answers as `open`s sent have come, every one is
        // answered (a shared store may answer a connection's unknown rooms out of order).
        let server_closed = match tokio::time::timeout(DRAIN_WAIT, &mut reader).await {
            Ok(Ok(Ended::LastAnswered)) => false,
            Ok(Ok(Ended::Closed)) => true,
            _ => {
                reader.abort();
                !stopping
            }
        };
        let _ = sink.close().await;
        counts.closed_by_server = u64::from(server_closed);
        counts.answered = answers.answered.load(Ordering::Relaxed);
        counts.refused = answers.refused.load(Ordering::Relaxed);
        counts.dropped = counts.sent.saturating_sub(counts.answered + counts.refused);
        *counters.flood.lock().unwrap_or_else(|e| e.into_inner()) += counts;
    }
}

/// The answers one flood connection read.
struct Answers {
    answered: AtomicU64,
    refused: AtomicU64,
    /// How many `open`s the connection wrote, last one included, once it stops; until
    /// then `u64::MAX`.
    expected: AtomicU64,
    /// Room for [`FLOOD_WINDOW`] unanswered `open`s.
    window: Semaphore,
}

impl Default for Answers {
    fn default() -> Self {
        Self {
            answered: AtomicU64::new(0),
            refused: AtomicU64::new(0),
            expected: AtomicU64::new(u64::MAX),
            window: Semaphore::new(FLOOD_WINDOW),
        }
    }
}

/// How a flood connection's reading ended.
enum Ended {
    /// The answer to the `open` of [`LAST_ROOM`] came.
    LastAnswered,
    /// The server closed the connection first.
    Closed,
}

/// The room of a flood connection's last `open`, when the attack stops: a well-formed code
/// that no random one is (in practice).
const LAST_ROOM: &str = "000000000000";

/// Counts the answers to `open`s (every answer naming a room) until the answer to the
/// `open` of [`LAST_ROOM`] has come and every `open` sent is answered, or the connection
/// ends.
async fn read_answers<S>(stream: S, answers: Arc<Answers>) -> Ended
where
    S: futures_util::Stream<Item = Result<Message, tokio_tungstenite::tungstenite::Error>> + Unpin,
{
    let ended = count_answers(stream, &answers).await;
    answers.window.close();
    ended
}

/// [`read_answers`] until it ends.
async fn count_answers<S>(mut stream: S, answers: &Answers) -> Ended
where
    S: futures_util::Stream<Item = Result<Message, tokio_tungstenite::tungstenite::Error>> + Unpin,
{
    let mut last_answered = false;
    while let Some(Ok(frame)) = stream.next().await {
        let Message::Text(text) = frame else { continue };
        if let Ok(ServerMessage::Error {
            code,
            room: Some(room),
            ..
        }) = mills_protocol::decode_server(text.as_str())
        {
            let counter = if code == ErrorCode::RateLimited {
                &answers.refused
            } else {
                &answers.answered
            };
            counter.fetch_add(1, Ordering::Relaxed);
            answers.window.add_permits(1);
            last_answered |= room == LAST_ROOM;
            let read =
                answers.answered.load(Ordering::Relaxed) + answers.refused.load(Ordering::Relaxed);
            if last_answered && read >= answers.expected.load(Ordering::Relaxed) {
                return Ended::LastAnswered;
            }
        }
    }
    Ended::Closed
}

/// A well-formed invite code that (60 random bits) names no room.
fn unknown_room(rng: &mut StdRng) -> String {
    (0..INVITE_CODE_CHARS)
        .map(|_| char::from(INVITE_CODE_ALPHABET[rng.random_range(0..INVITE_CODE_ALPHABET.len())]))
        .collect()
}

/// Connects and sends a WebSocket request line a byte every half second; again when the
/// server closes it.
async fn trickle(addr: String, counters: Arc<Counters>) {
    let line = format!("GET {} HTTP/1.1\r\nHost: load\r\n", mills_protocol::WS_PATH);
    loop {
        let Ok(mut tcp) = TcpStream::connect(&addr).await else {
            tokio::time::sleep(Duration::from_millis(100)).await;
            continue;
        };
        counters.trickle_connections.fetch_add(1, Ordering::Relaxed);
        for byte in line.bytes().cycle() {
            if tcp.write_all(&[byte]).await.is_err() {
                break;
            }
            counters.trickle_bytes.fetch_add(1, Ordering::Relaxed);
            tokio::time::sleep(Duration::from_millis(500)).await;
        }
    }
}
