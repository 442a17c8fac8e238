//! Difficulty grades and puzzle ratings, both from the difficulty score (docs/puzzles.md).

use serde::{Deserialize, Serialize};

/// A puzzle's difficulty grade, from its score.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Grade {
    /// Score below 40: a win in two or three turns with little to tempt.
    Easy,
    /// Score 40 to 69.
    Medium,
    /// Score 70 to 99.
    Hard,
    /// Score 100 to 139.
    Expert,
    /// Score 140 and above.
    Master,
}

impl Grade {
    /// Every grade, easiest first.
    pub const ALL: [Grade; 5] = [
        Grade::Easy,
        Grade::Medium,
        Grade::Hard,
        Grade::Expert,
        Grade::Master,
    ];

    /// The grade of a score.
    pub fn of_score(score: u16) -> Grade {
        match score {
            0..40 => Grade::Easy,
            40..70 => Grade::Medium,
            70..100 => Grade::Hard,
            100..140 => Grade::Expert,
            _ => Grade::Master,
        }
    }

    /// A stable id for saves and the command line.
    pub fn id(self) -> &'static str {
        match self {
            Grade::Easy => "easy",
            Grade::Medium => "medium",
            Grade::Hard => "hard",
            Grade::Expert => "expert",
            Grade::Master => "master",
        }
    }

    /// The grade with this id.
    pub fn from_id(id: &str) -> Option<Grade> {
        Grade::ALL.into_iter().find(|g| g.id() == id)
    }
}

/// The rating a puzzle plays at in the player rating: 1000 at a score of 20 (a win in two
/// with nothing to tempt) and 12 more a point, so a win in two is about a level-3 opponent
/// and a long, tempting one above level 10 (docs/puzzles.md compares it to the levels).
pub fn puzzle_rating(score: u16) -> f64 {
    1000.0 + 12.0 * (f64::from(score) - 20.0)
}
