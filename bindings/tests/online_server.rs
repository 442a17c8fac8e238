//! The online client against the real `mills-server` on loopback: two `OnlineSession`s play
//! whole games, through dropped connections, a refused turn and a server killed and
//! restarted, and neither ever loses, doubles or draws a turn the server did not store; the
//! room file that brings a killed app back (room_file) and `wss://` (tls) are modules here,
//! so that they add no test binary to link.

#[path = "online/moderation.rs"]
mod moderation;
#[path = "online/room_file.rs"]
mod room_file;
#[path = "online/support.rs"]
mod support;
#[path = "online/tls.rs"]
mod tls;

use std::time::{Duration, Instant};

use mills_ffi::{
    Change, ConnectionState, GameId, OnlineEvent, TapResult, TapStep, TapVerdict, TurnTimer,
};
use rand::SeedableRng;
use rand::rngs::StdRng;
use support::{Client, Proxy, Server, TempDir, mover, options, two_players};

/// Both boards show the same stored game, and it is the turns that were played.
fn assert_same_game(a: &Client, b: &Client, turns: &[Vec<String>]) {
    let expected: Vec<String> = turns.iter().flatten().cloned().collect();
    assert_eq!(a.session.actions(), expected, "the first player's board");
    assert_eq!(b.session.actions(), expected, "the second player's board");
}

/// Plays one random turn and waits until both boards show it.
fn play_turn(a: &mut Client, b: &mut Client, rng: &mut StdRng, turns: &mut Vec<Vec<String>>) {
    let (me, other) = mover(a, b);
    let target = me.stored() + 1;
    let turn = me.play_random_turn(rng);
    me.wait_for("my turn stored", |c| c.stored() >= target);
    other.wait_for("the opponent's turn", |c| c.stored() >= target);
    turns.push(turn);
}

#[test]
fn two_players_play_a_whole_game_and_a_rematch() {
    let dir = TempDir::new("whole");
    let server = Server::start(&dir, &[]);
    let (mut ann, mut bo) = two_players(
        &server.address(),
        &dir,
        GameId::TwelveMensMorris,
        TurnTimer::Seconds60,
    );
    assert!(ann.connected() && bo.connected());
    assert_ne!(ann.you(), bo.you());

    let mut rng = StdRng::seed_from_u64(7);
    let mut turns = Vec::new();
    while ann.session.snapshot().outcome.is_none() && turns.len() < 300 {
        play_turn(&mut ann, &mut bo, &mut rng, &mut turns);
        let status = ann.session.status();
        let running: Vec<_> = status.clocks.iter().filter(|c| c.running).collect();
        if status.outcome.is_none() {
            assert_eq!(running.len(), 1, "one clock runs: {:?}", status.clocks);
            assert!(running[0].left_ms.unwrap() <= 60_000);
        }
    }
    eprintln!(
        "whole game: {} turns, outcome {:?}",
        turns.len(),
        ann.session.snapshot().outcome
    );
    if ann.session.snapshot().outcome.is_none() {
        // A long random game: finish it by resigning.
        assert!(bo.session.resign());
    }
    ann.wait_for("the record", |c| c.session.status().record.is_some());
    bo.wait_for("the record", |c| c.session.status().record.is_some());
    assert_same_game(&ann, &bo, &turns);
    assert_eq!(ann.session.status().outcome, bo.session.status().outcome);
    let record = ann.session.status().record.unwrap();
    assert!(record.starts_with("mills-record"), "{record}");
    assert!(
        ann.heard
            .iter()
            .any(|e| matches!(e, OnlineEvent::GameOver { .. }))
    );

    // Rematch: both ask, a new game starts with the sides swapped.
    let you_before = ann.you();
    assert!(ann.session.rematch());
    bo.wait_for("the rematch request", |c| {
        c.heard
            .iter()
            .any(|e| matches!(e, OnlineEvent::RematchAsked { .. }))
    });
    assert!(bo.session.rematch());
    ann.wait_for("game 2", |c| {
        c.session.status().room.unwrap().game_number == 2
    });
    bo.wait_for("game 2", |c| {
        c.session.status().room.unwrap().game_number == 2
    });
    assert_ne!(ann.you(), you_before);
    assert!(ann.session.actions().is_empty());
    assert!(ann.session.snapshot().outcome.is_none());
    let mut turns = Vec::new();
    for _ in 0..4 {
        play_turn(&mut ann, &mut bo, &mut rng, &mut turns);
    }
    assert_same_game(&ann, &bo, &turns);
}

#[test]
fn dropped_connections_lose_and_double_no_turn() {
    let dir = TempDir::new("drops");
    let server = Server::start(&dir, &[]);
    let proxy = Proxy::start(server.port);
    let (mut ann, mut bo) = two_players(
        &proxy.address(),
        &dir,
        GameId::TwelveMensMorris,
        TurnTimer::Off,
    );
    let mut rng = StdRng::seed_from_u64(11);
    let mut turns: Vec<Vec<String>> = Vec::new();
    for round in 0..24 {
        let (me, other) = mover(&mut ann, &mut bo);
        let target = me.stored() + 1;
        if round % 3 == 1 {
            // Cut while offline: the turn waits, then goes out after the reconnect.
            proxy.block();
            me.wait_for("the drop", |c| !c.connected());
            let turn = me.play_random_turn(&mut rng);
            assert!(me.session.status().awaiting_server);
            std::thread::sleep(Duration::from_millis(100));
            proxy.unblock();
            turns.push(turn);
        } else {
            // Cut right after the turn is sent: stored or not, it must end up there once.
            let turn = me.play_random_turn(&mut rng);
            std::thread::sleep(Duration::from_millis(rng_delay(round)));
            proxy.cut();
            turns.push(turn);
        }
        me.wait_for("the turn stored after the reconnect", |c| {
            c.stored() >= target && c.connected() && !c.session.status().awaiting_server
        });
        other.wait_for("the turn on the other board", |c| c.stored() >= target);
        if me.session.snapshot().outcome.is_some() {
            break;
        }
    }
    assert_same_game(&ann, &bo, &turns);
    ann.wait_for("a reconnecting event", |c| {
        c.heard.iter().any(|e| {
            matches!(
                e,
                OnlineEvent::ConnectionChanged {
                    state: ConnectionState::Reconnecting { .. }
                }
            )
        })
    });
}

fn rng_delay(round: usize) -> u64 {
    [0, 1, 3, 10, 30][round % 5]
}

#[test]
fn a_refused_turn_is_never_drawn() {
    // Two devices with the same secret sit in the same seat: both try P1's turn at once,
    // the server stores one and refuses the other (stale revision).
    let dir = TempDir::new("refused");
    let server = Server::start(&dir, &[]);
    let (mut ann, mut bo) = two_players(
        &server.address(),
        &dir,
        GameId::TwelveMensMorris,
        TurnTimer::Off,
    );
    let mut ann2 = Client::open(
        options(&server.address(), &dir.path("ann.secret"), "Ann"),
        &ann.code(),
    );
    ann2.wait_for("the room", |c| {
        c.session.status().room.is_some() && c.connected()
    });
    // Make it the first device's turn.
    if ann.to_move() != ann.you() {
        let mut rng = StdRng::seed_from_u64(3);
        let mut turns = Vec::new();
        play_turn(&mut ann, &mut bo, &mut rng, &mut turns);
        ann2.wait_for("the same board", |c| c.stored() == 1);
    }
    let stored = ann.stored();
    let first = ann.session.tap("d6".into()).unwrap();
    let second = ann2.session.tap("a7".into()).unwrap();
    assert!(
        matches!(first.verdict, Some(TapVerdict::Sent { .. })),
        "{first:?}"
    );
    assert!(
        matches!(second.verdict, Some(TapVerdict::Sent { .. })),
        "{second:?}"
    );
    for c in [&mut ann, &mut ann2] {
        c.wait_for("an answer", |c| !c.session.status().awaiting_server);
        c.wait_for("the stored turn", |c| c.stored() == stored + 1);
    }
    bo.wait_for("the stored turn", |c| c.stored() == stored + 1);
    let kept = bo.session.actions().last().cloned().unwrap();
    let (refused_client, refused_point) = if kept == "d6" {
        (&mut ann2, "a7")
    } else {
        (&mut ann, "d6")
    };
    refused_client.wait_for("the refusal", |c| {
        c.heard
            .iter()
            .any(|e| matches!(e, OnlineEvent::TurnRefused { .. }))
    });
    // The refused placement never reached its board: no change ever drew it.
    let drew_refused = refused_client
        .drawn
        .iter()
        .any(|c| matches!(&c.change, Change::Placed { point, .. } if point == refused_point));
    assert!(!drew_refused, "{:?}", refused_client.drawn);
    assert_eq!(ann.session.actions(), bo.session.actions());
    assert_eq!(ann2.session.actions(), bo.session.actions());
}

#[test]
fn a_killed_server_comes_back_and_the_game_goes_on() {
    let dir = TempDir::new("restart");
    let mut server = Server::start(&dir, &[]);
    let (mut ann, mut bo) =
        two_players(&server.address(), &dir, GameId::Zhiqi, TurnTimer::Seconds60);
    let mut rng = StdRng::seed_from_u64(5);
    let mut turns = Vec::new();
    for _ in 0..4 {
        play_turn(&mut ann, &mut bo, &mut rng, &mut turns);
    }
    // SIGKILL right after a turn is sent: stored or not, it is there once afterwards.
    let (me, _) = mover(&mut ann, &mut bo);
    let target = me.stored() + 1;
    turns.push(me.play_random_turn(&mut rng));
    server.kill();
    let down = Instant::now();
    ann.wait_for("the drop", |c| !c.connected());
    server.restart();
    for c in [&mut ann, &mut bo] {
        c.wait_for("the reconnect and the stored turn", |c| {
            c.connected() && c.stored() >= target && !c.session.status().awaiting_server
        });
    }
    assert!(down.elapsed() < Duration::from_secs(20));
    for _ in 0..4 {
        play_turn(&mut ann, &mut bo, &mut rng, &mut turns);
    }
    assert_same_game(&ann, &bo, &turns);
}

#[test]
fn bad_invites_and_addresses_are_typed_errors() {
    let dir = TempDir::new("bad");
    let opts = options("ws://127.0.0.1:1", &dir.path("s"), "X");
    assert!(matches!(
        mills_ffi::OnlineSession::join(opts.clone(), "not a code".into(), None),
        Err(mills_ffi::MillsError::InvalidInvite { .. })
    ));
    let mut bad = opts.clone();
    bad.server = "ftp://mills.example".into();
    assert!(matches!(
        mills_ffi::OnlineSession::create(bad, GameId::Zhiqi, TurnTimer::Off, None),
        Err(mills_ffi::MillsError::InvalidServer { .. })
    ));
}

#[test]
fn an_unknown_code_is_refused_for_good() {
    let dir = TempDir::new("unknown");
    let server = Server::start(&dir, &[]);
    let mut c = Client::join(
        options(&server.address(), &dir.path("c.secret"), "C"),
        "ZZZZ-ZZZZ-ZZZZ",
    );
    c.wait_for("the refusal", |c| {
        matches!(
            c.session.status().connection,
            ConnectionState::Offline {
                reason: mills_ffi::OfflineReason::Refused { .. }
            }
        )
    });
    assert_eq!(
        c.session.tap("d6".into()).unwrap(),
        TapResult::judged(TapStep::Unchanged, TapVerdict::NotStarted)
    );
}

#[test]
fn back_from_the_background_the_board_catches_up() {
    let dir = TempDir::new("background");
    let server = Server::start(&dir, &[]);
    let (mut ann, mut bo) = two_players(
        &server.address(),
        &dir,
        GameId::LinkedHorse,
        TurnTimer::Seconds30,
    );
    let mut rng = StdRng::seed_from_u64(9);
    let mut turns = Vec::new();
    play_turn(&mut ann, &mut bo, &mut rng, &mut turns);
    // The player whose turn it is not goes to the background; the other plays twice over.
    let (me, other) = mover(&mut ann, &mut bo);
    other.session.pause();
    other.wait_for("the pause", |c| {
        c.session.status().connection
            == ConnectionState::Offline {
                reason: mills_ffi::OfflineReason::Paused,
            }
    });
    me.wait_for("the opponent away", |c| !c.session.status().opponent_online);
    // Away for under a minute: "away · 0 min" is said as the first minute.
    assert_eq!(me.session.status().opponent_away_minutes, Some(0));
    let target = me.stored() + 1;
    turns.push(me.play_random_turn(&mut rng));
    me.wait_for("the turn stored", |c| c.stored() >= target);
    assert!(other.stored() < target, "a paused session hears nothing");
    other.session.resume();
    other.wait_for("the catch-up", |c| c.connected() && c.stored() >= target);
    me.wait_for("the opponent back", |c| c.session.status().opponent_online);
    assert_eq!(me.session.status().opponent_away_minutes, None);
    play_turn(&mut ann, &mut bo, &mut rng, &mut turns);
    assert_same_game(&ann, &bo, &turns);
}

/// Taps a one-placement turn and waits until both boards show it.
fn place(me: &mut Client, other: &mut Client, point: &str) {
    let target = me.stored() + 1;
    assert_eq!(
        me.session.tap(point.into()).unwrap(),
        TapResult::judged(
            TapStep::Unchanged,
            TapVerdict::Sent {
                actions: vec![point.to_string()]
            }
        )
    );
    me.wait_for("the placement stored", |c| c.stored() >= target);
    other.wait_for("the placement", |c| c.stored() >= target);
}

#[test]
fn the_servers_timer_passes_and_takes_back_an_unfinished_turn() {
    let dir = TempDir::new("timer");
    // 15 s turns at 20 %: 3 s, time enough for the set-up turns on a loaded machine.
    let server = Server::start(&dir, &["--timer-scale-percent", "20"]);
    let (mut ann, mut bo) = two_players(
        &server.address(),
        &dir,
        GameId::TwelveMensMorris,
        TurnTimer::Seconds15,
    );
    place(&mut ann, &mut bo, "a7");
    place(&mut bo, &mut ann, "a1");
    place(&mut ann, &mut bo, "d7");
    place(&mut bo, &mut ann, "g1");
    // g7 closes a mill: drawn at once, the capture still to choose, and the time runs out.
    let stored = ann.stored();
    assert_eq!(
        ann.session.tap("g7".into()).unwrap(),
        TapResult::plain(TapStep::Played {
            player: ann.you(),
            action: "g7".into(),
            turn_ended: false,
            outcome: None,
        })
    );
    ann.pump();
    assert!(ann.session.snapshot().timer_running);
    assert!(
        ann.drawn
            .iter()
            .any(|c| matches!(&c.change, Change::Placed { point, .. } if point == "g7"))
    );
    ann.wait_for("the timer's pass", |c| c.stored() > stored);
    bo.wait_for("the timer's pass", |c| c.stored() > stored);
    for c in [&mut ann, &mut bo] {
        c.wait_for("the timed-out event", |c| {
            c.heard.iter().any(|e| {
                matches!(
                    e,
                    OnlineEvent::TurnTimedOut {
                        player: mills_ffi::Player::P1
                    }
                )
            })
        });
        assert_eq!(c.session.actions(), ["a7", "a1", "d7", "g1", "pass"]);
        assert_eq!(c.to_move(), mills_ffi::Player::P2);
    }
    let g7 = ann
        .session
        .snapshot()
        .points
        .into_iter()
        .find(|p| p.name == "g7")
        .unwrap();
    assert_eq!(g7.owner, None, "the unfinished turn was taken back");
    assert!(matches!(
        ann.drawn.last().unwrap().change,
        Change::Reset { .. }
    ));
    assert!(!ann.session.status().awaiting_server);
}

#[test]
fn names_with_spaces_at_their_ends_still_give_both_players_the_record() {
    let dir = TempDir::new("names");
    let server = Server::start(&dir, &[]);
    // A name an app passes as typed, and one the client must cut to 60 characters, where
    // the 60th is a space.
    let long = format!("{} yz", "x".repeat(59));
    let mut ann = Client::create(
        options(&server.address(), &dir.path("ann.secret"), "  Ann \n"),
        GameId::Zhiqi,
        TurnTimer::Off,
    );
    ann.wait_for("the room", |c| c.session.status().room.is_some());
    let link = ann.session.status().room.unwrap().link.expect("a link");
    let mut bo = Client::join(
        options(&server.address(), &dir.path("bo.secret"), &long),
        &link,
    );
    bo.wait_for("the opponent's name", |c| {
        c.session.status().opponent_name.as_deref() == Some("Ann")
    });
    ann.wait_for("the opponent's name", |c| {
        c.session.status().opponent_name == Some("x".repeat(59))
    });
    assert!(ann.session.resign());
    for c in [&mut ann, &mut bo] {
        c.wait_for("the record", |c| c.session.status().record.is_some());
        let record = mills_core::Record::parse(&c.session.status().record.unwrap()).unwrap();
        assert_eq!(record.header.players[0].as_deref(), Some("Ann"));
        assert_eq!(record.header.players[1], Some("x".repeat(59)));
    }
}
