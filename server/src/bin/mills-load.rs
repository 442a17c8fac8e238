//! `mills-load`: drives many simultaneous online games through real WebSockets and reports
//! the turn round trip (sent to `accepted`) and lost or duplicated turns. Not part of the
//! test suite: run it by hand (docs/online.md has the figures of a measured run).
//!
//!   cargo run --release -p mills-server --features load --bin mills-load -- --games 2000
//!
//! Without `--url` it starts `mills-server` from its own folder on a loopback port with a
//! fresh database in a temporary folder (rate limits raised: every client is 127.0.0.1).
//! With `--url2` the second player of every game connects to another server process (two
//! processes sharing one PostgreSQL database, as behind a load balancer). With `--attack`
//! the games are played while 32 connections flood `open`s of unknown rooms and 1,000
//! connections trickle request lines (`attack.rs`). `server/measure-load.sh` runs it on
//! SQLite, PostgreSQL and under attack side by side and prints the table of docs/online.md.

#[path = "mills-load/attack.rs"]
mod attack;
#[path = "mills-load/options.rs"]
mod options;

use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use futures_util::{SinkExt, StreamExt};
use mills_core::{Action, Game, Variant};
use mills_online::{Intent, Room};
use mills_protocol::{ClientMessage, ServerMessage, decode_server, encode};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};

use options::{Options, parse};

type Ws = WebSocketStream<MaybeTlsStream<TcpStream>>;

/// One game's measured times, in microseconds.
#[derive(Default)]
struct Timings {
    /// From sending a turn to its `accepted`.
    accepted: Vec<u32>,
    /// From sending a turn to the opponent's `update` with it.
    seen: Vec<u32>,
}

struct Totals {
    acked: AtomicU64,
    lost: AtomicU64,
    duplicated: AtomicU64,
    refused: AtomicU64,
    failed_games: AtomicU64,
}

fn main() {
    let options = match parse() {
        Ok(o) => o,
        Err(why) => {
            eprintln!("{why}");
            std::process::exit(2);
        }
    };
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .expect("runtime");
    std::process::exit(runtime.block_on(run(options)));
}

async fn run(options: Options) -> i32 {
    let mut server: Option<(Child, PathBuf)> = None;
    let url = match &options.url {
        Some(url) => url.clone(),
        None => match start_server() {
            Ok((child, dir, addr)) => {
                server = Some((child, dir));
                format!("ws://{addr}/ws")
            }
            Err(why) => {
                eprintln!("cannot start mills-server: {why}");
                return 1;
            }
        },
    };
    let variant = match options.game.as_str() {
        "zhiqi" => Variant::ZhiQi,
        "linked-horse" => Variant::LinkedHorse,
        _ => Variant::TwelveMensMorris,
    };
    let totals = Arc::new(Totals {
        acked: AtomicU64::new(0),
        lost: AtomicU64::new(0),
        duplicated: AtomicU64::new(0),
        refused: AtomicU64::new(0),
        failed_games: AtomicU64::new(0),
    });
    // Every game connects and sets up its room first; then all play at once.
    let ready = Arc::new(tokio::sync::Barrier::new(options.games + 1));
    let started = Instant::now();
    let mut tasks = Vec::with_capacity(options.games);
    for g in 0..options.games {
        let urls = [
            url.clone(),
            options.url2.clone().unwrap_or_else(|| url.clone()),
        ];
        let ready = ready.clone();
        let totals = totals.clone();
        let game = options.game.clone();
        let (turns, think) = (options.turns, options.think_ms);
        tasks.push(tokio::spawn(async move {
            let mut rng = StdRng::seed_from_u64(g as u64);
            let setup = setup_game(&urls, &game, variant, g, &mut rng).await;
            ready.wait().await;
            let Ok(clients) = setup else {
                totals.failed_games.fetch_add(1, Ordering::Relaxed);
                return Timings::default();
            };
            match play(clients, turns, think, &mut rng, &totals).await {
                Ok(timings) => timings,
                Err(why) => {
                    eprintln!("game {g}: {why}");
                    totals.failed_games.fetch_add(1, Ordering::Relaxed);
                    Timings::default()
                }
            }
        }));
    }
    ready.wait().await;
    let setup_time = started.elapsed();
    let attack = options
        .attack
        .then(|| attack::start(&url, ATTACK_FLOODERS, ATTACK_TRICKLERS));
    let play_start = Instant::now();
    let mut all = Timings::default();
    for t in tasks {
        if let Ok(timings) = t.await {
            all.accepted.extend(timings.accepted);
            all.seen.extend(timings.seen);
        }
    }
    let play_time = play_start.elapsed();
    if let Some(attack) = attack {
        println!("{}", attack.stop().await);
    }
    all.accepted.sort_unstable();
    all.seen.sort_unstable();
    let pct = |latencies: &[u32], p: f64| {
        latencies
            .get(((latencies.len() as f64 * p) as usize).min(latencies.len().saturating_sub(1)))
            .map(|us| *us as f64 / 1000.0)
            .unwrap_or(0.0)
    };
    let latencies = &all.accepted;
    let acked = totals.acked.load(Ordering::Relaxed);
    println!(
        "games: {} ({} connections), setup {:.1} s",
        options.games,
        options.games * 2,
        setup_time.as_secs_f64()
    );
    println!(
        "turns acknowledged: {acked} in {:.1} s ({:.0} turns/s), think time 0..{} ms",
        play_time.as_secs_f64(),
        acked as f64 / play_time.as_secs_f64().max(1e-9),
        options.think_ms
    );
    println!(
        "turn round trip (sent to accepted): p50 {:.2} ms, p99 {:.2} ms, max {:.2} ms",
        pct(latencies, 0.50),
        pct(latencies, 0.99),
        latencies
            .last()
            .map(|us| *us as f64 / 1000.0)
            .unwrap_or(0.0)
    );
    println!(
        "turn seen by the opponent (sent to its update): p50 {:.2} ms, p99 {:.2} ms",
        pct(&all.seen, 0.50),
        pct(&all.seen, 0.99),
    );
    let lost = totals.lost.load(Ordering::Relaxed);
    let duplicated = totals.duplicated.load(Ordering::Relaxed);
    let failed = totals.failed_games.load(Ordering::Relaxed);
    println!(
        "lost turns: {lost}, duplicated turns: {duplicated}, refused turns: {}, failed games: {failed}",
        totals.refused.load(Ordering::Relaxed)
    );
    if let Some((mut child, dir)) = server {
        let _ = Command::new("kill")
            .args(["-TERM", &child.id().to_string()])
            .status();
        let _ = child.wait();
        let _ = std::fs::remove_dir_all(dir);
    }
    if lost == 0 && duplicated == 0 && failed == 0 {
        0
    } else {
        1
    }
}

/// Connections flooding `open`s of unknown rooms with `--attack`.
const ATTACK_FLOODERS: usize = 32;
/// Connections trickling request lines with `--attack`.
const ATTACK_TRICKLERS: usize = 1000;

fn start_server() -> Result<(Child, PathBuf, String), String> {
    use std::io::{BufRead, BufReader};
    let exe = std::env::current_exe().map_err(|e| e.to_string())?;
    let server = exe.with_file_name("mills-server");
    let dir = std::env::temp_dir().join(format!("mills-load-{}", std::process::id()));
    std::fs::create_dir_all(&dir).map_err(|e| e.to_string())?;
    let mut child = Command::new(&server)
        .args(["--listen", "127.0.0.1:0", "--db"])
        .arg(dir.join("load.db"))
        .args([
            "--joins-per-minute",
            "10000000",
            "--messages-per-second",
            "1000",
            // Every game's two devices, rooms and connections come from this one address.
            "--max-connections-per-address",
            "1000000",
            "--max-devices-per-address",
            "1000000",
            "--max-waiting-rooms-per-address",
            "1000000",
        ])
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| format!("{}: {e}", server.display()))?;
    let stderr = child.stderr.take().ok_or("no stderr")?;
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        for line in BufReader::new(stderr).lines() {
            let Ok(line) = line else { break };
            if let Ok(json) = serde_json::from_str::<serde_json::Value>(&line)
                && json["msg"] == "mills-server listening"
            {
                let _ = tx.send(json["listen"].as_str().unwrap_or("").to_string());
            } else if !line.contains(r#""level":"info""#) && !line.contains(r#""level":"debug""#) {
                eprintln!("server: {line}");
            }
        }
    });
    let addr = rx
        .recv_timeout(Duration::from_secs(20))
        .map_err(|_| "the server did not say where it listens")?;
    Ok((child, dir, addr))
}

async fn send(ws: &mut Ws, message: &ClientMessage) -> Result<(), String> {
    ws.send(Message::text(encode(message)))
        .await
        .map_err(|e| e.to_string())
}

async fn recv_until<T>(
    ws: &mut Ws,
    mut pick: impl FnMut(ServerMessage) -> Option<T>,
) -> Result<T, String> {
    loop {
        if let Some(found) = pick(recv(ws).await?) {
            return Ok(found);
        }
    }
}

/// The next server message (other frames are skipped).
async fn recv(ws: &mut Ws) -> Result<ServerMessage, String> {
    loop {
        let frame = tokio::time::timeout(Duration::from_secs(120), ws.next())
            .await
            .map_err(|_| "no answer in 120 s")?
            .ok_or("closed")?
            .map_err(|e| e.to_string())?;
        if let Message::Text(text) = frame {
            return decode_server(text.as_str()).map_err(|e| e.to_string());
        }
    }
}

fn secret(rng: &mut StdRng) -> String {
    (0..40)
        .map(|_| char::from(b"abcdefghijklmnopqrstuvwxyz0123456789"[rng.random_range(0..36)]))
        .collect()
}

/// One player: a connection and the client's room state machine, as the apps have them.
struct Client {
    ws: Ws,
    room: Room,
}

impl Client {
    /// Connects and says `hello`; the room asks for what `intent` says once welcomed.
    async fn connect(url: &str, name: &str, secret: String, room: Room) -> Result<Client, String> {
        let (ws, _) = tokio_tungstenite::connect_async(url)
            .await
            .map_err(|e| e.to_string())?;
        let mut client = Client { ws, room };
        let hello = ClientMessage::Hello {
            protocol: mills_protocol::PROTOCOL_VERSION,
            device: secret,
            name: Some(name.into()),
        };
        send(&mut client.ws, &hello).await?;
        client
            .hear_until(|m| matches!(m, ServerMessage::Welcome { .. }))
            .await?;
        Ok(client)
    }

    /// Sends what the room asks for first on a welcomed connection (create, join or open).
    async fn ask_for_room(&mut self) -> Result<(), String> {
        let first = self.room.on_connected();
        send(&mut self.ws, &first).await
    }

    /// Sends what the room has to send now.
    async fn flush(&mut self) -> Result<(), String> {
        for message in self.room.take_outbox(Instant::now()) {
            send(&mut self.ws, &message).await?;
        }
        Ok(())
    }

    /// Hands the next server message to the room (and sends what it answers); the message.
    async fn hear(&mut self) -> Result<ServerMessage, String> {
        let message = recv(&mut self.ws).await?;
        self.room
            .receive(message.clone(), Instant::now())
            .map_err(|fatal| format!("{}: {}", fatal.code, fatal.message))?;
        self.flush().await?;
        Ok(message)
    }

    /// Hears server messages until `done` says so of one.
    async fn hear_until(
        &mut self,
        mut done: impl FnMut(&ServerMessage) -> bool,
    ) -> Result<(), String> {
        while !done(&self.hear().await?) {}
        Ok(())
    }

    /// Both seats are taken, as this player's room shows it.
    fn seated(&self) -> bool {
        self.room
            .info
            .as_ref()
            .is_some_and(|info| info.seats.iter().all(|seat| seat.joined))
    }
}

async fn setup_game(
    urls: &[String; 2],
    game: &str,
    variant: Variant,
    g: usize,
    rng: &mut StdRng,
) -> Result<[Client; 2], String> {
    let create = Intent::Create {
        game: game.into(),
        timer: 60,
        side: None,
    };
    let mut a = Client::connect(
        &urls[0],
        "A",
        secret(rng),
        Room::for_game(create, variant, format!("{g}a")),
    )
    .await?;
    let b_secret = secret(rng);
    a.ask_for_room().await?;
    a.hear_until(|m| {
        matches!(
            m,
            ServerMessage::Created { .. } | ServerMessage::Error { .. }
        )
    })
    .await?;
    let code = a
        .room
        .info
        .as_ref()
        .map(|info| info.code.clone())
        .ok_or("no room created")?;
    let join = Intent::Join { code };
    let mut b = Client::connect(
        &urls[1],
        "B",
        b_secret,
        Room::for_game(join, variant, format!("{g}b")),
    )
    .await?;
    b.ask_for_room().await?;
    for client in [&mut a, &mut b] {
        if !client.seated() {
            client
                .hear_until(|m| matches!(m, ServerMessage::Room { .. }))
                .await?;
        }
    }
    Ok([a, b])
}

async fn play(
    mut clients: [Client; 2],
    turns: usize,
    think_ms: u64,
    rng: &mut StdRng,
    totals: &Totals,
) -> Result<Timings, String> {
    let mut latencies = Vec::with_capacity(turns);
    let mut seen = Vec::with_capacity(turns);
    let mut sent_turns: Vec<Vec<String>> = Vec::new();
    // The player who saw the last turn stored: its room is up to date.
    let mut current = 0;
    for n in 0..turns {
        let room = &clients[current].room;
        if room.is_over() {
            break;
        }
        let to_move = room.to_move();
        if think_ms > 0 {
            tokio::time::sleep(Duration::from_millis(rng.random_range(0..=think_ms))).await;
        }
        let mover = usize::from(
            clients[1]
                .room
                .info
                .as_ref()
                .is_some_and(|info| info.you == to_move),
        );
        let revision = sent_turns.len() as u64;
        let client = &mut clients[mover];
        // The mover has drawn every stored turn (its own last one included) before it moves.
        while client.room.revision() < revision || client.room.pending.is_some() {
            client.hear().await?;
        }
        let actions = random_turn(&client.room.board.game(), rng);
        let sent = Instant::now();
        let texts = client
            .room
            .send_turn(&actions)
            .map_err(|why| format!("turn {n} not sent: {why:?}"))?;
        let id = client
            .room
            .pending
            .as_ref()
            .map(|p| p.id.clone())
            .ok_or("no turn pending")?;
        client.flush().await?;
        let mut answer = None;
        client
            .hear_until(|m| {
                answer = match m {
                    ServerMessage::Accepted {
                        id: i, revision, ..
                    } if *i == id => Some(Ok(*revision)),
                    ServerMessage::Error {
                        id: Some(i), code, ..
                    } if *i == id => Some(Err(*code)),
                    _ => None,
                };
                answer.is_some()
            })
            .await?;
        match answer.ok_or("no answer")? {
            Ok(stored) => {
                latencies.push(sent.elapsed().as_micros().min(u128::from(u32::MAX)) as u32);
                totals.acked.fetch_add(1, Ordering::Relaxed);
                if stored != revision + 1 {
                    return Err(format!("turn {n} acknowledged as revision {stored}"));
                }
            }
            Err(code) => {
                totals.refused.fetch_add(1, Ordering::Relaxed);
                return Err(format!("turn {n} refused: {code:?}"));
            }
        }
        // The opponent moves only once its app has shown this turn, as in the apps.
        let opponent = &mut clients[1 - mover];
        if opponent.room.revision() <= revision {
            opponent
                .hear_until(|m| {
                    matches!(m, ServerMessage::Update { entries, .. }
                        if entries.iter().any(|e| e.revision == revision + 1))
                })
                .await?;
        }
        if opponent.room.revision() != revision + 1 {
            return Err(format!("turn {n} not drawn by the opponent"));
        }
        seen.push(sent.elapsed().as_micros().min(u128::from(u32::MAX)) as u32);
        current = 1 - mover;
        sent_turns.push(texts);
    }
    // What the server holds must be exactly the acknowledged turns, once each.
    let room = clients[0]
        .room
        .info
        .as_ref()
        .map(|info| info.code.clone())
        .ok_or("no room")?;
    let ws = &mut clients[0].ws;
    send(ws, &ClientMessage::Open { room }).await?;
    let state = recv_until(ws, |m| match m {
        ServerMessage::Room { room } => Some(room),
        _ => None,
    })
    .await?;
    let stored: Vec<&Vec<String>> = state
        .entries
        .iter()
        .filter(|e| e.kind == mills_protocol::EntryKind::Turn)
        .map(|e| &e.actions)
        .collect();
    let matching = stored
        .iter()
        .zip(&sent_turns)
        .take_while(|(s, t)| **s == *t)
        .count();
    totals
        .lost
        .fetch_add((sent_turns.len() - matching) as u64, Ordering::Relaxed);
    totals.duplicated.fetch_add(
        stored.len().saturating_sub(sent_turns.len()) as u64,
        Ordering::Relaxed,
    );
    for client in &mut clients {
        let _ = client.ws.close(None).await;
    }
    Ok(Timings {
        accepted: latencies,
        seen,
    })
}

fn random_turn(game: &Game, rng: &mut StdRng) -> Vec<Action> {
    let mut game = game.clone();
    let mut turn = Vec::new();
    loop {
        let legal = game.position().legal_actions();
        if legal.is_empty() {
            return turn;
        }
        let action = legal[rng.random_range(0..legal.len())];
        let Ok(applied) = game.play(action) else {
            return turn;
        };
        turn.push(action);
        if applied.turn_ended {
            return turn;
        }
    }
}
