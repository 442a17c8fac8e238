//! What the apps' settings show about a server address before anything connects: whether
//! it is encrypted (the "not encrypted" warning, and Android's cleartext check of the host)
//! and where the server's privacy policy is. Read by the same parser the connection uses.

use super::link::ServerAddress;
use crate::error::{MillsError, guard};

/// A server address as the engine will use it.
#[derive(Debug, Clone, PartialEq, Eq, uniffi::Record)]
pub struct ServerAddressInfo {
    /// The host the connection goes to (an IPv6 address without its brackets).
    pub host: String,
    pub port: u16,
    /// TLS (`wss://`): true for a bare host and for `wss://` or `https://`; false only for a
    /// typed `ws://` or `http://`.
    pub encrypted: bool,
    /// The server's privacy policy: `https://HOST[:PORT]/privacy` (`http://` when not
    /// encrypted), the page mills-server serves.
    pub privacy_url: String,
}

/// Reads a server address as `OnlineSession` would; `InvalidServer` says why it cannot be
/// used.
#[uniffi::export]
pub fn read_server_address(address: String) -> Result<ServerAddressInfo, MillsError> {
    guard(|| {
        let server =
            ServerAddress::parse(&address).map_err(|reason| MillsError::InvalidServer {
                address: address.clone(),
                reason,
            })?;
        let scheme = if server.secure { "https" } else { "http" };
        Ok(ServerAddressInfo {
            privacy_url: format!("{scheme}://{}/privacy", server.authority),
            host: server.host,
            port: server.port,
            encrypted: server.secure,
        })
    })
}

/// The server online play uses: the address typed in Settings when there is one, else the
/// app build's default (an empty build setting means none), else `None` (the app is
/// offline). Both apps ask this one function, so the order is the same on both.
#[uniffi::export]
pub fn choose_server_address(setting: String, build_default: String) -> Option<String> {
    [setting, build_default]
        .into_iter()
        .map(|address| address.trim().to_string())
        .find(|address| !address.is_empty())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_settings_learn_encryption_and_the_policy_page() {
        let bare = read_server_address("mills.example.org".into()).unwrap();
        assert!(bare.encrypted);
        assert_eq!(bare.privacy_url, "https://mills.example.org/privacy");
        let port = read_server_address("wss://mills.example.org:8443/game/ws".into()).unwrap();
        assert_eq!(port.privacy_url, "https://mills.example.org:8443/privacy");
        let plain = read_server_address("ws://192.168.1.5:8080".into()).unwrap();
        assert!(!plain.encrypted);
        assert_eq!((plain.host.as_str(), plain.port), ("192.168.1.5", 8080));
        assert_eq!(plain.privacy_url, "http://192.168.1.5:8080/privacy");
        assert!(matches!(
            read_server_address("ftp://x".into()),
            Err(MillsError::InvalidServer { .. })
        ));
    }

    #[test]
    fn the_setting_overrides_the_build_default_and_blank_means_none() {
        let choose = |s: &str, d: &str| choose_server_address(s.into(), d.into());
        assert_eq!(
            choose(" mine.example ", "app.example").as_deref(),
            Some("mine.example")
        );
        assert_eq!(
            choose("  ", " app.example\n").as_deref(),
            Some("app.example")
        );
        assert_eq!(choose("", ""), None);
        assert_eq!(choose("\t", " "), None);
    }
}
