//! A description compiled into a puzzle the engines search: positions as
//! flat `Copy` arrays, every power of every move (`U`, `U2`, `U'`), the
//! canonical order of moves (no move after a power of itself, of two
//! commuting moves only one order), and pattern databases of its
//! projections as the lower bound.

use std::fmt;
use std::path::Path;
use std::sync::Arc;

use super::bound::Bound;
use super::description::Description;
use super::tables::{projections, Table, Told};
use crate::puzzle::Report;
use crate::{Edge, Error, Interrupt, Problem, Result, Reversible};

crate::choices! {
    /// Which powers of a move count as one move.
    pub enum Metric: "metric" {
        /// Every power (`U`, `U2`, `U'`): the half-turn metric of cubes.
        Htm = "htm",
        /// A move and its inverse only (`U`, `U'`; `U2` is two moves): the
        /// quarter-turn metric.
        Qtm = "qtm",
    }
}

/// The most places (over all sets) a compiled puzzle holds.
pub const MAX_PLACES: usize = 64;
/// The most moves before their powers (the canonical order keeps a mask of them).
pub const MAX_BASE_MOVES: usize = 64;

/// A position: the piece at each place (numbered from 0 within its set)
/// and its orientation; places past the puzzle's are 0.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Position {
    pub(crate) pieces: [u8; MAX_PLACES],
    pub(crate) twists: [u8; MAX_PLACES],
}

impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let end = self.pieces.iter().rposition(|&piece| piece != 0).map_or(0, |last| last + 1);
        f.debug_struct("Position").field("pieces", &&self.pieces[..end]).field("twists", &&self.twists[..end]).finish()
    }
}

/// One move as it acts on every place: place `i` takes the piece of place
/// `source[i]`, turned by `twist[i]`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Turn {
    /// Its name: the description's for the move itself, then `U2`, `U'`.
    pub name: String,
    /// The description's move it is a power of.
    pub base: usize,
    /// Whether it may follow itself in a canonical sequence: in the
    /// quarter-turn metric, where `U U` is the only way to `U2`.
    pub(crate) repeats: bool,
    pub(crate) source: Vec<u8>,
    pub(crate) twist: Vec<u8>,
}

impl Turn {
    /// The place each place takes its piece from, over all sets.
    pub fn source(&self) -> Vec<u8> {
        self.source.clone()
    }

    /// The twist the turn adds at each place.
    pub fn twists(&self) -> Vec<u8> {
        self.twist.clone()
    }

    pub(crate) fn identity(places: usize) -> Turn {
        Turn {
            name: String::new(),
            base: 0,
            repeats: false,
            source: (0..places as u8).collect(),
            twist: vec![0; places],
        }
    }

    /// This turn, then `next`.
    pub(crate) fn then(&self, next: &Turn, modulus: &[u8]) -> Turn {
        let source = next.source.iter().map(|&from| self.source[usize::from(from)]).collect();
        let twist = next
            .source
            .iter()
            .zip(&next.twist)
            .zip(modulus)
            .map(|((&from, &turn), &m)| (self.twist[usize::from(from)] + turn) % m)
            .collect();
        Turn { name: String::new(), base: self.base, repeats: false, source, twist }
    }

    /// The turn that undoes this one: the piece it brought to place `p`
    /// from `source[p]` goes back, turned back.
    pub(crate) fn inverse(&self, modulus: &[u8]) -> Turn {
        let mut inverse = self.clone();
        for (place, &from) in self.source.iter().enumerate() {
            let m = modulus[place];
            inverse.source[usize::from(from)] = place as u8;
            inverse.twist[usize::from(from)] = (m - self.twist[place]) % m;
        }
        inverse
    }

    pub(crate) fn is_identity(&self) -> bool {
        self.source.iter().enumerate().all(|(place, &from)| usize::from(from) == place)
            && self.twist.iter().all(|&twist| twist == 0)
    }
}

/// A permutation puzzle compiled from its [`Description`].
#[derive(Debug, Clone)]
pub struct Compiled {
    /// What it was compiled from.
    pub description: Description,
    places: usize,
    /// The first place of each set, and one past the last.
    pub(crate) offsets: Vec<usize>,
    /// The orientations of each place's set.
    pub(crate) modulus: Vec<u8>,
    solved: Position,
    /// Every power of every move, a move's powers together, in the order of
    /// the description's moves.
    pub turns: Vec<Turn>,
    /// For each base move, the base moves that may follow it in a canonical
    /// sequence, as a mask.
    follows: Vec<u64>,
    /// The turn that undoes each turn.
    pub(crate) inverse: Vec<u16>,
    /// Shared by the puzzle's copies that read them differently.
    tables: Arc<Vec<Table>>,
    bound: Bound,
}

impl Compiled {
    /// Compiles a description: the powers of each move that `metric` counts
    /// as one move, and the canonical order. No tables yet
    /// ([`with_tables`](Compiled::with_tables) builds them).
    pub fn new(description: Description, metric: Metric) -> Result<Compiled> {
        let places: usize = description.sets.iter().map(|set| set.size).sum();
        if places > MAX_PLACES {
            return Err(Error::invalid(format!(
                "{}: {places} places in all; a puzzle may have at most {MAX_PLACES}",
                description.name
            )));
        }
        if description.moves.len() > MAX_BASE_MOVES {
            return Err(Error::invalid(format!(
                "{}: {} moves; a puzzle may have at most {MAX_BASE_MOVES}",
                description.name,
                description.moves.len()
            )));
        }
        let mut offsets = vec![0];
        let mut modulus = Vec::with_capacity(places);
        for set in &description.sets {
            offsets.push(offsets.last().expect("starts at 0") + set.size);
            modulus.extend(std::iter::repeat_n(set.orientations, set.size));
        }
        let mut solved = Position { pieces: [0; MAX_PLACES], twists: [0; MAX_PLACES] };
        for (part, &start) in description.solved.iter().zip(&offsets) {
            solved.pieces[start..start + part.places.len()].copy_from_slice(&part.places);
            solved.twists[start..start + part.twists.len()].copy_from_slice(&part.twists);
        }
        let mut turns = Vec::new();
        let mut inverse = Vec::new();
        let mut generators = Vec::with_capacity(description.moves.len());
        for (base, mv) in description.moves.iter().enumerate() {
            let mut turn = Turn::identity(places);
            turn.base = base;
            for (part, &start) in mv.parts.iter().zip(&offsets) {
                for (place, &from) in part.places.iter().enumerate() {
                    turn.source[start + place] = (start + usize::from(from)) as u8;
                    // The description twists the piece that leaves a place.
                    turn.twist[start + place] = part.twists[usize::from(from)];
                }
            }
            if turn.is_identity() {
                return Err(Error::invalid(format!("move {} changes nothing", mv.name)));
            }
            let mut powers = vec![turn.clone()];
            loop {
                let next = powers.last().expect("not empty").then(&turn, &modulus);
                if next.is_identity() {
                    break;
                }
                if powers.len() >= 255 {
                    return Err(Error::invalid(format!("move {} has an order above 255", mv.name)));
                }
                powers.push(next);
            }
            let order = powers.len() as i32 + 1;
            // The shorter way round: U3 of an order-4 move is U'.
            let signed = |times: i32| if order - times < times { times - order } else { times };
            let kept: Vec<(i32, Turn)> =
                (1..).zip(powers).filter(|&(times, _)| metric == Metric::Htm || signed(times).abs() == 1).collect();
            let first = turns.len();
            for &(times, _) in &kept {
                // Power j is undone by power order - j, which the metric keeps too.
                let undo = kept.iter().position(|&(other, _)| (other + times) % order == 0).expect("kept in pairs");
                inverse.push((first + undo) as u16);
            }
            for (times, mut power) in kept {
                power.repeats = metric == Metric::Qtm && order >= 4;
                power.name = match signed(times) {
                    1 => mv.name.clone(),
                    -1 => format!("{}'", mv.name),
                    s if s < 0 => format!("{}{}'", mv.name, -s),
                    s => format!("{}{s}", mv.name),
                };
                turns.push(power);
            }
            generators.push(turn);
        }
        let commute = |a: &Turn, b: &Turn| {
            let (ab, ba) = (a.then(b, &modulus), b.then(a, &modulus));
            ab.source == ba.source && ab.twist == ba.twist
        };
        let follows = (0..generators.len())
            .map(|before| {
                (0..generators.len())
                    .filter(|&after| {
                        after != before && !(after < before && commute(&generators[before], &generators[after]))
                    })
                    .fold(0u64, |mask, after| mask | 1 << after)
            })
            .collect();
        Ok(Compiled {
            description,
            places,
            offsets,
            modulus,
            solved,
            turns,
            follows,
            inverse,
            tables: Arc::default(),
            bound: Bound::default(),
        })
    }

    /// This puzzle with pattern databases of its projections built, each of
    /// at most `entries` entries: each set whole where it fits, else its
    /// pieces (in groups where they must be) and its orientations apart,
    /// and every set's orientations together. `None` when the interrupt
    /// stopped a build.
    pub fn with_tables(self, entries: u64, interrupt: Option<Interrupt>) -> Result<Option<Compiled>> {
        self.with_tables_cached(entries, None, interrupt, None)
    }

    /// [`with_tables`](Compiled::with_tables), each table loaded from the
    /// cache directory `cache` where a sound copy is there, else built and
    /// stored there.
    pub fn with_tables_cached(
        mut self,
        entries: u64,
        cache: Option<&Path>,
        interrupt: Option<Interrupt>,
        report: Option<Report>,
    ) -> Result<Option<Compiled>> {
        let Ok(chosen) = projections(&self, entries, interrupt) else {
            return Ok(None);
        };
        let mut tables = Vec::new();
        let tasks = chosen.len();
        for (task, coordinates) in chosen.into_iter().enumerate() {
            let told = report.map(|report| Told { report, task, tasks });
            match Table::cached(&self, coordinates, cache, interrupt, told)? {
                Some(table) => tables.push(table),
                None => return Ok(None),
            }
        }
        self.bound = Bound::new(&self, &tables, false, false);
        self.tables = Arc::new(tables);
        Ok(Some(self))
    }

    /// This puzzle, its tables also read on the dual position (`dual`) and
    /// through its symmetries (`symmetric`); the tables are shared, not
    /// copied. Only a puzzle whose pieces all differ has either reading
    /// ([`pieces_differ`](Compiled::pieces_differ)).
    pub fn reading(&self, dual: bool, symmetric: bool) -> Compiled {
        Compiled { bound: Bound::new(self, &self.tables, dual, symmetric), ..self.clone() }
    }

    /// Whether each set's pieces all differ and start unturned, so that a
    /// position is a group element with an inverse and conjugates.
    pub fn pieces_differ(&self) -> bool {
        self.offsets.windows(2).all(|bounds| {
            let (start, end) = (bounds[0], bounds[1]);
            let mut seen = 0u64;
            self.solved.pieces[start..end].iter().all(|&piece| {
                let fresh = seen >> piece & 1 == 0;
                seen |= 1 << piece;
                fresh
            }) && self.solved.twists[start..end].iter().all(|&twist| twist == 0)
        })
    }

    /// The set `place` belongs to.
    pub(crate) fn set_of(&self, place: usize) -> usize {
        self.offsets.partition_point(|&offset| offset <= place) - 1
    }

    /// How many places the puzzle has.
    pub fn places(&self) -> usize {
        self.places
    }

    /// The solved position.
    pub fn solved(&self) -> Position {
        self.solved
    }

    /// `position` after `turn`.
    #[inline]
    pub fn apply(&self, position: &Position, turn: &Turn) -> Position {
        let mut next = Position { pieces: [0; MAX_PLACES], twists: [0; MAX_PLACES] };
        for place in 0..self.places {
            let from = usize::from(turn.source[place]);
            next.pieces[place] = position.pieces[from];
            let twist = position.twists[from] + turn.twist[place];
            let m = self.modulus[place];
            next.twists[place] = if twist >= m { twist - m } else { twist };
        }
        next
    }

    /// The turn named `name` (`U`, `U2`, `U'`).
    pub fn turn_named(&self, name: &str) -> Option<usize> {
        self.turns.iter().position(|turn| turn.name == name)
    }

    /// The position a sequence of turn names reaches from the solved one.
    pub fn scrambled(&self, names: &str) -> Result<Position> {
        names.split_whitespace().try_fold(self.solved, |position, name| {
            let turn = self.turn_named(name).ok_or_else(|| Error::invalid(format!("unknown move {name:?}")))?;
            Ok(self.apply(&position, &self.turns[turn]))
        })
    }

    /// Whether a turn of base `after` may follow one of base `before` in a
    /// canonical sequence.
    #[inline]
    pub fn may_follow(&self, before: usize, after: usize) -> bool {
        self.follows[before] >> after & 1 == 1
    }

    /// The pattern databases' bound: their distances combined by maximum,
    /// added across parts no move links, and read on the dual position
    /// and symmetric views where [`reading`](Compiled::reading) asks.
    pub fn lower_bound(&self, position: &Position) -> u32 {
        self.bound.of(&self.tables, position)
    }

    /// The tables built, as `(what each projects, entries)`.
    pub fn tables(&self) -> Vec<(String, u64)> {
        self.tables.iter().map(|table| (table.describe(self), table.len() as u64)).collect()
    }
}

impl Problem for Compiled {
    type State = Position;
    type Move = u16;

    fn is_goal(&self, position: &Position) -> bool {
        *position == self.solved
    }

    fn heuristic(&self, position: &Position) -> u32 {
        self.lower_bound(position)
    }

    fn heuristic_above(&self, position: &Position, limit: u32) -> u32 {
        self.bound.above(&self.tables, position, limit)
    }

    fn successors(&self, position: &Position, last: Option<u16>, out: &mut Vec<Edge<u16, Position>>) {
        let last = last.map(usize::from);
        for (index, turn) in self.turns.iter().enumerate() {
            let follows = match last {
                None => true,
                Some(before) if before == index => turn.repeats,
                Some(before) => self.may_follow(self.turns[before].base, turn.base),
            };
            if follows {
                out.push(Edge::new(index as u16, self.apply(position, turn), 1));
            }
        }
    }
}

impl Reversible for Compiled {
    fn goal(&self) -> Position {
        self.solved
    }

    /// Every turn's inverse is a turn: the predecessors are the children,
    /// each reached by the inverse of the turn that leads back.
    fn predecessors(&self, position: &Position, out: &mut Vec<Edge<u16, Position>>) {
        for (index, turn) in self.turns.iter().enumerate() {
            out.push(Edge::new(self.inverse[index], self.apply(position, turn), 1));
        }
    }
}

/// Items (sets, places) joined into classes, each named by its least item.
pub(crate) struct Unions(Vec<usize>);

impl Unions {
    /// `count` items, each alone.
    pub(crate) fn new(count: usize) -> Unions {
        Unions((0..count).collect())
    }

    /// The least item of `item`'s class.
    pub(crate) fn root(&mut self, mut item: usize) -> usize {
        while self.0[item] != item {
            self.0[item] = self.0[self.0[item]];
            item = self.0[item];
        }
        item
    }

    pub(crate) fn join(&mut self, a: usize, b: usize) {
        let (a, b) = (self.root(a), self.root(b));
        self.0[a.max(b)] = a.min(b);
    }
}
