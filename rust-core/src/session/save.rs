//! The saved-game document: versioned JSON, and its strict reader.
//!
//! ```json
//! {
//!   "format": "mills-session",
//!   "version": 1,
//!   "rules": { "game": "zhiqi", "draws": { "repetitions": 3, "quiet_turns": 100 } },
//!   "mode": { "kind": "vs-computer", "computer": "p2", "level": 5 },
//!   "timer": { "seconds": 60, "time_left_ms": 41250, "paused": false },
//!   "actions": ["d6", "d5", "pass", "a7", "xd5"],
//!   "resigned": "p1",
//!   "hints_used": 2
//! }
//! ```
//! `mode` may also be `{ "kind": "pass-and-play" }`; `timer.seconds` is 0 (off), 15, 30,
//! 60 or 120; `time_left_ms` is what was left of the turn in progress (absent when the timer
//! is off); `resigned` is absent unless a side resigned; `hints_used` counts the hints given in
//! this game (absent in saves written before it existed: they read as 0; anything but a
//! whole number from 0 to 2^32 − 1 is refused as corrupt). Actions use the notation of
//! RULES.md §2 and replay from the initial position, so a save always means the rules of the
//! build that reads it.

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::action::Action;
use crate::game::Game;
use crate::level::Level;
use crate::rules::{Rules, Side};

use super::config::{Mode, SessionConfig};
use crate::timer::TurnTimer;

/// The `format` of a saved game.
pub const SAVE_FORMAT: &str = "mills-session";
/// The version of the saved-game format this build writes and reads.
pub const SAVE_VERSION: u32 = 1;
/// No real game comes near this many actions (the draw rules end every game long before;
/// with them off, a timer pass every 15 s takes five weeks to get here). Longer saves and
/// records are refused with [`RestoreError::TooLarge`].
pub const MAX_SAVED_ACTIONS: usize = 200_000;
/// Larger documents are refused before parsing (a save of `MAX_SAVED_ACTIONS` steps, one
/// indented line each, takes about 2.6 MB).
pub const MAX_SAVE_BYTES: usize = 4 * 1024 * 1024;

#[derive(Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
enum ModeDoc {
    VsComputer { computer: Side, level: Level },
    PassAndPlay,
}

#[derive(Serialize, Deserialize)]
struct TimerDoc {
    seconds: u32,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    time_left_ms: Option<u64>,
    #[serde(default)]
    paused: bool,
}

#[derive(Serialize, Deserialize)]
struct SaveDoc {
    format: String,
    version: u32,
    rules: Rules,
    mode: ModeDoc,
    timer: TimerDoc,
    actions: Vec<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    resigned: Option<Side>,
    /// Hints given in this game; 0 in saves from before the field.
    #[serde(default)]
    hints_used: u32,
}

/// A saved game, read back.
#[derive(Clone, Debug)]
pub struct Restored {
    pub config: SessionConfig,
    pub game: Game,
    pub time_left_ms: Option<u64>,
    pub paused: bool,
    pub hints_used: u32,
}

/// Why a saved game cannot be restored.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum RestoreError {
    /// Not JSON, not a Mills save, or a field is missing or has a wrong value.
    Corrupt {
        /// What is wrong.
        message: String,
    },
    /// A save from another version of the format.
    UnknownVersion {
        /// The version the save names.
        found: u64,
        /// The version this build reads.
        supported: u32,
    },
    /// The action at `index` (from 0) cannot be read or is illegal where it stands.
    IllegalAction {
        /// The action's index, from 0.
        index: usize,
        /// The action as saved.
        action: String,
        /// Why it cannot be played.
        reason: String,
    },
    /// More than a saved game may hold: `found` bytes or actions where at most `limit` are
    /// read (`MAX_SAVE_BYTES`, `MAX_SAVED_ACTIONS`).
    TooLarge {
        /// The size found.
        found: usize,
        /// The most read.
        limit: usize,
        /// What the numbers count.
        unit: SizeUnit,
    },
}

/// What a [`RestoreError::TooLarge`] counts.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum SizeUnit {
    /// The save's size in bytes.
    Bytes,
    /// The actions in the save.
    Actions,
}

impl fmt::Display for SizeUnit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            SizeUnit::Bytes => "bytes",
            SizeUnit::Actions => "actions",
        })
    }
}

impl RestoreError {
    fn corrupt(message: impl Into<String>) -> RestoreError {
        RestoreError::Corrupt {
            message: message.into(),
        }
    }
}

impl fmt::Display for RestoreError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RestoreError::Corrupt { message } => write!(f, "corrupt saved game: {message}"),
            RestoreError::UnknownVersion { found, supported } => write!(
                f,
                "saved game version {found} is not supported (this build reads version {supported})"
            ),
            RestoreError::IllegalAction {
                index,
                action,
                reason,
            } => write!(f, "saved action {index} ('{action}') is illegal: {reason}"),
            RestoreError::TooLarge { found, limit, unit } => write!(
                f,
                "the saved game is too large: {found} {unit} (at most {limit} are read)"
            ),
        }
    }
}

impl std::error::Error for RestoreError {}

/// The document for a session.
pub(crate) fn encode(
    config: &SessionConfig,
    game: &Game,
    time_left_ms: Option<u64>,
    paused: bool,
    hints_used: u32,
) -> String {
    let doc = SaveDoc {
        format: SAVE_FORMAT.to_string(),
        version: SAVE_VERSION,
        rules: config.rules,
        mode: match config.mode {
            Mode::VsComputer { computer, level } => ModeDoc::VsComputer { computer, level },
            Mode::PassAndPlay => ModeDoc::PassAndPlay,
        },
        timer: TimerDoc {
            seconds: config.timer.seconds_or_off(),
            time_left_ms: config.timer.seconds().and(time_left_ms),
            paused,
        },
        actions: game.actions().iter().map(Action::to_string).collect(),
        resigned: game.record().resigned,
        hints_used,
    };
    serde_json::to_string_pretty(&doc).unwrap_or_else(|e| {
        // Serializing plain data cannot fail; never panic on the way to disk anyway.
        log::error!("saved game not serializable: {e}");
        String::new()
    })
}

/// Reads a document, checking everything; never panics.
pub fn decode(json: &str) -> Result<Restored, RestoreError> {
    if json.len() > MAX_SAVE_BYTES {
        return Err(RestoreError::TooLarge {
            found: json.len(),
            limit: MAX_SAVE_BYTES,
            unit: SizeUnit::Bytes,
        });
    }
    let value: serde_json::Value =
        serde_json::from_str(json).map_err(|e| RestoreError::corrupt(format!("not JSON: {e}")))?;
    let object = value
        .as_object()
        .ok_or_else(|| RestoreError::corrupt("not a JSON object"))?;
    match object.get("format").and_then(|f| f.as_str()) {
        Some(SAVE_FORMAT) => {}
        Some(other) => {
            return Err(RestoreError::corrupt(format!(
                "format '{other}' is not '{SAVE_FORMAT}'"
            )));
        }
        None => return Err(RestoreError::corrupt("not a Mills saved game (no format)")),
    }
    let version = object
        .get("version")
        .and_then(|v| v.as_u64())
        .ok_or_else(|| RestoreError::corrupt("no version number"))?;
    if version != u64::from(SAVE_VERSION) {
        return Err(RestoreError::UnknownVersion {
            found: version,
            supported: SAVE_VERSION,
        });
    }
    let doc: SaveDoc =
        serde_json::from_value(value).map_err(|e| RestoreError::corrupt(e.to_string()))?;
    let timer = TurnTimer::from_seconds(doc.timer.seconds).ok_or_else(|| {
        RestoreError::corrupt(format!(
            "a {} s turn timer is not a setting (0, 15, 30, 60, 120)",
            doc.timer.seconds
        ))
    })?;
    if doc.actions.len() > MAX_SAVED_ACTIONS {
        return Err(RestoreError::TooLarge {
            found: doc.actions.len(),
            limit: MAX_SAVED_ACTIONS,
            unit: SizeUnit::Actions,
        });
    }
    let mode = match doc.mode {
        ModeDoc::VsComputer { computer, level } => Mode::VsComputer { computer, level },
        ModeDoc::PassAndPlay => Mode::PassAndPlay,
    };
    let config = SessionConfig {
        rules: doc.rules,
        mode,
        timer,
    };

    let mut game = Game::new(config.rules);
    for (index, text) in doc.actions.iter().enumerate() {
        let illegal = |reason: String| RestoreError::IllegalAction {
            index,
            action: text.clone(),
            reason,
        };
        let action: Action = text.parse().map_err(|e| illegal(format!("{e}")))?;
        game.play(action).map_err(|e| illegal(e.to_string()))?;
    }
    if let Some(side) = doc.resigned {
        game.resign(side).map_err(|e| RestoreError::IllegalAction {
            index: doc.actions.len(),
            action: format!("resign {side}"),
            reason: e.to_string(),
        })?;
    }
    Ok(Restored {
        config,
        game,
        time_left_ms: doc.timer.time_left_ms,
        paused: doc.timer.paused,
        hints_used: doc.hints_used,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::action::parse_actions;
    use crate::rules::Variant;

    fn sample() -> (SessionConfig, Game) {
        let config = SessionConfig::new(Variant::ZhiQi).with_timer(TurnTimer::Seconds30);
        let actions = parse_actions("d2 c3 g4 pass b2").unwrap();
        (config, Game::replay(config.rules, &actions).unwrap())
    }

    #[test]
    fn documents_round_trip() {
        let (config, game) = sample();
        let json = encode(&config, &game, Some(12_345), true, 3);
        let restored = decode(&json).unwrap();
        assert_eq!(restored.config, config);
        assert_eq!(restored.game.actions(), game.actions());
        assert_eq!(restored.time_left_ms, Some(12_345));
        assert!(restored.paused);
        assert_eq!(restored.hints_used, 3);
        let value: serde_json::Value = serde_json::from_str(&json).unwrap();
        assert_eq!(value["version"], 1);
        assert_eq!(value["rules"]["game"], "zhiqi");
        assert_eq!(value["mode"]["kind"], "vs-computer");
        assert_eq!(value["actions"][3], "pass");
    }

    #[test]
    fn errors_are_typed() {
        let (config, game) = sample();
        let json = encode(&config, &game, None, false, 0);
        assert!(matches!(decode("{"), Err(RestoreError::Corrupt { .. })));
        assert!(matches!(decode("[]"), Err(RestoreError::Corrupt { .. })));
        assert_eq!(
            decode(&json.replace("\"version\": 1", "\"version\": 7")).unwrap_err(),
            RestoreError::UnknownVersion {
                found: 7,
                supported: 1
            }
        );
        let bad = json.replace("\"g4\"", "\"c3\"");
        match decode(&bad).unwrap_err() {
            RestoreError::IllegalAction { index, action, .. } => {
                assert_eq!((index, action.as_str()), (2, "c3"));
            }
            other => panic!("{other:?}"),
        }
        let unreadable = json.replace("\"b2\"", "\"z9\"");
        assert!(matches!(
            decode(&unreadable),
            Err(RestoreError::IllegalAction { index: 4, .. })
        ));
        let bad_level = json.replace("\"level\": 5", "\"level\": 11");
        assert!(matches!(
            decode(&bad_level),
            Err(RestoreError::Corrupt { .. })
        ));
        let bad_timer = json.replace("\"seconds\": 30", "\"seconds\": 31");
        assert!(matches!(
            decode(&bad_timer),
            Err(RestoreError::Corrupt { .. })
        ));
    }

    #[test]
    fn hints_used_are_saved_old_saves_read_as_zero_and_bad_counts_are_refused() {
        let (config, game) = sample();
        let json = encode(&config, &game, None, false, 2);
        assert!(json.contains("\"hints_used\": 2"), "{json}");
        assert_eq!(decode(&json).unwrap().hints_used, 2);
        // A save written before the field existed.
        let old = json.replace(",\n  \"hints_used\": 2", "");
        assert!(!old.contains("hints_used"), "{old}");
        assert_eq!(decode(&old).unwrap().hints_used, 0);
        for bad in ["-1", "1.5", "\"two\"", "4294967296", "null", "true"] {
            let corrupt = json.replace("\"hints_used\": 2", &format!("\"hints_used\": {bad}"));
            assert!(
                matches!(decode(&corrupt), Err(RestoreError::Corrupt { .. })),
                "{bad}"
            );
        }
    }
}
