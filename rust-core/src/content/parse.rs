//! The parser of the rules text files (`en.md`, `zh-Hans.md`, ...), whose format README.md in
//! this folder describes.
//!
//! The format is a strict subset of Markdown, read block by block: a block is a run of
//! non-blank lines, and its first characters say what it is. Every string the parser returns
//! is a slice of the source, so the text reaches the apps exactly as it is written in the file,
//! and anything the parser cannot place is an error with its line number, never a guess.

use std::fmt;

/// One game's text as the file gives it, keys included.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct Game<'a> {
    /// The game's stable id, from `{#...}` in its heading.
    pub key: &'a str,
    pub name: &'a str,
    pub tagline: &'a str,
    pub summary: &'a str,
    pub key_facts: Vec<&'a str>,
    pub quick_start: Vec<&'a str>,
    pub sections: Vec<Section<'a>>,
}

/// One section of a game's rules.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct Section<'a> {
    /// The section's key, the same in every language.
    pub key: &'a str,
    pub title: &'a str,
    pub paragraphs: Vec<&'a str>,
}

/// Why a rules text file could not be read, and where.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct ParseError {
    /// The 1-based line the problem is on (one past the last line for a missing ending).
    pub line: usize,
    pub kind: ErrorKind,
}

/// What is wrong with a rules text file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) enum ErrorKind {
    /// A `<!--` comment has no `-->`.
    UnclosedComment,
    /// A heading is not alone in its block (a blank line must follow it).
    HeadingNotAlone,
    /// A heading other than `#` or `##`.
    HeadingLevel,
    /// A heading without a well-formed `{#key}` at its end (lowercase ASCII letters, digits
    /// and `-`), or without a title before it.
    HeadingKey,
    /// A paragraph or quote spans several lines (one paragraph is one line).
    ParagraphLines,
    /// A list mixes `- ` items with other lines.
    MixedList,
    /// A numbered list item does not carry the next number.
    ListNumber { expected: usize },
    /// A paragraph, item or title is empty.
    EmptyText,
    /// Text starts or ends with whitespace, which Markdown would not show.
    Whitespace,
    /// The same key twice: a game in one file, or a section in one game.
    DuplicateKey(String),
    /// A block where another was due.
    Expected {
        expected: &'static str,
        found: &'static str,
    },
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}: ", self.line)?;
        match &self.kind {
            ErrorKind::UnclosedComment => write!(f, "a `<!--` comment is never closed by `-->`"),
            ErrorKind::HeadingNotAlone => write!(f, "a heading must be followed by a blank line"),
            ErrorKind::HeadingLevel => write!(f, "only `#` and `##` headings are allowed"),
            ErrorKind::HeadingKey => write!(
                f,
                "a heading must be a title then a key such as `{{#board}}` \
                 (lowercase letters, digits and `-`)"
            ),
            ErrorKind::ParagraphLines => write!(
                f,
                "a paragraph must be one line (separate paragraphs with a blank line)"
            ),
            ErrorKind::MixedList => write!(f, "every line of a list must be an item"),
            ErrorKind::ListNumber { expected } => {
                write!(f, "this numbered item should be number {expected}")
            }
            ErrorKind::EmptyText => write!(f, "empty text"),
            ErrorKind::Whitespace => write!(f, "text starts or ends with whitespace"),
            ErrorKind::DuplicateKey(key) => write!(f, "the key `{key}` is used twice"),
            ErrorKind::Expected { expected, found } => {
                write!(f, "expected {expected}, found {found}")
            }
        }
    }
}

impl std::error::Error for ParseError {}

/// Every game of a rules text file, in file order.
pub(super) fn parse(source: &str) -> Result<Vec<Game<'_>>, ParseError> {
    let mut blocks = Blocks {
        blocks: blocks(source)?.into_iter().peekable(),
        end: source.lines().count() + 1,
    };
    let mut games: Vec<Game<'_>> = Vec::new();
    while let Some((line, block)) = blocks.blocks.next() {
        let Block::Game { title, key } = block else {
            return Err(expected(line, "a game heading (`# Name {#id}`)", &block));
        };
        if games.iter().any(|g| g.key == key) {
            return Err(duplicate(line, key));
        }
        games.push(game(&mut blocks, title, key)?);
    }
    Ok(games)
}

/// The blocks still to read, and the line number past the last for an error at the end.
struct Blocks<'a> {
    blocks: std::iter::Peekable<std::vec::IntoIter<(usize, Block<'a>)>>,
    end: usize,
}

impl<'a> Blocks<'a> {
    /// The next block, which must exist: `what` says what is due, for the error at the end.
    fn take(&mut self, what: &'static str) -> Result<(usize, Block<'a>), ParseError> {
        self.blocks.next().ok_or(ParseError {
            line: self.end,
            kind: ErrorKind::Expected {
                expected: what,
                found: "the end of the file",
            },
        })
    }

    /// The next block if it is a paragraph.
    fn paragraph(&mut self) -> Option<&'a str> {
        let &(_, Block::Paragraph(text)) = self.blocks.peek()? else {
            return None;
        };
        self.blocks.next();
        Some(text)
    }
}

/// The rest of a game after its heading: the four fixed parts, then the sections.
fn game<'a>(blocks: &mut Blocks<'a>, name: &'a str, key: &'a str) -> Result<Game<'a>, ParseError> {
    const TAGLINE: &str = "the tagline (a `> ` line)";
    let tagline = match blocks.take(TAGLINE)? {
        (_, Block::Quote(text)) => text,
        (line, other) => return Err(expected(line, TAGLINE, &other)),
    };
    const SUMMARY: &str = "the summary (a paragraph)";
    let summary = match blocks.take(SUMMARY)? {
        (_, Block::Paragraph(text)) => text,
        (line, other) => return Err(expected(line, SUMMARY, &other)),
    };
    const KEY_FACTS: &str = "the key facts (a `- ` list)";
    let key_facts = match blocks.take(KEY_FACTS)? {
        (_, Block::Bullets(items)) => items,
        (line, other) => return Err(expected(line, KEY_FACTS, &other)),
    };
    const QUICK_START: &str = "the quick start (a `1. ` list)";
    let quick_start = match blocks.take(QUICK_START)? {
        (_, Block::Numbered(items)) => items,
        (line, other) => return Err(expected(line, QUICK_START, &other)),
    };
    let mut sections: Vec<Section<'_>> = Vec::new();
    loop {
        sections.push(section(blocks, &sections)?);
        if !matches!(blocks.blocks.peek(), Some((_, Block::Section { .. }))) {
            break;
        }
    }
    Ok(Game {
        key,
        name,
        tagline,
        summary,
        key_facts,
        quick_start,
        sections,
    })
}

/// The next section, which must be one: its heading and its paragraphs. `before` are the
/// game's sections read so far, whose keys it must not repeat.
fn section<'a>(blocks: &mut Blocks<'a>, before: &[Section<'a>]) -> Result<Section<'a>, ParseError> {
    const SECTION: &str = "a section heading (`## Title {#key}`)";
    let (line, title, key) = match blocks.take(SECTION)? {
        (line, Block::Section { title, key }) => (line, title, key),
        (line, other) => return Err(expected(line, SECTION, &other)),
    };
    if before.iter().any(|s| s.key == key) {
        return Err(duplicate(line, key));
    }
    let paragraphs: Vec<&str> = std::iter::from_fn(|| blocks.paragraph()).collect();
    if paragraphs.is_empty() {
        let (line, found) = match blocks.blocks.peek() {
            Some((line, block)) => (*line, block.describe()),
            None => (blocks.end, "the end of the file"),
        };
        return Err(ParseError {
            line,
            kind: ErrorKind::Expected {
                expected: "a paragraph",
                found,
            },
        });
    }
    Ok(Section {
        key,
        title,
        paragraphs,
    })
}

/// A block of the file: a run of non-blank lines, read by its first characters.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Block<'a> {
    /// `# Title {#key}`
    Game { title: &'a str, key: &'a str },
    /// `## Title {#key}`
    Section { title: &'a str, key: &'a str },
    /// `> text`
    Quote(&'a str),
    /// `- item` lines.
    Bullets(Vec<&'a str>),
    /// `1. item` lines, numbered from 1.
    Numbered(Vec<&'a str>),
    /// One line of text.
    Paragraph(&'a str),
}

impl Block<'_> {
    fn describe(&self) -> &'static str {
        match self {
            Block::Game { .. } => "a game heading",
            Block::Section { .. } => "a section heading",
            Block::Quote(_) => "a `> ` line",
            Block::Bullets(_) => "a `- ` list",
            Block::Numbered(_) => "a numbered list",
            Block::Paragraph(_) => "a paragraph",
        }
    }
}

/// The file's blocks with the line each starts on, comments left out.
fn blocks(source: &str) -> Result<Vec<(usize, Block<'_>)>, ParseError> {
    let mut blocks = Vec::new();
    let mut run: Vec<(usize, &str)> = Vec::new();
    let mut comment_start = None;
    // `lines` also drops the `\r` of a CRLF ending, so a file saved on Windows reads the same.
    for (index, line) in source.lines().enumerate() {
        let number = index + 1;
        if comment_start.is_none() && line.starts_with("<!--") {
            comment_start = Some(number);
        }
        if comment_start.is_some() {
            // A comment stands on its own lines, and separates blocks as a blank line does.
            if line.ends_with("-->") {
                comment_start = None;
            }
        } else if !line.trim().is_empty() {
            run.push((number, line));
            continue;
        }
        if !run.is_empty() {
            blocks.push(block(&run)?);
            run.clear();
        }
    }
    if let Some(line) = comment_start {
        return Err(ParseError {
            line,
            kind: ErrorKind::UnclosedComment,
        });
    }
    if !run.is_empty() {
        blocks.push(block(&run)?);
    }
    Ok(blocks)
}

/// Reads one block from its lines (never empty).
fn block<'a>(lines: &[(usize, &'a str)]) -> Result<(usize, Block<'a>), ParseError> {
    let (first_line, first) = lines[0];
    let error = |line, kind| Err(ParseError { line, kind });
    if first.starts_with('#') {
        if let Some(&(line, _)) = lines.get(1) {
            return error(line, ErrorKind::HeadingNotAlone);
        }
        let block = if let Some(rest) = first.strip_prefix("# ") {
            let (title, key) = heading(first_line, rest)?;
            Block::Game { title, key }
        } else if let Some(rest) = first.strip_prefix("## ") {
            let (title, key) = heading(first_line, rest)?;
            Block::Section { title, key }
        } else {
            return error(first_line, ErrorKind::HeadingLevel);
        };
        return Ok((first_line, block));
    }
    if first.starts_with("- ") {
        let mut items = Vec::new();
        for &(line, text) in lines {
            let Some(item) = text.strip_prefix("- ") else {
                return error(line, ErrorKind::MixedList);
            };
            items.push(checked(line, item)?);
        }
        return Ok((first_line, Block::Bullets(items)));
    }
    if numbered(first).is_some() {
        let mut items = Vec::new();
        for &(line, text) in lines {
            let Some((number, item)) = numbered(text) else {
                return error(line, ErrorKind::MixedList);
            };
            let expected = items.len() + 1;
            if number != expected {
                return error(line, ErrorKind::ListNumber { expected });
            }
            items.push(checked(line, item)?);
        }
        return Ok((first_line, Block::Numbered(items)));
    }
    if let Some(&(line, _)) = lines.get(1) {
        return error(line, ErrorKind::ParagraphLines);
    }
    let block = match first.strip_prefix("> ") {
        Some(text) => Block::Quote(checked(first_line, text)?),
        None => Block::Paragraph(checked(first_line, first)?),
    };
    Ok((first_line, block))
}

/// The title and key of a heading's text after its `#` marks: `Title {#key}`.
fn heading(line: usize, text: &str) -> Result<(&str, &str), ParseError> {
    let malformed = ParseError {
        line,
        kind: ErrorKind::HeadingKey,
    };
    let (title, key) = text
        .strip_suffix('}')
        .and_then(|t| t.rsplit_once(" {#"))
        .ok_or_else(|| malformed.clone())?;
    let key_is_well_formed = !key.is_empty()
        && key
            .bytes()
            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-');
    if !key_is_well_formed || title.is_empty() {
        return Err(malformed);
    }
    Ok((checked(line, title)?, key))
}

/// The number and text of a numbered list item, `12. text`, or `None` for any other line.
fn numbered(line: &str) -> Option<(usize, &str)> {
    let digits = line.bytes().take_while(u8::is_ascii_digit).count();
    let text = line.get(digits..)?.strip_prefix(". ")?;
    let number = line.get(..digits)?.parse().ok()?;
    Some((number, text))
}

/// The text itself, once it is known to be shown as written.
fn checked(line: usize, text: &str) -> Result<&str, ParseError> {
    let kind = if text.is_empty() {
        ErrorKind::EmptyText
    } else if text.trim() != text {
        ErrorKind::Whitespace
    } else {
        return Ok(text);
    };
    Err(ParseError { line, kind })
}

fn expected(line: usize, expected: &'static str, found: &Block<'_>) -> ParseError {
    ParseError {
        line,
        kind: ErrorKind::Expected {
            expected,
            found: found.describe(),
        },
    }
}

fn duplicate(line: usize, key: &str) -> ParseError {
    ParseError {
        line,
        kind: ErrorKind::DuplicateKey(key.to_string()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const GAME: &str = "\
<!--
A comment
over lines.
-->

# Zhi Qi {#zhiqi}

> The tagline.

The summary.

- Fact one
- Fact two

1. First step.
2. Second step.

## Board and setup {#board}

First paragraph.

Second paragraph.

<!-- A comment between blocks. -->

## Pull {#pull}

Only paragraph.
";

    fn error(source: &str) -> ParseError {
        parse(source).expect_err("the source is malformed")
    }

    /// `GAME` with one line replaced.
    fn with_line(number: usize, line: &str) -> String {
        let mut lines: Vec<&str> = GAME.lines().collect();
        lines[number - 1] = line;
        lines.join("\n")
    }

    #[test]
    fn reads_every_part_of_a_game() {
        let games = parse(GAME).expect("well-formed");
        assert_eq!(
            games,
            [Game {
                key: "zhiqi",
                name: "Zhi Qi",
                tagline: "The tagline.",
                summary: "The summary.",
                key_facts: vec!["Fact one", "Fact two"],
                quick_start: vec!["First step.", "Second step."],
                sections: vec![
                    Section {
                        key: "board",
                        title: "Board and setup",
                        paragraphs: vec!["First paragraph.", "Second paragraph."],
                    },
                    Section {
                        key: "pull",
                        title: "Pull",
                        paragraphs: vec!["Only paragraph."],
                    },
                ],
            }]
        );
    }

    #[test]
    fn reads_several_games_and_crlf_endings() {
        let two = format!("{GAME}\n{}", GAME.replace("{#zhiqi}", "{#other}"));
        let games = parse(&two).expect("well-formed");
        assert_eq!(games.len(), 2);
        assert_eq!(games[1].key, "other");
        assert_eq!(games[1].sections, games[0].sections);
        let crlf = GAME.replace('\n', "\r\n");
        assert_eq!(parse(&crlf), parse(GAME));
    }

    #[test]
    fn text_is_kept_exactly_as_written() {
        let source = GAME.replace(
            "First paragraph.",
            "A “quote”, 24 个棋点, *stars*, `ticks` and {braces} — all kept.",
        );
        let games = parse(&source).expect("well-formed");
        assert_eq!(
            games[0].sections[0].paragraphs[0],
            "A “quote”, 24 个棋点, *stars*, `ticks` and {braces} — all kept."
        );
        // A paragraph may start with a number, as long as it is not `1. `.
        let source = GAME.replace("Only paragraph.", "24 pieces in all.");
        assert_eq!(
            parse(&source).expect("well-formed")[0].sections[1].paragraphs,
            ["24 pieces in all."]
        );
    }

    #[test]
    fn an_empty_file_has_no_games() {
        assert_eq!(parse(""), Ok(vec![]));
        assert_eq!(parse("<!-- only a comment -->\n\n"), Ok(vec![]));
    }

    #[test]
    fn each_malformation_names_its_line() {
        let cases: [(String, usize, ErrorKind); 16] = [
            (
                with_line(24, "<!-- No end."),
                24,
                ErrorKind::UnclosedComment,
            ),
            (
                GAME.replace("{#zhiqi}\n", "{#zhiqi}"),
                7,
                ErrorKind::HeadingNotAlone,
            ),
            (
                with_line(6, "### Zhi Qi {#zhiqi}"),
                6,
                ErrorKind::HeadingLevel,
            ),
            (with_line(6, "# Zhi Qi"), 6, ErrorKind::HeadingKey),
            (with_line(6, "# Zhi Qi {#Zhi Qi}"), 6, ErrorKind::HeadingKey),
            (with_line(6, "# {#zhiqi}"), 6, ErrorKind::HeadingKey),
            (
                GAME.replace("The summary.", "The summary\ngoes on."),
                11,
                ErrorKind::ParagraphLines,
            ),
            (with_line(13, "Fact two"), 13, ErrorKind::MixedList),
            (
                with_line(16, "3. Second step."),
                16,
                ErrorKind::ListNumber { expected: 2 },
            ),
            (with_line(13, "- "), 13, ErrorKind::EmptyText),
            (with_line(10, "The summary. "), 10, ErrorKind::Whitespace),
            (
                with_line(26, "## Pull {#board}"),
                26,
                ErrorKind::DuplicateKey("board".into()),
            ),
            (
                with_line(8, "Not a tagline."),
                8,
                ErrorKind::Expected {
                    expected: "the tagline (a `> ` line)",
                    found: "a paragraph",
                },
            ),
            (
                GAME.replace("1. First step.\n2. Second step.", "- First step."),
                15,
                ErrorKind::Expected {
                    expected: "the quick start (a `1. ` list)",
                    found: "a `- ` list",
                },
            ),
            (
                with_line(28, ""),
                28,
                ErrorKind::Expected {
                    expected: "a paragraph",
                    found: "the end of the file",
                },
            ),
            (
                GAME.replace("# Zhi Qi {#zhiqi}", "Stray text.\n\n# Zhi Qi {#zhiqi}"),
                6,
                ErrorKind::Expected {
                    expected: "a game heading (`# Name {#id}`)",
                    found: "a paragraph",
                },
            ),
        ];
        for (source, line, kind) in cases {
            assert_eq!(error(&source), ParseError { line, kind }, "{source}");
        }
    }

    #[test]
    fn a_game_must_have_sections_and_unique_keys() {
        let cut = GAME.split("## Board").next().expect("has sections");
        assert_eq!(
            error(cut).kind,
            ErrorKind::Expected {
                expected: "a section heading (`## Title {#key}`)",
                found: "the end of the file"
            }
        );
        let two = format!("{GAME}\n{GAME}");
        assert_eq!(error(&two).kind, ErrorKind::DuplicateKey("zhiqi".into()));
    }

    #[test]
    fn errors_read_as_sentences() {
        let e = error(&with_line(16, "3. Second step."));
        assert_eq!(
            e.to_string(),
            "line 16: this numbered item should be number 2"
        );
        let e = error(&with_line(8, "Not a tagline."));
        assert_eq!(
            e.to_string(),
            "line 8: expected the tagline (a `> ` line), found a paragraph"
        );
    }
}
