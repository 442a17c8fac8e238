//! `mills play`: a game in the terminal, read line by line.
//!
//! Input is plain lines, never raw terminal mode, so the same code serves a person at a
//! keyboard and a test piping a script into stdin. When stdin is not a terminal each line
//! read is echoed after the prompt, so a piped transcript reads like a typed one.
//!
//! A line is either a command (`help`, `legal`, `board`, `undo`, `resign`, `quit`) or one
//! turn's actions (`d6`, `xd7`, `d6-d5`, `d6-d5xd7`, `d6-d5 xd7`). A line is played all or
//! nothing: if any action of it is illegal, none is played and the engine's reason is shown.
//! Nothing typed can end the program except `resign`, `quit`, the end of the input, or the
//! end of the game.
//!
//! Computer players plug in through [`Seats`]: a seat holds a [`ComputerPlayer`], a function
//! from the game to the actions of its turn. `--computer first|second|none --level N` fills
//! a seat with the engine of [`mills_core::ai`] at that level.

use std::io::{BufRead, Write};
use std::path::Path;
use std::sync::Arc;

use mills_core::{Action, Game, Rules, Side, Variant, format_actions, parse_actions};
use mills_core::{CancelToken, Engine, Level};
use mills_core::{EndgameTables, TABLES_FROM_LEVEL, level_uses_tables};

use crate::args::{self, CommandSpec, FlagSpec, Parsed};
use crate::error::CliError;
use crate::moves;
use crate::record;
use crate::render::{self, Glyphs};
use crate::turns;

pub const SPEC: CommandSpec = CommandSpec {
    name: "play",
    summary: "Play a game in the terminal, against a person or the computer.",
    details: "\
Type actions or whole turns (d6, d6-d5, xd7, d6-d5xd7) and the commands help,
legal, board, undo, resign and quit. Input may be piped: one line per entry.
The game ends with its result, resign, quit or the end of the input.
With --computer first the computer plays P1, with second P2; undo takes back the
computer's turn too, so that it is your turn again.
--record FILE continues the game of a text record (docs/records.md; its game is
played, --game may be left out); --write-record FILE writes the game as a text
record when it ends or is left, and says so on a last line.
--tables DIR gives the computer the endgame tables in DIR (mills tables build --out
DIR); levels 8-10 use them, as in the apps.
",
    positionals: "",
    max_positionals: 0,
    flags: &[
        FlagSpec::game("game: zhiqi (default), linked-horse or twelve-mens-morris"),
        FlagSpec::value(
            "--moves",
            "\"M\"",
            "start after these actions (as 'quit' prints them)",
        ),
        ASCII_FLAG,
        UNICODE_FLAG,
        FlagSpec::value(
            "--computer",
            "WHO",
            "first, second (default) or none: the side the computer plays",
        ),
        FlagSpec::value("--level", "N", "the computer's level, 1-10 (default 5)"),
        FlagSpec::value("--seed", "S", "seed of the computer's choices (default 1)"),
        FlagSpec::value(
            "--record",
            "FILE",
            "continue the game of this text record (instead of --moves)",
        ),
        FlagSpec::value(
            "--write-record",
            "FILE",
            "write the game as a text record when it ends or is left",
        ),
        FlagSpec::value(
            "--tables",
            "DIR",
            "the computer (levels 8-10) probes the endgame tables in DIR",
        ),
    ],
};

/// `--ascii` and `--unicode`, read by [`glyphs`] (`play` and `online` draw the same board).
pub(crate) const ASCII_FLAG: FlagSpec = FlagSpec::switch(
    "--ascii",
    "draw pieces as X and O (default: ● and ○ on UTF-8)",
);
pub(crate) const UNICODE_FLAG: FlagSpec = FlagSpec::switch(
    "--unicode",
    "draw pieces as ● and ○ whatever the locale says",
);

/// The game's own help, shown by `help`.
const IN_GAME_HELP: &str = "\
Type an action or a whole turn:
  d6          place a piece on d6
  d6-d5       step the piece on d6 to d5 (along a line, to a free point next to it)
  xd7         capture, pin or pull the piece on d7 (the game says which is owed)
  d6-d5xd7    a whole turn: a step and the capture it earns
Commands:
  legal       list the legal actions
  board       draw the board again
  undo        take back the last turn (or the part of this turn played so far)
  resign      the side to move gives up the game
  quit        leave the game unfinished (prints how to continue it later)
  help        this text
";

/// A computer player: given the game, the actions of its whole turn.
pub type ComputerPlayer = Box<dyn FnMut(&Game) -> Vec<Action>>;

/// Who plays each side: a computer, or `None` for a person typing.
pub struct Seats {
    computers: [Option<ComputerPlayer>; 2],
    /// The side the engine plays and its level, for the record's header.
    engine: Option<(Side, Level)>,
    /// The flags that seat the players this way again (for "To continue").
    flags: String,
}

impl Seats {
    /// Two people at one keyboard.
    pub fn humans() -> Seats {
        Seats {
            computers: [None, None],
            engine: None,
            flags: "--computer none".to_string(),
        }
    }

    fn computer(&mut self, side: Side) -> Option<&mut ComputerPlayer> {
        self.computers[side.index()].as_mut()
    }

    fn is_computer(&self, side: Side) -> bool {
        self.computers[side.index()].is_some()
    }
}

/// Runs `mills play` with the words after `play`. `echo` repeats each input line after the
/// prompt (wanted when the input is not a terminal).
pub fn run(
    words: &[String],
    input: impl BufRead,
    mut out: impl Write,
    echo: bool,
) -> Result<(), CliError> {
    let Some(parsed) = args::parse_or_help(&SPEC, words, &mut out)? else {
        return Ok(());
    };
    let glyphs = glyphs(&parsed)?;
    let game = starting_game(&parsed)?;
    let tables = endgame_tables(&parsed, game.rules().variant)?;
    let seats = seats(&parsed, tables)?;
    let mut session = Session {
        game,
        seats,
        glyphs,
        input,
        out,
        echo,
        write_record: parsed.value("--write-record").map(String::from),
    };
    session.run()
}

/// The game of `--record`, or the one `--game` and `--moves` give.
fn starting_game(parsed: &Parsed) -> Result<Game, CliError> {
    let Some(path) = parsed.value("--record") else {
        let variant = parsed.game()?.unwrap_or(Variant::ZhiQi);
        return moves::game_from_flag(parsed, Rules::of(variant), SPEC.name);
    };
    if parsed.value("--moves").is_some() {
        return Err(parsed
            .error("--record and --moves exclude each other")
            .into());
    }
    if path == "-" {
        return Err(parsed
            .error("--record needs a file: standard input is the game's input")
            .into());
    }
    let game = record::read_text(path, std::io::empty())?.into_game();
    let variant = game.rules().variant;
    if parsed.game()?.is_some_and(|asked| asked != variant) {
        return Err(parsed
            .error(format!(
                "the record is a game of {}, not of {}",
                variant.id(),
                parsed.spelling(args::GAME_FLAG)
            ))
            .into());
    }
    Ok(game)
}

/// `--tables DIR`: the game's tables from DIR, checked; refused if missing or damaged.
fn endgame_tables(
    parsed: &Parsed,
    variant: Variant,
) -> Result<Option<Arc<EndgameTables>>, CliError> {
    let Some(dir) = parsed.value("--tables") else {
        return Ok(None);
    };
    let tables = EndgameTables::load(Path::new(dir), variant).map_err(|e| {
        parsed.error(format!(
            "--tables: {e} (build them with mills tables build --game {} --out {dir})",
            variant.id()
        ))
    })?;
    Ok(Some(Arc::new(tables)))
}

/// `--computer` and `--level`: who plays which side (with `tables` from level 8 up).
fn seats(parsed: &Parsed, tables: Option<Arc<EndgameTables>>) -> Result<Seats, CliError> {
    let side = match parsed.value("--computer").unwrap_or("second") {
        "first" | "p1" | "P1" => Some(Side::P1),
        "second" | "p2" | "P2" => Some(Side::P2),
        "none" => None,
        other => {
            return Err(parsed
                .error(format!(
                    "--computer must be first, second or none, not '{other}'"
                ))
                .into());
        }
    };
    let level = match parsed.number::<u8>("--level", "level")? {
        None => Level::DEFAULT,
        Some(n) => Level::new(n).map_err(|e| parsed.error(format!("--level: {e}")))?,
    };
    let seed = parsed.number::<u64>("--seed", "seed")?.unwrap_or(1);
    let mut seats = Seats::humans();
    if let Some(side) = side {
        let mut engine = Engine::new(seed);
        if tables.is_some() && !level_uses_tables(level) {
            eprintln!(
                "mills play: level {} does not use the endgame tables (levels {TABLES_FROM_LEVEL}-10 do)",
                level.number()
            );
        }
        engine.set_tables(tables.filter(|_| level_uses_tables(level)));
        seats.computers[side.index()] = Some(Box::new(move |game: &Game| {
            engine.choose_turn(game, level, &CancelToken::new())
        }));
        seats.engine = Some((side, level));
        let seat = if side == Side::P1 { "first" } else { "second" };
        seats.flags = format!("--computer {seat} --level {}", level.number());
    }
    Ok(seats)
}

/// `--ascii`, `--unicode`, or what the locale supports.
pub(crate) fn glyphs(parsed: &Parsed) -> Result<Glyphs, CliError> {
    match (parsed.switch("--ascii"), parsed.switch("--unicode")) {
        (true, true) => Err(parsed
            .error("--ascii and --unicode exclude each other")
            .into()),
        (true, false) => Ok(Glyphs::Ascii),
        (false, true) => Ok(Glyphs::Unicode),
        (false, false) => Ok(Glyphs::detect()),
    }
}

/// What a line of input asks for.
#[derive(Debug, PartialEq, Eq)]
pub(crate) enum Command {
    Help,
    Legal,
    Board,
    Undo,
    Resign,
    Quit,
    Nothing,
    /// Anything else is read as actions.
    Actions(String),
}

impl Command {
    pub(crate) fn read(line: &str) -> Command {
        let line = line.trim();
        match line.to_ascii_lowercase().as_str() {
            "help" | "h" | "?" => Command::Help,
            "legal" => Command::Legal,
            "board" => Command::Board,
            "undo" => Command::Undo,
            "resign" => Command::Resign,
            "quit" | "exit" | "q" => Command::Quit,
            "" => Command::Nothing,
            _ => Command::Actions(line.to_string()),
        }
    }
}

/// Whether the session goes on after a command.
enum Flow {
    Continue,
    Stop,
}

/// A game being played, with where its input comes from and its output goes.
struct Session<R, W> {
    game: Game,
    seats: Seats,
    glyphs: Glyphs,
    input: R,
    out: W,
    echo: bool,
    /// `--write-record`: where the game's text record goes when the session ends.
    write_record: Option<String>,
}

impl<R: BufRead, W: Write> Session<R, W> {
    fn run(&mut self) -> Result<(), CliError> {
        let variant = self.game.rules().variant;
        writeln!(
            self.out,
            "{} ({}): {} {} against {} {}. Type 'help' for the commands.",
            variant.name(),
            variant.id(),
            Side::P1,
            self.glyphs.piece(Side::P1),
            Side::P2,
            self.glyphs.piece(Side::P2)
        )?;
        self.show()?;
        while !self.game.is_over() {
            let side = self.game.position().side_to_move();
            let flow = if self.seats.is_computer(side) {
                self.computer_turn(side)?
            } else {
                self.human_input()?
            };
            if let Flow::Stop = flow {
                return Ok(());
            }
        }
        self.finish()
    }

    /// The board, the players, the last turn and what to do now.
    fn show(&mut self) -> Result<(), CliError> {
        write!(self.out, "{}", describe(&self.game, self.glyphs))?;
        if !self.game.is_over() {
            writeln!(self.out, "{}", render::instruction(self.game.position()))?;
        }
        Ok(())
    }

    /// Prompts, reads one line and acts on it.
    fn human_input(&mut self) -> Result<Flow, CliError> {
        let side = self.game.position().side_to_move();
        write!(self.out, "{side}> ")?;
        self.out.flush()?;
        let mut line = String::new();
        if self.input.read_line(&mut line)? == 0 {
            writeln!(self.out)?;
            writeln!(self.out, "End of input: the game is left unfinished.")?;
            self.print_continuation()?;
            return Ok(Flow::Stop);
        }
        if self.echo {
            writeln!(self.out, "{}", line.trim_end())?;
        }
        self.command(Command::read(&line))
    }

    fn command(&mut self, command: Command) -> Result<Flow, CliError> {
        match command {
            Command::Help => write!(self.out, "{IN_GAME_HELP}")?,
            Command::Legal => {
                let legal = self.game.position().legal_actions();
                writeln!(self.out, "Legal: {}", format_actions(&legal))?;
            }
            Command::Board => self.show()?,
            Command::Undo => self.undo()?,
            Command::Resign => {
                let side = self.game.position().side_to_move();
                self.game
                    .resign(side)
                    .map_err(|e| CliError::input(SPEC.name, e.to_string()))?;
                writeln!(self.out, "{side} resigns.")?;
            }
            Command::Quit => {
                writeln!(self.out, "The game is left unfinished.")?;
                self.print_continuation()?;
                return Ok(Flow::Stop);
            }
            Command::Nothing => {}
            Command::Actions(text) => match self.play_line(&text) {
                Ok(()) => self.show()?,
                Err(message) => writeln!(self.out, "  {message}")?,
            },
        }
        Ok(Flow::Continue)
    }

    /// Plays one line of actions, all or nothing, and says why when it cannot.
    fn play_line(&mut self, text: &str) -> Result<(), String> {
        let pass = "'pass' is made only by a turn timer, and this game has none";
        let (_, played) = try_line(&self.game, text, pass)?;
        self.game = played;
        Ok(())
    }

    /// Lets a computer play its turn and shows it.
    fn computer_turn(&mut self, side: Side) -> Result<Flow, CliError> {
        let Some(computer) = self.seats.computer(side) else {
            return Ok(Flow::Continue);
        };
        let actions = computer(&self.game);
        let played = play_turn(&self.game, &actions).map_err(|e| {
            CliError::input(
                SPEC.name,
                format!("the computer chose '{}': {e}", format_actions(&actions)),
            )
        })?;
        self.game = played;
        writeln!(
            self.out,
            "{side} (computer) plays {}",
            format_actions(&actions)
        )?;
        self.show()?;
        Ok(Flow::Continue)
    }

    /// Takes back the last turn, or what has been played of the current one; then, so that
    /// a person gets their own turn back, any computer turns before it.
    fn undo(&mut self) -> Result<(), CliError> {
        let mut undone = Vec::new();
        while let Some(last) = turns::turns(&self.game).pop() {
            let actions = self.game.undo(last.actions.len());
            undone.push(format!("{} {}", last.side, format_actions(&actions)));
            let side = self.game.position().side_to_move();
            if !self.seats.is_computer(side) {
                break;
            }
        }
        if undone.is_empty() {
            writeln!(self.out, "  Nothing to undo.")?;
            return Ok(());
        }
        writeln!(self.out, "Took back: {}", undone.join(", "))?;
        self.show()
    }

    /// The result and the record of a finished game.
    fn finish(&mut self) -> Result<(), CliError> {
        let outcome = self.game.outcome().expect("called when the game is over");
        writeln!(self.out)?;
        writeln!(self.out, "Game over: {outcome}")?;
        writeln!(self.out, "Record: {}", format_actions(self.game.actions()))?;
        self.write_record()
    }

    /// Writes the text record for `--write-record`, and says where.
    fn write_record(&mut self) -> Result<(), CliError> {
        let Some(path) = self.write_record.clone() else {
            return Ok(());
        };
        let text = record::play_record(&self.game, self.seats.engine)
            .map_err(|e| CliError::input(SPEC.name, e.to_string()))?
            .to_text();
        std::fs::write(&path, text)
            .map_err(|e| CliError::input(SPEC.name, format!("cannot write {path}: {e}")))?;
        writeln!(self.out, "Record written to {path}")?;
        Ok(())
    }

    /// How to pick an unfinished game up again.
    fn print_continuation(&mut self) -> Result<(), CliError> {
        let record = format_actions(self.game.actions());
        // Printed with `--variant`, as it always was: tools replay this line word for word,
        // and the alias is accepted wherever `--game` is.
        writeln!(
            self.out,
            "To continue: mills play --variant {} {} --moves \"{record}\"",
            self.game.rules().variant.id(),
            self.seats.flags
        )?;
        self.write_record()
    }
}

/// The game as `play` shows it after every turn: a blank line, the board, the game, turn
/// and phase, the players' counts, and the last turn (with the part of the current one
/// played so far). What to do next is the caller's: it depends on who sits at the board.
pub(crate) fn describe(game: &Game, glyphs: Glyphs) -> String {
    let position = game.position();
    let phase = match position.phase() {
        mills_core::Phase::Placing => "placing",
        mills_core::Phase::Moving => "moving",
    };
    let mut text = String::from("\n");
    text.push_str(&render::board(position, glyphs));
    text.push_str(&format!(
        "{} · turn {} · {phase}\n",
        game.rules().variant.name(),
        position.turns() + 1
    ));
    text.push_str(&render::players(position, glyphs));
    for line in recent_turns(game) {
        text.push_str(&line);
        text.push('\n');
    }
    text
}

/// "Last turn: P1 d6-d5 xd7", and "This turn so far: P2 xd7" while a turn is unfinished.
fn recent_turns(game: &Game) -> Vec<String> {
    let turns = turns::turns(game);
    let describe = |turn: &turns::Turn| {
        let actions = format_actions(turns::actions(game, turn));
        format!("{} {actions}", turn.side)
    };
    let mut lines = Vec::new();
    if let Some(last) = turns.iter().rev().find(|t| t.complete) {
        lines.push(format!("Last turn: {}", describe(last)));
    }
    if let Some(current) = turns.last().filter(|t| !t.complete) {
        lines.push(format!("This turn so far: {}", describe(current)));
    }
    lines
}

/// One typed line of actions tried on `game`, all or nothing: its actions and the game after
/// them, or why not in words (`pass_refusal` for a typed `pass`, which only a timer makes).
pub(crate) fn try_line(
    game: &Game,
    text: &str,
    pass_refusal: &str,
) -> Result<(Vec<Action>, Game), String> {
    let actions = parse_actions(text).map_err(|e| format!("{e} (type 'help' for the notation)"))?;
    if actions.contains(&Action::Pass) {
        return Err(pass_refusal.to_string());
    }
    let played = play_turn(game, &actions).map_err(|e| {
        if actions.len() > 1 {
            format!("{e}; nothing of '{text}' was played")
        } else {
            e
        }
    })?;
    Ok((actions, played))
}

/// `game` after one turn's `actions`, or why not: an illegal action (with the engine's
/// reason), or actions running past the end of the turn. A turn need not be complete: the
/// capture it earns may follow on the next line.
fn play_turn(game: &Game, actions: &[Action]) -> Result<Game, String> {
    if actions.is_empty() {
        return Err("no action given".to_string());
    }
    let mut trial = game.clone();
    let mut turn_ended = false;
    for (index, &action) in actions.iter().enumerate() {
        if turn_ended {
            return Err(format!(
                "the turn ended after {}: type one turn at a time",
                actions[index - 1]
            ));
        }
        turn_ended = trial
            .play(action)
            .map_err(|reason| format!("cannot play {action}: {reason}"))?
            .turn_ended;
    }
    Ok(trial)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Plays `script` (one input line per line) and returns the transcript.
    fn transcript(words: &str, script: &str) -> String {
        let words: Vec<String> = words.split_whitespace().map(String::from).collect();
        let mut out = Vec::new();
        run(&words, script.as_bytes(), &mut out, true).unwrap();
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn commands_are_read_case_insensitively() {
        assert_eq!(Command::read(" UNDO \n"), Command::Undo);
        assert_eq!(Command::read("\n"), Command::Nothing);
        assert_eq!(
            Command::read("d6-d5xd7"),
            Command::Actions("d6-d5xd7".into())
        );
    }

    #[test]
    fn a_line_is_played_all_or_nothing() {
        let game = Game::new(Rules::TWELVE_MENS_MORRIS);
        let err = play_turn(&game, &parse_actions("d6 d5").unwrap()).unwrap_err();
        assert_eq!(err, "the turn ended after d6: type one turn at a time");
        let err = play_turn(&game, &parse_actions("xd7").unwrap()).unwrap_err();
        assert_eq!(err, "cannot play xd7: there is nothing to remove now");
    }

    #[test]
    fn bad_input_keeps_the_game_and_undo_takes_back_a_turn() {
        let text = transcript(
            "--variant linked-horse --computer none --ascii",
            "d9\nd7\nd7\nundo\nundo\nundo\nquit\n",
        );
        assert!(text.contains("cannot read 'd9'"), "{text}");
        assert!(text.contains("d7 is occupied"), "{text}");
        assert!(text.contains("Took back: P1 d7"), "{text}");
        assert!(text.contains("Nothing to undo."), "{text}");
        assert!(text.contains(
            "To continue: mills play --variant linked-horse --computer none --moves \"\""
        ));
    }

    #[test]
    fn end_of_input_leaves_the_game_with_a_way_back() {
        let text = transcript("--variant zhiqi --computer none --ascii", "d7\ne3\n");
        assert!(text.contains("Last turn: P2 e3"), "{text}");
        assert!(text.ends_with(
            "End of input: the game is left unfinished.\n\
             To continue: mills play --variant zhiqi --computer none --moves \"d7 e3\"\n"
        ));
    }

    #[test]
    fn the_computer_answers_each_turn() {
        let text = transcript(
            "--variant twelve-mens-morris --ascii --computer second --level 1",
            "d6\nd2\nf4\nb4\nquit\n",
        );
        assert!(text.matches("P2 (computer) plays ").count() >= 2, "{text}");
        let text = transcript("--ascii --computer first --level 2", "quit\n");
        assert!(text.contains("P1 (computer) plays "), "{text}");
    }

    #[test]
    fn resigning_ends_the_game() {
        let text = transcript("--ascii", "resign\n");
        assert!(text.contains("P1 resigns."));
        assert!(text.contains("Game over: P2 wins: the opponent resigned"));
    }
}
