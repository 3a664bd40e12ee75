//! The generic engines on sliding tiles held to the specialised IDA*: the
//! heuristics they are handed through `Edge::h` equal the ones computed
//! from scratch, and IDA* finds the same costs with the same node counts.

use super::tests::{puzzle, random_walk, tempdir};
use super::*;
use crate::engines::{astar, ida_star, ida_star_with_table};
use crate::test_rng::Rng;

/// Every heuristic, with and without the reflected lookup where the board
/// allows it, on square and oblong boards and both goals.
fn every_heuristic() -> Vec<Sliding<u64>> {
    let mut all = Vec::new();
    for (w, h, blank_first) in [(3, 3, false), (3, 3, true), (4, 4, true), (4, 4, false), (5, 3, false)] {
        let base = puzzle(w, h, blank_first);
        let name = pdb::default_partition_name(base.geometry());
        let small = if w * h == 16 { "4-4-4-3" } else { name.as_str() };
        let cells = pdb::partition(base.geometry(), base.goal(), small).unwrap();
        let dir = tempdir();
        for reflect in [false, true] {
            all.push(
                base.clone()
                    .with_pattern_databases(&cells, reflect, false, Some(&dir), &|_, _| false, &BuildLimits::default())
                    .unwrap()
                    .unwrap(),
            );
        }
        all.push(base.clone().with_linear_conflict());
        all.push(base);
    }
    all
}

/// A uniformly random board that reaches the goal.
fn random_board(p: &Sliding<u64>, rng: &mut Rng) -> Position<u64> {
    loop {
        let mut tiles: Vec<u32> = (0..p.geometry().cells() as u32).collect();
        rng.shuffle(&mut tiles);
        if let Ok(position) = p.pack(&tiles) {
            return position;
        }
    }
}

#[test]
fn handed_heuristics_equal_the_ones_from_scratch() {
    let mut rng = Rng(11);
    for p in every_heuristic() {
        let mut edges = Vec::new();
        for _ in 0..300 {
            let state = random_board(&p, &mut rng);
            let last = [None, Some(Dir::ALL[rng.below(4)])][rng.below(2)];
            edges.clear();
            p.successors_with_heuristic(&state, p.heuristic(&state), last, &mut edges);
            assert!(!edges.is_empty());
            for edge in &edges {
                assert_ne!(Some(edge.mv.inverse()), last, "the undoing move is left out");
                assert_eq!(p.apply(state, edge.mv), Some(edge.state));
                assert_eq!(
                    edge.h,
                    Some(p.heuristic(&edge.state)),
                    "{:?} on {:?} after {:?}",
                    p.heuristic_kind(),
                    p.geometry(),
                    edge.mv
                );
            }
            // Without the heuristic handed in, the same edges.
            let mut plain = Vec::new();
            p.successors(&state, last, &mut plain);
            assert_eq!(plain, edges);
        }
    }
}

/// Same costs, paths of that length, the same bounds in the same order and
/// the same nodes expanded. Generated counts may differ in the last
/// iteration only: the specialised search generates a child just before
/// entering it, the generic one all children of a state at once, so when
/// the goal is found it has generated the later siblings of each state on
/// the path too (at most 3 each).
#[test]
fn generic_ida_star_matches_the_specialised_one_node_for_node() {
    let mut rng = Rng(23);
    for p in every_heuristic() {
        let cells = p.geometry().cells();
        for round in 0..4 {
            let start = if cells <= 9 { random_board(&p, &mut rng) } else { random_walk(&p, 30 + 5 * round, &mut rng) };
            let fast = p.solve(start, &Limits::default());
            let generic = ida_star(&p, start, &Limits::default());
            let what = format!("{:?} {:?} {:?}", p.heuristic_kind(), p.geometry(), start);
            assert!(fast.cost.is_some(), "{what}");
            assert_eq!(generic.cost, fast.cost, "{what}");
            assert_eq!(generic.path.len(), fast.path.len(), "{what}");
            assert_eq!(generic.stats.expanded, fast.stats.expanded, "{what}");
            let bounds = |r: &SearchResult<Dir>| r.stats.iterations.iter().map(|it| it.bound).collect::<Vec<_>>();
            assert_eq!(bounds(&generic), bounds(&fast), "{what}");
            let before_last = |r: &SearchResult<Dir>| {
                let its = &r.stats.iterations;
                its[..its.len() - 1].iter().map(|it| (it.expanded, it.generated)).collect::<Vec<_>>()
            };
            assert_eq!(before_last(&generic), before_last(&fast), "{what}");
            let last_generated = |r: &SearchResult<Dir>| r.stats.iterations.last().unwrap().generated;
            assert!(last_generated(&generic) >= last_generated(&fast), "{what}");
            let siblings = 3 * u64::from(fast.cost.unwrap());
            assert!(last_generated(&generic) <= last_generated(&fast) + siblings, "{what}");
            // The engines that cannot use the handed heuristic the same way
            // still find the optimum.
            assert_eq!(astar(&p, start, &Limits::default()).cost, fast.cost, "{what}");
            assert_eq!(ida_star_with_table(&p, start, &Limits::default(), 1 << 12).cost, fast.cost, "{what}");
        }
    }
}
