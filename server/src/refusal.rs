//! The refusals the requests share: a store that failed (logged; nothing was applied), a
//! room the device has no seat in, a rate limit with its wait.

use std::time::Duration;

use mills_protocol::ErrorCode;

use crate::room::Refusal;
use crate::store::StoreError;

pub fn storage(e: StoreError) -> Refusal {
    log::error!(error = e.to_string().as_str(); "store write failed");
    Refusal::new(
        ErrorCode::Storage,
        "the server could not store it; nothing was applied",
    )
}

pub fn refusal(code: ErrorCode, message: impl Into<String>) -> Refusal {
    Refusal::new(code, message)
}

pub fn rate_limited(message: String, wait: Duration) -> Refusal {
    let mut refusal = Refusal::new(ErrorCode::RateLimited, message);
    refusal.retry_after_ms = Some(wait.as_millis() as u64);
    refusal
}

pub fn not_in_room() -> Refusal {
    refusal(
        ErrorCode::NotInRoom,
        "this device has no seat in such a room",
    )
}
