//! The notices between processes: the channel, the listener that forwards other processes'
//! notices to the hub, and a notice's payload written and read.

use std::thread;
use std::time::Duration;

use postgres::fallible_iterator::FallibleIterator;
use postgres::{Client, NoTls};
use tokio::sync::mpsc::UnboundedSender;

use crate::store::backend::Notice;
use crate::store::rows::EntryRow;

use super::prepared::err;

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
pub(super) fn forward(db: &mut Client, instance: &str, notices: &UnboundedSender<Notice>) -> bool {
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

pub(super) fn entry_payload(instance: &str, e: &EntryRow) -> String {
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
pub(super) fn parse_notice(instance: &str, payload: &str) -> Option<Notice> {
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
