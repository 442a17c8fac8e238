//! The calendar date a record's `Date` header holds (`YYYY-MM-DD`, UTC), from a count of
//! days: the one conversion the command line's records and the server's finished games share.

/// The proleptic Gregorian date `days` after 1970-01-01, as `YYYY-MM-DD` (H. Hinnant's
/// days-to-civil algorithm: exact for every day of an `i64` count a record can meet).
///
/// ```
/// use mills_core::civil_date;
///
/// assert_eq!(civil_date(0), "1970-01-01");
/// assert_eq!(civil_date(19_782), "2024-02-29");
/// assert_eq!(civil_date(-1), "1969-12-31");
/// ```
pub fn civil_date(days: i64) -> String {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1_460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!("{year:04}-{month:02}-{day:02}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn days_become_their_dates() {
        assert_eq!(civil_date(0), "1970-01-01");
        assert_eq!(civil_date(19_723), "2024-01-01");
        assert_eq!(civil_date(19_782), "2024-02-29");
        assert_eq!(civil_date(20_788), "2026-12-01");
        assert_eq!(civil_date(-719_468), "0000-03-01");
    }
}
