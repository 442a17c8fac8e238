//! The autosave under bad conditions: a write that fails half-way (a full disk, injected and
//! on a real 64 KiB tmpfs where the machine allows mounting one), a path that is not a
//! regular file, saves above the size bound.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Duration;

use super::*;
use crate::session::{RestoreError, SizeUnit};
use crate::store::{self, failing};

/// A pass-and-play save of `passes` passes with the draw rules off (a legal, long game).
fn passes_save(passes: usize) -> String {
    let actions = vec!["\"pass\""; passes].join(",");
    format!(
        r#"{{"format":"mills-session","version":1,"rules":{{"game":"zhiqi","draws":{{"repetitions":0,"quiet_turns":0}}}},"mode":{{"kind":"pass-and-play"}},"timer":{{"seconds":0}},"actions":[{actions}]}}"#
    )
}

fn autosaving(path: &Path) -> SessionOptions {
    let (mut options, _) = SessionOptions::for_tests();
    options.autosave_path = Some(path.to_path_buf());
    options
}

fn save_failures(rx: &std::sync::mpsc::Receiver<(SessionEvent, std::thread::ThreadId)>) -> usize {
    rx.try_iter()
        .filter(|(event, _)| matches!(event, SessionEvent::SaveFailed { .. }))
        .count()
}

#[test]
fn a_failed_write_keeps_the_previous_save_and_tells_the_listener() {
    let dir = store::test_dir("inject");
    let path = dir.join("game.json");
    let (recorder, rx) = Recorder::new();
    let s = GameSession::with_listener(
        pass_and_play(Variant::ZhiQi),
        autosaving(&path),
        Some(recorder),
    );
    s.tap(pt("d6")).unwrap();
    let before = fs::read_to_string(&path).unwrap();
    assert_eq!(before, s.save());
    assert_eq!(save_failures(&rx), 0);

    failing::fail_writes_to(&path, true);
    s.tap(pt("d5")).unwrap();
    s.tap(pt("f4")).unwrap();
    assert_eq!(save_failures(&rx), 2, "each failed autosave is an event");
    assert_eq!(
        fs::read_to_string(&path).unwrap(),
        before,
        "the previous save is intact"
    );
    assert_eq!(
        fs::read_dir(&dir).unwrap().count(),
        1,
        "no temporary file is left"
    );
    let restored = save::decode(&fs::read_to_string(&path).unwrap()).unwrap();
    assert_eq!(restored.game.actions().len(), 1);

    failing::fail_writes_to(&path, false);
    s.tap(pt("a7")).unwrap();
    assert_eq!(
        fs::read_to_string(&path).unwrap(),
        s.save(),
        "saving resumes"
    );
    fs::remove_dir_all(dir).unwrap();
}

#[test]
fn an_autosave_path_that_is_not_a_regular_file_is_refused_not_replaced() {
    let dir = store::test_dir("special-path");
    let sub = dir.join("game.json");
    fs::create_dir(&sub).unwrap();
    let options = autosaving(&sub);
    let err = options.check_files().unwrap_err();
    assert_eq!(err.kind, "a directory");
    // A session started anyway plays on; every save is refused and reported.
    let (recorder, rx) = Recorder::new();
    let s = GameSession::with_listener(pass_and_play(Variant::ZhiQi), options, Some(recorder));
    s.tap(pt("d6")).unwrap();
    assert_eq!(save_failures(&rx), 2);
    assert!(sub.is_dir() && fs::read_dir(&sub).unwrap().count() == 0);

    #[cfg(unix)]
    {
        let target = dir.join("elsewhere.json");
        fs::write(&target, "not ours").unwrap();
        let link = dir.join("link.json");
        std::os::unix::fs::symlink(&target, &link).unwrap();
        assert_eq!(
            autosaving(&link).check_files().unwrap_err().kind,
            "a symbolic link"
        );
        let (recorder, rx) = Recorder::new();
        let s = GameSession::with_listener(
            pass_and_play(Variant::ZhiQi),
            autosaving(&link),
            Some(recorder),
        );
        s.close();
        assert_eq!(save_failures(&rx), 1);
        assert_eq!(fs::read_to_string(&target).unwrap(), "not ours");
        assert!(
            fs::symlink_metadata(&link)
                .unwrap()
                .file_type()
                .is_symlink()
        );

        let device = Path::new("/dev/null");
        if device.exists() {
            let err = autosaving(device).check_files().unwrap_err();
            assert_eq!(err.kind, "a device or other special file");
        }
    }
    assert_eq!(autosaving(&dir.join("new.json")).check_files(), Ok(()));
    fs::remove_dir_all(dir).unwrap();
}

#[test]
fn saves_above_the_bounds_are_refused_with_their_size() {
    let (options, _) = SessionOptions::for_tests();
    let err = GameSession::restore(&passes_save(save::MAX_SAVED_ACTIONS + 1), options, None)
        .err()
        .unwrap();
    assert_eq!(
        err,
        RestoreError::TooLarge {
            found: save::MAX_SAVED_ACTIONS + 1,
            limit: save::MAX_SAVED_ACTIONS,
            unit: SizeUnit::Actions
        }
    );
    assert!(err.to_string().contains("200001 actions"), "{err}");

    let huge = format!("{}{}", passes_save(1), " ".repeat(save::MAX_SAVE_BYTES));
    let (options, _) = SessionOptions::for_tests();
    assert!(matches!(
        GameSession::restore(&huge, options, None).err(),
        Some(RestoreError::TooLarge {
            unit: SizeUnit::Bytes,
            limit: save::MAX_SAVE_BYTES,
            ..
        })
    ));
    // At the bound it is read.
    let (options, _) = SessionOptions::for_tests();
    let s = GameSession::restore(&passes_save(save::MAX_SAVED_ACTIONS), options, None).unwrap();
    assert_eq!(s.snapshot().action_count as usize, save::MAX_SAVED_ACTIONS);
}

/// A 64 KiB tmpfs, unmounted when dropped.
struct Tmpfs(PathBuf);

impl Tmpfs {
    fn mount() -> Option<Tmpfs> {
        if !cfg!(target_os = "linux") {
            return None;
        }
        let dir = store::test_dir("tmpfs");
        let mounted = Command::new("mount")
            .args(["-t", "tmpfs", "-o", "size=64k", "tmpfs"])
            .arg(&dir)
            .output()
            .is_ok_and(|out| out.status.success());
        if mounted {
            Some(Tmpfs(dir))
        } else {
            let _ = fs::remove_dir(&dir);
            None
        }
    }
}

impl Drop for Tmpfs {
    fn drop(&mut self) {
        let _ = Command::new("umount").arg(&self.0).status();
        let _ = fs::remove_dir_all(&self.0);
    }
}

#[test]
fn a_full_disk_keeps_the_previous_save() {
    let Some(disk) = Tmpfs::mount() else {
        eprintln!("skipped: cannot mount a tmpfs here (needs root on Linux)");
        return;
    };
    let path = disk.0.join("game.json");
    // A short game fits...
    let s = GameSession::new(pass_and_play(Variant::ZhiQi), autosaving(&path));
    s.tap(pt("d6")).unwrap();
    let small = fs::read_to_string(&path).unwrap();
    drop(s);
    // ...a 20,000-action one (about 200 KB) does not.
    let (recorder, rx) = Recorder::new();
    let long = passes_save(20_000);
    let s = GameSession::restore(&long, autosaving(&path), Some(recorder)).unwrap();
    let (event, _) = rx.recv_timeout(Duration::from_secs(5)).unwrap();
    let SessionEvent::SaveFailed { message } = event else {
        panic!("{event:?}")
    };
    assert!(message.contains("No space left on device"), "{message}");
    assert_eq!(
        fs::read_to_string(&path).unwrap(),
        small,
        "the previous save is intact"
    );
    assert_eq!(
        fs::read_dir(&disk.0).unwrap().count(),
        1,
        "no temporary file is left"
    );
    // The game goes on and the next save fails the same way.
    s.tap(pt("d6")).unwrap();
    assert_eq!(save_failures(&rx), 1);
    assert_eq!(fs::read_to_string(&path).unwrap(), small);
}
