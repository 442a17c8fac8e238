//! One room and its current game, without any I/O: the engine decides every turn here.
//!
//! Changes come in two steps so that nothing is applied before it is stored: a `plan_*`
//! method checks a request and returns the [`PendingEntry`] it would add (the engine's game
//! after it included), the caller stores it, and only then [`Room::commit`] applies it.
//!
//! [`state`] holds the room and its rules; [`rows`] maps it to and from the store's rows;
//! [`wire`] is what of it the clients are sent; [`names`] the names the store and the
//! engine give seats, sides and entry kinds.

pub mod names;
pub mod rows;
pub mod state;
pub mod wire;

#[cfg(test)]
mod tests;

pub use state::{Member, PendingEntry, Plan, Refusal, Room};
pub use wire::{date_of, outcome_wire};
