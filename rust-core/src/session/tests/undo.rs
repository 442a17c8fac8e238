use super::*;
use crate::outcome::{Outcome, WinReason};
use crate::session::SessionError;

#[test]
fn pass_and_play_undoes_one_turn_at_a_time() {
    let (s, _) = session(pass_and_play(Variant::TwelveMensMorris));
    s.tap(pt("d6")).unwrap();
    s.tap(pt("d5")).unwrap();
    s.undo().unwrap();
    let snap = s.snapshot();
    assert_eq!(snap.to_move, Side::P2);
    assert_eq!(snap.point(pt("d5")).owner, None);
    assert!(snap.can_undo && snap.can_redo);
    s.redo().unwrap();
    assert_eq!(s.snapshot().point(pt("d5")).owner, Some(Side::P2));
    assert_eq!(s.redo(), Err(SessionError::NothingToRedo));
    s.undo().unwrap();
    s.undo().unwrap();
    let snap = s.snapshot();
    assert!(!snap.can_undo && snap.can_redo);
    assert_eq!(s.undo(), Err(SessionError::NothingToUndo));
    // Something new forgets what could be redone.
    s.tap(pt("a1")).unwrap();
    assert!(!s.snapshot().can_redo);
}

#[test]
fn undo_takes_back_a_turn_in_progress() {
    let (s, _) = session_after(
        pass_and_play(Variant::TwelveMensMorris),
        "a1 g1 a4 g4 d7 e3 g7 e4",
    );
    s.tap(pt("a7")).unwrap();
    assert!(matches!(s.snapshot().next, NextStep::Capture { .. }));
    s.undo().unwrap();
    let snap = s.snapshot();
    assert_eq!((snap.next, snap.to_move), (NextStep::Place, Side::P1));
    assert_eq!(snap.point(pt("a7")).owner, None);
    assert_eq!(s.game().actions().len(), 8);
}

#[test]
fn against_the_computer_undo_goes_back_to_the_humans_previous_turn() {
    let (s, _) = session(vs_computer(Variant::ZhiQi, Side::P2, 1));
    s.tap(pt("d6")).unwrap();
    assert!(s.snapshot().computer_thinking);
    let computer = s.run_computer_turn_now().unwrap();
    assert_eq!(computer.len(), 1);
    let free = |s: &GameSession| s.snapshot().targets()[0];
    s.tap(free(&s)).unwrap();
    s.run_computer_turn_now().unwrap();
    assert_eq!(s.game().actions().len(), 4);
    // Human to move: undo takes back the computer's turn and the human's.
    s.undo().unwrap();
    let snap = s.snapshot();
    assert_eq!(s.game().actions().len(), 2);
    assert_eq!(snap.to_move, Side::P1);
    assert!(!snap.computer_thinking);
    // While the computer is thinking: undo cancels it and takes back the human's turn.
    s.tap(free(&s)).unwrap();
    assert!(s.snapshot().computer_thinking);
    s.undo().unwrap();
    let snap = s.snapshot();
    assert_eq!(s.game().actions().len(), 2);
    assert!(!snap.computer_thinking && snap.can_redo);
    assert_eq!(
        s.run_computer_turn_now(),
        Err(SessionError::NotComputersTurn)
    );
    s.redo().unwrap();
    assert!(s.snapshot().computer_thinking, "the computer's turn again");
    s.undo().unwrap();
    s.undo().unwrap();
    assert!(!s.snapshot().can_undo);
}

#[test]
fn the_computers_opening_turn_cannot_be_undone() {
    let (s, _) = session(vs_computer(Variant::LinkedHorse, Side::P1, 2));
    assert!(s.snapshot().computer_thinking);
    s.run_computer_turn_now().unwrap();
    let snap = s.snapshot();
    assert!(!snap.can_undo && !snap.computer_thinking);
    assert_eq!(s.undo(), Err(SessionError::NothingToUndo));
}

#[test]
fn resignation_ends_the_game_and_can_be_taken_back() {
    let (recorder, _rx) = Recorder::new();
    let (s, _) = session(vs_computer(Variant::TwelveMensMorris, Side::P2, 1));
    s.set_listener(Some(recorder.clone()));
    s.tap(pt("d6")).unwrap();
    assert_eq!(s.resign(), Ok(Side::P1));
    let outcome = Outcome::Win {
        winner: Side::P2,
        reason: WinReason::Resignation,
    };
    assert_eq!(s.snapshot().outcome, Some(outcome));
    assert!(!s.snapshot().computer_thinking);
    assert_eq!(recorder.take(), vec![SessionEvent::GameOver { outcome }]);
    assert_eq!(s.resign(), Err(SessionError::GameOver));
    s.undo().unwrap();
    let snap = s.snapshot();
    assert_eq!(snap.outcome, None);
    assert!(snap.computer_thinking, "back to the computer's turn");
    s.redo().unwrap();
    assert_eq!(s.snapshot().outcome, Some(outcome));
}

#[test]
fn new_game_starts_again_with_the_same_settings() {
    let (s, _) = session(vs_computer(Variant::ZhiQi, Side::P1, 3));
    s.run_computer_turn_now().unwrap();
    s.set_level(Level::new(7).unwrap());
    s.new_game();
    let snap = s.snapshot();
    assert_eq!(snap.action_count, 0);
    assert!(snap.computer_thinking && !snap.can_redo);
    assert_eq!(
        snap.mode,
        Mode::VsComputer {
            computer: Side::P1,
            level: Level::new(7).unwrap()
        }
    );
}

#[test]
fn undo_to_turn_makes_an_earlier_turn_start_current_and_redo_brings_it_back() {
    let moves = "a1 g1 a4 g4 d7 e3 g7 e4 a7 xg1 d6";
    let (s, _) = session_after(pass_and_play(Variant::TwelveMensMorris), moves);
    let live = s.snapshot();
    // Turn 8 is P1's a7xg1: the position before it has 8 actions.
    assert_eq!(s.undo_to_turn(8), Ok(8));
    assert_eq!(s.game().actions().len(), 8);
    assert_eq!(s.snapshot().to_move, Side::P1);
    assert_eq!(s.snapshot().point(pt("a7")).owner, None);
    assert_eq!(s.undo_to_turn(8), Err(SessionError::NothingToUndo));
    assert_eq!(
        s.undo_to_turn(9),
        Err(SessionError::NoSuchTurn { turn: 9, turns: 8 })
    );
    s.redo().unwrap();
    assert_eq!(s.snapshot().points, live.points);
    assert_eq!(s.game().actions().len(), 11);
}

#[test]
fn undo_to_turn_against_the_computer_lands_on_a_human_turn() {
    let (s, _) = session(vs_computer(Variant::ZhiQi, Side::P2, 1));
    for _ in 0..3 {
        while !s.snapshot().computer_thinking {
            let target = s.snapshot().targets()[0];
            s.tap(target).unwrap();
        }
        s.run_computer_turn_now().unwrap();
    }
    // Turn 3 is the computer's: back to the human's turn 2.
    let turn_two = s.game().turn_start(2).unwrap().action;
    assert_eq!(s.undo_to_turn(3), Ok(2));
    assert_eq!(s.game().actions().len(), turn_two);
    let snap = s.snapshot();
    assert_eq!(snap.to_move, Side::P1);
    assert!(!snap.computer_thinking);
    assert_eq!(s.undo_to_turn(0), Ok(0));
    assert!(s.game().actions().is_empty());
}

#[test]
fn undo_to_the_final_position_takes_back_a_resignation() {
    let (s, _) = session_after(pass_and_play(Variant::ZhiQi), "d7 e3");
    s.resign().unwrap();
    assert!(s.snapshot().outcome.is_some());
    assert_eq!(s.undo_to_turn(2), Ok(2));
    assert_eq!(s.snapshot().outcome, None);
    assert_eq!(s.game().actions().len(), 2);
}
