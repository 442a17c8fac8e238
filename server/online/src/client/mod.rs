//! The client's side of a room: [`room::Room`], the state machine every client drives (the
//! apps through the app library, the load tool), and [`conversation`], one connection's
//! exchange with the server behind a transport the client brings.
//!
//! Floors: [`events`] (what the room tells its owner), [`room`], [`conversation`].

pub mod conversation;
pub mod events;
pub mod room;
