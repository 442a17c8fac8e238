//! How balanced the random openings of `mills match` are: for each opening of a seed, whether
//! the first placer, to move after the opening, can complete a line at once (the second
//! placer's random placements left an open two of the first placer's unblocked), and the
//! search's score for the first placer at a fixed depth (the same on every run).
//!
//! `mills match` scores its players on these openings, each played with both colours. Under
//! rules where the first placer is ahead, an opening that hands it a mill before either
//! engine has chosen anything is close to a lost game for the second placer whoever plays
//! it; this counts how many of a seed's openings are of that kind (docs/ai.md).
//!
//! cargo run --release -p mills-core --example opening_balance -- twelve-mens-morris 50 7 141 121
//!   (game, openings a seed, search depth in whole turns, seeds; one line an opening, then a
//!   summary line a seed)

use mills_core::closes_mill;
use mills_core::{CancelToken, Engine, Level, SearchLimits};
use mills_core::{Game, Rules, Side, Variant, format_actions};
use mills_toolbox::arena::{MatchConfig, Player, match_openings};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.len() < 4 {
        eprintln!("usage: opening_balance GAME OPENINGS DEPTH SEED...");
        std::process::exit(2);
    }
    let variant: Variant = args[0].parse().unwrap_or_else(|_| {
        eprintln!("unknown game {}", args[0]);
        std::process::exit(2)
    });
    let openings: u32 = args[1].parse().expect("a number of openings");
    let depth: u32 = args[2].parse().expect("a depth in whole turns");
    let rules = Rules::of(variant);
    println!("seed\topening\tmoves\tp1_mill_now\tp1_score");
    for seed in &args[3..] {
        let seed: u64 = seed.parse().expect("a seed");
        // The openings of `mills match --seed SEED` with its default opening turns; the
        // players only label a match, they play no part in its openings.
        let player = Player::level(Level::MAX);
        let config = MatchConfig {
            games: 2 * openings,
            seed,
            ..MatchConfig::new(variant, player.clone(), player)
        };
        let (mut mills_now, mut total_score, mut ahead) = (0, 0i64, 0);
        for (index, opening) in match_openings(&config).iter().enumerate() {
            let game = Game::replay(rules, opening).expect("openings are legal");
            let position = game.position();
            assert_eq!(
                position.side_to_move(),
                Side::P1,
                "the first placer moves next"
            );
            let mill_now = position
                .legal_actions()
                .iter()
                .any(|&action| closes_mill(position, action));
            let score = Engine::new(seed)
                .search(&game, SearchLimits::depth(depth), &CancelToken::new())
                .map_or(0, |result| result.score);
            mills_now += u32::from(mill_now);
            total_score += i64::from(score);
            ahead += u32::from(score >= 100);
            println!(
                "{seed}\t{}\t{}\t{mill_now}\t{score}",
                index + 1,
                format_actions(opening)
            );
        }
        println!(
            "# seed {seed}: {openings} openings, the first placer can complete a line at once \
             in {mills_now}, scores a piece or more at depth {depth} in {ahead}, mean score {}",
            total_score / i64::from(openings.max(1))
        );
    }
}
