//! A tiny hand-written command-line parser (no clap: the engine keeps its dependencies few).
//!
//! Each subcommand describes its flags once, as a [`CommandSpec`]; the same table drives
//! parsing and the `--help` text, so the two cannot drift apart. Flags are long only
//! (`--depth 3` or `--depth=3`), plus `-h` for help. Anything unexpected is an error that
//! names the offending word: a tool driving `mills` should fail loudly, never be guessed at.

use std::str::FromStr;

use mills_core::Variant;

use crate::error::{CliError, UsageError};

/// The help of a `--game` flag that takes one game: the stable ids of the games.
pub const GAME_HELP: &str = "game: zhiqi, linked-horse or twelve-mens-morris";

/// The flag that names a game, in every command that takes one.
pub const GAME_FLAG: &str = "--game";

/// The other spelling of [`GAME_FLAG`], accepted everywhere it is: `perft`, `legal`, `play`,
/// `hint`, `match` and `lessons` first spelled the game this way, and tools still drive them so.
pub const GAME_ALIAS: &str = "--variant";

/// `--moves`, shared by the commands that start from a played position.
pub const MOVES_FLAG: FlagSpec = FlagSpec::value(
    "--moves",
    "\"M\"",
    "actions played first, e.g. \"d6 a7 xd7\" (a word may be a turn: d6-d5xd7)",
);

/// One flag of a subcommand.
pub struct FlagSpec {
    /// The flag as typed, e.g. `--depth`.
    pub name: &'static str,
    /// The placeholder of its value in help (`D`), or `None` for a switch.
    pub value: Option<&'static str>,
    /// Whether the command refuses to run without it (checked by [`parse`]).
    pub required: bool,
    /// Another spelling that means the same flag (`--variant` for `--game`), or `None`.
    pub alias: Option<&'static str>,
    pub help: &'static str,
}

impl FlagSpec {
    /// An optional flag that takes a value.
    pub const fn value(name: &'static str, placeholder: &'static str, help: &'static str) -> Self {
        FlagSpec {
            name,
            value: Some(placeholder),
            required: false,
            alias: None,
            help,
        }
    }

    /// A flag with a value that must be given.
    pub const fn required(
        name: &'static str,
        placeholder: &'static str,
        help: &'static str,
    ) -> Self {
        FlagSpec {
            required: true,
            ..FlagSpec::value(name, placeholder, help)
        }
    }

    /// A flag that is present or not.
    pub const fn switch(name: &'static str, help: &'static str) -> Self {
        FlagSpec {
            name,
            value: None,
            required: false,
            alias: None,
            help,
        }
    }

    /// `--game G` (alias `--variant`), optional; read it with [`Parsed::game`] or
    /// [`Parsed::games`].
    pub const fn game(help: &'static str) -> Self {
        FlagSpec {
            alias: Some(GAME_ALIAS),
            ..FlagSpec::value(GAME_FLAG, "G", help)
        }
    }

    /// `--game G` (alias `--variant`), which the command cannot run without; read it with
    /// [`Parsed::required_game`].
    pub const fn required_game(help: &'static str) -> Self {
        FlagSpec {
            required: true,
            ..FlagSpec::game(help)
        }
    }

    /// Whether `typed` is this flag, in either spelling.
    fn is_named(&self, typed: &str) -> bool {
        self.name == typed || self.alias == Some(typed)
    }

    /// The help text, with the other spelling when there is one.
    fn help_text(&self) -> String {
        match self.alias {
            Some(alias) => format!("{} (also {alias})", self.help),
            None => self.help.to_string(),
        }
    }

    /// The flag as shown in help tables: `--depth D` or `--divide`.
    fn synopsis(&self) -> String {
        match self.value {
            Some(placeholder) => format!("{} {placeholder}", self.name),
            None => self.name.to_string(),
        }
    }

    /// The flag as shown in usage lines: optional flags in brackets.
    fn usage(&self) -> String {
        if self.required {
            self.synopsis()
        } else {
            format!("[{}]", self.synopsis())
        }
    }
}

/// A subcommand: its name, what it does, its flags and its positional arguments.
pub struct CommandSpec {
    pub name: &'static str,
    /// One short line for the overview.
    pub summary: &'static str,
    /// More for the command's own `--help` (output format, defaults), or "".
    pub details: &'static str,
    /// Positional arguments as shown in the usage line (`[perft|all]`), or "".
    pub positionals: &'static str,
    /// How many positional arguments are accepted at most.
    pub max_positionals: usize,
    pub flags: &'static [FlagSpec],
}

impl CommandSpec {
    /// The usage line, e.g. `mills perft --game G --depth D [--moves "M"] [--divide]`.
    pub fn usage_line(&self) -> String {
        let mut line = format!("mills {}", self.name);
        if !self.positionals.is_empty() {
            line.push(' ');
            line.push_str(self.positionals);
        }
        for flag in self.flags {
            line.push(' ');
            line.push_str(&flag.usage());
        }
        line
    }

    /// The full `--help` text of this command.
    pub fn help(&self) -> String {
        let mut text = format!("{}\n\nUsage: {}\n", self.summary, self.usage_line());
        if !self.flags.is_empty() {
            text.push_str("\nFlags:\n");
            text.push_str(&flag_table(self.flags));
        }
        if !self.details.is_empty() {
            text.push('\n');
            text.push_str(self.details);
        }
        text
    }

    /// The flag `typed` names, by its name or its alias.
    fn flag(&self, typed: &str) -> Option<&'static FlagSpec> {
        self.flags.iter().find(|f| f.is_named(typed))
    }
}

/// The flags as an aligned two-column table, one per line.
pub fn flag_table(flags: &[FlagSpec]) -> String {
    let width = flags.iter().map(|f| f.synopsis().len()).max().unwrap_or(0);
    let mut text = String::new();
    for flag in flags {
        text.push_str(&format!(
            "  {:width$}  {}\n",
            flag.synopsis(),
            flag.help_text(),
            width = width
        ));
    }
    text
}

/// One flag given on the command line.
#[derive(Debug)]
struct Given {
    /// The flag's name in its spec (`--game` when `--variant` was typed).
    name: &'static str,
    /// The spelling typed, for errors that quote the user's own words.
    typed: String,
    /// Its value ("" for switches).
    value: String,
}

/// The command line of one subcommand, checked against its spec.
#[derive(Debug)]
pub struct Parsed {
    command: &'static str,
    /// Flags given, each once.
    given: Vec<Given>,
    pub positionals: Vec<String>,
    /// `--help` or `-h` was given: the caller prints help and ignores everything else.
    pub help: bool,
}

/// Checks `args` (the words after the subcommand name) against `spec`.
/// Parses a command's words; when they ask for help, writes the command's help to `out` and
/// returns `None`, so every command answers `--help` the same way.
pub fn parse_or_help(
    spec: &CommandSpec,
    args: &[String],
    out: &mut impl std::io::Write,
) -> Result<Option<Parsed>, CliError> {
    let parsed = parse(spec, args)?;
    if parsed.help {
        write!(out, "{}", spec.help())?;
        return Ok(None);
    }
    Ok(Some(parsed))
}

pub fn parse(spec: &CommandSpec, args: &[String]) -> Result<Parsed, UsageError> {
    let error = |message: String| UsageError {
        command: spec.name,
        message,
    };
    let mut parsed = Parsed {
        command: spec.name,
        given: Vec::new(),
        positionals: Vec::new(),
        help: false,
    };
    let mut words = args.iter();
    while let Some(word) = words.next() {
        if word == "--help" || word == "-h" {
            parsed.help = true;
            continue;
        }
        if !word.starts_with('-') || word == "-" {
            if parsed.positionals.len() == spec.max_positionals {
                return Err(error(format!("unexpected argument '{word}'")));
            }
            parsed.positionals.push(word.clone());
            continue;
        }
        let (name, inline_value) = match word.split_once('=') {
            Some((name, value)) => (name, Some(value.to_string())),
            None => (word.as_str(), None),
        };
        let Some(flag) = spec.flag(name) else {
            return Err(error(format!("unknown flag '{name}'")));
        };
        if let Some(earlier) = parsed.given.iter().find(|g| g.name == flag.name) {
            return Err(error(if earlier.typed == name {
                format!("{name} is given twice")
            } else {
                format!("{} and {name} are the same flag: give one", earlier.typed)
            }));
        }
        let value = match (flag.value, inline_value) {
            (None, None) => String::new(),
            (None, Some(_)) => return Err(error(format!("{name} takes no value"))),
            (Some(_), Some(value)) => value,
            // A following flag is a forgotten value, not the value itself (`--moves --divide`).
            (Some(placeholder), None) => match words.next() {
                Some(value) if !value.starts_with("--") => value.clone(),
                _ => {
                    return Err(error(format!(
                        "{name} needs a value ({name} {placeholder})"
                    )));
                }
            },
        };
        parsed.given.push(Given {
            name: flag.name,
            typed: name.to_string(),
            value,
        });
    }
    if !parsed.help {
        check_required(spec, &parsed)?;
    }
    Ok(parsed)
}

/// The first required flag that is missing, as an error that says what it is for.
fn check_required(spec: &CommandSpec, parsed: &Parsed) -> Result<(), UsageError> {
    match spec
        .flags
        .iter()
        .find(|f| f.required && parsed.value(f.name).is_none())
    {
        Some(flag) => Err(parsed.error(format!("{} is required ({})", flag.name, flag.help))),
        None => Ok(()),
    }
}

impl Parsed {
    /// An error about this command's arguments.
    pub fn error(&self, message: impl Into<String>) -> UsageError {
        UsageError {
            command: self.command,
            message: message.into(),
        }
    }

    fn given(&self, name: &str) -> Option<&Given> {
        self.given.iter().find(|g| g.name == name)
    }

    /// Whether a switch was given.
    pub fn switch(&self, name: &str) -> bool {
        self.given(name).is_some()
    }

    /// The value of a flag (by its spec's name, whichever spelling was typed), if given.
    pub fn value(&self, name: &str) -> Option<&str> {
        self.given(name).map(|g| g.value.as_str())
    }

    /// The flag as the user typed it (`--variant` for `--game`), or its name if not given.
    pub fn spelling<'a>(&'a self, name: &'a str) -> &'a str {
        self.given(name).map_or(name, |g| g.typed.as_str())
    }

    /// The game `--game` (or `--variant`) names, if given; an unknown id is an error that
    /// quotes the flag as typed and lists the games.
    pub fn game(&self) -> Result<Option<Variant>, UsageError> {
        let Some(id) = self.value(GAME_FLAG) else {
            return Ok(None);
        };
        id.parse()
            .map(Some)
            .map_err(|e| self.error(format!("{}: {e}", self.spelling(GAME_FLAG))))
    }

    /// The game of a command that cannot run without one.
    pub fn required_game(&self) -> Result<Variant, UsageError> {
        self.game()?
            .ok_or_else(|| self.error(format!("{GAME_FLAG} is required ({GAME_HELP})")))
    }

    /// The games `--game` names: one, or all three for `all` or no flag.
    pub fn games(&self) -> Result<Vec<Variant>, UsageError> {
        if matches!(self.value(GAME_FLAG), None | Some("all")) {
            return Ok(Variant::ALL.to_vec());
        }
        Ok(self.game()?.into_iter().collect())
    }

    /// A whole number from a flag, with `what` naming it in errors (`"depth"`).
    pub fn number<T: FromStr>(&self, name: &str, what: &str) -> Result<Option<T>, UsageError> {
        let Some(text) = self.value(name) else {
            return Ok(None);
        };
        text.parse().map(Some).map_err(|_| {
            self.error(format!(
                "{what} must be a whole number, not '{text}' ({name})"
            ))
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const SPEC: CommandSpec = CommandSpec {
        name: "demo",
        summary: "A demo command.",
        details: "",
        positionals: "[what]",
        max_positionals: 1,
        flags: &[
            FlagSpec::required("--depth", "D", "how deep"),
            FlagSpec::switch("--divide", "split"),
        ],
    };

    fn words(line: &str) -> Vec<String> {
        line.split_whitespace().map(String::from).collect()
    }

    #[test]
    fn values_switches_and_positionals_are_read() {
        let parsed = parse(&SPEC, &words("all --depth 3 --divide")).unwrap();
        assert!(parse(&SPEC, &words("--help")).unwrap().help);
        assert_eq!(parsed.number::<u32>("--depth", "depth").unwrap(), Some(3));
        assert!(parsed.switch("--divide"));
        assert_eq!(parsed.positionals, ["all"]);
        let inline = parse(&SPEC, &words("--depth=4")).unwrap();
        assert_eq!(inline.value("--depth"), Some("4"));
        assert!(!inline.switch("--divide"));
    }

    #[test]
    fn mistakes_name_the_offending_word() {
        let message = |line: &str| parse(&SPEC, &words(line)).unwrap_err().message;
        assert_eq!(message("--deep 3"), "unknown flag '--deep'");
        assert_eq!(message("--divide"), "--depth is required (how deep)");
        assert_eq!(message("--depth"), "--depth needs a value (--depth D)");
        assert_eq!(
            message("--depth --divide"),
            "--depth needs a value (--depth D)"
        );
        assert_eq!(message("--divide=yes"), "--divide takes no value");
        assert_eq!(message("--divide --divide"), "--divide is given twice");
        assert_eq!(message("a b --depth 1"), "unexpected argument 'b'");
        let bad_depth = parse(&SPEC, &words("--depth -1")).unwrap();
        assert_eq!(
            bad_depth
                .number::<u32>("--depth", "depth")
                .unwrap_err()
                .message,
            "depth must be a whole number, not '-1' (--depth)"
        );
    }

    const GAME_SPEC: CommandSpec = CommandSpec {
        name: "demo",
        summary: "A demo command.",
        details: "",
        positionals: "",
        max_positionals: 0,
        flags: &[FlagSpec::game("which game")],
    };

    #[test]
    fn game_is_read_from_either_spelling() {
        let game = |line: &str| parse(&GAME_SPEC, &words(line)).unwrap().game().unwrap();
        assert_eq!(game("--game linked-horse"), Some(Variant::LinkedHorse));
        assert_eq!(game("--variant linked-horse"), Some(Variant::LinkedHorse));
        assert_eq!(game("--variant=zhiqi"), Some(Variant::ZhiQi));
        assert_eq!(game(""), None);
        let games = |line: &str| parse(&GAME_SPEC, &words(line)).unwrap().games().unwrap();
        assert_eq!(games("--variant all"), Variant::ALL);
        assert_eq!(games(""), Variant::ALL);
        assert_eq!(games("--game zhiqi"), [Variant::ZhiQi]);
    }

    #[test]
    fn game_mistakes_quote_the_flag_as_typed() {
        let message = |line: &str| parse(&GAME_SPEC, &words(line)).unwrap_err().message;
        assert_eq!(
            message("--game zhiqi --variant zhiqi"),
            "--game and --variant are the same flag: give one"
        );
        assert_eq!(
            message("--variant zhiqi --game linked-horse"),
            "--variant and --game are the same flag: give one"
        );
        assert_eq!(
            message("--variant a --variant b"),
            "--variant is given twice"
        );
        let chess = parse(&GAME_SPEC, &words("--variant chess")).unwrap();
        assert!(
            chess
                .game()
                .unwrap_err()
                .message
                .starts_with("--variant: unknown game 'chess'")
        );
        let none = parse(&GAME_SPEC, &words("")).unwrap();
        assert_eq!(
            none.required_game().unwrap_err().message,
            format!("--game is required ({GAME_HELP})")
        );
    }

    #[test]
    fn help_lists_every_flag() {
        let help = SPEC.help();
        assert!(help.contains("Usage: mills demo [what] --depth D [--divide]"));
        assert!(help.contains("--depth D  how deep"));
        let help = GAME_SPEC.help();
        assert!(help.contains("Usage: mills demo [--game G]"), "{help}");
        assert!(
            help.contains("--game G  which game (also --variant)"),
            "{help}"
        );
    }
}
