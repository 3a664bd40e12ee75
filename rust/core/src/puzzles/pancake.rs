//! Pancake sorting: sort a stack by flipping its top pancakes.
//!
//! A stack of `n` pancakes is a permutation of `1..=n` listed from the top;
//! it is sorted when `1` is on top and `n` at the bottom, on the plate. A
//! move flips the top `k` pancakes (`2 <= k <= n`) and is written `k`; a
//! flip is its own inverse. The most flips a stack of `n` can need are the
//! pancake numbers (OEIS A058986).
//!
//! A state is a [`Stack`]: the sizes one byte each from the top, zeros
//! below the last, so up to [`MAX_PANCAKES`] = 64 fit in one 64-byte `Copy`
//! value, and a flip is a reversal of its first `k` bytes.

use std::fmt;

use crate::puzzle::{Choice, Engine, MoveCode, Options, Puzzle, Settings};
use crate::puzzles::permutations::distance_layers;
use crate::{Edge, Error, Interrupt, Limits, Problem, Result, Reversible, SearchResult};

/// The most pancakes a [`Stack`] holds.
pub const MAX_PANCAKES: usize = 64;

/// The most pancakes [`distance_distribution`] takes: 11! stacks are 40
/// million bytes of distances, counted in 15 to 25 seconds on two cores;
/// 12 would be 479 million and take four minutes.
pub const MAX_DISTRIBUTION_PANCAKES: usize = 11;

/// A stack of up to [`MAX_PANCAKES`] pancakes: byte `p` is the size of the
/// pancake at position `p` from the top (from 0), and every byte below the
/// last pancake is 0.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Stack([u8; MAX_PANCAKES]);

impl fmt::Debug for Stack {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let sizes: Vec<u8> = self.0.iter().copied().take_while(|&size| size != 0).collect();
        f.debug_tuple("Stack").field(&sizes).finish()
    }
}

crate::choices! {
    /// Which lower bound guides the search.
    ///
    /// Both count *gaps*: pairs of neighbours whose sizes differ by more than
    /// one, the bottom pancake and the plate (size `n + 1`) counting as a pair.
    /// A flip of `k` keeps every pair but one: the pancakes at positions `k - 1`
    /// and `k` (from 0) are no longer neighbours, and the old top pancake lands
    /// on the one at `k`. So a flip removes at most one gap, and adds at most
    /// one. The sorted stack has no gap, and it is the only one: with no gap
    /// the bottom pancake is `n` (one from the plate, `n + 1`), the one above it
    /// `n - 1`, and so on up.
    pub enum Heuristic: "heuristic" {
        /// The gap heuristic of Helmert (2010): the number of gaps. Each flip
        /// removes at most one and the goal has none, so at least that many
        /// flips are needed. The default: it costs less per node than the
        /// lookahead, which more than makes up for the nodes it saves
        /// (`bench/pancake.py`: 7 against 11 ms a random stack of 40).
        Gap = "gap",
        /// The gaps plus one when the stack is not sorted and no flip removes a
        /// gap. Admissible: every flip then leaves at least as many gaps, each
        /// needing a flip of its own, so the first flip and those make at least
        /// `gaps + 1`. It is the gap heuristic looked one flip ahead (the least,
        /// over the flips, of one plus the gaps after it: some flip always
        /// keeps the count, as Valenzano and Yang (2017, arXiv:1705.04665) prove and the tests
        /// check), found without flipping: a flip of `k` removes a gap exactly
        /// when there is one above the pancake at `k` (or the plate) and that
        /// is one size from the top pancake. Admissible and consistent; it
        /// expands about a quarter fewer nodes than [`Heuristic::Gap`] on
        /// random stacks of 40 pancakes, but takes longer.
        GapLookahead = "gap-lookahead",
    }
}

/// Pancake sorting on `n` pancakes, as a search problem.
#[derive(Debug, Clone)]
pub struct Pancake {
    n: usize,
    heuristic: Heuristic,
    sorted: Stack,
}

impl Pancake {
    /// Stacks of `n` pancakes (`1 <= n <= 64`), guided by the default
    /// heuristic, the first of [`Heuristic::ALL`](Choice::ALL).
    pub fn new(n: usize) -> Result<Self> {
        if !(1..=MAX_PANCAKES).contains(&n) {
            return Err(Error::invalid(format!("a stack needs 1 to {MAX_PANCAKES} pancakes, got {n}")));
        }
        let mut sorted = [0; MAX_PANCAKES];
        for (size, position) in sorted[..n].iter_mut().zip(1..) {
            *size = position;
        }
        Ok(Pancake { n, heuristic: Heuristic::default_choice(), sorted: Stack(sorted) })
    }

    /// This puzzle with another heuristic.
    pub fn with_heuristic(mut self, heuristic: Heuristic) -> Self {
        self.heuristic = heuristic;
        self
    }

    /// The heuristic in use.
    pub fn heuristic_kind(&self) -> Heuristic {
        self.heuristic
    }

    /// How many pancakes a stack holds.
    pub fn pancakes(&self) -> usize {
        self.n
    }

    /// Packs a stack given from the top, saying what is wrong (positions
    /// counted from 1 at the top) if it is not a permutation of `1..=n`.
    pub fn pack(&self, sizes: &[u32]) -> Result<Stack> {
        if sizes.len() != self.n {
            return Err(Error::invalid(format!("expected {} pancakes, got {}", self.n, sizes.len())));
        }
        // Where each size was first seen (from 1; 0 for not yet).
        let mut first_at = [0usize; MAX_PANCAKES + 1];
        let mut stack = [0; MAX_PANCAKES];
        for (position, (&size, byte)) in sizes.iter().zip(&mut stack).enumerate() {
            if !(1..=self.n as u32).contains(&size) {
                return Err(Error::invalid(format!(
                    "pancake {size} at position {} is out of range 1 to {}",
                    position + 1,
                    self.n
                )));
            }
            let first = &mut first_at[size as usize];
            if *first != 0 {
                return Err(Error::invalid(format!(
                    "pancake {size} appears twice (positions {} and {}); the pancakes must be a permutation of 1..{}",
                    *first,
                    position + 1,
                    self.n
                )));
            }
            *first = position + 1;
            *byte = size as u8;
        }
        Ok(Stack(stack))
    }

    /// The sizes from the top.
    pub fn unpack(&self, stack: Stack) -> Vec<u32> {
        stack.0[..self.n].iter().map(|&size| u32::from(size)).collect()
    }

    /// The stack with its top `k` pancakes flipped, if `2 <= k <= n`.
    pub fn flip(&self, stack: Stack, k: usize) -> Result<Stack> {
        if self.n < 2 {
            return Err(Error::invalid(format!("flip {k} does not fit a stack of one pancake, which has no flips")));
        }
        if !(2..=self.n).contains(&k) {
            return Err(Error::invalid(format!(
                "flip {k} does not fit a stack of {} pancakes: a flip takes 2 to {} of them",
                self.n, self.n
            )));
        }
        Ok(flipped(&stack, k))
    }

    /// The number of gaps (see [`Heuristic`]).
    pub fn gaps(&self, stack: Stack) -> u32 {
        (0..self.n).map(|position| gap(stack.0[position], self.below(&stack, position + 1))).sum()
    }

    /// The bound of the chosen [`Heuristic`].
    pub fn lower_bound(&self, stack: Stack) -> u32 {
        let gaps = self.gaps(stack);
        match self.heuristic {
            Heuristic::Gap => gaps,
            Heuristic::GapLookahead => {
                gaps + u32::from(gaps > 0 && !gap_removing_flip(GapMasks::new(self, &stack).above, stack.0[0]))
            }
        }
    }

    /// The size at `position` (up to `n`, where the plate is).
    #[inline]
    fn below(&self, stack: &Stack, position: usize) -> u8 {
        if position < self.n {
            stack.0[position]
        } else {
            self.plate()
        }
    }

    #[inline]
    fn plate(&self) -> u8 {
        self.n as u8 + 1
    }
}

/// 1 if pancakes (or the plate) of sizes `above` and `below` are not
/// consecutive sizes, else 0.
#[inline]
fn gap(above: u8, below: u8) -> u32 {
    u32::from(above.abs_diff(below) != 1)
}

/// The top `k` pancakes of `stack` flipped (`k <= n`, unchecked).
#[inline]
fn flipped(stack: &Stack, k: usize) -> Stack {
    let mut child = *stack;
    child.0[..k].reverse();
    child
}

/// One bit a size (the plate's included): the sizes with a gap just above
/// them, and just below them. Whether a flip removes a gap, from the stack
/// or from any of its children, is then a few operations on these.
struct GapMasks {
    above: u128,
    below: u128,
}

#[inline]
fn bit(size: u8) -> u128 {
    1 << size
}

impl GapMasks {
    #[inline]
    fn new(puzzle: &Pancake, stack: &Stack) -> Self {
        let (mut above, mut below) = (0, 0);
        for position in 1..=puzzle.n {
            let (upper, lower) = (stack.0[position - 1], puzzle.below(stack, position));
            if gap(upper, lower) == 1 {
                above |= bit(lower);
                below |= bit(upper);
            }
        }
        GapMasks { above, below }
    }
}

/// Whether a flip removes a gap from a stack with `top` on top and a gap
/// above each size of `gap_above`. A flip of `k` brings the top pancake onto
/// the one at `k` and parts it from the one above, so it removes a gap
/// exactly when there was a gap above the pancake (or plate) at `k` and it
/// is one size from the top's. (Size 0 and the size beyond the plate are in
/// no mask.)
#[inline]
fn gap_removing_flip(gap_above: u128, top: u8) -> bool {
    gap_above & (bit(top - 1) | bit(top + 1)) != 0
}

impl Problem for Pancake {
    type State = Stack;
    /// The number of pancakes flipped.
    type Move = u8;
    /// Any optimal sequence will do, so the flips that leave the fewest
    /// gaps go first.
    const MOST_PROMISING_FIRST: bool = true;

    fn is_goal(&self, stack: &Stack) -> bool {
        *stack == self.sorted
    }

    fn heuristic(&self, stack: &Stack) -> u32 {
        self.lower_bound(*stack)
    }

    fn successors(&self, stack: &Stack, last: Option<u8>, out: &mut Vec<Edge<u8, Stack>>) {
        self.successors_with_heuristic(stack, self.lower_bound(*stack), last, out);
    }

    /// Leaves out the flip that undoes `last` (the same one again), and
    /// prices each child from `h`: a flip of `k` changes only the pair at
    /// positions `k - 1, k`.
    fn successors_with_heuristic(&self, stack: &Stack, h: u32, last: Option<u8>, out: &mut Vec<Edge<u8, Stack>>) {
        let top = stack.0[0];
        // The gaps of the child flipped at `k`, from the stack's `gaps`.
        let gaps_after = |gaps: u32, k: usize| {
            let under = self.below(stack, k);
            gaps + gap(top, under) - gap(stack.0[k - 1], under)
        };
        // The flip is done where the edge is stored: read back at once, a
        // stack just reversed a byte at a time waits for its stores.
        let mut push = |k: usize, bound: u32| {
            out.push(Edge::new(k as u8, *stack, 1).with_heuristic(bound));
            out.last_mut().expect("just pushed").state.0[..k].reverse();
        };
        match self.heuristic {
            Heuristic::Gap => {
                for k in (2..=self.n).filter(|&k| last != Some(k as u8)) {
                    push(k, gaps_after(h, k));
                }
            }
            Heuristic::GapLookahead => {
                let masks = GapMasks::new(self, stack);
                // `h` is one above the gaps exactly when no flip removes one.
                let gaps = h - u32::from(h > 0 && !gap_removing_flip(masks.above, top));
                debug_assert_eq!(gaps, self.gaps(*stack), "h = {h} for {stack:?}");
                // The sizes at positions `0..k - 1`, then `0..k`.
                let mut inside = bit(top);
                for k in 2..=self.n {
                    let (new_top, under) = (stack.0[k - 1], self.below(stack, k));
                    let (turned, flipped) = (inside, inside | bit(new_top));
                    inside = flipped;
                    if last == Some(k as u8) {
                        continue;
                    }
                    // Turned over, a pancake has above it what was below it;
                    // the one at `k` gets the old top; the rest keep theirs.
                    let gap_above = (masks.below & turned)
                        | (u128::from(gap(top, under)) << under)
                        | (masks.above & !(flipped | bit(under)));
                    let gaps = gaps_after(gaps, k);
                    push(k, gaps + u32::from(gaps > 0 && !gap_removing_flip(gap_above, new_top)));
                }
            }
        }
    }
}

impl Reversible for Pancake {
    fn goal(&self) -> Stack {
        self.sorted
    }

    /// A flip is its own inverse, so the predecessors are the children.
    fn predecessors(&self, stack: &Stack, out: &mut Vec<Edge<u8, Stack>>) {
        out.extend((2..=self.n).map(|k| Edge::new(k as u8, flipped(stack, k), 1)));
    }
}

/// How many stacks of `n` pancakes lie at each number of flips from sorted
/// (the last entry is at the pancake number of `n`), by breadth-first
/// search over all n! of them on all cores, the late layers backwards from
/// the unseen stacks. `interrupt` is asked every few milliseconds;
/// `Ok(None)` means it said to stop.
pub fn distance_distribution(n: usize, interrupt: Option<Interrupt>) -> Result<Option<Vec<u64>>> {
    if !(1..=MAX_DISTRIBUTION_PANCAKES).contains(&n) {
        return Err(Error::InvalidArgument(format!(
            "distance_distribution takes 1 to {MAX_DISTRIBUTION_PANCAKES} pancakes, got {n}"
        )));
    }
    let flips: Vec<u32> = (2..=n as u32).collect();
    Ok(distance_layers(n, &flips, |&k, stack| flip_packed(stack, n as u32, k), interrupt))
}

/// A stack of `n <= 16` as the whole-space search packs it: 4 bits a
/// pancake, the bottom one in the lowest bits, a pancake of size `v` as
/// `n - v`, so that sorted is the identity. Renaming the sizes changes no
/// distance, and bottom first, a flip of `k` changes only the last `k`
/// positions, the least significant of a permutation's rank: the small
/// flips land near the stack in the table of distances, in the caches
/// (a fifth less time at 11 pancakes than top first).
#[inline]
fn flip_packed(stack: u64, n: u32, k: u32) -> u64 {
    const LOW_NIBBLES: u64 = 0x0F0F_0F0F_0F0F_0F0F;
    let shift = 4 * (n - k);
    let below = stack & ((1 << shift) - 1);
    // All 16 nibbles of the top `k` reversed, shifted back down.
    let bytes_reversed = (stack >> shift).swap_bytes();
    let reversed = ((bytes_reversed >> 4) & LOW_NIBBLES) | ((bytes_reversed & LOW_NIBBLES) << 4);
    below | ((reversed >> (64 - 4 * k)) << shift)
}

/// How many pancakes one `u64` word of a packed stack holds, 6 bits each.
const PANCAKES_PER_WORD: usize = 10;

/// One stack of a call: its size and its state.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Case {
    /// The number of pancakes.
    pub pancakes: usize,
    /// The stack, packed.
    pub stack: Stack,
}

/// Pancake sorting under the puzzle contract: stacks of any size up to
/// [`MAX_PANCAKES`], solved by the generic engines.
#[derive(Debug)]
pub struct Stacks {
    heuristic: Heuristic,
}

impl Stacks {
    fn problem(&self, pancakes: usize) -> Result<Pancake> {
        Ok(Pancake::new(pancakes)?.with_heuristic(self.heuristic))
    }
}

impl Puzzle for Stacks {
    const NAME: &'static str = "pancake";
    type Engine = Engine;
    type Heuristic = Heuristic;
    type Case = Case;
    type Move = u8;

    fn configure(settings: &Settings<Engine, Heuristic>, _: &mut Options) -> Result<Self> {
        Ok(Stacks { heuristic: settings.heuristic })
    }

    fn read_case(&self, values: &[i64]) -> Result<Case> {
        let problem = self.problem(values.len())?;
        let n = values.len();
        let sizes = values
            .iter()
            .enumerate()
            .map(|(position, &size)| {
                u32::try_from(size).map_err(|_| {
                    Error::invalid(format!("pancake {size} at position {} is out of range 1 to {n}", position + 1))
                })
            })
            .collect::<Result<Vec<u32>>>()?;
        Ok(Case { pancakes: n, stack: problem.pack(&sizes)? })
    }

    fn write_move(k: u8) -> MoveCode {
        [i32::from(k), 0, 0]
    }

    fn code_words(&self, case: &Case) -> usize {
        case.pancakes.div_ceil(PANCAKES_PER_WORD)
    }

    /// Pancake `p` at position `i` from the top is `p - 1` in bits
    /// `6 (i % 10) ..` of word `i / 10`.
    fn pack(&self, case: &Case, words: &mut [u64]) {
        for (position, &size) in case.stack.0[..case.pancakes].iter().enumerate() {
            words[position / PANCAKES_PER_WORD] |= u64::from(size - 1) << (6 * (position % PANCAKES_PER_WORD));
        }
    }

    fn unpack(&self, words: &[u64], size: Option<usize>) -> Result<Vec<i64>> {
        let n = size.ok_or_else(|| Error::InvalidArgument("n: pancake codes need the number of pancakes".into()))?;
        if !(1..=MAX_PANCAKES).contains(&n) || n.div_ceil(PANCAKES_PER_WORD) != words.len() {
            return Err(Error::InvalidArgument(format!(
                "n = {n} pancakes take {} words a code, got {}",
                n.div_ceil(PANCAKES_PER_WORD),
                words.len()
            )));
        }
        let values: Vec<i64> = (0..n)
            .map(|p| ((words[p / PANCAKES_PER_WORD] >> (6 * (p % PANCAKES_PER_WORD))) & 0x3F) as i64 + 1)
            .collect();
        self.read_case(&values)?;
        Ok(values)
    }

    fn solve(&self, case: &Case, engine: Engine, limits: &Limits) -> Result<SearchResult<u8>> {
        Ok(engine.run(&self.problem(case.pancakes)?, case.stack, limits, 0))
    }

    fn lower_bound(&self, case: &Case) -> Result<u32> {
        Ok(self.problem(case.pancakes)?.lower_bound(case.stack))
    }

    fn distance_distribution(&self, size: Option<usize>, interrupt: Interrupt) -> Result<Option<Vec<u64>>> {
        let n =
            size.ok_or_else(|| Error::InvalidArgument("n: the distribution needs the number of pancakes".into()))?;
        distance_distribution(n, Some(interrupt))
    }
}

#[cfg(test)]
mod tests {
    use std::collections::HashMap;
    use std::time::Instant;

    use super::*;
    use crate::engines::{astar, bidirectional_bfs, ida_star};
    use crate::test_rng::Rng;
    use crate::{Limits, Outcome, SearchResult};

    /// The pancake numbers, OEIS A058986, for n = 1..=17.
    const PANCAKE_NUMBERS: [u32; 17] = [0, 1, 3, 4, 5, 7, 8, 9, 10, 11, 13, 14, 15, 16, 17, 18, 19];

    fn puzzle(n: usize) -> Pancake {
        Pancake::new(n).unwrap()
    }

    fn factorial(n: usize) -> u64 {
        (1..=n as u64).product()
    }

    /// Every stack of `n` with its number of flips from sorted, by a
    /// breadth-first search over vectors (flips are their own inverses, so
    /// the distance from sorted is the distance to it).
    fn exact_distances(n: usize) -> HashMap<Vec<u32>, u32> {
        let sorted: Vec<u32> = (1..=n as u32).collect();
        let mut distances = HashMap::from([(sorted.clone(), 0)]);
        let mut frontier = vec![sorted];
        for depth in 1.. {
            let mut next = Vec::new();
            for stack in &frontier {
                for k in 2..=n {
                    let mut child = stack.clone();
                    child[..k].reverse();
                    if !distances.contains_key(&child) {
                        distances.insert(child.clone(), depth);
                        next.push(child);
                    }
                }
            }
            if next.is_empty() {
                break;
            }
            frontier = next;
        }
        distances
    }

    fn replay(puzzle: &Pancake, start: Stack, path: &[u8]) -> Stack {
        path.iter().fold(start, |stack, &k| puzzle.flip(stack, usize::from(k)).unwrap())
    }

    /// Checks that `result` is solved at cost `expected` and that its path
    /// sorts `start` in exactly that many flips.
    fn assert_sorts(puzzle: &Pancake, start: Stack, result: &SearchResult<u8>, expected: u32) {
        assert_eq!(result.outcome, Outcome::Solved, "{start:?}");
        assert_eq!(result.cost, Some(expected), "{start:?}");
        assert_eq!(result.path.len() as u32, expected, "{start:?}");
        assert!(puzzle.is_goal(&replay(puzzle, start, &result.path)), "{start:?}: {:?}", result.path);
    }

    // --- the packed stack ----------------------------------------------------

    #[test]
    fn pack_round_trips_and_pads_with_zeros() {
        let mut rng = Rng(7);
        for n in 1..=MAX_PANCAKES {
            let sizes = rng.permutation(n);
            let stack = puzzle(n).pack(&sizes).unwrap();
            assert_eq!(puzzle(n).unpack(stack), sizes);
            assert!(stack.0[n..].iter().all(|&byte| byte == 0));
        }
        assert_eq!(format!("{:?}", puzzle(3).pack(&[2, 3, 1]).unwrap()), "Stack([2, 3, 1])");
    }

    #[test]
    fn bad_stacks_say_what_is_wrong() {
        let message = |result: Result<Stack>| match result.unwrap_err() {
            Error::InvalidPuzzle(message) => message,
            other => panic!("{other:?}"),
        };
        let six = puzzle(6);
        assert_eq!(message(six.pack(&[1, 2, 9, 3, 4, 5])), "pancake 9 at position 3 is out of range 1 to 6");
        assert_eq!(message(six.pack(&[0, 2, 1, 3, 4, 5])), "pancake 0 at position 1 is out of range 1 to 6");
        assert_eq!(
            message(six.pack(&[1, 2, 3, 2, 4, 5])),
            "pancake 2 appears twice (positions 2 and 4); the pancakes must be a permutation of 1..6"
        );
        assert_eq!(message(six.pack(&[1, 2, 3])), "expected 6 pancakes, got 3");
        let huge = [u32::MAX, 1];
        assert_eq!(
            message(puzzle(2).pack(&huge)),
            format!("pancake {} at position 1 is out of range 1 to 2", u32::MAX)
        );
        for n in [0, MAX_PANCAKES + 1, usize::MAX] {
            let error = Pancake::new(n).unwrap_err();
            assert_eq!(error, Error::InvalidPuzzle(format!("a stack needs 1 to 64 pancakes, got {n}")));
        }
    }

    #[test]
    fn flip_reverses_the_top_and_nothing_else() {
        let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
        for n in 2..=MAX_PANCAKES {
            let puzzle = puzzle(n);
            let sizes = rng.permutation(n);
            let stack = puzzle.pack(&sizes).unwrap();
            for k in 2..=n {
                let mut expected = sizes.clone();
                expected[..k].reverse();
                let child = puzzle.flip(stack, k).unwrap();
                assert_eq!(puzzle.unpack(child), expected, "n = {n}, k = {k}");
                assert_eq!(puzzle.flip(child, k).unwrap(), stack, "a flip is its own inverse");
            }
        }
    }

    #[test]
    fn flips_that_do_not_fit_are_refused() {
        let six = puzzle(6);
        let stack = six.pack(&[3, 1, 2, 6, 5, 4]).unwrap();
        for k in [0, 1, 7, usize::MAX] {
            let expected = format!("flip {k} does not fit a stack of 6 pancakes: a flip takes 2 to 6 of them");
            assert_eq!(six.flip(stack, k), Err(Error::InvalidPuzzle(expected)));
        }
        let one = puzzle(1);
        let expected = "flip 2 does not fit a stack of one pancake, which has no flips".to_string();
        assert_eq!(one.flip(one.pack(&[1]).unwrap(), 2), Err(Error::InvalidPuzzle(expected)));
    }

    #[test]
    fn packed_flips_match_byte_flips() {
        // Bottom first, size `v` as `n - v`.
        let packed = |sizes: &[u32]| {
            let n = sizes.len() as u32;
            sizes.iter().rev().enumerate().fold(0u64, |s, (p, &v)| s | (u64::from(n - v) << (4 * p)))
        };
        assert_eq!(packed(&[1, 2, 3, 4]), 0x3210, "sorted is the identity");
        let mut rng = Rng(99);
        for n in 2..=16 {
            let sizes = rng.permutation(n);
            for k in 2..=n {
                let mut expected = sizes.clone();
                expected[..k].reverse();
                assert_eq!(flip_packed(packed(&sizes), n as u32, k as u32), packed(&expected), "n = {n}, k = {k}");
            }
        }
    }

    #[test]
    fn heuristic_names_round_trip() {
        for &heuristic in Heuristic::ALL {
            assert_eq!(Heuristic::from_name(heuristic.name()), Ok(heuristic));
        }
        assert!(matches!(Heuristic::from_name("gaps"), Err(Error::InvalidArgument(m)) if m.contains("\"gaps\"")));
        assert_eq!(puzzle(5).heuristic_kind(), Heuristic::default_choice());
    }

    // --- heuristics against exact distances ----------------------------------

    #[test]
    fn gaps_are_zero_only_when_sorted() {
        for n in 1..=7 {
            let puzzle = puzzle(n);
            for sizes in exact_distances(n).into_keys() {
                let stack = puzzle.pack(&sizes).unwrap();
                assert_eq!(puzzle.gaps(stack) == 0, puzzle.is_goal(&stack), "{sizes:?}");
            }
        }
    }

    /// Every stack of up to 8 pancakes: each bound at most the distance, the
    /// lookahead at least the gaps and sometimes more.
    #[test]
    fn heuristics_never_exceed_the_distance() {
        for n in 1..=8 {
            let gap = puzzle(n).with_heuristic(Heuristic::Gap);
            let lookahead = puzzle(n).with_heuristic(Heuristic::GapLookahead);
            let mut raised = 0;
            for (sizes, distance) in exact_distances(n) {
                let stack = gap.pack(&sizes).unwrap();
                let (g, l) = (gap.lower_bound(stack), lookahead.lower_bound(stack));
                assert!(g <= l && l <= distance, "{sizes:?}: gap {g}, lookahead {l}, distance {distance}");
                raised += usize::from(l > g);
            }
            if n >= 3 {
                assert!(raised > 0, "n = {n}: the lookahead never helps");
            }
        }
    }

    /// The lookahead is exactly the least, over the flips, of one plus the
    /// gaps after the flip, on every unsorted stack of up to 8 pancakes and
    /// on random stacks of up to 64.
    #[test]
    fn the_lookahead_is_the_gaps_one_flip_ahead() {
        let one_flip_ahead = |puzzle: &Pancake, stack: Stack| {
            (2..=puzzle.n).map(|k| 1 + puzzle.gaps(flipped(&stack, k))).min().expect("n >= 2")
        };
        let mut rng = Rng(17);
        for n in 2..=MAX_PANCAKES {
            let puzzle = puzzle(n).with_heuristic(Heuristic::GapLookahead);
            let mut stacks: Vec<Vec<u32>> = (0..50).map(|_| rng.permutation(n)).collect();
            if n <= 8 {
                stacks = exact_distances(n).into_keys().collect();
            }
            for sizes in stacks {
                let stack = puzzle.pack(&sizes).unwrap();
                if !puzzle.is_goal(&stack) {
                    assert_eq!(puzzle.lower_bound(stack), one_flip_ahead(&puzzle, stack), "{sizes:?}");
                }
            }
        }
    }

    #[test]
    fn successors_carry_the_bound_of_their_stack() {
        let mut rng = Rng(2024);
        for &heuristic in Heuristic::ALL {
            for n in 1..=MAX_PANCAKES {
                let puzzle = puzzle(n).with_heuristic(heuristic);
                // Every stack of a few pancakes; random ones, and ones a flip
                // from sorted (where gaps are few and the lookahead matters),
                // of more.
                let stacks: Vec<Stack> = if n <= 6 {
                    exact_distances(n).keys().map(|sizes| puzzle.pack(sizes).unwrap()).collect()
                } else {
                    let random = (0..20).map(|_| puzzle.pack(&rng.permutation(n)).unwrap());
                    random.chain((2..=n).map(|k| flipped(&puzzle.sorted, k))).collect()
                };
                for stack in stacks {
                    let last = (n > 1).then(|| (2 + rng.below(n - 1)) as u8);
                    for last in [None, last] {
                        let mut edges = Vec::new();
                        puzzle.successors(&stack, last, &mut edges);
                        let flips: Vec<u8> = edges.iter().map(|edge| edge.mv).collect();
                        let expected: Vec<u8> = (2..=n as u8).filter(|&k| Some(k) != last).collect();
                        assert_eq!(flips, expected);
                        for edge in edges {
                            assert_eq!(edge.state, flipped(&stack, usize::from(edge.mv)));
                            assert_eq!(edge.h, Some(puzzle.lower_bound(edge.state)), "{heuristic:?}, {stack:?}");
                            assert_eq!(edge.cost, 1);
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn predecessors_are_every_flip() {
        let puzzle = puzzle(7);
        let stack = puzzle.pack(&[4, 7, 1, 3, 2, 6, 5]).unwrap();
        let mut edges = Vec::new();
        puzzle.predecessors(&stack, &mut edges);
        assert_eq!(edges.len(), 6);
        for edge in edges {
            assert_eq!(puzzle.flip(edge.state, usize::from(edge.mv)).unwrap(), stack);
        }
    }

    // --- searches ------------------------------------------------------------

    #[test]
    fn ida_star_agrees_with_breadth_first_search() {
        let mut rng = Rng(31337);
        for n in 1..=9 {
            let distances = exact_distances(n);
            for _ in 0..30 {
                let sizes = rng.permutation(n);
                for &heuristic in Heuristic::ALL {
                    let puzzle = puzzle(n).with_heuristic(heuristic);
                    let start = puzzle.pack(&sizes).unwrap();
                    let result = ida_star(&puzzle, start, &Limits::default());
                    assert_sorts(&puzzle, start, &result, distances[&sizes]);
                }
            }
        }
    }

    #[test]
    fn stored_state_engines_agree_with_ida_star() {
        let mut rng = Rng(5);
        let puzzle = puzzle(8);
        for _ in 0..10 {
            let start = puzzle.pack(&rng.permutation(8)).unwrap();
            let cost = ida_star(&puzzle, start, &Limits::default()).cost.unwrap();
            assert_sorts(&puzzle, start, &astar(&puzzle, start, &Limits::default()), cost);
            assert_sorts(&puzzle, start, &bidirectional_bfs(&puzzle, start, &Limits::default()), cost);
        }
    }

    #[test]
    fn the_sorted_stack_needs_nothing_and_limits_hold() {
        let puzzle = puzzle(40);
        let result = ida_star(&puzzle, puzzle.sorted, &Limits::default());
        assert_sorts(&puzzle, puzzle.sorted, &result, 0);
        let start = puzzle.pack(&Rng(1).permutation(40)).unwrap();
        let result = ida_star(&puzzle, start, &Limits::default().with_max_nodes(0));
        assert_eq!(result.outcome, Outcome::NodeLimit);
        assert_eq!(result.lower_bound, Some(puzzle.lower_bound(start)));
        let below = puzzle.lower_bound(start) - 1;
        let result = ida_star(&puzzle, start, &Limits::default().with_max_cost(below));
        assert_eq!(result.outcome, Outcome::NoSolution);
    }

    /// 40 pancakes with the gap heuristic, each search within a node limit
    /// generous for the gap heuristic (random stacks of 40 take thousands of
    /// expansions, rarely millions).
    #[test]
    fn random_stacks_of_forty_sort() {
        let mut rng = Rng(40);
        for &heuristic in Heuristic::ALL {
            let puzzle = puzzle(40).with_heuristic(heuristic);
            for _ in 0..3 {
                let start = puzzle.pack(&rng.permutation(40)).unwrap();
                let result = ida_star(&puzzle, start, &Limits::default().with_max_nodes(50_000_000));
                let cost = result.cost.expect("solved within the node limit");
                assert!(cost >= puzzle.lower_bound(start));
                assert_sorts(&puzzle, start, &result, cost);
            }
        }
    }

    /// Timings, not a test: `cargo test --release -p idastar-core
    /// forty_pancake_timings -- --ignored --nocapture`.
    #[test]
    #[ignore]
    fn forty_pancake_timings() {
        const STACKS: usize = 20;
        let median = |mut values: Vec<f64>| {
            values.sort_by(f64::total_cmp);
            values[values.len() / 2]
        };
        let starts: Vec<Vec<u32>> = {
            let mut rng = Rng(0x5eed);
            (0..STACKS).map(|_| rng.permutation(40)).collect()
        };
        let mut costs = Vec::new();
        for &heuristic in Heuristic::ALL {
            let puzzle = puzzle(40).with_heuristic(heuristic);
            let (mut seconds, mut expanded, mut generated, mut these_costs) = (vec![], vec![], vec![], vec![]);
            for sizes in &starts {
                let start = puzzle.pack(sizes).unwrap();
                let clock = Instant::now();
                let result = ida_star(&puzzle, start, &Limits::default());
                seconds.push(clock.elapsed().as_secs_f64());
                expanded.push(result.stats.expanded as f64);
                generated.push(result.stats.generated as f64);
                these_costs.push(result.cost.unwrap());
            }
            println!(
                "{STACKS} random stacks of 40, {}: median {:.3} ms, {} expanded, {} generated; slowest {:.3} ms",
                heuristic.name(),
                median(seconds.clone()) * 1e3,
                median(expanded),
                median(generated),
                seconds.iter().copied().fold(0.0, f64::max) * 1e3,
            );
            costs.push(these_costs);
        }
        assert!(costs.windows(2).all(|pair| pair[0] == pair[1]), "the heuristics disagree on a cost");
    }

    // --- the whole space -----------------------------------------------------

    #[test]
    fn distributions_match_breadth_first_search_on_vectors() {
        for n in 1..=8 {
            let mut expected = vec![0u64; 1 + *exact_distances(n).values().max().unwrap() as usize];
            for distance in exact_distances(n).into_values() {
                expected[distance as usize] += 1;
            }
            assert_eq!(distance_distribution(n, None).unwrap().unwrap(), expected, "n = {n}");
        }
    }

    /// The last layer is at the pancake number, for every n the
    /// distribution takes.
    #[test]
    fn distributions_reach_the_pancake_numbers() {
        for n in 1..=MAX_DISTRIBUTION_PANCAKES {
            let layers = distance_distribution(n, None).unwrap().unwrap();
            assert_eq!(layers.len() as u32 - 1, PANCAKE_NUMBERS[n - 1], "n = {n}");
            assert_eq!(layers.iter().sum::<u64>(), factorial(n), "n = {n}");
            if n == 11 {
                // As counted by an independent search (A092113 row 11).
                let row =
                    [1, 10, 90, 809, 6429, 43891, 252737, 1174766, 4126515, 9981073, 14250471, 9123648, 956354, 6];
                assert_eq!(layers, row);
            }
        }
    }

    #[test]
    fn an_interrupt_stops_the_distribution() {
        let once = crate::limits::stop_once_at(10);
        assert_eq!(distance_distribution(10, Some(&once)).unwrap(), None);
    }

    #[test]
    fn distribution_sizes_out_of_range_are_refused() {
        for n in [0, MAX_DISTRIBUTION_PANCAKES + 1, usize::MAX] {
            let expected = format!("distance_distribution takes 1 to {MAX_DISTRIBUTION_PANCAKES} pancakes, got {n}");
            assert_eq!(distance_distribution(n, None), Err(Error::InvalidArgument(expected)));
        }
    }
}
