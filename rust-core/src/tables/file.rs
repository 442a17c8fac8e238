//! Table files: one per game, a header, the slices' bytes and a checksum.
//!
//! ```text
//! magic      8 bytes  "MILLSEGT"
//! format     u16 LE   FORMAT_VERSION
//! game       u8 length + the game's id ("twelve-mens-morris")
//! max pieces u8
//! slices     u16 LE count, then per slice: movers u8, others u8, entries u64 LE
//! data       the slices' entries, one byte each, in the order listed
//! checksum   u64 LE   FNV-1a of every byte before it
//! ```
//! A file is refused, with a [`TableError`] saying why, when anything in it disagrees with
//! what this build would write: the magic, the format, the game, the slices a table of that
//! size holds, their sizes, the length or the checksum.

use std::fmt;
use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};

use super::endgame::{EndgameTables, MAX_TABLE_PIECES, Slice};
use super::index::SliceShape;
use crate::rules::Variant;

const MAGIC: &[u8; 8] = b"MILLSEGT";
/// The version of the file layout and of the index; a file of another version is refused.
pub const FORMAT_VERSION: u16 = 1;

/// The file name of a game's tables inside a table directory.
pub fn file_name(variant: Variant) -> String {
    format!("{}.mtb", variant.id())
}

/// Why tables could not be built, read or written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TableError {
    /// Reading or writing the file failed.
    Io {
        /// The file.
        path: String,
        /// The system's message.
        message: String,
    },
    /// The file does not start like a table file.
    NotATableFile,
    /// A table file of another format version.
    UnsupportedFormat {
        /// The file's version.
        found: u16,
        /// The version this build reads.
        expected: u16,
    },
    /// The file names a game this build does not know.
    UnknownGame(String),
    /// The file holds another game's tables.
    WrongGame {
        /// The game asked for.
        expected: Variant,
        /// The game in the file.
        found: Variant,
    },
    /// The file ends early or has bytes after its checksum.
    WrongLength,
    /// The checksum does not match: the file is damaged.
    ChecksumMismatch,
    /// The slices listed are not those of a table of this game and size.
    WrongSlices(String),
    /// More pieces a side than tables can be built for.
    TooManyPieces {
        /// The pieces asked for.
        requested: u8,
        /// The most there can be.
        limit: u8,
    },
    /// A distance to the end beyond what an entry can hold (254 turns).
    DistanceOverflow,
    /// The build was cancelled before it finished; nothing was kept.
    Cancelled,
    /// The file does not start like a table pack.
    NotAPack,
    /// A table pack of another version.
    UnsupportedPack {
        /// The pack's version.
        found: u16,
        /// The version this build reads.
        expected: u16,
    },
    /// A table pack whose compressed data cannot be decoded.
    PackDamaged(String),
}

impl fmt::Display for TableError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TableError::Io { path, message } => write!(f, "{path}: {message}"),
            TableError::NotATableFile => f.write_str("not a Mills endgame table file"),
            TableError::UnsupportedFormat { found, expected } => write!(
                f,
                "table format {found} is not supported (this build reads format {expected}; rebuild the tables)"
            ),
            TableError::UnknownGame(id) => write!(f, "the tables are for an unknown game '{id}'"),
            TableError::WrongGame { expected, found } => {
                write!(f, "the tables are for {found}, not {expected}")
            }
            TableError::WrongLength => f.write_str("the table file is truncated or too long"),
            TableError::ChecksumMismatch => {
                f.write_str("the table file is damaged (checksum mismatch)")
            }
            TableError::WrongSlices(what) => write!(f, "the table file is inconsistent: {what}"),
            TableError::TooManyPieces { requested, limit } => write!(
                f,
                "tables can hold 1 to {limit} pieces a side, not {requested}"
            ),
            TableError::DistanceOverflow => f.write_str("a distance to the end exceeds 254 turns"),
            TableError::Cancelled => f.write_str("the table build was cancelled"),
            TableError::NotAPack => f.write_str("not a Mills endgame table pack"),
            TableError::UnsupportedPack { found, expected } => write!(
                f,
                "table pack version {found} is not supported (this build reads version {expected})"
            ),
            TableError::PackDamaged(what) => write!(f, "the table pack is damaged: {what}"),
        }
    }
}

impl std::error::Error for TableError {}

/// FNV-1a, 64 bits: simple and enough to catch damage (not tampering). Incremental, so
/// that a pack is checked while it streams.
pub(crate) struct Fnv1a(u64);

impl Fnv1a {
    pub(crate) fn new() -> Fnv1a {
        Fnv1a(0xcbf2_9ce4_8422_2325)
    }

    pub(crate) fn update(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 ^= u64::from(b);
            self.0 = self.0.wrapping_mul(0x0100_0000_01b3);
        }
    }

    pub(crate) fn finish(&self) -> u64 {
        self.0
    }

    pub(crate) fn of(bytes: &[u8]) -> u64 {
        let mut h = Fnv1a::new();
        h.update(bytes);
        h.finish()
    }
}

fn checksum(bytes: &[u8]) -> u64 {
    Fnv1a::of(bytes)
}

impl EndgameTables {
    /// The file's bytes.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(self.size() as usize + 256);
        out.extend_from_slice(MAGIC);
        out.extend_from_slice(&FORMAT_VERSION.to_le_bytes());
        let id = self.variant.id().as_bytes();
        out.push(id.len() as u8);
        out.extend_from_slice(id);
        out.push(self.max_pieces);
        out.extend_from_slice(&(self.slices.len() as u16).to_le_bytes());
        for slice in &self.slices {
            out.push(slice.shape.movers as u8);
            out.push(slice.shape.others as u8);
            out.extend_from_slice(&(slice.values.len() as u64).to_le_bytes());
        }
        for slice in &self.slices {
            out.extend_from_slice(&slice.values);
        }
        let sum = checksum(&out);
        out.extend_from_slice(&sum.to_le_bytes());
        out
    }

    /// Reads tables from a file's bytes; with `expected`, refuses another game's.
    pub fn from_bytes(
        bytes: &[u8],
        expected: Option<Variant>,
    ) -> Result<EndgameTables, TableError> {
        let mut reader = Reader { bytes, at: 0 };
        if reader.take(MAGIC.len()).ok() != Some(MAGIC.as_slice()) {
            return Err(TableError::NotATableFile);
        }
        let format = u16::from_le_bytes(reader.array()?);
        if format != FORMAT_VERSION {
            return Err(TableError::UnsupportedFormat {
                found: format,
                expected: FORMAT_VERSION,
            });
        }
        if bytes.len() < 8 + reader.at {
            return Err(TableError::WrongLength);
        }
        let (body, sum) = bytes.split_at(bytes.len() - 8);
        if checksum(body) != u64::from_le_bytes(sum.try_into().expect("8 bytes")) {
            return Err(TableError::ChecksumMismatch);
        }
        let mut reader = Reader {
            bytes: body,
            at: reader.at,
        };
        let id_len = reader.array::<1>()?[0] as usize;
        let id = String::from_utf8_lossy(reader.take(id_len)?).into_owned();
        let variant: Variant = id.parse().map_err(|_| TableError::UnknownGame(id))?;
        if let Some(expected) = expected
            && expected != variant
        {
            return Err(TableError::WrongGame {
                expected,
                found: variant,
            });
        }
        let max_pieces = reader.array::<1>()?[0];
        if max_pieces == 0 || max_pieces > MAX_TABLE_PIECES {
            return Err(TableError::WrongSlices(format!(
                "{max_pieces} pieces a side"
            )));
        }
        let count = u16::from_le_bytes(reader.array()?) as usize;
        let expected_counts = EndgameTables::slice_counts(variant, max_pieces);
        let mut listed = Vec::with_capacity(count);
        for _ in 0..count {
            let [movers, others] = reader.array()?;
            let entries = u64::from_le_bytes(reader.array()?);
            listed.push((movers, others, entries));
        }
        let mut listed_counts: Vec<(u8, u8)> = listed.iter().map(|l| (l.0, l.1)).collect();
        listed_counts.sort_unstable();
        let mut wanted = expected_counts.clone();
        wanted.sort_unstable();
        if listed_counts != wanted {
            return Err(TableError::WrongSlices(format!(
                "the slices are not those of {variant} up to {max_pieces} a side"
            )));
        }
        let mut tables = EndgameTables::empty(variant, max_pieces);
        for (movers, others, entries) in listed {
            let shape = SliceShape {
                movers: usize::from(movers),
                others: usize::from(others),
            };
            if shape.len() != entries {
                return Err(TableError::WrongSlices(format!(
                    "slice {movers} v {others} has {entries} entries, not {}",
                    shape.len()
                )));
            }
            let values = reader.take(entries as usize)?.to_vec();
            tables.insert(Slice { shape, values });
        }
        if reader.at != body.len() {
            return Err(TableError::WrongLength);
        }
        Ok(tables)
    }

    /// The path of this game's file in `dir`.
    pub fn path_in(dir: &Path, variant: Variant) -> PathBuf {
        dir.join(file_name(variant))
    }

    /// Writes the tables to `dir` (created if needed), through a temporary file renamed into
    /// place, so that an interrupted write never leaves a damaged table behind.
    pub fn save(&self, dir: &Path) -> Result<PathBuf, TableError> {
        let path = EndgameTables::path_in(dir, self.variant);
        let io = |e: std::io::Error, p: &Path| TableError::Io {
            path: p.display().to_string(),
            message: e.to_string(),
        };
        fs::create_dir_all(dir).map_err(|e| io(e, dir))?;
        let temporary = path.with_extension("mtb.partial");
        let mut file = fs::File::create(&temporary).map_err(|e| io(e, &temporary))?;
        file.write_all(&self.to_bytes())
            .and_then(|()| file.sync_all())
            .map_err(|e| io(e, &temporary))?;
        fs::rename(&temporary, &path).map_err(|e| io(e, &path))?;
        Ok(path)
    }

    /// Reads `variant`'s tables from `dir`.
    pub fn load(dir: &Path, variant: Variant) -> Result<EndgameTables, TableError> {
        let path = EndgameTables::path_in(dir, variant);
        let bytes = fs::read(&path).map_err(|e| TableError::Io {
            path: path.display().to_string(),
            message: e.to_string(),
        })?;
        EndgameTables::from_bytes(&bytes, Some(variant))
    }
}

struct Reader<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl<'a> Reader<'a> {
    fn take(&mut self, n: usize) -> Result<&'a [u8], TableError> {
        let end = self.at.checked_add(n).ok_or(TableError::WrongLength)?;
        let slice = self
            .bytes
            .get(self.at..end)
            .ok_or(TableError::WrongLength)?;
        self.at = end;
        Ok(slice)
    }

    fn array<const N: usize>(&mut self) -> Result<[u8; N], TableError> {
        Ok(self.take(N)?.try_into().expect("N bytes"))
    }
}
