//! Structured logs: one JSON object a line on standard error, with the `log` crate's
//! key-values as fields. Device secrets are never passed to a log call.

use std::io::Write;
use std::time::{SystemTime, UNIX_EPOCH};

use log::kv::{Key, Value, VisitSource};
use log::{Level, LevelFilter, Log, Metadata, Record};
use serde_json::{Map, Value as Json};

struct JsonLogger {
    level: LevelFilter,
}

struct Fields<'a>(&'a mut Map<String, Json>);

impl<'kvs> VisitSource<'kvs> for Fields<'_> {
    fn visit_pair(&mut self, key: Key<'kvs>, value: Value<'kvs>) -> Result<(), log::kv::Error> {
        let json = if let Some(n) = value.to_u64() {
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
        metadata.level() <= self.level
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
