//! Faults: the server killed with SIGKILL mid-game, connections cut at random, a client that
//! does not read. No acknowledged turn is lost and none is applied twice.

mod common;

use std::time::Duration;

use common::{
    Client, Server, accepted, new_secret, open, random_turn, replay, rng, start_room, temp_dir,
    turn,
};
use mills_core::{Game, Rules, Side};
use rand::Rng;

const FAST: &[&str] = &["--messages-per-second", "100000"];

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sigkill_mid_game_loses_no_acknowledged_turn_and_applies_none_twice() {
    let dir = temp_dir("sigkill");
    let db = dir.join("db");
    let mut server = Server::start(&db, FAST);
    let mut r = rng(7);
    let secrets = [new_secret(&mut r), new_secret(&mut r)];
    let (mut a, _) = Client::connect(&server.url(), &secrets[0], "A").await;
    let (mut b, _) = Client::connect(&server.url(), &secrets[1], "B").await;
    let (room, _) = start_room(&mut a, &mut b, "twelve-mens-morris", 60).await;
    let id = room.room.clone();
    let rules = Rules::TWELVE_MENS_MORRIS;
    let mut game = Game::new(rules);
    // Every acknowledged turn: (id, actions).
    let mut acked: Vec<(String, Vec<String>)> = Vec::new();
    let mut clients = [a, b];

    for round in 0..4 {
        // Some acknowledged turns.
        for _ in 0..r.random_range(3..10) {
            if game.is_over() {
                break;
            }
            let mover = usize::from(game.position().side_to_move() == Side::P2);
            let actions = random_turn(&game, &mut r);
            let tid = format!("r{round}-{}", acked.len());
            let c = &mut clients[mover];
            c.send(&turn(&id, 1, acked.len() as u64, &tid, &actions))
                .await;
            assert_eq!(accepted(c, &tid).await, acked.len() as u64 + 1);
            for a in &actions {
                game.play(a.parse().unwrap()).unwrap();
            }
            acked.push((tid, actions));
        }
        if game.is_over() {
            break;
        }
        // One turn in flight when the server dies: maybe stored, never acknowledged.
        let mover = usize::from(game.position().side_to_move() == Side::P2);
        let actions = random_turn(&game, &mut r);
        let tid = format!("r{round}-inflight");
        clients[mover]
            .send(&turn(&id, 1, acked.len() as u64, &tid, &actions))
            .await;
        tokio::time::sleep(Duration::from_micros(r.random_range(0..3000))).await;
        server.kill();

        server = Server::start(&db, FAST);
        let (mut a, _) = Client::connect(&server.url(), &secrets[0], "A").await;
        let (mut b, _) = Client::connect(&server.url(), &secrets[1], "B").await;
        let state = open(&mut a, &id).await;
        open(&mut b, &id).await;
        let n = acked.len();
        assert!(
            state.entries.len() == n || state.entries.len() == n + 1,
            "round {round}: {} entries for {n} acknowledged",
            state.entries.len()
        );
        for (entry, (_, actions)) in state.entries.iter().zip(&acked) {
            assert_eq!(
                &entry.actions, actions,
                "round {round}: an acknowledged turn changed"
            );
        }
        // The client resends what was not acknowledged, with the same id: it is stored once.
        clients = [a, b];
        let c = &mut clients[mover];
        c.send(&turn(&id, 1, n as u64, &tid, &actions)).await;
        assert_eq!(accepted(c, &tid).await, n as u64 + 1);
        c.send(&turn(&id, 1, n as u64, &tid, &actions)).await;
        assert_eq!(accepted(c, &tid).await, n as u64 + 1, "a second resend too");
        for a in &actions {
            game.play(a.parse().unwrap()).unwrap();
        }
        acked.push((tid, actions));
        let state = open(&mut clients[0], &id).await;
        assert_eq!(
            state.entries.len(),
            acked.len(),
            "round {round}: nothing doubled"
        );
    }
    let state = open(&mut clients[1], &id).await;
    assert_eq!(replay(rules, &state.entries).actions(), game.actions());
    std::fs::remove_dir_all(&dir).ok();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn connections_cut_at_random_lose_and_double_nothing() {
    let dir = temp_dir("cuts");
    let server = Server::start(&dir.join("db"), FAST);
    let mut r = rng(11);
    let secrets = [new_secret(&mut r), new_secret(&mut r)];
    let (mut a, _) = Client::connect(&server.url(), &secrets[0], "A").await;
    let (mut b, _) = Client::connect(&server.url(), &secrets[1], "B").await;
    let (room, _) = start_room(&mut a, &mut b, "linked-horse", 0).await;
    let id = room.room;
    let rules = Rules::LINKED_HORSE;
    let mut game = Game::new(rules);
    let mut clients = [a, b];
    let mut cuts = 0;
    let mut played = 0u64;
    while !game.is_over() && played < 80 {
        let mover = usize::from(game.position().side_to_move() == Side::P2);
        let actions = random_turn(&game, &mut r);
        let tid = format!("t{played}");
        clients[mover]
            .send(&turn(&id, 1, played, &tid, &actions))
            .await;
        // Cut the connection before the answer a third of the time, then reconnect,
        // reopen and resend until acknowledged (as the engine's client does).
        while r.random_bool(0.33) {
            cuts += 1;
            if r.random_bool(0.5) {
                tokio::time::sleep(Duration::from_millis(r.random_range(0..5))).await;
            }
            let (mut c, _) = Client::connect(&server.url(), &secrets[mover], "X").await;
            open(&mut c, &id).await;
            c.send(&turn(&id, 1, played, &tid, &actions)).await;
            clients[mover] = c; // the old connection is dropped without a close
        }
        assert_eq!(accepted(&mut clients[mover], &tid).await, played + 1);
        for a in &actions {
            game.play(a.parse().unwrap()).unwrap();
        }
        played += 1;
    }
    assert!(cuts > 10, "{cuts} cuts");
    let state = open(&mut clients[0], &id).await;
    assert_eq!(state.revision, played);
    assert_eq!(replay(rules, &state.entries).actions(), game.actions());
    std::fs::remove_dir_all(&dir).ok();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_client_that_does_not_read_never_holds_up_the_game() {
    let dir = temp_dir("slow");
    let server = Server::start(&dir.join("db"), FAST);
    let mut r = rng(13);
    let secrets = [new_secret(&mut r), new_secret(&mut r)];
    let (mut a, _) = Client::connect(&server.url(), &secrets[0], "A").await;
    let (mut b, _) = Client::connect(&server.url(), &secrets[1], "B").await;
    let (room, _) = start_room(&mut a, &mut b, "zhiqi", 0).await;
    let id = room.room;
    // A second connection of B's device subscribes and then reads nothing.
    let (mut slow, _) = Client::connect(&server.url(), &secrets[1], "B").await;
    open(&mut slow, &id).await;
    let rules = Rules::ZHIQI;
    let mut game = Game::new(rules);
    let mut clients = [a, b];
    let mut played = 0u64;
    while !game.is_over() && played < 150 {
        let mover = usize::from(game.position().side_to_move() == Side::P2);
        let actions = random_turn(&game, &mut r);
        let tid = format!("t{played}");
        let sent = std::time::Instant::now();
        clients[mover]
            .send(&turn(&id, 1, played, &tid, &actions))
            .await;
        accepted(&mut clients[mover], &tid).await;
        assert!(sent.elapsed() < Duration::from_secs(2));
        for a in &actions {
            game.play(a.parse().unwrap()).unwrap();
        }
        played += 1;
    }
    // The slow connection got every update in order, or was closed as too slow; either
    // way a reopen shows the whole game.
    let mut last = 0;
    while let Some(m) = slow.recv().await {
        if let mills_protocol::ServerMessage::Update { entries, .. } = m {
            assert_eq!(entries[0].revision, last + 1, "updates arrive in order");
            last = entries[0].revision;
            if last == played {
                break;
            }
        }
    }
    let (mut again, _) = Client::connect(&server.url(), &secrets[1], "B").await;
    let state = open(&mut again, &id).await;
    assert_eq!(state.revision, played);
    assert_eq!(replay(rules, &state.entries).actions(), game.actions());
    std::fs::remove_dir_all(&dir).ok();
}
