//! A puzzle played with the session's taps: its judge (the tables for an endgame, the goal
//! search for a tactic: `puzzle_judge`) judges each whole turn and answers with the
//! defence; the board ([`AnsweredBoard`]) does everything else a game screen needs (picking a
//! piece up before stepping, the snapshot with its targets, the numbered board changes), so
//! the apps draw and animate a puzzle exactly like a game.
//!
//! As in a lesson, each action the judge takes is played on the board too, the player's
//! first and then the defender's reply, so each gets its
//! numbered board changes, read from [`PuzzleTapSession::changes_since`]. A wrong turn stays
//! on the board (the player sees what it allowed) until [`PuzzleTapSession::retry`].

use std::sync::Arc;

use crate::action::Action;
use crate::board::Point;
use crate::puzzles::{Puzzle, PuzzleError, PuzzleResult, PuzzleState, TurnVerdict};
use crate::rules::Side;
use crate::tables::EndgameTables;

use super::answered::AnsweredBoard;
use super::board::BoardSession;
use super::changes::ChangeBatch;
use super::events::Refusal;
use super::puzzle_judge::PuzzleJudge;
use super::snapshot::Snapshot;
use super::tap::{TapStep, refusal_for};

/// What a tap did in a puzzle.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum PuzzleTap {
    /// A piece was picked up to move.
    Selected(Point),
    /// The picked piece was put back.
    Deselected(Point),
    /// The player's action was played and judged.
    Played(PuzzlePlay),
    /// The rules (or the touch interaction) refuse the tap; nothing changed.
    Refused(Refusal),
    /// The attempt is over (solved or failed): retry or take the next puzzle.
    Finished,
}

/// A played action of the player's, and the defender's reply if the turn was right.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct PuzzlePlay {
    /// The side that played (the player).
    pub side: Side,
    /// The player's action.
    pub action: Action,
    /// What the puzzle made of it.
    pub verdict: TurnVerdict,
    /// The session's revision once the player's own action was played: the board changes up
    /// to it are the player's, any after it the defender's reply's.
    pub player_revision: u64,
    /// The player's turn is over.
    pub turn_ended: bool,
}

/// One puzzle on one screen (not thread-safe: the bindings hold it in a mutex).
pub struct PuzzleTapSession {
    board: AnsweredBoard,
    puzzle: PuzzleJudge,
}

impl PuzzleTapSession {
    /// A session at the start of an endgame `puzzle`, judged by `tables` (of its game).
    pub fn new(
        puzzle: Puzzle,
        tables: Arc<EndgameTables>,
    ) -> Result<PuzzleTapSession, PuzzleError> {
        Self::start(PuzzleJudge::endgame(puzzle, tables)?)
    }

    /// A session at the start of a tactic `puzzle`, judged by the goal search (no tables).
    pub fn tactic(puzzle: Puzzle) -> Result<PuzzleTapSession, PuzzleError> {
        Self::start(PuzzleJudge::tactic(puzzle)?)
    }

    fn start(puzzle: PuzzleJudge) -> Result<PuzzleTapSession, PuzzleError> {
        let defender = puzzle.game().position().side_to_move().opponent();
        let board = AnsweredBoard::new(puzzle.game().clone(), defender);
        Ok(PuzzleTapSession { board, puzzle })
    }

    /// The puzzle being played.
    pub fn puzzle(&self) -> &Puzzle {
        self.puzzle.puzzle()
    }

    /// The player's turns left to the goal.
    pub fn turns_left(&self) -> u8 {
        self.puzzle.turns_left()
    }

    /// Hints asked for so far, over every attempt.
    pub fn hints_used(&self) -> u32 {
        self.puzzle.hints_used()
    }

    /// Where the attempt stands (a tactic's missed turn is a wrong turn whose consequence
    /// is that the goal is no longer forced).
    pub fn state(&self) -> PuzzleState {
        self.puzzle.state()
    }

    /// The first attempt's result; `None` until it has one.
    pub fn result(&self) -> Option<PuzzleResult> {
        self.puzzle.result()
    }

    /// What the puzzle screen draws now: the session's snapshot with nothing a puzzle lacks
    /// (no undo, no thinking computer, no targets once the attempt is over).
    pub fn snapshot(&self) -> Snapshot {
        self.board.snapshot(!self.puzzle.is_playing())
    }

    /// The board changes after `revision`, as [`super::GameSession::changes_since`].
    pub fn changes_since(&self, revision: u64) -> ChangeBatch {
        self.board
            .changes_since(revision, !self.puzzle.is_playing())
    }

    /// A tap on a point: picks a piece up or puts it down, or forms an action and plays it.
    pub fn tap(&mut self, point: Point) -> PuzzleTap {
        if !self.puzzle.is_playing() {
            return PuzzleTap::Finished;
        }
        match self.board.tap_step(point) {
            Err(refusal) => PuzzleTap::Refused(refusal),
            Ok(TapStep::Selected(p)) => PuzzleTap::Selected(p),
            Ok(TapStep::Deselected(p)) => PuzzleTap::Deselected(p),
            Ok(TapStep::Act(action)) => self.act(action),
        }
    }

    /// A winning turn for the player's current turn; a turn begun is taken back first (one
    /// reset in the change log). Counts as a hint.
    pub fn hint(&mut self) -> Result<Vec<Action>, PuzzleError> {
        let turn = self.puzzle.hint()?;
        if self.board.game().position() != self.puzzle.game().position() {
            self.resync();
        } else {
            self.board.put_back();
        }
        Ok(turn)
    }

    /// Back to the puzzle's position (one reset in the change log); the first attempt's
    /// result stays.
    pub fn retry(&mut self) {
        self.puzzle.retry();
        self.resync();
    }

    fn act(&mut self, action: Action) -> PuzzleTap {
        let side = self.board.side_to_move();
        let verdict = match self.puzzle.play_action(action) {
            Ok(verdict) => verdict,
            Err(PuzzleError::Illegal(reason)) => {
                self.board.put_back();
                return PuzzleTap::Refused(refusal_for(reason));
            }
            Err(_) => return PuzzleTap::Finished,
        };
        let reply = match &verdict {
            TurnVerdict::Right { reply, .. } => reply.as_slice(),
            _ => &[],
        };
        let (applied, player_revision) = self.board.play_answered(action, reply);
        debug_assert_eq!(self.board.game().position(), self.puzzle.game().position());
        PuzzleTap::Played(PuzzlePlay {
            side,
            action,
            verdict,
            player_revision,
            turn_ended: applied.turn_ended || self.board.game().is_over(),
        })
    }

    /// Puts the puzzle's game on the session's board with one reset.
    fn resync(&mut self) {
        self.board.put_back();
        self.board.resync(self.puzzle.game());
    }
}

impl BoardSession for PuzzleTapSession {
    fn snapshot(&self) -> Snapshot {
        PuzzleTapSession::snapshot(self)
    }

    fn changes_since(&self, revision: u64) -> ChangeBatch {
        PuzzleTapSession::changes_since(self, revision)
    }
}
