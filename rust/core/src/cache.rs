//! Tables kept on disk between processes.
//!
//! Files live in the user's cache directory: `$IDASTAR_CACHE_DIR`, else
//! `$XDG_CACHE_HOME/idastar`, else `~/.cache/idastar` (or a directory the
//! caller names). Each starts with a header that names what it holds and
//! its format version, then the data's length and checksum; a file whose
//! header, length or checksum is not exactly right is rebuilt, never
//! trusted. Files are written to a temporary name and renamed into place,
//! so a reader never sees half a file and two processes writing at once
//! both end with a whole one.
//!
//! Every table is read by [`load_table`], which opens only regular files
//! (a FIFO, a device or a directory in a file's place counts as no file:
//! opening a FIFO waits for a writer, reading a device may never end) and
//! compares the file's size with the length it expects before reading, so
//! that a damaged file costs no more memory than a sound one.

use std::collections::HashMap;
use std::fs;
use std::io::{self, Read, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Mutex, OnceLock};

use crate::{Error, Result};

/// Where a cache directory was named, as messages put it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Origin {
    /// The caller's argument (`cache_dir=` in Python).
    Argument,
    IdastarCacheDir,
    /// `$XDG_CACHE_HOME/idastar` or `$HOME/.cache/idastar`.
    Default,
}

impl Origin {
    fn describe(self) -> &'static str {
        match self {
            Origin::Argument => "from cache_dir",
            Origin::IdastarCacheDir => "from $IDASTAR_CACHE_DIR",
            Origin::Default => "the default",
        }
    }
}

fn located(explicit: Option<&Path>) -> Option<(PathBuf, Origin)> {
    if let Some(dir) = explicit {
        return Some((dir.to_path_buf(), Origin::Argument));
    }
    let var = |name: &str| std::env::var_os(name).filter(|v| !v.is_empty()).map(PathBuf::from);
    var("IDASTAR_CACHE_DIR")
        .map(|dir| (dir, Origin::IdastarCacheDir))
        .or_else(|| var("XDG_CACHE_HOME").map(|d| (d.join("idastar"), Origin::Default)))
        .or_else(|| var("HOME").map(|d| (d.join(".cache").join("idastar"), Origin::Default)))
}

/// The cache directory: `explicit`, else `$IDASTAR_CACHE_DIR`, else
/// `$XDG_CACHE_HOME/idastar`, else `$HOME/.cache/idastar`.
pub fn cache_dir(explicit: Option<&Path>) -> Option<PathBuf> {
    located(explicit).map(|(dir, _)| dir)
}

/// What an empty cache directory given by the caller is refused with.
pub const EMPTY_DIR: &str = "cache_dir must name a directory, got ''";

/// [`cache_dir`], refused with [`Error::InvalidArgument`] when the caller or
/// `$IDASTAR_CACHE_DIR` names something that is not a directory and cannot
/// become one (a file, or a path through a file). A default location that
/// cannot hold a cache (`HOME=/dev/null`, as services often have) means no
/// cache, quietly: nobody asked for it. A directory that does not exist yet
/// is fine; it is made on the first write.
///
/// An empty `explicit` is refused too: it would mean the current directory,
/// where an empty `$IDASTAR_CACHE_DIR` means the variable is not set.
pub fn usable_cache_dir(explicit: Option<&Path>) -> Result<Option<PathBuf>> {
    if explicit.is_some_and(|dir| dir.as_os_str().is_empty()) {
        return Err(Error::InvalidArgument(EMPTY_DIR.into()));
    }
    let Some((dir, origin)) = located(explicit) else {
        return Ok(None);
    };
    let Some(blocker) = dir.ancestors().find(|path| fs::metadata(path).is_ok()) else {
        return Ok(Some(dir));
    };
    if blocker.is_dir() {
        return Ok(Some(dir));
    }
    if origin == Origin::Default {
        return Ok(None);
    }
    let origin = origin.describe();
    Err(Error::InvalidArgument(if blocker == dir {
        format!("cache directory {} ({origin}) is not a directory", dir.display())
    } else {
        format!("cache directory {} ({origin}) cannot be made: {} is not a directory", dir.display(), blocker.display())
    }))
}

/// Saves that failed in this process: how many so far, and per cache
/// directory the last one's number and why it failed.
struct Unkept {
    count: u64,
    last: HashMap<PathBuf, (u64, String)>,
}

fn unkept() -> &'static Mutex<Unkept> {
    static UNKEPT: OnceLock<Mutex<Unkept>> = OnceLock::new();
    UNKEPT.get_or_init(|| Mutex::new(Unkept { count: 0, last: HashMap::new() }))
}

/// Why a write failed, as the system says it ("Permission denied", "No
/// space left on device"), without Rust's " (os error N)".
fn reason(error: &io::Error) -> String {
    let text = error.to_string();
    match text.rfind(" (os error ") {
        Some(at) if text.ends_with(')') => text[..at].to_string(),
        _ => text,
    }
}

/// Notes that a table built for the cache directory `dir` (as
/// [`cache_dir`] names it) could not be stored there, so that the caller
/// can be told (see [`unkept_since`]): a cache that cannot be written costs
/// a rebuild in every later run. A write that `stopped` gave up is no
/// failure; nor is one in a default location that cannot hold a cache,
/// which means no cache, quietly (see [`usable_cache_dir`]).
pub fn note_unkept(dir: &Path, error: &io::Error) {
    if error.kind() == io::ErrorKind::Interrupted && error.to_string() == STOPPED {
        return;
    }
    let quiet_default = matches!(located(None), Some((default, Origin::Default)) if default == dir);
    if quiet_default && matches!(usable_cache_dir(None), Ok(None)) {
        return;
    }
    let mut unkept = unkept().lock().expect("not poisoned");
    unkept.count += 1;
    let number = unkept.count;
    unkept.last.insert(dir.to_path_buf(), (number, reason(error)));
}

/// How many tables could not be stored in this process so far: the mark
/// to give [`unkept_since`] before a call that may build some.
pub fn unkept_count() -> u64 {
    unkept().lock().expect("not poisoned").count
}

/// The cache directory (`explicit`, else the environment's, see
/// [`cache_dir`]) and why a table could not be stored there, if one could
/// not since [`unkept_count`] returned `mark`.
pub fn unkept_since(mark: u64, explicit: Option<&Path>) -> Option<(PathBuf, String)> {
    let dir = cache_dir(explicit)?;
    let unkept = unkept().lock().expect("not poisoned");
    let (number, reason) = unkept.last.get(&dir)?;
    (*number > mark).then(|| (dir, reason.clone()))
}

/// The tables being loaded or built in this process, by name.
fn in_progress() -> &'static Mutex<std::collections::HashSet<String>> {
    static IN_PROGRESS: OnceLock<Mutex<std::collections::HashSet<String>>> = OnceLock::new();
    IN_PROGRESS.get_or_init(Default::default)
}

/// A table's turn to be loaded or built, held until dropped.
pub struct Turn(String);

impl Drop for Turn {
    fn drop(&mut self) {
        in_progress().lock().unwrap_or_else(std::sync::PoisonError::into_inner).remove(&self.0);
    }
}

/// Waits until no other thread of this process loads or builds the table
/// `name`, then takes the turn to: two solves that need one table at once
/// build it once, and hold one copy, rather than each its own. `None` when
/// `stopped` said to stop while waiting (asked every 10 ms). The caller
/// looks for the table again once it has the turn: the thread before it
/// may have left it ready.
pub fn turn_to_build(name: String, stopped: &dyn Fn() -> bool) -> Option<Turn> {
    loop {
        if in_progress().lock().unwrap_or_else(std::sync::PoisonError::into_inner).insert(name.clone()) {
            return Some(Turn(name));
        }
        if stopped() {
            return None;
        }
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
}

/// A 64-bit checksum of `data` (four multiply-rotate lanes over 8-byte
/// words; not cryptographic, it is there to catch damaged files).
pub fn checksum(data: &[u8]) -> u64 {
    const K: [u64; 4] = [0x9E37_79B9_7F4A_7C15, 0xC2B2_AE3D_27D4_EB4F, 0x1656_67B1_9E37_79F9, 0x85EB_CA77_C2B2_AE63];
    let mut lanes = [1u64, 2, 3, 4];
    let mut chunks = data.chunks_exact(32);
    for chunk in &mut chunks {
        for (i, lane) in lanes.iter_mut().enumerate() {
            let word = u64::from_le_bytes(chunk[8 * i..8 * i + 8].try_into().expect("8 bytes"));
            *lane = (*lane ^ word).wrapping_mul(K[i]).rotate_left(31);
        }
    }
    let mut h = data.len() as u64;
    for (i, lane) in lanes.iter().enumerate() {
        h = (h ^ lane).wrapping_mul(K[i]).rotate_left(27);
    }
    for &byte in chunks.remainder() {
        h = (h ^ u64::from(byte)).wrapping_mul(K[0]).rotate_left(23);
    }
    h ^ (h >> 29)
}

/// Bytes read or written between two looks at a caller's `stopped`: a
/// table of half a gigabyte takes seconds on a slow disk, and Ctrl-C must
/// not wait for it.
const CHUNK: usize = 8 << 20;

/// What [`load_table_until`] says when `stopped` ended the read.
pub const STOPPED: &str = "stopped before the end";

/// Never stops: for reads and writes that nothing interrupts.
pub fn never() -> bool {
    false
}

/// Writes `parts` one after the other to `path`, atomically: to a temporary
/// file in the same directory, then renamed into place. Whatever was at
/// `path` (a stale file, a FIFO, a link) is replaced, not written through;
/// a directory there makes the rename, and so the write, fail.
pub fn write_atomically(path: &Path, parts: &[&[u8]]) -> io::Result<()> {
    write_atomically_until(path, parts, &never)
}

/// [`write_atomically`], given up (nothing written at `path`, the temporary
/// file removed) as soon as `stopped` says so between two chunks.
pub fn write_atomically_until(path: &Path, parts: &[&[u8]], stopped: &dyn Fn() -> bool) -> io::Result<()> {
    // Unique within the process too: two threads may store the same table.
    static WRITES: AtomicU64 = AtomicU64::new(0);
    let dir = path.parent().unwrap_or(Path::new("."));
    fs::create_dir_all(dir)?;
    let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("table");
    let write = WRITES.fetch_add(1, Ordering::Relaxed);
    let temporary = dir.join(format!(".{name}.{}.{write}.tmp", std::process::id()));
    // A new file only: never open something already at the temporary name
    // (a FIFO there would block, a link would be written through).
    let mut file = fs::OpenOptions::new().write(true).create_new(true).open(&temporary)?;
    let written = (|| {
        for chunk in parts.iter().flat_map(|part| part.chunks(CHUNK)) {
            if stopped() {
                return Err(io::Error::new(io::ErrorKind::Interrupted, STOPPED));
            }
            file.write_all(chunk)?;
        }
        // No fsync: a cache file that a crash leaves short or damaged fails
        // its checksum and is rebuilt, so durability is not worth the wait.
        fs::rename(&temporary, path)
    })();
    if written.is_err() {
        let _ = fs::remove_file(&temporary);
    }
    written
}

/// Stores `data` under `header` (which names the table and its version).
pub fn save_table(path: &Path, header: &[u8], data: &[u8]) -> io::Result<()> {
    save_table_until(path, header, data, &never)
}

/// [`save_table`], given up (nothing left at `path`) as soon as `stopped`
/// says so between two chunks of the data.
pub fn save_table_until(path: &Path, header: &[u8], data: &[u8], stopped: &dyn Fn() -> bool) -> io::Result<()> {
    let length = (data.len() as u64).to_le_bytes();
    let sum = checksum(data).to_le_bytes();
    write_atomically_until(path, &[header, &length, &sum, data], stopped)
}

/// `path` opened for reading, with its size, if it is a regular file (or a
/// link to one); anything else is refused unread. On Unix the file is
/// opened without blocking, and what was opened is looked at again, since
/// the path may have been replaced between the two looks.
pub fn open_regular(path: &Path) -> io::Result<(fs::File, u64)> {
    let not_regular = || io::Error::new(io::ErrorKind::InvalidInput, "not a regular file");
    // Looked at before opening: opening some devices has effects of its own.
    if !fs::metadata(path)?.is_file() {
        return Err(not_regular());
    }
    let file = open_without_blocking(path)?;
    let metadata = file.metadata()?;
    if !metadata.is_file() {
        return Err(not_regular());
    }
    Ok((file, metadata.len()))
}

#[cfg(unix)]
fn open_without_blocking(path: &Path) -> io::Result<fs::File> {
    use std::os::unix::fs::OpenOptionsExt;
    // O_NONBLOCK: opening a FIFO returns at once instead of waiting for a
    // writer (reads of a regular file ignore the flag). O_NOCTTY: a terminal
    // swapped in never becomes the process's controlling terminal.
    fs::OpenOptions::new().read(true).custom_flags(libc::O_NONBLOCK | libc::O_NOCTTY).open(path)
}

#[cfg(not(unix))]
fn open_without_blocking(path: &Path) -> io::Result<fs::File> {
    fs::File::open(path)
}

/// The data stored under exactly `header`, of exactly `length` bytes and
/// with the right checksum; otherwise why the file cannot be used. Reads
/// the header, then at most `length` bytes, and only once the file's size
/// is exactly what the header and `length` make.
pub fn load_table(path: &Path, header: &[u8], length: usize) -> Result<Vec<u8>, String> {
    load_table_until(path, header, length, &never)
}

/// [`load_table`], given up with the error [`STOPPED`] as soon as `stopped`
/// says so between two chunks of the data.
pub fn load_table_until(
    path: &Path,
    header: &[u8],
    length: usize,
    stopped: &dyn Fn() -> bool,
) -> Result<Vec<u8>, String> {
    let exactly = |stored: u64| match stored == length as u64 {
        true => Ok(length),
        false => Err(format!("{stored} bytes, expected {length}")),
    };
    read_table(path, header, &exactly, stopped)
}

/// [`load_table_until`] of a table whose length is known only once built:
/// any length of at most `most` bytes.
pub fn load_table_of_at_most_until(
    path: &Path,
    header: &[u8],
    most: usize,
    stopped: &dyn Fn() -> bool,
) -> Result<Vec<u8>, String> {
    let at_most = |stored: u64| match usize::try_from(stored) {
        Ok(length) if length <= most => Ok(length),
        _ => Err(format!("{stored} bytes, expected at most {most}")),
    };
    read_table(path, header, &at_most, stopped)
}

/// The table under `header` whose stored length `accepted` takes (and
/// returns as the length to read).
fn read_table(
    path: &Path,
    header: &[u8],
    accepted: &dyn Fn(u64) -> Result<usize, String>,
    stopped: &dyn Fn() -> bool,
) -> Result<Vec<u8>, String> {
    let (mut file, size) = open_regular(path).map_err(|e| e.to_string())?;
    let mut head = vec![0u8; header.len() + 16];
    file.read_exact(&mut head).map_err(|_| "truncated header".to_string())?;
    if head[..header.len()] != *header {
        return Err("another table or format version".into());
    }
    let length = accepted(u64::from_le_bytes(head[header.len()..header.len() + 8].try_into().expect("8 bytes")))?;
    let expected_size = head.len() as u64 + length as u64;
    if size != expected_size {
        return Err(format!("{size} bytes on disk, expected {expected_size}"));
    }
    let sum = u64::from_le_bytes(head[header.len() + 8..].try_into().expect("8 bytes"));
    // Tables are looked up at random: huge pages spare the address cache.
    let mut data: Vec<u8> = crate::cpu::huge_zeroed(length);
    for chunk in data.chunks_mut(CHUNK) {
        if stopped() {
            return Err(STOPPED.into());
        }
        file.read_exact(chunk).map_err(|_| "shorter than its size".to_string())?;
    }
    // A file that grew since its size was taken is being written to.
    if file.read(&mut [0u8; 1]).map_err(|e| e.to_string())? != 0 {
        return Err("longer than its size".into());
    }
    if checksum(&data) != sum {
        return Err("checksum mismatch".into());
    }
    Ok(data)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::mpsc;
    use std::time::Duration;

    const HEADER: &[u8] = b"TEST-1\0";

    #[test]
    fn a_second_turn_at_one_table_waits_for_the_first_and_a_stop_ends_the_wait() {
        use std::sync::atomic::AtomicBool;
        let first = turn_to_build("turn test".into(), &never).expect("nobody else builds it");
        assert!(turn_to_build("turn test".into(), &|| true).is_none(), "a stop ends the wait");
        assert!(turn_to_build("another turn test".into(), &never).is_some(), "another table does not wait");
        let second_began = AtomicBool::new(false);
        std::thread::scope(|scope| {
            let second = scope.spawn(|| {
                let turn = turn_to_build("turn test".into(), &never);
                second_began.store(true, Ordering::SeqCst);
                turn.is_some()
            });
            std::thread::sleep(Duration::from_millis(100));
            assert!(!second_began.load(Ordering::SeqCst), "the second turn waits while the first is held");
            drop(first);
            assert!(second.join().expect("no panic"));
        });
        assert!(turn_to_build("turn test".into(), &never).is_some(), "the turn is given back when dropped");
    }

    fn temporary_dir(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("idastar-cache-test-{name}-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(&dir).unwrap();
        dir
    }

    /// Writes a new file rather than truncating the old one, which some
    /// file systems flush to disk at once (thousands of times here).
    fn rewrite(path: &Path, bytes: &[u8]) {
        fs::remove_file(path).unwrap();
        fs::write(path, bytes).unwrap();
    }

    fn sample() -> Vec<u8> {
        (0..1000u32).map(|i| (i * 7) as u8).collect()
    }

    /// A directory for one test holding the sample table: the directory,
    /// the table's path, its data and the file's bytes.
    fn stored_sample(test: &str) -> (PathBuf, PathBuf, Vec<u8>, Vec<u8>) {
        let dir = temporary_dir(test);
        let path = dir.join("t.bin");
        let data = sample();
        save_table(&path, HEADER, &data).unwrap();
        let bytes = fs::read(&path).unwrap();
        (dir, path, data, bytes)
    }

    /// `load_table` on another thread, failing the test instead of hanging
    /// it if the read blocks.
    fn load_within_a_second(path: &Path, length: usize) -> Result<Vec<u8>, String> {
        let (sender, receiver) = mpsc::channel();
        let path = path.to_path_buf();
        std::thread::spawn(move || sender.send(load_table(&path, HEADER, length)));
        receiver.recv_timeout(Duration::from_secs(1)).expect("load_table returns at once")
    }

    #[test]
    fn a_stop_ends_reads_and_writes_of_large_tables_between_chunks() {
        let dir = temporary_dir("stop");
        let path = dir.join("t.bin");
        let data = vec![7u8; 3 * CHUNK + 1];
        let calls = std::cell::Cell::new(0);
        let after_two = || {
            calls.set(calls.get() + 1);
            calls.get() > 2
        };
        let length = (data.len() as u64).to_le_bytes();
        let sum = checksum(&data).to_le_bytes();
        let parts: [&[u8]; 4] = [HEADER, &length, &sum, &data];
        let written = write_atomically_until(&path, &parts, &after_two);
        assert_eq!(written.unwrap_err().kind(), io::ErrorKind::Interrupted);
        assert!(!path.exists());
        assert_eq!(fs::read_dir(&dir).unwrap().count(), 0, "the temporary file is removed");

        save_table(&path, HEADER, &data).unwrap();
        calls.set(0);
        assert_eq!(load_table_until(&path, HEADER, data.len(), &after_two).unwrap_err(), STOPPED);
        assert_eq!(calls.get(), 3, "looked at once a chunk");
        assert_eq!(load_table(&path, HEADER, data.len()).unwrap(), data);
        fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn tables_round_trip_and_damage_is_refused() {
        let (dir, path, data, mut bytes) = stored_sample("round-trip");
        assert_eq!(load_table(&path, HEADER, data.len()).unwrap(), data);
        assert!(load_table(&path, b"TEST-2\0", data.len()).is_err());
        assert!(load_table(&path, HEADER, data.len() + 1).is_err());
        let last = bytes.len() - 1;
        bytes[last] ^= 1;
        fs::write(&path, &bytes).unwrap();
        assert_eq!(load_table(&path, HEADER, data.len()).unwrap_err(), "checksum mismatch");
        fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn every_truncation_and_every_flipped_byte_is_refused() {
        let (dir, path, data, sound) = stored_sample("damage");
        for cut in 0..sound.len() {
            rewrite(&path, &sound[..cut]);
            assert!(load_table(&path, HEADER, data.len()).is_err(), "cut at {cut}");
        }
        for at in 0..sound.len() {
            for flip in [0x01, 0x80, 0xFF] {
                let mut bytes = sound.clone();
                bytes[at] ^= flip;
                rewrite(&path, &bytes);
                assert!(load_table(&path, HEADER, data.len()).is_err(), "byte {at} ^ {flip:#x}");
            }
        }
        let mut longer = sound.clone();
        longer.push(0);
        rewrite(&path, &longer);
        assert!(load_table(&path, HEADER, data.len()).is_err());
        fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_length_or_size_out_of_line_is_refused_before_reading() {
        let (dir, path, data, sound) = stored_sample("lengths");
        let at = HEADER.len();
        for length in [0, data.len() as u64 - 1, data.len() as u64 + 1, 1 << 40, u64::MAX] {
            let mut bytes = sound.clone();
            bytes[at..at + 8].copy_from_slice(&length.to_le_bytes());
            fs::write(&path, &bytes).unwrap();
            assert!(load_table(&path, HEADER, data.len()).is_err(), "length {length}");
        }
        // A sound header over a huge sparse tail: refused by its size alone
        // (reading it whole would take gigabytes).
        fs::write(&path, &sound).unwrap();
        fs::OpenOptions::new().write(true).open(&path).unwrap().set_len(3 << 30).unwrap();
        let refused = load_within_a_second(&path, data.len()).unwrap_err();
        assert!(refused.contains("bytes on disk"), "{refused}");
        fs::remove_dir_all(&dir).unwrap();
    }

    #[cfg(unix)]
    #[test]
    fn only_regular_files_are_read_and_writes_replace_the_rest() {
        use std::os::unix::ffi::OsStrExt;
        let dir = temporary_dir("kinds");
        let data = sample();
        let fifo = dir.join("fifo.bin");
        let name = std::ffi::CString::new(fifo.as_os_str().as_bytes()).unwrap();
        // SAFETY: a valid NUL-terminated path.
        assert_eq!(unsafe { libc::mkfifo(name.as_ptr(), 0o600) }, 0);
        let to_zero = dir.join("zero.bin");
        std::os::unix::fs::symlink("/dev/zero", &to_zero).unwrap();
        let directory = dir.join("directory.bin");
        fs::create_dir(&directory).unwrap();
        let dangling = dir.join("dangling.bin");
        std::os::unix::fs::symlink(dir.join("nowhere"), &dangling).unwrap();
        for path in [&fifo, &to_zero, &directory, &dangling] {
            assert!(load_within_a_second(path, data.len()).is_err(), "{}", path.display());
        }
        // A FIFO or a link is replaced by the file, not written through.
        for path in [&fifo, &to_zero, &dangling] {
            save_table(path, HEADER, &data).unwrap();
            assert_eq!(load_table(path, HEADER, data.len()).unwrap(), data);
        }
        assert!(!dir.join("nowhere").exists());
        // A directory cannot be replaced: the write fails, and leaves nothing.
        assert!(save_table(&directory, HEADER, &data).is_err());
        assert!(directory.is_dir());
        let leftovers = fs::read_dir(&dir)
            .unwrap()
            .filter_map(|e| e.ok())
            .filter(|e| e.file_name().to_string_lossy().ends_with(".tmp"));
        assert_eq!(leftovers.count(), 0);
        fs::remove_dir_all(&dir).unwrap();
    }

    #[cfg(unix)]
    #[test]
    fn a_failed_save_is_noted_for_its_directory_with_the_systems_reason() {
        let dir = temporary_dir("unkept");
        let (other, elsewhere) = (dir.join("other"), dir.join("elsewhere"));
        let mark = unkept_count();
        assert_eq!(unkept_since(mark, Some(&other)), None);
        note_unkept(&other, &io::Error::from_raw_os_error(libc::EACCES));
        assert_eq!(unkept_since(mark, Some(&other)), Some((other.clone(), "Permission denied".into())));
        assert_eq!(unkept_since(mark, Some(&elsewhere)), None, "each directory its own");
        assert_eq!(unkept_since(unkept_count(), Some(&other)), None, "none since the new mark");
        // A write that a stop gave up is no failure of the cache.
        let later = unkept_count();
        note_unkept(&other, &io::Error::new(io::ErrorKind::Interrupted, STOPPED));
        assert_eq!(unkept_since(later, Some(&other)), None);
        note_unkept(&other, &io::Error::other("no reason given"));
        assert_eq!(unkept_since(later, Some(&other)).unwrap().1, "no reason given");
        fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn an_empty_cache_directory_is_refused_not_taken_for_the_current_one() {
        let refused = usable_cache_dir(Some(Path::new(""))).unwrap_err();
        assert_eq!(refused, Error::InvalidArgument(EMPTY_DIR.into()));
    }

    #[test]
    fn a_cache_directory_that_cannot_be_one_is_refused() {
        let dir = temporary_dir("dirs");
        let file = dir.join("file");
        fs::write(&file, b"not a directory").unwrap();
        let refused = usable_cache_dir(Some(&file)).unwrap_err().to_string();
        assert_eq!(refused, format!("cache directory {} (from cache_dir) is not a directory", file.display()));
        let beneath = file.join("cache");
        let refused = usable_cache_dir(Some(&beneath)).unwrap_err().to_string();
        assert!(refused.contains(&format!("{} is not a directory", file.display())), "{refused}");
        assert_eq!(usable_cache_dir(Some(&dir)).unwrap(), Some(dir.clone()));
        let later = dir.join("made").join("later");
        assert_eq!(usable_cache_dir(Some(&later)).unwrap(), Some(later));
        fs::remove_dir_all(&dir).unwrap();
    }
}
