//! `log` output on each platform, set up once. It stands below the error type, whose
//! [`crate::error::guard`] sets it up on every entry point.

use std::sync::OnceLock;

static INIT: OnceLock<()> = OnceLock::new();

pub(crate) fn init_logging_once() {
    INIT.get_or_init(|| {
        platform_logger();
        // Panics are caught at the boundary; make sure their message reaches the platform
        // log too (stderr goes nowhere in an app), then keep the previous behaviour.
        let previous = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            log::error!("panic: {info}");
            previous(info);
        }));
        log::debug!("mills-ffi {} logging ready", env!("CARGO_PKG_VERSION"));
    });
}

#[cfg(target_os = "android")]
fn platform_logger() {
    android_logger::init_once(
        android_logger::Config::default()
            .with_max_level(log::LevelFilter::Info)
            .with_tag("mills"),
    );
}

#[cfg(all(target_vendor = "apple", feature = "apple-log"))]
fn platform_logger() {
    let logger = oslog::OsLogger::new("app.mills.core").level_filter(log::LevelFilter::Info);
    // Another logger may already be installed by the app: keep it.
    let _ = logger.init();
}

#[cfg(not(any(
    target_os = "android",
    all(target_vendor = "apple", feature = "apple-log")
)))]
fn platform_logger() {}
