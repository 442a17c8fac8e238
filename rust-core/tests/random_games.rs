//! Seeded random games of all three variants, with the engine's invariants checked after every
//! action (RULES.md §2–§6, and §4.6 / §7 "invariants of rule 4.6 after every action of many
//! random games").
//!
//! `MILLS_RANDOM_GAMES` sets the number of games per variant (default 300; the full run uses
//! `MILLS_RANDOM_GAMES=10000 cargo test --release --test random_games`). Every game is seeded
//! from its variant and index, so a failure names the game and its actions and reproduces.
//!
//! Checked after every action (position P, reached by actions from the start, with `Game`):
//! - no panic; P.hash() == P.compute_hash();
//! - pieces conserved: board + hand + stable + lost == pieces + pins made, per side; hands,
//!   stables, losses and pins never go backwards;
//! - Linked-Horse §4.6: no complete line stands except in a won final position, board + hand
//!   >= 3, stable <= 7, nothing lost;
//! - legal_actions(): non-empty unless the game is over, no duplicates, count_legal_actions()
//!   agrees, the right kind of action for what is owed; each passes check(), plays on a copy,
//!   and the copy's hash is consistent;
//! - random actions (Place/Step/Remove on random points, and Pass): check() and play() accept
//!   them iff they are legal (or a pass in an unfinished game), and a rejected play leaves the
//!   position unchanged;
//! - copy-make: playing on a copy leaves the game's position untouched, and `Game::play` gives
//!   the same position as the copy;
//! - the side to move stays while removals are owed and between a pull and its step;
//! - Zhi Qi: the board is full when movement starts; Twelve Men's Morris: a full
//!   board when movement starts is a draw;
//! - Position serde JSON round trip (every SERDE_EVERY actions and at the end);
//! - at the end: the game ended within MAX_ACTIONS, and its record's JSON round trip replays to
//!   the same position and outcome.

use std::collections::BTreeMap;
use std::fmt;

use mills_core::{
    Action, ActionList, Game, GameRecord, Outcome, Pending, Phase, Point, Position, RemovalKind,
    Rules, Side, Variant, WinReason,
};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

/// One game in `PASS_ONE_IN` actions (on average) is a timer pass.
const PASS_ONE_IN: u32 = 40;
/// Random illegal-looking actions tried per position.
const PROBES: usize = 4;
/// Position serde round trip every this many actions (and at the end of every game).
const SERDE_EVERY: usize = 8;
/// No game may be longer. A bound, not a cut-off: placement takes 24 placements, with at most
/// four timer passes in a row between two of them (the fourth brings a position back for the
/// third time: a draw), each turn at most 4 actions; in the movement phase every capture, pull
/// or stabling takes a piece off the board (at most 24 of them), and at most 99 quiet
/// one-action turns can follow each before the quiet-turn draw. That is well under 4000.
const MAX_ACTIONS: usize = 4000;

fn games_per_variant() -> usize {
    std::env::var("MILLS_RANDOM_GAMES")
        .ok()
        .and_then(|n| n.trim().parse().ok())
        .unwrap_or(300)
}

/// Identifies a game in failure messages: enough to replay it.
struct Ctx<'a> {
    variant: Variant,
    index: usize,
    seed: u64,
    actions: &'a [Action],
}

impl fmt::Display for Ctx<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} game {} (seed {:#x}) after {} actions: {}",
            self.variant,
            self.index,
            self.seed,
            self.actions.len(),
            mills_core::format_actions(self.actions)
        )
    }
}

#[derive(Default)]
struct Stats {
    games: usize,
    actions: usize,
    longest: usize,
    passes: usize,
    outcomes: BTreeMap<String, usize>,
}

fn random_point(rng: &mut StdRng) -> Point {
    Point::ALL[rng.random_range(0..Point::ALL.len())]
}

fn random_action(rng: &mut StdRng, legal: &ActionList) -> Action {
    match rng.random_range(0..8) {
        0 => Action::Place(random_point(rng)),
        1 | 2 => Action::Step {
            from: random_point(rng),
            to: random_point(rng),
        },
        3 => Action::Remove(random_point(rng)),
        4 => Action::Pass,
        // A near miss: a legal action with one point changed.
        _ if !legal.is_empty() => match legal[rng.random_range(0..legal.len())] {
            Action::Place(_) => Action::Place(random_point(rng)),
            Action::Remove(_) => Action::Remove(random_point(rng)),
            Action::Step { from, .. } if rng.random_bool(0.5) => Action::Step {
                from,
                to: random_point(rng),
            },
            Action::Step { to, .. } => Action::Step {
                from: random_point(rng),
                to,
            },
            Action::Pass => Action::Pass,
        },
        _ => Action::Place(random_point(rng)),
    }
}

fn assert_conserved(p: &Position, ctx: &Ctx) {
    for side in Side::BOTH {
        let accounted = p.board(side).count()
            + u32::from(p.hand(side))
            + u32::from(p.stable(side))
            + u32::from(p.lost(side));
        let expected = u32::from(p.rules().pieces) + u32::from(p.pins_made(side));
        assert_eq!(accounted, expected, "{side} pieces not conserved in {ctx}");
    }
}

fn assert_linked_horse_invariants(p: &Position, ctx: &Ctx) {
    let three_in_line_winner = match p.outcome() {
        Some(Outcome::Win {
            winner,
            reason: WinReason::ThreeInLine,
        }) => Some(winner),
        _ => None,
    };
    for side in Side::BOTH {
        if three_in_line_winner == Some(side) {
            assert_eq!(p.board(side).count(), 3, "{ctx}");
            assert_eq!(p.hand(side), 0, "{ctx}");
            assert!(!p.in_mills(side).is_empty(), "{ctx}");
        } else {
            assert!(
                p.in_mills(side).is_empty(),
                "a line stands for {side}: {ctx}"
            );
        }
        assert!(p.pieces(side) >= 3, "{side} below three pieces: {ctx}");
        assert!(p.stable(side) <= 7, "{side} stable above seven: {ctx}");
        assert_eq!(p.lost(side), 0, "{ctx}");
        assert_eq!(p.pins_made(side), 0, "{ctx}");
    }
}

/// The checks on one position that need no history.
fn check_position(p: &Position, rng: &mut StdRng, ctx: &Ctx) -> ActionList {
    assert_eq!(p.hash(), p.compute_hash(), "hash drifted: {ctx}");
    assert_conserved(p, ctx);
    if p.rules().variant == Variant::LinkedHorse {
        assert_linked_horse_invariants(p, ctx);
    }

    let legal = p.legal_actions();
    assert_eq!(p.count_legal_actions(), legal.len() as u64, "{ctx}");
    if p.is_over() {
        assert!(legal.is_empty(), "actions after the end: {ctx}");
        assert_eq!(p.pending(), Pending::None, "{ctx}");
    } else {
        assert!(!legal.is_empty(), "no action in an unfinished game: {ctx}");
    }
    for (i, &action) in legal.iter().enumerate() {
        assert!(
            !legal[..i].contains(&action),
            "{action} listed twice: {ctx}"
        );
        assert_eq!(p.check(action), Ok(()), "legal {action} fails check: {ctx}");
        match (p.pending(), p.phase(), action) {
            (Pending::Remove { kind, .. }, _, Action::Remove(target)) => {
                assert!(p.removal_targets(kind).contains(target), "{ctx}");
            }
            (Pending::StepAfterPull, Phase::Moving, Action::Step { .. })
            | (Pending::None, Phase::Moving, Action::Step { .. }) => {}
            (Pending::None, Phase::Placing, Action::Place(to)) => {
                assert!(p.empty().contains(to), "{ctx}");
            }
            _ => panic!("{action} is the wrong kind of action: {ctx}"),
        }
        if let Action::Step { from, to } = action {
            assert!(
                p.rules().geometry().adjacent[from.index()].contains(to),
                "{ctx}"
            );
        }
        let mut child = *p;
        child
            .play(action)
            .unwrap_or_else(|e| panic!("legal {action} rejected ({e}): {ctx}"));
        assert_eq!(
            child.hash(),
            child.compute_hash(),
            "hash after {action}: {ctx}"
        );
    }
    if let Pending::Remove { kind, .. } = p.pending() {
        assert_eq!(legal.len() as u32, p.removal_targets(kind).count(), "{ctx}");
    }

    for _ in 0..PROBES {
        let action = random_action(rng, &legal);
        let expected = if action == Action::Pass {
            !p.is_over()
        } else {
            legal.contains(&action)
        };
        assert_eq!(
            p.check(action).is_ok(),
            expected,
            "check({action}) = {:?}: {ctx}",
            p.check(action)
        );
        let mut copy = *p;
        let result = copy.play(action);
        assert_eq!(
            result.is_ok(),
            expected,
            "play({action}) = {result:?}: {ctx}"
        );
        if result.is_err() {
            assert_eq!(copy, *p, "rejected {action} changed the position: {ctx}");
        } else {
            assert_eq!(copy.hash(), copy.compute_hash(), "{ctx}");
        }
    }
    legal
}

/// The checks that compare a position with the one before it.
fn check_transition(before: &Position, action: Action, after: &Position, ctx: &Ctx) {
    for side in Side::BOTH {
        assert!(after.hand(side) <= before.hand(side), "{ctx}");
        assert!(after.stable(side) >= before.stable(side), "{ctx}");
        assert!(after.lost(side) >= before.lost(side), "{ctx}");
        assert!(after.pins_made(side) >= before.pins_made(side), "{ctx}");
    }
    assert!(after.turns() >= before.turns(), "{ctx}");
    if after.is_over() || action == Action::Pass {
        return;
    }
    // The turn goes on while removals are owed and between a pull and its step; a pull owed
    // at the start of a turn belongs to the next side.
    match after.pending() {
        Pending::None => {}
        Pending::Remove {
            kind: RemovalKind::Pull,
            ..
        } => {
            let next = if before.phase() == Phase::Placing {
                after.rules().first_to_move
            } else {
                before.side_to_move().opponent()
            };
            assert_eq!(after.side_to_move(), next, "{ctx}");
            assert_eq!(after.turns(), before.turns() + 1, "{ctx}");
        }
        Pending::Remove { .. } | Pending::StepAfterPull => {
            assert_eq!(after.side_to_move(), before.side_to_move(), "{ctx}");
            assert_eq!(after.turns(), before.turns(), "{ctx}");
        }
    }
    if let Pending::Remove {
        kind: RemovalKind::Pull,
        ..
    } = before.pending()
    {
        assert_eq!(after.pending(), Pending::StepAfterPull, "{ctx}");
    }
    // Movement starts.
    if before.phase() == Phase::Placing && after.phase() == Phase::Moving {
        assert_eq!(after.hand(Side::P1), 0, "{ctx}");
        assert_eq!(after.hand(Side::P2), 0, "{ctx}");
        assert_eq!(after.side_to_move(), after.rules().first_to_move, "{ctx}");
    }
}

fn check_serde(p: &Position, ctx: &Ctx) {
    let json = serde_json::to_string(p).unwrap_or_else(|e| panic!("{e}: {ctx}"));
    let back: Position =
        serde_json::from_str(&json).unwrap_or_else(|e| panic!("{e} reading {json}: {ctx}"));
    assert_eq!(back, *p, "serde round trip of {json}: {ctx}");
}

fn play_game(rules: Rules, index: usize, seed: u64, stats: &mut Stats) {
    let mut rng = StdRng::seed_from_u64(seed);
    let mut game = Game::new(rules);
    let mut passes = 0;
    loop {
        let position = *game.position();
        let ctx = Ctx {
            variant: rules.variant,
            index,
            seed,
            actions: game.actions(),
        };
        let legal = check_position(&position, &mut rng, &ctx);
        if game.actions().len() % SERDE_EVERY == 0 {
            check_serde(&position, &ctx);
        }
        if game.is_over() {
            check_serde(&position, &ctx);
            break;
        }
        assert!(
            game.actions().len() < MAX_ACTIONS,
            "game did not end: {ctx}"
        );

        let action = if rng.random_range(0..PASS_ONE_IN) == 0 {
            passes += 1;
            Action::Pass
        } else {
            legal[rng.random_range(0..legal.len())]
        };
        // Copy-make: the copy changes, the game's position does not.
        let mut child = position;
        let applied = child
            .play(action)
            .unwrap_or_else(|e| panic!("{action} rejected ({e}): {ctx}"));
        assert_eq!(*game.position(), position, "{ctx}");
        // The explicit turn end agrees with the counter (which only counts).
        assert_eq!(
            applied.turn_ended,
            child.is_over() || child.turns() == position.turns() + 1,
            "{ctx}"
        );
        check_transition(&position, action, &child, &ctx);
        // Zhi Qi §3.4: every placement fills a point and pins change none, so the board is
        // full when placement ends (timer passes change nothing on the board either).
        if rules.variant == Variant::ZhiQi
            && position.phase() == Phase::Placing
            && child.phase() == Phase::Moving
        {
            assert!(child.empty().is_empty(), "board not full: {ctx}");
        }
        if rules.full_board_draws
            && position.phase() == Phase::Placing
            && child.phase() == Phase::Moving
            && child.empty().is_empty()
        {
            assert_eq!(
                child.outcome(),
                Some(Outcome::Draw {
                    reason: mills_core::DrawReason::BoardFull
                }),
                "{ctx}"
            );
        }
        if let Err(e) = game.play(action) {
            panic!("{action} rejected by the game ({e}): {rules:?} game {index} seed {seed:#x}");
        }
        let ctx = Ctx {
            variant: rules.variant,
            index,
            seed,
            actions: game.actions(),
        };
        assert_eq!(*game.position(), child, "{ctx}");
        if let Some(outcome) = child.outcome() {
            assert_eq!(game.outcome(), Some(outcome), "{ctx}");
        }
    }

    // The record survives JSON and replays to the same game.
    let ctx = Ctx {
        variant: rules.variant,
        index,
        seed,
        actions: game.actions(),
    };
    let record = game.record();
    let json = serde_json::to_string(&record).unwrap();
    let back: GameRecord = serde_json::from_str(&json).unwrap_or_else(|e| panic!("{e}: {ctx}"));
    assert_eq!(back, record, "{ctx}");
    let replayed = back
        .replay()
        .unwrap_or_else(|e| panic!("record does not replay ({e}): {ctx}"));
    assert_eq!(replayed.position(), game.position(), "{ctx}");
    assert_eq!(replayed.outcome(), game.outcome(), "{ctx}");

    let outcome = game.outcome().expect("the loop ends with the game");
    let key = match outcome {
        Outcome::Win { reason, .. } => format!("win {reason:?}"),
        Outcome::Draw { reason } => format!("draw {reason:?}"),
    };
    *stats.outcomes.entry(key).or_default() += 1;
    stats.games += 1;
    stats.actions += game.actions().len();
    stats.longest = stats.longest.max(game.actions().len());
    stats.passes += passes;
}

fn run(rules: Rules, base_seed: u64) -> Stats {
    let mut stats = Stats::default();
    for index in 0..games_per_variant() {
        let seed = base_seed.wrapping_add(index as u64);
        play_game(rules, index, seed, &mut stats);
    }
    eprintln!(
        "{}: {} games, {} actions (longest {}), {} passes, outcomes {:?}",
        rules.variant, stats.games, stats.actions, stats.longest, stats.passes, stats.outcomes
    );
    stats
}

/// The endings random play must reach with the default number of games or more.
fn assert_reaches(stats: &Stats, endings: &[&str]) {
    if stats.games < 300 {
        return;
    }
    assert!(stats.passes > 0);
    for ending in endings {
        assert!(
            stats.outcomes.get(*ending).copied().unwrap_or(0) > 0,
            "no game ended with {ending}: {:?}",
            stats.outcomes
        );
    }
}

#[test]
fn random_games_zhiqi() {
    let stats = run(Rules::ZHIQI, 0x5a48_4951_0000_0000);
    assert_reaches(&stats, &["win TookAll", "draw Repetition"]);
}

#[test]
fn random_games_linked_horse() {
    let stats = run(Rules::LINKED_HORSE, 0x4c48_0000_0000_0000);
    assert_reaches(&stats, &["win ThreeInLine", "draw QuietTurns"]);
}

#[test]
fn random_games_twelve_mens_morris() {
    let stats = run(Rules::TWELVE_MENS_MORRIS, 0x544d_4d00_0000_0000);
    assert_reaches(&stats, &["win ReducedToTwo", "win Blocked"]);
}
