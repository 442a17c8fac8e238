//! The client's picture of one room, without threads or sockets: what the server told it,
//! the board drawn from that, the turn being entered and the turn or resignation awaiting
//! the server's acknowledgement. Every server message goes through [`Room::receive`], every
//! player action through `tap`, `resign` and `rematch`; each returns the events to tell the
//! app, and leaves the messages to send in the outbox for the connection to take.
//!
//! **A turn is shown only once the server has stored it.** The actions of the turn being
//! entered are drawn as they are tapped (a placed piece waiting for its capture), but the tap
//! that would end the turn is not played on the board: the whole turn is sent, and drawn when
//! the server's `update` brings it back. A refused turn therefore never reaches the board; the
//! part already entered is taken back with one `Reset` (the server moved on: a timer pass,
//! the opponent resigned).

use std::time::{Duration, Instant};

use mills_core::{self as core, Action, Game, Outcome, Rules, Side, Variant};
use mills_protocol::{ClientMessage, ErrorCode, Seat, ServerMessage};

use super::events::{Event, Fatal, RoomInfo, SeatInfo, Tap, TurnNotSent};
use crate::clock::TurnClock;
use crate::names::{seat, side as seat_side, write_actions};
use crate::plan;
use crate::replay::{play_entry, replay};

/// What the app asked this session for, until the server has given a room.
#[derive(Debug, Clone)]
pub enum Intent {
    Create {
        game: String,
        timer: u32,
        side: Option<Seat>,
    },
    Join {
        code: String,
    },
    Open {
        room: String,
    },
}

/// A turn or resignation sent and not yet acknowledged: resent with the same `id` (the
/// server applies an id once) after every reconnect until it is answered.
#[derive(Debug, Clone)]
pub struct Pending {
    pub id: String,
    pub game: u32,
    /// The game's revision when the player made it.
    pub revision: u64,
    /// The turn's actions; `None` for a resignation.
    pub actions: Option<Vec<Action>>,
}

/// One room as this client knows it (the module's doc says how it is used).
pub struct Room {
    pub intent: Intent,
    pub info: Option<RoomInfo>,
    players: Vec<mills_protocol::Player>,
    /// The board the app draws: confirmed entries, then `draft`.
    pub board: core::GameSession,
    /// The current game's number in the room.
    game_number: u32,
    /// Entries stored by the server that the board shows.
    revision: u64,
    /// The confirmed game's actions (what `revision` entries played).
    confirmed: Game,
    /// The actions of the player's turn in progress, drawn on the board but not sent.
    draft: Vec<Action>,
    pub pending: Option<Pending>,
    /// The server put the pending turn off (`rate-limited`, a busy store): when to send it
    /// again on this connection.
    pub resend_at: Option<Instant>,
    /// The server's turn clock as last heard.
    clock: Option<TurnClock>,
    pub outcome: Option<mills_protocol::Outcome>,
    pub record: Option<String>,
    rematch_asked: Vec<Seat>,
    /// The player asked for a rematch: asked again after a reconnect until it starts.
    rematch_wanted: bool,
    /// Messages for the connection to send, in order (only while it has the room open).
    outbox: Vec<ClientMessage>,
    /// This connection has received the room (after `open`, `join` or `create`).
    pub room_open: bool,
    /// This device blocked the opponent here: the opponent's name is never shown.
    pub opponent_blocked: bool,
    /// Reports and blocks not yet answered: sent again with the room after a reconnect.
    moderation: Vec<ClientMessage>,
    /// Since when the opponent's connection is gone, as this device learnt it: the server's
    /// presence message, or the room received with them away. `None` while they are online.
    opponent_away_since: Option<Instant>,
    id_prefix: String,
    next_id: u64,
}

impl Room {
    /// A room for `intent` drawn on a quiet board of `game` (redrawn for the server's game
    /// once the room is known); `id_prefix` keeps this client's ids unique in the room.
    pub fn for_game(intent: Intent, game: Variant, id_prefix: String) -> Room {
        let config = core::SessionConfig::new(game).with_mode(core::Mode::PassAndPlay);
        Room::new(
            intent,
            core::GameSession::new(config, quiet_options()),
            id_prefix,
        )
    }

    /// A room for `intent` drawn on `board`.
    pub fn new(intent: Intent, board: core::GameSession, id_prefix: String) -> Room {
        let confirmed = board.game();
        Room {
            intent,
            info: None,
            players: Vec::new(),
            board,
            game_number: 0,
            revision: 0,
            confirmed,
            draft: Vec::new(),
            pending: None,
            resend_at: None,
            clock: None,
            outcome: None,
            record: None,
            rematch_asked: Vec::new(),
            rematch_wanted: false,
            outbox: Vec::new(),
            room_open: false,
            opponent_blocked: false,
            moderation: Vec::new(),
            opponent_away_since: None,
            id_prefix,
            next_id: 0,
        }
    }

    // ---- The connection ---------------------------------------------------------------

    /// A new connection said `hello` and was welcomed: what to send to get the room.
    pub fn on_connected(&mut self) -> ClientMessage {
        self.room_open = false;
        // Opening the room sends what is pending anyway.
        self.resend_at = None;
        self.outbox.clear();
        match (&self.info, &self.intent) {
            (Some(info), _) => ClientMessage::Open {
                room: info.code.clone(),
            },
            (None, Intent::Create { game, timer, side }) => ClientMessage::Create {
                game: game.clone(),
                timer: *timer,
                side: *side,
                // The same id on every connection: a create whose `created` was lost with
                // the connection is answered with its room, not a second one.
                id: Some(format!("{}-create", self.id_prefix)),
            },
            (None, Intent::Join { code }) => ClientMessage::Join { code: code.clone() },
            (None, Intent::Open { room }) => ClientMessage::Open { room: room.clone() },
        }
    }

    pub fn on_disconnected(&mut self) {
        self.room_open = false;
    }

    /// The messages to send at `now` (empty until the room is open on this connection): the
    /// queued ones, and the pending turn again once the wait the server named is over.
    pub fn take_outbox(&mut self, now: Instant) -> Vec<ClientMessage> {
        if !self.room_open {
            return Vec::new();
        }
        if self.resend_at.is_some_and(|at| now >= at) {
            self.resend_at = None;
            if let Some(message) = self.pending.as_ref().and_then(|p| self.pending_message(p)) {
                self.outbox.push(message);
            }
        }
        std::mem::take(&mut self.outbox)
    }

    /// Whether the room is known and the app's actions can address it.
    fn room_id(&self) -> Option<String> {
        self.info.as_ref().map(|info| info.code.clone())
    }

    // ---- The server's messages ----------------------------------------------------------

    /// Applies one server message heard at `now`; returns the events for the owner, or the
    /// failure that ends the session.
    pub fn receive(&mut self, message: ServerMessage, now: Instant) -> Result<Vec<Event>, Fatal> {
        let mut events = Vec::new();
        match message {
            ServerMessage::Welcome { .. } | ServerMessage::Pong { .. } => {}
            ServerMessage::Created { room, link } => {
                self.load_room(room, Some(link), now, &mut events);
            }
            ServerMessage::Room { room } => self.load_room(room, None, now, &mut events),
            ServerMessage::Update {
                room,
                game,
                entries,
                clock,
                outcome,
                record,
            } => {
                if Some(&room) != self.info.as_ref().map(|i| &i.code) || game != self.game_number {
                    return Ok(events);
                }
                if !self.apply_entries(&entries, &mut events) {
                    // A gap: ask for the whole room again.
                    self.outbox.push(ClientMessage::Open { room });
                    return Ok(events);
                }
                self.set_clock(&clock, now);
                if outcome.is_some() {
                    self.outcome = outcome;
                    self.record = record;
                }
            }
            ServerMessage::Accepted { id, revision, .. } => {
                if self.pending.as_ref().is_some_and(|p| p.id == id) && revision <= self.revision {
                    // The update with the entry came first: nothing is waiting any more.
                    self.pending = None;
                }
            }
            ServerMessage::RematchAsked { game, asked, .. } => {
                if game == self.game_number {
                    self.rematch_asked = asked.clone();
                    events.push(Event::RematchAsked {
                        by: asked.into_iter().map(seat_side).collect(),
                    });
                }
            }
            ServerMessage::Presence { seat, online, .. } => {
                if let Some(player) = self.players.iter_mut().find(|p| p.seat == seat) {
                    player.online = online;
                }
                self.refresh_info(now);
                if self.info.as_ref().is_some_and(|i| seat_side(seat) != i.you) {
                    events.push(Event::OpponentPresence { online });
                }
            }
            ServerMessage::Reported { room } => {
                if self.answered_moderation(&room, |m| matches!(m, ClientMessage::Report { .. })) {
                    events.push(Event::OpponentReported);
                }
            }
            ServerMessage::Blocked { room } => {
                if self.answered_moderation(&room, |m| matches!(m, ClientMessage::Block { .. })) {
                    events.push(Event::OpponentBlocked);
                }
            }
            ServerMessage::Error {
                code,
                message,
                id,
                retry_after_ms,
                ..
            } => return self.refused(code, message, id, retry_after_ms, now, events),
        }
        Ok(events)
    }

    /// Takes the first unanswered report or block of `room` that `is_it` picks; whether
    /// there was one.
    fn answered_moderation(&mut self, room: &str, is_it: impl Fn(&ClientMessage) -> bool) -> bool {
        if self.room_id().as_deref() != Some(room) {
            return false;
        }
        match self.moderation.iter().position(is_it) {
            Some(at) => {
                self.moderation.remove(at);
                true
            }
            None => false,
        }
    }

    fn refused(
        &mut self,
        code: ErrorCode,
        message: String,
        id: Option<String>,
        retry_after_ms: Option<u64>,
        now: Instant,
        mut events: Vec<Event>,
    ) -> Result<Vec<Event>, Fatal> {
        let fatal = |retry| Fatal {
            code: code.id().to_string(),
            message: message.clone(),
            retry,
        };
        // The room cannot be had: nothing this session can do will change that.
        let no_room = matches!(
            code,
            ErrorCode::UnknownCode
                | ErrorCode::RoomFull
                | ErrorCode::UnknownGame
                | ErrorCode::BadTimer
                | ErrorCode::TooManyRooms
                | ErrorCode::Blocked
        ) && self.info.is_none();
        let final_code = matches!(
            code,
            ErrorCode::UnsupportedVersion | ErrorCode::NotInRoom | ErrorCode::NameRefused
        );
        if no_room || final_code {
            return Err(fatal(false));
        }
        // A rematch with a blocked player, or a report or block over the budget: said to
        // the app, not asked again.
        if matches!(code, ErrorCode::Blocked | ErrorCode::TooManyReports) {
            if code == ErrorCode::Blocked {
                self.rematch_wanted = false;
            } else {
                self.moderation.clear();
            }
            events.push(Event::RequestRefused {
                code: code.id().to_string(),
                message,
            });
            return Ok(events);
        }
        // Creating, joining or opening the room was put off (rate-limited, a busy store, a
        // server shutting down): ask again on a later connection.
        if self.info.is_none() && code.is_retryable() {
            return Err(fatal(true));
        }
        let pending_id = self.pending.as_ref().map(|p| p.id.clone());
        if id.is_some() && id == pending_id {
            if code.is_retryable() {
                // Sent again on this connection after the wait the server names (or a
                // second), or with the room after a reconnect, whichever comes first; the
                // app shows the turn as awaiting the server meanwhile.
                let wait = Duration::from_millis(retry_after_ms.unwrap_or(1_000));
                log::info!(
                    "online: {} for a pending turn, sent again in {} ms",
                    code.id(),
                    wait.as_millis()
                );
                self.resend_at = Some(now + wait);
                return Ok(events);
            }
            self.pending = None;
            if !self.draft.is_empty() {
                self.draft.clear();
                self.board.replace_game(self.confirmed.clone());
            }
            events.push(Event::TurnRefused {
                code: code.id().to_string(),
                message,
            });
        } else {
            log::info!("online: the server refused a message: {}", code.id());
        }
        Ok(events)
    }

    /// A room's whole state: a first sight, a reconnect, or a rematch.
    fn load_room(
        &mut self,
        state: mills_protocol::RoomState,
        link: Option<String>,
        now: Instant,
        events: &mut Vec<Event>,
    ) {
        let first = self.info.is_none();
        let opponent_before = self.opponent_joined();
        let link = link.or_else(|| self.info.as_ref().and_then(|i| i.link.clone()));
        let Ok(game_id) = state.game_id.parse::<Variant>() else {
            log::error!("online: the server plays an unknown game {}", state.game_id);
            return;
        };
        let new_game = state.game != self.game_number;
        self.info = Some(RoomInfo {
            code: state.room.clone(),
            link,
            game: game_id,
            timer_seconds: state.timer,
            game_number: state.game,
            you: seat_side(state.you),
            seats: Vec::new(),
        });
        self.players = state.players.clone();
        self.refresh_info(now);
        self.room_open = true;
        self.outbox.clear();

        if new_game {
            let rematch = self.game_number != 0;
            self.game_number = state.game;
            self.revision = 0;
            self.draft.clear();
            self.pending = None;
            self.rematch_wanted = false;
            let rules = Rules::of(game_id);
            self.confirmed = Game::new(rules);
            if !self.apply_entries_replacing(&state.entries) {
                log::error!("online: the server's game does not replay");
            }
            if rematch {
                events.push(Event::RematchStarted {
                    game_number: state.game,
                    you: seat_side(state.you),
                });
            }
        } else if !self.apply_entries(&state.entries, events) {
            self.draft.clear();
            self.apply_entries_replacing(&state.entries);
        }
        self.set_clock(&state.clock, now);
        self.outcome = state.outcome;
        self.record = state.record;
        self.rematch_asked = state.rematch;
        if first && matches!(self.intent, Intent::Create { .. }) {
            if let Some(info) = &self.info {
                events.push(Event::RoomCreated {
                    code: info.code.clone(),
                    link: info.link.clone().unwrap_or_default(),
                });
            }
        }
        if !opponent_before && self.opponent_joined() {
            events.push(Event::OpponentJoined {
                name: self.opponent_name(),
            });
        }
        // What is still unanswered goes again, with the same id.
        if let Some(pending) = &self.pending {
            if let Some(message) = self.pending_message(pending) {
                self.outbox.push(message);
            }
        }
        if self.rematch_wanted && self.outcome.is_some() {
            self.outbox.push(ClientMessage::Rematch {
                room: state.room,
                game: self.game_number,
            });
        }
        self.outbox.extend(self.moderation.iter().cloned());
    }

    /// Plays the entries after the board's revision, one turn at a time so that the app
    /// animates each; `false` when they do not follow on (a gap or a different game).
    fn apply_entries(
        &mut self,
        entries: &[mills_protocol::Entry],
        events: &mut Vec<Event>,
    ) -> bool {
        for entry in entries {
            if entry.revision <= self.revision {
                continue;
            }
            if entry.revision != self.revision + 1 {
                return false;
            }
            if !self.apply_entry(entry, events) {
                return false;
            }
        }
        true
    }

    fn apply_entry(&mut self, entry: &mills_protocol::Entry, events: &mut Vec<Event>) -> bool {
        let side = seat_side(entry.side);
        let over_before = self.confirmed.is_over();
        let Ok(played) = play_entry(&self.confirmed, entry) else {
            return false;
        };
        let mine = self.info.as_ref().is_some_and(|i| i.you == side);
        let next = played.game;
        let actions = played.actions;
        match entry.kind {
            mills_protocol::EntryKind::Resign => {
                self.board.resign_side(side);
                self.draft.clear();
                self.confirmed = next;
            }
            mills_protocol::EntryKind::Turn | mills_protocol::EntryKind::Pass => {
                let drawn = if !self.draft.is_empty() && actions.starts_with(&self.draft) {
                    self.board.play_turn(&actions[self.draft.len()..]).is_ok()
                } else {
                    self.draft.is_empty() && self.board.play_turn(&actions).is_ok()
                };
                if !drawn {
                    self.board.replace_game(next.clone());
                }
                self.draft.clear();
                self.confirmed = next;
                let texts = write_actions(&actions);
                if entry.kind == mills_protocol::EntryKind::Pass {
                    events.push(Event::TurnTimedOut { side });
                } else if mine {
                    events.push(Event::TurnAccepted { actions: texts });
                } else {
                    events.push(Event::OpponentMoved {
                        side,
                        actions: texts,
                    });
                }
            }
        }
        if mine
            && self
                .pending
                .as_ref()
                .is_some_and(|p| match (&p.actions, entry.kind) {
                    (Some(sent), mills_protocol::EntryKind::Turn) => *sent == actions,
                    (None, mills_protocol::EntryKind::Resign) => true,
                    _ => false,
                })
        {
            self.pending = None;
        }
        self.revision = entry.revision;
        if !over_before {
            if let Some(outcome) = self.confirmed.outcome() {
                events.push(Event::GameOver { outcome });
            }
        }
        true
    }

    /// Redraws the board from all of the current game's entries (one `Reset`).
    fn apply_entries_replacing(&mut self, entries: &[mills_protocol::Entry]) -> bool {
        let replayed = replay(*self.confirmed.rules(), entries);
        self.revision = replayed.revision;
        self.confirmed = replayed.game.clone();
        self.draft.clear();
        self.board.replace_game(replayed.game);
        replayed.complete
    }

    fn set_clock(&mut self, clock: &mills_protocol::Clock, now: Instant) {
        self.clock = Some(TurnClock::heard(clock, now));
    }

    /// The seats as the owner sees them, and since when the opponent is away, after the
    /// server said who sits where (at `now`).
    fn refresh_info(&mut self, now: Instant) {
        self.refresh_seats();
        let away = self.opponent().is_some_and(|p| p.joined && !p.online);
        self.opponent_away_since = match (away, self.opponent_away_since) {
            (false, _) => None,
            (true, Some(since)) => Some(since),
            (true, None) => Some(now),
        };
    }

    fn refresh_seats(&mut self) {
        let you = self.info.as_ref().map(|info| info.you);
        let hidden =
            |p: &mills_protocol::Player| self.opponent_blocked && Some(seat_side(p.seat)) != you;
        let seats = self
            .players
            .iter()
            .map(|p| SeatInfo {
                side: seat_side(p.seat),
                joined: p.joined,
                name: if hidden(p) { None } else { p.name.clone() },
                online: p.online,
            })
            .collect();
        if let Some(info) = &mut self.info {
            info.seats = seats;
        }
    }

    /// Whole minutes the opponent has been away at `now` (0 in the first minute); `None`
    /// while they are online or not yet joined.
    pub fn opponent_away_minutes(&self, now: Instant) -> Option<u32> {
        let away = now.saturating_duration_since(self.opponent_away_since?);
        Some(u32::try_from(away.as_secs() / 60).unwrap_or(u32::MAX))
    }

    fn opponent(&self) -> Option<&mills_protocol::Player> {
        let you = self.info.as_ref()?.you;
        self.players.iter().find(|p| seat_side(p.seat) != you)
    }

    fn opponent_joined(&self) -> bool {
        self.opponent().is_some_and(|p| p.joined)
    }

    /// The current game is over (as the server or the board says; the board's game ends
    /// only with a stored entry, so the stored game says what the board shows).
    pub fn is_over(&self) -> bool {
        self.outcome.is_some() || self.confirmed.is_over()
    }

    /// The opponent's name; `None` once this device blocked the opponent.
    pub fn opponent_name(&self) -> Option<String> {
        if self.opponent_blocked {
            return None;
        }
        self.opponent().and_then(|p| p.name.clone())
    }

    /// Hides the opponent's name from now on (this device blocked the opponent here).
    pub fn hide_opponent(&mut self) {
        self.opponent_blocked = true;
        self.refresh_seats();
    }

    // ---- The player's actions -----------------------------------------------------------

    /// A tap on the board. Actions of the turn in progress are drawn at once; the tap that
    /// ends the turn sends the whole turn instead, drawn when the server has stored it.
    pub fn tap(&mut self, point: mills_core::Point) -> Tap {
        if let Some(not_now) = self.not_your_move() {
            return not_now;
        }
        // What the tap would do, tried on a copy of the board first.
        let trial = trial_board(&self.board, self.board.snapshot().selected);
        match trial.tap(point) {
            Ok(core::TapOutcome::Played(played)) if played.turn_ended => {
                let mut actions = self.draft.clone();
                actions.push(played.action);
                Tap::Sent(self.send(actions))
            }
            _ => match self.board.tap(point) {
                Ok(core::TapOutcome::Played(played)) => {
                    self.draft.push(played.action);
                    Tap::Entered(played.action)
                }
                Ok(core::TapOutcome::Selected(p)) => Tap::Selected(p),
                Ok(core::TapOutcome::Deselected(p)) => Tap::Deselected(p),
                Err(refusal) => Tap::Refused(refusal),
            },
        }
    }

    /// A whole turn at once (a player who types it, the load tool): sent as the tap that
    /// ends a turn sends it, and drawn the same way once stored. A turn being tapped is taken
    /// back first. Returns the turn as sent.
    pub fn send_turn(&mut self, actions: &[Action]) -> Result<Vec<String>, TurnNotSent> {
        if let Some(not_now) = self.not_your_move() {
            return Err(TurnNotSent::NotNow(not_now));
        }
        let you = self.to_move();
        plan::turn(&self.confirmed, seat(you), &write_actions(actions))
            .map_err(|refused| TurnNotSent::Illegal(refused.message))?;
        if !self.draft.is_empty() {
            self.draft.clear();
            self.board.replace_game(self.confirmed.clone());
        }
        Ok(self.send(actions.to_vec()))
    }

    /// Why the player cannot move now, as a tap's answer; `None` when they can.
    fn not_your_move(&self) -> Option<Tap> {
        let Some(info) = &self.info else {
            return Some(Tap::NotStarted);
        };
        if self.is_over() {
            return Some(Tap::Refused(core::Refusal::GameOver));
        }
        if !self.opponent_joined() {
            return Some(Tap::NotStarted);
        }
        if self.pending.is_some() {
            return Some(Tap::AwaitingServer);
        }
        if self.to_move() != info.you {
            return Some(Tap::NotYourTurn);
        }
        None
    }

    /// Sends a whole turn and keeps it pending until the server answers; the turn as sent.
    fn send(&mut self, actions: Vec<Action>) -> Vec<String> {
        let texts = write_actions(&actions);
        let pending = Pending {
            id: self.new_id(),
            game: self.game_number,
            revision: self.revision,
            actions: Some(actions),
        };
        if let Some(message) = self.pending_message(&pending) {
            self.outbox.push(message);
        }
        self.pending = Some(pending);
        texts
    }

    /// Sends the player's resignation (drawn when the server has stored it). `false` when
    /// there is no game to resign or one is already on its way.
    pub fn resign(&mut self) -> bool {
        let Some(room) = self.room_id() else {
            return false;
        };
        if self.outcome.is_some() || !self.opponent_joined() {
            return false;
        }
        if self.pending.as_ref().is_some_and(|p| p.actions.is_none()) {
            return true;
        }
        // A turn awaiting its answer stays pending: the resignation overrides it at the
        // server (the turn is then refused or was stored first; either way nothing is lost).
        let pending = Pending {
            id: self.new_id(),
            game: self.game_number,
            revision: self.revision,
            actions: None,
        };
        self.outbox.push(ClientMessage::Resign {
            room,
            game: pending.game,
            id: pending.id.clone(),
        });
        self.pending = Some(pending);
        true
    }

    /// Asks for another game once this one is over.
    pub fn rematch(&mut self) -> bool {
        let Some(room) = self.room_id() else {
            return false;
        };
        if self.outcome.is_none() {
            return false;
        }
        self.rematch_wanted = true;
        self.outbox.push(ClientMessage::Rematch {
            room,
            game: self.game_number,
        });
        true
    }

    /// Reports the opponent to the server's operator. `false` before the opponent joined.
    pub fn report(&mut self, reason: mills_protocol::ReportReason) -> bool {
        self.moderate(|room| ClientMessage::Report { room, reason })
    }

    /// Blocks the opponent: the name is hidden at once, and the server seats the two
    /// devices together nowhere again once it has stored the block. `false` before the
    /// opponent joined.
    pub fn block(&mut self) -> bool {
        if !self.moderate(|room| ClientMessage::Block { room }) {
            return false;
        }
        self.hide_opponent();
        true
    }

    fn moderate(&mut self, message: impl FnOnce(String) -> ClientMessage) -> bool {
        let Some(room) = self.room_id() else {
            return false;
        };
        if !self.opponent_joined() {
            return false;
        }
        let message = message(room);
        self.outbox.push(message.clone());
        self.moderation.push(message);
        true
    }

    fn pending_message(&self, pending: &Pending) -> Option<ClientMessage> {
        let room = self.room_id()?;
        Some(match &pending.actions {
            Some(actions) => ClientMessage::Turn {
                room,
                game: pending.game,
                revision: pending.revision,
                id: pending.id.clone(),
                actions: write_actions(actions),
            },
            None => ClientMessage::Resign {
                room,
                game: pending.game,
                id: pending.id.clone(),
            },
        })
    }

    fn new_id(&mut self) -> String {
        self.next_id += 1;
        format!("{}-{}", self.id_prefix, self.next_id)
    }

    // ---- What the app reads -------------------------------------------------------------

    /// The turn clock at `now`: the side to move, its time left (counted down from the
    /// server's last reading) and the turn limit.
    pub fn clock_now(&self, now: Instant) -> (Option<Side>, Option<u64>, Option<u64>) {
        match &self.clock {
            None => (None, None, None),
            Some(clock) => (clock.to_move(), clock.left_ms(now), clock.limit_ms()),
        }
    }

    /// The sides that asked for a rematch of the finished game.
    pub fn rematch_asked(&self) -> Vec<Side> {
        self.rematch_asked.iter().copied().map(seat_side).collect()
    }

    /// The finished game's outcome, as the board shows it.
    pub fn outcome_on_board(&self) -> Option<Outcome> {
        self.confirmed.outcome()
    }

    /// The side whose turn the board shows. (The stored game's: a turn being entered is
    /// still its mover's, and the board never shows a turn ended before it is stored.)
    pub fn to_move(&self) -> Side {
        self.confirmed.position().side_to_move()
    }

    /// The number of the server's entries the board shows.
    pub fn revision(&self) -> u64 {
        self.revision
    }
}

/// A throw-away board in the same position, with the same piece picked up.
fn trial_board(
    board: &core::GameSession,
    selected: Option<mills_core::Point>,
) -> core::GameSession {
    let trial =
        core::GameSession::from_game(board.config(), board.game(), 0, quiet_options(), None);
    if let Some(point) = selected {
        let _ = trial.tap(point);
    }
    trial
}

/// A session that runs no thread and writes no file: the online board and its trials.
pub fn quiet_options() -> core::SessionOptions {
    core::SessionOptions {
        clock: core::SessionClock::System,
        computer: core::ComputerRunner::Manual,
        timer_thread: false,
        autosave_path: None,
        stats_path: None,
        puzzle_stats_path: None,
        seed: Some(0),
        tables: None,
    }
}

#[cfg(test)]
#[path = "room_tests.rs"]
mod tests;
