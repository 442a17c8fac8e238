//! `mills-server`: see `--help` and the README's "Online server" section.

use std::process::ExitCode;
use std::time::Duration;

use mills_server::config::{self, Command};
use mills_server::hub::Hub;
use mills_server::store::postgres::{self, PostgresStore};
use mills_server::store::sqlite::SqliteStore;
use mills_server::store::{Loaded, Reader, StoreHandle};
use tokio::net::TcpListener;
use tokio::sync::{mpsc, watch};

fn main() -> ExitCode {
    let config = match config::parse(std::env::args().skip(1), |k| std::env::var(k).ok()) {
        Ok(Command::Run(config)) => *config,
        Ok(Command::Help) => {
            print!("{}", config::help());
            return ExitCode::SUCCESS;
        }
        Ok(Command::Reports(config)) => return print_reports(&config),
        Err(why) => {
            eprintln!("mills-server: {why}");
            return ExitCode::from(2);
        }
    };
    mills_server::logger::init(config.log_level);
    let runtime = match tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
    {
        Ok(runtime) => runtime,
        Err(e) => {
            log::error!(error = e.to_string().as_str(); "no runtime");
            return ExitCode::FAILURE;
        }
    };
    match runtime.block_on(run(config)) {
        Ok(()) => ExitCode::SUCCESS,
        Err(why) => {
            log::error!(error = why.as_str(); "mills-server stopped");
            ExitCode::FAILURE
        }
    }
}

/// `mills-server reports`: the stored reports, newest first, one a line.
fn print_reports(config: &config::Config) -> ExitCode {
    let read = || -> Result<Vec<mills_server::store::ReportRow>, String> {
        let limit = mills_server::reports::LISTED;
        if let Some(url) = &config.postgres {
            let mut store = PostgresStore::open(url.expose(), &postgres::new_instance_id())
                .map_err(|e| format!("{}: {e}", url.redacted()))?;
            return store.reports(limit).map_err(|e| e.to_string());
        }
        if !config.db.exists() {
            return Err(format!("no database at {}", config.db.display()));
        }
        let mut store = SqliteStore::open(&config.db).map_err(|e| e.to_string())?;
        store.reports(limit).map_err(|e| e.to_string())
    };
    match read() {
        Ok(reports) => {
            for report in &reports {
                println!("{}", mills_server::reports::line(report));
            }
            if reports.is_empty() {
                eprintln!("mills-server: no reports");
            }
            ExitCode::SUCCESS
        }
        Err(why) => {
            eprintln!("mills-server reports: {why}");
            ExitCode::FAILURE
        }
    }
}

type Opened = (StoreHandle, Loaded, std::thread::JoinHandle<()>);

/// Opens the configured store and starts its writer; with PostgreSQL also the listener for
/// other processes' notices. Blocking work: the PostgreSQL client runs its own runtime.
fn open_store(
    config: &config::Config,
) -> Result<
    (
        Opened,
        Option<mpsc::UnboundedReceiver<mills_server::store::Notice>>,
    ),
    String,
> {
    let Some(url) = &config.postgres else {
        create_private(&config.db).map_err(|e| format!("{}: {e}", config.db.display()))?;
        let store = SqliteStore::open(&config.db).map_err(|e| e.to_string())?;
        return Ok((StoreHandle::start(store).map_err(|e| e.to_string())?, None));
    };
    let instance = postgres::new_instance_id();
    let (notices, follow) = mpsc::unbounded_channel();
    // Listening first: a change stored between the load and the LISTEN would be missed.
    postgres::listen(url.expose().to_string(), instance.clone(), notices)
        .map_err(|e| e.to_string())?;
    let store = PostgresStore::open(url.expose(), &instance)
        .map_err(|e| format!("{}: {e}", url.redacted()))?;
    Ok((
        StoreHandle::start(store).map_err(|e| e.to_string())?,
        Some(follow),
    ))
}

/// Creates the database file readable and writable by its owner only (it holds who sits
/// in which room), if it is not there yet. SQLite gives its journal files the same mode.
fn create_private(db: &std::path::Path) -> std::io::Result<()> {
    let mut options = std::fs::OpenOptions::new();
    options.write(true).create_new(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.mode(0o600);
    }
    match options.open(db) {
        Ok(_) => Ok(()),
        Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => Ok(()),
        Err(e) => Err(e),
    }
}

async fn run(config: config::Config) -> Result<(), String> {
    let opening = config.clone();
    let ((store, loaded, writer), follow) =
        tokio::task::spawn_blocking(move || open_store(&opening))
            .await
            .map_err(|e| e.to_string())??;
    let rooms = loaded.snapshot.rooms.len();
    let hub = Hub::new(config.clone(), store, loaded).map_err(|e| e.to_string())?;
    if let Some(notices) = follow {
        tokio::spawn(hub.clone().follow(notices));
    }
    tokio::spawn(hub.clone().sweep(config.sweep_every(), config.room_idle));
    tokio::spawn(hub.clone().expire(config.expire_every()));
    let listener = TcpListener::bind(config.listen)
        .await
        .map_err(|e| format!("cannot listen on {}: {e}", config.listen))?;
    let address = listener
        .local_addr()
        .map(|a| a.to_string())
        .unwrap_or_default();
    log::info!(
        listen = address.as_str(),
        db = match &config.postgres {
            Some(url) => url.redacted(),
            None => config.db.display().to_string(),
        }
        .as_str(),
        rooms = rooms;
        "mills-server listening"
    );
    let (stop_tx, stop) = watch::channel(false);
    tokio::spawn(async move {
        wait_for_signal().await;
        log::info!("stop signal received");
        let _ = stop_tx.send(true);
    });
    mills_server::server::serve(hub.clone(), listener, stop, Duration::from_secs(10)).await;
    // Every acknowledged entry was stored before its acknowledgement; the writer commits
    // what is still queued (a timer pass in flight) and closes the database.
    hub.close_store();
    drop(hub);
    let _ = tokio::task::spawn_blocking(move || writer.join()).await;
    log::info!("mills-server stopped");
    Ok(())
}

async fn wait_for_signal() {
    #[cfg(unix)]
    {
        use tokio::signal::unix::{SignalKind, signal};
        match signal(SignalKind::terminate()) {
            Ok(mut term) => {
                tokio::select! {
                    _ = term.recv() => {}
                    _ = tokio::signal::ctrl_c() => {}
                }
            }
            Err(_) => {
                let _ = tokio::signal::ctrl_c().await;
            }
        }
    }
    #[cfg(not(unix))]
    {
        let _ = tokio::signal::ctrl_c().await;
    }
}
