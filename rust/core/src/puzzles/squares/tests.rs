//! Square Destroyer checked against things that do not share its code: the
//! stick formula of the problem statement, brute force over every subset of
//! sticks on small grids, the judge solution's IDA*, and full-grid optima
//! confirmed by an integer-programming solver (HiGHS via scipy).

use std::collections::HashSet;

use super::*;
use crate::puzzle::Choice;
use crate::test_rng::Rng;
use crate::{Error, Outcome};

/// Full n x n grid optima for n = 1..=9, each confirmed by HiGHS as a 0/1
/// program (`tests/test_squares.py` re-checks n <= 7 on every run).
const FULL_GRID: [u32; 9] = [1, 3, 6, 9, 14, 19, 26, 33, 42];

/// The judge solution's search: IDA* with its own bound.
const SEED: Method = Method::Ida(Heuristic::Disjoint);

/// Each stick of an n x n grid removed with probability `percent`%.
fn removed(rng: &mut Rng, n: usize, percent: usize) -> Vec<u32> {
    (1..=(2 * n * (n + 1)) as u32).filter(|_| rng.below(100) < percent).collect()
}

/// The squares of the problem statement, written from its formula.
fn statement_squares(n: usize) -> Vec<HashSet<u32>> {
    let d = 2 * n + 1;
    let mut squares = Vec::new();
    for len in 1..=n {
        for r in 0..=n - len {
            for c in 0..=n - len {
                let mut sticks = HashSet::new();
                for i in 0..len {
                    sticks.insert((1 + r * d + c + i) as u32);
                    sticks.insert((1 + (r + len) * d + c + i) as u32);
                    sticks.insert((1 + n + r * d + c + i * d) as u32);
                    sticks.insert((1 + n + r * d + c + i * d + len) as u32);
                }
                squares.push(sticks);
            }
        }
    }
    squares
}

fn destroys(n: usize, removed: &[u32], more: &[u32]) -> bool {
    let gone: HashSet<u32> = removed.iter().chain(more).copied().collect();
    statement_squares(n).iter().all(|square| !square.is_disjoint(&gone))
}

/// The optimum by trying every subset of the sticks, smallest first.
fn brute_force(n: usize, removed: &[u32]) -> u32 {
    let sticks: Vec<u32> = (1..=(2 * n * (n + 1)) as u32).filter(|s| !removed.contains(s)).collect();
    (0..=sticks.len() as u32)
        .find(|&k| {
            (0u32..1 << sticks.len()).filter(|mask| mask.count_ones() == k).any(|mask| {
                let more: Vec<u32> = (0..sticks.len()).filter(|&i| mask >> i & 1 == 1).map(|i| sticks[i]).collect();
                destroys(n, removed, &more)
            })
        })
        .expect("removing every stick destroys every square")
}

/// The judge's bound and the packing bound.
fn bounds(n: usize, removed: &[u32]) -> (u32, u32) {
    let bound = |heuristic| lower_bound(n, removed, heuristic).unwrap();
    (bound(Heuristic::Disjoint), bound(Heuristic::Packing))
}

fn exact(n: usize, removed: &[u32], options: Techniques) -> SearchResult<u32> {
    solve(n, removed, Method::Exact(options), &Limits::default()).unwrap()
}

/// Solved, `cost` sticks, none already removed, none twice, and no square left.
fn assert_optimal(n: usize, removed: &[u32], result: &SearchResult<u32>, cost: u32) {
    assert_eq!(result.outcome, Outcome::Solved, "n = {n}, removed {removed:?}");
    assert_eq!(result.cost, Some(cost), "n = {n}, removed {removed:?}");
    assert_eq!(result.path.len() as u32, cost);
    let distinct: HashSet<u32> = result.path.iter().copied().collect();
    assert_eq!(distinct.len(), result.path.len());
    assert!(result.path.iter().all(|s| !removed.contains(s)));
    assert!(destroys(n, removed, &result.path), "n = {n}, removed {removed:?}, sticks {:?}", result.path);
}

/// Every combination of the techniques, on and off.
fn all_options() -> Vec<Techniques> {
    let mut all = Vec::new();
    for bits in 0..32 {
        all.push(Techniques {
            heuristic: if bits & 1 == 0 { Heuristic::Packing } else { Heuristic::Disjoint },
            branching: if bits & 2 == 0 { Branching::Fewest } else { Branching::First },
            dominance: bits & 4 == 0,
            symmetry: bits & 8 == 0,
            upper_bound: bits & 16 == 0,
        });
    }
    all
}

// --- the grid -----------------------------------------------------------------

#[test]
fn squares_follow_the_statement_formula() {
    for n in 1..=MAX_N {
        let grid = Grid::new(n).unwrap();
        let ours: Vec<HashSet<u32>> =
            grid.squares().iter().map(|sticks| sticks.iter().map(|&s| u32::from(s) + 1).collect()).collect();
        assert_eq!(ours, statement_squares(n), "n = {n}");
        assert_eq!(grid.squares().len(), (1..=n).map(|k| k * k).sum::<usize>());
        assert_eq!(grid.stick_count(), 2 * n * (n + 1));
    }
    // The judge's own stick order within a square: top, bottom, left, right.
    assert_eq!(Grid::new(2).unwrap().squares()[0], vec![0, 5, 2, 3]);
}

#[test]
fn symmetries_are_eight_distinct_maps_of_squares_onto_squares() {
    for n in 2..=MAX_N {
        let grid = Grid::new(n).unwrap();
        let squares: HashSet<Vec<usize>> = grid
            .squares()
            .iter()
            .map(|s| {
                let mut v: Vec<usize> = s.iter().map(|&x| x as usize).collect();
                v.sort_unstable();
                v
            })
            .collect();
        let mut maps = HashSet::new();
        for g in 0..8 {
            let map: Vec<usize> = (0..grid.stick_count()).map(|s| grid.symmetric(g, s)).collect();
            let image: HashSet<usize> = map.iter().copied().collect();
            assert_eq!(image.len(), grid.stick_count(), "n = {n}, symmetry {g} is not a permutation");
            for square in &squares {
                let mut mapped: Vec<usize> = square.iter().map(|&s| map[s]).collect();
                mapped.sort_unstable();
                assert!(squares.contains(&mapped), "n = {n}, symmetry {g}");
            }
            maps.insert(map);
        }
        assert_eq!(maps.len(), 8, "n = {n}");
        assert!((0..grid.stick_count()).all(|s| grid.symmetric(0, s) == s));
    }
}

#[test]
fn stick_sets_behave_like_hash_sets() {
    let mut rng = Rng(99);
    for _ in 0..200 {
        let a: HashSet<usize> = (0..20).map(|_| rng.below(576)).collect();
        let b: HashSet<usize> = (0..20).map(|_| rng.below(576)).collect();
        let (x, y) = (StickSet::<9>::from_sticks(a.iter().copied()), StickSet::<9>::from_sticks(b.iter().copied()));
        let sorted = |set: &HashSet<usize>| {
            let mut v: Vec<usize> = set.iter().copied().collect();
            v.sort_unstable();
            v
        };
        assert_eq!(x.iter().collect::<Vec<_>>(), sorted(&a));
        assert_eq!(x.union(&y).iter().collect::<Vec<_>>(), sorted(&a.union(&b).copied().collect()));
        assert_eq!(x.intersection(&y).iter().collect::<Vec<_>>(), sorted(&a.intersection(&b).copied().collect()));
        assert_eq!(x.difference(&y).iter().collect::<Vec<_>>(), sorted(&a.difference(&b).copied().collect()));
        assert_eq!(x.intersects(&y), !a.is_disjoint(&b));
        assert_eq!(x.len() as usize, a.len());
    }
}

#[test]
fn bad_input_names_what_is_wrong() {
    let error = |n, removed: &[u32]| match solve(n, removed, SEED, &Limits::default()) {
        Err(Error::InvalidPuzzle(message)) => message,
        other => panic!("expected InvalidPuzzle, got {other:?}"),
    };
    assert_eq!(error(0, &[]), "the grid side n must be from 1 to 16, got 0");
    assert_eq!(error(17, &[]), "the grid side n must be from 1 to 16, got 17");
    assert_eq!(error(2, &[13]), "stick 13 is out of range 1 to 12 for a 2 x 2 grid");
    assert_eq!(error(2, &[0]), "stick 0 is out of range 1 to 12 for a 2 x 2 grid");
    assert_eq!(error(3, &[5, 7, 5]), "stick 5 is removed twice");
}

// --- answers --------------------------------------------------------------------

#[test]
fn statement_samples() {
    for solver in [SEED, Method::Exact(Techniques::default()), Method::Exact(Techniques::plain())] {
        let result = solve(2, &[], solver, &Limits::default()).unwrap();
        assert_optimal(2, &[], &result, 3);
        let result = solve(3, &[12, 17, 23], solver, &Limits::default()).unwrap();
        assert_optimal(3, &[12, 17, 23], &result, 3);
    }
}

#[test]
fn nothing_to_do_when_every_square_is_gone() {
    let all: Vec<u32> = (1..=12).collect();
    for solver in [SEED, Method::Exact(Techniques::default())] {
        let result = solve(2, &all, solver, &Limits::default()).unwrap();
        assert_optimal(2, &all, &result, 0);
    }
}

#[test]
fn every_solver_matches_brute_force_on_small_grids() {
    let mut rng = Rng(0x5EED);
    for n in 1..=3 {
        for percent in [0, 10, 25, 50] {
            for _ in 0..if n == 3 { 4 } else { 8 } {
                let removed = removed(&mut rng, n, percent);
                let expected = brute_force(n, &removed);
                let seed = solve(n, &removed, SEED, &Limits::default()).unwrap();
                assert_optimal(n, &removed, &seed, expected);
                for options in all_options() {
                    assert_optimal(n, &removed, &exact(n, &removed, options), expected);
                }
            }
        }
    }
}

#[test]
fn every_option_agrees_with_the_judge_search_up_to_n_5() {
    let mut rng = Rng(2024);
    for n in 4..=5 {
        for percent in [0, 5, 15, 30] {
            for _ in 0..3 {
                let removed = removed(&mut rng, n, percent);
                let seed = solve(n, &removed, SEED, &Limits::default()).unwrap();
                let cost = seed.cost.unwrap();
                assert_optimal(n, &removed, &seed, cost);
                for options in all_options() {
                    assert_optimal(n, &removed, &exact(n, &removed, options), cost);
                }
            }
        }
    }
}

#[test]
fn wide_grids_with_random_removals_agree_across_options() {
    // n = 8..16 use the five- and nine-word bitsets; half the sticks gone
    // keeps every option fast, and each answer is replayed.
    let mut rng = Rng(77);
    for n in [8, 11, 13, 16] {
        let removed = removed(&mut rng, n, 45);
        let best = exact(n, &removed, Techniques::default());
        let cost = best.cost.unwrap();
        assert_optimal(n, &removed, &best, cost);
        let without = Techniques { dominance: false, symmetry: false, upper_bound: false, ..Techniques::default() };
        assert_optimal(n, &removed, &exact(n, &removed, without), cost);
    }
}

#[test]
fn full_grids_match_the_integer_program() {
    for (i, &expected) in FULL_GRID.iter().enumerate() {
        let n = i + 1;
        assert_optimal(n, &[], &exact(n, &[], Techniques::default()), expected);
        let (disjoint, packing) = bounds(n, &[]);
        assert!(disjoint <= packing && packing <= expected, "n = {n}");
    }
    // The judge's search where it is quick.
    for n in 1..=5 {
        let result = solve(n, &[], SEED, &Limits::default()).unwrap();
        assert_optimal(n, &[], &result, FULL_GRID[n - 1]);
    }
}

#[test]
fn symmetric_instances_keep_their_optimum() {
    // Removing a symmetric pattern keeps part of the group; with symmetry
    // breaking on and off the optimum must agree.
    for n in 4..=7 {
        let grid = Grid::new(n).unwrap();
        let centre = grid.squares().len() - 1; // the whole grid
        let outline: Vec<u32> = grid.squares()[centre].iter().map(|&s| u32::from(s) + 1).collect();
        let with = exact(n, &outline, Techniques::default());
        let without = exact(n, &outline, Techniques { symmetry: false, ..Techniques::default() });
        assert_optimal(n, &outline, &with, without.cost.unwrap());
        let corner: Vec<u32> = vec![1];
        let with = exact(n, &corner, Techniques::default());
        let without = exact(n, &corner, Techniques { symmetry: false, ..Techniques::default() });
        assert_optimal(n, &corner, &with, without.cost.unwrap());
    }
}

// --- limits -----------------------------------------------------------------------

#[test]
fn a_cost_cap_below_the_optimum_is_proven_unreachable() {
    let limits = Limits::default().with_max_cost(13);
    for solver in [SEED, Method::Exact(Techniques::default())] {
        let result = solve(5, &[], solver, &limits).unwrap();
        assert_eq!(result.outcome, Outcome::NoSolution);
        assert_eq!(result.lower_bound, Some(14));
    }
    let result = solve(5, &[], Method::Exact(Techniques::default()), &Limits::default().with_max_cost(14)).unwrap();
    assert_optimal(5, &[], &result, 14);
}

#[test]
fn node_limit_stops_with_a_proven_bound() {
    let result = solve(9, &[], Method::Exact(Techniques::default()), &Limits::default().with_max_nodes(50)).unwrap();
    assert_eq!(result.outcome, Outcome::NodeLimit);
    assert_eq!(result.stats.expanded, 50);
    let (_, packing) = bounds(9, &[]);
    assert_eq!(result.lower_bound, Some(packing));
    assert!(packing <= FULL_GRID[8]);
}

#[test]
fn seed_search_counts_like_the_judge() {
    // The judge's IDA* raises its bound one at a time from its bound at
    // the start; ours jumps to the smallest f above it, which is the same
    // sequence here. Its answer for the 3 x 3 sample is reached at bound 3.
    let result = solve(3, &[12, 17, 23], SEED, &Limits::default()).unwrap();
    let bounds: Vec<u32> = result.stats.iterations.iter().map(|it| it.bound).collect();
    assert_eq!(bounds.last(), Some(&3));
    assert!(bounds.windows(2).all(|w| w[0] < w[1]));
}

// --- the puzzle contract ------------------------------------------------------------

use crate::puzzle::{Hooks, Options as CallOptions, Task, Value};

fn registered() -> &'static dyn crate::puzzle::AnyPuzzle {
    crate::puzzles::find("squares").expect("squares is registered")
}

#[test]
fn cases_are_read_with_the_value_at_fault_named() {
    assert_eq!(read_case(&[3, 12, 17]).unwrap(), Case { n: 3, removed: vec![11, 16] });
    assert_eq!(read_case(&[16]).unwrap(), Case { n: 16, removed: vec![] });
    let cases: [(&[i64], &str); 7] = [
        (&[], "a squares case starts with the grid side n, got no values"),
        (&[0], "the grid side n must be from 1 to 16, got 0"),
        (&[-3], "the grid side n must be from 1 to 16, got -3"),
        (&[17, 1], "the grid side n must be from 1 to 16, got 17"),
        (&[2, 13], "stick 13 is out of range 1 to 12 for a 2 x 2 grid"),
        (&[2, i64::MIN], "stick -9223372036854775808 is out of range 1 to 12 for a 2 x 2 grid"),
        (&[3, 5, 7, 5], "stick 5 is removed twice"),
    ];
    for (values, message) in cases {
        assert_eq!(read_case(values), Err(Error::InvalidPuzzle(message.into())), "{values:?}");
    }
}

#[test]
fn codes_are_bitsets_of_the_removed_sticks_and_unpack_to_masks() {
    let squares = registered();
    let cases = vec![vec![8, 1, 144, 64, 65], vec![8]];
    let (width, words) = squares.pack(&cases, CallOptions::new()).unwrap();
    assert_eq!(width, 3); // 144 sticks
    assert_eq!(words, [1 | 1 << 63, 1, 1 << 15, 0, 0, 0]);
    let masks = squares.unpack(&words, width, Some(8), CallOptions::new()).unwrap();
    let ones: Vec<usize> = (0..144).filter(|&i| masks[0][i] == 1).collect();
    assert_eq!(ones, [0, 63, 64, 143]);
    assert!(masks[1].iter().all(|&v| v == 0) && masks[1].len() == 144);
    let unpack = |words: &[u64], width, n| squares.unpack(words, width, n, CallOptions::new());
    assert!(
        matches!(unpack(&[0], 1, None), Err(Error::InvalidArgument(m)) if m.contains("n: squares codes need the grid side n"))
    );
    assert!(
        matches!(unpack(&[0], 1, Some(17)), Err(Error::InvalidArgument(m)) if m.contains("n must be from 1 to 16"))
    );
    assert!(matches!(unpack(&[0, 0], 2, Some(5)), Err(Error::InvalidArgument(m)) if m.contains("take 1 word each")));
    assert!(matches!(unpack(&[1 << 4], 1, Some(1)), Err(Error::InvalidPuzzle(m)) if m.contains("beyond the 4 sticks")));
    // Every stick of the 5 x 5 grid, and one bit beyond them.
    assert_eq!(unpack(&[(1 << 60) - 1], 1, Some(5)).unwrap()[0], vec![1; 60]);
    assert!(unpack(&[1 << 60], 1, Some(5)).is_err());
}

#[test]
fn the_ida_engine_refuses_the_exact_engines_options_by_name() {
    for name in ["branching", "dominance", "symmetry", "upper_bound"] {
        let value = if name == "branching" { Value::Str("first".into()) } else { Value::Bool(false) };
        let options = CallOptions::new().with(name, value.clone());
        assert!(registered().job(&[vec![3]], false, options.clone(), Task::Solve).is_ok(), "{name}");
        let ida = options.with("engine", Value::Str("ida".into()));
        match registered().job(&[vec![3]], false, ida, Task::Solve) {
            Err(Error::InvalidArgument(m)) => assert!(m.starts_with(name) && m.contains("\"ida\""), "{m}"),
            Err(other) => panic!("{name}: {other:?}"),
            Ok(_) => panic!("{name}: taken by engine \"ida\""),
        }
    }
}

#[test]
fn every_engine_and_heuristic_agree_and_ida_starts_from_the_lower_bound() {
    let mut rng = Rng(31);
    for n in 1..=5 {
        for percent in [0, 20, 40] {
            let removed = removed(&mut rng, n, percent);
            let mut case = vec![n as i64];
            case.extend(removed.iter().map(|&s| i64::from(s)));
            let expected = exact(n, &removed, Techniques::default()).cost.unwrap();
            for engine in ["exact", "ida"] {
                for heuristic in ["packing", "disjoint"] {
                    let options = CallOptions::new()
                        .with("engine", Value::Str(engine.into()))
                        .with("heuristic", Value::Str(heuristic.into()));
                    let mut job = registered().job(&[case.clone()], false, options.clone(), Task::Solve).unwrap();
                    job.prepare(Hooks::default()).unwrap();
                    let (result, _) = job.solve(Hooks::default()).unwrap().pop().unwrap();
                    assert_eq!(result.cost, Some(expected), "{engine} {heuristic}: n = {n}, {removed:?}");
                    let mut bound = registered().job(&[case.clone()], false, options, Task::LowerBound).unwrap();
                    bound.prepare(Hooks::default()).unwrap();
                    let bound = bound.lower_bounds().unwrap()[0];
                    assert_eq!(bound, lower_bound(n, &removed, Heuristic::from_name(heuristic).unwrap()).unwrap());
                    assert!(bound <= expected);
                    if engine == "ida" && expected > 0 {
                        assert_eq!(result.stats.iterations[0].bound, bound, "{heuristic}: n = {n}, {removed:?}");
                    }
                }
            }
        }
    }
}

#[test]
fn a_cap_below_the_root_bound_proves_the_root_bound() {
    // The full 9 x 9 grid: the packing bound is 41, far above a cap of 3.
    let result = exact(9, &[], Techniques::default());
    assert_eq!(result.cost, Some(42));
    let capped = solve(9, &[], Method::Exact(Techniques::default()), &Limits::default().with_max_cost(3)).unwrap();
    assert_eq!((capped.outcome, capped.lower_bound), (Outcome::NoSolution, Some(41)));
}
