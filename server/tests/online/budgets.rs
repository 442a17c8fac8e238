//! Budgets and the end of rooms, as an attacker and as players meet them: waiting rooms
//! per address and in total, devices per address, joins per device, connections per
//! address (with `/health` answered when they are full), rooms deleted when their time is
//! up, and a start that loads only unfinished games. Budgets are counted per process, so
//! with two processes (tests/postgres/run.sh) these tests speak to the first.

use std::time::Duration;

use crate::common::{
    Client, Server, first_url, health, new_secret, open, rng, rooms_loaded_at_start, start_room,
    stored_room_ids, temp_dir, try_create_room,
};
use mills_protocol::{ClientMessage, ErrorCode, ServerMessage};
use tokio_tungstenite::tungstenite::client::IntoClientRequest;

/// Creates a room; its code, or the error code.
async fn create(client: &mut Client, timer: u32) -> Result<String, ErrorCode> {
    try_create_room(client, "zhiqi", timer).await
}

/// A WebSocket handshake as a proxy would forward it from `from`: the connection, or the
/// HTTP status of a refusal.
async fn handshake(url: &str, from: &str) -> Result<impl Sized, u16> {
    let mut request = url.into_client_request().unwrap();
    request
        .headers_mut()
        .insert("x-forwarded-for", from.parse().unwrap());
    Client::handshake(request).await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn waiting_rooms_are_budgeted_per_address_and_in_total() {
    let dir = temp_dir("budget-rooms");
    let server = Server::start(
        &dir.join("db"),
        &[
            "--behind-proxy",
            "true",
            "--max-waiting-rooms-per-address",
            "2",
            "--max-waiting-rooms",
            "3",
        ],
    );
    let url = first_url(&server);
    let mut r = rng(51);
    let mut device_at =
        async |address: &str| Client::connect_forwarded(&url, &new_secret(&mut r), address).await;
    // Fresh devices cost nothing, so one address gets its share however many it brings.
    let mut first = device_at("203.0.113.7").await;
    let code = create(&mut first, 60).await.unwrap();
    create(&mut device_at("203.0.113.7").await, 60)
        .await
        .unwrap();
    let mut third = device_at("203.0.113.7").await;
    assert_eq!(create(&mut third, 60).await, Err(ErrorCode::TooManyRooms));
    // Another address has its own share, until the process's total is reached.
    create(&mut device_at("198.51.100.2").await, 60)
        .await
        .unwrap();
    assert_eq!(
        create(&mut device_at("198.51.100.3").await, 60).await,
        Err(ErrorCode::TooManyRooms)
    );
    // A room joined no longer waits: the address may make another.
    let mut joiner = device_at("192.0.2.9").await;
    joiner.send(&ClientMessage::Join { code }).await;
    joiner
        .until(|m| matches!(m, ServerMessage::Room { .. }).then_some(()))
        .await;
    assert!(create(&mut third, 60).await.is_ok());
    std::fs::remove_dir_all(&dir).ok();
}

/// Says hello as `secret` from `from` (through the proxy); the first answer.
async fn hello(url: &str, secret: &str, from: &str) -> (Client, ServerMessage) {
    let mut request = url.into_client_request().unwrap();
    request
        .headers_mut()
        .insert("x-forwarded-for", from.parse().unwrap());
    let (ws, _) = tokio_tungstenite::connect_async(request).await.unwrap();
    let mut client = Client::from_stream(ws);
    client
        .send(&ClientMessage::Hello {
            protocol: mills_protocol::PROTOCOL_VERSION,
            device: secret.to_string(),
            name: None,
        })
        .await;
    let answer = client.recv().await.expect("an answer to hello");
    (client, answer)
}

/// The retry time of a `rate-limited` refusal (panics on anything else).
fn retry_after(answer: &ServerMessage) -> u64 {
    match answer {
        ServerMessage::Error {
            code: ErrorCode::RateLimited,
            retry_after_ms: Some(wait),
            ..
        } => *wait,
        other => panic!("not rate-limited: {other:?}"),
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn devices_are_budgeted_per_address_and_in_total() {
    let dir = temp_dir("budget-devices");
    let server = Server::start(
        &dir.join("db"),
        &[
            "--behind-proxy",
            "true",
            "--max-devices-per-address",
            "2",
            "--max-devices",
            "3",
        ],
    );
    let url = first_url(&server);
    let mut r = rng(52);
    let first = new_secret(&mut r);
    let welcomed = |m: &ServerMessage| matches!(m, ServerMessage::Welcome { .. });
    assert!(welcomed(&hello(&url, &first, "203.0.113.7").await.1));
    assert!(welcomed(
        &hello(&url, &new_secret(&mut r), "203.0.113.7").await.1
    ));
    let (mut third, answer) = hello(&url, &new_secret(&mut r), "203.0.113.7").await;
    assert!(retry_after(&answer) > 0);
    assert!(third.closed_within(Duration::from_secs(5)).await);
    // A device seen from the address comes back as ever.
    assert!(welcomed(&hello(&url, &first, "203.0.113.7").await.1));
    // Another address has its own share, until the process has seen its total.
    assert!(welcomed(
        &hello(&url, &new_secret(&mut r), "198.51.100.2").await.1
    ));
    let (_, answer) = hello(&url, &new_secret(&mut r), "198.51.100.3").await;
    assert!(retry_after(&answer) > 0);
    std::fs::remove_dir_all(&dir).ok();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn joins_are_limited_per_device_whatever_address_it_comes_from() {
    let dir = temp_dir("budget-device-joins");
    let server = Server::start(&dir.join("db"), &["--behind-proxy", "true"]);
    let url = first_url(&server);
    let secret = new_secret(&mut rng(53));
    let mut limited = None;
    for i in 0..10 {
        // Each join from a new address, whose own bucket is full.
        let mut guesser = Client::connect_forwarded(&url, &secret, &format!("10.0.0.{i}")).await;
        guesser
            .send(&ClientMessage::Join {
                code: format!("{i:012}"),
            })
            .await;
        match guesser.expect_error().await {
            ErrorCode::RateLimited => {
                limited = Some(i);
                break;
            }
            code => assert_eq!(code, ErrorCode::UnknownCode),
        }
    }
    let at = limited.expect("the device's joins are limited");
    assert!(at <= 5, "limited after {at} joins");
    std::fs::remove_dir_all(&dir).ok();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn connections_are_capped_per_address_and_health_answers_when_they_are_full() {
    let dir = temp_dir("budget-connections");
    let server = Server::start(
        &dir.join("db"),
        &[
            "--behind-proxy",
            "true",
            "--max-connections",
            "3",
            "--max-connections-per-address",
            "2",
        ],
    );
    let url = first_url(&server);
    let one = handshake(&url, "203.0.113.7").await.unwrap();
    let _two = handshake(&url, "203.0.113.7").await.unwrap();
    assert_eq!(handshake(&url, "203.0.113.7").await.err(), Some(503));
    let _three = handshake(&url, "198.51.100.2").await.unwrap();
    assert_eq!(
        handshake(&url, "192.0.2.1").await.err(),
        Some(503),
        "the total"
    );
    // Full, and the probe is still answered.
    assert_eq!(health(&server)["status"], "ok");
    drop(one);
    let mut admitted = false;
    for _ in 0..50 {
        if handshake(&url, "203.0.113.7").await.is_ok() {
            admitted = true;
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert!(admitted, "a closed connection frees its place");
    std::fs::remove_dir_all(&dir).ok();
}

/// Waits until the stored rooms are `expected` (sorted), up to 20 s.
async fn stored_rooms_become(db: &std::path::Path, expected: &[String]) {
    let mut stored = Vec::new();
    for _ in 0..200 {
        stored = stored_room_ids(db);
        if stored == expected {
            return;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    panic!("stored {stored:?}, expected {expected:?}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn waiting_finished_and_abandoned_rooms_are_deleted_when_their_time_is_up() {
    let dir = temp_dir("expiry");
    let db = dir.join("db");
    // 0.00003 days: 2.6 s.
    let days = "0.00003";
    let server = Server::start(
        &db,
        &[
            "--waiting-room-days",
            days,
            "--finished-room-days",
            days,
            "--abandoned-game-days",
            days,
        ],
    );
    let mut r = rng(54);
    let (sa, sb, sc) = (new_secret(&mut r), new_secret(&mut r), new_secret(&mut r));
    let (mut a, _) = Client::connect(&server.url(), &sa, "Ann").await;
    let (mut b, _) = Client::connect(&server.url(), &sb, "Bo").await;
    let (mut c, _) = Client::connect(&server.url(), &sc, "Cy").await;
    let waiting = create(&mut c, 60).await.unwrap();
    let (finished, _) = start_room(&mut a, &mut b, "zhiqi", 0).await;
    a.send(&ClientMessage::Resign {
        room: finished.room.clone(),
        game: 1,
        id: "r1".into(),
    })
    .await;
    crate::common::accepted(&mut a, "r1").await;
    let (abandoned, _) = start_room(&mut a, &mut b, "zhiqi", 0).await;
    drop((a, b, c));
    // Two players still connected to an untimed game: it stays, however long it idles.
    let (mut d, _) = Client::connect(&server.url(), &new_secret(&mut r), "Di").await;
    let (mut e, _) = Client::connect(&server.url(), &new_secret(&mut r), "Ed").await;
    let (kept, _) = start_room(&mut d, &mut e, "zhiqi", 0).await;
    let mut all = vec![
        waiting.clone(),
        finished.room.clone(),
        abandoned.room.clone(),
        kept.room.clone(),
    ];
    all.sort();
    assert_eq!(stored_room_ids(&db), all);

    stored_rooms_become(&db, std::slice::from_ref(&kept.room)).await;
    assert_eq!(open(&mut d, &kept.room).await.room, kept.room);
    // The deleted rooms are gone for their players and their codes.
    let (mut a, welcome) = Client::connect(&server.url(), &sa, "Ann").await;
    let ServerMessage::Welcome { rooms, .. } = welcome else {
        unreachable!()
    };
    assert!(rooms.is_empty(), "{rooms:?}");
    a.send(&ClientMessage::Open {
        room: finished.room.clone(),
    })
    .await;
    assert_eq!(a.expect_error().await, ErrorCode::NotInRoom);
    a.send(&ClientMessage::Join { code: waiting }).await;
    assert_eq!(a.expect_error().await, ErrorCode::UnknownCode);
    assert!(!server.log_text().contains("panicked"));
    std::fs::remove_dir_all(&dir).ok();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_start_loads_only_unfinished_games_and_finished_ones_open_on_demand() {
    let dir = temp_dir("unfinished");
    let db = dir.join("db");
    let mut server = Server::start(&db, &[]);
    let mut r = rng(55);
    let (sa, sb) = (new_secret(&mut r), new_secret(&mut r));
    let (mut a, _) = Client::connect(&server.url(), &sa, "Ann").await;
    let (mut b, _) = Client::connect(&server.url(), &sb, "Bo").await;
    let (finished, _) = start_room(&mut a, &mut b, "zhiqi", 0).await;
    a.send(&ClientMessage::Resign {
        room: finished.room.clone(),
        game: 1,
        id: "r1".into(),
    })
    .await;
    crate::common::accepted(&mut a, "r1").await;
    start_room(&mut a, &mut b, "zhiqi", 60).await;
    drop((a, b));
    // The game's end is stored just after its answer.
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert!(server.terminate().success());

    let server = Server::start(&db, &[]);
    assert_eq!(
        rooms_loaded_at_start(&server),
        1,
        "only the unfinished game"
    );
    let (mut a, _) = Client::connect(&server.url(), &sa, "Ann").await;
    let state = open(&mut a, &finished.room).await;
    assert!(state.outcome.is_some() && state.record.is_some());
    std::fs::remove_dir_all(&dir).ok();
}
