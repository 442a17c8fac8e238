//! The player rating: Glicko-2 (Glickman, "Example of the Glicko-2 system", 2013), one game
//! or puzzle a rating period, against opponents whose ratings are fixed: each computer level
//! from the measured ladder (docs/ai.md), each puzzle from its difficulty score.

use serde::{Deserialize, Serialize};

use crate::level::Level;
use crate::rules::Variant;

/// A rating with its uncertainty, on the Elo scale.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Rating {
    /// The rating.
    pub rating: f64,
    /// The rating deviation: about a 95% chance that the true rating lies within two of them.
    pub deviation: f64,
    /// How erratic the player's results are (Glicko-2's σ).
    pub volatility: f64,
}

/// A new player's rating: 1500 with a deviation of 350 (Glicko-2's defaults).
pub const NEW_RATING: Rating = Rating {
    rating: 1500.0,
    deviation: 350.0,
    volatility: 0.06,
};

/// The deviation the computer levels play at: the ladder's 95% intervals are about ±6% at
/// 200 games, some ±40 Elo a step, summed over the steps below a level.
pub const LEVEL_DEVIATION: f64 = 60.0;
/// The deviation puzzles play at: their ratings come from a formula, not from results.
pub const PUZZLE_DEVIATION: f64 = 100.0;

/// Glicko-2's system constant (how fast the volatility may change); 0.5 is the paper's
/// middle choice.
const TAU: f64 = 0.5;
/// The scale between Glicko and Glicko-2 units.
const SCALE: f64 = 173.7178;
/// The smallest deviation kept: ratings never freeze.
const MIN_DEVIATION: f64 = 30.0;

impl Default for Rating {
    fn default() -> Rating {
        NEW_RATING
    }
}

impl Rating {
    /// Whether the numbers are usable (a saved file may hold anything).
    pub fn is_valid(&self) -> bool {
        self.rating.is_finite()
            && (0.0..=350.0).contains(&self.deviation)
            && self.volatility.is_finite()
            && self.volatility > 0.0
            && self.volatility < 1.0
    }

    /// The rating after one result against an opponent of `opponent` (deviation
    /// `opponent_deviation`): `score` 1 for a win, 0.5 a draw, 0 a loss.
    pub fn update(self, opponent: f64, opponent_deviation: f64, score: f64) -> Rating {
        self.update_period(&[(opponent, opponent_deviation, score)])
    }

    /// The rating after one rating period of results, each (opponent's rating, its
    /// deviation, score).
    pub fn update_period(self, results: &[(f64, f64, f64)]) -> Rating {
        let mu = (self.rating - 1500.0) / SCALE;
        let phi = self.deviation / SCALE;
        if results.is_empty() {
            return self;
        }
        let (mut v_inv, mut sum) = (0.0, 0.0);
        for &(opponent, opponent_deviation, score) in results {
            let mu_j = (opponent - 1500.0) / SCALE;
            let phi_j = opponent_deviation / SCALE;
            let g = 1.0 / (1.0 + 3.0 * phi_j * phi_j / std::f64::consts::PI.powi(2)).sqrt();
            let e = 1.0 / (1.0 + (-g * (mu - mu_j)).exp());
            v_inv += g * g * e * (1.0 - e);
            sum += g * (score - e);
        }
        let v = 1.0 / v_inv;
        let delta = v * sum;
        let sigma = new_volatility(phi, v, delta, self.volatility);
        let phi_star = (phi * phi + sigma * sigma).sqrt();
        let phi_new = 1.0 / (1.0 / (phi_star * phi_star) + 1.0 / v).sqrt();
        let mu_new = mu + phi_new * phi_new * sum;
        Rating {
            rating: 1500.0 + SCALE * mu_new,
            deviation: (SCALE * phi_new).clamp(MIN_DEVIATION, 350.0),
            volatility: sigma,
        }
    }
}

/// Step 5 of Glicko-2: the new volatility, by the Illinois algorithm.
fn new_volatility(phi: f64, v: f64, delta: f64, sigma: f64) -> f64 {
    let a = (sigma * sigma).ln();
    let f = |x: f64| {
        let ex = x.exp();
        ex * (delta * delta - phi * phi - v - ex) / (2.0 * (phi * phi + v + ex).powi(2))
            - (x - a) / (TAU * TAU)
    };
    let mut big_a = a;
    let mut big_b = if delta * delta > phi * phi + v {
        (delta * delta - phi * phi - v).ln()
    } else {
        let mut k = 1.0;
        while f(a - k * TAU) < 0.0 {
            k += 1.0;
        }
        a - k * TAU
    };
    let (mut fa, mut fb) = (f(big_a), f(big_b));
    let mut rounds = 0;
    while (big_b - big_a).abs() > 1e-6 && rounds < 100 {
        let c = big_a + (big_a - big_b) * fa / (fb - fa);
        let fc = f(c);
        if fc * fb <= 0.0 {
            big_a = big_b;
            fa = fb;
        } else {
            fa /= 2.0;
        }
        big_b = c;
        fb = fc;
        rounds += 1;
    }
    (big_a / 2.0).exp()
}

/// Level 1's rating in every game: the anchor of the scale.
pub const LEVEL_ONE_RATING: f64 = 800.0;

/// The ladder of docs/ai.md: the score, per mille, of level k + 2 against level k + 1 (the
/// latest measured row for each pair).
fn ladder(variant: Variant) -> [u16; 9] {
    match variant {
        Variant::ZhiQi => [955, 975, 760, 740, 690, 668, 652, 652, 755],
        Variant::LinkedHorse => [725, 852, 645, 768, 710, 800, 692, 690, 819],
        Variant::TwelveMensMorris => [888, 905, 700, 835, 735, 865, 715, 645, 795],
    }
}

/// The Elo difference a score (per mille) stands for.
fn elo_of(per_mille: u16) -> f64 {
    let p = f64::from(per_mille) / 1000.0;
    400.0 * (p / (1.0 - p)).log10()
}

/// A computer level's rating in a game: level 1 at [`LEVEL_ONE_RATING`], each level above
/// it higher by the Elo its ladder score against the level below stands for.
pub fn level_rating(variant: Variant, level: Level) -> f64 {
    let steps = usize::from(level.number() - 1);
    LEVEL_ONE_RATING
        + ladder(variant)[..steps]
            .iter()
            .map(|&s| elo_of(s))
            .sum::<f64>()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn glicko_two_matches_the_papers_example() {
        // Glickman's worked example: 1500/200/0.06 against 1400/30 (won), 1550/100 and
        // 1700/300 (lost) gives 1464.06 / 151.52 / 0.05999.
        let start = Rating {
            rating: 1500.0,
            deviation: 200.0,
            volatility: 0.06,
        };
        let after = start.update_period(&[
            (1400.0, 30.0, 1.0),
            (1550.0, 100.0, 0.0),
            (1700.0, 300.0, 0.0),
        ]);
        assert!((after.rating - 1464.06).abs() < 0.05, "{after:?}");
        assert!((after.deviation - 151.52).abs() < 0.05, "{after:?}");
        assert!((after.volatility - 0.05999).abs() < 0.00001, "{after:?}");
        let won = start.update(1400.0, 30.0, 1.0);
        let lost = start.update(1400.0, 30.0, 0.0);
        assert!(won.rating > 1500.0 && lost.rating < 1500.0);
        assert!(
            1500.0 - lost.rating > won.rating - 1500.0,
            "losing to a weaker one costs more"
        );
    }

    #[test]
    fn levels_rise_with_the_ladder() {
        for variant in Variant::ALL {
            let ratings: Vec<f64> = Level::all().map(|l| level_rating(variant, l)).collect();
            assert_eq!(ratings[0], LEVEL_ONE_RATING);
            assert!(
                ratings.windows(2).all(|w| w[1] > w[0] + 50.0),
                "{ratings:?}"
            );
        }
        // 2 vs 1 in Zhi Qi scored 95.5%: about 531 Elo.
        let two = level_rating(Variant::ZhiQi, Level::new(2).unwrap());
        assert!((two - LEVEL_ONE_RATING - 531.0).abs() < 1.0, "{two}");
    }
}
