//! The WebSocket opening handshake (RFC 6455 §4.1), client side, on a blocking socket.
//!
//! tungstenite's own handshake brings the `http`, `httparse` and `data-encoding` crates into
//! the app library (about 60 KB of the ~490 KB the client adds per ABI) for one fixed request
//! and one status line; this is that request and that check, with `sha1` for the accept key.
//! tungstenite then frames the connection (`WebSocket::from_partially_read`).

use std::io::{Read, Write};

use rand::RngCore;
use sha1::{Digest, Sha1};

/// The GUID every server appends to the key (RFC 6455 §1.3).
const ACCEPT_GUID: &str = "258EAFA5-E914-47DA-95CA-C5AB0DC85B11";
/// An answer's head larger than this is not a WebSocket server's.
const MAX_HEAD_BYTES: usize = 16 * 1024;

/// Sends the upgrade request for `path` on `host` and checks the server's answer; returns the
/// bytes read past the answer's head (the start of the first frame, if any).
pub(crate) fn client_handshake(
    stream: &mut (impl Read + Write),
    host: &str,
    path: &str,
) -> Result<Vec<u8>, String> {
    let mut nonce = [0u8; 16];
    rand::rng().fill_bytes(&mut nonce);
    let key = base64(&nonce);
    let request = format!(
        "GET {path} HTTP/1.1\r\nHost: {host}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n\
         Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\
         User-Agent: mills/{}\r\n\r\n",
        env!("CARGO_PKG_VERSION")
    );
    stream
        .write_all(request.as_bytes())
        .and_then(|()| stream.flush())
        .map_err(|e| format!("sending the handshake: {e}"))?;

    let mut buf = Vec::with_capacity(512);
    let mut chunk = [0u8; 512];
    let end = loop {
        if let Some(at) = find(&buf, b"\r\n\r\n") {
            break at;
        }
        if buf.len() > MAX_HEAD_BYTES {
            return Err("the handshake answer is too long".into());
        }
        let n = stream
            .read(&mut chunk)
            .map_err(|e| format!("reading the handshake: {e}"))?;
        if n == 0 {
            return Err("the server closed the connection during the handshake".into());
        }
        buf.extend_from_slice(&chunk[..n]);
    };
    let head = std::str::from_utf8(&buf[..end]).map_err(|_| "a handshake answer not in text")?;
    check_answer(head, &key)?;
    Ok(buf[end + 4..].to_vec())
}

/// `101 Switching Protocols` with the upgrade headers and the accept key for `key`.
fn check_answer(head: &str, key: &str) -> Result<(), String> {
    let mut lines = head.split("\r\n");
    let status = lines.next().unwrap_or_default();
    let mut parts = status.split(' ');
    let (version, code) = (parts.next(), parts.next());
    if !version.is_some_and(|v| v.starts_with("HTTP/1.")) || code != Some("101") {
        return Err(format!(
            "the server answered '{status}', not a WebSocket upgrade"
        ));
    }
    let header = |name: &str| {
        head.split("\r\n").skip(1).find_map(|line| {
            let (n, v) = line.split_once(':')?;
            n.trim().eq_ignore_ascii_case(name).then(|| v.trim())
        })
    };
    if !header("upgrade").is_some_and(|v| v.eq_ignore_ascii_case("websocket")) {
        return Err("the answer does not upgrade to WebSocket".into());
    }
    let connection_upgrades = header("connection").is_some_and(|v| {
        v.split(',')
            .any(|token| token.trim().eq_ignore_ascii_case("upgrade"))
    });
    if !connection_upgrades {
        return Err("the answer's Connection header does not upgrade".into());
    }
    if header("sec-websocket-accept") != Some(accept_key(key).as_str()) {
        return Err("the answer's Sec-WebSocket-Accept is wrong".into());
    }
    Ok(())
}

fn accept_key(key: &str) -> String {
    let mut sha = Sha1::new();
    sha.update(key.as_bytes());
    sha.update(ACCEPT_GUID.as_bytes());
    base64(&sha.finalize())
}

fn find(haystack: &[u8], needle: &[u8]) -> Option<usize> {
    haystack.windows(needle.len()).position(|w| w == needle)
}

/// Standard base64 with padding (RFC 4648 §4).
fn base64(bytes: &[u8]) -> String {
    const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut out = String::with_capacity(bytes.len().div_ceil(3) * 4);
    for group in bytes.chunks(3) {
        let b = [
            group[0],
            *group.get(1).unwrap_or(&0),
            *group.get(2).unwrap_or(&0),
        ];
        let n = u32::from(b[0]) << 16 | u32::from(b[1]) << 8 | u32::from(b[2]);
        for i in 0..4 {
            if i <= group.len() {
                out.push(ALPHABET[(n >> (18 - 6 * i) & 63) as usize] as char);
            } else {
                out.push('=');
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn base64_matches_the_rfc_vectors() {
        let vectors = [
            ("", ""),
            ("f", "Zg=="),
            ("fo", "Zm8="),
            ("foo", "Zm9v"),
            ("foob", "Zm9vYg=="),
            ("fooba", "Zm9vYmE="),
            ("foobar", "Zm9vYmFy"),
        ];
        for (plain, encoded) in vectors {
            assert_eq!(base64(plain.as_bytes()), encoded);
        }
    }

    #[test]
    fn the_accept_key_is_the_rfcs_example() {
        // RFC 6455 §1.3.
        assert_eq!(
            accept_key("dGhlIHNhbXBsZSBub25jZQ=="),
            "s3pPLMBiTxaQ9kYGzzhZRbK+xOo="
        );
    }

    #[test]
    fn answers_are_checked() {
        let key = "dGhlIHNhbXBsZSBub25jZQ==";
        let good = "HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\n\
                    Connection: Upgrade\r\nSec-WebSocket-Accept: s3pPLMBiTxaQ9kYGzzhZRbK+xOo=";
        assert_eq!(check_answer(good, key), Ok(()));
        assert!(check_answer(&good.replace("101", "200"), key).is_err());
        assert!(check_answer(&good.replace("s3pP", "xxxx"), key).is_err());
        assert!(check_answer(&good.replace("Upgrade: websocket", "Upgrade: h2c"), key).is_err());
    }

    #[test]
    fn the_bytes_after_the_head_are_kept() {
        struct Fake {
            answer: std::io::Cursor<Vec<u8>>,
            sent: Vec<u8>,
        }
        impl Read for Fake {
            fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
                self.answer.read(buf)
            }
        }
        impl Write for Fake {
            fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
                self.sent.extend_from_slice(buf);
                Ok(buf.len())
            }
            fn flush(&mut self) -> std::io::Result<()> {
                Ok(())
            }
        }
        // The key is random: a fake server cannot answer it, so only the refusal path and
        // the request are checked here; the real exchange is tested against mills-server.
        let mut fake = Fake {
            answer: std::io::Cursor::new(b"HTTP/1.1 404 Not Found\r\n\r\nrest".to_vec()),
            sent: Vec::new(),
        };
        let err = client_handshake(&mut fake, "h:1", "/ws").unwrap_err();
        assert!(err.contains("404"), "{err}");
        let request = String::from_utf8(fake.sent).unwrap();
        assert!(request.starts_with("GET /ws HTTP/1.1\r\nHost: h:1\r\n"));
        assert!(request.contains("Sec-WebSocket-Version: 13\r\n"));
    }
}
