//! Sliding-tile puzzles: the 8-, 15- and 24-puzzle and every rectangle from
//! 2 x 2 to 5 x 5.
//!
//! A board of `width x height` cells holds the tiles `1..n-1` and the blank
//! `0`; a move slides a tile next to the blank into it. Moves are named by
//! the way the **blank** goes ([`Dir`]): `Up` slides the tile above the
//! blank down.
//!
//! The goal is a parameter ([`Goal`]): the blank last (`1 2 ... 15 0`, the
//! judge's), the blank first (`0 1 ... 15`, Korf's instances) or any
//! arrangement. Half of all boards cannot reach a given goal; that is
//! decided up front from the permutation's parity and the blank's place
//! ([`is_solvable`]), and [`Sliding::pack`] answers [`Error::Unsolvable`].
//!
//! Three admissible heuristics, each kept up to date move by move: the
//! [`Manhattan`] distance, [`LinearConflict`]s on top of it, and additive
//! disjoint pattern databases ([`pdb::PatternSet`], built by breadth-first
//! search and cached on disk by [`pdb_cache`]) with the reflected lookup
//! and, when asked for, the [`dual`] lookups, or the largest of several
//! partitions' sums ([`Catalogue`]).
//!
//! Positions pack 4 bits a cell into a `u64` up to 16 cells and 5 bits into
//! a `u128` up to 25 ([`Tiles`]). [`Sliding`] implements [`Problem`] and
//! [`Reversible`] for every generic engine; [`Sliding::solve`] runs the
//! IDA* specialised to sliding tiles, which is what the workhorse is.

use std::marker::PhantomData;
use std::path::Path;
use std::sync::Arc;

use crate::engines::bfs_layers;

use crate::{Edge, Error, Interrupt, Limits, Problem, Result, Reversible, SearchResult};

mod board;
pub mod catalogue;
pub mod cycles;
pub mod dual;
mod linear_conflict;
mod manhattan;
pub mod pdb;
mod pdb_build;
pub mod pdb_cache;
mod puzzle;
mod search;
pub mod symmetry;

pub use board::{is_solvable, pack_tiles, Dir, Geometry, Goal, Position, Tiles, MAX_CELLS, MAX_SIDE, MIN_SIDE};
pub use catalogue::Catalogue;
use cycles::MovePruning;
pub use dual::{DatabaseSpec, DualLookups, DualPlan};
pub use linear_conflict::LinearConflict;
pub use manhattan::Manhattan;
pub use pdb::{BuildLimits, BuildProgress, Built, DbKind, PatternDb, PatternSet};
pub use puzzle::{Board, SlidingEngine, SlidingTiles};
pub use search::Incremental;
pub use symmetry::DbView;
use symmetry::Share;

crate::choices! {
    /// Which lower bound guides the search.
    pub enum Heuristic: "heuristic" {
        /// Additive disjoint pattern databases with the reflected lookup.
        Pdb = "pdb",
        /// The Manhattan distance plus linear conflicts.
        LinearConflict = "linear-conflict",
        /// The Manhattan distance: each tile's rows and columns from its
        /// goal cell, summed. The weakest bound and the cheapest to keep.
        Manhattan = "manhattan",
    }
}

/// The heuristic in use, ready to evaluate.
#[derive(Debug, Clone)]
enum Evaluator {
    Manhattan(Manhattan),
    LinearConflict(LinearConflict),
    Pdb(Arc<PatternSet>),
    Catalogue(Arc<Catalogue>),
}

/// A sliding-tile puzzle as a search problem, its positions packed in `T`
/// (`u64` up to 16 cells, `u128` up to 25).
#[derive(Debug, Clone)]
pub struct Sliding<T: Tiles = u64> {
    geometry: Geometry,
    goal: Goal,
    goal_position: Position<T>,
    manhattan: Manhattan,
    evaluator: Evaluator,
    /// What [`Sliding::with_partitions`] keeps of its patterns' regions
    /// (see [`PatternDb::lookup_at`]).
    kind: DbKind,
    /// The duplicate move sequences the tiles' own IDA\* skips (see
    /// [`cycles`]).
    pruning: Arc<MovePruning>,
    marker: PhantomData<T>,
}

/// What [`Sliding::with_pattern_databases`] loads: the completed
/// partitions, the dual lookups' plan when asked for, and every database
/// once, as [`Sliding::databases`] lists them.
struct DatabasePlan {
    partitions: Vec<Vec<Vec<u8>>>,
    dual: Option<DualPlan>,
    /// Every database spec the lookups read: (goal cells, the blank's
    /// starting cell).
    listed: Vec<(Vec<u8>, u8)>,
    /// For each of `listed`, the spec whose database serves it.
    shares: Vec<Share>,
}

impl<T: Tiles> Sliding<T> {
    /// The puzzle on `geometry` with `goal`, guided by the Manhattan
    /// distance.
    pub fn new(geometry: Geometry, goal: Goal) -> Result<Self> {
        if geometry.cells() > T::CAPACITY {
            return Err(Error::InvalidArgument(format!(
                "{} cells do not fit {} bits a cell; use a wider state",
                geometry.cells(),
                T::BITS
            )));
        }
        if goal.tiles().len() != geometry.cells() {
            return Err(Error::invalid(format!(
                "goal has {} cells, the board {}",
                goal.tiles().len(),
                geometry.cells()
            )));
        }
        let manhattan = Manhattan::new(&geometry, &goal);
        let goal_position = Position { tiles: T::pack(goal.tiles()), blank: goal.blank_cell() as u8 };
        let pruning = MovePruning::undoing(geometry.width(), geometry.height());
        Ok(Sliding {
            evaluator: Evaluator::Manhattan(manhattan.clone()),
            manhattan,
            geometry,
            goal,
            goal_position,
            kind: DbKind::Plain,
            pruning,
            marker: PhantomData,
        })
    }

    /// The puzzle whose [`Sliding::with_partitions`] builds and reads its
    /// patterns' databases zero-aware when `zero_aware`: each placement's
    /// value from the region of empty cells the blank is in, rather than
    /// the least over the regions (the dual lookups read the least).
    pub fn with_zero_aware(self, zero_aware: bool) -> Self {
        self.with_database_kind(if zero_aware { DbKind::ZeroAware } else { DbKind::Plain })
    }

    /// The puzzle whose [`Sliding::with_partitions`] builds and reads its
    /// patterns' databases of `kind` (the dual lookups' own are plain).
    pub fn with_database_kind(mut self, kind: DbKind) -> Self {
        self.kind = kind;
        self
    }

    /// The puzzle whose [`Sliding::solve`] skips every move that completes
    /// a duplicate sequence of at most `length` moves (see [`cycles`]):
    /// 2, the default, skips the move that undoes the last; longer
    /// sequences prune more of the tree, with an automaton built once per
    /// length and board shape (for 14 on 5 x 5, 72,522 states in 1.2 s)
    /// and kept in `cache_dir` as the databases are (see
    /// [`MovePruning::of_length`]). `Err(outcome)` when `limits` stopped
    /// the build.
    pub fn with_move_pruning(mut self, length: usize, cache_dir: Option<&Path>, limits: &BuildLimits) -> Built<Self> {
        let (width, height) = (self.geometry.width(), self.geometry.height());
        let stopped = std::cell::Cell::new(None);
        let stop = || {
            stopped.set(limits.stop());
            stopped.get().is_some()
        };
        match MovePruning::of_length(length, width, height, cache_dir, &stop) {
            Some(pruning) => self.pruning = pruning,
            None => return Err(stopped.get().unwrap_or(crate::Outcome::Interrupted)),
        }
        Ok(self)
    }

    /// The longest duplicate move sequences [`Sliding::solve`] skips.
    pub fn move_pruning(&self) -> usize {
        self.pruning.length()
    }

    /// Guided by the Manhattan distance plus linear conflicts.
    pub fn with_linear_conflict(mut self) -> Self {
        self.evaluator = Evaluator::LinearConflict(LinearConflict::new(&self.geometry, &self.goal));
        self
    }

    /// Guided by the Manhattan distance alone.
    pub fn with_manhattan(mut self) -> Self {
        self.evaluator = Evaluator::Manhattan(self.manhattan.clone());
        self
    }

    /// Guided by pattern databases (built for this board and goal).
    pub fn with_patterns(mut self, patterns: Arc<PatternSet>) -> Self {
        self.evaluator = Evaluator::Pdb(patterns);
        self
    }

    /// Loads or builds the databases of `partitions` (each a list of
    /// patterns as goal cells; tiles a partition leaves out count by their
    /// Manhattan distance) in `cache_dir` (see [`pdb_cache::cache_dir`])
    /// and guides the search by them: by one partition's sum, or by the
    /// largest of several ([`Catalogue`]). The reflected lookup is taken
    /// when `reflect` and the goal allow it, and the dual lookups (with the
    /// databases they read, see [`dual`], one partition only) when `dual`.
    /// `Ok(Err(outcome))` when `progress` cancelled a build or `limits`
    /// stopped it (see [`PatternDb::build`]); `progress` numbers the
    /// databases as [`Sliding::partition_databases`] lists them.
    pub fn with_partitions(
        self,
        partitions: &[Vec<Vec<u8>>],
        reflect: bool,
        dual: bool,
        cache_dir: Option<&Path>,
        progress: &(dyn Fn(usize, BuildProgress) -> bool + Sync),
        limits: &BuildLimits,
    ) -> Result<Built<Self>> {
        let plan = self.database_plan(partitions, dual)?;
        if plan.partitions.len() > 1 {
            catalogue::check(&self.geometry, &self.goal, &plan.partitions, reflect)?;
        }
        let mut loaded: Vec<Option<Arc<PatternDb>>> = vec![None; plan.listed.len()];
        let mut task = 0;
        for (index, (cells, blank)) in plan.listed.iter().enumerate() {
            if plan.shares[index].base != index {
                continue;
            }
            let report = |p: BuildProgress| progress(task, p);
            // The dual lookups read the least over the regions: their own
            // databases are plain.
            let kind = if plan.partitions.iter().flatten().any(|pattern| pattern == cells) {
                self.kind
            } else {
                DbKind::Plain
            };
            match pdb_cache::load_or_build_with(&self.geometry, cells, *blank, kind, cache_dir, &report, limits)? {
                Ok((db, _)) => loaded[index] = Some(db),
                Err(outcome) => return Ok(Err(outcome)),
            }
            task += 1;
        }
        let views: Vec<DbView> = plan
            .listed
            .iter()
            .zip(&plan.shares)
            .map(|((cells, _), share)| {
                let db = loaded[share.base].clone().expect("a base is loaded");
                DbView::shared(db, cells.clone(), share)
            })
            .collect();
        let DatabasePlan { partitions: all, dual: dual_plan, listed, .. } = plan;
        if let [patterns] = &all[..] {
            let set = PatternSet::of_views(&self.geometry, &self.goal, views[..patterns.len()].to_vec(), reflect)?;
            let lookups = dual_plan.map(|plan| {
                let at = |spec: &DatabaseSpec| listed.iter().position(|(c, b)| *c == spec.cells && *b == spec.blank);
                let dbs = plan.databases().iter().map(|spec| views[at(spec).expect("listed")].clone()).collect();
                Arc::new(DualLookups::new(&self.geometry, &self.goal, plan, dbs, set.transpose()))
            });
            return Ok(Ok(self.with_patterns(Arc::new(set.with_dual(lookups)))));
        }
        let catalogue = Catalogue::new(&self.geometry, &self.goal, &all, views, reflect)?;
        Ok(Ok(self.with_catalogue(Arc::new(catalogue))))
    }

    /// [`Sliding::with_partitions`] of one partition, `patterns`.
    pub fn with_pattern_databases(
        self,
        patterns: &[Vec<u8>],
        reflect: bool,
        dual: bool,
        cache_dir: Option<&Path>,
        progress: &(dyn Fn(usize, BuildProgress) -> bool + Sync),
        limits: &BuildLimits,
    ) -> Result<Built<Self>> {
        self.with_partitions(&[patterns.to_vec()], reflect, dual, cache_dir, progress, limits)
    }

    /// Guided by the largest of several partitions' bounds.
    pub fn with_catalogue(mut self, catalogue: Arc<Catalogue>) -> Self {
        self.evaluator = Evaluator::Catalogue(catalogue);
        self
    }

    /// The databases [`Sliding::with_partitions`] loads or builds for
    /// `partitions`, as (goal cells, the blank's starting cell), in order:
    /// each pattern's once (and each tile's a partition leaves out), then
    /// those of the dual lookups not among them when `dual`; a pattern that
    /// a symmetry of the board maps onto an earlier one reads that one's
    /// database and is not listed (see [`symmetry`]).
    pub fn partition_databases(&self, partitions: &[Vec<Vec<u8>>], dual: bool) -> Result<Vec<(Vec<u8>, u8)>> {
        Ok(symmetry::built(&self.geometry, &self.database_plan(partitions, dual)?.listed))
    }

    /// [`Sliding::partition_databases`] of one partition, `patterns`.
    pub fn databases(&self, patterns: &[Vec<u8>], dual: bool) -> Result<Vec<(Vec<u8>, u8)>> {
        self.partition_databases(&[patterns.to_vec()], dual)
    }

    fn database_plan(&self, partitions: &[Vec<Vec<u8>>], dual: bool) -> Result<DatabasePlan> {
        let all = partitions
            .iter()
            .map(|patterns| PatternSet::completed(&self.geometry, &self.goal, patterns))
            .collect::<Result<Vec<_>>>()?;
        if dual {
            dual_takes_one_partition(all.len())?;
        }
        let blank = self.goal.blank_cell() as u8;
        let mut listed: Vec<(Vec<u8>, u8)> = Vec::new();
        let mut list = |wanted: (Vec<u8>, u8)| {
            if !listed.contains(&wanted) {
                listed.push(wanted);
            }
        };
        for cells in all.iter().flatten() {
            list((cells.clone(), blank));
        }
        let dual = dual.then(|| DualPlan::new(&self.geometry, &self.goal, &all[0]));
        for spec in dual.iter().flat_map(DualPlan::databases) {
            list((spec.cells.clone(), spec.blank));
        }
        let shares = symmetry::shares(&self.geometry, &listed);
        Ok(DatabasePlan { partitions: all, dual, listed, shares })
    }

    /// The board's shape.
    pub fn geometry(&self) -> &Geometry {
        &self.geometry
    }

    /// Where every tile belongs.
    pub fn goal(&self) -> &Goal {
        &self.goal
    }

    /// The goal as a packed position.
    pub fn goal_position(&self) -> Position<T> {
        self.goal_position
    }

    /// Which heuristic guides the search: [`Heuristic::Manhattan`] from
    /// [`Sliding::new`], until a `with_*` method chooses another.
    pub fn heuristic_kind(&self) -> Heuristic {
        match self.evaluator {
            Evaluator::Manhattan(_) => Heuristic::Manhattan,
            Evaluator::LinearConflict(_) => Heuristic::LinearConflict,
            Evaluator::Pdb(_) | Evaluator::Catalogue(_) => Heuristic::Pdb,
        }
    }

    /// The pattern databases guiding the search; `None` under another
    /// heuristic.
    pub fn patterns(&self) -> Option<&Arc<PatternSet>> {
        match &self.evaluator {
            Evaluator::Pdb(set) => Some(set),
            _ => None,
        }
    }

    /// Checks a board (`tiles[cell]`, 0 the blank), saying what is wrong.
    pub fn validate(&self, tiles: &[u32]) -> Result<Vec<u8>> {
        board::validate(&self.geometry, tiles).map_err(Error::InvalidPuzzle)
    }

    /// Packs a board that can reach the goal; [`Error::InvalidPuzzle`] if
    /// it is not a board, [`Error::Unsolvable`] if it cannot.
    pub fn pack(&self, tiles: &[u32]) -> Result<Position<T>> {
        let board = self.validate(tiles)?;
        if !is_solvable(&self.geometry, &self.goal, &board) {
            return Err(Error::Unsolvable(format!(
                "this board cannot reach the goal: its permutation parity and the blank's distance \
                 to its goal cell differ in parity (only half of all {}x{} boards can reach a given goal)",
                self.geometry.width(),
                self.geometry.height()
            )));
        }
        Ok(self.pack_unchecked(&board))
    }

    fn pack_unchecked(&self, board: &[u8]) -> Position<T> {
        let blank = board.iter().position(|&t| t == 0).expect("validated") as u8;
        Position { tiles: T::pack(board), blank }
    }

    /// The board of `position`: `board[cell] = tile`, 0 the blank, one
    /// entry per cell.
    pub fn unpack(&self, position: Position<T>) -> Vec<u8> {
        position.unpack(self.geometry.cells())
    }

    /// The position after the blank moves `dir`, if it can.
    #[inline]
    pub fn apply(&self, position: Position<T>, dir: Dir) -> Option<Position<T>> {
        let blank = position.blank as usize;
        let cell = self.geometry.neighbour(blank, dir)?;
        let tile = position.tiles.get(cell);
        Some(Position { tiles: position.tiles.slide(blank, cell, tile), blank: cell as u8 })
    }

    /// The heuristic's bound for a board.
    pub fn evaluate(&self, board: &[u8]) -> u32 {
        match &self.evaluator {
            Evaluator::Manhattan(m) => m.evaluate(board),
            Evaluator::LinearConflict(lc) => lc.evaluate(board),
            Evaluator::Pdb(set) => set.evaluate(board),
            Evaluator::Catalogue(catalogue) => catalogue.evaluate(board),
        }
    }

    /// The fewest moves to the goal, by the IDA* specialised to sliding
    /// tiles.
    pub fn solve(&self, start: Position<T>, limits: &Limits) -> SearchResult<Dir> {
        let (board, pruning) = (self.unpack(start), self.pruning.as_ref());
        match &self.evaluator {
            Evaluator::Manhattan(m) => search::ida(&self.geometry, m, pruning, &board, limits),
            Evaluator::LinearConflict(lc) => search::ida(&self.geometry, lc, pruning, &board, limits),
            Evaluator::Pdb(set) => search::ida(&self.geometry, set.as_ref(), pruning, &board, limits),
            Evaluator::Catalogue(catalogue) => search::ida(&self.geometry, catalogue.as_ref(), pruning, &board, limits),
        }
    }
}

impl<T: Tiles> Problem for Sliding<T> {
    type State = Position<T>;
    type Move = Dir;

    fn is_goal(&self, state: &Position<T>) -> bool {
        *state == self.goal_position
    }

    #[inline]
    fn heuristic(&self, state: &Position<T>) -> u32 {
        let cells = self.geometry.cells();
        self.evaluate(&state.board(cells)[..cells])
    }

    #[inline]
    fn successors(&self, state: &Position<T>, last: Option<Dir>, out: &mut Vec<Edge<Dir, Position<T>>>) {
        self.successors_with_heuristic(state, self.heuristic(state), last, out);
    }

    /// Leaves out the move that undoes `last`, and prices each child from
    /// `h` for the one tile that moved, as the specialised search does.
    #[inline(always)]
    fn successors_with_heuristic(
        &self,
        state: &Position<T>,
        h: u32,
        last: Option<Dir>,
        out: &mut Vec<Edge<Dir, Position<T>>>,
    ) {
        match &self.evaluator {
            Evaluator::Manhattan(m) => self.push_children(m, state, h, last, out),
            Evaluator::LinearConflict(lc) => self.push_children(lc, state, h, last, out),
            Evaluator::Pdb(set) => self.push_children(set.as_ref(), state, h, last, out),
            Evaluator::Catalogue(catalogue) => self.push_children(catalogue.as_ref(), state, h, last, out),
        }
    }
}

impl<T: Tiles> Sliding<T> {
    /// The children of `state` (whose value under `heuristic` is `h`) with
    /// their values, on boards unpacked to the stack once per expansion
    /// (not at all for a heuristic that does not read them).
    #[inline(always)]
    fn push_children<H: Incremental>(
        &self,
        heuristic: &H,
        state: &Position<T>,
        h: u32,
        last: Option<Dir>,
        out: &mut Vec<Edge<Dir, Position<T>>>,
    ) {
        let cells = self.geometry.cells();
        let (mut board, mut pos) = ([0u8; MAX_CELLS], [0u8; MAX_CELLS]);
        if H::READS_BOARD {
            board = state.board(cells);
            pos = pdb::positions(&board[..cells]);
        }
        let acc = heuristic.resume(h, &board, &pos);
        let blank = state.blank as usize;
        // The inverse of move d is 3 - d; 4 excludes nothing.
        let last = last.map_or(4, |dir| dir as usize);
        for (index, &cell) in self.geometry.neighbour_table()[blank].iter().enumerate() {
            if cell == board::NONE || index + last == 3 {
                continue;
            }
            let (dir, cell) = (Dir::from_index(index), cell as usize);
            let tile = state.tiles.get(cell);
            let child = Position { tiles: state.tiles.slide(blank, cell, tile), blank: cell as u8 };
            if H::READS_BOARD {
                (board[blank], board[cell], pos[tile as usize], pos[0]) = (tile, 0, blank as u8, cell as u8);
            }
            let (child_h, _) = heuristic.slide(acc, h, &board, &pos, tile, cell, blank);
            if H::READS_BOARD {
                (board[blank], board[cell], pos[tile as usize], pos[0]) = (0, tile, cell as u8, blank as u8);
            }
            out.push(Edge::new(dir, child, 1).with_heuristic(child_h));
        }
    }
}

impl<T: Tiles> Reversible for Sliding<T> {
    fn goal(&self) -> Position<T> {
        self.goal_position
    }

    /// Every move is undone by the opposite one.
    fn predecessors(&self, state: &Position<T>, out: &mut Vec<Edge<Dir, Position<T>>>) {
        for dir in Dir::ALL {
            if let Some(before) = self.apply(*state, dir) {
                out.push(Edge::new(dir.inverse(), before, 1));
            }
        }
    }
}

/// Refuses the dual lookups on `count` partitions but one.
fn dual_takes_one_partition(count: usize) -> Result<()> {
    if count == 1 {
        return Ok(());
    }
    Err(Error::InvalidArgument(format!("dual: the dual lookups take one partition, not {count}")))
}

/// The largest board [`distance_distribution`] takes, in cells (2 x 5:
/// 1.8 million positions).
pub const MAX_DISTRIBUTION_CELLS: usize = 10;

/// How many of the positions that reach `goal` lie at each distance from
/// it: a breadth-first search over the whole space (moves are reversible,
/// so distances from the goal are distances to it). `interrupt` is asked
/// every few milliseconds; `Ok(None)` means it said to stop.
pub fn distance_distribution(
    geometry: &Geometry,
    goal: &Goal,
    interrupt: Option<Interrupt>,
) -> Result<Option<Vec<u64>>> {
    if geometry.cells() > MAX_DISTRIBUTION_CELLS {
        return Err(Error::InvalidArgument(format!(
            "whole-space search takes boards of at most {MAX_DISTRIBUTION_CELLS} cells, got {}x{}",
            geometry.width(),
            geometry.height()
        )));
    }
    let puzzle: Sliding<u64> = Sliding::new(geometry.clone(), goal.clone())?;
    Ok(bfs_layers(&puzzle, puzzle.goal_position, None, interrupt))
}

#[cfg(test)]
mod generic_tests;
#[cfg(test)]
pub(crate) mod tests;
