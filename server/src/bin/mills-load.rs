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
#[path = "mills-load/game.rs"]
mod game;
#[path = "mills-load/options.rs"]
mod options;

use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use mills_core::Variant;
use rand::SeedableRng;
use rand::rngs::StdRng;

use game::{Timings, Totals, play, setup_game};
use options::{Options, parse};

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
