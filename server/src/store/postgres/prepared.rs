//! The writes prepared once per connection, and a database error as the store's.

use postgres::error::SqlState;
use postgres::{Client, Statement};

use crate::store::error::StoreError;

/// The writes, prepared once per connection (a statement sent as text costs a round trip
/// more each time). A key already taken inserts nothing (`ON CONFLICT DO NOTHING`), so a
/// batch needs no savepoint per write to let one write lose alone.
pub(super) struct Statements {
    pub(super) room: Statement,
    pub(super) member: Statement,
    pub(super) game: Statement,
    pub(super) entries: Statement,
    pub(super) ask: Statement,
    pub(super) notify: Statement,
}

impl Statements {
    pub(super) fn prepare(db: &mut Client) -> Result<Statements, postgres::Error> {
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

pub(super) fn err(e: postgres::Error) -> StoreError {
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
