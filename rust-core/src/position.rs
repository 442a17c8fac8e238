//! A position and the rules that move it forward: legal actions and playing them.
//!
//! `Position` is a small `Copy` value: search and perft copy it and play on the copy
//! (copy-make), which is cheaper here than keeping undo information. The draw rules that
//! need history (repetition) live in [`crate::game::Game`]; everything else is here.

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::action::{Action, ActionList};
use crate::board::{Bitboard, Point};
use crate::outcome::{DrawReason, Outcome, WinReason};
use crate::rules::{MillEffect, RemovalsPerMove, Rules, Side, WhenBlocked};
use crate::zobrist::{KEYS, MAX_COUNT};

/// Placing pieces from hand, or stepping them.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Phase {
    /// Pieces are placed from hand.
    Placing,
    /// Pieces step along the lines (or fly, where the rules allow).
    Moving,
}

/// What a removal does; it follows from the position, not from the notation.
///
/// The same mill captures in Twelve Men's Morris: the piece leaves the board.
///
/// ```
/// use mills_core::{Game, Pending, RemovalKind, Rules, Side, parse_actions};
///
/// let mut game = Game::replay(Rules::TWELVE_MENS_MORRIS, &parse_actions("a7 e4 d7 e3 g7")?)?;
/// assert_eq!(game.position().pending(), Pending::Remove { kind: RemovalKind::Capture, count: 1 });
/// assert!(game.position().removal_targets(RemovalKind::Capture).contains("e4".parse()?));
/// game.play("xe4".parse()?)?;
/// assert_eq!(game.position().owner("e4".parse()?), None);
/// assert_eq!(game.position().lost(Side::P2), 1);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum RemovalKind {
    /// Zhi Qi while placing: the opponent's piece is replaced by one of the remover's.
    Pin,
    /// A plain capture.
    Capture,
    /// Zhi Qi when blocked: an opponent piece next to one of the remover's, then a step.
    Pull,
}

/// What the side to move owes before its turn can end.
///
/// A mill owes a removal before the turn ends; the position says which kind. In Zhi Qi
/// a mill made while placing pins: the opponent's piece is replaced by the mover's.
///
/// ```
/// use mills_core::{Game, Pending, RemovalKind, Rules, Side, parse_actions};
///
/// let mut game = Game::replay(Rules::ZHIQI, &parse_actions("a7 e4 d7 e3 g7")?)?;
/// assert_eq!(game.position().pending(), Pending::Remove { kind: RemovalKind::Pin, count: 1 });
/// assert_eq!(game.position().side_to_move(), Side::P1, "the turn goes on");
/// game.play("xe4".parse()?)?;
/// assert_eq!(game.position().owner("e4".parse()?), Some(Side::P1), "pinned");
/// assert_eq!(game.position().pending(), Pending::None);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case", tag = "owes")]
pub enum Pending {
    /// Nothing: the turn starts with a placement or a step.
    None,
    /// `count` removals of this kind, one action each.
    Remove {
        /// Capture, pin or pull.
        kind: RemovalKind,
        /// How many are still owed.
        count: u8,
    },
    /// A pull was made; the step that follows it.
    StepAfterPull,
}

impl Pending {
    fn key(self) -> u64 {
        match self {
            Pending::None => 0,
            Pending::Remove { kind, count } => {
                KEYS.pending[kind as usize * 3 + (count.clamp(1, 3) as usize - 1)]
            }
            Pending::StepAfterPull => KEYS.pending[9],
        }
    }
}

/// What playing one action did to the turn. This, and never a comparison of counters before
/// and after, is how callers know that a turn is over (the turn counter only counts).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Applied {
    /// The turn is over: the other side (or the same one, if the other's hand is empty while
    /// placing) is to move, or the game ended.
    pub turn_ended: bool,
}

impl Applied {
    const CONTINUES: Applied = Applied { turn_ended: false };
    const ENDED: Applied = Applied { turn_ended: true };
}

/// Why an action cannot be played now.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum IllegalAction {
    /// The game is over.
    GameOver,
    /// A removal is owed first.
    MustRemove(RemovalKind),
    /// After a pull the turn goes on with a step.
    MustStepAfterPull,
    /// Nothing is owed, so there is nothing to remove.
    NothingToRemove,
    /// Pieces are still being placed.
    MustPlace,
    /// All pieces are placed; pieces now step.
    PlacingIsOver,
    /// Placing, or stepping, onto a taken point.
    Occupied(Point),
    /// Moving a piece that is not the mover's, or from an empty point.
    NotYourPiece(Point),
    /// A step to a point that is not joined to where the piece stands.
    NotAdjacent {
        /// Where the piece stands.
        from: Point,
        /// Where it was asked to go.
        to: Point,
    },
    /// A removal of a point that holds no opponent piece.
    NotOpponentPiece(Point),
    /// The piece stands in a mill and the opponent has pieces that do not.
    InMill(Point),
    /// A pull must take a piece next to one of the puller's.
    NotNextToYours(Point),
}

impl fmt::Display for IllegalAction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            IllegalAction::GameOver => f.write_str("the game is over"),
            IllegalAction::MustRemove(kind) => {
                let what = match kind {
                    RemovalKind::Pin => "pin one of the opponent's pieces first",
                    RemovalKind::Capture => "capture one of the opponent's pieces first",
                    RemovalKind::Pull => {
                        "you are blocked: pull an opponent piece next to one of yours first"
                    }
                };
                f.write_str(what)
            }
            IllegalAction::MustStepAfterPull => f.write_str("after the pull, step a piece"),
            IllegalAction::NothingToRemove => f.write_str("there is nothing to remove now"),
            IllegalAction::MustPlace => f.write_str("pieces are still being placed"),
            IllegalAction::PlacingIsOver => f.write_str("all pieces are placed: step a piece"),
            IllegalAction::Occupied(p) => write!(f, "{p} is occupied"),
            IllegalAction::NotYourPiece(p) => write!(f, "{p} is not one of your pieces"),
            IllegalAction::NotAdjacent { from, to } => {
                write!(f, "{from} and {to} are not joined by a line")
            }
            IllegalAction::NotOpponentPiece(p) => {
                write!(f, "{p} is not one of the opponent's pieces")
            }
            IllegalAction::InMill(p) => {
                write!(f, "{p} is in a mill; take a piece that is not")
            }
            IllegalAction::NotNextToYours(p) => {
                write!(f, "{p} is not next to one of your pieces")
            }
        }
    }
}

impl std::error::Error for IllegalAction {}

/// A position of one game: board, hands, stables, side to move and what it owes.
///
/// A new game's position: everything in hand, P1 to place:
///
/// ```
/// use mills_core::{Phase, Position, Rules, Side};
///
/// let start = Position::new(Rules::LINKED_HORSE);
/// assert_eq!(start.phase(), Phase::Placing);
/// assert_eq!((start.hand(Side::P1), start.hand(Side::P2)), (10, 10));
/// assert_eq!(start.legal_actions().len(), 24, "any point");
/// assert!(start.occupied().is_empty() && start.outcome().is_none());
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Position {
    rules: Rules,
    board: [Bitboard; 2],
    hand: [u8; 2],
    stable: [u8; 2],
    /// Pieces each side has lost to captures, pins and pulls.
    lost: [u8; 2],
    /// Pins each side has made (a pin brings a piece from outside the hand).
    pins: [u8; 2],
    side: Side,
    phase: Phase,
    pending: Pending,
    outcome: Option<Outcome>,
    /// Movement turns in a row without a capture, pin, pull or stabling.
    quiet_turns: u32,
    /// Whether the current turn has captured, pinned, pulled or stabled yet.
    turn_progress: bool,
    /// Turns completed since the start (wide: a game without the quiet-turn rule can run
    /// past 65,535 turns).
    turns: u32,
    hash: u64,
}

impl Position {
    /// The start of a game: empty board, full hands, P1 to place.
    pub fn new(rules: Rules) -> Position {
        let mut position = Position {
            rules,
            board: [Bitboard::EMPTY; 2],
            hand: [rules.pieces; 2],
            stable: [0; 2],
            lost: [0; 2],
            pins: [0; 2],
            side: Side::P1,
            phase: Phase::Placing,
            pending: Pending::None,
            outcome: None,
            quiet_turns: 0,
            turn_progress: false,
            turns: 0,
            hash: 0,
        };
        position.hash = position.compute_hash();
        position
    }

    /// The rules this position is played by.
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// The pieces of one side on the board.
    pub fn board(&self, side: Side) -> Bitboard {
        self.board[side.index()]
    }

    /// The points that hold a piece.
    pub fn occupied(&self) -> Bitboard {
        self.board[0] | self.board[1]
    }

    /// The points that hold no piece.
    pub fn empty(&self) -> Bitboard {
        !self.occupied()
    }

    /// Who has a piece on `p`.
    pub fn owner(&self, p: Point) -> Option<Side> {
        Side::BOTH.into_iter().find(|s| self.board(*s).contains(p))
    }

    /// Pieces this side still has in hand.
    pub fn hand(&self, side: Side) -> u8 {
        self.hand[side.index()]
    }

    /// Pieces this side has banked in its stable (Linked-Horse).
    pub fn stable(&self, side: Side) -> u8 {
        self.stable[side.index()]
    }

    /// Pieces this side has lost to the opponent's captures, pins and pulls.
    pub fn lost(&self, side: Side) -> u8 {
        self.lost[side.index()]
    }

    /// Pins this side has made (Zhi Qi).
    pub fn pins_made(&self, side: Side) -> u8 {
        self.pins[side.index()]
    }

    /// Pieces still in play: on the board and in hand.
    pub fn pieces(&self, side: Side) -> u32 {
        self.board(side).count() + u32::from(self.hand(side))
    }

    /// The side whose action is next.
    pub fn side_to_move(&self) -> Side {
        self.side
    }

    /// Placing or moving.
    pub fn phase(&self) -> Phase {
        self.phase
    }

    /// Removals (or the step after a pull) the side to move still owes in this turn.
    pub fn pending(&self) -> Pending {
        self.pending
    }

    /// The result, for every ending that does not need the game's history.
    pub fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }

    /// Whether the game is over by the rules of the position alone.
    pub fn is_over(&self) -> bool {
        self.outcome.is_some()
    }

    /// Turns in a row without a capture, pin, pull or stabling (the quiet-turn draw rule).
    pub fn quiet_turns(&self) -> u32 {
        self.quiet_turns
    }

    /// Completed turns since the start of the game. A count for display and records: whether
    /// an action ended a turn is what [`Position::play`] returns.
    pub fn turns(&self) -> u32 {
        self.turns
    }

    /// True between the first action of a turn and its end.
    pub fn is_mid_turn(&self) -> bool {
        self.pending != Pending::None
    }

    /// The incrementally kept Zobrist hash of board, hands, stables, side, phase and owed actions.
    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// The pieces of `side` that stand in a complete line.
    pub fn in_mills(&self, side: Side) -> Bitboard {
        self.rules.geometry().pieces_in_mills(self.board(side))
    }

    /// The hash computed from scratch (tests compare it with the incremental one).
    pub fn compute_hash(&self) -> u64 {
        let mut h = 0;
        for side in Side::BOTH {
            for p in self.board(side) {
                h ^= KEYS.piece[side.index()][p.index()];
            }
            h ^= KEYS.hand[side.index()][self.hand(side) as usize % MAX_COUNT];
            h ^= KEYS.stable[side.index()][self.stable(side) as usize % MAX_COUNT];
        }
        if self.side == Side::P2 {
            h ^= KEYS.p2_to_move;
        }
        if self.phase == Phase::Moving {
            h ^= KEYS.moving_phase;
        }
        h ^ self.pending.key()
    }

    // ---- Legal actions -------------------------------------------------------------------

    /// Every legal action (never `pass`); empty when the game is over.
    ///
    /// ```
    /// use mills_core::{Position, Rules};
    ///
    /// let start = Position::new(Rules::ZHIQI);
    /// assert_eq!(start.legal_actions().len(), 24, "any of the 24 empty points");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn legal_actions(&self) -> ActionList {
        let mut list = ActionList::new();
        self.legal_actions_into(&mut list);
        list
    }

    /// Every legal action into `list`, which is cleared first (no allocation in a search).
    pub fn legal_actions_into(&self, list: &mut ActionList) {
        if self.outcome.is_some() {
            return;
        }
        match self.pending {
            Pending::Remove { kind, .. } => {
                for p in self.removal_targets(kind) {
                    list.push(Action::Remove(p));
                }
            }
            Pending::StepAfterPull => self.push_steps(list),
            Pending::None => match self.phase {
                Phase::Placing => {
                    for p in self.empty() {
                        list.push(Action::Place(p));
                    }
                }
                Phase::Moving => self.push_steps(list),
            },
        }
    }

    /// The number of legal actions, without listing them (perft's last ply).
    pub fn count_legal_actions(&self) -> u64 {
        if self.outcome.is_some() {
            return 0;
        }
        let n = match self.pending {
            Pending::Remove { kind, .. } => self.removal_targets(kind).count(),
            Pending::StepAfterPull => self.count_steps(),
            Pending::None => match self.phase {
                Phase::Placing => self.empty().count(),
                Phase::Moving => self.count_steps(),
            },
        };
        u64::from(n)
    }

    /// The points a removal of this kind may take now (RULES.md §3 rules 3 and 8).
    pub fn removal_targets(&self, kind: RemovalKind) -> Bitboard {
        let geometry = self.rules.geometry();
        let ours = self.board(self.side);
        let theirs = self.board(self.side.opponent());
        match kind {
            RemovalKind::Pull => theirs & geometry.neighbours(ours),
            RemovalKind::Pin | RemovalKind::Capture => {
                let unprotected = theirs & !geometry.pieces_in_mills(theirs);
                if unprotected.is_empty() {
                    theirs
                } else {
                    unprotected
                }
            }
        }
    }

    /// Where the piece on `from` may step (empty if it is not the mover's or cannot move).
    pub fn step_targets(&self, from: Point) -> Bitboard {
        if !self.board(self.side).contains(from) {
            return Bitboard::EMPTY;
        }
        if self.flies(self.side) {
            self.empty()
        } else {
            self.rules.geometry().adjacent[from.index()] & self.empty()
        }
    }

    fn flies(&self, side: Side) -> bool {
        self.rules
            .flies_at
            .is_some_and(|n| self.board(side).count() <= u32::from(n))
    }

    fn push_steps(&self, list: &mut ActionList) {
        for from in self.board(self.side) {
            for to in self.step_targets(from) {
                list.push(Action::Step { from, to });
            }
        }
    }

    fn count_steps(&self) -> u32 {
        self.board(self.side)
            .map(|from| self.step_targets(from).count())
            .sum()
    }

    /// Whether `side` has at least one step on an otherwise quiet turn.
    pub fn can_step(&self, side: Side) -> bool {
        let pieces = self.board(side);
        if pieces.is_empty() {
            return false;
        }
        if self.flies(side) {
            return !self.empty().is_empty();
        }
        !(self.rules.geometry().neighbours(pieces) & self.empty()).is_empty()
    }

    // ---- Checking and playing ------------------------------------------------------------

    /// Whether `action` is legal now, and if not, why.
    pub fn check(&self, action: Action) -> Result<(), IllegalAction> {
        if self.outcome.is_some() {
            return Err(IllegalAction::GameOver);
        }
        let us = self.side;
        match action {
            Action::Pass => Ok(()),
            Action::Remove(p) => {
                let Pending::Remove { kind, .. } = self.pending else {
                    return Err(IllegalAction::NothingToRemove);
                };
                if !self.board(us.opponent()).contains(p) {
                    Err(IllegalAction::NotOpponentPiece(p))
                } else if self.removal_targets(kind).contains(p) {
                    Ok(())
                } else if kind == RemovalKind::Pull {
                    Err(IllegalAction::NotNextToYours(p))
                } else {
                    Err(IllegalAction::InMill(p))
                }
            }
            Action::Place(p) => {
                self.check_no_removal_owed()?;
                if self.pending == Pending::StepAfterPull {
                    Err(IllegalAction::MustStepAfterPull)
                } else if self.phase == Phase::Moving {
                    Err(IllegalAction::PlacingIsOver)
                } else if self.occupied().contains(p) {
                    Err(IllegalAction::Occupied(p))
                } else {
                    Ok(())
                }
            }
            Action::Step { from, to } => {
                self.check_no_removal_owed()?;
                if self.phase == Phase::Placing {
                    Err(IllegalAction::MustPlace)
                } else if !self.board(us).contains(from) {
                    Err(IllegalAction::NotYourPiece(from))
                } else if self.occupied().contains(to) {
                    Err(IllegalAction::Occupied(to))
                } else if !self.step_targets(from).contains(to) {
                    Err(IllegalAction::NotAdjacent { from, to })
                } else {
                    Ok(())
                }
            }
        }
    }

    fn check_no_removal_owed(&self) -> Result<(), IllegalAction> {
        match self.pending {
            Pending::Remove { kind, .. } => Err(IllegalAction::MustRemove(kind)),
            _ => Ok(()),
        }
    }

    /// Plays `action` if it is legal, and says whether it ended the turn; otherwise leaves
    /// the position as it was.
    ///
    /// An illegal action is refused with the reason, and the position is unchanged:
    ///
    /// ```
    /// use mills_core::{IllegalAction, Position, Rules, Side};
    ///
    /// let mut position = Position::new(Rules::TWELVE_MENS_MORRIS);
    /// assert!(position.play("d6".parse()?)?.turn_ended);
    /// let before = position;
    /// let refused = position.play("d6".parse()?);
    /// assert_eq!(refused, Err(IllegalAction::Occupied("d6".parse()?)));
    /// assert_eq!(refused.unwrap_err().to_string(), "d6 is occupied");
    /// assert_eq!(position, before);
    /// assert_eq!(position.owner("d6".parse()?), Some(Side::P1));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn play(&mut self, action: Action) -> Result<Applied, IllegalAction> {
        self.check(action)?;
        Ok(self.play_unchecked(action))
    }

    /// Plays an action known to be legal (from `legal_actions`, or `pass`).
    pub fn play_unchecked(&mut self, action: Action) -> Applied {
        debug_assert_eq!(self.check(action), Ok(()), "{action} in {self:?}");
        let us = self.side;
        match action {
            Action::Pass => self.end_turn(),
            Action::Place(p) => {
                self.set_hand(us, self.hand(us) - 1);
                self.put(us, p);
                self.arrived(p, self.rules.mill_while_placing)
            }
            Action::Step { from, to } => {
                if self.pending == Pending::StepAfterPull {
                    self.set_pending(Pending::None);
                }
                self.take(us, from);
                self.put(us, to);
                self.arrived(to, self.rules.mill_while_moving)
            }
            Action::Remove(p) => self.remove(p),
        }
    }

    /// A piece of the mover's has just arrived on `p` (RULES.md §3.2, §3.7, §4.2, §5.2).
    fn arrived(&mut self, p: Point, effect: MillEffect) -> Applied {
        let us = self.side;
        let lines = self
            .rules
            .geometry()
            .lines_completed_at(self.board(us), p)
            .count() as u8;
        if lines == 0 {
            return self.end_turn();
        }
        match effect {
            MillEffect::Stable => {
                if self.has_three_in_line_win(us) {
                    return self.finish(Outcome::Win {
                        winner: us,
                        reason: WinReason::ThreeInLine,
                    });
                }
                self.take(us, p);
                self.set_stable(us, self.stable(us) + 1);
                self.turn_progress = true;
                if self.has_three_in_line_win(us) {
                    self.finish(Outcome::Win {
                        winner: us,
                        reason: WinReason::ThreeInLine,
                    })
                } else {
                    self.end_turn()
                }
            }
            MillEffect::Pin | MillEffect::Capture => {
                if self.board(us.opponent()).is_empty() {
                    // Captures owed when the opponent has nothing on the board are lost.
                    return self.end_turn();
                }
                let count = match self.rules.removals_per_move {
                    RemovalsPerMove::PerLine => lines,
                    RemovalsPerMove::One => 1,
                };
                let kind = if effect == MillEffect::Pin {
                    RemovalKind::Pin
                } else {
                    RemovalKind::Capture
                };
                self.set_pending(Pending::Remove { kind, count });
                Applied::CONTINUES
            }
        }
    }

    /// Linked-Horse: an empty hand and exactly three on the board, in a line.
    fn has_three_in_line_win(&self, side: Side) -> bool {
        let pieces = self.board(side);
        self.rules.three_in_line_wins
            && self.hand(side) == 0
            && pieces.count() == 3
            && self.rules.geometry().has_mill(pieces)
    }

    fn remove(&mut self, p: Point) -> Applied {
        let Pending::Remove { kind, count } = self.pending else {
            unreachable!("checked: a removal is owed");
        };
        let us = self.side;
        let them = us.opponent();
        self.take(them, p);
        self.lost[them.index()] += 1;
        self.turn_progress = true;
        if kind == RemovalKind::Pin {
            self.put(us, p);
            self.pins[us.index()] += 1;
        }
        if self.pieces(them) <= u32::from(self.rules.loses_at) {
            let reason = if self.rules.loses_at == 0 {
                WinReason::TookAll
            } else {
                WinReason::ReducedToTwo
            };
            return self.finish(Outcome::Win { winner: us, reason });
        }
        if kind == RemovalKind::Pull {
            self.set_pending(Pending::StepAfterPull);
            Applied::CONTINUES
        } else if count > 1 && !self.board(them).is_empty() {
            self.set_pending(Pending::Remove {
                kind,
                count: count - 1,
            });
            Applied::CONTINUES
        } else {
            self.end_turn()
        }
    }

    fn end_turn(&mut self) -> Applied {
        self.set_pending(Pending::None);
        if self.phase == Phase::Moving {
            self.quiet_turns = if self.turn_progress {
                0
            } else {
                self.quiet_turns.saturating_add(1)
            };
        }
        self.turn_progress = false;
        self.turns = self.turns.saturating_add(1);

        let us = self.side;
        let mut next = us.opponent();
        let mut movement_starts = false;
        if self.phase == Phase::Placing {
            if self.hand(Side::P1) == 0 && self.hand(Side::P2) == 0 {
                self.set_phase(Phase::Moving);
                next = self.rules.first_to_move;
                movement_starts = true;
            } else if self.hand(next) == 0 {
                // An empty hand is skipped while the other side still places (RULES.md §6).
                next = us;
            }
        }
        self.set_side(next);
        self.begin_turn(movement_starts);
        Applied::ENDED
    }

    /// Endings and obligations that hold from the start of a movement turn.
    fn begin_turn(&mut self, movement_starts: bool) {
        if self.phase != Phase::Moving {
            return;
        }
        if movement_starts && self.rules.full_board_draws && self.empty().is_empty() {
            self.finish(Outcome::Draw {
                reason: DrawReason::BoardFull,
            });
            return;
        }
        if let Some(n) = self.rules.draw_when_both_at {
            let n = u32::from(n);
            if self.board(Side::P1).count() <= n && self.board(Side::P2).count() <= n {
                self.finish(Outcome::Draw {
                    reason: DrawReason::BothAtTwo,
                });
                return;
            }
        }
        let us = self.side;
        if self.can_step(us) {
            return;
        }
        let blocked_loses = Outcome::Win {
            winner: us.opponent(),
            reason: WinReason::Blocked,
        };
        match self.rules.when_blocked {
            WhenBlocked::Lose => {
                self.finish(blocked_loses);
            }
            WhenBlocked::Pull => {
                if self.removal_targets(RemovalKind::Pull).is_empty() {
                    // Only possible with no pieces at all; kept so the game always ends.
                    self.finish(blocked_loses);
                } else {
                    self.set_pending(Pending::Remove {
                        kind: RemovalKind::Pull,
                        count: 1,
                    });
                }
            }
        }
    }

    /// Ends the game, and with it the turn.
    fn finish(&mut self, outcome: Outcome) -> Applied {
        self.set_pending(Pending::None);
        self.outcome = Some(outcome);
        Applied::ENDED
    }

    // ---- State changes that keep the hash in step ----------------------------------------

    fn put(&mut self, side: Side, p: Point) {
        self.board[side.index()] = self.board[side.index()].with(p);
        self.hash ^= KEYS.piece[side.index()][p.index()];
    }

    fn take(&mut self, side: Side, p: Point) {
        self.board[side.index()] = self.board[side.index()].without(p);
        self.hash ^= KEYS.piece[side.index()][p.index()];
    }

    fn set_hand(&mut self, side: Side, n: u8) {
        let keys = &KEYS.hand[side.index()];
        self.hash ^= keys[self.hand(side) as usize % MAX_COUNT] ^ keys[n as usize % MAX_COUNT];
        self.hand[side.index()] = n;
    }

    fn set_stable(&mut self, side: Side, n: u8) {
        let keys = &KEYS.stable[side.index()];
        self.hash ^= keys[self.stable(side) as usize % MAX_COUNT] ^ keys[n as usize % MAX_COUNT];
        self.stable[side.index()] = n;
    }

    fn set_pending(&mut self, pending: Pending) {
        self.hash ^= self.pending.key() ^ pending.key();
        self.pending = pending;
    }

    fn set_side(&mut self, side: Side) {
        if side != self.side {
            self.hash ^= KEYS.p2_to_move;
            self.side = side;
        }
    }

    fn set_phase(&mut self, phase: Phase) {
        if phase != self.phase {
            self.hash ^= KEYS.moving_phase;
            self.phase = phase;
        }
    }
}

/// A position described piece by piece: for tests, puzzles and saved positions.
/// `build` checks it and derives what follows from the rules (a blocked Zhi Qi side owes a
/// pull, a blocked side elsewhere has lost).
///
/// A position from a list of points (a puzzle, a test, a diagram):
///
/// ```
/// use mills_core::{Phase, Rules, Setup, Side};
///
/// let position = Setup::moving(Rules::TWELVE_MENS_MORRIS)
///     .pieces(Side::P1, "a7 d7 g4")
///     .pieces(Side::P2, "a1 g1 b4")
///     .to_move(Side::P2)
///     .build()?;
/// assert_eq!(position.phase(), Phase::Moving);
/// assert_eq!(position.side_to_move(), Side::P2);
/// assert_eq!(position.board(Side::P1).count(), 3);
/// // A setup the rules cannot reach is refused.
/// let twice = Setup::moving(Rules::TWELVE_MENS_MORRIS).pieces(Side::P1, "a7 a7").build();
/// assert!(twice.unwrap_err().to_string().contains("a7 is listed twice"));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Setup {
    /// The rules.
    pub rules: Rules,
    /// P1's pieces on the board.
    pub p1: Vec<Point>,
    /// P2's pieces on the board.
    pub p2: Vec<Point>,
    /// Pieces in hand, P1's then P2's.
    pub hand: [u8; 2],
    #[serde(default)]
    /// Pieces banked in the stable (Linked-Horse), P1's then P2's.
    pub stable: [u8; 2],
    #[serde(default)]
    /// Pieces lost to the opponent, P1's then P2's.
    pub lost: [u8; 2],
    #[serde(default)]
    /// Pins made (Zhi Qi), P1's then P2's.
    pub pins: [u8; 2],
    /// The side to move.
    pub to_move: Side,
    /// Placing or moving.
    pub phase: Phase,
    #[serde(default = "no_pending")]
    /// Removals the side to move owes.
    pub pending: Pending,
    #[serde(default)]
    /// Quiet turns so far (the quiet-turn draw rule).
    pub quiet_turns: u32,
    #[serde(default)]
    /// Turns played so far.
    pub turns: u32,
    /// Whether the current turn has already captured, pinned, pulled or stabled.
    #[serde(default)]
    pub turn_progress: bool,
    #[serde(default)]
    /// The result, if the position is already over.
    pub outcome: Option<Outcome>,
}

fn no_pending() -> Pending {
    Pending::None
}

/// A setup that is not a reachable kind of position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SetupError(pub String);

impl fmt::Display for SetupError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "invalid position: {}", self.0)
    }
}

impl std::error::Error for SetupError {}

impl Setup {
    /// An empty board with empty hands in the movement phase, P1 to move.
    pub fn moving(rules: Rules) -> Setup {
        Setup {
            rules,
            p1: Vec::new(),
            p2: Vec::new(),
            hand: [0, 0],
            stable: [0, 0],
            lost: [0, 0],
            pins: [0, 0],
            to_move: Side::P1,
            phase: Phase::Moving,
            pending: Pending::None,
            quiet_turns: 0,
            turns: 0,
            turn_progress: false,
            outcome: None,
        }
    }

    /// Pieces from a space-separated list of points, e.g. `"a1 a4 d7"`.
    pub fn pieces(mut self, side: Side, points: &str) -> Setup {
        let parsed: Vec<Point> = points
            .split_whitespace()
            .map(|p| p.parse().unwrap_or_else(|e| panic!("{e}")))
            .collect();
        match side {
            Side::P1 => self.p1 = parsed,
            Side::P2 => self.p2 = parsed,
        }
        self
    }

    /// The same setup with `side` to move.
    pub fn to_move(mut self, side: Side) -> Setup {
        self.to_move = side;
        self
    }

    /// The position, if the setup is one the rules can reach or play from.
    pub fn build(&self) -> Result<Position, SetupError> {
        let err = |msg: String| Err(SetupError(msg));
        let mut board = [Bitboard::EMPTY; 2];
        for (side, points) in [(0, &self.p1), (1, &self.p2)] {
            for &p in points {
                if board[0].contains(p) || board[1].contains(p) {
                    return err(format!("{p} is listed twice"));
                }
                board[side] = board[side].with(p);
            }
        }
        let pieces = self.rules.pieces;
        for side in Side::BOTH {
            let s = side.index();
            if self.hand[s] > pieces || self.stable[s] > pieces {
                return err(format!("more than {pieces} pieces in a hand or stable"));
            }
            // Pins add pieces from outside the hand; nothing else can.
            let accounted = board[s].count()
                + u32::from(self.hand[s])
                + u32::from(self.stable[s])
                + u32::from(self.lost[s]);
            if accounted > u32::from(pieces) + u32::from(self.pins[s]) {
                return err(format!("{side} has more pieces than it started with"));
            }
        }
        let hands_empty = self.hand == [0, 0];
        if self.phase == Phase::Moving && !hands_empty {
            return err("pieces in hand in the movement phase".into());
        }
        // The last placement can still owe a removal, or end the game, in the placing phase.
        let turn_open = self.pending == Pending::None && self.outcome.is_none();
        if self.phase == Phase::Placing && hands_empty && turn_open {
            return err("placing with both hands empty".into());
        }
        if self.phase == Phase::Placing && turn_open && self.hand[self.to_move.index()] == 0 {
            return err("the side to place has no piece in hand".into());
        }
        match self.pending {
            Pending::Remove { count, .. } if !(1..=3).contains(&count) => {
                return err("between one and three removals can be owed".into());
            }
            Pending::Remove { kind, .. } => {
                let expected = match (kind, self.phase) {
                    (RemovalKind::Pull, Phase::Moving) => true,
                    (RemovalKind::Pin, Phase::Placing) => {
                        self.rules.mill_while_placing == MillEffect::Pin
                    }
                    (RemovalKind::Capture, Phase::Placing) => {
                        self.rules.mill_while_placing == MillEffect::Capture
                    }
                    (RemovalKind::Capture, Phase::Moving) => {
                        self.rules.mill_while_moving == MillEffect::Capture
                    }
                    _ => false,
                };
                let pull_allowed =
                    kind != RemovalKind::Pull || self.rules.when_blocked == WhenBlocked::Pull;
                if !expected || !pull_allowed {
                    return err(format!("a {kind:?} cannot be owed here"));
                }
            }
            Pending::StepAfterPull
                if self.rules.when_blocked != WhenBlocked::Pull || self.phase != Phase::Moving =>
            {
                return err("only a Zhi Qi movement turn can owe a step after a pull".into());
            }
            _ => {}
        }

        let mut position = Position {
            rules: self.rules,
            board,
            hand: self.hand,
            stable: self.stable,
            lost: self.lost,
            pins: self.pins,
            side: self.to_move,
            phase: self.phase,
            pending: self.pending,
            outcome: self.outcome,
            quiet_turns: self.quiet_turns,
            turn_progress: self.turn_progress,
            turns: self.turns,
            hash: 0,
        };
        position.hash = position.compute_hash();
        if position.outcome.is_none() {
            match position.pending {
                Pending::None => position.begin_turn(false),
                Pending::Remove { kind, .. } if position.removal_targets(kind).is_empty() => {
                    return err("a removal is owed but nothing can be removed".into());
                }
                Pending::StepAfterPull if !position.can_step(position.side) => {
                    return err("a step is owed but no piece can step".into());
                }
                _ => {}
            }
        }
        Ok(position)
    }
}

impl From<&Position> for Setup {
    fn from(position: &Position) -> Setup {
        Setup {
            rules: position.rules,
            p1: position.board(Side::P1).collect(),
            p2: position.board(Side::P2).collect(),
            hand: position.hand,
            stable: position.stable,
            lost: position.lost,
            pins: position.pins,
            to_move: position.side,
            phase: position.phase,
            pending: position.pending,
            quiet_turns: position.quiet_turns,
            turns: position.turns,
            turn_progress: position.turn_progress,
            outcome: position.outcome,
        }
    }
}

impl Serialize for Position {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        Setup::from(self).serialize(serializer)
    }
}

impl<'de> Deserialize<'de> for Position {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Position, D::Error> {
        Setup::deserialize(deserializer)?
            .build()
            .map_err(serde::de::Error::custom)
    }
}
