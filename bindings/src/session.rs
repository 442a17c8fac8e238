//! The game session object and its listener.

use std::sync::{Arc, Mutex};

use mills_core::{self as core, CancelToken};

use crate::board::{BoardSession, BoardSource};
use crate::error::{MillsError, guard};
use crate::types::{
    ChangeBatch, Outcome, Player, SessionConfig, SessionOptions, Snapshot, TapResult, TurnTimer,
    actions_text, parse_level, parse_point,
};

/// Something that happened in a session without a call from the app, or as the result of
/// one (Kotlin sealed class / Swift enum). What it did to the board is read from
/// the board's `changes_since`, the one place every board change is told.
#[derive(Debug, Clone, PartialEq, Eq, uniffi::Enum)]
pub enum SessionEvent {
    /// The computer played its turn: its actions in notation.
    ComputerMoved {
        player: Player,
        actions: Vec<String>,
    },
    /// The turn timer ran out: `player` passed.
    TurnTimedOut {
        player: Player,
    },
    GameOver {
        outcome: Outcome,
    },
    /// The autosave or the statistics could not be written; the game goes on.
    SaveFailed {
        message: String,
    },
}

impl From<core::SessionEvent> for SessionEvent {
    fn from(event: core::SessionEvent) -> SessionEvent {
        match event {
            core::SessionEvent::ComputerMoved { side, actions } => SessionEvent::ComputerMoved {
                player: side.into(),
                actions: actions_text(&actions),
            },
            core::SessionEvent::TurnTimedOut { side } => SessionEvent::TurnTimedOut {
                player: side.into(),
            },
            core::SessionEvent::GameOver { outcome } => SessionEvent::GameOver {
                outcome: outcome.into(),
            },
            core::SessionEvent::SaveFailed { message } => SessionEvent::SaveFailed { message },
        }
    }
}

/// Implemented in Kotlin or Swift. Called on a background thread (the computer's or the
/// timer's) or on the caller's, never with a session lock held: it may call the session, and
/// should hop to the UI thread before touching the UI.
#[uniffi::export(foreign)]
pub trait SessionListener: Send + Sync {
    fn on_event(&self, event: SessionEvent);
}

/// Forwards core events to a foreign listener.
struct Forward(Arc<dyn SessionListener>);

impl core::SessionListener for Forward {
    fn on_event(&self, event: core::SessionEvent) {
        self.0.on_event(event.into());
    }
}

pub(crate) fn forward(
    listener: Option<Arc<dyn SessionListener>>,
) -> Option<Arc<dyn core::SessionListener>> {
    listener.map(|l| Arc::new(Forward(l)) as Arc<dyn core::SessionListener>)
}

/// One game on one screen. Thread-safe. `shut_down()` ends it (cancels the computer's
/// search, stops its threads, writes the autosave); freeing the object (Kotlin `close()`,
/// the last Swift reference going away) does the same.
#[derive(uniffi::Object)]
pub struct GameSession {
    pub(crate) inner: core::GameSession,
    /// Cancels the hint or evaluation in progress (`cancel_hint`, `shut_down`).
    pub(crate) hint_cancel: Mutex<CancelToken>,
}

impl GameSession {
    pub(crate) fn wrap(inner: core::GameSession) -> Arc<GameSession> {
        Arc::new(GameSession {
            inner,
            hint_cancel: Mutex::new(CancelToken::new()),
        })
    }
}

#[uniffi::export]
impl GameSession {
    /// A new game.
    #[uniffi::constructor(default(listener = None))]
    pub fn new(
        config: SessionConfig,
        options: SessionOptions,
        listener: Option<Arc<dyn SessionListener>>,
    ) -> Result<Arc<GameSession>, MillsError> {
        guard(|| {
            let config = core::SessionConfig::try_from(config)?;
            let options = options.to_core();
            options.check_files()?;
            let inner = core::GameSession::with_listener(config, options, forward(listener));
            Ok(GameSession::wrap(inner))
        })
    }

    /// The session a saved document (from `save()` or the autosave file) describes.
    #[uniffi::constructor(default(listener = None))]
    pub fn restore(
        json: String,
        options: SessionOptions,
        listener: Option<Arc<dyn SessionListener>>,
    ) -> Result<Arc<GameSession>, MillsError> {
        guard(|| {
            let options = options.to_core();
            options.check_files()?;
            let inner = core::GameSession::restore(&json, options, forward(listener))?;
            Ok(GameSession::wrap(inner))
        })
    }

    pub fn set_listener(&self, listener: Option<Arc<dyn SessionListener>>) {
        self.inner.set_listener(forward(listener));
    }

    pub fn config(&self) -> SessionConfig {
        self.inner.config().into()
    }

    pub fn snapshot(&self) -> Snapshot {
        self.inner.snapshot().into()
    }

    /// The board to draw from: its `changes_since` tells every change, after every call and
    /// event.
    pub fn board(self: Arc<Self>) -> Arc<BoardSession> {
        BoardSession::of(self)
    }

    /// A tap on a point by name (`"d6"`): what it did, or `Refused` with why. Fails only
    /// for a name that is not a point.
    pub fn tap(&self, point: String) -> Result<TapResult, MillsError> {
        guard(|| tap_result(self.inner.tap(parse_point(&point)?)))
    }

    pub fn undo(&self) -> Result<(), MillsError> {
        guard(|| Ok(self.inner.undo()?))
    }

    pub fn redo(&self) -> Result<(), MillsError> {
        guard(|| Ok(self.inner.redo()?))
    }

    /// The human resigns (pass-and-play: the side to move); returns who resigned.
    pub fn resign(&self) -> Result<Player, MillsError> {
        guard(|| Ok(self.inner.resign()?.into()))
    }

    pub fn new_game(&self) {
        self.cancel_hint();
        self.inner.new_game();
    }

    /// The computer's level (1..=10) from its next turn on.
    pub fn set_level(&self, level: u8) -> Result<(), MillsError> {
        guard(|| {
            self.inner.set_level(parse_level(level)?);
            Ok(())
        })
    }

    /// The turn in progress starts again with the new limit.
    pub fn set_timer(&self, timer: TurnTimer) {
        self.inner.set_timer(timer.into());
    }

    /// The app goes to the background: freeze the turn timer (and autosave).
    pub fn pause(&self) {
        self.inner.pause();
    }

    pub fn resume(&self) {
        self.inner.resume();
    }

    /// Applies timer expiry now if the time is up; returns who passed. Cheap; call it from
    /// the UI loop (~100 ms) to redraw the countdown.
    pub fn tick(&self) -> Option<Player> {
        self.inner.tick().map(Into::into)
    }

    /// The versioned JSON saved-game document of this moment.
    pub fn save(&self) -> String {
        self.inner.save()
    }

    /// The actions played so far, in notation (a record for sharing, not for drawing).
    pub fn actions(&self) -> Vec<String> {
        actions_text(self.inner.game().actions())
    }

    /// Test hook (and deterministic replays): runs the computer's turn on this thread.
    pub fn run_computer_turn_now(&self) -> Result<Vec<String>, MillsError> {
        guard(|| Ok(actions_text(&self.inner.run_computer_turn_now()?)))
    }

    /// Test hook: moves the manual clock (option `manual_clock`) and ticks.
    pub fn advance_clock_for_tests(&self, ms: u64) -> Result<Option<Player>, MillsError> {
        guard(|| Ok(self.inner.advance_clock_for_tests(ms)?.map(Into::into)))
    }

    /// Ends the session (the screen goes away, the app exits): cancels the computer's
    /// search and any hint, stops the turn timer, writes the autosave one last time and waits for the
    /// session's threads, so that no listener call is in flight once it returns (one made
    /// from a listener returns at once). Afterwards queries (`snapshot`, `save`, `config`,
    /// the board's `changes_since`) still answer with the last state; `new_game`, `set_level`,
    /// `set_timer`, `pause`, `resume`, `tick` and `shut_down` do nothing; `tap`, `undo`,
    /// `redo`, `resign` and `run_computer_turn_now` fail with `SessionClosed`. (Not named
    /// `close`: Kotlin's `close()` already frees the object, which shuts the session down
    /// too.)
    pub fn shut_down(&self) {
        self.cancel_hint();
        self.inner.close();
    }

    pub fn is_shut_down(&self) -> bool {
        self.inner.is_closed()
    }
}

impl BoardSource for GameSession {
    fn snapshot(&self) -> Snapshot {
        self.inner.snapshot().into()
    }

    fn changes_since(&self, revision: u64) -> ChangeBatch {
        self.inner.changes_since(revision).into()
    }
}

fn tap_result(result: Result<core::TapOutcome, core::Refusal>) -> Result<TapResult, MillsError> {
    match result {
        Err(core::Refusal::Closed) => Err(MillsError::SessionClosed),
        result => Ok(TapResult::plain(result.into())),
    }
}
