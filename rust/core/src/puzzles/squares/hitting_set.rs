//! An exact branch-and-bound solver for the minimum hitting set of the intact
//! squares.
//!
//! A node is the set of sticks taken so far, a set of *forbidden* sticks
//! (sticks the subtree may not take) and the list of intact squares. It is
//! cut when the sticks taken plus a lower bound on the sticks still needed
//! reach the best solution known. Each technique can be switched off on its
//! own, to measure what it buys:
//!
//! * **heuristic** (the bound): the judge's greedy packing of stick-disjoint squares, or the
//!   stronger *double packing* as well: greedily pick squares so that no
//!   stick lies on more than two of them; any stick then hits at most two of
//!   the `k` picked, so `ceil(k / 2)` more sticks are needed. On a full grid
//!   the `n^2` unit squares and the whole grid form a double packing, which
//!   is within one or two of the optimum up to n = 16.
//! * **branching**: on the intact square with the fewest allowed sticks, or on
//!   the first intact square (the judge's rule). Either way branch `i` takes
//!   the square's `i`-th stick and forbids the ones before it, so no set of
//!   sticks is reached twice.
//! * **dominance**: a stick whose intact squares all contain another allowed
//!   stick is never needed (swap it for the other); it is forbidden.
//! * **symmetry**: the symmetries of the square that fix the removed sticks
//!   fix the whole problem. At the root the search branches on the intact
//!   square whose sticks fall into the fewest orbits of its stabilizer (on a
//!   full grid the central unit or 2 x 2 square: one orbit), one stick per
//!   orbit, and forbids the orbits of earlier branches in later ones.
//! * **upper bound**: a greedy solution (most squares first, then redundant
//!   sticks dropped) before the search, so that it cuts from the start.

use super::bitset::StickSet;
use super::grid::Grid;
use super::Heuristic;
use crate::limits::Budget;
use crate::{Iteration, Limits, Outcome, SearchResult};

crate::choices! {
    /// Which intact square a node branches on.
    pub enum Branching: "branching" {
        /// The intact square with the fewest sticks the node may still take.
        Fewest = "fewest",
        /// The first intact square in the judge's order.
        First = "first",
    }
}

/// What the exact solver uses; [`Techniques::default`] is everything on.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Techniques {
    /// The lower bound at each node.
    pub heuristic: Heuristic,
    /// How the stick to branch on is chosen.
    pub branching: Branching,
    /// Whether sticks dominated by another are left out.
    pub dominance: bool,
    /// Whether the grid's symmetries prune the search.
    pub symmetry: bool,
    /// Whether a greedy solution first bounds the search from above.
    pub upper_bound: bool,
}

impl Default for Techniques {
    fn default() -> Self {
        Techniques {
            heuristic: Heuristic::Packing,
            branching: Branching::Fewest,
            dominance: true,
            symmetry: true,
            upper_bound: true,
        }
    }
}

impl Techniques {
    /// Every technique off: disjoint packing, first square, no dominance,
    /// no symmetry, no initial upper bound.
    pub fn plain() -> Self {
        Techniques {
            heuristic: Heuristic::Disjoint,
            branching: Branching::First,
            dominance: false,
            symmetry: false,
            upper_bound: false,
        }
    }
}

/// How a subtree ended early.
struct Stop(Outcome);

struct Search<'a, const W: usize> {
    grid: &'a Grid,
    masks: Vec<StickSet<W>>,
    options: Techniques,
    budget: Budget<'a>,
    /// Per stick, the squares containing it, `square_words` words each.
    membership: Vec<u64>,
    square_words: usize,
    /// The sticks taken on the current path.
    chosen: Vec<usize>,
    /// The best solution found and its size; the search looks for fewer.
    best: Option<Vec<usize>>,
    limit: u32,
    /// One intact-square list per depth, reused.
    lists: Vec<Vec<u16>>,
}

/// Solves the minimum hitting set of the squares left intact by `removed`
/// (0-based sticks).
pub fn solve<const W: usize>(
    grid: &Grid,
    removed: &[usize],
    options: Techniques,
    limits: &Limits,
) -> SearchResult<u32> {
    let masks: Vec<StickSet<W>> = grid.masks();
    let square_words = masks.len().div_ceil(64);
    let mut membership = vec![0u64; grid.stick_count() * square_words];
    for (q, sticks) in grid.squares().iter().enumerate() {
        for &s in sticks {
            membership[s as usize * square_words + q / 64] |= 1 << (q % 64);
        }
    }
    let mut search = Search {
        grid,
        masks,
        options,
        budget: Budget::new(limits),
        membership,
        square_words,
        chosen: Vec::new(),
        best: None,
        limit: limits.max_cost.map_or(u32::MAX, |max| max.saturating_add(1)),
        lists: Vec::new(),
    };
    let taken = StickSet::from_sticks(removed.iter().copied());
    let intact: Vec<u16> = grid.intact(removed).into_iter().map(|q| q as u16).collect();
    let root_bound = search.bound(&intact, &StickSet::EMPTY).map_or(0, |(bound, _)| bound);
    if options.upper_bound {
        let greedy = search.greedy(&intact);
        if (greedy.len() as u32) < search.limit {
            search.limit = greedy.len() as u32;
            search.best = Some(greedy);
        }
    }
    let group = if options.symmetry { search.group(0xFF, &taken, &StickSet::EMPTY) } else { 1 };
    let mut iterations = Vec::new();
    let mut mark = search.budget.mark(search.limit.saturating_sub(1));
    let stopped = loop {
        let before = search.limit;
        let result = search.node(0, &intact, taken, StickSet::EMPTY, group);
        iterations.push(search.budget.since(mark));
        match result {
            Err(Stop(outcome)) => break Some(outcome),
            // The search restarts only to record an iteration per improvement
            // of the best solution; it resumes at the root with the new bound.
            Ok(()) if search.limit < before => mark = search.budget.mark(search.limit.saturating_sub(1)),
            Ok(()) => break None,
        }
    };
    let iterations: Vec<Iteration> = iterations;
    match (stopped, search.best) {
        (Some(outcome), _) => search.budget.unsolved(outcome, Some(root_bound), iterations),
        (None, Some(best)) => {
            let mut sticks: Vec<u32> = best.iter().map(|&s| s as u32 + 1).collect();
            sticks.sort_unstable();
            SearchResult::solved(sticks.len() as u32, sticks, search.budget.stats(iterations))
        }
        // Both the cap and the root's bound are proven.
        (None, None) => search.budget.unsolved(Outcome::NoSolution, Some(search.limit.max(root_bound)), iterations),
    }
}

impl<const W: usize> Search<'_, W> {
    /// Searches below a node for a solution with fewer than `self.limit`
    /// sticks in all; returns early (after recording it) when one is found,
    /// so that the caller restarts with the tighter limit.
    fn node(
        &mut self,
        depth: usize,
        intact: &[u16],
        taken: StickSet<W>,
        mut forbidden: StickSet<W>,
        group: u8,
    ) -> Result<(), Stop> {
        if intact.is_empty() {
            if (self.chosen.len() as u32) < self.limit {
                self.limit = self.chosen.len() as u32;
                self.best = Some(self.chosen.clone());
            }
            return Ok(());
        }
        let room = self.limit.saturating_sub(self.chosen.len() as u32);
        if room == 0 {
            return Ok(());
        }
        if let Some(outcome) = self.budget.expand() {
            return Err(Stop(outcome));
        }
        // Symmetry is used at the root only: deeper, branching on the squares
        // with fewest orbits and holding back tied dominance cost more than
        // the orbits save (measured on full grids n = 7..12).
        let group = if group != 1 && depth == 0 { self.group(group, &taken, &forbidden) } else { 1 };
        if self.options.dominance {
            // Strict dominance commutes with the symmetries, so forbidding by
            // it keeps the group; ties are broken by stick number, which
            // does not, so they wait until the group is trivial.
            forbidden = self.dominated(intact, forbidden, group == 1);
        }
        let Some((bound, fewest)) = self.bound(intact, &forbidden) else { return Ok(()) };
        if bound >= room {
            return Ok(());
        }
        let orbits = if group != 1 {
            self.symmetric_branching(intact, &forbidden, group)
        } else {
            let square = match self.options.branching {
                Branching::Fewest => fewest,
                Branching::First => intact[0] as usize,
            };
            self.masks[square].difference(&forbidden).iter().map(|s| StickSet::EMPTY.with(s)).collect()
        };
        let orbits = self.ordered(intact, orbits);
        self.budget.generated += orbits.len() as u64;
        if self.lists.len() <= depth {
            self.lists.push(Vec::new());
        }
        let mut child = std::mem::take(&mut self.lists[depth]);
        let mut result = Ok(());
        let limit = self.limit;
        for (stick, orbit) in orbits {
            child.clear();
            child.extend(intact.iter().copied().filter(|&q| !self.masks[q as usize].contains(stick)));
            self.chosen.push(stick);
            result = self.node(depth + 1, &child, taken.with(stick), forbidden, group);
            self.chosen.pop();
            if result.is_err() || self.limit < limit {
                break;
            }
            forbidden = forbidden.union(&orbit);
        }
        self.lists[depth] = child;
        result
    }

    /// The branches, most squares hit first: a representative stick and the
    /// orbit it stands for.
    fn ordered(&self, intact: &[u16], orbits: Vec<StickSet<W>>) -> Vec<(usize, StickSet<W>)> {
        let mut branches: Vec<(u32, usize, StickSet<W>)> = orbits
            .into_iter()
            .map(|orbit| {
                let stick = orbit.iter().next().expect("orbits are not empty");
                let degree = intact.iter().filter(|&&q| self.masks[q as usize].contains(stick)).count() as u32;
                (degree, stick, orbit)
            })
            .collect();
        branches.sort_by_key(|&(degree, stick, _)| (std::cmp::Reverse(degree), stick));
        branches.into_iter().map(|(_, stick, orbit)| (stick, orbit)).collect()
    }

    /// The lower bound on the sticks still needed, and the intact square with
    /// the fewest allowed sticks; `None` when a square has none left.
    fn bound(&self, intact: &[u16], forbidden: &StickSet<W>) -> Option<(u32, usize)> {
        let mut single = StickSet::EMPTY;
        let (mut once, mut twice) = (StickSet::EMPTY, StickSet::EMPTY);
        let (mut disjoint, mut double) = (0u32, 0u32);
        let (mut fewest, mut fewest_len) = (usize::MAX, u32::MAX);
        let packing = self.options.heuristic == Heuristic::Packing;
        for &q in intact {
            let allowed = self.masks[q as usize].difference(forbidden);
            let len = allowed.len();
            if len < fewest_len {
                if len == 0 {
                    return None;
                }
                (fewest, fewest_len) = (q as usize, len);
            }
            if !allowed.intersects(&single) {
                disjoint += 1;
                single = single.union(&allowed);
            }
            if packing && !allowed.intersects(&twice) {
                double += 1;
                twice = twice.union(&once.intersection(&allowed));
                once = once.union(&allowed);
            }
        }
        Some((disjoint.max(double.div_ceil(2)), fewest))
    }

    /// `forbidden` with every dominated stick added: a stick whose intact
    /// squares are all squares of another allowed stick. With `ties`, of
    /// sticks on exactly the same squares all but the lowest-numbered go too.
    fn dominated(&self, intact: &[u16], forbidden: StickSet<W>, ties: bool) -> StickSet<W> {
        let words = self.square_words;
        let mut alive = vec![0u64; words];
        let mut candidates = StickSet::EMPTY;
        for &q in intact {
            alive[q as usize / 64] |= 1 << (q % 64);
            candidates = candidates.union(&self.masks[q as usize]);
        }
        let candidates = candidates.difference(&forbidden);
        let sticks: Vec<usize> = candidates.iter().collect();
        let mut rows = vec![0u64; sticks.len() * words];
        let mut index = vec![usize::MAX; self.grid.stick_count()];
        for (i, &s) in sticks.iter().enumerate() {
            index[s] = i;
            for w in 0..words {
                rows[i * words + w] = self.membership[s * words + w] & alive[w];
            }
        }
        let mut out = forbidden;
        for (i, &a) in sticks.iter().enumerate() {
            let row_a = &rows[i * words..(i + 1) * words];
            // Any dominator lies on the first intact square of `a`.
            let first = row_a
                .iter()
                .enumerate()
                .find(|(_, &w)| w != 0)
                .map(|(w, &bits)| 64 * w + bits.trailing_zeros() as usize);
            let Some(first) = first else { continue };
            let dominated = self.masks[first].iter().any(|b| {
                let j = index[b];
                if b == a || j == usize::MAX {
                    return false;
                }
                let row_b = &rows[j * words..(j + 1) * words];
                let subset = row_a.iter().zip(row_b).all(|(x, y)| x & !y == 0);
                subset && ((ties && b < a) || row_a != row_b)
            });
            if dominated {
                out.insert(a);
            }
        }
        out
    }

    /// The symmetries in `group` (a bit per symmetry) that map `taken` and
    /// `forbidden` onto themselves.
    fn group(&self, group: u8, taken: &StickSet<W>, forbidden: &StickSet<W>) -> u8 {
        let mut out = 1;
        for g in 1..8 {
            if group >> g & 1 == 1 && self.fixes(g, taken) && self.fixes(g, forbidden) {
                out |= 1 << g;
            }
        }
        out
    }

    fn fixes(&self, g: usize, set: &StickSet<W>) -> bool {
        set.iter().all(|s| set.contains(self.grid.symmetric(g, s)))
    }

    /// Under a nontrivial group: the orbits of the allowed sticks of the
    /// intact square that has the fewest under its stabilizer.
    fn symmetric_branching(&self, intact: &[u16], forbidden: &StickSet<W>, group: u8) -> Vec<StickSet<W>> {
        let mut best: Option<(usize, u32, usize, Vec<StickSet<W>>)> = None;
        for &q in intact {
            let square = self.masks[q as usize];
            let allowed = square.difference(forbidden);
            let stabilizer: Vec<usize> = (0..8)
                .filter(|&g| group >> g & 1 == 1 && square.iter().all(|s| square.contains(self.grid.symmetric(g, s))))
                .collect();
            let mut orbits = Vec::new();
            let mut seen = StickSet::EMPTY;
            for s in allowed.iter() {
                if !seen.contains(s) {
                    let orbit = StickSet::from_sticks(stabilizer.iter().map(|&g| self.grid.symmetric(g, s)));
                    seen = seen.union(&orbit);
                    orbits.push(orbit);
                }
            }
            let key = (orbits.len(), allowed.len());
            if best.as_ref().is_none_or(|b| key < (b.0, b.1)) {
                best = Some((orbits.len(), allowed.len(), q as usize, orbits));
            }
        }
        best.expect("a node has intact squares").3
    }

    /// A greedy hitting set: the stick on most intact squares, again and
    /// again; then every stick the others make redundant is dropped.
    fn greedy(&self, intact: &[u16]) -> Vec<usize> {
        let mut left: Vec<u16> = intact.to_vec();
        let mut chosen = Vec::new();
        let mut counts = vec![0u32; self.grid.stick_count()];
        while !left.is_empty() {
            counts.iter_mut().for_each(|c| *c = 0);
            for &q in &left {
                for &s in &self.grid.squares()[q as usize] {
                    counts[s as usize] += 1;
                }
            }
            let stick = (0..counts.len()).max_by_key(|&s| (counts[s], std::cmp::Reverse(s))).expect("sticks");
            chosen.push(stick);
            left.retain(|&q| !self.masks[q as usize].contains(stick));
        }
        for i in (0..chosen.len()).rev() {
            let without =
                StickSet::<W>::from_sticks(chosen.iter().enumerate().filter(|&(j, _)| j != i).map(|(_, &s)| s));
            if intact.iter().all(|&q| self.masks[q as usize].intersects(&without)) {
                chosen.remove(i);
            }
        }
        chosen
    }
}
