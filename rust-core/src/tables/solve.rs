//! The retrograde solver: slices are solved in order of pieces in all, fewest first, so every
//! turn that captures, pulls or stables leads into a slice already solved. The slices with the
//! same counts swapped ((a, b) and (b, a)) lead into each other by quiet steps and are solved
//! together, by passes:
//!
//! 1. Every entry's turns are generated once with the engine's own move generator
//!    ([`Position::legal_actions`], whole turns with every owed removal): turns that end the
//!    game or leave the pair are folded into three numbers (the quickest win they give, the
//!    slowest loss, whether one draws); the others are kept as a list of entries of the pair.
//! 2. Pass `n` decides the entries whose value is first known at distance `n`: a win when a
//!    turn reaches a loss of distance `n - 1`, a loss when every turn reaches a win of at
//!    most `n - 1`. A pass reads only values decided by earlier passes (their distance is
//!    below `n`), so its result does not depend on the order or the threads that run it.
//! 3. When passes stop deciding anything, what is left is a draw.

use std::sync::atomic::{AtomicBool, AtomicU8, AtomicU64, Ordering};
use std::time::{Duration, Instant};

use super::index::SliceShape;
use super::turns::for_each_turn;
use super::{EndgameTables, MAX_TABLE_PIECES, Slice, TableError, TableValue};
use crate::board::Bitboard;
use crate::cancel::CancelToken;
use crate::position::{Phase, Setup};
use crate::rules::{Rules, Side, Variant};

/// Entries handled together by one thread.
const CHUNK: u64 = 1 << 14;

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

pub(super) fn build(
    variant: Variant,
    max_pieces: u8,
    threads: usize,
    progress: &mut dyn FnMut(&BuildProgress),
    cancel: &CancelToken,
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
        let mut shapes = vec![shape(movers, others)];
        if movers != others {
            shapes.push(shape(others, movers));
        }
        let solved = solve_pair(&tables, rules, &shapes, threads, progress, cancel)?;
        for (shape, values) in shapes.into_iter().zip(solved) {
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

/// The turns of a run of entries, folded as the module comment says.
#[derive(Default)]
struct Chunk {
    /// The pair index of the first entry.
    start: u64,
    len: u32,
    /// Where each entry's children end in `children`.
    ends: Vec<u32>,
    children: Vec<u32>,
    /// Quickest win through a turn that leaves the pair or ends the game (0: none).
    lower_win: Vec<u8>,
    /// Slowest loss through such a turn (0: none).
    lower_loss: Vec<u8>,
    /// Whether such a turn draws.
    lower_draw: Vec<bool>,
    /// Entries of the chunk not decided yet.
    active: Vec<u32>,
}

fn solve_pair(
    tables: &EndgameTables,
    rules: Rules,
    shapes: &[SliceShape],
    threads: usize,
    progress: &mut dyn FnMut(&BuildProgress),
    cancel: &CancelToken,
) -> Result<Vec<Vec<u8>>, TableError> {
    let lens: Vec<u64> = shapes.iter().map(|s| s.len()).collect();
    let total: u64 = lens.iter().sum();
    if total > u64::from(u32::MAX) {
        return Err(TableError::TooManyPieces {
            requested: shapes[0].movers.max(shapes[0].others) as u8,
            limit: MAX_TABLE_PIECES,
        });
    }
    let values: Vec<AtomicU8> = (0..total).map(|_| AtomicU8::new(0)).collect();
    let mut chunks: Vec<Chunk> = (0..total.div_ceil(CHUNK))
        .map(|i| Chunk {
            start: i * CHUNK,
            len: (total - i * CHUNK).min(CHUNK) as u32,
            ..Chunk::default()
        })
        .collect();
    let label = |stage, done, total| BuildProgress {
        movers: shapes[0].movers as u8,
        others: shapes[0].others as u8,
        stage,
        done,
        total,
    };

    // 1. Turns.
    let pair = Pair {
        shapes,
        lens: &lens,
    };
    let done = AtomicU64::new(0);
    run_parallel(
        &mut chunks,
        threads,
        &done,
        total,
        &mut |d| progress(&label(BuildStage::Turns, d, total)),
        &|chunk| {
            if !cancel.is_cancelled() {
                fill_chunk(chunk, tables, rules, &pair, &values, &done);
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

    // 2. Passes.
    let mut n = 1u32;
    loop {
        let active: u64 = chunks.iter().map(|c| c.active.len() as u64).sum();
        if active == 0 {
            break;
        }
        let changed = AtomicBool::new(false);
        let done = AtomicU64::new(0);
        run_parallel(
            &mut chunks,
            threads,
            &done,
            active,
            &mut |d| progress(&label(BuildStage::Pass(n), d, active)),
            &|chunk| {
                if !cancel.is_cancelled() {
                    pass(chunk, n, &values, &changed, &done);
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
        n += 1;
    }
    progress(&label(BuildStage::Done, total, total));

    // 3. What is left is a draw (value 0).
    let mut values: Vec<u8> = values.into_iter().map(AtomicU8::into_inner).collect();
    let second = values.split_off(lens[0] as usize);
    Ok(if shapes.len() == 2 {
        vec![values, second]
    } else {
        vec![values]
    })
}

/// The slices solved together and where each starts in the pair's index.
struct Pair<'a> {
    shapes: &'a [SliceShape],
    lens: &'a [u64],
}

impl Pair<'_> {
    /// The pair index of a position, if its counts are one of the pair's slices.
    fn index(&self, mover: Bitboard, other: Bitboard) -> Option<u32> {
        let (m, o) = (mover.count() as usize, other.count() as usize);
        let mut offset = 0;
        for (shape, len) in self.shapes.iter().zip(self.lens) {
            if shape.movers == m && shape.others == o {
                return Some((offset + shape.index(mover, other)) as u32);
            }
            offset += len;
        }
        None
    }

    /// The slice and entry of a pair index.
    fn locate(&self, mut index: u64) -> (SliceShape, u64) {
        for (shape, &len) in self.shapes.iter().zip(self.lens) {
            if index < len {
                return (*shape, index);
            }
            index -= len;
        }
        unreachable!("index inside the pair")
    }
}

/// Runs `work` on every chunk with `threads` threads (chunks dealt round-robin), reporting
/// `done` out of `total` about five times a second from the calling thread.
fn run_parallel(
    chunks: &mut [Chunk],
    threads: usize,
    done: &AtomicU64,
    total: u64,
    report: &mut dyn FnMut(u64),
    work: &(dyn Fn(&mut Chunk) + Sync),
) {
    let mut groups: Vec<Vec<&mut Chunk>> = (0..threads).map(|_| Vec::new()).collect();
    for (i, chunk) in chunks.iter_mut().enumerate() {
        groups[i % threads].push(chunk);
    }
    std::thread::scope(|scope| {
        let handles: Vec<_> = groups
            .into_iter()
            .map(|group| {
                scope.spawn(move || {
                    for chunk in group {
                        work(chunk);
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

fn fill_chunk(
    chunk: &mut Chunk,
    tables: &EndgameTables,
    rules: Rules,
    pair: &Pair,
    values: &[AtomicU8],
    done: &AtomicU64,
) {
    let mut setup = Setup::moving(rules);
    let n = chunk.len as usize;
    chunk.ends.reserve(n);
    chunk.lower_win.reserve(n);
    chunk.lower_loss.reserve(n);
    chunk.lower_draw.reserve(n);
    for local in 0..chunk.len {
        let index = chunk.start + u64::from(local);
        let (shape, entry) = pair.locate(index);
        let (mover, other) = shape.position(entry);
        setup.p1.clear();
        setup.p1.extend(mover);
        setup.p2.clear();
        setup.p2.extend(other);
        let position = setup.build().expect("a table position is a valid setup");
        let (mut win, mut loss, mut draw) = (u8::MAX, 0u8, false);
        let mut settled = false;
        if let Some(outcome) = position.outcome() {
            // Blocked at the start of the turn (a loss now) or drawn outright.
            settled = true;
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
                            chunk.children.push(child);
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
                    TableValue::Draw => draw = true,
                }
            });
        }
        chunk.ends.push(chunk.children.len() as u32);
        chunk.lower_win.push(if win == u8::MAX { 0 } else { win });
        chunk.lower_loss.push(loss);
        chunk.lower_draw.push(draw);
        if !settled {
            chunk.active.push(local);
        }
        done.fetch_add(1, Ordering::Relaxed);
    }
    chunk.children.shrink_to_fit();
}

/// Pass `n`: decides the chunk's entries whose distance is `n` (module comment, step 2).
fn pass(chunk: &mut Chunk, n: u32, values: &[AtomicU8], changed: &AtomicBool, done: &AtomicU64) {
    let Chunk {
        start,
        ends,
        children,
        lower_win,
        lower_loss,
        lower_draw,
        active,
        ..
    } = chunk;
    let before = active.len();
    active.retain(|&local| {
        let i = local as usize;
        let first = if i == 0 { 0 } else { ends[i - 1] as usize };
        let mut wins = lower_win[i] != 0 && u32::from(lower_win[i]) <= n;
        let mut all_lose = !lower_draw[i] && lower_win[i] == 0 && u32::from(lower_loss[i]) <= n;
        if !wins {
            for &child in &children[first..ends[i] as usize] {
                let v = u32::from(values[child as usize].load(Ordering::Relaxed));
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
            values[(*start + u64::from(local)) as usize].store((n + 1) as u8, Ordering::Relaxed);
            false
        } else {
            true
        }
    });
    if active.len() != before {
        changed.store(true, Ordering::Relaxed);
    }
    done.fetch_add(before as u64, Ordering::Relaxed);
}
