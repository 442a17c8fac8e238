//! The store's writer thread: writes from every room queue here, and each pass commits all
//! that are waiting in one transaction (one disk sync for many turns), then answers each.
//! Reads (a room loaded on demand from a shared store) queue behind the writes before them.

use std::sync::mpsc;
use std::thread;

use tokio::sync::oneshot;

use super::{Signal, Snapshot, Store, StoreError, Write};

/// How many queued writes one transaction takes at most.
const MAX_BATCH: usize = 512;

type Answer<T> = oneshot::Sender<Result<T, StoreError>>;

enum Job {
    Write(Box<Write>, Answer<()>),
    LoadRoom(String, Answer<Snapshot>),
    RoomsOf(String, Answer<Vec<String>>),
    CreatedBy(String, String, Answer<Option<String>>),
    Signal(Vec<Signal>),
    /// Commit what came before, then stop.
    Stop,
}

/// The writer thread's door. Cloned freely; the thread stops at [`StoreHandle::stop`] or
/// when the last clone is dropped, after committing everything queued before.
#[derive(Clone)]
pub struct StoreHandle {
    jobs: mpsc::Sender<Job>,
    shared: bool,
}

impl StoreHandle {
    /// Loads `store` and starts its writer thread.
    pub fn start(
        mut store: impl Store,
    ) -> Result<(StoreHandle, Snapshot, thread::JoinHandle<()>), StoreError> {
        let snapshot = store.load()?;
        let shared = store.is_shared();
        let (jobs, queue) = mpsc::channel::<Job>();
        let thread = thread::Builder::new()
            .name("store-writer".into())
            .spawn(move || run(store, queue))
            .map_err(|e| StoreError::new(e.to_string()))?;
        Ok((StoreHandle { jobs, shared }, snapshot, thread))
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
        self.ask(|done| Job::LoadRoom(id.to_string(), done)).await
    }

    /// The rooms a device sits in, oldest first.
    pub async fn rooms_of(&self, device: &str) -> Result<Vec<String>, StoreError> {
        self.ask(|done| Job::RoomsOf(device.to_string(), done))
            .await
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
        self.ask(|done| Job::CreatedBy(device.to_string(), create_id.to_string(), done))
            .await
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
                while batch.len() < MAX_BATCH {
                    match queue.try_recv() {
                        Ok(Job::Write(write, answer)) => batch.push((*write, answer)),
                        Ok(other) => {
                            next = Some(other);
                            break;
                        }
                        Err(_) => break,
                    }
                }
                commit(&mut store, batch);
            }
            Job::LoadRoom(id, answer) => {
                let _ = answer.send(store.load_room(&id));
            }
            Job::RoomsOf(device, answer) => {
                let _ = answer.send(store.rooms_of(&device));
            }
            Job::CreatedBy(device, create_id, answer) => {
                let _ = answer.send(store.room_created_by(&device, &create_id));
            }
            Job::Signal(signals) => {
                if let Err(e) = store.signal(&signals) {
                    log::warn!(error = e.to_string().as_str(); "signal not sent");
                }
            }
            Job::Stop => break,
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
