//! The store's threads. The writer: writes from every room queue here, and each pass commits
//! all that are waiting in one transaction (one disk sync for many turns), then answers
//! each. The reader: the reads of requests (a room loaded on demand, a device's rooms) on a
//! connection of its own, so that a read never waits behind a batch of writes and a flood
//! of reads never delays a turn. A read sees every write acknowledged before it was asked.

use std::sync::mpsc;
use std::thread;

use tokio::sync::oneshot;

use super::backend::{Reader, Signal, Store};
use super::error::StoreError;
use super::rows::{Snapshot, Write};
use super::sql::Expiry;

/// How many queued writes one transaction takes at most.
const MAX_BATCH: usize = 512;

type Answer<T> = oneshot::Sender<Result<T, StoreError>>;

enum Job {
    Write(Box<Write>, Answer<()>),
    Expired(Expiry, usize, Answer<Vec<String>>),
    RoomIds(Answer<Vec<String>>),
    Signal(Vec<Signal>),
    /// Commit what came before, then stop.
    Stop,
}

enum Read {
    LoadRoom(String, Answer<Snapshot>),
    RoomsOf(String, Answer<Vec<String>>),
    CreatedBy(String, String, Answer<Option<String>>),
    Blocked(String, String, Answer<bool>),
}

/// What a store holds at the start.
pub struct Loaded {
    /// Every unfinished room's rows.
    pub snapshot: Snapshot,
    /// Every room id, finished rooms' too.
    pub room_ids: Vec<String>,
}

/// The store threads' door. Cloned freely; the writer stops at [`StoreHandle::stop`] or
/// when the last clone is dropped, after committing everything queued before.
#[derive(Clone)]
pub struct StoreHandle {
    jobs: mpsc::Sender<Job>,
    reads: mpsc::Sender<Read>,
    shared: bool,
}

impl StoreHandle {
    /// Loads `store` and starts its writer and reader threads.
    pub fn start(
        mut store: impl Store,
    ) -> Result<(StoreHandle, Loaded, thread::JoinHandle<()>), StoreError> {
        let loaded = Loaded {
            snapshot: store.load()?,
            room_ids: store.room_ids()?,
        };
        let shared = store.is_shared();
        let reader = store.reader()?;
        let (reads, read_queue) = mpsc::channel::<Read>();
        thread::Builder::new()
            .name("store-reader".into())
            .spawn(move || read(reader, read_queue))
            .map_err(|e| StoreError::new(e.to_string()))?;
        let (jobs, queue) = mpsc::channel::<Job>();
        let thread = thread::Builder::new()
            .name("store-writer".into())
            .spawn(move || run(store, queue))
            .map_err(|e| StoreError::new(e.to_string()))?;
        Ok((
            StoreHandle {
                jobs,
                reads,
                shared,
            },
            loaded,
            thread,
        ))
    }

    /// See [`Store::is_shared`].
    pub fn is_shared(&self) -> bool {
        self.shared
    }

    /// Asks the writer to commit what is queued and stop; later writes fail.
    pub fn stop(&self) {
        let _ = self.jobs.send(Job::Stop);
    }

    /// Stores `write`; returns once it is durable (or failed, storing nothing).
    pub async fn write(&self, write: Write) -> Result<(), StoreError> {
        self.ask(|done| Job::Write(Box::new(write), done)).await
    }

    /// One room's rows, as stored now.
    pub async fn load_room(&self, id: &str) -> Result<Snapshot, StoreError> {
        self.read(|done| Read::LoadRoom(id.to_string(), done)).await
    }

    /// The rooms a device sits in, oldest first.
    pub async fn rooms_of(&self, device: &str) -> Result<Vec<String>, StoreError> {
        self.read(|done| Read::RoomsOf(device.to_string(), done))
            .await
    }

    /// The rooms past their time (at most `limit`).
    pub async fn expired(&self, expiry: Expiry, limit: usize) -> Result<Vec<String>, StoreError> {
        self.ask(|done| Job::Expired(expiry, limit, done)).await
    }

    /// Every room id (after notices may have been missed).
    pub async fn room_ids(&self) -> Result<Vec<String>, StoreError> {
        self.ask(Job::RoomIds).await
    }

    /// Tells the other processes of a shared store, without waiting; a signal that fails
    /// is logged and dropped (presence is a hint, not a record).
    pub fn signal(&self, signals: Vec<Signal>) {
        if self.shared && !signals.is_empty() {
            let _ = self.jobs.send(Job::Signal(signals));
        }
    }

    /// The room `device` created with the request id `create_id`, if any.
    pub async fn room_created_by(
        &self,
        device: &str,
        create_id: &str,
    ) -> Result<Option<String>, StoreError> {
        self.read(|done| Read::CreatedBy(device.to_string(), create_id.to_string(), done))
            .await
    }

    /// Whether either of two devices blocked the other.
    pub async fn blocked(&self, a: &str, b: &str) -> Result<bool, StoreError> {
        self.read(|done| Read::Blocked(a.to_string(), b.to_string(), done))
            .await
    }

    async fn read<T>(&self, job: impl FnOnce(Answer<T>) -> Read) -> Result<T, StoreError> {
        let (done, answer) = oneshot::channel();
        self.reads
            .send(job(done))
            .map_err(|_| StoreError::new("the store is closed"))?;
        answer
            .await
            .map_err(|_| StoreError::new("the store stopped"))?
    }

    async fn ask<T>(&self, job: impl FnOnce(Answer<T>) -> Job) -> Result<T, StoreError> {
        let (done, answer) = oneshot::channel();
        self.jobs
            .send(job(done))
            .map_err(|_| StoreError::new("the store is closed"))?;
        answer
            .await
            .map_err(|_| StoreError::new("the store stopped"))?
    }
}

fn run(mut store: impl Store, queue: mpsc::Receiver<Job>) {
    let mut next = None;
    loop {
        let job = match next.take() {
            Some(job) => job,
            None => match queue.recv() {
                Ok(job) => job,
                Err(_) => break,
            },
        };
        match job {
            Job::Write(write, answer) => {
                // Take every write waiting now into one transaction; a read or the stop
                // waits for it.
                let mut batch = vec![(*write, answer)];
                next = gather(&queue, batch.len(), |job| match job {
                    Job::Write(write, answer) => {
                        batch.push((*write, answer));
                        Ok(batch.len())
                    }
                    other => Err(other),
                });
                commit(&mut store, batch);
            }
            Job::Expired(expiry, limit, answer) => {
                let _ = answer.send(store.expired(&expiry, limit));
            }
            Job::RoomIds(answer) => {
                let _ = answer.send(store.room_ids());
            }
            Job::Signal(mut signals) => {
                // Every signal waiting now in one statement: under load (thousands of
                // lookups, each with its barrier) one commit each would queue the barriers
                // behind each other. Only those in a row: a signal sent before a write
                // (a joiner said online) must still be committed before it.
                next = gather(&queue, signals.len(), |job| match job {
                    Job::Signal(more) => {
                        signals.extend(more);
                        Ok(signals.len())
                    }
                    other => Err(other),
                });
                if let Err(e) = store.signal(&signals) {
                    log::warn!(error = e.to_string().as_str(); "signal not sent");
                }
            }
            Job::Stop => break,
        }
    }
}

/// Hands `take` the jobs already waiting, in order, while the batch holds fewer than
/// [`MAX_BATCH`] (`held` at first, then what `take` says it holds); the first job `take`
/// refuses (another kind) is returned, for the loop to run next.
fn gather(
    queue: &mpsc::Receiver<Job>,
    mut held: usize,
    mut take: impl FnMut(Job) -> Result<usize, Job>,
) -> Option<Job> {
    while held < MAX_BATCH {
        match take(queue.try_recv().ok()?) {
            Ok(now) => held = now,
            Err(other) => return Some(other),
        }
    }
    None
}

/// Answers reads until every handle is gone.
fn read(mut reader: Box<dyn Reader>, queue: mpsc::Receiver<Read>) {
    while let Ok(job) = queue.recv() {
        match job {
            Read::LoadRoom(id, answer) => {
                let _ = answer.send(reader.load_room(&id));
            }
            Read::RoomsOf(device, answer) => {
                let _ = answer.send(reader.rooms_of(&device));
            }
            Read::CreatedBy(device, create_id, answer) => {
                let _ = answer.send(reader.room_created_by(&device, &create_id));
            }
            Read::Blocked(a, b, answer) => {
                let _ = answer.send(reader.blocked(&a, &b));
            }
        }
    }
}

fn commit(store: &mut impl Store, batch: Vec<(Write, Answer<()>)>) {
    let (writes, answers): (Vec<Write>, Vec<_>) = batch.into_iter().unzip();
    match store.apply(&writes) {
        Ok(results) => {
            for (answer, result) in answers.into_iter().zip(results) {
                let _ = answer.send(result);
            }
        }
        Err(e) => {
            log::error!(error = e.to_string().as_str(); "store transaction failed");
            for answer in answers {
                let _ = answer.send(Err(e.clone()));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::memory::{MemoryStore, Probe};
    use super::*;

    /// A write sent to the writer, once it has reached the store (where it waits while the
    /// test holds the probe's gate).
    async fn write_at_the_gate(
        store: &StoreHandle,
        probe: &Probe,
    ) -> tokio::task::JoinHandle<Result<(), StoreError>> {
        let writer = store.clone();
        let write =
            tokio::spawn(
                async move { writer.write(Write::DeleteRoom("ABCDEFGHJKMN".into())).await },
            );
        while !probe.applying.load(std::sync::atomic::Ordering::SeqCst) {
            tokio::time::sleep(std::time::Duration::from_millis(1)).await;
        }
        write
    }

    // The gate is held across the awaits on purpose: it is what holds the write back.
    #[allow(clippy::await_holding_lock)]
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn a_read_does_not_wait_behind_a_write() {
        let probe = Probe::default();
        let (store, _, _) = StoreHandle::start(MemoryStore::new(&[], probe.clone())).unwrap();
        let held = probe.gate.lock().unwrap();
        // The write is in the writer's hands: a read is answered all the same.
        let write = write_at_the_gate(&store, &probe).await;
        let read = tokio::time::timeout(
            std::time::Duration::from_secs(5),
            store.load_room("ABCDEFGHJKMN"),
        )
        .await;
        assert!(matches!(read, Ok(Ok(_))), "the read waited for the write");
        assert!(!write.is_finished());
        drop(held);
        assert!(write.await.unwrap().is_ok());
    }

    // As above: the gate holds the writer while the signals queue.
    #[allow(clippy::await_holding_lock)]
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn signals_waiting_together_go_out_in_one_call() {
        let probe = Probe::default();
        let (store, _, _) = StoreHandle::start(MemoryStore::shared(&[], probe.clone())).unwrap();
        let held = probe.gate.lock().unwrap();
        let write = write_at_the_gate(&store, &probe).await;
        for n in 1..=100 {
            store.signal(vec![Signal::Sync(n)]);
        }
        drop(held);
        assert!(write.await.unwrap().is_ok());
        // A write after them is committed after them, never among them.
        store.signal(vec![Signal::Sync(101)]);
        assert!(
            store
                .write(Write::DeleteRoom("ABCDEFGHJKMN".into()))
                .await
                .is_ok()
        );
        assert_eq!(*probe.signal_calls.lock().unwrap(), vec![100, 1]);
    }
}
