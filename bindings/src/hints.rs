//! Hints (the best whole turn for the side to move) and analysis (who stands better) for
//! a session's game. Both search at full strength and **block** the calling thread for up
//! to their time limit: call them from a background thread, never the UI thread.
//! `cancel_hint()` (from any thread) ends the one in progress early.

use std::time::Duration;

use mills_core::{self as ai, CancelToken, ExactResult, SearchLimits};

use crate::error::{MillsError, guard};
use crate::session::GameSession;
use crate::types::{Player, actions_text};

/// The longest a hint or an evaluation may search.
const MAX_SEARCH_MS: u32 = 10_000;

/// The suggested rest of the turn for the side to move.
#[derive(Debug, Clone, PartialEq, Eq, uniffi::Record)]
pub struct Hint {
    pub player: Player,
    /// The turn as one token (`d6-d5xd7`; `xb4d5-b4` for a pull and its step).
    pub notation: String,
    /// Its actions in order, each what one tap (or two, for a step) plays.
    pub actions: Vec<String>,
    /// The piece that steps; absent for a placement or a turn of removals only.
    pub piece: Option<String>,
    /// Where the placed or stepped piece arrives.
    pub destination: Option<String>,
    /// The pieces the turn removes (captures, pins, a pull), in order.
    pub removals: Vec<String>,
}

/// Who stands better, for the evaluation bar and its words ("White is better").
#[derive(Debug, Clone, Copy, PartialEq, Eq, uniffi::Enum)]
pub enum Verdict {
    Equal,
    SlightlyBetter {
        player: Player,
    },
    Better {
        player: Player,
    },
    /// A decisive advantage, no forced win found.
    Winning {
        player: Player,
    },
    /// The search found a forced win.
    ForcedWin {
        player: Player,
    },
    /// Known exactly (the game is over, or endgame tables know it): `player` wins in
    /// `turns` turns (0: already won).
    ExactWin {
        player: Player,
        turns: u32,
    },
    /// Known exactly: a draw.
    ExactDraw,
}

impl From<ai::Verdict> for Verdict {
    fn from(verdict: ai::Verdict) -> Verdict {
        use ai::Verdict as V;
        match verdict {
            V::Equal => Verdict::Equal,
            V::SlightlyBetter(side) => Verdict::SlightlyBetter {
                player: side.into(),
            },
            V::Better(side) => Verdict::Better {
                player: side.into(),
            },
            V::Winning(side) => Verdict::Winning {
                player: side.into(),
            },
            V::ForcedWin(side) => Verdict::ForcedWin {
                player: side.into(),
            },
            V::Exact(ExactResult::Win { winner, turns }) => Verdict::ExactWin {
                player: winner.into(),
                turns,
            },
            V::Exact(ExactResult::Draw) => Verdict::ExactDraw,
        }
    }
}

/// What the evaluation bar shows.
#[derive(Debug, Clone, PartialEq, uniffi::Record)]
pub struct Evaluation {
    /// The engine's score for P1, in hundredths of a piece (0 for an exact result).
    pub score_for_p1: i32,
    pub verdict: Verdict,
    /// P1's share of the bar, 0 to 1 (one half: equal).
    pub bar: f64,
}

fn limits(time_ms: u32) -> SearchLimits {
    let ms = time_ms.clamp(1, MAX_SEARCH_MS);
    SearchLimits::time(Duration::from_millis(u64::from(ms)))
}

impl GameSession {
    /// A fresh cancel token for the search about to start (cancelling the previous one).
    fn start_search(&self) -> Result<CancelToken, MillsError> {
        if self.inner.is_closed() {
            return Err(MillsError::SessionClosed);
        }
        let token = CancelToken::new();
        let mut slot = self.hint_cancel.lock().unwrap_or_else(|e| e.into_inner());
        slot.cancel();
        *slot = token.clone();
        Ok(token)
    }
}

#[uniffi::export]
impl GameSession {
    /// The best rest of the turn for the side to move, searched for about `time_ms`
    /// (1..=10000; 1000 is the apps' Hint button) at full strength. **Blocks** for up to
    /// that long: call it off the UI thread. Absent if cancelled (`cancel_hint`, a new
    /// game, `shut_down`) or if the position changed meanwhile; `GameOver` when the game
    /// is over. Each hint given counts in `hints_used`.
    pub fn hint(&self, time_ms: u32) -> Result<Option<Hint>, MillsError> {
        guard(|| {
            let cancel = self.start_search()?;
            let player = self
                .inner
                .read_game(|game| game.position().side_to_move())
                .into();
            // The session counts the hint (and saves the count) only if it is given: a
            // move played while searching makes it stale, and it is dropped.
            let Some(hint) = self.inner.hint(limits(time_ms), &cancel)? else {
                return Ok(None);
            };
            Ok(Some(Hint {
                player,
                notation: hint.notation,
                actions: actions_text(&hint.actions),
                piece: hint.piece.map(|p| p.to_string()),
                destination: hint.destination.map(|p| p.to_string()),
                removals: hint.removals.iter().map(|p| p.to_string()).collect(),
            }))
        })
    }

    /// Who stands better now, from a search of about `time_ms` (1..=10000); exact when the
    /// game is over. **Blocks** like `hint` (off the UI thread); absent if cancelled.
    pub fn evaluate(&self, time_ms: u32) -> Result<Option<Evaluation>, MillsError> {
        guard(|| {
            let cancel = self.start_search()?;
            // Exact ("wins in N turns", draw) where the endgame tables know the position.
            Ok(self
                .inner
                .evaluate(limits(time_ms), &cancel)
                .map(|evaluation| Evaluation {
                    score_for_p1: evaluation.score_for_p1,
                    verdict: evaluation.verdict.into(),
                    bar: evaluation.bar(),
                }))
        })
    }

    /// Ends the hint or evaluation in progress (it returns absent); from any thread.
    pub fn cancel_hint(&self) {
        self.hint_cancel
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .cancel();
    }

    /// Hints given in this game: saved with it (the autosave and `save()`), so a restored
    /// game goes on counting; reset by `new_game`; an imported record starts from its
    /// `hints:`. Finished games against the computer count them in the statistics.
    pub fn hints_used(&self) -> u32 {
        self.inner.hints_used()
    }
}

#[cfg(test)]
mod tests {
    use std::time::Instant;

    use super::*;
    use crate::test_support::{pass_and_play, play};
    use crate::{GameId, RecordDetails};

    #[test]
    fn a_hint_is_a_whole_turn_the_player_can_tap() {
        let s = pass_and_play(GameId::TwelveMensMorris);
        play(&s, &["a1", "g1", "a4", "g4"]);
        let hint = s.hint(300).unwrap().expect("a hint");
        assert_eq!(hint.player, Player::P1);
        // Take the mill a7 with its capture, or block P2's g7: the engine's choice between the
        // two depends on how deep 300 ms reaches (a7 to depth 9, g7 from depth 11), so on the
        // machine's speed; either way the hint is the whole turn, capture included.
        let mill = match hint.destination.as_deref() {
            Some("a7") => true,
            Some("g7") => false,
            _ => panic!("neither the mill nor the block: {hint:?}"),
        };
        assert_eq!(hint.removals.len(), usize::from(mill), "{hint:?}");
        assert_eq!(hint.notation, hint.actions.concat());
        let actions: Vec<&str> = hint.actions.iter().map(String::as_str).collect();
        play(&s, &actions);
        assert_eq!(s.snapshot().to_move, Player::P2);
        assert_eq!(s.hints_used(), 1);
        let text = s
            .export_record(RecordDetails {
                date: None,
                p1_name: None,
                p2_name: None,
            })
            .unwrap();
        assert!(text.contains("\nhints: 1\n"), "{text}");
        s.new_game();
        assert_eq!(s.hints_used(), 0);
    }

    #[test]
    fn every_hint_of_a_game_plays_as_a_legal_turn() {
        for game in [GameId::Zhiqi, GameId::LinkedHorse, GameId::TwelveMensMorris] {
            let s = pass_and_play(game);
            for _ in 0..8 {
                if s.snapshot().outcome.is_some() {
                    break;
                }
                let player = s.snapshot().to_move;
                let hint = s.hint(50).unwrap().expect("a hint");
                assert_eq!(hint.player, player);
                let actions: Vec<&str> = hint.actions.iter().map(String::as_str).collect();
                play(&s, &actions);
                let snap = s.snapshot();
                assert!(
                    snap.outcome.is_some() || snap.to_move != player,
                    "{game:?} {hint:?}"
                );
            }
        }
    }

    #[test]
    fn a_hint_is_refused_when_over_or_closed_and_stops_when_cancelled() {
        let s = pass_and_play(GameId::Zhiqi);
        let canceller = {
            let s = s.clone();
            std::thread::spawn(move || {
                std::thread::sleep(Duration::from_millis(100));
                s.cancel_hint();
            })
        };
        let started = Instant::now();
        assert_eq!(s.hint(MAX_SEARCH_MS), Ok(None));
        assert!(started.elapsed() < Duration::from_secs(9));
        canceller.join().unwrap();
        assert_eq!(s.hints_used(), 0);
        s.resign().unwrap();
        assert_eq!(s.hint(10), Err(MillsError::GameOver));
        s.shut_down();
        assert_eq!(s.hint(10), Err(MillsError::SessionClosed));
    }

    #[test]
    fn the_evaluation_is_exact_once_the_game_is_over() {
        let s = pass_and_play(GameId::TwelveMensMorris);
        play(&s, &["a1", "g1"]);
        let live = s.evaluate(50).unwrap().expect("an evaluation");
        assert!(live.bar > 0.0 && live.bar < 1.0, "{live:?}");
        assert!(!matches!(
            live.verdict,
            Verdict::ExactWin { .. } | Verdict::ExactDraw
        ));
        s.resign().unwrap();
        let over = s.evaluate(50).unwrap().unwrap();
        assert_eq!(
            over.verdict,
            Verdict::ExactWin {
                player: Player::P2,
                turns: 0
            }
        );
        assert_eq!(over.bar, 0.0);
    }
}
