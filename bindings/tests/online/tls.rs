//! `wss://` end to end: the tests' TLS terminator (mills-tls-front: rustls, certificates
//! made by rcgen under a made-up root) in front of the real `mills-server`, as a deployment
//! puts Caddy or nginx in front of it, and clients that trust that root through the Rust-only
//! `OnlineSession::create_trusting` / `join_trusting` (the apps cannot add a root).

use std::thread;
use std::time::Duration;

use mills_ffi::{ConnectionState, GameId, OfflineReason, OnlineSession, TurnTimer};
use mills_tls_front::{Cert, LOOPBACK_NAMES as NAMES, Terminator, TestRoot, self_signed};
use rand::SeedableRng;
use rand::rngs::StdRng;

use crate::support::{Client, Server, TempDir, listener, options};
use crate::{assert_same_game, play_turn};

fn create_trusting(server: &str, dir: &TempDir, name: &str, root: &TestRoot) -> Client {
    let (l, rx) = listener();
    let opts = options(server, &dir.path(&format!("{name}.secret")), name);
    let session = OnlineSession::create_trusting(
        opts,
        GameId::TwelveMensMorris,
        TurnTimer::Off,
        Some(l),
        root.der().to_vec(),
    )
    .unwrap();
    Client::wrap(session, rx)
}

fn join_trusting(server: &str, dir: &TempDir, name: &str, invite: &str, root: &TestRoot) -> Client {
    let (l, rx) = listener();
    let opts = options(server, &dir.path(&format!("{name}.secret")), name);
    let session =
        OnlineSession::join_trusting(opts, invite.to_string(), Some(l), root.der().to_vec())
            .unwrap();
    Client::wrap(session, rx)
}

/// Ann over `wss://localhost:PORT/ws` (a DNS name, an explicit path), Bo over
/// `wss://127.0.0.1:PORT` (an IP address in the certificate, the default path), both seated.
fn two_players_over_wss(port: u16, dir: &TempDir, root: &TestRoot) -> (Client, Client) {
    let mut ann = create_trusting(&format!("wss://localhost:{port}/ws"), dir, "Ann", root);
    ann.wait_for("the room", |c| c.session.status().room.is_some());
    let link = ann.session.status().room.unwrap().link.expect("a link");
    let mut bo = join_trusting(&format!("wss://127.0.0.1:{port}"), dir, "Bo", &link, root);
    bo.wait_for("the joined room", |c| {
        c.session.status().opponent_name.as_deref() == Some("Ann")
    });
    ann.wait_for("the opponent", |c| {
        c.session.status().opponent_name.as_deref() == Some("Bo")
    });
    (ann, bo)
}

fn untrusted_reason(client: &Client) -> Option<String> {
    match client.session.status().connection {
        ConnectionState::Offline {
            reason: OfflineReason::UntrustedServer { reason },
        } => Some(reason),
        _ => None,
    }
}

/// A real server behind a terminator with a certificate from a new root for the loopback
/// names (the server stops when its part of the answer is dropped).
fn behind_a_front(name: &str) -> (TempDir, Server, TestRoot, Terminator) {
    let dir = TempDir::new(name);
    let server = Server::start(&dir, &[]);
    let root = TestRoot::new();
    let proxy = Terminator::start(server.port, root.server(Cert::For(NAMES)));
    (dir, server, root, proxy)
}

#[test]
fn a_whole_game_over_wss_through_a_tls_terminator() {
    let (dir, _server, root, proxy) = behind_a_front("wss-whole");
    let (mut ann, mut bo) = two_players_over_wss(proxy.port, &dir, &root);
    assert!(ann.connected() && bo.connected());

    let mut rng = StdRng::seed_from_u64(11);
    let mut turns = Vec::new();
    while ann.session.snapshot().outcome.is_none() && turns.len() < 300 {
        play_turn(&mut ann, &mut bo, &mut rng, &mut turns);
    }
    if ann.session.snapshot().outcome.is_none() {
        assert!(bo.session.resign());
    }
    ann.wait_for("the record", |c| c.session.status().record.is_some());
    bo.wait_for("the record", |c| c.session.status().record.is_some());
    assert_same_game(&ann, &bo, &turns);
    assert_eq!(ann.session.status().outcome, bo.session.status().outcome);
    // Every connection was a TLS one: nothing reached the server past the terminator.
    assert_eq!(proxy.accepted(), 2);
}

#[test]
fn an_untrusted_certificate_is_a_typed_refusal_until_resume() {
    let (dir, _server, root, proxy) = behind_a_front("wss-untrusted");
    let (mut ann, mut bo) = two_players_over_wss(proxy.port, &dir, &root);
    let mut rng = StdRng::seed_from_u64(5);
    let mut turns = Vec::new();
    for _ in 0..3 {
        play_turn(&mut ann, &mut bo, &mut rng, &mut turns);
    }
    let stored = ann.stored();
    let board = ann.session.snapshot();
    let played: Vec<String> = turns.iter().flatten().cloned().collect();

    // The certificate changes to one the clients do not trust, and the connections drop.
    let wrong = [
        (self_signed(NAMES), "UnknownIssuer"),
        (root.server(Cert::Expired(NAMES)), "Expired"),
        (
            root.server(Cert::For(&["mills.example"])),
            "NotValidForName",
        ),
    ];
    let (first, first_kind) = &wrong[0];
    proxy.set_certificate(first.clone());
    proxy.cut();
    for client in [&mut ann, &mut bo] {
        client.wait_for("the refusal", |c| untrusted_reason(c).is_some());
        let reason = untrusted_reason(client).unwrap();
        assert!(reason.contains(first_kind), "{reason}");
        // The game is as it was: nothing drawn, taken back or sent.
        assert_eq!(client.stored(), stored);
        assert_eq!(client.session.actions(), played);
        assert!(!client.session.status().awaiting_server);
    }
    assert_eq!(ann.session.snapshot(), board);

    // Not tried again by itself: the next reconnect pause would be 0.25 to 8 s; two of the
    // shortest pass and no new connection comes.
    let taken = proxy.accepted();
    thread::sleep(Duration::from_millis(700));
    assert_eq!(proxy.accepted(), taken, "retried without resume()");
    assert!(untrusted_reason(&ann).is_some());

    // resume() tries once more; each kind of bad certificate is refused the same way.
    for (config, kind) in &wrong[1..] {
        proxy.set_certificate(config.clone());
        let before = proxy.accepted();
        ann.session.resume();
        ann.wait_for("one more try, refused", |c| {
            proxy.accepted() > before && untrusted_reason(c).is_some()
        });
        let reason = untrusted_reason(&ann).unwrap();
        assert!(reason.contains(kind), "{reason}");
        assert_eq!(proxy.accepted(), before + 1);
        assert_eq!(ann.stored(), stored);
    }

    // The certificate is fixed: Retry connects and the game goes on.
    proxy.set_certificate(root.server(Cert::For(NAMES)));
    ann.session.resume();
    bo.session.resume();
    ann.wait_for("connected again", Client::connected);
    bo.wait_for("connected again", Client::connected);
    play_turn(&mut ann, &mut bo, &mut rng, &mut turns);
    assert_same_game(&ann, &bo, &turns);
}

#[test]
fn a_plain_server_behind_a_wss_address_is_retried_not_refused() {
    // Not a certificate problem: a server that does not speak TLS is a lost connection, tried
    // again by itself like any other.
    let dir = TempDir::new("wss-plain");
    let server = Server::start(&dir, &[]);
    let root = TestRoot::new();
    let mut c = create_trusting(
        &format!("wss://127.0.0.1:{}", server.port),
        &dir,
        "C",
        &root,
    );
    c.wait_for("a second attempt", |c| {
        matches!(
            c.session.status().connection,
            ConnectionState::Reconnecting { attempt, .. } if attempt >= 2
        )
    });
    assert!(c.session.status().room.is_none());
}

/// The apps' own constructor (no extra root) in the apps' configuration (no `test-ca`): a
/// certificate from the test root is refused as an unknown issuer, and no room is made.
#[cfg(not(feature = "test-ca"))]
#[test]
fn the_apps_configuration_refuses_the_test_root() {
    let (dir, _server, _root, proxy) = behind_a_front("wss-release");
    let (l, rx) = listener();
    // a bare host and port, as the apps' settings hold it: wss:// on that port
    let address = format!("localhost:{}", proxy.port);
    let opts = options(&address, &dir.path("Ann.secret"), "Ann");
    let session =
        OnlineSession::create(opts, GameId::TwelveMensMorris, TurnTimer::Off, Some(l)).unwrap();
    let mut ann = Client::wrap(session, rx);
    ann.wait_for("the refusal", |c| untrusted_reason(c).is_some());
    let reason = untrusted_reason(&ann).unwrap();
    assert!(reason.contains("UnknownIssuer"), "{reason}");
    assert!(ann.session.status().room.is_none());
    assert_eq!(proxy.accepted(), 1);
}
