//! `wss://` end to end: a TLS terminator of the test's own (rustls, certificates made by
//! rcgen under a made-up root) in front of the real `mills-server`, as a deployment puts
//! Caddy or nginx in front of it, and clients that trust that root through the Rust-only
//! `OnlineSession::create_trusting` / `join_trusting` (the apps cannot add a root).

use std::io::{ErrorKind, Read, Write};
use std::net::{Shutdown, TcpListener, TcpStream};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::Duration;

use mills_ffi::{ConnectionState, GameId, OfflineReason, OnlineSession, TurnTimer};
use rand::SeedableRng;
use rand::rngs::StdRng;
use rcgen::{BasicConstraints, CertificateParams, DnType, IsCa, Issuer, KeyPair};
use rustls::pki_types::{CertificateDer, PrivateKeyDer, PrivatePkcs8KeyDer};
use rustls::{ServerConfig, ServerConnection, StreamOwned};

use crate::support::{Client, Server, TempDir, listener, options};
use crate::{assert_same_game, play_turn};

/// A made-up certificate authority.
struct TestRoot {
    der: CertificateDer<'static>,
    issuer: Issuer<'static, KeyPair>,
}

/// What a server certificate is like.
enum Cert<'a> {
    /// Issued by the root for these names (DNS names or IP addresses).
    For(&'a [&'a str]),
    /// Issued by the root for these names, valid only in 2020.
    Expired(&'a [&'a str]),
}

impl TestRoot {
    fn new() -> TestRoot {
        let key = KeyPair::generate().unwrap();
        let mut params = CertificateParams::new(Vec::<String>::new()).unwrap();
        params.is_ca = IsCa::Ca(BasicConstraints::Unconstrained);
        params
            .distinguished_name
            .push(DnType::CommonName, "Mills test root");
        let der = params.self_signed(&key).unwrap().der().clone();
        TestRoot {
            der,
            issuer: Issuer::new(params, key),
        }
    }

    /// The terminator's settings with a certificate issued by this root.
    fn server(&self, cert: Cert<'_>) -> Arc<ServerConfig> {
        let (names, expired) = match cert {
            Cert::For(names) => (names, false),
            Cert::Expired(names) => (names, true),
        };
        let key = KeyPair::generate().unwrap();
        let mut params =
            CertificateParams::new(names.iter().map(|n| n.to_string()).collect::<Vec<_>>())
                .unwrap();
        if expired {
            params.not_before = rcgen::date_time_ymd(2020, 1, 1);
            params.not_after = rcgen::date_time_ymd(2020, 12, 31);
        }
        let cert = params.signed_by(&key, &self.issuer).unwrap();
        server_config(cert.der().clone(), &key)
    }
}

/// Settings with a self-signed certificate for `names` (no root the client knows).
fn self_signed(names: &[&str]) -> Arc<ServerConfig> {
    let names: Vec<String> = names.iter().map(|n| n.to_string()).collect();
    let made = rcgen::generate_simple_self_signed(names).unwrap();
    server_config(made.cert.der().clone(), &made.signing_key)
}

fn server_config(cert: CertificateDer<'static>, key: &KeyPair) -> Arc<ServerConfig> {
    let key = PrivateKeyDer::Pkcs8(PrivatePkcs8KeyDer::from(key.serialize_der()));
    #[allow(deprecated)] // ring's provider, as the client's (no post-quantum key exchange)
    let provider = Arc::new(rustls::crypto::ring::default_provider());
    let config = ServerConfig::builder_with_provider(provider)
        .with_safe_default_protocol_versions()
        .unwrap()
        .with_no_client_auth()
        .with_single_cert(vec![cert], key)
        .unwrap();
    Arc::new(config)
}

/// A TLS terminator on a loopback port that forwards the plaintext to `mills-server`; its
/// certificate can be changed (for the next connections) and its connections cut.
struct Terminator {
    port: u16,
    config: Arc<Mutex<Arc<ServerConfig>>>,
    open: Arc<Mutex<Vec<TcpStream>>>,
    /// TCP connections taken (each a TLS handshake tried).
    accepted: Arc<AtomicUsize>,
}

impl Terminator {
    fn start(server_port: u16, config: Arc<ServerConfig>) -> Terminator {
        let listener = TcpListener::bind("127.0.0.1:0").unwrap();
        let port = listener.local_addr().unwrap().port();
        let config = Arc::new(Mutex::new(config));
        let open: Arc<Mutex<Vec<TcpStream>>> = Arc::default();
        let accepted = Arc::new(AtomicUsize::new(0));
        let (config2, open2, accepted2) = (config.clone(), open.clone(), accepted.clone());
        thread::spawn(move || {
            for client in listener.incoming() {
                let Ok(client) = client else { continue };
                accepted2.fetch_add(1, Ordering::SeqCst);
                let config = config2.lock().unwrap().clone();
                let open = open2.clone();
                thread::spawn(move || terminate(client, server_port, config, &open));
            }
        });
        Terminator {
            port,
            config,
            open,
            accepted,
        }
    }

    fn set_certificate(&self, config: Arc<ServerConfig>) {
        *self.config.lock().unwrap() = config;
    }

    fn cut(&self) {
        for stream in self.open.lock().unwrap().drain(..) {
            let _ = stream.shutdown(Shutdown::Both);
        }
    }

    fn accepted(&self) -> usize {
        self.accepted.load(Ordering::SeqCst)
    }
}

/// One connection: the TLS handshake, then plaintext both ways until either side ends. One
/// thread polls both sockets with short read timeouts (a rustls stream cannot be split).
fn terminate(
    client: TcpStream,
    server_port: u16,
    config: Arc<ServerConfig>,
    open: &Mutex<Vec<TcpStream>>,
) {
    let _ = client.set_read_timeout(Some(Duration::from_secs(5)));
    open.lock().unwrap().push(client.try_clone().unwrap());
    let mut tls = StreamOwned::new(ServerConnection::new(config).unwrap(), client);
    while tls.conn.is_handshaking() {
        // A client that refuses the certificate ends here (it sends an alert and closes).
        if tls.conn.complete_io(&mut tls.sock).is_err() {
            let _ = tls.sock.shutdown(Shutdown::Both);
            return;
        }
    }
    let Ok(mut upstream) = TcpStream::connect(("127.0.0.1", server_port)) else {
        let _ = tls.sock.shutdown(Shutdown::Both);
        return;
    };
    open.lock().unwrap().push(upstream.try_clone().unwrap());
    let tick = Some(Duration::from_millis(2));
    let _ = tls.sock.set_read_timeout(tick);
    let _ = upstream.set_read_timeout(tick);
    let mut buf = [0u8; 16 * 1024];
    let waiting =
        |e: &std::io::Error| matches!(e.kind(), ErrorKind::WouldBlock | ErrorKind::TimedOut);
    loop {
        match tls.read(&mut buf) {
            Ok(0) => break,
            Ok(n) => {
                if upstream.write_all(&buf[..n]).is_err() {
                    break;
                }
            }
            Err(e) if waiting(&e) => {}
            Err(_) => break,
        }
        match upstream.read(&mut buf) {
            Ok(0) => break,
            Ok(n) => {
                if tls.write_all(&buf[..n]).and_then(|()| tls.flush()).is_err() {
                    break;
                }
            }
            Err(e) if waiting(&e) => {}
            Err(_) => break,
        }
    }
    let _ = tls.sock.shutdown(Shutdown::Both);
    let _ = upstream.shutdown(Shutdown::Both);
}

fn create_trusting(server: &str, dir: &TempDir, name: &str, root: &TestRoot) -> Client {
    let (l, rx) = listener();
    let opts = options(server, &dir.path(&format!("{name}.secret")), name);
    let session = OnlineSession::create_trusting(
        opts,
        GameId::TwelveMensMorris,
        TurnTimer::Off,
        Some(l),
        root.der.to_vec(),
    )
    .unwrap();
    Client::wrap(session, rx)
}

fn join_trusting(server: &str, dir: &TempDir, name: &str, invite: &str, root: &TestRoot) -> Client {
    let (l, rx) = listener();
    let opts = options(server, &dir.path(&format!("{name}.secret")), name);
    let session =
        OnlineSession::join_trusting(opts, invite.to_string(), Some(l), root.der.to_vec()).unwrap();
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

const NAMES: &[&str] = &["localhost", "127.0.0.1"];

#[test]
fn a_whole_game_over_wss_through_a_tls_terminator() {
    let dir = TempDir::new("wss-whole");
    let server = Server::start(&dir, &[]);
    let root = TestRoot::new();
    let proxy = Terminator::start(server.port, root.server(Cert::For(NAMES)));
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
    let dir = TempDir::new("wss-untrusted");
    let server = Server::start(&dir, &[]);
    let root = TestRoot::new();
    let proxy = Terminator::start(server.port, root.server(Cert::For(NAMES)));
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
