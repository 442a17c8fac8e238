//! `mills legal`: the legal actions and the state of the game after some moves.
//!
//! The output is line-oriented, one `key: value` per line, always the same keys in the same
//! order, so tools can read it with a split on the first `": "`. Values that do not apply
//! (the side to move of a finished game) are `-`. Two numbers are P1's then P2's.
//!
//! ```text
//! legal: xd7 xa1            actions in the notation of RULES.md §2, space separated
//!                           (empty after "legal:" when the game is over)
//! status: ongoing           or "P1 wins (took-all)", "draw (board-full)", ...
//! to-move: P2               P1, P2, or - when the game is over
//! phase: moving             placing | moving
//! must: pull                place | step | pin N | capture N | pull | step-after-pull | -
//! hand: 0 0                 pieces in hand
//! stable: 0 0               pieces in the stable (Linked-Horse; 0 elsewhere)
//! lost: 3 4                 pieces lost to captures, pins and pulls
//! pins: 2 1                 pins made (Zhi Qi: each adds a piece from outside the hand)
//! p1: a7 d7 g7              P1's pieces on the board
//! p2: g4 g1                 P2's pieces on the board
//! ```
//!
//! Win reasons: took-all, reduced-to-two, three-in-line, blocked, resignation. Draw reasons:
//! board-full, both-at-two, repetition, quiet-turns (the ids of the engine's serde names).

use std::io::Write;

use mills_core::{
    Bitboard, Game, Outcome, Pending, Phase, RemovalKind, Rules, Side, format_actions,
};

use crate::args::{self, CommandSpec, FlagSpec};
use crate::error::CliError;
use crate::moves;

pub const SPEC: CommandSpec = CommandSpec {
    name: "legal",
    summary: "Print the legal actions and the state of the game, as 'key: value' lines.",
    details: "\
Output, always these keys in this order (pairs are P1 then P2):
  legal: d6 d6-d5 xd7 ...   the legal actions (nothing after 'legal:' if over)
  status: ongoing           or 'P1 wins (took-all)', 'draw (board-full)', ...
  to-move: P1               P1, P2, or - when the game is over
  phase: placing            placing or moving
  must: place               place, step, pin N, capture N, pull, step-after-pull, -
  hand: 12 12               pieces in hand
  stable: 0 0               pieces in the stable (Linked-Horse)
  lost: 0 0                 pieces lost to captures, pins and pulls
  pins: 0 0                 pins made (Zhi Qi)
  p1: a7 d7                 P1's pieces on the board
  p2: g1                    P2's pieces on the board
Win reasons: took-all, reduced-to-two, three-in-line, blocked, resignation.
Draw reasons: board-full, both-at-two, repetition, quiet-turns.
",
    positionals: "",
    max_positionals: 0,
    flags: &[FlagSpec::required_game(args::GAME_HELP), args::MOVES_FLAG],
};

/// Runs `mills legal` with the words after `legal`.
pub fn run(words: &[String], out: &mut impl Write) -> Result<(), CliError> {
    let Some(parsed) = args::parse_or_help(&SPEC, words, out)? else {
        return Ok(());
    };
    let variant = parsed.required_game()?;
    let game = moves::game_from_flag(&parsed, Rules::of(variant), SPEC.name)?;
    write!(out, "{}", report(&game))?;
    Ok(())
}

/// The whole report for `game`, in the format of the module documentation.
pub fn report(game: &Game) -> String {
    let position = game.position();
    let over = game.is_over();
    // A game ended by history (repetition) still has moves in its position: list none.
    let legal = if over {
        String::new()
    } else {
        format_actions(&position.legal_actions())
    };
    let pair = |f: &dyn Fn(Side) -> u8| format!("{} {}", f(Side::P1), f(Side::P2));
    let lines = [
        ("legal", legal),
        ("status", status(game.outcome())),
        (
            "to-move",
            if over {
                "-".to_string()
            } else {
                position.side_to_move().to_string()
            },
        ),
        ("phase", phase(position.phase()).to_string()),
        (
            "must",
            if over {
                "-".to_string()
            } else {
                must(position)
            },
        ),
        ("hand", pair(&|s| position.hand(s))),
        ("stable", pair(&|s| position.stable(s))),
        ("lost", pair(&|s| position.lost(s))),
        ("pins", pair(&|s| position.pins_made(s))),
        ("p1", points(position.board(Side::P1))),
        ("p2", points(position.board(Side::P2))),
    ];
    let mut text = String::new();
    for (key, value) in lines {
        // No trailing space after an empty value: `legal:` alone when the game is over.
        if value.is_empty() {
            text.push_str(&format!("{key}:\n"));
        } else {
            text.push_str(&format!("{key}: {value}\n"));
        }
    }
    text
}

/// `ongoing`, `P1 wins (took-all)` or `draw (board-full)`: the same ids as a record's
/// `result:` line, so one function writes both.
pub fn status(outcome: Option<Outcome>) -> String {
    mills_core::result_id(outcome)
}

fn phase(phase: Phase) -> &'static str {
    match phase {
        Phase::Placing => "placing",
        Phase::Moving => "moving",
    }
}

/// What the side to move must do next, as a token: `place`, `capture 2`, `pull`, ...
fn must(position: &mills_core::Position) -> String {
    match position.pending() {
        Pending::None => match position.phase() {
            Phase::Placing => "place".to_string(),
            Phase::Moving => "step".to_string(),
        },
        Pending::Remove { kind, count } => match kind {
            RemovalKind::Pin => format!("pin {count}"),
            RemovalKind::Capture => format!("capture {count}"),
            RemovalKind::Pull => "pull".to_string(),
        },
        Pending::StepAfterPull => "step-after-pull".to_string(),
    }
}

fn points(set: Bitboard) -> String {
    set.map(|p| p.to_string()).collect::<Vec<_>>().join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;
    use mills_core::{DrawReason, WinReason};

    #[test]
    fn start_of_zhiqi_is_described() {
        let report = report(&Game::new(Rules::ZHIQI));
        let lines: Vec<&str> = report.lines().collect();
        assert_eq!(lines[0].split(' ').count(), 25, "legal: and 24 placements");
        assert_eq!(
            &lines[1..],
            [
                "status: ongoing",
                "to-move: P1",
                "phase: placing",
                "must: place",
                "hand: 12 12",
                "stable: 0 0",
                "lost: 0 0",
                "pins: 0 0",
                "p1:",
                "p2:",
            ]
        );
    }

    #[test]
    fn outcomes_have_stable_ids() {
        let win = Outcome::Win {
            winner: Side::P2,
            reason: WinReason::Blocked,
        };
        assert_eq!(status(Some(win)), "P2 wins (blocked)");
        let draw = Outcome::Draw {
            reason: DrawReason::BothAtTwo,
        };
        assert_eq!(status(Some(draw)), "draw (both-at-two)");
    }
}
