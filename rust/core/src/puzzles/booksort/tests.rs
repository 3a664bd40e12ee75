//! Booksort checked against things that do not share its code: slicing on
//! vectors for the bit-packed moves, exact distances from a breadth-first
//! search over all permutations for the bounds and the move pruning, and
//! the seed samples through every engine.

use std::collections::{HashMap, HashSet};

use super::*;
use crate::engines::{astar, bfs, bfs_layers, bidirectional_bfs, ida_star, ida_star_with_table, iddfs};
use crate::puzzle::Choice;
use crate::test_rng::Rng;
use crate::{Limits, Outcome, SearchResult};

/// The move done the obvious way, on a vector.
fn sliced<T: Copy>(items: &[T], mv: BlockMove) -> Vec<T> {
    let (i, j, k) = (mv.start as usize, mv.split as usize, mv.end as usize);
    [&items[..i], &items[j..k], &items[i..j], &items[k..]].concat()
}

fn nibbles(state: u64) -> Vec<u8> {
    (0..16).map(|p| ((state >> (4 * p)) & 0xF) as u8).collect()
}

fn puzzle(n: usize) -> Booksort {
    Booksort::new(n).unwrap()
}

/// Exact distance to the sorted order of every permutation of `n` books,
/// by breadth-first search over every move (no pruning). A move is undone
/// by a move, so the distance from the sorted order is the distance to it.
fn exact_distances(puzzle: &Booksort) -> HashMap<u64, u32> {
    let mut distances = HashMap::from([(puzzle.sorted(), 0)]);
    let mut frontier = vec![puzzle.sorted()];
    let mut depth = 0;
    while !frontier.is_empty() {
        depth += 1;
        let mut next = Vec::new();
        for state in frontier {
            for mv in puzzle.moves() {
                let child = mv.apply(state);
                distances.entry(child).or_insert_with(|| {
                    next.push(child);
                    depth
                });
            }
        }
        frontier = next;
    }
    distances
}

fn factorial(n: usize) -> usize {
    (1..=n).product()
}

// --- moves on packed states --------------------------------------------------

#[test]
fn apply_matches_slicing_on_random_words() {
    // Arbitrary words, not only permutations: every nibble from `end` on
    // must be left alone, including the top one at n = 16 where the shifts
    // reach 64 bits.
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    for n in 2..=MAX_BOOKS {
        let puzzle = puzzle(n);
        for _ in 0..2000 {
            let state = rng.next();
            let mv = puzzle.moves()[rng.below(puzzle.moves().len())];
            assert_eq!(nibbles(mv.apply(state)), sliced(&nibbles(state), mv), "n = {n}, {mv:?} on {state:#018x}");
        }
    }
}

#[test]
fn apply_matches_slicing_for_every_move_on_sixteen_books() {
    let puzzle = puzzle(16);
    let mut rng = Rng(12345);
    for _ in 0..20 {
        let books = rng.permutation(16);
        let state = puzzle.pack(&books).unwrap();
        for &mv in puzzle.moves() {
            assert_eq!(puzzle.unpack(mv.apply(state)), sliced(&books, mv), "{mv:?} on {books:?}");
        }
    }
    // All ones: a mask one bit short at either end would show here.
    for &mv in puzzle.moves() {
        assert_eq!(mv.apply(u64::MAX), u64::MAX, "{mv:?}");
    }
    let whole = BlockMove { start: 0, split: 8, end: 16 };
    assert_eq!(whole.apply(0x0123_4567_89AB_CDEF), 0x89AB_CDEF_0123_4567);
}

#[test]
fn random_walks_agree_with_slicing() {
    let mut rng = Rng(7);
    for n in 1..=MAX_BOOKS {
        let puzzle = puzzle(n);
        let mut books: Vec<u32> = (1..=n as u32).collect();
        let mut state = puzzle.sorted();
        for _ in 0..200 {
            if puzzle.moves().is_empty() {
                break;
            }
            let mv = puzzle.moves()[rng.below(puzzle.moves().len())];
            books = sliced(&books, mv);
            state = mv.apply(state);
            assert_eq!(puzzle.unpack(state), books);
        }
    }
}

#[test]
fn inverse_undoes_every_move() {
    let mut rng = Rng(99);
    for n in 1..=MAX_BOOKS {
        let puzzle = puzzle(n);
        let moves: HashSet<BlockMove> = puzzle.moves().iter().copied().collect();
        let state = puzzle.pack(&rng.permutation(n)).unwrap();
        for &mv in puzzle.moves() {
            let inverse = mv.inverse();
            assert!(moves.contains(&inverse), "{inverse:?} is not a move of {n} books");
            assert_eq!(inverse.inverse(), mv);
            assert_eq!(inverse.apply(mv.apply(state)), state, "{mv:?}");
            assert_eq!(mv.apply(inverse.apply(state)), state, "{mv:?}");
        }
    }
}

#[test]
fn there_are_c_n_plus_1_3_distinct_moves() {
    for n in 1..=MAX_BOOKS {
        let puzzle = puzzle(n);
        let expected = (n + 1) * n * (n - 1) / 6;
        assert_eq!(puzzle.moves().len(), expected, "n = {n}");
        assert!(puzzle.moves().windows(2).all(|w| w[0] < w[1]), "not in lexicographic order");
        for mv in puzzle.moves() {
            assert!(mv.start < mv.split && mv.split < mv.end && mv.end as usize <= n, "{mv:?}");
        }
        // No two names for one move, and none that does nothing.
        let reached: HashSet<u64> = puzzle.moves().iter().map(|mv| mv.apply(puzzle.sorted())).collect();
        assert_eq!(reached.len(), expected, "n = {n}");
        assert!(!reached.contains(&puzzle.sorted()));
    }
}

// --- packing -----------------------------------------------------------------

#[test]
fn pack_and_unpack_round_trip() {
    let mut rng = Rng(2024);
    for n in 1..=MAX_BOOKS {
        let puzzle = puzzle(n);
        let sorted: Vec<u32> = (1..=n as u32).collect();
        assert_eq!(puzzle.pack(&sorted).unwrap(), puzzle.sorted());
        assert_eq!(puzzle.unpack(puzzle.sorted()), sorted);
        assert!(puzzle.is_goal(&puzzle.sorted()));
        for _ in 0..100 {
            let books = rng.permutation(n);
            let state = puzzle.pack(&books).unwrap();
            assert_eq!(puzzle.unpack(state), books);
            assert_eq!(puzzle.is_goal(&state), books == sorted);
        }
    }
    let reversed: Vec<u32> = (1..=16).rev().collect();
    assert_eq!(puzzle(16).pack(&reversed).unwrap(), 0x0123_4567_89AB_CDEF);
}

fn pack_error(n: usize, books: &[u32]) -> String {
    match puzzle(n).pack(books) {
        Err(Error::InvalidPuzzle(message)) => message,
        other => panic!("{books:?} on {n} books: expected InvalidPuzzle, got {other:?}"),
    }
}

#[test]
fn pack_says_what_is_wrong() {
    assert_eq!(pack_error(3, &[1, 2]), "expected 3 books, got 2");
    assert_eq!(pack_error(3, &[1, 2, 3, 4]), "expected 3 books, got 4");
    assert_eq!(pack_error(1, &[]), "expected 1 books, got 0");
    assert_eq!(pack_error(3, &[1, 0, 2]), "book 0 at position 2 is out of range 1 to 3");
    assert_eq!(pack_error(3, &[4, 1, 2]), "book 4 at position 1 is out of range 1 to 3");
    assert!(pack_error(16, &[17; 16]).contains("book 17 at position 1 is out of range 1 to 16"));
    assert!(pack_error(3, &[1, u32::MAX, 2]).contains("out of range"));
    assert_eq!(pack_error(4, &[2, 1, 2, 3]), "book 2 appears twice; the books must be a permutation of 1 to 4");
    let mut books: Vec<u32> = (1..=16).collect();
    books[0] = 16;
    assert!(pack_error(16, &books).contains("book 16 appears twice"));
}

#[test]
fn sizes_out_of_range_are_refused() {
    for n in [0, MAX_BOOKS + 1, 100] {
        match Booksort::new(n) {
            Err(Error::InvalidPuzzle(message)) => assert!(message.contains(&n.to_string()), "{message}"),
            other => panic!("n = {n}: {other:?}"),
        }
    }
}

#[test]
fn heuristic_names_round_trip() {
    for heuristic in [Heuristic::Breakpoints, Heuristic::Cycles] {
        assert_eq!(Heuristic::from_name(heuristic.name()).unwrap(), heuristic);
    }
    assert!(matches!(Heuristic::from_name("manhattan"), Err(Error::InvalidArgument(m)) if m.contains("manhattan")));
    assert_eq!(puzzle(5).heuristic_kind(), Heuristic::Cycles);
}

// --- bounds against exact distances ------------------------------------------

#[test]
fn exact_distances_match_oeis_a164366() {
    // The oracle itself, checked before the bounds are checked against it.
    for (n, row) in (1..).zip(&distribution::A164366[..7]) {
        let puzzle = puzzle(n);
        let distances = exact_distances(&puzzle);
        assert_eq!(distances.len(), factorial(n));
        let mut counts = vec![0u64; row.len()];
        for &d in distances.values() {
            counts[d as usize] += 1;
        }
        assert_eq!(counts, row.to_vec(), "n = {n}");
        assert_eq!(bfs_layers(&puzzle, puzzle.sorted(), None, None).unwrap(), row.to_vec(), "n = {n}");
    }
}

#[test]
fn every_bound_is_admissible_up_to_seven_books() {
    for n in 1..=7 {
        let plain = puzzle(n);
        let breakpoints = puzzle(n).with_heuristic(Heuristic::Breakpoints);
        for (state, d) in exact_distances(&plain) {
            let books = plain.unpack(state);
            let cycle = plain.cycle_bound(state);
            let extended = plain.extended_breakpoint_bound(state);
            let seed = plain.breakpoint_bound(state);
            assert!(seed <= d, "breakpoints {seed} > {d} for {books:?}");
            assert!(cycle <= d, "cycles {cycle} > {d} for {books:?}");
            assert!(extended <= d, "extended breakpoints {extended} > {d} for {books:?}");
            assert_eq!(plain.lower_bound(state), cycle.max(extended));
            assert_eq!(breakpoints.lower_bound(state), seed);
            assert_eq!(seed == 0, d == 0, "{books:?}");
            assert_eq!(cycle == 0, d == 0, "{books:?}");
            // One move changes three adjacencies, so at most three
            // breakpoints: `ceil(b / 3)` is tight only because of that.
            for mv in plain.moves() {
                let child = mv.apply(state);
                assert!(plain.breakpoints(state).abs_diff(plain.breakpoints(child)) <= 3);
                assert!(cycle.abs_diff(plain.cycle_bound(child)) <= 1);
            }
        }
    }
}

#[test]
fn breakpoints_and_cycles_by_hand() {
    let p = puzzle(5);
    let reversed = p.pack(&[5, 4, 3, 2, 1]).unwrap();
    assert_eq!(p.breakpoints(reversed), 4);
    assert_eq!(p.breakpoint_bound(reversed), 2);
    // Ends against 0 and 6 add two: ceil(6 / 3).
    assert_eq!(p.extended_breakpoint_bound(reversed), 2);
    // Black edges 1 -> 3 -> 5 -> 1 and 2 -> 4 -> 6 -> 2: two odd cycles
    // out of n + 1 = 6, so (6 - 2) / 2, one short of the distance 3.
    assert_eq!(p.cycle_bound(reversed), 2);
    let p = puzzle(6);
    let sample = p.pack(&[1, 3, 4, 6, 2, 5]).unwrap();
    assert_eq!(p.breakpoints(sample), 4);
    assert_eq!(p.extended_breakpoint_bound(sample), 2);
}

#[test]
fn goal_ball_is_exact_inside_and_admissible_outside() {
    for n in 1..=7 {
        let plain = puzzle(n);
        let distances = exact_distances(&plain);
        for radius in 1..=3 {
            for heuristic in [Heuristic::Breakpoints, Heuristic::Cycles] {
                let base = puzzle(n).with_heuristic(heuristic);
                let balled = puzzle(n).with_heuristic(heuristic).with_goal_ball(radius);
                let ball = balled.goal_ball().unwrap();
                assert_eq!(ball.radius(), radius);
                let inside = distances.values().filter(|&&d| d <= radius).count();
                assert_eq!(ball.len(), inside, "n = {n}, radius {radius}");
                for (&state, &d) in &distances {
                    let h = balled.lower_bound(state);
                    assert!(h <= d, "{heuristic:?} with ball {radius}: {h} > {d} for {:?}", plain.unpack(state));
                    if d <= radius {
                        assert_eq!(h, d);
                        assert_eq!(ball.distance(state), Some(d));
                    } else {
                        assert_eq!(h, base.lower_bound(state).max(radius + 1));
                        assert_eq!(ball.distance(state), None);
                    }
                }
            }
        }
    }
}

#[test]
fn goal_balls_hold_the_first_layers() {
    // 1 + 165 + 8646: the first three terms of A164366 for ten books.
    assert_eq!(puzzle(10).with_goal_ball(2).goal_ball().unwrap().len(), 8812);
    assert_eq!(puzzle(16).with_goal_ball(1).goal_ball().unwrap().len(), 1 + 680);
    assert!(puzzle(8).with_goal_ball(0).goal_ball().is_none());
    let shared = shared_goal_ball(9, 2).unwrap();
    assert!(Arc::ptr_eq(&shared, &shared_goal_ball(9, 2).unwrap()));
    assert!(Arc::ptr_eq(puzzle(9).with_shared_goal_ball(shared.clone()).goal_ball().unwrap(), &shared));
    assert_eq!(default_goal_ball_radius(12), 3);
    assert_eq!(default_goal_ball_radius(13), 2);
}

#[test]
#[should_panic(expected = "another number of books")]
fn a_goal_ball_for_other_books_is_refused() {
    let _ = puzzle(8).with_shared_goal_ball(shared_goal_ball(7, 1).unwrap());
}

// --- searches ----------------------------------------------------------------

/// Replays `result.path` from `books`: it must consist of valid moves, end
/// sorted and be exactly `cost` long.
fn assert_sorts(puzzle: &Booksort, books: &[u32], result: &SearchResult<BlockMove>, label: &str) {
    assert_eq!(result.outcome, Outcome::Solved, "{label}");
    assert_eq!(result.path.len() as u32, result.cost.unwrap(), "{label}: path length differs from cost");
    assert_eq!(result.lower_bound, result.cost, "{label}");
    let mut shelf = books.to_vec();
    for &mv in &result.path {
        assert!(puzzle.moves().contains(&mv), "{label}: {mv:?} is not a move");
        shelf = sliced(&shelf, mv);
    }
    assert_eq!(puzzle.unpack(puzzle.sorted()), shelf, "{label}: {:?} does not sort", result.path);
}

type Engine = fn(&Booksort, u64, &Limits) -> SearchResult<BlockMove>;

fn with_table(puzzle: &Booksort, start: u64, limits: &Limits) -> SearchResult<BlockMove> {
    ida_star_with_table(puzzle, start, limits, 1 << 16)
}

const SAMPLES: [(&[u32], u32); 3] =
    [(&[1, 3, 4, 6, 2, 5], 2), (&[5, 4, 3, 2, 1], 3), (&[6, 8, 5, 3, 4, 7, 2, 9, 1, 10], 5)];

fn engines() -> Vec<(&'static str, Engine)> {
    vec![
        ("ida_star", ida_star),
        ("ida_star_with_table", with_table),
        ("astar", astar),
        ("iddfs", iddfs),
        ("bfs", bfs),
        ("bidirectional_bfs", bidirectional_bfs),
    ]
}

/// Goal balls come from the shared cache: each is built once for all tests.
fn guided_puzzle(n: usize, heuristic: Heuristic, radius: u32) -> Booksort {
    let puzzle = puzzle(n).with_heuristic(heuristic);
    if radius == 0 {
        puzzle
    } else {
        puzzle.with_shared_goal_ball(shared_goal_ball(n, radius).unwrap())
    }
}

/// Whether the engine reads the heuristic; the others need one run only.
fn guided(engine: &str) -> bool {
    engine.starts_with("ida_star") || engine == "astar"
}

#[test]
fn samples_with_every_engine_heuristic_and_goal_ball() {
    for (books, expected) in SAMPLES {
        let n = books.len();
        for (name, engine) in engines() {
            // Iterative deepening without a heuristic would take minutes
            // on the ten-book sample.
            if name == "iddfs" && expected > 3 {
                continue;
            }
            for heuristic in [Heuristic::Breakpoints, Heuristic::Cycles] {
                for radius in 0..=3 {
                    if !guided(name) && (heuristic != Heuristic::Cycles || radius != 0) {
                        continue;
                    }
                    let puzzle = guided_puzzle(n, heuristic, radius);
                    let start = puzzle.pack(books).unwrap();
                    let result = engine(&puzzle, start, &Limits::default());
                    let label = format!("{name}, {heuristic:?}, ball {radius}, {books:?}");
                    assert_eq!(result.cost, Some(expected), "{label}");
                    assert_sorts(&puzzle, books, &result, &label);
                }
            }
        }
    }
}

#[test]
fn a_cost_cap_below_the_optimum_proves_the_bound() {
    let (books, _) = SAMPLES[2];
    for (name, engine) in engines() {
        if name == "iddfs" {
            continue;
        }
        for radius in [0, 2] {
            if !guided(name) && radius > 0 {
                continue;
            }
            let puzzle = guided_puzzle(10, Heuristic::Cycles, radius);
            let start = puzzle.pack(books).unwrap();
            let result = engine(&puzzle, start, &Limits::default().with_max_cost(4));
            let label = format!("{name}, ball {radius}");
            assert_eq!(result.outcome, Outcome::NoSolution, "{label}");
            assert_eq!(result.lower_bound, Some(5), "{label}");
            assert_eq!(result.cost, None, "{label}");
            assert!(result.path.is_empty(), "{label}");
            // Breadth-first search to depth 5 takes seconds; the samples
            // test has already seen it solve this shelf.
            if guided(name) || name == "bidirectional_bfs" {
                let result = engine(&puzzle, start, &Limits::default().with_max_cost(5));
                assert_eq!(result.cost, Some(5), "{label}");
            }
        }
    }
    // Iterative deepening proves the same on a sample it can afford.
    let puzzle = puzzle(5);
    let result = iddfs(&puzzle, puzzle.pack(&[5, 4, 3, 2, 1]).unwrap(), &Limits::default().with_max_cost(2));
    assert_eq!((result.outcome, result.lower_bound), (Outcome::NoSolution, Some(3)));
}

#[test]
fn sorted_shelves_need_no_move() {
    for n in [1, 2, 9, 16] {
        let puzzle = puzzle(n);
        for (name, engine) in engines() {
            let result = engine(&puzzle, puzzle.sorted(), &Limits::default());
            assert_eq!(result.cost, Some(0), "{name}, n = {n}");
            assert!(result.path.is_empty());
        }
    }
}

#[test]
fn node_limit_stops_a_hard_instance() {
    let (books, _) = SAMPLES[2];
    let puzzle = puzzle(10).with_goal_ball(0);
    let start = puzzle.pack(books).unwrap();
    let result = ida_star(&puzzle, start, &Limits::default().with_max_nodes(10));
    assert_eq!(result.outcome, Outcome::NodeLimit);
    assert!(result.stats.expanded <= 10);
    let lower = result.lower_bound.unwrap();
    assert!((puzzle.lower_bound(start)..=5).contains(&lower), "{lower}");
}

#[test]
fn move_pruning_keeps_an_optimal_path_up_to_six_books() {
    // IDA* and IDDFS walk the pruned successors; the breadth-first oracle
    // walks every move. IDDFS has no heuristic to hide a pruning mistake
    // behind.
    for n in 1..=6 {
        let cycles = puzzle(n);
        let breakpoints = puzzle(n).with_heuristic(Heuristic::Breakpoints);
        for (state, d) in exact_distances(&cycles) {
            let books = cycles.unpack(state);
            for (label, result) in [
                ("ida_star, cycles", ida_star(&cycles, state, &Limits::default())),
                ("ida_star, breakpoints", ida_star(&breakpoints, state, &Limits::default())),
                ("iddfs", iddfs(&cycles, state, &Limits::default())),
                // These two also drop states seen before, so a state keeps
                // only the pruning of the first move that reached it.
                ("astar", astar(&breakpoints, state, &Limits::default())),
                ("bfs", bfs(&cycles, state, &Limits::default())),
            ] {
                let label = format!("{label}, {books:?}");
                assert_eq!(result.cost, Some(d), "{label}");
                assert_sorts(&cycles, &books, &result, &label);
            }
        }
    }
}

#[test]
fn move_pruning_with_duplicate_detection_reaches_every_shelf_optimally() {
    // Breadth-first search as `engines::bfs` does it: the pruned successors
    // of each state, given the move that first reached it, and every state
    // kept once. Relabelling the books maps a search from any shelf to the
    // sorted one onto this search from the sorted shelf to the inverse
    // permutation, so exact depths here cover every start up to 8 books.
    for n in 1..=8 {
        let puzzle = puzzle(n);
        let exact = exact_distances(&puzzle);
        let mut reached: HashMap<u64, (u32, Option<BlockMove>)> = HashMap::from([(puzzle.sorted(), (0, None))]);
        let mut frontier = vec![puzzle.sorted()];
        let mut successors = Vec::new();
        let mut depth = 0;
        while !frontier.is_empty() {
            depth += 1;
            let mut next = Vec::new();
            for state in frontier {
                successors.clear();
                puzzle.successors(&state, reached[&state].1, &mut successors);
                for edge in &successors {
                    reached.entry(edge.state).or_insert_with(|| {
                        next.push(edge.state);
                        (depth, Some(edge.mv))
                    });
                }
            }
            frontier = next;
        }
        assert_eq!(reached.len(), factorial(n), "n = {n}");
        for (state, d) in exact {
            assert_eq!(reached[&state].0, d, "{:?}", puzzle.unpack(state));
        }
    }
}

#[test]
fn every_engine_agrees_with_the_oracle_on_seven_books() {
    let puzzle = puzzle(7).with_goal_ball(2);
    let distances = exact_distances(&puzzle);
    let mut rng = Rng(31337);
    for _ in 0..150 {
        let books = rng.permutation(7);
        let state = puzzle.pack(&books).unwrap();
        for (name, engine) in engines() {
            // Blind iterative deepening spends a third of a second per
            // shelf at distance 4.
            if name == "iddfs" && distances[&state] > 3 {
                continue;
            }
            let result = engine(&puzzle, state, &Limits::default());
            let label = format!("{name}, {books:?}");
            assert_eq!(result.cost, Some(distances[&state]), "{label}");
            assert_sorts(&puzzle, &books, &result, &label);
        }
    }
}

#[test]
fn scrambled_sixteen_book_shelves_are_sorted_in_at_most_the_scramble() {
    let puzzle = puzzle(16).with_shared_goal_ball(shared_goal_ball(16, 2).unwrap());
    let mut rng = Rng(0xB00C);
    for scramble in 1..=4 {
        let mut books: Vec<u32> = (1..=16).collect();
        for _ in 0..scramble {
            books = sliced(&books, puzzle.moves()[rng.below(puzzle.moves().len())]);
        }
        let start = puzzle.pack(&books).unwrap();
        for (name, engine) in [("ida_star", ida_star as Engine), ("bidirectional_bfs", bidirectional_bfs)] {
            let result = engine(&puzzle, start, &Limits::default());
            let label = format!("{name}, {books:?}");
            assert!(result.cost.unwrap() <= scramble, "{label}");
            assert_sorts(&puzzle, &books, &result, &label);
        }
    }
}

#[test]
fn goal_balls_beyond_radius_three_are_refused() {
    assert!(matches!(shared_goal_ball(15, MAX_GOAL_BALL_RADIUS + 1), Err(Error::InvalidArgument(_))));
}

/// The bound of every child priced from the parent's cycle graph equals the
/// bound counted from scratch on the child: the recombination rules hold.
#[test]
fn child_bounds_from_the_parent_match_a_recount() {
    let mut rng = Rng(0xC0FFEE);
    for n in 1..=MAX_BOOKS {
        let puzzle = puzzle(n);
        for _ in 0..40 {
            let state = puzzle.pack(&rng.permutation(n)).unwrap();
            let graph = CycleGraph::new(n, state);
            for &mv in puzzle.moves() {
                let child = mv.apply(state);
                let recount = puzzle.cycle_bound(child).max(puzzle.extended_breakpoint_bound(child));
                assert_eq!(graph.child_bound(mv), recount, "n = {n}, {:?} then {mv:?}", puzzle.unpack(state));
            }
        }
    }
}

#[test]
fn successors_carry_the_heuristic_of_their_state() {
    let mut rng = Rng(77);
    let puzzle = puzzle(15).with_goal_ball(2);
    let mut edges = Vec::new();
    for _ in 0..20 {
        let state = puzzle.pack(&rng.permutation(15)).unwrap();
        edges.clear();
        puzzle.successors(&state, None, &mut edges);
        for edge in &edges {
            assert_eq!(edge.h, Some(puzzle.lower_bound(edge.state)));
        }
    }
}

#[test]
fn a_table_too_large_for_memory_ends_with_a_memory_limit() {
    let puzzle = Booksort::new(3).unwrap();
    let start = puzzle.pack(&[2, 1, 3]).unwrap();
    for entries in [usize::MAX, 1 << 60] {
        let result = ida_star_with_table(&puzzle, start, &Limits::default(), entries);
        assert_eq!(result.outcome, Outcome::MemoryLimit);
        assert!(result.lower_bound.is_some_and(|bound| bound >= 1));
    }
}

#[test]
fn an_interrupt_stops_the_distribution_and_the_goal_ball() {
    let once = crate::limits::stop_once_at(10);
    assert_eq!(distance_distribution(10, Some(&once)).unwrap(), None);
    let once = crate::limits::stop_once_at(2);
    assert!(shared_goal_ball_until(7, 3, Some(&once)).unwrap().is_none());
    // Nothing half built is kept.
    let ball = shared_goal_ball_until(7, 3, Some(&|| false)).unwrap().unwrap();
    assert_eq!(ball.len(), puzzle(7).with_goal_ball(3).goal_ball().unwrap().len());
}
