//! The accept loop and the orderly stop.

use std::sync::Arc;
use std::sync::atomic::Ordering;
use std::time::Duration;

use tokio::net::TcpListener;
use tokio::sync::watch;
use tokio::task::JoinSet;
use tokio::time::Instant;

use crate::conn;
use crate::hub::Hub;

/// Sockets accepted beyond the WebSocket limit, for health probes and requests not yet
/// read.
const UNROUTED: usize = 256;
/// The first pause after a failed accept; it doubles while accepts keep failing.
const FIRST_ACCEPT_PAUSE: Duration = Duration::from_millis(10);
/// The longest pause between accepts that fail (out of file descriptors, say): how long a
/// freed descriptor may wait before it serves again.
const LONGEST_ACCEPT_PAUSE: Duration = Duration::from_millis(500);

/// Accepts connections until `stop` turns true, then waits (up to `grace`) for every
/// connection to finish the message it is handling and close.
pub async fn serve(
    hub: Arc<Hub>,
    listener: TcpListener,
    mut stop: watch::Receiver<bool>,
    grace: Duration,
) {
    let mut connections = JoinSet::new();
    let conn_stop = stop.clone();
    let mut failed_accepts = Burst::new("accept failed: pausing accepts", "accepting again");
    let mut refused = Burst::new(
        "connection limit reached",
        "connections below the limit again",
    );
    loop {
        let accepted = tokio::select! {
            accepted = listener.accept() => accepted,
            _ = stop.wait_for(|s| *s) => break,
        };
        let (stream, peer) = match accepted {
            Ok(accepted) => accepted,
            Err(e) => {
                // Out of file descriptors the listener stays readable: accepting again at
                // once would spin a core and starve the connections that could close.
                let failures = failed_accepts.note(&e.to_string());
                let pause = FIRST_ACCEPT_PAUSE
                    .saturating_mul(1 << failures.min(16))
                    .min(LONGEST_ACCEPT_PAUSE);
                tokio::select! {
                    _ = tokio::time::sleep(pause) => continue,
                    _ = stop.wait_for(|s| *s) => break,
                }
            }
        };
        failed_accepts.end();
        while connections.try_join_next().is_some() {}
        // WebSocket connections are counted once routed (crate::budget::Connections), so
        // that /health is answered when they are full; this bounds the sockets not yet routed.
        if hub.connections.load(Ordering::Relaxed) >= hub.config().max_connections + UNROUTED {
            refused.note(&peer.ip().to_string());
            drop(stream);
            continue;
        }
        refused.end();
        let hub = hub.clone();
        let stop = conn_stop.clone();
        let accepted_at = Instant::now();
        connections.spawn(async move {
            hub.connections.fetch_add(1, Ordering::Relaxed);
            conn::serve(hub.clone(), stream, peer, stop, accepted_at).await;
            hub.connections.fetch_sub(1, Ordering::Relaxed);
        });
    }
    drop(listener);
    hub.stop();
    let open = connections.len();
    log::info!(connections = open; "stopping: closing connections");
    let _ = tokio::time::timeout(grace, async {
        while connections.join_next().await.is_some() {}
    })
    .await;
}

/// A run of the same trouble, logged once when it starts and once when it ends, so a
/// flood does not flood the log too.
struct Burst {
    count: u64,
    starts: &'static str,
    ends: &'static str,
}

impl Burst {
    fn new(starts: &'static str, ends: &'static str) -> Burst {
        Burst {
            count: 0,
            starts,
            ends,
        }
    }

    /// One more; logs the first of a run (with `detail`). Returns how many came before.
    fn note(&mut self, detail: &str) -> u64 {
        if self.count == 0 {
            log::warn!(detail = detail; "{}", self.starts);
        }
        self.count += 1;
        self.count - 1
    }

    /// The run (if any) is over.
    fn end(&mut self) {
        if self.count > 0 {
            log::info!(times = self.count; "{}", self.ends);
            self.count = 0;
        }
    }
}
