//! The shared store: PostgreSQL, for several server processes serving the same rooms.
//!
//! The tables are the embedded store's. A batch of writes is one transaction: its commit is
//! durable (PostgreSQL's `synchronous_commit` is on by default) before any write of it is
//! acknowledged. A write whose key is taken inserts nothing and is a conflict; a write that
//! fails otherwise aborts the batch, which is then stored write by write, so that only it
//! fails. The transaction also sends, on commit, a notice on the channel [`CHANNEL`] for each
//! stored entry (the whole entry) and each other changed room; every process listens
//! ([`listen`]), applies the entries and reads the other rooms again.

mod notify;
mod prepared;
mod reads;
mod writes;

use std::collections::BTreeSet;

use postgres::{Client, NoTls};
use rand::Rng;

use crate::device;

use super::backend::{Reader, Signal, Store};
use super::error::StoreError;
use super::moderation::{self, ReportRow};
use super::rows::{EntryRow, Snapshot, Write};
use super::sql::{
    ADDED_COLUMNS, Expiry, LATER_INDEXES, ROOM_CREATED_BY, ROOM_IDS, ROOMS_OF, Rooms, SCHEMA,
};

pub use notify::{CHANNEL, listen};
pub use reads::PostgresReader;

use notify::entry_payload;
use prepared::{Statements, err};
use reads::{reports, rows, strings};
use writes::{insert_entries, write_one};

/// Two processes starting at once must not both create the tables: the creation holds this
/// advisory lock (any number both processes agree on).
const SCHEMA_LOCK: i64 = 0x6d69_6c6c_7300;

/// Rooms in a PostgreSQL database shared by several server processes.
pub struct PostgresStore {
    url: String,
    db: Client,
    statements: Statements,
    instance: String,
}

/// A process's name in the notices it sends, so that it skips its own.
pub fn new_instance_id() -> String {
    format!("{:016x}", rand::rng().random::<u64>())
}

impl PostgresStore {
    /// Connects to `url` (`postgres://user:password@host:port/db` or a key=value string) and
    /// creates the tables if they are missing. `instance` names this process in notices.
    pub fn open(url: &str, instance: &str) -> Result<PostgresStore, StoreError> {
        let mut db = Client::connect(url, NoTls).map_err(err)?;
        let mut tx = db.transaction().map_err(err)?;
        // "relation already exists, skipping" on every start is not news.
        tx.batch_execute("SET LOCAL client_min_messages = warning")
            .map_err(err)?;
        tx.execute("SELECT pg_advisory_xact_lock($1)", &[&SCHEMA_LOCK])
            .map_err(err)?;
        tx.batch_execute(SCHEMA).map_err(err)?;
        for (table, column, kind) in ADDED_COLUMNS {
            tx.batch_execute(&format!(
                "ALTER TABLE {table} ADD COLUMN IF NOT EXISTS {column} {kind}"
            ))
            .map_err(err)?;
        }
        tx.batch_execute(LATER_INDEXES).map_err(err)?;
        tx.batch_execute(moderation::SCHEMA).map_err(err)?;
        // Older databases stored the device secrets themselves: keep only their keys.
        let legacy = tx
            .query("SELECT room, member, device FROM members", &[])
            .map_err(err)?;
        for row in legacy {
            let secret: String = row.get(2);
            if !device::is_key(&secret) {
                let (room, member): (String, i32) = (row.get(0), row.get(1));
                tx.execute(
                    "UPDATE members SET device = $1 WHERE room = $2 AND member = $3",
                    &[&device::key_of(&secret), &room, &member],
                )
                .map_err(err)?;
            }
        }
        tx.commit().map_err(err)?;
        let statements = Statements::prepare(&mut db).map_err(err)?;
        Ok(PostgresStore {
            url: url.to_string(),
            db,
            statements,
            instance: instance.to_string(),
        })
    }

    /// A connection lost (the database restarted) is opened again before the next use;
    /// what was in flight failed and was not acknowledged.
    fn connected(&mut self) -> Result<(), StoreError> {
        if self.db.is_closed() {
            log::warn!("database connection lost: connecting again");
            let mut db = Client::connect(&self.url, NoTls).map_err(err)?;
            self.statements = Statements::prepare(&mut db).map_err(err)?;
            self.db = db;
        }
        Ok(())
    }

    /// Stores `writes` in one transaction; a write whose key is taken is a conflict.
    fn apply_together(
        &mut self,
        writes: &[Write],
    ) -> Result<Vec<Result<(), StoreError>>, StoreError> {
        self.connected()?;
        let st = &self.statements;
        let mut tx = self.db.transaction().map_err(err)?;
        let mut results = Vec::with_capacity(writes.len());
        let mut changed = BTreeSet::new();
        let mut notices = Vec::new();
        // The other writes first, in order (no entry is in a batch with the rows it needs:
        // a room's requests wait for each other), then every entry at once.
        let mut stored = vec![false; writes.len()];
        for (i, write) in writes.iter().enumerate() {
            if !matches!(write, Write::AppendEntry(_))
                && write_one(&mut tx, st, write).map_err(err)?
            {
                stored[i] = true;
                if write.changes_room() {
                    changed.insert(write.room());
                }
            }
        }
        let (at, entries): (Vec<usize>, Vec<&EntryRow>) = writes
            .iter()
            .enumerate()
            .filter_map(|(i, w)| match w {
                Write::AppendEntry(e) => Some((i, e)),
                _ => None,
            })
            .unzip();
        if !entries.is_empty() {
            let inserted = insert_entries(&mut tx, st, &entries).map_err(err)?;
            for ((i, e), inserted) in at.into_iter().zip(entries).zip(inserted) {
                if inserted {
                    stored[i] = true;
                    notices.push(entry_payload(&self.instance, e));
                }
            }
        }
        for (write, stored) in writes.iter().zip(stored) {
            results.push(if stored {
                Ok(())
            } else {
                Err(StoreError::conflict(format!(
                    "the key of this write is taken ({})",
                    write.room()
                )))
            });
        }
        notices.extend(
            changed
                .iter()
                .map(|room| format!("{} {room}", self.instance)),
        );
        if !notices.is_empty() {
            // Delivered to the listeners when (and only if) the transaction commits.
            tx.execute(&st.notify, &[&CHANNEL, &notices]).map_err(err)?;
        }
        tx.commit().map_err(err)?;
        Ok(results)
    }
}

/// The writer's own connection reads as the reader does (the tests, and the start).
impl Reader for PostgresStore {
    fn load_room(&mut self, id: &str) -> Result<Snapshot, StoreError> {
        self.connected()?;
        rows(&mut self.db, Rooms::One, Some(id))
    }

    fn rooms_of(&mut self, device: &str) -> Result<Vec<String>, StoreError> {
        self.connected()?;
        strings(&mut self.db, ROOMS_OF, &[&device])
    }

    fn room_created_by(
        &mut self,
        device: &str,
        create_id: &str,
    ) -> Result<Option<String>, StoreError> {
        self.connected()?;
        Ok(strings(&mut self.db, ROOM_CREATED_BY, &[&create_id, &device])?.pop())
    }

    fn blocked(&mut self, a: &str, b: &str) -> Result<bool, StoreError> {
        self.connected()?;
        Ok(!strings(&mut self.db, moderation::BLOCKED, &[&a, &b])?.is_empty())
    }

    fn reports(&mut self, limit: usize) -> Result<Vec<ReportRow>, StoreError> {
        self.connected()?;
        reports(&mut self.db, limit)
    }
}

impl Store for PostgresStore {
    fn is_shared(&self) -> bool {
        true
    }

    fn load(&mut self) -> Result<Snapshot, StoreError> {
        self.connected()?;
        rows(&mut self.db, Rooms::Unfinished, None)
    }

    fn room_ids(&mut self) -> Result<Vec<String>, StoreError> {
        self.connected()?;
        strings(&mut self.db, ROOM_IDS, &[])
    }

    fn expired(&mut self, expiry: &Expiry, limit: usize) -> Result<Vec<String>, StoreError> {
        self.connected()?;
        expiry.rooms(limit, |sql, cutoff| strings(&mut self.db, sql, &[&cutoff]))
    }

    fn reader(&self) -> Result<Box<dyn Reader>, StoreError> {
        Ok(Box::new(PostgresReader {
            url: self.url.clone(),
            db: Client::connect(&self.url, NoTls).map_err(err)?,
        }))
    }

    fn signal(&mut self, signals: &[Signal]) -> Result<(), StoreError> {
        self.connected()?;
        let payloads: Vec<String> = signals
            .iter()
            .map(|signal| match signal {
                Signal::Presence {
                    room,
                    member,
                    online,
                } => format!("{} {room} {member} {}", self.instance, u8::from(*online)),
                Signal::AskPresence(None) => format!("{} ?", self.instance),
                Signal::AskPresence(Some(room)) => format!("{} ? {room}", self.instance),
                Signal::Sync(n) => format!("{} ! {n}", self.instance),
            })
            .collect();
        self.db
            .execute(&self.statements.notify, &[&CHANNEL, &payloads])
            .map_err(err)?;
        Ok(())
    }

    fn apply(&mut self, writes: &[Write]) -> Result<Vec<Result<(), StoreError>>, StoreError> {
        match self.apply_together(writes) {
            Err(e) if writes.len() > 1 => {
                // One write failed for another reason than a taken key, which aborts the
                // whole transaction: store each on its own, so that only it fails.
                log::warn!(error = e.to_string().as_str(); "a batch failed: storing its writes one by one");
                Ok(writes
                    .iter()
                    .map(|w| {
                        self.apply_together(std::slice::from_ref(w))
                            .and_then(|mut r| r.pop().unwrap_or(Ok(())))
                    })
                    .collect())
            }
            result => result,
        }
    }
}
