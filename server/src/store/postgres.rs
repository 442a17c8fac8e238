//! The shared store: PostgreSQL, for several server processes serving the same rooms.
//!
//! The tables are the embedded store's. A batch of writes is one transaction: its commit is
//! durable (PostgreSQL's `synchronous_commit` is on by default) before any write of it is
//! acknowledged. A write whose key is taken inserts nothing and is a conflict; a write that
//! fails otherwise aborts the batch, which is then stored write by write, so that only it
//! fails. The transaction also sends, on commit, a notice on the channel [`CHANNEL`] for each
//! stored entry (the whole entry) and each other changed room; every process listens
//! ([`listen`]), applies the entries and reads the other rooms again.

use std::collections::BTreeSet;
use std::thread;
use std::time::Duration;

use postgres::error::SqlState;
use postgres::fallible_iterator::FallibleIterator;
use postgres::{Client, NoTls, Statement, Transaction};
use rand::Rng;
use tokio::sync::mpsc::UnboundedSender;

use crate::device;

use super::backend::{Notice, Reader, Signal, Store};
use super::error::StoreError;
use super::moderation::{self, ReportRow};
use super::rows::{EntryRow, GameRow, MemberRow, RematchRow, RoomRow, Snapshot, Write};
use super::sql::{
    ADDED_COLUMNS, DELETE_ROOM, Expiry, FINISH_GAME, LATER_INDEXES, ROOM_CREATED_BY, ROOM_IDS,
    ROOMS_OF, Rooms, SCHEMA,
};

/// The LISTEN/NOTIFY channel. A notice's payload is `INSTANCE ROOM` (the room changed),
/// `INSTANCE ROOM e GAME REVISION KIND SIDE CLIENT_ID AT_MS ACTIONS...` (an entry was
/// stored; `!` for no client id), `INSTANCE ROOM MEMBER 1|0` (the member's presence at that
/// process), `INSTANCE ?` and `INSTANCE ? ROOM` (that process asks who is online,
/// everywhere or in one room), or `INSTANCE ! N` (a barrier, for that process alone). Room
/// codes, client ids and actions hold no spaces.
pub const CHANNEL: &str = "mills_rooms";

/// The listener's connection names itself `mills-server INSTANCE`, so that every process
/// can see which others are alive (`pg_stat_activity`).
const APPLICATION: &str = "mills-server ";

/// How often the listener asks which processes are alive.
const INSTANCES_EVERY: Duration = Duration::from_secs(3);

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

/// The writes, prepared once per connection (a statement sent as text costs a round trip
/// more each time). A key already taken inserts nothing (`ON CONFLICT DO NOTHING`), so a
/// batch needs no savepoint per write to let one write lose alone.
struct Statements {
    room: Statement,
    member: Statement,
    game: Statement,
    entries: Statement,
    ask: Statement,
    notify: Statement,
}

impl Statements {
    fn prepare(db: &mut Client) -> Result<Statements, postgres::Error> {
        Ok(Statements {
            room: db.prepare(
                "INSERT INTO rooms (id, game_id, timer, created_ms, create_id)
                 VALUES ($1, $2, $3, $4, $5) ON CONFLICT DO NOTHING",
            )?,
            member: db.prepare(
                "INSERT INTO members (room, member, device, name) VALUES ($1, $2, $3, $4)
                 ON CONFLICT DO NOTHING",
            )?,
            game: db.prepare(
                "INSERT INTO games (room, game_no, p1_member, started_ms) VALUES ($1, $2, $3, $4)
                 ON CONFLICT DO NOTHING",
            )?,
            // A batch's entries (most of its writes) in one statement, one round trip; the
            // rows it returns are those stored, the others found their key taken.
            entries: db.prepare(
                "INSERT INTO entries (room, game_no, revision, kind, side, actions, client_id, at_ms)
                 SELECT * FROM unnest($1::TEXT[], $2::INTEGER[], $3::BIGINT[], $4::TEXT[],
                     $5::TEXT[], $6::TEXT[], $7::TEXT[], $8::BIGINT[])
                 ON CONFLICT DO NOTHING RETURNING room, game_no, revision, client_id",
            )?,
            ask: db.prepare(
                "INSERT INTO rematch_asks (room, game_no, member) VALUES ($1, $2, $3)
                 ON CONFLICT DO NOTHING",
            )?,
            notify: db
                .prepare("SELECT pg_notify($1, payload) FROM unnest($2::TEXT[]) AS payload")?,
        })
    }
}

fn err(e: postgres::Error) -> StoreError {
    // The message of a database error names its table and constraint, never the values.
    let message = match e.as_db_error() {
        Some(db) => format!("{}: {}", db.code().code(), db.message()),
        None => e.to_string(),
    };
    if e.code() == Some(&SqlState::UNIQUE_VIOLATION) {
        StoreError::conflict(message)
    } else {
        StoreError::new(message)
    }
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

/// A connection of its own for the reads of requests.
pub struct PostgresReader {
    url: String,
    db: Client,
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

fn reports(db: &mut Client, limit: usize) -> Result<Vec<ReportRow>, StoreError> {
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

fn strings(
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
fn rows(db: &mut Client, which: Rooms, id: Option<&str>) -> Result<Snapshot, StoreError> {
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

/// Inserts a write's rows; false when its key was taken (nothing inserted).
fn write_one(
    tx: &mut Transaction,
    st: &Statements,
    write: &Write,
) -> Result<bool, postgres::Error> {
    let inserted = match write {
        Write::CreateRoom {
            room,
            creator,
            game,
        } => {
            let room = tx.execute(
                &st.room,
                &[
                    &room.id,
                    &room.game_id,
                    &(room.timer as i32),
                    &room.created_ms,
                    &room.create_id,
                ],
            )?;
            // A new room's member and game rows cannot be taken once the room's is not.
            if room == 1 {
                insert_member(tx, st, creator)?;
                insert_game(tx, st, game)?;
            }
            room
        }
        Write::AddMember(member) => insert_member(tx, st, member)?,
        Write::StartGame(game) => insert_game(tx, st, game)?,
        Write::AppendEntry(e) => u64::from(insert_entries(tx, st, &[e])?[0]),
        Write::AskRematch(r) => tx.execute(
            &st.ask,
            &[&r.room, &(r.game_no as i32), &i32::from(r.member)],
        )?,
        // Neither takes a key: done, whatever it found.
        Write::FinishGame {
            room,
            game_no,
            at_ms,
        } => {
            tx.execute(FINISH_GAME, &[at_ms, room, &(*game_no as i32)])?;
            1
        }
        Write::DeleteRoom(room) => {
            for delete in DELETE_ROOM {
                tx.execute(delete, &[room])?;
            }
            1
        }
        Write::Report(r) => tx.execute(
            moderation::INSERT_REPORT,
            &[
                &r.room,
                &(r.game_no as i32),
                &i32::from(r.reporter),
                &r.reason,
                &r.reporter_name,
                &r.reported_name,
                &r.reporter_device,
                &r.reported_device,
                &r.at_ms,
            ],
        )?,
        Write::Block(b) => tx.execute(
            moderation::INSERT_BLOCK,
            &[&b.blocker, &b.blocked, &b.room, &b.at_ms],
        )?,
    };
    Ok(inserted == 1)
}

/// Inserts entries in one statement; says of each whether it was stored (the others found
/// their key taken, by a row stored before or by an earlier entry of the same statement).
fn insert_entries(
    tx: &mut Transaction,
    st: &Statements,
    entries: &[&EntryRow],
) -> Result<Vec<bool>, postgres::Error> {
    let texts = |f: fn(&EntryRow) -> &String| entries.iter().map(|e| f(e)).collect::<Vec<_>>();
    let games: Vec<i32> = entries.iter().map(|e| e.game_no as i32).collect();
    let revisions: Vec<i64> = entries.iter().map(|e| e.revision as i64).collect();
    let client_ids: Vec<Option<&str>> = entries.iter().map(|e| e.client_id.as_deref()).collect();
    let at: Vec<i64> = entries.iter().map(|e| e.at_ms).collect();
    let rows = tx.query(
        &st.entries,
        &[
            &texts(|e| &e.room),
            &games,
            &revisions,
            &texts(|e| &e.kind),
            &texts(|e| &e.side),
            &texts(|e| &e.actions),
            &client_ids,
            &at,
        ],
    )?;
    // Each returned row is one stored entry: count them, and hand each to one input.
    let mut returned: std::collections::BTreeMap<(String, u32, u64, Option<String>), usize> =
        Default::default();
    for r in &rows {
        let key = (
            r.get::<_, String>(0),
            r.get::<_, i32>(1) as u32,
            r.get::<_, i64>(2) as u64,
            r.get::<_, Option<String>>(3),
        );
        *returned.entry(key).or_default() += 1;
    }
    Ok(entries
        .iter()
        .map(|e| {
            let key = (e.room.clone(), e.game_no, e.revision, e.client_id.clone());
            match returned.get_mut(&key) {
                Some(n) if *n > 0 => {
                    *n -= 1;
                    true
                }
                _ => false,
            }
        })
        .collect())
}

fn insert_member(
    tx: &mut Transaction,
    st: &Statements,
    m: &MemberRow,
) -> Result<u64, postgres::Error> {
    tx.execute(
        &st.member,
        &[&m.room, &i32::from(m.member), &m.device, &m.name],
    )
}

fn insert_game(tx: &mut Transaction, st: &Statements, g: &GameRow) -> Result<u64, postgres::Error> {
    tx.execute(
        &st.game,
        &[
            &g.room,
            &(g.game_no as i32),
            &i32::from(g.p1_member),
            &g.started_ms,
        ],
    )
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

/// Listens for other processes' notices on a connection of its own and sends them to
/// `notices`, until `notices` closes. Returns once the first attempt to listen is done, so
/// that rooms loaded after it miss no change. A lost connection is opened again (after a
/// second); notices sent meanwhile are lost, so each later connection first sends
/// [`Notice::Resync`].
pub fn listen(
    url: String,
    instance: String,
    notices: UnboundedSender<Notice>,
) -> std::io::Result<thread::JoinHandle<()>> {
    let (tried, first_try) = std::sync::mpsc::channel::<()>();
    let thread = thread::Builder::new()
        .name("store-listener".into())
        .spawn(move || {
            let mut tried = Some(tried);
            while !notices.is_closed() {
                let listening = Client::connect(&url, NoTls).and_then(|mut db| {
                    db.batch_execute(&format!(
                        "SET application_name = '{APPLICATION}{instance}'; LISTEN {CHANNEL}"
                    ))?;
                    Ok(db)
                });
                match listening {
                    Ok(mut db) => {
                        // The first attempt came before the load; a later one may have missed
                        // changes.
                        if tried.take().is_none() {
                            log::info!("listening for notices again");
                            if notices.send(Notice::Resync).is_err() {
                                return;
                            }
                        }
                        if !forward(&mut db, &instance, &notices) {
                            return;
                        }
                    }
                    Err(e) => {
                        tried.take();
                        log::error!(error = err(e).to_string().as_str(); "cannot listen for notices");
                    }
                }
                thread::sleep(Duration::from_secs(1));
            }
        })?;
    let _ = first_try.recv_timeout(Duration::from_secs(15));
    Ok(thread)
}

/// Forwards notices until the connection fails (returns true: connect again) or no one
/// reads them any more (false). Every [`INSTANCES_EVERY`] it also says which processes are
/// alive.
fn forward(db: &mut Client, instance: &str, notices: &UnboundedSender<Notice>) -> bool {
    let mut asked = std::time::Instant::now();
    loop {
        // A timeout lets the loop see that the hub is gone even when nothing is notified.
        let next = db
            .notifications()
            .timeout_iter(Duration::from_secs(1))
            .next();
        let notice = match next {
            Ok(Some(n)) => parse_notice(instance, n.payload()),
            Ok(None) => None,
            Err(e) => {
                log::error!(error = err(e).to_string().as_str(); "notice connection lost");
                return true;
            }
        };
        if let Some(notice) = notice
            && notices.send(notice).is_err()
        {
            return false;
        }
        if notices.is_closed() {
            return false;
        }
        if asked.elapsed() >= INSTANCES_EVERY {
            asked = std::time::Instant::now();
            let alive = db.query(
                "SELECT substr(application_name, $1) FROM pg_stat_activity
                 WHERE starts_with(application_name, $2)",
                &[&(APPLICATION.len() as i32 + 1), &APPLICATION],
            );
            match alive {
                Ok(rows) => {
                    let alive = rows.iter().map(|r| r.get(0)).collect();
                    if notices.send(Notice::Instances(alive)).is_err() {
                        return false;
                    }
                }
                Err(e) => {
                    log::error!(error = err(e).to_string().as_str(); "notice connection lost");
                    return true;
                }
            }
        }
    }
}

fn entry_payload(instance: &str, e: &EntryRow) -> String {
    format!(
        "{instance} {} e {} {} {} {} {} {} {}",
        e.room,
        e.game_no,
        e.revision,
        e.kind,
        e.side,
        e.client_id.as_deref().unwrap_or("!"),
        e.at_ms,
        e.actions
    )
    .trim_end()
    .to_string()
}

/// The notice a payload carries, if it is another process's.
fn parse_notice(instance: &str, payload: &str) -> Option<Notice> {
    let fields: Vec<&str> = payload.split(' ').collect();
    // A barrier is for the process that sent it ("!" is no room code).
    if let [from, "!", n] = fields[..] {
        return (from == instance)
            .then(|| n.parse().ok().map(Notice::Synced))
            .flatten();
    }
    if fields.first() == Some(&instance) {
        return None;
    }
    if let [
        _,
        room,
        "e",
        game,
        revision,
        kind,
        side,
        client_id,
        at_ms,
        ref actions @ ..,
    ] = fields[..]
    {
        return Some(Notice::Entry(EntryRow {
            room: room.to_string(),
            game_no: game.parse().ok()?,
            revision: revision.parse().ok()?,
            kind: kind.to_string(),
            side: side.to_string(),
            actions: actions.join(" "),
            client_id: (client_id != "!").then(|| client_id.to_string()),
            at_ms: at_ms.parse().ok()?,
        }));
    }
    match fields[..] {
        [_, "?"] => Some(Notice::PresenceAsked(None)),
        [_, "?", room] => Some(Notice::PresenceAsked(Some(room.to_string()))),
        [_, room] => Some(Notice::Changed(room.to_string())),
        [from, room, member, online] => Some(Notice::Presence {
            instance: from.to_string(),
            room: room.to_string(),
            member: member.parse().ok().filter(|m| *m < 2)?,
            online: online == "1",
        }),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn notices_are_read_and_a_process_skips_its_own() {
        assert_eq!(parse_notice("me", "me ROOM"), None);
        assert_eq!(
            parse_notice("me", "you ROOM"),
            Some(Notice::Changed("ROOM".into()))
        );
        assert_eq!(
            parse_notice("me", "you ?"),
            Some(Notice::PresenceAsked(None))
        );
        assert_eq!(
            parse_notice("me", "you ? ROOM"),
            Some(Notice::PresenceAsked(Some("ROOM".into())))
        );
        assert_eq!(
            parse_notice("me", "you ROOM 1 0"),
            Some(Notice::Presence {
                instance: "you".into(),
                room: "ROOM".into(),
                member: 1,
                online: false
            })
        );
        assert_eq!(parse_notice("me", "you ROOM 2 1"), None);
        assert_eq!(parse_notice("me", "me ! 7"), Some(Notice::Synced(7)));
        assert_eq!(parse_notice("me", "you ! 7"), None);
        for (client_id, actions) in [(Some("7f-1"), "a7 xd6"), (None, "")] {
            let row = EntryRow {
                room: "ROOM".into(),
                game_no: 2,
                revision: 9,
                kind: if client_id.is_some() {
                    "turn"
                } else {
                    "resign"
                }
                .into(),
                side: "p2".into(),
                actions: actions.into(),
                client_id: client_id.map(str::to_string),
                at_ms: 1_796_515_200_000,
            };
            let payload = entry_payload("you", &row);
            assert_eq!(parse_notice("me", &payload), Some(Notice::Entry(row)));
        }
        assert_eq!(parse_notice("me", "garbage with too many fields"), None);
    }
}
