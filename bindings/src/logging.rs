//! The app's call that sets up `log` output (see `platform_log`).

/// Sets up logging (logcat on Android, os_log on Apple platforms; nothing elsewhere). Every
/// entry point calls it; calling it again does nothing.
#[uniffi::export]
pub fn init_logging() -> Result<(), crate::error::MillsError> {
    crate::error::guard(|| Ok(()))
}
