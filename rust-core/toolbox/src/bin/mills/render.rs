//! The game as text for people: the board with coordinates, the players' counts, and what
//! the side to move must do, in words.
//!
//! The board is drawn from a fixed template of the 7×7 grid (three squares, the cross-lines
//! and the four corner diagonals) in which every point is a `+`; pieces replace the `+`.
//! Only the pieces may be non-ASCII: `●`/`○` need a UTF-8 terminal, so [`Glyphs::detect`]
//! falls back to `X`/`O` when the locale does not say UTF-8, and `--ascii` forces it (for
//! terminals that draw `●` double-width, as CJK ones may).

use mills_core::MillEffect;
use mills_core::{Pending, Phase, Point, Position, RemovalKind, Side};

/// The board template: rank 7 at the top, file `a` at column [`FIRST_COLUMN`], one file
/// every [`COLUMN_STEP`] characters, one rank every two lines.
const TEMPLATE: [&str; 13] = [
    " 7  +-----------+-----------+  7",
    "    | \\         |         / |",
    " 6  |   +-------+-------+   |  6",
    "    |   | \\     |     / |   |",
    " 5  |   |   +---+---+   |   |  5",
    "    |   |   |       |   |   |",
    " 4  +---+---+       +---+---+  4",
    "    |   |   |       |   |   |",
    " 3  |   |   +---+---+   |   |  3",
    "    |   | /     |     \\ |   |",
    " 2  |   +-------+-------+   |  2",
    "    | /         |         \\ |",
    " 1  +-----------+-----------+  1",
];
const FILES: &str = "    a   b   c   d   e   f   g";
const FIRST_COLUMN: usize = 4;
const COLUMN_STEP: usize = 4;

/// How pieces and empty points are drawn.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Glyphs {
    Unicode,
    Ascii,
}

impl Glyphs {
    /// Unicode when the locale (LC_ALL, LC_CTYPE, LANG, the first one set) says UTF-8.
    pub fn detect() -> Glyphs {
        let locale = ["LC_ALL", "LC_CTYPE", "LANG"]
            .iter()
            .filter_map(|name| std::env::var(name).ok())
            .find(|value| !value.is_empty())
            .unwrap_or_default()
            .to_ascii_lowercase();
        if locale.contains("utf-8") || locale.contains("utf8") {
            Glyphs::Unicode
        } else {
            Glyphs::Ascii
        }
    }

    pub fn piece(self, side: Side) -> char {
        match (self, side) {
            (Glyphs::Unicode, Side::P1) => '●',
            (Glyphs::Unicode, Side::P2) => '○',
            (Glyphs::Ascii, Side::P1) => 'X',
            (Glyphs::Ascii, Side::P2) => 'O',
        }
    }

    fn empty(self) -> char {
        match self {
            Glyphs::Unicode => '·',
            Glyphs::Ascii => '+',
        }
    }
}

/// Line and column of a point in [`TEMPLATE`].
fn cell(p: Point) -> (usize, usize) {
    let (file, rank) = p.file_rank();
    let line = (6 - usize::from(rank)) * 2;
    (line, FIRST_COLUMN + COLUMN_STEP * usize::from(file))
}

/// The board with file letters above and below and rank numbers on both sides.
pub fn board(position: &Position, glyphs: Glyphs) -> String {
    let mut grid: Vec<Vec<char>> = TEMPLATE.iter().map(|l| l.chars().collect()).collect();
    if !position.rules().diagonals {
        for c in grid.iter_mut().flatten() {
            if *c == '\\' || *c == '/' {
                *c = ' ';
            }
        }
    }
    for p in Point::ALL {
        let (line, column) = cell(p);
        grid[line][column] = match position.owner(p) {
            Some(side) => glyphs.piece(side),
            None => glyphs.empty(),
        };
    }
    let mut text = format!("{FILES}\n");
    for line in grid {
        text.extend(line);
        text.push('\n');
    }
    text.push_str(FILES);
    text.push('\n');
    text
}

/// One line per player: glyph, pieces on the board, in hand, and then the stable in
/// Linked-Horse (where nothing is ever captured and the stable is the score) or the pieces
/// lost in the other games.
pub fn players(position: &Position, glyphs: Glyphs) -> String {
    let stables = uses_stable(position);
    let mut text = String::new();
    for side in Side::BOTH {
        text.push_str(&format!(
            "  {side} {}  board {:2}  hand {:2}",
            glyphs.piece(side),
            position.board(side).count(),
            position.hand(side)
        ));
        if stables {
            text.push_str(&format!("  stable {}\n", position.stable(side)));
        } else {
            text.push_str(&format!("  lost {}\n", position.lost(side)));
        }
    }
    text
}

fn uses_stable(position: &Position) -> bool {
    let rules = position.rules();
    rules.mill_while_placing == MillEffect::Stable || rules.mill_while_moving == MillEffect::Stable
}

/// What the side to move must do, in words, with a legal example:
/// "P1: place a piece (9 in hand), e.g. d6". Empty when the game is over.
pub fn instruction(position: &Position) -> String {
    let legal = position.legal_actions();
    let Some(example) = legal.first() else {
        return String::new();
    };
    let us = position.side_to_move();
    let them = us.opponent();
    let task = match position.pending() {
        Pending::None => match position.phase() {
            Phase::Placing => format!("{us}: place a piece ({} in hand)", position.hand(us)),
            Phase::Moving => format!("{us}: step a piece along a line"),
        },
        Pending::Remove { kind, count } => match kind {
            RemovalKind::Pin => {
                format!("{us}: pin one of {them}'s pieces, it becomes yours ({count} owed)")
            }
            RemovalKind::Capture => format!("{us}: capture one of {them}'s pieces ({count} owed)"),
            RemovalKind::Pull => {
                format!("{us} is blocked: pull a {them} piece next to one of yours")
            }
        },
        Pending::StepAfterPull => format!("{us}: now step a piece (the pull is made)"),
    };
    format!("{task}, e.g. {example}")
}

#[cfg(test)]
mod tests {
    use super::*;
    use mills_core::{Game, Rules, parse_actions};

    fn after(rules: Rules, moves: &str) -> Position {
        *Game::replay(rules, &parse_actions(moves).unwrap())
            .unwrap()
            .position()
    }

    #[test]
    fn every_point_of_the_template_is_a_point_of_the_board() {
        let plus_count: usize = TEMPLATE.iter().map(|l| l.matches('+').count()).sum();
        assert_eq!(plus_count, 24);
        for p in Point::ALL {
            let (line, column) = cell(p);
            assert_eq!(TEMPLATE[line].chars().nth(column), Some('+'), "{p}");
        }
    }

    #[test]
    fn pieces_are_drawn_on_their_points() {
        let position = after(Rules::ZHIQI, "a7 g1 d5");
        let text = board(&position, Glyphs::Ascii);
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines[1], " 7  X-----------+-----------+  7");
        assert_eq!(lines[5], " 5  |   |   +---X---+   |   |  5");
        assert_eq!(lines[13], " 1  +-----------+-----------O  1");
        assert_eq!(lines[0], lines[14], "file letters above and below");
    }

    #[test]
    fn instructions_name_the_task_and_give_an_example() {
        let start = Position::new(Rules::ZHIQI);
        assert_eq!(
            instruction(&start),
            "P1: place a piece (12 in hand), e.g. a7"
        );
        // Twelve Men's Morris F: a double mill on the ninth placement owes one capture.
        let capture = after(Rules::TWELVE_MENS_MORRIS, "a1 g1 a4 g4 d7 e3 g7 e4 a7");
        assert!(
            instruction(&capture).starts_with("P1: capture one of P2's pieces (1 owed), e.g. x"),
            "{}",
            instruction(&capture)
        );
        // Zhi Qi H: a full board, P2 to move and blocked.
        let h = "d7 a7 g7 g4 d1 g1 a4 a1 b6 d6 f6 f4 f2 b2 d2 b4 d5 c5 e4 e5 c3 e3 c4 d3";
        let pull = after(Rules::ZHIQI, h);
        assert!(
            instruction(&pull).starts_with("P2 is blocked: pull a P1 piece next to one of yours"),
            "{}",
            instruction(&pull)
        );
    }

    #[test]
    fn stables_are_shown_only_in_linked_horse() {
        let lh = players(&Position::new(Rules::LINKED_HORSE), Glyphs::Ascii);
        assert_eq!(
            lh,
            "  P1 X  board  0  hand 10  stable 0\n  P2 O  board  0  hand 10  stable 0\n"
        );
        let zq = players(&Position::new(Rules::ZHIQI), Glyphs::Unicode);
        assert!(!zq.contains("stable") && zq.contains("lost 0"));
        assert!(zq.contains("P1 ●"));
    }
}
