//! A store's error: a failure, or a conflict with a write another process stored first.

use std::fmt;

/// A store failed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StoreError {
    message: String,
    conflict: bool,
}

impl StoreError {
    /// A failure: the write is not stored.
    pub fn new(message: impl Into<String>) -> StoreError {
        StoreError {
            message: message.into(),
            conflict: false,
        }
    }

    /// The row is taken: another write (of this or another server process) stored the
    /// same key first. The caller reloads the room and decides again.
    pub fn conflict(message: impl Into<String>) -> StoreError {
        StoreError {
            message: message.into(),
            conflict: true,
        }
    }

    /// See [`StoreError::conflict`].
    pub fn is_conflict(&self) -> bool {
        self.conflict
    }
}

impl fmt::Display for StoreError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "store: {}", self.message)
    }
}

impl std::error::Error for StoreError {}
