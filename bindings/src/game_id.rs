//! Which game, as the apps name it. On the ground floor: the error type (`TablesNotReady`)
//! and the tables' status name it, and the session records of `types` import both of those,
//! so the game's id cannot live among those records without a circle.

use mills_core::Variant;

/// The three games.
#[derive(Debug, Clone, Copy, PartialEq, Eq, uniffi::Enum)]
pub enum GameId {
    /// Zhi Qi · 十二子直棋 (`zhiqi`).
    Zhiqi,
    /// Linked-Horse · 连环马棋 (`linked-horse`).
    LinkedHorse,
    /// Twelve Men's Morris (`twelve-mens-morris`).
    TwelveMensMorris,
}

impl From<GameId> for Variant {
    fn from(game: GameId) -> Variant {
        match game {
            GameId::Zhiqi => Variant::ZhiQi,
            GameId::LinkedHorse => Variant::LinkedHorse,
            GameId::TwelveMensMorris => Variant::TwelveMensMorris,
        }
    }
}

impl From<Variant> for GameId {
    fn from(variant: Variant) -> GameId {
        match variant {
            Variant::ZhiQi => GameId::Zhiqi,
            Variant::LinkedHorse => GameId::LinkedHorse,
            Variant::TwelveMensMorris => GameId::TwelveMensMorris,
        }
    }
}
