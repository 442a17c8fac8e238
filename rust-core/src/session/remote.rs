//! Turns decided elsewhere: the other player's, refereed by a server. A session that shows an
//! online game plays them as they are told, whole, and never undoes them; when the game it
//! shows and the referee's disagree, the referee's replaces it.

use crate::action::Action;
use crate::game::Game;
use crate::position::IllegalAction;
use crate::rules::Side;

use super::state::{Effects, State};

/// Why a turn told from elsewhere was not played. Nothing changes when it is not.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum RemoteTurnError {
    /// The session was closed.
    Closed,
    /// A turn of no actions.
    Empty,
    /// Action `index` (from 0) is illegal where it stands.
    Illegal {
        /// Which action.
        index: usize,
        /// Why.
        error: IllegalAction,
    },
    /// The actions stop before the turn ends, or go on after it ended.
    NotOneTurn,
}

impl std::fmt::Display for RemoteTurnError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            RemoteTurnError::Closed => f.write_str("the session is closed"),
            RemoteTurnError::Empty => f.write_str("a turn with no actions"),
            RemoteTurnError::Illegal { index, error } => {
                write!(f, "action {index} of the turn is illegal: {error}")
            }
            RemoteTurnError::NotOneTurn => f.write_str("the actions are not exactly one turn"),
        }
    }
}

impl std::error::Error for RemoteTurnError {}

impl State {
    /// Plays exactly one whole turn, or nothing of it: the actions are tried on a copy of
    /// the game first, so a turn that turns out illegal half-way leaves the board as it was.
    pub fn play_turn(
        &mut self,
        actions: &[Action],
        now: u64,
        fx: &mut Effects,
    ) -> Result<(), RemoteTurnError> {
        if self.closed {
            return Err(RemoteTurnError::Closed);
        }
        if actions.is_empty() {
            return Err(RemoteTurnError::Empty);
        }
        let mut trial = self.game.clone();
        for (index, &action) in actions.iter().enumerate() {
            let applied = trial
                .play(action)
                .map_err(|error| RemoteTurnError::Illegal { index, error })?;
            let last = index + 1 == actions.len();
            if applied.turn_ended != last {
                return Err(RemoteTurnError::NotOneTurn);
            }
        }
        let before = self.game.outcome();
        for &action in actions {
            // Cannot fail: the same actions were just played on a copy.
            if let Err(error) = self.play_action(action) {
                log::error!("a turn legal on a copy was refused: {error}");
                break;
            }
        }
        self.redo.clear();
        self.refresh(now, true, before, fx);
        Ok(())
    }

    /// `side` resigns, whoever is to move.
    /// Fails only when the session is closed or the game is over (`false`).
    pub fn resign_side(&mut self, side: Side, now: u64, fx: &mut Effects) -> bool {
        if self.closed || self.game.resign(side).is_err() {
            return false;
        }
        self.resigned = Some(side);
        self.redo.clear();
        self.refresh(now, true, None, fx);
        true
    }

    /// Shows `game`, of any of the games, instead of the current one (a whole-board redraw).
    pub fn replace_game(&mut self, game: Game, now: u64, fx: &mut Effects) {
        if self.closed {
            return;
        }
        self.cancel_computer();
        self.resigned = game.record().resigned;
        self.config.rules = *game.rules();
        self.game = game;
        self.redo.clear();
        self.refresh(now, true, None, fx);
        self.record_reset(now);
    }
}
