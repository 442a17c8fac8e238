//! The solver's own tests; the independent check against a naive solver is
//! `rust-core/tests/tables.rs`.

use super::*;
use crate::action::Action;
use crate::cancel::CancelToken;
use crate::position::{Position, Setup};
use crate::rules::{Rules, Side, Variant};

fn tables(variant: Variant, max: u8, threads: usize) -> EndgameTables {
    EndgameTables::build(variant, max, threads, &mut |_| {}).expect("tables")
}

fn position(variant: Variant, mover: &str, other: &str) -> Position {
    Setup::moving(Rules::of(variant))
        .pieces(Side::P1, mover)
        .pieces(Side::P2, other)
        .build()
        .expect("valid")
}

#[test]
fn the_build_does_not_depend_on_the_number_of_threads() {
    let one = tables(Variant::ZhiQi, 3, 1);
    let three = tables(Variant::ZhiQi, 3, 3);
    assert_eq!(one.to_bytes(), three.to_bytes());
    assert_eq!(
        EndgameTables::slice_counts(Variant::ZhiQi, 3),
        [(1, 3), (3, 1), (2, 3), (3, 2), (3, 3)]
    );
}

#[test]
fn counting_quiet_steps_solves_as_listing_every_child() {
    for variant in Variant::ALL {
        let counted = tables(variant, 3, 2);
        let listed = solve::build(
            variant,
            3,
            2,
            &mut |_| {},
            &CancelToken::new(),
            solve::Children::Listed,
        )
        .expect("tables");
        // Not assert_eq: a difference would print megabytes.
        assert!(
            counted.to_bytes() == listed.to_bytes(),
            "{variant}: the counted and listed solvers differ"
        );
    }
}

#[test]
fn a_mill_that_takes_the_third_last_piece_wins_this_turn() {
    let tables = tables(Variant::TwelveMensMorris, 3, 2);
    let p = position(Variant::TwelveMensMorris, "a7 d7 g4", "c3 d3 e3");
    assert_eq!(tables.probe(&p), Some(TableValue::Win(1)));
    let best = &tables.ranked_turns(&p).expect("in the tables")[0];
    assert_eq!(best.value, TableValue::Win(1));
    assert_eq!(best.actions[0], "g4-g7".parse::<Action>().unwrap());
    assert_eq!(best.actions.len(), 2, "the step and its capture");
    // The same position with the other side to move: it has a standing mill, no threat.
    let q = Setup::moving(Rules::TWELVE_MENS_MORRIS)
        .pieces(Side::P1, "a7 d7 g4")
        .pieces(Side::P2, "c3 d3 e3")
        .to_move(Side::P2)
        .build()
        .unwrap();
    let value = tables.probe(&q).expect("in the tables");
    assert_eq!(
        tables.ranked_turns(&q).unwrap()[0].value,
        value,
        "the best turn keeps the value"
    );
}

#[test]
fn every_best_turn_keeps_the_value_and_shortens_wins() {
    for variant in Variant::ALL {
        let tables = tables(variant, 3, 2);
        let slice = &tables.slices[tables.slices.len() - 1];
        for entry in (0..slice.values.len() as u64).step_by(997) {
            let (m, o) = slice.shape.position(entry);
            let mut setup = Setup::moving(Rules::of(variant));
            setup.p1 = m.collect();
            setup.p2 = o.collect();
            let p = setup.build().unwrap();
            let Some(value) = tables.probe(&p) else {
                assert!(
                    p.is_over(),
                    "{variant}: only finished positions are not probed"
                );
                continue;
            };
            let best = tables.ranked_turns(&p).expect("turns inside the tables")[0].value;
            assert_eq!(best, value, "{variant} {m:?} {o:?}");
        }
    }
}

#[test]
fn files_round_trip_and_damage_is_refused() {
    let tables = tables(Variant::LinkedHorse, 3, 2);
    let bytes = tables.to_bytes();
    assert_eq!(
        EndgameTables::from_bytes(&bytes, Some(Variant::LinkedHorse)),
        Ok(tables.clone())
    );
    let mut damaged = bytes.clone();
    damaged[bytes.len() / 2] ^= 1;
    assert_eq!(
        EndgameTables::from_bytes(&damaged, None),
        Err(TableError::ChecksumMismatch)
    );
    assert_eq!(
        EndgameTables::from_bytes(&bytes[..bytes.len() - 1], None),
        Err(TableError::ChecksumMismatch)
    );
    assert_eq!(
        EndgameTables::from_bytes(&bytes[..5], None),
        Err(TableError::NotATableFile)
    );
    assert_eq!(
        EndgameTables::from_bytes(b"not a table at all", None),
        Err(TableError::NotATableFile)
    );
    assert_eq!(
        EndgameTables::from_bytes(&bytes, Some(Variant::ZhiQi)),
        Err(TableError::WrongGame {
            expected: Variant::ZhiQi,
            found: Variant::LinkedHorse
        })
    );
    let mut newer = bytes.clone();
    newer[8] = 9;
    assert_eq!(
        EndgameTables::from_bytes(&newer, None),
        Err(TableError::UnsupportedFormat {
            found: 9,
            expected: FORMAT_VERSION
        })
    );
    let dir = std::env::temp_dir().join(format!("mills-tables-test-{}", std::process::id()));
    let path = tables.save(&dir).unwrap();
    assert_eq!(EndgameTables::load(&dir, Variant::LinkedHorse), Ok(tables));
    assert!(matches!(
        EndgameTables::load(&dir, Variant::ZhiQi),
        Err(TableError::Io { .. })
    ));
    std::fs::remove_file(path).unwrap();
    std::fs::remove_dir(dir).unwrap();
}

#[test]
fn too_many_pieces_are_refused() {
    assert_eq!(
        EndgameTables::build(Variant::ZhiQi, MAX_TABLE_PIECES + 1, 1, &mut |_| {}),
        Err(TableError::TooManyPieces {
            requested: MAX_TABLE_PIECES + 1,
            limit: MAX_TABLE_PIECES
        })
    );
}
