//! The shipped puzzles, proved against the endgame tables built here (4 pieces a side, every
//! game: about a minute of CPU in all, shared by every test of this file), and played the way
//! a player plays them.

use std::sync::{Arc, OnceLock};

use mills_core::CancelToken;
use mills_core::Level;
use mills_core::puzzles::{
    self, Consequence, GameResult, Grade, MineConfig, NotAPuzzle, Opponent, ProofFailure,
    PuzzleError, PuzzleKind, PuzzleResult, PuzzleSession, PuzzleSet, PuzzleState, PuzzleStats,
    StatsError, StoredPuzzle, TurnVerdict, examine, prove,
};
use mills_core::{Action, Position, Side, Variant};
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
        // Zhi Qi's short wins in the tables are all won by every first turn (the bigger side
        // always wins), so its puzzles start at a win in 6 and none is easy (docs/puzzles.md).
        let (fewest_turns, grades) = match variant {
            Variant::ZhiQi => (6, &[Grade::Medium, Grade::Hard][..]),
            _ => (2, &[Grade::Easy, Grade::Medium, Grade::Hard][..]),
        };
        assert_eq!(shortest, fewest_turns, "{variant}");
        assert!(longest >= 12, "{variant}: longest win in {longest}");
        for &grade in grades {
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

/// A one-puzzle set as the file of an earlier set stored the puzzle: its key, the moves
/// reaching it, its turns and score.
fn stored_puzzle(variant: Variant, key: &str, moves: &str, turns: u8, score: u16) -> PuzzleSet {
    let length = moves.split_whitespace().count();
    let (m, o) = key.split_once('-').unwrap();
    let text = format!(
        "# mills puzzles 1 {}\ng {moves}\np {m} {o} {length} {turns} {score}\n",
        variant.id()
    );
    PuzzleSet::from_text(&text).unwrap()
}

/// Was shipped: a7-a4 wins in 2 and all six other turns win in 4 (a 4-against-1 ending).
fn won_by_every_turn() -> PuzzleSet {
    stored_puzzle(
        Variant::ZhiQi,
        "000013-000040",
        "f2 d6 c4 a4 d2 c3 f6 b2 f4 xd6 a1 xd2 b6 xa4 g1 b4 xd2 d1 xd2 d7 g7 d5 xd2 g4 xd2 e3 \
         d3 xe3 c5 e5 a7 xe5 e4 xe5 e4-e5 f4-e4 g4-f4 xb2 b4-b2 f4-g4 xb2 b6-b4 xe5 g4-f4 \
         a7-b6 xf4 d2-b2 xe4 d7-a7 xg7 b2-d2 xd5 f6-f4 d2-b2 xf4 a7-d7 b2-d2 xf2 d7-a7 xe3 \
         d2-b2 xd6 a7-d7 b2-d2 xd7 a4-a7 xc3 d3-c3 a7-a4 xc3 g1-f2 a4-a7 xd2 f2-g1 xb4 \
         c4-c3 a1-a4 b6-d6 a4-a1 xc5 a7-b6 a1-b2 d6-f6 b2-a1 xb6 f6-g7 a1-b2 g7-f6 b2-a1 \
         xc3 f6-e5 a1-a4 e5-f6 a4-a7 f6-g7",
        2,
        31,
    )
}

/// Was shipped: a win in 8 with three first turns in all.
fn three_first_turns() -> PuzzleSet {
    stored_puzzle(
        Variant::TwelveMensMorris,
        "000207-0a0480",
        "d2 d5 d7 d1 e3 e4 a4 d3 c5 f2 b6 b4 a7 xd3 g1 e5 a1 xd7 f4 f6 d3 d7 c3 xb4 d6 xa4 c4 \
         xf6 b2 f4-g4 e4-f4 e3-e4 d6-f6 xd2 d3-e3 xb2 f6-d6 xg4 c4-b4 d1-d2 b4-c4 xf2 d2-d1 \
         xe3 b6-b4 f4-f2 e4-f4 d6-b6 a7-a4 xd5 b6-d6 a4-a7 d7-g7 b4-a4 g7-d7 a4-b4 d6-b6 \
         a7-a4 xb6 f2-d2 b4-b2 g1-f2 e5-d5 f2-g1 xd5 b2-b4 xd7 g1-g4 b4-b2 g4-g1 xa4 f4-g4 \
         a1-a4 c3-d3 a4-a1 xc4 c5-c4",
        8,
        102,
    )
}

/// The first turns of `position`, one per board they lead to, with their values.
fn distinct_first_turns(tables: &EndgameTables, position: &Position) -> Vec<TableValue> {
    let mut seen = Vec::new();
    let mut values = Vec::new();
    for turn in tables.ranked_turns(position).unwrap() {
        let mut next = *position;
        for &action in &turn.actions {
            next.play(action).unwrap();
        }
        let key = (next.board(Side::P1).0, next.board(Side::P2).0);
        if !seen.contains(&key) {
            seen.push(key);
            values.push(turn.value);
        }
    }
    values
}

#[test]
fn a_position_won_by_every_first_turn_is_not_a_puzzle() {
    let puzzle = won_by_every_turn().puzzles().remove(0);
    let tables = tables_of(Variant::ZhiQi);
    let position = puzzle.position().unwrap();
    let values = distinct_first_turns(&tables, &position);
    // Everything else a puzzle needs is there: one turn wins in 2, the others twice as slowly.
    assert_eq!(values.len(), 7);
    assert_eq!(values[0], TableValue::Win(3));
    assert!(values[1..].iter().all(|v| *v == TableValue::Win(7)));
    assert_eq!(
        examine(&tables, &position),
        Err(NotAPuzzle::EveryTurnWins),
        "moving anything wins"
    );
    assert_eq!(
        prove(&puzzle, &tables),
        Err(ProofFailure::NotAPuzzle(NotAPuzzle::EveryTurnWins))
    );
}

#[test]
fn a_position_with_three_first_turns_is_not_a_puzzle() {
    let puzzle = three_first_turns().puzzles().remove(0);
    let tables = tables_of(Variant::TwelveMensMorris);
    let position = puzzle.position().unwrap();
    let values = distinct_first_turns(&tables, &position);
    assert_eq!(values.len(), 3);
    assert_eq!(values[0], TableValue::Win(15), "a unique win in 8");
    assert!(
        values[1..].iter().any(|v| !matches!(v, TableValue::Win(_))),
        "a wrong turn does not win: only the count refuses it ({values:?})"
    );
    assert_eq!(
        prove(&puzzle, &tables),
        Err(ProofFailure::NotAPuzzle(NotAPuzzle::TooFewFirstTurns(3)))
    );
}

#[test]
fn mining_onto_a_set_keeps_its_puzzles_that_still_are_and_fills_it_up() {
    let variant = Variant::TwelveMensMorris;
    let tables = tables_of(variant);
    let shipped = puzzles::shipped_set(variant).unwrap();
    let refused = three_first_turns();
    let mut old: Vec<StoredPuzzle> = shipped.stored()[..20].to_vec();
    old.insert(5, refused.stored()[0].clone());
    let config = MineConfig {
        seed: 77,
        games: 400,
        keep: 30,
        per_game: 2,
    };
    let existing = PuzzleSet::new(variant, old);
    let (mined, report) = puzzles::mine_onto(&tables, &existing, &config, &CancelToken::new());
    assert_eq!(report.kept, 20, "{report:?}");
    let ids: Vec<String> = mined.puzzles().into_iter().map(|p| p.id).collect();
    let kept: Vec<String> = shipped.puzzles()[..20]
        .iter()
        .map(|p| p.id.clone())
        .collect();
    assert_eq!(ids[..20], kept[..], "still puzzles: kept first, same ids");
    assert!(!ids.contains(&refused.puzzles()[0].id));
    assert_eq!(ids.len(), 30, "filled up with new ones");
    for puzzle in mined.puzzles() {
        prove(&puzzle, &tables).unwrap_or_else(|e| panic!("{}: {e}", puzzle.id));
    }
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
    let kinds = |days: &mut dyn Iterator<Item = puzzles::Puzzle>| {
        days.map(|p| p.kind())
            .collect::<std::collections::HashSet<_>>()
            .len()
    };
    assert_eq!(
        kinds(&mut (1..=31).map(|d| puzzles::daily_puzzle(None, 2027, 1, d).unwrap())),
        2,
        "the apps' daily puzzle is an endgame or a tactic, for their session plays both"
    );
    assert_eq!(
        kinds(&mut (1..=31).map(|d| {
            puzzles::daily_puzzle_from(puzzles::ALL_KINDS, None, 2027, 1, d).unwrap()
        })),
        2,
        "from both kinds, the daily puzzle is an endgame or a tactic"
    );
    assert!(matches!(
        puzzles::daily_puzzle(None, 2027, 2, 29),
        Err(PuzzleError::BadDate { .. })
    ));

    // The apps' rush holds every puzzle of the game, of both kinds, mixed.
    let rush = puzzles::rush_order(Variant::LinkedHorse, 9);
    assert_eq!(rush.len(), puzzles::all_puzzles(Variant::LinkedHorse).len());
    assert_eq!(
        rush,
        puzzles::rush_order_from(puzzles::ALL_KINDS, Variant::LinkedHorse, 9)
    );
    assert_eq!(
        kinds(&mut rush.clone().into_iter()),
        2,
        "a rush of both kinds mixes them"
    );
    let endgames = puzzles::rush_order_from(&[PuzzleKind::Endgame], Variant::LinkedHorse, 9);
    assert_eq!(endgames.len(), puzzles::puzzles(Variant::LinkedHorse).len());
    assert!(endgames.windows(2).all(|w| w[0].grade <= w[1].grade));
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
fn a_solved_puzzle_that_the_set_no_longer_has_is_kept_but_not_counted() {
    let removed = won_by_every_turn().puzzles().remove(0);
    assert!(matches!(
        puzzles::puzzle(&removed.id),
        Err(PuzzleError::UnknownPuzzle(_))
    ));
    let shipped = puzzles::puzzles(Variant::ZhiQi)[0].clone();
    // Statistics saved by a build that shipped the removed puzzle.
    let mut old = PuzzleStats::new();
    old.record_puzzle(&removed, PuzzleResult::Solved);
    old.record_puzzle(&shipped, PuzzleResult::Solved);
    let saved = old.to_json();

    let mut stats = PuzzleStats::from_json(&saved).unwrap();
    assert_eq!(
        stats.solved_shipped(Variant::ZhiQi),
        vec![shipped.id.clone()]
    );
    let rating = stats.game(Variant::ZhiQi).rating;
    let next = puzzles::puzzles(Variant::ZhiQi)[1].clone();
    stats.record_puzzle(&next, PuzzleResult::Solved);
    let game = stats.game(Variant::ZhiQi);
    assert_eq!((game.attempted, game.streak), (3, 3));
    assert!(game.rating.rating > rating.rating, "the rating goes on");
    let reread = PuzzleStats::from_json(&stats.to_json()).unwrap();
    assert!(
        reread.game(Variant::ZhiQi).solved.contains(&removed.id),
        "kept in the file"
    );
    assert_eq!(reread.solved_shipped(Variant::ZhiQi).len(), 2);
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
