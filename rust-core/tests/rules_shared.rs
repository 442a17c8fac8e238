// RULES.md §1, §2, §6 and the shared edge cases of §7: what holds for all three games.
//
// Rule → test:
// - §1 board: 24 points, 40 edges, 20 lines; a corner is on 3 lines, a midpoint on 2
//     → `shared_edge_board_has_20_lines_and_40_edges`,
//       `shared_board_corner_on_three_lines_midpoint_on_two`
// - §2 actions: removals keep the turn; `pass` is never generated
//     → `shared_action_side_keeps_the_turn_while_removals_are_owed`,
//       `shared_action_pass_is_never_a_legal_action`
// - §7 shared: a corner placement completing 3 lines
//     → `shared_edge_corner_placement_completes_three_lines`
// - §7 shared: a step completing 2 lines → `shared_edge_step_completes_two_lines`
// - §7 shared: mill protection re-evaluated between two captures of one turn
//     → `shared_edge_mill_protection_reevaluated_between_two_captures`,
//       `shared_edge_mill_protection_reevaluated_when_first_capture_takes_last_loose_piece`
// - §7 shared: the stable is never a destination → `shared_edge_stable_is_never_a_destination`
// - §6 timer: a skipped placement keeps the piece in hand
//     → `shared_timer_pass_skipped_placement_keeps_piece_in_hand`
// - §6 timer: owed captures or pins are lost
//     → `shared_timer_pass_loses_owed_captures`, `shared_timer_pass_loses_owed_pins`,
//       `shared_timer_pass_loses_second_of_two_movement_captures`
// - §6 timer: after a pull the removal stands and the step is lost
//     → `shared_timer_pass_after_pull_removal_stands_and_step_is_lost`
// - §6 timer: an empty hand is skipped while the other still places
//     → `shared_timer_empty_hand_skipped_while_other_places_zhiqi`,
//       `shared_timer_empty_hand_skipped_while_other_places_linked_horse`,
//       `shared_timer_empty_hand_skipped_while_other_places_twelve_mens_morris`
// - §6 timer: movement starts with the game's side (Zhi Qi P2, others P1), even after passes
//     → `shared_timer_movement_starts_with_zhiqi_p2_even_after_passes`,
//       `shared_timer_movement_starts_with_linked_horse_p1_even_after_passes`,
//       `shared_timer_movement_starts_with_twelve_mens_morris_p1_even_after_passes`
// - §6 timer: a pass in the movement phase hands the turn over
//     → `shared_timer_pass_in_movement_hands_turn_to_opponent`,
//       `shared_timer_pass_rejected_when_game_is_over`
// - §6 resignation → `shared_resignation_ends_game_for_resigning_side`,
//   `shared_resignation_by_side_not_to_move_and_mid_turn`
// - §6 draws and records: see rules_draws_and_records.rs.

mod common;

use common::*;
use mills_core::Geometry;
use mills_core::{
    Action, Bitboard, Game, GameRecord, IllegalAction, Outcome, Pending, Phase, Point, RemovalKind,
    Side, WinReason, parse_actions,
};

// ---- §1 the board ------------------------------------------------------------------------

const EDGES: &str = "a7-d7 d7-g7 g7-g4 g4-g1 g1-d1 d1-a1 a1-a4 a4-a7 \
                     b6-d6 d6-f6 f6-f4 f4-f2 f2-d2 d2-b2 b2-b4 b4-b6 \
                     c5-d5 d5-e5 e5-e4 e4-e3 e3-d3 d3-c3 c3-c4 c4-c5 \
                     d7-d6 d6-d5 g4-f4 f4-e4 d1-d2 d2-d3 a4-b4 b4-c4 \
                     a7-b6 b6-c5 g7-f6 f6-e5 g1-f2 f2-e3 a1-b2 b2-c3";

const LINES: &str = "a7,d7,g7 g7,g4,g1 g1,d1,a1 a1,a4,a7 \
                     b6,d6,f6 f6,f4,f2 f2,d2,b2 b2,b4,b6 \
                     c5,d5,e5 e5,e4,e3 e3,d3,c3 c3,c4,c5 \
                     d7,d6,d5 g4,f4,e4 d1,d2,d3 a4,b4,c4 \
                     a7,b6,c5 g7,f6,e5 g1,f2,e3 a1,b2,c3";

fn geometry() -> &'static Geometry {
    // All three games play on the same board, with diagonals.
    let g = ZHIQI.geometry();
    for rules in ALL_GAMES {
        assert!(rules.diagonals, "{}", rules.variant);
        assert_eq!(rules.geometry().adjacent, g.adjacent, "{}", rules.variant);
        assert_eq!(rules.geometry().lines(), g.lines(), "{}", rules.variant);
    }
    g
}

#[test]
fn shared_edge_board_has_20_lines_and_40_edges() {
    let g = geometry();
    assert_eq!(Point::ALL.len(), 24);
    assert_eq!(g.edge_count(), 40);
    assert_eq!(g.lines().len(), 20);

    // Exactly the edges RULES.md §1 lists, and no others.
    let mut expected = [Bitboard::EMPTY; 24];
    for edge in EDGES.split_whitespace() {
        let (a, b) = edge.split_once('-').unwrap();
        expected[pt(a).index()] = expected[pt(a).index()].with(pt(b));
        expected[pt(b).index()] = expected[pt(b).index()].with(pt(a));
    }
    assert_eq!(EDGES.split_whitespace().count(), 40);
    for p in Point::ALL {
        assert_eq!(
            g.adjacent[p.index()],
            expected[p.index()],
            "neighbours of {p}"
        );
    }

    // Exactly the 12 sides, 4 cross-lines and 4 diagonals.
    let mut expected_lines: Vec<u32> = LINES
        .split_whitespace()
        .map(|l| bb(&l.replace(',', " ")).0)
        .collect();
    let mut lines: Vec<u32> = g.lines().iter().map(|l| l.0).collect();
    expected_lines.sort_unstable();
    lines.sort_unstable();
    assert_eq!(lines, expected_lines);
}

#[test]
fn shared_board_corner_on_three_lines_midpoint_on_two() {
    let g = geometry();
    for p in Point::ALL {
        let expected = if p.is_corner() { 3 } else { 2 };
        assert_eq!(g.lines_through(p).len(), expected, "{p}");
    }
    // The centre d4 (where Linked-Horse draws its stable) is not a point.
    assert!("d4".parse::<Point>().is_err());
}

// ---- §2 the action model -----------------------------------------------------------------

#[test]
fn shared_action_side_keeps_the_turn_while_removals_are_owed() {
    // Zhi Qi F: P1's a7 completes two lines and owes two pins, both made by P1.
    let mut position = after(ZHIQI, "a1 g1 a4 g4 d7 e3 g7 e4 a7");
    assert_eq!(position.side_to_move(), Side::P1);
    assert_eq!(position.pending(), pins(2));
    play(&mut position, "xg1");
    assert_eq!(position.side_to_move(), Side::P1);
    assert_eq!(position.pending(), pins(1));
    assert_eq!(
        position.check(act("d1")),
        Err(IllegalAction::MustRemove(RemovalKind::Pin))
    );
    play(&mut position, "xe3");
    assert_eq!(position.side_to_move(), Side::P2);
    assert_eq!(position.pending(), Pending::None);
}

#[test]
fn shared_action_pass_is_never_a_legal_action() {
    for rules in ALL_GAMES {
        let position = mills_core::Position::new(rules);
        assert_eq!(position.legal_actions().len(), 24);
        assert!(!position.legal_actions().contains(&Action::Pass));
        assert_eq!(position.check(Action::Pass), Ok(()));
    }
}

// ---- §7 shared edge cases ----------------------------------------------------------------

/// P1 ends with a7 completing a1-a4-a7, a7-d7-g7 and the diagonal a7-b6-c5.
const TRIPLE: &str = "a1 g1 a4 g4 d7 e3 g7 e4 b6 d2 c5 c3 a7";

#[test]
fn shared_edge_corner_placement_completes_three_lines() {
    // Zhi Qi: three pins (one per line).
    let mut zhiqi = after(ZHIQI, TRIPLE);
    assert_eq!(zhiqi.pending(), pins(3));
    assert_eq!(zhiqi.in_mills(Side::P1), bb("a1 a4 a7 d7 g7 b6 c5"));
    assert_eq!(
        zhiqi.removal_targets(RemovalKind::Pin),
        bb("g1 g4 e3 e4 d2 c3")
    );
    play(&mut zhiqi, "xg1 xg4 xe3");
    assert_eq!(zhiqi.pending(), Pending::None);
    assert_eq!(zhiqi.side_to_move(), Side::P2);
    assert_eq!(zhiqi.board(Side::P2), bb("e4 d2 c3"));
    assert_eq!(zhiqi.board(Side::P1).count(), 10);
    assert_eq!(zhiqi.pins_made(Side::P1), 3);

    // Twelve Men's Morris: one capture however many lines.
    let mut twelve = after(TWELVE, TRIPLE);
    assert_eq!(twelve.pending(), captures(1));
    assert_eq!(
        twelve.removal_targets(RemovalKind::Capture),
        bb("g1 g4 e3 e4 d2 c3")
    );
    play(&mut twelve, "xg1");
    assert_eq!(twelve.pending(), Pending::None);
    assert_eq!(twelve.side_to_move(), Side::P2);
    assert_eq!(twelve.board(Side::P2), bb("g4 e3 e4 d2 c3"));
    assert_eq!(twelve.owner(pt("g1")), None);

    // Linked-Horse: the one arriving piece goes to the stable.
    let horse = after(LINKED_HORSE, TRIPLE);
    assert_eq!(horse.pending(), Pending::None);
    assert_eq!(horse.side_to_move(), Side::P2);
    assert_eq!(horse.board(Side::P1), bb("a1 a4 d7 g7 b6 c5"));
    assert_eq!(horse.stable(Side::P1), 1);
    assert_eq!(horse.hand(Side::P1), 3);
    assert_eq!(horse.outcome(), None);
}

#[test]
fn shared_edge_step_completes_two_lines() {
    // a4-a7 completes a7-d7-g7 and a7-b6-c5 (a1-a4-a7 lost its a4).
    let p1 = "a4 d7 g7 b6 c5";
    let p2 = "g1 d1 e4 f4 d3";

    let zhiqi = played(&moving(ZHIQI, p1, p2, Side::P1), "a4-a7");
    assert_eq!(zhiqi.pending(), captures(2));
    assert_eq!(zhiqi.side_to_move(), Side::P1);
    assert_eq!(zhiqi.removal_targets(RemovalKind::Capture), bb(p2));

    let twelve = played(&moving(TWELVE, p1, p2, Side::P1), "a4-a7");
    assert_eq!(twelve.pending(), captures(1));
    assert_eq!(twelve.removal_targets(RemovalKind::Capture), bb(p2));

    let mut setup = moving_setup(LINKED_HORSE, p1, p2, Side::P1);
    setup.stable = [5, 5];
    let horse = played(&build(&setup), "a4-a7");
    assert_eq!(horse.pending(), Pending::None);
    assert_eq!(horse.board(Side::P1), bb("d7 g7 b6 c5"));
    assert_eq!(horse.stable(Side::P1), 6);
    assert_eq!(horse.side_to_move(), Side::P2);
    assert_eq!(horse.outcome(), None);
}

#[test]
fn shared_edge_mill_protection_reevaluated_between_two_captures() {
    // Every P2 piece is in a mill: the first capture may take any; once f4 is gone, f2 and f6
    // are no longer in a mill and c3-d3-e3 is protected again.
    let mut zhiqi = played(
        &moving(ZHIQI, "a4 d7 g7 b6 c5", "c3 d3 e3 f2 f4 f6", Side::P1),
        "a4-a7",
    );
    assert_eq!(zhiqi.pending(), captures(2));
    assert_eq!(
        zhiqi.removal_targets(RemovalKind::Capture),
        bb("c3 d3 e3 f2 f4 f6")
    );
    play(&mut zhiqi, "xf4");
    assert_eq!(zhiqi.pending(), captures(1));
    assert_eq!(zhiqi.removal_targets(RemovalKind::Capture), bb("f2 f6"));
    assert_eq!(
        zhiqi.check(act("xd3")),
        Err(IllegalAction::InMill(pt("d3")))
    );
    play(&mut zhiqi, "xf6");
    assert_eq!(zhiqi.board(Side::P2), bb("c3 d3 e3 f2"));
    assert_eq!(zhiqi.side_to_move(), Side::P2);
}

#[test]
fn shared_edge_mill_protection_reevaluated_when_first_capture_takes_last_loose_piece() {
    // Only g1 is outside a mill; after it is taken, the mill pieces may be taken.
    let mut zhiqi = played(
        &moving(ZHIQI, "a4 d7 g7 b6 c5", "c3 d3 e3 g1", Side::P1),
        "a4-a7",
    );
    assert_eq!(zhiqi.removal_targets(RemovalKind::Capture), bb("g1"));
    assert_eq!(
        zhiqi.check(act("xc3")),
        Err(IllegalAction::InMill(pt("c3")))
    );
    play(&mut zhiqi, "xg1");
    assert_eq!(zhiqi.removal_targets(RemovalKind::Capture), bb("c3 d3 e3"));
    play(&mut zhiqi, "xd3");
    assert_eq!(zhiqi.board(Side::P2), bb("c3 e3"));
}

#[test]
fn shared_edge_stable_is_never_a_destination() {
    // Linked-Horse I: P1's a7 goes to the stable; the point is empty again.
    let position = after(LINKED_HORSE, "a1 g1 a4 g4 a7");
    assert_eq!(position.stable(Side::P1), 1);
    assert_eq!(position.owner(pt("a7")), None);
    // Every legal action is a placement on an empty board point: 24 - 4 of them.
    let actions = position.legal_actions();
    assert_eq!(actions.len(), 20);
    for action in actions.iter() {
        match action {
            Action::Place(p) => assert!(position.empty().contains(*p)),
            other => panic!("unexpected {other}"),
        }
    }
    // The stable (the centre, d4) cannot even be written as a destination.
    assert!(parse_actions("d4").is_err());
    assert!(parse_actions("a4-d4").is_err());
    assert!(parse_actions("xd4").is_err());
    // The stabled piece never comes back: a whole game of steps keeps the stable.
    let mut next = position;
    play(&mut next, "a7 b2 c3 b4 d1");
    assert_eq!(next.stable(Side::P1), 1);
    assert_eq!(next.hand(Side::P1), 5);
    assert_eq!(next.hand(Side::P2), 5);
}

// ---- §6 the turn timer -------------------------------------------------------------------

#[test]
fn shared_timer_pass_skipped_placement_keeps_piece_in_hand() {
    for rules in ALL_GAMES {
        let mut game = Game::new(rules);
        game.play(Action::Pass).unwrap();
        let position = *game.position();
        assert_eq!(position.side_to_move(), Side::P2, "{}", rules.variant);
        assert_eq!(position.hand(Side::P1), rules.pieces);
        assert_eq!(position.hand(Side::P2), rules.pieces);
        assert!(position.occupied().is_empty());
        assert_eq!(position.phase(), Phase::Placing);
        assert_eq!(position.turns(), 1);
        // P2 places, then P1 still has every piece to place.
        game.play(act("d6")).unwrap();
        assert_eq!(game.position().side_to_move(), Side::P1);
        assert_eq!(game.position().hand(Side::P1), rules.pieces);
        assert_eq!(game.position().hand(Side::P2), rules.pieces - 1);
        assert_eq!(game.outcome(), None);
    }
}

#[test]
fn shared_timer_pass_loses_owed_captures() {
    // Twelve Men's Morris: P1 completes a1-a4-a7, owes a capture, and the timer runs out.
    let mut twelve = after(TWELVE, "a1 d1 a4 g4 a7");
    assert_eq!(twelve.pending(), captures(1));
    play(&mut twelve, "pass");
    assert_eq!(twelve.pending(), Pending::None);
    assert_eq!(twelve.side_to_move(), Side::P2);
    assert_eq!(twelve.board(Side::P2), bb("d1 g4"));
    assert_eq!(twelve.lost(Side::P2), 0);
    assert_eq!(twelve.hand(Side::P1), 9);
    assert_eq!(
        twelve.check(act("xd1")),
        Err(IllegalAction::NothingToRemove)
    );
    assert_pieces_conserved(&twelve);

    // Linked-Horse owes nothing after a line: the stabling is already done.
    let horse = after(LINKED_HORSE, "a1 d1 a4 g4 a7");
    assert_eq!(horse.pending(), Pending::None);
}

#[test]
fn shared_timer_pass_loses_owed_pins() {
    // Zhi Qi F: two pins owed; one is made, the timer runs out, the second is lost.
    let mut zhiqi = after(ZHIQI, "a1 g1 a4 g4 d7 e3 g7 e4 a7 xg1");
    assert_eq!(zhiqi.pending(), pins(1));
    play(&mut zhiqi, "pass");
    assert_eq!(zhiqi.pending(), Pending::None);
    assert_eq!(zhiqi.side_to_move(), Side::P2);
    assert_eq!(zhiqi.board(Side::P2), bb("g4 e3 e4"));
    assert_eq!(zhiqi.pins_made(Side::P1), 1);
    assert_eq!(zhiqi.hand(Side::P1), 7);
    assert_eq!(zhiqi.hand(Side::P2), 8);
    assert_pieces_conserved(&zhiqi);

    // Both pins lost when the timer runs out before the first.
    let both = after(ZHIQI, "a1 g1 a4 g4 d7 e3 g7 e4 a7 pass");
    assert_eq!(both.board(Side::P2), bb("g1 g4 e3 e4"));
    assert_eq!(both.pins_made(Side::P1), 0);
    assert_eq!(both.side_to_move(), Side::P2);
}

#[test]
fn shared_timer_pass_loses_second_of_two_movement_captures() {
    // Zhi Qi H: P2 pulls b6 and steps d6-b6, completing a7-b6-c5 and b2-b4-b6: two captures.
    let mut zhiqi = after(ZHIQI, &format!("{H} xb6 d6-b6"));
    assert_eq!(zhiqi.pending(), captures(2));
    play(&mut zhiqi, "xa4 pass");
    assert_eq!(zhiqi.pending(), Pending::None);
    assert_eq!(zhiqi.side_to_move(), Side::P1);
    assert_eq!(zhiqi.lost(Side::P1), 2);
    assert_eq!(zhiqi.board(Side::P1).count(), 10);
    assert_eq!(zhiqi.empty(), bb("a4 d6"));
    assert_pieces_conserved(&zhiqi);
}

#[test]
fn shared_timer_pass_after_pull_removal_stands_and_step_is_lost() {
    // Zhi Qi H: P2 pulls g7 and the timer runs out before the step.
    let mut zhiqi = after(ZHIQI, &format!("{H} xg7"));
    assert_eq!(zhiqi.pending(), Pending::StepAfterPull);
    assert_eq!(zhiqi.side_to_move(), Side::P2);
    play(&mut zhiqi, "pass");
    assert_eq!(zhiqi.pending(), Pending::None);
    assert_eq!(zhiqi.side_to_move(), Side::P1);
    assert_eq!(zhiqi.owner(pt("g7")), None);
    assert_eq!(zhiqi.lost(Side::P1), 1);
    assert_eq!(zhiqi.board(Side::P1).count(), 11);
    assert_eq!(zhiqi.board(Side::P2).count(), 12);
    // The pull counts as progress for the quiet-turn rule.
    assert_eq!(zhiqi.quiet_turns(), 0);
    // P1 is no longer blocked: it steps into the pulled point.
    assert_eq!(legal(&zhiqi), set("d7-g7 f6-g7"));
    assert_pieces_conserved(&zhiqi);
}

/// Zhi Qi H's pieces, with P2 passing on its first two turns.
const ZHIQI_P2_PASSES_TWICE: &str = "d7 pass g7 pass d1 a7 a4 g4 b6 g1 f6 a1 f2 d6 d2 f4 d5 b2 \
                                     e4 b4 c3 c5 c4";
/// Linked-Horse with H's first ten pieces each, with P1 passing on its first two turns.
const HORSE_P1_PASSES_TWICE: &str =
    "pass a7 pass g4 d7 g1 g7 a1 d1 d6 a4 f4 b6 b2 f6 b4 f2 c5 d2 e5";
/// Twelve Men's Morris with P1 passing on its first two turns; P2's last placement f4 completes
/// f2-f4-f6 and captures e5.
const TWELVE_P1_PASSES_TWICE: &str = "pass a1 pass a7 a4 b4 b2 c3 b6 d2 c4 d5 c5 d6 d1 e3 d3 f2 \
                                      d7 f6 e4 g4 e5 f4 xe5";

#[test]
fn shared_timer_empty_hand_skipped_while_other_places_zhiqi() {
    // P1 has placed all twelve; P2 still has three: P2 places them one after another.
    let mut game = replay(ZHIQI, ZHIQI_P2_PASSES_TWICE);
    let position = *game.position();
    assert_eq!(position.hand(Side::P1), 0);
    assert_eq!(position.hand(Side::P2), 3);
    assert_eq!(position.side_to_move(), Side::P2);
    for (point, hand_after) in [("e5", 2), ("e3", 1)] {
        game.play(act(point)).unwrap();
        assert_eq!(game.position().side_to_move(), Side::P2, "after {point}");
        assert_eq!(game.position().hand(Side::P2), hand_after);
        assert_eq!(game.position().phase(), Phase::Placing);
        // P1 cannot place with an empty hand, and it is not its turn.
        assert_eq!(game.position().hand(Side::P1), 0);
    }
}

#[test]
fn shared_timer_empty_hand_skipped_while_other_places_linked_horse() {
    let mut game = replay(LINKED_HORSE, HORSE_P1_PASSES_TWICE);
    assert_eq!(game.position().hand(Side::P2), 0);
    assert_eq!(game.position().hand(Side::P1), 2);
    assert_eq!(game.position().side_to_move(), Side::P1);
    game.play(act("d5")).unwrap();
    assert_eq!(game.position().side_to_move(), Side::P1);
    assert_eq!(game.position().hand(Side::P1), 1);
    assert_eq!(game.position().phase(), Phase::Placing);
}

#[test]
fn shared_timer_empty_hand_skipped_while_other_places_twelve_mens_morris() {
    let mut game = replay(TWELVE, TWELVE_P1_PASSES_TWICE);
    assert_eq!(game.position().hand(Side::P2), 0);
    assert_eq!(game.position().hand(Side::P1), 2);
    assert_eq!(game.position().side_to_move(), Side::P1);
    assert_eq!(game.position().owner(pt("e5")), None);
    game.play(act("g1")).unwrap();
    assert_eq!(game.position().side_to_move(), Side::P1);
    assert_eq!(game.position().phase(), Phase::Placing);
}

#[test]
fn shared_timer_movement_starts_with_zhiqi_p2_even_after_passes() {
    // P2 placed the last three pieces in a row, and still makes the first movement turn.
    let position = after(ZHIQI, &format!("{ZHIQI_P2_PASSES_TWICE} e5 e3 d3"));
    assert_eq!(position.phase(), Phase::Moving);
    assert_eq!(position.side_to_move(), Side::P2);
    assert_eq!(position.hand(Side::P1), 0);
    assert_eq!(position.hand(Side::P2), 0);
    // The board is full (every placement filled a point), so P2 owes a pull.
    assert!(position.empty().is_empty());
    assert_eq!(position.pending(), pull());
    assert_eq!(position.outcome(), None);
    assert_eq!(legal(&position).len(), 12);
}

#[test]
fn shared_timer_movement_starts_with_linked_horse_p1_even_after_passes() {
    // P1 placed the last two pieces in a row, and then makes the first movement turn too.
    let position = after(LINKED_HORSE, &format!("{HORSE_P1_PASSES_TWICE} d5 e4"));
    assert_eq!(position.phase(), Phase::Moving);
    assert_eq!(position.side_to_move(), Side::P1);
    assert_eq!(position.pending(), Pending::None);
    assert_eq!(position.outcome(), None);
    assert_eq!(position.empty(), bb("c3 c4 d3 e3"));
    assert_eq!(legal(&position), set("d2-d3 e4-e3 f2-e3"));
}

#[test]
fn shared_timer_movement_starts_with_twelve_mens_morris_p1_even_after_passes() {
    let position = after(TWELVE, &format!("{TWELVE_P1_PASSES_TWICE} g1 g7"));
    assert_eq!(position.phase(), Phase::Moving);
    assert_eq!(position.side_to_move(), Side::P1);
    assert_eq!(position.outcome(), None);
    assert_eq!(position.empty(), bb("e5"));
    assert_eq!(legal(&position), set("e4-e5"));
}

#[test]
fn shared_timer_pass_in_movement_hands_turn_to_opponent() {
    for rules in [ZHIQI, TWELVE, LINKED_HORSE] {
        let mut setup = moving_setup(rules, "a1 d5 g4", "a7 d3 g1", Side::P1);
        if rules.variant == mills_core::Variant::LinkedHorse {
            setup.stable = [7, 7];
        }
        let start = build(&setup);
        let position = played(&start, "pass");
        assert_eq!(position.side_to_move(), Side::P2, "{}", rules.variant);
        assert_eq!(position.board(Side::P1), start.board(Side::P1));
        assert_eq!(position.board(Side::P2), start.board(Side::P2));
        assert_eq!(position.quiet_turns(), 1);
        assert_eq!(position.turns(), 1);
    }
}

#[test]
fn shared_timer_pass_rejected_when_game_is_over() {
    // Twelve Men's Morris H: full board after placement, drawn at once.
    let mut game = replay(TWELVE, H);
    assert!(game.is_over());
    assert_eq!(game.play(Action::Pass), Err(IllegalAction::GameOver));
    assert_eq!(game.actions().len(), 24);
}

// ---- §6 resignation ----------------------------------------------------------------------

#[test]
fn shared_resignation_ends_game_for_resigning_side() {
    for rules in ALL_GAMES {
        let mut game = replay(rules, "d6 d5");
        game.resign(Side::P1).unwrap();
        let expected = Outcome::Win {
            winner: Side::P2,
            reason: WinReason::Resignation,
        };
        assert_eq!(game.outcome(), Some(expected), "{}", rules.variant);
        assert!(game.is_over());
        assert_eq!(game.play(act("d7")), Err(IllegalAction::GameOver));
        assert_eq!(game.play(Action::Pass), Err(IllegalAction::GameOver));
        assert_eq!(game.resign(Side::P2), Err(IllegalAction::GameOver));
        // The record keeps the resignation, and replays to the same result.
        let record = game.record();
        assert_eq!(record.resigned, Some(Side::P1));
        let json = serde_json::to_string(&record).unwrap();
        let back: GameRecord = serde_json::from_str(&json).unwrap();
        let replayed = back.replay().unwrap();
        assert_eq!(replayed.outcome(), Some(expected));
        assert_eq!(replayed.position(), game.position());
    }
}

#[test]
fn shared_resignation_by_side_not_to_move_and_mid_turn() {
    // P2 resigns while P1 owes two pins (Zhi Qi F).
    let mut game = replay(ZHIQI, "a1 g1 a4 g4 d7 e3 g7 e4 a7");
    assert_eq!(game.position().pending(), pins(2));
    game.resign(Side::P2).unwrap();
    assert_eq!(
        game.outcome(),
        Some(Outcome::Win {
            winner: Side::P1,
            reason: WinReason::Resignation
        })
    );
    assert_eq!(game.play(act("xg1")), Err(IllegalAction::GameOver));
    // A finished game cannot be resigned.
    let mut drawn = replay(TWELVE, H);
    assert_eq!(drawn.resign(Side::P1), Err(IllegalAction::GameOver));
}
