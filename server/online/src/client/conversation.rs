//! One connection's conversation with the server, behind a [`Transport`]: `hello`, the room
//! asked for once welcomed, then the server's messages in and the room's outbox out, a ping
//! while quiet, and the end of it (lost, told to stop, refused). Time comes from the
//! caller's clock, so a test drives it with a scripted transport and a clock of its own.

use std::time::{Duration, Instant};

use mills_protocol::{ClientMessage, ServerMessage};

use super::events::Fatal;

/// The server closes connections idle for 90 s.
pub const PING_EVERY: Duration = Duration::from_secs(25);
/// Nothing heard for this long (not even a pong): the connection is dead.
pub const SILENCE_LIMIT: Duration = Duration::from_secs(60);

/// What a transport heard in one wait.
#[derive(Debug, Clone, PartialEq)]
pub enum Heard {
    /// Boxed: a room's whole state is large, and most waits hear nothing.
    Message(Box<ServerMessage>),
    /// Something that is not a message for the room (a ping, a pong, a newer server's
    /// message type): the connection is alive.
    Other,
    /// Nothing within the transport's wait.
    Nothing,
    /// The server closed the connection.
    Closed,
}

/// One open connection to the server (a WebSocket, or a test's script).
pub trait Transport {
    fn send(&mut self, message: &ClientMessage) -> Result<(), String>;
    /// Waits a short while (the transport's own poll) for what the server says next.
    fn receive(&mut self) -> Result<Heard, String>;
    /// Closes the connection, as politely as it still can.
    fn close(&mut self);
}

/// What the conversation needs of its owner, who holds the room.
pub trait Host {
    /// The owner wants the connection closed (stopping or pausing).
    fn told_to_stop(&self) -> bool;
    /// A server message, heard at `now`, for the room; a refusal ends the connection.
    fn receive(&self, message: ServerMessage, now: Instant) -> Result<(), Fatal>;
    /// The server welcomed this connection: what to send to get the room
    /// ([`super::room::Room::on_connected`]).
    fn welcomed(&self) -> ClientMessage;
    /// What the room has to send at `now` ([`super::room::Room::take_outbox`]).
    fn outbox(&self, now: Instant) -> Vec<ClientMessage>;
}

/// Why one connection ended.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Ended {
    /// Dropped, broken or silent: try again.
    Lost(String),
    /// The owner said to stop.
    Told,
    /// The server refused the room ([`Fatal::retry`]: for now).
    Refused(Fatal),
}

/// Speaks with the server over `transport` from `hello` until the connection ends; `now`
/// reads the caller's clock.
pub fn converse(
    transport: &mut impl Transport,
    host: &impl Host,
    hello: &ClientMessage,
    now: impl Fn() -> Instant,
) -> Ended {
    if let Err(reason) = transport.send(hello) {
        return Ended::Lost(reason);
    }
    let mut welcomed = false;
    let mut last_heard = now();
    let mut last_ping = now();
    loop {
        if host.told_to_stop() {
            transport.close();
            return Ended::Told;
        }
        if welcomed {
            for message in host.outbox(now()) {
                if let Err(reason) = transport.send(&message) {
                    return Ended::Lost(reason);
                }
            }
        }
        let at = now();
        if at.saturating_duration_since(last_ping) >= PING_EVERY {
            last_ping = at;
            if let Err(reason) = transport.send(&ClientMessage::Ping { nonce: None }) {
                return Ended::Lost(reason);
            }
        }
        if at.saturating_duration_since(last_heard) >= SILENCE_LIMIT {
            return Ended::Lost("the server went silent".into());
        }
        let message = match transport.receive() {
            Ok(Heard::Message(message)) => *message,
            Ok(Heard::Other) => {
                last_heard = now();
                continue;
            }
            Ok(Heard::Nothing) => continue,
            Ok(Heard::Closed) => return Ended::Lost("the server closed the connection".into()),
            Err(reason) => return Ended::Lost(reason),
        };
        last_heard = now();
        let is_welcome = matches!(message, ServerMessage::Welcome { .. });
        if let Err(refusal) = host.receive(message, last_heard) {
            transport.close();
            return Ended::Refused(refusal);
        }
        if is_welcome && !welcomed {
            welcomed = true;
            if let Err(reason) = transport.send(&host.welcomed()) {
                return Ended::Lost(reason);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use std::cell::{Cell, RefCell};
    use std::collections::VecDeque;
    use std::rc::Rc;

    use super::*;

    /// A server that says what the script says, one thing a wait, on a clock that moves
    /// `step` a wait.
    struct Script {
        heard: VecDeque<Heard>,
        sent: Vec<ClientMessage>,
        closed: bool,
        /// The test's clock, shared with the conversation's `now`.
        clock: Rc<Cell<Instant>>,
        step: Duration,
    }

    impl Script {
        fn new(heard: Vec<Heard>, step: Duration) -> Script {
            Script {
                heard: heard.into(),
                sent: Vec::new(),
                closed: false,
                clock: Rc::new(Cell::new(Instant::now())),
                step,
            }
        }
    }

    impl Transport for Script {
        fn send(&mut self, message: &ClientMessage) -> Result<(), String> {
            self.sent.push(message.clone());
            Ok(())
        }

        fn receive(&mut self) -> Result<Heard, String> {
            self.clock.set(self.clock.get() + self.step);
            Ok(self.heard.pop_front().unwrap_or(Heard::Nothing))
        }

        fn close(&mut self) {
            self.closed = true;
        }
    }

    /// An owner whose room asks to open `ROOM` and then always has one message to send.
    #[derive(Default)]
    struct Owner {
        received: RefCell<Vec<ServerMessage>>,
        refuse: bool,
        stop_after: Option<usize>,
    }

    impl Host for Owner {
        fn told_to_stop(&self) -> bool {
            self.stop_after
                .is_some_and(|n| self.received.borrow().len() >= n)
        }

        fn receive(&self, message: ServerMessage, _now: Instant) -> Result<(), Fatal> {
            self.received.borrow_mut().push(message);
            if self.refuse {
                return Err(Fatal {
                    code: "not-in-room".into(),
                    message: "no seat".into(),
                    retry: false,
                });
            }
            Ok(())
        }

        fn welcomed(&self) -> ClientMessage {
            ClientMessage::Open {
                room: "ROOM".into(),
            }
        }

        fn outbox(&self, _now: Instant) -> Vec<ClientMessage> {
            vec![ClientMessage::Rematch {
                room: "ROOM".into(),
                game: 1,
            }]
        }
    }

    fn hello() -> ClientMessage {
        ClientMessage::Hello {
            protocol: mills_protocol::PROTOCOL_VERSION,
            device: "d".repeat(32),
            name: None,
        }
    }

    fn welcome() -> Heard {
        Heard::Message(Box::new(
            mills_protocol::decode_server(
                r#"{"type":"welcome","protocol":1,"server":"test","rooms":[]}"#,
            )
            .expect("a welcome"),
        ))
    }

    #[test]
    fn the_room_is_asked_for_once_welcomed_and_the_outbox_goes_only_after() {
        let mut script = Script::new(vec![Heard::Other, welcome()], Duration::from_millis(20));
        let owner = Owner {
            stop_after: Some(1),
            ..Owner::default()
        };
        let clock = script.clock.clone();
        let ended = converse(&mut script, &owner, &hello(), || clock.get());
        assert_eq!(ended, Ended::Told);
        assert!(script.closed);
        assert!(matches!(
            script.sent.as_slice(),
            [ClientMessage::Hello { .. }, ClientMessage::Open { .. }]
        ));
    }

    #[test]
    fn a_quiet_connection_is_pinged_and_a_silent_one_is_lost() {
        let mut script = Script::new(vec![welcome()], Duration::from_secs(1));
        let owner = Owner::default();
        let start = script.clock.get();
        let clock = script.clock.clone();
        let ended = converse(&mut script, &owner, &hello(), || clock.get());
        assert_eq!(ended, Ended::Lost("the server went silent".into()));
        let pings = script
            .sent
            .iter()
            .filter(|m| matches!(m, ClientMessage::Ping { .. }))
            .count();
        assert_eq!(pings, 2, "at 25 s and 50 s");
        let waited = script.clock.get().saturating_duration_since(start);
        assert!(waited >= SILENCE_LIMIT && waited < SILENCE_LIMIT + Duration::from_secs(3));
    }

    #[test]
    fn a_refusal_closes_the_connection_and_says_why() {
        let mut script = Script::new(vec![welcome()], Duration::from_millis(20));
        let owner = Owner {
            refuse: true,
            ..Owner::default()
        };
        let clock = script.clock.clone();
        let ended = converse(&mut script, &owner, &hello(), || clock.get());
        assert!(matches!(ended, Ended::Refused(Fatal { retry: false, .. })));
        assert!(script.closed);
        let mut closed = Script::new(vec![Heard::Closed], Duration::from_millis(20));
        let clock = closed.clock.clone();
        assert!(matches!(
            converse(&mut closed, &Owner::default(), &hello(), || clock.get()),
            Ended::Lost(_)
        ));
    }
}
