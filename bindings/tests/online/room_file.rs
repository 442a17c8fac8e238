//! The way back to an online game after the app was killed: the room file a session leaves
//! (`OnlineOptions::room_path`), read with `saved_online_room` and opened again by a new
//! session with the same device secret, against the real `mills-server` on loopback.

use crate::support::{Client, Server, TempDir, mover, options};
use mills_ffi::{
    GameId, OnlineOptions, Player, SavedOnlineRoom, TurnTimer, forget_online_room,
    saved_online_room,
};
use rand::SeedableRng;
use rand::rngs::StdRng;

fn with_room_file(options: OnlineOptions, path: &str) -> OnlineOptions {
    OnlineOptions {
        room_path: Some(path.to_string()),
        ..options
    }
}

/// Waits until the room file says what `check` wants (it is written on the session's
/// thread, before the app hears the event that changed it).
fn wait_for_file(
    client: &mut Client,
    path: &str,
    what: &str,
    check: impl Fn(&SavedOnlineRoom) -> bool,
) -> SavedOnlineRoom {
    client.wait_for(what, |_| {
        saved_online_room(path.to_string()).is_some_and(|s| check(&s))
    });
    saved_online_room(path.to_string()).unwrap()
}

#[test]
fn a_new_session_returns_to_the_room_the_file_names() {
    let dir = TempDir::new("room-file");
    let server = Server::start(&dir, &[]);
    let ann_file = dir.path("ann.room");
    let bo_file = dir.path("bo.room");
    let ann_options = with_room_file(
        options(&server.address(), &dir.path("ann.secret"), "Ann"),
        &ann_file,
    );
    assert_eq!(saved_online_room(ann_file.clone()), None, "no file yet");

    let mut ann = Client::create(
        ann_options.clone(),
        GameId::TwelveMensMorris,
        TurnTimer::Seconds60,
    );
    ann.wait_for("the room", |c| c.session.status().room.is_some());
    let code = ann.code();
    let saved = wait_for_file(&mut ann, &ann_file, "the room file", |_| true);
    assert_eq!(
        saved,
        SavedOnlineRoom {
            room: code.clone(),
            server: server.address(),
            game: GameId::TwelveMensMorris,
            you: ann.you(),
            opponent_name: None,
            finished: false,
        }
    );
    let text = std::fs::read_to_string(&ann_file).unwrap();
    let secret = std::fs::read_to_string(dir.path("ann.secret")).unwrap();
    assert!(
        !text.contains(secret.trim()),
        "the device secret stays in its own file: {text}"
    );

    let mut bo = Client::join(
        with_room_file(
            options(&server.address(), &dir.path("bo.secret"), "Bo"),
            &bo_file,
        ),
        &code,
    );
    let bo_saved = wait_for_file(&mut bo, &bo_file, "Bo's room file", |s| {
        s.opponent_name.as_deref() == Some("Ann")
    });
    assert_eq!(bo_saved.room, code);
    assert_ne!(bo_saved.you, saved.you);
    wait_for_file(&mut ann, &ann_file, "the opponent's name", |s| {
        s.opponent_name.as_deref() == Some("Bo")
    });

    let mut rng = StdRng::seed_from_u64(3);
    for _ in 0..4 {
        let (me, other) = mover(&mut ann, &mut bo);
        let target = me.stored() + 1;
        me.play_random_turn(&mut rng);
        me.wait_for("my turn stored", |c| c.stored() >= target);
        other.wait_for("the opponent's turn", |c| c.stored() >= target);
    }
    let played = ann.session.actions();
    let stored = ann.stored();
    let you = ann.you();

    // The app is killed: the session is gone, the files stay.
    drop(ann);
    let saved = saved_online_room(ann_file.clone()).expect("the room file survives");
    let mut ann = Client::open(ann_options, &saved.room);
    ann.wait_for("the reopened room with its entries", |c| {
        c.connected() && c.stored() == stored
    });
    assert_eq!(ann.code(), code);
    assert_eq!(ann.you(), you);
    assert_eq!(ann.session.actions(), played);
    assert_eq!(ann.session.status().opponent_name.as_deref(), Some("Bo"));

    // The game goes on from the reopened session, then ends: the file says so.
    let (me, other) = mover(&mut ann, &mut bo);
    let target = me.stored() + 1;
    me.play_random_turn(&mut rng);
    other.wait_for("the turn made after the return", |c| c.stored() >= target);
    assert!(bo.session.resign());
    let finished = wait_for_file(&mut ann, &ann_file, "the finished game", |s| s.finished);
    assert_eq!(finished.room, code);
    wait_for_file(&mut bo, &bo_file, "the finished game", |s| s.finished);

    forget_online_room(ann_file.clone());
    assert_eq!(saved_online_room(ann_file.clone()), None);
    assert!(!std::path::Path::new(&ann_file).exists());
    // Forgetting twice is not an error.
    forget_online_room(ann_file);
}

#[test]
fn a_rematch_makes_the_room_unfinished_again() {
    let dir = TempDir::new("room-file-rematch");
    let server = Server::start(&dir, &[]);
    let ann_file = dir.path("ann.room");
    let mut ann = Client::create(
        with_room_file(
            options(&server.address(), &dir.path("ann.secret"), "Ann"),
            &ann_file,
        ),
        GameId::Zhiqi,
        TurnTimer::Off,
    );
    ann.wait_for("the room", |c| c.session.status().room.is_some());
    let mut bo = Client::join(
        options(&server.address(), &dir.path("bo.secret"), "Bo"),
        &ann.code(),
    );
    bo.wait_for("the joined room", |c| {
        c.session.status().opponent_name.as_deref() == Some("Ann")
    });
    assert!(bo.session.resign());
    let over = wait_for_file(&mut ann, &ann_file, "the finished game", |s| s.finished);
    assert!(ann.session.rematch());
    bo.wait_for("the rematch request", |c| {
        !c.session.status().rematch_asked.is_empty()
    });
    assert!(bo.session.rematch());
    let again = wait_for_file(&mut ann, &ann_file, "the rematch", |s| !s.finished);
    assert_eq!(again.room, over.room);
    let swapped = if over.you == Player::P1 {
        Player::P2
    } else {
        Player::P1
    };
    assert_eq!(again.you, swapped, "rematches swap sides");
}
