//! The retrograde solver: slices are solved in order of pieces in all, fewest first, so every
//! turn that captures, pulls or stables leads into a slice already solved. The slices with the
//! same counts swapped ((a, b) and (b, a)) lead into each other by quiet steps and are solved
//! together, by passes:
//!
//! 1. Every entry's turns are generated once with the engine's own move generator
//!    ([`Position::legal_actions`], whole turns with every owed removal): turns that end the
//!    game or leave the pair are folded into three numbers (the quickest win they give, the
//!    slowest loss, whether one draws). The turns that stay in the pair are compared with the
//!    quiet steps of `steps.rs`; when they are the same entries (nearly always) only their
//!    number is kept, as a counter of children not yet known to be won by the opponent.
//!    Otherwise the entry is *irregular* and its children are kept as a list.
//! 2. Pass `n` decides the entries whose value is first known at distance `n`: a win when a
//!    turn reaches a loss of distance `n - 1`, a loss when every turn reaches a win of at
//!    most `n - 1`. It starts from the entries the previous pass decided (byte `n`): each
//!    finds its parents by undoing quiet steps, and wins the undecided ones (a child lost)
//!    or counts down their counters (a child won). Then every undecided entry whose
//!    counter is 0 and whose other turns allow it is decided; irregular ones read their
//!    list. A pass reads only values decided by earlier passes (their distance is below
//!    `n`), so its result does not depend on the order or the threads that run it.
//! 3. When passes stop deciding anything, what is left is a draw.
//!
//! Memory: five bytes an entry (the value, the counter, the two distances and flags) while
//! a pair is solved, where a list of children cost about forty.

use std::sync::atomic::{AtomicBool, AtomicU8, AtomicU64, Ordering};
use std::time::{Duration, Instant};

use super::endgame::{EndgameTables, MAX_TABLE_PIECES, Slice};
use super::file::TableError;
use super::index::SliceShape;
use super::pair::Pair;
use super::steps::QuietSteps;
use super::turns::for_each_turn;
use super::value::TableValue;
use crate::cancel::CancelToken;
use crate::position::{Phase, Setup};
use crate::rules::{Rules, Side, Variant};

/// Entries handled together by one thread (a power of two: a pair index splits into chunk
/// and place by shifting).
const CHUNK_BITS: u32 = 14;
const CHUNK: u64 = 1 << CHUNK_BITS;

/// What the build is doing, for a progress display.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BuildStage {
    /// Generating every entry's turns.
    Turns,
    /// Pass `n` of the fixpoint.
    Pass(u32),
    /// A slice pair is finished.
    Done,
}

/// Progress of a build: the slice pair (mover, other counts), the stage and how far it is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BuildProgress {
    /// Pieces of the side to move in the slice being solved.
    pub movers: u8,
    /// Pieces of the other side.
    pub others: u8,
    /// What is being done.
    pub stage: BuildStage,
    /// Work done in this stage.
    pub done: u64,
    /// Work in this stage.
    pub total: u64,
}

impl EndgameTables {
    /// Solves the tables of `variant` up to `max_pieces` a side with `threads` threads.
    /// Deterministic: the same tables for any number of threads.
    pub fn build(
        variant: Variant,
        max_pieces: u8,
        threads: usize,
        progress: &mut dyn FnMut(&BuildProgress),
    ) -> Result<EndgameTables, TableError> {
        EndgameTables::build_cancellable(
            variant,
            max_pieces,
            threads,
            progress,
            &CancelToken::new(),
        )
    }

    /// As [`EndgameTables::build`], stopping with [`TableError::Cancelled`] soon after
    /// `cancel` is set (within one chunk of work per thread, milliseconds).
    pub fn build_cancellable(
        variant: Variant,
        max_pieces: u8,
        threads: usize,
        progress: &mut dyn FnMut(&BuildProgress),
        cancel: &CancelToken,
    ) -> Result<EndgameTables, TableError> {
        build(
            variant,
            max_pieces,
            threads,
            progress,
            cancel,
            Children::Counted,
        )
    }
}

/// How the turns inside a pair are kept (module comment, step 1).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) enum Children {
    /// Counted, when they are the quiet steps; listed otherwise.
    Counted,
    /// Listed for every entry: the way irregular entries are solved, for the tests (no entry
    /// of the tables built so far is irregular).
    #[cfg_attr(not(test), allow(dead_code))]
    Listed,
}

pub(super) fn build(
    variant: Variant,
    max_pieces: u8,
    threads: usize,
    progress: &mut dyn FnMut(&BuildProgress),
    cancel: &CancelToken,
    children: Children,
) -> Result<EndgameTables, TableError> {
    if max_pieces == 0 || max_pieces > MAX_TABLE_PIECES {
        return Err(TableError::TooManyPieces {
            requested: max_pieces,
            limit: MAX_TABLE_PIECES,
        });
    }
    let threads = threads.max(1);
    let rules = Rules::of(variant);
    let mut tables = EndgameTables::empty(variant, max_pieces);
    for (movers, others) in EndgameTables::slice_counts(variant, max_pieces) {
        if movers > others {
            continue; // Solved with (others, movers).
        }
        // (others, movers) is in the list too: the conditions on the counts are symmetric.
        let pair = Pair::new(shape(movers, others));
        let solved = solve_pair(&tables, rules, &pair, threads, children, progress, cancel)?;
        for (&shape, values) in pair.shapes().iter().zip(solved) {
            tables.insert(Slice { shape, values });
        }
    }
    Ok(tables)
}

fn shape(movers: u8, others: u8) -> SliceShape {
    SliceShape {
        movers: usize::from(movers),
        others: usize::from(others),
    }
}

/// Flag: a turn that leaves the pair or ends the game draws.
const DRAWS: u8 = 1;
/// Flag: decided before any pass (the game is over at the start of the turn).
const SETTLED: u8 = 2;
/// Flag: the turns inside the pair are not the quiet steps; the children are listed.
const IRREGULAR: u8 = 4;

/// What the passes need of a run of entries (module comment, step 1).
struct Chunk {
    /// The pair index of the first entry.
    start: u64,
    len: u32,
    /// Quickest win through a turn that leaves the pair or ends the game (0: none).
    lower_win: Vec<u8>,
    /// Slowest loss through such a turn (0: none).
    lower_loss: Vec<u8>,
    /// `DRAWS`, `SETTLED`, `IRREGULAR`.
    flags: Vec<u8>,
    /// Children by quiet steps not yet known to be won by the opponent.
    remaining: Vec<AtomicU8>,
    irregular: Irregular,
}

/// The children of a chunk's irregular entries.
#[derive(Default)]
struct Irregular {
    /// The entries, by place in the chunk, increasing.
    places: Vec<u32>,
    /// Where each entry's children end in `children`.
    ends: Vec<u32>,
    children: Vec<u32>,
}

impl Irregular {
    fn children_of(&self, place: u32) -> &[u32] {
        let i = self
            .places
            .binary_search(&place)
            .expect("an irregular entry has its children listed");
        let first = if i == 0 { 0 } else { self.ends[i - 1] as usize };
        &self.children[first..self.ends[i] as usize]
    }
}

impl Chunk {
    fn new(start: u64, len: u32) -> Chunk {
        Chunk {
            start,
            len,
            lower_win: Vec::new(),
            lower_loss: Vec::new(),
            flags: Vec::new(),
            remaining: Vec::new(),
            irregular: Irregular::default(),
        }
    }
}

/// Everything the passes share: the values and the chunks, by pair index.
struct Solving<'a> {
    values: &'a [AtomicU8],
    chunks: &'a [Chunk],
    steps: &'a QuietSteps<'a>,
    /// Whether any entry is irregular (none in the tables built so far): when not, a parent's
    /// flags need no reading, which saves a cache miss per parent.
    any_irregular: bool,
}

impl Solving<'_> {
    fn chunk_of(&self, index: u32) -> (&Chunk, usize) {
        (
            &self.chunks[(index >> CHUNK_BITS) as usize],
            (index as usize) & (CHUNK as usize - 1),
        )
    }
}

fn solve_pair(
    tables: &EndgameTables,
    rules: Rules,
    pair: &Pair,
    threads: usize,
    children: Children,
    progress: &mut dyn FnMut(&BuildProgress),
    cancel: &CancelToken,
) -> Result<Vec<Vec<u8>>, TableError> {
    let shapes = pair.shapes();
    let total = pair.len();
    if total > u64::from(u32::MAX) {
        return Err(TableError::TooManyPieces {
            requested: shapes[0].movers.max(shapes[0].others) as u8,
            limit: MAX_TABLE_PIECES,
        });
    }
    let values: Vec<AtomicU8> = (0..total).map(|_| AtomicU8::new(0)).collect();
    let mut chunks: Vec<Chunk> = (0..total.div_ceil(CHUNK))
        .map(|i| Chunk::new(i * CHUNK, (total - i * CHUNK).min(CHUNK) as u32))
        .collect();
    let label = |stage, done, total| BuildProgress {
        movers: shapes[0].movers as u8,
        others: shapes[0].others as u8,
        stage,
        done,
        total,
    };
    let steps = QuietSteps::new(rules, pair);

    // 1. Turns.
    let done = AtomicU64::new(0);
    run_parallel(
        chunks.iter_mut(),
        threads,
        &done,
        total,
        &mut |d| progress(&label(BuildStage::Turns, d, total)),
        &|chunk| {
            if !cancel.is_cancelled() {
                let turns = Turns {
                    tables,
                    rules,
                    pair,
                    steps: &steps,
                    children,
                };
                fill_chunk(chunk, &turns, &values, &done);
            }
        },
    );
    // A cancelled build stops within a chunk of work (milliseconds) and keeps nothing.
    if cancel.is_cancelled() {
        return Err(TableError::Cancelled);
    }
    let horizon = chunks
        .iter()
        .flat_map(|c| c.lower_win.iter().chain(&c.lower_loss))
        .map(|&d| u32::from(d))
        .max()
        .unwrap_or(0);
    let mut active: u64 = chunks
        .iter()
        .flat_map(|c| &c.flags)
        .filter(|&&f| f & SETTLED == 0)
        .count() as u64;

    // 2. Passes.
    let solving = Solving {
        values: &values,
        chunks: &chunks,
        steps: &steps,
        any_irregular: chunks.iter().any(|c| !c.irregular.places.is_empty()),
    };
    let mut n = 1u32;
    while active > 0 {
        let changed = AtomicBool::new(false);
        let undecided = AtomicU64::new(0);
        run_parallel(
            chunks.iter(),
            threads,
            &AtomicU64::new(0),
            active,
            &mut |_| {},
            &|chunk| {
                if !cancel.is_cancelled() {
                    propagate(chunk, n, &solving, &changed);
                }
            },
        );
        let done = AtomicU64::new(0);
        run_parallel(
            chunks.iter(),
            threads,
            &done,
            active,
            &mut |d| progress(&label(BuildStage::Pass(n), d, active)),
            &|chunk| {
                if !cancel.is_cancelled() {
                    settle(chunk, n, &solving, &changed, &undecided, &done);
                }
            },
        );
        if cancel.is_cancelled() {
            return Err(TableError::Cancelled);
        }
        let changed = changed.into_inner();
        if changed && n >= 254 {
            return Err(TableError::DistanceOverflow);
        }
        if !changed && n >= horizon {
            break;
        }
        active = undecided.into_inner();
        n += 1;
    }
    progress(&label(BuildStage::Done, total, total));
    drop(chunks);

    // 3. What is left is a draw (value 0).
    let mut values: Vec<u8> = values.into_iter().map(AtomicU8::into_inner).collect();
    let second = values.split_off(pair.lens()[0] as usize);
    Ok(if shapes.len() == 2 {
        vec![values, second]
    } else {
        vec![values]
    })
}

/// Runs `work` on every item with `threads` threads (items dealt round-robin), reporting
/// `done` out of `total` about five times a second from the calling thread.
fn run_parallel<T: Send>(
    items: impl Iterator<Item = T>,
    threads: usize,
    done: &AtomicU64,
    total: u64,
    report: &mut dyn FnMut(u64),
    work: &(dyn Fn(T) + Sync),
) {
    let mut groups: Vec<Vec<T>> = (0..threads).map(|_| Vec::new()).collect();
    for (i, item) in items.enumerate() {
        groups[i % threads].push(item);
    }
    std::thread::scope(|scope| {
        let handles: Vec<_> = groups
            .into_iter()
            .map(|group| {
                scope.spawn(move || {
                    for item in group {
                        work(item);
                    }
                })
            })
            .collect();
        let mut last = Instant::now();
        while !handles.iter().all(|h| h.is_finished()) {
            // Short naps: most passes take milliseconds, and the build waits for this loop.
            std::thread::sleep(Duration::from_millis(1));
            if last.elapsed() >= Duration::from_millis(200) {
                report(done.load(Ordering::Relaxed).min(total));
                last = Instant::now();
            }
        }
        for handle in handles {
            handle.join().expect("a table thread panicked");
        }
    });
    report(total);
}

/// What generating an entry's turns needs.
struct Turns<'a> {
    /// The slices solved before.
    tables: &'a EndgameTables,
    rules: Rules,
    pair: &'a Pair,
    steps: &'a QuietSteps<'a>,
    children: Children,
}

fn fill_chunk(chunk: &mut Chunk, turns: &Turns, values: &[AtomicU8], done: &AtomicU64) {
    let Turns {
        tables,
        rules,
        pair,
        steps,
        children,
    } = *turns;
    let mut setup = Setup::moving(rules);
    let n = chunk.len as usize;
    chunk.lower_win.reserve_exact(n);
    chunk.lower_loss.reserve_exact(n);
    chunk.flags.reserve_exact(n);
    chunk.remaining.reserve_exact(n);
    let (mut by_engine, mut by_steps) = (Vec::new(), Vec::new());
    for place in 0..chunk.len {
        let index = chunk.start + u64::from(place);
        let (shape, entry) = pair.locate(index);
        let (mover, other) = shape.position(entry);
        setup.p1.clear();
        setup.p1.extend(mover);
        setup.p2.clear();
        setup.p2.extend(other);
        let position = setup.build().expect("a table position is a valid setup");
        let (mut win, mut loss, mut flags) = (u8::MAX, 0u8, 0u8);
        by_engine.clear();
        by_steps.clear();
        if let Some(outcome) = position.outcome() {
            // Blocked at the start of the turn (a loss now) or drawn outright.
            flags |= SETTLED;
            if outcome.winner() == Some(Side::P2) {
                values[index as usize].store(1, Ordering::Relaxed);
            }
        } else {
            debug_assert_eq!(position.phase(), Phase::Moving);
            for_each_turn(&position, &mut |_, next| {
                let value = match next.outcome() {
                    Some(outcome) => match outcome.winner() {
                        Some(Side::P1) => TableValue::Loss(0),
                        Some(Side::P2) => unreachable!("a turn never loses for its mover"),
                        None => TableValue::Draw,
                    },
                    None => {
                        let (m, o) = (next.board(Side::P2), next.board(Side::P1));
                        if let Some(child) = pair.index(m, o) {
                            by_engine.push(child);
                            return;
                        }
                        tables
                            .value(m, o)
                            .expect("a capture leads into a slice solved before")
                    }
                };
                match value {
                    TableValue::Loss(d) => win = win.min(d as u8 + 1),
                    TableValue::Win(d) => loss = loss.max(d as u8 + 1),
                    TableValue::Draw => flags |= DRAWS,
                }
            });
        }
        steps.children(mover.0, other.0, &mut |child| by_steps.push(child));
        by_engine.sort_unstable();
        by_steps.sort_unstable();
        let counter = u8::try_from(by_engine.len()).ok();
        match counter {
            Some(count) if by_engine == by_steps && children == Children::Counted => {
                chunk.remaining.push(AtomicU8::new(count))
            }
            _ => {
                flags |= IRREGULAR;
                chunk.remaining.push(AtomicU8::new(0));
                let listed = &mut chunk.irregular;
                listed.places.push(place);
                listed.children.extend_from_slice(&by_engine);
                listed.ends.push(listed.children.len() as u32);
            }
        }
        chunk.lower_win.push(if win == u8::MAX { 0 } else { win });
        chunk.lower_loss.push(loss);
        chunk.flags.push(flags);
        done.fetch_add(1, Ordering::Relaxed);
    }
    let listed = &mut chunk.irregular;
    listed.places.shrink_to_fit();
    listed.ends.shrink_to_fit();
    listed.children.shrink_to_fit();
}

/// Pass `n`, first half: each entry the previous pass decided (byte `n`) wins its undecided
/// parents if it is a loss, or counts itself off their counters if it is a win.
fn propagate(chunk: &Chunk, n: u32, solving: &Solving, changed: &AtomicBool) {
    // Past distance 254 the byte wraps; a pass that decides anything there fails the build
    // with DistanceOverflow, so no wrapped value is kept.
    let (decided_last, decided_now) = (n as u8, (n + 1) as u8);
    let child_lost = (n - 1) % 2 == 0;
    for place in 0..chunk.len {
        let index = chunk.start + u64::from(place);
        if solving.values[index as usize].load(Ordering::Relaxed) != decided_last {
            continue;
        }
        solving.steps.parents(index as u32, &mut |parent| {
            let (parent_chunk, place) = solving.chunk_of(parent);
            // Irregular entries read their own list. (A settled entry has no turns, so it is
            // no parent.)
            if solving.any_irregular && parent_chunk.flags[place] & IRREGULAR != 0 {
                return;
            }
            if child_lost {
                let value = &solving.values[parent as usize];
                if value.load(Ordering::Relaxed) == 0 {
                    value.store(decided_now, Ordering::Relaxed);
                    changed.store(true, Ordering::Relaxed);
                }
            } else {
                parent_chunk.remaining[place].fetch_sub(1, Ordering::Relaxed);
            }
        });
    }
}

/// Pass `n`, second half: decides the undecided entries whose own turns now give a value of
/// distance `n` (module comment, step 2); counts those still undecided.
fn settle(
    chunk: &Chunk,
    n: u32,
    solving: &Solving,
    changed: &AtomicBool,
    undecided: &AtomicU64,
    done: &AtomicU64,
) {
    let (mut seen, mut open) = (0u64, 0u64);
    for place in 0..chunk.len {
        let i = place as usize;
        let value = &solving.values[(chunk.start + u64::from(place)) as usize];
        if chunk.flags[i] & SETTLED != 0 || value.load(Ordering::Relaxed) != 0 {
            continue;
        }
        seen += 1;
        let (lower_win, lower_loss) = (
            u32::from(chunk.lower_win[i]),
            u32::from(chunk.lower_loss[i]),
        );
        let mut wins = lower_win != 0 && lower_win <= n;
        let mut all_lose = chunk.flags[i] & DRAWS == 0 && lower_win == 0 && lower_loss <= n;
        if chunk.flags[i] & IRREGULAR == 0 {
            all_lose &= chunk.remaining[i].load(Ordering::Relaxed) == 0;
        } else if !wins {
            for &child in chunk.irregular.children_of(place) {
                let v = u32::from(solving.values[child as usize].load(Ordering::Relaxed));
                // Known before this pass: decided with a distance below n.
                if v == 0 || v > n {
                    all_lose = false;
                } else if (v - 1) % 2 == 0 {
                    wins = true;
                    break;
                }
            }
        }
        if wins || all_lose {
            debug_assert_eq!(n % 2 == 1, wins, "wins are odd, losses even");
            value.store((n + 1) as u8, Ordering::Relaxed);
            changed.store(true, Ordering::Relaxed);
        } else {
            open += 1;
        }
    }
    undecided.fetch_add(open, Ordering::Relaxed);
    done.fetch_add(seen, Ordering::Relaxed);
}
