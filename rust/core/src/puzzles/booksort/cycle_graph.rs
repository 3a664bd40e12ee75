//! The cycle graph of a shelf, analysed once so that the bound of each of
//! its C(n+1, 3) children costs a handful of operations instead of a walk.

use super::{BlockMove, MAX_BOOKS};

const SLOTS: usize = MAX_BOOKS + 2;

/// The shelf extended with book `0` in front and `n + 1` behind; black edge
/// `e` (for `e` in `1..=n+1`) joins extended positions `e - 1` and `e`, and
/// following it, then the gray edge from its right book `v` to book `v - 1`,
/// leads to black edge `position[v - 1] + 1`. The cycles of that map are the
/// alternating cycles of Bafna and Pevzner's cycle graph.
///
/// A block move `(i, j, k)` cuts black edges `i + 1`, `j + 1` and `k + 1`.
/// How the cycles through them recombine depends only on which cycles they
/// lie on and where along them:
///
/// * three different cycles merge into one;
/// * two on one cycle `X` (at distance `d` along it) and one on `Y` make two
///   cycles, of lengths `d + |Y|` and `|X| - d`, or `d` and `|X| - d + |Y|`
///   when the pair is the outer two edges;
/// * all three on one cycle: if walking from the first meets the second
///   before the third, the cycle stays one of the same length; otherwise it
///   splits into the three arcs between them.
///
/// The tests check these rules against a full recount on every move.
#[derive(Debug, Clone)]
pub(super) struct CycleGraph {
    n: usize,
    extended: [u8; SLOTS],
    /// Per black edge: its cycle, and its place along that cycle.
    cycle: [u8; SLOTS],
    place: [u8; SLOTS],
    /// Per cycle: its number of black edges.
    length: [u8; SLOTS],
    odd_cycles: u32,
    /// Per black edge: 1 when its two books are not consecutive.
    broken: [u8; SLOTS],
    breakpoints: u32,
}

impl CycleGraph {
    pub(super) fn new(n: usize, state: u64) -> Self {
        let mut extended = [0u8; SLOTS];
        let mut position = [0u8; SLOTS];
        for p in 0..n {
            let book = ((state >> (4 * p)) & 0xF) as u8 + 1;
            extended[p + 1] = book;
            position[book as usize] = (p + 1) as u8;
        }
        extended[n + 1] = (n + 1) as u8;
        position[n + 1] = (n + 1) as u8;

        let mut graph = CycleGraph {
            n,
            extended,
            cycle: [u8::MAX; SLOTS],
            place: [0; SLOTS],
            length: [0; SLOTS],
            odd_cycles: 0,
            broken: [0; SLOTS],
            breakpoints: 0,
        };
        let mut cycles = 0u8;
        for first in 1..=n + 1 {
            let broken = u8::from(extended[first] != extended[first - 1] + 1);
            graph.broken[first] = broken;
            graph.breakpoints += u32::from(broken);
            if graph.cycle[first] != u8::MAX {
                continue;
            }
            let mut edge = first;
            let mut length = 0u8;
            while graph.cycle[edge] == u8::MAX {
                graph.cycle[edge] = cycles;
                graph.place[edge] = length;
                length += 1;
                edge = position[extended[edge] as usize - 1] as usize + 1;
            }
            graph.length[cycles as usize] = length;
            graph.odd_cycles += u32::from(length & 1);
            cycles += 1;
        }
        graph
    }

    /// `(n + 1 - odd cycles) / 2`: a block move changes the number of odd
    /// cycles by -2, 0 or +2, and the sorted shelf has `n + 1`.
    pub(super) fn cycle_bound(&self) -> u32 {
        (self.n as u32 + 1 - self.odd_cycles) / 2
    }

    /// `ceil(b / 3)` with `b` the broken black edges, ends included: a block
    /// move mends at most three.
    pub(super) fn breakpoint_bound(&self) -> u32 {
        self.breakpoints.div_ceil(3)
    }

    /// The larger of the two bounds for the shelf after `mv`.
    #[inline]
    pub(super) fn child_bound(&self, mv: BlockMove) -> u32 {
        let (i, j, k) = (mv.start as usize, mv.split as usize, mv.end as usize);
        let (a, b, c) = (i + 1, j + 1, k + 1);
        let book = &self.extended;
        let gap = |left: u8, right: u8| u32::from(right != left + 1);
        let mended = u32::from(self.broken[a] + self.broken[b] + self.broken[c]);
        let breakpoints =
            self.breakpoints + gap(book[i], book[j + 1]) + gap(book[k], book[i + 1]) + gap(book[j], book[k + 1])
                - mended;
        let odd_cycles = self.odd_cycles + self.odd_after(a, b, c) - self.odd_before(a, b, c);
        ((self.n as u32 + 1 - odd_cycles) / 2).max(breakpoints.div_ceil(3))
    }

    /// Odd cycles among those through black edges `a`, `b`, `c`.
    fn odd_before(&self, a: usize, b: usize, c: usize) -> u32 {
        let (ca, cb, cc) = (self.cycle[a], self.cycle[b], self.cycle[c]);
        let odd = |cycle: u8| u32::from(self.length[cycle as usize] & 1);
        let mut count = odd(ca);
        if cb != ca {
            count += odd(cb);
        }
        if cc != ca && cc != cb {
            count += odd(cc);
        }
        count
    }

    /// Odd cycles among those that replace the cycles through `a`, `b`, `c`.
    fn odd_after(&self, a: usize, b: usize, c: usize) -> u32 {
        let (ca, cb, cc) = (self.cycle[a], self.cycle[b], self.cycle[c]);
        let length = |cycle: u8| u32::from(self.length[cycle as usize]);
        let odd = |length: u32| length & 1;
        if ca != cb && cb != cc && ca != cc {
            return odd(length(ca) + length(cb) + length(cc));
        }
        if ca == cb && cb == cc {
            let x = length(ca);
            let (pa, pb, pc) = (u32::from(self.place[a]), u32::from(self.place[b]), u32::from(self.place[c]));
            let (to_b, to_c) = ((pb + x - pa) % x, (pc + x - pa) % x);
            if to_b < to_c {
                return odd(x);
            }
            return odd(to_c) + odd((pb + x - pc) % x) + odd((pa + x - pb) % x);
        }
        let (u, v, w, outer_pair) = if ca == cb {
            (a, b, c, false)
        } else if cb == cc {
            (b, c, a, false)
        } else {
            (a, c, b, true)
        };
        let (x, y) = (length(self.cycle[u]), length(self.cycle[w]));
        let d = (u32::from(self.place[v]) + x - u32::from(self.place[u])) % x;
        if outer_pair {
            odd(d) + odd(x - d + y)
        } else {
            odd(d + y) + odd(x - d)
        }
    }
}
