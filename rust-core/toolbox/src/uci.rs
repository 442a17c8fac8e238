//! The text protocol Sanmill's engines speak (a UCI dialect), as a state machine over a
//! reader and a writer so that it can be driven by `mills uci` and by tests alike.
//!
//! Commands: `uci`, `isready`, `setoption name Variant|SkillLevel|TablesPath value X`, `ucinewgame`,
//! `position startpos [moves ...]` (actions in the notation of RULES.md §2; whole-turn
//! tokens such as `d6-d5xd7` are accepted), `go [movetime MS | depth N | nodes N |
//! infinite | wtime MS btime MS [winc MS binc MS]]`, `stop`, `quit`, and `d` (prints the
//! position). The search runs on its own thread, so `stop` and `isready` are answered while
//! it thinks. `bestmove` names one action: a removal owed after a mill is a move of its own,
//! asked for with another `position ... go`. `bestmove none` means the game is over.
//!
//! `go` with no limit plays as the skill level does (its budget and, at the low levels, its
//! randomness); with a limit it searches at full strength within that limit.

use std::io::{self, BufRead, Write};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::Duration;

use mills_core::Game;
use mills_core::TableShelf;
use mills_core::{Action, format_actions, parse_actions};
use mills_core::{CancelToken, Engine, Level, SearchLimits, SearchResult, WIN, WIN_THRESHOLD};
use mills_core::{Rules, Side, Variant};

/// Where the protocol writes: shared between the command loop and the search thread.
pub type SharedOutput = Arc<Mutex<Box<dyn Write + Send>>>;

/// Wraps a writer for [`run`].
pub fn shared_output(out: impl Write + Send + 'static) -> SharedOutput {
    Arc::new(Mutex::new(Box::new(out)))
}

fn say(out: &SharedOutput, line: &str) {
    let mut out = out.lock().unwrap_or_else(|e| e.into_inner());
    // A closed output ends nothing here: the next read of the input will.
    let _ = writeln!(out, "{line}");
    let _ = out.flush();
}

/// What `go` asked for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum GoMode {
    /// Play as the skill level plays.
    Level,
    /// Full strength within these limits.
    Limits(SearchLimits),
    /// Until `stop`.
    Infinite,
}

/// The protocol's state between commands.
struct Uci {
    out: SharedOutput,
    variant: Variant,
    level: Level,
    game: Game,
    /// The engine, unless a search thread has it.
    engine: Option<Engine>,
    search: Option<(JoinHandle<Engine>, CancelToken)>,
    /// Endgame tables every search probes (`setoption name TablesPath`, `mills uci --tables`).
    tables: Arc<TableShelf>,
}

/// Runs the protocol until `quit` or the end of the input (which waits for a running search
/// to finish and print its `bestmove`).
pub fn run(input: impl BufRead, out: SharedOutput) -> io::Result<()> {
    run_with_tables(input, out, Arc::new(TableShelf::new()))
}

/// As [`run`], every search probing the endgame tables on `tables` (`mills uci --tables`).
pub fn run_with_tables(
    input: impl BufRead,
    out: SharedOutput,
    tables: Arc<TableShelf>,
) -> io::Result<()> {
    let mut uci = Uci {
        tables,
        out,
        variant: Variant::ZhiQi,
        level: Level::MAX,
        game: Game::new(Rules::ZHIQI),
        engine: Some(Engine::new(0)),
        search: None,
    };
    for line in input.lines() {
        let line = line?;
        if !uci.command(line.trim()) {
            uci.stop();
            return Ok(());
        }
    }
    uci.wait();
    Ok(())
}

impl Uci {
    fn say(&self, line: &str) {
        say(&self.out, line);
    }

    /// Handles one line; false on `quit`.
    fn command(&mut self, line: &str) -> bool {
        let mut words = line.split_whitespace();
        let Some(command) = words.next() else {
            return true;
        };
        let rest: Vec<&str> = words.collect();
        match command {
            "uci" => {
                self.say(&format!("id name Mills {}", env!("CARGO_PKG_VERSION")));
                self.say("id author the Mills authors");
                self.say(
                    "option name Variant type combo default zhiqi var zhiqi var linked-horse \
                     var twelve-mens-morris",
                );
                self.say("option name SkillLevel type spin default 10 min 1 max 10");
                self.say("option name TablesPath type string default <empty>");
                self.say("uciok");
            }
            "isready" => self.say("readyok"),
            "setoption" => self.set_option(&rest),
            "ucinewgame" => {
                self.stop();
                self.game = Game::new(Rules::of(self.variant));
                if let Some(engine) = self.engine.as_mut() {
                    engine.clear();
                }
            }
            "position" => {
                self.stop();
                self.position(&rest);
            }
            "go" => {
                self.stop();
                match parse_go(&rest, self.game.position().side_to_move()) {
                    Ok(mode) => self.go(mode),
                    Err(message) => self.say(&format!("info string {message}")),
                }
            }
            "stop" => self.stop(),
            "quit" => return false,
            "d" => {
                let position = self.game.position();
                self.say(&format!(
                    "info string {} moves: {} | to move: {} | legal: {}",
                    self.variant.id(),
                    format_actions(self.game.actions()),
                    position.side_to_move(),
                    format_actions(&position.legal_actions())
                ));
            }
            other => self.say(&format!("info string unknown command '{other}'")),
        }
        true
    }

    fn set_option(&mut self, words: &[&str]) {
        // setoption name <name words> value <value words>
        let text = words.join(" ");
        let Some(rest) = text.strip_prefix("name ") else {
            self.say("info string expected 'setoption name N value V'");
            return;
        };
        let (name, value) = match rest.split_once(" value ") {
            Some((name, value)) => (name.trim(), value.trim()),
            None => (rest.trim(), ""),
        };
        match name.to_ascii_lowercase().as_str() {
            "variant" => match value.parse::<Variant>() {
                Ok(variant) => {
                    self.stop();
                    self.variant = variant;
                    self.game = Game::new(Rules::of(variant));
                }
                Err(e) => self.say(&format!("info string {e}")),
            },
            "skilllevel" => match value.parse::<u8>() {
                // Sanmill's levels go to 30: anything above 10 is our top level.
                Ok(n) if n >= 1 => self.level = Level::new(n.min(10)).expect("1..=10"),
                _ => self.say(&format!(
                    "info string SkillLevel must be a number from 1 to 10, not '{value}'"
                )),
            },
            "tablespath" => self.load_tables(value),
            _ => self.say(&format!("info string unknown option '{name}'")),
        }
    }

    /// `setoption name TablesPath value DIR`: the endgame tables in DIR (`mills tables
    /// build --out DIR`), each file checked; said game by game.
    fn load_tables(&mut self, dir: &str) {
        self.stop();
        self.tables.clear();
        if dir.is_empty() || dir == "<empty>" {
            self.say("info string endgame tables off");
            return;
        }
        let loaded = mills_core::load_existing_tables(std::path::Path::new(dir), &self.tables);
        if loaded.is_empty() {
            self.say(&format!("info string no endgame tables in {dir}"));
        }
        for (variant, result) in loaded {
            match result {
                Ok(pieces) => self.say(&format!(
                    "info string endgame tables of {variant} up to {pieces} a side"
                )),
                Err(e) => self.say(&format!("info string endgame tables of {variant}: {e}")),
            }
        }
    }

    fn position(&mut self, words: &[&str]) {
        let rules = Rules::of(self.variant);
        let moves = match words {
            ["startpos"] => String::new(),
            ["startpos", "moves", moves @ ..] => moves.join(" "),
            _ => {
                self.say("info string expected 'position startpos [moves ...]'");
                return;
            }
        };
        let actions = match parse_actions(&moves) {
            Ok(actions) => actions,
            Err(e) => {
                self.say(&format!("info string {e}"));
                return;
            }
        };
        match Game::replay(rules, &actions) {
            Ok(game) => self.game = game,
            Err(e) => self.say(&format!("info string {e}; position unchanged")),
        }
    }

    fn go(&mut self, mode: GoMode) {
        let game = self.game.clone();
        if game.is_over() || game.position().legal_actions().is_empty() {
            self.say("bestmove none");
            return;
        }
        let mut engine = self.engine.take().expect("no search is running");
        engine.set_tables(self.tables.get(self.variant));
        let cancel = CancelToken::new();
        let token = cancel.clone();
        let out = self.out.clone();
        let level = self.level;
        let handle = std::thread::spawn(move || {
            let mut report = |r: &SearchResult| say(&out, &info_line(r));
            let result = match mode {
                GoMode::Level => {
                    let r = engine.choose_action(&game, level, &token);
                    if let Some(r) = &r {
                        report(r);
                    }
                    r
                }
                GoMode::Limits(limits) => {
                    engine.search_with_progress(&game, limits, &token, &mut report)
                }
                GoMode::Infinite => {
                    let r = engine.search_with_progress(
                        &game,
                        SearchLimits::default(),
                        &token,
                        &mut report,
                    );
                    // UCI: after `go infinite`, bestmove waits for `stop`.
                    while !token.is_cancelled() {
                        std::thread::sleep(Duration::from_millis(2));
                    }
                    r
                }
            };
            // Stopped before the first iteration ended: any legal action is better than none.
            let best = result
                .map(|r| r.best)
                .or_else(|| game.position().legal_actions().first().copied());
            match best {
                Some(action) => say(&out, &format!("bestmove {action}")),
                None => say(&out, "bestmove none"),
            }
            engine
        });
        self.search = Some((handle, cancel));
    }

    /// Stops a running search (it prints its `bestmove`) and takes the engine back.
    fn stop(&mut self) {
        if let Some((_, cancel)) = &self.search {
            cancel.cancel();
        }
        self.wait();
    }

    /// Waits for a running search to end by itself.
    fn wait(&mut self) {
        if let Some((handle, _)) = self.search.take() {
            match handle.join() {
                Ok(engine) => self.engine = Some(engine),
                Err(_) => {
                    self.say("info string the search failed; the engine was reset");
                    self.engine = Some(Engine::new(0));
                }
            }
        }
    }
}

/// Reads the arguments of `go`.
fn parse_go(words: &[&str], to_move: Side) -> Result<GoMode, String> {
    let mut limits = SearchLimits::default();
    let mut infinite = false;
    let mut clock: [Option<u64>; 4] = [None; 4]; // wtime btime winc binc
    let mut i = 0;
    while i < words.len() {
        let word = words[i];
        let mut number = || -> Result<u64, String> {
            i += 1;
            words
                .get(i)
                .and_then(|n| n.parse().ok())
                .ok_or_else(|| format!("go {word} needs a whole number"))
        };
        match word {
            "infinite" => infinite = true,
            "movetime" => limits.time = Some(Duration::from_millis(number()?)),
            "depth" => limits.depth = Some(number()?.clamp(1, 64) as u32),
            "nodes" => limits.nodes = Some(number()?),
            "wtime" => clock[0] = Some(number()?),
            "btime" => clock[1] = Some(number()?),
            "winc" => clock[2] = Some(number()?),
            "binc" => clock[3] = Some(number()?),
            "movestogo" | "mate" => {
                number()?;
            }
            "ponder" => {}
            other => return Err(format!("unknown go argument '{other}'")),
        }
        i += 1;
    }
    let (time, inc) = match to_move {
        Side::P1 => (clock[0], clock[2]),
        Side::P2 => (clock[1], clock[3]),
    };
    if let (Some(time), None) = (time, limits.time) {
        // A simple share of the clock: a twentieth of what is left plus most of the increment.
        let ms = time / 20 + inc.unwrap_or(0) * 3 / 4;
        limits.time = Some(Duration::from_millis(ms.clamp(1, time.max(1))));
    }
    Ok(if infinite {
        GoMode::Infinite
    } else if limits == SearchLimits::default() {
        GoMode::Level
    } else {
        GoMode::Limits(limits)
    })
}

/// `info depth 6 score cp 35 nodes 12345 nps 1000000 time 12 pv d6 d2 ...`
fn info_line(r: &SearchResult) -> String {
    let score = if r.score > WIN_THRESHOLD {
        format!("mate {}", WIN - r.score)
    } else if r.score < -WIN_THRESHOLD {
        format!("mate -{}", WIN + r.score)
    } else {
        format!("cp {}", r.score)
    };
    let ms = r.elapsed.as_millis();
    let nps = (r.nodes as f64 / r.elapsed.as_secs_f64().max(1e-6)) as u64;
    let pv: Vec<String> = r.pv.iter().map(Action::to_string).collect();
    format!(
        "info depth {} score {score} nodes {} nps {nps} time {ms} pv {}",
        r.depth,
        r.nodes,
        pv.join(" ")
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn go_arguments() {
        assert_eq!(parse_go(&[], Side::P1), Ok(GoMode::Level));
        assert_eq!(parse_go(&["infinite"], Side::P1), Ok(GoMode::Infinite));
        assert_eq!(
            parse_go(&["movetime", "250"], Side::P1),
            Ok(GoMode::Limits(SearchLimits::time(Duration::from_millis(
                250
            ))))
        );
        assert_eq!(
            parse_go(&["wtime", "20000", "btime", "4000"], Side::P2),
            Ok(GoMode::Limits(SearchLimits::time(Duration::from_millis(
                200
            ))))
        );
        assert!(parse_go(&["depth"], Side::P1).is_err());
        assert!(parse_go(&["fast"], Side::P1).is_err());
    }
}
