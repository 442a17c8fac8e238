//! Report and block through the engine's client, as a player uses them from the apps: a
//! report stored, a block that hides the name at once and after a restart, a game that can
//! still be finished, a rematch and a join refused as `blocked`, and a name the server's
//! word list refuses.

use mills_ffi::{ConnectionState, GameId, OfflineReason, OnlineEvent, ReportReason, TurnTimer};

use crate::support::{Client, Server, TempDir, options, two_players};

fn heard(c: &Client, pick: impl Fn(&OnlineEvent) -> bool) -> bool {
    c.heard.iter().any(pick)
}

fn refused_for_good(c: &Client) -> Option<String> {
    match c.session.status().connection {
        ConnectionState::Offline {
            reason: OfflineReason::Refused { code, .. },
        } => Some(code),
        _ => None,
    }
}

#[test]
fn a_player_reports_and_blocks_and_the_blocked_name_stays_hidden() {
    let dir = TempDir::new("moderation");
    let server = Server::start(&dir, &[]);
    let (mut ann, mut bo) = two_players(&server.address(), &dir, GameId::Zhiqi, TurnTimer::Off);
    let room = ann.code();
    assert!(ann.session.report(ReportReason::OffensiveName));
    ann.wait_for("the report stored", |c| {
        heard(c, |e| matches!(e, OnlineEvent::OpponentReported))
    });

    assert!(ann.session.block());
    // Hidden at once, before the server answers.
    let status = ann.session.status();
    assert!(status.opponent_blocked);
    assert_eq!(status.opponent_name, None);
    assert!(
        status
            .room
            .unwrap()
            .players
            .iter()
            .all(|p| p.name.as_deref() != Some("Bo"))
    );
    ann.wait_for("the block stored", |c| {
        heard(c, |e| matches!(e, OnlineEvent::OpponentBlocked))
    });
    // The game can still be finished; no rematch follows.
    assert!(ann.session.resign());
    bo.wait_for("the game over", |c| c.session.status().outcome.is_some());
    assert!(bo.session.rematch());
    bo.wait_for("the rematch refused", |c| {
        heard(
            c,
            |e| matches!(e, OnlineEvent::RequestRefused { code, .. } if code == "blocked"),
        )
    });

    // After a restart the name is still hidden.
    ann.session.shut_down();
    let mut again = Client::open(
        options(&server.address(), &dir.path("ann.secret"), "Ann"),
        &room,
    );
    again.wait_for("the room again", |c| c.session.status().room.is_some());
    let status = again.session.status();
    assert!(status.opponent_blocked);
    assert_eq!(status.opponent_name, None);

    // A new room of the blocked player cannot be joined.
    let mut bo_room = Client::create(
        options(&server.address(), &dir.path("bo.secret"), "Bo"),
        GameId::Zhiqi,
        TurnTimer::Off,
    );
    bo_room.wait_for("Bo's new room", |c| c.session.status().room.is_some());
    let mut joiner = Client::join(
        options(&server.address(), &dir.path("ann.secret"), "Ann"),
        &bo_room.code(),
    );
    joiner.wait_for("the join refused", |c| refused_for_good(c).is_some());
    assert_eq!(refused_for_good(&joiner).as_deref(), Some("blocked"));
}

#[test]
fn a_name_on_the_servers_word_list_is_refused_in_words_the_app_can_show() {
    let dir = TempDir::new("moderation-names");
    let words = dir.path("words.txt");
    std::fs::write(&words, "badword\n").unwrap();
    let server = Server::start(&dir, &["--name-words", &words]);
    let mut ann = Client::create(
        options(&server.address(), &dir.path("ann.secret"), "My BADWORD"),
        GameId::Zhiqi,
        TurnTimer::Off,
    );
    ann.wait_for("the name refused", |c| refused_for_good(c).is_some());
    assert_eq!(refused_for_good(&ann).as_deref(), Some("name-refused"));
    // Invisible characters never reach the server: the client drops them.
    let mut bo = Client::create(
        options(
            &server.address(),
            &dir.path("bo.secret"),
            "B\u{200B}o\u{FEFF}",
        ),
        GameId::Zhiqi,
        TurnTimer::Off,
    );
    bo.wait_for("the room", |c| c.session.status().room.is_some());
    let mut cy = Client::join(
        options(&server.address(), &dir.path("cy.secret"), "Cy"),
        &bo.code(),
    );
    cy.wait_for("Bo's name, without what is not seen", |c| {
        c.session.status().opponent_name.as_deref() == Some("Bo")
    });
}
