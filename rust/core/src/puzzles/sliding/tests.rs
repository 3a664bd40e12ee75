//! Sliding tiles checked against things that do not share their code:
//! exact distances from breadth-first search over whole spaces, a plain
//! Dijkstra over (placement, blank) for the pattern databases, and the
//! generic engines for the specialised IDA*.

use std::collections::{HashMap, VecDeque};

use super::*;
use crate::engines::{astar, bidirectional_bfs, ida_star};
use crate::test_rng::Rng;
use crate::{Limits, Outcome};

pub(crate) fn puzzle(width: usize, height: usize, blank_first: bool) -> Sliding<u64> {
    let geometry = Geometry::new(width, height).unwrap();
    let goal = if blank_first { Goal::blank_first(&geometry) } else { Goal::blank_last(&geometry) };
    Sliding::new(geometry, goal).unwrap()
}

pub(crate) fn random_walk<T: Tiles>(puzzle: &Sliding<T>, steps: usize, rng: &mut Rng) -> Position<T> {
    let mut state = puzzle.goal_position();
    for _ in 0..steps {
        loop {
            if let Some(next) = puzzle.apply(state, Dir::ALL[rng.below(4)]) {
                state = next;
                break;
            }
        }
    }
    state
}

fn replay<T: Tiles>(puzzle: &Sliding<T>, start: Position<T>, path: &[Dir]) -> Position<T> {
    path.iter().fold(start, |s, &d| puzzle.apply(s, d).expect("legal move"))
}

/// Exact distance to the goal of every position that reaches it.
fn exact(puzzle: &Sliding<u64>) -> HashMap<Position<u64>, u32> {
    let mut distance = HashMap::from([(puzzle.goal_position(), 0)]);
    let mut queue = VecDeque::from([puzzle.goal_position()]);
    while let Some(state) = queue.pop_front() {
        let d = distance[&state];
        for dir in Dir::ALL {
            if let Some(next) = puzzle.apply(state, dir) {
                distance.entry(next).or_insert_with(|| {
                    queue.push_back(next);
                    d + 1
                });
            }
        }
    }
    distance
}

fn all_boards(cells: usize) -> Vec<Vec<u8>> {
    fn permute(prefix: &mut Vec<u8>, rest: &mut Vec<u8>, out: &mut Vec<Vec<u8>>) {
        if rest.is_empty() {
            out.push(prefix.clone());
        }
        for i in 0..rest.len() {
            let t = rest.remove(i);
            prefix.push(t);
            permute(prefix, rest, out);
            prefix.pop();
            rest.insert(i, t);
        }
    }
    let mut out = Vec::new();
    permute(&mut Vec::new(), &mut (0..cells as u8).collect(), &mut out);
    out
}

fn tiles32(board: &[u8]) -> Vec<u32> {
    board.iter().map(|&t| u32::from(t)).collect()
}

#[test]
fn eight_puzzle_distance_distribution_is_the_published_one() {
    let geometry = Geometry::new(3, 3).unwrap();
    let layers = distance_distribution(&geometry, &Goal::blank_last(&geometry), None).unwrap().unwrap();
    assert_eq!(layers.iter().sum::<u64>(), 181_440);
    assert_eq!(layers.len(), 32, "maximum distance 31");
    assert_eq!(*layers.last().unwrap(), 2);
    assert_eq!(&layers[..6], &[1, 2, 4, 8, 16, 20]);
}

#[test]
fn solvability_is_exactly_reachability() {
    for (w, h) in [(2, 2), (2, 3), (3, 2), (3, 3), (2, 4)] {
        for blank_first in [false, true] {
            let p = puzzle(w, h, blank_first);
            let reachable = exact(&p);
            let boards = all_boards(w * h);
            assert_eq!(reachable.len() * 2, boards.len(), "{w}x{h}");
            for board in boards {
                let solvable = is_solvable(p.geometry(), p.goal(), &board);
                let position = p.pack_unchecked(&board);
                assert_eq!(solvable, reachable.contains_key(&position), "{w}x{h} {board:?}");
                match p.pack(&tiles32(&board)) {
                    Ok(_) => assert!(solvable),
                    Err(Error::Unsolvable(message)) => assert!(!solvable && message.contains("cannot reach")),
                    Err(other) => panic!("{other:?}"),
                }
            }
        }
    }
}

#[test]
fn invalid_boards_say_what_is_wrong() {
    let p = puzzle(4, 4, false);
    let err = |tiles: &[u32]| match p.pack(tiles) {
        Err(Error::InvalidPuzzle(m)) => m,
        other => panic!("{other:?}"),
    };
    assert!(err(&[0, 1, 2]).contains("16 cells, got 3 tiles"));
    let mut repeated: Vec<u32> = (0..16).collect();
    repeated[3] = 2;
    assert!(err(&repeated).contains("tile 2 appears twice"));
    let mut out_of_range: Vec<u32> = (0..16).collect();
    out_of_range[5] = 16;
    assert!(err(&out_of_range).contains("tile 16 at cell 5 is out of range"));
    assert!(Geometry::new(1, 4).is_err() && Geometry::new(6, 2).is_err());
}

#[test]
fn packing_round_trips_in_both_widths() {
    let mut rng = Rng(3);
    for (w, h) in [(4, 4), (5, 5), (3, 5), (5, 3)] {
        let geometry = Geometry::new(w, h).unwrap();
        let goal = Goal::blank_first(&geometry);
        let wide: Sliding<u128> = Sliding::new(geometry.clone(), goal.clone()).unwrap();
        let state = random_walk(&wide, 200, &mut rng);
        let board = wide.unpack(state);
        assert_eq!(wide.pack(&tiles32(&board)).unwrap(), state);
        if w * h <= 16 {
            let narrow: Sliding<u64> = Sliding::new(geometry, goal).unwrap();
            assert_eq!(narrow.unpack(narrow.pack(&tiles32(&board)).unwrap()), board);
        } else {
            assert!(Sliding::<u64>::new(geometry, goal).is_err());
        }
    }
}

#[test]
fn heuristics_are_admissible_and_exact_answers_on_the_eight_puzzle() {
    for blank_first in [false, true] {
        let base = puzzle(3, 3, blank_first);
        let cells = pdb::partition(base.geometry(), base.goal(), "4-4").unwrap();
        let dir = tempdir();
        let with_pdb = base
            .clone()
            .with_pattern_databases(&cells, true, false, Some(&dir), &|_, _| false, &BuildLimits::default())
            .unwrap()
            .unwrap();
        let with_dual = base
            .clone()
            .with_pattern_databases(&cells, true, true, Some(&dir), &|_, _| false, &BuildLimits::default())
            .unwrap()
            .unwrap();
        assert!(with_dual.patterns().unwrap().is_dual() && !with_pdb.patterns().unwrap().is_dual());
        let puzzles = [base.clone(), base.clone().with_linear_conflict(), with_pdb, with_dual];
        let distances = exact(&base);
        let mut rng = Rng(11);
        let mut raised_by_dual = 0;
        for (position, &distance) in &distances {
            let board = base.unpack(*position);
            let manhattan = puzzles[0].evaluate(&board);
            let lc = puzzles[1].evaluate(&board);
            let pdb = puzzles[2].evaluate(&board);
            let dual = puzzles[3].evaluate(&board);
            assert!(manhattan <= lc && lc <= distance, "{board:?}");
            assert!(manhattan <= pdb && pdb <= distance, "{board:?}");
            assert!(pdb <= dual && dual <= distance, "{board:?}");
            assert_eq!(dual % 2, distance % 2, "{board:?}");
            raised_by_dual += usize::from(dual > pdb);
            assert_eq!(manhattan % 2, distance % 2);
            if rng.below(40) == 0 {
                for p in &puzzles {
                    let result = p.solve(*position, &Limits::default());
                    assert_eq!(result.cost, Some(distance), "{board:?} {:?}", p.heuristic_kind());
                    assert_eq!(replay(p, *position, &result.path), p.goal_position());
                }
            }
        }
        assert!(raised_by_dual > 0, "the dual lookups never raised a bound");
    }
}

#[test]
fn the_dual_lookups_are_skipped_only_where_the_child_is_pruned_anyway() {
    // Read lazily, a child's value is its whole value wherever that is
    // within the limit, and above the limit exactly where the whole is:
    // the search prunes the same children.
    let base = puzzle(3, 3, true);
    let cells = pdb::partition(base.geometry(), base.goal(), "4-4").unwrap();
    let dir = tempdir();
    let with_dual = base
        .clone()
        .with_pattern_databases(&cells, true, true, Some(&dir), &|_, _| false, &BuildLimits::default())
        .unwrap()
        .unwrap();
    let patterns = with_dual.patterns().unwrap();
    let mut rng = Rng(3);
    let (mut skipped, mut read) = (0, 0);
    for position in exact(&base).keys() {
        let unpacked = base.unpack(*position);
        let mut board = [0u8; MAX_CELLS];
        board[..unpacked.len()].copy_from_slice(&unpacked);
        let pos = pdb::positions(&unpacked);
        let (h, acc) = patterns.start(&board, &pos);
        let blank = usize::from(pos[0]);
        for &cell in base.geometry().neighbour_table()[blank].iter().filter(|&&cell| cell != board::NONE) {
            let (mut child, mut child_pos, cell) = (board, pos, usize::from(cell));
            let tile = child[cell];
            (child[blank], child[cell]) = (tile, 0);
            (child_pos[usize::from(tile)], child_pos[0]) = (blank as u8, cell as u8);
            let (whole, _) = patterns.slide(acc, h, &child, &child_pos, tile, cell, blank);
            let limit = rng.below(whole as usize + 4) as u32;
            let (lazy, _) = patterns.slide_within(acc, h, &child, &child_pos, tile, cell, blank, limit);
            assert!(lazy <= whole, "{unpacked:?}");
            assert_eq!(lazy > limit, whole > limit, "{unpacked:?} limit {limit}");
            if lazy <= limit {
                assert_eq!(lazy, whole, "{unpacked:?} limit {limit}");
            }
            skipped += usize::from(lazy < whole);
            read += 1;
        }
    }
    assert!(skipped > 0 && skipped < read, "{skipped} of {read} children read lazily");
}

/// The dual lookups of `patterns` on `puzzle`.
fn dual_lookups(puzzle: &Sliding<u64>, patterns: &[Vec<u8>], transpose: Option<&[u8; MAX_CELLS]>) -> DualLookups {
    let (geometry, goal) = (puzzle.geometry(), puzzle.goal());
    let all = PatternSet::completed(geometry, goal, patterns).unwrap();
    let plan = DualPlan::new(geometry, goal, &all);
    let dbs = plan
        .databases()
        .iter()
        .map(|spec| {
            let built = PatternDb::build(geometry, &spec.cells, spec.blank, &|_| false, &BuildLimits::default());
            DbView::direct(Arc::new(built.unwrap().unwrap()))
        })
        .collect();
    DualLookups::new(geometry, goal, plan, dbs, transpose)
}

#[test]
fn dual_bounds_hold_on_every_board_whatever_the_blank() {
    for (width, height, partition, reflect) in [(3, 3, "4-4", true), (3, 3, "4-4", false), (4, 2, "4-3", false)] {
        for blank_first in [false, true] {
            let base = puzzle(width, height, blank_first);
            let cells = pdb::partition(base.geometry(), base.goal(), partition).unwrap();
            let dir = tempdir();
            let limits = BuildLimits::default();
            let regular =
                base.clone().with_pattern_databases(&cells, reflect, false, Some(&dir), &|_, _| false, &limits);
            let regular = regular.unwrap().unwrap();
            let dual = dual_lookups(&base, &cells, regular.patterns().unwrap().transpose());
            let (mut raised, mut raised_home) = (0, 0);
            for (position, &distance) in &exact(&base) {
                let board = base.unpack(*position);
                let bound = dual.bound(&pdb::positions(&board));
                assert!(bound <= distance, "{board:?}: {bound} > {distance}");
                assert_eq!(bound % 2, distance % 2, "{board:?}");
                let higher = usize::from(bound > regular.evaluate(&board));
                raised += higher;
                if board[base.goal().blank_cell()] == 0 {
                    raised_home += higher;
                }
            }
            // On every board, the dual raises far more bounds than on the
            // boards whose blank is home alone (27,287 against 4,737 on the
            // 8-puzzle with reflection).
            assert!(raised > 3 * raised_home, "{raised} {raised_home}");
        }
    }
}

#[test]
fn the_dual_lookups_add_their_databases_once_each() {
    let base = puzzle(4, 4, true);
    let cells = pdb::partition(base.geometry(), base.goal(), "7-8").unwrap();
    assert_eq!(base.databases(&cells, false).unwrap().len(), 2);
    let listed = base.databases(&cells, true).unwrap();
    for (at, database) in listed.iter().enumerate() {
        assert!(!listed[..at].contains(database), "{database:?} twice");
    }
    // With the blank on each cell of the 7-tile pattern, its tile's target
    // moves (7), and one more for the blank below it; the 8-tile pattern's
    // target moves for each of its 8 cells. The 7-tile targets lie in the
    // top two rows, and the flip of the columns maps four of them onto
    // others: they read those databases.
    let of_size = |k: usize| listed.iter().filter(|(c, _)| c.len() == k).count();
    assert_eq!((listed.len(), of_size(7), of_size(8)), (14, 5, 9));
}

/// Pattern values: the least over the blank's cells of
/// [`pattern_distances`] (pattern moves costing 1 and other moves 0, from
/// the goal state, the blank on `blank`).
fn brute_pattern(geometry: &Geometry, cells: &[u8], blank: u8) -> HashMap<Vec<u8>, u32> {
    let mut values: HashMap<Vec<u8>, u32> = HashMap::new();
    for ((placement, _), d) in pattern_distances(geometry, cells, blank) {
        let v = values.entry(placement).or_insert(d);
        *v = (*v).min(d);
    }
    values
}

#[test]
fn pattern_databases_match_a_plain_dijkstra() {
    // Blanks first, last and elsewhere, beside the pattern or not.
    for (w, h, cells, blank) in [
        (3, 3, vec![1u8, 2, 4], 0),
        (3, 3, vec![1u8, 2, 4], 8),
        (3, 3, vec![1u8, 3, 4], 0),
        (3, 3, vec![8, 5], 0),
        (3, 3, vec![8, 5], 7),
        (2, 4, vec![0, 3, 5], 7),
        (2, 4, vec![0, 3, 5], 1),
        (4, 4, vec![1, 2], 0),
        (4, 4, vec![11, 14], 15),
        (3, 2, vec![1, 3, 4], 0),
        // The 8-puzzle's 4-4 halves and the 15-puzzle's first row, for
        // both goals: words of one component field per placement.
        (3, 3, vec![1, 2, 3, 4], 0),
        (3, 3, vec![5, 6, 7, 8], 0),
        (3, 3, vec![0, 1, 2, 3], 8),
        (3, 3, vec![4, 5, 6, 7], 8),
        (4, 4, vec![1, 2, 3, 4], 0),
        (4, 4, vec![0, 1, 2, 3], 15),
        // Six tiles on 3 x 3 cut the empty cells into as many as three
        // components.
        (3, 3, vec![1, 3, 4, 5, 7, 8], 0),
        // Four tiles on the edges' middles isolate the four corners and the
        // centre: five regions, more than a placement's byte holds.
        (3, 3, vec![1, 3, 5, 7], 0),
        (3, 3, vec![1, 3, 5, 7], 4),
        (3, 4, vec![1, 3, 5, 7, 8], 0),
    ] {
        let geometry = Geometry::new(w, h).unwrap();
        let db = PatternDb::build(&geometry, &cells, blank, &|_| false, &BuildLimits::default()).unwrap().unwrap();
        assert_eq!(db.blank(), blank);
        let expected = brute_pattern(&geometry, &cells, blank);
        assert_eq!(expected.len(), pdb::entries(w * h, cells.len()));
        assert_eq!(db.data().len(), expected.len());
        for (placement, value) in expected {
            let index = pdb::rank(w * h, placement.iter().copied());
            assert_eq!(u32::from(db.data()[index]), value, "{w}x{h} {cells:?} blank {blank} at {placement:?}");
            let mut back = vec![0u8; cells.len()];
            pdb::unrank(w * h, cells.len(), index, &mut back);
            assert_eq!(back, placement);
        }
    }
}

#[test]
fn lookups_by_cells_read_the_entry_of_the_rank() {
    // Patterns of one tile to seven, the last with a run of one free cell
    // a placement; the blank's goal first and last.
    for (w, h, cells, blank) in [
        (3, 3, vec![1u8], 0),
        (3, 3, vec![1u8, 2, 4], 0),
        (3, 3, vec![1u8, 3, 4, 5, 7, 8], 0),
        (3, 3, vec![0u8, 1, 2, 3, 4, 5, 6], 8),
        (4, 4, vec![1u8, 2, 3, 4], 0),
        (3, 2, vec![1u8, 3, 4], 0),
    ] {
        let geometry = Geometry::new(w, h).unwrap();
        let db = PatternDb::build(&geometry, &cells, blank, &|_| false, &BuildLimits::default()).unwrap().unwrap();
        let (n, k) = (w * h, cells.len());
        assert_eq!(db.cell_indexed_bytes(), Some(n.pow(k as u32)));
        let indexed = db.clone().with_cell_index(&BuildLimits::default()).unwrap();
        assert_eq!(indexed, db, "the same entries");
        let mut placement = vec![0u8; k];
        for (index, &value) in db.data().iter().enumerate() {
            pdb::unrank(n, k, index, &mut placement);
            assert_eq!(db.lookup(placement.iter().copied()), value);
            assert_eq!(indexed.lookup(placement.iter().copied()), value, "{w}x{h} {cells:?} at {placement:?}");
        }
    }
    // 16^8 bytes would be more than the limit: such tables keep the rank.
    let four = Geometry::new(4, 4).unwrap();
    let eight = PatternDb::from_parts(4, 4, 0, (1..=8).collect(), Vec::new());
    assert_eq!(eight.cell_indexed_bytes(), None);
    let limits = BuildLimits::default();
    assert!(eight.with_cell_index(&limits).unwrap().by_cells_for_tests().is_none());
    // A stop between chunks ends the copy.
    let db = PatternDb::build(&four, &[1, 2, 3, 4, 5], 0, &|_| false, &limits).unwrap().unwrap();
    let stop = || true;
    let stopped = BuildLimits { interrupt: Some(&stop), deadline: None };
    assert_eq!(db.with_cell_index(&stopped).unwrap_err(), Outcome::Interrupted);
}

#[test]
fn loaded_databases_are_read_by_cells_and_answer_as_before() {
    let dir = tempdir();
    let geometry = Geometry::new(4, 4).unwrap();
    let limits = BuildLimits::default();
    let (db, _) =
        pdb_cache::load_or_build(&geometry, &[1, 2, 3, 4, 5], 0, Some(&dir), &|_| false, &limits).unwrap().unwrap();
    assert!(db.by_cells_for_tests().is_some());
}

#[test]
fn distances_beyond_four_bits_over_the_manhattan_distance_are_kept_aside() {
    // With no excess kept in four bits, every placement off its Manhattan
    // distance goes to the side list; the tables are the same.
    for (w, h, cells, blank) in [(3, 3, vec![1u8, 2, 4], 0), (3, 3, vec![1, 3, 5, 7], 0), (4, 4, vec![1, 2, 3], 0)] {
        let geometry = Geometry::new(w, h).unwrap();
        let size = pdb::entries(w * h, cells.len());
        let build = |excess| {
            let keeping = super::pdb_build::Keeping { nibble_excess: excess, region_excess: false, region_bits: false };
            super::pdb_build::build(&geometry, &cells, blank, size, &|_| false, &BuildLimits::default(), keeping)
                .unwrap()
        };
        let (kept, aside) = (build(super::pdb_build::NIBBLE_EXCESS).entries, build(0).entries);
        assert_eq!(kept, aside, "{w}x{h} {cells:?}");
        let manhattan = |index: usize| {
            let mut placement = vec![0u8; cells.len()];
            pdb::unrank(w * h, cells.len(), index, &mut placement);
            placement.iter().zip(&cells).map(|(&at, &home)| geometry.distance(at.into(), home.into())).sum::<u32>()
        };
        assert!((0..size).any(|index| u32::from(aside[index]) > manhattan(index)), "no entry went aside");
    }
}

#[test]
fn one_tile_databases_are_manhattan_distances() {
    let geometry = Geometry::new(4, 3).unwrap();
    for cell in 0..12u8 {
        let blank = if cell == 11 { 0 } else { 11 };
        let db = PatternDb::build(&geometry, &[cell], blank, &|_| false, &BuildLimits::default()).unwrap().unwrap();
        for at in 0..12u8 {
            assert_eq!(u32::from(db.data()[at as usize]), geometry.distance(at as usize, cell as usize));
        }
    }
}

#[test]
fn partitions_cover_the_tiles_once() {
    for (w, h, name, sizes) in [
        (4, 4, "7-8", vec![7, 8]),
        (4, 4, "6-6-3", vec![6, 6, 3]),
        (4, 4, "5-5-5", vec![5, 5, 5]),
        (5, 5, "6-6-6-6", vec![6, 6, 6, 6]),
        (3, 4, "6-5", vec![6, 5]),
    ] {
        let geometry = Geometry::new(w, h).unwrap();
        for goal in [Goal::blank_first(&geometry), Goal::blank_last(&geometry)] {
            let parts = pdb::partition(&geometry, &goal, name).unwrap();
            assert_eq!(parts.iter().map(Vec::len).collect::<Vec<_>>(), sizes);
            let mut all: Vec<u8> = parts.concat();
            all.sort_unstable();
            let expected: Vec<u8> = (0..(w * h) as u8).filter(|&c| c as usize != goal.blank_cell()).collect();
            assert_eq!(all, expected, "{w}x{h} {name}");
        }
    }
    let geometry = Geometry::new(4, 4).unwrap();
    assert!(pdb::partition(&geometry, &Goal::blank_last(&geometry), "nine").is_err());
    assert!(pdb::partition(&geometry, &Goal::blank_last(&geometry), "9-9").is_err());
}

#[test]
fn specialised_and_generic_engines_agree() {
    let mut rng = Rng(5);
    for (w, h, blank_first) in [(4, 4, true), (4, 4, false), (3, 3, false), (2, 5, true), (5, 3, false)] {
        let base = puzzle(w, h, blank_first);
        let dir = tempdir();
        let name = pdb::default_partition_name(base.geometry());
        let small = if w * h == 16 { "4-4-4-3" } else { name.as_str() };
        let cells = pdb::partition(base.geometry(), base.goal(), small).unwrap();
        let with_pdb = base
            .clone()
            .with_pattern_databases(&cells, true, false, Some(&dir), &|_, _| false, &BuildLimits::default())
            .unwrap()
            .unwrap();
        for steps in [0, 1, 2, 7, 20, 30] {
            let start = random_walk(&base, steps, &mut rng);
            let reference = bidirectional_bfs(&base, start, &Limits::default()).cost.unwrap();
            for p in [base.clone(), base.clone().with_linear_conflict(), with_pdb.clone()] {
                let fast = p.solve(start, &Limits::default());
                let generic = ida_star(&p, start, &Limits::default());
                let best_first = astar(&p, start, &Limits::default());
                for result in [&fast, &generic, &best_first] {
                    assert_eq!(result.cost, Some(reference), "{w}x{h} {:?}", p.heuristic_kind());
                    assert_eq!(replay(&p, start, &result.path), p.goal_position());
                }
                assert_eq!(
                    fast.stats.iterations.first().map(|it| it.bound),
                    generic.stats.iterations.first().map(|it| it.bound)
                );
            }
        }
    }
}

#[test]
fn korf_instance_with_manhattan_and_pdb() {
    let p = puzzle(4, 4, true);
    // Korf's instance 2 (55 moves).
    let tiles = [13, 5, 4, 10, 9, 12, 8, 14, 2, 3, 7, 1, 0, 15, 11, 6];
    let start = p.pack(&tiles).unwrap();
    let result = p.clone().with_linear_conflict().solve(start, &Limits::default());
    assert_eq!(result.cost, Some(55));
    assert_eq!(replay(&p, start, &result.path), p.goal_position());
}

#[test]
fn limits_stop_the_specialised_search() {
    let p = puzzle(4, 4, true);
    let start = p.pack(&[14, 13, 15, 7, 11, 12, 9, 5, 6, 0, 2, 1, 4, 8, 10, 3]).unwrap();
    let result = p.solve(start, &Limits::default().with_max_nodes(1000));
    assert_eq!(result.outcome, Outcome::NodeLimit);
    assert!(result.stats.expanded <= 1000 && result.path.is_empty());
    let result = p.solve(start, &Limits::default().with_max_cost(44));
    assert_eq!((result.outcome, result.lower_bound), (Outcome::NoSolution, Some(45)));
    let stop = || true;
    let result = p.solve(start, &Limits::default().with_interrupt(&stop));
    assert_eq!(result.outcome, Outcome::Interrupted);
}

#[test]
fn astar_memory_cap_is_an_outcome() {
    let p = puzzle(4, 4, true);
    let start = p.pack(&[14, 13, 15, 7, 11, 12, 9, 5, 6, 0, 2, 1, 4, 8, 10, 3]).unwrap();
    let result = astar(&p, start, &Limits::default().with_max_states(10_000));
    assert_eq!(result.outcome, Outcome::MemoryLimit);
    assert!(result.lower_bound.unwrap() >= 41);
}

pub(super) fn tempdir() -> std::path::PathBuf {
    use std::sync::atomic::{AtomicUsize, Ordering};
    static NEXT: AtomicUsize = AtomicUsize::new(0);
    let dir = std::env::temp_dir().join(format!(
        "idastar-sliding-test-{}-{}",
        std::process::id(),
        NEXT.fetch_add(1, Ordering::Relaxed)
    ));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[test]
fn cache_files_are_checked_and_rebuilt() {
    let geometry = Geometry::new(3, 3).unwrap();
    let cells = [1u8, 2, 3];
    let dir = tempdir();
    let db = PatternDb::build(&geometry, &cells, 0, &|_| false, &BuildLimits::default()).unwrap().unwrap();
    let path = dir.join(pdb_cache::file_name(3, 3, 0, &cells));
    pdb_cache::save(&db, &path).unwrap();
    assert_eq!(pdb_cache::load(&path, &geometry, &cells, 0).unwrap(), db);
    // Another pattern's or another goal's file under this name is refused.
    assert!(pdb_cache::load(&path, &geometry, &[1, 2, 4], 0).is_err());
    assert!(pdb_cache::load(&path, &geometry, &cells, 8).is_err());
    let mut bytes = std::fs::read(&path).unwrap();
    let last = bytes.len() - 1;
    bytes[last] ^= 1;
    std::fs::write(&path, &bytes).unwrap();
    assert_eq!(pdb_cache::load(&path, &geometry, &cells, 0).unwrap_err(), "checksum mismatch");
    bytes.truncate(bytes.len() - 10);
    std::fs::write(&path, &bytes).unwrap();
    assert!(pdb_cache::load(&path, &geometry, &cells, 0).is_err());
    bytes[12] = 99; // another format version
    std::fs::write(&path, &bytes).unwrap();
    assert!(pdb_cache::load(&path, &geometry, &cells, 0).unwrap_err().contains("version"));
    // load_or_build rebuilds the broken file and leaves a good one.
    pdb_cache::clear_memory();
    let (rebuilt, source) =
        pdb_cache::load_or_build(&geometry, &cells, 0, Some(&dir), &|_| false, &BuildLimits::default())
            .unwrap()
            .unwrap();
    assert_eq!(source, pdb_cache::Source::Built);
    assert_eq!(*rebuilt, db);
    assert_eq!(pdb_cache::load(&path, &geometry, &cells, 0).unwrap(), db);
    pdb_cache::clear_memory();
    let (_, source) = pdb_cache::load_or_build(&geometry, &cells, 0, Some(&dir), &|_| false, &BuildLimits::default())
        .unwrap()
        .unwrap();
    assert_eq!(source, pdb_cache::Source::Disk);
    let leftovers: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .filter_map(|e| e.ok())
        .filter(|e| e.file_name().to_string_lossy().ends_with(".tmp"))
        .collect();
    assert!(leftovers.is_empty());
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_build_can_be_cancelled() {
    let geometry = Geometry::new(4, 4).unwrap();
    let built = PatternDb::build(&geometry, &[1, 2, 3, 4], 0, &|p| p.layer == 2, &BuildLimits::default()).unwrap();
    assert_eq!(built.unwrap_err(), Outcome::Interrupted);
}

#[test]
fn the_interrupt_is_polled_within_a_layer() {
    use std::sync::atomic::{AtomicU32, AtomicUsize, Ordering};
    // 43,680 placements: three chunks a layer. The interrupt says stop on
    // its second look, so the build must end inside the first layer.
    let geometry = Geometry::new(4, 4).unwrap();
    let polls = AtomicUsize::new(0);
    let last_layer = AtomicU32::new(u32::MAX);
    let interrupt = || polls.fetch_add(1, Ordering::Relaxed) >= 1;
    let limits = BuildLimits { interrupt: Some(&interrupt), deadline: None };
    let report = |p: BuildProgress| {
        last_layer.store(p.layer, Ordering::Relaxed);
        false
    };
    let built = PatternDb::build(&geometry, &[1, 2, 3, 4], 0, &report, &limits).unwrap();
    assert_eq!(built.unwrap_err(), Outcome::Interrupted);
    assert_eq!(last_layer.load(Ordering::Relaxed), 0, "stopped only between layers");
}

#[test]
fn a_deadline_stops_a_build_and_nothing_of_it_is_kept() {
    use std::time::{Duration, Instant};
    let geometry = Geometry::new(4, 4).unwrap();
    let cells = [3u8, 7, 11, 15];
    let dir = tempdir();
    let past = BuildLimits { interrupt: None, deadline: Some(Instant::now()) };
    let built = pdb_cache::load_or_build(&geometry, &cells, 0, Some(&dir), &|_| false, &past).unwrap();
    assert_eq!(built.unwrap_err(), Outcome::TimeLimit);
    assert_eq!(std::fs::read_dir(&dir).map_or(0, |files| files.count()), 0, "a stopped build was stored");
    // Not kept in memory either: the next call builds it.
    let later = BuildLimits::new(&Limits::default().with_time_limit(Duration::from_secs(3600)));
    let (_, source) = pdb_cache::load_or_build(&geometry, &cells, 0, Some(&dir), &|_| false, &later).unwrap().unwrap();
    assert_eq!(source, pdb_cache::Source::Built);
    // A limit too far off for the clock is no limit.
    let endless = BuildLimits::new(&Limits::default().with_time_limit(Duration::MAX));
    assert!(endless.deadline.is_none() && endless.stop().is_none());
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_solve_whose_time_runs_out_while_building_stops_every_case_with_that_outcome() {
    use crate::puzzle::{Options, Task, Value};
    let dir = tempdir();
    pdb_cache::clear_memory();
    let entry = crate::puzzles::find("sliding").expect("registered");
    let options = Options::new()
        .with("patterns", Value::Str("4-4-4-3".into()))
        .with("cache_dir", Value::Str(dir.to_string_lossy().into_owned()))
        .with("time_limit", Value::Float(0.0));
    let boards: Vec<Vec<i64>> =
        vec![(1..16).chain([0]).collect(), vec![1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 0, 15]];
    let mut job = entry.job(&boards, true, options, Task::Solve).unwrap();
    assert!(job.needs_preparation());
    job.prepare(Default::default()).unwrap();
    let answers = job.solve(Default::default()).unwrap();
    assert!(answers.iter().all(|(result, _)| result.outcome == Outcome::TimeLimit && result.stats.expanded == 0));
    assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 0, "nothing of the build is kept");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn databases_too_large_are_refused_before_allocating() {
    assert_eq!(pdb::entries(16, 8), 518_918_400);
    assert_eq!(pdb::entries(25, 24), usize::MAX);
    assert_eq!(pdb::entries(3, 5), 0);
    let four = Geometry::new(4, 4).unwrap();
    let goal = Goal::blank_last(&four);
    // 7-8 is the largest partition that must work.
    assert_eq!(PatternDb::checked_entries(&four, &(8..16).collect::<Vec<u8>>(), 0), Ok(518_918_400));
    let nine: Vec<u8> = (0..9).collect();
    let message = PatternDb::checked_entries(&four, &nine, 15).unwrap_err().to_string();
    assert!(message.contains("4151347200 entries") && message.contains("1073741824"), "{message}");
    assert!(message.contains("at most 8 tiles"), "{message}");
    let fifteen: Vec<u8> = (0..15).collect();
    let message = PatternSet::completed(&four, &goal, &[fifteen]).unwrap_err().to_string();
    assert!(message.starts_with("patterns: the pattern of tiles [1, 2,"), "{message}");
    assert!(message.contains("20922789888000 entries"), "{message}");
    for name in ["15", "12-3", "10-5", "9-6"] {
        assert!(pdb::partition(&four, &goal, name)
            .is_ok_and(|cells| PatternSet::completed(&four, &goal, &cells)
                .is_err_and(|e| matches!(e, Error::InvalidArgument(_)))));
    }
    // 25! / 1! does not fit a usize: refused all the same, without a panic,
    // by every way in.
    let five = Geometry::new(5, 5).unwrap();
    let most: Vec<u8> = (0..24).collect();
    let message = PatternDb::checked_entries(&five, &most, 24).unwrap_err().to_string();
    assert!(message.contains("15511210043330985984000000 entries"), "{message}");
    assert!(message.contains("at most 6 tiles"), "{message}");
    let none = BuildLimits::default();
    assert!(PatternDb::build(&five, &most, 24, &|_| false, &none).is_err());
    assert!(pdb_cache::load_or_build(&five, &most, 24, None, &|_| false, &none).is_err());
    let p: Sliding<u128> = Sliding::new(five.clone(), Goal::blank_last(&five)).unwrap();
    assert!(p.with_pattern_databases(&[most], true, false, None, &|_, _| false, &none).is_err());
    // Bad cells are refused by the build itself too.
    assert!(PatternDb::checked_entries(&four, &[1, 1], 0).is_err());
    assert!(PatternDb::checked_entries(&four, &[16], 0).is_err());
    // So is a blank's goal on the pattern or off the board.
    assert!(PatternDb::checked_entries(&four, &[1, 2], 2).is_err());
    assert!(PatternDb::checked_entries(&four, &[1, 2], 16).is_err());
    assert!(PatternDb::build(&four, &[1, 2], 1, &|_| false, &none).is_err());
}

#[test]
fn reflection_needs_a_symmetric_goal() {
    let geometry = Geometry::new(4, 4).unwrap();
    let dir = tempdir();
    let tiles: Vec<u32> = (1..16).chain([0]).collect::<Vec<_>>();
    let mut shifted = tiles.clone();
    shifted.swap(14, 15); // blank in cell 14, off the diagonal
    for (goal, symmetric) in
        [(Goal::new(&geometry, &tiles).unwrap(), true), (Goal::new(&geometry, &shifted).unwrap(), false)]
    {
        let p: Sliding<u64> = Sliding::new(geometry.clone(), goal.clone()).unwrap();
        let cells = pdb::partition(&geometry, &goal, "4-4-4-3").unwrap();
        let p = p
            .with_pattern_databases(&cells, true, false, Some(&dir), &|_, _| false, &BuildLimits::default())
            .unwrap()
            .unwrap();
        assert_eq!(p.patterns().unwrap().is_reflected(), symmetric);
    }
}

#[test]
fn an_interrupt_stops_the_distance_distribution() {
    let geometry = Geometry::new(3, 3).unwrap();
    let once = crate::limits::stop_once_at(3);
    assert_eq!(distance_distribution(&geometry, &Goal::blank_last(&geometry), Some(&once)).unwrap(), None);
}

#[test]
fn partition_sizes_that_overflow_are_refused() {
    let geometry = Geometry::new(4, 4).unwrap();
    let goal = Goal::blank_last(&geometry);
    for name in ["18446744073709551615-1", "9223372036854775808-9223372036854775808", "99999999999999999999"] {
        assert!(pdb::partition(&geometry, &goal, name).is_err(), "{name}");
    }
}

#[test]
fn databases_loaded_for_one_cache_directory_are_not_handed_out_for_another() {
    let geometry = Geometry::new(3, 3).unwrap();
    let cells = [1u8, 2, 3];
    let (first, second) = (tempdir(), tempdir());
    let none = BuildLimits::default();
    let load = |dir: &std::path::Path| {
        pdb_cache::load_or_build(&geometry, &cells, 0, Some(dir), &|_| false, &none).unwrap().unwrap()
    };
    assert_eq!(load(&first).1, pdb_cache::Source::Built);
    assert!(pdb_cache::is_loaded(&geometry, &cells, 0, DbKind::Plain, Some(&first)));
    assert!(!pdb_cache::is_loaded(&geometry, &cells, 0, DbKind::Plain, Some(&second)));
    // Built again for the second directory, and stored there.
    assert_eq!(load(&second).1, pdb_cache::Source::Built);
    assert!(second.join(pdb_cache::file_name(3, 3, 0, &cells)).is_file());
    assert_eq!(load(&first).1, pdb_cache::Source::Memory);
    assert_eq!(load(&second).1, pdb_cache::Source::Memory);
    // Nor for another blank's goal.
    assert!(!pdb_cache::is_loaded(&geometry, &cells, 8, DbKind::Plain, Some(&first)));
    std::fs::remove_dir_all(&first).unwrap();
    std::fs::remove_dir_all(&second).unwrap();
}

#[test]
fn the_goal_states_database_is_stronger_than_the_goal_placements() {
    // Tiles 1 and 3 of 3 x 3 beside the blank's goal cell 0: with the
    // blank anywhere the placement 1 . / 3 would be home at no cost; from
    // the goal state, the blank must come back between them.
    let geometry = Geometry::new(3, 3).unwrap();
    let cells = [1u8, 3];
    let db = PatternDb::build(&geometry, &cells, 0, &|_| false, &BuildLimits::default()).unwrap().unwrap();
    let anywhere = brute_pattern_blank_anywhere(&geometry, &cells);
    let mut stronger = 0;
    for (placement, weaker) in anywhere {
        let value = u32::from(db.data()[pdb::rank(9, placement.iter().copied())]);
        assert!(value >= weaker, "{placement:?}");
        stronger += usize::from(value > weaker);
    }
    assert!(stronger > 0);
}

/// [`brute_pattern`] from every blank cell of the goal placement at once:
/// the weaker bound the databases were once built for.
fn brute_pattern_blank_anywhere(geometry: &Geometry, cells: &[u8]) -> HashMap<Vec<u8>, u32> {
    let mut least: HashMap<Vec<u8>, u32> = HashMap::new();
    for blank in (0..geometry.cells() as u8).filter(|b| !cells.contains(b)) {
        for (placement, value) in brute_pattern(geometry, cells, blank) {
            let v = least.entry(placement).or_insert(value);
            *v = (*v).min(value);
        }
    }
    least
}

/// The exact distance on boards whose blank is home and 1 elsewhere (0 on
/// the goal): admissible, and as inconsistent as a heuristic gets.
struct HomeOnly<'a> {
    distance: &'a HashMap<Vec<u8>, u32>,
    blank: u8,
    cells: usize,
    consistent: bool,
}

impl Incremental for HomeOnly<'_> {
    type Acc = ();

    fn start(&self, board: &[u8; MAX_CELLS], pos: &[u8; MAX_CELLS]) -> (u32, ()) {
        let d = self.distance[&board[..self.cells]];
        (if pos[0] == self.blank { d } else { d.min(1) }, ())
    }

    fn is_consistent(&self) -> bool {
        self.consistent
    }

    #[allow(clippy::too_many_arguments)]
    fn slide(
        &self,
        _: (),
        _: u32,
        board: &[u8; MAX_CELLS],
        pos: &[u8; MAX_CELLS],
        _: u8,
        _: usize,
        _: usize,
    ) -> (u32, ()) {
        self.start(board, pos)
    }
}

#[test]
fn bidirectional_pathmax_keeps_answers_optimal_and_generates_fewer_nodes() {
    let base = puzzle(3, 3, true);
    let distances = exact(&base);
    let by_board: HashMap<Vec<u8>, u32> = distances.iter().map(|(p, &d)| (base.unpack(*p), d)).collect();
    let blank = base.goal().blank_cell() as u8;
    let with_pathmax = HomeOnly { distance: &by_board, blank, cells: 9, consistent: false };
    let plain = HomeOnly { consistent: true, ..with_pathmax };
    let mut generated = [0u64; 2];
    let mut rng = Rng(5);
    // Near boards only: elsewhere the heuristic is almost blind.
    for (board, &distance) in by_board.iter().filter(|(_, &d)| d <= 14) {
        if rng.below(20) != 0 {
            continue;
        }
        for (heuristic, count) in [&with_pathmax, &plain].into_iter().zip(&mut generated) {
            let result =
                search::ida(base.geometry(), heuristic, &cycles::MovePruning::undoing(3, 3), board, &Limits::default());
            assert_eq!(result.cost, Some(distance), "{board:?}");
            *count += result.stats.generated;
        }
    }
    assert!(generated[0] < generated[1], "pathmax {} against plain {}", generated[0], generated[1]);
}

/// `base` with the databases of `partitions` (one: read by a
/// [`PatternSet`]; several: by a [`Catalogue`]).
fn with_partitions(base: &Sliding<u64>, partitions: &[Vec<Vec<u8>>], reflect: bool) -> Sliding<u64> {
    let dir = tempdir();
    base.clone()
        .with_partitions(partitions, reflect, false, Some(&dir), &|_, _| false, &BuildLimits::default())
        .unwrap()
        .unwrap()
}

#[test]
fn a_catalogue_takes_the_largest_bound_and_keeps_it_move_by_move() {
    // Rows, and blocks that are not their mirror image; the blank's goal
    // first and last (on the diagonal both: mirror images taken).
    for blank_first in [true, false] {
        let base = puzzle(3, 3, blank_first);
        let cells_of = |tiles: &[&[u8]]| -> Vec<Vec<u8>> {
            tiles.iter().map(|p| p.iter().map(|&t| base.goal().cell_of(t) as u8).collect()).collect()
        };
        let rows = cells_of(&[&[1, 2, 3], &[4, 5, 6], &[7, 8]]);
        let blocks = cells_of(&[&[1, 2, 4, 5], &[3, 6], &[7, 8]]);
        for reflect in [true, false] {
            let singles = [
                with_partitions(&base, std::slice::from_ref(&rows), reflect),
                with_partitions(&base, std::slice::from_ref(&blocks), reflect),
            ];
            let both = with_partitions(&base, &[rows.clone(), blocks.clone()], reflect);
            let Evaluator::Catalogue(catalogue) = &both.evaluator else {
                panic!("several partitions make a catalogue")
            };
            assert_eq!(
                catalogue.partition_count(),
                if reflect { 4 } else { 2 },
                "mirror images: both goals are on the diagonal"
            );
            let built = base.partition_databases(&[rows.clone(), blocks.clone()], false).unwrap();
            assert_eq!(catalogue.databases().len(), built.len(), "each database once");
            assert!(built.len() < 5, "the column [3, 6] reads the row [7, 8]'s database turned: {built:?}");
            let mut raised = 0;
            for (position, distance) in exact(&base) {
                let board = base.unpack(position);
                let largest = singles.iter().map(|p| p.evaluate(&board)).max().unwrap();
                assert_eq!(both.evaluate(&board), largest, "{board:?}");
                assert!(largest <= distance);
                raised += usize::from(singles.iter().any(|p| p.evaluate(&board) < largest));
                // Move by move, the carried bound is the whole board's; a
                // child cut off by a limit below it is priced above it.
                let mut full = [0u8; MAX_CELLS];
                full[..9].copy_from_slice(&board);
                let mut pos = pdb::positions(&board);
                let (h, acc) = catalogue.start(&full, &pos);
                let blank = pos[0] as usize;
                for &cell in base.geometry().neighbour_table()[blank].iter().filter(|&&c| c != board::NONE) {
                    let tile = full[cell as usize];
                    (full[blank], full[cell as usize], pos[tile as usize], pos[0]) = (tile, 0, blank as u8, cell);
                    let child = catalogue.evaluate(&full[..9]);
                    assert_eq!(catalogue.slide(acc, h, &full, &pos, tile, cell as usize, blank).0, child);
                    for limit in 0..child {
                        let (cut, _) = catalogue.slide_within(acc, h, &full, &pos, tile, cell as usize, blank, limit);
                        assert!(cut > limit && cut <= child, "{board:?} limit {limit}");
                    }
                    (full[blank], full[cell as usize], pos[tile as usize], pos[0]) = (0, tile, cell, blank as u8);
                }
            }
            assert!(raised > 0, "neither partition ever gave the larger bound alone");
            let mut rng = Rng(5);
            for _ in 0..30 {
                let start = random_walk(&both, 40, &mut rng);
                let result = both.solve(start, &Limits::default());
                let expected = singles[0].solve(start, &Limits::default()).cost;
                assert_eq!(result.cost, expected);
                assert_eq!(replay(&both, start, &result.path), both.goal_position());
                assert_eq!(result.path.len() as u32, result.cost.unwrap());
            }
        }
    }
}

#[test]
fn catalogues_beyond_their_limits_are_refused_before_any_build() {
    let base = puzzle(4, 4, true);
    // Fifteen one-tile patterns each: 30 lookups a partition with mirror images.
    let singles: Vec<Vec<u8>> = (1..16).map(|cell| vec![cell]).collect();
    let partitions = vec![singles.clone(), singles.clone(), singles];
    let dir = tempdir();
    let refused = base
        .clone()
        .with_partitions(
            &partitions,
            true,
            false,
            Some(&dir),
            &|_, _| panic!("nothing is built"),
            &BuildLimits::default(),
        )
        .unwrap_err()
        .to_string();
    assert!(refused.contains("3 partitions of 90 patterns in all with their mirror images"), "{refused}");
    let refused = base.partition_databases(&partitions[..2], true).unwrap_err().to_string();
    assert_eq!(refused, "dual: the dual lookups take one partition, not 2");
}

/// The fewest moves of pattern tiles from every (placement, blank cell) to
/// the goal state (the pattern home, the blank on `blank`), by a 0-1
/// breadth-first search: the definition a zero-aware database keeps.
fn pattern_distances(geometry: &Geometry, cells: &[u8], blank: u8) -> HashMap<(Vec<u8>, u8), u32> {
    let mut best = HashMap::from([((cells.to_vec(), blank), 0u32)]);
    let mut queue = VecDeque::from([(cells.to_vec(), blank, 0u32)]);
    while let Some((placement, at, cost)) = queue.pop_front() {
        if best[&(placement.clone(), at)] < cost {
            continue;
        }
        for cell in
            geometry.neighbour_table()[at as usize].iter().map(|&c| c as usize).filter(|&c| c < geometry.cells())
        {
            let mut moved = placement.clone();
            let step = match moved.iter().position(|&c| c == cell as u8) {
                Some(tile) => {
                    moved[tile] = at;
                    1
                }
                None => 0,
            };
            let key = (moved.clone(), cell as u8);
            if best.get(&key).is_none_or(|&known| known > cost + step) {
                best.insert(key, cost + step);
                if step == 1 {
                    queue.push_back((moved, cell as u8, cost + 1));
                } else {
                    queue.push_front((moved, cell as u8, cost));
                }
            }
        }
    }
    best
}

#[test]
fn zero_aware_databases_read_the_blanks_region_and_keep_through_the_cache() {
    // Five tiles of a 4 x 3 board wall off corners: each region's distance
    // is kept as its excess over the least, in pairs of moves, at most 3,
    // for the first four regions by lowest cell.
    let dir = tempdir();
    let geometry = Geometry::new(4, 3).unwrap();
    let cells = [1u8, 2, 5, 6, 9];
    let exact = pattern_distances(&geometry, &cells, 0);
    let limits = BuildLimits::default();
    let (built, source) =
        pdb_cache::load_or_build_with(&geometry, &cells, 0, DbKind::ZeroAware, Some(&dir), &|_| false, &limits)
            .unwrap()
            .unwrap();
    assert_eq!(source, pdb_cache::Source::Built);
    pdb_cache::clear_memory();
    let (loaded, source) =
        pdb_cache::load_or_build_with(&geometry, &cells, 0, DbKind::ZeroAware, Some(&dir), &|_| false, &limits)
            .unwrap()
            .unwrap();
    assert_eq!(source, pdb_cache::Source::Disk);
    assert_eq!(loaded.region_excess(), built.region_excess());
    let by_rank = PatternDb::from_parts(4, 3, 0, cells.to_vec(), built.data().to_vec())
        .with_region_excess(built.region_excess().unwrap().to_vec());
    let neighbours = geometry.neighbour_masks();
    let mut raised = 0;
    for index in 0..built.data().len() {
        let mut placement = [0u8; 5];
        pdb::unrank(12, 5, index, &mut placement);
        let occupied = placement.iter().fold(0u32, |m, &c| m | 1 << c);
        // Laid out by cells, the plain lookup reads the entry from its pair.
        for db in [&built, &loaded] {
            assert_eq!(db.lookup(placement.iter().copied()), built.data()[index], "{placement:?}");
        }
        let least = u32::from(built.data()[index]);
        let mut empty = !occupied & 0xfff;
        let mut number = 0;
        while empty != 0 {
            let region = super::pdb_build::component(empty.trailing_zeros(), empty, &neighbours);
            empty &= !region;
            for blank in (0..12u8).filter(|&c| region & (1 << c) != 0) {
                let distance = exact.get(&(placement.to_vec(), blank)).copied().unwrap_or(least);
                let excess = if number < 4 { ((distance - least) / 2).min(3) } else { 0 };
                raised += usize::from(excess > 0);
                let expected = (least + 2 * excess) as u8;
                for db in [&built, &loaded, &Arc::new(by_rank.clone())] {
                    assert_eq!(db.lookup_at(placement.iter().copied(), blank), expected, "{placement:?} blank {blank}");
                }
            }
            number += 1;
        }
    }
    assert!(raised > 0, "no region was above its placement's least");
    assert!(built.by_cells_for_tests().is_some() && by_rank.by_cells_for_tests().is_none());
}

#[test]
fn the_two_table_rank_of_a_set_of_cells_is_its_colex_rank() {
    // Every set of k cells of the 4 x 4 board, and sets of 6 and 7 of the
    // 5 x 5 board's 25 drawn at random, whose ranks reach the high table.
    let mut rng = Rng(11);
    for (n, k) in [(16, 3), (16, 8), (25, 6), (25, 7)] {
        let neighbours =
            Geometry::new((n as f64).sqrt() as usize, (n as f64).sqrt() as usize).unwrap().neighbour_masks();
        let occupancies = super::pdb_build::Occupancies::new(n, k, &neighbours);
        for _ in 0..20_000 {
            let mut mask = 0u32;
            while (mask.count_ones() as usize) < k {
                mask |= 1 << rng.below(n);
            }
            assert_eq!(occupancies.fast_rank_for_tests(mask), occupancies.rank_for_tests(mask), "{n} cells, {mask:#x}");
        }
    }
}

#[test]
fn compact_databases_keep_every_regions_exact_distance_in_a_bit() {
    // A whole board's value is walked down to the goal, and a move's value
    // is read from the one before it: both equal the exact distance, beyond
    // the zero-aware database's cap and fourth region, on a board of at most
    // 16 cells (region numbers by mask) and on the 5 x 5 board (by rank of
    // the mask), laid out by cells, by rank, and loaded from the cache.
    let dir = tempdir();
    let limits = BuildLimits::default();
    let mut beyond_zero_aware = 0;
    for (width, height, cells, blank) in [(4, 3, vec![1u8, 2, 5, 6, 9], 0u8), (5, 5, vec![1, 5, 6], 0)] {
        let geometry = Geometry::new(width, height).unwrap();
        let n = geometry.cells();
        let exact = pattern_distances(&geometry, &cells, blank);
        let build = |kind| {
            pdb_cache::load_or_build_with(&geometry, &cells, blank, kind, Some(&dir), &|_| false, &limits)
                .unwrap()
                .unwrap()
        };
        let (built, source) = build(DbKind::Compact);
        assert_eq!((source, built.kind()), (pdb_cache::Source::Built, DbKind::Compact));
        assert!(built.data().is_empty(), "a compact database keeps no entries");
        let (zero_aware, _) = build(DbKind::ZeroAware);
        pdb_cache::clear_memory();
        let (loaded, source) = build(DbKind::Compact);
        assert_eq!(source, pdb_cache::Source::Disk);
        let by_rank =
            PatternDb::build_with(&geometry, &cells, blank, DbKind::Compact, &|_| false, &limits).unwrap().unwrap();
        assert!(by_rank.by_cells_for_tests().is_none());
        // Where every region of a placement shares the bit, every bit is it.
        let bits = by_rank.region_bits().unwrap();
        assert!(bits.contains(&u8::MAX) && bits.contains(&0) && bits.iter().any(|&b| b != 0 && b != u8::MAX));
        let dbs = [built.as_ref(), loaded.as_ref(), &by_rank];
        for ((placement, at), &distance) in &exact {
            for db in dbs {
                assert_eq!(u32::from(db.lookup_at(placement.iter().copied(), *at)), distance, "{placement:?} {at}");
            }
            beyond_zero_aware +=
                usize::from(u32::from(zero_aware.lookup_at(placement.iter().copied(), *at)) < distance);
            // Each move of a pattern tile into the blank's cell.
            for &from in geometry.neighbour_table()[*at as usize].iter().filter(|&&c| usize::from(c) < n) {
                let Some(tile) = placement.iter().position(|&c| c == from) else { continue };
                let mut moved = placement.clone();
                moved[tile] = *at;
                let after = exact[&(moved.clone(), from)];
                assert_eq!(after.abs_diff(distance), 1, "a pattern move changes the distance by one");
                for db in dbs {
                    let read = db.lookup_after(moved.iter().copied(), from, Some(distance as u8));
                    assert_eq!(u32::from(read), after, "{placement:?} {at} to {moved:?} {from}");
                }
            }
        }
    }
    assert!(beyond_zero_aware > 0, "no distance was beyond what the zero-aware database keeps");
}

#[test]
fn a_pattern_whose_placements_can_have_more_regions_than_a_byte_has_bits_is_built_zero_aware() {
    // Ten tiles on the 5 x 4 board's cells of one colour isolate the ten
    // others; four do not isolate more than eight.
    let geometry = Geometry::new(5, 4).unwrap();
    assert_eq!(PatternDb::buildable(&geometry, 10, DbKind::Compact), DbKind::ZeroAware);
    assert_eq!(PatternDb::buildable(&geometry, 4, DbKind::Compact), DbKind::Compact);
    assert_eq!(PatternDb::buildable(&geometry, 10, DbKind::Plain), DbKind::Plain);
}

#[test]
fn compact_databases_solve_as_zero_aware_ones_with_no_more_nodes() {
    let geometry = Geometry::new(4, 4).unwrap();
    let goal = Goal::blank_first(&geometry);
    let partition = pdb::partition(&geometry, &goal, "6-6-3").unwrap();
    let dir = tempdir();
    let solver = |kind| {
        Sliding::<u64>::new(geometry.clone(), goal.clone())
            .unwrap()
            .with_database_kind(kind)
            .with_partitions(
                std::slice::from_ref(&partition),
                true,
                false,
                Some(&dir),
                &|_, _| false,
                &BuildLimits::default(),
            )
            .unwrap()
            .unwrap()
    };
    let (compact, zero_aware) = (solver(DbKind::Compact), solver(DbKind::ZeroAware));
    // Korf's instances 1, 2, 6 and 9: each compact search generates a few
    // nodes fewer.
    let boards: [[u32; 16]; 4] = [
        [14, 13, 15, 7, 11, 12, 9, 5, 6, 0, 2, 1, 4, 8, 10, 3],
        [13, 5, 4, 10, 9, 12, 8, 14, 2, 3, 7, 1, 0, 15, 11, 6],
        [14, 7, 1, 9, 12, 3, 6, 15, 8, 11, 2, 5, 10, 0, 4, 13],
        [3, 14, 9, 11, 5, 4, 8, 2, 13, 12, 6, 7, 10, 1, 15, 0],
    ];
    let mut fewer = 0;
    for board in boards {
        let start = compact.pack(&board).unwrap();
        let (a, b) = (compact.solve(start, &Limits::default()), zero_aware.solve(start, &Limits::default()));
        assert_eq!(a.cost, b.cost);
        assert!(a.stats.generated <= b.stats.generated);
        fewer += usize::from(a.stats.generated < b.stats.generated);
        assert_eq!(a.path.len() as u32, a.cost.unwrap());
        assert_eq!(replay(&compact, start, &a.path), compact.goal_position());
    }
    assert!(fewer > 0, "the exact distances never pruned more");
}

#[test]
fn a_databases_footprint_counts_its_tables_and_saturates_beyond_any_budget() {
    // A 6-tile pattern of the 24-puzzle: 127,512,000 placements, 25^6 cells.
    let geometry = Geometry::new(5, 5).unwrap();
    let (p, c) = (127_512_000u64, 244_140_625u64);
    let print = |kind| PatternDb::footprint(&geometry, 6, kind);
    assert_eq!(print(DbKind::Plain).loaded, p + c);
    assert_eq!(print(DbKind::ZeroAware).loaded, 2 * (p + c));
    assert_eq!(print(DbKind::Compact), pdb::Footprint { loaded: c, building: p + c });
    // Eight tiles of 16 cells are not laid out by cells (16^8 > 2^28).
    let four = Geometry::new(4, 4).unwrap();
    assert_eq!(PatternDb::footprint(&four, 8, DbKind::Compact).loaded, 518_918_400);
    for kind in [DbKind::Plain, DbKind::ZeroAware, DbKind::Compact] {
        assert_eq!(PatternDb::footprint(&geometry, 24, kind).building, u64::MAX);
    }
}

#[test]
fn a_database_read_through_a_symmetry_is_its_images() {
    // Random patterns and their images under every symmetry, listed in a
    // shuffled order with the blank on their goal's empty cells: each spec
    // reads, through the symmetry its share names, what a database built
    // for it holds, on every placement and every cell of the blank, of
    // every kind.
    let mut rng = Rng(0x5eed_f1a9);
    let mut shared = 0;
    for (width, height) in [(3, 3), (4, 3), (4, 4)] {
        let geometry = Geometry::new(width, height).unwrap();
        let n = geometry.cells();
        let maps = symmetry::symmetries(&geometry);
        assert_eq!(maps.len(), if width == height { 8 } else { 4 });
        let mut specs: Vec<(Vec<u8>, u8)> = Vec::new();
        for _ in 0..2 {
            let mut cells: Vec<u8> = (0..n as u8).collect();
            rng.shuffle(&mut cells);
            let (pattern, empty) = cells.split_at(3);
            for map in &maps {
                let mut image: Vec<u8> = pattern.iter().map(|&c| map[c as usize]).collect();
                rng.shuffle(&mut image);
                specs.push((image, map[empty[rng.below(empty.len())] as usize]));
            }
        }
        let shares = symmetry::shares(&geometry, &specs);
        for kind in [DbKind::Plain, DbKind::ZeroAware, DbKind::Compact] {
            let build = |(cells, blank): &(Vec<u8>, u8)| {
                let limits = BuildLimits::default();
                Arc::new(PatternDb::build_with(&geometry, cells, *blank, kind, &|_| false, &limits).unwrap().unwrap())
            };
            for (spec, share) in specs.iter().zip(&shares) {
                let own = build(spec);
                let view = DbView::shared(build(&specs[share.base]), spec.0.clone(), share);
                shared += usize::from(share.base != specs.iter().position(|s| s == spec).unwrap());
                let k = spec.0.len();
                let mut placement = [0u8; MAX_CELLS];
                for index in 0..pdb::entries(n, k) {
                    pdb::unrank(n, k, index, &mut placement);
                    let occupied = placement[..k].iter().fold(0u32, |m, &c| m | 1 << c);
                    for blank in (0..n as u8).filter(|&b| occupied & (1 << b) == 0) {
                        let expected = own.lookup_at(placement[..k].iter().copied(), blank);
                        let cells = view.arranged(&placement[..k]);
                        let read = view
                            .db
                            .lookup_at(cells.iter().map(|&c| view.to_db[c as usize]), view.to_db[blank as usize]);
                        assert_eq!(
                            read,
                            expected,
                            "{kind:?} {spec:?} through {share:?}: {:?} blank {blank}",
                            &placement[..k]
                        );
                    }
                }
            }
        }
    }
    assert!(shared > 10, "{shared} specs read another's database");
}

#[test]
fn a_pattern_whose_goal_region_differs_from_its_images_is_built() {
    // On 3 x 3, the tiles of goal cells 1 and 3 cut cell 0 off; turned
    // half way they are cells 7 and 5, which cut cell 8 off. With the
    // blank starting on 8 the first spec's goal is the large region, the
    // second's cell 8 alone: they are different databases.
    let geometry = Geometry::new(3, 3).unwrap();
    let specs = [(vec![1, 3], 8), (vec![7, 5], 8), (vec![5, 7], 0)];
    let shares = symmetry::shares(&geometry, &specs);
    assert_eq!(shares.iter().map(|share| share.base).collect::<Vec<_>>(), [0, 1, 0]);
    assert_eq!(symmetry::built(&geometry, &specs), specs[..2]);
}

#[test]
fn move_pruning_of_length_two_forbids_undoing_the_last_move_alone() {
    let pruning = cycles::MovePruning::undoing(5, 5);
    assert_eq!((pruning.length(), pruning.forbidden()), (2, 4));
    for first in 0..4 {
        let state = pruning.next(cycles::START, first);
        assert_ne!(state, cycles::DEAD);
        for second in 0..4 {
            let after = pruning.next(state, second);
            assert_eq!(after == cycles::DEAD, first + second == 3, "{first} then {second}");
        }
    }
}

#[test]
fn move_pruning_keeps_a_shortest_path_to_every_board() {
    // On the 8-puzzle, every board's optimal cost with the longest pruning
    // is its distance (a shortest path survives), the pruned search never
    // generates more, and finds the same path.
    let base = puzzle(3, 3, false);
    let pruned = base.clone().with_move_pruning(cycles::MAX_LENGTH, Some(&tempdir()), &BuildLimits::default()).unwrap();
    assert!(pruned.move_pruning() == cycles::MAX_LENGTH && base.move_pruning() == 2);
    let (mut fewer, mut solved) = (0, 0);
    let mut distances: Vec<(Position<u64>, u32)> = exact(&base).into_iter().collect();
    distances.sort_unstable_by_key(|&(position, d)| (d, position.tiles));
    for &(start, distance) in distances.iter().step_by(97) {
        let full = base.solve(start, &Limits::default());
        let result = pruned.solve(start, &Limits::default());
        assert_eq!(result.cost, Some(distance), "{:?}", base.unpack(start));
        assert_eq!(replay(&pruned, start, &result.path), pruned.goal_position());
        // The first optimal path in move order has no forbidden stretch (an
        // earlier equal would make an earlier path): it is the one found.
        assert_eq!(result.path, full.path);
        assert!(result.stats.generated <= full.stats.generated);
        fewer += usize::from(result.stats.generated < full.stats.generated);
        solved += 1;
    }
    assert!(fewer * 2 > solved, "fewer nodes on {fewer} of {solved} boards");
}

#[test]
fn move_pruning_keeps_optimal_costs_on_larger_boards() {
    // Random walks on 4 x 3 and 4 x 4 with the Manhattan distance: the
    // same paths as the search that skips only the undoing move, in fewer
    // nodes overall.
    let mut rng = Rng(0xc1c1e5);
    for (width, height, steps) in [(4, 3, 60), (3, 4, 60), (4, 4, 36)] {
        let base = puzzle(width, height, true);
        let pruned = base.clone().with_move_pruning(12, Some(&tempdir()), &BuildLimits::default()).unwrap();
        let (mut full_nodes, mut pruned_nodes) = (0, 0);
        for _ in 0..6 {
            let start = random_walk(&base, steps, &mut rng);
            let full = base.solve(start, &Limits::default());
            let result = pruned.solve(start, &Limits::default());
            assert_eq!(result.cost, full.cost, "{width} x {height} {:?}", base.unpack(start));
            assert_eq!(result.path, full.path);
            (full_nodes, pruned_nodes) = (full_nodes + full.stats.generated, pruned_nodes + result.stats.generated);
        }
        assert!(pruned_nodes < full_nodes, "{width} x {height}: {pruned_nodes} against {full_nodes}");
    }
}

#[test]
fn a_move_pruning_build_stops_when_told() {
    let always = || true;
    let limits = Limits::default().with_interrupt(&always);
    let limits = BuildLimits::new(&limits);
    // A length no other test builds on this shape, so nothing is held in
    // the process, and an empty cache directory.
    let geometry = Geometry::new(5, 4).unwrap();
    let goal = Goal::blank_first(&geometry);
    let puzzle = Sliding::<u128>::new(geometry, goal).unwrap();
    let stopped = puzzle.with_move_pruning(cycles::MAX_LENGTH, Some(&tempdir()), &limits);
    assert_eq!(stopped.err(), Some(Outcome::Interrupted));
}

#[test]
fn the_forbidden_sequences_are_as_many_as_the_reference_finds() {
    // The Python reference finds as many from the definition, without an
    // automaton (tests/test_sliding.py).
    for (length, side, forbidden, states) in [(6, 5, 8, 29), (8, 5, 34, 170), (10, 5, 300, 1426), (14, 3, 352, 2317)] {
        let (pruning, _) = cycles::MovePruning::read_or_build(length, side, side, None, &|| false).unwrap();
        assert_eq!((pruning.forbidden(), pruning.states()), (forbidden, states), "{length} on {side} x {side}");
    }
}

#[test]
fn a_move_pruning_automaton_is_kept_and_read_back_only_when_sound() {
    let dir = tempdir();
    let (built, from_disk) = cycles::MovePruning::read_or_build(12, 4, 3, Some(&dir), &|| false).unwrap();
    assert!(!from_disk && built.states() > 41);
    let (read, from_disk) = cycles::MovePruning::read_or_build(12, 4, 3, Some(&dir), &|| false).unwrap();
    assert!(from_disk && read == built);
    // Short automata are built at once and never stored.
    cycles::MovePruning::read_or_build(9, 4, 3, Some(&dir), &|| false).unwrap();
    assert!(!dir.join(cycles::MovePruning::file_name(9, 4, 3)).exists());

    // A file whose checksum holds but whose successors leave the
    // automaton (which the search reads unchecked) is rebuilt, as is a
    // damaged one.
    let path = dir.join(cycles::MovePruning::file_name(12, 4, 3));
    let file = std::fs::read(&path).unwrap();
    let payload_len = 8 + 16 * built.states();
    let prefix = &file[..file.len() - payload_len - 16];
    let mut payload = file[file.len() - payload_len..].to_vec();
    payload[8..12].copy_from_slice(&(built.states() as u32).to_le_bytes());
    let sum = crate::cache::checksum(&payload);
    let forged = [prefix, &(payload_len as u64).to_le_bytes(), &sum.to_le_bytes(), &payload].concat();
    for damaged in [forged, file[..file.len() - 1].to_vec()] {
        std::fs::write(&path, damaged).unwrap();
        let (rebuilt, from_disk) = cycles::MovePruning::read_or_build(12, 4, 3, Some(&dir), &|| false).unwrap();
        assert!(!from_disk && rebuilt == built);
        assert_eq!(std::fs::read(&path).unwrap(), file, "stored again, whole");
    }
}
