//! Property tests of every puzzle's parsers and codecs, through the public
//! API as the binding uses it: whatever integers come in, parsing never
//! panics; it either refuses them or packs them so that unpacking gives them
//! back; ranks and unranks invert each other.
//!
//! 64 cases a property by default, so that `cargo test` stays fast; set
//! `PROPTEST_CASES` for a longer run.

use idastar_core::puzzles::booksort::{Booksort, MAX_BOOKS};
use idastar_core::puzzles::rotation;
use idastar_core::puzzles::sliding::{pack_tiles, pdb, Geometry, Goal, Sliding, Tiles, MAX_CELLS};
use idastar_core::puzzles::squares::{self, Grid, StickSet};
use proptest::prelude::*;
use proptest::sample::SizeRange;

fn config() -> ProptestConfig {
    let cases = std::env::var("PROPTEST_CASES").ok().and_then(|cases| cases.parse().ok()).unwrap_or(64);
    ProptestConfig { cases, ..ProptestConfig::default() }
}

/// Integers as a user may pass them: mostly small, some at the edges of `u32`.
fn any_value() -> impl Strategy<Value = u32> {
    prop_oneof![4 => 0u32..32, 1 => any::<u32>(), 1 => Just(u32::MAX)]
}

fn values(len: impl Into<SizeRange>) -> impl Strategy<Value = Vec<u32>> {
    prop::collection::vec(any_value(), len)
}

/// A permutation of `first .. first + n` for an `n` in `sizes`.
fn permutation(sizes: std::ops::RangeInclusive<u32>, first: u32) -> impl Strategy<Value = Vec<u32>> {
    sizes.prop_flat_map(move |n| Just((first..first + n).collect::<Vec<u32>>()).prop_shuffle())
}

/// `values` with sometimes one item replaced by another integer.
fn maybe_spoiled(values: impl Strategy<Value = Vec<u32>>) -> impl Strategy<Value = Vec<u32>> {
    (values, any::<prop::sample::Index>(), prop::option::of(any_value())).prop_map(|(mut values, at, new)| {
        if let (Some(new), false) = (new, values.is_empty()) {
            let at = at.index(values.len());
            values[at] = new;
        }
        values
    })
}

proptest! {
    #![proptest_config(config())]

    #[test]
    fn booksort_shelves_round_trip_or_are_refused(books in prop_oneof![
        maybe_spoiled(permutation(0..=MAX_BOOKS as u32 + 1, 1)),
        values(0..20),
    ]) {
        match Booksort::new(books.len()) {
            Err(_) => prop_assert!(books.is_empty() || books.len() > MAX_BOOKS),
            Ok(puzzle) => match puzzle.pack(&books) {
                Ok(state) => prop_assert_eq!(puzzle.unpack(state), books),
                Err(_) => {
                    let mut sorted = books.clone();
                    sorted.sort_unstable();
                    prop_assert_ne!(sorted, (1..=books.len() as u32).collect::<Vec<_>>());
                }
            },
        }
    }

    #[test]
    fn booksort_permutations_always_pack(books in permutation(1..=MAX_BOOKS as u32, 1)) {
        let puzzle = Booksort::new(books.len()).unwrap();
        prop_assert_eq!(puzzle.unpack(puzzle.pack(&books).unwrap()), books);
    }

    #[test]
    fn rotation_boards_round_trip_or_are_refused(values in prop_oneof![
        maybe_spoiled(prop::collection::vec(1u32..=3, rotation::CELLS)),
        values(0..30),
    ]) {
        let valid = values.len() == rotation::CELLS && values.iter().all(|v| (1..=3).contains(v));
        match rotation::pack(&values) {
            Ok(board) => {
                prop_assert!(valid);
                prop_assert_eq!(rotation::unpack(board), values);
            }
            Err(_) => prop_assert!(!valid),
        }
    }

    #[test]
    fn rotation_codes_unpack_to_boards_that_pack_back(code in any::<u64>()) {
        let values = rotation::unpack(code);
        prop_assert_eq!(values.len(), rotation::CELLS);
        if let Ok(board) = rotation::pack(&values) {
            prop_assert_eq!(rotation::unpack(board), values);
        }
    }

    #[test]
    fn sliding_boards_round_trip_or_are_refused(
        ((width, height), tiles) in (0usize..8, 0usize..8).prop_flat_map(|(width, height)| {
            let board = permutation(width as u32 * height as u32..=width as u32 * height as u32, 0);
            (Just((width, height)), prop_oneof![maybe_spoiled(board), values(0..30)])
        }),
    ) {
        let Ok(geometry) = Geometry::new(width, height) else {
            prop_assert!(!(2..=5).contains(&width) || !(2..=5).contains(&height));
            return Ok(());
        };
        let cells = geometry.cells();
        check_tiles::<u64>(&geometry, &tiles)?;
        check_tiles::<u128>(&geometry, &tiles)?;
        prop_assert_eq!(Goal::new(&geometry, &tiles).is_ok(), is_board(&tiles, cells));
        let blank_last: Vec<u32> = (1..cells as u32).chain([0]).collect();
        let puzzle = Sliding::<u128>::new(geometry.clone(), Goal::new(&geometry, &blank_last).unwrap()).unwrap();
        // Half of the boards cannot reach the goal, and do not pack.
        if let Ok(position) = puzzle.pack(&tiles) {
            let back: Vec<u32> = puzzle.unpack(position).into_iter().map(u32::from).collect();
            prop_assert_eq!(back, tiles);
        }
    }

    #[test]
    fn pattern_ranks_invert_unranks(
        (n, cells) in (1usize..=MAX_CELLS, 1usize..=8).prop_flat_map(|(n, k)| {
            (Just(n), Just((0..n as u8).collect::<Vec<u8>>()).prop_shuffle().prop_map(move |mut cells| {
                cells.truncate(k);
                cells
            }))
        }),
    ) {
        let k = cells.len();
        let index = pdb::rank(n, cells.iter().copied());
        let placements: usize = (n - k + 1..=n).product();
        prop_assert!(index < placements);
        let mut back = vec![0u8; k];
        pdb::unrank(n, k, index, &mut back);
        prop_assert_eq!(back, cells);
    }

    #[test]
    fn square_sticks_parse_or_are_refused(n in 0usize..20, removed in values(0..12)) {
        match Grid::new(n) {
            Err(_) => prop_assert!(n == 0 || n > squares::MAX_N),
            Ok(grid) => {
                let parsed = grid.removed_sticks(&removed);
                let count = grid.stick_count() as u32;
                let mut unique = removed.clone();
                unique.sort_unstable();
                unique.dedup();
                let valid = unique.len() == removed.len() && removed.iter().all(|&s| (1..=count).contains(&s));
                prop_assert_eq!(parsed.is_ok(), valid);
                if let Ok(sticks) = parsed {
                    let back: Vec<u32> = sticks.iter().map(|&s| s as u32 + 1).collect();
                    prop_assert_eq!(back, removed.clone());
                }
                let values: Vec<i64> = std::iter::once(n as i64).chain(removed.iter().map(|&s| i64::from(s))).collect();
                prop_assert_eq!(squares::read_case(&values).is_ok(), valid);
                prop_assert_eq!(squares::lower_bound(n, &removed, squares::Heuristic::Packing).is_ok(), valid);
            }
        }
    }

    #[test]
    fn stick_sets_hold_what_they_were_given(sticks in prop::collection::vec(0usize..StickSet::<9>::CAPACITY, 0..40)) {
        let set = StickSet::<9>::from_sticks(sticks.iter().copied());
        let mut expected = sticks.clone();
        expected.sort_unstable();
        expected.dedup();
        prop_assert_eq!(set.iter().collect::<Vec<_>>(), expected.clone());
        prop_assert_eq!(set.len() as usize, expected.len());
    }
}

fn is_board(tiles: &[u32], cells: usize) -> bool {
    let mut sorted = tiles.to_vec();
    sorted.sort_unstable();
    sorted == (0..cells as u32).collect::<Vec<_>>()
}

/// `tiles` packs into `T` exactly when it is a board that fits, and then
/// every cell reads back.
fn check_tiles<T: Tiles>(geometry: &Geometry, tiles: &[u32]) -> Result<(), TestCaseError> {
    let cells = geometry.cells();
    match pack_tiles::<T>(geometry, tiles) {
        Ok(code) => {
            prop_assert!(is_board(tiles, cells) && cells <= T::CAPACITY);
            let back: Vec<u32> = (0..cells).map(|cell| u32::from(code.get(cell))).collect();
            prop_assert_eq!(back, tiles.to_vec());
        }
        Err(_) => prop_assert!(!is_board(tiles, cells) || cells > T::CAPACITY),
    }
    Ok(())
}
