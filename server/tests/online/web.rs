//! The server's web pages as a browser and the phones' link checks fetch them: the invite
//! page in each language, the privacy policy, the app-link files, and hostile paths.

use std::io::{Read, Write};
use std::time::Duration;

use mills_protocol::{ClientMessage, ServerMessage};

use crate::common::{Client, Server, new_secret, rng, temp_dir};

const PRINT: &str = "14:6D:E9:83:C5:73:06:50:D8:EE:B9:95:2F:34:FC:64:16:A0:83:42:E6:1D:BE:A8:8A:04:96:B2:3F:CF:44:E5";

/// A server with every web setting given.
fn configured(name: &str) -> (Server, std::path::PathBuf) {
    let dir = temp_dir(name);
    let server = Server::start(
        &dir.join("db"),
        &[
            "--android-cert-sha256",
            PRINT,
            "--apple-team-id",
            "ABCDE12345",
            "--play-store-url",
            "https://play.google.com/store/apps/details?id=app.mills",
            "--app-store-url",
            "https://apps.apple.com/app/id0000000000",
            "--privacy-contact",
            "privacy@mills.example",
        ],
    );
    (server, dir)
}

/// An HTTP answer: status line, headers (names lower case), body.
struct Answer {
    status: String,
    headers: Vec<(String, String)>,
    body: String,
}

impl Answer {
    fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }
}

/// `GET path` with an `Accept-Language` (if any), as a browser sends it.
fn get(server: &Server, path: &str, language: Option<&str>) -> Answer {
    let mut tcp = std::net::TcpStream::connect(&server.addr).unwrap();
    tcp.set_read_timeout(Some(Duration::from_secs(5))).unwrap();
    let language = language
        .map(|l| format!("Accept-Language: {l}\r\n"))
        .unwrap_or_default();
    tcp.write_all(
        format!("GET {path} HTTP/1.1\r\nHost: mills.example\r\nUser-Agent: test\r\n{language}\r\n")
            .as_bytes(),
    )
    .unwrap();
    let mut bytes = Vec::new();
    tcp.read_to_end(&mut bytes).unwrap();
    let text = String::from_utf8(bytes).expect("UTF-8");
    let (head, body) = text.split_once("\r\n\r\n").expect("a head and a body");
    let mut lines = head.split("\r\n");
    let status = lines.next().unwrap().to_string();
    let headers = lines
        .filter_map(|l| l.split_once(':'))
        .map(|(n, v)| (n.trim().to_ascii_lowercase(), v.trim().to_string()))
        .collect();
    let answer = Answer {
        status,
        headers,
        body: body.to_string(),
    };
    assert_eq!(
        answer.header("content-length"),
        Some(answer.body.len().to_string().as_str()),
        "{path}"
    );
    answer
}

#[test]
fn the_invite_page_speaks_each_language_and_spells_the_code() {
    let (server, dir) = configured("web-join");
    for (language, lang, words) in [
        (None, "en", "invited to a game of Mills"),
        (Some("en-GB,en;q=0.9"), "en", "Get it on Google Play"),
        (
            Some("zh-CN,zh;q=0.9,en;q=0.8"),
            "zh-Hans",
            "朋友邀请你在 Mills 里下一局棋",
        ),
        (
            Some("zh-TW,zh;q=0.9"),
            "zh-Hant",
            "朋友邀請你在 Mills 裡下一局棋",
        ),
        (
            Some("fr;q=1, zh-Hant;q=0.5"),
            "zh-Hant",
            "在 App Store 下載",
        ),
    ] {
        // As people type it: lower case, dashes, a look-alike O for 0.
        let page = get(&server, "/join/k7qm-2xrp-9dta?from=share", language);
        assert_eq!(page.status, "HTTP/1.1 200 OK", "{language:?}");
        assert_eq!(
            page.header("content-type"),
            Some("text/html; charset=utf-8")
        );
        assert_eq!(page.header("vary"), Some("Accept-Language"));
        assert!(
            page.header("content-security-policy")
                .is_some_and(|csp| csp.contains("default-src 'none'"))
        );
        assert!(
            page.body.contains(&format!("<html lang=\"{lang}\">")),
            "{language:?}"
        );
        assert!(page.body.contains(words), "{language:?}: {}", page.body);
        assert!(page.body.contains(">K7QM-2XRP-9DTA</p>"));
        assert!(page.body.contains("aria-label=\"K 7 Q M 2 X R P 9 D T A\""));
        assert!(page.body.contains("href=\"mills://join/K7QM2XRP9DTA\""));
        assert!(
            page.body
                .contains("href=\"https://play.google.com/store/apps/details?id=app.mills\"")
        );
        assert!(
            page.body
                .contains("href=\"https://apps.apple.com/app/id0000000000\"")
        );
        assert!(page.body.contains("href=\"/privacy\""));
    }
    std::fs::remove_dir_all(&dir).ok();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_invite_page_says_the_rooms_turn_timer_in_each_language() {
    let dir = temp_dir("web-join-timer");
    let mut server = Server::start(&dir.join("db"), &[]);
    let mut r = rng(46);
    let (mut ann, _) = Client::connect(&server.url(), &new_secret(&mut r), "Ann").await;
    let mut create = async |timer| {
        ann.send(&ClientMessage::Create {
            game: "zhiqi".into(),
            timer,
            side: None,
            id: None,
        })
        .await;
        ann.until(|m| match m {
            ServerMessage::Created { room, .. } => Some(room.room.clone()),
            _ => None,
        })
        .await
    };
    let timed = create(30).await;
    let untimed = create(0).await;
    let page = |server: &Server, code: &str, language| {
        let page = get(server, &format!("/join/{code}"), language);
        assert_eq!(page.status, "HTTP/1.1 200 OK");
        page.body
    };
    assert!(
        page(&server, &timed, None)
            .contains("<p class=\"timer\">Turn timer: 30 seconds a turn.</p>")
    );
    assert!(page(&server, &timed, Some("zh-CN")).contains("每步限时：30 秒。"));
    assert!(page(&server, &untimed, Some("zh-TW")).contains("每步限時：不限時。"));
    // A code no room has: the same page, with nothing said of a timer.
    let unknown = page(&server, "K7QM2XRP9DTA", None);
    assert!(unknown.contains(">K7QM-2XRP-9DTA</p>"));
    assert!(!unknown.contains("Turn timer"));
    // After a restart the room is read from the database for its page.
    server.kill();
    let server = Server::start(&dir.join("db"), &[]);
    assert!(page(&server, &timed, None).contains("Turn timer: 30 seconds a turn."));
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn a_path_that_is_no_code_gets_a_page_that_does_not_repeat_it() {
    let (server, dir) = configured("web-hostile");
    for path in [
        "/join/<script>alert(1)</script>",
        "/join/%3Cscript%3E",
        "/join/K7QM2XRP9DT\"><img",
        "/join/",
        "/join/K7QM2XRP9DTAK",
    ] {
        for (language, words) in [
            (None, "This link holds no invite code"),
            (Some("zh-Hans"), "这个链接里没有邀请码"),
            (Some("zh-HK"), "這個連結裡沒有邀請碼"),
        ] {
            let page = get(&server, path, language);
            assert_eq!(page.status, "HTTP/1.1 404 Not Found", "{path}");
            assert_eq!(
                page.header("content-type"),
                Some("text/html; charset=utf-8")
            );
            assert!(page.body.contains(words), "{path} {language:?}");
            for raw in ["<script", "<img", "%3C", "K7QM"] {
                assert!(!page.body.contains(raw), "{path} shows {raw}");
            }
        }
    }
    let elsewhere = get(&server, "/elsewhere", None);
    assert_eq!(elsewhere.status, "HTTP/1.1 404 Not Found");
    assert_eq!(elsewhere.body, r#"{"error":"not found"}"#);
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn the_privacy_policy_says_what_is_stored_and_whom_to_ask() {
    let (server, dir) = configured("web-privacy");
    for (language, words) in [
        (None, ["SHA-256", "Deleting your data"]),
        (Some("zh-CN"), ["SHA-256 哈希值", "删除你的数据"]),
        (Some("zh-TW"), ["SHA-256 雜湊值", "刪除你的資料"]),
    ] {
        let page = get(&server, "/privacy", language);
        assert_eq!(page.status, "HTTP/1.1 200 OK");
        assert_eq!(
            page.header("content-type"),
            Some("text/html; charset=utf-8")
        );
        for w in words {
            assert!(page.body.contains(w), "{language:?}: {w}");
        }
        assert!(page.body.contains("href=\"mailto:privacy@mills.example\""));
    }
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn the_app_link_files_name_the_configured_apps() {
    let (server, dir) = configured("web-links");
    let links = get(&server, "/.well-known/assetlinks.json", None);
    assert_eq!(links.status, "HTTP/1.1 200 OK");
    assert_eq!(links.header("content-type"), Some("application/json"));
    let links: serde_json::Value = serde_json::from_str(&links.body).unwrap();
    assert_eq!(
        links[0]["relation"][0],
        "delegate_permission/common.handle_all_urls"
    );
    assert_eq!(links[0]["target"]["namespace"], "android_app");
    assert_eq!(links[0]["target"]["package_name"], "app.mills");
    assert_eq!(links[0]["target"]["sha256_cert_fingerprints"][0], PRINT);

    let apple = get(&server, "/.well-known/apple-app-site-association", None);
    assert_eq!(apple.status, "HTTP/1.1 200 OK");
    assert_eq!(apple.header("content-type"), Some("application/json"));
    let apple: serde_json::Value = serde_json::from_str(&apple.body).unwrap();
    let details = &apple["applinks"]["details"][0];
    assert_eq!(details["appIDs"][0], "ABCDE12345.app.mills.ios");
    assert_eq!(details["components"][0]["/"], "/join/*");
    std::fs::remove_dir_all(&dir).ok();

    // Without the apps' identities there is nothing to claim.
    let dir = temp_dir("web-links-none");
    let bare = Server::start(&dir.join("db"), &[]);
    for path in [
        "/.well-known/assetlinks.json",
        "/.well-known/apple-app-site-association",
    ] {
        let answer = get(&bare, path, None);
        assert_eq!(answer.status, "HTTP/1.1 404 Not Found", "{path}");
    }
    let privacy = get(&bare, "/privacy", None);
    assert!(privacy.body.contains("has not published a contact address"));
    std::fs::remove_dir_all(&dir).ok();
}
