//! The generic engines of idastar-core against the specialised sliding-tile
//! IDA* and against the `pathfinding` crate's `idastar` and `astar`, on the
//! same instances in one run: Korf's easiest 15-puzzles (Manhattan distance,
//! blank-first goal) and random pancake stacks (gap heuristic). Also times
//! the stored-state engines (A*, BFS) on booksort and sliding tiles.
//!
//! Every figure is the median of `--runs` runs (default 5): the machine may
//! be shared, so single runs are noisy. `--select` instead solves all of
//! Korf's 100 with a node limit and lists the easiest, which is how
//! [`KORF_EASIEST`] was chosen.

use std::time::{Duration, Instant};

use idastar_core::engines::{astar, bfs, ida_star};
use idastar_core::puzzles::booksort::Booksort;
use idastar_core::puzzles::sliding::{Geometry, Goal, Position, Sliding};
use idastar_core::{Limits, SearchResult};

mod pancake;
mod peer_sliding;

use pancake::Pancakes;

/// Korf's instances (1-based) that IDA* with the Manhattan distance solves
/// with the fewest nodes, easiest first.
const KORF_EASIEST: [usize; 10] = [79, 12, 42, 55, 97, 19, 94, 47, 93, 9];

/// Korf's easiest instances small enough for A* to hold in memory.
const KORF_FOR_ASTAR: usize = 5;

fn korf_boards() -> Vec<Vec<u32>> {
    let path = std::env::var("KORF100")
        .unwrap_or_else(|_| concat!(env!("CARGO_MANIFEST_DIR"), "/../../../shared/data/korf100.txt").to_string());
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("cannot read {path}: {e} (set KORF100)"));
    text.lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| l.split_whitespace().map(|w| w.parse().expect("a number")).collect())
        .collect()
}

fn median(mut values: Vec<f64>) -> f64 {
    values.sort_by(f64::total_cmp);
    values[values.len() / 2]
}

/// A solver's total over some instances: seconds, costs, nodes expanded.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
struct Totals {
    cost: u64,
    expanded: u64,
}

/// Runs `solve` over every instance `runs` times; the median total time and
/// the totals (which must agree between runs).
fn timed(runs: usize, mut solve: impl FnMut() -> Totals) -> (f64, Totals) {
    let mut times = Vec::new();
    let mut totals = None;
    for _ in 0..runs {
        let began = Instant::now();
        let now = solve();
        times.push(began.elapsed().as_secs_f64());
        assert!(totals.is_none_or(|t| t == now), "runs disagree: {totals:?} vs {now:?}");
        totals = Some(now);
    }
    (median(times), totals.expect("at least one run"))
}

/// [`timed`] over every instance of `starts`, summed.
fn over<S: Copy>(runs: usize, starts: &[S], solve: impl Fn(S) -> Totals) -> (f64, Totals) {
    timed(runs, || starts.iter().fold(Totals::default(), |t, &s| add(t, solve(s))))
}

fn ours<M>(result: SearchResult<M>) -> Totals {
    Totals { cost: u64::from(result.cost.expect("solved")), expanded: result.stats.expanded }
}

fn row(name: &str, seconds: f64, totals: Totals, reference: Option<(f64, Totals)>) {
    let rate = totals.expanded as f64 / seconds / 1e6;
    let versus = reference.map_or(String::new(), |(s, t)| {
        format!("  time x{:5.2}  nodes x{:5.2}", seconds / s, totals.expanded as f64 / t.expanded as f64)
    });
    println!(
        "  {name:34} cost {:5}  {:13} expanded  {seconds:8.3} s  {rate:6.1} M nodes/s{versus}",
        totals.cost, totals.expanded
    );
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    if args.iter().any(|a| a == "--select") {
        select_easiest();
        return;
    }
    let runs = args
        .iter()
        .position(|a| a == "--runs")
        .map_or(5, |i| args.get(i + 1).and_then(|v| v.parse().ok()).expect("--runs N"));
    let only = |section: &str| {
        args.iter().all(|a| !a.starts_with("--only")) || args.iter().any(|a| a == &format!("--only={section}"))
    };
    println!("medians of {runs} runs; ratios are against the first row of each block");
    if only("sliding") || only("generic") {
        sliding(runs, only("sliding"));
    }
    if only("pancake") {
        pancakes(runs);
    }
    if only("stored") {
        stored_state(runs);
    }
}

fn fifteen() -> (Sliding<u64>, Vec<Position<u64>>) {
    let geometry = Geometry::new(4, 4).expect("4 x 4");
    let goal = Goal::blank_first(&geometry);
    let puzzle: Sliding<u64> = Sliding::new(geometry, goal).expect("a puzzle");
    let boards = korf_boards();
    let starts = KORF_EASIEST.iter().map(|&i| puzzle.pack(&boards[i - 1]).expect("solvable")).collect();
    (puzzle, starts)
}

/// Without `peers`, only our two IDA*s.
fn sliding(runs: usize, peers: bool) {
    let (puzzle, starts) = fifteen();
    let none = Limits::default();
    println!("15-puzzle, Korf's easiest {} (instances {KORF_EASIEST:?}), Manhattan, IDA*:", starts.len());
    let specialised = over(runs, &starts, |s| ours(puzzle.solve(s, &none)));
    row("idastar specialised IDA*", specialised.0, specialised.1, None);
    let generic = over(runs, &starts, |s| ours(ida_star(&puzzle, s, &none)));
    row("idastar generic ida_star", generic.0, generic.1, Some(specialised));
    assert_eq!(specialised.1.cost, generic.1.cost, "costs differ");
    if !peers {
        return;
    }
    let peer = over(runs, &starts, |s| peer_sliding::idastar(&puzzle, s));
    row("pathfinding idastar", peer.0, peer.1, Some(generic));
    assert_eq!(generic.1.cost, peer.1.cost, "costs differ");
    println!("15-puzzle, Korf's easiest {KORF_FOR_ASTAR}, Manhattan, A*:");
    let few = &starts[..KORF_FOR_ASTAR];
    let ours_astar = over(runs, few, |s| ours(astar(&puzzle, s, &none)));
    row("idastar generic astar", ours_astar.0, ours_astar.1, None);
    let peer = over(runs, few, |s| peer_sliding::astar(&puzzle, s));
    row("pathfinding astar", peer.0, peer.1, Some(ours_astar));
    assert_eq!(ours_astar.1.cost, peer.1.cost, "costs differ");
}

fn add(a: Totals, b: Totals) -> Totals {
    Totals { cost: a.cost + b.cost, expanded: a.expanded + b.expanded }
}

fn pancakes(runs: usize) {
    const SIZE: usize = 16;
    const STACKS: usize = 1000;
    let problem = Pancakes::new(SIZE);
    let stacks = pancake::random_stacks(SIZE, STACKS, 0x5eed);
    let none = Limits::default();
    for (engine, name) in [(Engine::Ida, "IDA*"), (Engine::Astar, "A*")] {
        println!("pancakes, {STACKS} random stacks of {SIZE}, gap heuristic, {name}:");
        let mine = over(runs, &stacks, |s| {
            ours(if engine == Engine::Ida { ida_star(&problem, s, &none) } else { astar(&problem, s, &none) })
        });
        row(&format!("idastar generic {name}"), mine.0, mine.1, None);
        let peer = over(runs, &stacks, |s| pancake::peer(&problem, s, engine));
        row(&format!("pathfinding {name}"), peer.0, peer.1, Some(mine));
        assert_eq!(mine.1.cost, peer.1.cost, "costs differ");
    }
}

#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Engine {
    Ida,
    Astar,
}

/// A*, BFS on booksort and A* on the 15-puzzle: engines that keep every
/// state they reach in a hash map.
fn stored_state(runs: usize) {
    let none = Limits::default();
    let books = Booksort::new(12).expect("12 books");
    let starts: Vec<u64> = pancake::random_stacks(12, 20, 0xb00c)
        .into_iter()
        .map(|s| {
            let order: Vec<u32> = (0..12).map(|i| ((s >> (4 * i)) & 0xF) as u32 + 1).collect();
            books.pack(&order).expect("a permutation")
        })
        .collect();
    println!("stored-state engines:");
    let t = over(runs, &starts, |s| ours(astar(&books, s, &none)));
    row("booksort n=12 x20 astar (cycles)", t.0, t.1, None);
    let books = Booksort::new(9).expect("9 books");
    let starts: Vec<u64> = pancake::random_stacks(9, 5, 0xb00c)
        .into_iter()
        .map(|s| {
            books.pack(&(0..9).map(|i| ((s >> (4 * i)) & 0xF) as u32 + 1).collect::<Vec<_>>()).expect("a permutation")
        })
        .collect();
    let t = over(runs, &starts, |s| ours(bfs(&books, s, &none)));
    row("booksort n=9 x5 bfs", t.0, t.1, None);
    let (puzzle, boards) = fifteen();
    let few = &boards[..KORF_FOR_ASTAR];
    let t = over(runs, few, |s| ours(astar(&puzzle, s, &none)));
    row(&format!("15-puzzle Korf easiest {KORF_FOR_ASTAR} astar"), t.0, t.1, None);
}

/// Solves all of Korf's 100 with the specialised IDA* under a node limit
/// and lists the solved ones by nodes.
fn select_easiest() {
    let geometry = Geometry::new(4, 4).expect("4 x 4");
    let puzzle: Sliding<u64> = Sliding::new(geometry.clone(), Goal::blank_first(&geometry)).expect("a puzzle");
    let limits = Limits { max_nodes: Some(30_000_000), deadline: Some(Instant::now() + Duration::from_secs(5)), ..Limits::default() };
    let mut solved: Vec<(u64, usize, u32)> = korf_boards()
        .iter()
        .enumerate()
        .filter_map(|(i, b)| {
            let r = puzzle.solve(puzzle.pack(b).expect("solvable"), &limits);
            r.cost.map(|c| (r.stats.expanded, i + 1, c))
        })
        .collect();
    solved.sort();
    for (expanded, instance, cost) in solved {
        println!("instance {instance:3}  cost {cost:2}  {expanded:12} expanded");
    }
}
