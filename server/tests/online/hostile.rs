//! Hostile input: each answered with a typed error or a closed connection, never a panic and
//! never a changed game.

use std::time::Duration;

use crate::common::{
    Client, Server, accepted, create_room, new_secret, open, rng, start_room, temp_dir, turn,
};
use mills_protocol::{ClientMessage, ErrorCode, ServerMessage};
use tokio_tungstenite::tungstenite::Message;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bad_frames_get_typed_errors_and_oversized_ones_close_the_connection() {
    let dir = temp_dir("frames");
    let server = Server::start(&dir.join("db"), &[]);
    let mut r = rng(21);
    let secret = new_secret(&mut r);

    // Before hello.
    let mut c = Client::connect_raw(&server.url()).await;
    c.send(&ClientMessage::Open {
        room: "ABCDEFGHJKMN".into(),
    })
    .await;
    assert_eq!(c.expect_error().await, ErrorCode::HelloFirst);

    let (mut c, _) = Client::connect(&server.url(), &secret, "A").await;
    for text in [
        "not json",
        "{}",
        "[1,2]",
        r#"{"type":"launch-missiles"}"#,
        r#"{"type":"turn","room":"AB"}"#,
        r#"{"type":"create","game":"zhiqi","timer":-5}"#,
        r#"{"type":"hello","protocol":1,"device":"short"}"#,
    ] {
        c.send_text(text).await;
        assert_eq!(c.expect_error().await, ErrorCode::BadMessage, "{text}");
    }
    c.send(&ClientMessage::Hello {
        protocol: 1,
        device: secret.clone(),
        name: None,
    })
    .await;
    assert_eq!(c.expect_error().await, ErrorCode::HelloFirst, "hello twice");
    assert!(c.send_raw(Message::binary(vec![0u8, 1, 2])).await);
    assert_eq!(c.expect_error().await, ErrorCode::BadMessage);
    c.send(&ClientMessage::Create {
        game: "chess".into(),
        timer: 60,
        side: None,
        id: None,
    })
    .await;
    assert_eq!(c.expect_error().await, ErrorCode::UnknownGame);
    c.send(&ClientMessage::Create {
        game: "zhiqi".into(),
        timer: 45,
        side: None,
        id: None,
    })
    .await;
    assert_eq!(c.expect_error().await, ErrorCode::BadTimer);
    // Still served.
    c.send(&ClientMessage::Ping { nonce: Some(9) }).await;
    assert!(matches!(
        c.recv().await,
        Some(ServerMessage::Pong { nonce: Some(9) })
    ));

    // An oversized frame closes the connection.
    c.send_text(&format!(
        r#"{{"type":"ping","pad":"{}"}}"#,
        "x".repeat(100_000)
    ))
    .await;
    assert!(c.closed_within(Duration::from_secs(5)).await);

    // Another protocol version: refused, closed.
    let mut old = Client::connect_raw(&server.url()).await;
    old.send(&ClientMessage::Hello {
        protocol: 99,
        device: secret.clone(),
        name: None,
    })
    .await;
    assert_eq!(old.expect_error().await, ErrorCode::UnsupportedVersion);
    assert!(old.closed_within(Duration::from_secs(5)).await);

    // The server is still up.
    let (_fine, _) = Client::connect(&server.url(), &secret, "A").await;
    assert!(!server.log_text().contains("panicked"));
    std::fs::remove_dir_all(&dir).ok();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn wrong_turns_wrong_secrets_and_replayed_ids_change_nothing() {
    let dir = temp_dir("turns");
    let server = Server::start(&dir.join("db"), &[]);
    let mut r = rng(22);
    let (sa, sb, sc) = (new_secret(&mut r), new_secret(&mut r), new_secret(&mut r));
    let (mut a, _) = Client::connect(&server.url(), &sa, "A").await;
    let (mut b, _) = Client::connect(&server.url(), &sb, "B").await;
    let (intruder, _) = Client::connect(&server.url(), &sc, "C").await;

    // Turns before the second player joins.
    let id = create_room(&mut a, "twelve-mens-morris", 60).await;
    a.send(&turn(&id, 1, 0, "early", &["a1".into()])).await;
    assert_eq!(a.expect_error().await, ErrorCode::NotStarted);
    b.send(&ClientMessage::Join { code: id.clone() }).await;
    b.until(|m| matches!(m, ServerMessage::Room { .. }).then_some(()))
        .await;
    let g = |s: &[&str]| s.iter().map(|a| a.to_string()).collect::<Vec<_>>();

    let cases: Vec<(usize, ClientMessage, ErrorCode)> = vec![
        (
            1,
            turn(&id, 1, 0, "b1", &g(&["a1"])),
            ErrorCode::NotYourTurn,
        ),
        (
            0,
            turn(&id, 1, 0, "a1", &g(&["z9"])),
            ErrorCode::IllegalTurn,
        ),
        (
            0,
            turn(&id, 1, 0, "a2", &g(&["a1", "a4"])),
            ErrorCode::IllegalTurn,
        ),
        (
            0,
            turn(&id, 1, 0, "a3", &g(&["a1-a4"])),
            ErrorCode::IllegalTurn,
        ),
        (
            0,
            turn(&id, 1, 0, "a4", &g(&["pass"])),
            ErrorCode::IllegalTurn,
        ),
        (
            0,
            turn(&id, 1, 5, "a5", &g(&["a1"])),
            ErrorCode::StaleRevision,
        ),
        (
            0,
            turn(&id, 2, 0, "a6", &g(&["a1"])),
            ErrorCode::StaleRevision,
        ),
        (
            0,
            turn("ZZZZZZZZZZZZ", 1, 0, "a7", &g(&["a1"])),
            ErrorCode::NotInRoom,
        ),
        (2, turn(&id, 1, 0, "c1", &g(&["a1"])), ErrorCode::NotInRoom),
        (
            2,
            ClientMessage::Open { room: id.clone() },
            ErrorCode::NotInRoom,
        ),
        (
            2,
            ClientMessage::Join { code: id.clone() },
            ErrorCode::RoomFull,
        ),
        (
            2,
            ClientMessage::Resign {
                room: id.clone(),
                game: 1,
                id: "c2".into(),
            },
            ErrorCode::NotInRoom,
        ),
        (
            0,
            ClientMessage::Rematch {
                room: id.clone(),
                game: 1,
            },
            ErrorCode::GameNotOver,
        ),
    ];
    let mut clients = [a, b, intruder];
    for (who, message, code) in cases {
        let client = &mut clients[who];
        client.send(&message).await;
        assert_eq!(client.expect_error().await, code, "{message:?}");
    }
    let [mut a, mut b, _] = clients;
    assert_eq!(
        open(&mut a, &id).await.revision,
        0,
        "nothing changed the game"
    );

    // A good turn, then its id replayed: once as a resend (accepted again), once for other
    // actions (refused).
    a.send(&turn(&id, 1, 0, "good", &g(&["a1"]))).await;
    assert_eq!(accepted(&mut a, "good").await, 1);
    a.send(&turn(&id, 1, 0, "good", &g(&["a1"]))).await;
    assert_eq!(accepted(&mut a, "good").await, 1);
    b.send(&turn(&id, 1, 1, "good", &g(&["g7"]))).await;
    assert_eq!(b.expect_error().await, ErrorCode::IdReused);
    let state = open(&mut b, &id).await;
    assert_eq!(state.revision, 1);
    assert_eq!(state.entries[0].actions, ["a1"]);
    std::fs::remove_dir_all(&dir).ok();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn join_floods_and_message_floods_are_rate_limited() {
    let dir = temp_dir("floods");
    let server = Server::start(&dir.join("db"), &[]);
    let mut r = rng(23);
    let (mut a, _) = Client::connect(&server.url(), &new_secret(&mut r), "A").await;
    let (mut b, _) = Client::connect(&server.url(), &new_secret(&mut r), "B").await;
    let (room, _) = start_room(&mut a, &mut b, "zhiqi", 60).await;
    assert_eq!(room.players.len(), 2);
    // start_room used one join of this address; guessing codes runs out of the rest fast.
    let mut guesser = Client::connect(&server.url(), &new_secret(&mut r), "G")
        .await
        .0;
    let mut limited = None;
    for i in 0..10 {
        guesser
            .send(&ClientMessage::Join {
                code: format!("{:012}", i),
            })
            .await;
        let answer = guesser.expect_error_and_wait().await;
        if answer.0 == ErrorCode::RateLimited {
            limited = Some((i, answer.1));
            break;
        }
        assert_eq!(answer.0, ErrorCode::UnknownCode);
    }
    let (at, wait) = limited.expect("the join flood is limited");
    assert!(at <= 5, "limited after {at} guesses");
    assert!(wait.unwrap() > 0);

    // A message flood: refused over the rate (the burst is 40), then, when it goes on, the
    // connection is closed.
    let mut flood = Client::connect(&server.url(), &new_secret(&mut r), "F")
        .await
        .0;
    for _ in 0..45 {
        flood.send_text(r#"{"type":"ping"}"#).await;
    }
    let code = flood.expect_error().await;
    assert_eq!(code, ErrorCode::RateLimited);
    for _ in 0..200 {
        if !flood.send_raw(Message::text(r#"{"type":"ping"}"#)).await {
            break;
        }
    }
    assert!(flood.closed_within(Duration::from_secs(5)).await);
    std::fs::remove_dir_all(&dir).ok();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn idle_and_silent_connections_are_closed() {
    let dir = temp_dir("idle");
    let server = Server::start(&dir.join("db"), &["--idle-timeout-secs", "1"]);
    let mut r = rng(24);
    let secret = new_secret(&mut r);
    // Before both connect: the server counts from each connection's start, and a hello
    // answered slowly on a busy machine must not make the wait look short.
    let started = std::time::Instant::now();
    let mut silent = Client::connect_raw(&server.url()).await;
    let mut idle = Client::connect(&server.url(), &secret, "I").await.0;
    assert!(silent.closed_within(Duration::from_secs(5)).await);
    assert!(idle.closed_within(Duration::from_secs(5)).await);
    assert!(started.elapsed() >= Duration::from_millis(900));
    // A raw TCP connection that never finishes its request is dropped too.
    let mut tcp = tokio::net::TcpStream::connect(&server.addr).await.unwrap();
    use tokio::io::AsyncReadExt;
    let mut buf = [0u8; 16];
    let read = tokio::time::timeout(Duration::from_secs(5), tcp.read(&mut buf)).await;
    assert!(matches!(read, Ok(Ok(0)) | Ok(Err(_))), "{read:?}");
    std::fs::remove_dir_all(&dir).ok();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn behind_a_proxy_joins_are_limited_per_forwarded_client() {
    let dir = temp_dir("proxy");
    let server = Server::start(&dir.join("db"), &["--behind-proxy", "true"]);
    let mut r = rng(25);
    let join = |i: usize| ClientMessage::Join {
        code: format!("{i:012}"),
    };
    let mut guesser =
        Client::connect_forwarded(&server.url(), &new_secret(&mut r), "10.0.0.1, 203.0.113.7")
            .await;
    let mut limited = false;
    for i in 0..8 {
        guesser.send(&join(i)).await;
        if guesser.expect_error().await == ErrorCode::RateLimited {
            limited = true;
            break;
        }
    }
    assert!(limited);
    // Another client behind the same proxy is not held up by the guesser.
    let mut other =
        Client::connect_forwarded(&server.url(), &new_secret(&mut r), "198.51.100.2").await;
    other.send(&join(99)).await;
    assert_eq!(other.expect_error().await, ErrorCode::UnknownCode);
    std::fs::remove_dir_all(&dir).ok();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_address_closed_for_flooding_waits_before_its_next_connection_is_served() {
    let dir = temp_dir("flood-pause");
    let server = Server::start(
        &dir.join("db"),
        &["--behind-proxy", "true", "--flood-pause-secs", "3"],
    );
    let mut r = rng(26);
    let flooder_address = "203.0.113.7";
    let mut neighbour =
        Client::connect_forwarded(&server.url(), &new_secret(&mut r), flooder_address).await;
    // A pause is the process's own (with two processes the flooder is paused by each it
    // floods), so the flood and the flooder's return go to the same one.
    let mut flood =
        Client::connect_forwarded(&server.first_url(), &new_secret(&mut r), flooder_address).await;
    for _ in 0..300 {
        if !flood.send_raw(Message::text(r#"{"type":"ping"}"#)).await {
            break;
        }
    }
    assert!(flood.closed_within(Duration::from_secs(5)).await);
    let closed = std::time::Instant::now();

    // The flooder comes back at once, and so does a device from another address.
    let url = server.first_url();
    let (secret, other_secret) = (new_secret(&mut r), new_secret(&mut r));
    let back = tokio::spawn(async move {
        Client::connect_forwarded(&url, &secret, flooder_address).await;
        closed.elapsed()
    });
    drop(Client::connect_forwarded(&server.url(), &other_secret, "198.51.100.2").await);
    // The neighbour's open connection is served as before.
    neighbour
        .send(&ClientMessage::Ping { nonce: Some(7) })
        .await;
    assert!(matches!(
        neighbour.recv().await,
        Some(ServerMessage::Pong { .. })
    ));
    assert!(
        !back.is_finished(),
        "the flooder's address is still paused when the others are answered"
    );
    let waited = back.await.unwrap();
    // The pause runs from the server's close, a moment before the test saw it.
    assert!(
        waited >= Duration::from_secs(2),
        "the flooder's next connection waited {waited:?}"
    );
    std::fs::remove_dir_all(&dir).ok();
}
