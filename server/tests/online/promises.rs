//! Promises the protocol document makes, each checked the way a client (or an attacker)
//! would find it broken: what the log holds, which names are taken, what a refusal names,
//! how a connection is closed, the database file's mode.

use std::time::Duration;

use crate::common::{
    Client, Server, accepted, new_secret, random_turn, rng, start_room, temp_dir, test_postgres,
    turn,
};
use mills_core::{Game, Rules};
use mills_protocol::{ClientMessage, ErrorCode, ServerMessage};
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::tungstenite::protocol::frame::Frame;
use tokio_tungstenite::tungstenite::protocol::frame::coding::{Data, OpCode};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn no_secret_and_no_invite_code_reaches_the_log_even_at_trace() {
    let dir = temp_dir("tracelog");
    let server = Server::start(&dir.join("db"), &["--log-level", "trace"]);
    let mut r = rng(41);
    let (sa, sb) = (new_secret(&mut r), new_secret(&mut r));
    let (mut a, _) = Client::connect(&server.url(), &sa, "Ann").await;
    let (mut b, _) = Client::connect(&server.url(), &sb, "Bo").await;
    let (room, _) = start_room(&mut a, &mut b, "zhiqi", 0).await;
    let code = room.room.clone();
    let actions = random_turn(&Game::new(Rules::ZHIQI), &mut r);
    a.send(&turn(&code, 1, 0, "t1", &actions)).await;
    accepted(&mut a, "t1").await;
    drop((a, b));
    tokio::time::sleep(Duration::from_millis(300)).await;
    let log = server.log_text();
    assert!(log.contains("room created"), "the room's events are logged");
    assert!(
        !log.contains(&sa) && !log.contains(&sb),
        "a secret in the log"
    );
    // As given, and as a player types it (start_room joins with the dashed lower case).
    let lower = code.to_lowercase();
    let typed = format!("{}-{}-{}", &lower[..4], &lower[4..8], &lower[8..]);
    for form in [code.as_str(), lower.as_str(), typed.as_str()] {
        assert!(!log.contains(form), "the invite code in the log as {form}");
    }
    std::fs::remove_dir_all(&dir).ok();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_name_no_record_could_hold_is_refused_and_a_finished_game_has_its_record() {
    let dir = temp_dir("names");
    let server = Server::start(&dir.join("db"), &[]);
    let mut r = rng(42);
    let secret = new_secret(&mut r);
    // What a client that cuts "xxx…x y" to 60 characters would send.
    let cut_at_a_space: String = format!("{} y", "x".repeat(59)).chars().take(60).collect();
    for name in ["Bo ", " Bo", " ", cut_at_a_space.as_str()] {
        let mut c = Client::connect_raw(&server.url()).await;
        c.send(&ClientMessage::Hello {
            protocol: mills_protocol::PROTOCOL_VERSION,
            device: secret.clone(),
            name: Some(name.to_string()),
        })
        .await;
        assert_eq!(c.expect_error().await, ErrorCode::NameRefused, "{name:?}");
        // Not welcomed: a request still needs a hello.
        c.send(&ClientMessage::Ping { nonce: Some(1) }).await;
        c.recv().await.expect("pong");
        c.send(&ClientMessage::Open {
            room: "ABCDEFGHJKMN".into(),
        })
        .await;
        assert_eq!(c.expect_error().await, ErrorCode::HelloFirst, "{name:?}");
    }
    // Names that fit, to the end of a game: both players get its record.
    let (mut a, _) = Client::connect(&server.url(), &secret, "Ann Li").await;
    let (mut b, _) = Client::connect(&server.url(), &new_secret(&mut r), "电脑 · 5").await;
    let (room, _) = start_room(&mut a, &mut b, "zhiqi", 0).await;
    a.send(&ClientMessage::Resign {
        room: room.room.clone(),
        game: 1,
        id: "r".into(),
    })
    .await;
    for c in [&mut a, &mut b] {
        let record = c
            .until(|m| match m {
                ServerMessage::Update {
                    outcome, record, ..
                } if outcome.is_some() => Some(record.clone()),
                _ => None,
            })
            .await;
        let record = mills_core::Record::parse(&record.expect("the game's record")).unwrap();
        assert_eq!(record.header.players[0].as_deref(), Some("Ann Li"));
        assert_eq!(record.header.players[1].as_deref(), Some("电脑 · 5"));
    }
    std::fs::remove_dir_all(&dir).ok();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn rate_limited_names_the_request_it_refuses() {
    let dir = temp_dir("limitedid");
    let server = Server::start(&dir.join("db"), &["--messages-per-second", "5"]);
    let mut r = rng(43);
    let (mut a, _) = Client::connect(&server.url(), &new_secret(&mut r), "A").await;
    let (mut b, _) = Client::connect(&server.url(), &new_secret(&mut r), "B").await;
    let (room, _) = start_room(&mut a, &mut b, "zhiqi", 0).await;
    // The burst (10) spent on pings, then a turn.
    for _ in 0..12 {
        a.send_text(r#"{"type":"ping"}"#).await;
    }
    let actions = random_turn(&Game::new(Rules::ZHIQI), &mut r);
    a.send(&turn(&room.room, 1, 0, "my-turn", &actions)).await;
    let (id, named_room, retry) = a
        .until(|m| match m {
            ServerMessage::Error {
                code: ErrorCode::RateLimited,
                id: Some(id),
                room,
                retry_after_ms,
                ..
            } => Some((id.clone(), room.clone(), *retry_after_ms)),
            _ => None,
        })
        .await;
    assert_eq!(id, "my-turn");
    assert_eq!(named_room.as_deref(), Some(room.room.as_str()));
    // Sent again after the wait it names, the turn is taken.
    tokio::time::sleep(Duration::from_millis(retry.expect("a wait") + 50)).await;
    a.send(&turn(&room.room, 1, 0, "my-turn", &actions)).await;
    assert_eq!(accepted(&mut a, "my-turn").await, 1);
    std::fs::remove_dir_all(&dir).ok();
}

/// A text frame with `payload` as it is (not checked as UTF-8), with `rsv1` set or not.
fn raw_text_frame(payload: &[u8], rsv1: bool) -> Message {
    let mut frame = Frame::message(payload.to_vec(), OpCode::Data(Data::Text), true);
    frame.header_mut().rsv1 = rsv1;
    Message::Frame(frame)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn broken_frames_close_with_the_rfc_6455_codes() {
    let dir = temp_dir("closecodes");
    let server = Server::start(&dir.join("db"), &[]);
    let secret = new_secret(&mut rng(44));
    let cases: [(Message, u16, &str); 3] = [
        (
            raw_text_frame(b"{\"type\":\"ping\xff\"}", false),
            1007,
            "text that is not UTF-8",
        ),
        (
            raw_text_frame(br#"{"type":"ping"}"#, true),
            1002,
            "a reserved bit set",
        ),
        (Message::text("x".repeat(5000)), 1009, "a frame over 4 KiB"),
    ];
    for (frame, code, what) in cases {
        let (mut c, _) = Client::connect(&server.url(), &secret, "C").await;
        assert!(c.send_raw(frame).await);
        assert_eq!(c.close_code().await, Some(code), "{what}");
    }
    std::fs::remove_dir_all(&dir).ok();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn binary_frames_count_against_the_message_rate() {
    let dir = temp_dir("binaryflood");
    let server = Server::start(&dir.join("db"), &[]);
    let (mut flood, _) = Client::connect(&server.url(), &new_secret(&mut rng(45)), "F").await;
    for _ in 0..45 {
        flood.send_raw(Message::binary(vec![1u8; 16])).await;
    }
    let mut codes = Vec::new();
    while codes.len() < 45 {
        codes.push(flood.expect_error().await);
    }
    assert!(codes.contains(&ErrorCode::RateLimited), "{codes:?}");
    for _ in 0..200 {
        if !flood.send_raw(Message::binary(vec![1u8; 16])).await {
            break;
        }
    }
    assert!(flood.closed_within(Duration::from_secs(5)).await);
    std::fs::remove_dir_all(&dir).ok();
}

/// A flood paced at seven times the rate gets one message in between its refusals, every
/// time a token comes back: the connection is still closed, for it keeps going past the rate.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_flood_paced_at_seven_times_the_rate_is_closed() {
    use futures_util::{SinkExt, StreamExt};
    let dir = temp_dir("pacedflood");
    let rate = 5;
    let server = Server::start(
        &dir.join("db"),
        &["--messages-per-second", &rate.to_string()],
    );
    let (flood, _) = Client::connect(&server.url(), &new_secret(&mut rng(48)), "F").await;
    let (mut sink, mut frames) = flood.split();
    let sender = tokio::spawn(async move {
        let mut pace = tokio::time::interval(Duration::from_secs(1) / (7 * rate));
        // Late ticks are not made up in a burst: the pace stays even.
        pace.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        for nonce in 0..(7 * rate * 20) {
            pace.tick().await;
            let ping = mills_protocol::encode(&ClientMessage::Ping {
                nonce: Some(nonce.into()),
            });
            if sink.send(Message::text(ping)).await.is_err() {
                return;
            }
        }
    });
    let (mut refused, mut answered_after_a_refusal, mut close) = (0, 0, None);
    while let Ok(Some(Ok(frame))) =
        tokio::time::timeout(Duration::from_secs(30), frames.next()).await
    {
        match frame {
            Message::Text(text) => match mills_protocol::decode_server(text.as_str()) {
                Ok(ServerMessage::Error {
                    code: ErrorCode::RateLimited,
                    ..
                }) => refused += 1,
                Ok(ServerMessage::Pong { .. }) if refused > 0 => answered_after_a_refusal += 1,
                _ => {}
            },
            Message::Close(frame) => {
                close = frame.map(|f| u16::from(f.code));
                break;
            }
            _ => {}
        }
    }
    sender.abort();
    assert!(
        answered_after_a_refusal > 0,
        "the pace lets messages through between refusals ({refused} refused)"
    );
    assert_eq!(
        close,
        Some(1008),
        "closed for the flood ({refused} refused)"
    );
    std::fs::remove_dir_all(&dir).ok();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_database_file_is_readable_by_its_owner_only() {
    if test_postgres().is_some() {
        return; // No file: the database is PostgreSQL's.
    }
    use std::os::unix::fs::PermissionsExt;
    let dir = temp_dir("filemode");
    let db = dir.join("db");
    let server = Server::start(&db, &[]);
    let (mut a, _) = Client::connect(&server.url(), &new_secret(&mut rng(46)), "A").await;
    a.send(&ClientMessage::Create {
        game: "zhiqi".into(),
        timer: 0,
        side: None,
        id: None,
    })
    .await;
    a.until(|m| matches!(m, ServerMessage::Created { .. }).then_some(()))
        .await;
    let mut files = 0;
    for file in std::fs::read_dir(&dir).unwrap() {
        let file = file.unwrap();
        let mode = file.metadata().unwrap().permissions().mode() & 0o777;
        assert_eq!(mode, 0o600, "{:?} has mode {mode:o}", file.file_name());
        files += 1;
    }
    assert!(files >= 2, "the database and its write-ahead log");
    drop(server);
    std::fs::remove_dir_all(&dir).ok();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn requests_unread_when_the_server_stops_are_answered_shutting_down() {
    use futures_util::{SinkExt, StreamExt};
    let dir = temp_dir("shuttingdown");
    let server = Server::start(&dir.join("db"), &["--messages-per-second", "1000000"]);
    let secret = new_secret(&mut rng(47));
    let (c, _) = Client::connect(&server.first_url(), &secret, "S").await;
    let (mut sink, mut frames) = c.split();
    // Many requests at once, and the stop signal as soon as they are written: the server,
    // which answers each in turn, has not read most of them yet.
    let pid = server.pid().to_string();
    let sender = tokio::spawn(async move {
        for i in 0..20_000 {
            let open = ClientMessage::Open {
                room: format!("ZZZZZZZZ{:04}", i % 10_000),
            };
            let text = mills_protocol::encode(&open);
            if sink.feed(Message::text(text)).await.is_err() {
                return;
            }
        }
        let _ = sink.flush().await;
        let _ = std::process::Command::new("kill")
            .args(["-TERM", &pid])
            .status();
    });
    let mut codes = Vec::new();
    let mut close = None;
    while let Ok(Some(frame)) = tokio::time::timeout(Duration::from_secs(10), frames.next()).await {
        match frame {
            Ok(Message::Text(text)) => {
                if let Ok(ServerMessage::Error { code, room, .. }) =
                    mills_protocol::decode_server(text.as_str())
                {
                    if code == ErrorCode::ShuttingDown {
                        assert!(room.is_some(), "the refused request is named");
                    }
                    codes.push(code);
                }
            }
            Ok(Message::Close(frame)) => {
                close = frame.map(|f| u16::from(f.code));
                break;
            }
            Ok(_) => {}
            Err(_) => break,
        }
    }
    sender.abort();
    assert!(
        codes.contains(&ErrorCode::ShuttingDown),
        "{} answers, none shutting-down (close code {close:?})",
        codes.len()
    );
    assert_eq!(close, Some(1001), "closed as going away");
    std::fs::remove_dir_all(&dir).ok();
}
