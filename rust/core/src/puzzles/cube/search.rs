//! IDA* specialised to the cube.
//!
//! A position is carried down the recursion as its coordinates, each
//! stepped by a table lookup per move: the edges' and corners' orientations
//! and the middle layer's edges seen along each of the three axes (the
//! cube seen through a third of a turn about its URF-DLB diagonal, once
//! and twice, puts the R-L and then the F-B axis where U-D was), and the
//! corners' arrangement. A child is priced before it is entered, one table
//! at a time, and only until one of them prunes it: most children are
//! pruned by the first lookup. Sequences that turn one face twice in a row,
//! or turn two opposite faces in both orders, are never tried.
//!
//! The iterations, and with [`Limits::parallel`] the large ones cut into
//! subtrees spread over the pool's threads, are the driver's that the
//! cube's and the sliding tiles' searches share (`engines::deepening`);
//! the answer stays the serial search's.

use super::coords::{FlipSliceClasses, MoveTables};
use super::cubie::{Cubie, FLIPS, MOVES, TWISTS, UD_SYMMETRIES};
use super::table::Table;
use crate::cpu::prefetch;
use crate::engines::deepening::{deepen, Deepen, Deepening};
use crate::limits::Budget;
use crate::{Limits, SearchResult};

/// The symmetries through which each axis is seen along U-D.
const AXIS_SYMMETRIES: [usize; 3] = [0, super::cubie::URF3_SYMMETRY, 2 * super::cubie::URF3_SYMMETRY];

/// The face before the first move: none that a face or its opposite is.
const NO_FACE: usize = 9;

/// What the search needs: the move tables, the classes and both tables.
pub(crate) struct Tables {
    pub(crate) moves: MoveTables,
    pub(crate) classes: FlipSliceClasses,
    pub(crate) edges: Table,
    pub(crate) corners: Table,
    /// Move `m` of the cube is move `axis_move[a][m]` of the cube seen along axis `a`.
    axis_move: [[u8; MOVES]; 3],
}

/// A position's coordinates.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Node {
    flip: [u16; 3],
    slice: [u16; 3],
    twist: [u16; 3],
    corner_perm: u16,
}

impl Tables {
    pub(crate) fn new(moves: MoveTables, classes: FlipSliceClasses, edges: Table, corners: Table) -> Tables {
        let cubes: Vec<Cubie> = (0..MOVES).map(super::cubie::move_cube).collect();
        let axis_move = std::array::from_fn(|axis| {
            std::array::from_fn(|m| {
                let seen = cubes[m].conjugate(AXIS_SYMMETRIES[axis]);
                cubes.iter().position(|cube| *cube == seen).expect("a face turn seen along an axis is one") as u8
            })
        });
        Tables { moves, classes, edges, corners, axis_move }
    }

    pub(crate) fn node(&self, cube: &Cubie) -> Node {
        let slice = self.classes.slice;
        let seen: [Cubie; 3] = std::array::from_fn(|axis| cube.conjugate(AXIS_SYMMETRIES[axis]));
        Node {
            flip: std::array::from_fn(|axis| seen[axis].flip()),
            slice: std::array::from_fn(|axis| slice.of(&seen[axis])),
            twist: std::array::from_fn(|axis| seen[axis].twist()),
            corner_perm: cube.corner_perm(),
        }
    }

    #[inline(always)]
    pub(crate) fn child(&self, node: &Node, m: usize) -> Node {
        let moves = &self.moves;
        let mut child = *node;
        for axis in 0..3 {
            let m = usize::from(self.axis_move[axis][m]);
            child.flip[axis] = moves.flip[usize::from(node.flip[axis]) * MOVES + m];
            child.slice[axis] = moves.slice[usize::from(node.slice[axis]) * MOVES + m];
            child.twist[axis] = moves.twist[usize::from(node.twist[axis]) * MOVES + m];
        }
        child.corner_perm = moves.corner_perm[usize::from(node.corner_perm) * MOVES + m];
        child
    }

    /// The edges' table index along `axis`, given the node's pair there.
    #[inline(always)]
    fn edges_index(&self, node: &Node, axis: usize, pair: usize) -> usize {
        // SAFETY: `pair` is below FLIPS times the slice coordinate's values,
        // the length of `class_of`.
        let class = unsafe { *self.classes.class_of.get_unchecked(pair) } as usize;
        let twist = usize::from(node.twist[axis]) * UD_SYMMETRIES + (class & 15);
        // SAFETY: below TWISTS * UD_SYMMETRIES.
        let twist = usize::from(unsafe { *self.moves.twist_conjugate.get_unchecked(twist) });
        (class >> 4) * TWISTS + twist
    }

    /// The edges' table along `axis`.
    pub(crate) fn edges_distance(&self, node: &Node, axis: usize) -> u32 {
        let pair = usize::from(node.flip[axis]) + FLIPS * usize::from(node.slice[axis]);
        self.edges.get(self.edges_index(node, axis, pair))
    }

    #[inline(always)]
    fn corners_index(&self, node: &Node) -> usize {
        usize::from(node.corner_perm) * TWISTS + usize::from(node.twist[0])
    }

    pub(crate) fn corners_distance(&self, node: &Node) -> u32 {
        self.corners.get(self.corners_index(node))
    }

    /// The largest of every lookup.
    fn distance(&self, node: &Node) -> u32 {
        (0..3).map(|axis| self.edges_distance(node, axis)).max().unwrap_or(0).max(self.corners_distance(node))
    }

    /// The lower bound of `cube`.
    #[cfg(test)]
    pub(crate) fn lower_bound(&self, cube: &Cubie) -> u32 {
        self.distance(&self.node(cube))
    }

    /// Move `m`'s child of `node`, the line of its first lookup asked for.
    #[inline(always)]
    fn priced(&self, node: &Node, m: usize) -> Child {
        let node = self.child(node, m);
        let edges = std::array::from_fn(|axis| usize::from(node.flip[axis]) + FLIPS * usize::from(node.slice[axis]));
        prefetch(&self.classes.class_of[edges[0]]);
        Child { node, m: m as u8, edges, h: 0 }
    }

    /// Asks for the lines of the lookups after the first.
    #[inline(always)]
    fn ask_other_axes(&self, child: &Child) {
        prefetch(&self.classes.class_of[child.edges[1]]);
        prefetch(&self.classes.class_of[child.edges[2]]);
        prefetch(&self.corners.nibbles[self.corners_index(&child.node) >> 1]);
    }

    /// Turns the child's pair along `axis` into its edges' table index, and asks for its line.
    #[inline(always)]
    fn locate(&self, child: &mut Child, axis: usize) {
        child.edges[axis] = self.edges_index(&child.node, axis, child.edges[axis]);
        prefetch(&self.edges.nibbles[child.edges[axis] >> 1]);
    }

    /// The child's bound if it is at most `allowed`; otherwise `Err` of
    /// the first lookup found above it.
    #[inline(always)]
    fn within(&self, child: &Child, allowed: u32) -> Result<u32, u32> {
        let mut h = child.h;
        for &index in &child.edges[1..] {
            let d = self.edges.get(index);
            if d > allowed {
                return Err(d);
            }
            h = h.max(d);
        }
        let d = self.corners.get(self.corners_index(&child.node));
        if d > allowed {
            return Err(d);
        }
        Ok(h.max(d))
    }
}

/// A child being priced: its coordinates, then where its lookups read.
#[derive(Clone, Copy)]
struct Child {
    node: Node,
    m: u8,
    /// Along each axis: the edges' pair, then (once located) the edges'
    /// table index.
    edges: [usize; 3],
    /// The bound along U-D, once looked up.
    h: u32,
}

impl Child {
    const EMPTY: Child =
        Child { node: Node { flip: [0; 3], slice: [0; 3], twist: [0; 3], corner_perm: 0 }, m: 0, edges: [0; 3], h: 0 };
}

/// A node within the bound where a search may start, with the serial
/// search's path to it.
#[derive(Clone)]
struct Subtree {
    node: Node,
    g: u32,
    h: u32,
    /// The face of the move that led to it ([`NO_FACE`] for none).
    last: usize,
    path: Vec<u8>,
}

struct Search<'a> {
    tables: &'a Tables,
    start: Cubie,
    run: Deepening<'a, u8, Subtree>,
}

impl Search<'_> {
    /// Whether the path leads to the solved cube (the tables are 0 on
    /// other positions too: the edges of U and D are not in them).
    #[cold]
    fn solved(&self) -> bool {
        let cube = self.run.path.iter().fold(self.start, |cube, &m| cube.then(&super::cubie::move_cube(m.into())));
        cube == Cubie::SOLVED
    }

    /// Searches below `node` (depth `g`, reached by a turn of face `last`)
    /// with `g + h <= bound` checked: true when a goal was found or a limit
    /// stopped the search.
    ///
    /// The children are priced together, in three passes, so that their
    /// lookups' cache misses overlap instead of following one another: the
    /// first computes every child's coordinates and asks for the lines of
    /// the class table it will read, the second reads them and asks for the
    /// lines of the edges' table, the third looks up, one table at a time,
    /// until one prunes.
    fn dfs(&mut self, node: &Node, g: u32, last: usize) -> bool {
        if let Some(outcome) = self.run.budget.expand() {
            self.run.stopped = Some(outcome);
            return true;
        }
        let tables = self.tables;
        let allowed = self.run.bound - g - 1;
        let mut children = [Child::EMPTY; MOVES];
        let mut count = 0;
        for m in 0..MOVES {
            let face = m / 3;
            // Not the same face twice, and of opposite faces (U D, R L, F B)
            // only the first first.
            if face == last || face + 3 == last {
                continue;
            }
            children[count] = tables.priced(node, m);
            count += 1;
        }
        self.run.budget.generated += count as u64;
        let children = &mut children[..count];
        // Along U-D first, with the corners: most children end there.
        for child in children.iter_mut() {
            tables.locate(child, 0);
        }
        let mut survivors = 0;
        for i in 0..children.len() {
            let d = tables.edges.get(children[i].edges[0]);
            if d > allowed {
                self.run.next_bound = self.run.next_bound.min(g + 1 + d);
                continue;
            }
            children[i].h = d;
            tables.ask_other_axes(&children[i]);
            children[survivors] = children[i];
            survivors += 1;
        }
        let children = &mut children[..survivors];
        for child in children.iter_mut() {
            tables.locate(child, 1);
            tables.locate(child, 2);
        }
        for child in children.iter() {
            let h = match tables.within(child, allowed) {
                Ok(h) => h,
                Err(h) => {
                    self.run.next_bound = self.run.next_bound.min(g + 1 + h);
                    continue;
                }
            };
            let (m, face) = (child.m, usize::from(child.m) / 3);
            self.run.path.push(m);
            if h == 0 && self.solved() {
                return true;
            }
            if g + 1 == self.run.cutoff {
                self.collect(child.node, g + 1, h, face);
            } else if g + 1 < self.run.bound {
                if self.dfs(&child.node, g + 1, face) {
                    return true;
                }
            } else {
                // On the bound but not solved (the tables are 0 on other
                // positions too): its children lie one further.
                self.run.next_bound = self.run.next_bound.min(g + 2);
            }
            self.run.path.pop();
        }
        false
    }

    #[cold]
    fn collect(&mut self, node: Node, g: u32, h: u32, last: usize) {
        self.run.collected.push(Subtree { node, g, h, last, path: self.run.path.clone() });
    }
}

impl<'a> Deepen<'a> for Search<'a> {
    type Move = u8;
    type Subtree = Subtree;

    fn run(&mut self) -> &mut Deepening<'a, u8, Subtree> {
        &mut self.run
    }

    fn run_ref(&self) -> &Deepening<'a, u8, Subtree> {
        &self.run
    }

    fn search_below(&mut self, subtree: &Subtree) -> bool {
        self.run.path.clone_from(&subtree.path);
        if subtree.h == 0 && self.solved() {
            return true;
        }
        if subtree.g >= self.run.bound {
            self.run.next_bound = self.run.next_bound.min(subtree.g + 1);
            return false;
        }
        self.dfs(&subtree.node, subtree.g, subtree.last)
    }

    type Worker<'b>
        = Search<'b>
    where
        'a: 'b,
        Self: 'b;

    fn worker<'b>(&'b self, budget: Budget<'b>) -> Search<'b>
    where
        'a: 'b,
        Self: 'b,
    {
        Search { run: Deepening { budget, path: Vec::new(), collected: Vec::new(), ..self.run }, ..*self }
    }

    fn f(subtree: &Self::Subtree) -> u32 {
        subtree.g + subtree.h
    }

    fn goal_subtree(first: &Subtree, path: Vec<u8>) -> Subtree {
        Subtree { h: 0, g: path.len() as u32, path, ..first.clone() }
    }

    fn move_code(step: &u8) -> u32 {
        u32::from(*step)
    }

    fn code_move(code: u32) -> Option<u8> {
        u8::try_from(code).ok().filter(|&turn| usize::from(turn) < MOVES)
    }
}

/// IDA* from `start` to the solved cube, in the half-turn metric: the
/// moves as numbers below 18 (face `m / 3`, `m % 3 + 1` quarter turns).
/// The caller has checked that turns reach `start`.
pub(crate) fn solve(tables: &Tables, start: &Cubie, limits: &Limits) -> SearchResult<u8> {
    let node = tables.node(start);
    let h = tables.distance(&node);
    let mut search = Search { tables, start: *start, run: Deepening::new(limits, h) };
    let root = Subtree { node, g: 0, h, last: NO_FACE, path: Vec::new() };
    deepen(&mut search, root, limits)
}
