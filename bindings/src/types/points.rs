//! Point names and action notation across the boundary.

use mills_core::{Action, Point};

use crate::error::MillsError;

/// A cell of the 7×7 drawing grid.
#[derive(Debug, Clone, Copy, PartialEq, Eq, uniffi::Record)]
pub struct GridCell {
    /// 0..7 for files a..g.
    pub file: u8,
    /// 0..7 for ranks 1..7.
    pub rank: u8,
}

pub(crate) fn parse_point(name: &str) -> Result<Point, MillsError> {
    name.trim().parse().map_err(|_| MillsError::InvalidPoint {
        point: name.to_string(),
    })
}

pub(crate) fn point_at(index: u32) -> Result<Point, MillsError> {
    usize::try_from(index)
        .ok()
        .and_then(Point::from_index)
        .ok_or_else(|| MillsError::InvalidPoint {
            point: format!("#{index}"),
        })
}

/// Actions in notation.
pub(crate) fn actions_text(actions: &[Action]) -> Vec<String> {
    actions.iter().map(Action::to_string).collect()
}

/// Lines (three points each) as point names.
pub(crate) fn lines_text(lines: &[[Point; 3]]) -> Vec<Vec<String>> {
    lines
        .iter()
        .map(|line| line.iter().map(Point::to_string).collect())
        .collect()
}
