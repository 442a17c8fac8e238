//! A server that never spins or stalls: out of file descriptors, under connections that
//! never say hello or never finish their request line, and when told to stop.

use std::time::{Duration, Instant};

use crate::common::{Client, Server, new_secret, rng, temp_dir};
use mills_protocol::ClientMessage;
use tokio::io::AsyncWriteExt;
use tokio::net::TcpStream;

/// Opens `n` TCP connections to `addr` that each send `start` and then nothing.
async fn hold(addr: &str, n: usize, start: &[u8]) -> Vec<TcpStream> {
    let mut held = Vec::with_capacity(n);
    for _ in 0..n {
        let mut tcp = TcpStream::connect(addr).await.expect("connects");
        if !start.is_empty() {
            tcp.write_all(start).await.unwrap();
        }
        held.push(tcp);
    }
    held
}

/// The CPU time the server's first process uses in 2 s, measured from `settle` on (the time
/// to take in the connections just made).
async fn cpu_in_two_seconds(server: &Server, settle: Duration) -> Duration {
    tokio::time::sleep(settle).await;
    let before = server.cpu_time();
    tokio::time::sleep(Duration::from_secs(2)).await;
    server.cpu_time() - before
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn out_of_file_descriptors_the_server_pauses_accepts_and_serves_again() {
    let dir = temp_dir("fds");
    let server = Server::start_limited(&dir.join("db"), &[], Some(64));
    // More connections than descriptors: the listener stays readable, accepts fail.
    let held = hold(&server.addr, 100, b"").await;
    let used = cpu_in_two_seconds(&server, Duration::from_millis(500)).await;
    // A loop that retries at once burns the whole 2 s of a core (its share of one on a
    // busy machine: 370 ms with 15 runnable threads on 2 cores); pausing accepts, nothing
    // to speak of.
    assert!(
        used < Duration::from_millis(100),
        "{used:?} of CPU in 2 s out of descriptors"
    );
    let log = server.log_text();
    assert_eq!(
        log.matches("accept failed").count(),
        1,
        "logged once per burst: {log}"
    );
    drop(held);
    assert!(
        server.healthy_within(Duration::from_secs(10)).await,
        "/health answers once the connections closed"
    );
    assert!(
        server
            .logged_within("accepting again", Duration::from_secs(5))
            .await
    );
    std::fs::remove_dir_all(&dir).ok();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn pings_do_not_put_off_the_hello_deadline_nor_lock_out_health() {
    let dir = temp_dir("pinger");
    // The hello deadline is the idle timeout when that is shorter: 3 s.
    let server = Server::start(
        &dir.join("db"),
        &["--idle-timeout-secs", "3", "--max-connections", "8"],
    );
    let started = Instant::now();
    let mut pingers = Vec::new();
    for _ in 0..8 {
        pingers.push(Client::connect_raw(&server.first_url()).await);
    }
    // Every place taken by connections that ping and never say hello: another WebSocket
    // is refused, /health (outside the connection limit) is still answered.
    assert_eq!(
        Client::handshake(&server.first_url()).await.err(),
        Some(503),
        "a WebSocket beyond --max-connections is refused"
    );
    assert!(
        server.healthy_within(Duration::from_secs(2)).await,
        "/health is answered while every place is taken"
    );
    let mut closed = vec![false; pingers.len()];
    while started.elapsed() < Duration::from_secs(7) && closed.contains(&false) {
        for (pinger, closed) in pingers.iter_mut().zip(closed.iter_mut()) {
            if !*closed {
                *closed = !pinger
                    .send_raw(tokio_tungstenite::tungstenite::Message::text(
                        r#"{"type":"ping"}"#,
                    ))
                    .await
                    || pinger.closed_within(Duration::from_millis(50)).await;
            }
        }
        tokio::time::sleep(Duration::from_millis(300)).await;
    }
    assert!(
        !closed.contains(&false),
        "connections that only ping are closed at the hello deadline"
    );
    assert!(
        started.elapsed() < Duration::from_secs(6),
        "by the deadline"
    );
    // The places they held are free again once their closing handshakes end.
    let freed_by = Instant::now() + Duration::from_secs(5);
    while let Err(status) = Client::handshake(&server.first_url()).await {
        assert!(
            Instant::now() < freed_by,
            "still refused {status} after the deadline"
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    let (_player, _) = Client::connect(&server.url(), &new_secret(&mut rng(31)), "P").await;
    std::fs::remove_dir_all(&dir).ok();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn half_sent_request_lines_cost_no_cpu() {
    let dir = temp_dir("halfline");
    let server = Server::start(&dir.join("db"), &[]);
    let held = hold(&server.addr, 500, b"GET /w").await;
    let used = cpu_in_two_seconds(&server, Duration::from_millis(300)).await;
    // Looking at them again every 5 ms costs a fifth of a core (400 ms in 2 s); waiting
    // for their bytes, nothing to speak of.
    assert!(
        used < Duration::from_millis(100),
        "{used:?} of CPU in 2 s for 500 half-sent request lines"
    );
    assert!(server.healthy_within(Duration::from_secs(5)).await);
    drop(held);
    std::fs::remove_dir_all(&dir).ok();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_connection_costs_little_memory() {
    let dir = temp_dir("memory");
    // 201 connections from one address: above the default cap per address, which this
    // test does not measure.
    let server = Server::start(
        &dir.join("db"),
        &[
            "--messages-per-second",
            "1000",
            "--max-connections-per-address",
            "1000",
        ],
    );
    let url = server.first_url();
    let mut r = rng(32);
    let secret = new_secret(&mut r);
    // Warm up (the runtime's threads, the store) before measuring.
    let mut clients = vec![Client::connect(&url, &secret, "M").await.0];
    let before = server.resident_kib();
    const N: u64 = 200;
    for _ in 0..N {
        let (mut c, _) = Client::connect(&url, &secret, "M").await;
        c.send(&ClientMessage::Ping { nonce: Some(1) }).await;
        c.recv().await.expect("pong");
        clients.push(c);
    }
    let per_connection = (server.resident_kib() - before) / N;
    // tungstenite's default read buffer alone is 128 KiB, zero-filled.
    assert!(
        per_connection < 48,
        "{per_connection} KiB per open connection"
    );
    std::fs::remove_dir_all(&dir).ok();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sigterm_does_not_wait_for_connections_that_said_nothing() {
    let dir = temp_dir("silentstop");
    let mut server = Server::start(&dir.join("db"), &[]);
    let silent = hold(&server.addr, 3, b"").await;
    let half = hold(&server.addr, 3, b"GET /ws HTTP/1.1\r\n").await;
    let no_hello = Client::connect_raw(&server.first_url()).await;
    tokio::time::sleep(Duration::from_millis(200)).await;
    let asked = Instant::now();
    assert!(server.terminate().success());
    // Before: 10 s for the silent ones to reach the hello timeout.
    assert!(
        asked.elapsed() < Duration::from_secs(5),
        "stopped after {:?}",
        asked.elapsed()
    );
    drop((silent, half, no_hello));
    std::fs::remove_dir_all(&dir).ok();
}
