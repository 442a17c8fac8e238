// RULES.md §4 (Linked-Horse · 连环马棋) and the Linked-Horse edge cases of §7.
//
// Rule → test:
// - 4.1 ten each in hand, nothing ever captured, P1 places first
//     → `linked_horse_rule_1_ten_pieces_each_nothing_captured`
// - 4.2 a completed line sends the arriving piece (only it) to the stable; (i) an empty hand
//     with exactly three in that line wins and the piece stays; (iii) three left in a line win
//     → `linked_horse_rule_2_line_stables_the_arriving_piece`,
//       `linked_horse_rule_2_double_line_stables_one_piece`,
//       `linked_horse_edge_triple_line_stables_one_piece`,
//       `linked_horse_rule_2_step_completing_a_line_stables_the_stepped_piece`,
//       `linked_horse_edge_four_on_board_empty_hand_line_stables_and_leaves_three_not_in_line`,
//       `linked_horse_edge_next_line_with_three_wins_and_the_piece_stays`,
//       `linked_horse_rule_2_iii_three_left_after_stabling_never_form_a_line`
// - 4.3 pieces in hand count: a win needs an empty hand
//     → `linked_horse_edge_first_three_placements_line_stables_third_and_does_not_win`,
//       `linked_horse_rule_3_three_in_line_with_pieces_in_hand_is_stabled`
// - 4.4 placement ends after 20 placements; P1 moves first
//     → `linked_horse_rule_4_placement_ends_after_20_placements_p1_moves_first`,
//       `linked_horse_edge_win_on_the_tenth_placement`
// - 4.5 a side with no legal step loses
//     → `linked_horse_rule_5_blocked_side_loses`,
//       `linked_horse_edge_p1_blocked_on_first_movement_turn_loses`
// - 4.6 invariants (no standing line but the winning one, board + hand >= 3, stable <= 7)
//     → `linked_horse_rule_6_invariants_after_every_action_of_random_games` (and
//       random_games.rs, for many more games)

mod common;

use common::*;
use mills_core::{
    Action, Game, IllegalAction, Outcome, Pending, Phase, Point, Position, Setup, Side, WinReason,
};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

fn three_in_line(winner: Side) -> Option<Outcome> {
    Some(Outcome::Win {
        winner,
        reason: WinReason::ThreeInLine,
    })
}

/// A Linked-Horse movement position; stables make up each side's ten pieces.
fn horse(p1: &str, p2: &str, to_move: Side) -> Setup {
    let mut setup = moving_setup(LINKED_HORSE, p1, p2, to_move);
    setup.stable = [
        10 - p1.split_whitespace().count() as u8,
        10 - p2.split_whitespace().count() as u8,
    ];
    setup
}

#[test]
fn linked_horse_rule_1_ten_pieces_each_nothing_captured() {
    let start = Position::new(LINKED_HORSE);
    assert_eq!(start.hand(Side::P1), 10);
    assert_eq!(start.hand(Side::P2), 10);
    assert_eq!(start.side_to_move(), Side::P1);
    assert_eq!(start.legal_actions().len(), 24);
    // A line owes no removal: nothing of P2's is taken.
    let position = after(LINKED_HORSE, "a1 g1 a4 g4 a7");
    assert_eq!(position.pending(), Pending::None);
    assert_eq!(position.board(Side::P2), bb("g1 g4"));
    assert_eq!(position.lost(Side::P1), 0);
    assert_eq!(position.lost(Side::P2), 0);
    assert_eq!(
        position.check(act("xg1")),
        Err(IllegalAction::NothingToRemove)
    );
    assert!(
        position
            .legal_actions()
            .iter()
            .all(|a| matches!(a, Action::Place(_)))
    );
}

#[test]
fn linked_horse_rule_2_line_stables_the_arriving_piece() {
    // Reference position I.
    let position = after(LINKED_HORSE, "a1 g1 a4 g4 a7");
    assert_eq!(position.board(Side::P1), bb("a1 a4"));
    assert_eq!(position.owner(pt("a7")), None);
    assert_eq!(position.stable(Side::P1), 1);
    assert_eq!(position.hand(Side::P1), 7);
    assert_eq!(position.side_to_move(), Side::P2);
    assert_pieces_conserved(&position);
}

#[test]
fn linked_horse_edge_first_three_placements_line_stables_third_and_does_not_win() {
    let position = after(LINKED_HORSE, "a1 g1 a4 g4 a7");
    assert_eq!(position.outcome(), None);
    assert_eq!(position.stable(Side::P1), 1);
    assert_eq!(position.board(Side::P1), bb("a1 a4"));
    assert_eq!(position.phase(), Phase::Placing);
}

#[test]
fn linked_horse_rule_3_three_in_line_with_pieces_in_hand_is_stabled() {
    // P1 completes a line with exactly three on the board and a piece still in hand: the
    // piece is stabled and the game goes on.
    let mut setup = placing_setup(LINKED_HORSE, "a1 a4", "g1 g4 d3", [2, 1], Side::P1);
    setup.stable = [6, 6];
    let position = played(&build(&setup), "a7");
    assert_eq!(position.outcome(), None);
    assert_eq!(position.board(Side::P1), bb("a1 a4"));
    assert_eq!(position.stable(Side::P1), 7);
    assert_eq!(position.hand(Side::P1), 1);
    assert_eq!(position.side_to_move(), Side::P2);
}

#[test]
fn linked_horse_rule_2_double_line_stables_one_piece() {
    // F: a7 completes a1-a4-a7 and a7-d7-g7; only a7 goes to the stable.
    let position = after(LINKED_HORSE, "a1 g1 a4 g4 d7 e3 g7 e4 a7");
    assert_eq!(position.board(Side::P1), bb("a1 a4 d7 g7"));
    assert_eq!(position.stable(Side::P1), 1);
    assert_eq!(position.hand(Side::P1), 5);
    assert_eq!(position.board(Side::P2), bb("g1 g4 e3 e4"));
    assert_eq!(position.side_to_move(), Side::P2);
    assert_eq!(position.outcome(), None);
}

#[test]
fn linked_horse_edge_triple_line_stables_one_piece() {
    let position = after(LINKED_HORSE, "a1 g1 a4 g4 d7 e3 g7 e4 b6 d2 c5 c3 a7");
    assert_eq!(position.board(Side::P1), bb("a1 a4 d7 g7 b6 c5"));
    assert_eq!(position.stable(Side::P1), 1);
    assert_eq!(position.hand(Side::P1), 3);
    assert!(position.in_mills(Side::P1).is_empty());
}

#[test]
fn linked_horse_rule_2_step_completing_a_line_stables_the_stepped_piece() {
    let position = played(
        &build(&horse("a1 a4 b6 d1 g4", "c3 d3 e4 f6 g7", Side::P1)),
        "b6-a7",
    );
    assert_eq!(position.board(Side::P1), bb("a1 a4 d1 g4"));
    assert_eq!(position.stable(Side::P1), 6);
    assert_eq!(position.outcome(), None);
    assert_eq!(position.side_to_move(), Side::P2);
    assert_eq!(position.quiet_turns(), 0);
}

#[test]
fn linked_horse_edge_four_on_board_empty_hand_line_stables_and_leaves_three_not_in_line() {
    let start = build(&horse("a1 a4 b6 d7", "c3 d3 e4", Side::P1));
    let position = played(&start, "b6-a7");
    assert_eq!(position.outcome(), None);
    assert_eq!(position.stable(Side::P1), 7);
    assert_eq!(position.board(Side::P1), bb("a1 a4 d7"));
    assert!(position.in_mills(Side::P1).is_empty());
    assert_eq!(position.side_to_move(), Side::P2);
}

#[test]
fn linked_horse_edge_next_line_with_three_wins_and_the_piece_stays() {
    let mut position = build(&horse("a1 a4 b6 d7", "c3 d3 e4", Side::P1));
    play(&mut position, "b6-a7 e4-f4");
    assert_eq!(position.outcome(), None);
    play(&mut position, "d7-a7");
    assert_eq!(position.outcome(), three_in_line(Side::P1));
    assert_eq!(position.board(Side::P1), bb("a1 a4 a7"));
    assert_eq!(position.stable(Side::P1), 7);
    assert!(position.legal_actions().is_empty());
}

#[test]
fn linked_horse_rule_2_iii_three_left_after_stabling_never_form_a_line() {
    // Rule 4.2 (iii) asks for a win when the three pieces left after a stabling form a line.
    // The arriving piece completed a line with two of those three; two points share at most
    // one line, so the three left can never be a line themselves: (iii) never fires.
    let g = LINKED_HORSE.geometry();
    for a in Point::ALL {
        for b in Point::ALL {
            if a != b {
                let shared = g.lines().iter().filter(|l| l.contains(a) && l.contains(b));
                assert!(shared.count() <= 1, "{a} {b}");
            }
        }
    }
    // The closest case: four on the board, one arrives and completes a line, three are left.
    let position = played(&build(&horse("a1 a4 b6 d7", "c3 d3 e4", Side::P1)), "b6-a7");
    assert_eq!(position.board(Side::P1).count(), 3);
    assert!(!g.has_mill(position.board(Side::P1)));
    assert_eq!(position.outcome(), None);
}

#[test]
fn linked_horse_edge_win_on_the_tenth_placement() {
    // P1 keeps a1 and a4 and places a7 again and again: seven stablings, then the tenth piece
    // makes three in a line with an empty hand.
    let moves = "a1 d7 a4 g4 a7 d1 a7 b6 a7 f2 a7 d5 a7 e3 a7 c4 a7 f6";
    let before = after(LINKED_HORSE, moves);
    assert_eq!(before.stable(Side::P1), 7);
    assert_eq!(before.hand(Side::P1), 1);
    assert_eq!(before.board(Side::P1), bb("a1 a4"));
    assert_eq!(before.outcome(), None);
    let position = after(LINKED_HORSE, &format!("{moves} a7"));
    assert_eq!(position.outcome(), three_in_line(Side::P1));
    assert_eq!(position.board(Side::P1), bb("a1 a4 a7"));
    assert_eq!(position.hand(Side::P1), 0);
    assert_eq!(position.stable(Side::P1), 7);
    assert_eq!(position.hand(Side::P2), 1);
    assert_eq!(position.phase(), Phase::Placing);
}

#[test]
fn linked_horse_rule_4_placement_ends_after_20_placements_p1_moves_first() {
    let moves: Vec<&str> = "d7 a7 g7 g4 d1 g1 a4 a1 b6 d6 f6 f4 f2 b2 d2 b4 d5 c5 e4 e5"
        .split_whitespace()
        .collect();
    let nineteen = after(LINKED_HORSE, &moves[..19].join(" "));
    assert_eq!(nineteen.phase(), Phase::Placing);
    assert_eq!(nineteen.side_to_move(), Side::P2);
    let position = after(LINKED_HORSE, &moves.join(" "));
    assert_eq!(position.phase(), Phase::Moving);
    assert_eq!(position.hand(Side::P1), 0);
    assert_eq!(position.hand(Side::P2), 0);
    // P2 placed last; P1 moves first.
    assert_eq!(position.side_to_move(), Side::P1);
    assert_eq!(position.empty(), bb("c3 c4 d3 e3"));
    assert_eq!(legal(&position), set("d2-d3 e4-e3 f2-e3"));
    assert_eq!(position.check(act("c3")), Err(IllegalAction::PlacingIsOver));
}

#[test]
fn linked_horse_rule_5_blocked_side_loses() {
    // P2 steps d2-d1 and P1's a1, a4 and g7 have nowhere to go.
    let start = build(&horse("a1 a4 g7", "b2 a7 b4 d7 g4 f6 d2", Side::P2));
    assert_eq!(start.outcome(), None);
    let position = played(&start, "d2-d1");
    assert_eq!(
        position.outcome(),
        Some(Outcome::Win {
            winner: Side::P2,
            reason: WinReason::Blocked
        })
    );
    assert!(position.legal_actions().is_empty());
}

#[test]
fn linked_horse_edge_p1_blocked_on_first_movement_turn_loses() {
    // Twenty placements, no line; the four empty points c3 d2 d3 e3 touch no P1 piece.
    let moves = "a1 a7 a4 b2 b4 c4 b6 d1 c5 d6 d5 e4 d7 e5 f4 f2 g1 f6 g7 g4";
    let mut game = replay(LINKED_HORSE, &moves[..moves.len() - 3]);
    assert_eq!(game.outcome(), None);
    game.play(act("g4")).unwrap();
    let position = *game.position();
    assert_eq!(position.phase(), Phase::Moving);
    assert_eq!(position.empty(), bb("c3 d2 d3 e3"));
    assert_eq!(position.stable(Side::P1), 0);
    assert_eq!(
        game.outcome(),
        Some(Outcome::Win {
            winner: Side::P2,
            reason: WinReason::Blocked
        })
    );
}

/// Checks rule 4.6 and piece conservation on one position.
fn assert_linked_horse_invariants(position: &Position) {
    let won = matches!(
        position.outcome(),
        Some(Outcome::Win {
            reason: WinReason::ThreeInLine,
            ..
        })
    );
    for side in Side::BOTH {
        let winner = won && position.outcome().and_then(Outcome::winner) == Some(side);
        if !winner {
            assert!(
                position.in_mills(side).is_empty(),
                "a line stands for {side}: {position:?}"
            );
        }
        assert!(
            position.pieces(side) >= 3,
            "{side} below three: {position:?}"
        );
        assert!(position.stable(side) <= 7, "{side} stable: {position:?}");
        assert_eq!(position.lost(side), 0);
    }
    assert_pieces_conserved(position);
}

#[test]
fn linked_horse_rule_6_invariants_after_every_action_of_random_games() {
    let mut rng = StdRng::seed_from_u64(0x4c48);
    let mut wins = 0;
    for _ in 0..200 {
        let mut game = Game::new(LINKED_HORSE);
        assert_linked_horse_invariants(game.position());
        while !game.is_over() && game.actions().len() < 2000 {
            let actions = game.position().legal_actions();
            let action = if rng.random_range(0..50) == 0 {
                Action::Pass
            } else {
                actions[rng.random_range(0..actions.len())]
            };
            game.play(action).unwrap();
            assert_linked_horse_invariants(game.position());
        }
        assert!(game.is_over(), "{:?}", game.actions());
        if matches!(
            game.outcome(),
            Some(Outcome::Win {
                reason: WinReason::ThreeInLine,
                ..
            })
        ) {
            wins += 1;
        }
    }
    // The interesting ending (a win with a line standing) happens in these games.
    assert!(wins > 0);
}
