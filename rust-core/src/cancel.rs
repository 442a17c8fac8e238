//! Stopping long work from another thread: a search, a hint, a table build.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

/// A flag another thread sets to stop a search at once (new game, undo, leaving the screen).
///
/// Clones share the flag: the screen keeps one, the search the other.
///
/// ```
/// use mills_core::{CancelToken, Game, Rules, SearchLimits, hint};
///
/// let token = CancelToken::new();
/// let for_the_search = token.clone();
/// token.cancel();
/// assert!(for_the_search.is_cancelled());
/// let game = Game::new(Rules::ZHIQI);
/// assert!(hint(&game, SearchLimits::depth(20), &for_the_search).is_none(), "stopped at once");
/// ```
#[derive(Clone, Debug, Default)]
pub struct CancelToken(Arc<AtomicBool>);

impl CancelToken {
    /// A token that is not cancelled.
    pub fn new() -> CancelToken {
        CancelToken::default()
    }

    /// Asks the work holding a clone of this token to stop; it cannot be undone.
    pub fn cancel(&self) {
        self.0.store(true, Ordering::Relaxed);
    }

    /// Whether [`CancelToken::cancel`] was called on this token or a clone.
    pub fn is_cancelled(&self) -> bool {
        self.0.load(Ordering::Relaxed)
    }
}
