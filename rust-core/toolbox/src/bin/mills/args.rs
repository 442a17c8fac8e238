//! A tiny hand-written command-line parser (no clap: the engine keeps its dependencies few).
//!
//! Each subcommand describes its flags once, as a [`CommandSpec`]; the same table drives
//! parsing and the `--help` text, so the two cannot drift apart. Flags are long only
//! (`--depth 3` or `--depth=3`), plus `-h` for help. Anything unexpected is an error that
//! names the offending word: a tool driving `mills` should fail loudly, never be guessed at.

use std::str::FromStr;

use mills_core::Variant;

use crate::error::{CliError, UsageError};

/// The help of every `--variant` flag: the stable ids of the games.
pub const VARIANT_HELP: &str = "game: zhiqi, linked-horse or twelve-mens-morris";

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
    pub help: &'static str,
}

impl FlagSpec {
    /// An optional flag that takes a value.
    pub const fn value(name: &'static str, placeholder: &'static str, help: &'static str) -> Self {
        FlagSpec {
            name,
            value: Some(placeholder),
            required: false,
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
            help,
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
    /// The usage line, e.g. `mills perft --variant V --depth D [--moves "M"] [--divide]`.
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

    fn flag(&self, name: &str) -> Option<&'static FlagSpec> {
        self.flags.iter().find(|f| f.name == name)
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
            flag.help,
            width = width
        ));
    }
    text
}

/// The command line of one subcommand, checked against its spec.
#[derive(Debug)]
pub struct Parsed {
    command: &'static str,
    /// Flags given, with their values ("" for switches).
    given: Vec<(&'static str, String)>,
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
        if parsed.given.iter().any(|(n, _)| *n == flag.name) {
            return Err(error(format!("{name} is given twice")));
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
        parsed.given.push((flag.name, value));
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

    /// Whether a switch was given.
    pub fn switch(&self, name: &str) -> bool {
        self.given.iter().any(|(n, _)| *n == name)
    }

    /// The value of a flag, if given.
    pub fn value(&self, name: &str) -> Option<&str> {
        self.given
            .iter()
            .find(|(n, _)| *n == name)
            .map(|(_, v)| v.as_str())
    }

    /// The game named by `--variant`; required unless a default is given.
    pub fn variant(&self, default: Option<Variant>) -> Result<Variant, UsageError> {
        match (self.value("--variant"), default) {
            (Some(id), _) => id.parse().map_err(|e| self.error(format!("{e}"))),
            (None, Some(variant)) => Ok(variant),
            (None, None) => Err(self.error(format!("--variant is required ({VARIANT_HELP})"))),
        }
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

    #[test]
    fn variant_is_required_or_defaulted() {
        let none = parse(&SPEC, &words("--depth 1")).unwrap();
        assert!(none.variant(None).unwrap_err().message.contains("required"));
        assert_eq!(none.variant(Some(Variant::ZhiQi)), Ok(Variant::ZhiQi));
    }

    #[test]
    fn help_lists_every_flag() {
        let help = SPEC.help();
        assert!(help.contains("Usage: mills demo [what] --depth D [--divide]"));
        assert!(help.contains("--depth D  how deep"));
    }
}
