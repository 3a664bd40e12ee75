//! Pattern databases of a permutation puzzle's projections: what a
//! position looks like when only some of it is seen, with the fewest moves
//! from each projected position to the projected goal, found by a
//! breadth-first search of the projection from the goal. A move of the
//! puzzle is a move of every projection, so each table's distance is a
//! lower bound on the puzzle's, and so is the largest of them.
//!
//! A projection is a product of coordinates, each one part of one set: the
//! arrangement of its labelled pieces (pieces not kept share a blank
//! label), or its orientations place by place. A coordinate numbers the
//! part's reachable values densely and tabulates every turn's action on
//! them, so a table's search steps by lookups, not by moving pieces; and
//! its index runs over the last coordinate innermost, so that the children
//! of a block of entries by one turn fall in one other block, which keeps
//! the search's memory accesses near each other and lets blocks be
//! searched in parallel.

use std::sync::atomic::{AtomicBool, AtomicU8, Ordering::Relaxed};

use rayon::prelude::*;

use std::path::Path;

use super::compiled::{Compiled, Position, MAX_PLACES};
use crate::puzzle::{Progress, Report};
use crate::{cache, Interrupt, Result};

/// The version of the stored tables' format: raised whenever what a table
/// holds at an index changes (how coordinates rank and number values).
const TABLE_FORMAT_VERSION: u32 = 2;

/// Not reached (yet); also the distance of a position no table reaches.
pub(crate) const UNSEEN: u8 = u8::MAX;
/// The most values a part's rank may take for its coordinate to be built
/// (its dense numbering keeps one `u32` per rank).
const MAX_PART_RANKS: u64 = 1 << 26;
/// The most values a coordinate may have (its turns' table keeps a `u32`
/// per value and turn while a table is built).
pub(crate) const MAX_COORDINATE: u64 = 1 << 22;
/// Entries of a block searched between two looks at the interrupt.
const POLL_EVERY: usize = 1 << 16;

/// For each divisor `d` up to [`MAX_PLACES`]: its factors of two, and the
/// inverse of its odd part modulo 2^64.
const DIVISORS: [(u32, u64); MAX_PLACES + 1] = {
    let mut table = [(0, 0); MAX_PLACES + 1];
    let mut d = 1;
    while d <= MAX_PLACES {
        let shift = (d as u64).trailing_zeros();
        let odd = (d as u64) >> shift;
        // Newton's iteration doubles the correct low bits each step: 3, 6,
        // 12, 24, 48, 96.
        let mut inverse = odd;
        let mut step = 0;
        while step < 5 {
            inverse = inverse.wrapping_mul(2u64.wrapping_sub(odd.wrapping_mul(inverse)));
            step += 1;
        }
        table[d] = (shift, inverse);
        d += 1;
    }
    table
};

/// `x / d` for a `d` (at most [`MAX_PLACES`]) known to divide `x`: a
/// multiplication, as ranking does it for every place of every position a
/// search looks up.
#[inline]
pub(crate) fn exact_quotient(x: u64, d: u64) -> u64 {
    let (shift, inverse) = DIVISORS[d as usize];
    (x >> shift).wrapping_mul(inverse)
}

/// The interrupt stopped a build.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Stopped;

/// One part of one set, as a coordinate sees it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Part {
    set: usize,
    /// The pieces' arrangement: each piece's label (0 for pieces not told
    /// apart), and how many pieces bear each label in the goal. `None` for
    /// the orientations.
    labels: Option<(Vec<u8>, Vec<u8>)>,
    /// Where every kept piece differs from every other: the weight of each
    /// kept piece's place in the rank, which then numbers the kept pieces'
    /// places as a partial permutation (no division, as a multiset's needs).
    weights: Option<Vec<u64>>,
    /// Whether it is the orientations of the kept pieces (by label, not by
    /// place) rather than their arrangement: a coordinate whose turns depend
    /// on the arrangement, which tells where each kept piece is.
    kept_twists: bool,
    /// The set's first place, places and orientations.
    start: usize,
    size: usize,
    orientations: u8,
}

impl Part {
    fn of(puzzle: &Compiled, set: usize, labels: Option<(Vec<u8>, Vec<u8>)>) -> Part {
        let start = puzzle.offsets[set];
        let size = puzzle.offsets[set + 1] - start;
        let orientations = puzzle.description.sets[set].orientations;
        // The kept pieces' places in turn: the first of k pieces has `size`
        // places to choose from, with (size - 1)! / (size - k)! ways for the
        // rest.
        let weights = labels.as_ref().filter(|(_, counts)| counts[1..].iter().all(|&count| count == 1)).and_then(
            |(_, counts)| {
                let kept = counts.len() - 1;
                let mut weights = vec![1u64; kept];
                for j in (0..kept.saturating_sub(1)).rev() {
                    weights[j] = weights[j + 1].checked_mul((size - 1 - j) as u64)?;
                }
                Some(weights)
            },
        );
        Part { set, labels, weights, kept_twists: false, start, size, orientations }
    }

    /// The arrangement of set `set`'s pieces for which `kept` is true (each
    /// told apart from the others, as the goal tells them: equal pieces
    /// stay equal); the rest blank.
    pub(crate) fn pieces(puzzle: &Compiled, set: usize, kept: impl Fn(u8) -> bool) -> Part {
        let start = puzzle.offsets[set];
        let goal = &puzzle.solved().pieces[start..puzzle.offsets[set + 1]];
        let mut ids: Vec<u8> = goal.iter().copied().filter(|&piece| kept(piece)).collect();
        ids.sort_unstable();
        ids.dedup();
        let mut labels = vec![0u8; 256];
        for (label, &id) in (1..).zip(&ids) {
            labels[usize::from(id)] = label;
        }
        let mut counts = vec![0u8; ids.len() + 1];
        for &piece in goal {
            counts[usize::from(labels[usize::from(piece)])] += 1;
        }
        Part::of(puzzle, set, Some((labels, counts)))
    }

    /// The orientations of set `set`'s pieces for which `kept` is true
    /// (pieces that differ from each other), piece by piece.
    pub(crate) fn twists_of(puzzle: &Compiled, set: usize, kept: impl Fn(u8) -> bool) -> Part {
        Part { kept_twists: true, ..Part::pieces(puzzle, set, kept) }
    }

    /// Set `set`'s orientations, place by place.
    pub(crate) fn orientations(puzzle: &Compiled, set: usize) -> Part {
        Part::of(puzzle, set, None)
    }

    /// How many values its rank may take, if that fits 64 bits.
    pub(crate) fn ranks(&self) -> Option<u64> {
        if self.kept_twists {
            let kept = self.weights.as_ref()?.len();
            return u64::from(self.orientations).checked_pow(kept as u32);
        }
        match &self.labels {
            // n! / (c0! c1! ...), as a product of binomials, each exact.
            Some((_, counts)) => {
                let mut total: u128 = 1;
                let mut placed: u128 = 0;
                for &count in counts {
                    for k in 1..=u128::from(count) {
                        placed += 1;
                        total = total.checked_mul(placed)? / k;
                    }
                }
                u64::try_from(total).ok()
            }
            None => u64::from(self.orientations).checked_pow(self.size as u32),
        }
    }

    /// The solved places of the pieces it sees, as a mask: those of the
    /// pieces it tells apart, or every place of its set for orientations
    /// read place by place.
    pub(crate) fn kept_places(&self, puzzle: &Compiled) -> u64 {
        let goal = &puzzle.solved().pieces[self.start..self.start + self.size];
        (0..self.size)
            .filter(|&place| self.labels.as_ref().is_none_or(|(labels, _)| labels[usize::from(goal[place])] != 0))
            .fold(0u64, |mask, place| mask | 1 << (self.start + place))
    }

    /// Whether it tells more than one value apart.
    pub(crate) fn informative(&self) -> bool {
        self.ranks().is_some_and(|ranks| ranks > 1)
    }

    /// The rank of a part given as its labels row (for an arrangement) or
    /// orientations row.
    pub(crate) fn rank_row(&self, row: &[u8]) -> u64 {
        if let Some(weights) = &self.weights {
            let mut at = [0u8; MAX_PLACES];
            for (place, &label) in row.iter().enumerate() {
                if label != 0 {
                    at[usize::from(label) - 1] = place as u8;
                }
            }
            return Part::rank_places(&at, weights);
        }
        match &self.labels {
            Some((_, goal_counts)) => {
                let mut counts = [0u8; MAX_PLACES + 1];
                counts[..goal_counts.len()].copy_from_slice(goal_counts);
                let mut remaining = self.size as u64;
                let mut block = self.ranks().expect("a built coordinate's ranks fit");
                let mut index = 0u64;
                for &label in row {
                    let label = usize::from(label);
                    let before: u64 = counts[..label].iter().map(|&count| u64::from(count)).sum();
                    index += exact_quotient(block * before, remaining);
                    block = exact_quotient(block * u64::from(counts[label]), remaining);
                    counts[label] -= 1;
                    remaining -= 1;
                }
                index
            }
            None => row.iter().fold(0u64, |acc, &t| acc * u64::from(self.orientations) + u64::from(t)),
        }
    }

    /// The row of a rank (the inverse of `rank_row`).
    pub(crate) fn unrank_row(&self, mut index: u64, row: &mut [u8]) {
        if let Some(weights) = &self.weights {
            row.fill(0);
            for (label, &weight) in (1..).zip(weights) {
                let mut free = index / weight;
                index %= weight;
                let place = (0..row.len())
                    .find(|&place| {
                        if row[place] != 0 {
                            return false;
                        }
                        free = free.wrapping_sub(1);
                        free == u64::MAX
                    })
                    .expect("a rank below the count has a free place");
                row[place] = label;
            }
            return;
        }
        match &self.labels {
            Some((_, goal_counts)) => {
                let mut counts = goal_counts.clone();
                let mut remaining = self.size as u64;
                let mut block = self.ranks().expect("fits");
                for place in row.iter_mut() {
                    for (label, count) in counts.iter_mut().enumerate() {
                        if *count == 0 {
                            continue;
                        }
                        let part = exact_quotient(block * u64::from(*count), remaining);
                        if index < part {
                            *place = label as u8;
                            block = part;
                            *count -= 1;
                            break;
                        }
                        index -= part;
                    }
                    remaining -= 1;
                }
            }
            None => {
                for t in row.iter_mut().rev() {
                    *t = (index % u64::from(self.orientations)) as u8;
                    index /= u64::from(self.orientations);
                }
            }
        }
    }

    /// The rank of distinct kept pieces at places `at` (the first kept
    /// piece's place first) as a partial permutation.
    #[inline]
    fn rank_places(at: &[u8], weights: &[u64]) -> u64 {
        let mut used = 0u64;
        let mut index = 0u64;
        for (&place, &weight) in at.iter().zip(weights) {
            let taken_below = (used & ((1u64 << place) - 1)).count_ones();
            index += u64::from(u32::from(place) - taken_below) * weight;
            used |= 1 << place;
        }
        index
    }

    /// The rank of `position`'s part.
    #[inline]
    fn rank(&self, position: &Position) -> u64 {
        let places = self.start..self.start + self.size;
        if let (true, Some((labels, _))) = (self.kept_twists, &self.labels) {
            let m = u64::from(self.orientations);
            let mut twists = [0u8; MAX_PLACES];
            for (&piece, &twist) in position.pieces[places.clone()].iter().zip(&position.twists[places]) {
                twists[usize::from(labels[usize::from(piece)])] = twist;
            }
            let kept = self.weights.as_ref().map_or(0, Vec::len);
            return twists[1..=kept].iter().rev().fold(0, |acc, &t| acc * m + u64::from(t));
        }
        if let (Some(weights), Some((labels, _))) = (&self.weights, &self.labels) {
            let mut at = [0u8; MAX_PLACES];
            for (place, &piece) in position.pieces[places].iter().enumerate() {
                let label = labels[usize::from(piece)];
                if label != 0 {
                    at[usize::from(label) - 1] = place as u8;
                }
            }
            return Part::rank_places(&at, weights);
        }
        match &self.labels {
            Some((labels, _)) => {
                let mut row = [0u8; MAX_PLACES];
                for (label, &piece) in row.iter_mut().zip(&position.pieces[places]) {
                    *label = labels[usize::from(piece)];
                }
                self.rank_row(&row[..self.size])
            }
            None => self.rank_row(&position.twists[places]),
        }
    }

    /// What it keeps, in words.
    fn describe(&self, puzzle: &Compiled) -> String {
        let name = &puzzle.description.sets[self.set].name;
        match &self.labels {
            _ if self.kept_twists => {
                Part { kept_twists: false, ..self.clone() }.describe(puzzle).replace("pieces", "orientations of pieces")
            }
            None => format!("{name}: orientations"),
            Some((_, counts)) if counts[0] == 0 => format!("{name}: pieces"),
            Some((labels, _)) => {
                // Numbered from 1, as the description numbers them.
                let kept: Vec<String> = (0..=255u8)
                    .filter(|&id| labels[usize::from(id)] != 0)
                    .map(|id| (u16::from(id) + 1).to_string())
                    .collect();
                format!("{name}: pieces {}", kept.join(" "))
            }
        }
    }
}

/// A part's values and each turn's action on them: the reachable ranks
/// numbered densely from the goal's for a part of few ranks, every rank
/// its own number otherwise (found without a search, in parallel).
#[derive(Debug, Clone)]
pub(crate) struct Coordinate {
    part: Part,
    /// The number of each rank, `u32::MAX` for a rank not reachable; `None`
    /// where every rank is its own number.
    numbers: Option<Vec<u32>>,
    /// `moves[value * turns + turn]`: the value `turn` takes `value` to
    /// (emptied once its table is built).
    moves: Vec<u32>,
    turns: usize,
    len: usize,
    /// `deltas[value * turns + turn]`: for an arrangement whose kept
    /// pieces' orientations a table also holds, how a turn changes those
    /// orientations (as a value of theirs); empty otherwise.
    deltas: Vec<u16>,
    /// Whether it is a kept pieces' orientations: `moves[delta * len +
    /// value]` is then `value` changed by `delta`.
    coupled: bool,
    /// Whether `deltas` are wanted: its kept pieces' orientations are
    /// tabled with it.
    with_deltas: bool,
}

/// The most values of a kept pieces' orientations (its table of changes
/// has the square of that many entries).
const MAX_KEPT_TWISTS: u64 = 1 << 10;

/// Ranks of a part numbered by a search of the part, not one each.
const SEARCHED_RANKS: u64 = 1 << 16;

/// Each turn as it acts on one part's set alone: where each place's piece
/// comes from, and the twist it gains.
struct LocalTurns {
    turns: Vec<(Vec<usize>, Vec<u8>)>,
}

impl LocalTurns {
    fn new(puzzle: &Compiled, part: &Part) -> LocalTurns {
        let (start, size) = (part.start, part.size);
        let turns = puzzle
            .turns
            .iter()
            .map(|turn| {
                let sources = (start..start + size).map(|place| usize::from(turn.source[place]) - start).collect();
                (sources, turn.twist[start..start + size].to_vec())
            })
            .collect();
        LocalTurns { turns }
    }

    /// The ranks each turn takes the row `row` to.
    fn children<'a>(&'a self, part: &'a Part, row: &'a [u8], next: &'a mut [u8]) -> impl Iterator<Item = u64> + 'a {
        self.turns.iter().map(move |(sources, twists)| {
            match part.labels {
                Some(_) => {
                    for (to, &from) in next.iter_mut().zip(sources) {
                        *to = row[from];
                    }
                }
                None => {
                    for ((to, &from), &twist) in next.iter_mut().zip(sources).zip(twists) {
                        *to = (row[from] + twist) % part.orientations;
                    }
                }
            }
            part.rank_row(next)
        })
    }

    /// How each turn changes the orientations of the kept pieces of the
    /// row `row` (an arrangement), as a value of those orientations: the
    /// twist each gains where it lands.
    fn deltas<'a>(&'a self, part: &'a Part, row: &'a [u8]) -> impl Iterator<Item = u16> + 'a {
        let m = u16::from(part.orientations);
        self.turns.iter().map(move |(sources, twists)| {
            let mut gained = [0u8; MAX_PLACES + 1];
            for (&from, &twist) in sources.iter().zip(twists) {
                gained[usize::from(row[from])] = twist;
            }
            let kept = part.weights.as_ref().map_or(0, Vec::len);
            gained[1..=kept].iter().rev().fold(0, |acc, &t| acc * m + u16::from(t))
        })
    }
}

impl Coordinate {
    /// Numbers `part`'s values and tabulates the turns: `None` when it has
    /// too many ranks or values.
    pub(crate) fn build(
        puzzle: &Compiled,
        part: Part,
        interrupt: Option<Interrupt>,
    ) -> std::result::Result<Option<Coordinate>, Stopped> {
        Coordinate::build_with(puzzle, part, false, interrupt)
    }

    /// The arrangement of the kept pieces of `kept` (a part of
    /// [`Part::twists_of`]) and their orientations, the second's turns
    /// following the first's: `None` when either has too many values.
    pub(crate) fn build_coupled(
        puzzle: &Compiled,
        kept: Part,
        interrupt: Option<Interrupt>,
    ) -> std::result::Result<Option<[Coordinate; 2]>, Stopped> {
        let Some(len) = kept.ranks().filter(|&ranks| ranks <= MAX_KEPT_TWISTS).map(|ranks| ranks as usize) else {
            return Ok(None);
        };
        let arrangement = Part { kept_twists: false, ..kept.clone() };
        let Some(arrangement) = Coordinate::build_with(puzzle, arrangement, true, interrupt)? else {
            return Ok(None);
        };
        // Orientations change by adding a delta to each kept piece's.
        let m = u32::from(kept.orientations);
        let digits = |mut value: usize| {
            (0..kept.weights.as_ref().map_or(0, Vec::len)).map(move |_| {
                let digit = value as u32 % m;
                value /= m as usize;
                digit
            })
        };
        let mut moves = Vec::with_capacity(len * len);
        for delta in 0..len {
            for value in 0..len {
                let sum: Vec<u32> = digits(delta).zip(digits(value)).map(|(d, v)| (d + v) % m).collect();
                moves.push(sum.iter().rev().fold(0, |acc, &t| acc * m + t));
            }
        }
        let turns = arrangement.turns;
        let twists = Coordinate {
            part: kept,
            numbers: None,
            moves,
            turns,
            len,
            deltas: Vec::new(),
            coupled: true,
            with_deltas: false,
        };
        Ok(Some([arrangement, twists]))
    }

    fn build_with(
        puzzle: &Compiled,
        part: Part,
        with_deltas: bool,
        interrupt: Option<Interrupt>,
    ) -> std::result::Result<Option<Coordinate>, Stopped> {
        let Some(ranks) = part.ranks().filter(|&ranks| ranks <= MAX_PART_RANKS) else {
            return Ok(None);
        };
        let local = LocalTurns::new(puzzle, &part);
        let turns = local.turns.len();
        let size = part.size;
        if ranks > SEARCHED_RANKS {
            if ranks > MAX_COORDINATE {
                return Ok(None);
            }
            // Its turns are tabulated when a table is built
            // ([`tabulated`](Coordinate::tabulated)): not at all when the
            // table is loaded.
            let len = ranks as usize;
            return Ok(Some(Coordinate {
                part,
                numbers: None,
                moves: Vec::new(),
                turns,
                len,
                deltas: Vec::new(),
                coupled: false,
                with_deltas,
            }));
        }
        let mut numbers = vec![u32::MAX; ranks as usize];
        let goal = part.rank(&puzzle.solved());
        numbers[goal as usize] = 0;
        let mut values = vec![goal];
        let mut moves: Vec<u32> = Vec::new();
        let mut deltas: Vec<u16> = Vec::new();
        let (mut row, mut next) = (vec![0u8; size], vec![0u8; size]);
        let mut value = 0;
        while value < values.len() {
            if value % POLL_EVERY == POLL_EVERY - 1 && interrupt.is_some_and(|stop| stop()) {
                return Err(Stopped);
            }
            part.unrank_row(values[value], &mut row);
            for reached in local.children(&part, &row, &mut next) {
                let reached = reached as usize;
                if numbers[reached] == u32::MAX {
                    numbers[reached] = values.len() as u32;
                    values.push(reached as u64);
                }
                moves.push(numbers[reached]);
            }
            if with_deltas {
                deltas.extend(local.deltas(&part, &row));
            }
            value += 1;
        }
        let len = values.len();
        Ok(Some(Coordinate { part, numbers: Some(numbers), moves, turns, len, deltas, coupled: false, with_deltas }))
    }

    /// This coordinate with its turns tabulated, where its values are its
    /// ranks and they are not yet (computed in parallel, rank by rank).
    fn tabulated(
        mut self,
        puzzle: &Compiled,
        interrupt: Option<Interrupt>,
    ) -> std::result::Result<Coordinate, Stopped> {
        if self.numbers.is_some() || !self.moves.is_empty() || self.part.kept_twists {
            return Ok(self);
        }
        let with_deltas = self.with_deltas;
        let (part, turns, len) = (&self.part, self.turns, self.len);
        let local = LocalTurns::new(puzzle, part);
        let size = part.size;
        let mut moves = vec![0u32; len * turns];
        let mut deltas = vec![0u16; if with_deltas { len * turns } else { 0 }];
        let stopped = AtomicBool::new(false);
        moves.par_chunks_mut(turns * POLL_EVERY).enumerate().for_each_init(
            || (vec![0u8; size], vec![0u8; size]),
            |(row, next), (chunk, out)| {
                if stopped.load(Relaxed) || interrupt.is_some_and(|stop| stop()) {
                    stopped.store(true, Relaxed);
                    return;
                }
                for (i, out) in out.chunks_exact_mut(turns).enumerate() {
                    part.unrank_row((chunk * POLL_EVERY + i) as u64, row);
                    for (slot, reached) in out.iter_mut().zip(local.children(part, row, next)) {
                        *slot = reached as u32;
                    }
                }
            },
        );
        deltas.par_chunks_mut(turns * POLL_EVERY).enumerate().for_each_init(
            || vec![0u8; size],
            |row, (chunk, out)| {
                if stopped.load(Relaxed) || interrupt.is_some_and(|stop| stop()) {
                    stopped.store(true, Relaxed);
                    return;
                }
                for (i, out) in out.chunks_exact_mut(turns).enumerate() {
                    part.unrank_row((chunk * POLL_EVERY + i) as u64, row);
                    for (slot, delta) in out.iter_mut().zip(local.deltas(part, row)) {
                        *slot = delta;
                    }
                }
            },
        );
        if stopped.into_inner() {
            return Err(Stopped);
        }
        self.moves = moves;
        self.deltas = deltas;
        Ok(self)
    }

    /// `position`'s value, `None` when no move reaches it.
    #[inline]
    fn value(&self, position: &Position) -> Option<usize> {
        let rank = self.part.rank(position) as usize;
        match &self.numbers {
            Some(numbers) => (numbers[rank] != u32::MAX).then_some(numbers[rank] as usize),
            None => Some(rank),
        }
    }

    /// The value `turn` takes `value` to.
    #[inline]
    fn turned(&self, value: usize, turn: usize) -> usize {
        self.moves[value * self.turns + turn] as usize
    }
}

/// One level's work on one block of a table's search: given the block's
/// entries, the offsets of those it works on and where each turn takes the
/// block, how many entries it reached.
type BlockLevel<'a> = dyn Fn(&[AtomicU8], &[u32], &[(usize, usize)]) -> u64 + Sync + 'a;

/// A projection's pattern database: the distance of each projected
/// position (the product of its coordinates) from the projected goal.
#[derive(Debug, Clone)]
pub(crate) struct Table {
    coordinates: Vec<Coordinate>,
    distances: Vec<u8>,
}

/// Who hears how a build of one of several tables goes: `report`, told
/// which table it is.
#[derive(Clone, Copy)]
pub(crate) struct Told<'a> {
    pub(crate) report: Report<'a>,
    pub(crate) task: usize,
    pub(crate) tasks: usize,
}

impl Told<'_> {
    /// Tells of a layer finished; true when the report asks to stop.
    fn layer(self, layer: u32, reached: u64, total: u64) -> bool {
        (self.report)(Progress { task: self.task, tasks: self.tasks, layer, reached, total })
    }
}

impl Table {
    /// How many entries the product of `coordinates` has, if that fits.
    pub(crate) fn entries(coordinates: &[Coordinate]) -> Option<u64> {
        coordinates.iter().try_fold(1u64, |product, coordinate| product.checked_mul(coordinate.len as u64))
    }

    /// Builds the table by a breadth-first search from the goal, telling
    /// `told` of each layer; `None` when the interrupt (or `told`'s report)
    /// stopped it. The caller has checked its size.
    pub(crate) fn build(
        puzzle: &Compiled,
        coordinates: Vec<Coordinate>,
        interrupt: Option<Interrupt>,
        told: Option<Told>,
    ) -> Result<Option<Table>> {
        let coordinates: Vec<Coordinate> =
            match coordinates.into_iter().map(|coordinate| coordinate.tabulated(puzzle, interrupt)).collect() {
                Ok(coordinates) => coordinates,
                Err(Stopped) => return Ok(None),
            };
        let entries = usize::try_from(Table::entries(&coordinates).expect("checked")).expect("fits memory");
        let mut distances = vec![UNSEEN; entries];
        let goal = Table::index_of(&coordinates, &puzzle.solved()).expect("the goal is reached");
        distances[goal] = 0;
        let (inner, outer) = coordinates.split_last().expect("a table has a coordinate");
        let block = inner.len;
        let blocks = entries / block;
        let turns = puzzle.turns.len();
        // The outer coordinates' strides, in blocks.
        let mut strides = vec![1usize; outer.len()];
        for c in (0..outer.len().saturating_sub(1)).rev() {
            strides[c] = strides[c + 1] * outer[c + 1].len;
        }
        // The block a turn takes block `b` to.
        let turned_block = |b: usize, turn: usize| -> usize {
            outer
                .iter()
                .zip(&strides)
                .map(|(coordinate, &stride)| coordinate.turned(b / stride % coordinate.len, turn) * stride)
                .sum()
        };
        // Where a kept pieces' orientations (the inner coordinate) find how
        // a turn changes them: their arrangement's deltas.
        let coupling = inner.coupled.then(|| {
            let c =
                outer.iter().position(|coordinate| !coordinate.deltas.is_empty()).expect("coupled to an arrangement");
            (&outer[c], strides[c])
        });
        // Each turn's target block (in entries) and, for coupled inner
        // coordinates, the row of changes its delta selects.
        let targets = |b: usize, to: &mut Vec<(usize, usize)>| {
            to.clear();
            to.extend((0..turns).map(|turn| {
                let shift = coupling.map_or(0, |(arrangement, stride)| {
                    usize::from(arrangement.deltas[(b / stride % arrangement.len) * turns + turn]) * block
                });
                (turned_block(b, turn) * block, shift)
            }));
        };
        // The entry a turn (its target and shift) takes offset `o` of a block to.
        let child = |o: usize, turn: usize, &(to, shift): &(usize, usize)| -> usize {
            if inner.coupled {
                to + inner.moves[shift + o] as usize
            } else {
                to + inner.turned(o, turn)
            }
        };
        // SAFETY: an `AtomicU8` has the layout of a `u8`, and `distances` is
        // borrowed here alone until `cells` is dropped.
        let cells: &[AtomicU8] =
            unsafe { std::slice::from_raw_parts(distances.as_mut_ptr() as *const AtomicU8, distances.len()) };
        let stopped = AtomicBool::new(false);
        let poll = |done: usize| {
            if done % POLL_EVERY < block && interrupt.is_some_and(|stop| stop()) {
                stopped.store(true, Relaxed);
            }
            stopped.load(Relaxed)
        };
        let (mut frontier, mut seen) = (1u64, 1u64);
        for depth in 0..UNSEEN - 1 {
            if frontier == 0 {
                break;
            }
            let next = depth + 1;
            let unseen = entries as u64 - seen;
            // Runs `level` on every block with an entry `wanted`, given the
            // block, the offsets of those entries and where each turn takes
            // the block (in entries), in parallel; adds up what it counts.
            let each_block = |wanted: u8, level: &BlockLevel| -> u64 {
                (0..blocks)
                    .into_par_iter()
                    .map_init(
                        || (Vec::new(), Vec::new()),
                        |(offsets, to): &mut (Vec<u32>, Vec<(usize, usize)>), b| {
                            let own = &cells[b * block..(b + 1) * block];
                            if poll(b * block) {
                                return 0;
                            }
                            offsets.clear();
                            offsets.extend((0..block as u32).filter(|&o| own[o as usize].load(Relaxed) == wanted));
                            if offsets.is_empty() {
                                return 0;
                            }
                            targets(b, to);
                            level(own, offsets, to)
                        },
                    )
                    .sum()
            };
            let found = if frontier.saturating_mul(2) < unseen {
                // Forward: each entry at `depth` marks its unseen children.
                each_block(depth, &|_, offsets, to| {
                    let mut new = 0;
                    for &o in offsets {
                        for (turn, to) in to.iter().enumerate() {
                            let child = &cells[child(o as usize, turn, to)];
                            if child.load(Relaxed) == UNSEEN
                                && child.compare_exchange(UNSEEN, next, Relaxed, Relaxed).is_ok()
                            {
                                new += 1;
                            }
                        }
                    }
                    new
                })
            } else {
                // Backward: each unseen entry looks for a parent at `depth`
                // (every turn's inverse is a turn, so its parents are its
                // children); it writes only its own block.
                each_block(UNSEEN, &|own, offsets, to| {
                    let mut new = 0;
                    for &o in offsets {
                        let reached = to
                            .iter()
                            .enumerate()
                            .any(|(turn, to)| cells[child(o as usize, turn, to)].load(Relaxed) == depth);
                        if reached {
                            own[o as usize].store(next, Relaxed);
                            new += 1;
                        }
                    }
                    new
                })
            };
            if stopped.load(Relaxed) {
                return Ok(None);
            }
            frontier = found;
            seen += frontier;
            if told.is_some_and(|told| told.layer(u32::from(next), seen, entries as u64)) {
                return Ok(None);
            }
        }
        Ok(Some(Table { coordinates: Table::without_moves(coordinates), distances }))
    }

    /// The table from the cache directory `cache` when a sound copy is
    /// there, else built (and stored there); `None` when the interrupt
    /// stopped the build.
    pub(crate) fn cached(
        puzzle: &Compiled,
        coordinates: Vec<Coordinate>,
        cache: Option<&Path>,
        interrupt: Option<Interrupt>,
        told: Option<Told>,
    ) -> Result<Option<Table>> {
        let Some(dir) = cache else {
            return Table::build(puzzle, coordinates, interrupt, told);
        };
        // What the distances depend on: the turns (and so the metric), the
        // goal, what the table keeps and how its coordinates number their
        // values (TABLE_FORMAT_VERSION, raised whenever that numbering
        // changes).
        let mut identity = Vec::new();
        for turn in &puzzle.turns {
            identity.extend_from_slice(&turn.source);
            identity.extend_from_slice(&turn.twist);
        }
        identity.extend_from_slice(&puzzle.modulus);
        let solved = puzzle.solved();
        identity.extend_from_slice(&solved.pieces[..puzzle.places()]);
        identity.extend_from_slice(&solved.twists[..puzzle.places()]);
        // And how each coordinate numbers its values, so that a file from a
        // build that numbered them otherwise is never read as this one.
        for coordinate in &coordinates {
            identity.extend_from_slice(&(coordinate.len as u64).to_le_bytes());
            identity.push(u8::from(coordinate.numbers.is_some()));
        }
        let what = Table::what(&coordinates, puzzle);
        let mut header = b"IDASTAR-PERMUTATION-TABLE\0".to_vec();
        header.extend_from_slice(&TABLE_FORMAT_VERSION.to_le_bytes());
        header.extend_from_slice(&cache::checksum(&identity).to_le_bytes());
        header.extend_from_slice(what.as_bytes());
        header.push(0);
        let path = dir.join(format!("permutation-{:016x}.bin", cache::checksum(&header)));
        let entries = usize::try_from(Table::entries(&coordinates).expect("checked")).expect("fits memory");
        let stopped = || interrupt.is_some_and(|stop| stop());
        match cache::load_table_until(&path, &header, entries, &stopped) {
            // A table read is no build: the report hears of builds only.
            Ok(distances) => Ok(Some(Table { coordinates: Table::without_moves(coordinates), distances })),
            Err(reason) if reason == cache::STOPPED => Ok(None),
            Err(_) => {
                let Some(table) = Table::build(puzzle, coordinates, interrupt, told)? else {
                    return Ok(None);
                };
                if let Err(error) = cache::save_table_until(&path, &header, &table.distances, &stopped) {
                    // A cache that cannot be written only costs a rebuild next time.
                    cache::note_unkept(dir, &error);
                }
                Ok(Some(table))
            }
        }
    }

    /// The coordinates, their turns' tables (needed only by a build) dropped.
    fn without_moves(mut coordinates: Vec<Coordinate>) -> Vec<Coordinate> {
        for coordinate in &mut coordinates {
            coordinate.moves = Vec::new();
            coordinate.deltas = Vec::new();
        }
        coordinates
    }

    /// The entry of `position`'s projection, `None` where no move reaches it.
    #[inline]
    fn index_of(coordinates: &[Coordinate], position: &Position) -> Option<usize> {
        coordinates
            .iter()
            .try_fold(0usize, |index, coordinate| Some(index * coordinate.len + coordinate.value(position)?))
    }

    /// The table's distance of `position`'s projection ([`UNSEEN`] where
    /// no move reaches it).
    #[inline]
    pub(crate) fn distance(&self, position: &Position) -> u32 {
        Table::index_of(&self.coordinates, position).map_or(u32::from(UNSEEN), |index| u32::from(self.distances[index]))
    }

    /// How many entries it has.
    pub(crate) fn len(&self) -> usize {
        self.distances.len()
    }

    /// The solved places of the pieces it sees, as a mask.
    pub(crate) fn kept_places(&self, puzzle: &Compiled) -> u64 {
        self.coordinates.iter().fold(0, |mask, coordinate| mask | coordinate.part.kept_places(puzzle))
    }

    /// The sets it sees.
    pub(crate) fn sets(&self) -> impl Iterator<Item = usize> + '_ {
        self.coordinates.iter().map(|coordinate| coordinate.part.set)
    }

    /// What it projects, in words.
    pub(crate) fn describe(&self, puzzle: &Compiled) -> String {
        Table::what(&self.coordinates, puzzle)
    }

    /// What a table of `coordinates` projects, in words.
    fn what(coordinates: &[Coordinate], puzzle: &Compiled) -> String {
        let parts: Vec<String> = coordinates.iter().map(|coordinate| coordinate.part.describe(puzzle)).collect();
        // "CORNER: pieces" and "CORNER: orientations" read as one set's whole.
        if let [pieces, orientations] = &parts[..] {
            if orientations == &pieces.replace(": pieces", ": orientations of pieces") {
                return format!("{pieces} with their orientations");
            }
            if let (Some(name), Some(other)) =
                (pieces.strip_suffix(": pieces"), orientations.strip_suffix(": orientations"))
            {
                if name == other {
                    return format!("{name}: pieces and orientations");
                }
            }
        }
        parts.join(" x ")
    }

    /// How many projected positions lie at each distance.
    pub(crate) fn layers(&self) -> Vec<u64> {
        let mut layers = vec![0u64; usize::from(UNSEEN) + 1];
        for &d in &self.distances {
            layers[usize::from(d)] += 1;
        }
        let deepest = layers[..usize::from(UNSEEN)].iter().rposition(|&count| count > 0).unwrap_or(0);
        layers.truncate(deepest + 1);
        layers
    }
}

/// The projections whose tables a puzzle's search consults, each as its
/// coordinates, every table of at most `entries` entries: for each set the
/// whole set when it fits, else its pieces (all, or in groups of as many
/// as fit) and its orientations apart; the orientations of every set
/// together when they fit.
pub(crate) fn projections(
    puzzle: &Compiled,
    entries: u64,
    interrupt: Option<Interrupt>,
) -> std::result::Result<Vec<Vec<Coordinate>>, Stopped> {
    let fits = |coordinates: &[Coordinate]| Table::entries(coordinates).is_some_and(|size| size <= entries);
    let mut chosen = Vec::new();
    let mut orientations_alone = Vec::new();
    // Every set's orientations, for a table of them all together.
    let mut every_orientation = Vec::new();
    for set in 0..puzzle.description.sets.len() {
        let pieces = Part::pieces(puzzle, set, |_| true);
        let pieces = if pieces.informative() { Coordinate::build(puzzle, pieces, interrupt)? } else { None };
        let twists = Part::orientations(puzzle, set);
        let twists = if twists.informative() { Coordinate::build(puzzle, twists, interrupt)? } else { None };
        match (pieces, twists) {
            // Sized by their lengths: a clone of each would copy its turns' table.
            (Some(pieces), Some(twists))
                if (pieces.len as u64).checked_mul(twists.len as u64).is_some_and(|size| size <= entries) =>
            {
                every_orientation.push(twists.clone());
                chosen.push(vec![pieces, twists]);
                continue;
            }
            (Some(pieces), twists) if fits(std::slice::from_ref(&pieces)) => {
                chosen.push(vec![pieces]);
                every_orientation.extend(twists.clone());
                orientations_alone.extend(twists);
                continue;
            }
            (_, twists) => {
                every_orientation.extend(twists.clone());
                orientations_alone.extend(twists);
            }
        }
        // The pieces in groups, each as many (in the goal's order) as fit:
        // with their orientations where pieces turn and differ from each
        // other (Korf's edge tables of the cube), alone otherwise.
        let start = puzzle.offsets[set];
        let mut ids: Vec<u8> = puzzle.solved().pieces[start..puzzle.offsets[set + 1]].to_vec();
        ids.sort_unstable();
        ids.dedup();
        let with_twists = Part::twists_of(puzzle, set, |_| true).informative()
            && Part::twists_of(puzzle, set, |piece| piece == ids[0]).ranks().is_some();
        let size = |group: &[u8]| -> Option<u64> {
            let kept = |piece: u8| group.contains(&piece);
            let arrangements = Part::pieces(puzzle, set, kept).ranks().filter(|&ranks| ranks <= MAX_COORDINATE)?;
            if !with_twists {
                return Some(arrangements);
            }
            let twists = Part::twists_of(puzzle, set, kept).ranks().filter(|&ranks| ranks <= MAX_KEPT_TWISTS)?;
            arrangements.checked_mul(twists)
        };
        let mut group: Vec<u8> = Vec::new();
        let mut groups = Vec::new();
        for &id in &ids {
            group.push(id);
            if group.len() > 1 && size(&group).is_none_or(|size| size > entries) {
                let last = group.pop().expect("pushed");
                groups.push(std::mem::replace(&mut group, vec![last]));
            }
        }
        groups.push(group);
        for group in groups {
            let kept = |piece: u8| group.contains(&piece);
            let coordinates = if with_twists {
                Coordinate::build_coupled(puzzle, Part::twists_of(puzzle, set, kept), interrupt)?.map(Vec::from)
            } else {
                let part = Part::pieces(puzzle, set, kept);
                if part.informative() {
                    Coordinate::build(puzzle, part, interrupt)?.map(|coordinate| vec![coordinate])
                } else {
                    None
                }
            };
            chosen.extend(coordinates.filter(|coordinates| fits(coordinates)));
        }
    }
    if every_orientation.len() > 1 && fits(&every_orientation) {
        // It bounds at least what each set's orientations alone would.
        chosen.push(every_orientation);
    } else {
        chosen.extend(orientations_alone.into_iter().filter(|c| fits(std::slice::from_ref(c))).map(|c| vec![c]));
    }
    Ok(chosen)
}

/// The coordinates of the whole puzzle (every set's pieces and
/// orientations), `None` when one has too many values to number.
pub(crate) fn whole(
    puzzle: &Compiled,
    interrupt: Option<Interrupt>,
) -> std::result::Result<Option<Vec<Coordinate>>, Stopped> {
    let mut coordinates = Vec::new();
    for set in 0..puzzle.description.sets.len() {
        for part in [Part::pieces(puzzle, set, |_| true), Part::orientations(puzzle, set)] {
            if part.informative() {
                match Coordinate::build(puzzle, part, interrupt)? {
                    Some(coordinate) => coordinates.push(coordinate),
                    None => return Ok(None),
                }
            }
        }
    }
    Ok(Some(coordinates))
}
