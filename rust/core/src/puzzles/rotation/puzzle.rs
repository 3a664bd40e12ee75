//! The Rotation Game under the puzzle contract: the pattern-database
//! solver, and the generic engines on [`RotationGame`].

use std::sync::Arc;

use super::table::table_is_loaded;
use super::{
    cells_holding, centre_value, pack, shared_table, unpack, CentreTable, Move, RotationGame, TableSolution, CELLS,
};
use crate::engines::{astar, bfs, iddfs, parallel_ida_star};
use crate::puzzle::{self, Engine, MoveCode, Options, Purpose, Puzzle, Report, Settings};
use crate::{Edge, Error, Limits, Outcome, Problem, Result, SearchResult};

crate::choices! {
    /// Who answers a board.
    pub enum Solver: "engine" {
        /// The pattern database ([`TableSolution`]): microseconds a board.
        Table = "table",
        /// The judge solution's IDA*.
        Ida = "ida",
        /// A*: the fewest expansions, memory for every state reached.
        Astar = "astar",
        /// Iterative-deepening depth-first search, without a heuristic.
        Iddfs = "iddfs",
        /// Breadth-first search from the start.
        Bfs = "bfs",
    }
}

impl puzzle::Solver for Solver {
    fn generic(self) -> Option<Engine> {
        match self {
            Solver::Table => None,
            Solver::Ida => Some(Engine::Ida),
            Solver::Astar => Some(Engine::Astar),
            Solver::Iddfs => Some(Engine::Iddfs),
            Solver::Bfs => Some(Engine::Bfs),
        }
    }
}

crate::choices! {
    /// Which lower bound guides the engines that use one.
    pub enum Heuristic: "heuristic" {
        /// The judge solution's bound, [`RotationGame::centre_bound`].
        Centre = "centre",
        /// The centre tables' bound: the fewest moves any number needs as
        /// far as its table stores ([`CentreTable::lower_bound`]).
        Table = "table",
    }
}

/// The moves the nearest number needs to fill the centre, as far as the
/// tables (indexed by how many cells the number holds) store.
fn table_bound(tables: &[Option<Arc<CentreTable>>], board: u64) -> u32 {
    (1..=3)
        .filter_map(|value| {
            let cells = cells_holding(board, value);
            let table = tables[cells.count_ones() as usize].as_ref()?;
            Some(table.lower_bound(cells))
        })
        .min()
        .expect("some number holds eight cells or more, and its table is loaded")
}

/// [`RotationGame`] guided by the centre tables' bound.
struct TableGuided<'a> {
    tables: &'a [Option<Arc<CentreTable>>],
}

impl Problem for TableGuided<'_> {
    type State = u64;
    type Move = Move;

    fn is_goal(&self, board: &u64) -> bool {
        RotationGame.is_goal(board)
    }

    fn heuristic(&self, board: &u64) -> u32 {
        table_bound(self.tables, *board)
    }

    fn successors(&self, board: &u64, last: Option<Move>, out: &mut Vec<Edge<Move, u64>>) {
        RotationGame.successors(board, last, out)
    }
}

/// The Rotation Game as a call configures it: its heuristic, and (once
/// prepared) the centre tables its boards need, by the cells a number holds.
#[derive(Debug)]
pub struct Rotation {
    heuristic: Heuristic,
    tables: Vec<Option<Arc<CentreTable>>>,
}

impl Rotation {
    fn uses_tables(&self, purpose: Purpose<Solver>) -> bool {
        purpose == Purpose::Solve(Solver::Table) || self.heuristic == Heuristic::Table
    }

    /// The cells held by each number that can fill the centre of `board`:
    /// the tables it needs.
    fn table_sizes(board: u64) -> impl Iterator<Item = usize> {
        (1..=3).map(move |value| cells_holding(board, value).count_ones() as usize).filter(|&cells| cells >= 8)
    }

    fn search<P: Problem<State = u64, Move = Move> + Sync>(
        solver: Solver,
        problem: &P,
        board: u64,
        limits: &Limits,
    ) -> Result<SearchResult<Move>> {
        Ok(match solver {
            Solver::Table => {
                let (result, _) = TableSolution::solve(board)?;
                match (result.cost, limits.max_cost) {
                    // The table gives the optimum at once; a cap below it
                    // is proven unreachable by that optimum.
                    (Some(cost), Some(cap)) if cost > cap => {
                        SearchResult::unsolved(Outcome::NoSolution, Some(cost), result.stats)
                    }
                    _ => result,
                }
            }
            Solver::Ida => parallel_ida_star(problem, board, limits),
            Solver::Astar => astar(problem, board, limits),
            Solver::Iddfs => iddfs(problem, board, limits),
            Solver::Bfs => bfs(problem, board, limits),
        })
    }
}

impl Puzzle for Rotation {
    const NAME: &'static str = "rotation";
    const EXTRA: Option<&'static str> = Some("centre");
    const MOVE_LETTERS: Option<&'static str> = Some("ABCDEFGH");
    type Engine = Solver;
    type Heuristic = Heuristic;
    /// A packed board.
    type Case = u64;
    type Move = Move;

    fn configure(settings: &Settings<Solver, Heuristic>, _: &mut Options) -> Result<Self> {
        if settings.engine == Solver::Table && settings.limits.max_nodes.is_some() {
            return Err(Error::InvalidArgument(
                "node_limit: engine \"table\" expands no nodes to count; use engine \"ida\" for a node limit".into(),
            ));
        }
        Ok(Rotation { heuristic: settings.heuristic, tables: vec![None; CELLS + 1] })
    }

    fn read_case(&self, values: &[i64]) -> Result<u64> {
        pack(values)
    }

    fn write_move(mv: Move) -> MoveCode {
        [mv.index() as i32, 0, 0]
    }

    fn code_words(&self, _: &u64) -> usize {
        1
    }

    fn pack(&self, board: &u64, words: &mut [u64]) {
        words[0] = *board;
    }

    fn unpack(&self, words: &[u64], _: Option<usize>) -> Result<Vec<i64>> {
        let code = words[0];
        if code >> (2 * CELLS) != 0 {
            return Err(Error::invalid(format!("code {code:#x} has bits beyond the {CELLS} cells")));
        }
        let values: Vec<i64> = unpack(code).into_iter().map(i64::from).collect();
        pack(&values)?;
        Ok(values)
    }

    fn needs_preparation(&self, purpose: Purpose<Solver>, boards: &[u64]) -> bool {
        self.uses_tables(purpose)
            && boards.iter().flat_map(|&board| Self::table_sizes(board)).any(|cells| !table_is_loaded(cells as u32))
    }

    /// The centre tables of the boards (read from the cache directory or
    /// built, once per process, in tens of milliseconds).
    fn prepare(
        &mut self,
        purpose: Purpose<Solver>,
        boards: &[u64],
        _: &Limits,
        _: Option<Report>,
    ) -> Result<Option<Outcome>> {
        if !self.uses_tables(purpose) {
            return Ok(None);
        }
        for &board in boards {
            for cells in Self::table_sizes(board) {
                if self.tables[cells].is_none() {
                    self.tables[cells] = Some(shared_table(cells as u32)?);
                }
            }
        }
        Ok(None)
    }

    fn solve(&self, board: &u64, solver: Solver, limits: &Limits) -> Result<SearchResult<Move>> {
        match self.heuristic {
            Heuristic::Centre => Self::search(solver, &RotationGame, *board, limits),
            Heuristic::Table => Self::search(solver, &TableGuided { tables: &self.tables }, *board, limits),
        }
    }

    /// The heuristic's bound (the centre tables' when they are loaded):
    /// the searches grow steeply with it. The table solver answers at once.
    fn difficulty(&self, board: &u64, solver: Solver) -> u32 {
        let loaded = Self::table_sizes(*board).all(|cells| self.tables[cells].is_some());
        match solver {
            Solver::Table => 0,
            _ if self.heuristic == Heuristic::Table && loaded => table_bound(&self.tables, *board),
            _ => RotationGame::centre_bound(*board),
        }
    }

    fn lower_bound(&self, board: &u64) -> Result<u32> {
        Ok(match self.heuristic {
            Heuristic::Centre => RotationGame::centre_bound(*board),
            Heuristic::Table => table_bound(&self.tables, *board),
        })
    }

    /// The number left in the centre by the path.
    fn extra(&self, board: &u64, result: &SearchResult<Move>) -> u32 {
        centre_value(result.path.iter().fold(*board, |board, mv| mv.apply(board)))
    }
}
