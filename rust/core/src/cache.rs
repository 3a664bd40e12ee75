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

use std::fs;
use std::io::{Read, Write};
use std::path::{Path, PathBuf};

/// The cache directory: `explicit`, else `$IDASTAR_CACHE_DIR`, else
/// `$XDG_CACHE_HOME/idastar`, else `$HOME/.cache/idastar`.
pub fn cache_dir(explicit: Option<&Path>) -> Option<PathBuf> {
    if let Some(dir) = explicit {
        return Some(dir.to_path_buf());
    }
    let var = |name: &str| std::env::var_os(name).filter(|v| !v.is_empty()).map(PathBuf::from);
    var("IDASTAR_CACHE_DIR")
        .or_else(|| var("XDG_CACHE_HOME").map(|d| d.join("idastar")))
        .or_else(|| var("HOME").map(|d| d.join(".cache").join("idastar")))
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

/// Writes `parts` one after the other to `path`, atomically: to a temporary
/// file in the same directory, then renamed into place.
pub fn write_atomically(path: &Path, parts: &[&[u8]]) -> std::io::Result<()> {
    let dir = path.parent().unwrap_or(Path::new("."));
    fs::create_dir_all(dir)?;
    let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("table");
    let temporary = dir.join(format!(".{name}.{}.tmp", std::process::id()));
    let written = (|| {
        let mut file = fs::File::create(&temporary)?;
        for part in parts {
            file.write_all(part)?;
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
pub fn save_table(path: &Path, header: &[u8], data: &[u8]) -> std::io::Result<()> {
    let length = (data.len() as u64).to_le_bytes();
    let sum = checksum(data).to_le_bytes();
    write_atomically(path, &[header, &length, &sum, data])
}

/// The data stored under exactly `header`, of exactly `length` bytes and
/// with the right checksum; otherwise why the file cannot be used.
pub fn load_table(path: &Path, header: &[u8], length: usize) -> Result<Vec<u8>, String> {
    let mut file = fs::File::open(path).map_err(|e| e.to_string())?;
    let mut head = vec![0u8; header.len() + 16];
    file.read_exact(&mut head).map_err(|_| "truncated header".to_string())?;
    if head[..header.len()] != *header {
        return Err("another table or format version".into());
    }
    let stored_length = u64::from_le_bytes(head[header.len()..header.len() + 8].try_into().expect("8 bytes"));
    if stored_length != length as u64 {
        return Err(format!("{stored_length} bytes, expected {length}"));
    }
    let sum = u64::from_le_bytes(head[header.len() + 8..].try_into().expect("8 bytes"));
    let mut data = Vec::with_capacity(length + 1);
    file.read_to_end(&mut data).map_err(|e| e.to_string())?;
    if data.len() != length {
        return Err(format!("{} bytes of data, expected {length}", data.len()));
    }
    if checksum(&data) != sum {
        return Err("checksum mismatch".into());
    }
    Ok(data)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tables_round_trip_and_damage_is_refused() {
        let dir = std::env::temp_dir().join(format!("idastar-cache-test-{}", std::process::id()));
        let path = dir.join("t.bin");
        let data: Vec<u8> = (0..1000u32).map(|i| (i * 7) as u8).collect();
        save_table(&path, b"TEST-1\0", &data).unwrap();
        assert_eq!(load_table(&path, b"TEST-1\0", data.len()).unwrap(), data);
        assert!(load_table(&path, b"TEST-2\0", data.len()).is_err());
        assert!(load_table(&path, b"TEST-1\0", data.len() + 1).is_err());
        let mut bytes = fs::read(&path).unwrap();
        let last = bytes.len() - 1;
        bytes[last] ^= 1;
        fs::write(&path, &bytes).unwrap();
        assert_eq!(load_table(&path, b"TEST-1\0", data.len()).unwrap_err(), "checksum mismatch");
        fs::remove_dir_all(&dir).unwrap();
    }
}
