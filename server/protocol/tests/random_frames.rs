//! The decoder on random and mutated frames: it never panics, and whatever it accepts is
//! within the limits and survives a round trip. A cheap, dependency-free cousin of the fuzz
//! target in fuzz/ (run that with cargo-fuzz for depth).

use mills_protocol::limits::MAX_CLIENT_FRAME_BYTES;
use mills_protocol::{ClientMessage, DecodeError, decode_client, decode_server, encode};

/// xorshift64*: reproducible without a dependency.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

const SEEDS: &[&str] = &[
    r#"{"type":"hello","protocol":1,"device":"0123456789abcdef0123456789abcdef","name":"Ann"}"#,
    r#"{"type":"create","game":"zhiqi","timer":60,"side":"p2"}"#,
    r#"{"type":"join","code":"K7QM-2XRP-9DTA"}"#,
    r#"{"type":"open","room":"K7QM2XRP9DTA"}"#,
    r#"{"type":"turn","room":"K7QM2XRP9DTA","game":1,"revision":3,"id":"c-1","actions":["a7","xg1"]}"#,
    r#"{"type":"resign","room":"K7QM2XRP9DTA","game":2,"id":"r:1"}"#,
    r#"{"type":"rematch","room":"K7QM2XRP9DTA","game":1}"#,
    r#"{"type":"ping","nonce":7}"#,
];

const PIECES: &[&str] = &[
    "{",
    "}",
    "[",
    "]",
    ",",
    ":",
    "\"",
    "\\u0000",
    "\\",
    "null",
    "true",
    "-1",
    "1e999",
    "18446744073709551616",
    "\"type\"",
    "\"turn\"",
    "é",
    "\u{fffd}",
    " ",
    "\n",
];

fn mutate(rng: &mut Rng, seed: &str) -> String {
    let mut text = seed.to_string();
    for _ in 0..1 + rng.below(4) {
        let mut at = rng.below(text.len() + 1);
        while !text.is_char_boundary(at) {
            at -= 1;
        }
        match rng.below(4) {
            0 => text.insert_str(at, PIECES[rng.below(PIECES.len())]),
            1 => {
                let mut end = (at + 1 + rng.below(8)).min(text.len());
                while !text.is_char_boundary(end) {
                    end -= 1;
                }
                text.replace_range(at..end.max(at), "");
            }
            2 => text.insert_str(at, &"x".repeat(rng.below(6000))),
            _ => text = SEEDS[rng.below(SEEDS.len())].to_string(),
        }
    }
    text
}

#[test]
fn mutated_frames_never_panic_and_what_decodes_round_trips() {
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    let mut accepted = 0;
    for _ in 0..20_000 {
        let seed = SEEDS[rng.below(SEEDS.len())];
        let text = mutate(&mut rng, seed);
        match decode_client(&text) {
            Ok(message) => {
                accepted += 1;
                assert!(text.len() <= MAX_CLIENT_FRAME_BYTES);
                let again: ClientMessage = decode_client(&encode(&message)).unwrap();
                assert_eq!(again, message);
            }
            Err(DecodeError::TooLarge { bytes, .. }) => assert!(bytes > MAX_CLIENT_FRAME_BYTES),
            Err(_) => {}
        }
        let _ = decode_server(&text);
    }
    assert!(
        accepted > 100,
        "the mutations should leave many frames valid: {accepted}"
    );
}

#[test]
fn random_bytes_never_panic() {
    let mut rng = Rng(42);
    for _ in 0..5_000 {
        let len = rng.below(200);
        let bytes: Vec<u8> = (0..len).map(|_| rng.next() as u8).collect();
        let text = String::from_utf8_lossy(&bytes);
        assert!(decode_client(&text).is_err() || text.starts_with('{'));
        let _ = decode_server(&text);
    }
}

#[test]
fn deep_nesting_is_refused_not_overflowed() {
    let deep = format!(
        r#"{{"type":"ping","x":{}1{}}}"#,
        "[".repeat(2000),
        "]".repeat(2000)
    );
    assert!(decode_client(&deep).is_err());
}
