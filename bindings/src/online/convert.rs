//! The online crate's room, events and taps as the apps see them (UniFFI records and enums
//! in `types`): sides become players, points and actions notation.

use mills_online::{Event, Tap};

use super::types::{OnlineEvent, OnlineTapResult, PlayerInfo, RoomInfo};
use crate::types::{GameId, Player};

/// What a tap did, for the app.
pub(crate) fn tap_result(tap: Tap) -> OnlineTapResult {
    match tap {
        Tap::Selected(point) => OnlineTapResult::Selected {
            point: point.to_string(),
        },
        Tap::Deselected(point) => OnlineTapResult::Deselected {
            point: point.to_string(),
        },
        Tap::Entered(action) => OnlineTapResult::Entered {
            action: action.to_string(),
        },
        Tap::Sent(actions) => OnlineTapResult::Sent { actions },
        Tap::Refused(refusal) => OnlineTapResult::Refused {
            refusal: refusal.into(),
        },
        Tap::NotYourTurn => OnlineTapResult::NotYourTurn,
        Tap::AwaitingServer => OnlineTapResult::AwaitingServer,
        Tap::NotStarted => OnlineTapResult::NotStarted,
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
