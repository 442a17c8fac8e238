//! The message decoder on arbitrary input: it must never panic, and what it accepts must
//! survive a round trip.
//!
//!   cargo +nightly fuzz run decode   (from server/protocol)
#![no_main]

use libfuzzer_sys::fuzz_target;
use mills_protocol::{decode_client, decode_server, encode};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Ok(message) = decode_client(text) {
        assert_eq!(decode_client(&encode(&message)).ok(), Some(message));
    }
    if let Ok(message) = decode_server(text) {
        assert_eq!(decode_server(&encode(&message)).ok(), Some(message));
    }
});
