//! IDA* specialised to sliding tiles.
//!
//! The generic engine works on the puzzle too (and the tests hold the two
//! to the same answers), but it pays for generality at every node: a
//! successor vector, packed states, a heuristic from scratch or from a
//! parent it cannot see. Here the board is two small arrays (tile per cell,
//! cell per tile) changed in place and restored on the way back, the
//! heuristic is carried down the recursion and updated for the one tile
//! that moved, a child is priced before it is entered, and the moves that
//! complete a duplicate sequence are never tried: the one that undoes the
//! last, and with longer [`MovePruning`] the detours round blocks of cells.
//!
//! The iterations, and with [`Limits::parallel`] the large ones cut into
//! subtrees spread over the pool's threads, are the driver's that the
//! cube's and the sliding tiles' searches share (`engines::deepening`);
//! the answer stays the serial search's.

use super::board::{Dir, Geometry, MAX_CELLS, NONE};
use super::cycles::{MovePruning, DEAD, START};
use crate::engines::deepening::{deepen, Deepen, Deepening};
use crate::limits::Budget;
use crate::{Limits, SearchResult};

/// A heuristic kept up to date move by move.
pub trait Incremental: Sync {
    /// Whatever the heuristic keeps besides its value (per-line conflicts,
    /// per-pattern values, ...), carried down the recursion by copy (and
    /// handed to other threads with the subtrees of a parallel search).
    type Acc: Copy + Send + Sync;

    /// The value of a whole board (`board[cell] = tile`, `pos[tile] =
    /// cell`) and what to carry.
    fn start(&self, board: &[u8; MAX_CELLS], pos: &[u8; MAX_CELLS]) -> (u32, Self::Acc);

    /// Whether [`slide`](Incremental::slide) and
    /// [`resume`](Incremental::resume) read `board` and `pos`; when not,
    /// a caller that holds the board packed need not unpack it.
    const READS_BOARD: bool = true;

    /// What to carry for a board whose value `h` (from [`start`] or
    /// [`slide`]) is known: the part of `start` that `h` does not tell.
    ///
    /// [`start`]: Incremental::start
    /// [`slide`]: Incremental::slide
    fn resume(&self, _h: u32, board: &[u8; MAX_CELLS], pos: &[u8; MAX_CELLS]) -> Self::Acc {
        self.start(board, pos).1
    }

    /// Whether a move changes the value by one at most (the search then
    /// has nothing to gain from bidirectional pathmax).
    fn is_consistent(&self) -> bool {
        true
    }

    /// The value after `tile` slid from `from` to `to` (`board` and `pos`
    /// already show the move), given the value `h` and `acc` before it.
    #[allow(clippy::too_many_arguments)]
    fn slide(
        &self,
        acc: Self::Acc,
        h: u32,
        board: &[u8; MAX_CELLS],
        pos: &[u8; MAX_CELLS],
        tile: u8,
        from: usize,
        to: usize,
    ) -> (u32, Self::Acc);

    /// [`slide`](Incremental::slide) for a child pruned whenever its value
    /// is above `limit`: where it is, any admissible value above `limit`
    /// may be returned, so that the costliest lookups are skipped (lazy
    /// evaluation).
    #[allow(clippy::too_many_arguments)]
    #[inline(always)]
    fn slide_within(
        &self,
        acc: Self::Acc,
        h: u32,
        board: &[u8; MAX_CELLS],
        pos: &[u8; MAX_CELLS],
        tile: u8,
        from: usize,
        to: usize,
        _limit: u32,
    ) -> (u32, Self::Acc) {
        self.slide(acc, h, board, pos, tile, from, to)
    }
}

/// A board within the bound where a search may start, with the serial
/// search's path to it.
#[derive(Clone)]
struct Subtree<A> {
    board: [u8; MAX_CELLS],
    pos: [u8; MAX_CELLS],
    blank: usize,
    g: u32,
    h: u32,
    acc: A,
    /// The state of the move pruning after the moves that led to it.
    moves: u32,
    path: Vec<Dir>,
}

struct Search<'a, H: Incremental> {
    heuristic: &'a H,
    pruning: &'a MovePruning,
    neighbours: [[u8; 4]; MAX_CELLS],
    board: [u8; MAX_CELLS],
    pos: [u8; MAX_CELLS],
    run: Deepening<'a, Dir, Subtree<H::Acc>>,
    /// Whether to raise values by bidirectional pathmax (see
    /// [`Search::dfs_bpmx`]): for heuristics that are not consistent.
    bpmx: bool,
}

impl<'a, H: Incremental> Search<'a, H> {
    /// Searches below the board (whose blank is on `blank`, the move
    /// pruning in state `last`) with `g + h <= bound` already checked. True when
    /// a goal was found or a limit stopped the search. `V2`: recurse into
    /// the copy compiled for x86-64-v2 (see [`crate::cpu`]).
    #[inline(always)]
    fn dfs<const V2: bool>(&mut self, blank: usize, g: u32, h: u32, acc: H::Acc, last: u32) -> bool {
        if let Some(outcome) = self.run.budget.expand() {
            self.run.stopped = Some(outcome);
            return true;
        }
        if self.bpmx {
            return self.dfs_bpmx::<V2>(blank, g, h, acc, last);
        }
        for (dir, cell, state) in self.moves(blank, last) {
            // A child whose value is above this is pruned.
            let limit = self.run.bound.saturating_sub(g + 1);
            let (child_h, child_acc) = self.price(blank, cell, limit, h, acc);
            if self.enter::<V2>(cell, g, child_h, child_acc, dir, state) {
                return true;
            }
            self.slide_blank(cell, blank);
        }
        false
    }

    /// [`Search::dfs`] with bidirectional pathmax (Felner et al. 2011) at
    /// one level, for heuristics that are not consistent: every child is
    /// priced first; a child's value less one bounds the board too, so the
    /// largest of them raises the board's value, which may prune the board
    /// at once (before the remaining children are generated), and the
    /// raised value less one raises every child in turn.
    #[inline(always)]
    fn dfs_bpmx<const V2: bool>(&mut self, blank: usize, g: u32, h: u32, acc: H::Acc, last: u32) -> bool {
        let mut children: [Option<(u32, H::Acc)>; 4] = [None; 4];
        let mut raised = h;
        for (dir, cell, _) in self.moves(blank, last) {
            // A child whose value is above this prunes the board itself (its
            // value less one is more than the board has left), so the whole
            // value would change nothing.
            let limit = (self.run.bound + 1).saturating_sub(g);
            let child = self.price(blank, cell, limit, h, acc);
            self.slide_blank(cell, blank);
            raised = raised.max(child.0.saturating_sub(1));
            children[dir] = Some(child);
            // Pruned already: the other children need not be generated.
            if g + raised > self.run.bound {
                self.run.next_bound = self.run.next_bound.min(g + raised);
                return false;
            }
        }
        for (dir, child) in children.into_iter().enumerate() {
            let Some((child_h, child_acc)) = child else { continue };
            let cell = self.neighbours[blank][dir] as usize;
            self.slide_blank(blank, cell);
            let state = self.pruning.next(last, dir);
            if self.enter::<V2>(cell, g, child_h.max(raised.saturating_sub(1)), child_acc, dir, state) {
                return true;
            }
            self.slide_blank(cell, blank);
        }
        false
    }

    /// The moves from a board whose blank is on `blank`, the move pruning
    /// in state `last`: (direction, the cell the blank moves to, the
    /// pruning's state after it).
    #[inline(always)]
    fn moves(&self, blank: usize, last: u32) -> impl Iterator<Item = (usize, usize, u32)> + use<'a, H> {
        let (neighbours, pruning) = (self.neighbours[blank], self.pruning);
        (0..4).filter(move |&dir| neighbours[dir] != NONE).filter_map(move |dir| {
            let state = pruning.next(last, dir);
            (state != DEAD).then_some((dir, neighbours[dir] as usize, state))
        })
    }

    /// Makes the move of the blank from `blank` to `cell` on a board of
    /// value `h` and prices the child, counting it as generated: exactly
    /// where its value is at most `limit`.
    #[inline(always)]
    fn price(&mut self, blank: usize, cell: usize, limit: u32, h: u32, acc: H::Acc) -> (u32, H::Acc) {
        let tile = self.slide_blank(blank, cell);
        self.run.budget.generated += 1;
        self.heuristic.slide_within(acc, h, &self.board, &self.pos, tile, cell, blank, limit)
    }

    /// Moves the tile on `cell` onto the blank's cell `blank`; the tile.
    #[inline(always)]
    fn slide_blank(&mut self, blank: usize, cell: usize) -> u8 {
        let tile = self.board[cell];
        self.board[blank] = tile;
        self.board[cell] = 0;
        self.pos[tile as usize] = blank as u8;
        self.pos[0] = cell as u8;
        tile
    }

    /// Searches below the child just reached by move `dir` (blank now on
    /// `cell`, value `child_h`, the move pruning in state `state`) of a
    /// board at depth `g`, if it is within the bound: true when a goal was
    /// found or a limit stopped the search (the path then leads there).
    #[inline(always)]
    #[allow(clippy::too_many_arguments)]
    fn enter<const V2: bool>(
        &mut self,
        cell: usize,
        g: u32,
        child_h: u32,
        child_acc: H::Acc,
        dir: usize,
        state: u32,
    ) -> bool {
        let f = g + 1 + child_h;
        if f > self.run.bound {
            self.run.next_bound = self.run.next_bound.min(f);
            return false;
        }
        self.run.path.push(Dir::from_index(dir));
        // With every tile counted, h is 0 on the goal only; the bound was
        // tested first, so this goal is optimal.
        if child_h == 0 {
            return true;
        }
        if g + 1 == self.run.cutoff {
            self.collect(cell, g + 1, child_h, child_acc, state);
        } else if self.descend::<V2>(cell, g + 1, child_h, child_acc, state) {
            return true;
        }
        self.run.path.pop();
        false
    }

    /// [`Search::dfs`] in the copy the processor runs fastest.
    fn dfs_fastest(&mut self, blank: usize, g: u32, h: u32, acc: H::Acc, last: u32) -> bool {
        if crate::cpu::has_x86_64_v2() {
            self.descend::<true>(blank, g, h, acc, last)
        } else {
            self.descend::<false>(blank, g, h, acc, last)
        }
    }

    /// [`Search::dfs`], compiled for x86-64-v2 when `V2` is set.
    #[inline(always)]
    fn descend<const V2: bool>(&mut self, blank: usize, g: u32, h: u32, acc: H::Acc, last: u32) -> bool {
        if V2 {
            // SAFETY: `dfs_fastest` sets V2 only where the processor has x86-64-v2.
            return unsafe { self.dfs_v2(blank, g, h, acc, last) };
        }
        self.dfs_portable(blank, g, h, acc, last)
    }

    fn dfs_portable(&mut self, blank: usize, g: u32, h: u32, acc: H::Acc, last: u32) -> bool {
        self.dfs::<false>(blank, g, h, acc, last)
    }

    /// # Safety
    /// The processor must have x86-64-v2 ([`crate::cpu::has_x86_64_v2`]).
    #[cfg_attr(target_arch = "x86_64", target_feature(enable = "popcnt,sse3,ssse3,sse4.1,sse4.2"))]
    unsafe fn dfs_v2(&mut self, blank: usize, g: u32, h: u32, acc: H::Acc, last: u32) -> bool {
        self.dfs::<true>(blank, g, h, acc, last)
    }

    #[cold]
    fn collect(&mut self, blank: usize, g: u32, h: u32, acc: H::Acc, moves: u32) {
        let (board, pos, path) = (self.board, self.pos, self.run.path.clone());
        self.run.collected.push(Subtree { board, pos, blank, g, h, acc, moves, path });
    }
}

impl<'a, H: Incremental> Deepen<'a> for Search<'a, H> {
    type Move = Dir;
    type Subtree = Subtree<H::Acc>;

    fn run(&mut self) -> &mut Deepening<'a, Dir, Subtree<H::Acc>> {
        &mut self.run
    }

    fn run_ref(&self) -> &Deepening<'a, Dir, Subtree<H::Acc>> {
        &self.run
    }

    fn search_below(&mut self, subtree: &Subtree<H::Acc>) -> bool {
        (self.board, self.pos) = (subtree.board, subtree.pos);
        self.run.path.clone_from(&subtree.path);
        subtree.h == 0 || self.dfs_fastest(subtree.blank, subtree.g, subtree.h, subtree.acc, subtree.moves)
    }

    type Worker<'b>
        = Search<'b, H>
    where
        'a: 'b,
        Self: 'b;

    fn worker<'b>(&'b self, budget: Budget<'b>) -> Search<'b, H>
    where
        'a: 'b,
        Self: 'b,
    {
        Search { run: Deepening { budget, path: Vec::new(), collected: Vec::new(), ..self.run }, ..*self }
    }

    fn f(subtree: &Self::Subtree) -> u32 {
        subtree.g + subtree.h
    }

    fn goal_subtree(first: &Subtree<H::Acc>, path: Vec<Dir>) -> Subtree<H::Acc> {
        Subtree { h: 0, g: path.len() as u32, moves: START, path, ..first.clone() }
    }

    fn move_code(step: &Dir) -> u32 {
        *step as u32
    }

    fn code_move(code: u32) -> Option<Dir> {
        (code < 4).then(|| Dir::from_index(code as usize))
    }
}

/// IDA* from `start` (`start[cell] = tile`, 0 the blank) to the goal, the
/// one board on which `heuristic` is 0, skipping the moves that `pruning`
/// forbids. The caller has checked that the goal can be reached.
pub fn ida<H: Incremental>(
    geometry: &Geometry,
    heuristic: &H,
    pruning: &MovePruning,
    start: &[u8],
    limits: &Limits,
) -> SearchResult<Dir> {
    let mut board = [0u8; MAX_CELLS];
    board[..start.len()].copy_from_slice(start);
    let pos = super::pdb::positions(start);
    let mut neighbours = [[NONE; 4]; MAX_CELLS];
    neighbours[..geometry.cells()].copy_from_slice(geometry.neighbour_table());
    let blank = pos[0] as usize;
    let (h, acc) = heuristic.start(&board, &pos);
    let run = Deepening::new(limits, h);
    let mut search = Search { heuristic, pruning, neighbours, board, pos, run, bpmx: !heuristic.is_consistent() };
    if h == 0 {
        // The start is the goal: one bound tried, nothing expanded.
        let iterations = vec![search.run.budget.since(search.run.budget.mark(0))];
        return SearchResult::solved(0, Vec::new(), search.run.budget.stats(iterations));
    }
    let root = Subtree { board, pos, blank, g: 0, h, acc, moves: START, path: Vec::new() };
    deepen(&mut search, root, limits)
}
