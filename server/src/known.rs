//! The room codes that exist, held in memory so that a request naming an unknown code is
//! answered without asking the store (a guessed code costs a hash lookup, not a query).
//!
//! Codes are 12 characters of Crockford's base 32: 60 bits, kept as one `u64` each (8 bytes
//! a room and the hash set's own overhead, against a `String`'s 24 and its 12 on the heap).
//! An id of another shape (a database from
//! before the codes) is kept as text. With a shared store another process's new rooms are
//! learnt from its notices, which come a moment after its commit (the hub waits for them
//! with a barrier before it answers that a code is unknown).

use std::collections::HashSet;
use std::sync::Mutex;

use mills_protocol::limits::{INVITE_CODE_ALPHABET, INVITE_CODE_CHARS};

/// The set of room ids.
#[derive(Default)]
pub struct KnownRooms {
    ids: Mutex<Ids>,
}

#[derive(Default)]
struct Ids {
    codes: HashSet<u64>,
    others: HashSet<String>,
}

/// A canonical code as its 60 bits.
fn packed(id: &str) -> Option<u64> {
    if id.len() != INVITE_CODE_CHARS {
        return None;
    }
    id.bytes().try_fold(0u64, |bits, c| {
        let digit = INVITE_CODE_ALPHABET.iter().position(|&a| a == c)?;
        Some(bits << 5 | digit as u64)
    })
}

impl Ids {
    fn contains(&self, id: &str) -> bool {
        match packed(id) {
            Some(bits) => self.codes.contains(&bits),
            None => self.others.contains(id),
        }
    }
}

impl KnownRooms {
    /// The set holding `ids`.
    pub fn new(ids: impl IntoIterator<Item = String>) -> KnownRooms {
        let known = KnownRooms::default();
        known.replace(ids);
        known
    }

    /// Replaces the whole set (after notices may have been missed).
    pub fn replace(&self, ids: impl IntoIterator<Item = String>) {
        let mut fresh = Ids::default();
        for id in ids {
            match packed(&id) {
                Some(bits) => fresh.codes.insert(bits),
                None => fresh.others.insert(id),
            };
        }
        *self.ids.lock().unwrap() = fresh;
    }

    /// Whether a room has this id.
    pub fn contains(&self, id: &str) -> bool {
        self.ids.lock().unwrap().contains(id)
    }

    /// A room was made (here, or by another process).
    pub fn insert(&self, id: &str) {
        let mut ids = self.ids.lock().unwrap();
        match packed(id) {
            Some(bits) => ids.codes.insert(bits),
            None => ids.others.insert(id.to_string()),
        };
    }

    /// A room was deleted.
    pub fn remove(&self, id: &str) {
        let mut ids = self.ids.lock().unwrap();
        match packed(id) {
            Some(bits) => ids.codes.remove(&bits),
            None => ids.others.remove(id),
        };
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_are_held_as_bits_and_other_ids_as_text() {
        let known = KnownRooms::new(["K7QM2XRP9DTA".to_string(), "OLD".to_string()]);
        assert!(known.contains("K7QM2XRP9DTA"));
        assert!(known.contains("OLD"));
        assert!(!known.contains("K7QM2XRP9DTB"));
        assert!(!known.contains("k7qm2xrp9dta"), "ids are canonical");
        assert_eq!(known.ids.lock().unwrap().codes.len(), 1);
        known.remove("K7QM2XRP9DTA");
        assert!(!known.contains("K7QM2XRP9DTA"));
    }
}
