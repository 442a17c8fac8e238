//! The server's tests, run against the real `mills-server` binary with real WebSocket
//! clients on loopback. One test binary for all of them: each links the runtime, the
//! engine and the WebSocket client, so one link instead of three keeps the suite's cold
//! build shorter.

// The load tool's attack, compiled here too so that its counting is tested.
#[path = "../../src/bin/mills-load/attack.rs"]
#[allow(dead_code)]
mod attack;
mod attack_counts;
mod budgets;
mod common;
mod fault;
mod hostile;
mod integration;
mod moderation;
mod postgres;
mod promises;
mod stall;
mod web;
