//! The load tool's attack (`mills-load --attack`, the same source file) against a real
//! server, short: what it says it did must add up, for its line is how a load run's attack
//! is read.

use std::time::Duration;

use crate::attack;
use crate::common::{Server, temp_dir};

/// Runs the attack for `run` against `server` and stops it.
async fn attack_for(
    server: &Server,
    flooders: usize,
    tricklers: usize,
    run: Duration,
) -> attack::Report {
    let attack = attack::start(&server.url(), flooders, tricklers);
    tokio::time::sleep(run).await;
    attack.stop().await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_flood_within_the_rate_is_answered_open_for_open() {
    let dir = temp_dir("floodcount");
    let server = Server::start(&dir.join("db"), &["--messages-per-second", "1000000"]);
    let report = attack_for(&server, 4, 8, Duration::from_secs(1)).await;
    let flood = report.flood;
    assert!(flood.sent > 0, "{report}");
    // Never over the rate: every connection lasts until the attack stops, and every `open`
    // written is answered.
    assert_eq!(flood.connections, 4, "{report}");
    assert_eq!(flood.closed_by_server, 0, "{report}");
    assert_eq!(flood.refused, 0, "{report}");
    assert_eq!(flood.answered, flood.sent, "{report}");
    assert_eq!(flood.dropped, 0, "{report}");
    assert!(report.trickle.connections >= 8, "{report}");
    assert!(report.trickle.bytes >= 8, "{report}");
    std::fs::remove_dir_all(&dir).ok();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_flood_over_the_rate_adds_up_to_answered_refused_and_dropped() {
    let dir = temp_dir("floodclosed");
    let server = Server::start(&dir.join("db"), &["--messages-per-second", "20"]);
    let report = attack_for(&server, 4, 0, Duration::from_secs(2)).await;
    let flood = report.flood;
    assert_eq!(
        flood.sent,
        flood.answered + flood.refused + flood.dropped,
        "{report}"
    );
    // A connection writes as fast as its socket takes frames, far past the rate: the server
    // answers the burst (40, of which the hello takes one), refuses what follows until it
    // closes the connection (21 refusals at least: 20 are forgiven), and never answers the
    // rest.
    assert!(flood.closed_by_server > 0, "{report}");
    assert!(flood.connections >= flood.closed_by_server, "{report}");
    assert!(flood.answered >= 39 * flood.closed_by_server, "{report}");
    assert!(flood.refused >= 21 * flood.closed_by_server, "{report}");
    assert!(flood.dropped > 0, "{report}");
    std::fs::remove_dir_all(&dir).ok();
}
