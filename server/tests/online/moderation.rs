//! Reports, blocks and the server's name rule, as players (and a flooding client) meet
//! them: through real connections to the real server, and the operator's
//! `mills-server reports` on the same store.

use std::path::Path;
use std::process::Command;

use crate::common::{
    Client, Server, create_room, new_secret, rng, start_room, store_args, temp_dir,
};
use mills_protocol::{ClientMessage, ErrorCode, ReportReason, ServerMessage};

/// What `mills-server reports` prints for the store of `db`.
fn reports_listed(db: &Path) -> Vec<String> {
    let out = Command::new(env!("CARGO_BIN_EXE_mills-server"))
        .arg("reports")
        .args(store_args(db))
        .output()
        .expect("mills-server reports runs");
    assert!(out.status.success(), "{out:?}");
    String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(str::to_string)
        .collect()
}

async fn hello_refusal(server: &Server, secret: &str, name: &str) -> Option<ErrorCode> {
    let mut c = Client::connect_raw(&server.url()).await;
    c.send(&ClientMessage::Hello {
        protocol: mills_protocol::PROTOCOL_VERSION,
        device: secret.to_string(),
        name: Some(name.to_string()),
    })
    .await;
    match c.recv().await.expect("an answer") {
        ServerMessage::Welcome { .. } => None,
        ServerMessage::Error { code, .. } => Some(code),
        other => panic!("{other:?}"),
    }
}

async fn report(c: &mut Client, room: &str, reason: ReportReason) -> Result<(), ErrorCode> {
    c.send(&ClientMessage::Report {
        room: room.into(),
        reason,
    })
    .await;
    c.until(|m| match m {
        ServerMessage::Reported { room: r } if r == room => Some(Ok(())),
        ServerMessage::Error { code, .. } => Some(Err(*code)),
        _ => None,
    })
    .await
}

async fn block(c: &mut Client, room: &str) -> Result<(), ErrorCode> {
    c.send(&ClientMessage::Block { room: room.into() }).await;
    c.until(|m| match m {
        ServerMessage::Blocked { room: r } if r == room => Some(Ok(())),
        ServerMessage::Error { code, .. } => Some(Err(*code)),
        _ => None,
    })
    .await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn names_are_composed_checked_and_held_to_the_operators_word_list() {
    let dir = temp_dir("moderation-names");
    let words = dir.join("words.txt");
    std::fs::write(&words, "# refused in names\nbadword\n坏蛋\n").unwrap();
    let words = words.display().to_string();
    let server = Server::start(&dir.join("db"), &["--name-words", &words]);
    let mut r = rng(46);
    let secret = new_secret(&mut r);
    let sixty_one = "n".repeat(61);
    for name in [
        "Ann\u{7}",
        "Ann\u{200B}",
        "\u{202E}nnA",
        "A\u{FEFF}",
        sixty_one.as_str(),
        "a BadWord here",
        "大坏蛋",
    ] {
        assert_eq!(
            hello_refusal(&server, &secret, name).await,
            Some(ErrorCode::NameRefused),
            "{name:?}"
        );
    }
    // Sixty characters once composed (each "é" written as two) is a name that fits.
    let composed_sixty = "e\u{301}".repeat(60);
    assert_eq!(hello_refusal(&server, &secret, &composed_sixty).await, None);
    // A decomposed name is stored and shown composed.
    let (mut a, _) = Client::connect(&server.url(), &secret, "Zoe\u{301}").await;
    let (mut b, _) = Client::connect(&server.url(), &new_secret(&mut r), "Bo").await;
    let (_, seen_by_b) = start_room(&mut a, &mut b, "zhiqi", 0).await;
    assert_eq!(seen_by_b.players[0].name.as_deref(), Some("Zo\u{e9}"));
    std::fs::remove_dir_all(&dir).ok();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_report_is_stored_with_the_room_and_both_names_and_listed_for_the_operator() {
    let dir = temp_dir("moderation-reports");
    let db = dir.join("db");
    let server = Server::start(&db, &[]);
    let mut r = rng(47);
    let (mut a, _) = Client::connect(&server.url(), &new_secret(&mut r), "Ann").await;
    let (mut b, _) = Client::connect(&server.url(), &new_secret(&mut r), "Bo").await;
    let (room, _) = start_room(&mut a, &mut b, "twelve-mens-morris", 0).await;
    let id = room.room.clone();
    assert_eq!(
        report(&mut a, &id, ReportReason::OffensiveName).await,
        Ok(())
    );
    // Reports are listed by their time in milliseconds: two in the same one have no order.
    tokio::time::sleep(std::time::Duration::from_millis(5)).await;
    assert_eq!(report(&mut b, &id, ReportReason::Other).await, Ok(()));
    // A room the reporter has no seat in is not reported.
    let (mut c, _) = Client::connect(&server.url(), &new_secret(&mut r), "Cy").await;
    assert_eq!(
        report(&mut c, &id, ReportReason::Other).await,
        Err(ErrorCode::NotInRoom)
    );
    let lines = reports_listed(&db);
    assert_eq!(lines.len(), 2, "{lines:?}");
    let spelled = mills_protocol::spelled_code(&id);
    // Newest first: Bo's, then Ann's.
    assert!(lines[0].contains(&spelled) && lines[0].contains("  other  "));
    assert!(
        lines[0].contains("reporter \"Bo\"  reported \"Ann\""),
        "{}",
        lines[0]
    );
    assert!(lines[1].contains("game 1  offensive-name  reporter \"Ann\"  reported \"Bo\""));
    std::fs::remove_dir_all(&dir).ok();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_report_flood_is_capped_and_stores_one_row_per_player_and_game() {
    let dir = temp_dir("moderation-flood");
    let db = dir.join("db");
    let server = Server::start(&db, &["--messages-per-second", "1000"]);
    let mut r = rng(48);
    let (mut a, _) = Client::connect(&server.url(), &new_secret(&mut r), "Ann").await;
    let (mut b, _) = Client::connect(&server.url(), &new_secret(&mut r), "Bo").await;
    let (room, _) = start_room(&mut a, &mut b, "zhiqi", 0).await;
    for n in 0..10 {
        assert_eq!(
            report(&mut a, &room.room, ReportReason::CheatingOrAbuse).await,
            Ok(()),
            "report {n}"
        );
    }
    a.send(&ClientMessage::Report {
        room: room.room.clone(),
        reason: ReportReason::Other,
    })
    .await;
    let (code, retry) = a.expect_error_and_wait().await;
    assert_eq!(code, ErrorCode::TooManyReports);
    assert!(retry.is_some_and(|ms| ms > 0));
    assert_eq!(reports_listed(&db).len(), 1);
    std::fs::remove_dir_all(&dir).ok();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_block_lets_the_game_end_and_refuses_rematches_and_joins_of_the_pair() {
    let dir = temp_dir("moderation-blocks");
    let server = Server::start(&dir.join("db"), &[]);
    let mut r = rng(49);
    let (sa, sb) = (new_secret(&mut r), new_secret(&mut r));
    let (mut a, _) = Client::connect(&server.url(), &sa, "Ann").await;
    let (mut b, _) = Client::connect(&server.url(), &sb, "Bo").await;
    let (room, _) = start_room(&mut a, &mut b, "twelve-mens-morris", 0).await;
    let id = room.room.clone();
    assert_eq!(block(&mut a, &id).await, Ok(()));
    // The game goes on: both still play (P1 is the blocker), and the blocker can resign.
    a.send(&crate::common::turn(&id, 1, 0, "a1", &["d6".to_string()]))
        .await;
    assert_eq!(crate::common::accepted(&mut a, "a1").await, 1);
    b.send(&crate::common::turn(&id, 1, 1, "b1", &["a7".to_string()]))
        .await;
    assert_eq!(crate::common::accepted(&mut b, "b1").await, 2);
    a.send(&ClientMessage::Resign {
        room: id.clone(),
        game: 1,
        id: "a-resigns".into(),
    })
    .await;
    assert_eq!(crate::common::accepted(&mut a, "a-resigns").await, 3);
    // No rematch, whoever asks.
    for c in [&mut a, &mut b] {
        c.send(&ClientMessage::Rematch {
            room: id.clone(),
            game: 1,
        })
        .await;
        assert_eq!(c.expect_error().await, ErrorCode::Blocked);
    }
    // No new room together, whoever made it.
    for b_makes in [true, false] {
        let (maker, joiner) = if b_makes {
            (&mut b, &mut a)
        } else {
            (&mut a, &mut b)
        };
        let code = create_room(maker, "zhiqi", 0).await;
        joiner
            .send(&ClientMessage::Join { code: code.clone() })
            .await;
        assert_eq!(joiner.expect_error().await, ErrorCode::Blocked);
        // Someone else may still take the seat.
        let (mut c, _) = Client::connect(&server.url(), &new_secret(&mut r), "Cy").await;
        c.send(&ClientMessage::Join { code }).await;
        c.until(|m| matches!(m, ServerMessage::Room { .. }).then_some(()))
            .await;
    }
    std::fs::remove_dir_all(&dir).ok();
}
