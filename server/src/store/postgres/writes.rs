//! One write's rows inserted in a transaction (a key already taken inserts nothing).

use postgres::Transaction;

use crate::store::moderation::{self};
use crate::store::rows::{EntryRow, GameRow, MemberRow, Write};
use crate::store::sql::{DELETE_ROOM, FINISH_GAME};

use super::prepared::Statements;

/// Inserts a write's rows; false when its key was taken (nothing inserted).
pub(super) fn write_one(
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
pub(super) fn insert_entries(
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

pub(super) fn insert_member(
    tx: &mut Transaction,
    st: &Statements,
    m: &MemberRow,
) -> Result<u64, postgres::Error> {
    tx.execute(
        &st.member,
        &[&m.room, &i32::from(m.member), &m.device, &m.name],
    )
}

pub(super) fn insert_game(
    tx: &mut Transaction,
    st: &Statements,
    g: &GameRow,
) -> Result<u64, postgres::Error> {
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
