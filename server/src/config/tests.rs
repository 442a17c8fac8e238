use super::*;

fn run(args: &[&str], env: &[(&str, &str)]) -> Result<Config, String> {
    let env: Vec<(String, String)> = env
        .iter()
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect();
    match parse(args.iter().map(|a| a.to_string()), |k| {
        env.iter().find(|(n, _)| n == k).map(|(_, v)| v.clone())
    })? {
        Command::Run(c) => Ok(*c),
        Command::Reports(_) => Err("reports".into()),
        Command::Help => Err("help".into()),
    }
}

#[test]
fn flags_win_over_the_environment() {
    let c = run(
        &["--listen", "0.0.0.0:9000", "--db=x.db"],
        &[
            ("MILLS_LISTEN", "127.0.0.1:1"),
            ("MILLS_PUBLIC_URL", "https://m.example/"),
        ],
    )
    .unwrap();
    assert_eq!(c.listen.port(), 9000);
    assert_eq!(c.db, PathBuf::from("x.db"));
    assert_eq!(c.link("AB"), "https://m.example/join/AB");
    assert_eq!(
        c.turn_limit(TurnTimer::Seconds60),
        Some(Duration::from_secs(60))
    );
}

#[test]
fn a_postgres_password_is_never_shown() {
    let c = run(
        &[],
        &[("MILLS_POSTGRES", "postgres://ann:s3cret@db:5432/mills")],
    )
    .unwrap();
    let url = c.postgres.clone().unwrap();
    assert_eq!(url.expose(), "postgres://ann:s3cret@db:5432/mills");
    assert_eq!(url.redacted(), "postgres://db:5432/mills");
    assert!(!format!("{c:?}").contains("s3cret"));
    let e = run(&["--postgres", "mysql://ann:s3cret@db"], &[]).unwrap_err();
    assert!(e.contains("--postgres") && !e.contains("s3cret"), "{e}");
}

#[test]
fn budgets_are_read_and_zero_days_keep_rooms() {
    let c = run(
        &["--waiting-room-days", "0.5", "--max-waiting-rooms=3"],
        &[("MILLS_FINISHED_ROOM_DAYS", "0")],
    )
    .unwrap();
    assert_eq!(
        c.budgets.waiting_room_expiry,
        Some(Duration::from_secs(43_200))
    );
    assert_eq!(c.budgets.finished_room_expiry, None);
    assert_eq!(c.budgets.waiting_rooms_total, 3);
    assert_eq!(c.expire_every(), Duration::from_secs(600));
    assert!(
        run(&["--abandoned-game-days", "-1"], &[])
            .unwrap_err()
            .contains("--abandoned-game-days")
    );
}

#[test]
fn the_web_pages_flags_are_read_like_the_others() {
    let c = run(
        &["--apple-team-id", "ABCDE12345"],
        &[("MILLS_PRIVACY_CONTACT", "privacy@mills.example")],
    )
    .unwrap();
    assert_eq!(c.web.apple_team_id.as_deref(), Some("ABCDE12345"));
    assert_eq!(
        c.web.privacy_contact.as_deref(),
        Some("privacy@mills.example")
    );
    let e = run(&["--play-store-url", "ftp://x"], &[]).unwrap_err();
    assert!(e.contains("--play-store-url ftp://x: must be"), "{e}");
    assert!(help().contains("--android-cert-sha256"));
}

#[test]
fn bad_flags_are_named() {
    assert!(run(&["--lisen", "x"], &[]).unwrap_err().contains("--lisen"));
    assert!(
        run(&["--listen", "nowhere"], &[])
            .unwrap_err()
            .contains("--listen")
    );
    assert!(run(&["--db"], &[]).unwrap_err().contains("needs a value"));
    assert_eq!(run(&["--help"], &[]).unwrap_err(), "help");
    assert_eq!(
        run(&["reports", "--db", "x.db"], &[]).unwrap_err(),
        "reports"
    );
    assert!(
        run(&["--db", "x.db", "reports"], &[])
            .unwrap_err()
            .contains("reports")
    );
    assert!(
        run(&["--name-words", "/nonexistent/words"], &[])
            .unwrap_err()
            .contains("--name-words")
    );
}
