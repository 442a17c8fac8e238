//! Self-play tuning of one game's evaluation weights by SPSA (simultaneous perturbation
//! stochastic approximation), the method docs/ai.md describes.
//!
//! Each step perturbs every tunable weight at once by ±c (a random sign per weight), plays one
//! random balanced opening twice (colours swapped) between the "plus" and the "minus" weights
//! at a fixed depth, and moves every weight towards the side that scored better. A fixed depth
//! keeps the games deterministic and fast; the result is only a candidate: it is kept only if
//! `mills match` then shows it beating the current weights (see docs/ai.md).
//!
//! cargo run --release -p mills-core --example tune_weights -- zhiqi 6000 4 1
//!   (game, game pairs, depth in turns, seed)

use std::thread;

use mills_core::SearchLimits;
use mills_core::Style;
use mills_core::{Rules, Side, Variant};
use mills_core::{Weights, weights_for};
use mills_toolbox::arena::{MatchConfig, Player, play_game, random_opening};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

/// Pairs played with the same weights before they move (one per thread and some).
const BATCH: usize = 8;

fn player(depth: u32, names: &[&str], values: &[f64]) -> Player {
    Player {
        label: "tuned".to_string(),
        style: Style {
            limits: SearchLimits::depth(depth),
            temperature: 0.0,
            max_loss: 0,
        },
        options: Default::default(),
        weight_overrides: names
            .iter()
            .zip(values)
            .map(|(name, value)| (name.to_string(), value.round() as i32))
            .collect(),
        // Thousands of short depth-4 games: a quarter of the apps' table is plenty, and each
        // game allocates its own.
        table_bits: 18,
    }
}

/// Points of `plus` (0, 0.5, 1, ... 2) over one opening played with both colours.
fn play_pair(variant: Variant, plus: Player, minus: Player, seed: u64) -> f64 {
    let mut rng = StdRng::seed_from_u64(seed);
    let opening = random_opening(Rules::of(variant), 4, &mut rng);
    let mut config = MatchConfig::new(variant, plus, minus);
    config.seed = seed;
    play_game(&config, 0, &opening, Side::P1).a_points
        + play_game(&config, 1, &opening, Side::P2).a_points
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let variant: Variant = args
        .first()
        .and_then(|v| v.parse().ok())
        .expect("usage: tune_weights GAME [PAIRS] [DEPTH] [SEED]");
    let pairs: usize = args.get(1).map_or(6000, |n| n.parse().expect("pairs"));
    let depth: u32 = args.get(2).map_or(4, |n| n.parse().expect("depth"));
    let seed: u64 = args.get(3).map_or(1, |n| n.parse().expect("seed"));

    let names = Weights::tunable(variant);
    let start = weights_for(variant);
    let mut theta: Vec<f64> = names
        .iter()
        .map(|n| f64::from(start.get(n).unwrap()))
        .collect();
    // Perturbation size per weight: a quarter of its start value, at least 4 units, so that
    // the two sides differ enough for a game pair to tell them apart.
    let c: Vec<f64> = theta.iter().map(|t| (t.abs() / 4.0).max(4.0)).collect();
    let mut rng = StdRng::seed_from_u64(seed);
    let batches = pairs.div_ceil(BATCH);
    println!("{} weights {:?}", variant.id(), names);
    for batch in 0..batches {
        // Step size decays as in Spall's SPSA (exponent 0.602), from a fifth of c per pair:
        // one game pair is a very noisy measurement.
        let gain = 0.2 / (1.0 + batch as f64 / (batches as f64 / 10.0)).powf(0.602);
        let jobs: Vec<(Vec<f64>, u64)> = (0..BATCH)
            .map(|_| {
                let signs = names
                    .iter()
                    .map(|_| if rng.random::<bool>() { 1.0 } else { -1.0 })
                    .collect();
                (signs, rng.random())
            })
            .collect();
        let results: Vec<f64> = thread::scope(|scope| {
            let handles: Vec<_> = jobs
                .iter()
                .map(|(signs, game_seed)| {
                    let plus: Vec<f64> = (0..names.len())
                        .map(|i| theta[i] + c[i] * signs[i])
                        .collect();
                    let minus: Vec<f64> = (0..names.len())
                        .map(|i| theta[i] - c[i] * signs[i])
                        .collect();
                    let (names, game_seed) = (&names, *game_seed);
                    scope.spawn(move || {
                        play_pair(
                            variant,
                            player(depth, names, &plus),
                            player(depth, names, &minus),
                            game_seed,
                        )
                    })
                })
                .collect();
            handles.into_iter().map(|h| h.join().unwrap()).collect()
        });
        for ((signs, _), points) in jobs.iter().zip(&results) {
            // points - 1 is in [-1, 1]: how much better "plus" did than "minus".
            let r = points - 1.0;
            for i in 0..names.len() {
                theta[i] += gain * c[i] * signs[i] * r;
            }
        }
        if (batch + 1) % (batches / 10).max(1) == 0 || batch + 1 == batches {
            let shown: Vec<String> = names
                .iter()
                .zip(&theta)
                .map(|(n, t)| format!("{n}={}", t.round()))
                .collect();
            println!("pairs {:5}: {}", (batch + 1) * BATCH, shown.join(" "));
        }
    }
    let modifiers: String = names
        .iter()
        .zip(&theta)
        .map(|(n, t)| format!("+w:{n}={}", t.round()))
        .collect();
    println!("player modifiers: {modifiers}");
}
