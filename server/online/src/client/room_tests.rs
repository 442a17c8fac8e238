//! The room's client logic against scripted server messages (the JSON of docs/online.md):
//! turns drawn only once stored, refusals never drawn, resends with the same id.

use super::*;

const ROOM: &str = "K7QM2XRP9DTA";

fn server(json: &str) -> ServerMessage {
    mills_protocol::decode_server(json).expect("a valid server message")
}

fn entry(revision: u64, side: &str, actions: &[&str]) -> String {
    let kind = match actions {
        [] => "resign",
        ["pass"] => "pass",
        _ => "turn",
    };
    let actions: Vec<String> = actions.iter().map(|a| format!("\"{a}\"")).collect();
    format!(
        r#"{{"revision":{revision},"kind":"{kind}","side":"{side}","actions":[{}]}}"#,
        actions.join(",")
    )
}

fn room_state(game: u32, you: &str, joined: bool, entries: &[String]) -> String {
    format!(
        r#"{{"room":"{ROOM}","game_id":"twelve-mens-morris","timer":60,"game":{game},"you":"{you}",
        "players":[{{"seat":"p1","joined":true,"name":"Ann","online":true}},
                   {{"seat":"p2","joined":{joined},"name":"Bo","online":{joined}}}],
        "revision":{},"entries":[{}],
        "clock":{{"to_move":"p1","remaining_ms":60000,"limit_ms":60000}},"rematch":[]}}"#,
        entries.len(),
        entries.join(",")
    )
}

fn update(entries: &[String]) -> ServerMessage {
    server(&format!(
        r#"{{"type":"update","room":"{ROOM}","game":1,"entries":[{}],
        "clock":{{"to_move":"p1","remaining_ms":60000,"limit_ms":60000}}}}"#,
        entries.join(",")
    ))
}

fn new_room(intent: Intent) -> Room {
    let config = core::SessionConfig::new(core::Variant::TwelveMensMorris)
        .with_mode(core::Mode::PassAndPlay);
    Room::new(
        intent,
        core::GameSession::new(config, quiet_options()),
        "t".into(),
    )
}

/// A room of two players where this device is P1, with `entries` stored.
fn playing(entries: &[String]) -> Room {
    let mut room = new_room(Intent::Open { room: ROOM.into() });
    room.on_connected();
    let state = room_state(1, "p1", true, entries);
    room.receive_now(server(&format!(r#"{{"type":"room","room":{state}}}"#)))
        .unwrap();
    room
}

/// The room's `receive` at this moment.
trait ReceiveNow {
    fn receive_now(&mut self, message: ServerMessage) -> Result<Vec<Event>, Fatal>;
}

impl ReceiveNow for Room {
    fn receive_now(&mut self, message: ServerMessage) -> Result<Vec<Event>, Fatal> {
        self.receive(message, Instant::now())
    }
}

/// P1 to move with a7 and d7 after four stored turns: g7 closes a mill, then a1 (P2's) can
/// be captured.
fn mill_to_close() -> Room {
    playing(&[
        entry(1, "p1", &["a7"]),
        entry(2, "p2", &["a1"]),
        entry(3, "p1", &["d7"]),
        entry(4, "p2", &["g1"]),
    ])
}

fn pt(name: &str) -> mills_core::Point {
    name.parse().unwrap()
}

fn owner(room: &Room, point: &str) -> Option<Side> {
    room.board.snapshot().point(pt(point)).owner
}

fn sent_turn(room: &mut Room) -> (String, u64, Vec<String>) {
    let outbox = room.take_outbox(std::time::Instant::now());
    match outbox.as_slice() {
        [
            ClientMessage::Turn {
                id,
                revision,
                actions,
                ..
            },
        ] => (id.clone(), *revision, actions.clone()),
        other => panic!("expected one turn, got {other:?}"),
    }
}

#[test]
fn a_created_room_gives_its_invite_and_waits_for_the_opponent() {
    let mut room = new_room(Intent::Create {
        game: "twelve-mens-morris".into(),
        timer: 60,
        side: None,
    });
    let ClientMessage::Create { timer: 60, id, .. } = room.on_connected() else {
        panic!("a create first");
    };
    assert!(id.is_some(), "a create carries an id");
    room.on_disconnected();
    let ClientMessage::Create { id: again, .. } = room.on_connected() else {
        panic!("the create again on the next connection");
    };
    assert_eq!(
        again, id,
        "with the same id: the server answers it with the same room"
    );
    let state = room_state(1, "p1", false, &[]);
    let events = room
        .receive_now(server(&format!(
            r#"{{"type":"created","link":"mills://join/{ROOM}","room":{state}}}"#
        )))
        .unwrap();
    assert_eq!(
        events,
        vec![Event::RoomCreated {
            code: ROOM.into(),
            link: format!("mills://join/{ROOM}")
        }]
    );
    assert_eq!(room.tap(pt("d6")), Tap::NotStarted);
    let state = room_state(1, "p1", true, &[]);
    let events = room
        .receive_now(server(&format!(r#"{{"type":"room","room":{state}}}"#)))
        .unwrap();
    assert_eq!(
        events,
        vec![Event::OpponentJoined {
            name: Some("Bo".into())
        }]
    );
}

#[test]
fn a_turn_is_drawn_only_once_the_server_stored_it() {
    let mut room = playing(&[]);
    let before = room.board.snapshot().revision;
    assert_eq!(room.tap(pt("d6")), Tap::Sent(vec!["d6".into()]));
    assert_eq!(owner(&room, "d6"), None, "not drawn before it is stored");
    assert_eq!(room.board.snapshot().revision, before);
    assert_eq!(room.tap(pt("a7")), Tap::AwaitingServer);
    let (_, revision, actions) = sent_turn(&mut room);
    assert_eq!((revision, actions), (0, vec!["d6".to_string()]));

    let events = room
        .receive_now(update(&[entry(1, "p1", &["d6"])]))
        .unwrap();
    assert_eq!(
        events,
        vec![Event::TurnAccepted {
            actions: vec!["d6".into()]
        }]
    );
    assert_eq!(owner(&room, "d6"), Some(Side::P1));
    assert!(room.pending.is_none());
    assert_eq!(room.tap(pt("a7")), Tap::NotYourTurn);
}

#[test]
fn a_refused_turn_is_never_drawn_and_its_entered_part_is_taken_back() {
    let mut room = mill_to_close();
    let start = room.board.snapshot().revision;
    assert_eq!(room.tap(pt("g7")), Tap::Entered("g7".parse().unwrap()));
    assert_eq!(
        owner(&room, "g7"),
        Some(Side::P1),
        "the entered part is drawn"
    );
    assert_eq!(
        room.tap(pt("a1")),
        Tap::Sent(vec!["g7".into(), "xa1".into()])
    );
    assert_eq!(
        owner(&room, "a1"),
        Some(Side::P2),
        "the capture waits for the server"
    );
    let (id, _, _) = sent_turn(&mut room);

    let events = room
        .receive_now(server(&format!(
            r#"{{"type":"error","code":"stale-revision","message":"the game moved on","id":"{id}","room":"{ROOM}"}}"#
        )))
        .unwrap();
    assert!(matches!(&events[..], [Event::TurnRefused { code, .. }] if code == "stale-revision"));
    assert_eq!(owner(&room, "g7"), None);
    assert_eq!(owner(&room, "a1"), Some(Side::P2));
    assert!(room.pending.is_none());
    let batch = room.board.changes_since(start);
    let last = batch.changes.last().expect("changes");
    assert!(
        matches!(last.change, core::Change::Reset { .. }),
        "one redraw back"
    );
    // No change on the way ever showed the capture.
    assert!(
        !batch
            .changes
            .iter()
            .any(|c| matches!(c.change, core::Change::Captured { .. }))
    );
}

#[test]
fn an_accepted_turn_finishes_the_entered_part() {
    let mut room = mill_to_close();
    room.tap(pt("g7"));
    room.tap(pt("a1"));
    let (id, revision, _) = sent_turn(&mut room);
    assert_eq!(revision, 4);
    let start = room.board.snapshot().revision;
    room.receive_now(server(&format!(
        r#"{{"type":"accepted","room":"{ROOM}","game":1,"id":"{id}","revision":5}}"#
    )))
    .unwrap();
    room.receive_now(update(&[entry(5, "p1", &["g7", "xa1"])]))
        .unwrap();
    assert_eq!(owner(&room, "a1"), None);
    let batch = room.board.changes_since(start);
    assert_eq!(batch.changes.len(), 1, "only the capture is new: {batch:?}");
    assert!(room.pending.is_none());
}

#[test]
fn an_unanswered_turn_is_resent_with_its_id_after_a_reconnect() {
    let mut room = playing(&[]);
    room.tap(pt("d6"));
    // The connection drops before the turn went out.
    room.on_disconnected();
    assert!(
        room.take_outbox(std::time::Instant::now()).is_empty(),
        "nothing is sent without a room open"
    );
    let (first_id, _, _) = {
        room.on_connected();
        let state = room_state(1, "p1", true, &[]);
        room.receive_now(server(&format!(r#"{{"type":"room","room":{state}}}"#)))
            .unwrap();
        sent_turn(&mut room)
    };
    // It went out, the server stored it, and the connection dropped before the answer.
    room.on_disconnected();
    room.on_connected();
    let state = room_state(1, "p1", true, &[entry(1, "p1", &["d6"])]);
    let events = room
        .receive_now(server(&format!(r#"{{"type":"room","room":{state}}}"#)))
        .unwrap();
    assert!(events.contains(&Event::TurnAccepted {
        actions: vec!["d6".into()]
    }));
    assert!(room.pending.is_none(), "stored: nothing left to resend");
    assert!(room.take_outbox(std::time::Instant::now()).is_empty());
    assert_eq!(owner(&room, "d6"), Some(Side::P1));
    assert!(first_id.starts_with("t-"));
}

#[test]
fn the_same_id_goes_again_until_answered() {
    let mut room = playing(&[]);
    room.tap(pt("d6"));
    let (id, _, _) = sent_turn(&mut room);
    room.on_disconnected();
    room.on_connected();
    let state = room_state(1, "p1", true, &[]);
    room.receive_now(server(&format!(r#"{{"type":"room","room":{state}}}"#)))
        .unwrap();
    let (again, _, _) = sent_turn(&mut room);
    assert_eq!(again, id);
}

#[test]
fn the_opponents_turns_and_timer_passes_are_told() {
    let mut room = playing(&[entry(1, "p1", &["d6"])]);
    let events = room
        .receive_now(update(&[
            entry(2, "p2", &["pass"]),
            entry(3, "p1", &["a7"]),
        ]))
        .unwrap();
    assert_eq!(events.len(), 2);
    assert_eq!(events[0], Event::TurnTimedOut { side: Side::P2 });
    let events = room
        .receive_now(update(&[entry(4, "p2", &["g7"])]))
        .unwrap();
    assert_eq!(
        events,
        vec![Event::OpponentMoved {
            side: Side::P2,
            actions: vec!["g7".into()]
        }]
    );
}

#[test]
fn a_gap_asks_for_the_whole_room() {
    let mut room = playing(&[]);
    room.receive_now(update(&[entry(3, "p1", &["d6"])]))
        .unwrap();
    assert!(matches!(
        room.take_outbox(std::time::Instant::now()).as_slice(),
        [ClientMessage::Open { .. }]
    ));
    assert_eq!(room.revision(), 0, "nothing applied past the gap");
}

#[test]
fn a_resignation_is_drawn_once_stored() {
    let mut room = playing(&[entry(1, "p1", &["d6"])]);
    assert!(room.resign());
    assert!(room.board.snapshot().outcome.is_none());
    let events = room.receive_now(update(&[entry(2, "p1", &[])])).unwrap();
    assert!(matches!(
        &events[..],
        [Event::GameOver { outcome }] if outcome.winner() == Some(Side::P2)
    ));
    assert!(room.pending.is_none());
    assert!(matches!(
        room.tap(pt("a7")),
        Tap::Refused(core::Refusal::GameOver)
    ));
}

#[test]
fn an_unknown_code_ends_the_session() {
    let mut room = new_room(Intent::Join { code: ROOM.into() });
    room.on_connected();
    let fatal = room
        .receive_now(server(
            r#"{"type":"error","code":"unknown-code","message":"no such room"}"#,
        ))
        .unwrap_err();
    assert_eq!(fatal.code, "unknown-code");
}

#[test]
fn a_rate_limited_join_is_asked_again_later() {
    let mut room = new_room(Intent::Join { code: ROOM.into() });
    room.on_connected();
    let refusal = room
        .receive_now(server(
            r#"{"type":"error","code":"rate-limited","message":"slow down","retry_after_ms":2000}"#,
        ))
        .unwrap_err();
    assert!(refusal.retry);
    assert!(matches!(room.on_connected(), ClientMessage::Join { .. }));
}

#[test]
fn a_rate_limited_turn_is_sent_again_after_the_wait_the_server_names() {
    let mut room = playing(&[]);
    assert!(matches!(room.tap(pt("d6")), Tap::Sent(..)));
    let (id, revision, actions) = sent_turn(&mut room);
    let events = room
        .receive_now(server(&format!(
            r#"{{"type":"error","code":"rate-limited","message":"too many messages",
            "id":"{id}","room":"{ROOM}","retry_after_ms":300}}"#
        )))
        .unwrap();
    assert!(events.is_empty(), "not refused: {events:?}");
    assert!(room.pending.is_some(), "still awaiting the server");
    let now = std::time::Instant::now();
    assert!(
        room.take_outbox(now).is_empty(),
        "not before the wait is over"
    );
    assert!(
        room.take_outbox(now + Duration::from_millis(100))
            .is_empty()
    );
    let again = room.take_outbox(now + Duration::from_millis(400));
    assert!(
        matches!(again.as_slice(), [ClientMessage::Turn { id: i, revision: r, actions: a, .. }]
            if *i == id && *r == revision && *a == actions),
        "the same turn, same id: {again:?}"
    );
    assert!(
        room.take_outbox(now + Duration::from_secs(5)).is_empty(),
        "once"
    );
}

#[test]
fn the_opponent_is_away_from_when_the_server_says_so_until_they_are_back() {
    use std::time::{Duration, Instant};
    let presence = |online: bool| {
        server(&format!(
            r#"{{"type":"presence","room":"{ROOM}","seat":"p2","online":{online}}}"#
        ))
    };
    let mut room = playing(&[]);
    assert_eq!(room.opponent_away_minutes(Instant::now()), None);
    room.receive_now(presence(false)).unwrap();
    let later = |secs| Instant::now() + Duration::from_secs(secs);
    assert_eq!(room.opponent_away_minutes(Instant::now()), Some(0));
    assert_eq!(room.opponent_away_minutes(later(150)), Some(2));
    // A room state that still says away keeps the first moment, not the latest.
    let state = room_state(1, "p1", true, &[]).replace(
        r#""name":"Bo","online":true"#,
        r#""name":"Bo","online":false"#,
    );
    room.receive_now(server(&format!(r#"{{"type":"room","room":{state}}}"#)))
        .unwrap();
    assert_eq!(room.opponent_away_minutes(later(150)), Some(2));
    room.receive_now(presence(true)).unwrap();
    assert_eq!(room.opponent_away_minutes(later(150)), None);
    // Our own presence is not the opponent's.
    let mut mine = playing(&[]);
    mine.receive_now(server(&format!(
        r#"{{"type":"presence","room":"{ROOM}","seat":"p1","online":false}}"#
    )))
    .unwrap();
    assert_eq!(mine.opponent_away_minutes(Instant::now()), None);
}

#[test]
fn a_seat_nobody_has_joined_is_not_away() {
    let mut room = new_room(Intent::Open { room: ROOM.into() });
    room.on_connected();
    let state = room_state(1, "p1", false, &[]);
    room.receive_now(server(&format!(r#"{{"type":"room","room":{state}}}"#)))
        .unwrap();
    assert_eq!(room.opponent_away_minutes(std::time::Instant::now()), None);
}

#[test]
fn a_whole_turn_is_sent_as_its_last_tap_would_send_it_and_an_illegal_one_not_at_all() {
    let mut room = mill_to_close();
    let action = |text: &str| text.parse::<Action>().unwrap();
    assert!(
        matches!(
            room.send_turn(&[action("g7")]),
            Err(TurnNotSent::Illegal(_))
        ),
        "the mill owes its capture"
    );
    assert!(
        matches!(
            room.send_turn(&[action("g7"), action("xa1"), action("b6")]),
            Err(TurnNotSent::Illegal(_))
        ),
        "the turn ended at the capture"
    );
    assert!(room.take_outbox(std::time::Instant::now()).is_empty());
    // A part already tapped is taken back for the whole turn.
    assert!(matches!(room.tap(pt("g7")), Tap::Entered(_)));
    assert_eq!(owner(&room, "g7"), Some(Side::P1));
    assert_eq!(
        room.send_turn(&[action("g7"), action("xa1")]),
        Ok(vec!["g7".to_string(), "xa1".to_string()])
    );
    assert_eq!(owner(&room, "g7"), None, "not drawn before it is stored");
    let (_, revision, actions) = sent_turn(&mut room);
    assert_eq!(
        (revision, actions),
        (4, vec!["g7".to_string(), "xa1".to_string()])
    );
    assert_eq!(owner(&room, "a1"), Some(Side::P2), "the capture waits too");
    assert_eq!(
        room.send_turn(&[action("b6")]),
        Err(TurnNotSent::NotNow(Tap::AwaitingServer))
    );
}
