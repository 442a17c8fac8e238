//! Puzzles of two kinds, endgames proved by the tables and tactics from the opening and the
//! middle game: the catalogue of each game, the ways to pick one (the daily puzzle, the rush
//! order, free choice by grade and kind) and a puzzle played on one screen with the same
//! taps, snapshot and board changes as a game. The statistics and the player's rating are
//! in `puzzle_stats`.

use std::sync::{Arc, Mutex, MutexGuard};

use mills_core::puzzles::{self as core, Grade, PuzzleError, PuzzleKind as Kind};
use mills_core::{Locale, PuzzleTap, PuzzleTapSession, Variant};

use crate::board::BoardSession;
use crate::error::{MillsError, guard};
use crate::hints::Hint;
use crate::types::{
    GameId, Player, PuzzleResult, Snapshot, TapResult, TapStep, TapVerdict, TurnVerdict, WrongTurn,
    actions_text, parse_point,
};

/// A puzzle's difficulty grade, easiest first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, uniffi::Enum)]
pub enum PuzzleGrade {
    Easy,
    Medium,
    Hard,
    Expert,
    Master,
}

impl From<Grade> for PuzzleGrade {
    fn from(grade: Grade) -> PuzzleGrade {
        match grade {
            Grade::Easy => PuzzleGrade::Easy,
            Grade::Medium => PuzzleGrade::Medium,
            Grade::Hard => PuzzleGrade::Hard,
            Grade::Expert => PuzzleGrade::Expert,
            Grade::Master => PuzzleGrade::Master,
        }
    }
}

impl From<PuzzleGrade> for Grade {
    fn from(grade: PuzzleGrade) -> Grade {
        match grade {
            PuzzleGrade::Easy => Grade::Easy,
            PuzzleGrade::Medium => Grade::Medium,
            PuzzleGrade::Hard => Grade::Hard,
            PuzzleGrade::Expert => Grade::Expert,
            PuzzleGrade::Master => Grade::Master,
        }
    }
}

/// What kind of puzzle it is: the kind says what its goal is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, uniffi::Enum)]
pub enum PuzzleKind {
    /// "Win in N", proved by the endgame tables.
    Endgame,
    /// A goal from the opening or the middle game ("take a piece within 3 turns whatever
    /// the opponent does"), checked exactly by the engine.
    Tactic,
}

impl From<Kind> for PuzzleKind {
    fn from(kind: Kind) -> PuzzleKind {
        match kind {
            Kind::Endgame => PuzzleKind::Endgame,
            Kind::Tactic => PuzzleKind::Tactic,
        }
    }
}

impl From<PuzzleKind> for Kind {
    fn from(kind: PuzzleKind) -> Kind {
        match kind {
            PuzzleKind::Endgame => Kind::Endgame,
            PuzzleKind::Tactic => Kind::Tactic,
        }
    }
}

/// One puzzle of the catalogue.
#[derive(Debug, Clone, PartialEq, uniffi::Record)]
pub struct PuzzleInfo {
    /// Stable id (`zq-0a0123-004100`): statistics keep it.
    pub id: String,
    pub game: GameId,
    /// An endgame ("win in N") or a tactic (a goal within N turns).
    pub kind: PuzzleKind,
    /// The player to move, who plays for the goal.
    pub player: Player,
    /// N in "win in N" (an endgame) or in "within N turns" (a tactic): the player's own
    /// turns to the goal.
    pub turns: u8,
    /// The difficulty score (docs/puzzles.md); the grade is read from it.
    pub score: u16,
    pub grade: PuzzleGrade,
    /// The rating the puzzle plays at in the player's rating.
    pub rating: f64,
}

impl From<&core::Puzzle> for PuzzleInfo {
    fn from(p: &core::Puzzle) -> PuzzleInfo {
        // The side to move is the one whose turn the moves end on: P1 after an even count
        // of turns. Replaying is cheap, and the shipped moves are proved to replay.
        let player = p
            .position()
            .map(|pos| pos.side_to_move())
            .unwrap_or(mills_core::Side::P1);
        PuzzleInfo {
            id: p.id.clone(),
            game: p.variant.into(),
            kind: p.kind().into(),
            player: player.into(),
            turns: p.turns,
            score: p.score,
            grade: p.grade.into(),
            rating: p.rating,
        }
    }
}

fn infos(list: &[core::Puzzle]) -> Vec<PuzzleInfo> {
    list.iter().map(PuzzleInfo::from).collect()
}

impl From<PuzzleError> for MillsError {
    fn from(err: PuzzleError) -> MillsError {
        match err {
            PuzzleError::BadDate { year, month, day } => {
                MillsError::InvalidDate { year, month, day }
            }
            PuzzleError::UnknownPuzzle(_) | PuzzleError::NoPuzzles(_) => MillsError::NotAvailable {
                reason: err.to_string(),
            },
            PuzzleError::NotPlaying => MillsError::GameOver,
            other => MillsError::Internal {
                reason: other.to_string(),
            },
        }
    }
}

/// Every puzzle of a game, both kinds (endgames, then tactics), in the catalogue's stored
/// order.
#[uniffi::export]
pub fn puzzles(game: GameId) -> Vec<PuzzleInfo> {
    infos(&core::all_puzzles(game.into()))
}

/// The puzzle with this id; `NotAvailable` if no puzzle has it.
#[uniffi::export]
pub fn puzzle_info(puzzle_id: String) -> Result<PuzzleInfo, MillsError> {
    guard(|| Ok(PuzzleInfo::from(&core::puzzle(&puzzle_id)?)))
}

/// The daily puzzle of the player's local calendar date: the same for everyone on that
/// date, with no network. `game`: of that game, or (`None`) of a game the date picks too.
/// `InvalidDate` for a date that does not exist.
#[uniffi::export(default(game = None))]
pub fn puzzle_daily(
    year: i32,
    month: u32,
    day: u32,
    game: Option<GameId>,
) -> Result<PuzzleInfo, MillsError> {
    guard(|| {
        let puzzle = core::daily_puzzle(game.map(Variant::from), year, month, day)?;
        Ok(PuzzleInfo::from(&puzzle))
    })
}

/// A rush's order: every puzzle of the game, difficulty rising, shuffled by `seed` (a new
/// seed each rush). The app keeps the clock: `puzzle_rush_seconds()`.
#[uniffi::export]
pub fn puzzle_rush_order(game: GameId, seed: u64) -> Vec<PuzzleInfo> {
    infos(&core::rush_order(game.into(), seed))
}

/// How long a rush lasts, in seconds.
#[uniffi::export]
pub fn puzzle_rush_seconds() -> u32 {
    core::RUSH_SECONDS
}

/// The game's puzzles of a grade (every grade for `None`) and a kind (both for `None`),
/// easiest first.
fn chosen(game: GameId, grade: Option<PuzzleGrade>, kind: Option<PuzzleKind>) -> Vec<core::Puzzle> {
    let kind = kind.map(Kind::from);
    core::choose(game.into(), grade.map(Grade::from))
        .into_iter()
        .filter(|p| kind.is_none_or(|k| p.kind() == k))
        .collect()
}

/// Free choice: the game's puzzles of a grade (every grade for `None`) and a kind (both
/// kinds for `None`), easiest first.
#[uniffi::export(default(grade = None, kind = None))]
pub fn puzzle_choose(
    game: GameId,
    grade: Option<PuzzleGrade>,
    kind: Option<PuzzleKind>,
) -> Vec<PuzzleInfo> {
    infos(&chosen(game, grade, kind))
}

/// How many puzzles a game has of one grade.
#[derive(Debug, Clone, Copy, PartialEq, Eq, uniffi::Record)]
pub struct PuzzleGradeCount {
    pub grade: PuzzleGrade,
    /// 0 for a grade the game has no puzzle of (Zhi Qi's easy: docs/puzzles.md).
    pub count: u32,
}

/// How many puzzles a game has of each grade, of a kind (both kinds for `None`): every
/// grade, easiest first, 0 for a grade it lacks. The apps offer only the grades with puzzles
/// and say which ones are missing (a kind with no puzzle at all counts 0 in every grade).
#[uniffi::export(default(kind = None))]
pub fn puzzle_grade_counts(game: GameId, kind: Option<PuzzleKind>) -> Vec<PuzzleGradeCount> {
    let list = chosen(game, None, kind);
    Grade::ALL
        .into_iter()
        .map(|grade| PuzzleGradeCount {
            grade: grade.into(),
            count: u32::try_from(list.iter().filter(|p| p.grade == grade).count())
                .unwrap_or(u32::MAX),
        })
        .collect()
}

/// The grade a free choice of the game and a kind (both kinds for `None`) opens on:
/// `preferred` (the player's last choice) if there are puzzles of it, else the easiest grade
/// there is; `None` only if the game has no puzzle of the kind (the apps say so in words).
#[uniffi::export(default(preferred = None, kind = None))]
pub fn puzzle_opening_grade(
    game: GameId,
    preferred: Option<PuzzleGrade>,
    kind: Option<PuzzleKind>,
) -> Option<PuzzleGrade> {
    let counts = puzzle_grade_counts(game, kind);
    let has = |grade: PuzzleGrade| counts.iter().any(|c| c.grade == grade && c.count > 0);
    preferred
        .filter(|&grade| has(grade))
        .or_else(|| counts.iter().map(|c| c.grade).find(|&grade| has(grade)))
}

/// Where an attempt stands.
#[derive(Debug, Clone, PartialEq, Eq, uniffi::Enum)]
pub enum PuzzleState {
    Playing,
    Solved,
    Failed { wrong: WrongTurn },
}

/// One puzzle on one screen, either kind, driven by taps like a `GameSession`. Thread-safe.
/// The defender answers at once, in the same call (no listener, no threads): from the
/// tables in an endgame, from the goal search in a tactic.
#[derive(uniffi::Object)]
pub struct PuzzleSession {
    inner: Arc<Mutex<PuzzleTapSession>>,
    /// The side that plays for the win.
    player: mills_core::Side,
    locale: Locale,
}

#[uniffi::export]
impl PuzzleSession {
    /// The puzzle with this id, its words for a platform locale tag (`zh-Hant-TW`, `zh-CN`,
    /// `en-GB`, ...). `NotAvailable` for an unknown id; for an endgame, `TablesNotReady`
    /// until `tables_prepare` has made its game's tables ready (a tactic needs no tables).
    #[uniffi::constructor]
    pub fn new(puzzle_id: String, locale: String) -> Result<Arc<PuzzleSession>, MillsError> {
        guard(|| {
            let puzzle = core::puzzle(&puzzle_id)?;
            let inner = match puzzle.kind() {
                Kind::Tactic => PuzzleTapSession::tactic(puzzle)?,
                Kind::Endgame => {
                    let game = puzzle.variant;
                    let tables = crate::tables::shelf()
                        .get(game)
                        .filter(|t| t.max_pieces() >= 4)
                        .ok_or(MillsError::TablesNotReady { game: game.into() })?;
                    PuzzleTapSession::new(puzzle, tables)?
                }
            };
            Ok(Arc::new(PuzzleSession {
                player: inner.puzzle().position()?.side_to_move(),
                inner: Arc::new(Mutex::new(inner)),
                locale: Locale::from_tag(&locale),
            }))
        })
    }

    pub fn puzzle(&self) -> PuzzleInfo {
        PuzzleInfo::from(self.lock().puzzle())
    }

    /// The goal in the session's language: "White to move and win in 5" (an endgame); a
    /// tactic's says what to gain within how many turns ("White to move: take 1 piece more
    /// than Black within 3 turns").
    pub fn goal(&self) -> String {
        let inner = self.lock();
        let puzzle = inner.puzzle();
        match puzzle.gain {
            Some(gain) => {
                let goal = core::TacticGoal {
                    gain,
                    turns: puzzle.turns,
                };
                core::tactic_goal_text(self.player, puzzle.variant, goal, self.locale)
            }
            None => core::goal_text(self.player, puzzle.turns, self.locale),
        }
    }

    /// The locale of the session's words (`en`, `zh-Hans` or `zh-Hant`).
    pub fn locale(&self) -> String {
        self.locale.tag().to_string()
    }

    /// The board to draw, as a game's (no undo; no targets once the attempt is over).
    pub fn snapshot(&self) -> Snapshot {
        self.lock().snapshot().into()
    }

    /// The board to draw from, as a game's (its `changes_since` gives a `Reset` after `retry`
    /// and after a hint that took back a turn begun).
    pub fn board(&self) -> Arc<BoardSession> {
        BoardSession::of(self.inner.clone())
    }

    /// A tap on a point by name: fails only for a name that is not a point.
    pub fn tap(&self, point: String) -> Result<TapResult, MillsError> {
        guard(|| {
            let point = parse_point(&point)?;
            let tap = self.lock().tap(point);
            Ok(self.tap_result(tap))
        })
    }

    /// A winning turn for the player's turn, as a game's hint (the whole turn: piece,
    /// destination, removals; a turn begun is taken back first). Counts as a hint.
    /// `GameOver` once the attempt is over.
    pub fn hint(&self) -> Result<Hint, MillsError> {
        guard(|| {
            let turn = self.lock().hint()?;
            let hint = mills_core::Hint::from_actions(turn, mills_core::WIN, 0);
            Ok(Hint {
                player: self.player.into(),
                notation: hint.notation,
                actions: actions_text(&hint.actions),
                piece: hint.piece.map(|p| p.to_string()),
                destination: hint.destination.map(|p| p.to_string()),
                removals: hint.removals.iter().map(|p| p.to_string()).collect(),
            })
        })
    }

    /// Back to the puzzle's position; the first attempt's result stays.
    pub fn retry(&self) {
        self.lock().retry();
    }

    /// The player's turns left to the goal.
    pub fn turns_left(&self) -> u8 {
        self.lock().turns_left()
    }

    /// Hints asked for so far, over every attempt.
    pub fn hints_used(&self) -> u32 {
        self.lock().hints_used()
    }

    pub fn state(&self) -> PuzzleState {
        match self.lock().state() {
            core::PuzzleState::Playing => PuzzleState::Playing,
            core::PuzzleState::Solved => PuzzleState::Solved,
            core::PuzzleState::Failed(wrong) => PuzzleState::Failed {
                wrong: self.wrong(&wrong),
            },
        }
    }

    /// The first attempt's result (what to record); `None` until it has one.
    pub fn result(&self) -> Option<PuzzleResult> {
        self.lock().result().map(Into::into)
    }
}

impl PuzzleSession {
    fn lock(&self) -> MutexGuard<'_, PuzzleTapSession> {
        // Every change completes before anything can panic: a poisoned lock guards nothing.
        self.inner.lock().unwrap_or_else(|e| e.into_inner())
    }

    fn wrong(&self, wrong: &core::WrongTurn) -> WrongTurn {
        WrongTurn {
            played: actions_text(&wrong.played),
            consequence: wrong.consequence.into(),
            explanation: core::consequence_text(wrong.consequence, self.locale),
            right: actions_text(&wrong.right),
        }
    }

    fn tap_result(&self, tap: PuzzleTap) -> TapResult {
        match tap {
            PuzzleTap::Selected(p) => TapResult::plain(TapStep::Selected {
                point: p.to_string(),
            }),
            PuzzleTap::Deselected(p) => TapResult::plain(TapStep::Deselected {
                point: p.to_string(),
            }),
            PuzzleTap::Refused(refusal) => TapResult::plain(TapStep::Refused {
                refusal: refusal.into(),
            }),
            PuzzleTap::Finished => TapResult::judged(TapStep::Unchanged, TapVerdict::Finished),
            PuzzleTap::Played(play) => {
                let verdict = match &play.verdict {
                    core::TurnVerdict::Continue => TurnVerdict::Continue,
                    core::TurnVerdict::Right { reply, turns_left } => TurnVerdict::Right {
                        reply: actions_text(reply),
                        turns_left: *turns_left,
                    },
                    core::TurnVerdict::Solved(result) => TurnVerdict::Solved {
                        result: (*result).into(),
                    },
                    core::TurnVerdict::Wrong(wrong) => TurnVerdict::Wrong {
                        wrong: self.wrong(wrong),
                    },
                };
                TapResult::judged(
                    TapStep::played(play.side, &play.action, play.turn_ended),
                    TapVerdict::Puzzle {
                        played_revision: play.player_revision,
                        verdict,
                    },
                )
            }
        }
    }
}
