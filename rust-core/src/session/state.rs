//! The session's state machine, without threads, locks or files: every call takes the time
//! `now` and collects what the caller must do afterwards (events, a computer turn to run, a
//! save to write) in [`Effects`]. [`super::GameSession`] wraps it in a mutex and runs them.

use crate::action::Action;
use crate::board::Point;
use crate::cancel::CancelToken;
use crate::game::Game;
use crate::level::Level;
use crate::outcome::Outcome;
use crate::position::{Applied, IllegalAction};
use crate::rules::{Side, Variant};

use super::changes::{BoardChange, ChangeBatch, ChangeLog};
use super::clock::Countdown;
use super::config::{Mode, SessionConfig};
use super::events::{SessionError, SessionEvent};
use super::history;
use super::save;
use super::snapshot::{PointState, SideState, Snapshot, last_turn_points};
use super::stats::HumanResult;
use crate::timer::TurnTimer;

/// One step `redo` can bring back.
#[derive(Clone, Debug)]
pub(super) enum RedoStep {
    Actions(Vec<Action>),
    Resign(Side),
}

/// A computer turn to search: a copy of the game, so the search holds no lock.
#[derive(Clone, Debug)]
pub(crate) struct ComputerJob {
    pub generation: u64,
    pub game: Game,
    pub level: Level,
    pub cancel: CancelToken,
}

/// What the caller of a state change must do once the lock is released.
#[derive(Debug, Default)]
pub(crate) struct Effects {
    pub events: Vec<SessionEvent>,
    /// Something a saved game holds changed.
    pub changed: bool,
    pub job: Option<ComputerJob>,
    /// A game against the computer just ended: count it (with the hints used in it).
    pub finished: Option<(Variant, Level, HumanResult, u32)>,
}

pub(crate) struct State {
    pub(super) config: SessionConfig,
    pub(super) game: Game,
    pub(super) redo: Vec<RedoStep>,
    pub(super) resigned: Option<Side>,
    pub(super) selected: Option<Point>,
    pub(super) countdown: Countdown,
    pub(super) paused: bool,
    /// Hints given in this game (saved with it, reset by a new game, counted in statistics).
    pub(super) hints_used: u32,
    /// Counts new games in this session, so a hint searched before one is not counted after.
    pub(super) game_number: u64,
    /// Bumped whenever a computer search is cancelled: stale results are dropped.
    generation: u64,
    cancel: CancelToken,
    /// A computer job of the current generation is out (running, or waiting for a manual run).
    job_out: bool,
    pub(super) lines_formed: Vec<[Point; 3]>,
    stats_recorded: bool,
    pub(super) closed: bool,
    /// The revision counter and the recent board changes.
    pub(super) changes: ChangeLog,
}

impl State {
    /// A session state for `game`; `time_left_ms` and `paused` come from a saved game.
    pub fn start(
        config: SessionConfig,
        game: Game,
        time_left_ms: Option<u64>,
        paused: bool,
        hints_used: u32,
        now: u64,
        fx: &mut Effects,
    ) -> State {
        let mut state = State {
            config,
            resigned: game.record().resigned,
            stats_recorded: game.is_over(),
            game,
            redo: Vec::new(),
            selected: None,
            countdown: Countdown::new(config.timer.limit_ms()),
            paused,
            hints_used,
            game_number: 0,
            generation: 0,
            cancel: CancelToken::new(),
            job_out: false,
            lines_formed: Vec::new(),
            closed: false,
            changes: ChangeLog::default(),
        };
        if let Some(left) = time_left_ms {
            state.countdown.set_left(left);
        }
        let outcome = state.game.outcome();
        state.refresh(now, false, outcome, fx);
        state.record_reset(now);
        fx.changed = false;
        state
    }

    // ---- Queries ---------------------------------------------------------------------------

    pub fn config(&self) -> SessionConfig {
        self.config
    }

    pub fn game(&self) -> &Game {
        &self.game
    }

    pub fn is_human(&self, side: Side) -> bool {
        self.config.mode.is_human(side)
    }

    /// The computer is to move in a game that goes on.
    pub fn computer_to_move(&self) -> bool {
        !self.game.is_over() && !self.is_human(self.game.position().side_to_move())
    }

    /// Actions `undo` takes back, if any (RULES: against the computer, back to the start of
    /// the human's previous turn; in pass-and-play, one turn or the turn in progress).
    fn undo_len(&self) -> Option<usize> {
        match self.config.mode.computer() {
            None => history::last_span(&self.game).map(|span| span.len()),
            Some(computer) => {
                let mut n = 0;
                for span in history::spans_back(&self.game) {
                    n += span.len();
                    if span.side != computer {
                        return Some(n);
                    }
                }
                None
            }
        }
    }

    pub fn can_undo(&self) -> bool {
        self.resigned.is_some() || self.undo_len().is_some()
    }

    pub fn can_redo(&self) -> bool {
        !self.redo.is_empty()
    }

    /// Milliseconds until the running countdown expires.
    pub fn timer_wait(&self, now: u64) -> Option<u64> {
        if self.countdown.is_running() {
            self.countdown.remaining(now)
        } else {
            None
        }
    }

    pub fn save_json(&self, now: u64) -> String {
        save::encode(
            &self.config,
            &self.game,
            self.countdown.remaining(now),
            self.paused,
            self.hints_used,
        )
    }

    // ---- Bookkeeping after every change ----------------------------------------------------

    /// Plays one action and records the board changes it made.
    pub(super) fn play_action(
        &mut self,
        action: Action,
    ) -> Result<(Applied, Vec<BoardChange>), IllegalAction> {
        let before = *self.game.position();
        let applied = self.game.play(action)?;
        let changes = self
            .changes
            .record_action(&before, action, applied, self.game.position());
        Ok((applied, changes))
    }

    /// Records that the whole board must be redrawn (after `refresh`).
    pub(super) fn record_reset(&mut self, now: u64) {
        let snapshot = self.snapshot(now);
        self.changes.record_reset(snapshot);
    }

    /// The changes after `revision` with the snapshot they lead to; a reset to the current
    /// snapshot when the log no longer reaches back that far.
    pub fn changes_since(&self, revision: u64, now: u64) -> ChangeBatch {
        let snapshot = self.snapshot(now);
        let changes = self.changes.since(revision).unwrap_or_else(|| {
            vec![BoardChange {
                revision: snapshot.revision,
                change: super::changes::Change::Reset {
                    snapshot: Box::new(snapshot.clone()),
                },
                action: None,
                lines: Vec::new(),
                turn_ended: false,
            }]
        });
        ChangeBatch {
            changes,
            revision: snapshot.revision,
            snapshot,
        }
    }

    /// Brings everything derived from the game up to date after a change: turns, lines
    /// formed, the countdown, the end of the game, and the computer's turn. `turn_ended`
    /// (an action said so, or the board was reset) starts a fresh countdown.
    pub(super) fn refresh(
        &mut self,
        now: u64,
        turn_ended: bool,
        outcome_before: Option<Outcome>,
        fx: &mut Effects,
    ) {
        self.selected = None;
        self.lines_formed = history::last_span(&self.game)
            .map(|span| history::lines_formed(&self.game, &span))
            .unwrap_or_default();

        if turn_ended {
            self.countdown.restart(self.config.timer.limit_ms());
        }
        self.sync_countdown(now);

        let outcome = self.game.outcome();
        if let (None, Some(outcome)) = (outcome_before, outcome) {
            fx.events.push(SessionEvent::GameOver { outcome });
            if let (Mode::VsComputer { computer, level }, false) =
                (self.config.mode, self.stats_recorded)
            {
                let result = match outcome.winner() {
                    None => HumanResult::Draw,
                    Some(winner) if winner == computer => HumanResult::Loss,
                    Some(_) => HumanResult::Win,
                };
                fx.finished = Some((self.config.variant(), level, result, self.hints_used));
                self.stats_recorded = true;
            }
        }

        if self.computer_to_move() && !self.job_out && !self.closed {
            if let Some(level) = self.config.mode.level() {
                self.job_out = true;
                fx.job = Some(ComputerJob {
                    generation: self.generation,
                    game: self.game.clone(),
                    level,
                    cancel: self.cancel.clone(),
                });
            }
        }
        fx.changed = true;
    }

    fn sync_countdown(&mut self, now: u64) {
        let run = !self.game.is_over()
            && !self.paused
            && !self.closed
            && self.is_human(self.game.position().side_to_move());
        self.countdown.set_running(now, run);
    }

    /// Stops the computer's search in progress, if any; its result will be ignored.
    pub fn cancel_computer(&mut self) {
        if self.job_out {
            self.cancel.cancel();
            self.cancel = CancelToken::new();
            self.generation += 1;
            self.job_out = false;
        }
    }

    /// The session is going away: stop the search and the countdown.
    pub fn close(&mut self, now: u64) {
        self.cancel_computer();
        self.closed = true;
        self.sync_countdown(now);
    }

    // ---- Commands --------------------------------------------------------------------------

    /// Commands after [`State::close`] are refused.
    fn ensure_open(&self) -> Result<(), SessionError> {
        if self.closed {
            Err(SessionError::Closed)
        } else {
            Ok(())
        }
    }

    pub fn undo(&mut self, now: u64, fx: &mut Effects) -> Result<(), SessionError> {
        self.ensure_open()?;
        let before = self.game.outcome();
        if let Some(side) = self.resigned.take() {
            self.cancel_computer();
            self.game.undo(0);
            self.redo.push(RedoStep::Resign(side));
        } else {
            let n = self.undo_len().ok_or(SessionError::NothingToUndo)?;
            self.cancel_computer();
            let undone = self.game.undo(n);
            self.redo.push(RedoStep::Actions(undone));
        }
        self.refresh(now, true, before, fx);
        self.record_reset(now);
        Ok(())
    }

    /// "Play from here": makes the position before turn `turn` (a move-list index; the
    /// final position is one past the last turn) the current one, as one undo that `redo`
    /// plays again. Against the computer it follows the undo rules: the human moves next,
    /// so a computer's turn goes back to the start of the human's turn before it. Returns
    /// the turn now current.
    pub fn undo_to_turn(
        &mut self,
        turn: usize,
        now: u64,
        fx: &mut Effects,
    ) -> Result<usize, SessionError> {
        self.ensure_open()?;
        let turns = crate::record::played_turns(&self.game);
        if turn > turns {
            return Err(SessionError::NoSuchTurn { turn, turns });
        }
        let mut target = turn;
        if let Some(computer) = self.config.mode.computer() {
            while target < turns && turn_side(&self.game, target) == Some(computer) {
                target = target.checked_sub(1).ok_or(SessionError::NothingToUndo)?;
            }
        }
        let keep = if target == turns {
            self.game.actions().len()
        } else {
            self.game
                .turn_start(target)
                .map_or(self.game.actions().len(), |mark| mark.action)
        };
        let n = self.game.actions().len() - keep;
        if n == 0 && self.resigned.is_none() {
            return Err(SessionError::NothingToUndo);
        }
        let before = self.game.outcome();
        self.cancel_computer();
        if let Some(side) = self.resigned.take() {
            self.game.undo(0);
            self.redo.push(RedoStep::Resign(side));
        }
        if n > 0 {
            let undone = self.game.undo(n);
            self.redo.push(RedoStep::Actions(undone));
        }
        self.refresh(now, true, before, fx);
        self.record_reset(now);
        Ok(target)
    }

    pub fn redo(&mut self, now: u64, fx: &mut Effects) -> Result<(), SessionError> {
        self.ensure_open()?;
        let step = self.redo.pop().ok_or(SessionError::NothingToRedo)?;
        self.cancel_computer();
        let before = self.game.outcome();
        match step {
            RedoStep::Actions(actions) => {
                for action in actions {
                    // Redrawn as a whole below: the log is not fed action by action.
                    if let Err(err) = self.game.play(action) {
                        log::error!("redo: {action} no longer legal: {err}");
                        self.redo.clear();
                        break;
                    }
                }
            }
            RedoStep::Resign(side) => {
                if self.game.resign(side).is_ok() {
                    self.resigned = Some(side);
                }
            }
        }
        self.refresh(now, true, before, fx);
        self.record_reset(now);
        Ok(())
    }

    /// The human resigns (in pass-and-play, the side to move).
    pub fn resign(&mut self, now: u64, fx: &mut Effects) -> Result<Side, SessionError> {
        self.ensure_open()?;
        if self.game.is_over() {
            return Err(SessionError::GameOver);
        }
        let side = match self.config.mode {
            Mode::VsComputer { computer, .. } => computer.opponent(),
            Mode::PassAndPlay => self.game.position().side_to_move(),
        };
        self.cancel_computer();
        self.game.resign(side).map_err(|_| SessionError::GameOver)?;
        self.resigned = Some(side);
        self.redo.clear();
        self.refresh(now, true, None, fx);
        Ok(side)
    }

    pub fn new_game(&mut self, now: u64, fx: &mut Effects) {
        if self.closed {
            return;
        }
        self.cancel_computer();
        self.game = Game::new(self.config.rules);
        self.redo.clear();
        self.resigned = None;
        self.stats_recorded = false;
        self.hints_used = 0;
        self.game_number += 1;
        self.refresh(now, true, None, fx);
        self.record_reset(now);
    }

    /// The level of the computer's next search (a search in progress keeps its level).
    /// Nothing to change in pass-and-play.
    pub fn set_level(&mut self, level: Level, fx: &mut Effects) {
        if self.closed {
            return;
        }
        if let Mode::VsComputer { computer, .. } = self.config.mode {
            self.config.mode = Mode::VsComputer { computer, level };
            fx.changed = true;
        }
    }

    /// A new timer setting; the turn in progress starts again with the new limit.
    pub fn set_timer(&mut self, timer: TurnTimer, now: u64, fx: &mut Effects) {
        if self.closed {
            return;
        }
        self.config.timer = timer;
        self.countdown.restart(timer.limit_ms());
        self.sync_countdown(now);
        fx.changed = true;
    }

    pub fn set_paused(&mut self, paused: bool, now: u64, fx: &mut Effects) {
        if self.paused != paused && !self.closed {
            self.paused = paused;
            self.sync_countdown(now);
            fx.changed = true;
        }
    }

    /// Applies the timer's `pass` if the turn's time is up; returns the side that passed.
    pub fn tick(&mut self, now: u64, fx: &mut Effects) -> Option<Side> {
        if self.closed || self.game.is_over() || !self.countdown.expired(now) {
            return None;
        }
        let side = self.game.position().side_to_move();
        let before = self.game.outcome();
        if let Err(err) = self.play_action(Action::Pass) {
            log::error!("timer pass refused: {err}");
            return None;
        }
        self.redo.clear();
        let at = fx.events.len();
        self.refresh(now, true, before, fx);
        fx.events.insert(at, SessionEvent::TurnTimedOut { side });
        Some(side)
    }

    /// Counts a hint searched on game `game_number` as it was after `actions`: only if the
    /// game has not moved on (or been replaced) meanwhile — a stale hint is not shown, so it
    /// is not counted. Autosaved.
    pub fn count_hint(&mut self, game_number: u64, actions: &[Action], fx: &mut Effects) -> bool {
        if self.closed
            || self.game.is_over()
            || self.game_number != game_number
            || self.game.actions() != actions
        {
            return false;
        }
        self.hints_used = self.hints_used.saturating_add(1);
        fx.changed = true;
        true
    }

    /// Hands out the computer's turn again for a synchronous run (cancelling any other).
    pub fn reissue_job(&mut self) -> Result<ComputerJob, SessionError> {
        self.ensure_open()?;
        if self.game.is_over() {
            return Err(SessionError::GameOver);
        }
        let level = self
            .config
            .mode
            .level()
            .filter(|_| self.computer_to_move())
            .ok_or(SessionError::NotComputersTurn)?;
        self.cancel_computer();
        self.job_out = true;
        Ok(ComputerJob {
            generation: self.generation,
            game: self.game.clone(),
            level,
            cancel: self.cancel.clone(),
        })
    }

    /// Plays the computer's turn found by the job of `generation` and returns the actions
    /// played; `None` (and nothing changes) if that job was cancelled since.
    pub fn apply_computer_turn(
        &mut self,
        generation: u64,
        actions: &[Action],
        now: u64,
        fx: &mut Effects,
    ) -> Option<Vec<Action>> {
        if generation != self.generation || !self.job_out || self.closed {
            return None;
        }
        self.job_out = false;
        if !self.computer_to_move() {
            return None;
        }
        let side = self.game.position().side_to_move();
        let before = self.game.outcome();
        let mut played = Vec::new();
        let mut turn_ended = false;
        for &action in actions {
            if turn_ended {
                break;
            }
            match self.play_action(action) {
                Ok((applied, _)) => {
                    played.push(action);
                    turn_ended = applied.turn_ended;
                }
                Err(err) => {
                    log::error!("the computer chose {action}, which is illegal: {err}");
                    break;
                }
            }
        }
        // A search that came back short (it cannot, unless cancelled or broken) must not
        // leave the human waiting: finish the turn with the first legal actions.
        while !turn_ended && !self.game.is_over() {
            let action = self
                .game
                .position()
                .legal_actions()
                .first()
                .copied()
                .unwrap_or(Action::Pass);
            let Ok((applied, _)) = self.play_action(action) else {
                break;
            };
            played.push(action);
            turn_ended = applied.turn_ended;
        }
        self.redo.clear();
        let at = fx.events.len();
        self.refresh(now, true, before, fx);
        fx.events.insert(
            at,
            SessionEvent::ComputerMoved {
                side,
                actions: played.clone(),
            },
        );
        Some(played)
    }
}

impl State {
    /// A human side has played at least one action (a timer pass included). Newest turns
    /// first: a session has at most one computer side, so a human turn is a turn or two
    /// back and the search stops there.
    fn a_player_has_played(&self) -> bool {
        history::spans_back(&self.game).any(|span| self.is_human(span.side))
    }

    /// Everything a screen draws, now.
    pub fn snapshot(&self, now: u64) -> Snapshot {
        let position = self.game.position();
        let targets = self.targets();
        let in_mills = position.in_mills(Side::P1) | position.in_mills(Side::P2);
        let points = Point::ALL
            .iter()
            .map(|&point| PointState {
                point,
                owner: position.owner(point),
                in_mill: in_mills.contains(point),
                target: targets.contains(point),
            })
            .collect();
        let side_view = |side: Side| SideState::of(position, side, !self.is_human(side));
        let last = history::last_span(&self.game);
        let last_turn: Vec<Action> = last
            .map(|span| self.game.actions()[span.start..span.end].to_vec())
            .unwrap_or_default();
        let to_move = position.side_to_move();
        let over = self.game.is_over();
        Snapshot {
            variant: self.config.variant(),
            mode: self.config.mode,
            timer: self.config.timer,
            points,
            sides: [side_view(Side::P1), side_view(Side::P2)],
            to_move,
            phase: position.phase(),
            next: self.next_step(),
            selected: self.selected,
            last_turn_points: last_turn_points(&last_turn),
            last_turn,
            last_turn_side: last.map(|span| span.side),
            lines_formed: self.lines_formed.clone(),
            outcome: self.game.outcome(),
            unfinished: !over && self.a_player_has_played(),
            time_left_ms: if over || !self.is_human(to_move) {
                None
            } else {
                self.countdown.remaining(now)
            },
            turn_limit_ms: self.countdown.limit_ms(),
            timer_running: self.countdown.is_running(),
            paused: self.paused,
            computer_thinking: self.computer_to_move(),
            can_undo: self.can_undo(),
            can_redo: self.can_redo(),
            turns: position.turns(),
            action_count: u32::try_from(self.game.actions().len()).unwrap_or(u32::MAX),
            revision: self.changes.revision(),
        }
    }
}

/// The side that plays turn `turn` of `game`, if the game has that turn start.
fn turn_side(game: &Game, turn: usize) -> Option<Side> {
    game.turn_start(turn)
        .map(|mark| mark.position.side_to_move())
}
