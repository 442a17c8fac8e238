//! A game session: one game on one screen, as the apps drive it.
//!
//! [`GameSession`] owns a [`Game`] and everything around it that is not rules: whose turn
//! belongs to whom (against the computer or pass-and-play), the touch interaction
//! ([`GameSession::tap`]), undo and redo, the turn timer, the computer's turns, saved games and
//! statistics. It is `Send + Sync`; every method takes `&self` and may be called from any
//! thread.
//!
//! # Threads
//!
//! - **The computer's turn** runs on a `std::thread` of its own ([`ComputerRunner::Thread`]):
//!   the session hands it a copy of the game, so no lock is held while it searches. The turn
//!   it finds is played and reported as [`SessionEvent::ComputerMoved`]. Undo, redo, new
//!   game, resignation and closing the session cancel the search (its [`CancelToken`] stops
//!   it within milliseconds) and a late result is recognised by its generation number and
//!   dropped. A level change applies to the next search. With [`ComputerRunner::Manual`]
//!   nothing runs by itself: [`GameSession::run_computer_turn_now`] runs the turn on the
//!   caller's thread (tests; the threaded and manual paths share all the code but the spawn).
//! - **The turn timer** counts down only while a human is to move, the game goes on and the
//!   session is not paused. Expiry is applied by [`GameSession::tick`], which is idempotent
//!   and cheap: the apps may call it from their UI loop (~100 ms) to redraw the countdown, but
//!   they need not, because a real session also runs a timer thread that sleeps until the
//!   deadline (woken early by every change) and ticks. On expiry the session plays `pass`
//!   (RULES.md §6: a skipped placement keeps its piece in hand, owed removals are lost, after
//!   a pull the step is lost, an empty hand is skipped) and reports
//!   [`SessionEvent::TurnTimedOut`]. [`GameSession::pause`] and [`GameSession::resume`]
//!   freeze and restart it when the app goes to the background. The time comes from a
//!   [`Clock`]; tests use a [`ManualClock`] moved by [`GameSession::advance_clock_for_tests`],
//!   and no timer thread runs with it.
//! - **Listeners** are called without any session lock held, from the thread that produced
//!   the event, so they may call back into the session; a panicking listener is contained,
//!   and a host ending the thread inside a listener (`pthread_exit` at interpreter shutdown)
//!   parks it instead of aborting the process ([`host`]).
//! - **Closing** ([`GameSession::close`], or dropping the session) cancels the search, stops
//!   the countdown, writes the autosave a last time and waits for both threads to finish.
//!
//! # Files
//!
//! [`GameSession::save`] gives the versioned JSON document described in [`save`];
//! [`GameSession::restore`] checks every part of one and replays its actions, or says what is
//! wrong ([`RestoreError`]). With [`SessionOptions::autosave_path`] the session writes that
//! document after every change, atomically ([`store`]: temporary file in the same directory,
//! fsync, rename, fsync of the directory), so killing the app at any moment leaves the last
//! complete save. With [`SessionOptions::stats_path`] every finished game against the
//! computer is counted (wins, losses, draws per game and level; [`StatsStore`]), once per
//! game even if it is undone and finished again.

mod answered;
mod board;
mod changes;
mod clock;
mod config;
mod events;
mod history;
mod host;
mod lesson;
mod puzzle;
mod puzzle_judge;
mod remote;
pub mod save;
mod shared;
mod snapshot;
mod state;
mod stats;
mod tap;
mod worker;

#[cfg(test)]
mod tests;

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Condvar, Mutex, RwLock};
use std::time::Duration;

pub use board::BoardSession;
pub use changes::{BoardChange, Change, ChangeBatch};
pub use clock::{Clock, Countdown, ManualClock, SystemClock};
pub use config::{ComputerRunner, Mode, SessionClock, SessionConfig, SessionOptions};
pub use events::{Played, Refusal, SessionError, SessionEvent, SessionListener, TapOutcome};
pub use lesson::{LessonPlay, LessonSession, LessonTap};
pub use puzzle::{PuzzlePlay, PuzzleTap, PuzzleTapSession};
pub use remote::RemoteTurnError;
pub use save::{RestoreError, SAVE_FORMAT, SAVE_VERSION, SizeUnit};
pub use snapshot::{NextStep, PointState, SideState, Snapshot, last_turn_points};
pub use stats::{HumanResult, StatsEntry, StatsError, StatsStore};

use crate::action::Action;
use crate::board::Point;
use crate::cancel::CancelToken;
use crate::game::Game;
use crate::level::Level;
use crate::limits::SearchLimits;
use crate::rules::Side;
use crate::store;
use crate::timer::TurnTimer;

use shared::{Shared, autosave_failure, spawn_timer};
use state::{Effects, State};
use worker::EngineSlot;

/// What a session started from a saved game or a record takes over besides the game.
struct Resume {
    time_left_ms: Option<u64>,
    paused: bool,
    hints_used: u32,
}

impl Resume {
    /// A game started now: a full turn, not paused, no hints.
    fn fresh() -> Resume {
        Resume {
            time_left_ms: None,
            paused: false,
            hints_used: 0,
        }
    }
}

/// One game on one screen: taps in, snapshots and board changes out, the computer's turns
/// and the timer on their own threads, every change autosaved.
///
/// A session against the computer with a listener; the app redraws from
/// [`GameSession::changes_since`] after every call and every event:
///
/// ```
/// use std::sync::{Arc, mpsc};
/// use mills_core::{
///     GameSession, Mode, SessionConfig, SessionEvent, SessionListener, SessionOptions, Side,
///     TapOutcome, Level, Variant,
/// };
///
/// struct Events(std::sync::Mutex<mpsc::Sender<SessionEvent>>);
/// impl SessionListener for Events {
///     fn on_event(&self, event: SessionEvent) {
///         self.0.lock().unwrap().send(event).unwrap();
///     }
/// }
///
/// let (tx, rx) = mpsc::channel();
/// let config = SessionConfig::new(Variant::TwelveMensMorris)
///     .with_mode(Mode::VsComputer { computer: Side::P2, level: Level::new(1)? });
/// let session = GameSession::with_listener(
///     config,
///     SessionOptions::default(),
///     Some(Arc::new(Events(std::sync::Mutex::new(tx)))),
/// );
/// let start = session.snapshot().revision;
/// assert!(matches!(session.tap("d6".parse()?), Ok(TapOutcome::Played(_))));
///
/// // The computer answers on its own thread.
/// let event = rx.recv_timeout(std::time::Duration::from_secs(30))?;
/// assert!(matches!(event, SessionEvent::ComputerMoved { side: Side::P2, .. }));
/// let batch = session.changes_since(start);
/// assert_eq!(batch.changes.len(), 2, "the human's placement, then the computer's");
/// assert_eq!(batch.snapshot.to_move, Side::P1);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub struct GameSession {
    shared: Arc<Shared>,
}

impl GameSession {
    /// A new game.
    pub fn new(config: SessionConfig, options: SessionOptions) -> GameSession {
        GameSession::with_listener(config, options, None)
    }

    /// A new game whose events go to `listener` from the start (the computer may move first).
    pub fn with_listener(
        config: SessionConfig,
        options: SessionOptions,
        listener: Option<Arc<dyn SessionListener>>,
    ) -> GameSession {
        let game = Game::new(config.rules);
        GameSession::start(config, game, Resume::fresh(), options, listener)
    }

    /// The session a saved document describes, or what is wrong with the document.
    pub fn restore(
        json: &str,
        options: SessionOptions,
        listener: Option<Arc<dyn SessionListener>>,
    ) -> Result<GameSession, RestoreError> {
        let restored = save::decode(json)?;
        let resume = Resume {
            time_left_ms: restored.time_left_ms,
            paused: restored.paused,
            hints_used: restored.hints_used,
        };
        Ok(GameSession::start(
            restored.config,
            restored.game,
            resume,
            options,
            listener,
        ))
    }

    /// A session that goes on from `game` (an imported record), with the game's own rules
    /// and the `hints_used` its record says were given so far.
    pub fn from_game(
        mut config: SessionConfig,
        game: Game,
        hints_used: u32,
        options: SessionOptions,
        listener: Option<Arc<dyn SessionListener>>,
    ) -> GameSession {
        config.rules = *game.rules();
        let resume = Resume {
            hints_used,
            ..Resume::fresh()
        };
        GameSession::start(config, game, resume, options, listener)
    }

    fn start(
        config: SessionConfig,
        game: Game,
        resume: Resume,
        options: SessionOptions,
        listener: Option<Arc<dyn SessionListener>>,
    ) -> GameSession {
        let (clock, manual_clock): (Arc<dyn Clock>, _) = match options.clock {
            SessionClock::System => (Arc::new(SystemClock::new()), None),
            SessionClock::Manual(clock) => (Arc::new(clock.clone()), Some(clock)),
            SessionClock::Custom(clock) => (clock, None),
        };
        let seed = options.seed.unwrap_or_else(time_seed);
        let mut fx = Effects::default();
        let state = State::start(
            config,
            game,
            resume.time_left_ms,
            resume.paused,
            resume.hints_used,
            clock.now_ms(),
            &mut fx,
        );
        let shared = Arc::new(Shared {
            state: Mutex::new(state),
            wake: Condvar::new(),
            listener: RwLock::new(listener),
            clock,
            runner: options.computer,
            engine: Arc::new(EngineSlot::new(seed, options.tables.clone())),
            threads: Arc::default(),
            autosave: options.autosave_path.map(store::Autosave::new),
            stats: options.stats_path.map(StatsStore::new),
            puzzle_stats: options.puzzle_stats_path,
            save_seq: AtomicU64::new(0),
            manual_clock,
        });
        if options.timer_thread && shared.manual_clock.is_none() {
            spawn_timer(&shared);
        }
        // Write the starting point too, so the autosave always matches the screen.
        fx.changed = true;
        shared.with_state(|_, _, effects| *effects = fx);
        GameSession { shared }
    }

    /// Replaces the listener (`None` to stop listening).
    pub fn set_listener(&self, listener: Option<Arc<dyn SessionListener>>) {
        *self
            .shared
            .listener
            .write()
            .unwrap_or_else(|e| e.into_inner()) = listener;
    }

    /// What the session plays.
    pub fn config(&self) -> SessionConfig {
        self.shared.lock().config()
    }

    /// A copy of the game so far (its record, for sharing or analysis).
    pub fn game(&self) -> Game {
        self.shared.lock().game().clone()
    }

    /// Reads the game in place, under the session's lock (no copy): for move lists and
    /// review positions. `read` must not call the session.
    pub fn read_game<R>(&self, read: impl FnOnce(&Game) -> R) -> R {
        read(self.shared.lock().game())
    }

    /// Everything a screen draws, now.
    pub fn snapshot(&self) -> Snapshot {
        let state = self.shared.lock();
        state.snapshot(self.shared.now())
    }

    /// The board changes after `revision` (oldest first) and the snapshot they lead to, read
    /// at one moment. Empty for the current revision; a single [`Change::Reset`] when
    /// `revision` is older than the changes kept (or not this session's).
    pub fn changes_since(&self, revision: u64) -> ChangeBatch {
        let state = self.shared.lock();
        state.changes_since(revision, self.shared.now())
    }

    /// One tap on a point: what it did, or why it did nothing.
    pub fn tap(&self, point: Point) -> Result<TapOutcome, Refusal> {
        self.shared
            .with_state(|state, now, fx| state.tap(point, now, fx))
    }

    /// Takes back the last turn (pass-and-play) or goes back to the start of the human's
    /// previous turn (against the computer), cancelling the computer's search. After a
    /// resignation, takes back the resignation.
    pub fn undo(&self) -> Result<(), SessionError> {
        self.shared.with_state(|state, now, fx| state.undo(now, fx))
    }

    /// "Play from here": the position before move-list turn `turn` becomes the current one,
    /// as one undo that `redo` plays again. Against the computer the human moves next: a
    /// computer's turn goes back to the human's turn before it. Returns the turn now current.
    pub fn undo_to_turn(&self, turn: usize) -> Result<usize, SessionError> {
        self.shared
            .with_state(|state, now, fx| state.undo_to_turn(turn, now, fx))
    }

    /// Plays again what the last `undo` took back (until something new is played).
    pub fn redo(&self) -> Result<(), SessionError> {
        self.shared.with_state(|state, now, fx| state.redo(now, fx))
    }

    /// The human resigns (in pass-and-play, the side to move); returns who resigned.
    pub fn resign(&self) -> Result<Side, SessionError> {
        self.shared
            .with_state(|state, now, fx| state.resign(now, fx))
    }

    /// Starts the same game again with the same settings.
    pub fn new_game(&self) {
        self.shared
            .with_state(|state, now, fx| state.new_game(now, fx));
    }

    /// The computer's level from its next search on (ignored in pass-and-play).
    pub fn set_level(&self, level: Level) {
        self.shared
            .with_state(|state, _, fx| state.set_level(level, fx));
    }

    /// A new turn timer setting; the turn in progress starts again with the new limit.
    pub fn set_timer(&self, timer: TurnTimer) {
        self.shared
            .with_state(|state, now, fx| state.set_timer(timer, now, fx));
    }

    /// Freezes the turn timer (the app goes to the background). Autosaves the time left.
    pub fn pause(&self) {
        self.shared
            .with_state(|state, now, fx| state.set_paused(true, now, fx));
    }

    /// Lets the turn timer run again.
    pub fn resume(&self) {
        self.shared
            .with_state(|state, now, fx| state.set_paused(false, now, fx));
    }

    /// Applies timer expiry: if the turn's time is up, plays `pass` and returns who passed.
    pub fn tick(&self) -> Option<Side> {
        self.shared.tick()
    }

    /// The best rest of the turn for the side to move, at full strength within `limits`
    /// (the search runs on this thread without the session's lock: call it off the UI
    /// thread). Counted in [`GameSession::hints_used`] when it is given; `None` when
    /// `cancel` stopped it or a move was played meanwhile (a stale hint is not given).
    pub fn hint(
        &self,
        limits: SearchLimits,
        cancel: &CancelToken,
    ) -> Result<Option<crate::ai::Hint>, SessionError> {
        let (game, game_number) = {
            let state = self.shared.lock();
            if state.closed {
                return Err(SessionError::Closed);
            }
            if state.game().is_over() {
                return Err(SessionError::GameOver);
            }
            (state.game().clone(), state.game_number)
        };
        let mut engine = crate::ai::Engine::new(0);
        engine.set_tables(self.tables_for(&game));
        let Some(hint) = crate::ai::hint::hint_with_engine(&mut engine, &game, limits, cancel)
        else {
            return Ok(None);
        };
        let counted = self
            .shared
            .with_state(|state, _, fx| state.count_hint(game_number, game.actions(), fx));
        Ok(counted.then_some(hint))
    }

    /// Who stands better now: exact when the game is over or the endgame tables know the
    /// position ("White wins in 7 turns", "Draw"), otherwise a full-strength search within
    /// `limits` (probing the tables below the root). Blocks like [`GameSession::hint`];
    /// `None` if cancelled.
    pub fn evaluate(
        &self,
        limits: SearchLimits,
        cancel: &CancelToken,
    ) -> Option<crate::ai::Evaluation> {
        let game = self.game();
        let tables = self.tables_for(&game);
        let exact = |position: &crate::position::Position| {
            tables
                .as_deref()
                .and_then(|t| crate::tables::exact_result(t, position))
        };
        let mut engine = crate::ai::Engine::new(0);
        engine.set_tables(tables.clone());
        crate::ai::analysis::analyse_with_engine(&mut engine, &game, limits, cancel, &exact)
    }

    /// The tables of `game`'s rules on this session's shelf, if any (hints and analysis are
    /// full strength, so they always use them).
    fn tables_for(&self, game: &Game) -> Option<Arc<crate::tables::EndgameTables>> {
        self.shared
            .engine
            .tables
            .as_ref()?
            .get(game.rules().variant)
    }

    /// Hints given in this game: kept in the saved game, reset by a new game, written into
    /// exported records and counted in the statistics when the game ends.
    pub fn hints_used(&self) -> u32 {
        self.shared.lock().hints_used
    }

    /// The saved-game document of this moment.
    pub fn save(&self) -> String {
        let state = self.shared.lock();
        state.save_json(self.shared.now())
    }

    /// Runs the computer's turn on this thread (cancelling any search in progress), plays it
    /// and reports it like a background turn; returns the actions played.
    pub fn run_computer_turn_now(&self) -> Result<Vec<Action>, SessionError> {
        let job = self.shared.with_state(|state, _, _| state.reissue_job())?;
        let actions = self.shared.engine.search(&job);
        self.shared
            .with_state(|state, now, fx| {
                state.apply_computer_turn(job.generation, &actions, now, fx)
            })
            .ok_or(SessionError::NotComputersTurn)
    }

    /// Plays exactly one whole turn decided elsewhere (the other player's in an online game,
    /// refereed by a server), or nothing of it; recorded as board changes like any turn.
    pub fn play_turn(&self, actions: &[Action]) -> Result<(), RemoteTurnError> {
        self.shared
            .with_state(|state, now, fx| state.play_turn(actions, now, fx))
    }

    /// `side` resigns, whoever is to move (an online game: either player may resign at any
    /// time). `false` when the game is already over or the session closed.
    pub fn resign_side(&self, side: Side) -> bool {
        self.shared
            .with_state(|state, now, fx| state.resign_side(side, now, fx))
    }

    /// Shows `game` instead of the current one, as one whole-board redraw (a `Reset`
    /// change): an online game put back in step with its referee.
    pub fn replace_game(&self, game: Game) {
        self.shared
            .with_state(|state, now, fx| state.replace_game(game, now, fx));
    }

    /// Moves a manual clock forward and ticks; returns who passed, if the time ran out.
    pub fn advance_clock_for_tests(&self, ms: u64) -> Result<Option<Side>, SessionError> {
        let clock = self.shared.manual_clock.as_ref().ok_or_else(|| {
            SessionError::NotAvailable("the session does not use a manual clock".into())
        })?;
        clock.advance(ms);
        Ok(self.shared.tick())
    }
}

impl BoardSession for GameSession {
    fn snapshot(&self) -> Snapshot {
        GameSession::snapshot(self)
    }

    fn changes_since(&self, revision: u64) -> ChangeBatch {
        GameSession::changes_since(self, revision)
    }
}

/// How long [`GameSession::close`] waits for the session's threads: a search stops within
/// milliseconds of its cancellation, so only a listener that blocks can take this long.
const CLOSE_WAIT: Duration = Duration::from_secs(5);

impl GameSession {
    /// Ends the session: cancels the computer's search, stops the turn timer, writes the
    /// autosave one last time (with the time left) and waits for the session's threads to
    /// finish (at most 5 s; a listener that blocks is logged and left behind), so that no
    /// listener call from them is in flight once it returns. Called from a listener on one
    /// of those threads, it does not wait for that thread, which then only delivers the
    /// events it already holds.
    ///
    /// Afterwards the session answers queries (`snapshot`, `save`, `game`, `config`) with its
    /// last state; every command is refused with [`SessionError::Closed`] (a tap with
    /// [`Refusal::Closed`]), and those that return nothing (`new_game`, `set_level`,
    /// `set_timer`, `pause`, `resume`, `tick`) do nothing. Calling `close` again does nothing;
    /// dropping the session closes it.
    pub fn close(&self) {
        let last_save = {
            let mut state = self.shared.lock();
            if state.closed {
                return;
            }
            let now = self.shared.now();
            state.close(now);
            let seq = self.shared.save_seq.fetch_add(1, Ordering::SeqCst) + 1;
            (seq, state.save_json(now))
        };
        self.shared.wake.notify_all();
        if let Some(autosave) = &self.shared.autosave {
            let (seq, json) = last_save;
            let written = autosave.write_last(seq, json.as_bytes());
            if let Some(event) = autosave_failure(autosave, written) {
                self.shared.deliver(event);
            }
        }
        if !self.shared.threads.wait_all(CLOSE_WAIT) {
            log::warn!("closing a session: a listener call is still running after {CLOSE_WAIT:?}");
        }
    }

    /// Whether [`GameSession::close`] was called.
    pub fn is_closed(&self) -> bool {
        self.shared.lock().closed
    }
}

impl Drop for GameSession {
    fn drop(&mut self) {
        self.close();
    }
}

fn time_seed() -> u64 {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_nanos() as u64)
        .unwrap_or(0);
    nanos ^ u64::from(std::process::id()).rotate_left(32)
}
