//! Endgame tables in a session: levels 8–10 play the tables' best turn, lower levels do not
//! use them, and the analysis gives the exact result ("wins in N turns").

use std::sync::Arc;

use super::*;
use crate::ai::Verdict;
use crate::cancel::CancelToken;
use crate::limits::SearchLimits;
use crate::position::{Position, Setup};
use crate::rules::Rules;
use crate::session::Resume;
use crate::tables::ExactResult;
use crate::tables::{EndgameTables, TableShelf, TableValue};

/// A Twelve Men's Morris 3 v 3 position, P1 to move, that the tables win slowly (at least
/// `turns` turns): beyond what a shallow search sees.
fn slow_win(tables: &EndgameTables, turns: u16) -> (Position, u16) {
    let points = crate::board::Point::ALL;
    let triples = || {
        (0..24)
            .flat_map(move |a| (a + 1..24).flat_map(move |b| (b + 1..24).map(move |c| [a, b, c])))
    };
    for mine in triples() {
        for theirs in triples() {
            if theirs.iter().any(|p| mine.contains(p)) {
                continue;
            }
            let mut setup = Setup::moving(Rules::TWELVE_MENS_MORRIS);
            setup.p1 = mine.iter().map(|&i| points[i]).collect();
            setup.p2 = theirs.iter().map(|&i| points[i]).collect();
            let Ok(position) = setup.build() else {
                continue;
            };
            if let Some(TableValue::Win(d)) = tables.probe(&position)
                && d >= turns
            {
                return (position, d);
            }
        }
    }
    panic!("no win of {turns} turns");
}

fn session_at(config: SessionConfig, position: Position, shelf: &Arc<TableShelf>) -> GameSession {
    let (mut options, _) = SessionOptions::for_tests();
    options.tables = Some(Arc::clone(shelf));
    GameSession::start(
        config,
        Game::from_position(position),
        Resume::fresh(),
        options,
        None,
    )
}

#[test]
fn the_computer_plays_the_tables_and_the_analysis_is_exact() {
    let tables = EndgameTables::build(Variant::TwelveMensMorris, 3, 2, &mut |_| {}).unwrap();
    let (position, turns) = slow_win(&tables, 9);
    let shelf = Arc::new(TableShelf::new());
    shelf.put(Arc::new(tables.clone()));

    for level in [8, 10] {
        let s = session_at(
            vs_computer(Variant::TwelveMensMorris, Side::P1, level),
            position,
            &shelf,
        );
        s.run_computer_turn_now().unwrap();
        let after = *s.game().position();
        assert_eq!(
            tables.probe(&after),
            Some(TableValue::Loss(turns - 1)),
            "level {level} keeps the win and shortens it by one turn"
        );
    }

    let s = session_at(pass_and_play(Variant::TwelveMensMorris), position, &shelf);
    let evaluation = s
        .evaluate(SearchLimits::depth(1), &CancelToken::new())
        .unwrap();
    assert_eq!(
        evaluation.verdict,
        Verdict::Exact(ExactResult::Win {
            winner: Side::P1,
            turns: u32::from(turns)
        })
    );
    // Without tables the same position only gets a search's opinion.
    shelf.clear();
    let guess = s
        .evaluate(SearchLimits::depth(1), &CancelToken::new())
        .unwrap();
    assert!(!matches!(guess.verdict, Verdict::Exact(_)), "{guess:?}");
}

#[test]
fn levels_below_eight_do_not_use_the_tables() {
    let shelf = TableShelf::new();
    shelf.put(Arc::new(
        EndgameTables::build(Variant::TwelveMensMorris, 3, 1, &mut |_| {}).unwrap(),
    ));
    for n in 1..=10 {
        let level = Level::new(n).unwrap();
        assert_eq!(
            shelf.for_level(Variant::TwelveMensMorris, level).is_some(),
            n >= 8,
            "level {n}"
        );
        assert!(shelf.for_level(Variant::ZhiQi, level).is_none());
    }
}
