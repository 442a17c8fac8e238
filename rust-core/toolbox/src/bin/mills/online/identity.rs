//! Who this terminal is to the server: the device secret, which the engine's client keeps in
//! a file it is given (`OnlineOptions::secret_path`) and never shows.
//!
//! By default the identity is temporary. The session makes its secret in a private folder
//! of the system's temporary directory and keeps it in memory from then on (its reconnects
//! send it from there), so the folder is removed as soon as the session has started: no
//! secret is left on disk, not even when the program is killed. The price is that this
//! terminal cannot sit down in the room again once it has left. `--device-file FILE` keeps
//! the identity in FILE instead (made on first use, read afterwards), for a person who
//! wants to come back to a game with `mills online join CODE --device-file FILE`.

use std::fs;
use std::io;
use std::path::PathBuf;

/// Where the session's device secret is.
pub struct Identity {
    secret_path: String,
    /// The private folder of a temporary identity, until the session has read it.
    temporary: Option<PathBuf>,
    kept: bool,
}

impl Identity {
    /// A fresh identity in a private folder of the temporary directory.
    pub fn temporary() -> io::Result<Identity> {
        let nonce: u64 = rand::random();
        let dir =
            std::env::temp_dir().join(format!("mills-online-{}-{nonce:016x}", std::process::id()));
        create_private_dir(&dir)?;
        let secret = dir.join("device-secret");
        let Some(secret_path) = secret.to_str().map(String::from) else {
            let _ = fs::remove_dir_all(&dir);
            return Err(io::Error::other(
                "the temporary directory's path is not UTF-8",
            ));
        };
        Ok(Identity {
            secret_path,
            temporary: Some(dir),
            kept: false,
        })
    }

    /// The identity kept in `file` (`--device-file`).
    pub fn kept_in(file: &str) -> Identity {
        Identity {
            secret_path: file.to_string(),
            temporary: None,
            kept: true,
        }
    }

    pub fn secret_path(&self) -> &str {
        &self.secret_path
    }

    /// Whether the identity outlives this program (the player can return to the room).
    pub fn is_kept(&self) -> bool {
        self.kept
    }

    /// The session has read the secret: a temporary one leaves the disk now, a kept one is
    /// made readable by this user only (the engine writes it as any file, which suits an
    /// app's private folder but not a home directory).
    pub fn session_started(&mut self) {
        if let Some(dir) = self.temporary.take() {
            let _ = fs::remove_dir_all(dir);
        } else if self.kept {
            restrict_to_owner(&self.secret_path);
        }
    }
}

impl Drop for Identity {
    /// The session never started: its temporary folder goes too.
    fn drop(&mut self) {
        self.session_started();
    }
}

/// Best effort: a file that is not this user's to change keeps its permissions.
fn restrict_to_owner(path: &str) {
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let _ = fs::set_permissions(path, fs::Permissions::from_mode(0o600));
    }
    #[cfg(not(unix))]
    let _ = path;
}

/// A folder only this user can read (the secret is a seat in every room it joins).
fn create_private_dir(dir: &std::path::Path) -> io::Result<()> {
    let mut builder = fs::DirBuilder::new();
    #[cfg(unix)]
    {
        use std::os::unix::fs::DirBuilderExt;
        builder.mode(0o700);
    }
    builder.create(dir)
}
