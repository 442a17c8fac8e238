//! The server's web pages, for people and for the phones' link checks:
//! - `GET /join/CODE` ([`join`]): the invite page a friend without the app sees;
//! - `GET /privacy` ([`privacy`]): what the server stores, for how long, how to delete it;
//! - `GET /.well-known/assetlinks.json` and `/.well-known/apple-app-site-association`
//!   ([`well_known`]): what lets Android and iOS open invite links in the app.
//!
//! [`answer`] is a pure function of the request, the settings and the invited room's timer;
//! [`serve`] reads the request from the connection, looks the room up and writes the answer.

mod html;
mod join;
mod lang;
mod privacy;
pub mod settings;
mod well_known;

use std::future::Future;

use mills_core::TurnTimer;
use tokio::net::TcpStream;

pub use lang::Lang;
pub use settings::{Retention, WebSettings};

/// What the pages look at in a request.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Request {
    /// `GET`, `POST`, ...
    pub method: String,
    /// The path without its query.
    pub path: String,
    /// The `Accept-Language` header, if any.
    pub accept_language: Option<String>,
}

impl Request {
    /// Reads the request line and headers of `head` (bytes up to the blank line); `None`
    /// if it is not an HTTP request.
    pub fn parse(head: &[u8]) -> Option<Request> {
        let text = std::str::from_utf8(head).ok()?;
        let mut lines = text.split("\r\n");
        let mut request_line = lines.next()?.split(' ');
        let method = request_line.next()?.to_string();
        let target = request_line.next()?;
        let path = target.split(['?', '#']).next().unwrap_or("").to_string();
        let accept_language = lines
            .take_while(|line| !line.is_empty())
            .filter_map(|line| line.split_once(':'))
            .find(|(name, _)| name.trim().eq_ignore_ascii_case("accept-language"))
            .map(|(_, value)| value.trim().to_string());
        Some(Request {
            method,
            path,
            accept_language,
        })
    }
}

/// One answer.
#[derive(Debug)]
pub struct Answer {
    /// `200 OK`, `404 Not Found`.
    pub status: &'static str,
    pub content_type: &'static str,
    /// The page depends on `Accept-Language`.
    pub by_language: bool,
    pub body: String,
}

const HTML: &str = "text/html; charset=utf-8";
const JSON: &str = "application/json";

/// The invite code of a `/join/CODE` path, in its canonical form.
fn invite_code(path: &str) -> Option<String> {
    mills_protocol::normalize_code(path.strip_prefix("/join/")?)
}

/// The answer to `request`, or `None` when it is no page of these (the caller's 404).
/// `timer` is the turn timer of the room a `/join/CODE` names (`None`: no such room).
pub fn answer(
    request: &Request,
    settings: &WebSettings,
    timer: Option<TurnTimer>,
) -> Option<Answer> {
    if request.method != "GET" {
        return None;
    }
    let lang = Lang::negotiate(request.accept_language.as_deref());
    let html = |status, body| {
        Some(Answer {
            status,
            content_type: HTML,
            by_language: true,
            body,
        })
    };
    let json = |body: Option<String>| {
        body.map(|body| Answer {
            status: "200 OK",
            content_type: JSON,
            by_language: false,
            body,
        })
    };
    let path = request.path.as_str();
    if path.starts_with("/join/") {
        return match invite_code(path) {
            Some(code) => html("200 OK", join::invite(&code, lang, settings, timer)),
            None => html("404 Not Found", join::not_an_invite(lang)),
        };
    }
    match path {
        "/privacy" => html(
            "200 OK",
            privacy::page_of(
                lang,
                settings.privacy_contact.as_deref(),
                &settings.retention,
            ),
        ),
        "/.well-known/assetlinks.json" => json(well_known::assetlinks(settings)),
        "/.well-known/apple-app-site-association" => {
            json(well_known::apple_app_site_association(settings))
        }
        _ => None,
    }
}

/// Answers one request on `stream` (its route already peeked as no WebSocket or health
/// check): a page, or the server's JSON 404. `timer_of` looks an invited room's turn timer
/// up (`None`: no such room); it is given by the caller, who holds the rooms, so that the
/// pages stay below the hub.
pub async fn serve<F, T>(mut stream: TcpStream, start: Vec<u8>, settings: &WebSettings, timer_of: F)
where
    F: FnOnce(String) -> T,
    T: Future<Output = Option<TurnTimer>>,
{
    let head = crate::http::read_head(&mut stream, start).await;
    let request = Request::parse(&head).unwrap_or_default();
    let timer = match invite_code(&request.path) {
        Some(code) if request.method == "GET" => timer_of(code).await,
        _ => None,
    };
    let Some(answer) = answer(&request, settings, timer) else {
        crate::http::write_answer(
            stream,
            "404 Not Found",
            &[("Content-Type", JSON)],
            br#"{"error":"not found"}"#,
        )
        .await;
        return;
    };
    let mut headers = vec![
        ("Content-Type", answer.content_type),
        ("X-Content-Type-Options", "nosniff"),
        ("Referrer-Policy", "no-referrer"),
        ("Cache-Control", "no-cache"),
    ];
    if answer.content_type == HTML {
        // No scripts, frames or outside resources: the pages are text, styles and links.
        headers.push((
            "Content-Security-Policy",
            "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
        ));
    }
    if answer.by_language {
        headers.push(("Vary", "Accept-Language"));
    }
    crate::http::write_answer(stream, answer.status, &headers, answer.body.as_bytes()).await;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn requests_are_read_with_their_language() {
        let r = Request::parse(
            b"GET /join/K7QM2XRP9DTA?utm=x HTTP/1.1\r\nHost: m\r\naccept-LANGUAGE:  zh-TW \r\n\r\n",
        )
        .unwrap();
        assert_eq!(r.method, "GET");
        assert_eq!(r.path, "/join/K7QM2XRP9DTA");
        assert_eq!(r.accept_language.as_deref(), Some("zh-TW"));
        assert_eq!(Request::parse(b"\xff\xfe"), None);
    }
}
