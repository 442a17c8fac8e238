//! The little HTTP the server speaks besides WebSocket: `GET /health`. The request line is
//! peeked, not read, so a WebSocket handshake reaches tungstenite untouched.

use std::time::Duration;

use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;
use tokio::time::{Instant, sleep, timeout};

/// Where a new connection goes.
pub enum Route {
    /// `GET /health`.
    Health,
    /// Anything else: the WebSocket handshake decides.
    WebSocket,
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
        if n >= health.len() || !health.as_bytes().starts_with(seen) {
            return if seen.starts_with(health.as_bytes()) {
                Route::Health
            } else {
                Route::WebSocket
            };
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
    let response = format!(
        "HTTP/1.1 {status}\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    );
    let _ = timeout(
        Duration::from_secs(5),
        stream.write_all(response.as_bytes()),
    )
    .await;
    let _ = stream.shutdown().await;
}
