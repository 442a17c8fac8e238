//! The little HTTP the server speaks besides WebSocket: `GET /health`, and the request
//! reading and answer writing of the web pages (`web`). The request line is
//! peeked, not read, so a WebSocket handshake reaches tungstenite untouched.

use std::time::Duration;

use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;
use tokio::time::{Instant, sleep, timeout};

/// Where a new connection goes.
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

/// Looks at the start of the request.
pub async fn route(stream: &TcpStream, wait: Duration) -> Route {
    let health = format!("GET {} ", mills_protocol::HEALTH_PATH);
    let deadline = Instant::now() + wait;
    let mut buf = [0u8; 16];
    loop {
        let n = match timeout(
            deadline.saturating_duration_since(Instant::now()),
            stream.peek(&mut buf),
        )
        .await
        {
            Ok(Ok(0)) | Ok(Err(_)) | Err(_) => return Route::Gone,
            Ok(Ok(n)) => n,
        };
        let seen = &buf[..n];
        let ws = format!("GET {}", mills_protocol::WS_PATH);
        if seen.starts_with(health.as_bytes()) {
            return Route::Health;
        }
        if seen.len() > ws.len() && seen.starts_with(ws.as_bytes()) {
            return match seen[ws.len()] {
                b' ' | b'?' => Route::WebSocket,
                _ => Route::Page,
            };
        }
        let could_be = |path: &str| path.as_bytes().starts_with(seen) && seen.len() < path.len();
        if !could_be(&health) && !could_be(&format!("{ws} ")) {
            return Route::Page;
        }
        // Only part of the request line is here yet: peek again shortly.
        if Instant::now() >= deadline {
            return Route::Gone;
        }
        sleep(Duration::from_millis(5)).await;
    }
}

/// Reads the request head and answers with `body` as JSON, then closes.
pub async fn respond(mut stream: TcpStream, status: &str, body: &str) {
    read_head(&mut stream).await;
    write_answer(
        stream,
        status,
        &[("Content-Type", "application/json")],
        body.as_bytes(),
    )
    .await;
}

/// The request head: the bytes up to its blank line (at most about 8 KiB, waited for 5 s).
pub async fn read_head(stream: &mut TcpStream) -> Vec<u8> {
    let mut head = Vec::with_capacity(512);
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
