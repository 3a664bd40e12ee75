//! Pattern databases on disk and in memory.
//!
//! A database is built once and kept in a file of the user's cache
//! directory: `$IDASTAR_CACHE_DIR`, else `$XDG_CACHE_HOME/idastar`, else
//! `~/.cache/idastar` (or a directory the caller names). The file starts
//! with a versioned header naming the board and the pattern and a checksum
//! of the data; a file whose header, length or checksum is not exactly
//! right is rebuilt, never trusted. Files are written to a temporary name
//! and renamed into place, so a reader never sees half a file and two
//! processes building at once both end with a whole one.
//!
//! Within a process each database is loaded once and shared, per cache
//! directory: a database found in one directory is not handed out for
//! another.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, OnceLock};

use super::board::Geometry;
use super::pdb::{BuildLimits, Built, DbKind, PatternDb, ProgressFn};
pub use crate::cache::{cache_dir, checksum, unkept_count, unkept_since};
use crate::cache::{load_table_until, never, note_unkept, turn_to_build, usable_cache_dir, write_atomically_until};
use crate::{Outcome, Result};

const MAGIC: &[u8; 12] = b"IDASTAR-PDB\0";
/// The regions' excesses of a zero-aware database, in a file of their own
/// beside its entries' (which a plain lookup reads alone).
const EXCESS_MAGIC: &[u8; 12] = b"IDASTAR-ZPD\0";
/// The region bits of a compact database, in a file of their own too.
const BITS_MAGIC: &[u8; 12] = b"IDASTAR-ZPB\0";
/// Bumped whenever the file layout or the meaning of the values changes
/// (2: built from the goal state, the blank on its goal cell, which the
/// header and the file name now name).
pub const FORMAT_VERSION: u32 = 2;
/// Databases this small are rebuilt rather than stored.
const SMALLEST_STORED: usize = 3;

/// The file name of the database of the pattern of goal cells `cells` on a
/// `width` x `height` board whose blank's goal cell is `blank`.
pub fn file_name(width: usize, height: usize, blank: u8, cells: &[u8]) -> String {
    let cells: Vec<String> = cells.iter().map(|c| c.to_string()).collect();
    format!("sliding-{width}x{height}-blank{blank}-{}.pdb", cells.join("-"))
}

fn header(db: &PatternDb) -> Vec<u8> {
    header_of(MAGIC, db, db.data())
}

/// The header of `payload`, a table of `db`'s, under `magic`.
fn header_of(magic: &[u8; 12], db: &PatternDb, payload: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(64);
    out.extend_from_slice(magic);
    out.extend_from_slice(&FORMAT_VERSION.to_le_bytes());
    out.extend_from_slice(&[db.width() as u8, db.height() as u8, db.blank(), db.cells().len() as u8]);
    out.extend_from_slice(db.cells());
    out.extend_from_slice(&(payload.len() as u64).to_le_bytes());
    out.extend_from_slice(&checksum(payload).to_le_bytes());
    out
}

/// Writes `db` to `path` atomically (a temporary file renamed into place).
pub fn save(db: &PatternDb, path: &Path) -> std::io::Result<()> {
    save_until(db, path, &never)
}

/// [`save`], given up when `stopped` says so (nothing is left at `path`).
fn save_until(db: &PatternDb, path: &Path, stopped: &dyn Fn() -> bool) -> std::io::Result<()> {
    // A compact database without its entries leaves the plain file be.
    if !db.data().is_empty() {
        write_atomically_until(path, &[&header(db), db.data()], stopped)?;
    }
    if let Some(excess) = db.region_excess() {
        write_atomically_until(&excess_path(path), &[&header_of(EXCESS_MAGIC, db, excess), excess], stopped)?;
    }
    match db.region_bits() {
        Some(bits) if !bits.is_empty() => {
            write_atomically_until(&bits_path(path), &[&header_of(BITS_MAGIC, db, bits), bits], stopped)
        }
        _ => Ok(()),
    }
}

/// Where the regions' excesses of the database at `path` are kept.
fn excess_path(path: &Path) -> std::path::PathBuf {
    path.with_extension("excess")
}

/// Where the region bits of the compact database at `path` are kept.
fn bits_path(path: &Path) -> std::path::PathBuf {
    path.with_extension("bits")
}

/// Reads the database of `cells` on `geometry`, the blank's goal on
/// `blank`, from `path`; an error says why the file cannot be used
/// (missing, not a regular file, another version, damaged). Reads no more
/// than the database's size.
pub fn load(path: &Path, geometry: &Geometry, cells: &[u8], blank: u8) -> std::result::Result<PatternDb, String> {
    load_until(path, geometry, cells, blank, DbKind::Plain, &never)
}

/// [`load`] of a database of `kind`: with the regions' excesses of a
/// zero-aware one, the region bits alone of a compact one; given up with
/// [`crate::cache::STOPPED`] when `stopped` says so.
fn load_until(
    path: &Path,
    geometry: &Geometry,
    cells: &[u8],
    blank: u8,
    kind: DbKind,
    stopped: &dyn Fn() -> bool,
) -> std::result::Result<PatternDb, String> {
    let expected_len = super::pdb::entries(geometry.cells(), cells.len());
    let probe = PatternDb::from_parts(geometry.width(), geometry.height(), blank, cells.to_vec(), Vec::new());
    // Everything before the length and the checksum is fixed by the board
    // and the pattern; the file's layout is the one `load_table` reads.
    let table = |magic: &[u8; 12], path: &Path| {
        let head = header_of(magic, &probe, &[]);
        load_table_until(path, &head[..head.len() - 16], expected_len, stopped)
    };
    if kind == DbKind::Compact {
        let bits = table(BITS_MAGIC, &bits_path(path))?;
        return Ok(probe.with_region_bits(bits));
    }
    let db = PatternDb::from_parts(geometry.width(), geometry.height(), blank, cells.to_vec(), table(MAGIC, path)?);
    if kind == DbKind::Plain {
        return Ok(db);
    }
    Ok(db.with_region_excess(table(EXCESS_MAGIC, &excess_path(path))?))
}

/// A database loaded in this process: its cache directory (none when there
/// is none to keep it in), board, blank's goal cell, pattern, and kind.
type Key = (Option<PathBuf>, usize, usize, u8, Vec<u8>, DbKind);

fn key(geometry: &Geometry, cells: &[u8], blank: u8, dir: Option<&Path>, kind: DbKind) -> Key {
    (cache_dir(dir), geometry.width(), geometry.height(), blank, cells.to_vec(), kind)
}

fn loaded() -> &'static Mutex<HashMap<Key, Arc<PatternDb>>> {
    static LOADED: OnceLock<Mutex<HashMap<Key, Arc<PatternDb>>>> = OnceLock::new();
    LOADED.get_or_init(Default::default)
}

/// Where a database came from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Source {
    /// Already loaded in this process.
    Memory,
    /// Read from the cache file.
    Disk,
    /// Built now, and stored if the cache directory could take it (if not,
    /// [`unkept_since`] says why).
    Built,
}

/// The database of `cells` on `geometry`, the blank's goal on `blank`:
/// from this process (loaded for the same cache directory), else from the
/// cache directory (`dir`, else the environment's, see [`cache_dir`]), else
/// built (calling `progress` per layer, stopped by `limits`) and stored.
/// `Ok(Err(outcome))` when the build did not finish (see
/// [`PatternDb::build`]); nothing of it is kept.
pub fn load_or_build(
    geometry: &Geometry,
    cells: &[u8],
    blank: u8,
    dir: Option<&Path>,
    progress: ProgressFn,
    limits: &BuildLimits,
) -> Result<Built<(Arc<PatternDb>, Source)>> {
    load_or_build_with(geometry, cells, blank, DbKind::Plain, dir, progress, limits)
}

/// [`load_or_build`] of a database of `kind` (see [`PatternDb::lookup_at`]):
/// a zero-aware one kept in two files, the plain database's and its
/// regions' excesses; a compact one in a file of its region bits (and
/// the plain file when built).
pub fn load_or_build_with(
    geometry: &Geometry,
    cells: &[u8],
    blank: u8,
    kind: DbKind,
    dir: Option<&Path>,
    progress: ProgressFn,
    limits: &BuildLimits,
) -> Result<Built<(Arc<PatternDb>, Source)>> {
    // Before a file is read into a table of that size, or one is built.
    PatternDb::checked_entries(geometry, cells, blank)?;
    let key = key(geometry, cells, blank, dir, kind);
    let in_memory = || loaded().lock().expect("not poisoned").get(&key).cloned();
    if let Some(db) = in_memory() {
        return Ok(Ok((db, Source::Memory)));
    }
    let Some(_turn) = turn_to_build(format!("{key:?}"), &|| limits.stop().is_some()) else {
        return Ok(Err(limits.stop().unwrap_or(Outcome::Interrupted)));
    };
    if let Some(db) = in_memory() {
        return Ok(Ok((db, Source::Memory)));
    }
    let stored = cells.len() >= SMALLEST_STORED;
    let path = key.0.as_ref().map(|d| d.join(file_name(geometry.width(), geometry.height(), blank, cells)));
    // Half a gigabyte from a slow disk takes seconds: reads and writes
    // stop with the build's limits too.
    let stopped = || limits.stop().is_some();
    let kind = PatternDb::buildable(geometry, cells.len(), kind);
    let from_disk = match (&path, stored) {
        (Some(path), true) => load_until(path, geometry, cells, blank, kind, &stopped).ok(),
        _ => None,
    };
    if from_disk.is_none() {
        if let Some(outcome) = limits.stop() {
            return Ok(Err(outcome));
        }
    }
    let (db, source) = match from_disk {
        Some(db) => (db, Source::Disk),
        None => {
            let db = match PatternDb::build_with(geometry, cells, blank, kind, progress, limits)? {
                Ok(db) => db,
                Err(outcome) => return Ok(Err(outcome)),
            };
            if let (Some(dir), Some(path), true) = (&key.0, &path, stored) {
                // A cache that cannot be written costs a rebuild in every
                // later run: noted for the caller to tell (see
                // `unkept_since`), and this run goes on. A write stopped on
                // the way is given up; the search that follows sees the
                // same stop at once.
                if let Err(error) = save_until(&db, path, &stopped) {
                    note_unkept(dir, &error);
                }
            }
            (db, Source::Built)
        }
    };
    let db = match db.without_entries().with_cell_index(limits) {
        Ok(db) => Arc::new(db),
        Err(outcome) => return Ok(Err(outcome)),
    };
    let mut map = loaded().lock().expect("not poisoned");
    Ok(Ok((map.entry(key).or_insert(db).clone(), source)))
}

/// Whether the database of `cells` on `geometry`, the blank's goal on
/// `blank`, is loaded in this process for the cache directory `dir` already
/// (so that [`load_or_build`] returns at once).
pub fn is_loaded(geometry: &Geometry, cells: &[u8], blank: u8, kind: DbKind, dir: Option<&Path>) -> bool {
    loaded().lock().expect("not poisoned").contains_key(&key(geometry, cells, blank, dir, kind))
}

/// Forgets every database loaded in this process (the files stay).
pub fn clear_memory() {
    loaded().lock().expect("not poisoned").clear();
}

/// Fails with a clear message if the cache directory (`dir`, else the
/// environment's; see [`crate::cache::usable_cache_dir`]) cannot be one.
pub fn check_dir(dir: Option<&Path>) -> Result<()> {
    usable_cache_dir(dir).map(|_| ())
}
