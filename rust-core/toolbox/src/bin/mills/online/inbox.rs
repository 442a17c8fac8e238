//! One queue for everything `mills online` waits for: the lines typed (or piped) on standard
//! input, read by a thread of their own so that the opponent's turns show while the player
//! types, and the session's events, which the engine's client delivers on its connection
//! thread.

use std::io::{self, BufRead};
use std::sync::Arc;
use std::sync::mpsc::{Receiver, Sender, channel};
use std::time::Duration;

use mills_ffi::{OnlineEvent, OnlineListener};

/// Something that arrived.
pub enum Incoming {
    /// A line of input, without its line ending.
    Line(String),
    EndOfInput,
    Event(OnlineEvent),
}

pub struct Inbox {
    sender: Sender<Incoming>,
    receiver: Receiver<Incoming>,
}

/// The session's listener: each event goes to the inbox.
struct Forward(Sender<Incoming>);

impl OnlineListener for Forward {
    fn on_event(&self, event: OnlineEvent) {
        // The table has ended when no one receives: the event no longer matters.
        let _ = self.0.send(Incoming::Event(event));
    }
}

impl Inbox {
    pub fn new() -> Inbox {
        let (sender, receiver) = channel();
        Inbox { sender, receiver }
    }

    /// The listener to give the session.
    pub fn listener(&self) -> Arc<dyn OnlineListener> {
        Arc::new(Forward(self.sender.clone()))
    }

    /// Reads `input` line by line on a thread of its own until its end. A line that is not
    /// UTF-8 is read with replacement characters (and then refused as a move, with the
    /// reason), never taken as the end of the input.
    pub fn read_lines(&self, mut input: impl BufRead + Send + 'static) -> io::Result<()> {
        let sender = self.sender.clone();
        std::thread::Builder::new()
            .name("mills-online-input".into())
            .spawn(move || {
                let mut bytes = Vec::new();
                loop {
                    bytes.clear();
                    match input.read_until(b'\n', &mut bytes) {
                        Ok(0) | Err(_) => break,
                        Ok(_) => {
                            let line = String::from_utf8_lossy(&bytes);
                            let line = line.trim_end_matches(['\n', '\r']).to_string();
                            if sender.send(Incoming::Line(line)).is_err() {
                                return;
                            }
                        }
                    }
                }
                let _ = sender.send(Incoming::EndOfInput);
            })?;
        Ok(())
    }

    /// The next arrival, or `None` after `wait` without one.
    pub fn next(&self, wait: Duration) -> Option<Incoming> {
        // The inbox holds a sender itself: the only error is the timeout.
        self.receiver.recv_timeout(wait).ok()
    }
}
