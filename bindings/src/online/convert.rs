//! The online crate's room, events and taps as the apps see them (UniFFI records and enums
//! in `types`): sides become players, points and actions notation.

use mills_online::{Event, Tap};

use super::types::{OnlineEvent, PlayerInfo, RoomInfo};
use crate::types::{GameId, Player, TapResult, TapStep, TapVerdict};

/// What a tap did, for the app: `side` is the one to move after it (the player's own
/// when an action of theirs was entered, as the turn goes on).
pub(crate) fn tap_result(tap: Tap, side: mills_core::Side) -> TapResult {
    let unchanged = |verdict| TapResult::judged(TapStep::Unchanged, verdict);
    match tap {
        Tap::Selected(point) => TapResult::plain(TapStep::Selected {
            point: point.to_string(),
        }),
        Tap::Deselected(point) => TapResult::plain(TapStep::Deselected {
            point: point.to_string(),
        }),
        Tap::Entered(action) => TapResult::plain(TapStep::played(side, &action, false)),
        Tap::Refused(refusal) => TapResult::plain(TapStep::Refused {
            refusal: refusal.into(),
        }),
        Tap::Sent(actions) => unchanged(TapVerdict::Sent { actions }),
        Tap::NotYourTurn => unchanged(TapVerdict::NotYourTurn),
        Tap::AwaitingServer => unchanged(TapVerdict::AwaitingServer),
        Tap::NotStarted => unchanged(TapVerdict::NotStarted),
    }
}

/// An event of the room, for the app.
pub(crate) fn event(event: Event) -> OnlineEvent {
    match event {
        Event::RoomCreated { code, link } => OnlineEvent::RoomCreated { code, link },
        Event::OpponentJoined { name } => OnlineEvent::OpponentJoined { name },
        Event::OpponentPresence { online } => OnlineEvent::OpponentPresence { online },
        Event::OpponentMoved { side, actions } => OnlineEvent::OpponentMoved {
            player: side.into(),
            actions,
        },
        Event::TurnAccepted { actions } => OnlineEvent::TurnAccepted { actions },
        Event::TurnRefused { code, message } => OnlineEvent::TurnRefused { code, message },
        Event::TurnTimedOut { side } => OnlineEvent::TurnTimedOut {
            player: side.into(),
        },
        Event::GameOver { outcome } => OnlineEvent::GameOver {
            outcome: outcome.into(),
        },
        Event::RematchAsked { by } => OnlineEvent::RematchAsked {
            by: by.into_iter().map(Player::from).collect(),
        },
        Event::RematchStarted { game_number, you } => OnlineEvent::RematchStarted {
            game_number,
            you: you.into(),
        },
        Event::OpponentReported => OnlineEvent::OpponentReported,
        Event::OpponentBlocked => OnlineEvent::OpponentBlocked,
        Event::RequestRefused { code, message } => OnlineEvent::RequestRefused { code, message },
    }
}

/// The room, for the app.
pub(crate) fn room_info(info: &mills_online::RoomInfo) -> RoomInfo {
    RoomInfo {
        code: info.code.clone(),
        link: info.link.clone(),
        game: GameId::from(info.game),
        timer_seconds: info.timer_seconds,
        game_number: info.game_number,
        you: info.you.into(),
        players: info
            .seats
            .iter()
            .map(|seat| PlayerInfo {
                player: seat.side.into(),
                joined: seat.joined,
                name: seat.name.clone(),
                online: seat.online,
            })
            .collect(),
    }
}
