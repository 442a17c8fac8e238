//! The computer's own games: two levels playing each other, seeded and without the levels'
//! time caps, so a seed plays the same game on any machine and under any load (the tactics
//! are mined from such games, docs/puzzles.md).

use crate::cancel::CancelToken;
use crate::game::Game;
use crate::level::{Level, Style};
use crate::limits::SearchLimits;
use crate::rules::Rules;

use super::search::{Engine, SearchOptions};

/// A level's style without its time cap: its depth and randomness only.
fn untimed(level: Level) -> Style {
    let style = level.style();
    Style {
        limits: SearchLimits {
            time: None,
            ..style.limits
        },
        ..style
    }
}

/// A game between `levels` (the first player's, the second's), each searching as its level
/// does but to its depth whatever the time, seeded by `seed`, played until it ends or
/// `max_turns` turns have begun. Level 10 has no depth: it would search without end, so it
/// plays as level 9.
pub fn self_play(rules: Rules, levels: [Level; 2], seed: u64, max_turns: usize) -> Game {
    let levels = levels.map(|level| level.min(Level::new(9).expect("a level")));
    let mut engines = levels.map(|level| {
        let mut engine = Engine::new(seed);
        engine.set_options(SearchOptions::default().for_level(level));
        engine
    });
    let cancel = CancelToken::new();
    let mut game = Game::new(rules);
    while !game.is_over() && game.turn_count() <= max_turns {
        let side = game.position().side_to_move().index();
        let turn = engines[side].choose_turn_with_style(&game, untimed(levels[side]), &cancel);
        if turn.is_empty() {
            break;
        }
        for action in turn {
            game.play(action).expect("the engine plays legal actions");
        }
    }
    game
}
