//! The shipped puzzles, proved against the endgame tables built here (4 pieces a side, every
//! game: about a minute of CPU in all, shared by every test of this file), and played the way
//! a player plays them.

use std::sync::{Arc, OnceLock};

use mills_core::CancelToken;
use mills_core::Level;
use mills_core::puzzles::{
    self, Consequence, GameResult, Grade, MineConfig, Opponent, PuzzleError, PuzzleResult,
    PuzzleSession, PuzzleSet, PuzzleState, PuzzleStats, StatsError, TurnVerdict, prove,
};
use mills_core::{Action, Variant};
use mills_core::{EndgameTables, TableValue};

fn tables_of(variant: Variant) -> Arc<EndgameTables> {
    static BUILT: [OnceLock<Arc<EndgameTables>>; 3] =
        [OnceLock::new(), OnceLock::new(), OnceLock::new()];
    let slot = Variant::ALL.iter().position(|&v| v == variant).unwrap();
    BUILT[slot]
        .get_or_init(|| Arc::new(EndgameTables::build(variant, 4, 1, &mut |_| {}).unwrap()))
        .clone()
}

#[test]
fn the_four_piece_tables_are_the_bytes_they_have_always_been() {
    // Length and checksum (a table file's last eight bytes: FNV-1a of the rest) of each game's
    // 4-piece file as the first solver built them, which kept every entry's children in a
    // list; the solver that counts quiet steps must give the same bytes, and so must any
    // later change that does not mean to change a value.
    let expected = [
        (Variant::ZhiQi, 6_190_184, 0xf9a5_8d3d_cd1d_65ef_u64),
        (Variant::LinkedHorse, 5_686_489, 0x1358_17a6_1d22_c80c),
        (Variant::TwelveMensMorris, 5_686_495, 0x8908_f652_1185_d9ad),
    ];
    for (variant, len, checksum) in expected {
        let bytes = tables_of(variant).to_bytes();
        let tail: [u8; 8] = bytes[bytes.len() - 8..].try_into().unwrap();
        assert_eq!(
            (bytes.len(), u64::from_le_bytes(tail)),
            (len, checksum),
            "{variant}"
        );
    }
}

#[test]
fn every_shipped_puzzle_is_proved_by_the_tables() {
    for variant in Variant::ALL {
        let set = puzzles::shipped_set(variant).unwrap();
        assert_eq!(
            set.to_text(),
            puzzles::shipped_text(variant),
            "{variant}: the file is in the form the miner writes"
        );
        let list = puzzles::puzzles(variant);
        assert!(list.len() >= 300, "{variant}: {} puzzles", list.len());
        let tables = tables_of(variant);
        let mut ids = std::collections::HashSet::new();
        for puzzle in &list {
            prove(puzzle, &tables).unwrap_or_else(|e| panic!("{}: {e}", puzzle.id));
            assert!(
                ids.insert(puzzle.id.clone()),
                "{} twice (symmetry)",
                puzzle.id
            );
        }
        let longest = list.iter().map(|p| p.turns).max().unwrap();
        let shortest = list.iter().map(|p| p.turns).min().unwrap();
        assert_eq!(shortest, 2, "{variant}");
        assert!(longest >= 12, "{variant}: longest win in {longest}");
        for grade in [Grade::Easy, Grade::Medium, Grade::Hard] {
            assert!(
                !puzzles::choose(variant, Some(grade)).is_empty(),
                "{variant} {grade:?}"
            );
        }
    }
}

#[test]
fn a_damaged_or_altered_puzzle_is_refused() {
    let variant = Variant::TwelveMensMorris;
    let tables = tables_of(variant);
    let good = puzzles::puzzles(variant)[0].clone();
    let mut wrong_turns = good.clone();
    wrong_turns.turns += 1;
    assert!(prove(&wrong_turns, &tables).is_err());
    let mut unreachable = good.clone();
    unreachable
        .moves
        .insert(0, Action::Remove("a7".parse().unwrap()));
    assert!(prove(&unreachable, &tables).is_err());
    assert!(matches!(
        PuzzleSession::new(unreachable, tables.clone()),
        Err(PuzzleError::NotReachable(_))
    ));
    let mut wrong_score = good.clone();
    wrong_score.score += 1;
    assert!(prove(&wrong_score, &tables).is_err());
    assert!(
        prove(
            &good,
            &mills_core::EndgameTables::build(Variant::ZhiQi, 1, 1, &mut |_| {}).unwrap()
        )
        .is_err()
    );
    assert!(matches!(
        PuzzleSet::from_text("# mills puzzles 1 zhiqi\np 1 2 3 4 5\n"),
        Err(PuzzleError::BadData { line: 2, .. })
    ));
    assert!(PuzzleSet::from_text("hello").is_err());
    assert!(PuzzleSet::from_text("# mills puzzles 1 zhiqi\ng d6 zz\n").is_err());
}

#[test]
fn mining_is_deterministic_and_finds_proved_puzzles() {
    let variant = Variant::TwelveMensMorris;
    let tables = tables_of(variant);
    let config = MineConfig {
        seed: 77,
        games: 400,
        keep: 20,
        per_game: 2,
    };
    let (a, report) = puzzles::mine(&tables, &config, &CancelToken::new());
    let (b, _) = puzzles::mine(&tables, &config, &CancelToken::new());
    assert_eq!(a, b);
    assert!(!a.stored().is_empty(), "{report:?}");
    let back = PuzzleSet::from_text(&a.to_text()).unwrap();
    assert_eq!(back, a);
    for puzzle in a.puzzles() {
        prove(&puzzle, &tables).unwrap_or_else(|e| panic!("{}: {e}", puzzle.id));
    }
}

/// Plays the puzzle's main line with the tables' winning turns.
fn solve(session: &mut PuzzleSession, tables: &EndgameTables) -> TurnVerdict {
    loop {
        let ranked = tables.ranked_turns(&session.position()).unwrap();
        let best = ranked[0].actions.clone();
        let verdict = session.play_turn(&best).unwrap();
        match verdict {
            TurnVerdict::Right { turns_left, .. } => assert_eq!(turns_left, session.turns_left()),
            other => return other,
        }
    }
}

#[test]
fn a_player_solves_puzzles_on_the_right_line() {
    for variant in Variant::ALL {
        let tables = tables_of(variant);
        for puzzle in puzzles::puzzles(variant).into_iter().step_by(37) {
            let mut session = PuzzleSession::new(puzzle.clone(), tables.clone()).unwrap();
            let start = session.position();
            let mut turns = 0;
            let verdict = loop {
                let ranked = tables.ranked_turns(&session.position()).unwrap();
                let verdict = session.play_turn(&ranked[0].actions).unwrap();
                turns += 1;
                match verdict {
                    TurnVerdict::Right { ref reply, .. } => {
                        // The defender resists longest: the tables' best reply.
                        assert!(!reply.is_empty());
                    }
                    other => break other,
                }
            };
            assert_eq!(
                verdict,
                TurnVerdict::Solved(PuzzleResult::Solved),
                "{}",
                puzzle.id
            );
            assert_eq!(turns, puzzle.turns, "{}: won in exactly N turns", puzzle.id);
            assert_eq!(session.state(), &PuzzleState::Solved);
            assert_eq!(session.result(), Some(PuzzleResult::Solved));
            assert!(matches!(tables.probe(&start), Some(TableValue::Win(_))));
        }
    }
}

#[test]
fn a_wrong_turn_is_explained_and_a_hint_shows_the_way() {
    let variant = Variant::TwelveMensMorris;
    let tables = tables_of(variant);
    let mut explained = [false; 3];
    for puzzle in puzzles::puzzles(variant) {
        let mut session = PuzzleSession::new(puzzle.clone(), tables.clone()).unwrap();
        let ranked = tables.ranked_turns(&session.position()).unwrap();
        let solution = ranked[0].actions.clone();
        let Some(wrong) = ranked
            .iter()
            .rev()
            .find(|t| !matches!(t.value, TableValue::Win(_)) || t.value != ranked[0].value)
        else {
            continue;
        };
        // Played action by action, as taps make it.
        let mut verdict = None;
        for &action in &wrong.actions {
            verdict = Some(session.play_action(action).unwrap());
        }
        let Some(TurnVerdict::Wrong(w)) = verdict else {
            // Another order of the winning turn's removals: not a wrong turn.
            continue;
        };
        assert_eq!(w.played, wrong.actions);
        assert_eq!(w.right, solution);
        match (w.consequence, wrong.value) {
            (Consequence::Draw, TableValue::Draw) => explained[0] = true,
            (Consequence::Loss { opponent_turns }, TableValue::Loss(d)) => {
                assert_eq!(opponent_turns, d / 2, "{}", puzzle.id);
                explained[1] = true;
            }
            (Consequence::SlowerWin { turns }, TableValue::Win(d)) => {
                assert_eq!(turns, d.div_ceil(2) - 1, "{}", puzzle.id);
                assert!(turns + 1 >= 2 * u16::from(puzzle.turns), "much slower");
                explained[2] = true;
            }
            other => panic!("{}: {other:?}", puzzle.id),
        }
        assert!(matches!(session.state(), PuzzleState::Failed(_)));
        assert_eq!(session.result(), Some(PuzzleResult::Failed));
        assert_eq!(session.play_turn(&solution), Err(PuzzleError::NotPlaying));
        // Retry, take a hint, and solve: the first attempt's failure stays the result.
        session.retry();
        let hint = session.hint().unwrap();
        assert_eq!(hint, solution);
        assert_eq!(
            solve(&mut session, &tables),
            TurnVerdict::Solved(PuzzleResult::Failed)
        );
        if explained.iter().all(|e| *e) {
            break;
        }
    }
    assert!(
        explained[0] && explained[1],
        "draws and losses explained: {explained:?}"
    );

    // A hint on a fresh attempt makes it "solved with hints"; a turn begun before a hint is
    // taken back (a puzzle whose winning turn captures: two actions).
    let puzzle = puzzles::puzzles(variant)
        .into_iter()
        .find(|p| {
            let session = PuzzleSession::new(p.clone(), tables.clone()).unwrap();
            tables.ranked_turns(&session.position()).unwrap()[0]
                .actions
                .len()
                > 1
        })
        .expect("a puzzle won by a capture");
    let mut session = PuzzleSession::new(puzzle, tables.clone()).unwrap();
    let hint = session.hint().unwrap();
    assert_eq!(session.play_action(hint[0]).unwrap(), TurnVerdict::Continue);
    assert_ne!(
        session.position(),
        PuzzleSession::new(session.puzzle().clone(), tables.clone())
            .unwrap()
            .position()
    );
    assert_eq!(session.hint().unwrap(), hint);
    assert_eq!(session.hints_used(), 2);
    assert_eq!(
        solve(&mut session, &tables),
        TurnVerdict::Solved(PuzzleResult::SolvedWithHints { hints: 2 })
    );
    // Illegal actions change nothing.
    let mut session =
        PuzzleSession::new(puzzles::puzzles(variant)[0].clone(), tables.clone()).unwrap();
    let before = session.position();
    let bad = Action::Step {
        from: "a7".parse().unwrap(),
        to: "g1".parse().unwrap(),
    };
    assert!(matches!(
        session.play_turn(&[bad]),
        Err(PuzzleError::Illegal(_))
    ));
    assert_eq!(session.position(), before);
    assert!(matches!(
        PuzzleSession::new(
            puzzles::puzzles(variant)[0].clone(),
            tables_of(Variant::ZhiQi)
        ),
        Err(PuzzleError::WrongTables { .. })
    ));
}

#[test]
fn daily_rush_and_free_choice() {
    let a = puzzles::daily_puzzle(Some(Variant::ZhiQi), 2026, 12, 6).unwrap();
    assert_eq!(
        a,
        puzzles::daily_puzzle(Some(Variant::ZhiQi), 2026, 12, 6).unwrap()
    );
    assert_eq!(a.variant, Variant::ZhiQi);
    let days: std::collections::HashSet<String> = (1..=28)
        .map(|d| puzzles::daily_puzzle(None, 2027, 2, d).unwrap().id)
        .collect();
    assert!(days.len() > 20, "days differ: {}", days.len());
    let games: std::collections::HashSet<Variant> = (1..=28)
        .map(|d| puzzles::daily_puzzle(None, 2027, 2, d).unwrap().variant)
        .collect();
    assert_eq!(games.len(), 3);
    assert!(matches!(
        puzzles::daily_puzzle(None, 2027, 2, 29),
        Err(PuzzleError::BadDate { .. })
    ));

    let rush = puzzles::rush_order(Variant::LinkedHorse, 9);
    assert_eq!(rush.len(), puzzles::puzzles(Variant::LinkedHorse).len());
    assert!(
        rush.windows(2).all(|w| w[0].grade <= w[1].grade),
        "grades rise"
    );
    assert_ne!(
        rush.iter().map(|p| &p.id).collect::<Vec<_>>(),
        puzzles::rush_order(Variant::LinkedHorse, 10)
            .iter()
            .map(|p| &p.id)
            .collect::<Vec<_>>(),
        "a new order each rush"
    );
    let hard = puzzles::choose(Variant::TwelveMensMorris, Some(Grade::Hard));
    assert!(
        hard.iter()
            .all(|p| p.grade == Grade::Hard && p.variant == Variant::TwelveMensMorris)
    );
    assert!(hard.windows(2).all(|w| w[0].score <= w[1].score));
    assert_eq!(puzzles::puzzle(&hard[0].id).unwrap(), hard[0]);
    assert!(matches!(
        puzzles::puzzle("tmm-nope"),
        Err(PuzzleError::UnknownPuzzle(_))
    ));
}

#[test]
fn statistics_and_rating_are_kept_and_survive_a_save() {
    let list = puzzles::puzzles(Variant::ZhiQi);
    let mut stats = PuzzleStats::new();
    stats.record_puzzle(&list[0], PuzzleResult::Solved);
    stats.record_puzzle(&list[1], PuzzleResult::Solved);
    let after_two = stats.game(Variant::ZhiQi);
    assert_eq!(
        (
            after_two.streak,
            after_two.best_streak,
            after_two.solved.len()
        ),
        (2, 2, 2)
    );
    assert!(after_two.rating.rating > 1500.0 - 1e-9 || list[0].rating > 1500.0);
    stats.record_puzzle(&list[2], PuzzleResult::Failed);
    let failed = stats.game(Variant::ZhiQi);
    assert_eq!(
        (failed.streak, failed.best_streak, failed.attempted),
        (0, 2, 3)
    );
    assert!(
        failed.rating.rating < after_two.rating.rating,
        "a failure lowers the rating"
    );
    assert!(failed.rating.deviation < after_two.rating.deviation);
    stats.record_puzzle(&list[3], PuzzleResult::SolvedWithHints { hints: 1 });
    assert_eq!(stats.game(Variant::ZhiQi).streak, 0);
    assert!(stats.record_rush(Variant::ZhiQi, 7));
    assert!(!stats.record_rush(Variant::ZhiQi, 5));
    assert_eq!(stats.game(Variant::ZhiQi).best_rush, 7);

    // Games: the computer counts, pass-and-play does not.
    let before = stats.game(Variant::TwelveMensMorris);
    assert!(!stats.record_game(
        Variant::TwelveMensMorris,
        Opponent::PassAndPlay,
        GameResult::Won
    ));
    assert_eq!(stats.game(Variant::TwelveMensMorris), before);
    let strong = Level::new(10).unwrap();
    assert!(stats.record_game(
        Variant::TwelveMensMorris,
        Opponent::Computer(strong),
        GameResult::Won
    ));
    let won = stats.game(Variant::TwelveMensMorris);
    assert_eq!(won.rated_games, 1);
    assert!(
        won.rating.rating > 1800.0,
        "beating level 10 is worth much: {:?}",
        won.rating
    );

    let dir = std::env::temp_dir().join(format!("mills-puzzle-stats-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("puzzles.json");
    assert_eq!(
        PuzzleStats::load(&path).unwrap(),
        PuzzleStats::new(),
        "no file yet"
    );
    stats.save(&path).unwrap();
    assert_eq!(PuzzleStats::load(&path).unwrap(), stats);
    std::fs::write(&path, "{\"games\": 7").unwrap();
    assert!(matches!(
        PuzzleStats::load(&path),
        Err(StatsError::Corrupt(_))
    ));
    assert_eq!(
        std::fs::read_to_string(&path).unwrap(),
        "{\"games\": 7",
        "kept as it was"
    );
    let bad_rating = stats.to_json().replace("\"deviation\":", "\"deviation\":-");
    assert!(matches!(
        PuzzleStats::from_json(&bad_rating),
        Err(StatsError::Corrupt(_))
    ));
    std::fs::remove_dir_all(&dir).unwrap();
}
