//! A room's stored entries played into the engine's game: the server rebuilding a room from
//! its rows or following another process, the client drawing what the server stored.

use mills_core::{Action, Game, Rules};
use mills_protocol::{Entry, EntryKind};

use crate::names::{read_actions, side};

/// An entry played: the game after it and the actions it played (none for a resignation).
#[derive(Clone, Debug)]
pub struct Played {
    pub game: Game,
    pub actions: Vec<Action>,
}

/// Plays `entry` on a copy of `game`; why not, when it does not follow on (an action that
/// does not read or is illegal there, a resignation of a finished game).
pub fn play_entry(game: &Game, entry: &Entry) -> Result<Played, String> {
    let mut after = game.clone();
    match entry.kind {
        EntryKind::Resign => {
            after.resign(side(entry.side)).map_err(|e| e.to_string())?;
            Ok(Played {
                game: after,
                actions: Vec::new(),
            })
        }
        EntryKind::Turn | EntryKind::Pass => {
            let actions = read_actions(&entry.actions).map_err(|e| e.to_string())?;
            for &action in &actions {
                after.play(action).map_err(|e| format!("{action}: {e}"))?;
            }
            Ok(Played {
                game: after,
                actions,
            })
        }
    }
}

/// A game's entries replayed from its start.
#[derive(Clone, Debug)]
pub struct Replayed {
    /// The game after the last entry that followed on.
    pub game: Game,
    /// That entry's revision (0 for none).
    pub revision: u64,
    /// Every entry followed on.
    pub complete: bool,
}

/// Replays a game of `rules` from `entries` in order, stopping at the first that does not
/// follow on.
pub fn replay(rules: Rules, entries: &[Entry]) -> Replayed {
    let mut replayed = Replayed {
        game: Game::new(rules),
        revision: 0,
        complete: true,
    };
    for entry in entries {
        match play_entry(&replayed.game, entry) {
            Ok(played) => {
                replayed.game = played.game;
                replayed.revision = entry.revision;
            }
            Err(why) => {
                log::info!("online: entry {} does not replay: {why}", entry.revision);
                replayed.complete = false;
                break;
            }
        }
    }
    replayed
}

#[cfg(test)]
mod tests {
    use mills_protocol::Seat;

    use super::*;

    fn entry(revision: u64, kind: EntryKind, side: Seat, actions: &[&str]) -> Entry {
        Entry {
            revision,
            kind,
            side,
            actions: actions.iter().map(|a| a.to_string()).collect(),
        }
    }

    #[test]
    fn entries_replay_until_one_does_not_follow_on() {
        let entries = [
            entry(1, EntryKind::Turn, Seat::P1, &["d6"]),
            entry(2, EntryKind::Pass, Seat::P2, &["pass"]),
            entry(3, EntryKind::Turn, Seat::P1, &["d6"]),
            entry(4, EntryKind::Turn, Seat::P2, &["a1"]),
        ];
        let all = replay(Rules::TWELVE_MENS_MORRIS, &entries[..2]);
        assert!(all.complete);
        assert_eq!(all.revision, 2);
        assert_eq!(all.game.actions().len(), 2);
        let stopped = replay(Rules::TWELVE_MENS_MORRIS, &entries);
        assert!(!stopped.complete, "d6 is taken at revision 3");
        assert_eq!(stopped.revision, 2);
    }

    #[test]
    fn a_resignation_ends_the_game_once() {
        let game = Game::new(Rules::ZHIQI);
        let resign = entry(1, EntryKind::Resign, Seat::P2, &[]);
        let played = play_entry(&game, &resign).unwrap();
        assert!(played.game.is_over() && played.actions.is_empty());
        assert!(play_entry(&played.game, &resign).is_err());
        assert!(play_entry(&game, &entry(1, EntryKind::Turn, Seat::P1, &["q9"])).is_err());
    }
}
