//! The board changes a session reports: one typed change per thing that happened, in order,
//! with the action, the lines it completed and the explicit end of the turn; resets for
//! whatever redraws the board; revisions that only grow.

use super::*;
use crate::action::Action;
use crate::position::{Phase, Position, Setup};
use crate::rules::Rules;
use crate::session::changes::{BoardChange, Change, ChangeBatch};
use crate::session::events::Played;
use crate::session::snapshot::Snapshot;

/// A test session that starts from `position` (not reachable through a save).
fn session_at(config: SessionConfig, position: Position) -> GameSession {
    let (options, _) = SessionOptions::for_tests();
    GameSession::start(
        config,
        Game::from_position(position),
        crate::session::Resume::fresh(),
        options,
        None,
    )
}

fn setup(rules: Rules, p1: &str, p2: &str, hand: [u8; 2], phase: Phase) -> Setup {
    Setup {
        hand,
        phase,
        ..Setup::moving(rules)
            .pieces(Side::P1, p1)
            .pieces(Side::P2, p2)
    }
}

/// What a tap played and the board changes it made, read the way an app reads them:
/// `changes_since` the revision the snapshot showed before the tap.
#[derive(Debug)]
struct Tapped {
    played: Played,
    changes: Vec<BoardChange>,
}

impl std::ops::Deref for Tapped {
    type Target = Played;
    fn deref(&self) -> &Played {
        &self.played
    }
}

fn played(s: &GameSession, point: &str) -> Tapped {
    let before = s.snapshot().revision;
    match s.tap(pt(point)) {
        Ok(TapOutcome::Played(played)) => Tapped {
            played,
            changes: s.changes_since(before).changes,
        },
        other => panic!("tap {point}: {other:?}"),
    }
}

fn kinds(changes: &[BoardChange]) -> Vec<Change> {
    changes.iter().map(|c| c.change.clone()).collect()
}

fn line(text: &str) -> [Point; 3] {
    let points: Vec<Point> = text.split_whitespace().map(pt).collect();
    [points[0], points[1], points[2]]
}

/// The owners of the 24 points, as a snapshot shows them.
fn owners(snapshot: &Snapshot) -> Vec<Option<Side>> {
    snapshot.points.iter().map(|p| p.owner).collect()
}

/// Replays changes on a board of owners, the way an app draws them.
fn apply(board: &mut Vec<Option<Side>>, change: &Change) {
    match change {
        Change::Placed { point, side } | Change::Pinned { point, side } => {
            board[point.index()] = Some(*side)
        }
        Change::Stepped { from, to, side } => {
            assert_eq!(board[from.index()], Some(*side), "{change:?}");
            board[from.index()] = None;
            board[to.index()] = Some(*side);
        }
        Change::Captured { point, side } | Change::Pulled { point, side } => {
            assert_eq!(board[point.index()], Some(side.opponent()), "{change:?}");
            board[point.index()] = None;
        }
        Change::Stabled { point, side } => {
            assert_eq!(board[point.index()], Some(*side), "{change:?}");
            board[point.index()] = None;
        }
        Change::Passed { .. } => {}
        Change::Reset { snapshot } => *board = owners(snapshot),
    }
}

/// The snapshot of the batch's one change, which must be a reset.
fn only_reset(batch: &ChangeBatch) -> &Snapshot {
    match &batch.changes[..] {
        [
            BoardChange {
                change: Change::Reset { snapshot },
                action: None,
                ..
            },
        ] => snapshot,
        other => panic!("one reset expected: {other:?}"),
    }
}

/// The kind of a change, for counting.
fn kind_name(change: &Change) -> &'static str {
    match change {
        Change::Placed { .. } => "placed",
        Change::Stepped { .. } => "stepped",
        Change::Pinned { .. } => "pinned",
        Change::Captured { .. } => "captured",
        Change::Pulled { .. } => "pulled",
        Change::Stabled { .. } => "stabled",
        Change::Passed { .. } => "passed",
        Change::Reset { .. } => "reset",
    }
}

#[test]
fn a_new_session_starts_with_one_reset_and_the_current_revision_has_no_changes() {
    let (s, _) = session(pass_and_play(Variant::ZhiQi));
    let batch = s.changes_since(0);
    assert_eq!(batch.changes.len(), 1);
    let Change::Reset { snapshot } = &batch.changes[0].change else {
        panic!("{batch:?}")
    };
    assert_eq!(owners(snapshot), vec![None; 24]);
    assert_eq!(batch.revision, batch.changes[0].revision);
    assert_eq!(batch.snapshot, s.snapshot());
    let now = s.changes_since(batch.revision);
    assert!(now.changes.is_empty());
    assert_eq!(now.revision, batch.revision);
    // A revision this session never had (another session's) is a reset, not silence.
    let ahead = s.changes_since(batch.revision + 100);
    assert!(matches!(
        ahead.changes[..],
        [BoardChange {
            change: Change::Reset { .. },
            ..
        }]
    ));
}

#[test]
fn every_change_replays_to_the_snapshot_and_revisions_only_grow() {
    for variant in Variant::ALL {
        let mut seen = std::collections::BTreeSet::new();
        for seed in 0..4u64 {
            let (s, _) = session(pass_and_play(variant).with_timer(TurnTimer::Off));
            let first = s.changes_since(0);
            let mut board = vec![None; 24];
            let mut revision = 0;
            for change in &first.changes {
                apply(&mut board, &change.change);
                seen.insert(kind_name(&change.change));
            }
            revision = revision.max(first.revision);
            let mut rng = seed * 7 + 3;
            while s.snapshot().outcome.is_none() {
                let snap = s.snapshot();
                let targets = snap.targets();
                rng = rng
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                let point = targets[(rng >> 33) as usize % targets.len()];
                let outcome = s.tap(point).unwrap();
                let batch: ChangeBatch = s.changes_since(revision);
                if let TapOutcome::Played(played) = &outcome {
                    assert!(!batch.changes.is_empty(), "a played tap changes the board");
                    assert_eq!(played.turn_ended, batch.changes.last().unwrap().turn_ended);
                    for change in &batch.changes {
                        assert_eq!(change.action, Some(played.action));
                    }
                } else {
                    assert!(batch.changes.is_empty(), "a selection changes no piece");
                }
                for change in &batch.changes {
                    assert!(change.revision > revision, "revisions only grow");
                    revision = change.revision;
                    apply(&mut board, &change.change);
                    seen.insert(kind_name(&change.change));
                }
                assert_eq!(batch.revision, revision);
                assert_eq!(batch.snapshot.revision, revision);
                assert_eq!(board, owners(&batch.snapshot), "{variant} after {point}");
            }
        }
        let expected: &[&str] = match variant {
            Variant::ZhiQi => &["placed", "pinned", "stepped", "captured", "pulled", "reset"],
            Variant::LinkedHorse => &["placed", "stepped", "stabled", "reset"],
            Variant::TwelveMensMorris => &["placed", "stepped", "captured", "reset"],
        };
        for kind in expected {
            assert!(seen.contains(kind), "{variant}: no {kind} in {seen:?}");
        }
        let impossible: &[&str] = match variant {
            Variant::ZhiQi => &["stabled"],
            Variant::LinkedHorse => &["pinned", "captured", "pulled"],
            Variant::TwelveMensMorris => &["pinned", "pulled", "stabled"],
        };
        for kind in impossible {
            assert!(!seen.contains(kind), "{variant}: {kind} in {seen:?}");
        }
    }
}

#[test]
fn zhiqi_a_double_pin_is_a_placement_with_two_lines_then_two_pins() {
    let position = setup(
        Rules::ZHIQI,
        "g4 g7 f2 e3",
        "a1 a4 a7 d2",
        [8, 8],
        Phase::Placing,
    )
    .build()
    .unwrap();
    let s = session_at(pass_and_play(Variant::ZhiQi), position);
    let placed = played(&s, "g1");
    assert!(!placed.turn_ended);
    let [change] = &placed.changes[..] else {
        panic!("{placed:?}")
    };
    let side = Side::P1;
    assert_eq!(
        change.change,
        Change::Placed {
            point: pt("g1"),
            side
        }
    );
    assert_eq!(change.lines.len(), 2, "{:?}", change.lines);
    assert!(change.lines.contains(&line("g7 g4 g1")) || change.lines.contains(&line("g1 g4 g7")));
    assert!(!change.turn_ended);
    let first = played(&s, "d2");
    assert_eq!(
        kinds(&first.changes),
        vec![Change::Pinned {
            point: pt("d2"),
            side
        }]
    );
    assert!(!first.turn_ended && first.changes[0].lines.is_empty());
    let second = played(&s, "a4");
    assert_eq!(
        kinds(&second.changes),
        vec![Change::Pinned {
            point: pt("a4"),
            side
        }]
    );
    assert!(second.turn_ended && second.changes[0].turn_ended);
    assert_eq!(second.changes[0].action, Some(Action::Remove(pt("a4"))));
    assert_eq!(s.snapshot().point(pt("a4")).owner, Some(side));
}

#[test]
fn zhiqi_a_triple_pin_reports_three_lines_and_three_pins() {
    let g = "f2 d1 d7 d2 g7 e4 a4 d3 xf2 a1 e3 b6 b4 c5 f6";
    let (s, _) = session_after(pass_and_play(Variant::ZhiQi), g);
    let placed = played(&s, "a7");
    assert_eq!(placed.changes[0].lines.len(), 3);
    let pins: Vec<Tapped> = ["f2", "e4", "e3"].iter().map(|p| played(&s, p)).collect();
    for (pin, point) in pins.iter().zip(["f2", "e4", "e3"]) {
        assert_eq!(
            kinds(&pin.changes),
            vec![Change::Pinned {
                point: pt(point),
                side: Side::P1
            }]
        );
    }
    assert_eq!(
        pins.iter().map(|p| p.turn_ended).collect::<Vec<_>>(),
        [false, false, true]
    );
}

#[test]
fn zhiqi_a_pull_then_a_step_completing_two_mills_owes_two_captures() {
    // P1 (d7 g7 a4 a1 b6) is walled in; P2 is on every empty neighbour and has no line.
    let position = Setup {
        lost: [7, 4],
        ..setup(
            Rules::ZHIQI,
            "d7 g7 a4 a1 b6",
            "a7 d6 g4 f6 b4 d1 b2 c5",
            [0, 0],
            Phase::Moving,
        )
    }
    .build()
    .unwrap();
    let s = session_at(pass_and_play(Variant::ZhiQi), position);
    assert_eq!(s.snapshot().next, NextStep::Pull);
    let side = Side::P1;
    let pull = played(&s, "a7");
    assert_eq!(
        kinds(&pull.changes),
        vec![Change::Pulled {
            point: pt("a7"),
            side
        }]
    );
    assert!(!pull.turn_ended);
    assert!(matches!(s.tap(pt("b6")), Ok(TapOutcome::Selected(_))));
    let step = played(&s, "a7");
    assert_eq!(
        kinds(&step.changes),
        vec![Change::Stepped {
            from: pt("b6"),
            to: pt("a7"),
            side
        }]
    );
    assert_eq!(
        step.changes[0].lines.len(),
        2,
        "{:?}",
        step.changes[0].lines
    );
    assert!(!step.turn_ended);
    assert_eq!(s.snapshot().next, NextStep::Capture { remaining: 2 });
    let first = played(&s, "d6");
    let second = played(&s, "g4");
    assert_eq!(
        [kinds(&first.changes), kinds(&second.changes)].concat(),
        vec![
            Change::Captured {
                point: pt("d6"),
                side
            },
            Change::Captured {
                point: pt("g4"),
                side
            }
        ]
    );
    assert!(!first.turn_ended && second.turn_ended);
    assert_eq!(s.snapshot().to_move, Side::P2);
}

#[test]
fn linked_horse_a_double_line_stables_one_piece() {
    let (s, _) = session_after(
        pass_and_play(Variant::LinkedHorse),
        "a1 g1 a4 g4 d7 b2 g7 f2",
    );
    let side = Side::P1;
    let placed = played(&s, "a7");
    assert_eq!(
        kinds(&placed.changes),
        vec![
            Change::Placed {
                point: pt("a7"),
                side
            },
            Change::Stabled {
                point: pt("a7"),
                side
            }
        ]
    );
    for change in &placed.changes {
        assert_eq!(change.lines.len(), 2, "{change:?}");
    }
    assert_eq!(
        placed
            .changes
            .iter()
            .map(|c| c.turn_ended)
            .collect::<Vec<_>>(),
        [false, true],
        "the turn ends with the last change"
    );
    let snap = s.snapshot();
    assert_eq!(snap.side(side).stable, 1);
    assert_eq!(snap.point(pt("a7")).owner, None);
}

#[test]
fn a_timer_pass_is_a_passed_change_in_the_log_and_the_event() {
    let (s, _) = session(pass_and_play(Variant::TwelveMensMorris).with_timer(TurnTimer::Seconds15));
    let start = s.changes_since(0).revision;
    assert_eq!(s.advance_clock_for_tests(15_000).unwrap(), Some(Side::P1));
    let batch = s.changes_since(start);
    assert_eq!(
        kinds(&batch.changes),
        vec![Change::Passed { side: Side::P1 }]
    );
    assert_eq!(batch.changes[0].action, Some(Action::Pass));
    assert!(batch.changes[0].turn_ended);
    assert_eq!(batch.snapshot.to_move, Side::P2);
    assert_eq!(batch.snapshot.turn_limit_ms, Some(15_000));
}

#[test]
fn every_game_reports_a_timer_pass_as_passed_and_the_next_turn_goes_on() {
    for variant in Variant::ALL {
        let (s, _) = session(pass_and_play(variant).with_timer(TurnTimer::Seconds15));
        let start = s.snapshot().revision;
        assert_eq!(s.advance_clock_for_tests(15_000).unwrap(), Some(Side::P1));
        let batch = s.changes_since(start);
        assert_eq!(
            kinds(&batch.changes),
            vec![Change::Passed { side: Side::P1 }],
            "{variant}"
        );
        assert!(batch.changes[0].turn_ended);
        let placed = played(&s, "d6");
        assert_eq!(
            kinds(&placed.changes),
            vec![Change::Placed {
                point: pt("d6"),
                side: Side::P2
            }],
            "{variant}"
        );
    }
}

#[test]
fn undo_redo_and_new_game_are_resets_to_the_board_they_lead_to() {
    let (s, _) = session(pass_and_play(Variant::TwelveMensMorris));
    played(&s, "d6");
    played(&s, "d5");
    let before = s.snapshot().revision;
    s.undo().unwrap();
    let batch = s.changes_since(before);
    let snapshot = only_reset(&batch);
    assert_eq!(snapshot.point(pt("d5")).owner, None);
    assert_eq!(snapshot.point(pt("d6")).owner, Some(Side::P1));
    assert_eq!(owners(snapshot), owners(&batch.snapshot));

    let before = batch.revision;
    s.redo().unwrap();
    let batch = s.changes_since(before);
    let snapshot = only_reset(&batch);
    assert_eq!(snapshot.point(pt("d5")).owner, Some(Side::P2));

    let before = batch.revision;
    s.new_game();
    let batch = s.changes_since(before);
    assert!(batch.revision > before);
    assert_eq!(owners(only_reset(&batch)), vec![None; 24]);
}

#[test]
fn a_restored_game_and_a_listener_that_was_not_attached_start_from_a_reset() {
    let (s, _) = session_after(pass_and_play(Variant::ZhiQi), "d6 d5 d3");
    let batch = s.changes_since(0);
    let snapshot = only_reset(&batch);
    assert_eq!(snapshot.point(pt("d3")).owner, Some(Side::P1));
    assert_eq!(batch.snapshot.action_count, 3);
    // Far behind the log: one reset to the current board.
    let (s, _) = long_session(r#"{"kind":"pass-and-play"}"#, 0);
    for _ in 0..600 {
        assert!(s.advance_clock_for_tests(15_000).unwrap().is_some());
    }
    assert!(
        s.changes_since(200).changes.len() == 401,
        "the recent ones are kept"
    );
    let batch = s.changes_since(1);
    assert!(
        matches!(&batch.changes[..], [BoardChange { change: Change::Reset { .. }, revision, .. }] if *revision == batch.revision)
    );
}

#[test]
fn the_computers_changes_are_read_from_changes_since_after_its_event() {
    let (s, _) = session(vs_computer(Variant::TwelveMensMorris, Side::P2, 1));
    let (recorder, _rx) = Recorder::new();
    s.set_listener(Some(recorder.clone()));
    let before = s.snapshot().revision;
    played(&s, "d6");
    let actions = s.run_computer_turn_now().unwrap();
    let events = recorder.take();
    let [SessionEvent::ComputerMoved { actions: moved, .. }] = &events[..] else {
        panic!("{events:?}")
    };
    assert_eq!(moved, &actions);
    let since = s.changes_since(before);
    assert_eq!(
        since.changes.len(),
        1 + actions.len(),
        "the human's, then the computer's"
    );
    let theirs: Vec<_> = since.changes[1..].iter().map(|c| c.action).collect();
    assert_eq!(
        theirs,
        actions.iter().copied().map(Some).collect::<Vec<_>>()
    );
    assert!(since.changes.last().unwrap().turn_ended);
    assert_eq!(since.snapshot, s.snapshot());
}

/// A game past 65,535 turns (the quiet-turn rule off) still ends its turns: the turn
/// counter must not saturate at 16 bits.
fn long_session(mode: &str, passes: usize) -> (GameSession, ManualClock) {
    let actions = vec!["\"pass\""; passes].join(",");
    let json = format!(
        r#"{{"format":"mills-session","version":1,"rules":{{"game":"zhiqi","draws":{{"repetitions":0,"quiet_turns":0}}}},"mode":{mode},"timer":{{"seconds":15,"time_left_ms":15000}},"actions":[{actions}]}}"#
    );
    let (options, clock) = SessionOptions::for_tests();
    (GameSession::restore(&json, options, None).unwrap(), clock)
}

#[test]
fn turns_end_past_65535_turns_in_pass_and_play() {
    let (s, clock) = long_session(r#"{"kind":"pass-and-play"}"#, 65_534);
    assert_eq!(s.snapshot().turns, 65_534);
    assert!(played(&s, "d6").turn_ended);
    assert_eq!(s.snapshot().turns, 65_535);
    let d5 = played(&s, "d5");
    assert!(d5.turn_ended && d5.changes[0].turn_ended);
    assert_eq!(s.snapshot().turns, 65_536);
    assert_eq!(s.snapshot().to_move, Side::P1);
    clock.advance(10_000);
    assert_eq!(s.snapshot().time_left_ms, Some(5_000));
    assert!(played(&s, "d3").turn_ended);
    assert_eq!(
        s.snapshot().time_left_ms,
        Some(15_000),
        "the new turn has its own countdown"
    );
    assert_eq!(s.snapshot().to_move, Side::P2);
    // Undo takes back one player's turn, no more.
    s.undo().unwrap();
    let snap = s.snapshot();
    assert_eq!(snap.action_count, 65_536);
    assert_eq!(snap.to_move, Side::P1);
    assert_eq!(snap.point(pt("d5")).owner, Some(Side::P2));
    // The timer still passes single turns.
    assert_eq!(s.advance_clock_for_tests(15_000).unwrap(), Some(Side::P1));
    assert_eq!(s.snapshot().to_move, Side::P2);
}

#[test]
fn the_computer_plays_one_turn_per_call_past_65535_turns() {
    let (s, _) = long_session(
        r#"{"kind":"vs-computer","computer":"p2","level":1}"#,
        65_534,
    );
    for (i, human) in ["d6", "a1", "g7"].into_iter().enumerate() {
        let target = s.snapshot().targets();
        let point = if target.contains(&pt(human)) {
            pt(human)
        } else {
            target[0]
        };
        let TapOutcome::Played(p) = s.tap(point).unwrap() else {
            panic!()
        };
        if !p.turn_ended {
            // A pin is owed: take it.
            let target = s.snapshot().targets()[0];
            s.tap(target).unwrap();
        }
        let count = s.snapshot().action_count;
        let actions = s.run_computer_turn_now().unwrap();
        let snap = s.snapshot();
        assert!(
            (1..=4).contains(&actions.len()),
            "turn {i}: {actions:?} is more than one turn"
        );
        assert_eq!(snap.action_count, count + actions.len() as u32);
        assert_eq!(snap.to_move, Side::P1, "the human's turn again");
        assert!(snap.turns > 65_535);
    }
}
