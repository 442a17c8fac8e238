use super::*;
use crate::outcome::Outcome;
use crate::position::Phase;
use crate::session::changes::Change;
use crate::session::events::{Played, Refusal};

#[test]
fn placing_then_the_snapshot_shows_it() {
    let (s, _) = session(pass_and_play(Variant::TwelveMensMorris));
    let snap = s.snapshot();
    assert_eq!(snap.next, NextStep::Place);
    assert_eq!(snap.targets().len(), 24);
    assert_eq!(snap.side(Side::P1).in_hand, 12);
    assert_eq!(snap.time_left_ms, Some(60_000));
    assert!(snap.timer_running);
    assert!(!snap.can_undo && !snap.can_redo && !snap.computer_thinking);

    let before = snap.revision;
    let TapOutcome::Played(played) = s.tap(pt("d6")).unwrap() else {
        panic!("not played");
    };
    let changes = s.changes_since(before).changes;
    assert_eq!(played.action.to_string(), "d6");
    assert!(played.turn_ended);
    assert_eq!(changes.len(), 1);
    assert_eq!(
        changes[0].change,
        Change::Placed {
            point: pt("d6"),
            side: Side::P1
        }
    );
    assert!(changes[0].lines.is_empty() && changes[0].turn_ended);
    let snap = s.snapshot();
    assert_eq!(snap.point(pt("d6")).owner, Some(Side::P1));
    assert!(!snap.point(pt("d6")).target);
    assert_eq!(snap.to_move, Side::P2);
    assert_eq!(snap.side(Side::P1).in_hand, 11);
    assert_eq!(snap.last_turn_side, Some(Side::P1));
    assert_eq!(snap.last_turn.len(), 1);
    assert!(snap.can_undo);
    assert_eq!(s.tap(pt("d6")), Err(Refusal::Occupied(pt("d6"))));
}

#[test]
fn a_mill_asks_for_a_capture_and_mill_pieces_are_protected() {
    // P1: a7 d7 (then g7 makes the top line); P2: b6 d6 f6 is a mill of P2's.
    let (s, _) = session_after(
        pass_and_play(Variant::TwelveMensMorris),
        "a7 b6 d7 d6 a1 f6 xa1",
    );
    let snap = s.snapshot();
    assert!(snap.point(pt("d6")).in_mill);
    let TapOutcome::Played(played) = s.tap(pt("g7")).unwrap() else {
        panic!()
    };
    let changes = s.changes_since(snap.revision).changes;
    assert!(!played.turn_ended);
    assert_eq!(changes[0].lines, vec![[pt("a7"), pt("d7"), pt("g7")]]);
    assert!(!changes[0].turn_ended);
    let snap = s.snapshot();
    assert_eq!(snap.next, NextStep::Capture { remaining: 1 });
    assert_eq!(snap.to_move, Side::P1);
    assert_eq!(snap.lines_formed.len(), 1);
    // Every P2 piece is in the mill, so any may be taken.
    assert_eq!(snap.targets(), vec![pt("b6"), pt("d6"), pt("f6")]);
    assert_eq!(s.tap(pt("a1")), Err(Refusal::NotOpponentPiece(pt("a1"))));
    assert_eq!(s.tap(pt("c5")), Err(Refusal::NotOpponentPiece(pt("c5"))));
    let TapOutcome::Played(Played { turn_ended, .. }) = s.tap(pt("d6")).unwrap() else {
        panic!()
    };
    let changes = s.changes_since(snap.revision).changes;
    assert_eq!(
        changes[0].change,
        Change::Captured {
            point: pt("d6"),
            side: Side::P1
        }
    );
    assert!(turn_ended);
    let snap = s.snapshot();
    assert_eq!(snap.side(Side::P1).captured, 1);
    assert_eq!(snap.side(Side::P2).lost, 1);
    assert_eq!(snap.last_turn.len(), 2);
    assert_eq!(snap.last_turn_points, vec![pt("g7"), pt("d6")]);
}

#[test]
fn that_piece_is_in_a_mill() {
    // P2 has a mill b6 d6 f6 and a loose piece c3: the mill pieces are protected.
    let (s, _) = session_after(
        pass_and_play(Variant::TwelveMensMorris),
        "a7 b6 d7 d6 a1 f6 xa1 e3 c3",
    );
    s.tap(pt("g7")).unwrap();
    assert_eq!(s.tap(pt("d6")), Err(Refusal::InMill(pt("d6"))));
    assert_eq!(
        Refusal::InMill(pt("d6")).to_string(),
        "that piece is in a mill (d6); take another one"
    );
    assert!(matches!(s.tap(pt("c3")), Ok(TapOutcome::Played(_))));
}

#[test]
fn select_reselect_deselect_and_step() {
    // Twelve Men's Morris C: the movement phase, P1 to move, six steps.
    let (s, _) = session_after(
        pass_and_play(Variant::TwelveMensMorris),
        "d7 e3 a1 f4 a4 f6 c3 g7 f2 b4 a7 xb4 d5 d6 c4 e4 g4 g1 e5 xg1 d2 c5 xd7 d7 d3 g1 b2",
    );
    assert_eq!(s.snapshot().phase, Phase::Moving);
    let snap = s.snapshot();
    assert_eq!(snap.next, NextStep::PickPiece);
    let us = snap.to_move;
    let movable = snap.targets();
    assert!(!movable.is_empty());
    let stuck = Point::ALL
        .into_iter()
        .find(|p| snap.point(*p).owner == Some(us) && !movable.contains(p));
    let theirs = Point::ALL
        .into_iter()
        .find(|p| snap.point(*p).owner == Some(us.opponent()))
        .unwrap();
    assert_eq!(s.tap(theirs), Err(Refusal::NotYourPiece(theirs)));
    if let Some(stuck) = stuck {
        assert_eq!(s.tap(stuck), Err(Refusal::CannotMove(stuck)));
    }
    let a = movable[0];
    assert_eq!(s.tap(a), Ok(TapOutcome::Selected(a)));
    let snap = s.snapshot();
    assert_eq!(snap.next, NextStep::PickDestination { from: a });
    assert_eq!(snap.selected, Some(a));
    let destinations = snap.targets();
    assert!(!destinations.is_empty());
    if let Some(&b) = movable.get(1) {
        assert_eq!(s.tap(b), Ok(TapOutcome::Selected(b)), "re-selection");
        assert_eq!(s.tap(b), Ok(TapOutcome::Deselected(b)));
        assert_eq!(s.snapshot().next, NextStep::PickPiece);
        s.tap(a).unwrap();
    }
    let far = Point::ALL
        .into_iter()
        .find(|p| snap.point(*p).owner.is_none() && !destinations.contains(p));
    if let Some(far) = far {
        assert_eq!(s.tap(far), Err(Refusal::NotAdjacent { from: a, to: far }));
        assert_eq!(s.snapshot().selected, Some(a), "a refusal changes nothing");
    }
    let TapOutcome::Played(played) = s.tap(destinations[0]).unwrap() else {
        panic!()
    };
    assert_eq!(
        played.action,
        crate::action::Action::Step {
            from: a,
            to: destinations[0]
        }
    );
    assert_eq!(s.snapshot().selected, None);
}

#[test]
fn pull_then_step_after_pull() {
    // Zhi Qi H: the board is full and P2 must pull.
    let (s, _) = session_after(
        pass_and_play(Variant::ZhiQi),
        "d7 a7 g7 g4 d1 g1 a4 a1 b6 d6 f6 f4 f2 b2 d2 b4 d5 c5 e4 e5 c3 e3 c4 d3",
    );
    let snap = s.snapshot();
    assert_eq!(snap.next, NextStep::Pull);
    assert_eq!(snap.to_move, Side::P2);
    let targets = snap.targets();
    assert_eq!(targets.len(), 12, "H has 12 pulls");
    let pulled = targets[0];
    let TapOutcome::Played(played) = s.tap(pulled).unwrap() else {
        panic!()
    };
    let changes = s.changes_since(snap.revision).changes;
    assert_eq!(
        changes[0].change,
        Change::Pulled {
            point: pulled,
            side: Side::P2
        }
    );
    assert!(!played.turn_ended);
    let snap = s.snapshot();
    assert_eq!(snap.next, NextStep::StepAfterPull { from: None });
    let movable = snap.targets();
    s.tap(movable[0]).unwrap();
    let snap = s.snapshot();
    assert_eq!(
        snap.next,
        NextStep::StepAfterPull {
            from: Some(movable[0])
        }
    );
    assert_eq!(snap.targets(), vec![pulled]);
    assert!(matches!(s.tap(pulled), Ok(TapOutcome::Played(_))));
}

#[test]
fn every_variant_plays_to_its_end_by_taps() {
    for (i, variant) in Variant::ALL.into_iter().enumerate() {
        for seed in 0..3u64 {
            let (s, _) = session(pass_and_play(variant).with_timer(TurnTimer::Off));
            let taps = play_out_by_taps(&s, seed * 31 + i as u64);
            let snap = s.snapshot();
            assert!(
                snap.outcome.is_some() && taps > 20,
                "{variant}: {taps} taps"
            );
            assert_eq!(s.tap(pt("d6")), Err(Refusal::GameOver));
            assert!(snap.targets().is_empty());
            assert_eq!(snap.time_left_ms, None);
        }
    }
}

#[test]
fn linked_horse_stables_and_reports_the_line() {
    // Linked-Horse I: a1 g1 a4 g4 a7 — P1's line with pieces in hand is stabled.
    let (s, _) = session_after(pass_and_play(Variant::LinkedHorse), "a1 g1 a4 g4");
    let before = s.snapshot().revision;
    let TapOutcome::Played(played) = s.tap(pt("a7")).unwrap() else {
        panic!()
    };
    let changes = s.changes_since(before).changes;
    assert!(played.turn_ended);
    let kinds: Vec<_> = changes.iter().map(|c| c.change.clone()).collect();
    let (a7, side) = (pt("a7"), Side::P1);
    assert_eq!(
        kinds,
        vec![
            Change::Placed { point: a7, side },
            Change::Stabled { point: a7, side }
        ]
    );
    assert_eq!(changes[1].lines.len(), 1);
    let snap = s.snapshot();
    assert_eq!(snap.side(Side::P1).stable, 1);
    assert_eq!(snap.point(pt("a7")).owner, None);
    assert_eq!(snap.lines_formed, vec![[pt("a7"), pt("a1"), pt("a4")]]);
    assert_eq!(snap.outcome, None::<Outcome>);
}
