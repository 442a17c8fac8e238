//! The embedded store: one SQLite file in WAL mode, committed with `synchronous=FULL`, so a
//! write that returned survives a killed process and a lost machine alike.

use std::path::Path;

use rusqlite::{Connection, params};

use crate::device;

use super::{
    CREATE_ID_COLUMN, CREATE_ID_INDEX, EntryRow, GameRow, MemberRow, ROOM_CREATED_BY, ROOMS_OF,
    RematchRow, RoomRow, SCHEMA, Snapshot, Store, StoreError, Write,
};

/// Rooms in a SQLite file.
pub struct SqliteStore {
    db: Connection,
}

fn err(e: rusqlite::Error) -> StoreError {
    match e.sqlite_error_code() {
        Some(rusqlite::ErrorCode::ConstraintViolation) => StoreError::conflict(e.to_string()),
        _ => StoreError::new(e.to_string()),
    }
}

impl SqliteStore {
    /// Opens (or creates) the database at `path`.
    pub fn open(path: &Path) -> Result<SqliteStore, StoreError> {
        let db = Connection::open(path).map_err(err)?;
        // WAL lets readers run beside the writer and makes a commit one sequential write;
        // FULL syncs the log at every commit, which is what "acknowledged once stored" means.
        db.pragma_update(None, "journal_mode", "WAL").map_err(err)?;
        db.pragma_update(None, "synchronous", "FULL").map_err(err)?;
        db.pragma_update(None, "foreign_keys", "ON").map_err(err)?;
        db.busy_timeout(std::time::Duration::from_secs(5))
            .map_err(err)?;
        db.execute_batch(SCHEMA).map_err(err)?;
        let has_create_id: bool = db
            .query_row(
                "SELECT COUNT(*) > 0 FROM pragma_table_info('rooms') WHERE name = 'create_id'",
                [],
                |r| r.get(0),
            )
            .map_err(err)?;
        if !has_create_id {
            db.execute_batch(CREATE_ID_COLUMN).map_err(err)?;
        }
        db.execute_batch(CREATE_ID_INDEX).map_err(err)?;
        let mut store = SqliteStore { db };
        store.key_devices().map_err(err)?;
        Ok(store)
    }

    /// Replaces the device secrets an older database stored by their keys.
    fn key_devices(&mut self) -> rusqlite::Result<()> {
        let tx = self.db.transaction()?;
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
        }
    }

    /// Every room's rows, or one room's (`only`).
    fn rows(&self, only: Option<&str>) -> Result<Snapshot, StoreError> {
        let db = &self.db;
        let rooms = db
            .prepare(
                "SELECT id, game_id, timer, created_ms, create_id FROM rooms
                 WHERE ?1 IS NULL OR id = ?1 ORDER BY created_ms, id",
            )
            .map_err(err)?
            .query_map([only], |r| {
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
        let members = db
            .prepare(
                "SELECT room, member, device, name FROM members
                 WHERE ?1 IS NULL OR room = ?1 ORDER BY room, member",
            )
            .map_err(err)?
            .query_map([only], |r| {
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
        let games = db
            .prepare(
                "SELECT room, game_no, p1_member, started_ms FROM games
                 WHERE ?1 IS NULL OR room = ?1 ORDER BY room, game_no",
            )
            .map_err(err)?
            .query_map([only], |r| {
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
        let entries = db
            .prepare(
                "SELECT room, game_no, revision, kind, side, actions, client_id, at_ms
                 FROM entries WHERE ?1 IS NULL OR room = ?1 ORDER BY room, game_no, revision",
            )
            .map_err(err)?
            .query_map([only], |r| {
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
        let rematch_asks = db
            .prepare(
                "SELECT room, game_no, member FROM rematch_asks
                 WHERE ?1 IS NULL OR room = ?1 ORDER BY room, game_no, member",
            )
            .map_err(err)?
            .query_map([only], |r| {
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

impl Store for SqliteStore {
    fn is_shared(&self) -> bool {
        false
    }

    fn load(&mut self) -> Result<Snapshot, StoreError> {
        self.rows(None)
    }

    fn load_room(&mut self, id: &str) -> Result<Snapshot, StoreError> {
        self.rows(Some(id))
    }

    fn room_created_by(
        &mut self,
        device: &str,
        create_id: &str,
    ) -> Result<Option<String>, StoreError> {
        use rusqlite::OptionalExtension;
        self.db
            .query_row(ROOM_CREATED_BY, params![create_id, device], |r| r.get(0))
            .optional()
            .map_err(err)
    }

    fn rooms_of(&mut self, device: &str) -> Result<Vec<String>, StoreError> {
        self.db
            .prepare(ROOMS_OF)
            .map_err(err)?
            .query_map([device], |r| r.get(0))
            .map_err(err)?
            .collect::<Result<Vec<String>, _>>()
            .map_err(err)
    }

    fn apply(&mut self, writes: &[Write]) -> Result<Vec<Result<(), StoreError>>, StoreError> {
        let mut tx = self.db.transaction().map_err(err)?;
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
        let snapshot = store.load().unwrap();
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
