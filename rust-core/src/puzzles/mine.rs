//! Mining: seeded games of random play from the start, with a taste for closing mills, are
//! played to their end; every turn start the tables call a puzzle is a candidate, kept with
//! the moves that reach it, so its reachability is proved by replaying them. Candidates are
//! deduplicated by the board's symmetries and chosen spread over the turns to the win.
//! Mining onto an existing set keeps every puzzle of it that is still a puzzle (so its id
//! stays) and fills the set up with new ones.

use std::collections::{BTreeMap, HashSet};

use crate::action::Action;
use crate::cancel::CancelToken;
use crate::game::Game;
use crate::position::Pending;
use crate::rules::Rules;
use crate::tables::EndgameTables;

use super::examine::{Examined, canonical_key, examine};
use super::set::{PuzzleSet, StoredPuzzle};

/// A small generator with a fixed algorithm (SplitMix64), so a seed mines the same games on
/// every build and platform.
#[derive(Clone, Debug)]
pub(crate) struct SplitMix(u64);

impl SplitMix {
    pub(crate) fn new(seed: u64) -> SplitMix {
        SplitMix(seed)
    }

    pub(crate) fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in `0..n` (`n` > 0).
    pub(crate) fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n as u64) as usize
    }
}

/// How a mining run goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MineConfig {
    /// The first game's seed; game k uses `seed + k`.
    pub seed: u64,
    /// Games to play at the most.
    pub games: u32,
    /// Puzzles to keep at the most.
    pub keep: usize,
    /// Candidates taken from one game at the most (later turns of one ending look alike).
    pub per_game: usize,
}

impl Default for MineConfig {
    fn default() -> MineConfig {
        MineConfig {
            seed: 1,
            games: 100_000,
            keep: 330,
            per_game: 2,
        }
    }
}

/// What a mining run found, for the command's report.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct MineReport {
    /// Games played.
    pub games: u32,
    /// Turn starts inside the tables that were examined.
    pub examined: u64,
    /// Distinct new puzzles found before choosing.
    pub candidates: usize,
    /// Puzzles of the existing set kept (still puzzles), for [`mine_onto`].
    pub kept: usize,
}

/// The most actions a mined game is played for (random play can wander for long).
const MAX_GAME_ACTIONS: usize = 600;

/// Plays one random game.
fn random_game(rules: Rules, rng: &mut SplitMix) -> Game {
    let mut game = Game::new(rules);
    while !game.is_over() && game.actions().len() < MAX_GAME_ACTIONS {
        let position = *game.position();
        let actions = position.legal_actions();
        if actions.is_empty() {
            break;
        }
        // Three times in four a mill is closed when one can be: plain random play wanders
        // for hundreds of turns before the few-piece endings the tables cover, and the
        // moves that reach a puzzle are shipped with it.
        let closing: Vec<Action> = actions
            .iter()
            .copied()
            .filter(|&a| {
                let mut next = position;
                next.play_unchecked(a);
                matches!(next.pending(), Pending::Remove { .. })
                    && next.side_to_move() == position.side_to_move()
            })
            .collect();
        let action = if !closing.is_empty() && rng.below(4) != 0 {
            closing[rng.below(closing.len())]
        } else {
            actions[rng.below(actions.len())]
        };
        game.play(action).expect("a legal action");
    }
    game
}

/// A candidate: where it stands in which mined game.
struct Candidate {
    game: usize,
    length: usize,
    examined: Examined,
    key: (u32, u32),
}

/// Mines a puzzle set for the game of `tables`. Deterministic for a config and tables.
pub fn mine(
    tables: &EndgameTables,
    config: &MineConfig,
    cancel: &CancelToken,
) -> (PuzzleSet, MineReport) {
    mine_onto(
        tables,
        &PuzzleSet::new(tables.variant(), Vec::new()),
        config,
        cancel,
    )
}

/// Mines onto `existing`: its puzzles that are still puzzles (their moves replay and
/// [`examine`] accepts the position) are kept first, in their order and with their moves, so
/// their ids stay; new puzzles fill the set up to `config.keep`, chosen so that the whole
/// set is spread over the turns to the win. A set of another game keeps nothing.
/// Deterministic for a config, set and tables.
pub fn mine_onto(
    tables: &EndgameTables,
    existing: &PuzzleSet,
    config: &MineConfig,
    cancel: &CancelToken,
) -> (PuzzleSet, MineReport) {
    let rules = Rules::of(tables.variant());
    let mut report = MineReport::default();
    let mut games: Vec<Vec<Action>> = Vec::new();
    let mut seen = HashSet::new();
    let mut candidates: Vec<Candidate> = Vec::new();
    let mut kept: Vec<StoredPuzzle> = Vec::new();
    if existing.variant() == tables.variant() {
        for stored in existing.stored() {
            let Some(examined) = still_a_puzzle(tables, rules, stored) else {
                continue;
            };
            if seen.insert(stored.key) {
                kept.push(StoredPuzzle {
                    turns: examined.difficulty.turns,
                    score: examined.difficulty.score(),
                    ..stored.clone()
                });
            }
        }
    }
    kept.truncate(config.keep);
    report.kept = kept.len();
    for k in 0..config.games {
        if cancel.is_cancelled() {
            break;
        }
        let mut rng = SplitMix::new(config.seed.wrapping_add(u64::from(k)));
        let game = random_game(rules, &mut rng);
        report.games += 1;
        let mut taken = 0;
        let mut last_used = 0;
        for n in 1..game.turn_count() {
            if taken == config.per_game {
                break;
            }
            let Some(start) = game.turn_start(n) else {
                break;
            };
            let (position, length) = (start.position, start.action);
            if tables.probe(&position).is_none() {
                continue;
            }
            report.examined += 1;
            let Ok(examined) = examine(tables, &position) else {
                continue;
            };
            let (m, o) = canonical_key(&position);
            if !seen.insert((m.0, o.0)) {
                continue;
            }
            taken += 1;
            last_used = length;
            candidates.push(Candidate {
                game: games.len(),
                length,
                examined,
                key: (m.0, o.0),
            });
        }
        if taken > 0 {
            games.push(game.actions()[..last_used].to_vec());
        }
    }
    report.candidates = candidates.len();
    let mut counts: BTreeMap<u8, usize> = BTreeMap::new();
    for p in &kept {
        *counts.entry(p.turns).or_default() += 1;
    }
    let chosen = choose_spread(counts, candidates, config.keep - kept.len());
    let mut puzzles = kept;
    puzzles.extend(chosen.into_iter().map(|c| StoredPuzzle {
        key: c.key,
        actions: games[c.game][..c.length].to_vec(),
        turns: c.examined.difficulty.turns,
        score: c.examined.difficulty.score(),
        tactic: None,
    }));
    (PuzzleSet::new(tables.variant(), puzzles), report)
}

/// What the tables say of a stored puzzle now, if its moves still reach a puzzle.
fn still_a_puzzle(tables: &EndgameTables, rules: Rules, stored: &StoredPuzzle) -> Option<Examined> {
    let game = Game::replay(rules, &stored.actions).ok()?;
    if game.is_over() {
        return None;
    }
    let position = *game.position();
    let (m, o) = canonical_key(&position);
    if (m.0, o.0) != stored.key {
        return None;
    }
    examine(tables, &position).ok()
}

/// Takes up to `keep` candidates, each time for the number of turns the set holds fewest of
/// (`counts`: the puzzles already in it, by turns; ties to the longest), so that the rarer
/// long wins are not crowded out by short ones. From an empty set this is a round-robin over
/// the numbers of turns, longest first. Within a number of turns the ones reached in the
/// fewest moves go first, which keeps the shipped file small.
fn choose_spread(
    mut counts: BTreeMap<u8, usize>,
    candidates: Vec<Candidate>,
    keep: usize,
) -> Vec<Candidate> {
    let mut by_turns: BTreeMap<u8, Vec<Candidate>> = BTreeMap::new();
    for c in candidates {
        by_turns
            .entry(c.examined.difficulty.turns)
            .or_default()
            .push(c);
    }
    for list in by_turns.values_mut() {
        // pop() takes the last: the shortest, then the earliest mined.
        list.sort_by_key(|c| (std::cmp::Reverse(c.length), std::cmp::Reverse(c.game)));
    }
    let mut chosen = Vec::new();
    while chosen.len() < keep {
        let Some((&turns, list)) = by_turns
            .iter_mut()
            .rev()
            .filter(|(_, list)| !list.is_empty())
            .min_by_key(|(turns, _)| counts.get(turns).copied().unwrap_or(0))
        else {
            break;
        };
        chosen.push(list.pop().expect("not empty"));
        *counts.entry(turns).or_default() += 1;
    }
    chosen
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzles::Difficulty;

    fn candidate(turns: u8, length: usize) -> Candidate {
        Candidate {
            game: 0,
            length,
            examined: Examined {
                solution: Vec::new(),
                distance: u16::from(turns) * 2 - 1,
                difficulty: Difficulty {
                    turns,
                    branching: 4,
                    tempting: 0,
                    quiet_solution: true,
                    only_moves: 0,
                },
            },
            key: (u32::from(turns), length as u32),
        }
    }

    fn chosen(counts: &[(u8, usize)], keep: usize) -> Vec<(u8, usize)> {
        let candidates = [(2, 30), (2, 10), (2, 20), (5, 40), (9, 50), (9, 45)]
            .into_iter()
            .map(|(turns, length)| candidate(turns, length))
            .collect();
        choose_spread(counts.iter().copied().collect(), candidates, keep)
            .into_iter()
            .map(|c| (c.examined.difficulty.turns, c.length))
            .collect()
    }

    #[test]
    fn from_an_empty_set_the_choice_is_round_robin_longest_first_shortest_reach_first() {
        assert_eq!(
            chosen(&[], 5),
            [(9, 45), (5, 40), (2, 10), (9, 50), (2, 20)]
        );
        assert_eq!(chosen(&[], 99).len(), 6, "all when there are fewer");
    }

    #[test]
    fn onto_a_set_the_turns_it_holds_fewest_of_come_first() {
        // The set holds two wins in 2 and one in 9: the win in 5 first, then the 9s.
        assert_eq!(
            chosen(&[(2, 2), (9, 1)], 4),
            [(5, 40), (9, 45), (9, 50), (2, 10)]
        );
    }
}
