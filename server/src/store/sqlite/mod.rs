//! The embedded store: one SQLite file in WAL mode, committed with `synchronous=FULL`, so a
//! write that returned survives a killed process and a lost machine alike. Reads have a
//! connection of their own ([`SqliteReader`]): WAL lets it read while the writer commits.

use std::path::{Path, PathBuf};

use rusqlite::{Connection, params, params_from_iter};

use crate::device;

use super::backend::{Reader, Store};
use super::error::StoreError;
use super::moderation::{self, ReportRow};
use super::rows::{EntryRow, GameRow, MemberRow, RematchRow, RoomRow, Snapshot, Write};
use super::sql::{
    ADDED_COLUMNS, DELETE_ROOM, Expiry, FINISH_GAME, LATER_INDEXES, ROOM_CREATED_BY, ROOM_IDS,
    ROOMS_OF, Rooms, SCHEMA,
};

/// Rooms in a SQLite file.
pub struct SqliteStore {
    conn: SqliteReader,
    path: PathBuf,
}

/// A read-only use of the same file, for the reads of requests.
pub struct SqliteReader {
    db: Connection,
}

fn err(e: rusqlite::Error) -> StoreError {
    match e.sqlite_error_code() {
        Some(rusqlite::ErrorCode::ConstraintViolation) => StoreError::conflict(e.to_string()),
        _ => StoreError::new(e.to_string()),
    }
}

fn connect(path: &Path) -> Result<Connection, StoreError> {
    let db = Connection::open(path).map_err(err)?;
    db.busy_timeout(std::time::Duration::from_secs(5))
        .map_err(err)?;
    Ok(db)
}

impl SqliteStore {
    /// Opens (or creates) the database at `path`.
    pub fn open(path: &Path) -> Result<SqliteStore, StoreError> {
        let db = connect(path)?;
        // WAL lets readers run beside the writer and makes a commit one sequential write;
        // FULL syncs the log at every commit, which is what "acknowledged once stored" means.
        db.pragma_update(None, "journal_mode", "WAL").map_err(err)?;
        db.pragma_update(None, "synchronous", "FULL").map_err(err)?;
        db.pragma_update(None, "foreign_keys", "ON").map_err(err)?;
        db.execute_batch(SCHEMA).map_err(err)?;
        for (table, column, kind) in ADDED_COLUMNS {
            let has: bool = db
                .query_row(
                    "SELECT COUNT(*) > 0 FROM pragma_table_info(?1) WHERE name = ?2",
                    [table, column],
                    |r| r.get(0),
                )
                .map_err(err)?;
            if !has {
                db.execute_batch(&format!("ALTER TABLE {table} ADD COLUMN {column} {kind}"))
                    .map_err(err)?;
            }
        }
        db.execute_batch(LATER_INDEXES).map_err(err)?;
        db.execute_batch(moderation::SCHEMA).map_err(err)?;
        let mut store = SqliteStore {
            conn: SqliteReader { db },
            path: path.to_path_buf(),
        };
        store.key_devices().map_err(err)?;
        Ok(store)
    }

    /// Replaces the device secrets an older database stored by their keys.
    fn key_devices(&mut self) -> rusqlite::Result<()> {
        let tx = self.conn.db.transaction()?;
        let legacy: Vec<(String, u8, String)> = tx
            .prepare("SELECT room, member, device FROM members")?
            .query_map([], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))?
            .collect::<Result<Vec<_>, _>>()?;
        for (room, member, device) in legacy.into_iter().filter(|l| !device::is_key(&l.2)) {
            tx.execute(
                "UPDATE members SET device = ?1 WHERE room = ?2 AND member = ?3",
                params![device::key_of(&device), room, member],
            )?;
        }
        tx.commit()
    }

    fn write_one(tx: &Connection, write: &Write) -> rusqlite::Result<()> {
        match write {
            Write::CreateRoom {
                room,
                creator,
                game,
            } => {
                tx.execute(
                    "INSERT INTO rooms (id, game_id, timer, created_ms, create_id)
                     VALUES (?1, ?2, ?3, ?4, ?5)",
                    params![
                        room.id,
                        room.game_id,
                        room.timer,
                        room.created_ms,
                        room.create_id
                    ],
                )?;
                insert_member(tx, creator)?;
                insert_game(tx, game)
            }
            Write::AddMember(member) => insert_member(tx, member),
            Write::StartGame(game) => insert_game(tx, game),
            Write::AppendEntry(e) => {
                tx.execute(
                    "INSERT INTO entries (room, game_no, revision, kind, side, actions, client_id, at_ms)
                     VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)",
                    params![
                        e.room,
                        e.game_no,
                        e.revision as i64,
                        e.kind,
                        e.side,
                        e.actions,
                        e.client_id,
                        e.at_ms
                    ],
                )?;
                Ok(())
            }
            Write::AskRematch(r) => {
                tx.execute(
                    "INSERT INTO rematch_asks (room, game_no, member) VALUES (?1, ?2, ?3)",
                    params![r.room, r.game_no, r.member],
                )?;
                Ok(())
            }
            Write::FinishGame {
                room,
                game_no,
                at_ms,
            } => {
                tx.execute(FINISH_GAME, params![at_ms, room, game_no])?;
                Ok(())
            }
            Write::DeleteRoom(room) => {
                for delete in DELETE_ROOM {
                    tx.execute(delete, [room])?;
                }
                Ok(())
            }
            Write::Report(r) => {
                tx.execute(
                    moderation::INSERT_REPORT,
                    params![
                        r.room,
                        r.game_no,
                        r.reporter,
                        r.reason,
                        r.reporter_name,
                        r.reported_name,
                        r.reporter_device,
                        r.reported_device,
                        r.at_ms
                    ],
                )?;
                Ok(())
            }
            Write::Block(b) => {
                tx.execute(
                    moderation::INSERT_BLOCK,
                    params![b.blocker, b.blocked, b.room, b.at_ms],
                )?;
                Ok(())
            }
        }
    }
}

fn reports(db: &Connection, limit: usize) -> Result<Vec<ReportRow>, StoreError> {
    db.prepare_cached(moderation::REPORTS)
        .map_err(err)?
        .query_map([limit as i64], |r| {
            Ok(ReportRow {
                room: r.get(0)?,
                game_no: r.get(1)?,
                reporter: r.get(2)?,
                reason: r.get(3)?,
                reporter_name: r.get(4)?,
                reported_name: r.get(5)?,
                reporter_device: r.get(6)?,
                reported_device: r.get(7)?,
                at_ms: r.get(8)?,
            })
        })
        .map_err(err)?
        .collect::<Result<Vec<_>, _>>()
        .map_err(err)
}

/// The rows of `which` rooms (`id` the room for [`Rooms::One`]).
fn rows(db: &Connection, which: Rooms, id: Option<&str>) -> Result<Snapshot, StoreError> {
    let [rooms, members, games, entries, asks] = which.queries();
    let query = |sql: &str| -> Result<rusqlite::CachedStatement<'_>, StoreError> {
        db.prepare_cached(sql).map_err(err)
    };
    let args = || params_from_iter(id);
    let rooms = query(&rooms)?
        .query_map(args(), |r| {
            Ok(RoomRow {
                id: r.get(0)?,
                game_id: r.get(1)?,
                timer: r.get(2)?,
                created_ms: r.get(3)?,
                create_id: r.get(4)?,
            })
        })
        .map_err(err)?
        .collect::<Result<Vec<_>, _>>()
        .map_err(err)?;
    let members = query(&members)?
        .query_map(args(), |r| {
            Ok(MemberRow {
                room: r.get(0)?,
                member: r.get(1)?,
                device: r.get(2)?,
                name: r.get(3)?,
            })
        })
        .map_err(err)?
        .collect::<Result<Vec<_>, _>>()
        .map_err(err)?;
    let games = query(&games)?
        .query_map(args(), |r| {
            Ok(GameRow {
                room: r.get(0)?,
                game_no: r.get(1)?,
                p1_member: r.get(2)?,
                started_ms: r.get(3)?,
            })
        })
        .map_err(err)?
        .collect::<Result<Vec<_>, _>>()
        .map_err(err)?;
    let entries = query(&entries)?
        .query_map(args(), |r| {
            Ok(EntryRow {
                room: r.get(0)?,
                game_no: r.get(1)?,
                revision: r.get::<_, i64>(2)? as u64,
                kind: r.get(3)?,
                side: r.get(4)?,
                actions: r.get(5)?,
                client_id: r.get(6)?,
                at_ms: r.get(7)?,
            })
        })
        .map_err(err)?
        .collect::<Result<Vec<_>, _>>()
        .map_err(err)?;
    let rematch_asks = query(&asks)?
        .query_map(args(), |r| {
            Ok(RematchRow {
                room: r.get(0)?,
                game_no: r.get(1)?,
                member: r.get(2)?,
            })
        })
        .map_err(err)?
        .collect::<Result<Vec<_>, _>>()
        .map_err(err)?;
    Ok(Snapshot {
        rooms,
        members,
        games,
        entries,
        rematch_asks,
    })
}

fn strings(
    db: &Connection,
    sql: &str,
    args: impl rusqlite::Params,
) -> Result<Vec<String>, StoreError> {
    db.prepare_cached(sql)
        .map_err(err)?
        .query_map(args, |r| r.get(0))
        .map_err(err)?
        .collect::<Result<Vec<String>, _>>()
        .map_err(err)
}

fn insert_member(tx: &Connection, m: &MemberRow) -> rusqlite::Result<()> {
    tx.execute(
        "INSERT INTO members (room, member, device, name) VALUES (?1, ?2, ?3, ?4)",
        params![m.room, m.member, m.device, m.name],
    )?;
    Ok(())
}

fn insert_game(tx: &Connection, g: &GameRow) -> rusqlite::Result<()> {
    tx.execute(
        "INSERT INTO games (room, game_no, p1_member, started_ms) VALUES (?1, ?2, ?3, ?4)",
        params![g.room, g.game_no, g.p1_member, g.started_ms],
    )?;
    Ok(())
}

impl Reader for SqliteReader {
    fn load_room(&mut self, id: &str) -> Result<Snapshot, StoreError> {
        rows(&self.db, Rooms::One, Some(id))
    }

    fn rooms_of(&mut self, device: &str) -> Result<Vec<String>, StoreError> {
        strings(&self.db, ROOMS_OF, [device])
    }

    fn room_created_by(
        &mut self,
        device: &str,
        create_id: &str,
    ) -> Result<Option<String>, StoreError> {
        Ok(strings(&self.db, ROOM_CREATED_BY, params![create_id, device])?.pop())
    }

    fn blocked(&mut self, a: &str, b: &str) -> Result<bool, StoreError> {
        Ok(!strings(&self.db, moderation::BLOCKED, params![a, b])?.is_empty())
    }

    fn reports(&mut self, limit: usize) -> Result<Vec<ReportRow>, StoreError> {
        reports(&self.db, limit)
    }
}

/// The writer's own connection reads as the reader does (its tests, and the start).
impl Reader for SqliteStore {
    fn load_room(&mut self, id: &str) -> Result<Snapshot, StoreError> {
        self.conn.load_room(id)
    }

    fn rooms_of(&mut self, device: &str) -> Result<Vec<String>, StoreError> {
        self.conn.rooms_of(device)
    }

    fn room_created_by(
        &mut self,
        device: &str,
        create_id: &str,
    ) -> Result<Option<String>, StoreError> {
        self.conn.room_created_by(device, create_id)
    }

    fn blocked(&mut self, a: &str, b: &str) -> Result<bool, StoreError> {
        self.conn.blocked(a, b)
    }

    fn reports(&mut self, limit: usize) -> Result<Vec<ReportRow>, StoreError> {
        self.conn.reports(limit)
    }
}

impl Store for SqliteStore {
    fn is_shared(&self) -> bool {
        false
    }

    fn load(&mut self) -> Result<Snapshot, StoreError> {
        rows(&self.conn.db, Rooms::Unfinished, None)
    }

    fn room_ids(&mut self) -> Result<Vec<String>, StoreError> {
        strings(&self.conn.db, ROOM_IDS, [])
    }

    fn expired(&mut self, expiry: &Expiry, limit: usize) -> Result<Vec<String>, StoreError> {
        expiry.rooms(limit, |sql, cutoff| strings(&self.conn.db, sql, [cutoff]))
    }

    fn reader(&self) -> Result<Box<dyn Reader>, StoreError> {
        Ok(Box::new(SqliteReader {
            db: connect(&self.path)?,
        }))
    }

    fn apply(&mut self, writes: &[Write]) -> Result<Vec<Result<(), StoreError>>, StoreError> {
        let mut tx = self.conn.db.transaction().map_err(err)?;
        let mut results = Vec::with_capacity(writes.len());
        for write in writes {
            // A savepoint per write: one bad write (a constraint) fails alone.
            let sp = tx.savepoint().map_err(err)?;
            match SqliteStore::write_one(&sp, write) {
                Ok(()) => {
                    sp.commit().map_err(err)?;
                    results.push(Ok(()));
                }
                Err(e) => {
                    drop(sp); // rolls back this write only
                    results.push(Err(err(e)));
                }
            }
        }
        tx.commit().map_err(err)?;
        Ok(results)
    }
}

#[cfg(test)]
mod tests;
