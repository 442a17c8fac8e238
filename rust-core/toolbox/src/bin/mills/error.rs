//! What can go wrong in a command, and the exit code each kind of failure gets.
//!
//! Exit codes are part of the interface other tools rely on: 0 success, 1 the output could
//! not be written, 2 bad input (a mistake on the command line or an illegal move in `--moves`),
//! 3 a check found a problem (`mills lessons --check`), 4 the server could not be reached
//! (`mills online`).

use std::fmt;
use std::io;

/// A mistake on the command line. Shown as `mills <command>: <message>` with a pointer to
/// the command's help; the process exits with code 2.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UsageError {
    pub command: &'static str,
    pub message: String,
}

impl fmt::Display for UsageError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "mills {}: {}\n(see 'mills {} --help')",
            self.command, self.message, self.command
        )
    }
}

/// A failed command.
#[derive(Debug)]
pub enum CliError {
    /// The command line is wrong: shown with a pointer to the command's help.
    Usage(UsageError),
    /// The command line is well-formed but its content is not (an illegal move), or names
    /// no command (`command` is then "").
    Input {
        command: &'static str,
        message: String,
    },
    /// Writing the output failed.
    Io(io::Error),
    /// A check ran and found problems (already printed on stdout).
    CheckFailed(String),
    /// `mills online` could not reach the server, or does not trust it: the command line
    /// was fine, the network or the server is not (an operator's smoke test tells them
    /// apart by the exit code).
    Network(String),
}

impl CliError {
    pub fn input(command: &'static str, message: impl Into<String>) -> CliError {
        CliError::Input {
            command,
            message: message.into(),
        }
    }

    /// The process exit code for this failure.
    pub fn exit_code(&self) -> u8 {
        match self {
            CliError::Usage(_) | CliError::Input { .. } => 2,
            CliError::Io(_) => 1,
            CliError::CheckFailed(_) => 3,
            CliError::Network(_) => 4,
        }
    }

    /// A closed pipe (`mills perft --divide | head`) is the reader's choice, not a failure
    /// worth a message.
    pub fn is_broken_pipe(&self) -> bool {
        matches!(self, CliError::Io(e) if e.kind() == io::ErrorKind::BrokenPipe)
    }
}

impl fmt::Display for CliError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CliError::Usage(e) => e.fmt(f),
            CliError::Input {
                command: "",
                message,
            } => write!(f, "mills: {message}"),
            CliError::Input { command, message } => write!(f, "mills {command}: {message}"),
            CliError::Io(e) => write!(f, "mills: cannot write the output: {e}"),
            CliError::CheckFailed(message) => write!(f, "mills: {message}"),
            CliError::Network(message) => write!(f, "mills online: {message}"),
        }
    }
}

impl From<UsageError> for CliError {
    fn from(e: UsageError) -> CliError {
        CliError::Usage(e)
    }
}

impl From<io::Error> for CliError {
    fn from(e: io::Error) -> CliError {
        CliError::Io(e)
    }
}
