//! The device secret: the install's only identity on the server (no accounts).
//!
//! Made once, randomly, and kept in a file whose path the app passes (its private files
//! directory), so the app never handles it: it is never shown, logged or sent to anyone but
//! the server in `hello`. Written like every file of the engine (temporary file, fsync,
//! rename), so a crash leaves either no secret or a whole one; a file that holds no valid
//! secret is an error, never silently replaced (that would lose the device's seats).

use std::path::Path;

use rand::RngCore;

use crate::error::MillsError;

/// 32 random bytes as 64 hex digits (the protocol takes 32 to 128 of `A-Za-z0-9-_`).
const SECRET_BYTES: usize = 32;

/// The secret kept at `path`, made and stored first if the file does not exist.
pub(crate) fn load_or_create(path: &str) -> Result<String, MillsError> {
    let file = Path::new(path);
    match std::fs::read_to_string(file) {
        Ok(text) => {
            let secret = text.trim().to_string();
            if is_valid(&secret) {
                Ok(secret)
            } else {
                Err(MillsError::Io {
                    reason: format!("{path} does not hold a device secret"),
                })
            }
        }
        Err(err) if err.kind() == std::io::ErrorKind::NotFound => {
            let secret = random_secret();
            mills_core::write_atomic(file, secret.as_bytes()).map_err(|err| MillsError::Io {
                reason: format!("writing the device secret to {path}: {err}"),
            })?;
            Ok(secret)
        }
        Err(err) => Err(MillsError::Io {
            reason: format!("reading the device secret {path}: {err}"),
        }),
    }
}

fn random_secret() -> String {
    let mut bytes = [0u8; SECRET_BYTES];
    // ThreadRng is a CSPRNG seeded from the operating system.
    rand::rng().fill_bytes(&mut bytes);
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

fn is_valid(secret: &str) -> bool {
    (32..=128).contains(&secret.len())
        && secret
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_secret_is_made_once_and_kept() {
        let dir = std::env::temp_dir().join(format!("mills-secret-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("device-secret");
        let _ = std::fs::remove_file(&path);
        let path = path.to_str().unwrap();
        let first = load_or_create(path).unwrap();
        assert_eq!(first.len(), 64);
        assert_eq!(
            load_or_create(path).unwrap(),
            first,
            "read back, not made again"
        );
        std::fs::write(path, "not a secret").unwrap();
        assert!(matches!(load_or_create(path), Err(MillsError::Io { .. })));
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
