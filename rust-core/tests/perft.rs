//! The reference perft figures of RULES.md §8.

use mills_core::{Game, Position, Rules, Variant, parse_actions, perft};

fn position_after(variant: Variant, moves: &str) -> Position {
    let actions = parse_actions(moves).expect("reference moves parse");
    *Game::replay(Rules::of(variant), &actions)
        .expect("reference moves are legal")
        .position()
}

fn assert_perft(variant: Variant, moves: &str, expected: &[u64]) {
    let position = position_after(variant, moves);
    for (depth, &count) in (1..).zip(expected) {
        assert_eq!(
            perft(&position, depth),
            count,
            "{variant} perft({depth}) after '{moves}'"
        );
    }
}

const EMPTY_BOARD: [u64; 5] = [24, 552, 12144, 255024, 5100480];

#[test]
fn perft_empty_board_zhiqi() {
    assert_perft(Variant::ZhiQi, "", &EMPTY_BOARD);
}

#[test]
fn perft_empty_board_linked_horse() {
    assert_perft(Variant::LinkedHorse, "", &EMPTY_BOARD);
}

#[test]
fn perft_empty_board_twelve_mens_morris() {
    assert_perft(Variant::TwelveMensMorris, "", &EMPTY_BOARD);
}

const A: &str = "d2 c3 g4 b2 f2 g7 e4 a4 e3 g1 a1 e5 b6 f4 d5 d6 c5 d7 b4 d1 a7";
const F: &str = "a1 g1 a4 g4 d7 e3 g7 e4 a7";
const H: &str = "d7 a7 g7 g4 d1 g1 a4 a1 b6 d6 f6 f4 f2 b2 d2 b4 d5 c5 e4 e5 c3 e3 c4 d3";

#[test]
fn perft_zhiqi_a() {
    assert_perft(Variant::ZhiQi, A, &[10, 30, 104, 236]);
}

#[test]
fn perft_zhiqi_b_first_movement_turn_is_all_pulls() {
    let b =
        "d7 e3 a1 f4 a4 f6 c3 g7 f2 b4 a7 xb4 e5 xb4 c4 e4 xd7 g4 c5 d6 d1 d3 g1 b6 d5 xc4 d2 b2";
    assert_perft(Variant::ZhiQi, b, &[10, 20, 95, 247]);
}

#[test]
fn perft_twelve_mens_morris_a() {
    assert_perft(Variant::TwelveMensMorris, A, &[10, 40, 160, 536]);
}

#[test]
fn perft_twelve_mens_morris_c() {
    let c = "d7 e3 a1 f4 a4 f6 c3 g7 f2 b4 a7 xb4 d5 d6 c4 e4 g4 g1 e5 xg1 d2 c5 xd7 d7 d3 g1 b2";
    assert_perft(Variant::TwelveMensMorris, c, &[6, 21, 116, 603]);
}

#[test]
fn perft_linked_horse_d() {
    let d = "d7 a4 g4 e3 b4 b6 e5 c5 e4 d3 d2 d1 d5 a7 a7 b2 d6";
    assert_perft(Variant::LinkedHorse, d, &[9, 73, 544, 4419]);
}

#[test]
fn perft_linked_horse_e() {
    let e = "d7 e3 a1 f4 a4 f6 c3 g7 f2 b4 a7 b2 e5 b6 c4 e4 a7 a7 c5 b6";
    assert_perft(Variant::LinkedHorse, e, &[7, 57, 538]);
}

#[test]
fn perft_twelve_mens_morris_f_double_mill_one_capture() {
    assert_perft(Variant::TwelveMensMorris, F, &[4, 64, 900]);
}

#[test]
fn perft_zhiqi_f_two_pins() {
    assert_perft(Variant::ZhiQi, F, &[4, 12, 180]);
}

#[test]
fn perft_zhiqi_g_triple_pin() {
    let g = "f2 d1 d7 d2 g7 e4 a4 d3 xf2 a1 e3 b6 b4 c5 f6 a7";
    assert_perft(Variant::ZhiQi, g, &[5, 20, 60, 540]);
}

#[test]
fn perft_twelve_mens_morris_h_full_board_is_drawn() {
    let position = position_after(Variant::TwelveMensMorris, H);
    assert_eq!(perft(&position, 1), 0);
    assert!(position.is_over());
}

#[test]
fn perft_zhiqi_h_p2_pulls() {
    assert_perft(Variant::ZhiQi, H, &[12, 30, 173]);
}

#[test]
fn perft_linked_horse_i_line_with_pieces_in_hand_is_stabled() {
    assert_perft(Variant::LinkedHorse, "a1 g1 a4 g4 a7", &[20, 381, 6897]);
}
