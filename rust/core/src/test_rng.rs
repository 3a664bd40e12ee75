//! The tests' random numbers: xorshift64, enough for test cases and
//! reproducible from the seed.

pub(crate) struct Rng(pub u64);

impl Rng {
    pub(crate) fn next(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        self.0 = x;
        x
    }

    pub(crate) fn below(&mut self, bound: usize) -> usize {
        (self.next() % bound as u64) as usize
    }

    /// Fisher-Yates, from the back.
    pub(crate) fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            items.swap(i, self.below(i + 1));
        }
    }

    /// A random permutation of `1..=n`.
    pub(crate) fn permutation(&mut self, n: usize) -> Vec<u32> {
        let mut values: Vec<u32> = (1..=n as u32).collect();
        self.shuffle(&mut values);
        values
    }
}
