//! The accept loop and the orderly stop.

use std::sync::Arc;
use std::sync::atomic::Ordering;
use std::time::Duration;

use tokio::net::TcpListener;
use tokio::sync::watch;
use tokio::task::JoinSet;

use crate::conn;
use crate::hub::Hub;

/// Sockets accepted beyond the WebSocket limit, for health probes and requests not yet
/// read.
const UNROUTED: usize = 256;

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
    loop {
        tokio::select! {
            accepted = listener.accept() => {
                let Ok((stream, peer)) = accepted else { continue };
                while connections.try_join_next().is_some() {}
                // WebSocket connections are counted once routed (crate::budget::Connections),
                // so that /health is answered when they are full; this bounds the sockets
                // not yet routed.
                if hub.connections.load(Ordering::Relaxed) >= hub.config().max_connections + UNROUTED {
                    log::warn!(peer = peer.ip().to_string().as_str(); "connection limit reached");
                    drop(stream);
                    continue;
                }
                let hub = hub.clone();
                let stop = conn_stop.clone();
                connections.spawn(async move {
                    hub.connections.fetch_add(1, Ordering::Relaxed);
                    conn::serve(hub.clone(), stream, peer, stop).await;
                    hub.connections.fetch_sub(1, Ordering::Relaxed);
                });
            }
            _ = stop.wait_for(|s| *s) => break,
        }
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
