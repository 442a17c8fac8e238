//! Tactic puzzles: the exact goal search on hand-made positions (a forced mill, a pin, a
//! pull, a banking race), checked against a plain search without cache or cut-offs, the
//! puzzle rules (one first turn, at least four, one failing), and every shipped tactic
//! proved by the search.

use std::collections::HashSet;

use mills_core::puzzles::{
    self, GoalSearch, NotATactic, ProofFailure, PuzzleKind, PuzzleSet, TacticGoal, balance,
    examine_tactic, prove_tactic,
};
use mills_core::{Action, Game, Position, Rules, Side, Variant, parse_actions};

fn position(rules: Rules, moves: &str) -> Position {
    *played(rules, moves, "").position()
}

/// The game after `moves` and then `more`.
fn played(rules: Rules, moves: &str, more: &str) -> Game {
    let mut game = Game::replay(rules, &parse_actions(moves).unwrap()).unwrap();
    for a in parse_actions(more).unwrap() {
        game.play(a).unwrap();
    }
    game
}

fn goal(gain: u8, turns: u8) -> TacticGoal {
    TacticGoal { gain, turns }
}

/// Every whole turn from a turn start and where it leads (its own walk, not the engine's).
fn turns_from(position: &Position) -> Vec<(Vec<Action>, Position)> {
    let mut out = Vec::new();
    let mut stack = vec![(Vec::new(), *position)];
    while let Some((actions, at)) = stack.pop() {
        for action in at.legal_actions().iter().copied() {
            let mut next = at;
            let ended = next.play(action).unwrap().turn_ended;
            let mut longer = actions.clone();
            longer.push(action);
            if ended {
                out.push((longer, next));
            } else {
                stack.push((longer, next));
            }
        }
    }
    out
}

/// The goal by the definition, with no cache and no cut-off: after each of the mover's turns
/// the balance is compared with the target; every reply is tried.
fn plain(position: &Position, mover: Side, target: i32, turns: u8) -> bool {
    let ours = position.side_to_move() == mover;
    if ours && turns == 0 {
        return false;
    }
    let results: Vec<bool> = turns_from(position)
        .into_iter()
        .map(|(_, next)| match next.outcome() {
            Some(outcome) => outcome.winner() == Some(mover),
            None if ours && balance(&next, mover) >= target => true,
            None => plain(&next, mover, target, if ours { turns - 1 } else { turns }),
        })
        .collect();
    if ours {
        results.iter().any(|r| *r)
    } else {
        results.iter().all(|r| *r)
    }
}

fn plain_forces(position: &Position, g: TacticGoal) -> bool {
    let mover = position.side_to_move();
    plain(
        position,
        mover,
        balance(position, mover) + i32::from(g.gain),
        g.turns,
    )
}

/// The outer top-right corner completes two open lines at once (a7-d7-g7 and g7-g4-g1): the
/// only fork, as a4 and c5 block the others.
const FORK: &str = "a7 a4 g1 c5";

#[test]
fn a_forced_mill_in_twelve_mens_morris() {
    let start = position(Rules::TWELVE_MENS_MORRIS, FORK);
    let mut search = GoalSearch::new();
    assert!(search.forces(&start, goal(1, 2)), "the fork wins a piece");
    assert!(!search.forces(&start, goal(1, 1)), "no piece at once");
    assert!(!search.forces(&start, goal(2, 2)));
    let tactic = examine_tactic(&start, &mut search).unwrap();
    assert_eq!(tactic.goal, goal(1, 2));
    assert_eq!(tactic.solution, parse_actions("g7").unwrap());
    assert!(tactic.difficulty.branching >= 4);
    assert!(tactic.difficulty.quiet_solution);
    assert_eq!(
        tactic.greedy_share,
        1.0 / 20.0,
        "greedy: any of 20 quiet turns"
    );
}

#[test]
fn two_forks_are_no_puzzle() {
    // Without the blocker on a4, a1 forks too (a1-a4-a7 and a1-d1-g1).
    let start = position(Rules::TWELVE_MENS_MORRIS, "a7 e3 g1 c5");
    let mut search = GoalSearch::new();
    assert!(search.forces(&start, goal(1, 2)));
    assert_eq!(
        examine_tactic(&start, &mut search),
        Err(NotATactic::NoUniqueForcedGain)
    );
}

#[test]
fn a_pin_in_zhi_qi_is_worth_two() {
    let start = position(Rules::ZHIQI, FORK);
    let mut search = GoalSearch::new();
    let tactic = examine_tactic(&start, &mut search).unwrap();
    assert_eq!(tactic.goal, goal(2, 2), "a pin: one piece taken, one added");
    assert_eq!(tactic.solution, parse_actions("g7").unwrap());
    // Played out: Black blocks g4, White completes the top line and pins.
    let game = played(Rules::ZHIQI, FORK, "g7 g4 d7 xc5");
    assert_eq!(
        balance(game.position(), Side::P1) - balance(&start, Side::P1),
        2
    );
}

#[test]
fn a_pull_gains_at_once_when_blocked() {
    // RULES.md §8 Zhi Qi B: the board is full, Black to move, and only pulls are legal.
    let start = position(
        Rules::ZHIQI,
        "d7 e3 a1 f4 a4 f6 c3 g7 f2 b4 a7 xb4 e5 xb4 c4 e4 xd7 g4 c5 d6 d1 d3 g1 b6 d5 xc4 d2 b2",
    );
    assert_eq!(start.side_to_move(), Side::P2);
    let mut search = GoalSearch::new();
    assert!(search.forces(&start, goal(1, 1)), "the pull takes a piece");
    assert_eq!(
        search.forces(&start, goal(2, 2)),
        plain_forces(&start, goal(2, 2))
    );
}

#[test]
fn a_banking_race_in_linked_horse() {
    let start = position(Rules::LINKED_HORSE, FORK);
    let mut search = GoalSearch::new();
    let tactic = examine_tactic(&start, &mut search).unwrap();
    assert_eq!(tactic.goal, goal(1, 2), "one piece banked");
    assert_eq!(tactic.solution, parse_actions("g7").unwrap());
    let game = played(Rules::LINKED_HORSE, FORK, "g7 d7 g4");
    assert_eq!(game.position().stable(Side::P1), 1);
}

#[test]
fn the_search_agrees_with_the_plain_definition() {
    // Turn starts of the shipped tactics' games (placing and moving, all three games),
    // every goal up to 2 turns: the cached, cut-off search and the plain one agree.
    let mut compared = 0;
    for variant in Variant::ALL {
        let set = puzzles::shipped_tactic_set(variant).unwrap();
        for stored in set.stored().iter().step_by(23) {
            let game = Game::replay(Rules::of(variant), &stored.actions).unwrap();
            for n in (2..game.turn_count()).step_by(5) {
                let start = game.turn_start(n).unwrap().position;
                let mut search = GoalSearch::new();
                for g in [goal(1, 1), goal(1, 2), goal(2, 2), goal(3, 2)] {
                    assert_eq!(
                        search.forces(&start, g),
                        plain_forces(&start, g),
                        "{variant} {:?} after {} actions",
                        g,
                        game.turn_start(n).unwrap().action
                    );
                    compared += 1;
                }
            }
        }
    }
    assert!(compared >= 100, "{compared}");
}

#[test]
fn every_shipped_tactic_is_proved_by_the_search() {
    let mut search = GoalSearch::new();
    for variant in Variant::ALL {
        let set = puzzles::shipped_tactic_set(variant).unwrap();
        assert_eq!(set.kind(), PuzzleKind::Tactic);
        assert_eq!(
            set.to_text(),
            puzzles::shipped_tactics_text(variant),
            "{variant}: the file is in the form the miner writes"
        );
        let all = puzzles::all_puzzles(variant);
        let tactics: Vec<_> = all
            .iter()
            .filter(|p| p.kind() == PuzzleKind::Tactic)
            .collect();
        assert!(tactics.len() >= 150, "{variant}: {} tactics", tactics.len());
        assert!(all.len() >= 450, "{variant}: {} puzzles", all.len());
        let mut ids = HashSet::new();
        for p in &all {
            assert!(ids.insert(p.id.clone()), "{} twice", p.id);
        }
        let prefix = format!("{}-t-", puzzles::id_prefix(variant));
        for puzzle in tactics {
            assert!(puzzle.id.starts_with(&prefix), "{}", puzzle.id);
            search.clear_cache();
            prove_tactic(puzzle, &mut search).unwrap_or_else(|e| panic!("{}: {e}", puzzle.id));
            assert_eq!(puzzles::puzzle(&puzzle.id).as_ref(), Ok(puzzle));
        }
    }
}

#[test]
fn an_altered_tactic_is_refused() {
    let good = puzzles::tactics(Variant::TwelveMensMorris)[0].clone();
    let mut search = GoalSearch::new();
    assert_eq!(prove_tactic(&good, &mut search), Ok(()));
    let mut more = good.clone();
    more.gain = more.gain.map(|g| g + 1);
    assert!(matches!(
        prove_tactic(&more, &mut search),
        Err(ProofFailure::Goal(..))
    ));
    let mut longer = good.clone();
    longer.turns += 1;
    assert!(matches!(
        prove_tactic(&longer, &mut search),
        Err(ProofFailure::Goal(..))
    ));
    let mut score = good.clone();
    score.score += 1;
    assert!(matches!(
        prove_tactic(&score, &mut search),
        Err(ProofFailure::Score(..))
    ));
    let mut elsewhere = good.clone();
    elsewhere.id = format!("{}0", good.id);
    assert_eq!(
        prove_tactic(&elsewhere, &mut search),
        Err(ProofFailure::Key)
    );
    let mut start = good.clone();
    start.moves.clear();
    assert!(matches!(
        prove_tactic(&start, &mut search),
        Err(ProofFailure::NotATactic(_))
    ));
    let endgame = puzzles::puzzles(Variant::TwelveMensMorris)[0].clone();
    assert_eq!(endgame.kind(), PuzzleKind::Endgame);
    assert!(prove_tactic(&endgame, &mut search).is_err());
    assert!(matches!(
        PuzzleSet::from_text("# mills tactics 1 zhiqi\ng d6\np 1 2 3 4 5\n"),
        Err(mills_core::puzzles::PuzzleError::BadData { line: 3, .. })
    ));
    assert!(PuzzleSet::from_text("# mills tactics 1 zhiqi\ng d6\np 1 2 zz 1 2 1 5\n").is_err());
}

#[test]
fn mining_tactics_is_deterministic_and_finds_proved_ones() {
    let config = puzzles::TacticMineConfig {
        games: 3,
        keep: 4,
        ..Default::default()
    };
    let cancel = mills_core::CancelToken::new();
    let variant = Variant::TwelveMensMorris;
    let mut play = |k: u32| {
        mills_core::self_play(
            Rules::of(variant),
            puzzles::mining_levels(k),
            config.seed + u64::from(k),
            puzzles::mining_turns(variant, &config),
        )
    };
    let (set, report) = puzzles::mine_tactics(variant, &config, &mut play, &cancel);
    assert_eq!(report.games, 3);
    assert!(!set.stored().is_empty() && set.stored().len() <= 4);
    let (again, _) = puzzles::mine_tactics(variant, &config, &mut play, &cancel);
    assert_eq!(set, again, "a seed mines the same tactics");
    let mut search = GoalSearch::new();
    for puzzle in set.puzzles() {
        assert_eq!(prove_tactic(&puzzle, &mut search), Ok(()), "{}", puzzle.id);
    }
}

#[test]
fn a_player_solves_tactics_against_the_searchs_defence() {
    use mills_core::puzzles::{PuzzleResult, TacticSession, TacticVerdict};
    for variant in Variant::ALL {
        for puzzle in puzzles::tactics(variant).into_iter().step_by(16) {
            let mut session = TacticSession::new(puzzle.clone()).unwrap();
            let solution = examine_tactic(&session.position(), &mut GoalSearch::new())
                .unwrap()
                .solution;
            let mut verdict = session.play_turn(&solution).unwrap();
            let mut turns = 1;
            while let TacticVerdict::Right { turns_left, .. } = verdict {
                assert_eq!(turns_left, puzzle.turns - turns, "{}", puzzle.id);
                let hint = session.hint().unwrap();
                verdict = session.play_turn(&hint).unwrap();
                turns += 1;
            }
            assert!(turns <= puzzle.turns, "{}: within N turns", puzzle.id);
            let hints = turns - 1;
            let expected = if hints == 0 {
                PuzzleResult::Solved
            } else {
                PuzzleResult::SolvedWithHints {
                    hints: u32::from(hints),
                }
            };
            assert_eq!(verdict, TacticVerdict::Solved(expected), "{}", puzzle.id);
            assert_eq!(session.result(), Some(expected));
        }
    }
}

#[test]
fn a_tactics_wrong_turn_is_missed_and_shows_the_right_one() {
    use mills_core::puzzles::{PuzzleError, PuzzleResult, TacticSession, TacticVerdict};
    for variant in Variant::ALL {
        let puzzle = puzzles::tactics(variant)[0].clone();
        let mut session = TacticSession::new(puzzle.clone()).unwrap();
        let start = session.position();
        let solution = examine_tactic(&start, &mut GoalSearch::new())
            .unwrap()
            .solution;
        // Illegal actions change nothing.
        let occupied = start.occupied().next().unwrap();
        assert!(matches!(
            session.play_turn(&[Action::Place(occupied)]),
            Err(PuzzleError::Illegal(_)) | Err(PuzzleError::IncompleteTurn)
        ));
        assert_eq!(session.position(), start);
        let wrong = turns_from(&start)
            .into_iter()
            .find(|(_, next)| {
                let solved = turns_from(&start)
                    .into_iter()
                    .find(|(a, _)| *a == solution)
                    .unwrap()
                    .1;
                (next.board(Side::P1), next.board(Side::P2))
                    != (solved.board(Side::P1), solved.board(Side::P2))
            })
            .unwrap()
            .0;
        let TacticVerdict::Missed(missed) = session.play_turn(&wrong).unwrap() else {
            panic!("{}: {wrong:?} keeps the goal", puzzle.id);
        };
        assert_eq!(missed.played, wrong);
        assert_eq!(missed.right, solution, "{}", puzzle.id);
        assert_eq!(session.result(), Some(PuzzleResult::Failed));
        assert_eq!(session.play_turn(&solution), Err(PuzzleError::NotPlaying));
        session.retry();
        assert_eq!(session.position(), start);
        assert!(matches!(
            session.play_turn(&solution).unwrap(),
            TacticVerdict::Right { .. } | TacticVerdict::Solved(_)
        ));
        assert_eq!(
            session.result(),
            Some(PuzzleResult::Failed),
            "the first attempt"
        );
    }
    let endgame = puzzles::puzzles(Variant::ZhiQi)[0].clone();
    assert!(matches!(
        TacticSession::new(endgame),
        Err(PuzzleError::NotProved(_))
    ));
}
