//! `--attack`: hostile connections beside the honest games, kept up (reconnecting whenever
//! the server closes them) until the games end: connections flooding `open`s of rooms that
//! do not exist, and connections trickling a request line a byte at a time. The honest
//! games' round trips are then what the attack leaves of them.

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

use futures_util::{SinkExt, StreamExt};
use mills_protocol::ClientMessage;
use mills_protocol::limits::INVITE_CODE_ALPHABET;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use tokio::io::AsyncWriteExt;
use tokio::net::TcpStream;
use tokio::sync::watch;
use tokio::task::JoinSet;
use tokio_tungstenite::tungstenite::Message;

/// What the attack did, counted as it goes.
#[derive(Default)]
pub struct Counts {
    flood_connections: AtomicU64,
    opens_sent: AtomicU64,
    answers: AtomicU64,
    flood_closed: AtomicU64,
    trickle_connections: AtomicU64,
    bytes_trickled: AtomicU64,
}

/// The running attack.
pub struct Attack {
    stop: watch::Sender<bool>,
    tasks: JoinSet<()>,
    counts: Arc<Counts>,
}

/// Starts `flooders` flooding connections and `tricklers` trickling ones against the
/// server at `url` (`ws://HOST:PORT/ws`).
pub fn start(url: &str, flooders: usize, tricklers: usize) -> Attack {
    let (stop, stopped) = watch::channel(false);
    let counts = Arc::new(Counts::default());
    let addr = url
        .trim_start_matches("ws://")
        .split('/')
        .next()
        .unwrap_or_default()
        .to_string();
    let mut tasks = JoinSet::new();
    for i in 0..flooders {
        let (url, stopped, counts) = (url.to_string(), stopped.clone(), counts.clone());
        tasks.spawn(until_stopped(stopped, flood(url, i as u64, counts)));
    }
    for _ in 0..tricklers {
        let (addr, stopped, counts) = (addr.clone(), stopped.clone(), counts.clone());
        tasks.spawn(until_stopped(stopped, trickle(addr, counts)));
    }
    Attack {
        stop,
        tasks,
        counts,
    }
}

impl Attack {
    /// Stops every attacking connection; returns a line saying what the attack did.
    pub async fn stop(mut self) -> String {
        let _ = self.stop.send(true);
        while self.tasks.join_next().await.is_some() {}
        let c = &self.counts;
        let n = |a: &AtomicU64| a.load(Ordering::Relaxed);
        format!(
            "attack: {} flood connections ({} seen closed by the server) wrote {} opens of \
             unknown rooms ({} answers read); {} trickle connections wrote {} bytes of \
             request lines",
            n(&c.flood_connections),
            n(&c.flood_closed),
            n(&c.opens_sent),
            n(&c.answers),
            n(&c.trickle_connections),
            n(&c.bytes_trickled)
        )
    }
}

async fn until_stopped(mut stopped: watch::Receiver<bool>, work: impl Future<Output = ()>) {
    tokio::select! {
        _ = stopped.wait_for(|s| *s) => {}
        _ = work => {}
    }
}

/// Connects, says hello and sends `open`s of random unknown rooms as fast as the
/// connection takes them, reading the answers beside; again when closed.
async fn flood(url: String, seed: u64, counts: Arc<Counts>) {
    let mut rng = StdRng::seed_from_u64(0xF100D + seed);
    loop {
        let Ok((ws, _)) = tokio_tungstenite::connect_async(url.as_str()).await else {
            tokio::time::sleep(Duration::from_millis(100)).await;
            continue;
        };
        counts.flood_connections.fetch_add(1, Ordering::Relaxed);
        let (mut sink, mut stream) = ws.split();
        let reader_counts = counts.clone();
        let reader = tokio::spawn(async move {
            while let Some(Ok(_)) = stream.next().await {
                reader_counts.answers.fetch_add(1, Ordering::Relaxed);
            }
        });
        let hello = ClientMessage::Hello {
            protocol: mills_protocol::PROTOCOL_VERSION,
            device: super::secret(&mut rng),
            name: None,
        };
        let mut message = hello;
        while sink
            .send(Message::text(mills_protocol::encode(&message)))
            .await
            .is_ok()
        {
            counts.opens_sent.fetch_add(
                u64::from(matches!(message, ClientMessage::Open { .. })),
                Ordering::Relaxed,
            );
            let room: String = (0..mills_protocol::limits::INVITE_CODE_CHARS)
                .map(|_| {
                    char::from(
                        INVITE_CODE_ALPHABET[rng.random_range(0..INVITE_CODE_ALPHABET.len())],
                    )
                })
                .collect();
            message = ClientMessage::Open { room };
        }
        reader.abort();
        counts.flood_closed.fetch_add(1, Ordering::Relaxed);
    }
}

/// Connects and sends a WebSocket request line a byte every half second; again when the
/// server closes it.
async fn trickle(addr: String, counts: Arc<Counts>) {
    let line = format!("GET {} HTTP/1.1\r\nHost: load\r\n", mills_protocol::WS_PATH);
    loop {
        let Ok(mut tcp) = TcpStream::connect(&addr).await else {
            tokio::time::sleep(Duration::from_millis(100)).await;
            continue;
        };
        counts.trickle_connections.fetch_add(1, Ordering::Relaxed);
        for byte in line.bytes().cycle() {
            if tcp.write_all(&[byte]).await.is_err() {
                break;
            }
            counts.bytes_trickled.fetch_add(1, Ordering::Relaxed);
            tokio::time::sleep(Duration::from_millis(500)).await;
        }
    }
}
