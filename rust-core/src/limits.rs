//! What a search is given and what its scores mean, shared by the levels, the search and its
//! table (kept apart from all three so that none of them imports another in a circle).

use std::time::Duration;

/// A won position's score; wins sooner score higher.
pub const WIN: i32 = 100_000;
/// Scores beyond this are wins or losses found by search, not evaluations.
pub const WIN_THRESHOLD: i32 = WIN - 1_000;

/// How long a search may run: it stops at whichever limit comes first.
///
/// A search stops at the first limit reached:
///
/// ```
/// use std::time::Duration;
/// use mills_core::SearchLimits;
///
/// let by_depth = SearchLimits::depth(4);
/// assert_eq!((by_depth.depth, by_depth.time), (Some(4), None));
/// let by_time = SearchLimits::time(Duration::from_millis(200));
/// assert_eq!(by_time.time, Some(Duration::from_millis(200)));
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct SearchLimits {
    /// Whole turns to look ahead.
    pub depth: Option<u32>,
    /// A hard budget: the search returns its best action so far when it runs out.
    pub time: Option<Duration>,
    /// A budget of positions visited.
    pub nodes: Option<u64>,
}

impl SearchLimits {
    /// Search `depth` whole turns deep, with no time limit.
    pub fn depth(depth: u32) -> SearchLimits {
        SearchLimits {
            depth: Some(depth),
            ..SearchLimits::default()
        }
    }

    /// Search for at most `time`.
    pub fn time(time: Duration) -> SearchLimits {
        SearchLimits {
            time: Some(time),
            ..SearchLimits::default()
        }
    }
}
