//! The real `mills-server` on loopback, a proxy that can cut connections, and helpers to
//! play turns through `OnlineSession` taps.

use std::io::{Read, Write};
use std::net::{Shutdown, TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{Receiver, Sender, channel};
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::{Duration, Instant};

use mills_core::{Action, Game, Rules, Variant};
use mills_ffi::{
    ConnectionState, GameId, OnlineEvent, OnlineListener, OnlineOptions, OnlineSession, Player,
    TapStep, TapVerdict, TurnTimer,
};
use rand::Rng;
use rand::seq::IndexedRandom;

pub const WAIT: Duration = Duration::from_secs(20);

/// The server binary: `MILLS_SERVER_BIN`, or built next to this test.
fn server_binary() -> PathBuf {
    if let Some(bin) = std::env::var_os("MILLS_SERVER_BIN") {
        return PathBuf::from(bin);
    }
    // target/<profile>/deps/<this test> → target/<profile>/mills-server
    let exe = std::env::current_exe().expect("the test's path");
    let profile_dir = exe.parent().and_then(Path::parent).expect("target dir");
    let bin = profile_dir.join("mills-server");
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let mut build = Command::new(cargo);
    // The whole workspace's features, as `cargo test --workspace` built the server: `-p
    // mills-server` alone resolves some shared crates' features differently and would rebuild
    // them (and the engine) here, inside the test.
    build.args(["build", "--quiet", "--workspace", "--bin", "mills-server"]);
    // The profile this test was built in: its folder's name (the dev profile's is `debug`).
    if let Some(profile) = profile_dir
        .file_name()
        .and_then(|n| n.to_str())
        .filter(|n| *n != "debug")
    {
        build.args(["--profile", profile]);
    }
    let status = build.status().expect("running cargo to build mills-server");
    assert!(status.success(), "building mills-server failed");
    assert!(bin.exists(), "no mills-server at {}", bin.display());
    bin
}

/// A directory removed at the end of the test.
pub struct TempDir(pub PathBuf);

impl TempDir {
    pub fn new(name: &str) -> TempDir {
        let nonce: u64 = rand::rng().random();
        let dir = std::env::temp_dir().join(format!("mills-online-{name}-{nonce:x}"));
        std::fs::create_dir_all(&dir).unwrap();
        TempDir(dir)
    }

    pub fn path(&self, file: &str) -> String {
        self.0.join(file).to_str().unwrap().to_string()
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// A running `mills-server` with its own database, on a free loopback port.
pub struct Server {
    child: Option<Child>,
    pub port: u16,
    db: String,
    extra: Vec<String>,
}

fn free_port() -> u16 {
    TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

impl Server {
    pub fn start(dir: &TempDir, extra: &[&str]) -> Server {
        let mut server = Server {
            child: None,
            port: free_port(),
            db: dir.path("server.db"),
            extra: extra.iter().map(|s| s.to_string()).collect(),
        };
        server.spawn();
        server
    }

    fn spawn(&mut self) {
        let child = Command::new(server_binary())
            .args(["--listen", &format!("127.0.0.1:{}", self.port)])
            .args(["--db", &self.db])
            .args(["--log-level", "warn"])
            .args(&self.extra)
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .spawn()
            .expect("starting mills-server");
        self.child = Some(child);
        let deadline = Instant::now() + WAIT;
        while !self.healthy() {
            assert!(Instant::now() < deadline, "mills-server did not come up");
            thread::sleep(Duration::from_millis(50));
        }
    }

    fn healthy(&self) -> bool {
        let Ok(mut stream) = TcpStream::connect(("127.0.0.1", self.port)) else {
            return false;
        };
        let _ = stream.set_read_timeout(Some(Duration::from_secs(2)));
        let request = "GET /health HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n";
        if stream.write_all(request.as_bytes()).is_err() {
            return false;
        }
        let mut answer = String::new();
        let _ = stream.read_to_string(&mut answer);
        answer.starts_with("HTTP/1.1 200")
    }

    /// SIGKILL: no graceful anything.
    pub fn kill(&mut self) {
        if let Some(mut child) = self.child.take() {
            let _ = child.kill();
            let _ = child.wait();
        }
    }

    /// Starts again on the same port with the same database.
    pub fn restart(&mut self) {
        self.kill();
        self.spawn();
    }

    pub fn address(&self) -> String {
        format!("ws://127.0.0.1:{}", self.port)
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        self.kill();
    }
}

/// A TCP proxy in front of the server whose connections can be cut at any moment (the
/// client sees a dropped connection, as on a phone changing networks).
pub struct Proxy {
    pub port: u16,
    open: Arc<Mutex<Vec<TcpStream>>>,
    blocked: Arc<AtomicBool>,
}

impl Proxy {
    pub fn start(server_port: u16) -> Proxy {
        let listener = TcpListener::bind("127.0.0.1:0").unwrap();
        let port = listener.local_addr().unwrap().port();
        let open: Arc<Mutex<Vec<TcpStream>>> = Arc::default();
        let blocked = Arc::new(AtomicBool::new(false));
        let (open2, blocked2) = (Arc::clone(&open), Arc::clone(&blocked));
        thread::spawn(move || {
            for client in listener.incoming() {
                let Ok(client) = client else { continue };
                if blocked2.load(Ordering::SeqCst) {
                    let _ = client.shutdown(Shutdown::Both);
                    continue;
                }
                let Ok(upstream) = TcpStream::connect(("127.0.0.1", server_port)) else {
                    let _ = client.shutdown(Shutdown::Both);
                    continue;
                };
                {
                    let mut open = open2.lock().unwrap();
                    open.push(client.try_clone().unwrap());
                    open.push(upstream.try_clone().unwrap());
                }
                pump(client.try_clone().unwrap(), upstream.try_clone().unwrap());
                pump(upstream, client);
            }
        });
        Proxy {
            port,
            open,
            blocked,
        }
    }

    /// Drops every open connection.
    pub fn cut(&self) {
        for stream in self.open.lock().unwrap().drain(..) {
            let _ = stream.shutdown(Shutdown::Both);
        }
    }

    /// Refuses new connections (and cuts the open ones) until `unblock`.
    pub fn block(&self) {
        self.blocked.store(true, Ordering::SeqCst);
        self.cut();
    }

    pub fn unblock(&self) {
        self.blocked.store(false, Ordering::SeqCst);
    }

    pub fn address(&self) -> String {
        format!("ws://127.0.0.1:{}", self.port)
    }
}

fn pump(mut from: TcpStream, mut to: TcpStream) {
    thread::spawn(move || {
        let mut buf = [0u8; 8192];
        loop {
            match from.read(&mut buf) {
                Ok(0) | Err(_) => break,
                Ok(n) => {
                    if to.write_all(&buf[..n]).is_err() {
                        break;
                    }
                }
            }
        }
        let _ = to.shutdown(Shutdown::Both);
        let _ = from.shutdown(Shutdown::Both);
    });
}

/// Collects a session's events.
pub struct Events {
    tx: Mutex<Sender<OnlineEvent>>,
}

impl OnlineListener for Events {
    fn on_event(&self, event: OnlineEvent) {
        let _ = self.tx.lock().unwrap().send(event);
    }
}

/// One player: a session and what it heard.
pub struct Client {
    pub session: Arc<OnlineSession>,
    pub events: Receiver<OnlineEvent>,
    pub heard: Vec<OnlineEvent>,
    /// Every board change the app would have drawn, in order.
    pub drawn: Vec<mills_ffi::BoardChange>,
    revision: u64,
}

pub fn options(server: &str, secret_path: &str, name: &str) -> OnlineOptions {
    OnlineOptions {
        server: server.to_string(),
        secret_path: secret_path.to_string(),
        name: Some(name.to_string()),
        room_path: None,
    }
}

pub fn listener() -> (Arc<Events>, Receiver<OnlineEvent>) {
    let (tx, rx) = channel();
    (Arc::new(Events { tx: Mutex::new(tx) }), rx)
}

impl Client {
    pub fn wrap(session: Arc<OnlineSession>, events: Receiver<OnlineEvent>) -> Client {
        Client {
            session,
            events,
            heard: Vec::new(),
            drawn: Vec::new(),
            revision: 0,
        }
    }

    pub fn create(options: OnlineOptions, game: GameId, timer: TurnTimer) -> Client {
        let (l, rx) = listener();
        let session = OnlineSession::create(options, game, timer, Some(l)).unwrap();
        Client::wrap(session, rx)
    }

    pub fn join(options: OnlineOptions, invite: &str) -> Client {
        let (l, rx) = listener();
        let session = OnlineSession::join(options, invite.to_string(), Some(l)).unwrap();
        Client::wrap(session, rx)
    }

    pub fn open(options: OnlineOptions, room: &str) -> Client {
        let (l, rx) = listener();
        let session = OnlineSession::open(options, room.to_string(), Some(l)).unwrap();
        Client::wrap(session, rx)
    }

    /// Takes in the events heard and the board changes made so far, as an app would.
    pub fn pump(&mut self) {
        while let Ok(event) = self.events.try_recv() {
            self.heard.push(event);
        }
        let batch = self.session.clone().board().changes_since(self.revision);
        self.revision = batch.revision;
        self.drawn.extend(batch.changes);
    }

    /// Waits until `check` holds, pumping meanwhile.
    pub fn wait_for(&mut self, what: &str, check: impl Fn(&Client) -> bool) {
        let deadline = Instant::now() + WAIT;
        loop {
            self.pump();
            if check(self) {
                return;
            }
            assert!(
                Instant::now() < deadline,
                "timed out waiting for {what}; heard {:?}; status {:?}",
                self.heard,
                self.session.status()
            );
            thread::sleep(Duration::from_millis(5));
        }
    }

    pub fn code(&self) -> String {
        self.session.status().room.expect("a room").code
    }

    pub fn you(&self) -> Player {
        self.session.status().room.expect("a room").you
    }

    pub fn connected(&self) -> bool {
        self.session.status().connection == ConnectionState::Connected
    }

    pub fn stored(&self) -> u64 {
        self.session.stored_revision()
    }

    pub fn to_move(&self) -> Player {
        self.session.snapshot().to_move
    }

    pub fn game(&self) -> Game {
        let rules = Rules::of(Variant::from(self.session.snapshot().config.game));
        let actions: Vec<Action> = self
            .session
            .actions()
            .iter()
            .map(|a| a.parse().unwrap())
            .collect();
        Game::replay(rules, &actions).unwrap()
    }

    /// Enters a whole random legal turn by taps; returns its actions. Panics if a tap is
    /// answered other than the rules say.
    pub fn play_random_turn(&mut self, rng: &mut impl Rng) -> Vec<String> {
        let mut game = self.game();
        let mut played = Vec::new();
        loop {
            let legal = game.position().legal_actions();
            let choices: Vec<Action> = legal
                .iter()
                .copied()
                .filter(|a| *a != Action::Pass)
                .collect();
            let action = *choices.choose(rng).expect("a legal action");
            let applied = game.play(action).unwrap();
            played.push(action.to_string());
            let taps = match action {
                Action::Place(p) | Action::Remove(p) => vec![p],
                Action::Step { from, to } => vec![from, to],
                Action::Pass => unreachable!(),
            };
            let mut last = None;
            for point in taps {
                last = Some(self.session.tap(point.to_string()).unwrap());
            }
            let last = last.unwrap();
            match (last.step, last.verdict) {
                (TapStep::Unchanged, Some(TapVerdict::Sent { actions })) => {
                    assert!(applied.turn_ended);
                    assert_eq!(actions, played);
                    return played;
                }
                (
                    TapStep::Played {
                        action: a,
                        turn_ended: false,
                        ..
                    },
                    None,
                ) => {
                    assert!(!applied.turn_ended);
                    assert_eq!(a, action.to_string());
                }
                (step, verdict) => panic!("tap for {action} answered {step:?}, {verdict:?}"),
            }
        }
    }
}

/// A room with two players: the creator (P1 in game 1) and the joiner, both connected and
/// the game started.
pub fn two_players(
    server: &str,
    dir: &TempDir,
    game: GameId,
    timer: TurnTimer,
) -> (Client, Client) {
    let mut ann = Client::create(options(server, &dir.path("ann.secret"), "Ann"), game, timer);
    ann.wait_for("the room", |c| c.session.status().room.is_some());
    let link = ann.session.status().room.unwrap().link.expect("a link");
    let mut bo = Client::join(options(server, &dir.path("bo.secret"), "Bo"), &link);
    bo.wait_for("the joined room", |c| {
        c.session.status().opponent_name.as_deref() == Some("Ann")
    });
    ann.wait_for("the opponent", |c| {
        c.session.status().opponent_name.as_deref() == Some("Bo")
    });
    (ann, bo)
}

/// The client whose turn it is, then the other.
pub fn mover<'a>(a: &'a mut Client, b: &'a mut Client) -> (&'a mut Client, &'a mut Client) {
    if a.to_move() == a.you() {
        (a, b)
    } else {
        (b, a)
    }
}
