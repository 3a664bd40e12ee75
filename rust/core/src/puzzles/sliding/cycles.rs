//! Pruning duplicate move sequences (Taylor and Korf 1993, "Pruning
//! duplicate nodes in depth-first search").
//!
//! Two sequences of blank moves that start on one cell, end on one cell and
//! leave every tile where the other leaves it lead from any board to the
//! same board. Order sequences by length, then move by move in the order of
//! [`Dir::ALL`]; a sequence is *forbidden* when an earlier one has its
//! effect and visits no cell it does not (so it can stand in for it on any
//! board it fits). Every board then keeps a shortest path to it free of
//! forbidden sequences: the first of its shortest paths in that order (a
//! forbidden stretch replaced by its earlier equal would make an earlier
//! path). So a depth-first search may skip every move that completes a
//! forbidden sequence, and IDA\* stays optimal.
//!
//! The forbidden sequences up to a length are found once, on a grid large
//! enough that no sequence reaches its edge (a board is a window on it),
//! and compiled into an automaton (Aho and Corasick) whose state, carried
//! down the search, tells the moves that complete one. Length 2 forbids
//! the move that undoes the last, as every search does; longer ones forbid
//! the detours round a block of four cells (two laps one way do what one
//! lap the other way does, and three laps leave the board as it was) and
//! their kin.

use std::collections::hash_map::Entry;
use std::collections::VecDeque;
use std::path::Path;
use std::sync::{Arc, Mutex, OnceLock};

use rustc_hash::FxHashMap;

use super::board::{Dir, MAX_SIDE};
use crate::cache;

/// A state with no moves left: the move into it completes a forbidden
/// sequence.
pub const DEAD: u32 = u32::MAX;

/// The automaton's start: no move made yet.
pub const START: u32 = 0;

/// The longest forbidden sequences looked for: on 5 x 5 the automaton of
/// length 14 has 72,522 states (1.1 MB of table) and takes 1.2 s and
/// 0.4 GB to build; each length more takes three times as long.
pub const MAX_LENGTH: usize = 14;

/// The moves a search may make after each sequence of moves.
#[derive(Debug, PartialEq, Eq)]
pub struct MovePruning {
    /// `next[state][dir]`: the state after the move, or [`DEAD`].
    next: Vec<[u32; 4]>,
    length: usize,
    forbidden: usize,
}

impl MovePruning {
    /// The automaton that forbids the duplicate sequences of at most
    /// `length` moves (from 2 to [`MAX_LENGTH`]) on a board of `width`
    /// columns and `height` rows (a sequence whose cells do not fit it is
    /// never made there), shared by every search that asks for the same;
    /// `None` when `stop`, asked every few milliseconds of the build (1.2 s
    /// for 14 moves on 5 x 5, 0.25 s on 4 x 4), says to stop.
    ///
    /// Kept in the cache directory (`dir`, else the environment's: see
    /// [`cache::cache_dir`]) beside the pattern databases, so that later
    /// processes read it in a millisecond; a directory that cannot keep it
    /// costs a build a process.
    pub fn of_length(
        length: usize,
        width: usize,
        height: usize,
        dir: Option<&Path>,
        stop: &dyn Fn() -> bool,
    ) -> Option<Arc<MovePruning>> {
        type Key = (usize, usize, usize);
        static BUILT: OnceLock<Mutex<FxHashMap<Key, Arc<MovePruning>>>> = OnceLock::new();
        let key = (length.clamp(2, MAX_LENGTH), width, height);
        let built = BUILT.get_or_init(Default::default);
        if let Some(known) = built.lock().expect("not poisoned").get(&key) {
            return Some(known.clone());
        }
        let (made, _) = MovePruning::read_or_build(key.0, width, height, dir, stop)?;
        Some(built.lock().expect("not poisoned").entry(key).or_insert(Arc::new(made)).clone())
    }

    /// [`MovePruning::of_length`] without the process's own store: the
    /// automaton read from the cache directory (and true), else built and
    /// stored there.
    pub fn read_or_build(
        length: usize,
        width: usize,
        height: usize,
        dir: Option<&Path>,
        stop: &dyn Fn() -> bool,
    ) -> Option<(MovePruning, bool)> {
        let length = length.clamp(2, MAX_LENGTH);
        let file = (length >= SMALLEST_STORED).then(|| cache::cache_dir(dir)).flatten().map(|dir| {
            let path = dir.join(MovePruning::file_name(length, width, height));
            (dir, path, stored_header(length, width, height))
        });
        let from_disk = file.as_ref().and_then(|(_, path, header)| {
            let payload = cache::load_table_of_at_most_until(path, header, 8 + 16 * MOST_STATES, stop).ok()?;
            MovePruning::from_bytes(&payload, length)
        });
        if let Some(read) = from_disk {
            return Some((read, true));
        }
        let forbidden = forbidden_sequences(length, width, height, stop)?;
        let made = MovePruning { next: automaton(&forbidden), length, forbidden: forbidden.len() };
        if let Some((dir, path, header)) = &file {
            // A cache that cannot be written costs a build in every later
            // process: noted for the caller to tell.
            if let Err(error) = cache::save_table_until(path, header, &made.to_bytes(), stop) {
                cache::note_unkept(dir, &error);
            }
        }
        Some((made, false))
    }

    /// The name of the file that keeps the automaton of `length` moves on
    /// a `width` x `height` board.
    pub fn file_name(length: usize, width: usize, height: usize) -> String {
        format!("sliding-{width}x{height}-moves{length}.fsm")
    }

    /// The pruning of the move that undoes the last alone, which every
    /// search makes (built at once).
    pub fn undoing(width: usize, height: usize) -> Arc<MovePruning> {
        MovePruning::of_length(2, width, height, None, &|| false).expect("not stopped")
    }

    /// The automaton as stored: the count of forbidden sequences, then
    /// each state's four successors, little-endian.
    fn to_bytes(&self) -> Vec<u8> {
        let mut bytes = Vec::with_capacity(8 + 16 * self.next.len());
        bytes.extend_from_slice(&(self.forbidden as u64).to_le_bytes());
        for target in self.next.iter().flatten() {
            bytes.extend_from_slice(&target.to_le_bytes());
        }
        bytes
    }

    /// The automaton of [`MovePruning::to_bytes`], if `bytes` make one:
    /// every successor a state or [`DEAD`] (the search reads them
    /// unchecked), whatever the checksum said.
    fn from_bytes(bytes: &[u8], length: usize) -> Option<MovePruning> {
        let (count, table) = bytes.split_at_checked(8)?;
        let forbidden = usize::try_from(u64::from_le_bytes(count.try_into().ok()?)).ok()?;
        if table.is_empty() || table.len() % 16 != 0 {
            return None;
        }
        let states = table.len() / 16;
        let word = |chunk: &[u8]| u32::from_le_bytes(chunk.try_into().expect("4 bytes"));
        let next: Vec<[u32; 4]> = table
            .chunks_exact(16)
            .map(|row| [word(&row[..4]), word(&row[4..8]), word(&row[8..12]), word(&row[12..])])
            .collect();
        let valid = next.iter().flatten().all(|&target| target == DEAD || (target as usize) < states);
        valid.then_some(MovePruning { next, length, forbidden })
    }

    /// The state after the move `dir` from `state`: [`DEAD`] when the move
    /// completes a forbidden sequence.
    #[inline(always)]
    pub fn next(&self, state: u32, dir: usize) -> u32 {
        debug_assert!(state != DEAD);
        // SAFETY: every state the automaton hands out indexes `next`, and
        // `dir` is below 4.
        unsafe { *self.next.get_unchecked(state as usize).get_unchecked(dir & 3) }
    }

    /// The longest forbidden sequences.
    pub fn length(&self) -> usize {
        self.length
    }

    /// How many sequences are forbidden.
    pub fn forbidden(&self) -> usize {
        self.forbidden
    }

    /// How many states the automaton has.
    pub fn states(&self) -> usize {
        self.next.len()
    }
}

/// Automata of fewer moves build in a millisecond or less, and are not
/// stored.
const SMALLEST_STORED: usize = 10;

/// More states than any stored automaton may have: the longest on the
/// largest board has 72,522.
const MOST_STATES: usize = 1 << 20;

/// Bumped whenever the stored layout or the sequences forbidden change.
const FORMAT_VERSION: u32 = 1;

/// What a stored automaton's file starts with: what it is, its format, and
/// the board and length it was built for.
fn stored_header(length: usize, width: usize, height: usize) -> Vec<u8> {
    let mut header = b"IDASTAR-MOVE-PRUNING\0".to_vec();
    header.extend_from_slice(&FORMAT_VERSION.to_le_bytes());
    header.extend_from_slice(&[width as u8, height as u8, length as u8]);
    header
}

/// The side of the window of the grid the sequences are traced on: a
/// sequence that fits the largest board ([`MAX_SIDE`] cells a side) stays
/// within [`MAX_SIDE`] - 1 cells of its start, and one step beyond that is
/// taken before it is seen not to fit.
const SIDE: usize = 2 * MAX_SIDE + 1;

/// The effect of a sequence, exactly: where the blank ends, then each
/// visited cell that holds another cell's content, with that cell, in
/// order (cells of the window, so a byte each; at most [`MAX_LENGTH`] + 1
/// cells are visited), the rest `u8::MAX`.
type Effect = [u8; 2 * MAX_LENGTH + 3];

/// The window of the grid, the moves made on it from its centre.
struct Grid {
    /// `at[cell]`: the cell the content now on `cell` started on.
    at: [u8; SIDE * SIDE],
    /// The cells visited, in order, with repeats.
    trail: Vec<u8>,
    /// After each step: the cells visited, a bit each, and the rows and
    /// columns they span (least row, most row, least column, most column).
    visits: Vec<(u128, [usize; 4])>,
}

impl Grid {
    fn new() -> Grid {
        let mut at = [0u8; SIDE * SIDE];
        for (cell, origin) in at.iter_mut().enumerate() {
            *origin = cell as u8;
        }
        let middle = SIDE / 2;
        let centre = middle * SIDE + middle;
        Grid { at, trail: vec![centre as u8], visits: vec![(1 << centre, [middle, middle, middle, middle])] }
    }

    /// Moves the blank one step: false, and no step, where the cells
    /// visited would no longer fit `width` columns and `height` rows.
    fn push(&mut self, dir: usize, width: usize, height: usize) -> bool {
        let blank = usize::from(*self.trail.last().expect("the start"));
        let (row, column) = (blank / SIDE, blank % SIDE);
        let (row, column) = match Dir::from_index(dir) {
            Dir::Up => (row - 1, column),
            Dir::Left => (row, column - 1),
            Dir::Right => (row, column + 1),
            Dir::Down => (row + 1, column),
        };
        let &(cells, [top, bottom, left, right]) = self.visits.last().expect("the start");
        let span = [top.min(row), bottom.max(row), left.min(column), right.max(column)];
        if span[3] - span[2] >= width || span[1] - span[0] >= height {
            return false;
        }
        let cell = row * SIDE + column;
        self.at.swap(blank, cell);
        self.trail.push(cell as u8);
        self.visits.push((cells | 1 << cell, span));
        true
    }

    /// Takes the last step back.
    fn pop(&mut self) {
        let cell = self.trail.pop().expect("a step");
        self.visits.pop();
        let blank = *self.trail.last().expect("the start");
        self.at.swap(usize::from(blank), usize::from(cell));
    }

    /// The cells visited, a bit each.
    fn visited(&self) -> u128 {
        self.visits.last().expect("the start").0
    }

    /// The effect of the moves made.
    fn effect(&self) -> Effect {
        let mut effect = [u8::MAX; 2 * MAX_LENGTH + 3];
        effect[0] = *self.trail.last().expect("the start");
        let (mut cells, mut at) = (self.visited(), 1);
        while cells != 0 {
            let cell = cells.trailing_zeros() as usize;
            cells &= cells - 1;
            if usize::from(self.at[cell]) != cell {
                (effect[at], effect[at + 1]) = (cell as u8, self.at[cell]);
                at += 2;
            }
        }
        effect
    }
}

/// The forbidden sequences of at most `length` moves whose cells fit
/// `width` columns and `height` rows, each with no forbidden sequence
/// inside it, as move indices; `None` when `stop` said to stop.
fn forbidden_sequences(length: usize, width: usize, height: usize, stop: &dyn Fn() -> bool) -> Option<Vec<Vec<u8>>> {
    let mut forbidden: Vec<Vec<u8>> = Vec::new();
    // Each effect met, with the cells of the first sequence that had it.
    let mut first: FxHashMap<Effect, u128> = FxHashMap::default();
    let mut grid = Grid::new();
    first.insert(grid.effect(), grid.visited());
    for depth in 1..=length {
        // The sequences of this length, in order, that extend no forbidden
        // one: found by a walk of the automaton of the shorter ones.
        let next = automaton(&forbidden);
        let mut found = Vec::new();
        let mut moves = Vec::with_capacity(depth);
        let mut leaves = 0u32;
        let stopped = walk(&next, START, depth, (width, height), &mut grid, &mut moves, &mut |grid, moves| {
            leaves = leaves.wrapping_add(1);
            if leaves % POLL_EVERY == 0 && stop() {
                return true;
            }
            let visited = grid.visited();
            match first.entry(grid.effect()) {
                // An earlier sequence with this effect and no cell beyond
                // this one's stands in for it.
                Entry::Occupied(earlier) => {
                    if earlier.get() & !visited == 0 {
                        found.push(moves.to_vec());
                    }
                }
                Entry::Vacant(slot) => {
                    slot.insert(visited);
                }
            }
            false
        });
        if stopped {
            return None;
        }
        forbidden.extend(found);
    }
    Some(forbidden)
}

/// Sequences traced between two looks at `stop`: a few milliseconds.
const POLL_EVERY: u32 = 1 << 14;

/// Calls `leaf` on every sequence of `left` more moves from `state` that
/// the automaton `next` allows and whose cells fit `within` (columns,
/// rows), in order, until it returns true; then true.
fn walk(
    next: &[[u32; 4]],
    state: u32,
    left: usize,
    within: (usize, usize),
    grid: &mut Grid,
    moves: &mut Vec<u8>,
    leaf: &mut dyn FnMut(&Grid, &[u8]) -> bool,
) -> bool {
    if left == 0 {
        return leaf(grid, moves);
    }
    for dir in 0..4 {
        let child = next[state as usize][dir];
        if child == DEAD {
            continue;
        }
        if !grid.push(dir, within.0, within.1) {
            continue;
        }
        moves.push(dir as u8);
        let stopped = walk(next, child, left - 1, within, grid, moves, leaf);
        moves.pop();
        grid.pop();
        if stopped {
            return true;
        }
    }
    false
}

/// The Aho-Corasick automaton of `patterns` over the four moves: a state
/// is the longest suffix of the moves made that begins a pattern, and a
/// move into a state that ends one (or whose suffixes do) is [`DEAD`].
fn automaton(patterns: &[Vec<u8>]) -> Vec<[u32; 4]> {
    let mut goto: Vec<[u32; 4]> = vec![[DEAD; 4]];
    let mut ends = vec![false];
    for pattern in patterns {
        let mut state = 0usize;
        for &dir in pattern {
            if goto[state][usize::from(dir)] == DEAD {
                goto[state][usize::from(dir)] = goto.len() as u32;
                goto.push([DEAD; 4]);
                ends.push(false);
            }
            state = goto[state][usize::from(dir)] as usize;
        }
        ends[state] = true;
    }
    // Breadth first: each state's failure (its longest proper suffix that
    // is a state) is settled before its children's.
    let mut fail = vec![0u32; goto.len()];
    let mut next = goto.clone();
    let mut queue = VecDeque::new();
    for dir in 0..4 {
        match goto[0][dir] {
            DEAD => next[0][dir] = 0,
            child => queue.push_back(child),
        }
    }
    while let Some(state) = queue.pop_front() {
        let state = state as usize;
        ends[state] |= ends[fail[state] as usize];
        for dir in 0..4 {
            match goto[state][dir] {
                DEAD => next[state][dir] = next[fail[state] as usize][dir],
                child => {
                    fail[child as usize] = if state == 0 { 0 } else { next[fail[state] as usize][dir] };
                    queue.push_back(child);
                }
            }
        }
    }
    // A move into an end completes a pattern.
    for row in &mut next {
        for target in row.iter_mut() {
            if ends[*target as usize] {
                *target = DEAD;
            }
        }
    }
    next
}
