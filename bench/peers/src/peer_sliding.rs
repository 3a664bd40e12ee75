//! `pathfinding`'s engines on the 15-puzzle. The node carries its Manhattan
//! distance, updated for the one tile a move slides, so that the heuristic
//! costs the peer no more than it costs our engines; successors come as an
//! iterator, without allocating.

use std::cell::Cell;

use idastar_core::puzzles::sliding::{Dir, Manhattan, Position, Sliding, Tiles};
use idastar_core::Problem;

use crate::Totals;

type Node = (Position<u64>, u32);

fn children<'a>(
    puzzle: &'a Sliding<u64>,
    manhattan: &'a Manhattan,
    &(position, h): &Node,
) -> impl Iterator<Item = (Node, u32)> + 'a {
    let blank = position.blank as usize;
    Dir::ALL.into_iter().filter_map(move |dir| {
        let child = puzzle.apply(position, dir)?;
        let tile = child.tiles.get(blank);
        let child_h = h + manhattan.tile(tile, blank) - manhattan.tile(tile, child.blank as usize);
        Some(((child, child_h), 1))
    })
}

macro_rules! peer_engine {
    ($name:ident, $engine:path) => {
        pub fn $name(puzzle: &Sliding<u64>, start: Position<u64>) -> Totals {
            let manhattan = Manhattan::new(puzzle.geometry(), puzzle.goal());
            let expanded = Cell::new(0u64);
            let successors = |node: &Node| {
                expanded.set(expanded.get() + 1);
                children(puzzle, &manhattan, node)
            };
            let start = (start, puzzle.heuristic(&start));
            let (_, cost) =
                $engine(&start, successors, |&(_, h): &Node| h, |(p, _): &Node| puzzle.is_goal(p)).expect("solvable");
            Totals { cost: u64::from(cost), expanded: expanded.get() }
        }
    };
}

peer_engine!(idastar, pathfinding::prelude::idastar);
peer_engine!(astar, pathfinding::prelude::astar);
