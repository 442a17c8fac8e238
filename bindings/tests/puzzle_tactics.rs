//! Tactics through the FFI's one `PuzzleSession`, as a player plays them: the solution's
//! points tapped to the goal, a wrong first turn explained, the goal in the session's
//! language, and the daily puzzle and the rush drawing tactics beside endgames.

use std::collections::BTreeSet;

use mills_core::puzzles::{GoalSearch, examine_tactic};
use mills_ffi::{
    Consequence, GameId, PuzzleKind, PuzzleResult, PuzzleSession, PuzzleState, TurnVerdict,
    puzzle_choose, puzzle_daily, puzzle_rush_order,
};

#[path = "puzzle/taps.rs"]
mod taps;
use taps::{finished, play_turn, verdict};

const GAMES: [GameId; 3] = [GameId::Zhiqi, GameId::LinkedHorse, GameId::TwelveMensMorris];

fn tactics(game: GameId) -> Vec<mills_ffi::PuzzleInfo> {
    puzzle_choose(game, None, Some(PuzzleKind::Tactic))
}

/// The tactic's only first turn that keeps the goal forced, in notation.
fn solution(id: &str) -> Vec<String> {
    let puzzle = mills_core::puzzles::puzzle(id).unwrap();
    let start = puzzle.position().unwrap();
    examine_tactic(&start, &mut GoalSearch::new())
        .unwrap()
        .solution
        .iter()
        .map(|a| a.to_string())
        .collect()
}

#[test]
fn a_tactic_is_played_to_its_goal_by_tapping_the_solution() {
    for game in GAMES {
        for info in tactics(game).into_iter().step_by(40) {
            // The player taps the solution's first turn; a second session, guided by its
            // hints, shows the later turns, so the player's own session asks for none.
            let player = PuzzleSession::new(info.id.clone(), "en".into()).unwrap();
            let guide = PuzzleSession::new(info.id.clone(), "en".into()).unwrap();
            assert_eq!(player.puzzle().kind, PuzzleKind::Tactic);
            assert_eq!(player.turns_left(), info.turns);
            let mut turn = solution(&info.id);
            let mut turns = 0;
            let result = loop {
                turns += 1;
                let said = verdict(&play_turn(&player, &turn));
                let guided = verdict(&play_turn(&guide, &turn));
                if let TurnVerdict::Right { .. } = said {
                    assert_eq!(said, guided, "{}: the same defence", info.id);
                }
                match said {
                    TurnVerdict::Solved { result } => break result,
                    TurnVerdict::Right { reply, turns_left } => {
                        assert!(!reply.is_empty(), "{}: the defender answers", info.id);
                        assert_eq!(turns_left, info.turns - turns);
                        assert_eq!(player.turns_left(), turns_left);
                        assert_eq!(player.snapshot().to_move, info.player);
                        turn = guide.hint().unwrap().actions;
                    }
                    other => panic!("{}: turn {turns}: {other:?}", info.id),
                }
            };
            assert!(turns <= info.turns, "{}: within its turns", info.id);
            assert_eq!(result, PuzzleResult::Solved, "{}", info.id);
            assert_eq!(player.state(), PuzzleState::Solved);
            assert_eq!(player.result(), Some(PuzzleResult::Solved));
            assert_eq!(player.hints_used(), 0);
            assert!(player.snapshot().points.iter().all(|p| !p.target));
            assert_eq!(player.tap("a1".into()).unwrap(), finished());
            assert!(player.hint().is_err(), "no hint once solved");
        }
    }
}

#[test]
fn a_wrong_first_turn_says_the_goal_is_no_longer_forced_and_retry_starts_again() {
    for game in GAMES {
        let info = tactics(game)[0].clone();
        let en = PuzzleSession::new(info.id.clone(), "en".into()).unwrap();
        let hans = PuzzleSession::new(info.id.clone(), "zh-CN".into()).unwrap();
        let right = solution(&info.id);
        // A first action the solution does not begin with, completed by any legal rest: a
        // tactic has one first turn that keeps its goal (docs/puzzles.md).
        let puzzle = mills_core::puzzles::puzzle(&info.id).unwrap();
        let mut now = puzzle.game().unwrap();
        let first = now
            .position()
            .legal_actions()
            .iter()
            .copied()
            .find(|a| a.to_string() != right[0])
            .unwrap();
        let mut wrong = vec![first];
        let mut applied = now.play(first).unwrap();
        while !applied.turn_ended && !now.is_over() {
            let next = now.position().legal_actions()[0];
            wrong.push(next);
            applied = now.play(next).unwrap();
        }
        let wrong: Vec<String> = wrong.iter().map(|a| a.to_string()).collect();
        let (TurnVerdict::Wrong { wrong: said }, TurnVerdict::Wrong { wrong: said_hans }) = (
            verdict(&play_turn(&en, &wrong)),
            verdict(&play_turn(&hans, &wrong)),
        ) else {
            panic!("{}: {wrong:?} misses the goal", info.id);
        };
        assert_eq!(said.consequence, Consequence::GoalNotForced);
        assert_eq!(said.played, wrong);
        assert_eq!(
            said.right, right,
            "{}: the turn that keeps the goal",
            info.id
        );
        assert!(
            said.explanation.contains("stop the goal"),
            "{}",
            said.explanation
        );
        assert!(
            said_hans.explanation.contains("目标"),
            "{}",
            said_hans.explanation
        );
        assert_eq!(en.state(), PuzzleState::Failed { wrong: said });
        assert_eq!(en.result(), Some(PuzzleResult::Failed));
        assert_eq!(en.tap("a1".into()).unwrap(), finished());

        en.retry();
        assert_eq!(en.state(), PuzzleState::Playing);
        assert_eq!(en.turns_left(), info.turns);
        let fresh = PuzzleSession::new(info.id.clone(), "en".into()).unwrap();
        assert_eq!(en.snapshot().points, fresh.snapshot().points);
        let hint = en.hint().unwrap();
        assert_eq!(
            hint.actions, right,
            "a hint is the turn that keeps the goal"
        );
        assert_eq!(hint.player, info.player);
        assert_eq!(en.hints_used(), 1);
        assert_eq!(
            en.result(),
            Some(PuzzleResult::Failed),
            "the first attempt counts"
        );
    }
}

#[test]
fn a_tactics_goal_is_said_in_the_sessions_language() {
    for game in GAMES {
        let info = tactics(game)[0].clone();
        let side = if info.player == mills_ffi::Player::P1 {
            ("White", "白方")
        } else {
            ("Black", "黑方")
        };
        let en = PuzzleSession::new(info.id.clone(), "en-US".into()).unwrap();
        let hant = PuzzleSession::new(info.id.clone(), "zh-Hant-TW".into()).unwrap();
        for goal in [en.goal(), hant.goal()] {
            assert!(goal.contains(&info.turns.to_string()), "{goal}");
            assert!(!goal.contains("win in"), "a tactic is no win in N: {goal}");
        }
        assert!(en.goal().starts_with(side.0), "{}", en.goal());
        assert!(hant.goal().contains(side.1), "{}", hant.goal());
        assert_ne!(en.goal(), hant.goal());
    }
}

#[test]
fn the_daily_puzzle_and_the_rush_draw_tactics_beside_endgames() {
    let days: Vec<_> = (1..=12)
        .flat_map(|month| [1, 10, 20].map(|day| (month, day)))
        .map(|(month, day)| puzzle_daily(2027, month, day, None).unwrap())
        .collect();
    let kinds: BTreeSet<_> = days.iter().map(|p| format!("{:?}", p.kind)).collect();
    assert_eq!(kinds.len(), 2, "36 days draw both kinds: {kinds:?}");
    for game in GAMES {
        for seed in 0..8 {
            let rush = puzzle_rush_order(game, seed);
            let tactic_count = rush.iter().filter(|p| p.kind == PuzzleKind::Tactic).count();
            assert_eq!(tactic_count, tactics(game).len(), "{game:?}: every tactic");
            // Difficulty rises with the kinds mixed, not one kind after the other.
            let at = |kind: PuzzleKind| -> Vec<usize> {
                (0..rush.len()).filter(|&i| rush[i].kind == kind).collect()
            };
            let (endgames, tactics) = (at(PuzzleKind::Endgame), at(PuzzleKind::Tactic));
            assert!(
                endgames[0] < *tactics.last().unwrap() && tactics[0] < *endgames.last().unwrap(),
                "{game:?} seed {seed}: the kinds are mixed"
            );
        }
    }
    // Every tactic's session opens (none is refused for lack of tables or proof).
    for game in GAMES {
        for info in tactics(game).into_iter().step_by(20) {
            let session = PuzzleSession::new(info.id.clone(), "en".into()).unwrap();
            assert_eq!(session.state(), PuzzleState::Playing, "{}", info.id);
        }
    }
}
