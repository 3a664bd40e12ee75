//! Builds the pattern databases of a partition from an empty cache
//! directory and prints the wall time, the CPU time, the process's peak
//! memory (VmHWM) and the build rate (entries a second of wall time, and
//! a second of CPU time: a thread's rate): `7-8` (15-puzzle, blank first) or
//! `6-6-6-6` (24-puzzle, blank first), then the directory (it must not hold
//! the partition's files already, or they are read instead of built);
//! with `--compact` after them, the compact zero-aware databases the tiles'
//! own IDA\* reads of 7-8 by default.
//! A pattern that a symmetry of the board maps onto an earlier one's reads
//! that database, as a solve does: it is listed, not built.
//!
//! Beside each build, from its layers: the search nodes (a placement and
//! the blank's region) it visited, and two bounds on what other ways of
//! building could save. Pulling into the unvisited nodes (rather than
//! pushing from the frontier) can only pay in a layer with fewer nodes
//! unvisited than in the frontier, so those layers' time is the most it
//! could save; skipping empty stretches of the table can only pay where
//! the frontier is sparse, so the time of the layers that expand under 1%
//! of the nodes is the most that could save.
//!
//! ```sh
//! cargo run --release --example pdb_builds -- 7-8 /tmp/pdb78
//! cargo run --release --example pdb_builds -- 7-8 /tmp/pdb78c --compact
//! ```

use std::path::PathBuf;
use std::sync::Mutex;
use std::time::Instant;

use idastar_core::puzzles::sliding::{pdb, pdb_cache, BuildLimits, BuildProgress, DbKind, Geometry, Goal, Sliding};

/// User and system CPU seconds of the process so far.
fn cpu_seconds() -> f64 {
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    // SAFETY: getrusage fills the struct it is given.
    unsafe { libc::getrusage(libc::RUSAGE_SELF, &mut usage) };
    let seconds = |t: libc::timeval| t.tv_sec as f64 + t.tv_usec as f64 / 1e6;
    seconds(usage.ru_utime) + seconds(usage.ru_stime)
}

/// The search nodes of a build whose layers (the time each report came,
/// and the frontier it gave) are `layers`, then the time of the layers
/// with fewer nodes unvisited than in their frontier, and of those that
/// expand under 1% of the nodes.
fn layer_bounds(layers: &[(f64, u64)]) -> (u64, f64, f64) {
    let nodes: u64 = layers.iter().map(|&(_, frontier)| frontier).sum();
    let (mut visited, mut pull, mut sparse) = (0u64, 0.0, 0.0);
    for pair in layers.windows(2) {
        let ((began, frontier), (ended, _)) = (pair[0], pair[1]);
        visited += frontier;
        if nodes - visited < frontier {
            pull += ended - began;
        }
        if frontier * 100 < nodes {
            sparse += ended - began;
        }
    }
    (nodes, pull, sparse)
}

/// The peak resident memory of the process in bytes (VmHWM).
fn peak_memory() -> u64 {
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    status
        .lines()
        .find_map(|line| line.strip_prefix("VmHWM:"))
        .and_then(|rest| rest.trim().trim_end_matches("kB").trim().parse::<u64>().ok())
        .map_or(0, |kb| kb * 1024)
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let name = args.first().map_or("7-8", String::as_str);
    let dir = PathBuf::from(args.get(1).ok_or("give the partition and an empty cache directory")?);
    std::fs::create_dir_all(&dir)?;
    let kind = if args.iter().any(|a| a == "--compact") { DbKind::Compact } else { DbKind::Plain };
    let side = if name == "6-6-6-6" { 5 } else { 4 };
    let geometry = Geometry::new(side, side)?;
    let goal = Goal::blank_first(&geometry);
    let patterns = pdb::partition(&geometry, &goal, name)?;
    let built = Sliding::<u128>::new(geometry.clone(), goal)?.databases(&patterns, false)?;
    for cells in patterns.iter().filter(|&cells| !built.iter().any(|(built, _)| built == cells)) {
        println!("  {cells:?}: read through a symmetry of the board");
    }
    let (began, cpu_began) = (Instant::now(), cpu_seconds());
    let mut entries = 0u64;
    // In the partition's order, as a solve builds them.
    for (cells, _) in &built {
        let t = Instant::now();
        let limits = BuildLimits::default();
        let layers = Mutex::new(Vec::new());
        let report = |p: BuildProgress| {
            layers.lock().expect("not poisoned").push((t.elapsed().as_secs_f64(), p.frontier));
            false
        };
        let (_, source) = pdb_cache::load_or_build_with(&geometry, cells, 0, kind, Some(&dir), &report, &limits)?
            .map_err(|outcome| format!("the build stopped: {}", outcome.name()))?;
        if source != pdb_cache::Source::Built {
            return Err(format!("{cells:?} was not built but read ({source:?}): give an empty directory").into());
        }
        let count = pdb::entries(geometry.cells(), cells.len()) as u64;
        entries += count;
        let (nodes, pull, sparse) = layer_bounds(&layers.into_inner().expect("not poisoned"));
        println!(
            "  {cells:?}: {count} entries, {:.1} s; {nodes} search nodes; layers with fewer unvisited than in the \
             frontier {pull:.2} s, layers expanding under 1% of the nodes {sparse:.2} s",
            t.elapsed().as_secs_f64()
        );
    }
    let (wall, cpu) = (began.elapsed().as_secs_f64(), cpu_seconds() - cpu_began);
    println!(
        "{name}: {entries} entries, wall {wall:.1} s, CPU {cpu:.1} s, peak memory (VmHWM) {:.0} MB, \
         {:.1} M entries a second, {:.2} M a CPU second",
        peak_memory() as f64 / 1e6,
        entries as f64 / wall / 1e6,
        entries as f64 / cpu / 1e6
    );
    Ok(())
}
