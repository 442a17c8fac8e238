//! The table pack the apps ship: every game's table file, zstd-compressed, in one file, so
//! that a first launch unpacks the tables in a fraction of a second instead of building them
//! (docs/ai.md, "Tables ready at once").
//!
//! ```text
//! magic         8 bytes  "MILLSPAK"
//! pack version  u16 LE   PACK_VERSION
//! table format  u16 LE   the FORMAT_VERSION of the table files inside
//! count         u8
//! per table     game id (u8 length + bytes), unpacked length u64 LE,
//!               packed length u64 LE, FNV-1a u64 LE of the unpacked bytes
//! data          each table's zstd frame, in the order listed
//! ```
//! Unpacking streams: one table at a time, through the decoder's window, into a temporary
//! file beside its final name; the file is renamed into place only once its length and
//! checksum are right, so a kill at any moment leaves at most a `.partial` file, which is
//! never loaded. A pack of another version, or of another table format, is refused.

use std::fs;
use std::io::{self, BufReader, BufWriter, Read, Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};

use ruzstd::decoding::StreamingDecoder;
use ruzstd::encoding::{CompressionLevel, compress_to_vec};

use super::endgame::EndgameTables;
use super::file::{FORMAT_VERSION, Fnv1a, TableError, file_name};

use crate::cancel::CancelToken;
use crate::rules::Variant;

const MAGIC: &[u8; 8] = b"MILLSPAK";
/// The version of the pack layout; a pack of another version is refused.
pub const PACK_VERSION: u16 = 1;
/// Unpacked bytes between two progress reports and cancellation checks.
const CHUNK: usize = 256 * 1024;

/// One table inside a pack, as its header lists it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PackEntry {
    /// The game whose table file this is.
    pub game: Variant,
    /// The table file's length once unpacked.
    pub unpacked: u64,
    /// Its length compressed, in the pack.
    pub packed: u64,
    /// FNV-1a of the unpacked bytes.
    pub checksum: u64,
}

/// Writes a pack of the table files found in `dir` (every game's that exists, each read and
/// checked first) to `out`, atomically, compressed by the engine's own pure-Rust encoder
/// (about zstd's level 1). Returns what it holds.
pub fn pack(dir: &Path, out: &Path) -> Result<Vec<PackEntry>, TableError> {
    pack_with(dir, out, &|bytes| {
        Ok(compress_to_vec(bytes, CompressionLevel::Fastest))
    })
}

/// [`pack`] with another zstd encoder: `compress` turns one table file into one zstd frame.
/// The unpacking reads a frame of any level, so the shipped pack is made by the `mills`
/// command line at a high level (docs/ai.md) while the engine links only a decoder.
pub fn pack_with(
    dir: &Path,
    out: &Path,
    compress: &dyn Fn(&[u8]) -> io::Result<Vec<u8>>,
) -> Result<Vec<PackEntry>, TableError> {
    let mut entries = Vec::new();
    let mut frames = Vec::new();
    for &game in &Variant::ALL {
        let path = EndgameTables::path_in(dir, game);
        if !path.exists() {
            continue;
        }
        let bytes = fs::read(&path).map_err(|e| io_error(&path, e))?;
        // Only a table this build would load goes into a pack.
        EndgameTables::from_bytes(&bytes, Some(game))?;
        let frame = compress(&bytes).map_err(|e| io_error(&path, e))?;
        entries.push(PackEntry {
            game,
            unpacked: bytes.len() as u64,
            packed: frame.len() as u64,
            checksum: Fnv1a::of(&bytes),
        });
        frames.push(frame);
    }
    if entries.is_empty() {
        return Err(io_error(
            dir,
            io::Error::new(io::ErrorKind::NotFound, "no table file to pack"),
        ));
    }
    let mut bytes = header(&entries);
    for frame in &frames {
        bytes.extend_from_slice(frame);
    }
    crate::store::write_atomic(out, &bytes).map_err(|e| io_error(out, e))?;
    Ok(entries)
}

fn header(entries: &[PackEntry]) -> Vec<u8> {
    let mut out = Vec::new();
    out.extend_from_slice(MAGIC);
    out.extend_from_slice(&PACK_VERSION.to_le_bytes());
    out.extend_from_slice(&FORMAT_VERSION.to_le_bytes());
    out.push(entries.len() as u8);
    for entry in entries {
        let id = entry.game.id().as_bytes();
        out.push(id.len() as u8);
        out.extend_from_slice(id);
        out.extend_from_slice(&entry.unpacked.to_le_bytes());
        out.extend_from_slice(&entry.packed.to_le_bytes());
        out.extend_from_slice(&entry.checksum.to_le_bytes());
    }
    out
}

/// Reads a pack's header: the tables it holds. The reader is left at the first frame.
pub fn read_header(reader: &mut impl Read) -> Result<Vec<PackEntry>, TableError> {
    let mut magic = [0u8; 8];
    read_exact(reader, &mut magic)?;
    if &magic != MAGIC {
        return Err(TableError::NotAPack);
    }
    let version = u16::from_le_bytes(read_array(reader)?);
    if version != PACK_VERSION {
        return Err(TableError::UnsupportedPack {
            found: version,
            expected: PACK_VERSION,
        });
    }
    let format = u16::from_le_bytes(read_array(reader)?);
    if format != FORMAT_VERSION {
        return Err(TableError::UnsupportedFormat {
            found: format,
            expected: FORMAT_VERSION,
        });
    }
    let [count] = read_array(reader)?;
    let mut entries = Vec::with_capacity(usize::from(count));
    for _ in 0..count {
        let [id_len] = read_array(reader)?;
        let mut id = vec![0u8; usize::from(id_len)];
        read_exact(reader, &mut id)?;
        let id = String::from_utf8_lossy(&id).into_owned();
        let game: Variant = id.parse().map_err(|_| TableError::UnknownGame(id))?;
        entries.push(PackEntry {
            game,
            unpacked: u64::from_le_bytes(read_array(reader)?),
            packed: u64::from_le_bytes(read_array(reader)?),
            checksum: u64::from_le_bytes(read_array(reader)?),
        });
    }
    Ok(entries)
}

/// How far an unpacking is: unpacked bytes written of the game's table file.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct UnpackProgress {
    /// The game being unpacked.
    pub game: Variant,
    /// Bytes written so far.
    pub done: u64,
    /// The table file's whole length.
    pub total: u64,
}

/// Unpacks `game`'s table file from the pack at `pack` into `dir` (created if needed), as
/// `dir/<game>.mtb`: streamed through a temporary file, its length and checksum checked,
/// then renamed into place. On any error or cancellation the temporary file is removed and
/// nothing is left under the table's name (an older file there is kept). The pack not
/// holding the game is `TableError::Io` with `NotFound`.
pub fn unpack_game(
    pack: &Path,
    dir: &Path,
    game: Variant,
    cancel: &CancelToken,
    progress: &mut dyn FnMut(&UnpackProgress),
) -> Result<PathBuf, TableError> {
    let file = fs::File::open(pack).map_err(|e| io_error(pack, e))?;
    let mut reader = BufReader::new(file);
    let entries = read_header(&mut reader)?;
    let mut offset = 0u64;
    let mut found = None;
    for entry in entries {
        if entry.game == game {
            found = Some(entry);
            break;
        }
        offset = offset
            .checked_add(entry.packed)
            .ok_or_else(|| TableError::PackDamaged("lengths overflow".into()))?;
    }
    let entry = found.ok_or_else(|| {
        io_error(
            pack,
            io::Error::new(io::ErrorKind::NotFound, format!("no {game} tables in it")),
        )
    })?;
    reader
        .seek(SeekFrom::Current(offset as i64))
        .map_err(|e| io_error(pack, e))?;
    fs::create_dir_all(dir).map_err(|e| io_error(dir, e))?;
    let path = dir.join(file_name(game));
    let temporary = path.with_extension("mtb.partial");
    let written = write_checked(&mut reader, &entry, &temporary, cancel, progress);
    match written {
        Ok(()) => {
            fs::rename(&temporary, &path).map_err(|e| io_error(&path, e))?;
            Ok(path)
        }
        Err(err) => {
            let _ = fs::remove_file(&temporary);
            Err(err)
        }
    }
}

/// Decodes one entry's frame from `reader` into `temporary`, checking its length and
/// checksum, and syncs it.
fn write_checked(
    reader: &mut impl Read,
    entry: &PackEntry,
    temporary: &Path,
    cancel: &CancelToken,
    progress: &mut dyn FnMut(&UnpackProgress),
) -> Result<(), TableError> {
    let frame = reader.take(entry.packed);
    let mut decoder = StreamingDecoder::new(frame)
        .map_err(|e| TableError::PackDamaged(format!("{}: {e}", entry.game)))?;
    let file = fs::File::create(temporary).map_err(|e| io_error(temporary, e))?;
    let mut out = BufWriter::new(file);
    let mut sum = Fnv1a::new();
    let mut buffer = vec![0u8; CHUNK];
    let mut done = 0u64;
    loop {
        if cancel.is_cancelled() {
            return Err(TableError::Cancelled);
        }
        let n = match decoder.read(&mut buffer) {
            Ok(0) => break,
            Ok(n) => n,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(TableError::PackDamaged(format!("{}: {e}", entry.game))),
        };
        done += n as u64;
        if done > entry.unpacked {
            return Err(TableError::WrongLength);
        }
        sum.update(&buffer[..n]);
        out.write_all(&buffer[..n])
            .map_err(|e| io_error(temporary, e))?;
        progress(&UnpackProgress {
            game: entry.game,
            done,
            total: entry.unpacked,
        });
    }
    if done != entry.unpacked {
        return Err(TableError::WrongLength);
    }
    if sum.finish() != entry.checksum {
        return Err(TableError::ChecksumMismatch);
    }
    let file = out
        .into_inner()
        .map_err(|e| io_error(temporary, e.into_error()))?;
    file.sync_all().map_err(|e| io_error(temporary, e))
}

fn read_exact(reader: &mut impl Read, buf: &mut [u8]) -> Result<(), TableError> {
    reader.read_exact(buf).map_err(|e| match e.kind() {
        io::ErrorKind::UnexpectedEof => TableError::WrongLength,
        _ => TableError::PackDamaged(e.to_string()),
    })
}

fn read_array<const N: usize>(reader: &mut impl Read) -> Result<[u8; N], TableError> {
    let mut bytes = [0u8; N];
    read_exact(reader, &mut bytes)?;
    Ok(bytes)
}

fn io_error(path: &Path, e: io::Error) -> TableError {
    TableError::Io {
        path: path.display().to_string(),
        message: e.to_string(),
    }
}

#[cfg(test)]
mod tests;
