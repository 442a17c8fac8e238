// RULES.md §3 (Zhi Qi · 十二子直棋) and the Zhi Qi edge cases of §7.
//
// Rule → test:
// - 3.1 twelve each in hand, alternate placing, P1 first
//     → `zhiqi_rule_1_twelve_pieces_each_in_hand_p1_places_first`
// - 3.2 n lines owe n captures, one after another, on the board as it stands
//     → `zhiqi_rule_2_placement_owes_one_pin_per_completed_line`,
//       `zhiqi_edge_double_pin_second_may_take_from_mill`
// - 3.3 captures take pieces not in a mill, any if all are; lost when the opponent has no piece
//     on the board → `zhiqi_rule_3_capture_takes_only_pieces_not_in_a_mill`,
//       `zhiqi_rule_3_every_piece_in_a_mill_any_may_be_taken`,
//       `zhiqi_edge_captures_lost_when_opponent_has_no_piece_on_board`,
//       `zhiqi_rule_3_second_pin_lost_when_first_took_last_piece_on_board`
// - 3.4 a pin replaces the piece; hands and occupancy unchanged; the board is full when
//     placement ends → `zhiqi_rule_4_pin_replaces_piece_keeps_hands_and_occupancy` (§7 single
//     pin), `zhiqi_rule_4_board_full_when_placement_ends_p1_twelfth_decides_last_point`
// - 3.5 no chains; the pinned piece is ordinary
//     → `zhiqi_edge_pin_completing_pinners_line_gives_no_extra_capture`,
//       `zhiqi_rule_5_pin_piece_is_ordinary_and_protected_in_its_mill`
// - 3.6 P2 makes the first movement turn → `zhiqi_rule_6_p2_makes_first_movement_turn`
// - 3.7 a step completing n lines owes n plain captures
//     → `zhiqi_rule_7_step_completing_two_lines_owes_two_captures`,
//       `zhiqi_rule_7_step_capture_is_plain_removal`
// - 3.8 pull → `zhiqi_edge_board_full_after_placement_p2_to_move_only_pulls`,
//       `zhiqi_edge_pull_targets_exactly_adjacent_opponent_pieces_mill_pieces_included`,
//       `zhiqi_edge_pull_when_every_opponent_piece_is_in_a_mill`,
//       `zhiqi_rule_8_after_pull_must_step_into_vacated_point`,
//       `zhiqi_edge_pull_then_step_making_two_mills_captures_twice`,
//       `zhiqi_edge_pull_leaves_opponent_blocked_they_pull_next`
// - 3.9 no loss by blockade; a side with no pieces left loses, checked after every removal
//     → `zhiqi_rule_9_blocked_side_never_loses`,
//       `zhiqi_rule_9_capturing_last_piece_wins`, `zhiqi_rule_9_pinning_last_piece_wins`,
//       `zhiqi_edge_pull_that_takes_last_piece_wins`
// - 3.10 both at two or fewer in the movement phase draws, checked when a turn ends
//     → `zhiqi_edge_both_sides_at_two_pieces_is_a_draw`,
//       `zhiqi_rule_10_lone_piece_pulls_and_steps_before_the_draw`,
//       `zhiqi_rule_10_three_against_two_is_not_a_draw`
// - 3.11 board + hand + lost = 12 + pins; more than 12 on the board
//     → `zhiqi_rule_11_piece_accounting_with_pins`,
//       `zhiqi_rule_11_side_may_have_more_than_twelve_on_the_board`
// - §7: single pin → `zhiqi_rule_4_pin_replaces_piece_keeps_hands_and_occupancy`; double pin
//   → `zhiqi_edge_double_pin_second_may_take_from_mill`; triple pin at a corner
//   → `zhiqi_edge_triple_pin_at_a_corner`; no chains
//   → `zhiqi_edge_pin_completing_pinners_line_gives_no_extra_capture`; captures lost
//   → `zhiqi_edge_captures_lost_when_opponent_has_no_piece_on_board`; full board, only pulls
//   → `zhiqi_edge_board_full_after_placement_p2_to_move_only_pulls`; pull targets
//   → `zhiqi_edge_pull_targets_exactly_adjacent_opponent_pieces_mill_pieces_included`; pull
//   when all in mills → `zhiqi_edge_pull_when_every_opponent_piece_is_in_a_mill`; pull takes
//   the last piece → `zhiqi_edge_pull_that_takes_last_piece_wins`; pull then two mills
//   → `zhiqi_edge_pull_then_step_making_two_mills_captures_twice`; pull leaves the opponent
//   blocked → `zhiqi_edge_pull_leaves_opponent_blocked_they_pull_next`; no flying
//   → `zhiqi_edge_no_flying_at_three_pieces`; both at two
//   → `zhiqi_edge_both_sides_at_two_pieces_is_a_draw`; timer
//   → `zhiqi_edge_timer_skipped_placement`, `zhiqi_edge_timer_empty_hand_skipped`,
//   `zhiqi_edge_timer_p2_still_moves_first`, `zhiqi_edge_timer_pull_step_lost`.

mod common;

use common::*;
use mills_core::{
    Action, DrawReason, IllegalAction, Outcome, Pending, Phase, Position, RemovalKind, Side,
    WinReason,
};

const H_P1: &str = "d7 g7 d1 a4 b6 f6 f2 d2 d5 e4 c3 c4";
const H_P2: &str = "a7 g4 g1 a1 d6 f4 b2 b4 c5 e5 e3 d3";

// ---- 3.1 ---------------------------------------------------------------------------------

#[test]
fn zhiqi_rule_1_twelve_pieces_each_in_hand_p1_places_first() {
    let start = Position::new(ZHIQI);
    assert_eq!(start.hand(Side::P1), 12);
    assert_eq!(start.hand(Side::P2), 12);
    assert!(start.occupied().is_empty());
    assert_eq!(start.side_to_move(), Side::P1);
    assert_eq!(start.phase(), Phase::Placing);
    assert_eq!(start.legal_actions().len(), 24);
    assert_eq!(start.check(act("d6-d5")), Err(IllegalAction::MustPlace));
    assert_eq!(start.check(act("xd6")), Err(IllegalAction::NothingToRemove));

    let mut position = start;
    play(&mut position, "d6");
    assert_eq!(position.side_to_move(), Side::P2);
    assert_eq!(position.hand(Side::P1), 11);
    assert_eq!(
        position.check(act("d6")),
        Err(IllegalAction::Occupied(pt("d6")))
    );
    play(&mut position, "d5");
    assert_eq!(position.side_to_move(), Side::P1);
    assert_eq!(position.board(Side::P1), bb("d6"));
    assert_eq!(position.board(Side::P2), bb("d5"));
}

// ---- 3.2 ---------------------------------------------------------------------------------

#[test]
fn zhiqi_rule_2_placement_owes_one_pin_per_completed_line() {
    // One line: one pin.
    let one = after(ZHIQI, "a1 d7 a4 g1 a7");
    assert_eq!(one.pending(), pins(1));
    // Two lines (F): two pins, each made with its own action.
    let mut two = after(ZHIQI, F);
    assert_eq!(two.pending(), pins(2));
    assert_eq!(two.removal_targets(RemovalKind::Pin), bb("g1 g4 e3 e4"));
    play(&mut two, "xg1");
    assert_eq!(two.pending(), pins(1));
    assert_eq!(two.removal_targets(RemovalKind::Pin), bb("g4 e3 e4"));
    play(&mut two, "xe3");
    assert_eq!(two.pending(), Pending::None);
    assert_eq!(two.side_to_move(), Side::P2);
    assert_eq!(two.board(Side::P1), bb("a1 a4 a7 d7 g7 g1 e3"));
    assert_eq!(two.board(Side::P2), bb("g4 e4"));
}

#[test]
fn zhiqi_edge_double_pin_second_may_take_from_mill() {
    // P2 has the mill a1-a4-a7 and one loose piece, d2. P1's g1 completes g1-g4-g7 and
    // g1-f2-e3: the first pin must take d2; then every P2 piece is in the mill, so the second
    // pin may take any of them.
    let mut position = placing(ZHIQI, "g4 g7 f2 e3", "a1 a4 a7 d2", [8, 8], Side::P1);
    play(&mut position, "g1");
    assert_eq!(position.pending(), pins(2));
    assert_eq!(position.removal_targets(RemovalKind::Pin), bb("d2"));
    assert_eq!(
        position.check(act("xa4")),
        Err(IllegalAction::InMill(pt("a4")))
    );
    play(&mut position, "xd2");
    assert_eq!(position.pending(), pins(1));
    assert_eq!(position.removal_targets(RemovalKind::Pin), bb("a1 a4 a7"));
    play(&mut position, "xa4");
    assert_eq!(position.pending(), Pending::None);
    assert_eq!(position.side_to_move(), Side::P2);
    assert_eq!(position.board(Side::P1), bb("g1 g4 g7 f2 e3 d2 a4"));
    assert_eq!(position.board(Side::P2), bb("a1 a7"));
    assert_eq!(position.hand(Side::P1), 7);
    assert_eq!(position.hand(Side::P2), 8);
    assert_eq!(position.pins_made(Side::P1), 2);
    assert_eq!(position.lost(Side::P2), 2);
}

#[test]
fn zhiqi_edge_triple_pin_at_a_corner() {
    // G: P2 pinned f2 earlier; P1's a7 completes a7-d7-g7, a1-a4-a7 and a7-b6-c5.
    let mut position = after(ZHIQI, G);
    assert_eq!(position.pending(), pins(3));
    // d1-d2-d3 is P2's mill: only the loose pieces may be pinned.
    assert_eq!(
        position.removal_targets(RemovalKind::Pin),
        bb("f2 e4 e3 b4 f6")
    );
    play(&mut position, "xf2");
    assert_eq!(position.pending(), pins(2));
    assert_eq!(
        position.removal_targets(RemovalKind::Pin),
        bb("e4 e3 b4 f6")
    );
    play(&mut position, "xe4");
    assert_eq!(position.removal_targets(RemovalKind::Pin), bb("e3 b4 f6"));
    play(&mut position, "xe3");
    assert_eq!(position.pending(), Pending::None);
    assert_eq!(position.side_to_move(), Side::P2);
    assert_eq!(position.board(Side::P2), bb("d1 d2 d3 b4 f6"));
    assert_eq!(position.pins_made(Side::P1), 3);
    assert_eq!(position.hand(Side::P1), 4);
    assert_eq!(position.hand(Side::P2), 5);
    assert_eq!(position.occupied().count(), 15);
}

// ---- 3.3 ---------------------------------------------------------------------------------

#[test]
fn zhiqi_rule_3_capture_takes_only_pieces_not_in_a_mill() {
    // P2 makes b6-d6-f6 and pins g4; then P1's a7 may only pin the loose g4.
    let position = after(ZHIQI, "a1 b6 a4 d6 g4 f6 xg4 a7");
    assert_eq!(position.pending(), pins(1));
    assert_eq!(position.board(Side::P2), bb("b6 d6 f6 g4"));
    assert_eq!(position.removal_targets(RemovalKind::Pin), bb("g4"));
    assert_eq!(
        position.check(act("xd6")),
        Err(IllegalAction::InMill(pt("d6")))
    );
    assert_eq!(
        position.check(act("xa1")),
        Err(IllegalAction::NotOpponentPiece(pt("a1")))
    );
    assert_eq!(
        position.check(act("xc3")),
        Err(IllegalAction::NotOpponentPiece(pt("c3")))
    );
    assert_eq!(legal(&position), set("xg4"));
}

#[test]
fn zhiqi_rule_3_every_piece_in_a_mill_any_may_be_taken() {
    let mut position = placing(ZHIQI, "g4 g7", "a1 a4 a7", [10, 9], Side::P1);
    play(&mut position, "g1");
    assert_eq!(position.pending(), pins(1));
    assert_eq!(position.removal_targets(RemovalKind::Pin), bb("a1 a4 a7"));
    play(&mut position, "xa4");
    assert_eq!(position.board(Side::P1), bb("g1 g4 g7 a4"));

    // The same in the movement phase, with a plain capture.
    let mut moving_position = moving(ZHIQI, "a1 a4 b6", "c3 d3 e3 g7 g4 g1", Side::P1);
    play(&mut moving_position, "b6-a7");
    assert_eq!(moving_position.pending(), captures(1));
    assert_eq!(
        moving_position.removal_targets(RemovalKind::Capture),
        bb("c3 d3 e3 g7 g4 g1")
    );
}

#[test]
fn zhiqi_edge_captures_lost_when_opponent_has_no_piece_on_board() {
    // P2's timer runs out twice; P1's a7 completes a line with nothing of P2's on the board.
    let position = after(ZHIQI, "a1 pass a4 pass a7");
    assert_eq!(position.pending(), Pending::None);
    assert_eq!(position.side_to_move(), Side::P2);
    assert_eq!(position.hand(Side::P1), 9);
    assert_eq!(position.hand(Side::P2), 12);
    assert_eq!(position.pins_made(Side::P1), 0);
    assert_eq!(position.outcome(), None);
    assert_eq!(position.legal_actions().len(), 21);
}

#[test]
fn zhiqi_rule_3_second_pin_lost_when_first_took_last_piece_on_board() {
    // P2 has a single piece on the board (and eleven in hand); P1 completes two lines.
    let mut position = placing(ZHIQI, "g4 g7 f2 e3", "d2", [8, 11], Side::P1);
    play(&mut position, "g1");
    assert_eq!(position.pending(), pins(2));
    play(&mut position, "xd2");
    assert_eq!(position.pending(), Pending::None);
    assert_eq!(position.side_to_move(), Side::P2);
    assert!(position.board(Side::P2).is_empty());
    assert_eq!(position.pins_made(Side::P1), 1);
    assert_eq!(position.outcome(), None);
}

// ---- 3.4 ---------------------------------------------------------------------------------

#[test]
fn zhiqi_rule_4_pin_replaces_piece_keeps_hands_and_occupancy() {
    let before = after(ZHIQI, "a1 d7 a4 g1 a7");
    assert_eq!(before.pending(), pins(1));
    assert_eq!(before.removal_targets(RemovalKind::Pin), bb("d7 g1"));
    let pinned = played(&before, "xd7");
    // The point changes colour...
    assert_eq!(pinned.owner(pt("d7")), Some(Side::P1));
    assert_eq!(pinned.board(Side::P1), bb("a1 a4 a7 d7"));
    assert_eq!(pinned.board(Side::P2), bb("g1"));
    // ...the hands do not change (the pinning piece is not from the hand)...
    assert_eq!(pinned.hand(Side::P1), before.hand(Side::P1));
    assert_eq!(pinned.hand(Side::P2), before.hand(Side::P2));
    assert_eq!((pinned.hand(Side::P1), pinned.hand(Side::P2)), (9, 10));
    // ...and the occupied points are the same.
    assert_eq!(pinned.occupied(), before.occupied());
    assert_eq!(pinned.pins_made(Side::P1), 1);
    assert_eq!(pinned.lost(Side::P2), 1);
    assert_eq!(pinned.side_to_move(), Side::P2);
    assert_pieces_conserved(&pinned);
}

#[test]
fn zhiqi_rule_4_board_full_when_placement_ends_p1_twelfth_decides_last_point() {
    let actions: Vec<&str> = H.split_whitespace().collect();
    // After P1's twelfth placement (the 23rd), one point is left and P2 must take it.
    let before_last = after(ZHIQI, &actions[..23].join(" "));
    assert_eq!(before_last.hand(Side::P1), 0);
    assert_eq!(before_last.hand(Side::P2), 1);
    assert_eq!(before_last.empty(), bb("d3"));
    assert_eq!(legal(&before_last), set("d3"));
    let full = after(ZHIQI, H);
    assert!(full.empty().is_empty());
    assert_eq!(full.board(Side::P1), bb(H_P1));
    assert_eq!(full.board(Side::P2), bb(H_P2));

    // With pins too: F, two pins, then placements that complete no line.
    let pinned = after(
        ZHIQI,
        &format!("{F} xg1 xe3 d1 e5 c5 d6 f2 b4 f6 c3 d3 f4 d5 b6 c4 d2 b2"),
    );
    assert_eq!(pinned.phase(), Phase::Moving);
    assert!(pinned.empty().is_empty());
}

// ---- 3.5 ---------------------------------------------------------------------------------

#[test]
fn zhiqi_edge_pin_completing_pinners_line_gives_no_extra_capture() {
    // P1's a7 completes a1-a4-a7; pinning d7 completes a7-d7-g7 as well: no further pin.
    let mut position = after(ZHIQI, "a1 d7 a4 g4 g7 b2 a7");
    assert_eq!(position.pending(), pins(1));
    assert_eq!(position.removal_targets(RemovalKind::Pin), bb("d7 g4 b2"));
    play(&mut position, "xd7");
    assert_eq!(position.in_mills(Side::P1), bb("a1 a4 a7 d7 g7"));
    assert_eq!(position.pending(), Pending::None);
    assert_eq!(position.side_to_move(), Side::P2);
    assert_eq!(position.board(Side::P2), bb("g4 b2"));
    assert_eq!(position.pins_made(Side::P1), 1);
}

#[test]
fn zhiqi_rule_5_pin_piece_is_ordinary_and_protected_in_its_mill() {
    // Continuing: P2 completes b2-d2-f2 and may pin only P1's loose c4; d7, which came by a
    // pin, is protected by its mill like any other piece.
    let position = after(ZHIQI, "a1 d7 a4 g4 g7 b2 a7 xd7 d2 c4 f2");
    assert_eq!(position.side_to_move(), Side::P2);
    assert_eq!(position.pending(), pins(1));
    assert_eq!(position.removal_targets(RemovalKind::Pin), bb("c4"));
    assert_eq!(
        position.check(act("xd7")),
        Err(IllegalAction::InMill(pt("d7")))
    );
}

// ---- 3.6 ---------------------------------------------------------------------------------

#[test]
fn zhiqi_rule_6_p2_makes_first_movement_turn() {
    let position = after(ZHIQI, H);
    assert_eq!(position.phase(), Phase::Moving);
    assert_eq!(position.hand(Side::P1), 0);
    assert_eq!(position.hand(Side::P2), 0);
    // P2 placed last and moves first all the same (the card's "placed second moves first").
    assert_eq!(position.side_to_move(), Side::P2);
    // Also when P1 placed last (P1's timer ran out once at the start).
    let p1_last = after(
        ZHIQI,
        "pass a7 d7 g4 g7 g1 d1 a1 a4 d6 b6 f4 f6 b2 f2 b4 d2 c5 d5 e5 e4 e3 c3 d3 c4",
    );
    assert_eq!(p1_last.phase(), Phase::Moving);
    assert_eq!(p1_last.side_to_move(), Side::P2);
    assert_eq!(p1_last.board(Side::P1), bb(H_P1));
}

// ---- 3.7 ---------------------------------------------------------------------------------

#[test]
fn zhiqi_rule_7_step_completing_two_lines_owes_two_captures() {
    let mut position = moving(ZHIQI, "a4 d7 g7 b6 c5", "g1 d1 e4 f4 d3", Side::P1);
    play(&mut position, "a4-a7");
    assert_eq!(position.pending(), captures(2));
    assert_eq!(
        position.removal_targets(RemovalKind::Capture),
        bb("g1 d1 e4 f4 d3")
    );
    play(&mut position, "xg1");
    assert_eq!(position.pending(), captures(1));
    assert_eq!(position.side_to_move(), Side::P1);
    play(&mut position, "xd1");
    assert_eq!(position.pending(), Pending::None);
    assert_eq!(position.side_to_move(), Side::P2);
    assert_eq!(position.board(Side::P2), bb("e4 f4 d3"));
    assert_eq!(position.empty().count(), 24 - 8);
}

#[test]
fn zhiqi_rule_7_step_capture_is_plain_removal() {
    let mut position = moving(ZHIQI, "a1 a4 b6", "g1 g4 d3", Side::P1);
    play(&mut position, "b6-a7");
    assert_eq!(position.pending(), captures(1));
    play(&mut position, "xg1");
    assert_eq!(position.owner(pt("g1")), None);
    assert_eq!(position.board(Side::P1), bb("a1 a4 a7"));
    assert_eq!(position.board(Side::P2), bb("g4 d3"));
    assert_eq!(position.pins_made(Side::P1), 0);
    assert_eq!(position.lost(Side::P2), 1);
}

// ---- 3.8 pull ----------------------------------------------------------------------------

#[test]
fn zhiqi_edge_board_full_after_placement_p2_to_move_only_pulls() {
    let position = after(ZHIQI, H);
    assert!(position.empty().is_empty());
    assert_eq!(position.side_to_move(), Side::P2);
    assert_eq!(position.pending(), pull());
    // Every P1 piece touches a P2 piece, so all twelve may be pulled, and nothing else is legal.
    assert_eq!(position.removal_targets(RemovalKind::Pull), bb(H_P1));
    assert_eq!(
        legal(&position),
        set("xd7 xg7 xd1 xa4 xb6 xf6 xf2 xd2 xd5 xe4 xc3 xc4")
    );
    assert_eq!(
        position.check(act("a7-b6")),
        Err(IllegalAction::MustRemove(RemovalKind::Pull))
    );
    // Reference position B is also a first movement turn made only of pulls.
    let b = after(
        ZHIQI,
        "d7 e3 a1 f4 a4 f6 c3 g7 f2 b4 a7 xb4 e5 xb4 c4 e4 xd7 g4 c5 d6 d1 d3 g1 b6 d5 xc4 d2 b2",
    );
    assert_eq!(b.side_to_move(), Side::P2);
    assert_eq!(b.pending(), pull());
    assert!(b.empty().is_empty());
    assert_eq!(b.legal_actions().len(), 10);
    assert!(
        b.legal_actions()
            .iter()
            .all(|a| matches!(a, Action::Remove(_)))
    );
}

#[test]
fn zhiqi_edge_pull_targets_exactly_adjacent_opponent_pieces_mill_pieces_included() {
    // P1's a1 is surrounded by a4, d1 and b2; d1 is in P2's mill d1-d2-d3.
    let position = moving(ZHIQI, "a1", "a4 b2 d1 d2 d3 g7", Side::P1);
    assert_eq!(position.pending(), pull());
    assert_eq!(position.removal_targets(RemovalKind::Pull), bb("a4 b2 d1"));
    assert_eq!(legal(&position), set("xa4 xb2 xd1"));
    assert_eq!(
        position.check(act("xd2")),
        Err(IllegalAction::NotNextToYours(pt("d2")))
    );
    assert_eq!(
        position.check(act("xg7")),
        Err(IllegalAction::NotNextToYours(pt("g7")))
    );
    // The mill piece is pulled like any other.
    let pulled = played(&position, "xd1");
    assert_eq!(pulled.board(Side::P2), bb("a4 b2 d2 d3 g7"));
    assert_eq!(pulled.pending(), Pending::StepAfterPull);
    assert_eq!(pulled.side_to_move(), Side::P1);
}

#[test]
fn zhiqi_edge_pull_when_every_opponent_piece_is_in_a_mill() {
    // P2: d1-d2-d3, b2-b4-b6 and a4-b4-c4 — every piece in a mill. Still exactly the
    // neighbours of P1's a1 may be pulled.
    let position = moving(ZHIQI, "a1", "d1 d2 d3 b2 b4 b6 a4 c4", Side::P1);
    assert_eq!(position.in_mills(Side::P2), position.board(Side::P2));
    assert_eq!(position.pending(), pull());
    assert_eq!(position.removal_targets(RemovalKind::Pull), bb("a4 b2 d1"));
    assert_eq!(legal(&position), set("xa4 xb2 xd1"));
}

#[test]
fn zhiqi_rule_8_after_pull_must_step_into_vacated_point() {
    let mut position = after(ZHIQI, &format!("{H} xg7"));
    assert_eq!(position.pending(), Pending::StepAfterPull);
    assert_eq!(position.side_to_move(), Side::P2);
    assert_eq!(position.empty(), bb("g7"));
    assert_eq!(legal(&position), set("g4-g7"));
    assert_eq!(
        position.check(act("xd7")),
        Err(IllegalAction::NothingToRemove)
    );
    assert_eq!(
        position.check(act("g7")),
        Err(IllegalAction::MustStepAfterPull)
    );
    play(&mut position, "g4-g7");
    assert_eq!(position.side_to_move(), Side::P1);
    assert_eq!(position.empty(), bb("g4"));
}

#[test]
fn zhiqi_edge_pull_then_step_making_two_mills_captures_twice() {
    // H: P2 pulls b6 and steps d6-b6, completing a7-b6-c5 and b2-b4-b6.
    let mut position = after(ZHIQI, &format!("{H} xb6"));
    assert_eq!(legal(&position), set("a7-b6 d6-b6 b4-b6 c5-b6"));
    play(&mut position, "d6-b6");
    assert_eq!(position.pending(), captures(2));
    assert_eq!(position.side_to_move(), Side::P2);
    assert_eq!(
        position.removal_targets(RemovalKind::Capture),
        bb("d7 g7 d1 a4 f6 f2 d2 d5 e4 c3 c4")
    );
    play(&mut position, "xd7 xd5");
    assert_eq!(position.pending(), Pending::None);
    assert_eq!(position.side_to_move(), Side::P1);
    assert_eq!(position.board(Side::P1).count(), 9);
    assert_eq!(position.lost(Side::P1), 3);
    assert_eq!(position.empty(), bb("d6 d7 d5"));
}

#[test]
fn zhiqi_edge_pull_leaves_opponent_blocked_they_pull_next() {
    // H: P2 pulls g7 and steps g4-g7; g4's neighbours are then all P2's, so P1 cannot step
    // and pulls in turn (any P2 piece, since each touches a P1 piece).
    let position = after(ZHIQI, &format!("{H} xg7 g4-g7"));
    assert_eq!(position.side_to_move(), Side::P1);
    assert_eq!(position.empty(), bb("g4"));
    assert_eq!(position.pending(), pull());
    assert_eq!(position.outcome(), None);
    assert_eq!(
        position.removal_targets(RemovalKind::Pull),
        position.board(Side::P2)
    );
    assert_eq!(position.legal_actions().len(), 12);
}

// ---- 3.9 ---------------------------------------------------------------------------------

#[test]
fn zhiqi_rule_9_blocked_side_never_loses() {
    for position in [
        after(ZHIQI, H),
        moving(ZHIQI, "a1", "a4 b2 d1 d2 d3 g7", Side::P1),
    ] {
        assert_eq!(position.outcome(), None);
        assert_eq!(position.pending(), pull());
        assert!(!position.legal_actions().is_empty());
    }
}

#[test]
fn zhiqi_rule_9_capturing_last_piece_wins() {
    let mut position = moving(ZHIQI, "a1 a4 b6", "g4", Side::P1);
    play(&mut position, "b6-a7");
    assert_eq!(position.pending(), captures(1));
    play(&mut position, "xg4");
    assert_eq!(position.outcome(), win(Side::P1, WinReason::TookAll));
    assert!(position.legal_actions().is_empty());
    assert_eq!(position.check(Action::Pass), Err(IllegalAction::GameOver));
}

#[test]
fn zhiqi_rule_9_pinning_last_piece_wins() {
    // P2 has one piece on the board and none in hand.
    let mut position = placing(ZHIQI, "a1 a4", "d2", [1, 0], Side::P1);
    play(&mut position, "a7");
    assert_eq!(position.pending(), pins(1));
    play(&mut position, "xd2");
    assert_eq!(position.outcome(), win(Side::P1, WinReason::TookAll));
    // With a piece still in hand, the same pin is not a win.
    let mut in_hand = placing(ZHIQI, "a1 a4", "d2", [1, 1], Side::P1);
    play(&mut in_hand, "a7 xd2");
    assert_eq!(in_hand.outcome(), None);
    assert_eq!(in_hand.side_to_move(), Side::P2);
}

#[test]
fn zhiqi_edge_pull_that_takes_last_piece_wins() {
    // P1 fills every point but c4, which holds P2's last piece: P1 is blocked and pulls it.
    let p1: Vec<String> = mills_core::Point::ALL
        .iter()
        .filter(|p| p.to_string() != "c4")
        .map(|p| p.to_string())
        .collect();
    let mut setup = moving_setup(ZHIQI, &p1.join(" "), "c4", Side::P1);
    setup.pins = [11, 0];
    setup.lost = [0, 11];
    let mut position = build(&setup);
    assert_eq!(position.pending(), pull());
    assert_eq!(legal(&position), set("xc4"));
    play(&mut position, "xc4");
    // The win comes at once, with no step.
    assert_eq!(position.outcome(), win(Side::P1, WinReason::TookAll));
    assert_eq!(position.pending(), Pending::None);
    assert_eq!(position.empty(), bb("c4"));
    assert_eq!(position.board(Side::P1).count(), 23);
}

// ---- 3.10 --------------------------------------------------------------------------------

fn both_at_two() -> Option<Outcome> {
    Some(Outcome::Draw {
        reason: DrawReason::BothAtTwo,
    })
}

#[test]
fn zhiqi_edge_both_sides_at_two_pieces_is_a_draw() {
    assert_eq!(
        moving(ZHIQI, "a1 g7", "d5 e3", Side::P1).outcome(),
        both_at_two()
    );
    assert_eq!(
        moving(ZHIQI, "a1", "d5 e3", Side::P2).outcome(),
        both_at_two()
    );
    assert!(
        moving(ZHIQI, "a1 g7", "d5 e3", Side::P1)
            .legal_actions()
            .is_empty()
    );
}

#[test]
fn zhiqi_rule_10_lone_piece_pulls_and_steps_before_the_draw() {
    // P1's lone a7 is surrounded by d7, a4 and b6.
    let mut position = moving(ZHIQI, "a7", "d7 a4 b6", Side::P1);
    assert_eq!(position.outcome(), None);
    assert_eq!(position.pending(), pull());
    assert_eq!(legal(&position), set("xd7 xa4 xb6"));
    play(&mut position, "xd7");
    // Both sides are now at two or fewer, but the turn is not over: the step comes first.
    assert_eq!(position.outcome(), None);
    assert_eq!(position.pending(), Pending::StepAfterPull);
    assert_eq!(legal(&position), set("a7-d7"));
    play(&mut position, "a7-d7");
    assert_eq!(position.outcome(), both_at_two());
    assert_eq!(position.board(Side::P1), bb("d7"));
    assert_eq!(position.board(Side::P2), bb("a4 b6"));
}

#[test]
fn zhiqi_rule_10_three_against_two_is_not_a_draw() {
    let position = moving(ZHIQI, "a1 a4 g7", "d5 e3", Side::P1);
    assert_eq!(position.outcome(), None);
    assert!(!position.legal_actions().is_empty());
}

// ---- 3.11 --------------------------------------------------------------------------------

#[test]
fn zhiqi_rule_11_piece_accounting_with_pins() {
    let mut position = after(ZHIQI, G);
    play(&mut position, "xf2 xe4 xe3");
    // P1: 10 on the board + 4 in hand + 1 lost (f2, pinned by P2) = 12 + 3 pins.
    assert_eq!(position.board(Side::P1).count(), 10);
    assert_eq!(position.hand(Side::P1), 4);
    assert_eq!(position.lost(Side::P1), 1);
    assert_eq!(position.pins_made(Side::P1), 3);
    // P2: 5 + 5 in hand + 3 lost = 12 + 1 pin.
    assert_eq!(position.board(Side::P2).count(), 5);
    assert_eq!(position.hand(Side::P2), 5);
    assert_eq!(position.lost(Side::P2), 3);
    assert_eq!(position.pins_made(Side::P2), 1);
    assert_pieces_conserved(&position);
}

#[test]
fn zhiqi_rule_11_side_may_have_more_than_twelve_on_the_board() {
    let position = after(
        ZHIQI,
        &format!("{F} xg1 xe3 d1 e5 c5 d6 f2 b4 f6 c3 d3 f4 d5 b6 c4 d2 b2"),
    );
    assert_eq!(position.phase(), Phase::Moving);
    assert_eq!(position.board(Side::P1).count(), 14);
    assert_eq!(position.board(Side::P2).count(), 10);
    assert_eq!(position.pins_made(Side::P1), 2);
    assert_pieces_conserved(&position);
    assert_eq!(position.side_to_move(), Side::P2);
    assert_eq!(position.pending(), pull());
}

// ---- §7 no flying ------------------------------------------------------------------------

#[test]
fn zhiqi_edge_no_flying_at_three_pieces() {
    let position = moving(ZHIQI, "a1 d5 g4", "a7 d3 g1", Side::P1);
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
    // Nor at two (against three, so the game goes on).
    let two = moving(ZHIQI, "a1 d5", "a7 d3 g1", Side::P1);
    assert_eq!(legal(&two), set("a1-a4 a1-d1 a1-b2 d5-c5 d5-e5 d5-d6"));
}

// ---- §7 timer ----------------------------------------------------------------------------

#[test]
fn zhiqi_edge_timer_skipped_placement() {
    let position = after(ZHIQI, "pass");
    assert_eq!(position.side_to_move(), Side::P2);
    assert_eq!(position.hand(Side::P1), 12);
    assert!(position.occupied().is_empty());
    // P1 places its twelve pieces all the same; P2 ran out first, so P1 places the 24th.
    let before_last = after(
        ZHIQI,
        "pass a7 d7 g4 g7 g1 d1 a1 a4 d6 b6 f4 f6 b2 f2 b4 d2 c5 d5 e5 e4 e3 c3 d3",
    );
    assert_eq!(before_last.hand(Side::P1), 1);
    assert_eq!(before_last.hand(Side::P2), 0);
    assert_eq!(before_last.side_to_move(), Side::P1);
    assert_eq!(legal(&before_last), set("c4"));
}

#[test]
fn zhiqi_edge_timer_empty_hand_skipped() {
    // P2's timer runs out on its first two turns: after P1's last placement, P2 places three
    // in a row.
    let mut position = after(
        ZHIQI,
        "d7 pass g7 pass d1 a7 a4 g4 b6 g1 f6 a1 f2 d6 d2 f4 d5 b2 e4 b4 c3 c5 c4",
    );
    for point in ["e5", "e3", "d3"] {
        assert_eq!(position.side_to_move(), Side::P2);
        assert_eq!(position.hand(Side::P1), 0);
        play(&mut position, point);
    }
    assert_eq!(position.phase(), Phase::Moving);
}

#[test]
fn zhiqi_edge_timer_p2_still_moves_first() {
    let position = after(
        ZHIQI,
        "d7 pass g7 pass d1 a7 a4 g4 b6 g1 f6 a1 f2 d6 d2 f4 d5 b2 e4 b4 c3 c5 c4 e5 e3 d3",
    );
    assert_eq!(position.phase(), Phase::Moving);
    assert_eq!(position.side_to_move(), Side::P2);
    assert_eq!(position.pending(), pull());
    assert_eq!(position.board(Side::P1), bb(H_P1));
    assert_eq!(position.board(Side::P2), bb(H_P2));
}

#[test]
fn zhiqi_edge_timer_pull_step_lost() {
    let position = after(ZHIQI, &format!("{H} xg7 pass"));
    assert_eq!(position.side_to_move(), Side::P1);
    assert_eq!(position.pending(), Pending::None);
    assert_eq!(position.owner(pt("g7")), None);
    assert_eq!(position.board(Side::P2), bb(H_P2));
    assert_eq!(legal(&position), set("d7-g7 f6-g7"));
}
