//! Atomic file replacement: a temporary file in the same directory, fsync, rename, fsync of
//! the directory. Killing the process at any moment leaves either the old file or the new
//! one, never a mix (rename within one file system is atomic on POSIX); a failed write (a
//! full disk) leaves the old one. A path that exists and is not a regular file (a directory,
//! a device, a symlink) is never replaced.

use std::collections::hash_map::DefaultHasher;
use std::fmt;
use std::fs::{self, File};
use std::hash::{Hash, Hasher};
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, Ordering};

/// Files larger than this are not ours: reading refuses them.
pub const MAX_FILE_BYTES: u64 = 16 * 1024 * 1024;

/// A new version of a file, written and flushed under a temporary name, not yet in place.
#[derive(Debug)]
#[must_use = "a staged file replaces nothing until it is committed"]
pub struct StagedFile {
    temp: PathBuf,
    dest: PathBuf,
}

/// A path that exists and is something other than a regular file: files are only ever
/// written where nothing is, or over a regular file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NotARegularFile {
    /// The path that is not a regular file.
    pub path: PathBuf,
    /// "a directory", "a symbolic link", "a device or other special file".
    pub kind: &'static str,
}

impl fmt::Display for NotARegularFile {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} is {}, not a regular file: it is not replaced",
            self.path.display(),
            self.kind
        )
    }
}

impl std::error::Error for NotARegularFile {}

impl From<NotARegularFile> for io::Error {
    fn from(err: NotARegularFile) -> io::Error {
        io::Error::new(io::ErrorKind::InvalidInput, err)
    }
}

/// Whether `path` may be written: it does not exist, or is a regular file (not a symlink).
pub fn check_writable(path: &Path) -> Result<(), NotARegularFile> {
    let Ok(meta) = fs::symlink_metadata(path) else {
        // Absent (or unreadable: then the write itself reports why).
        return Ok(());
    };
    let kind = meta.file_type();
    let kind = if kind.is_file() {
        return Ok(());
    } else if kind.is_dir() {
        "a directory"
    } else if kind.is_symlink() {
        "a symbolic link"
    } else {
        "a device or other special file"
    };
    Err(NotARegularFile {
        path: path.to_path_buf(),
        kind,
    })
}

/// Writes `bytes` to a temporary file beside `dest` and flushes it to disk.
pub fn stage(dest: &Path, bytes: &[u8]) -> io::Result<StagedFile> {
    static COUNTER: AtomicU64 = AtomicU64::new(0);
    check_writable(dest)?;
    let dir = parent_dir(dest);
    let name = dest
        .file_name()
        .ok_or_else(|| io::Error::new(io::ErrorKind::InvalidInput, "no file name"))?;
    let temp = dir.join(format!(
        ".{}.tmp.{}.{}",
        name.to_string_lossy(),
        std::process::id(),
        COUNTER.fetch_add(1, Ordering::Relaxed)
    ));
    let result = (|| {
        let mut file = File::create_new(&temp)?;
        #[cfg(test)]
        failing::write(dest, &mut file, bytes)?;
        file.write_all(bytes)?;
        file.sync_all()
    })();
    if let Err(err) = result {
        let _ = fs::remove_file(&temp);
        return Err(err);
    }
    Ok(StagedFile {
        temp,
        dest: dest.to_path_buf(),
    })
}

impl StagedFile {
    /// The temporary file's path.
    #[cfg(test)]
    pub fn temp_path(&self) -> &Path {
        &self.temp
    }

    /// Moves the new version into place and makes the rename durable.
    pub fn commit(self) -> io::Result<()> {
        let this = std::mem::ManuallyDrop::new(self);
        let (temp, dest) = (this.temp.clone(), this.dest.clone());
        // Checked again: something may have appeared at `dest` since staging.
        if let Err(err) = check_writable(&dest)
            .map_err(io::Error::from)
            .and_then(|()| fs::rename(&temp, &dest))
        {
            let _ = fs::remove_file(&temp);
            return Err(err);
        }
        sync_dir(parent_dir(&dest))
    }
}

impl Drop for StagedFile {
    /// An abandoned staged file is removed (a crash leaves it behind, which is harmless).
    fn drop(&mut self) {
        let _ = fs::remove_file(&self.temp);
    }
}

/// Replaces `dest` with `bytes` atomically.
pub fn write_atomic(dest: &Path, bytes: &[u8]) -> io::Result<()> {
    stage(dest, bytes)?.commit()
}

/// A session's autosave file: saves are numbered in the order of the changes they record,
/// and an older one finishing late never replaces a newer one.
#[derive(Debug)]
pub(crate) struct Autosave {
    path: PathBuf,
    last: Mutex<LastWrite>,
}

#[derive(Debug, Default)]
struct LastWrite {
    /// The newest save number written (or given up on in favour of a newer one).
    seq: u64,
    /// A digest of the bytes of the last successful write.
    digest: Option<u64>,
}

impl Autosave {
    pub fn new(path: PathBuf) -> Autosave {
        remove_stale_temps(&path);
        Autosave {
            path,
            last: Mutex::new(LastWrite::default()),
        }
    }

    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Writes save number `seq`, unless a newer one was written already. On failure the
    /// previous file stays as it was.
    pub fn write(&self, seq: u64, bytes: &[u8]) -> io::Result<()> {
        let mut last = self.last.lock().unwrap_or_else(|e| e.into_inner());
        if seq <= last.seq {
            return Ok(());
        }
        write_atomic(&self.path, bytes)?;
        *last = LastWrite {
            seq,
            digest: Some(digest(bytes)),
        };
        Ok(())
    }

    /// The last save of a session that closes: written only while the file still holds
    /// this session's previous save, because another session (the next game) may have
    /// taken the path over since; then there is nothing to write.
    pub fn write_last(&self, seq: u64, bytes: &[u8]) -> io::Result<()> {
        let ours = {
            let last = self.last.lock().unwrap_or_else(|e| e.into_inner());
            last.digest.is_some_and(
                |mine| matches!(fs::read(&self.path), Ok(on_disk) if digest(&on_disk) == mine),
            )
        };
        if ours { self.write(seq, bytes) } else { Ok(()) }
    }
}

fn digest(bytes: &[u8]) -> u64 {
    let mut hasher = DefaultHasher::new();
    bytes.hash(&mut hasher);
    hasher.finish()
}

/// Reads a whole file as UTF-8, or `None` if it does not exist.
pub fn read_if_exists(path: &Path) -> io::Result<Option<String>> {
    let file = match File::open(path) {
        Ok(file) => file,
        Err(err) if err.kind() == io::ErrorKind::NotFound => return Ok(None),
        Err(err) => return Err(err),
    };
    if file.metadata()?.len() > MAX_FILE_BYTES {
        return Err(io::Error::new(
            io::ErrorKind::InvalidData,
            format!("{} is larger than {MAX_FILE_BYTES} bytes", path.display()),
        ));
    }
    let mut text = String::new();
    io::Read::read_to_string(&mut io::Read::take(file, MAX_FILE_BYTES), &mut text)?;
    Ok(Some(text))
}

/// Removes temporary files a crash left beside `dest` (best effort).
pub fn remove_stale_temps(dest: &Path) {
    let Some(name) = dest.file_name() else {
        return;
    };
    let prefix = format!(".{}.tmp.", name.to_string_lossy());
    let Ok(entries) = fs::read_dir(parent_dir(dest)) else {
        return;
    };
    for entry in entries.flatten() {
        if entry.file_name().to_string_lossy().starts_with(&prefix) {
            let _ = fs::remove_file(entry.path());
        }
    }
}

fn parent_dir(path: &Path) -> &Path {
    match path.parent() {
        Some(dir) if !dir.as_os_str().is_empty() => dir,
        _ => Path::new("."),
    }
}

#[cfg(unix)]
fn sync_dir(dir: &Path) -> io::Result<()> {
    File::open(dir)?.sync_all()
}

#[cfg(not(unix))]
fn sync_dir(_dir: &Path) -> io::Result<()> {
    // Windows cannot open a directory as a file; its rename is durable once it returns.
    Ok(())
}

/// Test hook: writes to chosen paths fail half-way, as on a full disk.
#[cfg(test)]
pub(crate) mod failing {
    use std::fs::File;
    use std::io::{self, Write};
    use std::path::{Path, PathBuf};
    use std::sync::Mutex;

    static PATHS: Mutex<Vec<PathBuf>> = Mutex::new(Vec::new());

    /// Every write to `path` from now on fails (other tests' paths are not affected).
    pub fn fail_writes_to(path: &Path, fail: bool) {
        let mut paths = PATHS.lock().unwrap_or_else(|e| e.into_inner());
        paths.retain(|p| p != path);
        if fail {
            paths.push(path.to_path_buf());
        }
    }

    pub(super) fn write(dest: &Path, file: &mut File, bytes: &[u8]) -> io::Result<()> {
        if PATHS
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .iter()
            .any(|p| p == dest)
        {
            file.write_all(&bytes[..bytes.len() / 2])?;
            return Err(io::Error::new(
                io::ErrorKind::StorageFull,
                "no space left on device (injected)",
            ));
        }
        Ok(())
    }
}

#[cfg(test)]
pub(crate) fn test_dir(name: &str) -> PathBuf {
    static COUNTER: AtomicU64 = AtomicU64::new(0);
    let dir = std::env::temp_dir().join(format!(
        "mills-{name}-{}-{}",
        std::process::id(),
        COUNTER.fetch_add(1, Ordering::Relaxed)
    ));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).expect("temp dir");
    dir
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn write_replaces_and_leaves_no_temp_files() {
        let dir = test_dir("store");
        let path = dir.join("save.json");
        write_atomic(&path, b"one").unwrap();
        write_atomic(&path, b"two").unwrap();
        assert_eq!(read_if_exists(&path).unwrap().as_deref(), Some("two"));
        let names: Vec<_> = fs::read_dir(&dir).unwrap().flatten().collect();
        assert_eq!(names.len(), 1, "{names:?}");
        fs::remove_dir_all(dir).unwrap();
    }

    #[test]
    fn a_crash_between_write_and_rename_keeps_the_old_file() {
        let dir = test_dir("crash");
        let path = dir.join("save.json");
        write_atomic(&path, b"old").unwrap();
        let staged = stage(&path, b"new, complete but never renamed").unwrap();
        let temp = staged.temp_path().to_path_buf();
        // The process dies here: no rename, no clean-up.
        std::mem::forget(staged);
        assert!(temp.exists());
        assert_eq!(read_if_exists(&path).unwrap().as_deref(), Some("old"));
        remove_stale_temps(&path);
        assert!(!temp.exists());
        assert_eq!(read_if_exists(&path).unwrap().as_deref(), Some("old"));
        fs::remove_dir_all(dir).unwrap();
    }

    #[test]
    fn what_is_not_a_regular_file_is_never_replaced() {
        let dir = test_dir("special");
        let sub = dir.join("a-directory");
        fs::create_dir(&sub).unwrap();
        let err = write_atomic(&sub, b"x").unwrap_err();
        assert_eq!(err.kind(), io::ErrorKind::InvalidInput);
        assert!(
            err.to_string()
                .contains("is a directory, not a regular file"),
            "{err}"
        );
        assert!(sub.is_dir());

        #[cfg(unix)]
        {
            let target = dir.join("target.json");
            write_atomic(&target, b"target").unwrap();
            let link = dir.join("link.json");
            std::os::unix::fs::symlink(&target, &link).unwrap();
            let err = check_writable(&link).unwrap_err();
            assert_eq!(err.kind, "a symbolic link");
            assert!(write_atomic(&link, b"x").is_err());
            assert!(
                fs::symlink_metadata(&link)
                    .unwrap()
                    .file_type()
                    .is_symlink()
            );
            assert_eq!(fs::read(&target).unwrap(), b"target");

            let device = Path::new("/dev/null");
            if device.exists() {
                let err = check_writable(device).unwrap_err();
                assert_eq!(err.kind, "a device or other special file");
                let autosave = Autosave::new(device.to_path_buf());
                assert!(autosave.write(1, b"x").is_err());
                assert!(!device.is_file());
            }
        }
        assert_eq!(check_writable(&dir.join("absent.json")), Ok(()));
        fs::remove_dir_all(dir).unwrap();
    }

    #[test]
    fn a_failed_write_keeps_the_previous_file() {
        let dir = test_dir("full");
        let path = dir.join("save.json");
        let autosave = Autosave::new(path.clone());
        autosave.write(1, b"first").unwrap();
        failing::fail_writes_to(&path, true);
        let err = autosave.write(2, b"second, never complete").unwrap_err();
        assert_eq!(err.kind(), io::ErrorKind::StorageFull);
        assert_eq!(fs::read(&path).unwrap(), b"first");
        assert_eq!(
            fs::read_dir(&dir).unwrap().count(),
            1,
            "no temporary file left"
        );
        failing::fail_writes_to(&path, false);
        // A later write (a newer save) goes through; an older one is not written after it.
        autosave.write(3, b"third").unwrap();
        autosave.write(2, b"second").unwrap();
        assert_eq!(fs::read(&path).unwrap(), b"third");
        fs::remove_dir_all(dir).unwrap();
    }

    #[test]
    fn the_last_save_is_written_only_over_this_sessions_own() {
        let dir = test_dir("last");
        let path = dir.join("save.json");
        let old = Autosave::new(path.clone());
        old.write(1, b"old game").unwrap();
        old.write_last(2, b"old game, time left").unwrap();
        assert_eq!(fs::read(&path).unwrap(), b"old game, time left");
        // The next game's session takes the path over; the old one closing leaves it alone.
        let new = Autosave::new(path.clone());
        new.write(1, b"new game").unwrap();
        old.write_last(3, b"old game again").unwrap();
        assert_eq!(fs::read(&path).unwrap(), b"new game");
        fs::remove_dir_all(dir).unwrap();
    }

    #[test]
    fn missing_files_read_as_none_and_bad_dirs_fail() {
        let dir = test_dir("missing");
        assert_eq!(read_if_exists(&dir.join("nope.json")).unwrap(), None);
        assert!(write_atomic(&dir.join("no/such/dir/save.json"), b"x").is_err());
        fs::remove_dir_all(dir).unwrap();
    }
}

/// Why a statistics file (the games' results, the puzzles') could not be read or written.
///
/// A corrupt file is refused, never replaced: the player's record is not lost to a bug.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum StatsError {
    /// The file could not be read or written.
    Io(String),
    /// The file is not a statistics file this build can read.
    Corrupt(String),
}

impl fmt::Display for StatsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            StatsError::Io(m) => write!(f, "statistics file error: {m}"),
            StatsError::Corrupt(m) => write!(f, "statistics file unreadable: {m}"),
        }
    }
}

impl std::error::Error for StatsError {}
