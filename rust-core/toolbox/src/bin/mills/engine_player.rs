//! An outside engine as a player of `mills match`, spoken to over the UCI-like protocol of
//! Sanmill's engines (the protocol `mills uci` speaks too): `uci` → `uciok`, `setoption name N
//! value V` for each option, `isready` → `readyok`; then for each of its actions `position
//! startpos moves <every action so far>` and `go`, read until `bestmove X`. A removal is an
//! action of its own, so a turn with a mill takes two `go`s. Our rules judge every answer.
//!
//! It lives in the command line, not in the library: the library ships in the mobile apps and
//! spawns no processes. It plugs into the arena as an [`arena::TurnPlayer`].

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

use mills_core::{Action, Game, format_actions};
use mills_toolbox::arena::TurnPlayer;

/// How to start and set up an outside engine.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EngineSpec {
    /// The command and its arguments (`--b-engine "CMD ARGS"`, split at spaces).
    pub command: Vec<String>,
    /// `setoption name N value V`, in order.
    pub options: Vec<(String, String)>,
    /// `go movetime MS` when set (an explicit `--engine-movetime`); plain `go` otherwise.
    pub go_movetime: Option<Duration>,
    /// The time an answer should take: the turn budget of the timing lines; an answer later
    /// than ten times this plus five seconds forfeits the game.
    pub budget: Duration,
    /// `--engine-stop MS`: send `stop` when no `bestmove` came this long after `go` (for an
    /// engine whose own time limit is not a cap, such as Sanmill's Rust engine, whose
    /// `MoveTime` bounds each iteration rather than the move), then `isready` to flush.
    pub stop_after: Option<Duration>,
}

impl EngineSpec {
    /// Reads `--b-engine "CMD ARGS"` and `--b-engine-option "N=V,N=V"`.
    pub fn parse(
        command: &str,
        options: Option<&str>,
        go_movetime: Option<Duration>,
        budget: Duration,
    ) -> Result<EngineSpec, String> {
        let command: Vec<String> = command.split_whitespace().map(String::from).collect();
        if command.is_empty() {
            return Err("the engine command is empty".to_string());
        }
        let mut parsed = Vec::new();
        for option in options.unwrap_or_default().split(',') {
            let option = option.trim();
            if option.is_empty() {
                continue;
            }
            match option.split_once('=') {
                Some((name, value)) if !name.trim().is_empty() => {
                    parsed.push((name.trim().to_string(), value.trim().to_string()));
                }
                _ => return Err(format!("expected NAME=VALUE, not '{option}'")),
            }
        }
        Ok(EngineSpec {
            command,
            options: parsed,
            go_movetime,
            budget,
            stop_after: None,
        })
    }

    /// How long to wait for any one answer.
    fn answer_timeout(&self) -> Duration {
        self.budget * 10 + Duration::from_secs(5)
    }
}

/// A running outside engine, ready to play. Dropping it says `quit` and kills the process if
/// it does not exit.
pub struct OutsideEngine {
    spec: EngineSpec,
    child: Child,
    stdin: ChildStdin,
    /// The engine's output, line by line, read by a thread of its own so that waiting can time
    /// out; closed when the engine's output ends.
    lines: Receiver<String>,
    name: String,
}

impl OutsideEngine {
    /// Starts the engine and goes through the handshake and the options.
    pub fn start(spec: &EngineSpec) -> Result<OutsideEngine, String> {
        let program = &spec.command[0];
        let mut child = Command::new(program)
            .args(&spec.command[1..])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| format!("cannot start '{program}': {e}"))?;
        let stdin = child.stdin.take().expect("stdin is piped");
        let stdout = child.stdout.take().expect("stdout is piped");
        let (sender, lines) = mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if sender.send(line).is_err() {
                    break;
                }
            }
        });
        let mut engine = OutsideEngine {
            spec: spec.clone(),
            child,
            stdin,
            lines,
            name: program.rsplit('/').next().unwrap_or(program).to_string(),
        };
        engine.send("uci")?;
        let mut name = None;
        engine.wait_for("uci", |line| {
            if let Some(id) = line.strip_prefix("id name ") {
                name = Some(id.trim().to_string());
            }
            line == "uciok"
        })?;
        if let Some(name) = name.filter(|n| !n.is_empty()) {
            engine.name = name;
        }
        for (option, value) in spec.options.clone() {
            engine.send(&format!("setoption name {option} value {value}"))?;
        }
        engine.send("isready")?;
        engine.wait_for("isready", |line| line == "readyok")?;
        Ok(engine)
    }

    /// The engine's `id name`, or its program's file name if it gave none.
    pub fn name(&self) -> &str {
        &self.name
    }

    fn send(&mut self, line: &str) -> Result<(), String> {
        writeln!(self.stdin, "{line}")
            .and_then(|()| self.stdin.flush())
            .map_err(|e| format!("{}; cannot send '{line}': {e}", self.exit_status()))
    }

    /// Reads lines until `wanted` accepts one (trimmed), which it returns.
    fn wait_for(
        &mut self,
        command: &str,
        wanted: impl FnMut(&str) -> bool,
    ) -> Result<String, String> {
        let timeout = self.spec.answer_timeout();
        self.wait_within(command, timeout, wanted)?.ok_or_else(|| {
            format!(
                "no answer to '{command}' within {:.1} s",
                timeout.as_secs_f64()
            )
        })
    }

    /// As [`OutsideEngine::wait_for`], but `None` when `timeout` passes first.
    fn wait_within(
        &mut self,
        command: &str,
        timeout: Duration,
        mut wanted: impl FnMut(&str) -> bool,
    ) -> Result<Option<String>, String> {
        let deadline = Instant::now() + timeout;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.lines.recv_timeout(left) {
                Ok(line) => {
                    let line = line.trim();
                    if wanted(line) {
                        return Ok(Some(line.to_string()));
                    }
                }
                Err(RecvTimeoutError::Timeout) => return Ok(None),
                Err(RecvTimeoutError::Disconnected) => {
                    return Err(format!(
                        "{} before answering '{command}'",
                        self.exit_status()
                    ));
                }
            }
        }
    }

    /// "the engine exited (exit status: 1)", or "the engine closed its output" if it runs on.
    fn exit_status(&mut self) -> String {
        // The output closes a moment before the process is reaped.
        for _ in 0..20 {
            if let Ok(Some(status)) = self.child.try_wait() {
                return format!("the engine exited ({status})");
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        "the engine closed its output".to_string()
    }

    /// The engine's next action in `game`, read but not yet judged.
    fn best_action(&mut self, game: &Game) -> Result<(String, Option<Action>), String> {
        let position = if game.actions().is_empty() {
            "position startpos".to_string()
        } else {
            format!("position startpos moves {}", format_actions(game.actions()))
        };
        self.send(&position)?;
        let go = match self.spec.go_movetime {
            Some(ms) => format!("go movetime {}", ms.as_millis()),
            None => "go".to_string(),
        };
        self.send(&go)?;
        let line = match self.spec.stop_after {
            None => self.wait_for(&go, |line| bestmove(line).is_some())?,
            Some(after) => match self.wait_within(&go, after, |line| bestmove(line).is_some())? {
                Some(line) => line,
                None => {
                    self.send("stop")?;
                    let line = self.wait_for("stop", |line| bestmove(line).is_some())?;
                    // A `stop` that crossed the answer on its way may earn a second, stray
                    // `bestmove`: read up to `readyok` so that it is not taken for the next.
                    self.send("isready")?;
                    self.wait_for("isready", |line| line == "readyok")?;
                    line
                }
            },
        };
        let word = bestmove(&line).unwrap_or_default().to_string();
        let action = word.parse::<Action>().ok();
        Ok((word, action))
    }
}

/// The word after `bestmove` in an answer line, which Sanmill v7.4.6 writes as `info score 3
/// bestmove b6` rather than at the start of a line of its own; "" if nothing follows.
fn bestmove(line: &str) -> Option<&str> {
    let mut words = line.split_whitespace();
    words.by_ref().find(|w| *w == "bestmove")?;
    Some(words.next().unwrap_or_default())
}

impl TurnPlayer for OutsideEngine {
    fn label(&self) -> String {
        self.name.clone()
    }

    fn budget(&self) -> Option<Duration> {
        Some(self.spec.budget)
    }

    /// Asks for actions until our rules say the turn (or the game) ended.
    fn play_turn(&mut self, game: &Game) -> Result<Vec<Action>, String> {
        let mut game = game.clone();
        let mut turn = Vec::new();
        loop {
            let (word, action) = self.best_action(&game)?;
            let Some(action) = action else {
                return Err(format!("unreadable bestmove '{word}'"));
            };
            let applied = game
                .play(action)
                .map_err(|e| format!("illegal bestmove '{word}': {e}"))?;
            turn.push(action);
            if applied.turn_ended || game.is_over() {
                return Ok(turn);
            }
        }
    }
}

impl Drop for OutsideEngine {
    fn drop(&mut self) {
        let _ = writeln!(self.stdin, "quit").and_then(|()| self.stdin.flush());
        let deadline = Instant::now() + Duration::from_secs(1);
        while Instant::now() < deadline {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn specs_are_read() {
        let spec = EngineSpec::parse(
            " ./sanmill  --x ",
            Some("PiecesCount=12, MayFly=false,,Name With Space=a b"),
            None,
            Duration::from_secs(1),
        )
        .unwrap();
        assert_eq!(spec.command, ["./sanmill", "--x"]);
        assert_eq!(
            spec.options,
            [
                ("PiecesCount".to_string(), "12".to_string()),
                ("MayFly".to_string(), "false".to_string()),
                ("Name With Space".to_string(), "a b".to_string()),
            ]
        );
        assert_eq!(spec.answer_timeout(), Duration::from_secs(15));
        let bad = |command: &str, options: &str| {
            EngineSpec::parse(command, Some(options), None, Duration::from_secs(1)).unwrap_err()
        };
        assert_eq!(bad("  ", ""), "the engine command is empty");
        assert_eq!(bad("e", "MoveTime"), "expected NAME=VALUE, not 'MoveTime'");
        assert_eq!(bad("e", "=3"), "expected NAME=VALUE, not '=3'");
    }

    #[test]
    fn bestmove_is_found_anywhere_in_its_line() {
        assert_eq!(bestmove("bestmove d6"), Some("d6"));
        assert_eq!(bestmove("bestmove a1-a4 ponder d2"), Some("a1-a4"));
        assert_eq!(bestmove("info score 3 bestmove xb6"), Some("xb6"));
        assert_eq!(bestmove("bestmove"), Some(""));
        assert_eq!(bestmove("Algorithm bestMove = b6"), None);
        assert_eq!(bestmove("info depth 3 pv d6"), None);
    }
}
