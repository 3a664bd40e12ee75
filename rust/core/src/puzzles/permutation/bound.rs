//! The lower bound a permutation puzzle's pattern databases give, read in
//! as many ways as the puzzle allows.
//!
//! - **Added across independent parts.** A table's distance is at most the
//!   number of moves of a solution that change the sets it sees (the
//!   others can be dropped from the projected path). Where no move changes
//!   sets of two groups of tables, each move counts for one group only, so
//!   the groups' bounds add; within a group they are combined by maximum.
//! - **The dual (inverse) position.** Where the pieces all differ, a
//!   position is a group element `g` reached from the goal by some moves;
//!   `g⁻¹` is reached by their inverses in reverse order, so it has the
//!   same distance, and a table read on it bounds `g` too.
//! - **Symmetric views.** For a symmetry `S` (see `symmetry`),
//!   `S⁻¹ g S` has the same distance as `g`; a table read on it sees the
//!   pieces `S` carries the table's own onto. Each table is read through
//!   the symmetries that show it other pieces, a few of them.
//!
//! A solution of `g`'s dual or view changes each group's sets as often as
//! `g`'s does (a symmetry keeps every set), so the per-group maxima over
//! every reading still add.

use super::compiled::{Compiled, Position, Turn, Unions, MAX_PLACES};
use super::symmetry::symmetries;
use super::tables::{Table, UNSEEN};

/// What a table reads where no move reaches a position.
const UNSEEN_DISTANCE: u32 = UNSEEN as u32;
/// The most symmetric views a table is read through besides its own.
const MAX_VIEWS: usize = 2;

/// How a puzzle's tables are read and combined into its lower bound.
#[derive(Debug, Clone, Default)]
pub(crate) struct Bound {
    /// Each table's group, among groups whose bounds add: named by a set,
    /// so below [`MAX_PLACES`].
    group_of: Vec<usize>,
    /// One past the greatest group's name: what a bound adds up.
    groups: usize,
    /// Where the pieces all differ and the dual or the views are read.
    algebra: Option<Algebra>,
}

/// What reading a position as a group element takes.
#[derive(Debug, Clone)]
struct Algebra {
    /// The solved place of each piece, at its set's first place plus its
    /// number.
    home: [u8; MAX_PLACES],
    /// The first place of each place's set.
    first: [u8; MAX_PLACES],
    /// Each place's piece and orientations in the solved position.
    solved: [u8; MAX_PLACES],
    modulus: [u8; MAX_PLACES],
    places: usize,
    /// Whether the dual position is read too.
    dual: bool,
    /// The symmetries read, each with its inverse.
    symmetries: Vec<(Turn, Turn)>,
    /// For each symmetry, the tables read through it.
    readers: Vec<Vec<usize>>,
}

impl Bound {
    /// The bound of `puzzle`'s `tables`: added across independent groups,
    /// and read on the dual position (`dual`) and through the puzzle's
    /// symmetries (`symmetric`) where its pieces all differ.
    pub(crate) fn new(puzzle: &Compiled, tables: &[Table], dual: bool, symmetric: bool) -> Bound {
        let group_of = additive_groups(puzzle, tables);
        let groups = group_of.iter().max().map_or(0, |&last| last + 1);
        if !(dual || symmetric) || !puzzle.pieces_differ() {
            return Bound { group_of, groups, algebra: None };
        }
        let places = puzzle.places();
        let solved = puzzle.solved();
        let (mut home, mut first, mut modulus) = ([0u8; MAX_PLACES], [0u8; MAX_PLACES], [0u8; MAX_PLACES]);
        for bounds in puzzle.offsets.windows(2) {
            for place in bounds[0]..bounds[1] {
                home[bounds[0] + usize::from(solved.pieces[place])] = place as u8;
                first[place] = bounds[0] as u8;
                modulus[place] = puzzle.modulus[place];
            }
        }
        let found = if symmetric { symmetries(puzzle) } else { Vec::new() };
        let kept: Vec<u64> = tables.iter().map(|table| table.kept_places(puzzle)).collect();
        // Only the symmetries some table reads are kept, numbered as first read.
        let mut used: Vec<usize> = Vec::new();
        let mut readers: Vec<Vec<usize>> = Vec::new();
        for (table, &own) in kept.iter().enumerate() {
            for symmetry in chosen_views(&found, own, &kept) {
                let slot = used.iter().position(|&read| read == symmetry).unwrap_or_else(|| {
                    used.push(symmetry);
                    readers.push(Vec::new());
                    used.len() - 1
                });
                readers[slot].push(table);
            }
        }
        if !dual && used.is_empty() {
            // No table sees other pieces through a symmetry.
            return Bound { group_of, groups, algebra: None };
        }
        let symmetries =
            used.iter().map(|&index| (found[index].clone(), found[index].inverse(&puzzle.modulus))).collect();
        let algebra = Algebra { home, first, solved: solved.pieces, modulus, places, dual, symmetries, readers };
        Bound { group_of, groups, algebra: Some(algebra) }
    }

    /// The bound of `position`: [`UNSEEN`] where a table shows no move
    /// reaches it.
    pub(crate) fn of(&self, tables: &[Table], position: &Position) -> u32 {
        self.above(tables, position, u32::MAX)
    }

    /// The bound of `position`, or the tables' own reading of it where that
    /// is above `limit`: the dual and the views are read only where it is
    /// not. A group's maximum over every reading is the maximum of its
    /// maxima over each, so each reading raises the groups' maxima in turn.
    pub(crate) fn above(&self, tables: &[Table], position: &Position, limit: u32) -> u32 {
        let mut most = [0u32; MAX_PLACES];
        let every_table = || 0..tables.len();
        if !self.raise(&mut most, tables, every_table(), position) {
            return UNSEEN_DISTANCE;
        }
        let own = most[..self.groups].iter().sum();
        let Some(algebra) = self.algebra.as_ref().filter(|_| own <= limit) else {
            return own;
        };
        let dual = algebra.dual.then(|| algebra.inverse(position));
        if let Some(dual) = &dual {
            if !self.raise(&mut most, tables, every_table(), dual) {
                return UNSEEN_DISTANCE;
            }
        }
        for (symmetry, readers) in algebra.readers.iter().enumerate() {
            let readers = || readers.iter().copied();
            if !self.raise(&mut most, tables, readers(), &algebra.conjugate(symmetry, position)) {
                return UNSEEN_DISTANCE;
            }
            if let Some(dual) = &dual {
                if !self.raise(&mut most, tables, readers(), &algebra.conjugate(symmetry, dual)) {
                    return UNSEEN_DISTANCE;
                }
            }
        }
        most[..self.groups].iter().sum()
    }

    /// Raises each group's maximum in `most` to what `readers` read on
    /// `reading`; false where one shows no move reaches it.
    #[inline]
    fn raise(
        &self,
        most: &mut [u32; MAX_PLACES],
        tables: &[Table],
        readers: impl Iterator<Item = usize>,
        reading: &Position,
    ) -> bool {
        for table in readers {
            let distance = tables[table].distance(reading);
            if distance == UNSEEN_DISTANCE {
                return false;
            }
            let group = &mut most[self.group_of[table]];
            *group = (*group).max(distance);
        }
        true
    }
}

impl Algebra {
    /// The position of `g⁻¹`: the piece of place `p` of `g` came from its
    /// solved place `q`, so `g⁻¹` brings the solved piece of `p` to `q`,
    /// turned back.
    fn inverse(&self, position: &Position) -> Position {
        let mut inverse = Position { pieces: [0; MAX_PLACES], twists: [0; MAX_PLACES] };
        for place in 0..self.places {
            let from = usize::from(self.home[usize::from(self.first[place] + position.pieces[place])]);
            let m = self.modulus[place];
            inverse.pieces[from] = self.solved[place];
            inverse.twists[from] = (m - position.twists[place]) % m;
        }
        inverse
    }

    /// `S⁻¹ g S`: at place `p`, what `g` holds at `S`'s source of `p`,
    /// relabelled by `S⁻¹`.
    fn conjugate(&self, symmetry: usize, position: &Position) -> Position {
        let (symmetry, inverse) = &self.symmetries[symmetry];
        let mut view = Position { pieces: [0; MAX_PLACES], twists: [0; MAX_PLACES] };
        for place in 0..self.places {
            let at = usize::from(symmetry.source[place]);
            let from = usize::from(self.home[usize::from(self.first[at] + position.pieces[at])]);
            let m = u16::from(self.modulus[place]);
            view.pieces[place] = self.solved[usize::from(inverse.source[from])];
            let twist =
                u16::from(inverse.twist[from]) + u16::from(position.twists[at]) + u16::from(symmetry.twist[place]);
            view.twists[place] = (twist % m) as u8;
        }
        view
    }
}

/// The symmetries (indices into `found`, the identity first and not
/// chosen) through which a table that sees the pieces of `own` sees
/// others: one for each set of pieces seen, at most [`MAX_VIEWS`], those
/// that overlap the table's own and those already chosen least first. A
/// view onto the pieces another table sees (`kept`) is left out: the
/// puzzle's symmetry makes it that table's reading, which is read anyway.
fn chosen_views(found: &[Turn], own: u64, kept: &[u64]) -> Vec<usize> {
    let image = |symmetry: &Turn| {
        (0..64).filter(|&place| own >> place & 1 == 1).fold(0u64, |mask, place| mask | 1 << symmetry.source[place])
    };
    let images: Vec<u64> = found.iter().map(image).collect();
    let mut chosen: Vec<usize> = Vec::new();
    let mut covered = own;
    while chosen.len() < MAX_VIEWS {
        let best = (1..found.len())
            .filter(|&index| !kept.contains(&images[index]))
            .filter(|&index| chosen.iter().all(|&other| images[other] != images[index]))
            .min_by_key(|&index| (images[index] & covered).count_ones());
        let Some(best) = best else { break };
        covered |= images[best];
        chosen.push(best);
    }
    chosen
}

/// Each table's group, among groups whose bounds add: sets joined when a
/// move changes both or a table sees both, each group named by its first
/// set.
fn additive_groups(puzzle: &Compiled, tables: &[Table]) -> Vec<usize> {
    let sets = puzzle.description.sets.len();
    let mut joined = Unions::new(sets);
    for turn in &puzzle.turns {
        let changed: Vec<usize> = (0..puzzle.places())
            .filter(|&place| usize::from(turn.source[place]) != place || turn.twist[place] != 0)
            .map(|place| puzzle.set_of(place))
            .collect();
        for pair in changed.windows(2) {
            joined.join(pair[0], pair[1]);
        }
    }
    for table in tables {
        let seen: Vec<usize> = table.sets().collect();
        for pair in seen.windows(2) {
            joined.join(pair[0], pair[1]);
        }
    }
    tables.iter().map(|table| joined.root(table.sets().next().expect("a table sees a set"))).collect()
}
