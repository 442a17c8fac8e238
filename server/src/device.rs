//! What the server keeps of a device's secret: its key, `sha256:` and the SHA-256 of the
//! secret in hex. The secret is the device's seat in its rooms, so the database holds only
//! the key: a copy of the database does not let anyone sit in those seats. A plain hash is
//! enough (no salt, no slow hash): secrets are at least 32 random characters, far beyond
//! guessing, unlike passwords.

use sha2::{Digest, Sha256};

const PREFIX: &str = "sha256:";

/// The key of a device secret as the client sends it.
pub fn key_of(secret: &str) -> String {
    let digest = Sha256::digest(secret.as_bytes());
    let mut key = String::with_capacity(PREFIX.len() + 64);
    key.push_str(PREFIX);
    for byte in digest.iter() {
        key.push_str(&format!("{byte:02x}"));
    }
    key
}

/// Whether a stored value is a key already (older databases stored the secret itself).
pub fn is_key(stored: &str) -> bool {
    stored.starts_with(PREFIX)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_key_is_the_secrets_sha256_and_never_the_secret() {
        // SHA-256("abc") from FIPS 180-2.
        assert_eq!(
            key_of("abc"),
            "sha256:ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
        );
        let secret = "Qm9yZ2VzIGFuZCB0aGUgbGFieXJpbnRoIG9mIG1pbGxz";
        assert!(is_key(&key_of(secret)));
        assert!(!key_of(secret).contains(secret));
        assert!(!is_key(secret));
    }
}
