use mills_core::{Record, TurnTimer, Variant};
use mills_protocol::{ErrorCode, Seat};

use super::*;

const A: &str = "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa";
const B: &str = "bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb";

fn room() -> Room {
    let mut r = Room::new(
        "ROOM".into(),
        Variant::TwelveMensMorris,
        TurnTimer::Seconds60,
        0,
        Member {
            device: A.into(),
            name: Some("Ann".into()),
        },
        Seat::P1,
    );
    r.add_member(Member {
        device: B.into(),
        name: None,
    });
    r
}

fn turn(r: &mut Room, device: &str, id: &str, actions: &[&str]) -> Result<u64, Refusal> {
    let actions: Vec<String> = actions.iter().map(|a| a.to_string()).collect();
    match r.plan_turn(device, r.game_no, r.revision(), id, &actions)? {
        Plan::AlreadyStored { revision, .. } => Ok(revision),
        Plan::Append(p) => {
            let revision = p.entry.revision;
            r.commit(*p);
            Ok(revision)
        }
    }
}

#[test]
fn turns_are_refused_out_of_turn_illegal_or_unfinished_and_resends_apply_once() {
    let mut r = room();
    assert_eq!(
        turn(&mut r, B, "1", &["a1"]).unwrap_err().code,
        ErrorCode::NotYourTurn
    );
    assert_eq!(turn(&mut r, A, "1", &["a1"]), Ok(1));
    assert_eq!(turn(&mut r, A, "1", &["A1"]), Ok(1), "a resend");
    assert_eq!(r.revision(), 1);
    assert_eq!(
        turn(&mut r, A, "1", &["a4"]).unwrap_err().code,
        ErrorCode::IdReused
    );
    assert_eq!(
        turn(&mut r, B, "2", &["a1"]).unwrap_err().code,
        ErrorCode::IllegalTurn
    );
    assert_eq!(
        turn(&mut r, B, "2", &["g1", "xa1"]).unwrap_err().code,
        ErrorCode::IllegalTurn
    );
    assert_eq!(
        turn(&mut r, B, "2", &["pass"]).unwrap_err().code,
        ErrorCode::IllegalTurn
    );
    let stale = r.plan_turn(B, 1, 0, "3", &["g1".into()]).unwrap_err();
    assert_eq!(stale.code, ErrorCode::StaleRevision);
    assert_eq!(
        r.plan_turn("c".repeat(32).as_str(), 1, 1, "3", &["g1".into()])
            .unwrap_err()
            .code,
        ErrorCode::NotInRoom
    );
    assert_eq!(r.revision(), 1, "no refusal changed the game");
}

#[test]
fn a_resignation_ends_the_game_with_a_record_and_a_rematch_swaps_sides() {
    let mut r = room();
    turn(&mut r, A, "1", &["a1"]).unwrap();
    let Plan::Append(p) = r.plan_resign(B, 1, "r").unwrap() else {
        panic!()
    };
    r.commit(*p);
    assert_eq!(r.outcome().unwrap().result, "P1 wins (resignation)");
    let record = r.record().unwrap();
    assert!(record.contains("p1: Ann"), "{record}");
    assert!(record.contains("2. P2 resigns"), "{record}");
    assert!(Record::parse(&record).is_ok());
    let ask = r.plan_rematch(A, 1).unwrap().unwrap();
    r.commit_rematch(&ask);
    assert_eq!(r.plan_rematch(A, 1), Ok(None), "asked once");
    assert_eq!(r.rematch_game(), None);
    let ask = r.plan_rematch(B, 1).unwrap().unwrap();
    r.commit_rematch(&ask);
    let row = r.rematch_game().unwrap();
    assert_eq!(row.game_no, 2);
    r.start_game(&row);
    assert_eq!(r.rematch_asked(), []);
    assert_eq!(r.seat_of(A), Some(Seat::P2));
    assert_eq!(r.revision(), 0);
    assert_eq!(
        turn(&mut r, A, "1", &["a1"]).unwrap(),
        1,
        "an id of game 1 answers as stored"
    );
    assert_eq!(r.revision(), 0);
}

#[test]
fn the_timer_pass_is_the_engines_pass() {
    let mut r = room();
    let pass = r.plan_pass().unwrap();
    assert_eq!(pass.entry.side, Seat::P1);
    r.commit(pass);
    assert_eq!(r.to_move(), Some(Seat::P2));
}

#[test]
fn dates_are_civil() {
    assert_eq!(date_of(0), "1970-01-01");
    assert_eq!(date_of(1_796_515_200_000), "2026-12-06");
}
