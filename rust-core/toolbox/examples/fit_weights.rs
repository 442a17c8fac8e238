//! Fits one game's evaluation weights to the results of recorded games (the "Texel" method):
//! the weights that make `sigmoid(evaluation / K)` the best predictor, in least squares, of
//! the result for the side to move, over the quiet turn-start positions of the games.
//!
//! Self-play tuning (`tune_weights.rs`) learns what wins against our own engine; this learns
//! from other games, such as the records `mills match --records DIR` writes of matches
//! against an outside engine, or of that engine against itself. The result is a candidate
//! only, printed as a `mills match` player (`10+w:open_two=..`): it is kept only if a match
//! shows it (docs/ai.md).
//!
//! cargo run --release -p mills-core --example fit_weights -- twelve-mens-morris 10 DIR...
//!   (game, first turn used, directories of text records; `--fixed=a,b` before the
//!   directories keeps those weights as they are too)
//!
//! Games are split by opening pair (games 2k-1 and 2k of a match share one): even pairs fit,
//! odd pairs check, so that a fit that only learns the fitted games shows as a worse check.

use std::path::Path;

use mills_core::Record;
use mills_core::{Game, Position, Variant};
use mills_core::{Weights, closes_mill, evaluate_with, weights_for};

/// A position and the result for its side to move: 1 won, ½ drawn, 0 lost.
struct Sample {
    position: Position,
    result: f64,
}

/// Whether the side to move can complete a line at once: the static evaluation of such a
/// position says little (the search looks further there), so it is left out.
fn is_quiet(position: &Position) -> bool {
    !position
        .legal_actions()
        .iter()
        .any(|&action| closes_mill(position, action))
}

/// The quiet turn-start positions from turn `from_turn` on of one game finished by the rules.
/// A resignation says nothing about the positions before it: in `mills match --records` it is
/// a forfeit (an engine that broke down), as no player there resigns.
fn samples(game: &Game, from_turn: usize, out: &mut Vec<Sample>) {
    let Some(outcome) = game.outcome() else {
        return;
    };
    if game.resigned().is_some() {
        return;
    }
    let mut replay = Game::new(*game.rules());
    let mut turn = 0;
    for &action in game.actions() {
        let applied = replay.play(action).expect("a parsed record replays");
        if !applied.turn_ended || replay.is_over() {
            continue;
        }
        turn += 1;
        let position = *replay.position();
        if turn < from_turn || !is_quiet(&position) {
            continue;
        }
        let result = match outcome.winner() {
            Some(winner) if winner == position.side_to_move() => 1.0,
            Some(_) => 0.0,
            None => 0.5,
        };
        out.push(Sample { position, result });
    }
}

/// The mean squared error of the predicted results.
fn loss(samples: &[Sample], weights: &Weights, k: f64) -> f64 {
    let total: f64 = samples
        .iter()
        .map(|s| {
            let predicted =
                1.0 / (1.0 + (-f64::from(evaluate_with(&s.position, weights)) / k).exp());
            (s.result - predicted).powi(2)
        })
        .sum();
    total / samples.len().max(1) as f64
}

/// The scale that fits the current weights best (a coarse scan, then a finer one).
fn fit_scale(samples: &[Sample], weights: &Weights) -> f64 {
    let mut best = (f64::MAX, 100.0);
    for k in (20..=2000).step_by(20) {
        let l = loss(samples, weights, f64::from(k));
        if l < best.0 {
            best = (l, f64::from(k));
        }
    }
    best.1
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.len() < 3 {
        eprintln!("usage: fit_weights GAME FIRST_TURN DIR...");
        std::process::exit(2);
    }
    let variant: Variant = args[0]
        .parse()
        .expect("a game: zhiqi, linked-horse, twelve-mens-morris");
    let from_turn: usize = args[1].parse().expect("the first turn used");
    let mut dirs = &args[2..];
    let mut also_fixed: Vec<&str> = Vec::new();
    if let Some(list) = dirs[0].strip_prefix("--fixed=") {
        also_fixed = list.split(',').collect();
        dirs = &dirs[1..];
    }
    let (mut fit, mut check) = (Vec::new(), Vec::new());
    let mut games = 0;
    for dir in dirs {
        let mut paths: Vec<_> = std::fs::read_dir(Path::new(dir))
            .expect("a directory of records")
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.extension().is_some_and(|x| x == "txt"))
            .collect();
        paths.sort();
        for (i, path) in paths.iter().enumerate() {
            let text = std::fs::read_to_string(path).expect("a readable record");
            let record = match Record::parse(&text) {
                Ok(record) => record,
                Err(e) => {
                    eprintln!("{}: {e}", path.display());
                    continue;
                }
            };
            if record.game().rules().variant != variant {
                continue;
            }
            games += 1;
            let target = if (i / 2) % 2 == 0 {
                &mut fit
            } else {
                &mut check
            };
            samples(record.game(), from_turn, target);
        }
    }
    println!(
        "{games} games: {} positions to fit, {} to check",
        fit.len(),
        check.len()
    );
    let mut weights = weights_for(variant);
    let k = fit_scale(&fit, &weights);
    let start = (loss(&fit, &weights, k), loss(&check, &weights, k));
    println!(
        "K = {k}; the game's weights: fit {:.5}, check {:.5}",
        start.0, start.1
    );
    let names: Vec<&str> = Weights::tunable(variant)
        .into_iter()
        .filter(|name| !also_fixed.contains(name))
        .collect();
    let mut best = start.0;
    for step in [16, 8, 4, 2, 1] {
        let mut improved = true;
        while improved {
            improved = false;
            for name in &names {
                let value = weights.get(name).expect("a weight");
                for delta in [step, -step] {
                    let mut trial = weights;
                    trial.set(name, value + delta);
                    let l = loss(&fit, &trial, k);
                    if l < best {
                        best = l;
                        weights = trial;
                        improved = true;
                        break;
                    }
                }
            }
        }
    }
    println!(
        "fitted: fit {best:.5}, check {:.5}",
        loss(&check, &weights, k)
    );
    let base = weights_for(variant);
    let changed: Vec<String> = Weights::NAMES
        .iter()
        .filter(|name| weights.get(name) != base.get(name))
        .map(|name| format!("+w:{name}={}", weights.get(name).expect("a weight")))
        .collect();
    println!("player: 10{}", changed.concat());
}
