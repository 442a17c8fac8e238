//! Two `mills-server` processes on one PostgreSQL database serve the same rooms: each player
//! talks to a different process, as behind a load balancer. (The other tests of this binary
//! run that way too when `MILLS_TEST_POSTGRES` is set; these are about what only happens
//! between processes.)
//!
//! These need a PostgreSQL server: `tests/postgres/run.sh` starts a throwaway one and runs
//! them with `--include-ignored`, giving its address in `MILLS_TEST_POSTGRES`. Each test
//! makes a database of its own.

use crate::common::{
    Client, Server, accepted, create_room, new_database, new_secret, open, random_turn, replay,
    rng, start_room, test_postgres, turn,
};
use mills_core::{Record, Rules};
use mills_protocol::{ClientMessage, EntryKind, RoomState, Seat, ServerMessage};

const NEEDS: &str = "needs PostgreSQL in MILLS_TEST_POSTGRES: tests/postgres/run.sh runs it";

/// A new empty database on the test server; returns its URL.
fn fresh_database(name: &str) -> String {
    let admin = test_postgres().expect(NEEDS);
    new_database(&admin, &format!("mills_{name}_{}", std::process::id()))
}

fn two_servers(url: &str, extra: &[&str]) -> (Server, Server) {
    let mut args = vec!["--messages-per-second", "100000"];
    args.extend_from_slice(extra);
    (
        Server::start_postgres(url, &args),
        Server::start_postgres(url, &args),
    )
}

/// Two server processes on one database, Ann on the first and Bo on the second, in a room
/// Ann created and Bo joined.
struct Players {
    one: Server,
    two: Server,
    r: rand::rngs::StdRng,
    /// Ann's and Bo's device secrets.
    sa: String,
    sb: String,
    a: Client,
    b: Client,
    /// The room as Ann and as Bo first saw it.
    room: RoomState,
    room_b: RoomState,
}

async fn ann_and_bo(url: &str, extra: &[&str], seed: u64, game: &str, timer: u32) -> Players {
    let (one, two) = two_servers(url, extra);
    let mut r = rng(seed);
    let (sa, sb) = (new_secret(&mut r), new_secret(&mut r));
    let (mut a, _) = Client::connect(&one.url(), &sa, "Ann").await;
    let (mut b, _) = Client::connect(&two.url(), &sb, "Bo").await;
    let (room, room_b) = start_room(&mut a, &mut b, game, timer).await;
    Players {
        one,
        two,
        r,
        sa,
        sb,
        a,
        b,
        room,
        room_b,
    }
}

fn update_of(m: &ServerMessage) -> Option<(Vec<mills_protocol::Entry>, bool)> {
    match m {
        ServerMessage::Update {
            entries, outcome, ..
        } => Some((entries.clone(), outcome.is_some())),
        _ => None,
    }
}

fn presence_of(m: &ServerMessage) -> Option<(Seat, bool)> {
    match m {
        ServerMessage::Presence { seat, online, .. } => Some((*seat, *online)),
        _ => None,
    }
}

fn room_of(m: &ServerMessage) -> Option<RoomState> {
    match m {
        ServerMessage::Room { room } => Some(room.clone()),
        _ => None,
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs PostgreSQL: tests/postgres/run.sh"]
async fn postgres_two_processes_play_a_game_a_rematch_and_a_resignation() {
    let url = fresh_database("game");
    // Created on one process, joined on the other (which loads it from the database).
    let Players {
        one,
        two,
        mut r,
        sa,
        sb: _,
        mut a,
        mut b,
        room: room_a,
        room_b,
    } = ann_and_bo(&url, &[], 7, "twelve-mens-morris", 0).await;
    assert_eq!((room_a.you, room_b.you), (Seat::P1, Seat::P2));
    assert_eq!(room_b.players[0].name.as_deref(), Some("Ann"));
    let id = room_a.room.clone();
    // Ann is connected to the other process; Bo's hears that she is online.
    if !room_b.players[0].online {
        assert_eq!(b.until(presence_of).await, (Seat::P1, true));
    }

    let rules = Rules::TWELVE_MENS_MORRIS;
    let mut game = mills_core::Game::new(rules);
    let mut revision = 0;
    loop {
        let p1_moves = game.position().side_to_move() == mills_core::Side::P1;
        let (mover, other) = if p1_moves {
            (&mut a, &mut b)
        } else {
            (&mut b, &mut a)
        };
        let actions = random_turn(&game, &mut r);
        let turn_id = format!("t{revision}");
        mover
            .send(&turn(&id, 1, revision, &turn_id, &actions))
            .await;
        revision += 1;
        assert_eq!(accepted(mover, &turn_id).await, revision);
        for action in &actions {
            game.play(action.parse().unwrap()).unwrap();
        }
        // The other process hears of it through the database and tells its player.
        for c in [mover, other] {
            let (entries, over) = c.until(update_of).await;
            assert_eq!(entries.last().unwrap().revision, revision);
            assert_eq!(entries.last().unwrap().actions, actions);
            assert_eq!(over, game.is_over());
        }
        if game.is_over() {
            break;
        }
        assert!(revision < 2000, "the draw rules end every game");
    }

    // Rematch asked on both processes: game 2 starts once, sides swapped.
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
    let pick_game_2 = |m: &ServerMessage| room_of(m).filter(|r| r.game == 2);
    let game2_b = b.until(pick_game_2).await;
    let game2_a = a.until(pick_game_2).await;
    assert_eq!((game2_a.you, game2_b.you), (Seat::P2, Seat::P1));
    assert_eq!(game2_a.revision, 0);

    // A resignation on one process ends the game for both, with the record.
    a.send(&ClientMessage::Resign {
        room: id.clone(),
        game: 2,
        id: "bye".into(),
    })
    .await;
    accepted(&mut a, "bye").await;
    let record = b
        .until(|m| match m {
            ServerMessage::Update {
                record: Some(record),
                ..
            } => Some(record.clone()),
            _ => None,
        })
        .await;
    let parsed = Record::parse(&record).expect("a record");
    assert_eq!(parsed.header.players[1].as_deref(), Some("Ann"));

    // Both processes hold the same room, and say so to a fresh connection.
    let (mut a1, _) = Client::connect(&one.url(), &sa, "Ann").await;
    let (mut a2, _) = Client::connect(&two.url(), &sa, "Ann").await;
    let (from_one, from_two) = (open(&mut a1, &id).await, open(&mut a2, &id).await);
    assert_eq!(from_one.entries, from_two.entries);
    assert_eq!(from_one.game, 2);
    assert_eq!(from_one.entries.last().unwrap().kind, EntryKind::Resign);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs PostgreSQL: tests/postgres/run.sh"]
async fn postgres_a_resend_to_the_other_process_applies_once_and_a_stale_turn_is_refused() {
    let url = fresh_database("resend");
    let Players {
        one,
        two,
        mut r,
        sa,
        sb,
        mut a,
        b: _b,
        room,
        room_b: _,
    } = ann_and_bo(&url, &[], 8, "zhiqi", 0).await;
    let id = room.room;
    let game = mills_core::Game::new(Rules::ZHIQI);
    let first = random_turn(&game, &mut r);
    a.send(&turn(&id, 1, 0, "t1", &first)).await;
    assert_eq!(accepted(&mut a, "t1").await, 1);

    // The same turn sent again through the other process (the app reconnected there).
    let (mut a2, welcome) = Client::connect(&two.url(), &sa, "Ann").await;
    let ServerMessage::Welcome { rooms, .. } = welcome else {
        unreachable!()
    };
    assert_eq!(rooms.len(), 1, "the other process knows the device's room");
    assert_eq!(open(&mut a2, &id).await.revision, 1);
    a2.send(&turn(&id, 1, 0, "t1", &first)).await;
    assert_eq!(
        accepted(&mut a2, "t1").await,
        1,
        "answered, not applied again"
    );

    // A turn made against revision 0 under a new id is stale on both processes.
    let other = random_turn(&game, &mut r);
    a2.send(&turn(&id, 1, 0, "t2", &other)).await;
    assert_eq!(
        a2.expect_error().await,
        mills_protocol::ErrorCode::StaleRevision
    );
    let (mut b1, _) = Client::connect(&one.url(), &sb, "Bo").await;
    let state = open(&mut b1, &id).await;
    assert_eq!(state.revision, 1);
    assert_eq!(state.entries[0].actions, first);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs PostgreSQL: tests/postgres/run.sh"]
async fn postgres_both_processes_run_the_clock_and_each_pass_is_stored_once() {
    let url = fresh_database("timer");
    // 15-second turns at 2%: 300 ms.
    let Players {
        one,
        two,
        r: _,
        sa,
        sb: _,
        a,
        mut b,
        room,
        room_b: _,
    } = ann_and_bo(&url, &["--timer-scale-percent", "2"], 9, "zhiqi", 15).await;
    let id = room.room;
    // Nobody plays: the turns pass by the clock, which both processes keep, until four
    // passes repeat the empty board three times (a draw).
    let mut seen = 0;
    loop {
        let (entries, over) = b.until(update_of).await;
        for e in &entries {
            assert_eq!(e.revision, seen + 1, "no pass twice, none missing");
            assert_eq!(e.kind, EntryKind::Pass);
            seen = e.revision;
        }
        if over {
            break;
        }
    }
    assert_eq!(seen, 4);
    let (mut a1, _) = Client::connect(&one.url(), &sa, "Ann").await;
    let (mut a2, _) = Client::connect(&two.url(), &sa, "Ann").await;
    let (s1, s2) = (open(&mut a1, &id).await, open(&mut a2, &id).await);
    assert_eq!(s1.entries, s2.entries);
    assert_eq!(s1.entries.len(), 4, "each turn passed once");
    for (i, e) in s1.entries.iter().enumerate() {
        let side = if i % 2 == 0 { Seat::P1 } else { Seat::P2 };
        assert_eq!(e.side, side);
    }
    assert_eq!(s1.outcome.unwrap().reason, "repetition");
    drop(a);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs PostgreSQL: tests/postgres/run.sh"]
async fn postgres_a_process_killed_mid_game_loses_nothing_and_the_other_carries_on() {
    let url = fresh_database("kill");
    let Players {
        mut one,
        two,
        mut r,
        sa,
        sb,
        mut a,
        mut b,
        room,
        room_b: _,
    } = ann_and_bo(&url, &[], 10, "twelve-mens-morris", 0).await;
    let id = room.room;
    let rules = Rules::TWELVE_MENS_MORRIS;
    let mut game = mills_core::Game::new(rules);
    let mut revision = 0;
    play_turns(6, &id, &mut game, &mut r, [&mut a, &mut b], &mut revision).await;
    one.kill();
    // The killed process never says Ann left; the other sees it is gone.
    assert_eq!(b.until(presence_of).await, (Seat::P1, false));

    // Ann's app reconnects to the surviving process; every acknowledged turn is there.
    let (mut a, _) = Client::connect(&two.url(), &sa, "Ann").await;
    let state = open(&mut a, &id).await;
    assert_eq!(b.until(presence_of).await, (Seat::P1, true));
    assert_eq!(state.revision, revision);
    assert_eq!(
        replay(rules, &state.entries).actions(),
        game.actions(),
        "the stored game is the played one"
    );
    play_turns(4, &id, &mut game, &mut r, [&mut a, &mut b], &mut revision).await;

    // A new process in place of the killed one serves the same room.
    let again = Server::start_postgres(&url, &[]);
    let (mut b1, _) = Client::connect(&again.url(), &sb, "Bo").await;
    let state = open(&mut b1, &id).await;
    assert_eq!(state.revision, revision);
    assert_eq!(replay(rules, &state.entries).actions(), game.actions());
}

/// Plays `n` random turns of game 1 of `room`, each by the side to move (`players` are P1's
/// and P2's clients), each acknowledged as the next revision.
async fn play_turns(
    n: usize,
    room: &str,
    game: &mut mills_core::Game,
    r: &mut rand::rngs::StdRng,
    players: [&mut Client; 2],
    revision: &mut u64,
) {
    let [p1, p2] = players;
    for _ in 0..n {
        let p1_moves = game.position().side_to_move() == mills_core::Side::P1;
        let actions = play(game, r);
        let mover = if p1_moves { &mut *p1 } else { &mut *p2 };
        let turn_id = format!("k{revision}");
        mover
            .send(&turn(room, 1, *revision, &turn_id, &actions))
            .await;
        *revision += 1;
        assert_eq!(accepted(mover, &turn_id).await, *revision);
    }
}

/// A random legal turn, played on `game` too.
fn play(game: &mut mills_core::Game, r: &mut rand::rngs::StdRng) -> Vec<String> {
    let actions = random_turn(game, r);
    for action in &actions {
        game.play(action.parse().unwrap()).unwrap();
    }
    actions
}

/// Runs `sql` on the test server as its administrator (`$1` is the name of the database
/// of `url`); returns the rows it touched.
fn as_admin(url: &str, sql: &'static str) -> u64 {
    let admin = std::env::var("MILLS_TEST_POSTGRES").expect(NEEDS);
    let db = url.rsplit_once('/').unwrap().1.to_string();
    // The blocking client runs its own runtime, so not on the test's.
    std::thread::spawn(move || {
        let mut client = postgres::Client::connect(&admin, postgres::NoTls).expect(NEEDS);
        client.execute(sql, &[&db]).unwrap()
    })
    .join()
    .unwrap()
}

/// Ends every connection the server processes have to the database `url` (as a database
/// restart or a network cut would).
fn cut_database_connections(url: &str) {
    let cut = as_admin(
        url,
        "SELECT pg_terminate_backend(pid) FROM pg_stat_activity
         WHERE datname = $1 AND pid <> pg_backend_pid()",
    );
    assert!(
        cut >= 4,
        "two processes, each a writer and a listener: {cut}"
    );
}

/// Ends the processes' notice listeners on the database `url` and lets no new connection
/// in until [`let_connections_in`]: the processes keep their writer and reader, and hear
/// nothing from each other.
fn deafen(url: &str) {
    as_admin(
        url,
        "UPDATE pg_database SET datallowconn = false WHERE datname = $1",
    );
    let cut = as_admin(
        url,
        "SELECT pg_terminate_backend(pid) FROM pg_stat_activity
         WHERE datname = $1 AND starts_with(application_name, 'mills-server ')",
    );
    assert_eq!(cut, 2, "each process's listener");
}

fn let_connections_in(url: &str) {
    as_admin(
        url,
        "UPDATE pg_database SET datallowconn = true WHERE datname = $1",
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs PostgreSQL: tests/postgres/run.sh"]
async fn postgres_lost_database_connections_are_opened_again_and_no_turn_is_missed() {
    let url = fresh_database("cut");
    let Players {
        one: _one,
        two: _two,
        mut r,
        sa: _,
        sb: _,
        mut a,
        mut b,
        room,
        room_b: _,
    } = ann_and_bo(&url, &[], 11, "twelve-mens-morris", 0).await;
    let id = room.room;
    let mut game = mills_core::Game::new(Rules::TWELVE_MENS_MORRIS);
    cut_database_connections(&url);

    // Ann's turn right away: her process may not know yet that its connection is gone,
    // and refuses it as retryable (`storage`); her app sends it again with the same id.
    let actions = play(&mut game, &mut r);
    let mut tries = 0;
    let revision = loop {
        tries += 1;
        a.send(&turn(&id, 1, 0, "c1", &actions)).await;
        let answer = a
            .until(|m| match m {
                ServerMessage::Accepted { revision, .. } => Some(Ok(*revision)),
                ServerMessage::Error { code, .. } => Some(Err(*code)),
                _ => None,
            })
            .await;
        match answer {
            Ok(revision) => break revision,
            Err(code) => {
                assert_eq!(code, mills_protocol::ErrorCode::Storage);
                assert!(tries < 5, "the connection is opened again");
                tokio::time::sleep(std::time::Duration::from_millis(200)).await;
            }
        }
    };
    assert_eq!(revision, 1);
    // Bo's process was not listening when the notice went out; it listens again and reads
    // the room, so Bo sees the turn all the same.
    let (entries, _) = b.until(update_of).await;
    assert_eq!(entries.last().unwrap().actions, actions);
    let state = open(&mut b, &id).await;
    assert_eq!(state.revision, 1);
}

#[test]
#[ignore = "needs PostgreSQL: tests/postgres/run.sh"]
fn postgres_store_a_taken_key_is_a_conflict_and_stores_nothing() {
    use mills_server::store::postgres::PostgresStore;
    use mills_server::store::{EntryRow, GameRow, MemberRow, Reader, RoomRow, Store, Write};
    let url = fresh_database("keys");
    let mut store = PostgresStore::open(&url, "test").unwrap();
    let entry = |revision: u64, id: &str| {
        Write::AppendEntry(EntryRow {
            room: "ROOM".into(),
            game_no: 1,
            revision,
            kind: "turn".into(),
            side: "p1".into(),
            actions: "d6".into(),
            client_id: Some(id.into()),
            at_ms: 2,
        })
    };
    let created = store
        .apply(&[Write::CreateRoom {
            room: RoomRow {
                id: "ROOM".into(),
                game_id: "zhiqi".into(),
                timer: 0,
                created_ms: 1,
                create_id: None,
            },
            creator: MemberRow {
                room: "ROOM".into(),
                member: 0,
                device: "sha256:ab".into(),
                name: None,
            },
            game: GameRow {
                room: "ROOM".into(),
                game_no: 1,
                p1_member: 0,
                started_ms: 1,
            },
        }])
        .unwrap();
    assert!(created[0].is_ok());
    // One batch: a new entry, another for the same revision, the same id again.
    let results = store
        .apply(&[entry(1, "c1"), entry(1, "c2"), entry(2, "c1")])
        .unwrap();
    assert!(results[0].is_ok());
    assert!(results[1].as_ref().unwrap_err().is_conflict());
    assert!(results[2].as_ref().unwrap_err().is_conflict());
    // A later batch: the taken revision again, and the next one.
    let results = store.apply(&[entry(1, "c3"), entry(2, "c4")]).unwrap();
    assert!(results[0].as_ref().unwrap_err().is_conflict());
    assert!(results[1].is_ok());
    let stored = store.load_room("ROOM").unwrap().entries;
    let ids: Vec<_> = stored
        .iter()
        .map(|e| e.client_id.clone().unwrap())
        .collect();
    assert_eq!(ids, ["c1", "c4"], "only the writes said stored are stored");
}

#[test]
#[ignore = "needs PostgreSQL: tests/postgres/run.sh"]
fn postgres_store_every_read_by_key_is_an_index_lookup() {
    use mills_server::store::keyed_reads;
    use mills_server::store::postgres::PostgresStore;
    let url = fresh_database("plans");
    drop(PostgresStore::open(&url, "test").unwrap());
    let mut db = postgres::Client::connect(&url, postgres::NoTls).unwrap();
    // The tables are empty, where a scan is cheapest: forbid it to see whether an index
    // serves the query at all, and plan for any parameter (a generic plan, as a prepared
    // statement gets), not for the values of one call.
    db.batch_execute("SET enable_seqscan = off; SET plan_cache_mode = force_generic_plan")
        .unwrap();
    for (n, (query, params)) in keyed_reads().into_iter().enumerate() {
        let types = vec!["TEXT"; params].join(", ");
        let values = (1..=params).map(|i| format!("'K{i}'")).collect::<Vec<_>>();
        db.batch_execute(&format!("PREPARE read{n} ({types}) AS {query}"))
            .unwrap();
        let plan: Vec<String> = db
            .query(
                &format!("EXPLAIN EXECUTE read{n} ({})", values.join(", ")),
                &[],
            )
            .unwrap()
            .iter()
            .map(|r| r.get(0))
            .collect();
        // Each node starts with its cost; an index scan without an `Index Cond` reads the
        // whole index (a filter on every row), which is a scan too.
        let mut nodes: Vec<Vec<&str>> = Vec::new();
        for step in &plan {
            if step.contains("cost=") {
                nodes.push(Vec::new());
            }
            nodes.last_mut().unwrap().push(step);
        }
        let looked_up = |node: &Vec<&str>| {
            let head = node[0];
            !head.contains("Seq Scan")
                && (!head.contains("Index") || node.iter().any(|s| s.contains("Index Cond")))
        };
        assert!(nodes.iter().all(looked_up), "{query}\n{plan:#?}");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs PostgreSQL: tests/postgres/run.sh"]
async fn postgres_a_join_through_a_process_that_hears_nothing_still_finds_the_room() {
    // Under load (thousands of joins at once) a process's barrier can come back after its
    // wait, as when its listener is away: the room then exists all the same, and the join
    // must not be refused as `unknown-code`.
    let url = fresh_database("deaf");
    let (one, two) = two_servers(&url, &[]);
    let mut r = rng(12);
    let (mut a, _) = Client::connect(&one.url(), &new_secret(&mut r), "Ann").await;
    let (mut b, _) = Client::connect(&two.url(), &new_secret(&mut r), "Bo").await;
    deafen(&url);
    let code = create_room(&mut a, "zhiqi", 0).await;
    b.send(&ClientMessage::Join { code: code.clone() }).await;
    let joined = b
        .until(|m| match m {
            ServerMessage::Room { room } => Some(Ok(room.clone())),
            ServerMessage::Error { code, .. } => Some(Err(*code)),
            _ => None,
        })
        .await
        .expect("the join finds the room in the store");
    assert_eq!(joined.room, code);
    assert!(joined.players[1].joined, "Bo sits in the room");
    // Ann's process hears of the join once it listens again.
    let_connections_in(&url);
    let seen_by_a = a.until(room_of).await;
    assert!(seen_by_a.players[1].joined, "Ann sees Bo joined");
    drop((one, two));
}
