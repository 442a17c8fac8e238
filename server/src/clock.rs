//! The turn clocks of every room: one task and a map of deadlines, not a task per turn.
//!
//! A room has at most one deadline; arming it again replaces it. When one passes, its room
//! and the generation it was armed with are sent on the channel [`Clocks::start`] returns;
//! the receiver checks the generation against the room's, so a deadline replaced or stopped
//! just as it passed does nothing.

use std::collections::{BTreeSet, HashMap};
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{SystemTime, UNIX_EPOCH};

use tokio::sync::mpsc;
use tokio::time::Instant;

/// The wall clock in milliseconds since 1970, as rows store it.
pub fn now_ms() -> i64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map(|d| d.as_millis() as i64)
        .unwrap_or(0)
}

/// A deadline that passed: the room, and the generation it was armed with.
pub type TimeUp = (String, u64);

enum Change {
    Arm {
        room: String,
        generation: u64,
        at: Instant,
    },
    Stop {
        room: String,
    },
}

/// The handle to the clock task.
pub struct Clocks {
    changes: mpsc::UnboundedSender<Change>,
    generations: AtomicU64,
}

impl Clocks {
    /// Starts the clock task (on the current tokio runtime); it ends when the handle is
    /// dropped or the receiver of passed deadlines is.
    pub fn start() -> (Clocks, mpsc::UnboundedReceiver<TimeUp>) {
        let (changes, rx) = mpsc::unbounded_channel();
        let (fire, passed) = mpsc::unbounded_channel();
        tokio::spawn(run(rx, fire));
        let clocks = Clocks {
            changes,
            generations: AtomicU64::new(0),
        };
        (clocks, passed)
    }

    /// Sets the room's deadline to `at` (replacing any); returns the generation it is
    /// reported with. Generations are unique across rooms, so a room dropped from memory
    /// and loaded again never takes an old deadline for its own.
    pub fn arm(&self, room: &str, at: Instant) -> u64 {
        let generation = self.generations.fetch_add(1, Ordering::Relaxed) + 1;
        let _ = self.changes.send(Change::Arm {
            room: room.to_string(),
            generation,
            at,
        });
        generation
    }

    /// Removes the room's deadline, if any.
    pub fn stop(&self, room: &str) {
        let _ = self.changes.send(Change::Stop {
            room: room.to_string(),
        });
    }
}

/// The clock task: waits for the earliest deadline or the next change.
async fn run(mut changes: mpsc::UnboundedReceiver<Change>, fire: mpsc::UnboundedSender<TimeUp>) {
    let mut by_room: HashMap<String, (Instant, u64)> = HashMap::new();
    let mut queue: BTreeSet<(Instant, u64, String)> = BTreeSet::new();
    loop {
        let next = queue.first().map(|(at, _, _)| *at);
        tokio::select! {
            change = changes.recv() => {
                let Some(change) = change else { return };
                let room = match &change {
                    Change::Arm { room, .. } | Change::Stop { room } => room.clone(),
                };
                if let Some((at, generation)) = by_room.remove(&room) {
                    queue.remove(&(at, generation, room.clone()));
                }
                if let Change::Arm { generation, at, .. } = change {
                    by_room.insert(room.clone(), (at, generation));
                    queue.insert((at, generation, room));
                }
            }
            () = tokio::time::sleep_until(next.unwrap_or_else(Instant::now)), if next.is_some() => {
                let now = Instant::now();
                while let Some(first) = queue.first() {
                    if first.0 > now {
                        break;
                    }
                    let Some((_, generation, room)) = queue.pop_first() else { break };
                    by_room.remove(&room);
                    if fire.send((room, generation)).is_err() {
                        return;
                    }
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use super::*;

    #[tokio::test]
    async fn deadlines_pass_in_order_and_a_replaced_or_stopped_one_never() {
        let (clocks, mut passed) = Clocks::start();
        let now = Instant::now();
        let replaced = clocks.arm("A", now + Duration::from_millis(10));
        let late = clocks.arm("B", now + Duration::from_millis(30));
        let early = clocks.arm("C", now + Duration::from_millis(20));
        let a_again = clocks.arm("A", now + Duration::from_millis(40));
        clocks.arm("D", now + Duration::from_millis(10));
        clocks.stop("D");
        assert_ne!(replaced, a_again);
        assert_eq!(passed.recv().await, Some(("C".to_string(), early)));
        assert_eq!(passed.recv().await, Some(("B".to_string(), late)));
        assert_eq!(passed.recv().await, Some(("A".to_string(), a_again)));
        assert!(Instant::now() >= now + Duration::from_millis(40));
        drop(clocks);
        assert_eq!(passed.recv().await, None);
    }
}
