//! Mining tactics from the computer's own games: seeded self-play between the engine's levels
//! (each pairing of [`MINING_LEVELS`] in turn, each level's search to its fixed depth without
//! its time cap, so a seed plays the same game on any machine and under any load; the games
//! are passed in), every turn start of the placement phase and of the first
//! [`TacticMineConfig::movement_turns`] turns of movement examined by [`examine_tactic`]. A
//! tactic is kept with the actions that reach it.

use std::collections::{BTreeMap, HashSet};

use crate::action::Action;
use crate::cancel::CancelToken;
use crate::game::Game;
use crate::level::Level;
use crate::position::Phase;
use crate::rules::{Rules, Variant};

use super::goal::GoalSearch;
use super::prove::tactic_record;
use super::set::{PuzzleSet, StoredPuzzle};
use super::tactic::{TacticExamined, examine_tactic};

/// The levels whose games are mined (game k pairs `MINING_LEVELS[k % 4]` as the first player
/// with `MINING_LEVELS[(k / 4) % 4]`): from the beginner's near-random play to the club
/// player's three-turn search, so the positions are ones people of those strengths reach.
pub const MINING_LEVELS: [u8; 4] = [1, 2, 3, 4];

/// How a tactics mining run goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TacticMineConfig {
    /// The first game's seed; game k uses `seed + k` (the engines' randomness).
    pub seed: u64,
    /// Games to play.
    pub games: u32,
    /// Tactics to keep at the most.
    pub keep: usize,
    /// Tactics taken from one game at the most.
    pub per_game: usize,
    /// Turns of the movement phase examined after placement.
    pub movement_turns: usize,
}

impl Default for TacticMineConfig {
    fn default() -> TacticMineConfig {
        TacticMineConfig {
            seed: 1,
            games: 120,
            keep: 160,
            per_game: 2,
            movement_turns: 10,
        }
    }
}

/// What a tactics mining run found, for the command's report.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct TacticMineReport {
    /// Games played.
    pub games: u32,
    /// Turn starts examined.
    pub examined: u64,
    /// Distinct tactics found before choosing.
    pub candidates: usize,
    /// Of the kept tactics, the share a 1-ply greedy player solves (the mean of
    /// [`TacticExamined::greedy_share`]).
    pub greedy_solved: f64,
}

/// The levels of mined game `k`: the first player's and the second's.
pub fn mining_levels(k: u32) -> [Level; 2] {
    let n = MINING_LEVELS.len() as u32;
    let level = |i: u32| Level::new(MINING_LEVELS[(i % n) as usize]).expect("a level");
    [level(k), level(k / n)]
}

/// The turns a mined game of `variant` needs: the placement and the movement turns examined.
pub fn mining_turns(variant: Variant, config: &TacticMineConfig) -> usize {
    2 * usize::from(Rules::of(variant).pieces) + config.movement_turns
}

/// A tactic found: where it stands in which mined game.
struct Found {
    game: usize,
    length: usize,
    examined: TacticExamined,
    record: StoredPuzzle,
}

/// Mines a tactics set of `variant` from `config.games` games, game k made by `play(k)`:
/// the computer's game between the [`mining_levels`] of k, seeded by `config.seed + k`, for
/// [`mining_turns`] turns (`mills puzzles mine-tactics` passes the engine's
/// [`self_play`](crate::ai::self_play); the search lives beside the puzzles, not below
/// them). Deterministic when `play` is.
pub fn mine_tactics(
    variant: Variant,
    config: &TacticMineConfig,
    play: &mut dyn FnMut(u32) -> Game,
    cancel: &CancelToken,
) -> (PuzzleSet, TacticMineReport) {
    let mut report = TacticMineReport::default();
    let mut games: Vec<Vec<Action>> = Vec::new();
    let mut seen = HashSet::new();
    let mut found: Vec<Found> = Vec::new();
    let mut search = GoalSearch::new();
    for k in 0..config.games {
        if cancel.is_cancelled() {
            break;
        }
        let game = play(k);
        report.games += 1;
        let mut of_game: Vec<Found> = Vec::new();
        let mut movement_seen = 0;
        for n in 1..game.turn_count() {
            let Some(start) = game.turn_start(n) else {
                break;
            };
            let position = start.position;
            if position.phase() == Phase::Moving {
                movement_seen += 1;
                if movement_seen > config.movement_turns {
                    break;
                }
            }
            report.examined += 1;
            // A fresh cache per position keeps its memory bounded.
            search.clear_cache();
            let Ok(examined) = examine_tactic(&position, &mut search) else {
                continue;
            };
            let record = tactic_record(&position, examined.goal.gain);
            if seen.contains(&record.id(variant)) {
                continue;
            }
            of_game.push(Found {
                game: games.len(),
                length: start.action,
                examined,
                record,
            });
        }
        // Spread over the game (one from the placement's start, one from later, ...) rather
        // than its first few.
        let count = of_game.len();
        let picks: Vec<usize> = (0..config.per_game.min(count))
            .map(|i| i * count / config.per_game.min(count))
            .collect();
        let mut last_used = 0;
        for (i, f) in of_game.into_iter().enumerate() {
            if picks.contains(&i) && seen.insert(f.record.id(variant)) {
                last_used = last_used.max(f.length);
                found.push(f);
            }
        }
        if last_used > 0 {
            games.push(game.actions()[..last_used].to_vec());
        }
    }
    report.candidates = found.len();
    let chosen = choose_spread(found, config.keep);
    report.greedy_solved = if chosen.is_empty() {
        0.0
    } else {
        chosen.iter().map(|f| f.examined.greedy_share).sum::<f64>() / chosen.len() as f64
    };
    let puzzles = chosen
        .into_iter()
        .map(|f| StoredPuzzle {
            actions: games[f.game][..f.length].to_vec(),
            turns: f.examined.goal.turns,
            score: f.examined.difficulty.score(),
            ..f.record
        })
        .collect();
    (PuzzleSet::tactics(variant, puzzles), report)
}

/// Up to `keep` tactics, round-robin over the goals (turns, gain), the longest and largest
/// first, so the rarer deep tactics are not crowded out; within a goal in mining order.
fn choose_spread(found: Vec<Found>, keep: usize) -> Vec<Found> {
    let mut by_goal: BTreeMap<(u8, u8), Vec<Found>> = BTreeMap::new();
    for f in found.into_iter().rev() {
        let goal = f.examined.goal;
        by_goal.entry((goal.turns, goal.gain)).or_default().push(f);
    }
    let mut chosen = Vec::new();
    while chosen.len() < keep && by_goal.values().any(|list| !list.is_empty()) {
        for list in by_goal.values_mut().rev() {
            if chosen.len() < keep {
                chosen.extend(list.pop());
            }
        }
    }
    chosen
}
