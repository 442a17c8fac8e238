//! Endgame tables for the apps: built on first use in the background, then used by every
//! session's computer player (levels 8–10), hints and `evaluate()` (exact verdicts).
//!
//! The app calls `tables_prepare(dir)` once at launch with a directory of its own
//! (Android `filesDir/tables`, iOS Application Support): each game's file there is read and
//! checked (header and checksum); a missing or damaged one is built again on a background
//! thread (about 18 MB for the three games, 6–15 s a game on a 2-core machine) and saved.
//! Progress goes to the listener; `cancel()` stops it (a partial build is never written).
//! Each game's tables are used as soon as they are ready, by sessions opened before too.
//! Given the table pack the app ships (`pack`), a missing game's file is unpacked from it
//! in a fraction of a second instead (docs/ai.md, "Tables ready at once").

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Condvar, LazyLock, Mutex};
use std::time::Duration;

use mills_core::CancelToken;
use mills_core::{self as tables, TableError, TableShelf};

use crate::error::{MillsError, guard};
use crate::game_id::GameId;

/// Where a preparation is, for the Settings line ("Endgame tables: ready / preparing 40 %").
#[derive(Debug, Clone, PartialEq, Eq, uniffi::Enum)]
pub enum TablesState {
    /// Not prepared in this process (no `tables_prepare` yet).
    NotPrepared,
    /// Loading or building; `percent` of the whole, 0 to 99.
    Preparing {
        percent: u8,
        building: Option<GameId>,
    },
    /// Every game's tables are loaded and in use.
    Ready,
    /// `cancel()` stopped it; the games finished before stay in use.
    Cancelled,
    /// It could not finish (the directory cannot be written, the disk is full): the engine's
    /// English reason, for logs. The games finished before stay in use; the app plays on
    /// without the rest and may try again at the next launch.
    Failed { reason: String },
}

/// Told of every change of a preparation's state, on the preparation's thread: hop to the
/// UI thread before touching the UI.
#[uniffi::export(foreign)]
pub trait TablesListener: Send + Sync {
    fn on_tables_state(&self, state: TablesState);
}

/// One game's tables: in use by this process, and the file in the directory.
#[derive(Debug, Clone, PartialEq, Eq, uniffi::Record)]
pub struct GameTablesStatus {
    pub game: GameId,
    /// Loaded and used by the computer, hints and evaluation.
    pub in_use: bool,
    /// The file's size, if it exists (it is checked when it is loaded, not here).
    pub file_bytes: Option<u64>,
}

/// The tables' state, for Settings.
#[derive(Debug, Clone, PartialEq, Eq, uniffi::Record)]
pub struct TablesStatus {
    /// The state of the last preparation of this directory in this process.
    pub state: TablesState,
    pub games: Vec<GameTablesStatus>,
}

/// The shelf every session of this process reads its tables from.
static SHELF: LazyLock<Arc<TableShelf>> = LazyLock::new(|| Arc::new(TableShelf::new()));

/// The preparation running or last run, if any.
static CURRENT: Mutex<Option<Arc<TablesPreparation>>> = Mutex::new(None);

/// Serializes `tables_prepare` calls.
static STARTING: Mutex<()> = Mutex::new(());

pub(crate) fn shelf() -> Arc<TableShelf> {
    Arc::clone(&SHELF)
}

/// Threads a build uses: two, so that a phone stays responsive while it runs.
const BUILD_THREADS: usize = 2;

/// A preparation of the endgame tables running in the background (or finished).
#[derive(uniffi::Object)]
pub struct TablesPreparation {
    dir: PathBuf,
    /// The table pack the app ships, unpacked instead of building where it holds a game.
    pack: Option<PathBuf>,
    max_pieces: u8,
    cancel: CancelToken,
    state: Mutex<TablesState>,
    /// Set once the final state has been told to every listener.
    done: Mutex<bool>,
    finished: Condvar,
    listeners: Mutex<Vec<Arc<dyn TablesListener>>>,
}

impl TablesPreparation {
    fn is_running(&self) -> bool {
        matches!(
            self.state(),
            TablesState::NotPrepared | TablesState::Preparing { .. }
        )
    }

    fn set_state(&self, state: TablesState) {
        {
            let mut slot = self.state.lock().unwrap_or_else(|e| e.into_inner());
            if *slot == state {
                return;
            }
            *slot = state.clone();
        }
        let listeners = self
            .listeners
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .clone();
        for listener in listeners {
            // A listener that throws must not end the preparation.
            if catch_unwind(AssertUnwindSafe(|| listener.on_tables_state(state.clone()))).is_err() {
                log::warn!("a tables listener failed; the preparation goes on");
            }
        }
    }

    fn run(&self) {
        let mut last_percent = None;
        let mut on_progress = |p: &tables::PrepareProgress| {
            let percent = ((p.fraction * 100.0) as u8).min(99);
            let building = p.building.then(|| GameId::from(p.game));
            if last_percent != Some((percent, building)) {
                last_percent = Some((percent, building));
                self.set_state(TablesState::Preparing { percent, building });
            }
        };
        let result = catch_unwind(AssertUnwindSafe(|| {
            tables::prepare_tables_from_pack(
                &self.dir,
                self.pack.as_deref(),
                self.max_pieces,
                BUILD_THREADS,
                &SHELF,
                &self.cancel,
                &mut on_progress,
            )
        }));
        let state = match result {
            Ok(Ok(report)) => {
                for (game, how) in report {
                    log::info!("endgame tables of {game}: {how:?}");
                }
                TablesState::Ready
            }
            Ok(Err(TableError::Cancelled)) => TablesState::Cancelled,
            Ok(Err(err)) => {
                log::warn!("endgame tables not prepared: {err}");
                TablesState::Failed {
                    reason: err.to_string(),
                }
            }
            Err(_) => {
                log::error!("preparing the endgame tables panicked");
                TablesState::Failed {
                    reason: "internal error while preparing the tables".into(),
                }
            }
        };
        self.finish(state);
    }

    /// The last state: told to the listeners, then `wait_until_done` returns.
    fn finish(&self, state: TablesState) {
        self.set_state(state);
        *self.done.lock().unwrap_or_else(|e| e.into_inner()) = true;
        self.finished.notify_all();
    }
}

#[uniffi::export]
impl TablesPreparation {
    /// Where it is now.
    pub fn state(&self) -> TablesState {
        self.state.lock().unwrap_or_else(|e| e.into_inner()).clone()
    }

    /// Stops it soon (within milliseconds); the state becomes `Cancelled`. Nothing partial
    /// is written; the games already finished stay in use.
    pub fn cancel(&self) {
        self.cancel.cancel();
    }

    /// **Blocks** until it has finished or `timeout_ms` have passed, and returns the state
    /// then (tests; never on the UI thread).
    pub fn wait_until_done(&self, timeout_ms: u32) -> TablesState {
        let deadline = std::time::Instant::now() + Duration::from_millis(u64::from(timeout_ms));
        let mut state = self.state.lock().unwrap_or_else(|e| e.into_inner());
        while matches!(
            *state,
            TablesState::NotPrepared | TablesState::Preparing { .. }
        ) {
            let left = deadline.saturating_duration_since(std::time::Instant::now());
            if left.is_zero() {
                break;
            }
            state = self
                .finished
                .wait_timeout(state, left)
                .unwrap_or_else(|e| e.into_inner())
                .0;
        }
        state.clone()
    }
}

/// Loads the endgame tables in `dir` (created if needed) and builds the missing or damaged
/// ones, on a background thread; returns at once. `max_pieces` a side: 4 for the apps (the
/// default), 3 for tests (seconds), 5 only on a desktop (67 MB and minutes a game);
/// `InvalidTableSize` otherwise. A preparation of the same directory and size already
/// running is returned (with `listener` added); another one is cancelled first. Every game
/// session then uses the tables (levels 8–10, hints, `evaluate`). `Io` if `dir` cannot be
/// created. `pack`: the path of the table pack the app ships (`mills tables pack`), if it
/// has one: a missing or damaged game's file is unpacked from it in a fraction of a second
/// (`Preparing` with `building` none) instead of built; a pack that is missing, damaged or
/// of another version is logged and the game is built as without one.
#[uniffi::export(default(max_pieces = 4, listener = None, pack = None))]
pub fn tables_prepare(
    dir: String,
    max_pieces: u8,
    listener: Option<Arc<dyn TablesListener>>,
    pack: Option<String>,
) -> Result<Arc<TablesPreparation>, MillsError> {
    guard(|| {
        tables::check_table_pieces(max_pieces).map_err(|_| MillsError::InvalidTableSize {
            pieces: max_pieces,
            min: 3,
            max: 5,
        })?;
        let dir = PathBuf::from(dir);
        std::fs::create_dir_all(&dir).map_err(|e| MillsError::Io {
            reason: format!("{}: {e}", dir.display()),
        })?;
        // One start at a time; CURRENT itself is only held for moments, so that a listener
        // may call `tables_status` while an older preparation is being cancelled.
        let _starting = STARTING.lock().unwrap_or_else(|e| e.into_inner());
        let previous = CURRENT.lock().unwrap_or_else(|e| e.into_inner()).clone();
        if let Some(running) = previous.as_ref().filter(|p| p.is_running()) {
            if running.dir == dir && running.max_pieces == max_pieces {
                if let Some(listener) = listener {
                    running
                        .listeners
                        .lock()
                        .unwrap_or_else(|e| e.into_inner())
                        .push(listener);
                }
                return Ok(Arc::clone(running));
            }
            running.cancel();
            running.wait_until_done(10_000);
        }
        if previous
            .as_ref()
            .is_some_and(|p| p.max_pieces != max_pieces)
        {
            // Tables of another size must not linger on the shelf.
            SHELF.clear();
        }
        let preparation = Arc::new(TablesPreparation {
            dir,
            pack: pack.map(PathBuf::from),
            max_pieces,
            cancel: CancelToken::new(),
            state: Mutex::new(TablesState::Preparing {
                percent: 0,
                building: None,
            }),
            done: Mutex::new(false),
            finished: Condvar::new(),
            listeners: Mutex::new(listener.into_iter().collect()),
        });
        // Current before its thread runs, so that its listeners' `tables_status` sees it.
        *CURRENT.lock().unwrap_or_else(|e| e.into_inner()) = Some(Arc::clone(&preparation));
        let worker = Arc::clone(&preparation);
        let spawned = std::thread::Builder::new()
            .name("mills-tables".into())
            .spawn(move || worker.run());
        if let Err(e) = spawned {
            let reason = format!("cannot start the tables thread: {e}");
            preparation.finish(TablesState::Failed {
                reason: reason.clone(),
            });
            return Err(MillsError::Internal { reason });
        }
        Ok(preparation)
    })
}

/// The tables' state for `dir`: the last preparation of it in this process (`NotPrepared`
/// if none), which games are in use and the files there. Cheap: reads no table file.
#[uniffi::export]
pub fn tables_status(dir: String) -> TablesStatus {
    let dir = PathBuf::from(dir);
    let state = CURRENT
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .as_ref()
        .filter(|p| same_dir(&p.dir, &dir))
        .map_or(TablesState::NotPrepared, |p| p.state());
    let games = tables::table_file_status(&dir)
        .into_iter()
        .map(|file| GameTablesStatus {
            game: file.game.into(),
            in_use: SHELF.get(file.game).is_some(),
            file_bytes: file.bytes,
        })
        .collect();
    TablesStatus { state, games }
}

fn same_dir(a: &Path, b: &Path) -> bool {
    a == b || matches!((a.canonicalize(), b.canonicalize()), (Ok(x), Ok(y)) if x == y)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Records every state; throws (panics) on the first, as a buggy app listener might.
    struct Seen(Mutex<Vec<TablesState>>);

    impl TablesListener for Seen {
        fn on_tables_state(&self, state: TablesState) {
            let first = {
                let mut states = self.0.lock().unwrap();
                states.push(state);
                states.len() == 1
            };
            if first {
                panic!("a listener bug (expected in this test)");
            }
        }
    }

    fn temp_dir(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("mills-ffi-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        dir
    }

    // One test: the preparation is process-wide, as in the apps.
    #[test]
    fn tables_are_prepared_in_the_background_checked_rebuilt_and_cancellable() {
        assert_eq!(
            tables_prepare("/tmp".into(), 7, None, None).err(),
            Some(MillsError::InvalidTableSize {
                pieces: 7,
                min: 3,
                max: 5
            })
        );
        let dir = temp_dir("tables");
        let text = dir.display().to_string();
        assert_eq!(tables_status(text.clone()).state, TablesState::NotPrepared);

        let seen = Arc::new(Seen(Mutex::new(Vec::new())));
        let preparation = tables_prepare(text.clone(), 3, Some(seen.clone()), None).unwrap();
        assert_eq!(preparation.wait_until_done(120_000), TablesState::Ready);
        let states = seen.0.lock().unwrap().clone();
        // The listener's panic on the first state did not stop the preparation.
        assert!(states.len() > 2, "{states:?}");
        assert_eq!(states.last(), Some(&TablesState::Ready));
        assert!(
            states.iter().any(|s| matches!(
                s,
                TablesState::Preparing {
                    building: Some(_),
                    ..
                }
            )),
            "{states:?}"
        );
        let status = tables_status(text.clone());
        assert_eq!(status.state, TablesState::Ready);
        assert!(
            status
                .games
                .iter()
                .all(|g| g.in_use && g.file_bytes.is_some())
        );

        // A damaged file is rebuilt, never trusted.
        let path = dir.join("zhiqi.mtb");
        let good = std::fs::read(&path).unwrap();
        let mut bad = good.clone();
        bad[100] ^= 1;
        std::fs::write(&path, &bad).unwrap();
        let again = tables_prepare(text.clone(), 3, None, None).unwrap();
        assert_eq!(again.wait_until_done(120_000), TablesState::Ready);
        assert_eq!(std::fs::read(&path).unwrap(), good);

        // Cancelled while building: stops, and writes nothing partial.
        std::fs::remove_file(&path).unwrap();
        let cancelled = tables_prepare(text.clone(), 3, None, None).unwrap();
        cancelled.cancel();
        assert_eq!(cancelled.wait_until_done(60_000), TablesState::Cancelled);
        assert_eq!(tables_status(text.clone()).state, TablesState::Cancelled);

        // With the app's pack: every file unpacked, none built, the same bytes.
        let again = tables_prepare(text.clone(), 3, None, None).unwrap();
        assert_eq!(again.wait_until_done(120_000), TablesState::Ready);
        let pack = dir.with_extension("pack");
        tables::pack_tables(&dir, &pack).unwrap();
        let files: Vec<_> = tables::table_file_status(&dir)
            .into_iter()
            .map(|f| (std::fs::read(&f.path).unwrap(), f.path))
            .collect();
        for (_, path) in &files {
            std::fs::remove_file(path).unwrap();
        }
        let pack_text = Some(pack.display().to_string());
        let unpacking = Arc::new(Seen(Mutex::new(Vec::new())));
        let unpacked =
            tables_prepare(text.clone(), 3, Some(unpacking.clone()), pack_text.clone()).unwrap();
        assert_eq!(unpacked.wait_until_done(120_000), TablesState::Ready);
        let states = unpacking.0.lock().unwrap().clone();
        assert!(
            states.iter().all(|s| !matches!(
                s,
                TablesState::Preparing {
                    building: Some(_),
                    ..
                }
            )),
            "nothing built: {states:?}"
        );
        for (bytes, path) in &files {
            assert_eq!(&std::fs::read(path).unwrap(), bytes);
        }

        // A damaged pack: the game is built instead, never a panic or a bad table.
        let mut damaged = std::fs::read(&pack).unwrap();
        let last = damaged.len() - 100;
        damaged[last] ^= 0x10;
        std::fs::write(&pack, &damaged).unwrap();
        let (last_game, path) = &files[2];
        std::fs::remove_file(path).unwrap();
        let rebuilt = tables_prepare(text.clone(), 3, None, pack_text).unwrap();
        assert_eq!(rebuilt.wait_until_done(120_000), TablesState::Ready);
        assert_eq!(&std::fs::read(path).unwrap(), last_game);
        std::fs::remove_file(pack).unwrap();
        std::fs::remove_dir_all(dir).unwrap();
    }
}
