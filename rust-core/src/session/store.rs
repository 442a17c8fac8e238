//! Atomic file replacement: a temporary file in the same directory, fsync, rename, fsync of
//! the directory. Killing the process at any moment leaves either the old file or the new
//! one, never a mix (rename within one file system is atomic on POSIX).

use std::fs::{self, File};
use std::io::{self, Write};
use std::path::{Path, PathBuf};
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

/// Writes `bytes` to a temporary file beside `dest` and flushes it to disk.
pub fn stage(dest: &Path, bytes: &[u8]) -> io::Result<StagedFile> {
    static COUNTER: AtomicU64 = AtomicU64::new(0);
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
        let mut file = File::create(&temp)?;
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
    pub fn temp_path(&self) -> &Path {
        &self.temp
    }

    /// Moves the new version into place and makes the rename durable.
    pub fn commit(self) -> io::Result<()> {
        let this = std::mem::ManuallyDrop::new(self);
        let (temp, dest) = (this.temp.clone(), this.dest.clone());
        if let Err(err) = fs::rename(&temp, &dest) {
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
    fn missing_files_read_as_none_and_bad_dirs_fail() {
        let dir = test_dir("missing");
        assert_eq!(read_if_exists(&dir.join("nope.json")).unwrap(), None);
        assert!(write_atomic(&dir.join("no/such/dir/save.json"), b"x").is_err());
        fs::remove_dir_all(dir).unwrap();
    }
}
