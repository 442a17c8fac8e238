//! The little HTTP the server speaks besides WebSocket: `GET /health`, and the request
//! reading and answer writing of the web pages (`web`). The start of the request is read
//! (blocking on the socket until bytes come, never polling) only as far as needed to choose
//! the route; a WebSocket handshake then gets those bytes back first through [`Replayed`].

use std::pin::Pin;
use std::task::{Context, Poll};
use std::time::Duration;

use tokio::io::{AsyncRead, AsyncReadExt, AsyncWrite, AsyncWriteExt, ReadBuf};
use tokio::net::TcpStream;
use tokio::time::{Instant, timeout, timeout_at};

/// Where a new connection goes.
#[derive(Debug, PartialEq, Eq)]
pub enum Route {
    /// `GET /health`.
    Health,
    /// `GET /ws`: the WebSocket handshake decides.
    WebSocket,
    /// Any other request: a web page ([`crate::web`]), or 404.
    Page,
    /// It closed or said nothing in time.
    Gone,
}

/// Bytes a route needs at most: `GET /health ` is the longest start looked at.
const ROUTE_BYTES: usize = 64;

/// Reads the start of the request until its route is known or `deadline` passes; returns
/// the route and the bytes read (the start of the request, for whoever answers it).
pub async fn route(stream: &mut TcpStream, deadline: Instant) -> (Route, Vec<u8>) {
    let mut seen = Vec::with_capacity(ROUTE_BYTES);
    let mut buf = [0u8; ROUTE_BYTES];
    loop {
        if let Some(route) = route_of(&seen) {
            return (route, seen);
        }
        let room = ROUTE_BYTES - seen.len();
        match timeout_at(deadline, stream.read(&mut buf[..room])).await {
            Ok(Ok(0)) | Ok(Err(_)) | Err(_) => return (Route::Gone, seen),
            Ok(Ok(n)) => seen.extend_from_slice(&buf[..n]),
        }
    }
}

/// The route of a request that starts with `seen`, or `None` while it could still be
/// either of the two paths served.
fn route_of(seen: &[u8]) -> Option<Route> {
    let health = format!("GET {} ", mills_protocol::HEALTH_PATH);
    let ws = format!("GET {}", mills_protocol::WS_PATH);
    if seen.starts_with(health.as_bytes()) {
        return Some(Route::Health);
    }
    if seen.len() > ws.len() && seen.starts_with(ws.as_bytes()) {
        return Some(match seen[ws.len()] {
            b' ' | b'?' => Route::WebSocket,
            _ => Route::Page,
        });
    }
    let could_be = |path: &str| path.as_bytes().starts_with(seen) && seen.len() < path.len();
    if could_be(&health) || could_be(&format!("{ws} ")) {
        None
    } else {
        Some(Route::Page)
    }
}

/// Reads the rest of the request head (after `start`) and answers with `body` as JSON,
/// then closes.
pub async fn respond(mut stream: TcpStream, start: Vec<u8>, status: &str, body: &str) {
    read_head(&mut stream, start).await;
    write_answer(
        stream,
        status,
        &[("Content-Type", "application/json")],
        body.as_bytes(),
    )
    .await;
}

/// The request head: `start` (already read to choose the route) and the bytes after it up
/// to its blank line (at most about 8 KiB, waited for 5 s).
pub async fn read_head(stream: &mut TcpStream, start: Vec<u8>) -> Vec<u8> {
    let mut head = start;
    let mut buf = [0u8; 512];
    let read_head = async {
        while !head.windows(4).any(|w| w == b"\r\n\r\n") && head.len() < 8192 {
            match stream.read(&mut buf).await {
                Ok(0) | Err(_) => break,
                Ok(n) => head.extend_from_slice(&buf[..n]),
            }
        }
    };
    let _ = timeout(Duration::from_secs(5), read_head).await;
    head
}

/// Writes a whole answer (`headers` besides the length and `Connection: close`), then
/// closes.
pub async fn write_answer(
    mut stream: TcpStream,
    status: &str,
    headers: &[(&str, &str)],
    body: &[u8],
) {
    let mut response = format!("HTTP/1.1 {status}\r\n");
    for (name, value) in headers {
        response.push_str(&format!("{name}: {value}\r\n"));
    }
    response.push_str(&format!(
        "Content-Length: {}\r\nConnection: close\r\n\r\n",
        body.len()
    ));
    let mut bytes = response.into_bytes();
    bytes.extend_from_slice(body);
    let _ = timeout(Duration::from_secs(5), stream.write_all(&bytes)).await;
    let _ = stream.shutdown().await;
}

/// A stream whose first bytes, already read to choose the route, are read again.
pub struct Replayed {
    start: Vec<u8>,
    at: usize,
    stream: TcpStream,
}

impl Replayed {
    /// `stream`, with `start` (read from it) in front.
    pub fn new(start: Vec<u8>, stream: TcpStream) -> Replayed {
        Replayed {
            start,
            at: 0,
            stream,
        }
    }
}

impl AsyncRead for Replayed {
    fn poll_read(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<std::io::Result<()>> {
        let this = &mut *self;
        if this.at < this.start.len() {
            let n = buf.remaining().min(this.start.len() - this.at);
            buf.put_slice(&this.start[this.at..this.at + n]);
            this.at += n;
            if this.at == this.start.len() {
                this.start = Vec::new();
                this.at = 0;
            }
            return Poll::Ready(Ok(()));
        }
        Pin::new(&mut this.stream).poll_read(cx, buf)
    }
}

impl AsyncWrite for Replayed {
    fn poll_write(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<std::io::Result<usize>> {
        Pin::new(&mut self.stream).poll_write(cx, buf)
    }

    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<std::io::Result<()>> {
        Pin::new(&mut self.stream).poll_flush(cx)
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<std::io::Result<()>> {
        Pin::new(&mut self.stream).poll_shutdown(cx)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn routes_are_known_from_the_first_bytes_only_when_they_can_be() {
        assert_eq!(route_of(b"GET /health HTTP/1.1"), Some(Route::Health));
        assert_eq!(route_of(b"GET /ws HTTP/1.1"), Some(Route::WebSocket));
        assert_eq!(route_of(b"GET /ws?x=1 HTTP/1.1"), Some(Route::WebSocket));
        assert_eq!(route_of(b"GET /wsx HTTP/1.1"), Some(Route::Page));
        assert_eq!(route_of(b"POST / HTTP/1.1"), Some(Route::Page));
        assert_eq!(route_of(b"GET /w"), None);
        assert_eq!(route_of(b"GET /heal"), None);
        assert_eq!(route_of(b""), None);
    }
}
