//! `mills-server`: the Mills online game server. Clients speak `mills-protocol` over
//! WebSocket; the engine (`mills-core`) referees every turn; rooms are stored in SQLite or,
//! for several server processes, in PostgreSQL.
//!
//! Floors, each importing only those below it:
//! - [`config`] (with [`web::settings`]), [`logger`], [`limits`], [`device`], [`budget`],
//!   [`known`], [`names`]: settings, structured logs, token buckets, what is kept of a
//!   device's secret, what one address and the process may hold, the room codes that
//!   exist, the names the server takes.
//! - [`store`]: the storage trait, SQLite, PostgreSQL, and the group-committing writer
//!   thread.
//! - [`room`]: one room's rules and state, no I/O; [`refusal`]: the refusals requests share.
//! - [`reports`], [`moderation`]: the budget and the operator's listing of reports; what
//!   a report or block stores and the check of blocked pairs.
//! - [`outbox`], [`clock`]: a connection's bounded outbox; the one task holding every
//!   turn's deadline.
//! - [`presence`]: a room's subscribers and which members are online.
//! - [`live`]: a room held in memory and what its players are sent.
//! - [`hub`]: all rooms held; the order lock-plan-store-apply-send.
//! - [`subscribe`], [`shared`], [`upkeep`], [`cmd`]: a connection joining and leaving its
//!   rooms' subscriptions; following other processes through a shared store; the sweep and
//!   the expiry; one file per request.
//! - [`http`]: the health endpoint, reading a request head and writing an answer.
//! - [`web`]: the invite page, the privacy policy and the app-link files.
//! - [`conn`]: one connection, routed to the health check, a page or WebSocket.
//! - [`server`]: the accept loop and the orderly stop.

pub mod budget;
pub mod clock;
pub mod cmd;
pub mod config;
pub mod conn;
pub mod device;
pub mod flood_pause;
pub mod http;
pub mod hub;
pub mod known;
pub mod limits;
pub mod live;
pub mod logger;
pub mod moderation;
pub mod names;
pub mod outbox;
pub mod presence;
pub mod refusal;
pub mod reports;
pub mod room;
pub mod server;
pub mod shared;
pub mod store;
pub mod subscribe;
pub mod upkeep;
pub mod web;
