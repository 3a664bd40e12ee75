//! The symmetries of a permutation puzzle whose pieces all differ: the
//! relabellings `S` of its places (each within its set) with a twist
//! added at each place under which every move is a move, `S⁻¹ M S = T`.
//! Conjugating a position by `S` then keeps its distance, so a pattern
//! database read on the conjugate is another lower bound: it sees other
//! pieces than the database's own (Korf's edge tables of the cube, read
//! along the cube's other axes).
//!
//! They are found as the relabellings that conjugate each of the
//! description's moves `M` to some turn `T` of the puzzle: first the turns
//! `T`, chosen move after move among those whose cycles look like `M`'s
//! (alone, and composed with every move chosen before), then `S`, which
//! `S T = M S` fixes along each orbit of places once its value at one
//! place is chosen. A relabelling that reverses orientations (a mirror of
//! the cube) is not of this form and is not found.

use std::collections::HashMap;

use super::compiled::{Compiled, Turn, Unions};

/// The most candidate choices the search makes before it stops with the
/// symmetries found so far (a description with many similar moves may
/// have many assignments of turns that fail only once `S` is sought).
const MAX_STEPS: usize = 1 << 20;
/// The most symmetries kept.
const MAX_SYMMETRIES: usize = 1 << 10;

/// How a turn's cycles look, which conjugation keeps: each cycle's set,
/// length and twist added around it, sorted.
type CycleType = Vec<(u8, u8, u8)>;

/// The cycles of `turn`, as conjugation sees them.
fn cycle_type(turn: &Turn, puzzle: &Compiled) -> CycleType {
    let places = puzzle.places();
    let mut seen = vec![false; places];
    let mut cycles = Vec::new();
    for start in 0..places {
        if seen[start] {
            continue;
        }
        let (mut place, mut length, mut twist) = (start, 0u8, 0u32);
        while !seen[place] {
            seen[place] = true;
            length += 1;
            twist += u32::from(turn.twist[place]);
            place = usize::from(turn.source[place]);
        }
        cycles.push((puzzle.set_of(start) as u8, length, (twist % u32::from(puzzle.modulus[start])) as u8));
    }
    cycles.sort_unstable();
    cycles
}

/// The search for symmetries: the description's moves, what is known of
/// the turns, and the count of choices made.
struct Finder<'a> {
    puzzle: &'a Compiled,
    /// Each description move's first power, its cycles, and the cycles of
    /// each earlier move then it.
    moves: Vec<&'a Turn>,
    move_types: Vec<CycleType>,
    pair_types: Vec<Vec<CycleType>>,
    turn_types: Vec<CycleType>,
    /// The cycles of turn `a` then turn `b`, computed when first asked.
    turn_pairs: HashMap<(usize, usize), CycleType>,
    /// Each place's orbit under the moves, as its first place.
    orbit_of: Vec<usize>,
    steps: usize,
    found: Vec<Turn>,
}

/// The symmetries of `puzzle`, one for each way of moving its places, the
/// identity first; only the identity when its pieces are not all
/// different, some of them when the search gave up.
pub(crate) fn symmetries(puzzle: &Compiled) -> Vec<Turn> {
    let identity = Turn::identity(puzzle.places());
    if !puzzle.pieces_differ() {
        return vec![identity];
    }
    let moves: Vec<&Turn> =
        puzzle.turns.iter().filter(|turn| turn.name == puzzle.description.moves[turn.base].name).collect();
    let move_types = moves.iter().map(|turn| cycle_type(turn, puzzle)).collect();
    let pair_types = (0..moves.len())
        .map(|later| {
            (0..later).map(|earlier| cycle_type(&moves[earlier].then(moves[later], &puzzle.modulus), puzzle)).collect()
        })
        .collect();
    let turn_types = puzzle.turns.iter().map(|turn| cycle_type(turn, puzzle)).collect();
    // Orbits of places: a relabelling found at one place of an orbit is
    // carried by the moves to the rest of it.
    let mut orbits = Unions::new(puzzle.places());
    for turn in &moves {
        for (place, &from) in turn.source.iter().enumerate() {
            orbits.join(place, usize::from(from));
        }
    }
    let orbit_of = (0..puzzle.places()).map(|place| orbits.root(place)).collect();
    let mut finder = Finder {
        puzzle,
        moves,
        move_types,
        pair_types,
        turn_types,
        turn_pairs: HashMap::new(),
        orbit_of,
        steps: 0,
        found: vec![identity.clone()],
    };
    finder.choose_turns(&mut Vec::new());
    finder.found
}

impl Finder<'_> {
    fn exhausted(&mut self) -> bool {
        self.steps += 1;
        self.steps > MAX_STEPS || self.found.len() >= MAX_SYMMETRIES
    }

    /// Chooses the turn of each description move in turn, `chosen` those
    /// of the moves before.
    fn choose_turns(&mut self, chosen: &mut Vec<usize>) {
        let next = chosen.len();
        if next == self.moves.len() {
            self.find_relabellings(chosen);
            return;
        }
        for turn in 0..self.puzzle.turns.len() {
            if self.exhausted() {
                return;
            }
            if self.turn_types[turn] != self.move_types[next] {
                continue;
            }
            let consistent = (0..next).all(|earlier| {
                let puzzle = self.puzzle;
                let pair = self.turn_pairs.entry((chosen[earlier], turn)).or_insert_with(|| {
                    cycle_type(&puzzle.turns[chosen[earlier]].then(&puzzle.turns[turn], &puzzle.modulus), puzzle)
                });
                *pair == self.pair_types[next][earlier]
            });
            if consistent {
                chosen.push(turn);
                self.choose_turns(chosen);
                chosen.pop();
            }
        }
    }

    /// Every relabelling `S` with `S T = M S` for each move `M` and its
    /// chosen turn `T`, orbit after orbit.
    fn find_relabellings(&mut self, chosen: &[usize]) {
        let places = self.puzzle.places();
        let roots: Vec<usize> = (0..places).filter(|&place| self.orbit_of[place] == place).collect();
        let mut partial = Partial { source: vec![None; places], used: vec![false; places] };
        self.relabel_orbits(chosen, &roots, &mut partial);
    }

    fn relabel_orbits(&mut self, chosen: &[usize], roots: &[usize], partial: &mut Partial) {
        let Some((&root, rest)) = roots.split_first() else {
            let source = partial.source.iter().map(|entry| entry.expect("every orbit relabelled").0).collect();
            let twist = partial.source.iter().map(|entry| entry.expect("every orbit relabelled").1).collect();
            let symmetry = Turn { source, twist, ..Turn::identity(0) };
            // Two that move places alike differ by a change of orientations
            // that commutes with every move (each corner of the 2x2x2 turned
            // alike), which no view tells from the other.
            if self.is_symmetry(&symmetry, chosen) && self.found.iter().all(|other| other.source != symmetry.source) {
                self.found.push(symmetry);
            }
            return;
        };
        let puzzle = self.puzzle;
        let set = puzzle.set_of(root);
        for image in puzzle.offsets[set]..puzzle.offsets[set + 1] {
            for twist in 0..puzzle.modulus[root] {
                if self.exhausted() {
                    return;
                }
                let mut trial = partial.clone();
                if trial.carry(puzzle, &self.moves, chosen, root, (image as u8, twist)) {
                    self.relabel_orbits(chosen, rest, &mut trial);
                }
            }
        }
    }

    /// Whether `S⁻¹ M S` is the chosen turn of every move `M`.
    fn is_symmetry(&self, symmetry: &Turn, chosen: &[usize]) -> bool {
        let modulus = &self.puzzle.modulus;
        self.moves.iter().zip(chosen).all(|(&mv, &turn)| {
            let (left, right) = (symmetry.then(&self.puzzle.turns[turn], modulus), mv.then(symmetry, modulus));
            left.source == right.source && left.twist == right.twist
        })
    }
}

/// A relabelling known at some places: each place's source and twist, and
/// which places are some place's source.
#[derive(Clone)]
struct Partial {
    source: Vec<Option<(u8, u8)>>,
    used: Vec<bool>,
}

impl Partial {
    /// Sets `S` at `place` and carries it along the orbit by `S T = M S`:
    /// at `T`'s source of a place, `S` is `M`'s source of `S`'s there.
    /// False on a contradiction.
    fn carry(&mut self, puzzle: &Compiled, moves: &[&Turn], chosen: &[usize], place: usize, value: (u8, u8)) -> bool {
        let mut pending = vec![(place, value)];
        while let Some((place, (image, twist))) = pending.pop() {
            match self.source[place] {
                Some(known) if known == (image, twist) => continue,
                Some(_) => return false,
                None if self.used[usize::from(image)] => return false,
                None => {}
            }
            self.source[place] = Some((image, twist));
            self.used[usize::from(image)] = true;
            let m = puzzle.modulus[place];
            for (mv, &turn) in moves.iter().zip(chosen) {
                let turn = &puzzle.turns[turn];
                let next = usize::from(turn.source[place]);
                let next_image = mv.source[usize::from(image)];
                // S.twist[T.source[p]] = M.twist[S.source[p]] + S.twist[p] - T.twist[p].
                let next_twist = (u16::from(mv.twist[usize::from(image)]) + u16::from(twist) + u16::from(m)
                    - u16::from(turn.twist[place]))
                    % u16::from(m);
                pending.push((next, (next_image, next_twist as u8)));
            }
        }
        true
    }
}
