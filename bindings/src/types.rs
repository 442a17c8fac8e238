//! FFI records and enums, and their conversions from and to the core's types.

use mills_core::ai::Level;
use mills_core::session::{
    self as core, ComputerRunner, SessionClock, SessionOptions as CoreOptions,
};
use mills_core::{Action, DrawReason, Outcome, Phase, Point, Side, Variant, WinReason};

use crate::MillsError;

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

/// P1 places first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, uniffi::Enum)]
pub enum Player {
    P1,
    P2,
}

impl From<Player> for Side {
    fn from(player: Player) -> Side {
        match player {
            Player::P1 => Side::P1,
            Player::P2 => Side::P2,
        }
    }
}

impl From<Side> for Player {
    fn from(side: Side) -> Player {
        match side {
            Side::P1 => Player::P1,
            Side::P2 => Player::P2,
        }
    }
}

/// The turn timer setting; 60 s is the default.
#[derive(Debug, Clone, Copy, PartialEq, Eq, uniffi::Enum)]
pub enum TurnTimer {
    Off,
    Seconds15,
    Seconds30,
    Seconds60,
    Seconds120,
}

impl From<TurnTimer> for core::TurnTimer {
    fn from(timer: TurnTimer) -> core::TurnTimer {
        match timer {
            TurnTimer::Off => core::TurnTimer::Off,
            TurnTimer::Seconds15 => core::TurnTimer::Seconds15,
            TurnTimer::Seconds30 => core::TurnTimer::Seconds30,
            TurnTimer::Seconds60 => core::TurnTimer::Seconds60,
            TurnTimer::Seconds120 => core::TurnTimer::Seconds120,
        }
    }
}

impl From<core::TurnTimer> for TurnTimer {
    fn from(timer: core::TurnTimer) -> TurnTimer {
        match timer {
            core::TurnTimer::Off => TurnTimer::Off,
            core::TurnTimer::Seconds15 => TurnTimer::Seconds15,
            core::TurnTimer::Seconds30 => TurnTimer::Seconds30,
            core::TurnTimer::Seconds60 => TurnTimer::Seconds60,
            core::TurnTimer::Seconds120 => TurnTimer::Seconds120,
        }
    }
}

/// Who plays.
#[derive(Debug, Clone, Copy, PartialEq, Eq, uniffi::Enum)]
pub enum GameMode {
    /// The computer plays `computer` at `level` (1..=10).
    VsComputer { computer: Player, level: u8 },
    /// Two people on one device.
    PassAndPlay,
}

/// What a session plays; saved with the game.
#[derive(Debug, Clone, PartialEq, Eq, uniffi::Record)]
pub struct SessionConfig {
    pub game: GameId,
    pub mode: GameMode,
    pub timer: TurnTimer,
}

impl TryFrom<SessionConfig> for core::SessionConfig {
    type Error = MillsError;

    fn try_from(config: SessionConfig) -> Result<core::SessionConfig, MillsError> {
        let mode = match config.mode {
            GameMode::VsComputer { computer, level } => core::Mode::VsComputer {
                computer: computer.into(),
                level: parse_level(level)?,
            },
            GameMode::PassAndPlay => core::Mode::PassAndPlay,
        };
        Ok(core::SessionConfig::new(config.game.into())
            .with_mode(mode)
            .with_timer(config.timer.into()))
    }
}

impl From<core::SessionConfig> for SessionConfig {
    fn from(config: core::SessionConfig) -> SessionConfig {
        SessionConfig {
            game: config.variant().into(),
            mode: mode_of(config.mode),
            timer: config.timer.into(),
        }
    }
}

pub(crate) fn mode_of(mode: core::Mode) -> GameMode {
    match mode {
        core::Mode::VsComputer { computer, level } => GameMode::VsComputer {
            computer: computer.into(),
            level: level.number(),
        },
        core::Mode::PassAndPlay => GameMode::PassAndPlay,
    }
}

pub(crate) fn parse_level(level: u8) -> Result<Level, MillsError> {
    Level::new(level).map_err(|_| MillsError::InvalidLevel { level })
}

/// Where a session keeps its files and how it runs; not saved with the game.
#[derive(Debug, Clone, PartialEq, Eq, uniffi::Record)]
pub struct SessionOptions {
    /// After every change the session writes its saved game here, atomically.
    #[uniffi(default = None)]
    pub autosave_path: Option<String>,
    /// Finished games against the computer are counted in this statistics file.
    #[uniffi(default = None)]
    pub stats_path: Option<String>,
    /// Seed of the computer's randomness; by default one from the time.
    #[uniffi(default = None)]
    pub seed: Option<u64>,
    /// Run the background timer thread that applies timer expiry by itself. With it off the
    /// app must call `tick()` regularly (every ~100 ms).
    #[uniffi(default = true)]
    pub timer_thread: bool,
    /// Test hook: a clock that only moves with `advance_clock_for_tests`.
    #[uniffi(default = false)]
    pub manual_clock: bool,
    /// Test hook: computer turns only run through `run_computer_turn_now`.
    #[uniffi(default = false)]
    pub manual_computer: bool,
}

impl SessionOptions {
    pub(crate) fn to_core(&self) -> CoreOptions {
        CoreOptions {
            clock: if self.manual_clock {
                SessionClock::Manual(core::ManualClock::new())
            } else {
                SessionClock::System
            },
            computer: if self.manual_computer {
                ComputerRunner::Manual
            } else {
                ComputerRunner::Thread
            },
            timer_thread: self.timer_thread,
            autosave_path: self.autosave_path.clone().map(Into::into),
            stats_path: self.stats_path.clone().map(Into::into),
            seed: self.seed,
        }
    }
}

/// Placing pieces from hand, or moving them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, uniffi::Enum)]
pub enum GamePhase {
    Placing,
    Moving,
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
    fn from(expect: core::NextStep) -> NextStep {
        match expect {
            core::NextStep::Place => NextStep::Place,
            core::NextStep::PickPiece => NextStep::PickPiece,
            core::NextStep::PickDestination { from } => NextStep::PickDestination {
                from: from.to_string(),
            },
            core::NextStep::Pin { remaining } => NextStep::Pin { remaining },
            core::NextStep::Capture { remaining } => NextStep::Capture { remaining },
            core::NextStep::Pull => NextStep::Pull,
            core::NextStep::StepAfterPull { from } => NextStep::StepAfterPull {
                from: from.map(|p| p.to_string()),
            },
            core::NextStep::GameOver => NextStep::GameOver,
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

/// The result of a finished game.
#[derive(Debug, Clone, PartialEq, Eq, uniffi::Record)]
pub struct GameResult {
    /// `None` for a draw.
    pub winner: Option<Player>,
    pub reason: EndReason,
    /// English, e.g. "P1 wins: the opponent cannot move" (the apps localize by `reason`).
    pub description: String,
}

impl From<Outcome> for GameResult {
    fn from(outcome: Outcome) -> GameResult {
        let reason = match outcome {
            Outcome::Win { reason, .. } => match reason {
                WinReason::TookAll => EndReason::TookAll,
                WinReason::ReducedToTwo => EndReason::ReducedToTwo,
                WinReason::ThreeInLine => EndReason::ThreeInLine,
                WinReason::Blocked => EndReason::Blocked,
                WinReason::Resignation => EndReason::Resignation,
            },
            Outcome::Draw { reason } => match reason {
                DrawReason::BoardFull => EndReason::BoardFull,
                DrawReason::BothAtTwo => EndReason::BothAtTwo,
                DrawReason::Repetition => EndReason::Repetition,
                DrawReason::QuietTurns => EndReason::QuietTurns,
            },
        };
        GameResult {
            winner: outcome.winner().map(Into::into),
            reason,
            description: outcome.to_string(),
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
    /// The actions of the turn in progress, or else of the last turn (for highlighting).
    pub last_turn: Vec<String>,
    pub last_turn_player: Option<Player>,
    /// Lines the last turn completed, three point names each.
    pub lines_formed: Vec<Vec<String>>,
    pub result: Option<GameResult>,
    /// Time left in the turn; absent when the timer is off, the game is over or the
    /// computer is to move.
    pub time_left_ms: Option<u64>,
    pub timer_running: bool,
    pub paused: bool,
    pub computer_thinking: bool,
    pub can_undo: bool,
    pub can_redo: bool,
    pub turns: u32,
    pub action_count: u32,
}

impl From<core::Snapshot> for Snapshot {
    fn from(s: core::Snapshot) -> Snapshot {
        let side = |v: &core::SideView| SideState {
            player: v.side.into(),
            in_hand: v.in_hand,
            on_board: v.on_board,
            stable: v.stable,
            captured: v.captured,
            lost: v.lost,
            pins: v.pins,
            is_computer: v.is_computer,
        };
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
            phase: match s.phase {
                Phase::Placing => GamePhase::Placing,
                Phase::Moving => GamePhase::Moving,
            },
            next: s.next.into(),
            selected: s.selected.map(|p| p.to_string()),
            last_turn: actions_text(&s.last_turn),
            last_turn_player: s.last_turn_side.map(Into::into),
            lines_formed: lines_text(&s.lines_formed),
            result: s.outcome.map(Into::into),
            time_left_ms: s.time_left_ms,
            timer_running: s.timer_running,
            paused: s.paused,
            computer_thinking: s.computer_thinking,
            can_undo: s.can_undo,
            can_redo: s.can_redo,
            turns: s.turns,
            action_count: s.action_count,
        }
    }
}

/// What a removal did.
#[derive(Debug, Clone, Copy, PartialEq, Eq, uniffi::Enum)]
pub enum RemovalType {
    Pin,
    Capture,
    Pull,
}

/// Why a tap did nothing (the UI shakes the piece and may show `message`).
#[derive(Debug, Clone, PartialEq, Eq, uniffi::Enum)]
pub enum Refusal {
    GameOver,
    /// "not your turn — the computer is thinking".
    ComputerThinking,
    Occupied {
        point: String,
    },
    NoPieceThere {
        point: String,
    },
    NotYourPiece {
        point: String,
    },
    CannotMove {
        point: String,
    },
    NotAdjacent {
        from: String,
        to: String,
    },
    NotOpponentPiece {
        point: String,
    },
    /// "that piece is in a mill".
    InMill {
        point: String,
    },
    NotNextToYours {
        point: String,
    },
    Illegal {
        reason: String,
    },
}

impl From<core::Refusal> for Refusal {
    fn from(r: core::Refusal) -> Refusal {
        use core::Refusal as R;
        let s = |p: Point| p.to_string();
        match r {
            R::GameOver => Refusal::GameOver,
            R::ComputerThinking => Refusal::ComputerThinking,
            R::Occupied(p) => Refusal::Occupied { point: s(p) },
            R::NoPieceThere(p) => Refusal::NoPieceThere { point: s(p) },
            R::NotYourPiece(p) => Refusal::NotYourPiece { point: s(p) },
            R::CannotMove(p) => Refusal::CannotMove { point: s(p) },
            R::NotAdjacent { from, to } => Refusal::NotAdjacent {
                from: s(from),
                to: s(to),
            },
            R::NotOpponentPiece(p) => Refusal::NotOpponentPiece { point: s(p) },
            R::InMill(p) => Refusal::InMill { point: s(p) },
            R::NotNextToYours(p) => Refusal::NotNextToYours { point: s(p) },
            R::Illegal(err) => Refusal::Illegal {
                reason: err.to_string(),
            },
        }
    }
}

/// What a tap did.
#[derive(Debug, Clone, PartialEq, Eq, uniffi::Enum)]
pub enum TapResult {
    Selected {
        point: String,
    },
    Deselected {
        point: String,
    },
    Played {
        player: Player,
        /// In notation: `d6`, `d6-d5`, `xd7`.
        action: String,
        removal: Option<RemovalType>,
        lines_formed: Vec<Vec<String>>,
        turn_ended: bool,
        result: Option<GameResult>,
    },
    /// Nothing changed.
    Refused {
        refusal: Refusal,
        message: String,
    },
}

impl From<Result<core::TapOutcome, core::Refusal>> for TapResult {
    fn from(result: Result<core::TapOutcome, core::Refusal>) -> TapResult {
        match result {
            Ok(core::TapOutcome::Selected(p)) => TapResult::Selected {
                point: p.to_string(),
            },
            Ok(core::TapOutcome::Deselected(p)) => TapResult::Deselected {
                point: p.to_string(),
            },
            Ok(core::TapOutcome::Played(played)) => TapResult::Played {
                player: played.side.into(),
                action: played.action.to_string(),
                removal: played.changes.iter().find_map(|c| match c.change {
                    core::Change::Pinned { .. } => Some(RemovalType::Pin),
                    core::Change::Captured { .. } => Some(RemovalType::Capture),
                    core::Change::Pulled { .. } => Some(RemovalType::Pull),
                    _ => None,
                }),
                lines_formed: lines_text(
                    played
                        .changes
                        .first()
                        .map(|c| &c.lines[..])
                        .unwrap_or_default(),
                ),
                turn_ended: played.turn_ended,
                result: played.outcome.map(Into::into),
            },
            Err(refusal) => TapResult::Refused {
                message: refusal.to_string(),
                refusal: refusal.into(),
            },
        }
    }
}

/// A cell of the 7×7 drawing grid.
#[derive(Debug, Clone, Copy, PartialEq, Eq, uniffi::Record)]
pub struct GridCell {
    /// 0..7 for files a..g.
    pub file: u8,
    /// 0..7 for ranks 1..7.
    pub rank: u8,
}

pub(crate) fn parse_point(name: &str) -> Result<Point, MillsError> {
    name.trim().parse().map_err(|_| MillsError::InvalidPoint {
        point: name.to_string(),
    })
}

pub(crate) fn point_at(index: u32) -> Result<Point, MillsError> {
    usize::try_from(index)
        .ok()
        .and_then(Point::from_index)
        .ok_or_else(|| MillsError::InvalidPoint {
            point: format!("#{index}"),
        })
}

pub(crate) fn actions_text(actions: &[Action]) -> Vec<String> {
    actions.iter().map(Action::to_string).collect()
}

fn lines_text(lines: &[[Point; 3]]) -> Vec<Vec<String>> {
    lines
        .iter()
        .map(|line| line.iter().map(Point::to_string).collect())
        .collect()
}
