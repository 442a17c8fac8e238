//! The room file: what an app needs to offer "return to your game" after it was killed or
//! the phone restarted, kept where the app says (`OnlineOptions::room_path`).
//!
//! The session writes it when it learns its room (created, joined or opened) and rewrites it
//! when what the app shows about the room changes: the opponent's name, the game ending, a
//! rematch starting. Written like every file of the engine (temporary file, fsync, rename),
//! so a kill leaves the old record or the new one. It holds no device secret: the seat is
//! the secret file's; this file only remembers which room to open.

use std::path::Path;

use serde::{Deserialize, Serialize};

use mills_protocol::Seat;

use mills_online::Room;
use mills_online::names::{seat, side};

use crate::types::{GameId, Player};

/// A room this device sits in, as last written by a session (`saved_online_room`).
#[derive(Debug, Clone, PartialEq, Eq, uniffi::Record)]
pub struct SavedOnlineRoom {
    /// The room's code, for `OnlineSession.open`.
    pub room: String,
    /// The server address the session was given (the app compares it with its setting).
    pub server: String,
    pub game: GameId,
    /// This device's side in the room's current game.
    pub you: Player,
    /// `None` until the opponent has joined (or when they gave no name).
    pub opponent_name: Option<String>,
    /// The room's current game is over (a rematch starts a new, unfinished one).
    pub finished: bool,
}

/// The file's format: JSON, with the game as its id (`zhiqi`, ...) and the side as the
/// protocol's seat (`p1`/`p2`), so that the file reads the same whatever the enums' order.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct RoomFile {
    server: String,
    room: String,
    game: String,
    you: Seat,
    #[serde(default)]
    opponent: Option<String>,
    finished: bool,
}

impl RoomFile {
    /// What to remember of `room`; `None` until the server has given it.
    pub fn of(server: &str, room: &Room) -> Option<RoomFile> {
        let info = room.info.as_ref()?;
        Some(RoomFile {
            server: server.to_string(),
            room: info.code.clone(),
            game: info.game.id().to_string(),
            you: seat(info.you),
            opponent: room.opponent_name(),
            finished: room.is_over(),
        })
    }

    fn to_saved(&self) -> Option<SavedOnlineRoom> {
        let game = self.game.parse::<mills_core::Variant>().ok()?.into();
        let room = mills_protocol::normalize_code(&self.room)?;
        Some(SavedOnlineRoom {
            room,
            server: self.server.clone(),
            game,
            you: side(self.you).into(),
            opponent_name: self.opponent.clone(),
            finished: self.finished,
        })
    }
}

/// Writes the record; a failure is logged, never the session's end (the game goes on, only
/// the way back after a kill is lost).
pub(crate) fn write(path: &str, file: &RoomFile) {
    let result = serde_json::to_vec_pretty(file)
        .map_err(std::io::Error::other)
        .and_then(|bytes| mills_core::write_atomic(Path::new(path), &bytes));
    if let Err(err) = result {
        log::error!("online: writing the room file {path}: {err}");
    }
}

/// The room recorded at `path`. A missing, unreadable or malformed file is `None`: the app
/// then simply offers no way back, which is all it could do anyway.
#[uniffi::export]
pub fn saved_online_room(path: String) -> Option<SavedOnlineRoom> {
    crate::error::guard(|| Ok(read(&path))).ok().flatten()
}

fn read(path: &str) -> Option<SavedOnlineRoom> {
    let text = std::fs::read(path).ok()?;
    let file: RoomFile = serde_json::from_slice(&text).ok()?;
    file.to_saved()
}

/// Deletes the room file (the player chose to forget the game). A missing file is fine.
#[uniffi::export]
pub fn forget_online_room(path: String) {
    if let Err(err) = std::fs::remove_file(&path) {
        if err.kind() != std::io::ErrorKind::NotFound {
            log::error!("online: forgetting the room file {path}: {err}");
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn dir(name: &str) -> std::path::PathBuf {
        let dir = std::env::temp_dir().join(format!("mills-room-{name}-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        dir
    }

    #[test]
    fn a_record_is_read_back() {
        let dir = dir("read");
        let path = dir.join("room.json").to_str().unwrap().to_string();
        let file = RoomFile {
            server: "ws://127.0.0.1:9".into(),
            room: "K7QM2XRP9DTA".into(),
            game: "twelve-mens-morris".into(),
            you: Seat::P2,
            opponent: Some("Ann".into()),
            finished: false,
        };
        write(&path, &file);
        assert_eq!(
            saved_online_room(path.clone()),
            Some(SavedOnlineRoom {
                room: "K7QM2XRP9DTA".into(),
                server: "ws://127.0.0.1:9".into(),
                game: GameId::TwelveMensMorris,
                you: Player::P2,
                opponent_name: Some("Ann".into()),
                finished: false,
            })
        );
        forget_online_room(path.clone());
        assert_eq!(saved_online_room(path.clone()), None);
        forget_online_room(path);
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_missing_or_damaged_file_is_no_room() {
        let dir = dir("bad");
        let path = dir.join("room.json");
        let p = path.to_str().unwrap().to_string();
        assert_eq!(saved_online_room(p.clone()), None);
        for garbage in [
            &b""[..],
            b"{",
            b"\xff\xfe not json",
            b"[]",
            br#"{"server":"x","room":"K7QM2XRP9DTA","game":"chess","you":"p1","finished":false}"#,
            br#"{"server":"x","room":"K7QM2XRP9DTA","game":"zhiqi","you":"p3","finished":false}"#,
            br#"{"server":"x","room":"no","game":"zhiqi","you":"p1","finished":false}"#,
        ] {
            std::fs::write(&path, garbage).unwrap();
            assert_eq!(saved_online_room(p.clone()), None, "{garbage:?}");
        }
        // A directory where the file should be.
        std::fs::remove_file(&path).unwrap();
        std::fs::create_dir(&path).unwrap();
        assert_eq!(saved_online_room(p.clone()), None);
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
