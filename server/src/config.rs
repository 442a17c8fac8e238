//! The server's settings: flags, each with an environment variable (flags win).

use std::net::SocketAddr;
use std::path::PathBuf;
use std::time::Duration;

use log::LevelFilter;
use mills_core::TurnTimer;

use crate::limits::Rate;
use crate::names::NameRules;
use crate::web::{self, WebSettings};

/// Everything the server can be told.
#[derive(Clone, Debug)]
pub struct Config {
    /// Where to listen.
    pub listen: SocketAddr,
    /// The SQLite database file.
    pub db: PathBuf,
    /// The public base URL for invite links (`https://mills.example`), if any.
    pub public_url: Option<String>,
    /// The log level.
    pub log_level: LevelFilter,
    /// Open connections at most.
    pub max_connections: usize,
    /// A connection silent this long is closed.
    pub idle_timeout: Duration,
    /// A connection must say hello within this.
    pub hello_timeout: Duration,
    /// How long new connections from an address wait after one of its connections was
    /// closed for flooding (zero: not at all).
    pub flood_pause: Duration,
    /// Joins per client address.
    pub join_rate: Rate,
    /// Messages per connection.
    pub message_rate: Rate,
    /// Rooms a device may have waiting for their second player.
    pub max_waiting_rooms: usize,
    /// Take the client's address from X-Forwarded-For (only behind a proxy that sets it).
    pub behind_proxy: bool,
    /// Percent of the real turn time the clock gives (100; tests shorten it).
    pub timer_scale_percent: u32,
    /// A PostgreSQL database shared with other server processes, instead of `db`.
    pub postgres: Option<PostgresUrl>,
    /// A room no one has been connected to for this long, with no clock running, is
    /// dropped from memory (it stays stored and is loaded again when asked for).
    pub room_idle: Duration,
    /// What one address, and the whole server, may hold, and when rooms end.
    pub budgets: Budgets,
    /// The web pages' settings (apps' identities, store links, privacy contact).
    pub web: WebSettings,
    /// The names the server takes (with the operator's word list, `--name-words`).
    pub names: NameRules,
}

/// Budgets per client address and in total, and the end of every room: what keeps a flood
/// of free devices from filling memory and the database.
#[derive(Clone, Debug, PartialEq)]
pub struct Budgets {
    /// Rooms waiting for their second player made from one address.
    pub waiting_rooms_per_address: usize,
    /// Rooms waiting for their second player in this process.
    pub waiting_rooms_total: usize,
    /// Different devices one address may say hello with in an hour.
    pub devices_per_address: usize,
    /// Different devices that may say hello to this process in an hour.
    pub devices_total: usize,
    /// Open WebSocket connections from one address.
    pub connections_per_address: usize,
    /// A room no one joined is deleted after this (`None`: kept).
    pub waiting_room_expiry: Option<Duration>,
    /// A room whose last game is over is deleted this long after it ended (`None`: kept).
    pub finished_room_expiry: Option<Duration>,
    /// An untimed game with no turn for this long is deleted with its room (`None`: kept).
    pub abandoned_game_expiry: Option<Duration>,
}

const DAY: Duration = Duration::from_secs(24 * 3600);

impl Budgets {
    /// How long rooms are kept, for the privacy policy.
    pub fn retention(&self) -> web::Retention {
        web::Retention {
            waiting: self.waiting_room_expiry,
            finished: self.finished_room_expiry,
            abandoned: self.abandoned_game_expiry,
        }
    }
}

impl Default for Budgets {
    fn default() -> Budgets {
        Budgets {
            waiting_rooms_per_address: 100,
            waiting_rooms_total: 100_000,
            devices_per_address: 100,
            devices_total: 200_000,
            connections_per_address: 64,
            waiting_room_expiry: Some(DAY * 7),
            finished_room_expiry: Some(DAY * 90),
            abandoned_game_expiry: Some(DAY * 30),
        }
    }
}

/// The budget flags, apart from the others so that each set grows on its own.
const BUDGET_FLAGS: [(&str, &str); 8] = [
    (
        "--max-waiting-rooms-per-address",
        "MILLS_MAX_WAITING_ROOMS_PER_ADDRESS",
    ),
    ("--max-waiting-rooms", "MILLS_MAX_WAITING_ROOMS"),
    ("--max-devices-per-address", "MILLS_MAX_DEVICES_PER_ADDRESS"),
    ("--max-devices", "MILLS_MAX_DEVICES"),
    (
        "--max-connections-per-address",
        "MILLS_MAX_CONNECTIONS_PER_ADDRESS",
    ),
    ("--waiting-room-days", "MILLS_WAITING_ROOM_DAYS"),
    ("--finished-room-days", "MILLS_FINISHED_ROOM_DAYS"),
    ("--abandoned-game-days", "MILLS_ABANDONED_GAME_DAYS"),
];

/// Days, fractions allowed (the tests use seconds' worth); 0 keeps rooms for ever.
fn days(value: &str) -> Result<Option<Duration>, String> {
    match value.parse::<f64>() {
        Ok(0.0) => Ok(None),
        Ok(d) if d > 0.0 && d <= 36_500.0 => Ok(Some(DAY.mul_f64(d))),
        _ => Err("is not a number of days from 0 (for ever) to 36500".into()),
    }
}

fn apply_budget(budgets: &mut Budgets, flag: &str, value: &str) -> Result<(), String> {
    let at_least_one = |value: &str| number(value).map(|n| n.max(1) as usize);
    match flag {
        "--max-waiting-rooms-per-address" => {
            budgets.waiting_rooms_per_address = at_least_one(value)?
        }
        "--max-waiting-rooms" => budgets.waiting_rooms_total = at_least_one(value)?,
        "--max-devices-per-address" => budgets.devices_per_address = at_least_one(value)?,
        "--max-devices" => budgets.devices_total = at_least_one(value)?,
        "--max-connections-per-address" => budgets.connections_per_address = at_least_one(value)?,
        "--waiting-room-days" => budgets.waiting_room_expiry = days(value)?,
        "--finished-room-days" => budgets.finished_room_expiry = days(value)?,
        "--abandoned-game-days" => budgets.abandoned_game_expiry = days(value)?,
        _ => return Err("unknown".into()),
    }
    Ok(())
}

/// A PostgreSQL connection string. It may hold a password, so it is never printed: its
/// `Debug` and [`PostgresUrl::redacted`] show the host and database only.
#[derive(Clone, PartialEq, Eq)]
pub struct PostgresUrl(String);

impl PostgresUrl {
    /// What to connect to.
    pub fn expose(&self) -> &str {
        &self.0
    }

    /// For logs: `postgres://host:port/db` without user and password, or `postgres` for a
    /// key=value string.
    pub fn redacted(&self) -> String {
        let Some(rest) = self
            .0
            .strip_prefix("postgres://")
            .or_else(|| self.0.strip_prefix("postgresql://"))
        else {
            return "postgres".into();
        };
        let after_user = rest.rsplit_once('@').map_or(rest, |(_, host)| host);
        let without_query = after_user.split('?').next().unwrap_or("");
        format!("postgres://{without_query}")
    }
}

impl std::fmt::Debug for PostgresUrl {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "PostgresUrl({})", self.redacted())
    }
}

impl Default for Config {
    fn default() -> Config {
        Config {
            listen: SocketAddr::from(([127, 0, 0, 1], 8080)),
            db: PathBuf::from("mills-server.db"),
            public_url: None,
            log_level: LevelFilter::Info,
            max_connections: 20_000,
            idle_timeout: Duration::from_secs(90),
            hello_timeout: Duration::from_secs(10),
            flood_pause: Duration::from_secs(5),
            join_rate: Rate {
                burst: 5.0,
                per_second: 0.5,
            },
            message_rate: Rate {
                burst: 40.0,
                per_second: 20.0,
            },
            max_waiting_rooms: 20,
            timer_scale_percent: 100,
            behind_proxy: false,
            postgres: None,
            room_idle: Duration::from_secs(600),
            budgets: Budgets::default(),
            web: WebSettings {
                retention: Budgets::default().retention(),
                ..WebSettings::default()
            },
            names: NameRules::default(),
        }
    }
}

/// The text of `--help`: the server's options, then the web pages' ([`web::settings::HELP`]).
pub fn help() -> String {
    format!("{HELP}\n{}", web::settings::HELP)
}

/// The server's part of `--help`.
const HELP: &str = "\
mills-server: the Mills online game server (WebSocket at /ws, health at /health)

Usage: mills-server [OPTIONS]
       mills-server reports [--db PATH | --postgres URL]

`reports` prints the players' reports of their opponents (Report in the apps), newest first,
the 1000 newest at most, one a line: time (UTC), room, game, reason, reporter's name and
reported player's name (names in quotes), then the devices' key tags (the first 8 hex
digits of each device's key, for matching reports of one device).

Options (each also read from the environment variable shown; a flag wins):
  --listen ADDR              address and port to listen on [MILLS_LISTEN] (127.0.0.1:8080)
  --db PATH                  SQLite database file, created if missing [MILLS_DB] (mills-server.db)
  --postgres URL             use this PostgreSQL database instead of --db, shared by every
                             server process given the same URL (postgres://user:pass@host/db
                             or key=value; the tables are created if missing) [MILLS_POSTGRES]
  --public-url URL           base of invite links, e.g. https://mills.example [MILLS_PUBLIC_URL]
                             (without it links are mills://join/CODE)
  --log-level LEVEL          error, warn, info, debug or trace [MILLS_LOG] (info)
  --max-connections N        open WebSocket connections at most (/health is answered beyond it)
                             [MILLS_MAX_CONNECTIONS] (20000)
  --idle-timeout-secs N      close connections silent this long [MILLS_IDLE_TIMEOUT_SECS] (90)
  --room-idle-secs N         drop a room from memory (not from the database) when no one has
                             been connected to it for this long and no clock runs [MILLS_ROOM_IDLE_SECS] (600)
  --joins-per-minute N       joins per client address per minute, burst 5 [MILLS_JOINS_PER_MINUTE] (30)
  --behind-proxy BOOL        true: client addresses come from X-Forwarded-For (set it only
                             behind a proxy that overwrites that header) [MILLS_BEHIND_PROXY] (false)
  --messages-per-second N    messages per connection per second, burst 2N [MILLS_MESSAGES_PER_SECOND] (20)
  --flood-pause-secs N       after a connection is closed for flooding, new connections from its
                             address wait this long before they are served, 0 never
                             [MILLS_FLOOD_PAUSE_SECS] (5)
  --max-waiting-rooms-per-address N
                             rooms waiting for a second player made from one address
                             [MILLS_MAX_WAITING_ROOMS_PER_ADDRESS] (100)
  --max-waiting-rooms N      rooms waiting for a second player in this process [MILLS_MAX_WAITING_ROOMS] (100000)
  --max-devices-per-address N
                             different devices that may say hello from one address in an hour
                             [MILLS_MAX_DEVICES_PER_ADDRESS] (100)
  --max-devices N            different devices that may say hello to this process in an hour
                             [MILLS_MAX_DEVICES] (200000)
  --max-connections-per-address N
                             open WebSocket connections from one address [MILLS_MAX_CONNECTIONS_PER_ADDRESS] (64)
  --waiting-room-days D      delete a room no one joined after D days, 0 never [MILLS_WAITING_ROOM_DAYS] (7)
  --finished-room-days D     delete a room D days after its last game ended, 0 never [MILLS_FINISHED_ROOM_DAYS] (90)
  --abandoned-game-days D    delete an untimed game (and its room) with no turn for D days, 0 never
                             [MILLS_ABANDONED_GAME_DAYS] (30)
  --name-words FILE          refuse names holding any of these words, one a line, matched in any
                             case anywhere in the name (# starts a comment); read at start
                             [MILLS_NAME_WORDS] (none)
  --timer-scale-percent N    for tests: the turn clock runs N% of the real time [MILLS_TIMER_SCALE_PERCENT] (100)
  -h, --help                 this text
";

/// What the command line asked for.
#[derive(Debug)]
pub enum Command {
    /// Serve with this configuration.
    Run(Box<Config>),
    /// `mills-server reports`: print the players' reports stored in the configured store.
    Reports(Box<Config>),
    /// Print the help.
    Help,
}

/// Reads flags (`args` without the program name) over the environment (`env`).
pub fn parse(
    args: impl IntoIterator<Item = String>,
    env: impl Fn(&str) -> Option<String>,
) -> Result<Command, String> {
    let mut values: Vec<(&'static str, String)> = Vec::new();
    for (flag, var) in all_flags() {
        if let Some(v) = env(var) {
            values.push((flag, v));
        }
    }
    let mut args = args.into_iter().peekable();
    let reports = args.next_if(|first| first == "reports").is_some();
    while let Some(arg) = args.next() {
        if arg == "-h" || arg == "--help" {
            return Ok(Command::Help);
        }
        let (name, inline) = match arg.split_once('=') {
            Some((n, v)) => (n.to_string(), Some(v.to_string())),
            None => (arg.clone(), None),
        };
        let Some((flag, _)) = all_flags().find(|(f, _)| *f == name) else {
            return Err(format!("unknown option '{arg}' (see --help)"));
        };
        let value = match inline {
            Some(v) => v,
            None => args.next().ok_or_else(|| format!("{flag} needs a value"))?,
        };
        values.push((flag, value));
    }
    let mut config = Config::default();
    for (flag, value) in values {
        let applied = if BUDGET_FLAGS.iter().any(|(f, _)| *f == flag) {
            apply_budget(&mut config.budgets, flag, &value)
        } else {
            apply(&mut config, flag, &value)
        };
        applied.map_err(|why| {
            if flag == "--postgres" {
                // The value may hold a password.
                format!("{flag}: {why}")
            } else {
                format!("{flag} {value}: {why}")
            }
        })?;
    }
    config.web.retention = config.budgets.retention();
    if reports {
        return Ok(Command::Reports(Box::new(config)));
    }
    Ok(Command::Run(Box::new(config)))
}

const FLAGS: [(&str, &str); 14] = [
    ("--name-words", "MILLS_NAME_WORDS"),
    ("--room-idle-secs", "MILLS_ROOM_IDLE_SECS"),
    ("--postgres", "MILLS_POSTGRES"),
    ("--behind-proxy", "MILLS_BEHIND_PROXY"),
    ("--messages-per-second", "MILLS_MESSAGES_PER_SECOND"),
    ("--flood-pause-secs", "MILLS_FLOOD_PAUSE_SECS"),
    ("--listen", "MILLS_LISTEN"),
    ("--db", "MILLS_DB"),
    ("--public-url", "MILLS_PUBLIC_URL"),
    ("--log-level", "MILLS_LOG"),
    ("--max-connections", "MILLS_MAX_CONNECTIONS"),
    ("--idle-timeout-secs", "MILLS_IDLE_TIMEOUT_SECS"),
    ("--joins-per-minute", "MILLS_JOINS_PER_MINUTE"),
    ("--timer-scale-percent", "MILLS_TIMER_SCALE_PERCENT"),
];

/// The server's flags, the budgets' and the web pages' ([`web::settings::FLAGS`]).
fn all_flags() -> impl Iterator<Item = (&'static str, &'static str)> {
    FLAGS
        .into_iter()
        .chain(BUDGET_FLAGS)
        .chain(web::settings::FLAGS)
}

fn number(value: &str) -> Result<u64, String> {
    value
        .parse::<u64>()
        .map_err(|_| "is not a whole number".to_string())
}

fn apply(config: &mut Config, flag: &str, value: &str) -> Result<(), String> {
    match flag {
        "--listen" => {
            config.listen = value
                .parse()
                .map_err(|_| "is not an address like 127.0.0.1:8080")?
        }
        "--db" => config.db = PathBuf::from(value),
        "--name-words" => config.names = NameRules::read(std::path::Path::new(value))?,
        "--postgres" => {
            let url = value.trim();
            let looks_right = url.starts_with("postgres://")
                || url.starts_with("postgresql://")
                || url.contains('=');
            if !looks_right {
                return Err("is not postgres://... or a key=value connection string".into());
            }
            config.postgres = Some(PostgresUrl(url.to_string()));
        }
        "--public-url" => {
            let url = value.trim_end_matches('/');
            if !(url.starts_with("https://") || url.starts_with("http://")) {
                return Err("must start with https:// or http://".into());
            }
            config.public_url = Some(url.to_string());
        }
        "--log-level" => {
            config.log_level = value
                .parse()
                .map_err(|_| "is not error, warn, info, debug or trace")?
        }
        "--max-connections" => config.max_connections = number(value)?.max(1) as usize,
        "--room-idle-secs" => config.room_idle = Duration::from_secs(number(value)?.max(1)),
        "--idle-timeout-secs" => {
            config.idle_timeout = Duration::from_secs(number(value)?.max(1));
            config.hello_timeout = config.hello_timeout.min(config.idle_timeout);
        }
        "--joins-per-minute" => {
            let n = number(value)?.max(1) as f64;
            config.join_rate = Rate {
                burst: config.join_rate.burst.max(n / 6.0),
                per_second: n / 60.0,
            };
        }
        "--behind-proxy" => {
            config.behind_proxy = match value {
                "true" | "1" | "yes" => true,
                "false" | "0" | "no" => false,
                _ => return Err("is not true or false".into()),
            }
        }
        "--messages-per-second" => {
            let n = number(value)?.max(1) as f64;
            config.message_rate = Rate {
                burst: 2.0 * n,
                per_second: n,
            };
        }
        "--flood-pause-secs" => config.flood_pause = Duration::from_secs(number(value)?),
        "--timer-scale-percent" => config.timer_scale_percent = number(value)?.clamp(1, 100) as u32,
        _ => return config.web.apply(flag, value),
    }
    Ok(())
}

impl Config {
    /// How often idle rooms are looked for: often enough that a room is dropped within
    /// half its idle time more.
    pub fn sweep_every(&self) -> Duration {
        (self.room_idle / 2).min(Duration::from_secs(60))
    }

    /// How often rooms past their time are looked for: within a tenth of the shortest
    /// expiry, at most every ten minutes.
    pub fn expire_every(&self) -> Duration {
        let b = &self.budgets;
        [
            b.waiting_room_expiry,
            b.finished_room_expiry,
            b.abandoned_game_expiry,
        ]
        .into_iter()
        .flatten()
        .map(|d| d / 10)
        .fold(Duration::from_secs(600), Duration::min)
        .max(Duration::from_millis(100))
    }

    /// The turn limit the clock gives for a timer setting.
    pub fn turn_limit(&self, timer: TurnTimer) -> Option<Duration> {
        timer
            .seconds()
            .map(|s| Duration::from_millis(u64::from(s) * 10 * u64::from(self.timer_scale_percent)))
    }

    /// The invite link of a code.
    pub fn link(&self, code: &str) -> String {
        match &self.public_url {
            Some(url) => format!("{url}/join/{code}"),
            None => format!("{}{code}", mills_protocol::APP_LINK_PREFIX),
        }
    }
}

#[cfg(test)]
mod tests;
