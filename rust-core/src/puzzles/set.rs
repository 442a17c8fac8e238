//! A game's puzzle set as the engine ships it: a small text file per game, embedded in the
//! engine, written by `mills puzzles mine` and read back here.
//!
//! # Format
//! ```text
//! # mills puzzles 1 twelve-mens-morris
//! g d6 a7 d7 ...          a mined game's actions from the start, in the record notation
//! p 0a0123 004100 57 4 63 a puzzle of the game line above: its key (the canonical sets of
//!                         the side to move and of the other, hex), how many of the game's
//!                         actions reach it, its turns to the win and its score
//! ```
//! Puzzles of one mined game share its line, which keeps the file small.
//!
//! A tactics file (`# mills tactics 1 <game>`) has the same game lines; its puzzle lines add
//! the hands (side to move's and other's, one hex digit each: the board alone does not say
//! what is still to be placed) and the goal's gain K after the turns N:
//! ```text
//! p 0a0123 004100 75 17 2 1 33   key, hands, actions, N, K, score
//! ```

use std::fmt::Write as _;

use crate::action::{Action, format_actions, parse_actions};
use crate::game::Game;
use crate::position::Position;
use crate::rules::{Rules, Variant};

use super::error::PuzzleError;
use super::grade::{Grade, puzzle_rating};
use super::kind::PuzzleKind;

/// The first line's words before the game id, of an endgame file.
const HEADER: &str = "# mills puzzles 1 ";
/// The first line's words before the game id, of a tactics file.
const TACTICS_HEADER: &str = "# mills tactics 1 ";

/// What a stored tactic adds to an endgame puzzle's fields.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct StoredTactic {
    /// Pieces in hand: the side to move's and the other's.
    pub hands: (u8, u8),
    /// K: the balance the goal asks to gain (docs/puzzles.md, "Tactics").
    pub gain: u8,
}

/// One puzzle as stored: the position's canonical key, the moves that reach it from the
/// start, the turns to the win and the difficulty score.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StoredPuzzle {
    /// The canonical sets (side to move, other) over the board's symmetries.
    pub key: (u32, u32),
    /// The actions from the start that reach the puzzle's position.
    pub actions: Vec<Action>,
    /// The winner's own turns to the win.
    pub turns: u8,
    /// The difficulty score (docs/puzzles.md).
    pub score: u16,
    /// A tactic's hands and gain; `None` for an endgame.
    pub tactic: Option<StoredTactic>,
}

impl StoredPuzzle {
    /// The puzzle's stable id: the game, `t` for a tactic, the key (and a tactic's hands).
    pub fn id(&self, variant: Variant) -> String {
        let (m, o) = self.key;
        match self.tactic {
            None => format!("{}-{m:06x}-{o:06x}", id_prefix(variant)),
            Some(t) => format!(
                "{}-t-{m:06x}-{o:06x}-{:x}{:x}",
                id_prefix(variant),
                t.hands.0,
                t.hands.1
            ),
        }
    }
}

/// A puzzle: a position reached by legal play where the side to move wins in
/// [`Puzzle::turns`] of its own turns with a unique first turn (an endgame), or gains
/// [`Puzzle::gain`] within them whatever the opponent does (a tactic).
#[derive(Clone, Debug, PartialEq)]
pub struct Puzzle {
    /// A stable id: the game and the position's canonical key, e.g. `tmm-0a0123-004100`;
    /// a tactic's has a `t` and the hands, e.g. `tmm-t-0a0123-004100-75`.
    pub id: String,
    /// The game.
    pub variant: Variant,
    /// The mover's own turns: to the win (N in "win in N"), or within which a tactic's gain
    /// is due.
    pub turns: u8,
    /// A tactic's K: the balance it must gain (docs/puzzles.md); `None` for an endgame.
    pub gain: Option<u8>,
    /// The difficulty score (docs/puzzles.md).
    pub score: u16,
    /// The difficulty grade, from the score.
    pub grade: Grade,
    /// The puzzle's rating for the player rating (from the score).
    pub rating: f64,
    /// The actions from the start of a game that reach the puzzle's position.
    pub moves: Vec<Action>,
}

impl Puzzle {
    /// An endgame or a tactic.
    pub fn kind(&self) -> PuzzleKind {
        match self.gain {
            None => PuzzleKind::Endgame,
            Some(_) => PuzzleKind::Tactic,
        }
    }

    /// The game that reaches the puzzle (its history included).
    pub fn game(&self) -> Result<Game, PuzzleError> {
        Game::replay(Rules::of(self.variant), &self.moves)
            .map_err(|e| PuzzleError::NotReachable(format!("{}: {e}", self.id)))
    }

    /// The puzzle's position.
    pub fn position(&self) -> Result<Position, PuzzleError> {
        Ok(*self.game()?.position())
    }
}

/// The short game prefix of puzzle ids.
pub fn id_prefix(variant: Variant) -> &'static str {
    match variant {
        Variant::ZhiQi => "zq",
        Variant::LinkedHorse => "lh",
        Variant::TwelveMensMorris => "tmm",
    }
}

/// A game's puzzles of one kind, in the order they are stored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PuzzleSet {
    variant: Variant,
    kind: PuzzleKind,
    puzzles: Vec<StoredPuzzle>,
}

impl PuzzleSet {
    /// A set of endgames of `variant` with these puzzles.
    pub fn new(variant: Variant, puzzles: Vec<StoredPuzzle>) -> PuzzleSet {
        PuzzleSet {
            variant,
            kind: PuzzleKind::Endgame,
            puzzles,
        }
    }

    /// A set of tactics of `variant` (every puzzle has its [`StoredPuzzle::tactic`]).
    pub fn tactics(variant: Variant, puzzles: Vec<StoredPuzzle>) -> PuzzleSet {
        PuzzleSet {
            variant,
            kind: PuzzleKind::Tactic,
            puzzles,
        }
    }

    /// Endgames or tactics.
    pub fn kind(&self) -> PuzzleKind {
        self.kind
    }

    /// The game.
    pub fn variant(&self) -> Variant {
        self.variant
    }

    /// The puzzles as stored.
    pub fn stored(&self) -> &[StoredPuzzle] {
        &self.puzzles
    }

    /// The puzzles with their ids, grades and ratings.
    pub fn puzzles(&self) -> Vec<Puzzle> {
        self.puzzles
            .iter()
            .map(|p| Puzzle {
                id: p.id(self.variant),
                variant: self.variant,
                turns: p.turns,
                gain: p.tactic.map(|t| t.gain),
                score: p.score,
                grade: Grade::of_score(p.score),
                rating: puzzle_rating(p.score),
                moves: p.actions.clone(),
            })
            .collect()
    }

    /// The text file (see the module's documentation).
    pub fn to_text(&self) -> String {
        let header = match self.kind {
            PuzzleKind::Endgame => HEADER,
            PuzzleKind::Tactic => TACTICS_HEADER,
        };
        let mut text = format!("{header}{}\n", self.variant.id());
        let mut last_game: Option<&[Action]> = None;
        for (i, p) in self.puzzles.iter().enumerate() {
            // A game line holds the longest prefix any of its following puzzles needs.
            let shares = last_game.is_some_and(|g| {
                g.len() >= p.actions.len() && g[..p.actions.len()] == p.actions[..]
            });
            if !shares {
                let longest = self.puzzles[i..]
                    .iter()
                    .take_while(|q| {
                        q.actions.starts_with(&p.actions) || p.actions.starts_with(&q.actions)
                    })
                    .map(|q| &q.actions)
                    .max_by_key(|a| a.len())
                    .expect("p itself");
                writeln!(text, "g {}", format_actions(longest)).expect("a string");
                last_game = Some(longest);
            }
            write!(text, "p {:06x} {:06x} ", p.key.0, p.key.1).expect("a string");
            match p.tactic {
                None => writeln!(text, "{} {} {}", p.actions.len(), p.turns, p.score),
                Some(t) => writeln!(
                    text,
                    "{:x}{:x} {} {} {} {}",
                    t.hands.0,
                    t.hands.1,
                    p.actions.len(),
                    p.turns,
                    t.gain,
                    p.score
                ),
            }
            .expect("a string");
        }
        text
    }

    /// Reads a set written by [`PuzzleSet::to_text`].
    pub fn from_text(text: &str) -> Result<PuzzleSet, PuzzleError> {
        let bad = |line: usize, reason: String| PuzzleError::BadData { line, reason };
        let mut lines = text.lines().enumerate();
        let (_, header) = lines.next().ok_or_else(|| bad(1, "empty".into()))?;
        let (kind, id) = if let Some(id) = header.strip_prefix(HEADER) {
            (PuzzleKind::Endgame, id)
        } else if let Some(id) = header.strip_prefix(TACTICS_HEADER) {
            (PuzzleKind::Tactic, id)
        } else {
            return Err(bad(1, format!("not a puzzle file: '{header}'")));
        };
        let variant = id.parse::<Variant>().map_err(|e| bad(1, e.to_string()))?;
        let mut puzzles = Vec::new();
        let mut game: Option<Vec<Action>> = None;
        for (i, line) in lines {
            let number = i + 1;
            if let Some(moves) = line.strip_prefix("g ") {
                game = Some(parse_actions(moves).map_err(|e| bad(number, e.to_string()))?);
            } else if let Some(fields) = line.strip_prefix("p ") {
                let words: Vec<&str> = fields.split_whitespace().collect();
                let (m, o, hands, length, turns, gain, score) = match (kind, &words[..]) {
                    (PuzzleKind::Endgame, &[m, o, length, turns, score]) => {
                        (m, o, None, length, turns, None, score)
                    }
                    (PuzzleKind::Tactic, &[m, o, hands, length, turns, gain, score]) => {
                        (m, o, Some(hands), length, turns, Some(gain), score)
                    }
                    (PuzzleKind::Endgame, _) => {
                        return Err(bad(number, "a puzzle line has five fields".into()));
                    }
                    (PuzzleKind::Tactic, _) => {
                        return Err(bad(number, "a tactic line has seven fields".into()));
                    }
                };
                let hex = |w: &str| {
                    u32::from_str_radix(w, 16).map_err(|e| bad(number, format!("'{w}': {e}")))
                };
                let num = |w: &str| {
                    w.parse::<usize>()
                        .map_err(|e| bad(number, format!("'{w}': {e}")))
                };
                let game = game
                    .as_ref()
                    .ok_or_else(|| bad(number, "a puzzle before any game line".into()))?;
                let length = num(length)?;
                if length > game.len() {
                    return Err(bad(number, "longer than its game".into()));
                }
                let turns = u8::try_from(num(turns)?).map_err(|e| bad(number, e.to_string()))?;
                let score = u16::try_from(num(score)?).map_err(|e| bad(number, e.to_string()))?;
                let tactic = match (hands, gain) {
                    (Some(hands), Some(gain)) => Some(StoredTactic {
                        hands: parse_hands(hands).ok_or_else(|| {
                            bad(number, format!("'{hands}': two hex digits, the hands"))
                        })?,
                        gain: u8::try_from(num(gain)?).map_err(|e| bad(number, e.to_string()))?,
                    }),
                    _ => None,
                };
                puzzles.push(StoredPuzzle {
                    key: (hex(m)?, hex(o)?),
                    actions: game[..length].to_vec(),
                    turns,
                    score,
                    tactic,
                });
            } else if !line.trim().is_empty() && !line.starts_with('#') {
                return Err(bad(number, format!("unknown line '{line}'")));
            }
        }
        Ok(PuzzleSet {
            variant,
            kind,
            puzzles,
        })
    }
}

/// Two hex digits: the side to move's hand and the other's.
fn parse_hands(word: &str) -> Option<(u8, u8)> {
    let mut digits = word.chars().map(|c| c.to_digit(16).map(|d| d as u8));
    match (digits.next(), digits.next(), digits.next()) {
        (Some(Some(m)), Some(Some(o)), None) => Some((m, o)),
        _ => None,
    }
}
