//! Whole online games through the real server and real WebSocket clients on loopback.

use std::time::Duration;

use crate::common::{
    Client, Server, accepted, health, http_get, new_secret, open, random_turn, rng, start_room,
    stored_text, temp_dir, turn,
};
use mills_core::{Record, Rules};
use mills_protocol::{ClientMessage, EntryKind, Seat, ServerMessage};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_devices_create_join_play_to_the_end_rematch_and_get_the_record() {
    let dir = temp_dir("integration");
    let server = Server::start(&dir.join("db"), &["--messages-per-second", "100000"]);
    let mut r = rng(1);
    let (sa, sb) = (new_secret(&mut r), new_secret(&mut r));
    let (mut a, _) = Client::connect(&server.url(), &sa, "Ann").await;
    let (mut b, _) = Client::connect(&server.url(), &sb, "Bo").await;
    let (room_a, room_b) = start_room(&mut a, &mut b, "twelve-mens-morris", 0).await;
    assert_eq!(room_a.you, Seat::P1);
    assert_eq!(room_b.you, Seat::P2);
    assert_eq!(room_b.players[0].name.as_deref(), Some("Ann"));
    assert!(room_a.players.iter().all(|p| p.joined && p.online));
    let id = room_a.room.clone();

    // Play random legal turns until the rules end the game; every turn is acknowledged
    // and both devices see the same entries.
    let rules = Rules::TWELVE_MENS_MORRIS;
    let mut game = mills_core::Game::new(rules);
    let mut revision = 0;
    let mut turns = 0;
    let (outcome, record) = loop {
        let mover = if game.position().side_to_move() == mills_core::Side::P1 {
            &mut a
        } else {
            &mut b
        };
        let actions = random_turn(&game, &mut r);
        let turn_id = format!("t{turns}");
        mover
            .send(&ClientMessage::Turn {
                room: id.clone(),
                game: 1,
                revision,
                id: turn_id.clone(),
                actions: actions.clone(),
            })
            .await;
        let acked = mover
            .until(|m| match m {
                ServerMessage::Accepted { id, revision, .. } if *id == turn_id => Some(*revision),
                ServerMessage::Error { .. } => panic!("refused: {m:?}"),
                _ => None,
            })
            .await;
        revision += 1;
        turns += 1;
        assert_eq!(acked, revision);
        for action in &actions {
            game.play(action.parse().unwrap()).unwrap();
        }
        let mut ended = None;
        for c in [&mut a, &mut b] {
            let (entries, outcome, record) = c
                .until(|m| match m {
                    ServerMessage::Update {
                        entries,
                        outcome,
                        record,
                        ..
                    } => Some((entries.clone(), outcome.clone(), record.clone())),
                    _ => None,
                })
                .await;
            assert_eq!(entries.len(), 1);
            assert_eq!(entries[0].revision, revision);
            assert_eq!(entries[0].actions, actions);
            ended = outcome.zip(record);
        }
        if let Some(end) = ended {
            break end;
        }
        assert!(turns < 2000, "the draw rules end every game");
    };
    assert!(game.is_over());
    assert_eq!(
        outcome.result,
        mills_core::result_id(game.outcome()),
        "the server's outcome is the engine's"
    );
    let parsed = Record::parse(&record).expect("the record is in the record format");
    assert_eq!(parsed.game().actions(), game.actions());
    assert_eq!(parsed.header.players[0].as_deref(), Some("Ann"));
    assert_eq!(parsed.header.timer_seconds, Some(0));

    // A turn after the end is refused.
    a.send(&ClientMessage::Resign {
        room: id.clone(),
        game: 1,
        id: "late".into(),
    })
    .await;
    assert_eq!(a.expect_error().await, mills_protocol::ErrorCode::GameOver);

    // Rematch: both ask, game 2 starts with the sides swapped.
    a.send(&ClientMessage::Rematch {
        room: id.clone(),
        game: 1,
    })
    .await;
    let asked = b
        .until(|m| match m {
            ServerMessage::RematchAsked { asked, .. } => Some(asked.clone()),
            _ => None,
        })
        .await;
    assert_eq!(asked, [Seat::P1]);
    b.send(&ClientMessage::Rematch {
        room: id.clone(),
        game: 1,
    })
    .await;
    let second = a
        .until(|m| match m {
            ServerMessage::Room { room } if room.game == 2 => Some(room.clone()),
            _ => None,
        })
        .await;
    assert_eq!(second.you, Seat::P2);
    assert_eq!(second.revision, 0);
    assert!(second.outcome.is_none());

    // Game 2 ends by resignation; the welcome lists the room as finished.
    b.send(&ClientMessage::Resign {
        room: id.clone(),
        game: 2,
        id: "r2".into(),
    })
    .await;
    let outcome = a
        .until(|m| match m {
            ServerMessage::Update { outcome, .. } => outcome.clone(),
            _ => None,
        })
        .await;
    assert_eq!(outcome.winner, Some(Seat::P2), "Ann plays P2 in game 2");
    assert_eq!(outcome.reason, "resignation");
    let (_c, welcome) = Client::connect(&server.url(), &sa, "Ann").await;
    let ServerMessage::Welcome { rooms, .. } = welcome else {
        panic!()
    };
    assert_eq!(rooms.len(), 1);
    assert!(rooms[0].finished);
    assert_eq!(rooms[0].game, 2);
    assert_eq!(rooms[0].opponent.as_deref(), Some("Bo"));

    let logs = server.log_text();
    assert!(logs.contains("room created"));
    assert!(
        !logs.contains(&sa) && !logs.contains(&sb),
        "no secret is logged"
    );
    // Nor stored: the database (and its write-ahead log) holds the secrets' hashes only.
    let stored = stored_text(&dir.join("db"));
    assert!(stored.contains("Bo"), "the database was read");
    assert!(
        !stored.contains(&sa) && !stored.contains(&sb),
        "no secret is stored"
    );
    std::fs::remove_dir_all(&dir).ok();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_server_clock_passes_the_turn_when_time_runs_out() {
    let dir = temp_dir("clock");
    // 2% of 15 s: the turn lasts 300 ms.
    let server = Server::start(&dir.join("db"), &["--timer-scale-percent", "2"]);
    let mut r = rng(2);
    let (mut a, _) = Client::connect(&server.url(), &new_secret(&mut r), "A").await;
    let (mut b, _) = Client::connect(&server.url(), &new_secret(&mut r), "B").await;
    let (room, _) = start_room(&mut a, &mut b, "zhiqi", 15).await;
    assert_eq!(room.clock.limit_ms, Some(300));
    assert_eq!(room.clock.to_move, Some(Seat::P1));
    let (entries, clock) = a
        .until(|m| match m {
            ServerMessage::Update { entries, clock, .. } => Some((entries.clone(), *clock)),
            _ => None,
        })
        .await;
    assert_eq!(entries[0].kind, EntryKind::Pass);
    assert_eq!(entries[0].side, Seat::P1);
    assert_eq!(clock.to_move, Some(Seat::P2));
    // A turn made for the passed revision is stale.
    a.send(&ClientMessage::Turn {
        room: room.room.clone(),
        game: 1,
        revision: 0,
        id: "late".into(),
        actions: vec!["d6".into()],
    })
    .await;
    let code = a.expect_error().await;
    assert!(
        matches!(
            code,
            mills_protocol::ErrorCode::StaleRevision | mills_protocol::ErrorCode::NotYourTurn
        ),
        "{code:?}"
    );
    std::fs::remove_dir_all(&dir).ok();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn health_answers_and_sigterm_stops_cleanly() {
    let dir = temp_dir("health");
    let mut server = Server::start(&dir.join("db"), &[]);
    let response = http_get(&server, "/health");
    assert!(response.starts_with("HTTP/1.1 200 OK"), "{response}");
    assert!(response.contains(r#""status":"ok""#), "{response}");
    let response = http_get(&server, "/elsewhere");
    assert!(response.starts_with("HTTP/1.1 404"), "{response}");

    let mut r = rng(3);
    let (mut a, _) = Client::connect(&server.url(), &new_secret(&mut r), "A").await;
    let status = server.terminate();
    assert!(status.success(), "{status:?}");
    assert!(a.closed_within(Duration::from_secs(5)).await);
    assert!(server.log_text().contains("mills-server stopped"));
    std::fs::remove_dir_all(&dir).ok();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn idle_rooms_leave_memory_and_come_back_whole_from_the_store() {
    let dir = temp_dir("evict");
    let server = Server::start(&dir.join("db"), &["--room-idle-secs", "1"]);
    let mut r = rng(12);
    let (sa, sb, sc) = (new_secret(&mut r), new_secret(&mut r), new_secret(&mut r));
    let (mut a, _) = Client::connect(&server.url(), &sa, "Ann").await;
    let (mut b, _) = Client::connect(&server.url(), &sb, "Bo").await;
    let (room, _) = start_room(&mut a, &mut b, "twelve-mens-morris", 0).await;
    let id = room.room;
    let mut game = mills_core::Game::new(Rules::TWELVE_MENS_MORRIS);
    let first = random_turn(&game, &mut r);
    for action in &first {
        game.play(action.parse().unwrap()).unwrap();
    }
    a.send(&turn(&id, 1, 0, "e1", &first)).await;
    assert_eq!(accepted(&mut a, "e1").await, 1);
    // A room still waiting for its second player stays in memory.
    let (mut c, _) = Client::connect(&server.url(), &sc, "Cy").await;
    c.send(&ClientMessage::Create {
        game: "zhiqi".into(),
        timer: 60,
        side: None,
        id: None,
    })
    .await;
    c.until(|m| matches!(m, ServerMessage::Created { .. }).then_some(()))
        .await;
    assert_eq!(health(&server)["rooms"], 2);
    drop((a, b, c));

    // Nobody connected, no clock (the timer is off): the game's room leaves memory.
    let mut rooms = 2;
    for _ in 0..100 {
        rooms = health(&server)["rooms"].as_u64().unwrap();
        if rooms == 1 {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert_eq!(rooms, 1, "the sweep leaves only the waiting room");

    // Ann comes back: her room is listed and opened from the store, as it was.
    let (mut a, welcome) = Client::connect(&server.url(), &sa, "Ann").await;
    let ServerMessage::Welcome { rooms: listed, .. } = welcome else {
        unreachable!()
    };
    assert_eq!(listed.len(), 1);
    assert_eq!(listed[0].room, id);
    assert_eq!(listed[0].opponent.as_deref(), Some("Bo"));
    let state = open(&mut a, &id).await;
    assert_eq!(state.revision, 1);
    assert_eq!(state.entries[0].actions, first);
    // And the game goes on: Bo's turn reaches Ann.
    let (mut b, _) = Client::connect(&server.url(), &sb, "Bo").await;
    open(&mut b, &id).await;
    let second = random_turn(&game, &mut r);
    b.send(&turn(&id, 1, 1, "e2", &second)).await;
    assert_eq!(accepted(&mut b, "e2").await, 2);
    let entries = a
        .until(|m| match m {
            ServerMessage::Update { entries, .. } => Some(entries.clone()),
            _ => None,
        })
        .await;
    assert_eq!(entries[0].actions, second);
    assert_eq!(health(&server)["rooms"], 2);
    std::fs::remove_dir_all(&dir).ok();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_create_sent_again_gets_its_room_and_its_id_is_one_devices() {
    let dir = temp_dir("create-id");
    let db = dir.join("db");
    let mut server = Server::start(&db, &[]);
    let mut r = rng(13);
    let (sa, sb) = (new_secret(&mut r), new_secret(&mut r));
    let create = |game: &str| ClientMessage::Create {
        game: game.into(),
        timer: 60,
        side: None,
        id: Some("5eed-create".into()),
    };
    let created = |m: &ServerMessage| match m {
        ServerMessage::Created { room, .. } => Some(room.room.clone()),
        _ => None,
    };
    let (mut a, _) = Client::connect(&server.url(), &sa, "Ann").await;
    a.send(&create("zhiqi")).await;
    let first = a.until(created).await;

    // The connection was lost before `created` came: the app sends the same create again.
    drop(a);
    let (mut a, _) = Client::connect(&server.url(), &sa, "Ann").await;
    a.send(&create("zhiqi")).await;
    assert_eq!(a.until(created).await, first, "the same room, not a second");
    // Also after a restart.
    server.kill();
    let server = Server::start(&db, &[]);
    let (mut a, welcome) = Client::connect(&server.url(), &sa, "Ann").await;
    let ServerMessage::Welcome { rooms, .. } = welcome else {
        unreachable!()
    };
    assert_eq!(rooms.len(), 1, "one room was made in all");
    a.send(&create("zhiqi")).await;
    assert_eq!(a.until(created).await, first);

    // The id under another request, or from another device, is not that room.
    a.send(&create("linked-horse")).await;
    assert_eq!(a.expect_error().await, mills_protocol::ErrorCode::IdReused);
    let (mut b, _) = Client::connect(&server.url(), &sb, "Bo").await;
    b.send(&create("zhiqi")).await;
    assert_eq!(b.expect_error().await, mills_protocol::ErrorCode::IdReused);
    std::fs::remove_dir_all(&dir).ok();
}
