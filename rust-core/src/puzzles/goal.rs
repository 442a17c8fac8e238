//! Tactic goals and their exact proof: "raise your balance by at least K within N of your own
//! turns, whatever the opponent does", decided by an exhaustive AND-OR search over whole
//! turns (every turn of the side to move, every reply), to the goal's fixed depth.
//!
//! The search prunes nothing that can change the answer: an OR node stops at the first turn
//! that forces the goal and an AND node at the first reply that refutes it (cut-offs on a
//! boolean), and results are cached by the whole turn-start state, the turns left and the
//! balance still needed, which is all the answer depends on.

use std::collections::HashMap;

use crate::action::Action;
use crate::position::Position;
use crate::rules::{Side, Variant};

/// A tactic's goal: the side to move raises its [`balance`] by at least `gain` by the end of
/// one of its next `turns` turns, whatever the opponent does (a win counts; a loss or a draw
/// before that does not).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct TacticGoal {
    /// K: how much the balance must rise.
    pub gain: u8,
    /// N: within how many of the mover's own turns.
    pub turns: u8,
}

/// What a tactic's goal counts for `side`, by game: in Twelve Men's Morris and Zhi Qi its
/// pieces in play (board and hand) minus the opponent's, so a capture or a pull is worth 1
/// and a Zhi Qi pin 2 (a piece taken and one of yours added); in Linked-Horse its stable
/// minus the opponent's stable (a banked piece is worth 1).
pub fn balance(position: &Position, side: Side) -> i32 {
    let other = side.opponent();
    match position.rules().variant {
        Variant::LinkedHorse => {
            i32::from(position.stable(side)) - i32::from(position.stable(other))
        }
        Variant::ZhiQi | Variant::TwelveMensMorris => {
            position.pieces(side) as i32 - position.pieces(other) as i32
        }
    }
}

/// Everything the rest of a game depends on at a turn start (the history aside): boards,
/// hands, stables, side to move, and the quiet turns (the 100-turn draw). Two turns that lead
/// to the same state are one turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub(crate) struct State {
    boards: (u32, u32),
    hands: (u8, u8),
    stables: (u8, u8),
    side: u8,
    quiet_turns: u32,
}

impl State {
    pub(crate) fn of(position: &Position) -> State {
        State {
            boards: (position.board(Side::P1).0, position.board(Side::P2).0),
            hands: (position.hand(Side::P1), position.hand(Side::P2)),
            stables: (position.stable(Side::P1), position.stable(Side::P2)),
            side: position.side_to_move().index() as u8,
            quiet_turns: position.quiet_turns(),
        }
    }
}

/// One whole turn from a turn start: its actions and where it leads.
#[derive(Clone, Debug)]
pub(crate) struct Turn {
    pub(crate) actions: Vec<Action>,
    pub(crate) next: Position,
}

/// Calls `leaf` with every whole turn from the turn start `position` and the position it
/// leads to. A turn ends where the rules say ([`crate::position::Applied::turn_ended`]),
/// which is not always where the side to move changes: a Zhi Qi side whose opponent's hand
/// is empty places again, and the side that places last may make the first step.
fn for_each_turn(position: &Position, leaf: &mut impl FnMut(&[Action], &Position)) {
    fn walk(
        position: &Position,
        actions: &mut Vec<Action>,
        leaf: &mut impl FnMut(&[Action], &Position),
    ) {
        for action in position.legal_actions().iter().copied() {
            let mut next = *position;
            let applied = next.play_unchecked(action);
            actions.push(action);
            if applied.turn_ended {
                leaf(actions, &next);
            } else {
                walk(&next, actions, leaf);
            }
            actions.pop();
        }
    }
    walk(position, &mut Vec::new(), leaf);
}

/// The distinct whole turns from `position` (one per state they lead to, in generation
/// order).
pub(crate) fn distinct_turns(position: &Position) -> Vec<Turn> {
    let mut seen = std::collections::HashSet::new();
    let mut turns = Vec::new();
    for_each_turn(position, &mut |actions, next| {
        if seen.insert(State::of(next)) {
            turns.push(Turn {
                actions: actions.to_vec(),
                next: *next,
            });
        }
    });
    turns
}

/// The states a turn can lead to (no actions kept: the search's inner nodes).
fn next_positions(position: &Position) -> Vec<Position> {
    let mut seen = std::collections::HashSet::new();
    let mut next = Vec::new();
    for_each_turn(position, &mut |_, after| {
        if seen.insert(State::of(after)) {
            next.push(*after);
        }
    });
    next
}

/// What a turn of `mover` that ended in `after` did for a goal of a balance of `target`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Reached {
    /// The goal is met (the balance rose enough, or the mover won).
    Met,
    /// The game ended otherwise: the goal can no longer be met.
    Lost,
    /// Not yet.
    Open,
}

pub(crate) fn reached(after: &Position, mover: Side, target: i32) -> Reached {
    match after.outcome() {
        Some(outcome) if outcome.winner() == Some(mover) => Reached::Met,
        Some(_) => Reached::Lost,
        None if balance(after, mover) >= target => Reached::Met,
        None => Reached::Open,
    }
}

/// The exhaustive goal search, with its cache (keep one per position examined: the cache is
/// exact for any goal, so it may also be kept across them).
#[derive(Default)]
pub struct GoalSearch {
    cache: HashMap<(State, u8, i32, u8), bool>,
    /// Turn starts expanded so far.
    pub nodes: u64,
}

impl GoalSearch {
    /// A search with an empty cache.
    pub fn new() -> GoalSearch {
        GoalSearch::default()
    }

    /// Forgets the cached results (they stay exact; this bounds the memory).
    pub fn clear_cache(&mut self) {
        self.cache.clear();
    }

    /// Whether the side to move at the turn start `position` forces `goal` (see
    /// [`TacticGoal`]).
    pub fn forces(&mut self, position: &Position, goal: TacticGoal) -> bool {
        let mover = position.side_to_move();
        let base = balance(position, mover);
        self.node(position, mover, base + i32::from(goal.gain), goal.turns)
    }

    /// Whether the turn that led from `start` to `after` forces `goal` for the side to move
    /// at `start`: it meets it at once, or from `after` on the goal stays forced in the
    /// turns left, whatever the opponent does.
    pub(crate) fn turn_forces(
        &mut self,
        start: &Position,
        after: &Position,
        goal: TacticGoal,
    ) -> bool {
        let mover = start.side_to_move();
        let base = balance(start, mover);
        let target = base + i32::from(goal.gain);
        match reached(after, mover, target) {
            Reached::Met => true,
            Reached::Lost => false,
            Reached::Open => self.node(after, mover, target, goal.turns - 1),
        }
    }

    /// Whether `mover` can bring its balance to `target` by the end of one of its next
    /// `turns` turns from the turn start `position`, whatever the opponent does.
    pub(crate) fn reaches(
        &mut self,
        position: &Position,
        mover: Side,
        target: i32,
        turns: u8,
    ) -> bool {
        self.node(position, mover, target, turns)
    }

    /// Whether `mover` can bring its balance to `target` by the end of one of its next
    /// `turns` turns from the turn start `position`, whoever is to move there (an opponent
    /// with an empty hand is skipped while placing, so turns need not alternate).
    fn node(&mut self, position: &Position, mover: Side, target: i32, turns: u8) -> bool {
        let ours = position.side_to_move() == mover;
        if ours && turns == 0 {
            return false;
        }
        let key = (
            State::of(position),
            mover.index() as u8,
            target - balance(position, mover),
            turns,
        );
        if let Some(&known) = self.cache.get(&key) {
            return known;
        }
        self.nodes += 1;
        let mut next = next_positions(position);
        let forced = if ours {
            // Greatest gain first: the turns that prove a goal are mostly the ones that gain.
            next.sort_by_key(|p| std::cmp::Reverse(balance(p, mover)));
            next.iter()
                .any(|after| match reached(after, mover, target) {
                    Reached::Met => true,
                    Reached::Lost => false,
                    Reached::Open => self.node(after, mover, target, turns - 1),
                })
        } else {
            // The replies that hurt the mover most first: they refute soonest.
            next.sort_by_key(|p| balance(p, mover));
            next.iter().all(|reply| match reply.outcome() {
                Some(outcome) => outcome.winner() == Some(mover),
                None => self.node(reply, mover, target, turns),
            })
        };
        self.cache.insert(key, forced);
        forced
    }
}
