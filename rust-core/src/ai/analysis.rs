//! Analysis: who stands better, from the engine's score, as a typed verdict the apps put in
//! plain words ("White is better"); where an exact result is known (endgame tables, once
//! they exist) that result instead.

use crate::game::Game;
use crate::outcome::Outcome;
use crate::position::Position;
use crate::rules::Side;
use crate::tables::ExactResult;

use super::search::Engine;
use crate::cancel::CancelToken;
use crate::limits::{SearchLimits, WIN_THRESHOLD};

/// Who stands better, in words the apps choose for each case.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Verdict {
    /// Neither side stands better.
    Equal,
    /// "White is slightly better".
    SlightlyBetter(Side),
    /// "White is better".
    Better(Side),
    /// "White is winning": a decisive advantage, no forced win found yet.
    Winning(Side),
    /// The search found a forced win.
    ForcedWin(Side),
    /// Known exactly (the game is over, or tables know the position).
    Exact(ExactResult),
}

/// Scores up to this (in hundredths of a piece, either way) are equal.
const EQUAL_UP_TO: i32 = 40;
/// Up to this, slightly better.
const SLIGHTLY_UP_TO: i32 = 120;
/// Up to this, better; beyond, winning.
const BETTER_UP_TO: i32 = 300;

/// A search score, from P1's side, as a verdict.
///
/// Scores are hundredths of a piece, from P1's side:
///
/// ```
/// use mills_core::{Side, Verdict, WIN, verdict};
///
/// assert_eq!(verdict(0), Verdict::Equal);
/// assert_eq!(verdict(-250), Verdict::Better(Side::P2));
/// assert_eq!(verdict(WIN - 5), Verdict::ForcedWin(Side::P1));
/// ```
pub fn verdict(score_for_p1: i32) -> Verdict {
    let side = if score_for_p1 > 0 { Side::P1 } else { Side::P2 };
    match score_for_p1.abs() {
        s if s <= EQUAL_UP_TO => Verdict::Equal,
        s if s <= SLIGHTLY_UP_TO => Verdict::SlightlyBetter(side),
        s if s <= BETTER_UP_TO => Verdict::Better(side),
        s if s < WIN_THRESHOLD => Verdict::Winning(side),
        _ => Verdict::ForcedWin(side),
    }
}

/// What the evaluation bar shows.
#[derive(Clone, Copy, PartialEq, Debug)]
pub struct Evaluation {
    /// The search score for P1, in hundredths of a piece (0 for an exact result).
    pub score_for_p1: i32,
    /// Who stands better, in words.
    pub verdict: Verdict,
}

impl Evaluation {
    /// P1's share of the bar, 0 to 1 (one half is equal).
    pub fn bar(&self) -> f64 {
        match self.verdict {
            Verdict::Exact(ExactResult::Win { winner, .. }) | Verdict::ForcedWin(winner) => {
                if winner == Side::P1 {
                    1.0
                } else {
                    0.0
                }
            }
            Verdict::Exact(ExactResult::Draw) => 0.5,
            _ => 1.0 / (1.0 + (-f64::from(self.score_for_p1) / 300.0).exp()),
        }
    }
}

/// A source of exact results: the endgame tables plug in here. It answers `None` for any
/// position it does not know.
pub type ExactProbe<'a> = &'a dyn Fn(&Position) -> Option<ExactResult>;

/// No tables yet: never an exact result.
pub fn no_tables(_: &Position) -> Option<ExactResult> {
    None
}

/// Evaluates the side to move's position in `game`: the exact result when the game is over
/// or `tables` know it, otherwise a search within `limits`. `None` only if cancelled.
///
/// ```
/// use mills_core::{CancelToken, Game, Rules, SearchLimits, Verdict, analyse, no_tables};
///
/// let game = Game::new(Rules::TWELVE_MENS_MORRIS);
/// let eval = analyse(&game, SearchLimits::depth(2), &CancelToken::new(), &no_tables).unwrap();
/// assert!(!matches!(eval.verdict, Verdict::ForcedWin(_) | Verdict::Exact(_)));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn analyse(
    game: &Game,
    limits: SearchLimits,
    cancel: &CancelToken,
    tables: ExactProbe,
) -> Option<Evaluation> {
    analyse_with_engine(&mut Engine::new(0), game, limits, cancel, tables)
}

/// As [`analyse`] with a given engine (e.g. one that probes endgame tables in its search).
pub fn analyse_with_engine(
    engine: &mut Engine,
    game: &Game,
    limits: SearchLimits,
    cancel: &CancelToken,
    tables: ExactProbe,
) -> Option<Evaluation> {
    if let Some(outcome) = game.outcome() {
        let exact = match outcome {
            Outcome::Win { winner, .. } => ExactResult::Win { winner, turns: 0 },
            Outcome::Draw { .. } => ExactResult::Draw,
        };
        return Some(exact_evaluation(exact));
    }
    if let Some(exact) = tables(game.position()) {
        return Some(exact_evaluation(exact));
    }
    let result = engine.search(game, limits, cancel)?;
    let score_for_p1 = match game.position().side_to_move() {
        Side::P1 => result.score,
        Side::P2 => -result.score,
    };
    Some(Evaluation {
        score_for_p1,
        verdict: verdict(score_for_p1),
    })
}

fn exact_evaluation(exact: ExactResult) -> Evaluation {
    Evaluation {
        score_for_p1: 0,
        verdict: Verdict::Exact(exact),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::limits::WIN;
    use crate::rules::Rules;

    #[test]
    fn scores_map_to_verdicts_for_either_side() {
        assert_eq!(verdict(0), Verdict::Equal);
        assert_eq!(verdict(-40), Verdict::Equal);
        assert_eq!(verdict(100), Verdict::SlightlyBetter(Side::P1));
        assert_eq!(verdict(-250), Verdict::Better(Side::P2));
        assert_eq!(verdict(900), Verdict::Winning(Side::P1));
        assert_eq!(verdict(-(WIN - 7)), Verdict::ForcedWin(Side::P2));
    }

    #[test]
    fn tables_and_finished_games_give_exact_results() {
        let cancel = CancelToken::new();
        let limits = SearchLimits::depth(1);
        let game = Game::new(Rules::ZHIQI);
        let drawn = |_: &Position| Some(ExactResult::Draw);
        let eval = analyse(&game, limits, &cancel, &drawn).unwrap();
        assert_eq!(eval.verdict, Verdict::Exact(ExactResult::Draw));
        assert_eq!(eval.bar(), 0.5);
        let mut over = game.clone();
        over.resign(Side::P2).unwrap();
        let eval = analyse(&over, limits, &cancel, &no_tables).unwrap();
        let won = ExactResult::Win {
            winner: Side::P1,
            turns: 0,
        };
        assert_eq!(eval.verdict, Verdict::Exact(won));
        assert_eq!(eval.bar(), 1.0);
    }

    #[test]
    fn a_side_pieces_up_stands_better() {
        // Movement in Twelve Men's Morris: P1 has six pieces, P2 three, P2 to move.
        let position = crate::position::Setup::moving(Rules::TWELVE_MENS_MORRIS)
            .pieces(Side::P1, "a1 d1 b4 d6 f4 e3")
            .pieces(Side::P2, "g7 c5 d2")
            .to_move(Side::P2)
            .build()
            .unwrap();
        let game = Game::from_position(position);
        let eval = analyse(
            &game,
            SearchLimits::depth(2),
            &CancelToken::new(),
            &no_tables,
        )
        .unwrap();
        assert!(eval.score_for_p1 > BETTER_UP_TO, "{eval:?}");
        assert!(
            matches!(
                eval.verdict,
                Verdict::Winning(Side::P1) | Verdict::ForcedWin(Side::P1)
            ),
            "{eval:?}"
        );
        assert!(eval.bar() > 0.5);
    }
}
