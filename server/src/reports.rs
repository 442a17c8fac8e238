//! Players' reports of their opponents and blocks: how many one device and one address may
//! send (so that a flood cannot fill the disk), and the operator's listing of the reports.
//!
//! Each report or block takes a token of its device's bucket and of its address's: 10 at
//! once per device, then 10 an hour; 30 at once per address, then 30 an hour. A request
//! over either is refused `too-many-reports` with the wait, and stores nothing. A stored
//! report is at most a few hundred bytes and one per player and game (a repeat stores
//! nothing), so an address fills at most about 30 rows an hour. Counted per server process
//! and kept in memory, like the other budgets.

use std::net::IpAddr;
use std::sync::Mutex;
use std::time::{Duration, Instant};

use crate::limits::{Buckets, Rate};
use crate::room::date_of;
use crate::store::ReportRow;

/// Reports and blocks per device.
pub const PER_DEVICE: Rate = Rate {
    burst: 10.0,
    per_second: 10.0 / 3600.0,
};

/// Reports and blocks per client address.
pub const PER_ADDRESS: Rate = Rate {
    burst: 30.0,
    per_second: 30.0 / 3600.0,
};

/// How many reports `mills-server reports` prints at most (the newest).
pub const LISTED: usize = 1000;

/// The tokens of reports and blocks, by device and by address.
pub struct ReportBudget {
    devices: Mutex<Buckets<String>>,
    addresses: Mutex<Buckets<IpAddr>>,
}

impl Default for ReportBudget {
    fn default() -> ReportBudget {
        ReportBudget {
            devices: Mutex::new(Buckets::new(PER_DEVICE)),
            addresses: Mutex::new(Buckets::new(PER_ADDRESS)),
        }
    }
}

impl ReportBudget {
    /// Takes a token for `device` at `address`, or says how long until one is there. The
    /// device's bucket first: a device over its own cap spends nothing of its address's
    /// (which other devices behind the same address share).
    pub fn take(&self, device: &str, address: IpAddr) -> Result<(), Duration> {
        let now = Instant::now();
        let mut devices = self.devices.lock().unwrap_or_else(|e| e.into_inner());
        let mut addresses = self.addresses.lock().unwrap_or_else(|e| e.into_inner());
        devices
            .take(&device.to_string(), now)
            .and_then(|()| addresses.take(&address, now))
    }
}

/// One line of `mills-server reports`: time (UTC), room, game, reason, both names in
/// quotes (a missing name as `-`), both devices' key tags.
pub fn line(r: &ReportRow) -> String {
    let seconds = r.at_ms.div_euclid(1000).rem_euclid(86_400);
    let name = |n: &Option<String>| n.as_ref().map_or("-".to_string(), |n| format!("{n:?}"));
    format!(
        "{} {:02}:{:02}:{:02}  {}  game {}  {}  reporter {}  reported {}  devices {} {}",
        date_of(r.at_ms),
        seconds / 3600,
        seconds / 60 % 60,
        seconds % 60,
        mills_protocol::spelled_code(&r.room),
        r.game_no,
        r.reason,
        name(&r.reporter_name),
        name(&r.reported_name),
        tag(&r.reporter_device),
        tag(&r.reported_device),
    )
}

/// The first 8 hex digits of a device's key: enough to see two reports name one device.
fn tag(device: &str) -> String {
    device
        .strip_prefix("sha256:")
        .unwrap_or(device)
        .chars()
        .take(8)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_report_prints_on_one_line_with_its_time_room_and_names() {
        let row = ReportRow {
            room: "K7QM2XRP9DTA".into(),
            game_no: 2,
            reporter: 1,
            reason: "offensive-name".into(),
            reporter_name: Some("Ann".into()),
            reported_name: None,
            reporter_device: "sha256:0123456789abcdef".into(),
            reported_device: "sha256:fedcba9876543210".into(),
            at_ms: 1_796_632_200_000 + 45_000,
        };
        assert_eq!(
            line(&row),
            "2026-12-07 08:30:45  K7QM-2XRP-9DTA  game 2  offensive-name  reporter \"Ann\"  \
             reported -  devices 01234567 fedcba98"
        );
    }

    #[test]
    fn a_device_and_an_address_each_have_their_budget() {
        let budget = ReportBudget::default();
        let ip: IpAddr = [10, 0, 0, 1].into();
        for _ in 0..10 {
            assert!(budget.take("a", ip).is_ok());
        }
        assert!(budget.take("a", ip).is_err(), "the device's burst is spent");
        for n in 0..20 {
            assert!(budget.take(&format!("b{n}"), ip).is_ok());
        }
        assert!(
            budget.take("c", ip).is_err(),
            "the address's burst is spent"
        );
        assert!(budget.take("c", [10, 0, 0, 2].into()).is_ok());
    }
}
