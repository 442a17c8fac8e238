//! The reads: a connection of their own for requests, and the queries both it and the
//! writer's connection run.

use postgres::{Client, NoTls};

use crate::store::backend::Reader;
use crate::store::error::StoreError;
use crate::store::moderation::{self, ReportRow};
use crate::store::rows::{EntryRow, GameRow, MemberRow, RematchRow, RoomRow, Snapshot};
use crate::store::sql::{ROOM_CREATED_BY, ROOMS_OF, Rooms};

use super::prepared::err;

/// A connection of its own for the reads of requests.
pub struct PostgresReader {
    pub(super) url: String,
    pub(super) db: Client,
}

impl PostgresReader {
    /// Runs a read; a connection found lost by it (the database restarted, or cut it) is
    /// opened again and the read tried once more: a read changes nothing.
    fn read<T>(
        &mut self,
        read: impl Fn(&mut Client) -> Result<T, StoreError>,
    ) -> Result<T, StoreError> {
        if self.db.is_closed() {
            self.db = Client::connect(&self.url, NoTls).map_err(err)?;
        }
        match read(&mut self.db) {
            Err(_) if self.db.is_closed() => {
                self.db = Client::connect(&self.url, NoTls).map_err(err)?;
                read(&mut self.db)
            }
            done => done,
        }
    }
}

impl Reader for PostgresReader {
    fn load_room(&mut self, id: &str) -> Result<Snapshot, StoreError> {
        self.read(|db| rows(db, Rooms::One, Some(id)))
    }

    fn rooms_of(&mut self, device: &str) -> Result<Vec<String>, StoreError> {
        self.read(|db| strings(db, ROOMS_OF, &[&device]))
    }

    fn room_created_by(
        &mut self,
        device: &str,
        create_id: &str,
    ) -> Result<Option<String>, StoreError> {
        Ok(self
            .read(|db| strings(db, ROOM_CREATED_BY, &[&create_id, &device]))?
            .pop())
    }

    fn blocked(&mut self, a: &str, b: &str) -> Result<bool, StoreError> {
        Ok(!self
            .read(|db| strings(db, moderation::BLOCKED, &[&a, &b]))?
            .is_empty())
    }

    fn reports(&mut self, limit: usize) -> Result<Vec<ReportRow>, StoreError> {
        self.read(|db| reports(db, limit))
    }
}

pub(super) fn reports(db: &mut Client, limit: usize) -> Result<Vec<ReportRow>, StoreError> {
    Ok(db
        .query(moderation::REPORTS, &[&(limit as i64)])
        .map_err(err)?
        .iter()
        .map(|r| ReportRow {
            room: r.get(0),
            game_no: r.get::<_, i32>(1) as u32,
            reporter: r.get::<_, i32>(2) as u8,
            reason: r.get(3),
            reporter_name: r.get(4),
            reported_name: r.get(5),
            reporter_device: r.get(6),
            reported_device: r.get(7),
            at_ms: r.get(8),
        })
        .collect())
}

pub(super) fn strings(
    db: &mut Client,
    sql: &str,
    args: &[&(dyn postgres::types::ToSql + Sync)],
) -> Result<Vec<String>, StoreError> {
    Ok(db
        .query(sql, args)
        .map_err(err)?
        .iter()
        .map(|r| r.get(0))
        .collect())
}

/// The rows of `which` rooms (`id` the room for [`Rooms::One`]), in one snapshot of the
/// database.
pub(super) fn rows(
    db: &mut Client,
    which: Rooms,
    id: Option<&str>,
) -> Result<Snapshot, StoreError> {
    let [rooms, members, games, entries, asks] = which.queries();
    let mut tx = db
        .build_transaction()
        .isolation_level(postgres::IsolationLevel::RepeatableRead)
        .read_only(true)
        .start()
        .map_err(err)?;
    let args: Vec<&(dyn postgres::types::ToSql + Sync)> = match &id {
        Some(id) => vec![id],
        None => Vec::new(),
    };
    let rooms = tx
        .query(&rooms, &args)
        .map_err(err)?
        .iter()
        .map(|r| RoomRow {
            id: r.get(0),
            game_id: r.get(1),
            timer: r.get::<_, i32>(2) as u32,
            created_ms: r.get(3),
            create_id: r.get(4),
        })
        .collect();
    let members = tx
        .query(&members, &args)
        .map_err(err)?
        .iter()
        .map(|r| MemberRow {
            room: r.get(0),
            member: r.get::<_, i32>(1) as u8,
            device: r.get(2),
            name: r.get(3),
        })
        .collect();
    let games = tx
        .query(&games, &args)
        .map_err(err)?
        .iter()
        .map(|r| GameRow {
            room: r.get(0),
            game_no: r.get::<_, i32>(1) as u32,
            p1_member: r.get::<_, i32>(2) as u8,
            started_ms: r.get(3),
        })
        .collect();
    let entries = tx
        .query(&entries, &args)
        .map_err(err)?
        .iter()
        .map(|r| EntryRow {
            room: r.get(0),
            game_no: r.get::<_, i32>(1) as u32,
            revision: r.get::<_, i64>(2) as u64,
            kind: r.get(3),
            side: r.get(4),
            actions: r.get(5),
            client_id: r.get(6),
            at_ms: r.get(7),
        })
        .collect();
    let rematch_asks = tx
        .query(&asks, &args)
        .map_err(err)?
        .iter()
        .map(|r| RematchRow {
            room: r.get(0),
            game_no: r.get::<_, i32>(1) as u32,
            member: r.get::<_, i32>(2) as u8,
        })
        .collect();
    tx.commit().map_err(err)?;
    Ok(Snapshot {
        rooms,
        members,
        games,
        entries,
        rematch_asks,
    })
}
