//! The board of a session whose referee answers at once: a lesson (its script) or a puzzle
//! (its judge). The referee keeps its own game and accepts or turns down each action of the
//! player's; this board replays what it accepted, the player's action and then the
//! opponent's answer, so each gets its numbered board changes, and draws everything else a
//! game screen needs (picking a piece up before stepping, the snapshot with its targets).
//!
//! The opponent is shown as the computer (the panel's "computer" side), but no search ever
//! runs and no timer counts: the referee answers in the same call.

use crate::action::Action;
use crate::board::Point;
use crate::game::Game;
use crate::level::Level;
use crate::position::Applied;
use crate::rules::Side;
use crate::timer::TurnTimer;

use super::changes::ChangeBatch;
use super::config::{Mode, SessionConfig};
use super::events::Refusal;
use super::snapshot::Snapshot;
use super::state::{Effects, State};
use super::tap::TapStep;

/// A board whose every action is first accepted by a referee that answers at once.
pub(super) struct AnsweredBoard {
    state: State,
}

impl AnsweredBoard {
    /// A board showing `game`, where `opponent` answers for the referee.
    pub fn new(game: Game, opponent: Side) -> AnsweredBoard {
        let config = SessionConfig {
            rules: *game.rules(),
            mode: Mode::VsComputer {
                computer: opponent,
                level: Level::DEFAULT,
            },
            // A timed lesson's timer is the app's: it tells the session when it ran out.
            timer: TurnTimer::Off,
        };
        let state = State::start(config, game, None, false, 0, 0, &mut Effects::default());
        AnsweredBoard { state }
    }

    /// The side to move on the board.
    pub fn side_to_move(&self) -> Side {
        self.state.game.position().side_to_move()
    }

    /// The game the board shows.
    pub fn game(&self) -> &Game {
        &self.state.game
    }

    /// What a tap on `point` means, picking up or putting down a piece on the way.
    pub fn tap_step(&mut self, point: Point) -> Result<TapStep, Refusal> {
        self.state.tap_step(point)
    }

    /// Puts a picked piece back (an action the referee turned down).
    pub fn put_back(&mut self) {
        self.state.selected = None;
    }

    /// Plays the player's `action` and then the opponent's `answer`, both accepted by the
    /// referee on its own copy of the game. Returns how the action applied and the revision
    /// where it ended: the changes up to it are the player's, any after it the answer's.
    pub fn play_answered(&mut self, action: Action, answer: &[Action]) -> (Applied, u64) {
        let outcome_before = self.state.game.outcome();
        let Ok((applied, _)) = self.state.play_action(action) else {
            unreachable!("the referee played {action} on the same position");
        };
        let own_revision = self.state.changes.revision();
        for &a in answer {
            if self.state.play_action(a).is_err() {
                unreachable!("the referee played the answer {a} on the same position");
            }
        }
        self.state.refresh(
            0,
            applied.turn_ended,
            outcome_before,
            &mut Effects::default(),
        );
        (applied, own_revision)
    }

    /// Shows the referee's `game` instead, with one reset.
    pub fn resync(&mut self, game: &Game) {
        self.state.game = game.clone();
        let outcome = self.state.game.outcome();
        self.state
            .refresh(0, true, outcome, &mut Effects::default());
        self.state.record_reset(0);
    }

    /// The board's revision now.
    pub fn revision(&self) -> u64 {
        self.state.changes.revision()
    }

    /// What the screen draws now; `over`: the attempt is over (no targets left).
    pub fn snapshot(&self, over: bool) -> Snapshot {
        shown(self.state.snapshot(0), over)
    }

    /// The board changes after `revision`, every snapshot shown as [`AnsweredBoard::snapshot`].
    pub fn changes_since(&self, revision: u64, over: bool) -> ChangeBatch {
        self.state
            .changes_since(revision, 0)
            .shaped(|snapshot| shown(snapshot, over))
    }
}

/// The session's snapshot with nothing a lesson or a puzzle has: no undo, no thinking
/// computer, nothing unfinished to keep, and no targets once the attempt is over.
fn shown(mut snapshot: Snapshot, over: bool) -> Snapshot {
    snapshot.computer_thinking = false;
    snapshot.can_undo = false;
    snapshot.can_redo = false;
    // Not a saved game: leaving it loses nothing to ask about.
    snapshot.unfinished = false;
    if over {
        for point in &mut snapshot.points {
            point.target = false;
        }
    }
    snapshot
}
