//! What a typed line asks for, and the taps a turn becomes: the board is tapped point by
//! point, as a player of the apps would.

use mills_core::Action;

use crate::play::Command;

/// What a line asks for: `play`'s commands, and `rematch`.
#[derive(Debug, PartialEq, Eq)]
pub enum Line {
    Rematch,
    Play(Command),
}

impl Line {
    pub fn read(text: &str) -> Line {
        if text.trim().eq_ignore_ascii_case("rematch") {
            Line::Rematch
        } else {
            Line::Play(Command::read(text))
        }
    }
}

/// The points an action taps on the board, as a player would: a step is its piece, then
/// where it goes.
pub fn taps(action: Action) -> Vec<mills_core::Point> {
    match action {
        Action::Place(point) | Action::Remove(point) => vec![point],
        Action::Step { from, to } => vec![from, to],
        Action::Pass => Vec::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rematch_is_a_line_of_its_own_and_the_rest_is_plays() {
        assert_eq!(Line::read(" Rematch\n"), Line::Rematch);
        assert_eq!(Line::read("resign"), Line::Play(Command::Resign));
        assert_eq!(
            Line::read("d6-d5xd7"),
            Line::Play(Command::Actions("d6-d5xd7".into()))
        );
    }

    #[test]
    fn a_step_is_tapped_as_its_piece_then_its_point() {
        let step: Action = "d6-d5".parse().unwrap();
        assert_eq!(
            taps(step).iter().map(|p| p.to_string()).collect::<Vec<_>>(),
            ["d6", "d5"]
        );
        assert!(taps(Action::Pass).is_empty());
    }
}
