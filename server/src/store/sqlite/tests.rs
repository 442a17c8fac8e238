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
