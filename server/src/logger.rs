//! Structured logs: one JSON object a line on standard error, with the `log` crate's
//! key-values as fields.
//!
//! No secret reaches the log at any level: device secrets are never passed to a log call;
//! other crates' records (tungstenite traces whole frames, `hello` and its secret with them;
//! the PostgreSQL client traces statements and their parameters) are written only at `warn`
//! and `error`; and a `room` field, a room's code and so the bearer token of its free seat,
//! is written as [`room_tag`], which names the room in the log without giving its code.

use std::io::Write;
use std::time::{SystemTime, UNIX_EPOCH};

use log::kv::{Key, Value, VisitSource};
use log::{Level, LevelFilter, Log, Metadata, Record};
use serde_json::{Map, Value as Json};
use sha2::{Digest, Sha256};

struct JsonLogger {
    level: LevelFilter,
}

struct Fields<'a>(&'a mut Map<String, Json>);

impl<'kvs> VisitSource<'kvs> for Fields<'_> {
    fn visit_pair(&mut self, key: Key<'kvs>, value: Value<'kvs>) -> Result<(), log::kv::Error> {
        let json = if key.as_str() == "room" {
            Json::from(room_tag(&value.to_string()))
        } else if let Some(n) = value.to_u64() {
            Json::from(n)
        } else if let Some(n) = value.to_i64() {
            Json::from(n)
        } else if let Some(b) = value.to_bool() {
            Json::from(b)
        } else {
            Json::from(value.to_string())
        };
        self.0.insert(key.as_str().to_string(), json);
        Ok(())
    }
}

impl Log for JsonLogger {
    fn enabled(&self, metadata: &Metadata<'_>) -> bool {
        let ours = metadata.target().starts_with(env!("CARGO_CRATE_NAME"));
        metadata.level() <= self.level && (ours || metadata.level() <= Level::Warn)
    }

    fn log(&self, record: &Record<'_>) {
        if !self.enabled(record.metadata()) {
            return;
        }
        let ts_ms = SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map(|d| d.as_millis() as u64)
            .unwrap_or(0);
        let mut line = Map::new();
        line.insert("ts_ms".into(), ts_ms.into());
        line.insert("level".into(), level_id(record.level()).into());
        line.insert("msg".into(), record.args().to_string().into());
        let _ = record.key_values().visit(&mut Fields(&mut line));
        let mut text = Json::Object(line).to_string();
        text.push('\n');
        let _ = std::io::stderr().lock().write_all(text.as_bytes());
    }

    fn flush(&self) {
        let _ = std::io::stderr().flush();
    }
}

/// How the log names a room: the first 8 hex digits of the SHA-256 of its code, the same
/// for every line about that room.
pub fn room_tag(code: &str) -> String {
    let digest = Sha256::digest(code.as_bytes());
    digest[..4].iter().map(|b| format!("{b:02x}")).collect()
}

fn level_id(level: Level) -> &'static str {
    match level {
        Level::Error => "error",
        Level::Warn => "warn",
        Level::Info => "info",
        Level::Debug => "debug",
        Level::Trace => "trace",
    }
}

/// Installs the logger (once per process).
pub fn init(level: LevelFilter) {
    if log::set_boxed_logger(Box::new(JsonLogger { level })).is_ok() {
        log::set_max_level(level);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn other_crates_are_heard_only_at_warn_and_error() {
        let logger = JsonLogger {
            level: LevelFilter::Trace,
        };
        let at = |target: &str, level: Level| {
            logger.enabled(&Metadata::builder().target(target).level(level).build())
        };
        assert!(at("mills_server::conn", Level::Trace));
        assert!(!at("tungstenite::protocol", Level::Trace));
        assert!(!at("tokio_postgres::query", Level::Debug));
        assert!(at("tokio_postgres::connection", Level::Warn));
    }

    #[test]
    fn a_room_tag_is_stable_and_is_not_the_code() {
        let tag = room_tag("ABCDEFGHJKMN");
        assert_eq!(tag, room_tag("ABCDEFGHJKMN"));
        assert_ne!(tag, room_tag("ABCDEFGHJKMP"));
        assert_eq!(tag.len(), 8);
        assert!(!tag.contains("ABCD"));
    }
}
