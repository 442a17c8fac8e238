//! The `--moves` flag shared by `perft`, `legal` and `play`: a list of actions in the notation
//! of RULES.md §2, replayed from the start of a game.
//!
//! Replaying goes through [`Game::replay`] rather than playing positions directly, so an
//! illegal action is reported with its 1-based index and the engine's reason, exactly as a
//! saved game would be.

use mills_core::{Action, DrawRules, Game, Rules, parse_actions};

use crate::args::Parsed;
use crate::error::CliError;

/// Rules with the history draws (repetition, quiet turns) switched off: perft ignores them
/// (RULES.md §2), so a line that repeats a position must still replay for perft.
pub fn without_history_draws(rules: Rules) -> Rules {
    rules.with_draws(DrawRules {
        repetitions: 0,
        quiet_turns: 0,
    })
}

/// The game after the actions of `--moves` (the start of the game if the flag is absent).
pub fn game_from_flag(
    parsed: &Parsed,
    rules: Rules,
    command: &'static str,
) -> Result<Game, CliError> {
    let text = parsed.value("--moves").unwrap_or("");
    let actions = parse_moves(text).map_err(|e| CliError::input(command, e))?;
    Game::replay(rules, &actions).map_err(|e| CliError::input(command, format!("--moves: {e}")))
}

/// Reads a move list, naming the 1-based token that cannot be read.
pub fn parse_moves(text: &str) -> Result<Vec<Action>, String> {
    let mut actions = Vec::new();
    for (index, token) in text.split_whitespace().enumerate() {
        let turn = parse_actions(token).map_err(|e| format!("--moves: word {}: {e}", index + 1))?;
        actions.extend(turn);
    }
    Ok(actions)
}

#[cfg(test)]
mod tests {
    use super::*;
    use mills_core::format_actions;

    #[test]
    fn whole_turns_and_single_actions_mix() {
        let actions = parse_moves("d6 a7xb4  d6-d5xd7").unwrap();
        assert_eq!(format_actions(&actions), "d6 a7 xb4 d6-d5 xd7");
    }

    #[test]
    fn the_unreadable_word_is_named() {
        let err = parse_moves("d6 d5 d4").unwrap_err();
        assert!(
            err.starts_with("--moves: word 3: cannot read 'd4'"),
            "{err}"
        );
    }
}
