//! A game: a start position, the actions played, and the endings that need history
//! (threefold repetition, the quiet-turn rule, resignation).

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::action::Action;
use crate::outcome::{DrawReason, Outcome, WinReason};
use crate::position::{Applied, IllegalAction, Phase, Position};
use crate::rules::{Rules, Side};

/// A game in progress or finished.
#[derive(Clone, Debug)]
pub struct Game {
    start: Position,
    position: Position,
    actions: Vec<Action>,
    /// The hash at the start of every turn so far, the start position included.
    turn_starts: Vec<u64>,
    /// Where every turn so far starts, in step with `turn_starts`: undo, redo and "the
    /// position at turn N" start from here instead of replaying the game.
    turn_marks: Vec<TurnStart>,
    /// Set when the game ended by history (repetition, quiet turns) or resignation.
    ended_by: Option<Outcome>,
    resigned: Option<Side>,
}

impl Game {
    /// A game from the empty board of `rules`.
    ///
    /// Start a game and play a turn: P1 places on d6, which ends its turn.
    ///
    /// ```
    /// use mills_core::{Game, Rules, Side};
    ///
    /// let mut game = Game::new(Rules::TWELVE_MENS_MORRIS);
    /// let applied = game.play("d6".parse()?)?;
    /// assert!(applied.turn_ended);
    /// assert_eq!(game.position().side_to_move(), Side::P2);
    /// assert_eq!(game.undo(1).len(), 1, "undo takes back the whole turn");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn new(rules: Rules) -> Game {
        Game::from_position(Position::new(rules))
    }

    /// A game that starts from a given position (a puzzle, a test).
    pub fn from_position(start: Position) -> Game {
        Game {
            start,
            position: start,
            actions: Vec::new(),
            turn_starts: vec![start.hash()],
            turn_marks: vec![TurnStart {
                action: 0,
                position: start,
            }],
            ended_by: None,
            resigned: None,
        }
    }

    /// The rules the game is played by.
    pub fn rules(&self) -> &Rules {
        self.position.rules()
    }

    /// The position now.
    pub fn position(&self) -> &Position {
        &self.position
    }

    /// The position the game started from.
    pub fn start(&self) -> &Position {
        &self.start
    }

    /// Every action played, oldest first.
    pub fn actions(&self) -> &[Action] {
        &self.actions
    }

    /// The result, whatever ended the game.
    pub fn outcome(&self) -> Option<Outcome> {
        self.ended_by.or(self.position.outcome())
    }

    /// Whether the game has ended (by the rules, by history or by resignation).
    pub fn is_over(&self) -> bool {
        self.outcome().is_some()
    }

    /// The side that resigned, if one did.
    pub fn resigned(&self) -> Option<Side> {
        self.resigned
    }

    /// The hash of every turn-start position so far, oldest first (for repetition).
    pub fn turn_start_hashes(&self) -> &[u64] {
        &self.turn_starts
    }

    /// The turns so far, counting the one in progress (its first action not yet played
    /// included): `turn_start(n)` exists for every `n < turn_count()`.
    pub fn turn_count(&self) -> usize {
        self.turn_marks.len()
    }

    /// Where turn `n` (from 0) starts: the index of its first action and the position
    /// before it. Constant time.
    pub fn turn_start(&self, n: usize) -> Option<TurnStart> {
        self.turn_marks.get(n).copied()
    }

    /// The turn that action `index` belongs to (`actions().len()` belongs to the turn in
    /// progress). Logarithmic time.
    pub fn turn_of_action(&self, index: usize) -> usize {
        self.turn_marks
            .partition_point(|mark| mark.action <= index)
            .saturating_sub(1)
    }

    /// How often the current turn-start position has stood so far (1 the first time).
    pub fn occurrences(&self) -> usize {
        let now = self.position.hash();
        self.turn_starts.iter().filter(|h| **h == now).count()
    }

    /// Plays one action and says whether it ended the turn, or explains why it is illegal
    /// and changes nothing.
    pub fn play(&mut self, action: Action) -> Result<Applied, IllegalAction> {
        if self.ended_by.is_some() {
            return Err(IllegalAction::GameOver);
        }
        let applied = self.position.play(action)?;
        self.actions.push(action);
        if applied.turn_ended && !self.position.is_over() {
            self.turn_starts.push(self.position.hash());
            self.turn_marks.push(TurnStart {
                action: self.actions.len(),
                position: self.position,
            });
            self.ended_by = self.history_draw();
        }
        Ok(applied)
    }

    fn history_draw(&self) -> Option<Outcome> {
        let draws = self.rules().draws;
        let repeated =
            draws.repetitions > 0 && self.occurrences() >= usize::from(draws.repetitions);
        let quiet = draws.quiet_turns > 0
            && self.position.phase() == Phase::Moving
            && self.position.quiet_turns() >= u32::from(draws.quiet_turns);
        let reason = if repeated {
            DrawReason::Repetition
        } else if quiet {
            DrawReason::QuietTurns
        } else {
            return None;
        };
        Some(Outcome::Draw { reason })
    }

    /// `side` resigns; the game must still be going on.
    ///
    /// A resignation ends the game; undo takes it back:
    ///
    /// ```
    /// use mills_core::{Game, Outcome, Rules, Side, WinReason};
    ///
    /// let mut game = Game::new(Rules::LINKED_HORSE);
    /// game.play("d6".parse()?)?;
    /// game.resign(Side::P2)?;
    /// assert_eq!(game.outcome(), Some(Outcome::Win { winner: Side::P1, reason: WinReason::Resignation }));
    /// assert!(game.play("d2".parse()?).is_err(), "nothing is played after the end");
    /// game.undo(0);
    /// assert!(!game.is_over());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn resign(&mut self, side: Side) -> Result<(), IllegalAction> {
        if self.is_over() {
            return Err(IllegalAction::GameOver);
        }
        self.resigned = Some(side);
        self.ended_by = Some(Outcome::Win {
            winner: side.opponent(),
            reason: WinReason::Resignation,
        });
        Ok(())
    }

    /// Takes back the last `n` actions (fewer if there are fewer), and a resignation. Goes
    /// back to the start of the turn the kept actions end in and replays only that turn's
    /// kept actions: the cost does not grow with the length of the game.
    pub fn undo(&mut self, n: usize) -> Vec<Action> {
        let keep = self.actions.len().saturating_sub(n);
        let turn = self.turn_of_action(keep);
        let mark = self.turn_marks[turn];
        let undone = self.actions.split_off(keep);
        let replay = self.actions.split_off(mark.action);
        self.turn_marks.truncate(turn + 1);
        self.turn_starts.truncate(turn + 1);
        self.position = mark.position;
        self.resigned = None;
        // A history ending is only ever found at a turn start (the one the game stopped at).
        self.ended_by = if replay.is_empty() && turn > 0 {
            self.history_draw()
        } else {
            None
        };
        for action in replay {
            if let Err(err) = self.play(action) {
                // Cannot happen: these actions were legal here a moment ago.
                log::error!("undo: replaying {action} failed: {err}");
                break;
            }
        }
        undone
    }

    /// Replays `actions` from the start of `rules`, stopping at the first illegal one.
    ///
    /// A list of actions that breaks the rules names its first illegal action:
    ///
    /// ```
    /// use mills_core::{Game, IllegalAction, Rules, parse_actions};
    ///
    /// let game = Game::replay(Rules::ZHIQI, &parse_actions("d6 d2 f4")?)?;
    /// assert_eq!(game.actions().len(), 3);
    /// let error = Game::replay(Rules::ZHIQI, &parse_actions("d6 d2 d6")?).unwrap_err();
    /// assert_eq!((error.index, error.reason), (2, IllegalAction::Occupied("d6".parse()?)));
    /// assert_eq!(error.to_string(), "action 3 (d6) is illegal: d6 is occupied");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn replay(rules: Rules, actions: &[Action]) -> Result<Game, ReplayError> {
        Game::replay_from(Position::new(rules), actions)
    }

    /// Plays `actions` from `start`; the first one that is illegal is the error.
    pub fn replay_from(start: Position, actions: &[Action]) -> Result<Game, ReplayError> {
        let mut game = Game::from_position(start);
        for (index, &action) in actions.iter().enumerate() {
            game.play(action).map_err(|reason| ReplayError {
                index,
                action,
                reason,
            })?;
        }
        Ok(game)
    }

    /// The record of this game from the initial position.
    pub fn record(&self) -> GameRecord {
        GameRecord {
            rules: *self.rules(),
            actions: self.actions.clone(),
            resigned: self.resigned,
        }
    }
}

/// The start of one turn of a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TurnStart {
    /// The index of the turn's first action in [`Game::actions`].
    pub action: usize,
    /// The position before it.
    pub position: Position,
}

/// The first illegal action of a record.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ReplayError {
    /// Index of the action in the record, from 0.
    pub index: usize,
    /// The action that could not be played.
    pub action: Action,
    /// Why the rules refused it.
    pub reason: IllegalAction,
}

impl fmt::Display for ReplayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "action {} ({}) is illegal: {}",
            self.index + 1,
            self.action,
            self.reason
        )
    }
}

impl std::error::Error for ReplayError {}

/// A game as it is saved and exchanged: the rules and the actions from the start.
///
/// What a save keeps of a game, and the game rebuilt from it:
///
/// ```
/// use mills_core::{Game, Rules, Side, parse_actions};
///
/// let mut game = Game::replay(Rules::ZHIQI, &parse_actions("d6 d2 f4")?)?;
/// game.resign(Side::P1)?;
/// let record = game.record();
/// let json = serde_json::to_string(&record)?;
/// let again = serde_json::from_str::<mills_core::GameRecord>(&json)?.replay()?;
/// assert_eq!(again.actions(), game.actions());
/// assert_eq!(again.outcome(), game.outcome());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameRecord {
    #[serde(flatten)]
    /// The rules the game was played by.
    pub rules: Rules,
    /// Every action, oldest first.
    pub actions: Vec<Action>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    /// The side that resigned, if one did.
    pub resigned: Option<Side>,
}

impl GameRecord {
    /// Rebuilds the game, reporting the first illegal action.
    pub fn replay(&self) -> Result<Game, ReplayError> {
        let mut game = Game::replay(self.rules, &self.actions)?;
        if let Some(side) = self.resigned {
            game.resign(side).map_err(|reason| ReplayError {
                index: self.actions.len(),
                action: Action::Pass,
                reason,
            })?;
        }
        Ok(game)
    }
}
