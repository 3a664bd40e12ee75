//! Pattern databases of a permutation puzzle's projections: what a
//! position looks like when only some of it is seen (one set's pieces and
//! orientations, its pieces alone, its orientations alone), with the
//! fewest moves from each projected position to the projected goal, found
//! by a breadth-first search of the projection from the goal. A move of
//! the puzzle is a move of every projection, so each table's distance is a
//! lower bound on the puzzle's, and so is the largest of them.

use super::compiled::{Compiled, Position};
use crate::{Interrupt, Result};

/// Not reached (yet).
const UNSEEN: u8 = u8::MAX;

/// What a projection keeps of one set.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Projection {
    set: usize,
    /// Which pieces are told apart: each piece's label, `None` for pieces
    /// not kept.
    labels: Option<Vec<u8>>,
    /// How many pieces bear each label, in the goal.
    counts: Vec<u8>,
    /// Whether orientations are kept.
    twists: bool,
    /// The set's first place, places and orientations.
    start: usize,
    size: usize,
    orientations: u8,
}

impl Projection {
    fn new(puzzle: &Compiled, set: usize, pieces: bool, twists: bool) -> Projection {
        let start = puzzle.offsets[set];
        let size = puzzle.offsets[set + 1] - start;
        let solved = puzzle.solved();
        let (labels, counts) = if pieces {
            // Equal pieces share a label: the labels number the goal's pieces
            // in order of their numbers.
            let mut ids: Vec<u8> = solved.pieces[start..start + size].to_vec();
            ids.sort_unstable();
            ids.dedup();
            let mut labels = vec![0u8; 256];
            for (label, &id) in ids.iter().enumerate() {
                labels[usize::from(id)] = label as u8;
            }
            let mut counts = vec![0u8; ids.len()];
            for &piece in &solved.pieces[start..start + size] {
                counts[usize::from(labels[usize::from(piece)])] += 1;
            }
            (Some(labels), counts)
        } else {
            (None, vec![size as u8])
        };
        let orientations = puzzle.description.sets[set].orientations;
        Projection { set, labels, counts, twists: twists && orientations > 1, start, size, orientations }
    }

    /// The whole of set `set`: its pieces and their orientations.
    pub(crate) fn whole_set(puzzle: &Compiled, set: usize) -> Projection {
        Self::new(puzzle, set, true, true)
    }

    /// Set `set`'s pieces, their orientations not seen.
    pub(crate) fn pieces_of(puzzle: &Compiled, set: usize) -> Projection {
        Self::new(puzzle, set, true, false)
    }

    /// Set `set`'s orientations, place by place, not which piece bears them.
    pub(crate) fn orientations_of(puzzle: &Compiled, set: usize) -> Projection {
        Self::new(puzzle, set, false, true)
    }

    /// How many arrangements of the labelled pieces there are.
    fn arrangements(&self) -> Option<u64> {
        // n! / (c1! c2! ...), as a product of binomials, each exact.
        let mut total: u128 = 1;
        let mut placed: u128 = 0;
        for &count in &self.counts {
            for k in 1..=u128::from(count) {
                placed += 1;
                total = total.checked_mul(placed)? / k;
            }
        }
        u64::try_from(total).ok()
    }

    fn orientation_states(&self) -> Option<u64> {
        if !self.twists {
            return Some(1);
        }
        u64::from(self.orientations).checked_pow(self.size as u32)
    }

    /// How many entries its table has, if that fits 64 bits.
    pub(crate) fn entries(&self) -> Option<u64> {
        self.arrangements()?.checked_mul(self.orientation_states()?)
    }

    /// Whether it tells more than one position apart.
    pub(crate) fn informative(&self) -> bool {
        self.entries().is_some_and(|entries| entries > 1)
    }

    /// The labels of the set's places in `position` (all 0 when pieces are not kept).
    fn label_row(&self, position: &Position, row: &mut [u8]) {
        match &self.labels {
            Some(labels) => {
                for (label, &piece) in row.iter_mut().zip(&position.pieces[self.start..self.start + self.size]) {
                    *label = labels[usize::from(piece)];
                }
            }
            None => row.fill(0),
        }
    }

    /// The index of an arrangement (labels by place) and orientations.
    fn rank(&self, row: &[u8], twists: &[u8]) -> u64 {
        let mut counts = self.counts.clone();
        let mut remaining = self.size as u64;
        let mut block = self.arrangements().expect("a built table's size fits");
        let mut index = 0u64;
        for &label in row {
            let label = usize::from(label);
            for &count in &counts[..label] {
                index += block * u64::from(count) / remaining;
            }
            block = block * u64::from(counts[label]) / remaining;
            counts[label] -= 1;
            remaining -= 1;
        }
        if self.twists {
            let twist = twists.iter().fold(0u64, |acc, &t| acc * u64::from(self.orientations) + u64::from(t));
            index = index * self.orientation_states().expect("fits") + twist;
        }
        index
    }

    /// The arrangement and orientations of an index (the inverse of `rank`).
    fn unrank(&self, mut index: u64, row: &mut [u8], twists: &mut [u8]) {
        if self.twists {
            let states = self.orientation_states().expect("fits");
            let mut twist = index % states;
            index /= states;
            for t in twists.iter_mut().rev() {
                *t = (twist % u64::from(self.orientations)) as u8;
                twist /= u64::from(self.orientations);
            }
        } else {
            twists.fill(0);
        }
        let mut counts = self.counts.clone();
        let mut remaining = self.size as u64;
        let mut block = self.arrangements().expect("fits");
        for place in row.iter_mut() {
            for (label, count) in counts.iter_mut().enumerate() {
                if *count == 0 {
                    continue;
                }
                let part = block * u64::from(*count) / remaining;
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
}

/// A projection's pattern database: the distance of each projected
/// position from the projected goal.
#[derive(Debug, Clone)]
pub(crate) struct Table {
    projection: Projection,
    distances: Vec<u8>,
}

impl Table {
    /// Builds the table by a breadth-first search from the goal; `None`
    /// when the interrupt stopped it.
    pub(crate) fn build(
        puzzle: &Compiled,
        projection: Projection,
        interrupt: Option<Interrupt>,
    ) -> Result<Option<Table>> {
        let entries = projection.entries().expect("the caller checked the size");
        let size = projection.size;
        let start = projection.start;
        let mut distances = vec![UNSEEN; usize::try_from(entries).expect("a table fits memory")];
        let solved = puzzle.solved();
        let mut row = vec![0u8; size];
        projection.label_row(&solved, &mut row);
        let goal = projection.rank(&row, &solved.twists[start..start + size]);
        distances[goal as usize] = 0;
        // Each turn as it acts on this set alone.
        let turns: Vec<(Vec<usize>, Vec<u8>)> = puzzle
            .turns
            .iter()
            .map(|turn| {
                let sources = (start..start + size).map(|place| usize::from(turn.source[place]) - start).collect();
                (sources, turn.twist[start..start + size].to_vec())
            })
            .collect();
        let mut frontier = vec![goal];
        let (mut twists, mut next_row, mut next_twists) = (vec![0u8; size], vec![0u8; size], vec![0u8; size]);
        let mut depth = 0u8;
        let mut expanded = 0u64;
        while !frontier.is_empty() {
            let mut next = Vec::new();
            for &index in &frontier {
                expanded += 1;
                if expanded % (1 << 12) == 0 && interrupt.is_some_and(|stop| stop()) {
                    return Ok(None);
                }
                projection.unrank(index, &mut row, &mut twists);
                for (sources, turn_twists) in &turns {
                    for place in 0..size {
                        next_row[place] = row[sources[place]];
                        next_twists[place] = (twists[sources[place]] + turn_twists[place]) % projection.orientations;
                    }
                    let reached = projection.rank(&next_row, &next_twists) as usize;
                    if distances[reached] == UNSEEN {
                        distances[reached] = depth + 1;
                        next.push(reached as u64);
                    }
                }
            }
            frontier = next;
            depth += 1;
        }
        Ok(Some(Table { projection, distances }))
    }

    /// The table's distance of `position`'s projection.
    pub(crate) fn distance(&self, puzzle: &Compiled, position: &Position) -> u32 {
        let projection = &self.projection;
        let mut row = [0u8; super::compiled::MAX_PLACES];
        let row = &mut row[..projection.size];
        projection.label_row(position, row);
        let start = projection.start;
        let _ = puzzle;
        let index = projection.rank(row, &position.twists[start..start + projection.size]);
        u32::from(self.distances[index as usize])
    }

    /// How many entries it has.
    pub(crate) fn len(&self) -> usize {
        self.distances.len()
    }

    /// What it projects, in words.
    pub(crate) fn describe(&self, puzzle: &Compiled) -> String {
        let name = &puzzle.description.sets[self.projection.set].name;
        match (self.projection.labels.is_some(), self.projection.twists) {
            (true, true) => format!("{name}: pieces and orientations"),
            (true, false) => format!("{name}: pieces"),
            _ => format!("{name}: orientations"),
        }
    }

    /// How many projected positions lie at each distance.
    pub(crate) fn layers(&self) -> Vec<u64> {
        let deepest = self.distances.iter().filter(|&&d| d != UNSEEN).max().copied().unwrap_or(0);
        let mut layers = vec![0u64; usize::from(deepest) + 1];
        for &d in self.distances.iter().filter(|&&d| d != UNSEEN) {
            layers[usize::from(d)] += 1;
        }
        layers
    }
}
