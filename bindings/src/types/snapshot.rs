//! Everything a game screen draws, in one record.

use mills_core::GameFacts;
use mills_core::{self as core};
use mills_core::{DrawReason, Phase, WinReason};

use super::config::{Player, SessionConfig, mode_of};
use super::points::{actions_text, lines_text};

/// Placing pieces from hand, or moving them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, uniffi::Enum)]
pub enum GamePhase {
    Placing,
    Moving,
}

impl From<Phase> for GamePhase {
    fn from(phase: Phase) -> GamePhase {
        match phase {
            Phase::Placing => GamePhase::Placing,
            Phase::Moving => GamePhase::Moving,
        }
    }
}

/// What the side to move must do next.
#[derive(Debug, Clone, PartialEq, Eq, uniffi::Enum)]
pub enum NextStep {
    /// Tap an empty point.
    Place,
    /// Tap one of your pieces to move it.
    PickPiece,
    /// Tap an empty neighbour of `from` (or another piece, or `from` to let go).
    PickDestination {
        from: String,
    },
    /// Tap an opponent piece to pin (Zhi Qi); `remaining` owed, this one included.
    Pin {
        remaining: u8,
    },
    /// Tap an opponent piece to capture; `remaining` owed, this one included.
    Capture {
        remaining: u8,
    },
    /// Blocked (Zhi Qi): tap an opponent piece next to one of yours to pull it.
    Pull,
    /// After the pull: pick a piece (`from` empty), then its destination.
    StepAfterPull {
        from: Option<String>,
    },
    GameOver,
}

impl From<core::NextStep> for NextStep {
    fn from(next: core::NextStep) -> NextStep {
        use core::NextStep as N;
        match next {
            N::Place => NextStep::Place,
            N::PickPiece => NextStep::PickPiece,
            N::PickDestination { from } => NextStep::PickDestination {
                from: from.to_string(),
            },
            N::Pin { remaining } => NextStep::Pin { remaining },
            N::Capture { remaining } => NextStep::Capture { remaining },
            N::Pull => NextStep::Pull,
            N::StepAfterPull { from } => NextStep::StepAfterPull {
                from: from.map(|p| p.to_string()),
            },
            N::GameOver => NextStep::GameOver,
        }
    }
}

/// One of the 24 points.
#[derive(Debug, Clone, PartialEq, Eq, uniffi::Record)]
pub struct PointState {
    /// `a7`..`g1`.
    pub name: String,
    /// 0..24 (`point_names()` order).
    pub index: u32,
    pub owner: Option<Player>,
    pub in_mill: bool,
    /// A tap here does what `next` asks.
    pub target: bool,
    pub selected: bool,
}

/// A counter a player panel shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, uniffi::Enum)]
pub enum Counter {
    InHand,
    OnBoard,
    /// Linked-Horse: pieces in the stable.
    Stable,
    /// Zhi Qi: pins made.
    Pins,
    /// Opponent pieces captured.
    Captured,
}

impl From<core::Counter> for Counter {
    fn from(counter: core::Counter) -> Counter {
        match counter {
            core::Counter::InHand => Counter::InHand,
            core::Counter::OnBoard => Counter::OnBoard,
            core::Counter::Stable => Counter::Stable,
            core::Counter::Pins => Counter::Pins,
            core::Counter::Captured => Counter::Captured,
        }
    }
}

/// One counter of a player panel with its value, in the order the panel shows them.
#[derive(Debug, Clone, PartialEq, Eq, uniffi::Record)]
pub struct PanelCount {
    pub counter: Counter,
    /// The string key of its label (`count_in_hand`, `count_pins`, ...).
    pub name_key: String,
    pub value: u8,
}

/// The counters of one side.
#[derive(Debug, Clone, PartialEq, Eq, uniffi::Record)]
pub struct SideState {
    pub player: Player,
    pub in_hand: u8,
    pub on_board: u8,
    /// Linked-Horse: pieces in the stable.
    pub stable: u8,
    /// Opponent pieces this side captured, pinned or pulled.
    pub captured: u8,
    /// This side's pieces the opponent took.
    pub lost: u8,
    pub pins: u8,
    pub is_computer: bool,
    /// What the player panel shows, the same on every platform (`game_info().panel`).
    pub panel: Vec<PanelCount>,
}

impl SideState {
    /// The FFI counters of one side, with the player panel of `variant`'s game.
    pub(crate) fn of(v: &core::SideState, variant: mills_core::Variant) -> SideState {
        SideState {
            player: v.side.into(),
            in_hand: v.in_hand,
            on_board: v.on_board,
            stable: v.stable,
            captured: v.captured,
            lost: v.lost,
            pins: v.pins,
            is_computer: v.is_computer,
            panel: GameFacts::of(variant)
                .panel
                .iter()
                .map(|&counter| PanelCount {
                    counter: counter.into(),
                    name_key: counter.name_key().to_string(),
                    value: v.count(counter),
                })
                .collect(),
        }
    }
}

/// Why a game ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, uniffi::Enum)]
pub enum EndReason {
    TookAll,
    ReducedToTwo,
    ThreeInLine,
    Blocked,
    Resignation,
    BoardFull,
    BothAtTwo,
    Repetition,
    QuietTurns,
}

/// How a finished game ended (the apps word it by `reason`).
#[derive(Debug, Clone, PartialEq, Eq, uniffi::Record)]
pub struct Outcome {
    /// `None` for a draw.
    pub winner: Option<Player>,
    pub reason: EndReason,
}

impl From<mills_core::Outcome> for Outcome {
    fn from(outcome: mills_core::Outcome) -> Outcome {
        use mills_core::Outcome as O;
        let reason = match outcome {
            O::Win { reason, .. } => match reason {
                WinReason::TookAll => EndReason::TookAll,
                WinReason::ReducedToTwo => EndReason::ReducedToTwo,
                WinReason::ThreeInLine => EndReason::ThreeInLine,
                WinReason::Blocked => EndReason::Blocked,
                WinReason::Resignation => EndReason::Resignation,
            },
            O::Draw { reason } => match reason {
                DrawReason::BoardFull => EndReason::BoardFull,
                DrawReason::BothAtTwo => EndReason::BothAtTwo,
                DrawReason::Repetition => EndReason::Repetition,
                DrawReason::QuietTurns => EndReason::QuietTurns,
            },
        };
        Outcome {
            winner: outcome.winner().map(Into::into),
            reason,
        }
    }
}

/// Everything a game screen draws.
#[derive(Debug, Clone, PartialEq, Eq, uniffi::Record)]
pub struct Snapshot {
    pub config: SessionConfig,
    /// The 24 points in index order.
    pub points: Vec<PointState>,
    pub p1: SideState,
    pub p2: SideState,
    pub to_move: Player,
    pub phase: GamePhase,
    pub next: NextStep,
    pub selected: Option<String>,
    /// The actions of the turn in progress, or else of the last turn (for a move list).
    pub last_turn: Vec<String>,
    pub last_turn_player: Option<Player>,
    /// The points the last turn touched, each once (for the last-turn highlight).
    pub last_turn_points: Vec<String>,
    /// Lines the last turn completed, three point names each (for highlights).
    pub lines_formed: Vec<Vec<String>>,
    pub outcome: Option<Outcome>,
    /// The game has not ended and a player has played in it: what a new game or an opened
    /// record would throw away (ask first). A game the computer has only opened is not.
    pub unfinished: bool,
    /// Time left in the turn; absent when the timer is off, the game is over or the
    /// computer is to move.
    pub time_left_ms: Option<u64>,
    /// The length of a turn (the timer setting); absent when the timer is off.
    pub turn_limit_ms: Option<u64>,
    pub timer_running: bool,
    pub paused: bool,
    pub computer_thinking: bool,
    pub can_undo: bool,
    pub can_redo: bool,
    pub turns: u32,
    pub action_count: u32,
    /// The session revision this snapshot shows (for `changes_since`).
    pub revision: u64,
}

impl From<core::Snapshot> for Snapshot {
    fn from(s: core::Snapshot) -> Snapshot {
        let side = |v: &core::SideState| SideState::of(v, s.variant);
        Snapshot {
            config: SessionConfig {
                game: s.variant.into(),
                mode: mode_of(s.mode),
                timer: s.timer.into(),
            },
            points: s
                .points
                .iter()
                .map(|p| PointState {
                    name: p.point.to_string(),
                    index: p.point.index() as u32,
                    owner: p.owner.map(Into::into),
                    in_mill: p.in_mill,
                    target: p.target,
                    selected: s.selected == Some(p.point),
                })
                .collect(),
            p1: side(&s.sides[0]),
            p2: side(&s.sides[1]),
            to_move: s.to_move.into(),
            phase: s.phase.into(),
            next: s.next.into(),
            selected: s.selected.map(|p| p.to_string()),
            last_turn: actions_text(&s.last_turn),
            last_turn_player: s.last_turn_side.map(Into::into),
            last_turn_points: s.last_turn_points.iter().map(|p| p.to_string()).collect(),
            lines_formed: lines_text(&s.lines_formed),
            outcome: s.outcome.map(Into::into),
            unfinished: s.unfinished,
            time_left_ms: s.time_left_ms,
            turn_limit_ms: s.turn_limit_ms,
            timer_running: s.timer_running,
            paused: s.paused,
            computer_thinking: s.computer_thinking,
            can_undo: s.can_undo,
            can_redo: s.can_redo,
            turns: s.turns,
            action_count: s.action_count,
            revision: s.revision,
        }
    }
}
