//! What one client address, and the whole process, may hold: rooms waiting for their
//! second player, devices, connections. Each answers with how long to wait or a plain no,
//! which the hub and the connection turn into the protocol's typed errors (or HTTP 503).

use std::collections::{HashMap, HashSet};
use std::net::IpAddr;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// Rooms waiting for their second player: every one this process holds, and by the address
/// that made it (rooms loaded at start have none: their maker's address is not stored).
#[derive(Default)]
pub struct WaitingRooms {
    rooms: HashMap<String, Option<IpAddr>>,
    by_address: HashMap<IpAddr, HashSet<String>>,
}

/// Why a new waiting room is refused.
#[derive(Debug, PartialEq, Eq)]
pub enum Full {
    /// This address has its share.
    Address,
    /// The process has its share.
    Total,
}

impl WaitingRooms {
    /// A room now waits (a room counted already keeps its maker).
    pub fn add(&mut self, room: &str, maker: Option<IpAddr>) {
        let counted = self.rooms.entry(room.to_string()).or_insert(maker);
        if counted.is_none() {
            *counted = maker;
        }
        if let Some(ip) = maker {
            self.by_address
                .entry(ip)
                .or_default()
                .insert(room.to_string());
        }
    }

    /// A room no longer waits (joined, or deleted).
    pub fn remove(&mut self, room: &str) {
        if let Some(Some(ip)) = self.rooms.remove(room)
            && let Some(rooms) = self.by_address.get_mut(&ip)
        {
            rooms.remove(room);
            if rooms.is_empty() {
                self.by_address.remove(&ip);
            }
        }
    }

    /// Whether `maker` may make one more. `still_waiting` says of a counted room whether it
    /// still waits (another process may have seen it joined); those that do not are
    /// forgotten first.
    pub fn admit(
        &mut self,
        maker: IpAddr,
        per_address: usize,
        total: usize,
        still_waiting: impl Fn(&str) -> bool,
    ) -> Result<(), Full> {
        let mine: Vec<String> = self
            .by_address
            .get(&maker)
            .map(|rooms| rooms.iter().cloned().collect())
            .unwrap_or_default();
        if mine.len() >= per_address {
            mine.iter()
                .filter(|room| !still_waiting(room))
                .for_each(|room| self.remove(room));
            if self.by_address.get(&maker).map_or(0, HashSet::len) >= per_address {
                return Err(Full::Address);
            }
        }
        if self.rooms.len() >= total {
            let gone: Vec<String> = self
                .rooms
                .keys()
                .filter(|room| !still_waiting(room))
                .cloned()
                .collect();
            gone.iter().for_each(|room| self.remove(room));
            if self.rooms.len() >= total {
                return Err(Full::Total);
            }
        }
        Ok(())
    }
}

/// Different devices seen from each address, and in all, within an hour: a device is free
/// to make, so without this one address could be any number of devices (and addresses,
/// IPv6 ones above all, are cheap too: the total bounds what this remembers).
pub struct DevicesByAddress {
    window: Duration,
    seen: HashMap<IpAddr, HashMap<String, Instant>>,
    /// Devices in `seen`, over every address.
    total: usize,
    last_sweep: Instant,
}

impl DevicesByAddress {
    /// Counting over `window`.
    pub fn new(window: Duration) -> DevicesByAddress {
        DevicesByAddress {
            window,
            seen: HashMap::new(),
            total: 0,
            last_sweep: Instant::now(),
        }
    }

    /// `device` says hello from `ip`: fine if it was seen there lately, or the address has
    /// room for one more (`per_address`) and so has the whole (`total`); else how long to
    /// wait (until the address's oldest device ages out, or a minute for the whole).
    pub fn admit(
        &mut self,
        ip: IpAddr,
        device: &str,
        per_address: usize,
        total: usize,
        now: Instant,
    ) -> Result<(), Duration> {
        let window = self.window;
        let fresh = |at: &Instant| now.saturating_duration_since(*at) < window;
        if now.saturating_duration_since(self.last_sweep) > Duration::from_secs(60) {
            self.seen.retain(|_, devices| {
                devices.retain(|_, at| fresh(at));
                !devices.is_empty()
            });
            self.total = self.seen.values().map(HashMap::len).sum();
            self.last_sweep = now;
        }
        let devices = self.seen.entry(ip).or_default();
        let before = devices.len();
        devices.retain(|_, at| fresh(at));
        self.total -= before - devices.len();
        if let Some(at) = devices.get_mut(device) {
            *at = now;
            return Ok(());
        }
        if devices.len() >= per_address {
            let oldest = devices.values().min().copied().unwrap_or(now);
            return Err((oldest + window).saturating_duration_since(now));
        }
        if self.total >= total {
            return Err(Duration::from_secs(60));
        }
        devices.insert(device.to_string(), now);
        self.total += 1;
        Ok(())
    }
}

/// Open WebSocket connections, in total and by address.
pub struct Connections {
    max_total: usize,
    max_per_address: usize,
    open: Mutex<(usize, HashMap<IpAddr, usize>)>,
}

/// One admitted connection; dropping it frees its place.
pub struct Seat {
    of: Arc<Connections>,
    ip: IpAddr,
}

impl Connections {
    /// At most `max_total` connections, `max_per_address` from one address.
    pub fn new(max_total: usize, max_per_address: usize) -> Arc<Connections> {
        Arc::new(Connections {
            max_total,
            max_per_address,
            open: Mutex::new((0, HashMap::new())),
        })
    }

    /// A place for a connection from `ip`, if there is one.
    pub fn admit(self: &Arc<Self>, ip: IpAddr) -> Option<Seat> {
        let mut open = self.open.lock().unwrap();
        let from_ip = open.1.get(&ip).copied().unwrap_or(0);
        if open.0 >= self.max_total || from_ip >= self.max_per_address {
            return None;
        }
        open.0 += 1;
        open.1.insert(ip, from_ip + 1);
        Some(Seat {
            of: self.clone(),
            ip,
        })
    }
}

impl Drop for Seat {
    fn drop(&mut self) {
        let mut open = self.of.open.lock().unwrap();
        open.0 -= 1;
        if let Some(n) = open.1.get_mut(&self.ip) {
            *n -= 1;
            if *n == 0 {
                open.1.remove(&self.ip);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const A: IpAddr = IpAddr::V4(std::net::Ipv4Addr::new(203, 0, 113, 1));
    const B: IpAddr = IpAddr::V4(std::net::Ipv4Addr::new(203, 0, 113, 2));

    #[test]
    fn waiting_rooms_count_by_address_and_in_total_and_joined_ones_are_forgotten() {
        let mut waiting = WaitingRooms::default();
        waiting.add("R1", Some(A));
        waiting.add("R2", Some(A));
        assert_eq!(waiting.admit(A, 2, 10, |_| true), Err(Full::Address));
        assert_eq!(waiting.admit(B, 2, 10, |_| true), Ok(()));
        waiting.add("R3", None);
        assert_eq!(waiting.admit(B, 2, 3, |_| true), Err(Full::Total));
        waiting.add("R2", None);
        assert_eq!(
            waiting.admit(A, 2, 10, |_| true),
            Err(Full::Address),
            "R2 is A's still"
        );
        // R1 was joined through another process: it no longer counts.
        assert_eq!(waiting.admit(A, 2, 3, |r| r != "R1"), Ok(()));
        waiting.remove("R3");
        assert_eq!(waiting.admit(B, 2, 2, |_| true), Ok(()));
    }

    #[test]
    fn devices_by_address_admit_known_devices_and_age_out() {
        let mut devices = DevicesByAddress::new(Duration::from_secs(60));
        let t = Instant::now();
        assert!(devices.admit(A, "d1", 2, 9, t).is_ok());
        assert!(devices.admit(A, "d2", 2, 9, t).is_ok());
        let wait = devices.admit(A, "d3", 2, 9, t).unwrap_err();
        assert_eq!(wait, Duration::from_secs(60));
        assert!(devices.admit(A, "d1", 2, 9, t).is_ok(), "a known device");
        assert!(devices.admit(B, "d3", 2, 9, t).is_ok(), "another address");
        assert!(
            devices.admit(B, "d4", 2, 3, t).is_err(),
            "the total is reached"
        );
        assert!(
            devices.admit(B, "d3", 2, 3, t).is_ok(),
            "a known device still"
        );
        let later = t + Duration::from_secs(61);
        assert!(devices.admit(A, "d3", 2, 9, later).is_ok());
        assert_eq!(
            devices.total, 1,
            "those seen at t aged out; d3 counts again, from A"
        );
    }

    #[test]
    fn connections_are_capped_by_address_and_in_total_and_freed_on_drop() {
        let open = Connections::new(3, 2);
        let a1 = open.admit(A).unwrap();
        let _a2 = open.admit(A).unwrap();
        assert!(open.admit(A).is_none());
        let _b1 = open.admit(B).unwrap();
        assert!(open.admit(B).is_none(), "the total is reached");
        drop(a1);
        assert!(open.admit(A).is_some());
    }
}
