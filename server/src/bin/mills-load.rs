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
use mills_core::{Action, Game, Rules, Side};
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
    let rules = match options.game.as_str() {
        "zhiqi" => Rules::ZHIQI,
        "linked-horse" => Rules::LINKED_HORSE,
        _ => Rules::TWELVE_MENS_MORRIS,
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
            let setup = setup_game(&urls, &game, &mut rng).await;
            ready.wait().await;
            let Ok((clients, room)) = setup else {
                totals.failed_games.fetch_add(1, Ordering::Relaxed);
                return Timings::default();
            };
            match play(clients, &room, rules, turns, think, &mut rng, &totals).await {
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
        let frame = tokio::time::timeout(Duration::from_secs(120), ws.next())
            .await
            .map_err(|_| "no answer in 120 s")?
            .ok_or("closed")?
            .map_err(|e| e.to_string())?;
        if let Message::Text(text) = frame {
            let message = decode_server(text.as_str()).map_err(|e| e.to_string())?;
            if let Some(found) = pick(message) {
                return Ok(found);
            }
        }
    }
}

fn secret(rng: &mut StdRng) -> String {
    (0..40)
        .map(|_| char::from(b"abcdefghijklmnopqrstuvwxyz0123456789"[rng.random_range(0..36)]))
        .collect()
}

async fn setup_game(
    urls: &[String; 2],
    game: &str,
    rng: &mut StdRng,
) -> Result<([Ws; 2], String), String> {
    let mut clients = Vec::new();
    for (name, url) in ["A", "B"].into_iter().zip(urls) {
        let (mut ws, _) = tokio_tungstenite::connect_async(url)
            .await
            .map_err(|e| e.to_string())?;
        send(
            &mut ws,
            &ClientMessage::Hello {
                protocol: mills_protocol::PROTOCOL_VERSION,
                device: secret(rng),
                name: Some(name.into()),
            },
        )
        .await?;
        recv_until(&mut ws, |m| {
            matches!(m, ServerMessage::Welcome { .. }).then_some(())
        })
        .await?;
        clients.push(ws);
    }
    let mut b = clients.pop().ok_or("b")?;
    let mut a = clients.pop().ok_or("a")?;
    send(
        &mut a,
        &ClientMessage::Create {
            game: game.into(),
            timer: 60,
            side: None,
            id: None,
        },
    )
    .await?;
    let room = recv_until(&mut a, |m| match m {
        ServerMessage::Created { room, .. } => Some(room.room),
        ServerMessage::Error { message, .. } => Some(format!("!{message}")),
        _ => None,
    })
    .await?;
    if let Some(why) = room.strip_prefix('!') {
        return Err(why.to_string());
    }
    send(&mut b, &ClientMessage::Join { code: room.clone() }).await?;
    for ws in [&mut a, &mut b] {
        recv_until(ws, |m| {
            matches!(m, ServerMessage::Room { .. }).then_some(())
        })
        .await?;
    }
    Ok(([a, b], room))
}

async fn play(
    mut clients: [Ws; 2],
    room: &str,
    rules: Rules,
    turns: usize,
    think_ms: u64,
    rng: &mut StdRng,
    totals: &Totals,
) -> Result<Timings, String> {
    let mut game = Game::new(rules);
    let mut latencies = Vec::with_capacity(turns);
    let mut seen = Vec::with_capacity(turns);
    let mut sent_turns: Vec<Vec<String>> = Vec::new();
    for n in 0..turns {
        if game.is_over() {
            break;
        }
        if think_ms > 0 {
            tokio::time::sleep(Duration::from_millis(rng.random_range(0..=think_ms))).await;
        }
        let mover = usize::from(game.position().side_to_move() == Side::P2);
        let actions = random_turn(&game, rng);
        let id = format!("t{n}");
        let sent = Instant::now();
        send(
            &mut clients[mover],
            &ClientMessage::Turn {
                room: room.into(),
                game: 1,
                revision: sent_turns.len() as u64,
                id: id.clone(),
                actions: actions.clone(),
            },
        )
        .await?;
        let answer = recv_until(&mut clients[mover], |m| match m {
            ServerMessage::Accepted {
                id: i, revision, ..
            } if i == id => Some(Ok(revision)),
            ServerMessage::Error {
                id: Some(i), code, ..
            } if i == id => Some(Err(code)),
            _ => None,
        })
        .await?;
        match answer {
            Ok(revision) => {
                latencies.push(sent.elapsed().as_micros().min(u128::from(u32::MAX)) as u32);
                totals.acked.fetch_add(1, Ordering::Relaxed);
                if revision != sent_turns.len() as u64 + 1 {
                    return Err(format!("turn {n} acknowledged as revision {revision}"));
                }
            }
            Err(code) => {
                totals.refused.fetch_add(1, Ordering::Relaxed);
                return Err(format!("turn {n} refused: {code:?}"));
            }
        }
        // The opponent moves only once its app has shown this turn, as in the apps.
        let revision = sent_turns.len() as u64 + 1;
        recv_until(&mut clients[1 - mover], |m| match m {
            ServerMessage::Update { entries, .. }
                if entries.iter().any(|e| e.revision == revision) =>
            {
                Some(())
            }
            _ => None,
        })
        .await?;
        seen.push(sent.elapsed().as_micros().min(u128::from(u32::MAX)) as u32);
        for a in &actions {
            game.play(a.parse::<Action>().map_err(|e| e.to_string())?)
                .map_err(|e| e.to_string())?;
        }
        sent_turns.push(actions);
    }
    // What the server holds must be exactly the acknowledged turns, once each.
    send(&mut clients[0], &ClientMessage::Open { room: room.into() }).await?;
    let state = recv_until(&mut clients[0], |m| match m {
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
    for ws in &mut clients {
        let _ = ws.close(None).await;
    }
    Ok(Timings {
        accepted: latencies,
        seen,
    })
}

fn random_turn(game: &Game, rng: &mut StdRng) -> Vec<String> {
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
        turn.push(action.to_string());
        if applied.turn_ended {
            return turn;
        }
    }
}
