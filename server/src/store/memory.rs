//! A store in memory for the unit tests of the threads and the hub: it counts the reads
//! that reach it and can hold its writes back, which a real database cannot be made to do
//! on cue.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

use super::backend::{Reader, Store};
use super::error::StoreError;
use super::rows::{Snapshot, Write};
use super::sql::Expiry;

/// What the test sees of the store.
#[derive(Clone, Default)]
pub struct Probe {
    /// Room reads that reached the store.
    pub room_reads: Arc<AtomicUsize>,
    /// Held while the test wants writes to wait.
    pub gate: Arc<Mutex<()>>,
    /// Set once a write has reached the store (and waits at the gate if it is held).
    pub applying: Arc<std::sync::atomic::AtomicBool>,
    /// With [`MemoryStore::shared`]: how many signals each call of `signal` carried.
    pub signal_calls: Arc<Mutex<Vec<usize>>>,
}

/// Rooms by id (only their room row: enough for lookups).
pub struct MemoryStore {
    rooms: Arc<Mutex<Vec<String>>>,
    probe: Probe,
    shared: bool,
}

impl MemoryStore {
    /// A store holding rooms `ids`.
    pub fn new(ids: &[&str], probe: Probe) -> MemoryStore {
        MemoryStore {
            rooms: Arc::new(Mutex::new(ids.iter().map(|s| s.to_string()).collect())),
            probe,
            shared: false,
        }
    }

    /// As [`MemoryStore::new`], a store other processes share (it takes signals).
    pub fn shared(ids: &[&str], probe: Probe) -> MemoryStore {
        MemoryStore {
            shared: true,
            ..MemoryStore::new(ids, probe)
        }
    }

    fn reader_half(&self) -> MemoryStore {
        MemoryStore {
            rooms: self.rooms.clone(),
            probe: self.probe.clone(),
            shared: self.shared,
        }
    }
}

impl Reader for MemoryStore {
    fn load_room(&mut self, _id: &str) -> Result<Snapshot, StoreError> {
        self.probe.room_reads.fetch_add(1, Ordering::SeqCst);
        Ok(Snapshot::default())
    }

    fn rooms_of(&mut self, _device: &str) -> Result<Vec<String>, StoreError> {
        Ok(Vec::new())
    }

    fn room_created_by(&mut self, _: &str, _: &str) -> Result<Option<String>, StoreError> {
        Ok(None)
    }

    fn blocked(&mut self, _: &str, _: &str) -> Result<bool, StoreError> {
        Ok(false)
    }

    fn reports(&mut self, _: usize) -> Result<Vec<super::moderation::ReportRow>, StoreError> {
        Ok(Vec::new())
    }
}

impl Store for MemoryStore {
    fn is_shared(&self) -> bool {
        self.shared
    }

    fn signal(&mut self, signals: &[super::backend::Signal]) -> Result<(), StoreError> {
        self.probe.signal_calls.lock().unwrap().push(signals.len());
        Ok(())
    }

    fn load(&mut self) -> Result<Snapshot, StoreError> {
        Ok(Snapshot::default())
    }

    fn room_ids(&mut self) -> Result<Vec<String>, StoreError> {
        Ok(self.rooms.lock().unwrap().clone())
    }

    fn expired(&mut self, _: &Expiry, _: usize) -> Result<Vec<String>, StoreError> {
        Ok(Vec::new())
    }

    fn reader(&self) -> Result<Box<dyn Reader>, StoreError> {
        Ok(Box::new(self.reader_half()))
    }

    fn apply(&mut self, writes: &[Write]) -> Result<Vec<Result<(), StoreError>>, StoreError> {
        self.probe.applying.store(true, Ordering::SeqCst);
        let _held = self.probe.gate.lock().unwrap();
        Ok(writes.iter().map(|_| Ok(())).collect())
    }
}
