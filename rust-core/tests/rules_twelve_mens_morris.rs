// RULES.md §5 (Twelve Men's Morris) and the Twelve Men's Morris edge cases of §7.
//
// Rule → test:
// - 5.1 twelve each in hand, P1 first; emptied points may be placed on again
//     → `twelve_rule_1_twelve_pieces_each_p1_places_first`,
//       `twelve_rule_1_emptied_point_may_be_placed_on_again`
// - 5.2 a placement or step completing lines owes exactly one plain capture, under Zhi Qi
//     rule 3 → `twelve_rule_2_mill_owes_one_capture_by_plain_removal`,
//       `twelve_edge_diagonal_mill_captures`, `twelve_edge_double_mill_captures_one`,
//       `twelve_edge_triple_mill_captures_one_not_in_a_mill`,
//       `twelve_rule_2_step_completing_two_lines_captures_one`,
//       `twelve_edge_all_opponent_pieces_in_mills_any_may_be_taken`,
//       `twelve_rule_2_capture_lost_when_opponent_has_nothing_on_board`
// - 5.3 placement ends after 24 placements; P1 moves first; no flying
//     → `twelve_rule_3_placement_ends_after_24_placements_p1_moves_first`,
//       `twelve_rule_3_no_flying`
// - 5.4 falling to two pieces (board + hand) loses at once, in either phase
//     → `twelve_rule_4_falling_to_two_in_movement_loses`,
//       `twelve_edge_falling_to_two_in_placement_loses`
// - 5.5 no legal step loses, except a full board when placement ends, which draws
//     → `twelve_rule_5_blocked_side_loses`,
//       `twelve_edge_no_mill_while_placing_gives_full_board_and_draw`,
//       `twelve_edge_mill_on_24th_placement_captures_then_p1_moves`,
//       `twelve_edge_mill_on_24th_placement_then_p1_blocked_loses`,
//       `twelve_rule_5_full_board_draw_even_when_the_capture_was_lost_to_the_timer`
// - §7 a mill opened and closed again captures again
//     → `twelve_edge_mill_opened_and_closed_again_captures_again`

mod common;

use common::*;
use mills_core::{
    DrawReason, IllegalAction, Outcome, Pending, Phase, Position, RemovalKind, Side, WinReason,
};

/// Twenty-four placements; P2's last, f4, completes f2-f4-f6 (the only line on the board).
/// Then every P1 piece may be taken; a4's neighbours are all P2's, e5 touches P1's e4.
const MILL_24: &str = "a4 a1 b2 a7 b6 b4 c4 c3 c5 d2 d1 d5 d3 d6 d7 e3 e4 f2 e5 f6 g1 g4 g7 f4";
const MILL_24_P1: &str = "a4 b2 b6 c4 c5 d1 d3 d7 e4 e5 g1 g7";

#[test]
fn twelve_rule_1_twelve_pieces_each_p1_places_first() {
    let start = Position::new(TWELVE);
    assert_eq!(start.hand(Side::P1), 12);
    assert_eq!(start.hand(Side::P2), 12);
    assert_eq!(start.side_to_move(), Side::P1);
    assert_eq!(start.phase(), Phase::Placing);
    let position = after(TWELVE, "d6 d5");
    assert_eq!(position.board(Side::P1), bb("d6"));
    assert_eq!(position.board(Side::P2), bb("d5"));
    assert_eq!(position.side_to_move(), Side::P1);
}

#[test]
fn twelve_rule_1_emptied_point_may_be_placed_on_again() {
    let position = after(TWELVE, "a1 g1 a4 g4 d7 e3 g7 e4 a7 xg1");
    assert_eq!(position.owner(pt("g1")), None);
    assert_eq!(position.side_to_move(), Side::P2);
    assert!(legal(&position).contains("g1"));
    let replaced = played(&position, "g1");
    assert_eq!(replaced.owner(pt("g1")), Some(Side::P2));
    assert_eq!(replaced.hand(Side::P2), 7);
}

#[test]
fn twelve_rule_2_mill_owes_one_capture_by_plain_removal() {
    let position = after(TWELVE, "a1 d1 a4 g4 a7");
    assert_eq!(position.pending(), captures(1));
    assert_eq!(position.removal_targets(RemovalKind::Capture), bb("d1 g4"));
    let captured = played(&position, "xd1");
    assert_eq!(captured.owner(pt("d1")), None);
    assert_eq!(captured.board(Side::P1), bb("a1 a4 a7"));
    assert_eq!(captured.board(Side::P2), bb("g4"));
    assert_eq!(captured.lost(Side::P2), 1);
    assert_eq!(captured.pins_made(Side::P1), 0);
    assert_eq!(captured.hand(Side::P1), 9);
    assert_eq!(captured.side_to_move(), Side::P2);
    assert_pieces_conserved(&captured);
}

#[test]
fn twelve_edge_diagonal_mill_captures() {
    let position = after(TWELVE, "a7 d1 b6 g4 c5");
    assert_eq!(position.in_mills(Side::P1), bb("a7 b6 c5"));
    assert_eq!(position.pending(), captures(1));
    assert_eq!(legal(&position), set("xd1 xg4"));
}

#[test]
fn twelve_edge_double_mill_captures_one() {
    // F: a7 completes a1-a4-a7 and a7-d7-g7.
    let position = after(TWELVE, "a1 g1 a4 g4 d7 e3 g7 e4 a7");
    assert_eq!(position.pending(), captures(1));
    assert_eq!(
        position.removal_targets(RemovalKind::Capture),
        bb("g1 g4 e3 e4")
    );
    let captured = played(&position, "xe3");
    assert_eq!(captured.pending(), Pending::None);
    assert_eq!(captured.side_to_move(), Side::P2);
    assert_eq!(captured.board(Side::P2), bb("g1 g4 e4"));
}

#[test]
fn twelve_edge_triple_mill_captures_one_not_in_a_mill() {
    // G in Twelve Men's Morris: P2's d3 captured f2 earlier; P1's a7 completes three lines.
    let position = after(TWELVE, "f2 d1 d7 d2 g7 e4 a4 d3 xf2 a1 e3 b6 b4 c5 f6 a7");
    assert_eq!(position.pending(), captures(1));
    // d1-d2-d3 is a mill: only the loose pieces may be taken.
    assert_eq!(
        position.removal_targets(RemovalKind::Capture),
        bb("e4 e3 b4 f6")
    );
    assert_eq!(
        position.check(act("xd2")),
        Err(IllegalAction::InMill(pt("d2")))
    );
    let captured = played(&position, "xb4");
    assert_eq!(captured.pending(), Pending::None);
    assert_eq!(captured.side_to_move(), Side::P2);
    assert_eq!(captured.board(Side::P2), bb("d1 d2 d3 e4 e3 f6"));
}

#[test]
fn twelve_rule_2_step_completing_two_lines_captures_one() {
    let mut position = moving(TWELVE, "a4 d7 g7 b6 c5", "g1 d1 e4 f4 d3", Side::P1);
    play(&mut position, "a4-a7");
    assert_eq!(position.pending(), captures(1));
    play(&mut position, "xd3");
    assert_eq!(position.pending(), Pending::None);
    assert_eq!(position.side_to_move(), Side::P2);
    assert_eq!(position.board(Side::P2), bb("g1 d1 e4 f4"));
}

#[test]
fn twelve_edge_all_opponent_pieces_in_mills_any_may_be_taken() {
    let mut position = moving(TWELVE, "a4 d7 g7", "c3 d3 e3 f2 f4 f6", Side::P1);
    assert_eq!(position.in_mills(Side::P2), position.board(Side::P2));
    play(&mut position, "a4-a7");
    assert_eq!(position.pending(), captures(1));
    assert_eq!(
        position.removal_targets(RemovalKind::Capture),
        bb("c3 d3 e3 f2 f4 f6")
    );
    play(&mut position, "xd3");
    assert_eq!(position.board(Side::P2), bb("c3 e3 f2 f4 f6"));
    assert_eq!(position.side_to_move(), Side::P2);
}

#[test]
fn twelve_rule_2_capture_lost_when_opponent_has_nothing_on_board() {
    let position = after(TWELVE, "a1 pass a4 pass a7");
    assert_eq!(position.pending(), Pending::None);
    assert_eq!(position.side_to_move(), Side::P2);
    assert_eq!(position.hand(Side::P2), 12);
    assert_eq!(position.outcome(), None);
}

#[test]
fn twelve_rule_3_placement_ends_after_24_placements_p1_moves_first() {
    let moves: Vec<&str> = H.split_whitespace().collect();
    let before = after(TWELVE, &moves[..23].join(" "));
    assert_eq!(before.phase(), Phase::Placing);
    assert_eq!(before.side_to_move(), Side::P2);
    // With a capture on the last placement the board is not full and P1 moves first.
    let position = after(TWELVE, &format!("{MILL_24} xe5"));
    assert_eq!(position.phase(), Phase::Moving);
    assert_eq!(position.side_to_move(), Side::P1);
    assert_eq!(position.hand(Side::P1), 0);
    assert_eq!(position.hand(Side::P2), 0);
    assert_eq!(position.outcome(), None);
    assert_eq!(position.check(act("e5")), Err(IllegalAction::PlacingIsOver));
}

#[test]
fn twelve_rule_3_no_flying() {
    let position = moving(TWELVE, "a1 d5 g4", "a7 d3 g1", Side::P1);
    assert_eq!(
        legal(&position),
        set("a1-a4 a1-d1 a1-b2 d5-c5 d5-e5 d5-d6 g4-g7 g4-f4")
    );
    assert_eq!(
        position.check(act("a1-e4")),
        Err(IllegalAction::NotAdjacent {
            from: pt("a1"),
            to: pt("e4")
        })
    );
}

#[test]
fn twelve_rule_4_falling_to_two_in_movement_loses() {
    let mut position = moving(TWELVE, "a1 a4 b6", "g1 g4 d3", Side::P1);
    play(&mut position, "b6-a7");
    assert_eq!(position.pending(), captures(1));
    play(&mut position, "xd3");
    assert_eq!(position.outcome(), win(Side::P1, WinReason::ReducedToTwo));
    assert_eq!(position.board(Side::P2), bb("g1 g4"));
    assert!(position.legal_actions().is_empty());
}

#[test]
fn twelve_edge_falling_to_two_in_placement_loses() {
    // P2 has two on the board and one in hand: three pieces; one capture leaves two.
    let mut position = placing(TWELVE, "a1 a4", "g1 d3", [1, 1], Side::P1);
    play(&mut position, "a7");
    assert_eq!(position.pending(), captures(1));
    play(&mut position, "xd3");
    assert_eq!(position.outcome(), win(Side::P1, WinReason::ReducedToTwo));
    assert_eq!(position.phase(), Phase::Placing);
    assert_eq!(position.hand(Side::P2), 1);
    // Three on the board and none in hand: the same.
    let mut board_only = placing(TWELVE, "a1 a4", "g1 g4 d3", [1, 0], Side::P1);
    play(&mut board_only, "a7 xd3");
    assert_eq!(board_only.outcome(), win(Side::P1, WinReason::ReducedToTwo));
    // Four pieces: the capture leaves three and the game goes on.
    let mut four = placing(TWELVE, "a1 a4", "g1 g4 d3", [1, 1], Side::P1);
    play(&mut four, "a7 xd3");
    assert_eq!(four.outcome(), None);
    assert_eq!(four.side_to_move(), Side::P2);
}

#[test]
fn twelve_rule_5_blocked_side_loses() {
    // P2 steps d2-d1 (completing nothing) and P1's a1, a4, a7 cannot move.
    let start = moving(TWELVE, "a1 a4 a7", "b2 b4 b6 d7 d2", Side::P2);
    assert_eq!(start.outcome(), None);
    let position = played(&start, "d2-d1");
    assert_eq!(position.pending(), Pending::None);
    assert_eq!(position.outcome(), win(Side::P2, WinReason::Blocked));
    assert!(position.legal_actions().is_empty());
}

#[test]
fn twelve_edge_no_mill_while_placing_gives_full_board_and_draw() {
    let mut game = replay(TWELVE, H);
    let position = *game.position();
    assert!(position.empty().is_empty());
    assert_eq!(position.phase(), Phase::Moving);
    assert_eq!(
        game.outcome(),
        Some(Outcome::Draw {
            reason: DrawReason::BoardFull
        })
    );
    assert!(position.legal_actions().is_empty());
    assert_eq!(game.play(act("d7-d6")), Err(IllegalAction::GameOver));
}

#[test]
fn twelve_rule_5_full_board_draw_even_when_the_capture_was_lost_to_the_timer() {
    // The 24th placement makes a mill but the timer runs out before the capture: the board is
    // full when placement ends, so the game is drawn (rule 5's condition is the full board).
    let position = after(TWELVE, &format!("{MILL_24} pass"));
    assert!(position.empty().is_empty());
    assert_eq!(position.phase(), Phase::Moving);
    assert_eq!(
        position.outcome(),
        Some(Outcome::Draw {
            reason: DrawReason::BoardFull
        })
    );
}

#[test]
fn twelve_edge_mill_on_24th_placement_captures_then_p1_moves() {
    let position = after(TWELVE, MILL_24);
    assert_eq!(position.hand(Side::P1), 0);
    assert_eq!(position.hand(Side::P2), 0);
    assert!(position.empty().is_empty());
    assert_eq!(position.side_to_move(), Side::P2);
    assert_eq!(position.pending(), captures(1));
    assert_eq!(position.outcome(), None);
    assert_eq!(
        position.removal_targets(RemovalKind::Capture),
        bb(MILL_24_P1)
    );
    let moved = played(&position, "xe5");
    assert_eq!(moved.phase(), Phase::Moving);
    assert_eq!(moved.side_to_move(), Side::P1);
    assert_eq!(moved.empty(), bb("e5"));
    assert_eq!(legal(&moved), set("e4-e5"));
}

#[test]
fn twelve_edge_mill_on_24th_placement_then_p1_blocked_loses() {
    // Taking a4 leaves a point whose neighbours (a7, a1, b4) are all P2's.
    let position = after(TWELVE, &format!("{MILL_24} xa4"));
    assert_eq!(position.phase(), Phase::Moving);
    assert_eq!(position.empty(), bb("a4"));
    assert_eq!(position.outcome(), win(Side::P2, WinReason::Blocked));
}

#[test]
fn twelve_edge_mill_opened_and_closed_again_captures_again() {
    let mut position = moving(TWELVE, "a1 a4 a7 d5", "g1 g7 e3 e5 f4", Side::P1);
    // Open the mill: no capture.
    play(&mut position, "a4-b4");
    assert_eq!(position.pending(), Pending::None);
    assert_eq!(position.side_to_move(), Side::P2);
    play(&mut position, "g7-g4");
    // Close it again: a capture.
    play(&mut position, "b4-a4");
    assert_eq!(position.pending(), captures(1));
    assert_eq!(
        position.removal_targets(RemovalKind::Capture),
        bb("g1 g4 e3 e5 f4")
    );
    play(&mut position, "xf4 g4-g7 a4-b4 g7-g4 b4-a4");
    // And again.
    assert_eq!(position.pending(), captures(1));
    play(&mut position, "xe5");
    assert_eq!(position.board(Side::P2), bb("g1 g4 e3"));
    assert_eq!(position.lost(Side::P2), 2);
    assert_eq!(position.outcome(), None);
}
