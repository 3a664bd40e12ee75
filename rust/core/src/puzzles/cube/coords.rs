//! The coordinates' move tables, and the symmetry classes of the edges'
//! coordinate: what the search steps by and what the tables are indexed by.
//!
//! The large table's coordinate couples the edges' orientations (`flip`)
//! with where the middle layer's edges are (`slice`, in order for the
//! large table, as a set for the small one) and the corners' orientations
//! (`twist`). The 16 symmetries that keep the U-D axis take the middle
//! layer to itself, so conjugating a cube by one of them changes its
//! (`flip`, `slice`) pair as a function of that pair alone, and its
//! `twist` as a function of `twist` alone. The pairs fall into classes
//! under those symmetries, about a sixteenth as many; the table keeps one
//! entry per class and `twist`, `twist` seen through the symmetry that
//! takes the pair to its class's representative.

use super::cubie::{Cubie, CORNER_PERMS, FLIPS, INVERSE_SYMMETRY, MOVES, SLICES, SLICES_SORTED, TWISTS, UD_SYMMETRIES};
use crate::Interrupt;

/// Which middle-layer coordinate a table uses.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) enum Slice {
    /// Where the middle layer's edges are, as a set: 495 values.
    Unsorted,
    /// Where they are and in which order: 11,880 values.
    Sorted,
}

impl Slice {
    pub(crate) fn len(self) -> usize {
        match self {
            Slice::Unsorted => SLICES,
            Slice::Sorted => SLICES_SORTED,
        }
    }

    /// A cube's value of this coordinate.
    pub(crate) fn of(self, cube: &Cubie) -> u16 {
        match self {
            Slice::Unsorted => cube.slice_sorted() / 24,
            Slice::Sorted => cube.slice_sorted(),
        }
    }
}

/// A coordinate's value after each move: `table[value * MOVES + move]`.
fn tabulate(len: usize, set: impl Fn(&mut Cubie, u16), get: impl Fn(&Cubie) -> u16) -> Vec<u16> {
    let moves: Vec<Cubie> = (0..MOVES).map(super::cubie::move_cube).collect();
    let mut table = vec![0u16; len * MOVES];
    for value in 0..len {
        let mut cube = Cubie::SOLVED;
        set(&mut cube, value as u16);
        for (m, turn) in moves.iter().enumerate() {
            table[value * MOVES + m] = get(&cube.then(turn));
        }
    }
    table
}

/// The move tables of every coordinate.
pub(crate) struct MoveTables {
    pub(crate) twist: Vec<u16>,
    pub(crate) flip: Vec<u16>,
    pub(crate) slice: Vec<u16>,
    pub(crate) corner_perm: Vec<u16>,
    /// `twist_conjugate[twist * 16 + s]`: `twist` seen through symmetry `s`.
    pub(crate) twist_conjugate: Vec<u16>,
}

impl MoveTables {
    pub(crate) fn new(slice: Slice) -> MoveTables {
        let set_slice = |cube: &mut Cubie, value: u16| match slice {
            Slice::Unsorted => cube.set_slice_sorted(value * 24),
            Slice::Sorted => cube.set_slice_sorted(value),
        };
        let mut twist_conjugate = vec![0u16; TWISTS * UD_SYMMETRIES];
        for twist in 0..TWISTS {
            let mut cube = Cubie::SOLVED;
            cube.set_twist(twist as u16);
            for s in 0..UD_SYMMETRIES {
                twist_conjugate[twist * UD_SYMMETRIES + s] = cube.conjugate(s).twist();
            }
        }
        MoveTables {
            twist: tabulate(TWISTS, Cubie::set_twist, Cubie::twist),
            flip: tabulate(FLIPS, Cubie::set_flip, Cubie::flip),
            slice: tabulate(slice.len(), set_slice, |cube| slice.of(cube)),
            corner_perm: tabulate(CORNER_PERMS, Cubie::set_corner_perm, Cubie::corner_perm),
            twist_conjugate,
        }
    }
}

/// The symmetry classes of (`flip`, `slice`) pairs.
pub(crate) struct FlipSliceClasses {
    pub(crate) slice: Slice,
    /// For each pair (`flip + FLIPS * slice`): its class times 16 plus the
    /// symmetry that takes it to the class's representative.
    pub(crate) class_of: Vec<u32>,
    /// Each class's representative pair.
    pub(crate) representative: Vec<u32>,
    /// For each class, the symmetries that leave its representative as it
    /// is, as a mask.
    pub(crate) stabiliser: Vec<u16>,
}

/// What no class has been given yet.
const UNCLASSED: u32 = u32::MAX;

impl FlipSliceClasses {
    /// The classes, found representative by representative; `None` when
    /// the interrupt stopped it.
    pub(crate) fn new(slice: Slice, interrupt: Option<Interrupt>) -> Option<FlipSliceClasses> {
        let pairs = FLIPS * slice.len();
        let mut class_of: Vec<u32> = crate::cpu::huge_zeroed(pairs);
        class_of.fill(UNCLASSED);
        let (mut representative, mut stabiliser) = (Vec::new(), Vec::new());
        for pair in 0..pairs {
            if class_of[pair] != UNCLASSED {
                continue;
            }
            if pair % 4096 == 0 && interrupt.is_some_and(|stop| stop()) {
                return None;
            }
            let class = representative.len() as u32;
            representative.push(pair as u32);
            let mut cube = Cubie::SOLVED;
            cube.set_flip((pair % FLIPS) as u16);
            match slice {
                Slice::Unsorted => cube.set_slice_sorted((pair / FLIPS * 24) as u16),
                Slice::Sorted => cube.set_slice_sorted((pair / FLIPS) as u16),
            }
            let mut mask = 0u16;
            for s in 0..UD_SYMMETRIES {
                let seen = cube.conjugate(s);
                let other = usize::from(seen.flip()) + FLIPS * usize::from(slice.of(&seen));
                if other == pair {
                    mask |= 1 << s;
                }
                if class_of[other] == UNCLASSED {
                    // Seen through the inverse symmetry, `other` is `pair`.
                    class_of[other] = class << 4 | INVERSE_SYMMETRY[s] as u32;
                }
            }
            stabiliser.push(mask);
        }
        Some(FlipSliceClasses { slice, class_of, representative, stabiliser })
    }

    pub(crate) fn classes(&self) -> usize {
        self.representative.len()
    }
}
