//! Iterative-deepening principal variation search over the action model of RULES.md §2.
//!
//! One ply is one action, but depth counts whole turns: the removals a mill owes (and the step
//! after a pull) are searched at the depth of the action that earned them, so a horizon never
//! falls between a mill and its capture. The side to move may stay the same from one action to
//! the next, so the negamax sign flips only when the turn passes.

use std::sync::Arc;
use std::time::{Duration, Instant};

use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

use super::eval::{Weights, closes_mill, evaluate_with, spsa_weights, weights_for};
use super::tt::{self, Bound, TranspositionTable};
use crate::action::{Action, ActionList, MAX_ACTIONS};
use crate::board::{Bitboard, POINT_COUNT};
use crate::cancel::CancelToken;
use crate::game::Game;
use crate::level::{Level, Style};
use crate::limits::{SearchLimits, WIN, WIN_THRESHOLD};
use crate::outcome::Outcome;
use crate::position::{Pending, Phase, Position, RemovalKind};
use crate::rules::{Side, Variant, WhenBlocked};
use crate::tables::{EndgameTables, TableValue};

const INFINITY: i32 = WIN + 1_000;
const MAX_PLY: usize = 128;

/// What a search found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchResult {
    /// The action the search prefers.
    pub best: Action,
    /// For the side to move, in hundredths of a piece; beyond `WIN_THRESHOLD` a forced win.
    pub score: i32,
    /// The deepest iteration completed (whole turns).
    pub depth: u32,
    /// Positions visited.
    pub nodes: u64,
    /// Time spent.
    pub elapsed: Duration,
    /// The expected line, starting with `best`.
    pub pv: Vec<Action>,
    /// Every root action with its score, when the level asked for them (to choose among).
    pub root_scores: Vec<(Action, i32)>,
}

/// Switches for the parts of the search, so that matches can measure what each is worth and
/// tests can compare the search with a plain minimax.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct SearchOptions {
    /// Probe and store the transposition table (cutoffs and the table move).
    pub transposition_table: bool,
    /// At the horizon, keep searching the actions that complete a line (a few turns deep)
    /// instead of trusting the evaluation of a position where a mill is about to close.
    pub quiescence: bool,
    /// Search each iteration in a window around the previous score first.
    pub aspiration: bool,
    /// Search one turn deeper where the side to move, in a game that a blocked side loses,
    /// has at most `BLOCKADE_STEPS` steps left: the blockades that decided most lost games
    /// against Sanmill lie just beyond a fixed horizon.
    pub blockade_extension: bool,
    /// Search the late, quiet actions of a turn start one turn shallower first, and again at
    /// full depth only if they beat the best so far.
    pub late_move_reductions: bool,
    /// Evaluate with the game's weights ([`weights_for`](super::eval::weights_for); in Twelve
    /// Men's Morris fitted to recorded games against Sanmill) rather than the self-play
    /// weights levels 1-9 were calibrated with ([`spsa_weights`]).
    pub fitted_weights: bool,
    /// With a time budget, start the next iteration whatever the last one cost, and let the
    /// deadline end it (its completed root actions still count). Without it, the search
    /// starts no iteration it does not expect to finish: that saves time, and the time saved
    /// is what level 10 lacked against Sanmill, which uses its whole second.
    pub search_to_deadline: bool,
    /// Search one turn deeper at each side's last placement, in a game that a blocked side
    /// loses: the blockades that decide most games lost placing second against Sanmill come
    /// soon after movement begins, just beyond the horizon of a late placing search. Off in
    /// every level: a candidate, kept as a `mills match` player (`+lpext`) while its match
    /// against Sanmill is ahead but not beyond the interval (docs/ai.md, round 8).
    pub last_placement_extension: bool,
    /// While placing, in a game that a blocked side loses: search one turn deeper where the
    /// side to move must block the opponent's only open two (it has no mill of its own to
    /// close), as a chess search extends a check. Placing is won by double threats, and a
    /// line of forced blocks is what reaches one. A candidate, off in every level, kept as a
    /// `mills match` player (`+blockext`) while it is measured.
    pub forced_block_extension: bool,
}

impl Default for SearchOptions {
    fn default() -> SearchOptions {
        SearchOptions {
            transposition_table: true,
            quiescence: true,
            aspiration: true,
            blockade_extension: true,
            late_move_reductions: true,
            fitted_weights: true,
            search_to_deadline: true,
            last_placement_extension: false,
            forced_block_extension: false,
        }
    }
}

impl SearchOptions {
    /// The search of the first version's level 10 (before the blockade extension, the late
    /// move reductions, the fitted weights and searching to the deadline), kept so that
    /// `mills match` can measure the new one against it.
    pub const FIRST_VERSION: SearchOptions = SearchOptions {
        transposition_table: true,
        quiescence: true,
        aspiration: true,
        blockade_extension: false,
        late_move_reductions: false,
        fitted_weights: false,
        search_to_deadline: false,
        last_placement_extension: false,
        forced_block_extension: false,
    };
}

impl SearchOptions {
    /// These options as `level` searches with them. Levels 1-9 are defined by a fixed depth
    /// searched in full and by the self-play weights (what a level means must not change
    /// under them: their ladder in docs/ai.md was measured that way), so the blockade
    /// extension and the late move reductions, which make a depth deeper or shallower, and
    /// the fitted weights, which would close the gap the randomness of level 7 leaves below
    /// level 8, are for level 10 only, and so is searching to the deadline (the time cap
    /// of levels 1-9 must keep ending their searches where it did).
    pub fn for_level(self, level: Level) -> SearchOptions {
        if level == Level::MAX {
            return self;
        }
        SearchOptions {
            blockade_extension: false,
            late_move_reductions: false,
            fitted_weights: false,
            search_to_deadline: false,
            ..self
        }
    }

    /// The weights a search with these options evaluates `variant` with, unless it is given
    /// others ([`Engine::set_weights`]).
    pub const fn evaluation_weights(self, variant: Variant) -> Weights {
        if self.fitted_weights {
            weights_for(variant)
        } else {
            spsa_weights(variant)
        }
    }
}

/// The share of a turn's budget (1/N) a search to the deadline leaves for the actions after
/// the first (a removal the searched line does not give, Zhi Qi's pins) and for unwinding.
const TURN_RESERVE: u32 = 25;

/// Steps left at which a side that loses when blocked gets the blockade extension.
pub const BLOCKADE_STEPS: usize = 2;
/// Actions of a turn start searched at full depth before the late move reductions begin.
const FULL_DEPTH_ACTIONS: usize = 3;
/// The smallest remaining depth (turns) at which late actions are reduced.
const REDUCTION_DEPTH: i32 = 3;

/// Turns the quiescence search may add beyond the nominal depth.
const QUIESCENCE_TURNS: i32 = 2;
/// Removals tried (best-ordered first) after a mill closed inside the quiescence search.
const QUIESCENCE_REMOVALS: usize = 3;
/// Half-width of the aspiration window, in evaluation units.
const ASPIRATION: i32 = 60;

/// A reusable searcher: its transposition table and move-ordering tables persist between
/// moves of one game. Deterministic for a given seed and depth or node limit.
pub struct Engine {
    tt: TranspositionTable,
    rng: StdRng,
    killers: [[Option<Action>; 2]; MAX_PLY],
    history: Box<[[i32; ACTION_SLOTS]; 2]>,
    /// Turn-start hashes of the game so far and of the line being searched.
    path: Vec<u64>,
    nodes: u64,
    stop: bool,
    deadline: Option<Instant>,
    node_limit: Option<u64>,
    cancel: CancelToken,
    options: SearchOptions,
    /// Evaluation weights replacing the game's own (self-play tuning); `None` in play.
    weights: Option<Weights>,
    /// Exact endgame tables probed at every turn start inside their range (none by default).
    tables: Option<Arc<EndgameTables>>,
    /// Plies beyond which the blockade extension stops (set from each iteration's depth).
    extension_cap: usize,
}

/// Distinct action shapes, for the history table: places, steps, removals.
const ACTION_SLOTS: usize = POINT_COUNT + POINT_COUNT * POINT_COUNT + POINT_COUNT;

fn slot(action: Action) -> usize {
    match action {
        Action::Place(p) => p.index(),
        Action::Step { from, to } => POINT_COUNT + from.index() * POINT_COUNT + to.index(),
        Action::Remove(p) => POINT_COUNT + POINT_COUNT * POINT_COUNT + p.index(),
        Action::Pass => 0,
    }
}

impl Default for Engine {
    fn default() -> Engine {
        Engine::new(0)
    }
}

impl Engine {
    /// The apps' table: 2^20 entries (24 MiB).
    pub const TABLE_BITS: u32 = 20;
    /// The table sizes [`Engine::with_table_bits`] accepts (smaller or larger are clamped).
    pub const MIN_TABLE_BITS: u32 = tt::MIN_TABLE_BITS;
    /// The largest transposition table, in bits of entries.
    pub const MAX_TABLE_BITS: u32 = tt::MAX_TABLE_BITS;

    /// An engine with the apps' table and this random seed.
    pub fn new(seed: u64) -> Engine {
        Engine::with_table_bits(seed, Engine::TABLE_BITS)
    }

    /// An engine whose table holds 2^bits entries.
    pub fn with_table_bits(seed: u64, bits: u32) -> Engine {
        Engine {
            tt: TranspositionTable::new(bits),
            rng: StdRng::seed_from_u64(seed),
            killers: [[None; 2]; MAX_PLY],
            history: Box::new([[0; ACTION_SLOTS]; 2]),
            path: Vec::new(),
            nodes: 0,
            stop: false,
            deadline: None,
            node_limit: None,
            cancel: CancelToken::new(),
            options: SearchOptions::default(),
            weights: None,
            tables: None,
            extension_cap: 0,
        }
    }

    /// Probes `tables` at every turn start inside their range, for their game (`None` stops
    /// probing). Clears the transposition table, whose scores were searched without them.
    pub fn set_tables(&mut self, tables: Option<Arc<EndgameTables>>) {
        self.tables = tables;
        self.tt.clear();
    }

    /// Forgets everything learnt (for a new game).
    pub fn clear(&mut self) {
        self.tt.clear();
        self.killers = [[None; 2]; MAX_PLY];
        *self.history = [[0; ACTION_SLOTS]; 2];
    }

    /// Reseeds the randomness used by the low levels.
    pub fn reseed(&mut self, seed: u64) {
        self.rng = StdRng::seed_from_u64(seed);
    }

    /// The parts of the search in use.
    pub fn options(&self) -> SearchOptions {
        self.options
    }

    /// Switches parts of the search on or off (for measurement and tests).
    pub fn set_options(&mut self, options: SearchOptions) {
        self.options = options;
    }

    /// Evaluates with `weights` instead of the game's own (`None` restores them). Clears the
    /// table, whose scores were computed with the old weights.
    pub fn set_weights(&mut self, weights: Option<Weights>) {
        if self.weights != weights {
            self.weights = weights;
            self.tt.clear();
        }
    }

    fn evaluate(&self, position: &Position) -> i32 {
        match &self.weights {
            Some(weights) => evaluate_with(position, weights),
            None => evaluate_with(
                position,
                &self.options.evaluation_weights(position.rules().variant),
            ),
        }
    }

    /// The best action for the side to move in `game`, or `None` if the game is over or the
    /// search was cancelled before it found one.
    pub fn search(
        &mut self,
        game: &Game,
        limits: SearchLimits,
        cancel: &CancelToken,
    ) -> Option<SearchResult> {
        self.run(game, limits, cancel, None, &mut |_| {})
    }

    /// As [`Engine::search`], calling `progress` after every completed iteration (the UCI
    /// `info` lines).
    pub fn search_with_progress(
        &mut self,
        game: &Game,
        limits: SearchLimits,
        cancel: &CancelToken,
        progress: &mut dyn FnMut(&SearchResult),
    ) -> Option<SearchResult> {
        self.run(game, limits, cancel, None, progress)
    }

    /// The search proper. With `margin`, every root action that scores within `margin` of the
    /// best gets an exact score in `root_scores` (for the levels that choose among them).
    fn run(
        &mut self,
        game: &Game,
        limits: SearchLimits,
        cancel: &CancelToken,
        margin: Option<i32>,
        progress: &mut dyn FnMut(&SearchResult),
    ) -> Option<SearchResult> {
        if game.is_over() || cancel.is_cancelled() {
            return None;
        }
        let start = Instant::now();
        let root = *game.position();
        let mut actions = root.legal_actions();
        if actions.is_empty() {
            return None;
        }
        self.nodes = 0;
        self.stop = false;
        self.deadline = limits.time.map(|t| start + t);
        self.node_limit = limits.nodes;
        self.cancel = cancel.clone();
        self.path.clear();
        self.path.extend_from_slice(game.turn_start_hashes());
        self.tt.new_search();
        for ply in self.killers.iter_mut() {
            *ply = [None; 2];
        }
        for side in self.history.iter_mut() {
            for h in side.iter_mut() {
                *h /= 8;
            }
        }

        let max_depth = limits.depth.unwrap_or(64).clamp(1, 64);
        let mut best: Option<SearchResult> = None;
        let mut scores = Vec::new();
        for depth in 1..=max_depth {
            let mut window = (-INFINITY, INFINITY);
            if let Some(previous) = best.as_ref()
                && self.options.aspiration
                && margin.is_none()
                && depth >= 3
                && previous.score.abs() < WIN_THRESHOLD
            {
                window = (previous.score - ASPIRATION, previous.score + ASPIRATION);
            }
            let (action, score) = loop {
                let (action, score) = self.root(
                    &root,
                    &mut actions,
                    depth as i32,
                    window,
                    margin,
                    &mut scores,
                );
                if self.stop {
                    break (action, score);
                }
                // Outside the aspiration window: search again with the window open that side.
                if score <= window.0 && window.0 > -INFINITY {
                    window.0 = -INFINITY;
                } else if score >= window.1 && window.1 < INFINITY {
                    window.1 = INFINITY;
                } else {
                    break (action, score);
                }
            };
            if self.stop {
                // A partial iteration is used only for an action searched through to the end
                // (`root` returns one only then); it beat everything searched before it.
                if let (Some(action), Some(result)) = (action, best.as_mut())
                    && margin.is_none()
                {
                    if action != result.best {
                        result.pv = vec![action];
                    }
                    result.best = action;
                    result.score = score;
                }
                break;
            }
            let action = action.expect("a completed iteration has a best action");
            let result = SearchResult {
                best: action,
                score,
                depth,
                nodes: self.nodes,
                elapsed: start.elapsed(),
                pv: self.principal_variation(&root, action),
                root_scores: if margin.is_some() {
                    scores.clone()
                } else {
                    Vec::new()
                },
            };
            progress(&result);
            best = Some(result);
            if score.abs() > WIN_THRESHOLD {
                break; // A forced result: deeper search cannot change it.
            }
            if let Some(deadline) = self.deadline
                && !self.options.search_to_deadline
            {
                // An iteration costs several times the last one: do not start what cannot end.
                let used = start.elapsed();
                if Instant::now() + used * 2 > deadline && depth > 1 {
                    break;
                }
            }
        }
        let mut result = match best {
            Some(result) => result,
            None if cancel.is_cancelled() => return None,
            // Out of time before depth 1 finished: fall back to the first ordered action.
            None => SearchResult {
                best: actions[0],
                score: 0,
                depth: 0,
                nodes: self.nodes,
                elapsed: start.elapsed(),
                pv: vec![actions[0]],
                root_scores: vec![(actions[0], 0)],
            },
        };
        result.nodes = self.nodes;
        result.elapsed = start.elapsed();
        Some(result)
    }

    /// Searches the root actions in `window`; returns the best action (`None` when all failed
    /// low or the search stopped before one was searched through) and its score.
    fn root(
        &mut self,
        root: &Position,
        actions: &mut ActionList,
        depth: i32,
        window: (i32, i32),
        margin: Option<i32>,
        scores: &mut Vec<(Action, i32)>,
    ) -> (Option<Action>, i32) {
        // A turn is one to three actions: three plies a turn leaves room for a few extensions.
        self.extension_cap = (3 * depth.max(1) as usize).min(MAX_PLY / 2);
        let tt_best = self.tt.probe(root.hash()).and_then(|e| e.best);
        self.order(root, actions, 0, tt_best, opponent_threats(root));
        scores.clear();
        let (mut alpha, beta) = window;
        let mut best = None;
        let mut best_score = -INFINITY;
        for i in 0..actions.len() {
            let action = actions[i];
            let score = match margin {
                Some(m) => {
                    // Exact scores for everything within `m` of the best so far.
                    let low = if best.is_none() {
                        -INFINITY
                    } else {
                        (alpha - m).max(-INFINITY)
                    };
                    let s = self.child_score(root, action, depth, low, INFINITY, 0, true);
                    if !self.stop && s > low {
                        scores.push((action, s));
                    }
                    s
                }
                None => self.child_score(root, action, depth, alpha, beta, 0, i == 0),
            };
            if self.stop {
                break;
            }
            best_score = best_score.max(score);
            if score > alpha {
                alpha = score;
                best = Some(action);
                // Keep the best action first for the next iteration.
                actions[..=i].rotate_right(1);
            }
            if alpha >= beta {
                break;
            }
        }
        if !self.stop {
            let bound = if best.is_none() {
                Bound::Upper
            } else if alpha >= beta {
                Bound::Lower
            } else {
                Bound::Exact
            };
            if self.options.transposition_table {
                self.tt
                    .store(root.hash(), depth, best_score, bound, best, 0);
            }
        }
        (best, if best.is_some() { alpha } else { best_score })
    }

    /// Plays `action` on a copy of `position` and scores it for `position`'s side to move.
    #[allow(clippy::too_many_arguments)]
    fn child_score(
        &mut self,
        position: &Position,
        action: Action,
        depth: i32,
        alpha: i32,
        beta: i32,
        ply: usize,
        full_window: bool,
    ) -> i32 {
        let mut child = *position;
        let turn_ended = child.play_unchecked(action).turn_ended;
        let child_depth = if turn_ended { depth - 1 } else { depth };
        let same_side = child.side_to_move() == position.side_to_move();
        let pushed = turn_ended && !child.is_over();
        if pushed {
            self.path.push(child.hash());
        }
        let score = if same_side {
            if full_window {
                self.negamax(&child, child_depth, alpha, beta, ply + 1)
            } else {
                let s = self.negamax(&child, child_depth, alpha, alpha + 1, ply + 1);
                if s > alpha && s < beta {
                    self.negamax(&child, child_depth, alpha, beta, ply + 1)
                } else {
                    s
                }
            }
        } else if full_window {
            -self.negamax(&child, child_depth, -beta, -alpha, ply + 1)
        } else {
            let s = -self.negamax(&child, child_depth, -alpha - 1, -alpha, ply + 1);
            if s > alpha && s < beta {
                -self.negamax(&child, child_depth, -beta, -alpha, ply + 1)
            } else {
                s
            }
        };
        if pushed {
            self.path.pop();
        }
        score
    }

    fn negamax(
        &mut self,
        position: &Position,
        depth: i32,
        mut alpha: i32,
        beta: i32,
        ply: usize,
    ) -> i32 {
        self.nodes += 1;
        if self.nodes & 1023 == 0 {
            self.check_limits();
        }
        if self.stop {
            return 0;
        }
        if let Some(outcome) = position.outcome() {
            return terminal_score(position, outcome, ply);
        }
        let at_turn_start = position.pending() == Pending::None;
        if at_turn_start && self.is_draw_by_history(position) {
            return 0;
        }
        if let Some(tables) = &self.tables
            && let Some(score) = table_score(tables, position, ply)
        {
            return score;
        }
        if ply >= MAX_PLY - 1 {
            return self.evaluate(position);
        }
        // Beyond the horizon, at the start of a turn: the evaluation, unless quiescence
        // looks at the mills that are about to close.
        let horizon = depth <= 0 && at_turn_start;
        if horizon && (!self.options.quiescence || depth <= -QUIESCENCE_TURNS) {
            return self.evaluate(position);
        }

        // A side about to be blocked (a loss in Twelve Men's Morris and Linked-Horse) gets one
        // more turn: its few steps are cheap to search, and the blockade is decided just
        // beyond the horizon. The cap keeps chains of extensions within the iteration.
        let mut depth = depth;
        let mut generated = None;
        let extendable = at_turn_start
            && depth > 0
            && ply < self.extension_cap
            && position.rules().when_blocked == WhenBlocked::Lose;
        if extendable && self.options.blockade_extension && position.phase() == Phase::Moving {
            let actions = position.legal_actions();
            if actions.len() <= BLOCKADE_STEPS {
                depth += 1;
            }
            generated = Some(actions);
        } else if extendable
            && position.phase() == Phase::Placing
            && ((self.options.last_placement_extension
                && position.hand(position.side_to_move()) == 1)
                || (self.options.forced_block_extension && must_block(position)))
        {
            // The same cap: one more turn on each side's last placement, or on a forced
            // block, at most.
            depth += 1;
        }

        let hash = position.hash();
        let mut tt_best = None;
        if self.options.transposition_table
            && let Some(entry) = self.tt.probe(hash)
        {
            tt_best = entry.best;
            if i32::from(entry.depth) >= depth {
                let score = entry.score(ply);
                match entry.bound {
                    Bound::Exact => return score,
                    Bound::Lower if score >= beta => return score,
                    Bound::Upper if score <= alpha => return score,
                    _ => {}
                }
            }
        }

        let original_alpha = alpha;
        let mut best_score = -INFINITY;
        let mut best_action = None;
        let mut actions = generated.unwrap_or_else(|| position.legal_actions());
        if horizon {
            // Stand pat: the side to move may decline every mill.
            let stand = self.evaluate(position);
            if stand >= beta {
                return stand;
            }
            best_score = stand;
            alpha = alpha.max(stand);
            let mut closing = ActionList::new();
            for &action in actions.iter() {
                if closes_mill(position, action) {
                    closing.push(action);
                }
            }
            if closing.is_empty() {
                return stand;
            }
            actions = closing;
        }
        // The ordering and the late move reductions both need the points that block a line.
        let threats = opponent_threats(position);
        self.order(position, &mut actions, ply, tt_best, threats);
        let mut count = actions.len();
        if self.options.quiescence
            && depth <= 0
            && matches!(position.pending(), Pending::Remove { kind, .. } if kind != RemovalKind::Pull)
        {
            // A capture or pin owed inside the quiescence search: only the most promising.
            count = count.min(QUIESCENCE_REMOVALS);
        }
        let reducing = self.options.late_move_reductions
            && at_turn_start
            && !horizon
            && depth >= REDUCTION_DEPTH
            && count > FULL_DEPTH_ACTIONS;
        let killers = self.killers[ply.min(MAX_PLY - 1)];
        for (i, &action) in actions[..count].iter().enumerate() {
            let reduce = reducing
                && i >= FULL_DEPTH_ACTIONS
                && Some(action) != tt_best
                && !killers.contains(&Some(action))
                && is_quiet(position, action, threats);
            let score = if reduce {
                // A null window one turn shallower; only an action that beats alpha there is
                // searched again at full depth.
                let s = self.child_score(position, action, depth - 1, alpha, alpha + 1, ply, true);
                if s > alpha && !self.stop {
                    self.child_score(position, action, depth, alpha, beta, ply, false)
                } else {
                    s
                }
            } else {
                self.child_score(position, action, depth, alpha, beta, ply, i == 0)
            };
            if self.stop {
                return 0;
            }
            if score > best_score {
                best_score = score;
                best_action = Some(action);
            }
            if score > alpha {
                alpha = score;
            }
            if alpha >= beta {
                self.reward(position, action, ply, depth);
                break;
            }
        }
        if self.options.transposition_table {
            let bound = if best_score >= beta {
                Bound::Lower
            } else if best_score > original_alpha {
                Bound::Exact
            } else {
                Bound::Upper
            };
            self.tt
                .store(hash, depth, best_score, bound, best_action, ply);
        }
        best_score
    }

    /// A repeated turn-start position is scored as a draw, as is the quiet-turn limit.
    fn is_draw_by_history(&self, position: &Position) -> bool {
        let draws = position.rules().draws;
        if draws.quiet_turns > 0
            && position.phase() == Phase::Moving
            && position.quiet_turns() >= u32::from(draws.quiet_turns)
        {
            return true;
        }
        if draws.repetitions == 0 {
            return false;
        }
        let hash = position.hash();
        // The last entry is this position itself (pushed by the parent).
        let earlier = &self.path[..self.path.len().saturating_sub(1)];
        earlier.contains(&hash)
    }

    fn check_limits(&mut self) {
        if self.cancel.is_cancelled()
            || self.deadline.is_some_and(|d| Instant::now() >= d)
            || self.node_limit.is_some_and(|n| self.nodes >= n)
        {
            self.stop = true;
        }
    }

    /// Credits an action that caused a cutoff (killer and history heuristics).
    fn reward(&mut self, position: &Position, action: Action, ply: usize, depth: i32) {
        if matches!(action, Action::Remove(_)) {
            return;
        }
        let killers = &mut self.killers[ply];
        if killers[0] != Some(action) {
            killers[1] = killers[0];
            killers[0] = Some(action);
        }
        let side = position.side_to_move().index();
        let bonus = depth.max(1) * depth.max(1);
        let h = &mut self.history[side][slot(action)];
        *h = (*h + bonus).min(1 << 20);
    }

    /// Orders actions best-first: table move, mills, blocks (into `threats`, from
    /// [`opponent_threats`]), killers, history. Sorts in place (insertion sort on a stack
    /// array: at most 48 actions, no allocation).
    fn order(
        &self,
        position: &Position,
        actions: &mut ActionList,
        ply: usize,
        tt_best: Option<Action>,
        threats: Bitboard,
    ) {
        let geometry = position.rules().geometry();
        let us = position.side_to_move();
        let ours = position.board(us);
        let theirs = position.board(us.opponent());
        let side = us.index();
        let killers = self.killers[ply.min(MAX_PLY - 1)];
        let mut keys = [0i32; MAX_ACTIONS];
        for (key, &action) in keys.iter_mut().zip(actions.iter()) {
            let mut k = self.history[side][slot(action)];
            if Some(action) == tt_best {
                k += 1 << 28;
            }
            if killers.contains(&Some(action)) {
                k += 1 << 22;
            }
            match action {
                Action::Place(to) | Action::Step { to, .. } => {
                    if closes_mill(position, action) {
                        k += 1 << 25;
                    }
                    if threats.contains(to) {
                        k += 1 << 24;
                    }
                }
                Action::Remove(p) => {
                    // Take the pieces that make the opponent's lines.
                    let lines = geometry
                        .lines_through(p)
                        .iter()
                        .filter(|l| (**l & ours).is_empty() && (**l & theirs).count() >= 2)
                        .count() as i32;
                    k += lines << 20;
                }
                Action::Pass => {}
            }
            *key = k;
        }
        for i in 1..actions.len() {
            let (k, a) = (keys[i], actions[i]);
            let mut j = i;
            while j > 0 && keys[j - 1] < k {
                keys[j] = keys[j - 1];
                actions[j] = actions[j - 1];
                j -= 1;
            }
            keys[j] = k;
            actions[j] = a;
        }
    }

    /// The expected line from the table, starting with `first`.
    fn principal_variation(&self, root: &Position, first: Action) -> Vec<Action> {
        let mut pv = vec![first];
        let mut position = *root;
        position.play_unchecked(first);
        let mut seen = vec![root.hash()];
        while pv.len() < 32 && !position.is_over() && !seen.contains(&position.hash()) {
            seen.push(position.hash());
            let Some(action) = self.tt.probe(position.hash()).and_then(|e| e.best) else {
                break;
            };
            if !position.legal_actions().contains(&action) {
                break;
            }
            position.play_unchecked(action);
            pv.push(action);
        }
        pv
    }

    /// The action a level plays: its search, then a weighted draw among the good actions.
    pub fn choose_action(
        &mut self,
        game: &Game,
        level: Level,
        cancel: &CancelToken,
    ) -> Option<SearchResult> {
        self.with_level_options(level, |engine| {
            engine.choose_action_with_style(game, level.style(), cancel)
        })
    }

    /// Runs `f` with the engine's options as `level` searches with them
    /// ([`SearchOptions::for_level`]), and puts them back afterwards.
    fn with_level_options<T>(&mut self, level: Level, f: impl FnOnce(&mut Engine) -> T) -> T {
        let options = self.options;
        self.options = options.for_level(level);
        let result = f(self);
        self.options = options;
        result
    }

    /// As [`Engine::choose_action`] for any search budget and randomness (matches between
    /// settings use it).
    pub fn choose_action_with_style(
        &mut self,
        game: &Game,
        style: Style,
        cancel: &CancelToken,
    ) -> Option<SearchResult> {
        let free_choice = style.temperature > 0.0;
        let margin = free_choice.then_some(style.max_loss.clamp(1, 2 * WIN));
        let mut result = self.run(game, style.limits, cancel, margin, &mut |_| {})?;
        if free_choice && !result.root_scores.is_empty() {
            let chosen = self.sample(&result.root_scores, style.temperature, style.max_loss);
            if chosen != result.best {
                result.best = chosen;
                result.pv = vec![chosen];
            }
        }
        Some(result)
    }

    fn sample(&mut self, scores: &[(Action, i32)], temperature: f64, max_loss: i32) -> Action {
        let best = scores
            .iter()
            .map(|s| s.1)
            .max()
            .expect("at least one action");
        let candidates: Vec<(Action, f64)> = scores
            .iter()
            .filter(|(_, s)| best - s <= max_loss)
            .map(|&(a, s)| (a, (f64::from(s - best) / temperature).exp()))
            .collect();
        let total: f64 = candidates.iter().map(|c| c.1).sum();
        let mut pick = self.rng.random_range(0.0..total);
        for &(action, weight) in &candidates {
            if pick < weight {
                return action;
            }
            pick -= weight;
        }
        candidates.last().expect("the best action is a candidate").0
    }

    /// The computer's whole turn: the action that starts it and the removals (or the step
    /// after a pull) that follow. Empty if cancelled or the game is over.
    ///
    /// Ask the computer for its turn at a level:
    ///
    /// ```
    /// use mills_core::{CancelToken, Engine, Game, Level, Rules, Side};
    ///
    /// let mut game = Game::new(Rules::LINKED_HORSE);
    /// let mut engine = Engine::new(7); // the seed of the low levels' randomness
    /// let turn = engine.choose_turn(&game, Level::new(3)?, &CancelToken::new());
    /// for action in turn {
    ///     game.play(action)?;
    /// }
    /// assert_eq!(game.position().side_to_move(), Side::P2, "the computer's turn is over");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn choose_turn(&mut self, game: &Game, level: Level, cancel: &CancelToken) -> Vec<Action> {
        self.with_level_options(level, |engine| {
            engine.choose_turn_with_style(game, level.style(), cancel)
        })
    }

    /// As [`Engine::choose_turn`] for any style. The time budget is for the whole turn: the
    /// actions after the first follow the searched line, and when that line breaks off, the
    /// search for the next action gets what is left of the budget (at least a hundredth: a
    /// Zhi Qi turn can owe three pins after its placement, and a larger floor per action
    /// made such turns overrun the budget by up to 15%). A search to the deadline gets all
    /// but `TURN_RESERVE`'s share of it for the first action.
    pub fn choose_turn_with_style(
        &mut self,
        game: &Game,
        style: Style,
        cancel: &CancelToken,
    ) -> Vec<Action> {
        self.search_turn(game, style, cancel)
            .map(|turn| turn.actions)
            .unwrap_or_default()
    }

    /// The whole turn for the side to move, as the computer plays it (and a hint suggests
    /// it), with the search of its first action. `None` if cancelled or the game is over.
    pub fn search_turn(
        &mut self,
        game: &Game,
        style: Style,
        cancel: &CancelToken,
    ) -> Option<TurnSearch> {
        let start = Instant::now();
        let mut game = game.clone();
        let mut actions = Vec::new();
        let mut first = None;
        let mut planned: Vec<Action> = Vec::new();
        let mut turn_ended = game.is_over();
        while !turn_ended {
            // Follow the searched line while it stays within this turn; search again otherwise.
            let next = if style.temperature == 0.0 && !planned.is_empty() {
                Some(planned.remove(0))
            } else {
                None
            };
            let action = match next.filter(|a| game.position().legal_actions().contains(a)) {
                Some(action) => action,
                None => {
                    let mut style = style;
                    if let Some(budget) = style.limits.time {
                        style.limits.time = Some(self.action_budget(budget, start, &actions));
                    }
                    let result = self.choose_action_with_style(&game, style, cancel)?;
                    planned = result.pv[1..].to_vec();
                    let best = result.best;
                    first.get_or_insert(result);
                    best
                }
            };
            if cancel.is_cancelled() {
                return None;
            }
            turn_ended = game
                .play(action)
                .expect("the engine plays legal actions")
                .turn_ended;
            actions.push(action);
        }
        Some(TurnSearch {
            actions,
            first: first?,
        })
    }

    /// The time for the next search of a turn whose whole budget is `budget`, begun at
    /// `start`, with `played` already chosen.
    fn action_budget(&self, budget: Duration, start: Instant, played: &[Action]) -> Duration {
        if played.is_empty() {
            // A search that runs to its deadline would leave the turn's later actions
            // nothing: keep a little of the budget for them.
            if self.options.search_to_deadline {
                budget - budget / TURN_RESERVE
            } else {
                budget
            }
        } else {
            budget.saturating_sub(start.elapsed()).max(budget / 100)
        }
    }
}

/// A whole turn as the search chose it ([`Engine::search_turn`]).
#[derive(Clone, Debug)]
pub struct TurnSearch {
    /// The turn's actions, in order.
    pub actions: Vec<Action>,
    /// The search of the turn's first action (its score and depth).
    pub first: SearchResult,
}

/// The empty points that would complete a line of the side not to move (blocking them
/// matters).
fn opponent_threats(position: &Position) -> Bitboard {
    threats_of(position, position.side_to_move().opponent())
}

/// The empty points where one placement of `side` completes a line.
fn threats_of(position: &Position, side: Side) -> Bitboard {
    let mine = position.board(side);
    let other = position.board(side.opponent());
    let mut threats = Bitboard::EMPTY;
    for &line in position.rules().geometry().lines() {
        if (line & other).is_empty() && (line & mine).count() == 2 {
            threats |= line & position.empty();
        }
    }
    threats
}

/// The side to move, placing, must block the one point where the opponent would complete a
/// line, and has no line of its own to complete first.
fn must_block(position: &Position) -> bool {
    opponent_threats(position).count() == 1
        && threats_of(position, position.side_to_move()).is_empty()
}

/// An action that neither closes a mill nor blocks one: the late move reductions may search
/// it shallower first.
fn is_quiet(position: &Position, action: Action, threats: Bitboard) -> bool {
    match action {
        Action::Place(to) | Action::Step { to, .. } => {
            !threats.contains(to) && !closes_mill(position, action)
        }
        Action::Remove(_) | Action::Pass => false,
    }
}

fn terminal_score(position: &Position, outcome: Outcome, ply: usize) -> i32 {
    match outcome.winner() {
        None => 0,
        Some(winner) if winner == position.side_to_move() => WIN - ply as i32,
        Some(_) => -(WIN - ply as i32),
    }
}

/// The exact score of a table position, on the scale of search wins: a win in `d` turns
/// scores `WIN - ply - 4d` (a turn is at most four actions, so quicker wins always score
/// higher), still beyond `WIN_THRESHOLD`. A win or loss that would not come before the
/// quiet-turn rule draws the game is left to the search.
fn table_score(tables: &EndgameTables, position: &Position, ply: usize) -> Option<i32> {
    // Most nodes are far outside the tables: a popcount sends them on before the probe.
    let most = 2 * u32::from(tables.max_pieces());
    if position.phase() != Phase::Moving || position.occupied().count() > most {
        return None;
    }
    let value = tables.probe(position)?;
    let turns = match value {
        TableValue::Draw => return Some(0),
        TableValue::Win(d) | TableValue::Loss(d) => d,
    };
    let quiet_limit = position.rules().draws.quiet_turns;
    if quiet_limit > 0 && position.quiet_turns() + u32::from(turns) > u32::from(quiet_limit) {
        return None;
    }
    let score = WIN - ply as i32 - 4 * i32::from(turns.min(200));
    Some(if matches!(value, TableValue::Win(_)) {
        score
    } else {
        -score
    })
}
