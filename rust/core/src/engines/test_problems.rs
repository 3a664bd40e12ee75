//! Small problems with known answers for the engine tests.

use crate::{Edge, Problem, Reversible};

/// An explicit weighted digraph over nodes `0..n` with a heuristic table.
pub(crate) struct Graph {
    pub edges: Vec<(u8, u8, u32)>,
    pub heuristic: Vec<u32>,
    pub goal: u8,
}

impl Problem for Graph {
    type State = u8;
    type Move = (u8, u8);

    fn is_goal(&self, state: &u8) -> bool {
        *state == self.goal
    }

    fn heuristic(&self, state: &u8) -> u32 {
        self.heuristic[*state as usize]
    }

    fn successors(&self, state: &u8, _last: Option<(u8, u8)>, out: &mut Vec<Edge<(u8, u8), u8>>) {
        out.extend(self.edges.iter().filter(|e| e.0 == *state).map(|&(a, b, cost)| Edge::new((a, b), b, cost)));
    }
}

impl Reversible for Graph {
    fn goal(&self) -> u8 {
        self.goal
    }

    fn predecessors(&self, state: &u8, out: &mut Vec<Edge<(u8, u8), u8>>) {
        out.extend(self.edges.iter().filter(|e| e.1 == *state).map(|&(a, b, cost)| Edge::new((a, b), a, cost)));
    }
}

/// An `width x height` grid walk from `(0, 0)` to the far corner with unit
/// moves in four directions, blocked by `walls`; Manhattan distance guides.
pub(crate) struct Grid {
    pub width: i32,
    pub height: i32,
    pub walls: Vec<(i32, i32)>,
}

impl Grid {
    pub fn goal_cell(&self) -> (i32, i32) {
        (self.width - 1, self.height - 1)
    }
}

impl Problem for Grid {
    type State = (i32, i32);
    type Move = char;

    fn is_goal(&self, state: &(i32, i32)) -> bool {
        *state == self.goal_cell()
    }

    fn heuristic(&self, &(x, y): &(i32, i32)) -> u32 {
        let (gx, gy) = self.goal_cell();
        ((gx - x).abs() + (gy - y).abs()) as u32
    }

    fn successors(&self, &(x, y): &(i32, i32), _last: Option<char>, out: &mut Vec<Edge<char, (i32, i32)>>) {
        for (mv, dx, dy) in [('R', 1, 0), ('D', 0, 1), ('L', -1, 0), ('U', 0, -1)] {
            let next = (x + dx, y + dy);
            let inside = (0..self.width).contains(&next.0) && (0..self.height).contains(&next.1);
            if inside && !self.walls.contains(&next) {
                out.push(Edge::new(mv, next, 1));
            }
        }
    }
}

impl Reversible for Grid {
    fn goal(&self) -> (i32, i32) {
        self.goal_cell()
    }

    fn predecessors(&self, state: &(i32, i32), out: &mut Vec<Edge<char, (i32, i32)>>) {
        let inverse = |mv| match mv {
            'R' => 'L',
            'L' => 'R',
            'U' => 'D',
            _ => 'U',
        };
        let mut forward = Vec::new();
        self.successors(state, None, &mut forward);
        out.extend(forward.into_iter().map(|e| Edge { mv: inverse(e.mv), ..e }));
    }
}

/// A complete tree of unit moves, `branching` children a node, with no
/// heuristic: a node is the digits of its path (base `branching`, the
/// first move highest) and its depth. A node at `depth` is a goal when
/// `goal(code)` says so, so that many goals lie at one depth and only the
/// first in move order is the serial search's answer.
pub(crate) struct Tree {
    pub branching: u64,
    pub depth: u32,
    pub goal: fn(u64) -> bool,
}

impl Problem for Tree {
    type State = (u64, u32);
    type Move = u8;

    fn is_goal(&self, &(code, depth): &(u64, u32)) -> bool {
        depth == self.depth && (self.goal)(code)
    }

    fn successors(&self, &(code, depth): &(u64, u32), _last: Option<u8>, out: &mut Vec<Edge<u8, (u64, u32)>>) {
        if depth < self.depth {
            out.extend(
                (0..self.branching).map(|digit| Edge::new(digit as u8, (code * self.branching + digit, depth + 1), 1)),
            );
        }
    }
}
