//! Where a connection's frames go: its bounded outbox, and the caller a request comes from.

use std::net::IpAddr;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use mills_protocol::{ServerMessage, encode};
use tokio::sync::{Notify, mpsc};

/// Where a connection's outgoing frames go, and how to tell it to close.
#[derive(Clone)]
pub struct Outbox {
    tx: mpsc::Sender<Arc<str>>,
    kick: Arc<Notify>,
    /// A frame was dropped: every later one is too, so that the client never reads past a
    /// gap before the connection closes.
    overflowed: Arc<AtomicBool>,
    /// Signalled by the connection's writer each time a frame went out (a place freed).
    sent: Arc<Notify>,
}

impl Outbox {
    /// A new outbox holding `capacity` frames; the connection reads `rx` and waits on `kick`.
    pub fn new(capacity: usize) -> (Outbox, mpsc::Receiver<Arc<str>>, Arc<Notify>) {
        let (tx, rx) = mpsc::channel(capacity);
        let kick = Arc::new(Notify::new());
        (
            Outbox {
                tx,
                kick: kick.clone(),
                overflowed: Arc::new(AtomicBool::new(false)),
                sent: Arc::new(Notify::new()),
            },
            rx,
            kick,
        )
    }

    /// Queues a frame. A client that does not read its frames fast enough is disconnected:
    /// it catches up with `open` after reconnecting, and the room never waits for it.
    pub fn send(&self, frame: Arc<str>) {
        if self.overflowed.load(Ordering::Relaxed) {
            return;
        }
        if let Err(mpsc::error::TrySendError::Full(_)) = self.tx.try_send(frame) {
            self.overflowed.store(true, Ordering::Relaxed);
            self.kick.notify_one();
        }
    }

    /// Queues a message.
    pub fn message(&self, message: &ServerMessage) {
        self.send(encode(message).into());
    }

    /// Places free in the queue now.
    pub fn free(&self) -> usize {
        self.tx.capacity()
    }

    /// What the writer signals each time a frame went out.
    pub fn sent_signal(&self) -> Arc<Notify> {
        self.sent.clone()
    }

    /// Waits until at least `frames` places are free. Reserves nothing: room updates
    /// queued meanwhile still find the places a frame going out frees.
    pub async fn room_for(&self, frames: usize) {
        // `notify_one` keeps a signal sent between the look and the wait, so none is missed.
        while self.free() < frames {
            self.sent.notified().await;
        }
    }
}

/// Who is asking: one connection after its `hello`.
#[derive(Clone)]
pub struct Caller {
    /// The connection's number (for subscriptions and logs).
    pub conn: u64,
    /// The device's key ([`crate::device::key_of`] of its secret).
    pub device: String,
    /// The name the device gave.
    pub name: Option<String>,
    /// The client's address.
    pub ip: IpAddr,
    /// Its outbox.
    pub out: Outbox,
}
