//! What the apps' settings show about a server address before anything connects: whether
//! it is encrypted (the "not encrypted" warning, and Android's cleartext check of the host)
//! and where the server's privacy policy is. Read by the same parser the connection uses.

use std::net::{SocketAddr, ToSocketAddrs};

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

/// Where the server is: a `ws://host:port/path` or `wss://…` address.
#[derive(Debug, Clone)]
pub(crate) struct ServerAddress {
    /// `host:port` as written (the `Host` header).
    pub authority: String,
    pub path: String,
    pub host: String,
    pub port: u16,
    /// `wss://` (or `https://`): TLS under the WebSocket.
    pub secure: bool,
}

impl ServerAddress {
    /// Reads `ws://host:port/path`, `wss://…` (TLS, port 443 by default), `http://…` and
    /// `https://…` (the same servers), or a bare `host` / `host:port`, which is `wss://`:
    /// the device secret is the player's seat, so it travels unencrypted only when the player
    /// typed `ws://`. The path defaults to the protocol's `/ws`.
    pub fn parse(text: &str) -> Result<ServerAddress, String> {
        let text = text.trim();
        let (scheme, rest) = match text.split_once("://") {
            Some((scheme, rest)) => (scheme.to_ascii_lowercase(), rest),
            None => ("wss".to_string(), text),
        };
        let secure = match scheme.as_str() {
            "ws" | "http" => false,
            "wss" | "https" => true,
            other => return Err(format!("'{other}' is not a WebSocket scheme")),
        };
        let (authority, path) = match rest.find('/') {
            Some(at) => (&rest[..at], &rest[at..]),
            None => (rest, ""),
        };
        let path = if path.is_empty() || path == "/" {
            mills_protocol::WS_PATH
        } else {
            path
        };
        let (host, port) = match authority.rsplit_once(':') {
            Some((host, port)) if !host.ends_with(']') || host.starts_with('[') => {
                let port = port
                    .parse::<u16>()
                    .map_err(|_| format!("'{port}' is not a port"))?;
                (host, port)
            }
            _ => (authority, if secure { 443 } else { 80 }),
        };
        if host.is_empty() {
            return Err("no host".into());
        }
        Ok(ServerAddress {
            authority: authority.to_string(),
            path: path.to_string(),
            host: host
                .trim_start_matches('[')
                .trim_end_matches(']')
                .to_string(),
            port,
            secure,
        })
    }

    pub fn socket_addrs(&self) -> std::io::Result<Vec<SocketAddr>> {
        Ok((self.host.as_str(), self.port).to_socket_addrs()?.collect())
    }
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

    #[test]
    fn server_addresses_are_read_with_the_default_path() {
        let a = ServerAddress::parse("ws://127.0.0.1:9000").unwrap();
        assert_eq!(
            (
                a.authority.as_str(),
                a.path.as_str(),
                a.host.as_str(),
                a.port
            ),
            ("127.0.0.1:9000", "/ws", "127.0.0.1", 9000)
        );
        let b = ServerAddress::parse("http://example.org/mills/ws").unwrap();
        assert_eq!((b.path.as_str(), b.port), ("/mills/ws", 80));
        assert!(!a.secure && !b.secure);
        assert!(ServerAddress::parse("ftp://x").is_err());
        assert!(ServerAddress::parse("ws://:80").is_err());
        assert!(ServerAddress::parse("ws://host:notaport").is_err());
    }

    #[test]
    fn secure_addresses_default_to_port_443_and_keep_their_port_and_path() {
        let a = ServerAddress::parse("wss://mills.example").unwrap();
        assert!(a.secure);
        assert_eq!(
            (
                a.authority.as_str(),
                a.host.as_str(),
                a.port,
                a.path.as_str()
            ),
            ("mills.example", "mills.example", 443, "/ws")
        );
        let b = ServerAddress::parse("WSS://mills.example:8443/play/ws").unwrap();
        assert!(b.secure);
        assert_eq!(
            (
                b.authority.as_str(),
                b.host.as_str(),
                b.port,
                b.path.as_str()
            ),
            ("mills.example:8443", "mills.example", 8443, "/play/ws")
        );
        let c = ServerAddress::parse("https://[::1]:9443").unwrap();
        assert!(c.secure);
        assert_eq!((c.host.as_str(), c.port), ("::1", 9443));
        assert!(ServerAddress::parse("wss://host:99999").is_err());
    }

    #[test]
    fn a_bare_host_is_encrypted_and_only_a_typed_ws_is_not() {
        let a = ServerAddress::parse("mills.example.org").unwrap();
        assert!(a.secure);
        assert_eq!(
            (a.authority.as_str(), a.port, a.path.as_str()),
            ("mills.example.org", 443, "/ws")
        );
        let b = ServerAddress::parse(" mills.example.org:8080 ").unwrap();
        assert!(b.secure);
        assert_eq!((b.host.as_str(), b.port), ("mills.example.org", 8080));
        let c = ServerAddress::parse("localhost:8080").unwrap();
        assert!(c.secure);
        assert_eq!((c.host.as_str(), c.path.as_str()), ("localhost", "/ws"));
        let d = ServerAddress::parse("[::1]:9000").unwrap();
        assert!(d.secure);
        assert_eq!((d.host.as_str(), d.port), ("::1", 9000));
        for typed in [
            "ws://mills.example.org",
            "WS://mills.example.org",
            "http://mills.example.org",
        ] {
            let plain = ServerAddress::parse(typed).unwrap();
            assert!(!plain.secure, "{typed}");
            assert_eq!(plain.port, 80, "{typed}");
        }
    }
}
