//! The online game at the terminal: what `mills online` prints, and when it takes a line.
//!
//! The session is the truth (`status()`, `snapshot()`, `actions()`); its events say when to
//! look again and what to announce. The board is drawn as `mills play` draws it, from a
//! [`Game`] replayed from the session's actions, and a typed line is tried on that game first,
//! so that a mistake gets `play`'s words and nothing reaches the session; a good line becomes
//! the taps the apps would make.
//!
//! Lines are taken in the order they came, each when it can be acted on: a turn at the
//! player's turn (so a script may give one side's turns in advance, and a person may type
//! ahead), the end of the input and `quit` once no turn is on its way to the server,
//! anything else at once. The prompt (`P1> `) shows when a turn or, after the game, `rematch`
//! is awaited; a piped line is echoed after it, so that a transcript reads like a session.
//!
//! Names and messages from the server are the other player's text: control characters are
//! replaced before they reach the terminal, so a name cannot move the cursor or recolour it.

use std::collections::VecDeque;
use std::fmt::Display;
use std::io::Write;
use std::sync::Arc;
use std::time::Duration;

use mills_core::{Action, Game, Rules, Side, Variant, format_actions};
use mills_ffi::{
    ConnectionState, EndReason, OfflineReason, OnlineEvent, OnlineSession, OnlineStatus, Player,
    TapResult, TapStep, TapVerdict,
};

use super::inbox::{Inbox, Incoming};
use super::typed::{Line, taps};
use super::words::{ONLINE_HELP, clock_line, printable, spelled};
use crate::error::CliError;
use crate::play::{self, Command};
use crate::render::{self, Glyphs};

/// Failed connections before the first one that make `mills online` give up (about a
/// second of the client's pauses): a server that was never reached is a wrong address or a
/// server that is down, which an operator wants to hear at once, not a retry loop. Once
/// connected, the client retries for as long as the player stays.
const GIVE_UP_AFTER: u32 = 3;

/// How long the loop waits for something to arrive before it looks at the session again.
const TICK: Duration = Duration::from_millis(500);

/// Whether the table goes on after a line.
enum Flow {
    Continue,
    Stop,
}

/// What has been said already, so that each announcement is made once.
#[derive(Default)]
struct Said {
    /// A connection was made at least once.
    connected: bool,
    /// The room's code, game and timer.
    room: bool,
    /// The game (its number in the room) whose start was shown; 0 for none.
    game: u32,
    /// The game and the number of its actions the board last showed: a line waits while
    /// the session holds more than that (an event about it is on its way), so that what is
    /// printed and what is typed stay in order.
    shown: (u32, usize),
    /// The game whose result was shown; 0 for none.
    result: u32,
    /// A prompt is on the screen and its line not yet taken.
    prompt: bool,
}

/// One room at the terminal.
pub struct Table<'o, W: Write> {
    session: Arc<OnlineSession>,
    inbox: Inbox,
    /// Lines waiting to be acted on, in order; `None` is the end of the input.
    queued: VecDeque<Option<String>>,
    out: &'o mut W,
    echo: bool,
    glyphs: Glyphs,
    /// The server's address as given, for "join with" and "to return".
    server: String,
    /// `--device-file`, for "to return".
    device_file: Option<String>,
    said: Said,
}

impl<'o, W: Write> Table<'o, W> {
    pub fn new(
        session: Arc<OnlineSession>,
        inbox: Inbox,
        out: &'o mut W,
        echo: bool,
        glyphs: Glyphs,
        server: String,
        device_file: Option<String>,
    ) -> Self {
        Table {
            session,
            inbox,
            queued: VecDeque::new(),
            out,
            echo,
            glyphs,
            server,
            device_file,
            said: Said::default(),
        }
    }

    /// Plays until the player leaves (or the room cannot be had); the session is shut down
    /// either way.
    pub fn run(mut self) -> Result<(), CliError> {
        let result = self.serve();
        self.session.shut_down();
        let flushed = self.out.flush().map_err(CliError::from);
        result.and(flushed)
    }

    fn serve(&mut self) -> Result<(), CliError> {
        loop {
            // Everything that has arrived, before any line is taken.
            let mut wait = TICK;
            while let Some(incoming) = self.inbox.next(wait) {
                match incoming {
                    Incoming::Event(event) => self.event(event)?,
                    Incoming::Line(line) => self.queued.push_back(Some(line)),
                    Incoming::EndOfInput => self.queued.push_back(None),
                }
                wait = Duration::ZERO;
            }
            if let Flow::Stop = self.take_lines()? {
                return Ok(());
            }
            self.prompt_if_awaited()?;
            self.out.flush()?;
        }
    }

    // ---- What the session tells ---------------------------------------------------------

    fn event(&mut self, event: OnlineEvent) -> Result<(), CliError> {
        match event {
            OnlineEvent::ConnectionChanged { state } => self.connection(state)?,
            OnlineEvent::RoomCreated { .. } => self.announce_room()?,
            OnlineEvent::OpponentJoined { .. } => {
                self.announce_room()?;
                if self.session.status().room.is_some_and(|r| r.link.is_some()) {
                    let name = self.opponent();
                    self.say(format!("{name} joined."))?;
                }
                self.game_starts()?;
            }
            // Before the game, the opponent's arrival is "joined".
            OnlineEvent::OpponentPresence { .. } if self.said.game == 0 => {}
            OnlineEvent::OpponentPresence { online } => {
                let name = self.opponent();
                let now = if online {
                    "is back online"
                } else {
                    "went offline"
                };
                self.say(format!("{name} {now}."))?;
            }
            OnlineEvent::OpponentMoved { player, actions } => {
                let name = self.opponent();
                self.say(format!(
                    "{} ({name}) plays {}",
                    Side::from(player),
                    actions.join(" ")
                ))?;
                self.show()?;
            }
            OnlineEvent::TurnAccepted { .. } => self.show()?,
            OnlineEvent::TurnRefused { code, message } => {
                self.say(format!(
                    "  The server refused the turn: {} ({})",
                    printable(&message),
                    printable(&code)
                ))?;
                self.show()?;
            }
            OnlineEvent::TurnTimedOut { player } => {
                self.say(format!(
                    "{} ran out of time: the turn passes.",
                    Side::from(player)
                ))?;
                self.show()?;
            }
            OnlineEvent::GameOver { .. } => self.result()?,
            OnlineEvent::RematchAsked { by } => {
                let you = self.you();
                if by.iter().any(|p| Some(*p) != you) && !by.iter().any(|p| Some(*p) == you) {
                    let name = self.opponent();
                    self.say(format!(
                        "{name} asks for a rematch: type 'rematch' to play again."
                    ))?;
                }
            }
            OnlineEvent::RematchStarted { game_number, you } => {
                self.say(format!(
                    "Rematch: game {game_number}, you play {} now.",
                    Side::from(you)
                ))?;
                self.game_starts()?;
            }
            // A rematch with a player one of the two blocked (in the apps).
            OnlineEvent::RequestRefused { code, message } => {
                self.say(format!(
                    "  The server refused: {} ({})",
                    printable(&message),
                    printable(&code)
                ))?;
            }
            // The terminal neither reports nor blocks (the apps do).
            OnlineEvent::OpponentReported | OnlineEvent::OpponentBlocked => {}
        }
        Ok(())
    }

    /// The connection's state: said when it changes; a server never reached, or one that
    /// refuses the room, ends the command.
    fn connection(&mut self, state: ConnectionState) -> Result<(), CliError> {
        match state {
            ConnectionState::Connecting => Ok(()),
            ConnectionState::Connected if self.said.connected => self.say("Reconnected."),
            ConnectionState::Connected => {
                self.said.connected = true;
                let server = printable(&self.server);
                self.say(format!("Connected to {server}."))
            }
            ConnectionState::Reconnecting { attempt, reason } => {
                let reason = printable(&reason);
                if self.said.connected {
                    self.say(format!(
                        "Connection lost ({reason}): reconnecting (attempt {attempt})."
                    ))
                } else if attempt >= GIVE_UP_AFTER {
                    Err(CliError::Network(format!(
                        "cannot reach the server {}: {reason}",
                        printable(&self.server)
                    )))
                } else {
                    self.say(format!(
                        "Cannot connect ({reason}): trying again (attempt {attempt})."
                    ))
                }
            }
            ConnectionState::Offline { reason } => match reason {
                OfflineReason::Refused { code, message } => Err(CliError::input(
                    "online",
                    format!(
                        "the server refused: {} ({})",
                        printable(&message),
                        printable(&code)
                    ),
                )),
                OfflineReason::UntrustedServer { reason } => Err(CliError::Network(format!(
                    "the server {} is not trusted: {}",
                    printable(&self.server),
                    printable(&reason)
                ))),
                OfflineReason::Paused | OfflineReason::ShutDown => Ok(()),
            },
        }
    }

    /// The room, once: its invite for the creator, what was joined for the friend.
    fn announce_room(&mut self) -> Result<(), CliError> {
        let Some(room) = self.session.status().room else {
            return Ok(());
        };
        if self.said.room {
            return Ok(());
        }
        self.said.room = true;
        let variant = Variant::from(room.game);
        let timer = match room.timer_seconds {
            0 => "no turn timer".to_string(),
            seconds => format!("turn timer {seconds} s"),
        };
        let code = spelled(&room.code);
        let what = format!("{} ({}), {timer}", variant.name(), variant.id());
        let Some(link) = room.link else {
            return self.say(format!("Joined room {code}: {what}."));
        };
        let server = printable(&self.server);
        self.say(format!(
            "Room created: {what}.\n\
             Invite code: {code}\n\
             Invite link: {}\n\
             Your friend joins with: mills online join {code} --server {server}\n\
             Waiting for your friend to join.",
            printable(&link)
        ))
    }

    /// A game of the room starts (or is found going on): who plays what, and the board.
    fn game_starts(&mut self) -> Result<(), CliError> {
        let status = self.session.status();
        let Some(room) = &status.room else {
            return Ok(());
        };
        if self.said.game == room.game_number || !room.players.iter().all(|p| p.joined) {
            return Ok(());
        }
        self.said.game = room.game_number;
        let variant = Variant::from(room.game);
        let you = Side::from(room.you);
        let name = self.opponent();
        self.say(format!(
            "{} ({}): you play {you} {} against {name}, {} {}. Type 'help' for the commands.",
            variant.name(),
            variant.id(),
            self.glyphs.piece(you),
            you.opponent(),
            self.glyphs.piece(you.opponent()),
        ))?;
        self.show()?;
        if status.outcome.is_some() {
            self.result()?;
        }
        Ok(())
    }

    /// The board as `play` draws it, the clock, and whose turn it is.
    fn show(&mut self) -> Result<(), CliError> {
        let status = self.session.status();
        let Some(room) = &status.room else {
            return self.say("No game yet.");
        };
        let game = self.game(&status);
        self.said.shown = (room.game_number, self.session.actions().len());
        self.end_prompt()?;
        write!(self.out, "{}", play::describe(&game, self.glyphs))?;
        if room.timer_seconds > 0 {
            writeln!(self.out, "{}", clock_line(&status))?;
        }
        if game.is_over() {
            return Ok(());
        }
        let to_move = game.position().side_to_move();
        if to_move == Side::from(room.you) {
            writeln!(self.out, "{}", render::instruction(game.position()))?;
        } else {
            let name = self.opponent();
            writeln!(self.out, "Waiting for {name} ({to_move}).")?;
        }
        Ok(())
    }

    /// The result of a finished game, once, and what can come next.
    fn result(&mut self) -> Result<(), CliError> {
        let status = self.session.status();
        let Some(room) = &status.room else {
            return Ok(());
        };
        if self.said.result == room.game_number {
            return Ok(());
        }
        self.said.result = room.game_number;
        let game = self.game(&status);
        let you = Side::from(room.you);
        if game.resigned() == Some(you.opponent()) {
            let name = self.opponent();
            self.say(format!("{} ({name}) resigns.", you.opponent()))?;
        }
        let outcome = match game.outcome() {
            Some(outcome) => outcome.to_string(),
            None => format!("{:?}", status.outcome),
        };
        self.say(format!(
            "\nGame over: {outcome}\n\
             Record: {}\n\
             Type 'rematch' to ask for another game (sides swap), or 'quit' to leave.",
            format_actions(game.actions())
        ))
    }

    // ---- The player's lines ---------------------------------------------------------------

    /// Acts on the queued lines that can be acted on now, in order.
    fn take_lines(&mut self) -> Result<Flow, CliError> {
        while let Some(front) = self.queued.front() {
            let ready = match front {
                None => self.may_leave(),
                Some(text) => self.ready_for(&Line::read(text)),
            };
            if !ready {
                break;
            }
            let line = self.queued.pop_front().flatten();
            self.take(line.as_deref())?;
            let flow = match line {
                None => self.leave("End of input: leaving the room.")?,
                Some(text) => self.act(Line::read(&text))?,
            };
            if let Flow::Stop = flow {
                return Ok(Flow::Stop);
            }
        }
        Ok(Flow::Continue)
    }

    /// Whether a line can be acted on now (else it waits, and the lines after it).
    fn ready_for(&self, line: &Line) -> bool {
        match line {
            Line::Play(Command::Actions(_)) => self.your_turn() || self.game_over(),
            Line::Play(Command::Quit) => self.may_leave(),
            // After a turn that may end the game: once the result, if any, is shown.
            Line::Rematch => {
                let status = self.session.status();
                !status.awaiting_server && (status.outcome.is_none() || self.game_over())
            }
            // A resignation goes at once, over a turn still on its way (the server decides);
            // help, legal, board and the rest need nothing.
            Line::Play(_) => true,
        }
    }

    /// Whether the end of the input or `quit` may leave now. Not before the server has
    /// answered for the room (so that `create < /dev/null` still makes a room and shows its
    /// invite, and a refused code is still reported), unless a connection it had was lost;
    /// then not while a turn is on its way to a server that is there to store it, nor
    /// before the result of a game that just ended is shown.
    fn may_leave(&self) -> bool {
        let status = self.session.status();
        let connected = status.connection == ConnectionState::Connected;
        match status.room {
            None => self.said.connected && !connected,
            Some(_) if !connected => true,
            // A game that just ended leaves after its result.
            Some(_) => !status.awaiting_server && (status.outcome.is_none() || self.game_over()),
        }
    }

    /// The prompt, when a turn or the after-game choice is awaited and no line is waiting.
    fn prompt_if_awaited(&mut self) -> Result<(), CliError> {
        if self.said.prompt || !self.queued.is_empty() {
            return Ok(());
        }
        if self.your_turn() || self.game_over() {
            self.prompt()?;
        }
        Ok(())
    }

    fn prompt(&mut self) -> Result<(), CliError> {
        let you = self.you().map(Side::from);
        write!(
            self.out,
            "{}> ",
            you.map_or(String::new(), |side| side.to_string())
        )?;
        self.said.prompt = true;
        Ok(())
    }

    /// A line is taken: after its prompt when piped (echoed, so the transcript reads like a
    /// session); a person's typing is on the screen already.
    fn take(&mut self, line: Option<&str>) -> Result<(), CliError> {
        if self.echo {
            if !self.said.prompt && line.is_some() {
                self.prompt()?;
            }
            if let Some(text) = line {
                writeln!(self.out, "{text}")?;
                self.said.prompt = false;
            }
        } else if line.is_some() {
            self.said.prompt = false;
        }
        Ok(())
    }

    fn act(&mut self, line: Line) -> Result<Flow, CliError> {
        match line {
            Line::Rematch => {
                if self.session.rematch() {
                    let name = self.opponent();
                    self.say(format!("Rematch asked; waiting for {name}."))?;
                } else {
                    self.say("  The game is not over: a rematch is asked at its end.")?;
                }
            }
            Line::Play(Command::Help) => self.say(ONLINE_HELP.trim_end())?,
            Line::Play(Command::Legal) => {
                let game = self.game(&self.session.status());
                let legal = game.position().legal_actions();
                self.say(format!("Legal: {}", format_actions(&legal)))?;
            }
            Line::Play(Command::Board) => self.show()?,
            Line::Play(Command::Undo) => {
                self.say("  An online game has no undo: the server has stored the turn.")?
            }
            Line::Play(Command::Resign) => {
                if self.session.resign() {
                    self.say("You resign.")?;
                } else {
                    self.say("  There is no game to resign.")?;
                }
            }
            Line::Play(Command::Quit) => return self.leave("Leaving the room."),
            Line::Play(Command::Nothing) => {}
            Line::Play(Command::Actions(text)) => self.play_line(&text)?,
        }
        Ok(Flow::Continue)
    }

    /// A typed turn (or part of one): tried on the replayed game, then tapped as the apps
    /// would. The board is shown when the server has stored it (`TurnAccepted`), or at once
    /// for a part of a turn (a placement whose capture comes on the next line).
    fn play_line(&mut self, text: &str) -> Result<(), CliError> {
        if self.game_over() {
            return self.say("  The game is over: type 'rematch' for another, or 'quit'.");
        }
        let game = self.game(&self.session.status());
        let pass = "'pass' is made only by the server's turn timer";
        let actions = match play::try_line(&game, text, pass) {
            Ok((actions, _)) => actions,
            Err(message) => return self.say(format!("  {message}")),
        };
        let mut last = None;
        for point in actions.iter().flat_map(|&action| taps(action)) {
            let result = self
                .session
                .tap(point.to_string())
                .map_err(|e| CliError::input("online", e.to_string()))?;
            let expected = matches!(
                (&result.step, &result.verdict),
                (TapStep::Selected { .. }, _)
                    | (TapStep::Played { .. }, _)
                    | (_, Some(TapVerdict::Sent { .. }))
            );
            if !expected {
                return self.tap_failed(&result);
            }
            last = Some(result);
        }
        match last.map(|result| result.step) {
            Some(TapStep::Played { .. }) => self.show(),
            _ => Ok(()),
        }
    }

    /// A tap the replayed game did not foresee (the server moved on: a timer pass, the
    /// opponent resigned): said, and a piece left picked up is put down again.
    fn tap_failed(&mut self, result: &TapResult) -> Result<(), CliError> {
        let why = match &result.verdict {
            Some(TapVerdict::NotYourTurn) => "it is not your turn any more".to_string(),
            Some(TapVerdict::AwaitingServer) => {
                "your last turn is not yet stored by the server".to_string()
            }
            Some(TapVerdict::NotStarted) => "the game has not started".to_string(),
            _ => format!("the board refused it ({:?})", result.step),
        };
        if let Some(selected) = self.session.snapshot().selected {
            let _ = self.session.tap(selected);
        }
        self.say(format!("  Not played: {why}."))?;
        self.show()
    }

    /// Leaves the room: what becomes of the game, and how to return to it.
    fn leave(&mut self, why: &str) -> Result<Flow, CliError> {
        self.say(why)?;
        let status = self.session.status();
        if status.awaiting_server {
            self.say("Your last turn was not stored by the server: it is lost.")?;
        }
        let Some(room) = &status.room else {
            return Ok(Flow::Stop);
        };
        if status.outcome.is_some() {
            return Ok(Flow::Stop);
        }
        let code = spelled(&room.code);
        let server = printable(&self.server);
        let text = match &self.device_file {
            Some(file) => format!(
                "The room goes on at the server. To return: mills online join {code} \
                 --server {server} --device-file {file}"
            ),
            None => "The room goes on at the server; this terminal's identity was temporary \
                     and is gone (--device-file FILE keeps one)."
                .to_string(),
        };
        self.say(text)?;
        Ok(Flow::Stop)
    }

    // ---- Reading the session ----------------------------------------------------------------

    /// The stored game and the turn being entered, replayed with the rules the server plays
    /// by; a resignation (not an action) is applied from the outcome.
    fn game(&self, status: &OnlineStatus) -> Game {
        let variant = status
            .room
            .as_ref()
            .map_or(Variant::ZhiQi, |room| Variant::from(room.game));
        let mut game = Game::new(Rules::of(variant));
        for text in self.session.actions() {
            let played = text.parse::<Action>().map(|action| game.play(action));
            if !matches!(played, Ok(Ok(_))) {
                break;
            }
        }
        if let Some(outcome) = &status.outcome {
            if let (EndReason::Resignation, Some(winner)) = (outcome.reason, outcome.winner) {
                let _ = game.resign(Side::from(winner).opponent());
            }
        }
        game
    }

    fn you(&self) -> Option<Player> {
        self.session.status().room.map(|room| room.you)
    }

    /// The opponent as shown: their name, or "your opponent".
    fn opponent(&self) -> String {
        self.session
            .status()
            .opponent_name
            .map_or_else(|| "your opponent".to_string(), |name| printable(&name))
    }

    /// A game is on and shown as it stands, it is this player's turn, and no turn of theirs
    /// awaits the server.
    fn your_turn(&self) -> bool {
        let status = self.session.status();
        let Some(room) = &status.room else {
            return false;
        };
        self.said.game == room.game_number
            && self.said.shown == (room.game_number, self.session.actions().len())
            && status.outcome.is_none()
            && !status.awaiting_server
            && self.session.snapshot().to_move == room.you
    }

    /// The game is over and its result shown.
    fn game_over(&self) -> bool {
        let status = self.session.status();
        status.outcome.is_some()
            && status
                .room
                .is_some_and(|room| self.said.result == room.game_number)
    }

    // ---- Output ---------------------------------------------------------------------------

    /// Ends a prompt's line before other output (the prompt comes again when awaited).
    fn end_prompt(&mut self) -> Result<(), CliError> {
        if self.said.prompt {
            writeln!(self.out)?;
            self.said.prompt = false;
        }
        Ok(())
    }

    /// One message, on lines of its own.
    fn say(&mut self, text: impl Display) -> Result<(), CliError> {
        self.end_prompt()?;
        writeln!(self.out, "{text}")?;
        Ok(())
    }
}
