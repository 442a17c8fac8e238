//! Mills: the rules engine of Zhi Qi (十二子直棋), Linked-Horse (连环马棋) and
//! Twelve Men's Morris, as specified in RULES.md.
//!
//! The layers, from the bottom: [`board`] (points, bitboards, edges and lines),
//! [`rules`] (what differs between the games, as data), [`action`] (notation),
//! [`position`] (legal actions and playing them), [`game`] (history: repetition,
//! records, undo) and [`perft`]; [`record`] holds the move list, review and the text record.

pub mod action;
pub mod ai;
pub mod board;
pub mod cancel;
pub mod content;
pub mod facts;
pub mod game;
pub mod lessons;
pub mod level;
pub mod limits;
pub mod outcome;
pub mod perft;
pub mod position;
pub mod puzzles;
pub mod record;
pub mod rules;
pub mod session;
pub mod store;
pub mod tables;
pub mod timer;
mod zobrist;

pub use action::{Action, ActionList, ParseActionError, format_actions, parse_actions};
pub use board::{Bitboard, Point};
pub use game::{Game, GameRecord, ReplayError, TurnStart};
pub use outcome::{DrawReason, Outcome, WinReason};
pub use perft::perft;
pub use position::{
    Applied, IllegalAction, Pending, Phase, Position, RemovalKind, Setup, SetupError,
};
pub use rules::{DrawRules, Rules, Side, Variant};
pub use session::{GameSession, SessionConfig, SessionEvent, SessionListener, SessionOptions};
