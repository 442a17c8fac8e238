//! What the server's tests share: the real `mills-server` binary on a loopback port with its
//! own database, and real WebSocket clients speaking `mills-protocol`.

use std::io::{BufRead, BufReader, Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::{Arc, Mutex, mpsc};
use std::time::Duration;

use futures_util::{SinkExt, StreamExt};
use mills_core::{Action, Game, Rules};
use mills_protocol::{ClientMessage, RoomState, ServerMessage, decode_server, encode};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};

/// A running server process: one on SQLite, or, when `MILLS_TEST_POSTGRES` names a
/// PostgreSQL server (tests/postgres/run.sh), two processes on one database of it, as
/// behind a load balancer: [`Server::url`] alternates between them, so that the two players
/// of a test's room are on different processes and every test runs across processes.
pub struct Server {
    child: Child,
    /// `127.0.0.1:PORT` (of the first process).
    pub addr: String,
    /// Its log lines so far.
    pub logs: Arc<Mutex<Vec<String>>>,
    twin: Option<Box<Server>>,
    urls_given: std::sync::atomic::AtomicUsize,
}

/// The admin URL of the PostgreSQL server the tests may use.
pub fn test_postgres() -> Option<String> {
    std::env::var("MILLS_TEST_POSTGRES").ok()
}

/// The database of a test's `db` path on the test PostgreSQL server: made afresh the first
/// time (when `db` does not exist yet; the file is then made as a marker), the same one
/// when the test starts a server again on the same path (a restart).
fn postgres_for(admin: &str, db: &Path) -> String {
    let name: String = db
        .display()
        .to_string()
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() {
                c.to_ascii_lowercase()
            } else {
                '_'
            }
        })
        .collect();
    let name = format!("t{}", &name[name.len().saturating_sub(50)..]);
    if !db.exists() {
        let url = new_database(admin, &name);
        std::fs::write(db, "on PostgreSQL").unwrap();
        return url;
    }
    database_url(admin, &name)
}

/// Makes the database `name` afresh on the test PostgreSQL server `admin`; returns its URL.
pub fn new_database(admin: &str, name: &str) -> String {
    let (connect, create) = (admin.to_string(), name.to_string());
    // The blocking client runs its own runtime, so not on the test's.
    std::thread::spawn(move || {
        let mut client = postgres::Client::connect(&connect, postgres::NoTls).unwrap();
        client
            .batch_execute(&format!("DROP DATABASE IF EXISTS {create} WITH (FORCE)"))
            .unwrap();
        client
            .batch_execute(&format!("CREATE DATABASE {create}"))
            .unwrap();
    })
    .join()
    .unwrap();
    database_url(admin, name)
}

fn database_url(admin: &str, name: &str) -> String {
    let (base, _) = admin.rsplit_once('/').expect("a URL with a database");
    format!("{base}/{name}")
}

/// A fresh folder for one test's database.
pub fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("mills-server-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// What the store of a test's `db` holds, as text: the SQLite files of its folder, or the
/// members' rows of its PostgreSQL database.
pub fn stored_text(db: &Path) -> String {
    let Some(admin) = test_postgres() else {
        let mut bytes = Vec::new();
        for file in std::fs::read_dir(db.parent().unwrap()).unwrap() {
            bytes.extend(std::fs::read(file.unwrap().path()).unwrap());
        }
        return String::from_utf8_lossy(&bytes).into_owned();
    };
    let url = postgres_for(&admin, db);
    std::thread::spawn(move || {
        let mut client = postgres::Client::connect(&url, postgres::NoTls).unwrap();
        client
            .query("SELECT device, coalesce(name, '') FROM members", &[])
            .unwrap()
            .iter()
            .map(|r| format!("{} {}\n", r.get::<_, String>(0), r.get::<_, String>(1)))
            .collect()
    })
    .join()
    .unwrap()
}

/// The store options of `mills-server` for a test's `db` (as [`Server::start`] gives them):
/// `--db PATH`, or `--postgres URL` of its database on the test PostgreSQL server.
pub fn store_args(db: &Path) -> [String; 2] {
    match test_postgres() {
        Some(admin) => ["--postgres".to_string(), postgres_for(&admin, db)],
        None => ["--db".to_string(), db.display().to_string()],
    }
}

impl Server {
    /// Starts the server on a free loopback port with the database `db` (see [`Server`]).
    pub fn start(db: &Path, extra: &[&str]) -> Server {
        Server::start_limited(db, extra, None)
    }

    /// As [`Server::start`], each process allowed `open_files` file descriptors at most.
    pub fn start_limited(db: &Path, extra: &[&str], open_files: Option<u64>) -> Server {
        let mut args = store_args(db).to_vec();
        args.extend(extra.iter().map(|a| a.to_string()));
        let mut first = Server::start_with(&args, open_files);
        if test_postgres().is_some() {
            first.twin = Some(Box::new(Server::start_with(&args, open_files)));
        }
        first
    }

    /// Starts the server on a free loopback port with the PostgreSQL database `url`.
    pub fn start_postgres(url: &str, extra: &[&str]) -> Server {
        let mut args = vec!["--postgres".to_string(), url.to_string()];
        args.extend(extra.iter().map(|a| a.to_string()));
        Server::start_with(&args, None)
    }

    fn start_with(args: &[String], open_files: Option<u64>) -> Server {
        let server = env!("CARGO_BIN_EXE_mills-server");
        // prlimit sets the limit and then runs the server in its own place (same pid).
        let mut command = match open_files {
            Some(n) => {
                let mut c = Command::new("prlimit");
                c.arg(format!("--nofile={n}:{n}")).arg("--").arg(server);
                c
            }
            None => Command::new(server),
        };
        let mut child = command
            .args(["--listen", "127.0.0.1:0"])
            .args(args)
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .expect("mills-server starts");
        let stderr = child.stderr.take().unwrap();
        let logs = Arc::new(Mutex::new(Vec::new()));
        let (addr_tx, addr_rx) = mpsc::channel();
        let sink = logs.clone();
        std::thread::spawn(move || {
            for line in BufReader::new(stderr).lines() {
                let Ok(line) = line else { break };
                if let Ok(json) = serde_json::from_str::<serde_json::Value>(&line)
                    && json["msg"] == "mills-server listening"
                {
                    let _ = addr_tx.send(json["listen"].as_str().unwrap_or("").to_string());
                }
                sink.lock().unwrap().push(line);
            }
        });
        let addr = addr_rx
            .recv_timeout(Duration::from_secs(20))
            .expect("the server says where it listens");
        Server {
            child,
            addr,
            logs,
            twin: None,
            urls_given: Default::default(),
        }
    }

    /// The WebSocket URL: with two processes, each call the other's.
    pub fn url(&self) -> String {
        let n = self
            .urls_given
            .fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        match &self.twin {
            Some(twin) if n % 2 == 1 => twin.url(),
            _ => format!("ws://{}/ws", self.addr),
        }
    }

    /// SIGKILL (every process), and wait for it to be gone.
    pub fn kill(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
        if let Some(twin) = &mut self.twin {
            twin.kill();
        }
    }

    /// SIGTERM (the orderly stop) to every process; returns the first's exit status, and
    /// panics if another's is not a success.
    pub fn terminate(&mut self) -> std::process::ExitStatus {
        let _ = Command::new("kill")
            .args(["-TERM", &self.child.id().to_string()])
            .status();
        if let Some(twin) = &mut self.twin {
            let status = twin.terminate();
            assert!(status.success(), "the second process stopped: {status:?}");
        }
        self.child.wait().unwrap()
    }

    /// The WebSocket URL of the first process, always (for what measures that process).
    pub fn first_url(&self) -> String {
        format!("ws://{}/ws", self.addr)
    }

    /// Whether a log line containing `text` comes within `wait` (the lines are read from
    /// the process's standard error by a thread of their own, a little after they are
    /// written).
    pub async fn logged_within(&self, text: &str, wait: Duration) -> bool {
        let deadline = std::time::Instant::now() + wait;
        while !self.log_text().contains(text) {
            if std::time::Instant::now() >= deadline {
                return false;
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        true
    }

    /// The first process's id.
    pub fn pid(&self) -> u32 {
        self.child.id()
    }

    /// The CPU time the first process has used so far (user and system).
    pub fn cpu_time(&self) -> Duration {
        let stat = std::fs::read_to_string(format!("/proc/{}/stat", self.pid())).unwrap();
        // The fields after the command's name (in parentheses, which may hold spaces).
        let fields: Vec<&str> = stat
            .rsplit_once(')')
            .unwrap()
            .1
            .split_whitespace()
            .collect();
        let ticks: u64 = fields[11].parse::<u64>().unwrap() + fields[12].parse::<u64>().unwrap();
        // Linux's USER_HZ is 100 on every platform it runs on.
        Duration::from_millis(ticks * 10)
    }

    /// The first process's resident memory, in KiB.
    pub fn resident_kib(&self) -> u64 {
        let status = std::fs::read_to_string(format!("/proc/{}/status", self.pid())).unwrap();
        status
            .lines()
            .find_map(|l| l.strip_prefix("VmRSS:"))
            .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
            .unwrap()
    }

    /// `GET /health` of the first process, asked again every 100 ms: whether it answered
    /// 200 within `wait`.
    pub async fn healthy_within(&self, wait: Duration) -> bool {
        use tokio::io::{AsyncReadExt, AsyncWriteExt};
        let ask = || async {
            let mut tcp = TcpStream::connect(&self.addr).await.ok()?;
            tcp.write_all(b"GET /health HTTP/1.1\r\nHost: test\r\n\r\n")
                .await
                .ok()?;
            let mut answer = Vec::new();
            tcp.read_to_end(&mut answer).await.ok()?;
            answer.starts_with(b"HTTP/1.1 200").then_some(())
        };
        let deadline = tokio::time::Instant::now() + wait;
        loop {
            let left = deadline.saturating_duration_since(tokio::time::Instant::now());
            if let Ok(Some(())) = tokio::time::timeout(left, ask()).await {
                return true;
            }
            if tokio::time::Instant::now() + Duration::from_millis(100) >= deadline {
                return false;
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
    }

    /// The log lines so far (of every process), joined.
    pub fn log_text(&self) -> String {
        let mut text = self.logs.lock().unwrap().join("\n");
        if let Some(twin) = &self.twin {
            text.push('\n');
            text.push_str(&twin.log_text());
        }
        text
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        self.kill();
    }
}

type Ws = WebSocketStream<MaybeTlsStream<TcpStream>>;

/// A device's connection.
pub struct Client {
    ws: Ws,
}

/// A new device secret (43 characters of base64url alphabet).
pub fn new_secret(rng: &mut impl Rng) -> String {
    const ALPHABET: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
    (0..43)
        .map(|_| char::from(ALPHABET[rng.random_range(0..64)]))
        .collect()
}

pub const WAIT: Duration = Duration::from_secs(10);

impl Client {
    /// Connects without saying hello.
    pub async fn connect_raw(url: &str) -> Client {
        let (ws, _) = tokio_tungstenite::connect_async(url)
            .await
            .expect("connects");
        Client { ws }
    }

    /// Connects without saying hello, or the HTTP status the server refused the handshake
    /// with.
    pub async fn handshake(
        request: impl tokio_tungstenite::tungstenite::client::IntoClientRequest + Unpin,
    ) -> Result<Client, u16> {
        match tokio_tungstenite::connect_async(request).await {
            Ok((ws, _)) => Ok(Client { ws }),
            Err(tokio_tungstenite::tungstenite::Error::Http(response)) => {
                Err(response.status().as_u16())
            }
            Err(e) => panic!("{e}"),
        }
    }

    /// A client on a connection made elsewhere (a handshake of the test's own).
    pub fn from_stream(ws: Ws) -> Client {
        Client { ws }
    }

    /// Connects as a reverse proxy would, with `X-Forwarded-For: forwarded`.
    pub async fn connect_forwarded(url: &str, device: &str, forwarded: &str) -> Client {
        use tokio_tungstenite::tungstenite::client::IntoClientRequest;
        let mut request = url.into_client_request().unwrap();
        request
            .headers_mut()
            .insert("x-forwarded-for", forwarded.parse().unwrap());
        let (ws, _) = tokio_tungstenite::connect_async(request)
            .await
            .expect("connects");
        let mut client = Client { ws };
        client
            .send(&ClientMessage::Hello {
                protocol: mills_protocol::PROTOCOL_VERSION,
                device: device.to_string(),
                name: None,
            })
            .await;
        client.recv().await.expect("welcome");
        client
    }

    /// Connects and says hello; returns the client and the welcome.
    pub async fn connect(url: &str, device: &str, name: &str) -> (Client, ServerMessage) {
        let mut client = Client::connect_raw(url).await;
        client
            .send(&ClientMessage::Hello {
                protocol: mills_protocol::PROTOCOL_VERSION,
                device: device.to_string(),
                name: Some(name.to_string()),
            })
            .await;
        let welcome = client.recv().await.expect("welcome");
        assert!(
            matches!(welcome, ServerMessage::Welcome { .. }),
            "{welcome:?}"
        );
        (client, welcome)
    }

    pub async fn send(&mut self, message: &ClientMessage) {
        self.send_text(&encode(message)).await;
    }

    pub async fn send_text(&mut self, text: &str) {
        self.ws.send(Message::text(text)).await.expect("sends");
    }

    pub async fn send_raw(&mut self, message: Message) -> bool {
        self.ws.send(message).await.is_ok()
    }

    /// The next server message; `None` when the connection closed (or nothing came).
    pub async fn recv(&mut self) -> Option<ServerMessage> {
        loop {
            let frame = tokio::time::timeout(WAIT, self.ws.next()).await.ok()??;
            match frame {
                Ok(Message::Text(text)) => {
                    return Some(decode_server(text.as_str()).expect("the server's frames decode"));
                }
                Ok(Message::Close(_)) | Err(_) => return None,
                Ok(_) => {}
            }
        }
    }

    /// Reads until a message `pick` accepts.
    pub async fn until<T>(&mut self, mut pick: impl FnMut(&ServerMessage) -> Option<T>) -> T {
        loop {
            let message = self
                .recv()
                .await
                .expect("a message before the connection ends");
            if let Some(found) = pick(&message) {
                return found;
            }
        }
    }

    /// Whether the server closes the connection within `wait` (reading what comes first).
    pub async fn closed_within(&mut self, wait: Duration) -> bool {
        let deadline = tokio::time::Instant::now() + wait;
        loop {
            match tokio::time::timeout_at(deadline, self.ws.next()).await {
                Err(_) => return false,
                Ok(None) | Ok(Some(Err(_))) | Ok(Some(Ok(Message::Close(_)))) => return true,
                Ok(Some(Ok(_))) => {}
            }
        }
    }

    /// The sending and the receiving halves, to use at once.
    pub fn split(
        self,
    ) -> (
        futures_util::stream::SplitSink<Ws, Message>,
        futures_util::stream::SplitStream<Ws>,
    ) {
        self.ws.split()
    }

    /// Reads until the server closes; the close frame's code (`None` when the connection
    /// ended without one, or did not end within [`WAIT`]).
    pub async fn close_code(&mut self) -> Option<u16> {
        loop {
            match tokio::time::timeout(WAIT, self.ws.next()).await.ok()?? {
                Ok(Message::Close(frame)) => return frame.map(|f| u16::from(f.code)),
                Err(_) => return None,
                Ok(_) => {}
            }
        }
    }

    /// The error a message gets.
    /// The next error's code and the wait it names (`retry_after_ms`).
    pub async fn expect_error_and_wait(&mut self) -> (mills_protocol::ErrorCode, Option<u64>) {
        self.until(|m| match m {
            ServerMessage::Error {
                code,
                retry_after_ms,
                ..
            } => Some((*code, *retry_after_ms)),
            _ => None,
        })
        .await
    }

    pub async fn expect_error(&mut self) -> mills_protocol::ErrorCode {
        self.until(|m| match m {
            ServerMessage::Error { code, .. } => Some(*code),
            _ => None,
        })
        .await
    }
}

/// A whole random legal turn of the side to move.
pub fn random_turn(game: &Game, rng: &mut StdRng) -> Vec<String> {
    let mut game = game.clone();
    let mut turn = Vec::new();
    loop {
        let legal = game.position().legal_actions();
        let action: Action = legal[rng.random_range(0..legal.len())];
        let applied = game.play(action).expect("legal");
        turn.push(action.to_string());
        if applied.turn_ended {
            return turn;
        }
    }
}

/// A game replayed from entries' actions.
pub fn replay(rules: Rules, entries: &[mills_protocol::Entry]) -> Game {
    let mut game = Game::new(rules);
    for e in entries {
        match e.kind {
            mills_protocol::EntryKind::Resign => {
                game.resign(match e.side {
                    mills_protocol::Seat::P1 => mills_core::Side::P1,
                    mills_protocol::Seat::P2 => mills_core::Side::P2,
                })
                .unwrap();
            }
            _ => {
                for a in &e.actions {
                    game.play(a.parse().unwrap()).unwrap();
                }
            }
        }
    }
    game
}

pub fn rng(seed: u64) -> StdRng {
    StdRng::seed_from_u64(seed)
}

/// Creates a room of `game` with `timer` as `client` (its creator, waiting for a second
/// player): its code, or the error code of the refusal.
pub async fn try_create_room(
    client: &mut Client,
    game: &str,
    timer: u32,
) -> Result<String, mills_protocol::ErrorCode> {
    client
        .send(&ClientMessage::Create {
            game: game.into(),
            timer,
            side: None,
            id: None,
        })
        .await;
    client
        .until(|m| match m {
            ServerMessage::Created { room, .. } => Some(Ok(room.room.clone())),
            ServerMessage::Error { code, .. } => Some(Err(*code)),
            _ => None,
        })
        .await
}

/// As [`try_create_room`], for a room the test needs: its code.
pub async fn create_room(client: &mut Client, game: &str, timer: u32) -> String {
    match try_create_room(client, game, timer).await {
        Ok(code) => code,
        Err(code) => panic!("create refused: {code:?}"),
    }
}

/// Creates a room as `a` and joins it as `b`; returns both clients' room states.
pub async fn start_room(
    a: &mut Client,
    b: &mut Client,
    game: &str,
    timer: u32,
) -> (RoomState, RoomState) {
    a.send(&ClientMessage::Create {
        game: game.into(),
        timer,
        side: None,
        id: None,
    })
    .await;
    let (created, link) = a
        .until(|m| match m {
            ServerMessage::Created { room, link } => Some((room.clone(), link.clone())),
            _ => None,
        })
        .await;
    assert_eq!(link, format!("mills://join/{}", created.room));
    assert!(!created.players[1].joined);
    // People write codes in lower case with dashes.
    let code = created.room.to_lowercase();
    let typed = format!("{}-{}-{}", &code[..4], &code[4..8], &code[8..]);
    b.send(&ClientMessage::Join { code: typed }).await;
    let room_of = |m: &ServerMessage| match m {
        ServerMessage::Room { room } => Some(room.clone()),
        _ => None,
    };
    let joined = b.until(room_of).await;
    let seen_by_a = a.until(room_of).await;
    (seen_by_a, joined)
}

/// A turn message.
pub fn turn(room: &str, game: u32, revision: u64, id: &str, actions: &[String]) -> ClientMessage {
    ClientMessage::Turn {
        room: room.into(),
        game,
        revision,
        id: id.into(),
        actions: actions.to_vec(),
    }
}

/// Sends `open` and returns the room's state.
pub async fn open(client: &mut Client, room: &str) -> RoomState {
    client
        .send(&ClientMessage::Open { room: room.into() })
        .await;
    client
        .until(|m| match m {
            ServerMessage::Room { room } => Some(room.clone()),
            ServerMessage::Error { .. } => panic!("open refused: {m:?}"),
            _ => None,
        })
        .await
}

/// Waits for the `accepted` of `id` (panics on an error for it).
pub async fn accepted(client: &mut Client, id: &str) -> u64 {
    client
        .until(|m| match m {
            ServerMessage::Accepted {
                id: i, revision, ..
            } if i == id => Some(*revision),
            ServerMessage::Error { id: Some(i), .. } if i == id => panic!("refused: {m:?}"),
            _ => None,
        })
        .await
}

/// The whole HTTP answer of the (first) server process to `GET path`.
pub fn http_get(server: &Server, path: &str) -> String {
    let mut tcp = std::net::TcpStream::connect(&server.addr).unwrap();
    tcp.set_read_timeout(Some(Duration::from_secs(5))).unwrap();
    tcp.write_all(format!("GET {path} HTTP/1.1\r\nHost: x\r\n\r\n").as_bytes())
        .unwrap();
    let mut response = String::new();
    tcp.read_to_string(&mut response).unwrap();
    response
}

/// The server's `/health` answer.
pub fn health(server: &Server) -> serde_json::Value {
    let response = http_get(server, "/health");
    let body = response.split("\r\n\r\n").nth(1).expect("a body");
    serde_json::from_str(body).expect("JSON")
}

/// The first process's WebSocket URL (budgets are counted per process).
pub fn first_url(server: &Server) -> String {
    format!("ws://{}/ws", server.addr)
}

/// The ids of the rooms the store of a test's `db` holds.
pub fn stored_room_ids(db: &Path) -> Vec<String> {
    let mut ids: Vec<String> = match test_postgres() {
        None => {
            let conn = rusqlite::Connection::open(db).unwrap();
            let mut query = conn.prepare("SELECT id FROM rooms").unwrap();
            query
                .query_map([], |r| r.get(0))
                .unwrap()
                .collect::<Result<_, _>>()
                .unwrap()
        }
        Some(admin) => {
            let url = postgres_for(&admin, db);
            std::thread::spawn(move || {
                let mut client = postgres::Client::connect(&url, postgres::NoTls).unwrap();
                client
                    .query("SELECT id FROM rooms", &[])
                    .unwrap()
                    .iter()
                    .map(|r| r.get(0))
                    .collect()
            })
            .join()
            .unwrap()
        }
    };
    ids.sort();
    ids
}

/// How many rooms the first process loaded at its start (its "listening" log line, which
/// reaches the log a moment after the address was taken from it).
pub fn rooms_loaded_at_start(server: &Server) -> u64 {
    for _ in 0..100 {
        let rooms = server
            .logs
            .lock()
            .unwrap()
            .iter()
            .filter_map(|line| serde_json::from_str::<serde_json::Value>(line).ok())
            .find(|json| json["msg"] == "mills-server listening")
            .and_then(|json| json["rooms"].as_u64());
        if let Some(rooms) = rooms {
            return rooms;
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    panic!("no listening line naming the rooms loaded")
}
