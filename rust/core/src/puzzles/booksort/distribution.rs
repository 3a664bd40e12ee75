//! Distances of all n! permutations, by breadth-first search over ranks.

use super::Booksort;
use crate::puzzles::permutations::distance_layers;
use crate::{Error, Interrupt, Result};

/// The most books a whole-space search takes: 12! states are 479 million
/// bytes of distances.
pub const MAX_DISTRIBUTION_BOOKS: usize = 12;

/// How many permutations of `n` books lie at each distance from the sorted
/// order (OEIS A164366), by breadth-first search over all n! of them, on
/// all cores, the late layers backwards from the unseen states.
/// `interrupt` is asked every few milliseconds; `Ok(None)` means it said
/// to stop.
pub fn distance_distribution(n: usize, interrupt: Option<Interrupt>) -> Result<Option<Vec<u64>>> {
    if !(1..=MAX_DISTRIBUTION_BOOKS).contains(&n) {
        return Err(Error::InvalidArgument(format!(
            "distance_distribution takes 1 to {MAX_DISTRIBUTION_BOOKS} books, got {n}"
        )));
    }
    let puzzle = Booksort::new(n)?;
    // The sorted shelf packs book `p + 1` as `p`: the identity.
    Ok(distance_layers(n, puzzle.moves(), |mv, state| mv.apply(state), interrupt))
}

/// OEIS A164366, rows n = 1..8: permutations by transposition distance.
#[cfg(test)]
pub(super) const A164366: [&[u64]; 8] = [
    &[1],
    &[1, 1],
    &[1, 4, 1],
    &[1, 10, 12, 1],
    &[1, 20, 68, 31],
    &[1, 35, 259, 380, 45],
    &[1, 56, 770, 2700, 1513],
    &[1, 84, 1932, 13467, 22000, 2836],
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn matches_oeis_a164366() {
        for (n, row) in A164366.iter().enumerate() {
            assert_eq!(distance_distribution(n + 1, None).unwrap().unwrap(), row.to_vec(), "n = {}", n + 1);
        }
    }

    #[test]
    fn matches_oeis_a164366_for_ten_books() {
        let row = [1, 165, 8646, 170907, 1183457, 2010571, 255053];
        assert_eq!(distance_distribution(10, None).unwrap().unwrap(), row.to_vec());
    }

    #[test]
    fn rejects_sizes_out_of_range() {
        assert!(distance_distribution(0, None).is_err());
        assert!(distance_distribution(MAX_DISTRIBUTION_BOOKS + 1, None).is_err());
    }
}
