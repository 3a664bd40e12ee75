//! Pattern databases indexed by an outer coordinate (a symmetry class of
//! the edges' coordinate, or the corners' arrangement) and the corners'
//! orientations (`twist`) within it: four bits an entry, each the fewest
//! moves from the goal of the positions it stands for.
//!
//! A breadth-first search from the goal fills them. Its work is ordered by
//! outer value: the children of an outer value by one move all fall in one
//! other outer value's block of 2,187 entries (a kilobyte), so that a block
//! and its eighteen targets stay in the cache while every `twist` of the
//! block is stepped, and blocks are searched in parallel. While the layer
//! searched (the frontier) is small, its entries mark their children
//! (push); once it outnumbers half of the entries not yet reached, each of
//! those looks instead for a parent in the frontier (pull), which ends at
//! the first one found.

use std::path::Path;
use std::sync::atomic::{AtomicBool, AtomicU8, Ordering::Relaxed};

use rayon::prelude::*;

use super::coords::{FlipSliceClasses, MoveTables};
use super::cubie::{FLIPS, MOVES, TWISTS, UD_SYMMETRIES};
use crate::puzzle::{Progress, Report};
use crate::{cache, Interrupt};

/// Not reached yet.
const UNSEEN: u8 = 15;
/// The version of the stored tables' format: raised whenever what an entry
/// means changes (how the coordinates number their values).
const FORMAT_VERSION: u32 = 1;

/// The outer coordinate of a table.
pub(crate) trait Outer: Sync {
    /// How many values it has.
    fn len(&self) -> usize;
    /// The value move `m` takes `value` to, and the symmetry through which
    /// the child's `twist` is seen there.
    fn child(&self, value: usize, m: usize) -> (usize, usize);
    /// The symmetries that leave `value`'s positions as they are (a mask,
    /// the identity's bit always set): its entries for `twist` and for
    /// `twist` seen through one of them stand for the same positions.
    fn stabiliser(&self, value: usize) -> u16;
}

/// The corners' arrangement: no symmetry.
pub(crate) struct Corners<'a>(pub &'a MoveTables);

impl Outer for Corners<'_> {
    fn len(&self) -> usize {
        super::cubie::CORNER_PERMS
    }

    fn child(&self, value: usize, m: usize) -> (usize, usize) {
        (usize::from(self.0.corner_perm[value * MOVES + m]), 0)
    }

    fn stabiliser(&self, _: usize) -> u16 {
        1
    }
}

/// The symmetry classes of the edges' (`flip`, `slice`) pairs.
pub(crate) struct FlipSlice<'a>(pub &'a FlipSliceClasses, pub &'a MoveTables);

impl Outer for FlipSlice<'_> {
    fn len(&self) -> usize {
        self.0.classes()
    }

    fn child(&self, value: usize, m: usize) -> (usize, usize) {
        let (classes, moves) = (self.0, self.1);
        let pair = classes.representative[value] as usize;
        let flip = usize::from(moves.flip[pair % FLIPS * MOVES + m]);
        let slice = usize::from(moves.slice[pair / FLIPS * MOVES + m]);
        let class = classes.class_of[flip + FLIPS * slice] as usize;
        (class >> 4, class & 15)
    }

    fn stabiliser(&self, value: usize) -> u16 {
        self.0.stabiliser[value]
    }
}

/// A table: entry `outer * 2187 + twist`, two to a byte, the low nibble first.
pub(crate) struct Table {
    pub(crate) nibbles: Vec<u8>,
}

impl Table {
    /// The distance at `index`.
    #[inline(always)]
    pub(crate) fn get(&self, index: usize) -> u32 {
        // SAFETY: every index the search forms is below the entries'
        // count (its coordinates are in range by construction).
        let byte = unsafe { *self.nibbles.get_unchecked(index >> 1) };
        u32::from((byte >> ((index & 1) * 4)) & 15)
    }

    /// The count of entries at each distance.
    #[cfg(test)]
    pub(crate) fn layers(&self, entries: usize) -> Vec<u64> {
        let mut layers = vec![0u64; 16];
        for index in 0..entries {
            layers[self.get(index) as usize] += 1;
        }
        while layers.last() == Some(&0) {
            layers.pop();
        }
        layers
    }

    /// Builds the table of `outer` by a breadth-first search from `goal`
    /// (its outer value and `twist`), telling `report` of each layer as
    /// task `task`; `None` when the interrupt or the report stopped it.
    pub(crate) fn build(
        outer: &dyn Outer,
        moves: &MoveTables,
        goal: (usize, usize),
        interrupt: Option<Interrupt>,
        report: Option<(Report, usize, usize)>,
    ) -> Option<Table> {
        let entries = outer.len() * TWISTS;
        let mut nibbles: Vec<u8> = crate::cpu::huge_zeroed(entries.div_ceil(2));
        nibbles.fill(UNSEEN << 4 | UNSEEN);
        // SAFETY: an `AtomicU8` has the layout of a `u8`, and `nibbles` is
        // borrowed here alone until `cells` is dropped.
        let cells: &[AtomicU8] =
            unsafe { std::slice::from_raw_parts(nibbles.as_mut_ptr() as *const AtomicU8, nibbles.len()) };
        let get = |index: usize| (cells[index >> 1].load(Relaxed) >> ((index & 1) * 4)) & 15;
        // Sets an unseen entry; false when it was seen already.
        let set = |index: usize, value: u8| {
            let shift = (index & 1) * 4;
            cells[index >> 1]
                .fetch_update(Relaxed, Relaxed, |byte| {
                    ((byte >> shift) & 15 == UNSEEN).then_some(byte & !(15 << shift) | value << shift)
                })
                .is_ok()
        };
        // The entry of `twist` seen through symmetry `s`.
        let seen = |twist: usize, s: usize| usize::from(moves.twist_conjugate[twist * UD_SYMMETRIES + s]);
        // Sets an entry and those of the same positions; how many were new.
        let set_all = |value: usize, twist: usize, depth: u8| -> u64 {
            let mut new = u64::from(set(value * TWISTS + twist, depth));
            let mut others = outer.stabiliser(value) & !1;
            while others != 0 {
                let s = others.trailing_zeros() as usize;
                others &= others - 1;
                new += u64::from(set(value * TWISTS + seen(twist, s), depth));
            }
            new
        };
        let stopped = AtomicBool::new(false);
        let (mut frontier, mut seen_count) = (set_all(goal.0, goal.1, 0), 0u64);
        seen_count += frontier;
        for depth in 0..UNSEEN - 1 {
            let next = depth + 1;
            let unseen = entries as u64 - seen_count;
            let push = frontier.saturating_mul(2) < unseen;
            let found: u64 = (0..outer.len())
                .into_par_iter()
                .with_min_len(64)
                .map(|value| {
                    if value % 1024 == 0 && interrupt.is_some_and(|stop| stop()) {
                        stopped.store(true, Relaxed);
                    }
                    if stopped.load(Relaxed) {
                        return 0;
                    }
                    let block = value * TWISTS;
                    let wanted = if push { depth } else { UNSEEN };
                    let mut twists: Vec<u16> = Vec::new();
                    for twist in 0..TWISTS {
                        if get(block + twist) == wanted {
                            twists.push(twist as u16);
                        }
                    }
                    if twists.is_empty() {
                        return 0;
                    }
                    let children: [(usize, usize); MOVES] = std::array::from_fn(|m| outer.child(value, m));
                    let mut new = 0;
                    if push {
                        for (m, &(child, s)) in children.iter().enumerate() {
                            for &twist in &twists {
                                let turned = usize::from(moves.twist[usize::from(twist) * MOVES + m]);
                                let twist = seen(turned, s);
                                if get(child * TWISTS + twist) == UNSEEN {
                                    new += set_all(child, twist, next);
                                }
                            }
                        }
                    } else {
                        for &twist in &twists {
                            let reached = children.iter().enumerate().any(|(m, &(child, s))| {
                                let turned = usize::from(moves.twist[usize::from(twist) * MOVES + m]);
                                get(child * TWISTS + seen(turned, s)) == depth
                            });
                            if reached && set(block + usize::from(twist), next) {
                                new += 1;
                            }
                        }
                    }
                    new
                })
                .sum();
            if stopped.load(Relaxed) {
                return None;
            }
            if found == 0 {
                break;
            }
            frontier = found;
            seen_count += found;
            if let Some((report, task, tasks)) = report {
                let progress =
                    Progress { task, tasks, layer: u32::from(next), reached: seen_count, total: entries as u64 };
                if report(progress) {
                    return None;
                }
            }
            if seen_count == entries as u64 {
                break;
            }
        }
        Some(Table { nibbles })
    }

    /// The table named `name` from the cache directory `cache` when a sound
    /// copy is there, else built by `build` (and stored there).
    pub(crate) fn cached(
        name: &str,
        entries: usize,
        cache: Option<&Path>,
        interrupt: Option<Interrupt>,
        build: impl FnOnce() -> Option<Table>,
    ) -> Option<Table> {
        let Some(dir) = cache else { return build() };
        let mut header = b"IDASTAR-CUBE-TABLE\0".to_vec();
        header.extend_from_slice(&FORMAT_VERSION.to_le_bytes());
        header.extend_from_slice(name.as_bytes());
        header.push(0);
        let path = dir.join(format!("cube-{name}-v{FORMAT_VERSION}.bin"));
        let stopped = || interrupt.is_some_and(|stop| stop());
        match cache::load_table_until(&path, &header, entries.div_ceil(2), &stopped) {
            Ok(nibbles) => Some(Table { nibbles }),
            Err(reason) if reason == cache::STOPPED => None,
            Err(_) => {
                let table = build()?;
                if let Err(error) = cache::save_table_until(&path, &header, &table.nibbles, &stopped) {
                    cache::note_unkept(dir, &error);
                }
                Some(table)
            }
        }
    }
}
