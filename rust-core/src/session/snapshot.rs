//! Everything a game screen draws, in one value.

use crate::action::Action;
use crate::board::Point;
use crate::outcome::Outcome;
use crate::position::{Phase, Position};
use crate::rules::{Side, Variant};

use super::config::Mode;
use crate::timer::TurnTimer;

/// What the side to move must do next, as the touch interaction sees it.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum NextStep {
    /// Tap an empty point to place a piece.
    Place,
    /// Tap one of your pieces to move it.
    PickPiece,
    /// Tap an empty point next to `from` (or another of your pieces, or `from` to let go).
    PickDestination {
        /// The picked piece.
        from: Point,
    },
    /// Tap an opponent piece to pin; `remaining` pins are owed, this one included.
    Pin {
        /// Pins still owed.
        remaining: u8,
    },
    /// Tap an opponent piece to capture; `remaining` captures are owed, this one included.
    Capture {
        /// Captures still owed.
        remaining: u8,
    },
    /// Blocked: tap an opponent piece next to one of yours to pull it.
    Pull,
    /// After the pull, step a piece: `from` is the piece picked so far.
    StepAfterPull {
        /// The picked piece, once one is picked.
        from: Option<Point>,
    },
    /// The game is over.
    GameOver,
}

/// One point of the board.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct PointState {
    /// The point.
    pub point: Point,
    /// Whose piece stands there.
    pub owner: Option<Side>,
    /// The piece here stands in a complete line.
    pub in_mill: bool,
    /// A tap here does what `next` asks (places, picks, steps there, pins, captures, pulls).
    pub target: bool,
}

/// The counters of one side.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct SideState {
    /// The side.
    pub side: Side,
    /// Pieces in hand.
    pub in_hand: u8,
    /// Pieces on the board.
    pub on_board: u8,
    /// Linked-Horse: pieces in this side's stable.
    pub stable: u8,
    /// Opponent pieces this side has captured, pinned or pulled.
    pub captured: u8,
    /// This side's pieces the opponent has taken.
    pub lost: u8,
    /// Pins this side has made (Zhi Qi).
    pub pins: u8,
    /// Whether the computer plays this side.
    pub is_computer: bool,
}

/// The state of a session at one moment.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Snapshot {
    /// The game.
    pub variant: Variant,
    /// Who plays.
    pub mode: Mode,
    /// The turn timer setting.
    pub timer: TurnTimer,
    /// The 24 points in index order (`Point::ALL`).
    pub points: Vec<PointState>,
    /// P1 then P2.
    pub sides: [SideState; 2],
    /// The side to move.
    pub to_move: Side,
    /// Placing or moving.
    pub phase: Phase,
    /// What the next tap does.
    pub next: NextStep,
    /// The piece picked up to move, if any.
    pub selected: Option<Point>,
    /// The actions of the turn in progress if it has any, otherwise of the last turn.
    pub last_turn: Vec<Action>,
    /// The side that played the last turn.
    pub last_turn_side: Option<Side>,
    /// The points `last_turn` touched (arrivals, departures, removals), each once, in order,
    /// for the last-turn highlight.
    pub last_turn_points: Vec<Point>,
    /// Lines the arrivals of `last_turn` completed (a stabled piece's line included).
    pub lines_formed: Vec<[Point; 3]>,
    /// The result, once the game is over.
    pub outcome: Option<Outcome>,
    /// The game has not ended and a player has played in it (a whole turn or part of one):
    /// what starting another game or opening a record would throw away, so the apps ask
    /// first. A game the computer has only opened is not unfinished in this sense.
    pub unfinished: bool,
    /// Time left in the turn; `None` when the timer is off, the game is over or the
    /// computer is to move.
    pub time_left_ms: Option<u64>,
    /// The length of a turn (the timer's setting); `None` when the timer is off.
    pub turn_limit_ms: Option<u64>,
    /// Whether the turn timer is counting down.
    pub timer_running: bool,
    /// Whether the game is paused.
    pub paused: bool,
    /// Whether the computer is searching for its turn.
    pub computer_thinking: bool,
    /// Whether `undo` would do something.
    pub can_undo: bool,
    /// Whether `redo` would do something.
    pub can_redo: bool,
    /// Turns completed since the start.
    pub turns: u32,
    /// Actions played since the start.
    pub action_count: u32,
    /// The session's revision this snapshot shows (see [`super::GameSession::changes_since`]).
    pub revision: u64,
}

impl SideState {
    /// `side`'s counts in `position` (the snapshot's and a review position's panels).
    pub fn of(position: &Position, side: Side, is_computer: bool) -> SideState {
        SideState {
            side,
            in_hand: position.hand(side),
            on_board: position.board(side).count() as u8,
            stable: position.stable(side),
            captured: position.lost(side.opponent()),
            lost: position.lost(side),
            pins: position.pins_made(side),
            is_computer,
        }
    }

    /// The value of one of the counters a player panel shows ([`crate::facts::GameFacts::panel`]).
    pub fn count(&self, counter: crate::facts::Counter) -> u8 {
        use crate::facts::Counter;
        match counter {
            Counter::InHand => self.in_hand,
            Counter::OnBoard => self.on_board,
            Counter::Stable => self.stable,
            Counter::Pins => self.pins,
            Counter::Captured => self.captured,
        }
    }
}

impl Snapshot {
    /// The state of one point.
    pub fn point(&self, point: Point) -> &PointState {
        &self.points[point.index()]
    }

    /// The points where a tap does what `next` asks.
    pub fn targets(&self) -> Vec<Point> {
        self.points
            .iter()
            .filter(|p| p.target)
            .map(|p| p.point)
            .collect()
    }

    /// The state of one side.
    pub fn side(&self, side: Side) -> &SideState {
        &self.sides[side.index()]
    }
}

/// The points a turn's actions touched (arrivals, departures, removals), each once, in order:
/// the last-turn highlight of a snapshot and of a review position.
pub fn last_turn_points(actions: &[Action]) -> Vec<Point> {
    let mut points = Vec::new();
    for action in actions {
        let touched: &[Point] = match action {
            Action::Place(to) => &[*to],
            Action::Step { from, to } => &[*from, *to],
            Action::Remove(at) => &[*at],
            Action::Pass => &[],
        };
        for &p in touched {
            if !points.contains(&p) {
                points.push(p);
            }
        }
    }
    points
}
