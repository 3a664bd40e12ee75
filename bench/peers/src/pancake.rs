//! Pancake sorting: flip a prefix of a stack until it is sorted, guided by
//! the gap heuristic (Helmert 2010): every pair of neighbours that are not
//! consecutive sizes, the plate counting as the largest, needs a flip.

use idastar_core::{Edge, Problem};

use crate::{Engine, Totals};

/// Stacks of `n <= 16` pancakes, sizes `0..n`, packed 4 bits a pancake from
/// the top; sorted is `0, 1, ..., n - 1` from the top.
pub struct Pancakes {
    n: usize,
}

/// The lowest `4 * k` bits set.
fn nibbles(k: usize) -> u64 {
    if k >= 16 {
        u64::MAX
    } else {
        (1u64 << (4 * k)) - 1
    }
}

fn at(stack: u64, i: usize) -> u64 {
    (stack >> (4 * i)) & 0xF
}

impl Pancakes {
    pub fn new(n: usize) -> Self {
        assert!((2..=16).contains(&n));
        Pancakes { n }
    }

    fn sorted(&self) -> u64 {
        (0..self.n).fold(0, |s, i| s | (i as u64) << (4 * i))
    }

    /// The stack with its top `k` pancakes flipped.
    #[inline]
    pub fn flip(&self, stack: u64, k: usize) -> u64 {
        // Reversing all 16 nibbles and shifting brings the top k, reversed,
        // back to the bottom bits.
        let reversed = stack.swap_bytes();
        let reversed = ((reversed >> 4) & 0x0F0F_0F0F_0F0F_0F0F) | ((reversed & 0x0F0F_0F0F_0F0F_0F0F) << 4);
        let top = (reversed >> (4 * (16 - k))) & nibbles(k);
        (stack & !nibbles(k)) | top
    }

    /// The size below position `i` (the plate, `n`, under the last).
    fn below(&self, stack: u64, i: usize) -> u64 {
        if i + 1 == self.n {
            self.n as u64
        } else {
            at(stack, i + 1)
        }
    }

    fn is_gap(a: u64, b: u64) -> u32 {
        u32::from(a.abs_diff(b) != 1)
    }

    pub fn gaps(&self, stack: u64) -> u32 {
        (0..self.n).map(|i| Self::is_gap(at(stack, i), self.below(stack, i))).sum()
    }

    /// The gaps after flipping `k` of a stack with `h` gaps: only the pair
    /// at the flip's edge changes, its top now the old top.
    #[inline]
    pub fn gaps_after_flip(&self, stack: u64, h: u32, k: usize) -> u32 {
        let under = self.below(stack, k - 1);
        h - Self::is_gap(at(stack, k - 1), under) + Self::is_gap(at(stack, 0), under)
    }

    pub fn n(&self) -> usize {
        self.n
    }
}

impl Problem for Pancakes {
    type State = u64;
    /// How many pancakes the flip takes.
    type Move = u8;

    fn is_goal(&self, stack: &u64) -> bool {
        *stack == self.sorted()
    }

    fn heuristic(&self, stack: &u64) -> u32 {
        self.gaps(*stack)
    }

    fn successors(&self, stack: &u64, last: Option<u8>, out: &mut Vec<Edge<u8, u64>>) {
        self.successors_with_heuristic(stack, self.gaps(*stack), last, out);
    }

    /// Leaves out the flip that undoes the last (the same one again).
    fn successors_with_heuristic(&self, stack: &u64, h: u32, last: Option<u8>, out: &mut Vec<Edge<u8, u64>>) {
        for k in 2..=self.n {
            if last != Some(k as u8) {
                let edge = Edge::new(k as u8, self.flip(*stack, k), 1);
                out.push(edge.with_heuristic(self.gaps_after_flip(*stack, h, k)));
            }
        }
    }
}

/// `count` random stacks of `n`, from `seed` (splitmix64, Fisher-Yates).
pub fn random_stacks(n: usize, count: usize, mut seed: u64) -> Vec<u64> {
    let mut next = move || {
        seed = seed.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = seed;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    };
    (0..count)
        .map(|_| {
            let mut order: Vec<u64> = (0..n as u64).collect();
            for i in (1..n).rev() {
                order.swap(i, (next() % (i as u64 + 1)) as usize);
            }
            order.iter().enumerate().fold(0, |s, (i, &p)| s | p << (4 * i))
        })
        .collect()
}

/// `pathfinding`'s engine on a stack. The node carries its gap count so
/// that its heuristic is as incremental as ours.
pub fn peer(problem: &Pancakes, stack: u64, engine: Engine) -> Totals {
    let expanded = std::cell::Cell::new(0u64);
    let goal = problem.sorted();
    let successors = |&(s, h): &(u64, u32)| {
        expanded.set(expanded.get() + 1);
        (2..=problem.n()).map(move |k| ((problem.flip(s, k), problem.gaps_after_flip(s, h, k)), 1u32))
    };
    let heuristic = |&(_, h): &(u64, u32)| h;
    let success = |&(s, _): &(u64, u32)| s == goal;
    let start = (stack, problem.gaps(stack));
    let (_, cost) = match engine {
        Engine::Ida => pathfinding::prelude::idastar(&start, successors, heuristic, success),
        Engine::Astar => pathfinding::prelude::astar(&start, successors, heuristic, success),
    }
    .expect("every stack can be sorted");
    // The goal itself is never expanded, as in our engines.
    Totals { cost: u64::from(cost), expanded: expanded.get() }
}
