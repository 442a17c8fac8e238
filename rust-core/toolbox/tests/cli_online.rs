//! `mills online` as players and operators use it: two `mills online` processes play a whole
//! game through the real `mills-server` on loopback (and a rematch, ended by a resignation),
//! fed their turns on standard input as a script would; and bad input gets its clear error
//! and exit code (an unknown code, an unreachable server, a bad game, a move that is not
//! legal: the game goes on).

mod cli_support;
// The real mills-server, started as the bindings' own online tests start it (built in the
// workspace, on a free loopback port, with a database in a temporary folder).
#[allow(dead_code)]
#[path = "../../../bindings/tests/online/support.rs"]
mod online_support;

use std::io::{Read, Write};
use std::net::TcpListener;
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, Command, ExitStatus, Stdio};
use std::sync::{Arc, Mutex};
use std::thread::{self, JoinHandle};
use std::time::{Duration, Instant};

use mills_core::{Game, Rules, Side, Variant, format_actions};
use online_support::{Server, TempDir};
use rand::SeedableRng;
use rand::rngs::StdRng;
use rand::seq::IndexedRandom;

/// Long enough for a loaded machine; a passing test takes a few seconds.
const WAIT: Duration = Duration::from_secs(60);

/// A server for one test, and a folder for its terminals' temporary identities (the test
/// looks there for what they leave behind). The server stops before the folders go.
struct Site {
    server: Server,
    tmp: PathBuf,
    _dir: TempDir,
}

impl Site {
    /// With the server's flags `extra`.
    fn start(name: &str, extra: &[&str]) -> Site {
        let dir = TempDir::new(name);
        let server = Server::start(&dir, extra);
        let tmp = dir.0.join("tmp");
        std::fs::create_dir_all(&tmp).unwrap();
        Site {
            server,
            tmp,
            _dir: dir,
        }
    }

    fn url(&self) -> String {
        self.server.address()
    }
}

/// A loopback port that nothing listens on (for a server that cannot be reached).
fn free_port() -> u16 {
    let listener = TcpListener::bind("127.0.0.1:0").expect("a free port");
    listener.local_addr().expect("its address").port()
}

/// A running `mills online`: its input piped, its output collected as it comes.
struct Terminal {
    child: Child,
    input: Option<ChildStdin>,
    output: Arc<Mutex<String>>,
    errors: Arc<Mutex<String>>,
    /// The threads reading stdout and stderr: finished once the process closed them.
    readers: Vec<JoinHandle<()>>,
}

/// Collects what `from` writes into `into`, as it comes, until it is closed.
fn collect(mut from: impl Read + Send + 'static, into: &Arc<Mutex<String>>) -> JoinHandle<()> {
    let into = Arc::clone(into);
    thread::spawn(move || {
        let mut buffer = [0u8; 4096];
        while let Ok(n) = from.read(&mut buffer) {
            if n == 0 {
                break;
            }
            let text = String::from_utf8_lossy(&buffer[..n]);
            into.lock().unwrap().push_str(&text);
        }
    })
}

impl Terminal {
    /// `mills online ARGS` with its temporary identity under `tmp` (the test looks there).
    fn start(args: &[&str], tmp: &Path) -> Terminal {
        let mut child = Command::new(env!("CARGO_BIN_EXE_mills"))
            .arg("online")
            .args(args)
            .env("TMPDIR", tmp)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("mills online starts");
        let (output, errors) = (Arc::default(), Arc::default());
        let readers = vec![
            collect(child.stdout.take().unwrap(), &output),
            collect(child.stderr.take().unwrap(), &errors),
        ];
        Terminal {
            input: child.stdin.take(),
            child,
            output,
            errors,
            readers,
        }
    }

    fn send(&mut self, line: &str) {
        let input = self.input.as_mut().expect("input still open");
        writeln!(input, "{line}").expect("mills online reads its input");
    }

    fn output(&self) -> String {
        self.output.lock().unwrap().clone()
    }

    /// Waits until the output holds `text` (`count` times), and returns the output; fails
    /// at once if the process has ended without it.
    fn wait_for(&self, text: &str, count: usize) -> String {
        let deadline = Instant::now() + WAIT;
        loop {
            let ended = self.readers[0].is_finished();
            let output = self.output();
            if output.matches(text).count() >= count {
                return output;
            }
            assert!(
                Instant::now() < deadline && !ended,
                "no '{text}' (x{count}) in:\n{output}\nstderr:\n{}",
                self.errors.lock().unwrap()
            );
            thread::sleep(Duration::from_millis(20));
        }
    }

    /// Ends the input (Ctrl-D) and waits for the exit: its status, stdout and stderr.
    fn finish(mut self) -> (ExitStatus, String, String) {
        drop(self.input.take());
        let deadline = Instant::now() + WAIT;
        let status = loop {
            if let Some(status) = self.child.try_wait().unwrap() {
                break status;
            }
            assert!(Instant::now() < deadline, "no exit:\n{}", self.output());
            thread::sleep(Duration::from_millis(20));
        };
        for reader in self.readers.drain(..) {
            reader.join().expect("the output is read");
        }
        let errors = self.errors.lock().unwrap().clone();
        (status, self.output(), errors)
    }
}

/// A whole game to its end by the rules, turn by turn (side and the turn as typed): the
/// shortest of a few seeded random games of Twelve Men's Morris with steps and captures
/// (every kind of input), so that the test is quick.
fn scripted_game() -> (Vec<(Side, String)>, Game) {
    let typed = |turns: &[(Side, String)], mark: &str| turns.iter().any(|(_, t)| t.contains(mark));
    (0..40u64)
        .map(|seed| random_game(Rules::of(Variant::TwelveMensMorris), seed))
        .filter(|(turns, game)| game.is_over() && typed(turns, "-") && typed(turns, "x"))
        .min_by_key(|(turns, _)| turns.len())
        .expect("a random game that ends")
}

fn random_game(rules: Rules, seed: u64) -> (Vec<(Side, String)>, Game) {
    let mut rng = StdRng::seed_from_u64(seed);
    let mut game = Game::new(rules);
    let mut turns = Vec::new();
    while !game.is_over() && turns.len() < 400 {
        let side = game.position().side_to_move();
        let mut turn = Vec::new();
        loop {
            let legal = game.position().legal_actions();
            let action = *legal.choose(&mut rng).expect("a legal action");
            turn.push(action);
            if game.play(action).expect("legal").turn_ended {
                break;
            }
        }
        turns.push((side, format_actions(&turn)));
    }
    (turns, game)
}

/// What the invite line of `create` says: the code as people type it.
fn invite_code(output: &str) -> String {
    let line = output
        .lines()
        .find_map(|l| l.strip_prefix("Invite code: "))
        .expect("an invite code");
    line.trim().to_string()
}

/// Nothing of a temporary identity is left in `tmp`.
fn assert_no_identity_left(tmp: &Path) {
    let left: Vec<_> = std::fs::read_dir(tmp).unwrap().collect();
    assert!(left.is_empty(), "left behind: {left:?}");
}

#[test]
fn two_terminals_play_a_whole_game_and_a_rematch_through_the_server() {
    let site = Site::start("cli-whole", &[]);
    let (url, tmp) = (site.url(), &site.tmp);
    let (turns, expected) = scripted_game();
    eprintln!(
        "whole game: {} turns, {}",
        turns.len(),
        expected.outcome().unwrap()
    );
    let common = ["--server", &url, "--ascii"];

    let mut ann = Terminal::start(
        &[
            &["create", "--game", "twelve-mens-morris", "--name", "Ann"][..],
            &common,
        ]
        .concat(),
        tmp,
    );
    let created = ann.wait_for("Waiting for your friend to join.", 1);
    assert!(
        created
            .contains("Room created: Twelve Men's Morris (twelve-mens-morris), turn timer 60 s."),
        "{created}"
    );
    let code = invite_code(&created);
    assert_eq!(code.len(), 14, "XXXX-XXXX-XXXX: {code}");
    // The session read its secret: the temporary identity has left the disk already.
    assert_no_identity_left(tmp);

    // Mistakes first: each is answered, nothing is played, the game goes on.
    for mistake in ["d9", "a7-a4", "pass", "undo"] {
        ann.send(mistake);
    }
    // Every turn of each side, given in advance: each waits for its side's turn.
    for (side, turn) in &turns {
        if *side == Side::P1 {
            ann.send(turn);
        }
    }
    let mut bo = Terminal::start(
        &[&["join", &code.to_lowercase(), "--name", "Bo"][..], &common].concat(),
        tmp,
    );
    for (side, turn) in &turns {
        if *side == Side::P2 {
            bo.send(turn);
        }
    }
    let result = format!("Game over: {}", expected.outcome().unwrap());
    let record = format!("Record: {}", format_actions(expected.actions()));
    let ann_game = ann.wait_for("Game over: ", 1);
    let bo_game = bo.wait_for("Game over: ", 1);
    for transcript in [&ann_game, &bo_game] {
        assert!(transcript.contains(&result), "{result}:\n{transcript}");
        assert!(transcript.contains(&record), "{record}:\n{transcript}");
        assert!(transcript.contains("Clock: P1 "), "{transcript}");
    }
    assert!(ann_game.contains("Bo joined."), "{ann_game}");
    assert!(
        bo_game.contains(&format!("Joined room {code}: Twelve Men's Morris")),
        "{bo_game}"
    );
    assert!(
        bo_game.contains("you play P2 O against Ann, P1 X."),
        "{bo_game}"
    );
    // The mistakes, each with the reason, before the first turn.
    for answer in [
        "P1> d9\n  cannot read 'd9'",
        "P1> a7-a4\n  cannot play a7-a4",
        "P1> pass\n  'pass' is made only by the server's turn timer",
        "P1> undo\n  An online game has no undo",
    ] {
        assert!(ann_game.contains(answer), "{answer}:\n{ann_game}");
    }
    // Each saw the other's turns as they came, in order.
    for (watcher, side, label) in [(&bo_game, Side::P1, "Ann"), (&ann_game, Side::P2, "Bo")] {
        let seen: Vec<&str> = watcher
            .lines()
            .filter_map(|l| l.strip_prefix(&format!("{side} ({label}) plays ")))
            .collect();
        let played: Vec<&str> = turns
            .iter()
            .filter(|(s, _)| *s == side)
            .map(|(_, t)| t.as_str())
            .collect();
        assert_eq!(seen, played, "{side}'s turns as the other saw them");
    }

    // A rematch: both ask, the sides swap, and a resignation ends game 2.
    ann.send("rematch");
    bo.wait_for("Ann asks for a rematch", 1);
    bo.send("rematch");
    ann.wait_for("Rematch: game 2, you play P2 now.", 1);
    bo.wait_for("Rematch: game 2, you play P1 now.", 1);
    bo.send("d6");
    ann.wait_for("P1 (Bo) plays d6", 1);
    ann.send("resign");
    let resigned = "Game over: P1 wins: the opponent resigned";
    ann.wait_for(resigned, 1);
    bo.wait_for(resigned, 1);

    for terminal in [ann, bo] {
        let (status, output, errors) = terminal.finish();
        assert!(status.success(), "{status}: {errors}\n{output}");
        assert!(
            output.ends_with("End of input: leaving the room.\n"),
            "{output}"
        );
    }
    assert_no_identity_left(tmp);
}

#[test]
fn a_room_is_made_and_left_at_the_end_of_the_input_with_a_way_back() {
    let site = Site::start("cli-create", &[]);
    let (url, dir) = (site.url(), &site.tmp);
    let device = dir.join("device");
    let device = device.to_str().unwrap();
    // --variant is --game's alias.
    let args = [
        "create",
        "--variant",
        "linked-horse",
        "--timer",
        "0",
        "--server",
        &url,
    ];
    let (status, output, errors) =
        Terminal::start(&[&args[..], &["--device-file", device]].concat(), dir).finish();
    assert!(status.success(), "{errors}\n{output}");
    assert!(output.contains(&format!("Connected to {url}.")), "{output}");
    assert!(
        output.contains("Room created: Linked-Horse (linked-horse), no turn timer."),
        "{output}"
    );
    let code = invite_code(&output);
    assert!(output.contains(&format!(
        "Invite link: mills://join/{}",
        code.replace('-', "")
    )));
    assert!(output.contains(&format!(
        "To return: mills online join {code} --server {url} --device-file {device}"
    )));
    let kept = std::fs::metadata(device).expect("the device file is kept");
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        assert_eq!(
            kept.permissions().mode() & 0o077,
            0,
            "readable by its user only"
        );
    }
    #[cfg(not(unix))]
    let _ = kept;

    // The same device file sits down in the same seat again, still waiting for the friend.
    let again = Terminal::start(
        &["join", &code, "--server", &url, "--device-file", device],
        dir,
    );
    let (status, output, errors) = again.finish();
    assert!(status.success(), "{errors}\n{output}");
    assert!(
        output.contains(&format!("To return: mills online join {code}")),
        "{output}"
    );
}

#[test]
fn an_unknown_code_and_an_unreachable_server_are_clear_errors() {
    let site = Site::start("cli-refused", &[]);
    let (url, tmp) = (site.url(), &site.tmp);
    // The input stays open: the refusal, not the end of the input, ends the command.
    let unknown = Terminal::start(&["join", "ZZZZ-ZZZZ-ZZZZ", "--server", &url], tmp);
    thread::sleep(Duration::from_millis(50));
    let (status, _, errors) = wait_exit(unknown);
    assert_eq!(status.code(), Some(2), "{errors}");
    assert!(
        errors.contains("mills online: the server refused: "),
        "{errors}"
    );
    assert!(errors.contains("(unknown-code)"), "{errors}");

    let nobody = format!("ws://127.0.0.1:{}", free_port());
    let (status, _, errors) = wait_exit(Terminal::start(&["create", "--server", &nobody], tmp));
    assert_eq!(status.code(), Some(4), "{errors}");
    assert!(
        errors.starts_with(&format!("mills online: cannot reach the server {nobody}: ")),
        "{errors}"
    );
    assert_no_identity_left(tmp);
}

#[test]
fn the_servers_timer_passes_a_turn_and_both_terminals_say_so() {
    // 15 s turns at 20 %: 3 s, time enough on a loaded machine for Bo's turn once it comes.
    let site = Site::start("cli-timer", &["--timer-scale-percent", "20"]);
    let (url, tmp) = (site.url(), &site.tmp);
    let common = ["--server", &url, "--timer", "15"];
    let ann = Terminal::start(&[&["create", "--name", "Ann"][..], &common].concat(), tmp);
    let code = invite_code(&ann.wait_for("Waiting for your friend to join.", 1));
    let mut bo = Terminal::start(&["join", &code, "--server", &url, "--name", "Bo"], tmp);
    // Bo's turn, typed ahead: played once Ann's time has run out.
    bo.send("d6");
    let passed = "P1 ran out of time: the turn passes.";
    let ann_saw = ann.wait_for("P2 (Bo) plays d6", 1);
    assert!(ann_saw.contains(passed), "{ann_saw}");
    // The server's clock, scaled: P1's running at the start, P2's full 3 s.
    assert!(
        ann_saw
            .lines()
            .any(|l| l.starts_with("Clock: P1 ") && l.ends_with(" s (to move) · P2 3 s")),
        "{ann_saw}"
    );
    let bo_saw = bo.wait_for(passed, 1);
    assert!(bo_saw.contains("Last turn: P1 pass"), "{bo_saw}");
    for terminal in [ann, bo] {
        let (status, output, errors) = terminal.finish();
        assert!(status.success(), "{status}: {errors}\n{output}");
    }
}

/// Waits for a terminal to end by itself, its input still open.
fn wait_exit(mut terminal: Terminal) -> (ExitStatus, String, String) {
    let deadline = Instant::now() + WAIT;
    while terminal.child.try_wait().unwrap().is_none() {
        assert!(Instant::now() < deadline, "no exit:\n{}", terminal.output());
        thread::sleep(Duration::from_millis(20));
    }
    terminal.finish()
}

#[test]
fn bad_command_lines_are_refused_before_any_connection() {
    use cli_support::{bad_input, mills};
    let server = "ws://127.0.0.1:1";
    for (args, says) in [
        (
            vec!["online", "create", "--server", server, "--game", "chess"],
            "unknown game",
        ),
        (
            vec!["online", "create", "--server", server, "--timer", "45"],
            "--timer must be 0 (off), 15, 30, 60 or 120 seconds, not '45'",
        ),
        (
            vec!["online", "join", "hello", "--server", server],
            "'hello' is not an invite code",
        ),
        (
            vec![
                "online",
                "join",
                "K7QM-2XRP-9DTA",
                "--server",
                server,
                "--game",
                "zhiqi",
            ],
            "--game is for create",
        ),
        (
            vec!["online", "join", "--server", server],
            "join needs the invite code",
        ),
        (vec!["online", "create"], "--server is required"),
        (
            vec!["online", "create", "--server", "ftp://x"],
            "--server 'ftp://x'",
        ),
    ] {
        let errors = bad_input(mills(&args));
        assert!(errors.contains(says), "{args:?}: {errors}");
    }
}

#[test]
fn help_documents_the_command_and_its_exit_codes() {
    use cli_support::{mills, success};
    let usage = "mills online (create | join CODE) --server URL [--game G]";
    let overview = success(mills(&["--help"]));
    assert!(overview.contains(usage), "{overview}");
    assert!(overview.contains("4 the server cannot be"), "{overview}");
    let help = success(mills(&["help", "online"]));
    assert_eq!(success(mills(&["online", "--help"])), help);
    for text in [
        usage,
        "--device-file FILE",
        "rematch",
        "4 the server cannot be reached",
    ] {
        assert!(help.contains(text), "{text} missing from\n{help}");
    }
}

#[test]
fn a_lost_connection_is_said_and_the_game_goes_on_after_the_reconnect() {
    let mut site = Site::start("cli-reconnect", &[]);
    let url = site.url();
    let common = ["--server", &url, "--ascii"];
    let mut ann = Terminal::start(
        &[&["create", "--name", "Ann", "--timer", "0"][..], &common].concat(),
        &site.tmp,
    );
    let code = invite_code(&ann.wait_for("Waiting for your friend to join.", 1));
    let mut bo = Terminal::start(
        &[&["join", &code, "--name", "Bo"][..], &common].concat(),
        &site.tmp,
    );
    ann.send("d6");
    bo.wait_for("P1 (Ann) plays d6", 1);

    // SIGKILL and a restart on the same database: both say so, and reconnect by themselves
    // (the temporary identity, long gone from the disk, is the session's in memory).
    site.server.restart();
    for terminal in [&ann, &bo] {
        let output = terminal.wait_for("Reconnected.", 1);
        assert!(output.contains("Connection lost ("), "{output}");
        assert!(output.contains("): reconnecting (attempt 1)."), "{output}");
    }
    bo.send("a7");
    ann.wait_for("P2 (Bo) plays a7", 1);
    assert_no_identity_left(&site.tmp);
    for terminal in [ann, bo] {
        let (status, output, errors) = terminal.finish();
        assert!(status.success(), "{status}: {errors}\n{output}");
    }
}
