//! The store's writer thread: writes from every room queue here, and each pass commits all
//! that are waiting in one transaction (one disk sync for many turns), then answers each.

use std::sync::mpsc;
use std::thread;

use tokio::sync::oneshot;

use super::{Snapshot, Store, StoreError, Write};

/// How many queued writes one transaction takes at most.
const MAX_BATCH: usize = 512;

enum Job {
    Write(Write, oneshot::Sender<Result<(), StoreError>>),
    /// Commit what came before, then stop.
    Stop,
}

/// The writer thread's door. Cloned freely; the thread stops at [`StoreHandle::stop`] or
/// when the last clone is dropped, after committing everything queued before.
#[derive(Clone)]
pub struct StoreHandle {
    jobs: mpsc::Sender<Job>,
}

impl StoreHandle {
    /// Loads `store` and starts its writer thread.
    pub fn start(
        mut store: impl Store,
    ) -> Result<(StoreHandle, Snapshot, thread::JoinHandle<()>), StoreError> {
        let snapshot = store.load()?;
        let (jobs, queue) = mpsc::channel::<Job>();
        let thread = thread::Builder::new()
            .name("store-writer".into())
            .spawn(move || run(store, queue))
            .map_err(|e| StoreError(e.to_string()))?;
        Ok((StoreHandle { jobs }, snapshot, thread))
    }

    /// Asks the writer to commit what is queued and stop; later writes fail.
    pub fn stop(&self) {
        let _ = self.jobs.send(Job::Stop);
    }

    /// Stores `write`; returns once it is durable (or failed, storing nothing).
    pub async fn write(&self, write: Write) -> Result<(), StoreError> {
        let (done, answer) = oneshot::channel();
        self.jobs
            .send(Job::Write(write, done))
            .map_err(|_| StoreError("the store is closed".into()))?;
        answer
            .await
            .map_err(|_| StoreError("the store stopped".into()))?
    }
}

fn run(mut store: impl Store, queue: mpsc::Receiver<Job>) {
    let mut stopping = false;
    while !stopping {
        let Ok(first) = queue.recv() else { break };
        let mut batch = Vec::new();
        let mut next = Some(first);
        while let Some(job) = next.take() {
            match job {
                Job::Write(write, answer) => batch.push((write, answer)),
                Job::Stop => {
                    stopping = true;
                    break;
                }
            }
            if batch.len() < MAX_BATCH {
                next = queue.try_recv().ok();
            }
        }
        if batch.is_empty() {
            continue;
        }
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
}
