//! Helpers shared by the rules test files: reading points and actions, replaying action lists,
//! building positions with `Setup`, and comparing sets of points or actions.

#![allow(dead_code)]

use std::collections::BTreeSet;

use mills_core::{
    Action, Bitboard, Game, Outcome, Pending, Phase, Point, Position, RemovalKind, Rules, Setup,
    Side, WinReason, parse_actions,
};

/// Reference position F of RULES.md §8: P1's a7 completes a1-a4-a7 and a7-d7-g7.
pub const F: &str = "a1 g1 a4 g4 d7 e3 g7 e4 a7";
/// Reference position G of RULES.md §8: P1's a7 completes three lines.
pub const G: &str = "f2 d1 d7 d2 g7 e4 a4 d3 xf2 a1 e3 b6 b4 c5 f6 a7";
/// Reference position H of RULES.md §8: 24 placements, no mill, a full board.
pub const H: &str = "d7 a7 g7 g4 d1 g1 a4 a1 b6 d6 f6 f4 f2 b2 d2 b4 d5 c5 e4 e5 c3 e3 c4 d3";

/// The outcome of a game `winner` won for `reason`.
pub fn win(winner: Side, reason: WinReason) -> Option<Outcome> {
    Some(Outcome::Win { winner, reason })
}

pub const ZHIQI: Rules = Rules::ZHIQI;
pub const LINKED_HORSE: Rules = Rules::LINKED_HORSE;
pub const TWELVE: Rules = Rules::TWELVE_MENS_MORRIS;
pub const ALL_GAMES: [Rules; 3] = [ZHIQI, LINKED_HORSE, TWELVE];

/// A point from its name (`"d6"`).
pub fn pt(name: &str) -> Point {
    name.parse()
        .unwrap_or_else(|e| panic!("bad point {name}: {e}"))
}

/// A set of points from a space-separated list (`"a1 a4 a7"`; `""` is the empty set).
pub fn bb(points: &str) -> Bitboard {
    points
        .split_whitespace()
        .fold(Bitboard::EMPTY, |set, p| set.with(pt(p)))
}

/// One action in the notation of RULES.md §2.
pub fn act(text: &str) -> Action {
    text.parse()
        .unwrap_or_else(|e| panic!("bad action {text}: {e}"))
}

/// A list of actions (whole turns written without spaces are allowed).
pub fn acts(text: &str) -> Vec<Action> {
    parse_actions(text).unwrap_or_else(|e| panic!("bad actions {text}: {e}"))
}

/// The game after replaying `moves` from the start; panics with the reason if one is illegal.
pub fn replay(rules: Rules, moves: &str) -> Game {
    Game::replay(rules, &acts(moves))
        .unwrap_or_else(|e| panic!("{} replay of '{moves}' failed: {e}", rules.variant))
}

/// The position after replaying `moves` from the start.
pub fn after(rules: Rules, moves: &str) -> Position {
    *replay(rules, moves).position()
}

/// Plays `moves` on `position`, panicking with the reason if one is illegal.
pub fn play(position: &mut Position, moves: &str) {
    for action in acts(moves) {
        if let Err(e) = position.play(action) {
            panic!("{action} is illegal ({e}) in {position:?}");
        }
    }
}

/// `position` with `moves` played on a copy.
pub fn played(position: &Position, moves: &str) -> Position {
    let mut next = *position;
    play(&mut next, moves);
    next
}

/// A movement-phase setup with these pieces (hands empty, nothing owed).
pub fn moving_setup(rules: Rules, p1: &str, p2: &str, to_move: Side) -> Setup {
    Setup::moving(rules)
        .pieces(Side::P1, p1)
        .pieces(Side::P2, p2)
        .to_move(to_move)
}

/// A movement-phase position with these pieces.
pub fn moving(rules: Rules, p1: &str, p2: &str, to_move: Side) -> Position {
    build(&moving_setup(rules, p1, p2, to_move))
}

/// A placement-phase setup with these pieces on the board and these hands.
pub fn placing_setup(rules: Rules, p1: &str, p2: &str, hand: [u8; 2], to_move: Side) -> Setup {
    Setup {
        hand,
        phase: Phase::Placing,
        ..moving_setup(rules, p1, p2, to_move)
    }
}

pub fn placing(rules: Rules, p1: &str, p2: &str, hand: [u8; 2], to_move: Side) -> Position {
    build(&placing_setup(rules, p1, p2, hand, to_move))
}

pub fn build(setup: &Setup) -> Position {
    setup.build().unwrap_or_else(|e| panic!("{e}: {setup:?}"))
}

/// The legal actions in notation, as a sorted set.
pub fn legal(position: &Position) -> BTreeSet<String> {
    position
        .legal_actions()
        .iter()
        .map(|a| a.to_string())
        .collect()
}

/// A sorted set of action texts from a space-separated list.
pub fn set(text: &str) -> BTreeSet<String> {
    text.split_whitespace().map(str::to_string).collect()
}

/// The removal owed, as `Pending`.
pub fn owes(kind: RemovalKind, count: u8) -> Pending {
    Pending::Remove { kind, count }
}

pub fn pins(count: u8) -> Pending {
    owes(RemovalKind::Pin, count)
}

pub fn captures(count: u8) -> Pending {
    owes(RemovalKind::Capture, count)
}

pub fn pull() -> Pending {
    owes(RemovalKind::Pull, 1)
}

/// board + hand + stable + lost == starting pieces + pins made, for both sides (RULES.md §3.11).
pub fn assert_pieces_conserved(position: &Position) {
    for side in Side::BOTH {
        let accounted = position.board(side).count()
            + u32::from(position.hand(side))
            + u32::from(position.stable(side))
            + u32::from(position.lost(side));
        let expected = u32::from(position.rules().pieces) + u32::from(position.pins_made(side));
        assert_eq!(accounted, expected, "{side} pieces in {position:?}");
    }
}
