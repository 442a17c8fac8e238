//! The facts about each game a screen needs (pieces, the stable, the player panel, the board
//! to draw), the computer's levels and the timer's choices: the apps hold no copy of them.

use mills_core::TurnTimer as CoreTimer;
use mills_core::Variant;
use mills_core::{self as facts, GameFacts};

use crate::types::{Counter, GameId, GridCell, TurnTimer};

/// One point of the board drawing.
#[derive(Debug, Clone, PartialEq, Eq, uniffi::Record)]
pub struct BoardPoint {
    pub name: String,
    /// 0..24, the snapshot's order.
    pub index: u32,
    pub cell: GridCell,
}

/// A counter a player panel shows, with the key of its label.
#[derive(Debug, Clone, PartialEq, Eq, uniffi::Record)]
pub struct CounterInfo {
    pub counter: Counter,
    /// `count_in_hand`, `count_on_board`, `count_stable`, `count_pins`, `count_captured`.
    pub name_key: String,
}

/// What a game is, for a screen.
#[derive(Debug, Clone, PartialEq, Eq, uniffi::Record)]
pub struct GameInfo {
    pub game: GameId,
    /// The stable rules id used in saves (`zhiqi`, `linked-horse`, `twelve-mens-morris`).
    pub rules_id: String,
    /// English name.
    pub name: String,
    pub pieces_each: u8,
    /// Mills bank a piece in the stable (Linked-Horse).
    pub has_stable: bool,
    /// The counters of a player panel, in order (the same on Android and iOS).
    pub panel: Vec<CounterInfo>,
    /// The 24 points with their cells of the 7×7 grid (file 0..7 from the left, rank 0..7
    /// from the bottom).
    pub points: Vec<BoardPoint>,
    /// The 40 edges, two point names each.
    pub edges: Vec<Vec<String>>,
    /// The 20 lines, end, middle, end: draw each from its first point to its last.
    pub lines: Vec<Vec<String>>,
    /// The cell the stable is drawn around, if the game has one.
    pub stable_cell: Option<GridCell>,
}

/// The facts of one game.
#[uniffi::export]
pub fn game_info(game: GameId) -> GameInfo {
    let facts = GameFacts::of(Variant::from(game));
    let names = |points: &[mills_core::Point]| points.iter().map(|p| p.to_string()).collect();
    GameInfo {
        game,
        rules_id: facts.variant.id().to_string(),
        name: facts.variant.name().to_string(),
        pieces_each: facts.pieces_each,
        has_stable: facts.has_stable,
        panel: facts
            .panel
            .iter()
            .map(|&c| CounterInfo {
                counter: c.into(),
                name_key: c.name_key().to_string(),
            })
            .collect(),
        points: facts
            .points
            .iter()
            .map(|p| BoardPoint {
                name: p.point.to_string(),
                index: p.point.index() as u32,
                cell: GridCell {
                    file: p.file,
                    rank: p.rank,
                },
            })
            .collect(),
        edges: facts.edges.iter().map(|e| names(e)).collect(),
        lines: facts.lines.iter().map(|l| names(l)).collect(),
        stable_cell: facts
            .stable_cell
            .map(|(file, rank)| GridCell { file, rank }),
    }
}

/// The three games in display order.
#[uniffi::export]
pub fn games() -> Vec<GameInfo> {
    Variant::ALL.iter().map(|&v| game_info(v.into())).collect()
}

/// A computer level for the settings screen.
#[derive(Debug, Clone, PartialEq, Eq, uniffi::Record)]
pub struct LevelInfo {
    pub number: u8,
    /// The string key of its name (`level_1` .. `level_10`).
    pub name_key: String,
    /// English name ("Beginner" .. "Grandmaster").
    pub name: String,
    /// The level a new player starts at; exactly one level is.
    pub is_default: bool,
}

/// The ten computer levels, weakest first.
#[uniffi::export]
pub fn levels() -> Vec<LevelInfo> {
    facts::levels()
        .into_iter()
        .map(|l| LevelInfo {
            number: l.level.number(),
            name_key: l.name_key.to_string(),
            name: l.name.to_string(),
            is_default: l.is_default,
        })
        .collect()
}

/// One choice of the turn timer.
#[derive(Debug, Clone, PartialEq, Eq, uniffi::Record)]
pub struct TimerSetting {
    pub timer: TurnTimer,
    /// Seconds per turn; absent for `Off`.
    pub seconds: Option<u32>,
}

/// The turn timer's choices, in order, and the default one.
#[derive(Debug, Clone, PartialEq, Eq, uniffi::Record)]
pub struct TimerChoices {
    pub choices: Vec<TimerSetting>,
    pub default_timer: TurnTimer,
}

#[uniffi::export]
pub fn timer_choices() -> TimerChoices {
    let (choices, default) = facts::timer_choices();
    TimerChoices {
        choices: choices
            .into_iter()
            .map(|t: CoreTimer| TimerSetting {
                timer: t.into(),
                seconds: t.seconds(),
            })
            .collect(),
        default_timer: default.into(),
    }
}
