//! The app's listener of a session's events.

use super::types::OnlineEvent;

/// Implemented in Kotlin or Swift. Called on the session's connection thread, never with a
/// session lock held (it may call the session); hop to the UI thread before touching the UI.
#[uniffi::export(foreign)]
pub trait OnlineListener: Send + Sync {
    fn on_event(&self, event: OnlineEvent);
}
