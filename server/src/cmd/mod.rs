//! One file per request, each planning against a room and answering: [`hello`],
//! [`create`], [`join`], [`open`], [`turn`], [`resign`], [`rematch`], [`moderate`]
//! (`report` and `block`), and [`invite_page`] (the invite page's look at a room). Each is
//! a method of [`crate::hub::Hub`]; the hub owns the order of work (lock, store, retry on a
//! conflict, apply, send).

pub mod create;
pub mod hello;
pub mod invite_page;
pub mod join;
pub mod moderate;
pub mod open;
pub mod rematch;
pub mod resign;
pub mod turn;
