//! The puzzles the engine ships: one endgame file and one tactics file per game (`data/`),
//! read once, and the look-ups by game, kind and id.

use std::sync::OnceLock;

use crate::rules::Variant;

use super::error::PuzzleError;
use super::kind::PuzzleKind;
use super::set::{Puzzle, PuzzleSet};

/// The shipped puzzle file of a game.
pub fn shipped_text(variant: Variant) -> &'static str {
    match variant {
        Variant::ZhiQi => include_str!("data/zhiqi.txt"),
        Variant::LinkedHorse => include_str!("data/linked-horse.txt"),
        Variant::TwelveMensMorris => include_str!("data/twelve-mens-morris.txt"),
    }
}

/// The shipped tactics file of a game.
pub fn shipped_tactics_text(variant: Variant) -> &'static str {
    match variant {
        Variant::ZhiQi => include_str!("data/zhiqi-tactics.txt"),
        Variant::LinkedHorse => include_str!("data/linked-horse-tactics.txt"),
        Variant::TwelveMensMorris => include_str!("data/twelve-mens-morris-tactics.txt"),
    }
}

/// The shipped set of a game, read from its file.
pub fn shipped_set(variant: Variant) -> Result<PuzzleSet, PuzzleError> {
    set_of(variant, PuzzleKind::Endgame, shipped_text(variant))
}

/// The shipped tactics of a game, read from its file.
pub fn shipped_tactic_set(variant: Variant) -> Result<PuzzleSet, PuzzleError> {
    set_of(variant, PuzzleKind::Tactic, shipped_tactics_text(variant))
}

fn set_of(variant: Variant, kind: PuzzleKind, text: &str) -> Result<PuzzleSet, PuzzleError> {
    let set = PuzzleSet::from_text(text)?;
    if set.variant() != variant || set.kind() != kind {
        return Err(PuzzleError::BadData {
            line: 1,
            reason: format!(
                "the {variant} {kind:?} file holds {} {:?} puzzles",
                set.variant(),
                set.kind()
            ),
        });
    }
    Ok(set)
}

/// The shipped puzzles of a game, endgames then tactics, in stored order (read once; a
/// damaged file, which the tests rule out, gives none of its kind and is logged).
/// [`puzzles`] and [`tactics`] are its two parts.
pub fn all_puzzles(variant: Variant) -> Vec<Puzzle> {
    static CACHE: [OnceLock<Vec<Puzzle>>; 3] = [OnceLock::new(), OnceLock::new(), OnceLock::new()];
    let slot = Variant::ALL
        .iter()
        .position(|&v| v == variant)
        .expect("a game");
    CACHE[slot]
        .get_or_init(|| {
            [shipped_set(variant), shipped_tactic_set(variant)]
                .into_iter()
                .flat_map(|set| match set {
                    Ok(set) => set.puzzles(),
                    Err(e) => {
                        log::error!("{e}");
                        Vec::new()
                    }
                })
                .collect()
        })
        .clone()
}

/// The shipped endgame puzzles of a game, in stored order.
pub fn puzzles(variant: Variant) -> Vec<Puzzle> {
    of_kind(variant, PuzzleKind::Endgame)
}

/// The shipped tactics of a game, in stored order.
pub fn tactics(variant: Variant) -> Vec<Puzzle> {
    of_kind(variant, PuzzleKind::Tactic)
}

/// The shipped puzzles of a game of one kind.
pub fn of_kind(variant: Variant, kind: PuzzleKind) -> Vec<Puzzle> {
    all_puzzles(variant)
        .into_iter()
        .filter(|p| p.kind() == kind)
        .collect()
}

/// The shipped puzzle with this id.
///
/// A shipped puzzle (endgame or tactic) by its id: the moves that reach it and the win or
/// the gain it holds.
///
/// ```
/// use mills_core::Variant;
/// use mills_core::puzzles;
///
/// let first = &puzzles::puzzles(Variant::TwelveMensMorris)[0];
/// let puzzle = puzzles::puzzle(&first.id)?;
/// assert_eq!(puzzle.variant, Variant::TwelveMensMorris);
/// assert!((2..=16).contains(&puzzle.turns), "a win in 2 to 16 turns");
/// let position = puzzle.position()?;
/// assert!(position.outcome().is_none());
/// assert!(puzzles::puzzle("no-such-puzzle").is_err());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn puzzle(id: &str) -> Result<Puzzle, PuzzleError> {
    Variant::ALL
        .into_iter()
        .flat_map(all_puzzles)
        .find(|p| p.id == id)
        .ok_or_else(|| PuzzleError::UnknownPuzzle(id.to_string()))
}
