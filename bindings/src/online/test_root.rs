//! A test certificate authority for the app suites, and only for them.
//!
//! With the `test-ca` feature, a `wss://` session also trusts the DER certificate in the file
//! `MILLS_TEST_ROOT_CERT` names, read when the session starts: the Compose and Linux Swift
//! suites build the library with it to play through a TLS front of their own on loopback
//! (tests/tls-front). The apps' builds never enable it (Gradle's cargo-ndk and the iOS
//! scripts build `-p mills-ffi` with no features; tests/platform checks that), and without
//! it this is a no-op: the apps trust the web's public roots and nothing else.

/// The variable the `test-ca` library reads.
#[cfg(feature = "test-ca")]
const VARIABLE: &str = "MILLS_TEST_ROOT_CERT";

/// `extra_roots`, and with `test-ca` the test root if the variable names one.
pub(crate) fn roots_with(extra_roots: &[Vec<u8>]) -> Result<Vec<Vec<u8>>, String> {
    let roots = extra_roots.to_vec();
    #[cfg(feature = "test-ca")]
    let roots = with_test_root(roots)?;
    Ok(roots)
}

/// A variable naming a file that cannot be read is an error (a test set it up wrong), never
/// ignored.
#[cfg(feature = "test-ca")]
fn with_test_root(mut roots: Vec<Vec<u8>>) -> Result<Vec<Vec<u8>>, String> {
    if let Some(path) = std::env::var_os(VARIABLE).map(std::path::PathBuf::from) {
        let der = std::fs::read(&path)
            .map_err(|e| format!("the test root in {VARIABLE} ({}): {e}", path.display()))?;
        roots.push(der);
    }
    Ok(roots)
}
