//! Puzzles through the FFI calls: the catalogue and the ways to pick one (both kinds), an
//! endgame solved and failed by taps against the tables, a tactic solved and failed by taps
//! against the goal search, hints and retry, the statistics file and the rating from puzzles
//! and from games against the computer.

use std::sync::OnceLock;

use mills_ffi::{
    Consequence, GameId, GameMode, GameSession, MillsError, PuzzleGrade, PuzzleKind, PuzzleResult,
    PuzzleSession, PuzzleState, SessionConfig, SessionOptions, TablesState, TapVerdict, TurnTimer,
    TurnVerdict, puzzle_choose, puzzle_daily, puzzle_grade_counts, puzzle_info,
    puzzle_opening_grade, puzzle_rush_order, puzzle_stats_load, puzzle_stats_record,
    puzzle_stats_record_rush, puzzle_stats_reset, puzzles, tables_prepare,
};

#[path = "puzzle/taps.rs"]
mod taps;
use taps::{finished, play_turn, verdict};

/// The tests about the tables' "win in N" choose endgames.
const ENDGAME: Option<PuzzleKind> = Some(PuzzleKind::Endgame);

/// The four-piece tables of every game, prepared once for this test binary (kept in the
/// target directory between runs, as an app keeps them between launches).
fn tables() {
    static READY: OnceLock<()> = OnceLock::new();
    READY.get_or_init(|| {
        let dir = format!("{}/puzzle-tables", env!("CARGO_TARGET_TMPDIR"));
        let preparation = tables_prepare(dir, 4, None, None).unwrap();
        assert_eq!(preparation.wait_until_done(600_000), TablesState::Ready);
    });
}

/// Solves `id` on a clean session by following the hints a second session gives, so the
/// clean one is solved without any hint. Gives the clean session.
fn solve(id: &str) -> std::sync::Arc<PuzzleSession> {
    let guide = PuzzleSession::new(id.into(), "en".into()).unwrap();
    let clean = PuzzleSession::new(id.into(), "en".into()).unwrap();
    for _ in 0..guide.puzzle().turns {
        let hint = guide.hint().unwrap();
        let guided = play_turn(&guide, &hint.actions);
        let played = play_turn(&clean, &hint.actions);
        match (verdict(&guided), verdict(&played)) {
            (TurnVerdict::Solved { .. }, TurnVerdict::Solved { .. }) => return clean,
            (guided, played) => assert_eq!(guided, played, "the defence is the same"),
        }
    }
    panic!("{id} was not solved in its turns");
}

#[test]
fn every_game_has_a_graded_catalogue_and_the_modes_pick_from_it() {
    for game in [GameId::Zhiqi, GameId::LinkedHorse, GameId::TwelveMensMorris] {
        let all = puzzles(game);
        assert!(all.len() >= 300, "{game:?}: {}", all.len());
        assert!(
            all.iter()
                .all(|p| p.game == game && (1..=30).contains(&p.turns))
        );
        let info = puzzle_info(all[7].id.clone()).unwrap();
        assert_eq!(info, all[7]);
        // Zhi Qi has no easy endgame: its short wins are won by every first turn
        // (docs/puzzles.md), so its easiest endgames are medium.
        let easiest_endgame = match game {
            GameId::Zhiqi => PuzzleGrade::Medium,
            _ => PuzzleGrade::Easy,
        };
        let endgames = puzzle_choose(game, Some(easiest_endgame), Some(PuzzleKind::Endgame));
        assert!(!endgames.is_empty() && endgames.iter().all(|p| p.grade == easiest_endgame));
        let easiest = all
            .iter()
            .map(|p| p.grade)
            .min_by_key(|g| *g as u8)
            .unwrap();
        let first_grade = puzzle_choose(game, Some(easiest), None);
        assert!(!first_grade.is_empty() && first_grade.iter().all(|p| p.grade == easiest));
        assert!(first_grade.windows(2).all(|w| w[0].score <= w[1].score));
        assert_eq!(puzzle_choose(game, None, None).len(), all.len());
        let rush = puzzle_rush_order(game, 42);
        assert_eq!(rush.len(), all.len());
        assert_eq!(rush[0].grade, easiest);
        assert_eq!(
            rush.last().unwrap().grade,
            all.iter()
                .map(|p| p.grade)
                .max_by_key(|g| *g as u8)
                .unwrap()
        );
        assert_ne!(rush, puzzle_rush_order(game, 43), "a new seed, a new rush");
    }
    let daily = puzzle_daily(2026, 12, 6, None).unwrap();
    assert_eq!(daily, puzzle_daily(2026, 12, 6, None).unwrap());
    assert_eq!(
        puzzle_daily(2026, 12, 6, Some(GameId::Zhiqi)).unwrap().game,
        GameId::Zhiqi
    );
    assert!(
        (1..=31)
            .map(|d| puzzle_daily(2027, 1, d, None).unwrap().id)
            .collect::<std::collections::BTreeSet<_>>()
            .len()
            > 20
    );
    assert_eq!(
        puzzle_daily(2023, 2, 29, None),
        Err(MillsError::InvalidDate {
            year: 2023,
            month: 2,
            day: 29
        })
    );
    assert!(matches!(
        puzzle_info("zq-nothing".into()),
        Err(MillsError::NotAvailable { .. })
    ));
}

/// A player choosing puzzles by grade is never sent to an empty list: the counts say which
/// grades each game has, and the choice opens on one of them.
#[test]
fn the_choice_opens_on_a_grade_the_game_has_puzzles_of() {
    for game in [GameId::Zhiqi, GameId::LinkedHorse, GameId::TwelveMensMorris] {
        let counts = puzzle_grade_counts(game, None);
        let grades: Vec<PuzzleGrade> = counts.iter().map(|c| c.grade).collect();
        assert_eq!(
            grades,
            [
                PuzzleGrade::Easy,
                PuzzleGrade::Medium,
                PuzzleGrade::Hard,
                PuzzleGrade::Expert,
                PuzzleGrade::Master
            ]
        );
        for c in &counts {
            assert_eq!(
                c.count as usize,
                puzzle_choose(game, Some(c.grade), None).len(),
                "{game:?} {:?}",
                c.grade
            );
        }
        let total: u32 = counts.iter().map(|c| c.count).sum();
        assert_eq!(total as usize, puzzles(game).len());
        for c in &counts {
            let opened = puzzle_opening_grade(game, Some(c.grade), None).unwrap();
            assert!(
                !puzzle_choose(game, Some(opened), None).is_empty(),
                "{game:?} opens on {opened:?}"
            );
            if c.count > 0 {
                assert_eq!(opened, c.grade, "the player's last choice is kept");
            }
        }
        let easiest = counts.iter().find(|c| c.count > 0).unwrap().grade;
        assert_eq!(puzzle_opening_grade(game, None, None), Some(easiest));
    }
    // Zhi Qi has no easy endgame (docs/puzzles.md): its choice of endgames opens on medium.
    let endgame = Some(PuzzleKind::Endgame);
    assert_eq!(puzzle_grade_counts(GameId::Zhiqi, endgame)[0].count, 0);
    assert_eq!(
        puzzle_opening_grade(GameId::Zhiqi, Some(PuzzleGrade::Easy), endgame),
        Some(PuzzleGrade::Medium)
    );
}

/// Free choice by kind: each kind's list holds that kind only, the two kinds together are
/// the whole catalogue, the grade and the kind filter together, and a kind the game has no
/// puzzle of opens on no grade (the apps then say so instead of showing an empty list).
#[test]
fn the_choice_by_kind_splits_the_catalogue_and_says_when_a_kind_is_empty() {
    let kinds = [PuzzleKind::Endgame, PuzzleKind::Tactic];
    for game in [GameId::Zhiqi, GameId::LinkedHorse, GameId::TwelveMensMorris] {
        let all = puzzle_choose(game, None, None);
        let mut split = 0;
        for kind in kinds {
            let of_kind = puzzle_choose(game, None, Some(kind));
            assert!(of_kind.iter().all(|p| p.kind == kind), "{game:?} {kind:?}");
            assert!(
                of_kind
                    .iter()
                    .all(|p| puzzle_info(p.id.clone()).unwrap().kind == kind),
                "{game:?}: the catalogue and the puzzle agree on the kind"
            );
            split += of_kind.len();
            let counts = puzzle_grade_counts(game, Some(kind));
            for c in &counts {
                let chosen = puzzle_choose(game, Some(c.grade), Some(kind));
                assert_eq!(
                    c.count as usize,
                    chosen.len(),
                    "{game:?} {kind:?} {:?}",
                    c.grade
                );
                let expected: Vec<_> = puzzle_choose(game, Some(c.grade), None)
                    .into_iter()
                    .filter(|p| p.kind == kind)
                    .collect();
                assert_eq!(
                    chosen, expected,
                    "{game:?} {kind:?}: the grade and the kind filter together"
                );
            }
            let opening = puzzle_opening_grade(game, Some(PuzzleGrade::Master), Some(kind));
            match opening {
                None => {
                    assert!(
                        of_kind.is_empty(),
                        "{game:?} {kind:?} has puzzles but opens on no grade"
                    );
                    assert!(counts.iter().all(|c| c.count == 0));
                }
                Some(grade) => assert!(
                    !puzzle_choose(game, Some(grade), Some(kind)).is_empty(),
                    "{game:?} {kind:?} opens on {grade:?}, a grade it has none of"
                ),
            }
        }
        assert_eq!(split, all.len(), "{game:?}: every puzzle is of one kind");
        assert!(
            puzzle_choose(game, None, Some(PuzzleKind::Endgame)).len() >= 300,
            "{game:?}: the endgames are all there"
        );
    }
}

#[test]
fn a_puzzle_is_solved_by_the_taps_of_its_winning_turns() {
    tables();
    let id = puzzle_choose(GameId::TwelveMensMorris, Some(PuzzleGrade::Medium), ENDGAME)[0]
        .id
        .clone();
    let session = solve(&id);
    assert_eq!(session.state(), PuzzleState::Solved);
    assert_eq!(session.result(), Some(PuzzleResult::Solved));
    assert_eq!(session.hints_used(), 0);
    assert_eq!(session.turns_left(), 0);
    assert!(session.snapshot().outcome.is_some());
    assert!(session.snapshot().points.iter().all(|p| !p.target));
    assert_eq!(session.tap("a1".into()).unwrap(), finished());
    assert!(matches!(session.hint(), Err(MillsError::GameOver)));
}

#[test]
fn the_defenders_reply_comes_after_the_players_revision() {
    tables();
    let id = puzzle_choose(GameId::Zhiqi, None, ENDGAME)
        .into_iter()
        .find(|p| p.turns >= 3)
        .unwrap()
        .id;
    let guide = PuzzleSession::new(id.clone(), "en".into()).unwrap();
    let session = PuzzleSession::new(id, "en".into()).unwrap();
    assert_eq!(
        session.goal(),
        format!(
            "{} to move and win in {}",
            if session.puzzle().player == mills_ffi::Player::P1 {
                "White"
            } else {
                "Black"
            },
            session.puzzle().turns
        )
    );
    let start = session.snapshot();
    assert!(!start.can_undo && !start.computer_thinking && !start.unfinished);
    let hint = guide.hint().unwrap();
    let last = play_turn(&session, &hint.actions);
    let Some(TapVerdict::Puzzle {
        played_revision,
        verdict: TurnVerdict::Right { reply, turns_left },
    }) = last.verdict
    else {
        panic!("a right turn: {last:?}");
    };
    assert_eq!(turns_left, session.puzzle().turns - 1);
    assert!(!reply.is_empty());
    let batch = session.board().changes_since(start.revision);
    let after = batch
        .changes
        .iter()
        .filter(|c| c.revision > played_revision)
        .count();
    assert!(after >= 1, "the reply's changes follow the player's");
    assert_eq!(batch.snapshot, session.snapshot());
    assert_eq!(session.snapshot().to_move, session.puzzle().player);
}

#[test]
fn a_wrong_turn_says_what_it_allows_in_the_sessions_language_and_retry_starts_again() {
    tables();
    for game in [GameId::Zhiqi, GameId::LinkedHorse, GameId::TwelveMensMorris] {
        let info = puzzle_choose(game, None, ENDGAME)[0].clone();
        let en = PuzzleSession::new(info.id.clone(), "en-GB".into()).unwrap();
        let hant = PuzzleSession::new(info.id.clone(), "zh-TW".into()).unwrap();
        assert_eq!(hant.locale(), "zh-Hant");
        assert!(hant.goal().contains("回合內獲勝"), "{}", hant.goal());
        let right = en.clone().hint().unwrap();
        // The first legal action that is not the winning turn's, then any legal rest.
        let puzzle = mills_core::puzzles::puzzle(&info.id).unwrap();
        let mut game_now = puzzle.game().unwrap();
        let first = game_now
            .position()
            .legal_actions()
            .iter()
            .copied()
            .find(|a| a.to_string() != right.actions[0])
            .unwrap();
        let mut wrong = vec![first];
        let mut applied = game_now.play(first).unwrap();
        while !applied.turn_ended && !game_now.is_over() {
            let next = game_now.position().legal_actions()[0];
            wrong.push(next);
            applied = game_now.play(next).unwrap();
        }
        let wrong: Vec<String> = wrong.iter().map(|a| a.to_string()).collect();
        let said_en = verdict(&play_turn(&en, &wrong));
        let said_hant = verdict(&play_turn(&hant, &wrong));
        let (TurnVerdict::Wrong { wrong: en_wrong }, TurnVerdict::Wrong { wrong: hant_wrong }) =
            (said_en, said_hant)
        else {
            panic!("{}: {wrong:?} is wrong", info.id);
        };
        assert_eq!(en_wrong.consequence, hant_wrong.consequence);
        assert_eq!(en_wrong.played, wrong);
        assert!(!en_wrong.right.is_empty());
        match en_wrong.consequence {
            Consequence::Draw => assert!(en_wrong.explanation.contains("draw")),
            Consequence::Loss { opponent_turns: 0 } => {
                assert!(en_wrong.explanation.contains("loses"))
            }
            Consequence::Loss { opponent_turns: n } | Consequence::SlowerWin { turns: n } => {
                assert!(en_wrong.explanation.contains(&n.to_string()));
                assert!(hant_wrong.explanation.contains(&n.to_string()));
            }
            Consequence::GoalNotForced => panic!("{}: an endgame is judged by the tables", info.id),
        }
        assert_ne!(en_wrong.explanation, hant_wrong.explanation);
        assert_eq!(en.result(), Some(PuzzleResult::Failed));
        assert!(matches!(en.state(), PuzzleState::Failed { .. }));
        assert_eq!(en.tap("a1".into()).unwrap(), finished());

        let before = en.snapshot().revision;
        en.retry();
        assert_eq!(en.state(), PuzzleState::Playing);
        assert_eq!(
            en.result(),
            Some(PuzzleResult::Failed),
            "the first attempt counts"
        );
        assert!(matches!(
            en.board()
                .changes_since(before)
                .changes
                .last()
                .unwrap()
                .change,
            mills_ffi::Change::Reset { .. }
        ));
        let fresh = PuzzleSession::new(info.id.clone(), "en".into()).unwrap();
        assert_eq!(en.snapshot().points, fresh.snapshot().points);
        // A hint after the retry counts, and it is a game's hint: the whole turn.
        let hint = en.hint().unwrap();
        assert_eq!(hint.actions, right.actions);
        assert_eq!(hint.player, info.player);
        assert!(hint.destination.is_some() || !hint.removals.is_empty());
        assert_eq!(en.hints_used(), 2);
    }
}

#[test]
fn a_puzzle_solved_with_hints_says_how_many() {
    tables();
    let info = puzzle_choose(GameId::TwelveMensMorris, None, ENDGAME)
        .into_iter()
        .find(|p| p.turns == 2)
        .unwrap();
    let session = PuzzleSession::new(info.id.clone(), "en".into()).unwrap();
    let start = session.snapshot();
    for _ in 0..info.turns {
        let hint = session.hint().unwrap();
        let last = play_turn(&session, &hint.actions);
        if let TurnVerdict::Solved { result } = verdict(&last) {
            assert_eq!(result, PuzzleResult::SolvedWithHints { hints: 2 });
            assert_eq!(session.result(), Some(result));
            return;
        }
    }
    panic!("not solved from {start:?}");
}

#[test]
fn statistics_and_the_rating_are_kept_in_one_file_and_games_against_the_computer_count() {
    let dir = std::env::temp_dir().join(format!("mills-puzzle-stats-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("puzzles.json").to_string_lossy().into_owned();
    let fresh = puzzle_stats_load(path.clone()).unwrap();
    assert_eq!(fresh.len(), 3);
    assert_eq!(
        (fresh[0].rating.rating, fresh[0].rating.deviation),
        (1500.0, 350.0)
    );

    let list = puzzle_choose(GameId::Zhiqi, None, None);
    let solved =
        puzzle_stats_record(path.clone(), list[0].id.clone(), PuzzleResult::Solved).unwrap();
    assert_eq!((solved.solved, solved.streak, solved.attempted), (1, 1, 1));
    assert!(solved.rating.rating > 1500.0 && solved.rating.deviation < 350.0);
    let failed =
        puzzle_stats_record(path.clone(), list[1].id.clone(), PuzzleResult::Failed).unwrap();
    assert_eq!(
        (failed.solved, failed.streak, failed.best_streak),
        (1, 0, 1)
    );
    assert!(failed.rating.rating < solved.rating.rating);
    assert!(puzzle_stats_record_rush(path.clone(), GameId::Zhiqi, 9).unwrap());
    assert!(!puzzle_stats_record_rush(path.clone(), GameId::Zhiqi, 4).unwrap());
    // What a killed app finds at its next launch: the file as last written.
    let reloaded = puzzle_stats_load(path.clone()).unwrap();
    assert_eq!(reloaded[0].best_rush, 9);
    assert_eq!(reloaded[0].solved_ids, vec![list[0].id.clone()]);
    // The file keeps the rating to within JSON's decimal digits.
    assert!((reloaded[0].rating.rating - failed.rating.rating).abs() < 1e-9);
    assert!((reloaded[0].rating.deviation - failed.rating.deviation).abs() < 1e-9);

    // A lost game against the computer lowers the rating; pass-and-play changes nothing.
    let play = |mode: GameMode| {
        let session = GameSession::new(
            SessionConfig {
                game: GameId::Zhiqi,
                mode,
                timer: TurnTimer::Off,
            },
            SessionOptions {
                autosave_path: None,
                stats_path: None,
                seed: Some(3),
                timer_thread: false,
                manual_clock: true,
                manual_computer: true,
                puzzle_stats_path: Some(path.clone()),
            },
            None,
        )
        .unwrap();
        session.resign().unwrap();
        session.shut_down();
    };
    play(GameMode::PassAndPlay);
    assert_eq!(puzzle_stats_load(path.clone()).unwrap()[0], reloaded[0]);
    play(GameMode::VsComputer {
        computer: mills_ffi::Player::P2,
        level: 3,
    });
    let rated = &puzzle_stats_load(path.clone()).unwrap()[0];
    assert_eq!(rated.rated_games, 1);
    assert!(rated.rating.rating < reloaded[0].rating.rating);

    std::fs::write(&path, "not statistics").unwrap();
    assert!(matches!(
        puzzle_stats_load(path.clone()),
        Err(MillsError::CorruptSave { .. })
    ));
    assert!(matches!(
        puzzle_stats_record(path.clone(), list[0].id.clone(), PuzzleResult::Solved),
        Err(MillsError::CorruptSave { .. })
    ));
    assert_eq!(
        std::fs::read_to_string(&path).unwrap(),
        "not statistics",
        "kept as it is"
    );
    puzzle_stats_reset(path.clone()).unwrap();
    assert_eq!(puzzle_stats_load(path).unwrap()[0].attempted, 0);
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn a_solved_puzzle_that_the_set_no_longer_has_stays_in_the_file_uncounted() {
    let dir = std::env::temp_dir().join(format!("mills-puzzle-gone-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("puzzles.json").to_string_lossy().into_owned();
    // Saved by a build whose set had zq-000013-000040 (won by every first turn, since removed).
    let gone = "zq-000013-000040";
    assert!(puzzle_info(gone.into()).is_err());
    let saved = format!(
        "{{\"games\":{{\"zhiqi\":{{\"attempted\":1,\"solved\":[\"{gone}\"],\"streak\":1,\
         \"best_streak\":1}}}}}}"
    );
    std::fs::write(&path, &saved).unwrap();
    let loaded = puzzle_stats_load(path.clone()).unwrap();
    assert_eq!(
        (loaded[0].attempted, loaded[0].solved, loaded[0].streak),
        (1, 0, 1)
    );
    assert!(loaded[0].solved_ids.is_empty());

    let list = puzzle_choose(GameId::Zhiqi, None, None);
    let after =
        puzzle_stats_record(path.clone(), list[0].id.clone(), PuzzleResult::Solved).unwrap();
    assert_eq!((after.attempted, after.solved, after.streak), (2, 1, 2));
    assert_eq!(after.solved_ids, vec![list[0].id.clone()]);
    let file = std::fs::read_to_string(&path).unwrap();
    assert!(file.contains(gone), "kept in the file: {file}");
    std::fs::remove_dir_all(dir).unwrap();
}

/// The engine's tactics reach the apps' catalogue records as tactics: the kind, the turns
/// and the game the engine gives them, by their ids.
#[test]
fn a_tactic_is_a_tactic_through_the_ffi() {
    use mills_core::puzzles::{self as core, PuzzleKind as CoreKind};
    for (game, variant) in [
        (GameId::Zhiqi, mills_core::Variant::ZhiQi),
        (GameId::LinkedHorse, mills_core::Variant::LinkedHorse),
        (
            GameId::TwelveMensMorris,
            mills_core::Variant::TwelveMensMorris,
        ),
    ] {
        let tactics = core::tactics(variant);
        assert!(!tactics.is_empty(), "{game:?} ships tactics");
        for tactic in tactics.iter().take(20) {
            assert_eq!(tactic.kind(), CoreKind::Tactic);
            let info = puzzle_info(tactic.id.clone()).unwrap();
            assert_eq!(info.kind, PuzzleKind::Tactic, "{}", tactic.id);
            assert_eq!(
                (info.game, info.turns),
                (game, tactic.turns),
                "{}",
                tactic.id
            );
        }
        let endgame = &core::puzzles(variant)[0];
        assert_eq!(
            puzzle_info(endgame.id.clone()).unwrap().kind,
            PuzzleKind::Endgame
        );
    }
}
