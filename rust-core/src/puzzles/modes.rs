//! The ways to pick puzzles: the daily puzzle (a pure function of the date: the same for
//! everyone, no network), the rush (difficulty rising) and free choice by game and grade.

use crate::rules::Variant;

use super::error::PuzzleError;
use super::grade::Grade;
use super::kind::PuzzleKind;
use super::mine::SplitMix;
use super::set::Puzzle;
use super::shipped::all_puzzles;

/// Both kinds of puzzle.
pub const ALL_KINDS: &[PuzzleKind] = &[PuzzleKind::Endgame, PuzzleKind::Tactic];

/// The kinds the apps' modes ([`daily_puzzle`], [`rush_order`], [`choose`], [`grade_counts`],
/// [`opening_grade`]) draw from: both, since the apps' one puzzle session plays a tactic
/// against the goal search as it plays an endgame against the tables. The `_from` forms
/// take the kinds.
pub const MODE_KINDS: &[PuzzleKind] = ALL_KINDS;

/// The shipped puzzles of a game of these kinds, in stored order.
fn catalogue(variant: Variant, kinds: &[PuzzleKind]) -> Vec<Puzzle> {
    all_puzzles(variant)
        .into_iter()
        .filter(|p| kinds.contains(&p.kind()))
        .collect()
}

/// The fixed seed of the daily puzzle: changing it changes every day's puzzle.
pub const DAILY_SEED: u64 = 0x6D69_6C6C_7364_6179;

/// How long a rush lasts, in seconds (the app keeps the clock).
pub const RUSH_SECONDS: u32 = 180;

/// Days from 1970-01-01 to a date of the proleptic Gregorian calendar, or `None` if there is
/// no such date.
pub fn days_from_civil(year: i32, month: u32, day: u32) -> Option<i64> {
    let leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0;
    let days_in_month = match month {
        1 | 3 | 5 | 7 | 8 | 10 | 12 => 31,
        4 | 6 | 9 | 11 => 30,
        2 if leap => 29,
        2 => 28,
        _ => return None,
    };
    if day == 0 || day > days_in_month {
        return None;
    }
    // Howard Hinnant's days_from_civil.
    let y = i64::from(year) - i64::from(month <= 2);
    let era = y.div_euclid(400);
    let yoe = y - era * 400;
    let m = i64::from(month);
    let doy = (153 * (if m > 2 { m - 3 } else { m + 9 }) + 2) / 5 + i64::from(day) - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    Some(era * 146_097 + doe - 719_468)
}

/// The daily puzzle of a date (the player's local calendar date), of `variant`, or of a game
/// chosen by the date too when `None`.
///
/// The same date gives the same puzzle on every device:
///
/// ```
/// use mills_core::Variant;
/// use mills_core::puzzles::daily_puzzle;
///
/// let today = daily_puzzle(Some(Variant::LinkedHorse), 2026, 12, 7)?;
/// assert_eq!(today.id, daily_puzzle(Some(Variant::LinkedHorse), 2026, 12, 7)?.id);
/// assert_eq!(today.variant, Variant::LinkedHorse);
/// assert!(daily_puzzle(None, 2026, 2, 30).is_err(), "no such date");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn daily_puzzle(
    variant: Option<Variant>,
    year: i32,
    month: u32,
    day: u32,
) -> Result<Puzzle, PuzzleError> {
    daily_puzzle_from(MODE_KINDS, variant, year, month, day)
}

/// [`daily_puzzle`] drawn from puzzles of `kinds` (with [`ALL_KINDS`], an endgame or a
/// tactic, in proportion to how many of each the game has).
pub fn daily_puzzle_from(
    kinds: &[PuzzleKind],
    variant: Option<Variant>,
    year: i32,
    month: u32,
    day: u32,
) -> Result<Puzzle, PuzzleError> {
    let days =
        days_from_civil(year, month, day).ok_or(PuzzleError::BadDate { year, month, day })?;
    let mut rng = SplitMix::new(DAILY_SEED ^ days as u64);
    let variant = variant.unwrap_or_else(|| Variant::ALL[rng.below(Variant::ALL.len())]);
    let list = catalogue(variant, kinds);
    if list.is_empty() {
        return Err(PuzzleError::NoPuzzles(variant));
    }
    let pick = rng.below(list.len());
    Ok(list[pick].clone())
}

/// A rush's order: every puzzle of the game, grade by grade from the easiest, shuffled within
/// a grade by `seed` (a new seed each rush), and by score within blocks of ten so that the
/// difficulty keeps rising.
pub fn rush_order(variant: Variant, seed: u64) -> Vec<Puzzle> {
    rush_order_from(MODE_KINDS, variant, seed)
}

/// [`rush_order`] over the puzzles of `kinds` (with [`ALL_KINDS`], endgames and tactics
/// mixed within each grade).
pub fn rush_order_from(kinds: &[PuzzleKind], variant: Variant, seed: u64) -> Vec<Puzzle> {
    let mut rng = SplitMix::new(seed);
    let mut order = Vec::new();
    for grade in Grade::ALL {
        let mut of_grade = choose_from(kinds, variant, Some(grade));
        for i in (1..of_grade.len()).rev() {
            of_grade.swap(i, rng.below(i + 1));
        }
        for block in of_grade.chunks_mut(10) {
            block.sort_by_key(|p| p.score);
        }
        order.extend(of_grade);
    }
    order
}

/// Free choice: the game's puzzles of a grade (all of them for `None`), easiest first.
///
/// The easy puzzles of a game, easiest first:
///
/// ```
/// use mills_core::Variant;
/// use mills_core::puzzles::{Grade, choose};
///
/// let easy = choose(Variant::LinkedHorse, Some(Grade::Easy));
/// assert!(!easy.is_empty());
/// assert!(easy.iter().all(|p| p.grade == Grade::Easy));
/// assert!(easy.windows(2).all(|w| w[0].score <= w[1].score));
/// assert_eq!(Grade::from_id("easy"), Some(Grade::Easy));
/// ```
pub fn choose(variant: Variant, grade: Option<Grade>) -> Vec<Puzzle> {
    choose_from(MODE_KINDS, variant, grade)
}

/// [`choose`] among the puzzles of `kinds`.
pub fn choose_from(kinds: &[PuzzleKind], variant: Variant, grade: Option<Grade>) -> Vec<Puzzle> {
    let mut list: Vec<Puzzle> = catalogue(variant, kinds)
        .into_iter()
        .filter(|p| grade.is_none_or(|g| p.grade == g))
        .collect();
    list.sort_by(|a, b| a.score.cmp(&b.score).then_with(|| a.id.cmp(&b.id)));
    list
}

/// How many puzzles a game has of each grade, both kinds together, every grade easiest first
/// (a grade the game has none of counts 0).
///
/// ```
/// use mills_core::Variant;
/// use mills_core::puzzles::{Grade, grade_counts, tactics};
///
/// let counts = grade_counts(Variant::ZhiQi);
/// assert_eq!(counts.map(|(grade, _)| grade), Grade::ALL);
/// // Zhi Qi has no easy endgame (docs/puzzles.md says why): its easy puzzles are tactics
/// let easy = counts[0].1;
/// let easy_tactics = tactics(Variant::ZhiQi)
///     .iter()
///     .filter(|p| p.grade == Grade::Easy)
///     .count();
/// assert!(easy > 0);
/// assert_eq!(easy, easy_tactics);
/// ```
pub fn grade_counts(variant: Variant) -> [(Grade, usize); 5] {
    let list = catalogue(variant, MODE_KINDS);
    Grade::ALL.map(|grade| (grade, list.iter().filter(|p| p.grade == grade).count()))
}

/// The grade a free choice of the game opens on: `preferred` (the player's last choice) if
/// the game has puzzles of it, else the easiest grade it has; `None` only for a game with no
/// puzzle at all. No player is shown an empty list for a grade the game lacks.
///
/// ```
/// use mills_core::Variant;
/// use mills_core::puzzles::{Grade, opening_grade};
///
/// assert_eq!(opening_grade(Variant::ZhiQi, Some(Grade::Hard)), Some(Grade::Hard));
/// assert_eq!(opening_grade(Variant::ZhiQi, None), Some(Grade::Easy));
/// ```
pub fn opening_grade(variant: Variant, preferred: Option<Grade>) -> Option<Grade> {
    let counts = grade_counts(variant);
    let has = |grade: Grade| counts.iter().any(|&(g, n)| g == grade && n > 0);
    preferred
        .filter(|&grade| has(grade))
        .or_else(|| Grade::ALL.into_iter().find(|&grade| has(grade)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn civil_days_are_right_and_refuse_bad_dates() {
        assert_eq!(days_from_civil(1970, 1, 1), Some(0));
        assert_eq!(days_from_civil(2000, 3, 1), Some(11_017));
        assert_eq!(days_from_civil(2026, 12, 6), Some(20_793));
        assert_eq!(days_from_civil(2024, 2, 29), Some(19_782));
        assert_eq!(days_from_civil(2023, 2, 29), None);
        assert_eq!(days_from_civil(2026, 13, 1), None);
        assert_eq!(days_from_civil(2026, 4, 31), None);
    }
}
