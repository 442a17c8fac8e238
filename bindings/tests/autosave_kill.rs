//! Killing the app at any moment leaves the last complete game: a child process plays and
//! autosaves as fast as it can and is killed (SIGKILL) at a random moment, several times;
//! every time the autosave file restores.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

use mills_ffi::{GameId, GameMode, GameSession, SessionConfig, SessionOptions, TurnTimer};

const CHILD_ENV: &str = "MILLS_AUTOSAVE_CHILD";

fn options(autosave: Option<&Path>) -> SessionOptions {
    SessionOptions {
        autosave_path: autosave.map(|p| p.to_string_lossy().into_owned()),
        stats_path: None,
        seed: Some(9),
        timer_thread: false,
        manual_clock: true,
        manual_computer: true,
        puzzle_stats_path: None,
    }
}

/// The child's part: play forever with autosave on. A no-op in a normal test run.
#[test]
fn autosave_child_process() {
    let Some(path) = std::env::var_os(CHILD_ENV).map(PathBuf::from) else {
        return;
    };
    let config = SessionConfig {
        game: GameId::Zhiqi,
        mode: GameMode::PassAndPlay,
        timer: TurnTimer::Seconds60,
    };
    let session = GameSession::new(config, options(Some(&path)), None).unwrap();
    let mut rng = StdRng::seed_from_u64(u64::from(std::process::id()));
    loop {
        let snap = session.snapshot();
        if snap.outcome.is_some() {
            session.new_game();
            continue;
        }
        let targets: Vec<_> = snap.points.iter().filter(|p| p.target).collect();
        let point = targets[rng.random_range(0..targets.len())].name.clone();
        session.tap(point).unwrap();
    }
}

#[test]
fn a_killed_process_leaves_a_complete_autosave() {
    let dir = std::env::temp_dir().join(format!("mills-kill-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("current.json");
    let mut rng = StdRng::seed_from_u64(42);
    let mut longest = 0;
    for round in 0..6 {
        let mut child = Command::new(std::env::current_exe().unwrap())
            .args([
                "--exact",
                "autosave_child_process",
                "--test-threads=1",
                "--nocapture",
            ])
            .env(CHILD_ENV, &path)
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        // Let it write for a while (the first save appears once its session exists).
        let started = Instant::now();
        while !path.exists() && started.elapsed() < Duration::from_secs(30) {
            std::thread::sleep(Duration::from_millis(5));
        }
        std::thread::sleep(Duration::from_millis(rng.random_range(30..250)));
        child.kill().unwrap();
        let status = child.wait().unwrap();
        assert!(!status.success(), "round {round}: the child was not killed");

        let text = mills_ffi::read_saved_game(path.to_string_lossy().into_owned())
            .unwrap()
            .expect("an autosave exists");
        let restored = GameSession::restore(text, options(None), None)
            .unwrap_or_else(|e| panic!("round {round}: the autosave does not restore: {e}"));
        let actions = restored.actions().len();
        longest = longest.max(actions);
        println!("round {round}: killed after {actions} actions of the current game");
    }
    assert!(longest > 0, "the child never got to play");
    // A new session on that path clears temporary files a kill left behind.
    let text = mills_ffi::read_saved_game(path.to_string_lossy().into_owned())
        .unwrap()
        .unwrap();
    let session = GameSession::restore(text, options(Some(&path)), None).unwrap();
    let files: Vec<_> = std::fs::read_dir(&dir).unwrap().flatten().collect();
    assert_eq!(files.len(), 1, "{files:?}");
    drop(session);
    std::fs::remove_dir_all(&dir).unwrap();
}
