//! Packing and unpacking on the 3-a-side tables (seconds to build): byte-identical round
//! trips, and every damaged, truncated, foreign or interrupted pack refused with a typed
//! error and no table file left behind.

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::OnceLock;

use super::*;
use crate::store::test_dir;
use crate::tables::prepare::{Prepared, prepare_from_pack};
use crate::tables::shelf::TableShelf;

/// A directory of every game's 3-a-side table files and a pack of them, made once.
fn packed() -> &'static (PathBuf, PathBuf) {
    static PACKED: OnceLock<(PathBuf, PathBuf)> = OnceLock::new();
    PACKED.get_or_init(|| {
        let dir = test_dir("pack-source");
        for game in Variant::ALL {
            EndgameTables::build(game, 3, 2, &mut |_| {})
                .expect("tables")
                .save(&dir)
                .expect("saved");
        }
        let pack_path = dir.join("tables.pack");
        pack(&dir, &pack_path).expect("packed");
        (dir, pack_path)
    })
}

fn pack_bytes() -> Vec<u8> {
    fs::read(&packed().1).unwrap()
}

/// The files left in `dir` (none is the aim after a refused pack).
fn files_in(dir: &Path) -> Vec<String> {
    match fs::read_dir(dir) {
        Ok(entries) => entries
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect(),
        Err(_) => Vec::new(),
    }
}

fn unpack_all(pack_path: &Path, dir: &Path) -> Result<(), TableError> {
    for game in Variant::ALL {
        unpack_game(pack_path, dir, game, &CancelToken::new(), &mut |_| {})?;
    }
    Ok(())
}

/// Writes `bytes` as a pack, unpacks it into a fresh directory and returns the error, checking
/// that no file at all was left there.
fn refused(name: &str, bytes: &[u8]) -> TableError {
    let dir = test_dir(name);
    let pack_path = dir.with_extension("pack");
    fs::write(&pack_path, bytes).unwrap();
    let err = unpack_all(&pack_path, &dir).expect_err("a bad pack is refused");
    for game in Variant::ALL {
        let path = EndgameTables::path_in(&dir, game);
        let left = files_in(&dir);
        // A game unpacked before the damage may stay only if it is whole and checks out.
        if path.exists() {
            assert!(EndgameTables::load(&dir, game).is_ok(), "{name}: {left:?}");
        }
        assert!(
            left.iter().all(|f| !f.ends_with(".partial")),
            "{name}: {left:?}"
        );
    }
    let _ = fs::remove_dir_all(&dir);
    let _ = fs::remove_file(&pack_path);
    err
}

/// Where each game's frame starts in the pack, and its length.
fn frames() -> Vec<(usize, usize)> {
    let bytes = pack_bytes();
    let mut reader = bytes.as_slice();
    let entries = read_header(&mut reader).unwrap();
    let mut at = bytes.len() - reader.len();
    entries
        .iter()
        .map(|e| {
            let frame = (at, e.packed as usize);
            at += e.packed as usize;
            frame
        })
        .collect()
}

#[test]
fn a_pack_unpacks_to_the_same_bytes_and_is_smaller() {
    let (source, pack_path) = packed();
    let mut header = fs::File::open(pack_path).unwrap();
    let entries = read_header(&mut header).unwrap();
    assert_eq!(
        entries.iter().map(|e| e.game).collect::<Vec<_>>(),
        Variant::ALL
    );
    let unpacked: u64 = entries.iter().map(|e| e.unpacked).sum();
    assert!(fs::metadata(pack_path).unwrap().len() < unpacked / 2);

    let dir = test_dir("pack-roundtrip");
    let mut seen = Vec::new();
    for game in Variant::ALL {
        unpack_game(pack_path, &dir, game, &CancelToken::new(), &mut |p| {
            seen.push(*p)
        })
        .unwrap();
        let original = fs::read(EndgameTables::path_in(source, game)).unwrap();
        assert_eq!(
            fs::read(EndgameTables::path_in(&dir, game)).unwrap(),
            original
        );
        let last = seen.last().unwrap();
        assert_eq!((last.game, last.done), (game, original.len() as u64));
    }
    assert_eq!(files_in(&dir).len(), 3, "{:?}", files_in(&dir));
    fs::remove_dir_all(dir).unwrap();
}

#[test]
fn a_damaged_byte_anywhere_in_a_frame_or_its_checksum_is_refused() {
    for (i, (start, len)) in frames().into_iter().enumerate() {
        for at in [start + len / 3, start + len / 2, start + len - 2] {
            let mut bytes = pack_bytes();
            bytes[at] ^= 0x10;
            let err = refused(&format!("pack-damaged-{i}-{at}"), &bytes);
            assert!(
                matches!(
                    err,
                    TableError::ChecksumMismatch
                        | TableError::PackDamaged(_)
                        | TableError::WrongLength
                ),
                "byte {at}: {err:?}"
            );
        }
    }
    // The checksum in the header of the first table: its last byte.
    let mut bytes = pack_bytes();
    let checksum_last = 13 + 1 + Variant::ALL[0].id().len() + 24 - 1;
    bytes[checksum_last] ^= 1;
    let mut header = bytes.as_slice();
    let wrong = read_header(&mut header).unwrap();
    assert_ne!(
        wrong[0].checksum,
        read_header(&mut pack_bytes().as_slice()).unwrap()[0].checksum
    );
    assert_eq!(
        refused("pack-damaged-sum", &bytes),
        TableError::ChecksumMismatch
    );
}

#[test]
fn a_truncated_pack_is_refused() {
    let bytes = pack_bytes();
    for keep in [
        0,
        5,
        11,
        40,
        frames()[0].0 + 10,
        bytes.len() / 2,
        bytes.len() - 1,
    ] {
        let err = refused(&format!("pack-truncated-{keep}"), &bytes[..keep]);
        assert!(
            matches!(
                err,
                TableError::WrongLength | TableError::PackDamaged(_) | TableError::NotAPack
            ),
            "{keep} bytes: {err:?}"
        );
    }
}

#[test]
fn another_version_or_table_format_or_no_pack_at_all_is_refused() {
    let mut bytes = pack_bytes();
    bytes[8..10].copy_from_slice(&(PACK_VERSION + 1).to_le_bytes());
    assert_eq!(
        refused("pack-version", &bytes),
        TableError::UnsupportedPack {
            found: PACK_VERSION + 1,
            expected: PACK_VERSION
        }
    );
    let mut bytes = pack_bytes();
    bytes[10..12].copy_from_slice(&(FORMAT_VERSION + 1).to_le_bytes());
    assert_eq!(
        refused("pack-format", &bytes),
        TableError::UnsupportedFormat {
            found: FORMAT_VERSION + 1,
            expected: FORMAT_VERSION
        }
    );
    let table = fs::read(EndgameTables::path_in(&packed().0, Variant::ZhiQi)).unwrap();
    assert_eq!(refused("pack-not", &table), TableError::NotAPack);
}

#[test]
fn an_unpack_stopped_midway_leaves_no_table_that_loads() {
    let pack_path = &packed().1;
    let dir = test_dir("pack-killed");
    // Cancelled after the first chunk: the partial file is removed.
    let cancel = CancelToken::new();
    let result = unpack_game(pack_path, &dir, Variant::ZhiQi, &cancel, &mut |_| {
        cancel.cancel()
    });
    assert_eq!(result, Err(TableError::Cancelled));
    assert_eq!(files_in(&dir), Vec::<String>::new());

    // Killed after N bytes, with no chance to clean up (a panic out of the progress report
    // stands for the process dying): only a `.partial` file remains, which nothing loads.
    let stopped = catch_unwind(AssertUnwindSafe(|| {
        unpack_game(
            pack_path,
            &dir,
            Variant::ZhiQi,
            &CancelToken::new(),
            &mut |p| {
                assert!(p.done < 100_000, "killed");
            },
        )
    }));
    assert!(stopped.is_err(), "the table is larger than 100,000 bytes");
    assert!(!EndgameTables::path_in(&dir, Variant::ZhiQi).exists());
    assert!(EndgameTables::load(&dir, Variant::ZhiQi).is_err());

    // The next launch unpacks it whole over the leftover.
    let shelf = TableShelf::new();
    let report = prepare_from_pack(
        &dir,
        Some(pack_path),
        3,
        1,
        &shelf,
        &CancelToken::new(),
        &mut |_| {},
    )
    .unwrap();
    assert!(
        report
            .iter()
            .all(|(_, p)| *p == Prepared::Unpacked { replaced: None }),
        "{report:?}"
    );
    assert!(EndgameTables::load(&dir, Variant::ZhiQi).is_ok());
    assert!(files_in(&dir).iter().all(|f| !f.ends_with(".partial")));
    fs::remove_dir_all(dir).unwrap();
}

#[test]
fn a_bad_pack_falls_back_to_building() {
    let mut bytes = pack_bytes();
    let (start, len) = frames()[1];
    bytes[start + len / 2] ^= 0x10;
    let dir = test_dir("pack-fallback");
    let pack_path = dir.with_extension("pack");
    fs::write(&pack_path, &bytes).unwrap();
    let shelf = TableShelf::new();
    let mut fractions = Vec::new();
    let report = prepare_from_pack(
        &dir,
        Some(&pack_path),
        3,
        2,
        &shelf,
        &CancelToken::new(),
        &mut |p| fractions.push(p.fraction),
    )
    .unwrap();
    assert_eq!(report[0].1, Prepared::Unpacked { replaced: None });
    assert_eq!(report[1].1, Prepared::Built { replaced: None });
    assert_eq!(report[2].1, Prepared::Unpacked { replaced: None });
    assert!(fractions.windows(2).all(|w| w[0] <= w[1]), "{fractions:?}");
    let source = &packed().0;
    for game in Variant::ALL {
        assert!(shelf.get(game).is_some());
        assert_eq!(
            fs::read(EndgameTables::path_in(&dir, game)).unwrap(),
            fs::read(EndgameTables::path_in(source, game)).unwrap()
        );
    }
    fs::remove_dir_all(dir).unwrap();
    fs::remove_file(pack_path).unwrap();
}
