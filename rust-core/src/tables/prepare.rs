//! Getting the tables an app plays with: each game's file in a directory is loaded and
//! checked (header, slices, checksum); a missing or damaged one (a killed build, a full disk,
//! a file from another format) is built again, saved and used. Nothing unchecked is ever
//! trusted. The apps run this once at launch on a background thread (docs/ai.md, "Shipping":
//! built on first use rather than bundled); `mills play --tables DIR` loads the same files.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use crate::cancel::CancelToken;
use crate::rules::Variant;

use super::endgame::EndgameTables;
use super::file::TableError;
use super::pack::{UnpackProgress, unpack_game};
use super::shelf::TableShelf;
use super::solve::{BuildProgress, BuildStage};

/// The tables the apps carry: 4 pieces a side, about 6 MB a game, built in 6–15 s a game
/// on a 2-core machine (5 a side is 67 MB and minutes a game: not for a phone).
pub const APP_TABLE_PIECES: u8 = 4;

/// How far a preparation is.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PrepareProgress {
    /// The game being loaded or built.
    pub game: Variant,
    /// Whether it is being built (false: read from its file).
    pub building: bool,
    /// The whole preparation, 0 to 1 (games weighted by their size).
    pub fraction: f64,
}

/// What happened to one game's tables.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Prepared {
    /// Read from its file and checked.
    Loaded,
    /// Unpacked from the shipped pack and checked: there was no file, or it was refused.
    Unpacked {
        /// Why the file on disk was not used, if there was one.
        replaced: Option<TableError>,
    },
    /// Built and saved: there was no file, or it was refused for this reason.
    Built {
        /// Why the file on disk was not used, if there was one.
        replaced: Option<TableError>,
    },
}

/// Loads or builds the tables of every game up to `max_pieces` a side in `dir` (created if
/// needed), putting each game's tables on `shelf` as soon as they are ready. `threads`
/// build threads. Stops with [`TableError::Cancelled`] soon after `cancel` is set (the games
/// already on the shelf stay there; a partial build is never written). Other errors: the
/// directory or a file cannot be written ([`TableError::Io`]), or `max_pieces` is out of
/// range ([`TableError::TooManyPieces`]).
pub fn prepare(
    dir: &Path,
    max_pieces: u8,
    threads: usize,
    shelf: &TableShelf,
    cancel: &CancelToken,
    progress: &mut dyn FnMut(&PrepareProgress),
) -> Result<Vec<(Variant, Prepared)>, TableError> {
    prepare_from_pack(dir, None, max_pieces, threads, shelf, cancel, progress)
}

/// [`prepare`], unpacking a missing or refused game's file from the table pack at `pack`
/// (the one the app ships, [`super::pack`]) instead of building it. A pack that is missing,
/// damaged, of another version or of another table size is logged and the game is built
/// instead: a bad pack costs time, never the tables.
pub fn prepare_from_pack(
    dir: &Path,
    pack: Option<&Path>,
    max_pieces: u8,
    threads: usize,
    shelf: &TableShelf,
    cancel: &CancelToken,
    progress: &mut dyn FnMut(&PrepareProgress),
) -> Result<Vec<(Variant, Prepared)>, TableError> {
    check_pieces(max_pieces)?;
    std::fs::create_dir_all(dir).map_err(|e| TableError::Io {
        path: dir.display().to_string(),
        message: e.to_string(),
    })?;
    let sizes: Vec<u64> = Variant::ALL
        .iter()
        .map(|&v| EndgameTables::entries(v, max_pieces))
        .collect();
    let total = sizes.iter().sum::<u64>().max(1) as f64;
    let mut before = 0u64;
    let mut report = Vec::new();
    // Never backwards: a pack refused halfway through a game is followed by its build,
    // which starts that game again from nothing; the bar waits for the build to pass it.
    let mut shown = 0.0f64;
    let mut progress = |p: &PrepareProgress| {
        shown = shown.max(p.fraction);
        progress(&PrepareProgress {
            fraction: shown,
            ..*p
        });
    };
    for (&variant, &size) in Variant::ALL.iter().zip(&sizes) {
        if cancel.is_cancelled() {
            return Err(TableError::Cancelled);
        }
        let at = |within: f64, building: bool| PrepareProgress {
            game: variant,
            building,
            fraction: ((before as f64 + within * size as f64) / total).clamp(0.0, 1.0),
        };
        progress(&at(0.0, false));
        let replaced = match EndgameTables::load(dir, variant) {
            Ok(tables) if tables.max_pieces() == max_pieces => {
                shelf.put(Arc::new(tables));
                report.push((variant, Prepared::Loaded));
                before += size;
                continue;
            }
            Ok(tables) => Some(TableError::WrongSlices(format!(
                "up to {} pieces a side, not {max_pieces}",
                tables.max_pieces()
            ))),
            Err(TableError::Io { .. }) if !EndgameTables::path_in(dir, variant).exists() => None,
            Err(err) => Some(err),
        };
        if let Some(pack) = pack {
            let mut on_unpack =
                |p: &UnpackProgress| progress(&at(p.done as f64 / p.total.max(1) as f64, false));
            match unpack_checked(pack, dir, variant, max_pieces, cancel, &mut on_unpack) {
                Ok(tables) => {
                    shelf.put(Arc::new(tables));
                    report.push((variant, Prepared::Unpacked { replaced }));
                    before += size;
                    continue;
                }
                Err(TableError::Cancelled) => return Err(TableError::Cancelled),
                Err(why) => log::warn!("endgame tables of {variant}: pack refused: {why}"),
            }
        }
        if let Some(why) = &replaced {
            log::warn!("endgame tables of {variant}: {why}; building them again");
        }
        let mut pairs = PairProgress::new(variant, max_pieces);
        let mut on_build = |p: &BuildProgress| progress(&at(pairs.fraction(p), true));
        let tables =
            EndgameTables::build_cancellable(variant, max_pieces, threads, &mut on_build, cancel)?;
        tables.save(dir)?;
        shelf.put(Arc::new(tables));
        report.push((variant, Prepared::Built { replaced }));
        before += size;
    }
    Ok(report)
}

/// Unpacks `variant`'s file from `pack` into `dir` and loads it, refusing tables of another
/// size than `max_pieces`.
fn unpack_checked(
    pack: &Path,
    dir: &Path,
    variant: Variant,
    max_pieces: u8,
    cancel: &CancelToken,
    progress: &mut dyn FnMut(&UnpackProgress),
) -> Result<EndgameTables, TableError> {
    unpack_game(pack, dir, variant, cancel, progress)?;
    let tables = EndgameTables::load(dir, variant)?;
    if tables.max_pieces() != max_pieces {
        return Err(TableError::WrongSlices(format!(
            "the pack holds up to {} pieces a side, not {max_pieces}",
            tables.max_pieces()
        )));
    }
    Ok(tables)
}

/// Loads every game's file that exists in `dir` onto `shelf`, checking each and building
/// nothing (`mills uci`'s `TablesPath`): each file found, with its size in pieces a side or
/// why it was refused.
pub fn load_existing(dir: &Path, shelf: &TableShelf) -> Vec<(Variant, Result<u8, TableError>)> {
    Variant::ALL
        .iter()
        .filter(|&&v| EndgameTables::path_in(dir, v).exists())
        .map(|&v| {
            let loaded = EndgameTables::load(dir, v).map(|tables| {
                let pieces = tables.max_pieces();
                shelf.put(Arc::new(tables));
                pieces
            });
            (v, loaded)
        })
        .collect()
}

/// The state of each game's file in `dir` (without reading it: [`prepare`] checks it).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FileStatus {
    /// The game.
    pub game: Variant,
    /// Where its file is (or would be).
    pub path: PathBuf,
    /// The file's size, if it exists.
    pub bytes: Option<u64>,
}

/// Each game's table file in `dir`.
pub fn file_status(dir: &Path) -> Vec<FileStatus> {
    Variant::ALL
        .iter()
        .map(|&game| {
            let path = EndgameTables::path_in(dir, game);
            let bytes = std::fs::metadata(&path)
                .ok()
                .filter(|m| m.is_file())
                .map(|m| m.len());
            FileStatus { game, path, bytes }
        })
        .collect()
}

/// Table sizes an app may ask for: 3 (tests, seconds) to 5 (a desktop, minutes a game).
pub fn check_pieces(max_pieces: u8) -> Result<(), TableError> {
    if (3..=5).contains(&max_pieces) {
        Ok(())
    } else {
        Err(TableError::TooManyPieces {
            requested: max_pieces,
            limit: 5,
        })
    }
}

/// A build's progress as a fraction of its game: the slice pairs finished, by entries, and
/// within the current pair three quarters for generating turns and a quarter for the passes
/// (their number is not known ahead; each counts less than the one before).
struct PairProgress {
    /// Entries of each pair, by its smaller count first, in solving order.
    pairs: Vec<((u8, u8), u64)>,
    total: u64,
    finished: u64,
    best: f64,
}

impl PairProgress {
    fn new(variant: Variant, max_pieces: u8) -> PairProgress {
        let mut pairs: Vec<((u8, u8), u64)> = Vec::new();
        for (movers, others) in EndgameTables::slice_counts(variant, max_pieces) {
            let key = (movers.min(others), movers.max(others));
            let entries = EndgameTables::slice_entries(movers, others);
            match pairs.iter_mut().find(|(k, _)| *k == key) {
                Some((_, n)) => *n += entries,
                None => pairs.push((key, entries)),
            }
        }
        let total = pairs.iter().map(|p| p.1).sum::<u64>().max(1);
        PairProgress {
            pairs,
            total,
            finished: 0,
            best: 0.0,
        }
    }

    fn fraction(&mut self, p: &BuildProgress) -> f64 {
        let key = (p.movers.min(p.others), p.movers.max(p.others));
        let size = self
            .pairs
            .iter()
            .find(|(k, _)| *k == key)
            .map_or(0, |p| p.1);
        let within = match p.stage {
            BuildStage::Turns => 0.75 * p.done as f64 / p.total.max(1) as f64,
            BuildStage::Pass(n) => 1.0 - 0.25 / f64::from(n.max(1)),
            BuildStage::Done => 1.0,
        };
        let now = (self.finished as f64 + within * size as f64) / self.total as f64;
        if p.stage == BuildStage::Done {
            self.finished += size;
        }
        self.best = self.best.max(now.min(1.0));
        self.best
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::test_dir;

    type Report = Result<Vec<(Variant, Prepared)>, TableError>;

    fn run(dir: &Path, shelf: &TableShelf, cancel: &CancelToken) -> (Report, Vec<f64>) {
        let mut seen = Vec::new();
        let result = prepare(dir, 3, 2, shelf, cancel, &mut |p| seen.push(p.fraction));
        (result, seen)
    }

    #[test]
    fn missing_files_are_built_good_ones_loaded_and_damaged_ones_rebuilt() {
        let dir = test_dir("prepare");
        let shelf = TableShelf::new();
        let (result, seen) = run(&dir, &shelf, &CancelToken::new());
        let built = result.unwrap();
        assert!(
            built
                .iter()
                .all(|(_, p)| *p == Prepared::Built { replaced: None })
        );
        assert!(seen.windows(2).all(|w| w[0] <= w[1]), "{seen:?}");
        assert!(*seen.last().unwrap() > 0.9, "{seen:?}");
        for status in file_status(&dir) {
            let tables = shelf.get(status.game).expect("on the shelf");
            assert_eq!(status.bytes, Some(tables.to_bytes().len() as u64));
        }

        // Next launch: every file is read and checked, nothing is built.
        let again = TableShelf::new();
        let (result, _) = run(&dir, &again, &CancelToken::new());
        assert!(result.unwrap().iter().all(|(_, p)| *p == Prepared::Loaded));
        assert_eq!(
            again.get(Variant::ZhiQi).unwrap().to_bytes(),
            shelf.get(Variant::ZhiQi).unwrap().to_bytes()
        );

        // One byte of a file damaged, another truncated: both are rebuilt, never trusted.
        let zhiqi = EndgameTables::path_in(&dir, Variant::ZhiQi);
        let mut bytes = std::fs::read(&zhiqi).unwrap();
        let middle = bytes.len() / 2;
        bytes[middle] ^= 0x40;
        std::fs::write(&zhiqi, &bytes).unwrap();
        let horse = EndgameTables::path_in(&dir, Variant::LinkedHorse);
        let len = std::fs::metadata(&horse).unwrap().len();
        std::fs::OpenOptions::new()
            .write(true)
            .open(&horse)
            .unwrap()
            .set_len(len / 3)
            .unwrap();
        let fresh = TableShelf::new();
        let (result, _) = run(&dir, &fresh, &CancelToken::new());
        let report = result.unwrap();
        assert_eq!(
            report[0],
            (
                Variant::ZhiQi,
                Prepared::Built {
                    replaced: Some(TableError::ChecksumMismatch)
                }
            )
        );
        assert!(matches!(
            report[1],
            (Variant::LinkedHorse, Prepared::Built { replaced: Some(_) })
        ));
        assert_eq!(report[2], (Variant::TwelveMensMorris, Prepared::Loaded));
        assert_eq!(
            std::fs::read(&zhiqi).unwrap(),
            shelf.get(Variant::ZhiQi).unwrap().to_bytes()
        );
        std::fs::remove_dir_all(dir).unwrap();
    }

    #[test]
    fn a_cancelled_preparation_stops_and_writes_no_partial_file() {
        let dir = test_dir("prepare-cancel");
        let shelf = TableShelf::new();
        let cancel = CancelToken::new();
        // Cancelled while the first game is being built.
        let result = prepare(&dir, 3, 1, &shelf, &cancel, &mut |p| {
            if p.building {
                cancel.cancel();
            }
        });
        assert_eq!(result, Err(TableError::Cancelled));
        assert!(file_status(&dir).iter().all(|s| s.bytes.is_none()));
        assert!(shelf.get(Variant::ZhiQi).is_none());
        let leftovers = std::fs::read_dir(&dir).unwrap().count();
        assert_eq!(leftovers, 0, "no partial file");
        std::fs::remove_dir_all(dir).unwrap();
    }

    #[test]
    fn only_sizes_an_app_can_use_are_prepared() {
        let dir = test_dir("prepare-size");
        let shelf = TableShelf::new();
        for pieces in [0, 2, 6] {
            assert!(matches!(
                prepare(&dir, pieces, 1, &shelf, &CancelToken::new(), &mut |_| {}),
                Err(TableError::TooManyPieces { .. })
            ));
        }
        std::fs::remove_dir_all(dir).unwrap();
    }
}
