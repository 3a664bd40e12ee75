//! Searches spread beyond the process ([`Spread`], [`Part`]) against the
//! serial ones: each pass's parts are searched here, one after another,
//! each by a search of its own under [`Limits::part`], as a cluster's
//! workers search them.

use std::sync::atomic::{AtomicUsize, Ordering};

use super::test_problems::Tree;
use super::{ida_star, parallel_ida_star, Cut, Part, PartReport, Spread, Tally};
use crate::puzzles::booksort::Booksort;
use crate::test_rng::Rng;
use crate::{Limits, Outcome, Problem, SearchResult};

/// Parts searched in this process: `search(limits)` searches the case
/// with the limits given (which carry the part).
/// `paths_told`: whether the parts' searches tell the path to a goal
/// (the specialised searches do); `keep_paths`: whether the caller is told
/// it, or must search the goal's subtree again.
struct InProcess<F> {
    parts: usize,
    wanted: usize,
    search: F,
    passes: AtomicUsize,
    paths_told: bool,
    keep_paths: bool,
}

impl<F: Fn(&Limits) + Sync> InProcess<F> {
    fn new(parts: usize, wanted: usize, search: F) -> Self {
        InProcess { parts, wanted, search, passes: AtomicUsize::new(0), paths_told: false, keep_paths: true }
    }
}

impl<F: Fn(&Limits) + Sync> Spread for InProcess<F> {
    fn subtrees_wanted(&self) -> usize {
        self.wanted
    }

    fn worth_after(&self) -> u64 {
        // Every pass, the first one too.
        0
    }

    fn search(&self, cut: Cut, slack: &[u32], nodes: Option<u64>, limits: &Limits) -> PartReport {
        assert_eq!(slack.len(), cut.count);
        self.passes.fetch_add(1, Ordering::Relaxed);
        let mut tally = Tally::NONE;
        for index in 0..self.parts {
            let subtrees = cut.count * index / self.parts..cut.count * (index + 1) / self.parts;
            let part = Part::new(cut, subtrees);
            let max_nodes = nodes.map(|nodes| nodes.saturating_sub(tally.expanded));
            let part_limits = Limits { part: Some(&part), spread: None, max_nodes, parallel: false, ..*limits };
            (self.search)(&part_limits);
            let report = part.report().expect("searched").expect("cut alike");
            assert_work_told(&part, &report);
            assert_eq!(report.path.is_some(), report.found.is_some() && self.paths_told);
            tally.expanded += report.tally.expanded;
            tally.generated += report.tally.generated;
            tally.next_bound = tally.next_bound.min(report.tally.next_bound);
            tally.beyond_range |= report.tally.beyond_range;
            if report.found.is_some() || report.stopped.is_some() {
                let path = report.path.filter(|_| self.keep_paths);
                return PartReport { tally, path, ..report };
            }
        }
        PartReport { found: None, stopped: None, tally, work: Vec::new(), path: None }
    }
}

/// The part told the nodes below each subtree it searched: every one up
/// to its goal (all of them when it holds none), and together its count.
fn assert_work_told(part: &Part, report: &PartReport) {
    let work = &report.work;
    let searched = match (report.found, report.stopped) {
        (Some(found), _) => found + 1 - part.subtrees.start,
        (None, None) => part.subtrees.len(),
        (None, Some(_)) => work.len(),
    };
    assert_eq!(work.len(), searched, "{:?} of {:?}", part.subtrees, report);
    assert_eq!(work.iter().sum::<u64>(), report.tally.expanded);
}

/// `problem` from `start` with every pass spread over `parts` parts.
fn spread<P>(problem: &P, start: P::State, parts: usize, limits: &Limits) -> (SearchResult<P::Move>, usize)
where
    P: Problem + Sync,
    P::State: Send + Sync,
    P::Move: Send + Sync,
{
    let spreader = InProcess::new(parts, 64, |limits: &Limits| drop(parallel_ida_star(problem, start, limits)));
    let result = parallel_ida_star(problem, start, &Limits { spread: Some(&spreader), ..*limits });
    (result, spreader.passes.load(Ordering::Relaxed))
}

/// The serial answer, and its counts: the parts before the goal's are
/// searched whole, the goal's up to the goal, as the serial search does.
/// Only the frontier of the last pass, cut whole, may count the nodes
/// above its subtrees that the serial search never reached, at most a few
/// of the `wanted` subtrees' worth.
fn assert_counts_alike<M: PartialEq + std::fmt::Debug + Clone>(
    serial: &SearchResult<M>,
    spread: &SearchResult<M>,
    wanted: u64,
) {
    assert_eq!(*spread, SearchResult { stats: spread.stats.clone(), ..serial.clone() });
    let (serial, spread) = (&serial.stats.iterations, &spread.stats.iterations);
    let last = serial.len() - 1;
    assert_eq!(spread[..last], serial[..last]);
    let extra = spread[last].expanded - serial[last].expanded;
    assert!(extra <= 2 * wanted, "{extra} nodes more than the serial search");
}

#[test]
fn a_spread_search_finds_the_serial_answer_and_counts_its_nodes() {
    let goals: [fn(u64) -> bool; 4] =
        [|code| code % 1009 == 1000, |code| code > 900_000, |code| code == 0, |code| code == (1 << 20) - 1];
    for goal in goals {
        let problem = Tree { branching: 4, depth: 10, goal };
        let serial = ida_star(&problem, (0, 0), &Limits::default());
        for parts in [1, 3, 16] {
            let (spread, passes) = spread(&problem, (0, 0), parts, &Limits::default());
            assert_eq!(passes, 11);
            assert_counts_alike(&serial, &spread, 64);
        }
    }
    let problem = Tree { branching: 4, depth: 8, goal: |_| false };
    let serial = ida_star(&problem, (0, 0), &Limits::default());
    let (spread, _) = spread(&problem, (0, 0), 5, &Limits::default());
    assert_eq!((spread.outcome, spread.lower_bound), (Outcome::NoSolution, None));
    assert_eq!(spread.stats.iterations, serial.stats.iterations);
}

#[test]
fn spread_booksort_agrees_with_the_serial_search() {
    let mut rng = Rng(25);
    for _ in 0..6 {
        let books = rng.permutation(9);
        let problem = Booksort::new(books.len()).unwrap();
        let start = problem.pack(&books).unwrap();
        let serial = ida_star(&problem, start, &Limits::default());
        let (spread, _) = spread(&problem, start, 4, &Limits::default());
        assert_eq!((spread.outcome, spread.cost, &spread.path), (serial.outcome, serial.cost, &serial.path));
        assert_counts_alike(&serial, &spread, 64);
    }
}

#[test]
fn a_spread_search_keeps_its_limits() {
    let problem = Tree { branching: 4, depth: 10, goal: |_| false };
    let (result, _) = spread(&problem, (0, 0), 4, &Limits::default().with_max_nodes(50_000));
    assert_eq!(result.outcome, Outcome::NodeLimit);
    assert!(result.stats.expanded <= 50_000, "{}", result.stats.expanded);
    let stop = || true;
    let (result, _) = spread(&problem, (0, 0), 4, &Limits::default().with_interrupt(&stop));
    assert_eq!(result.outcome, Outcome::Interrupted);
}

#[test]
fn a_part_cut_unlike_the_callers_is_refused() {
    let problem = Tree { branching: 4, depth: 6, goal: |_| false };
    let part = Part::new(Cut { bound: 6, wanted: 64, count: 65 }, 0..10);
    let result = parallel_ida_star(&problem, (0, 0), &Limits { part: Some(&part), ..Limits::default() });
    assert_eq!(result.outcome, Outcome::Interrupted);
    let refused = part.report().expect("searched").expect_err("another cut");
    assert!(refused.contains("into 64 subtrees here and into 65 by the caller"), "{refused}");
}

#[test]
fn the_sliding_tiles_search_spreads_alike() {
    let p = crate::puzzles::sliding::tests::puzzle(4, 4, true).with_linear_conflict();
    let mut rng = Rng(7);
    for _ in 0..4 {
        let start = crate::puzzles::sliding::tests::random_walk(&p, 80, &mut rng);
        let serial = p.solve(start, &Limits::default());
        // The goal's path told by its part, or searched for again.
        for keep_paths in [true, false] {
            let spreader = InProcess {
                paths_told: true,
                keep_paths,
                ..InProcess::new(5, 256, |limits: &Limits| drop(p.solve(start, limits)))
            };
            let spread = p.solve(start, &Limits { spread: Some(&spreader), ..Limits::default() });
            assert!(spreader.passes.load(Ordering::Relaxed) > 0);
            assert_counts_alike(&serial, &spread, 256);
        }
    }
}
