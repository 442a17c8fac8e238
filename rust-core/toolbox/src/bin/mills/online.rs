//! `mills online`: play a friend through a `mills-server` from a terminal, on the engine's
//! own online client (`mills_ffi::OnlineSession`, the object both apps drive), so that the
//! terminal plays by the same code as the phones: an operator's smoke test of a server, and
//! a way to play for someone without a phone.
//!
//! - `identity`: the device secret (temporary unless `--device-file`).
//! - `inbox`: standard input's lines and the session's events, in one queue.
//! - `table`: the game at the terminal, drawn and typed as `mills play` does.
//! - `typed`: what a typed line asks for, and the taps a turn becomes.
//! - `words`: the help, the clock line, the invite code, the other player's text made safe.

mod identity;
mod inbox;
mod table;
mod typed;
mod words;

use std::io::{BufRead, Write};

use mills_core::Variant;
use mills_ffi::{GameId, MillsError, OnlineOptions, OnlineSession, TurnTimer};

use crate::args::{self, CommandSpec, FlagSpec, Parsed};
use crate::error::CliError;
use crate::play;
use identity::Identity;
use inbox::Inbox;
use table::Table;

pub const SPEC: CommandSpec = CommandSpec {
    name: "online",
    summary: "Play a friend through a mills-server, in the terminal (docs/online.md).",
    details: "\
create   makes a room and prints its invite code (XXXX-XXXX-XXXX) and link, then
         waits for the friend, who runs: mills online join CODE --server URL
join     takes the free seat of the room of CODE (the code or the invite link)
The game is played as in mills play: the board after every turn and, at your turn,
the prompt (P1> or P2>) for an action or a whole turn (d6, d6-d5, xd7, d6-d5xd7).
The opponent's turns are shown as they arrive (P2 (Bo) plays e3), with the turn
clock when the room has a timer and the connection's state (reconnecting, offline
and why). Commands: help, legal, board, resign, rematch (once the game is over),
quit. Input may be piped, one line per entry: a turn waits for your turn, so one
side's turns may be given in advance.
quit or the end of the input (Ctrl-D) leaves the room; the game goes on at the
server. Without --device-file the identity is temporary and nothing is left on
disk; with it, join the same CODE with the same FILE to return to the room.
Exit codes: 2 bad input or a room the server refuses (unknown code, full room),
4 the server cannot be reached or its certificate is not trusted.
",
    positionals: "(create | join CODE)",
    max_positionals: 2,
    flags: &[
        FlagSpec::required(
            "--server",
            "URL",
            "the server: ws://host:port, wss://host or host:port",
        ),
        FlagSpec::game("create: zhiqi (default), linked-horse or twelve-mens-morris"),
        FlagSpec::value(
            "--timer",
            "S",
            "create: seconds a turn, 0 (off), 15, 30, 60 (default) or 120",
        ),
        FlagSpec::value("--name", "NAME", "the name your opponent sees (60 at most)"),
        FlagSpec::value(
            "--device-file",
            "FILE",
            "keep this terminal's identity in FILE, to come back to the room",
        ),
        play::ASCII_FLAG,
        play::UNICODE_FLAG,
    ],
};

/// The longest name the server shows (docs/online.md: one line, at most 60 characters).
const MAX_NAME_CHARS: usize = 60;

/// What the command line asks of the server.
enum Request {
    Create { game: Variant, timer: TurnTimer },
    Join { invite: String },
}

/// Runs `mills online` with the words after `online`, reading the player's lines from
/// `input` (on a thread of its own) and writing the game to `out`. `echo` repeats each line
/// taken after its prompt (wanted when the input is not a terminal).
pub fn run(
    words: &[String],
    input: impl BufRead + Send + 'static,
    out: &mut impl Write,
    echo: bool,
) -> Result<(), CliError> {
    let Some(parsed) = args::parse_or_help(&SPEC, words, out)? else {
        return Ok(());
    };
    let request = request(&parsed)?;
    let glyphs = play::glyphs(&parsed)?;
    check_name(&parsed)?;
    let server = parsed.value("--server").unwrap_or_default().to_string();
    let mut identity = match parsed.value("--device-file") {
        Some(file) => Identity::kept_in(file),
        None => Identity::temporary().map_err(|e| {
            CliError::input(SPEC.name, format!("cannot make a temporary identity: {e}"))
        })?,
    };
    let options = OnlineOptions {
        server: server.clone(),
        secret_path: identity.secret_path().to_string(),
        name: parsed.value("--name").map(String::from),
        // No room file: a terminal that comes back says which room (join CODE).
        room_path: None,
    };
    let inbox = Inbox::new();
    let listener = Some(inbox.listener());
    let session = match request {
        Request::Create { game, timer } => {
            OnlineSession::create(options, GameId::from(game), timer, listener)
        }
        Request::Join { invite } => OnlineSession::join(options, invite, listener),
    }
    .map_err(|e| session_error(&parsed, e))?;
    identity.session_started();
    inbox.read_lines(input)?;
    let device_file = identity
        .is_kept()
        .then(|| identity.secret_path().to_string());
    Table::new(session, inbox, out, echo, glyphs, server, device_file).run()
}

/// `create` with its game and timer, or `join CODE`.
fn request(parsed: &Parsed) -> Result<Request, CliError> {
    let positionals: Vec<&str> = parsed.positionals.iter().map(String::as_str).collect();
    match positionals.as_slice() {
        ["create"] => Ok(Request::Create {
            game: parsed.game()?.unwrap_or(Variant::ZhiQi),
            timer: timer(parsed)?,
        }),
        ["join", invite] => {
            for flag in [args::GAME_FLAG, "--timer"] {
                if parsed.value(flag).is_some() {
                    return Err(parsed
                        .error(format!(
                            "{} is for create: a room plays its creator's choice",
                            parsed.spelling(flag)
                        ))
                        .into());
                }
            }
            Ok(Request::Join {
                invite: invite.to_string(),
            })
        }
        ["join"] => Err(parsed
            .error("join needs the invite code: mills online join CODE --server URL")
            .into()),
        ["create", extra] => Err(parsed
            .error(format!("unexpected argument '{extra}'"))
            .into()),
        [other, ..] => Err(parsed
            .error(format!("unknown action '{other}' (create or join)"))
            .into()),
        [] => Err(parsed.error("say what to do: create or join CODE").into()),
    }
}

/// `--timer S`: one of the server's settings (60 s, the apps' default, when absent).
fn timer(parsed: &Parsed) -> Result<TurnTimer, CliError> {
    let Some(text) = parsed.value("--timer") else {
        return Ok(mills_core::TurnTimer::default().into());
    };
    // The setting whose seconds read exactly as typed (no "060" or "+60").
    mills_core::TurnTimer::ALL
        .into_iter()
        .find(|timer| timer.seconds_or_off().to_string() == text)
        .map(TurnTimer::from)
        .ok_or_else(|| {
            parsed
                .error(format!(
                    "--timer must be 0 (off), 15, 30, 60 or 120 seconds, not '{text}'"
                ))
                .into()
        })
}

/// `--name`: one line the server accepts, refused here rather than cut short by it.
fn check_name(parsed: &Parsed) -> Result<(), CliError> {
    let Some(name) = parsed.value("--name") else {
        return Ok(());
    };
    if name.trim().is_empty()
        || name.chars().any(char::is_control)
        || name.chars().count() > MAX_NAME_CHARS
    {
        return Err(parsed
            .error(format!(
                "--name must be one line of 1 to {MAX_NAME_CHARS} characters"
            ))
            .into());
    }
    Ok(())
}

/// A session that could not start: a server address or invite that cannot be read, or a
/// device file that holds no identity.
fn session_error(parsed: &Parsed, error: MillsError) -> CliError {
    match error {
        MillsError::InvalidServer { address, reason } => parsed
            .error(format!("--server '{address}': {reason}"))
            .into(),
        MillsError::InvalidInvite { invite } => parsed
            .error(format!(
                "'{invite}' is not an invite code (XXXX-XXXX-XXXX) or an invite link"
            ))
            .into(),
        other => CliError::input(SPEC.name, other.to_string()),
    }
}
