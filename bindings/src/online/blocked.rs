//! The rooms in which this device blocked its opponent, kept beside the device secret (the
//! secret's path with `.blocked` added), so that the opponent's name stays hidden after the
//! app restarts. The server keeps the block itself (it seats the two devices together
//! nowhere again) and never tells a client the other device's identity, so the only
//! rooms where a blocked player's name could still be shown are the rooms this list holds.
//!
//! The file is one room code a line, written like every file of the engine (temporary file,
//! fsync, rename). A missing or unreadable file is an empty list.

use std::collections::BTreeSet;
use std::path::Path;

/// Where the list of a device whose secret is at `secret_path` is kept.
pub(crate) fn path_for(secret_path: &str) -> String {
    format!("{secret_path}.blocked")
}

/// The room codes in the list at `path`.
pub(crate) fn read(path: &str) -> BTreeSet<String> {
    std::fs::read_to_string(path)
        .map(|text| {
            text.lines()
                .filter_map(mills_protocol::normalize_code)
                .collect()
        })
        .unwrap_or_default()
}

/// Adds `room` to the list at `path`. A failed write is logged: the name is still hidden
/// for this session, and the server's block holds whatever happens to the file.
pub(crate) fn add(path: &str, room: &str) {
    let mut rooms = read(path);
    if !rooms.insert(room.to_string()) {
        return;
    }
    let text: String = rooms.iter().map(|r| format!("{r}\n")).collect();
    if let Err(err) = mills_core::write_atomic(Path::new(path), text.as_bytes()) {
        log::error!("online: writing the blocked list {path}: {err}");
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rooms_are_added_once_and_read_back() {
        let dir = std::env::temp_dir().join(format!("mills-blocked-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = path_for(dir.join("secret").to_str().unwrap());
        assert!(read(&path).is_empty());
        add(&path, "K7QM2XRP9DTA");
        add(&path, "K7QM2XRP9DTA");
        add(&path, "ABCDEFGHJKMN");
        let rooms: Vec<String> = read(&path).into_iter().collect();
        assert_eq!(rooms, ["ABCDEFGHJKMN", "K7QM2XRP9DTA"]);
        std::fs::write(&path, "not a code\nK7QM2XRP9DTA\n").unwrap();
        assert_eq!(read(&path).len(), 1);
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
