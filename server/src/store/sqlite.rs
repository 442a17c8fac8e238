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
mod tests {
    use super::*;

    fn room(id: &str) -> Write {
        Write::CreateRoom {
            room: RoomRow {
                id: id.into(),
                game_id: "zhiqi".into(),
                timer: 60,
                created_ms: 1,
                create_id: Some("c0".into()),
            },
            creator: MemberRow {
                room: id.into(),
                member: 0,
                device: "d".repeat(32),
                name: Some("Ann".into()),
            },
            game: GameRow {
                room: id.into(),
                game_no: 1,
                p1_member: 0,
                started_ms: 1,
            },
        }
    }

    fn entry(room: &str, revision: u64, client_id: &str) -> Write {
        Write::AppendEntry(EntryRow {
            room: room.into(),
            game_no: 1,
            revision,
            kind: "turn".into(),
            side: "p2".into(),
            actions: "d6".into(),
            client_id: Some(client_id.into()),
            at_ms: 2,
        })
    }

    fn ask(room: &str, member: u8) -> Write {
        Write::AskRematch(RematchRow {
            room: room.into(),
            game_no: 1,
            member,
        })
    }

    fn temp_db(name: &str) -> (PathBuf, SqliteStore) {
        let dir = std::env::temp_dir().join(format!("mills-store-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let store = SqliteStore::open(&dir.join("t.db")).unwrap();
        (dir, store)
    }

    #[test]
    fn every_read_by_key_is_a_lookup_not_a_scan() {
        let (dir, store) = temp_db("plans");
        for (query, params) in super::super::keyed_reads() {
            let args: Vec<&str> = ["A", "B"][..params].to_vec();
            let plan: Vec<String> = store
                .conn
                .db
                .prepare(&format!("EXPLAIN QUERY PLAN {query}"))
                .unwrap()
                .query_map(params_from_iter(args), |r| r.get::<_, String>(3))
                .unwrap()
                .collect::<Result<_, _>>()
                .unwrap();
            assert!(
                plan.iter().all(|step| !step.starts_with("SCAN")),
                "{query}\n{plan:#?}"
            );
            assert!(
                plan.iter().any(|step| step.starts_with("SEARCH")),
                "{plan:#?}"
            );
        }
        std::fs::remove_dir_all(&dir).unwrap();
    }

    fn untimed(id: &str, created_ms: i64) -> Write {
        let Write::CreateRoom {
            mut room,
            mut creator,
            mut game,
        } = room(id)
        else {
            unreachable!()
        };
        room.timer = 0;
        room.created_ms = created_ms;
        room.create_id = None;
        creator.device = format!("sha256:{id}");
        game.started_ms = created_ms;
        Write::CreateRoom {
            room,
            creator,
            game,
        }
    }

    fn joined(id: &str) -> Write {
        Write::AddMember(MemberRow {
            room: id.into(),
            member: 1,
            device: format!("sha256:{id}-2"),
            name: None,
        })
    }

    fn finished(id: &str, game_no: u32, at_ms: i64) -> Write {
        Write::FinishGame {
            room: id.into(),
            game_no,
            at_ms,
        }
    }

    #[test]
    fn a_start_loads_unfinished_rooms_and_rooms_past_their_time_are_deleted() {
        let (dir, mut store) = temp_db("expiry");
        let mut played = entry("PLAYED", 1, "c1");
        if let Write::AppendEntry(e) = &mut played {
            e.at_ms = 500;
        }
        let writes = [
            untimed("WAITING", 100),
            untimed("FINISHED", 100),
            joined("FINISHED"),
            finished("FINISHED", 1, 300),
            untimed("IDLE", 100),
            joined("IDLE"),
            untimed("PLAYED", 100),
            joined("PLAYED"),
            played,
            // Game 1 over, game 2 going: unfinished.
            untimed("REMATCH", 100),
            joined("REMATCH"),
            finished("REMATCH", 1, 200),
            Write::StartGame(GameRow {
                room: "REMATCH".into(),
                game_no: 2,
                p1_member: 1,
                started_ms: 250,
            }),
        ];
        assert!(store.apply(&writes).unwrap().iter().all(Result::is_ok));
        let ids = |s: Snapshot| s.rooms.into_iter().map(|r| r.id).collect::<Vec<_>>();
        let mut loaded = ids(store.load().unwrap());
        loaded.sort();
        assert_eq!(loaded, ["IDLE", "PLAYED", "REMATCH", "WAITING"]);
        assert_eq!(store.room_ids().unwrap().len(), 5);

        let expiry = |waiting, finished, abandoned| Expiry {
            waiting_before_ms: waiting,
            finished_before_ms: finished,
            abandoned_before_ms: abandoned,
        };
        assert!(store.expired(&Expiry::default(), 10).unwrap().is_empty());
        assert_eq!(
            store.expired(&expiry(Some(150), None, None), 10).unwrap(),
            ["WAITING"]
        );
        assert!(
            store
                .expired(&expiry(Some(50), None, None), 10)
                .unwrap()
                .is_empty()
        );
        assert_eq!(
            store.expired(&expiry(None, Some(400), None), 10).unwrap(),
            ["FINISHED"]
        );
        assert!(
            store
                .expired(&expiry(None, Some(250), None), 10)
                .unwrap()
                .is_empty()
        );
        // Untimed, joined, no entry since: IDLE (REMATCH's game 2 started at 250).
        assert_eq!(
            store.expired(&expiry(None, None, Some(400)), 10).unwrap(),
            ["IDLE", "REMATCH"]
        );
        assert_eq!(
            store.expired(&expiry(None, None, Some(600)), 10).unwrap(),
            ["IDLE", "PLAYED", "REMATCH"]
        );
        let all = store
            .expired(&expiry(Some(150), Some(400), Some(600)), 10)
            .unwrap();
        assert_eq!(all.len(), 5);
        assert_eq!(
            store
                .expired(&expiry(Some(150), Some(400), Some(600)), 2)
                .unwrap()
                .len(),
            2
        );

        let deletes: Vec<Write> = all.into_iter().map(Write::DeleteRoom).collect();
        assert!(store.apply(&deletes).unwrap().iter().all(Result::is_ok));
        assert!(store.room_ids().unwrap().is_empty());
        assert_eq!(store.load_room("PLAYED").unwrap(), Snapshot::default());
        for table in ["members", "games", "entries", "rematch_asks"] {
            let left: i64 = store
                .conn
                .db
                .query_row(&format!("SELECT COUNT(*) FROM {table}"), [], |r| r.get(0))
                .unwrap();
            assert_eq!(left, 0, "{table}");
        }
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_database_from_before_create_ids_gains_the_column() {
        let dir = std::env::temp_dir().join(format!("mills-store-old-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("old.db");
        let _ = std::fs::remove_file(&path);
        Connection::open(&path)
            .unwrap()
            .execute_batch(
                "CREATE TABLE rooms (id TEXT PRIMARY KEY, game_id TEXT NOT NULL,
                     timer INTEGER NOT NULL, created_ms INTEGER NOT NULL);
                 INSERT INTO rooms VALUES ('OLD', 'zhiqi', 60, 1);",
            )
            .unwrap();
        let mut store = SqliteStore::open(&path).unwrap();
        let snapshot = store.load_room("OLD").unwrap();
        assert_eq!(snapshot.rooms[0].id, "OLD");
        assert_eq!(snapshot.rooms[0].create_id, None);
        let results = store.apply(&[room("NEW")]).unwrap();
        assert!(results[0].is_ok());
        assert_eq!(
            store.room_created_by(&device::key_of(&"d".repeat(32)), "c0"),
            Ok(None),
            "the creator is stored by key; the test wrote the secret itself"
        );
        assert_eq!(
            store.room_created_by(&"d".repeat(32), "c0"),
            Ok(Some("NEW".into()))
        );
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn writes_survive_reopening_and_a_bad_write_fails_alone() {
        let dir = std::env::temp_dir().join(format!("mills-store-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("t.db");
        let _ = std::fs::remove_file(&path);
        {
            let mut store = SqliteStore::open(&path).unwrap();
            let results = store
                .apply(&[
                    room("AAAA"),
                    entry("AAAA", 1, "c1"),
                    entry("AAAA", 2, "c1"),
                    entry("AAAA", 2, "c2"),
                    entry("AAAA", 2, "c3"),
                    ask("AAAA", 1),
                ])
                .unwrap();
            assert!(results[0].is_ok() && results[1].is_ok() && results[3].is_ok());
            assert!(results[2].is_err(), "a client id is stored once per room");
            assert!(
                results[4].as_ref().unwrap_err().is_conflict(),
                "a revision is stored once: the second write is a conflict"
            );
            assert!(results[5].is_ok());
            let again = store.apply(&[ask("AAAA", 1)]).unwrap();
            assert!(again[0].as_ref().unwrap_err().is_conflict());
        }
        let snapshot = SqliteStore::open(&path).unwrap().load().unwrap();
        assert_eq!(snapshot.rooms.len(), 1);
        assert_eq!(snapshot.members[0].name.as_deref(), Some("Ann"));
        let ids: Vec<_> = snapshot
            .entries
            .iter()
            .map(|e| e.client_id.clone().unwrap())
            .collect();
        assert_eq!(ids, ["c1", "c2"]);
        assert_eq!(
            snapshot.rematch_asks.len(),
            1,
            "a rematch ask survives a restart"
        );
        let mut store = SqliteStore::open(&path).unwrap();
        assert_eq!(store.load_room("AAAA").unwrap(), snapshot);
        assert_eq!(store.load_room("ZZZZ").unwrap(), Snapshot::default());
        // The member was written as an older server did, with the secret itself: the
        // reopened store holds only its key.
        let key = device::key_of(&"d".repeat(32));
        assert_eq!(snapshot.members[0].device, key);
        assert_eq!(store.rooms_of(&key).unwrap(), ["AAAA"]);
        assert!(store.rooms_of(&"d".repeat(32)).unwrap().is_empty());
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
