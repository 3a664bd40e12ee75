//! The Rubik's Cube's own optimal search, for a permutation puzzle whose
//! description is the 3x3x3 (checked move by move): IDA* over coordinates
//! stepped by table lookups, bounded by two pattern databases, the larger
//! seen along all three axes of the cube.
//!
//! - The edges' table couples the edges' orientations, where the four
//!   edges of a middle layer are (as a set in the small table, 140 million
//!   entries, 70 MB; in order in the large one, 3.3 billion entries,
//!   1.7 GB) and the corners' orientations, reduced by the 16 symmetries
//!   that keep the U-D axis. Korf's optimal solver (1997) bounded the cube
//!   by pattern databases; this one is Kociemba's choice for his optimal
//!   solver (the coordinates of the first phase of his two-phase
//!   algorithm, with the middle layer's edges in order).
//! - The corners' table: the corners whole, 88 million entries (44 MB).
//!
//! Both are built once by a breadth-first search (see the `table`
//! module) and kept in the cache directory.

mod coords;
mod cubie;
mod search;
mod table;

#[cfg(test)]
mod tests;

use std::path::Path;
use std::sync::{Arc, Mutex, PoisonError};

use coords::Slice;
use coords::{FlipSliceClasses, MoveTables};
use cubie::Cubie;
use cubie::{CORNERS, EDGES, MOVES, TWISTS};
pub(crate) use search::Tables;
use table::{Corners, FlipSlice, Table};

use super::permutation::{Compiled, Position};
use crate::puzzle::Report;
use crate::{Error, Interrupt, Limits, Result, SearchResult};

crate::choices! {
    /// Which edges' table the cube's search uses.
    pub enum CubeTable: "cube_table" {
        /// Where the middle layer's edges are, as a set: 70 MB, built in seconds.
        Small = "small",
        /// Where they are and in which order: 1.7 GB, built in minutes,
        /// for random cubes.
        Large = "large",
    }
}

impl CubeTable {
    fn slice(self) -> Slice {
        match self {
            CubeTable::Small => Slice::Unsorted,
            CubeTable::Large => Slice::Sorted,
        }
    }
}

/// The tables of each size, loaded or built once a process.
static TABLES: Mutex<[Option<Arc<Tables>>; 2]> = Mutex::new([None, None]);

/// The tables of `size`, if they are in memory already.
fn stored(size: CubeTable) -> Option<Arc<Tables>> {
    TABLES.lock().unwrap_or_else(PoisonError::into_inner)[size as usize].clone()
}

/// Whether the tables of `size` are in memory already.
pub fn tables_ready(size: CubeTable) -> bool {
    stored(size).is_some()
}

/// The tables of `size`: from memory, else read from the cache directory
/// `cache`, else built (`report` told of each layer) and stored there;
/// `None` when the interrupt or the report stopped them. While another
/// thread builds them, waits for its tables, asking `interrupt` every
/// 10 ms.
pub(crate) fn tables(
    size: CubeTable,
    cache: Option<&Path>,
    interrupt: Option<Interrupt>,
    report: Option<Report>,
) -> Option<Arc<Tables>> {
    if let Some(found) = stored(size) {
        return Some(found);
    }
    let _turn = crate::cache::turn_to_build(format!("cube tables {size:?}"), &|| interrupt.is_some_and(|stop| stop()))?;
    if let Some(found) = stored(size) {
        return Some(found);
    }
    let slice = size.slice();
    let moves = MoveTables::new(slice);
    let classes = FlipSliceClasses::new(slice, interrupt)?;
    let solved = Cubie::SOLVED;
    let corners = Table::cached("corners", cubie::CORNER_PERMS * TWISTS, cache, interrupt, || {
        let goal = (usize::from(solved.corner_perm()), usize::from(solved.twist()));
        Table::build(&Corners(&moves), &moves, goal, interrupt, report.map(|report| (report, 0, 2)))
    })?;
    let name = match size {
        CubeTable::Small => "edges-small",
        CubeTable::Large => "edges-large",
    };
    let edges = Table::cached(name, classes.classes() * TWISTS, cache, interrupt, || {
        let pair = usize::from(solved.flip()) + cubie::FLIPS * usize::from(slice.of(&solved));
        let class = classes.class_of[pair] as usize;
        let twist = usize::from(moves.twist_conjugate[usize::from(solved.twist()) * 16 + (class & 15)]);
        Table::build(&FlipSlice(&classes, &moves), &moves, (class >> 4, twist), interrupt, report.map(|r| (r, 1, 2)))
    })?;
    let tables = Arc::new(Tables::new(moves, classes, edges, corners));
    TABLES.lock().unwrap_or_else(PoisonError::into_inner)[size as usize] = Some(tables.clone());
    Some(tables)
}

/// How a description's positions and turns are the cube's: its places,
/// pieces and orientations matched to those of the cube's own model, and
/// its turns to the face turns.
#[derive(Debug, Clone)]
pub struct Layout {
    /// The description's place of each corner place, then of each edge place.
    corner_place: [usize; CORNERS],
    edge_place: [usize; EDGES],
    /// The cube's corner (edge) of each of the description's corner (edge)
    /// pieces, numbered within its set.
    corner_of_piece: Vec<u8>,
    edge_of_piece: Vec<u8>,
    /// Whether the description counts corner turns the other way round.
    twist_reversed: bool,
    /// The description's turn of each face turn.
    pub turns: [u16; MOVES],
}

impl Layout {
    /// How `puzzle` is the cube, or why it is not: it must have a set of 8
    /// pieces with 3 orientations and one of 12 with 2, and turns named by
    /// the faces (`U`, `U2`, `U'`, ...) that act on them as the cube's do.
    pub fn of(puzzle: &Compiled) -> std::result::Result<Layout, String> {
        let not_cube = |why: &str| format!("the cube engine solves the 3x3x3 only: {why}");
        let sets = &puzzle.description.sets;
        let find = |size: usize, orientations: u8| {
            sets.iter().position(|set| set.size == size && set.orientations == orientations)
        };
        let (Some(corner_set), Some(edge_set), 2) = (find(CORNERS, 3), find(EDGES, 2), sets.len()) else {
            return Err(not_cube("its description has no set of 8 pieces with 3 orientations and one of 12 with 2"));
        };
        let mut turns = [0u16; MOVES];
        for (m, slot) in turns.iter_mut().enumerate() {
            let name = cubie::move_name(m);
            let turn = puzzle.turn_named(&name).ok_or_else(|| not_cube(&format!("it has no move {name}")))?;
            *slot = turn as u16;
        }
        let corner_offset = puzzle.offsets[corner_set];
        let edge_offset = puzzle.offsets[edge_set];
        // The faces whose quarter turns move each place, as a mask.
        let faces_of = |offset: usize, count: usize| -> Vec<u8> {
            (0..count)
                .map(|place| {
                    let place = offset + place;
                    (0..6).fold(0u8, |mask, face| {
                        let turn = &puzzle.turns[usize::from(turns[3 * face])];
                        let moved = usize::from(turn.source[place]) != place || turn.twist[place] != 0;
                        mask | u8::from(moved) << face
                    })
                })
                .collect()
        };
        let cube_faces = |corners: bool, place: usize| -> u8 {
            (0..6).fold(0u8, |mask, face| {
                let cube = cubie::move_cube(3 * face);
                let moved =
                    if corners { usize::from(cube.cp[place]) != place } else { usize::from(cube.ep[place]) != place };
                mask | u8::from(moved) << face
            })
        };
        let (corner_faces, edge_faces) = (faces_of(corner_offset, CORNERS), faces_of(edge_offset, EDGES));
        let matched = |faces: &[u8], corners: bool, count: usize| -> Option<Vec<usize>> {
            let places: Vec<usize> = (0..count)
                .map(|place| faces.iter().position(|&mask| mask == cube_faces(corners, place)))
                .collect::<Option<_>>()?;
            let mut sorted = places.clone();
            sorted.sort_unstable();
            sorted.dedup();
            (sorted.len() == count).then_some(places)
        };
        let (Some(corner_places), Some(edge_places)) =
            (matched(&corner_faces, true, CORNERS), matched(&edge_faces, false, EDGES))
        else {
            return Err(not_cube("its moves do not turn the pieces as the faces of a cube do"));
        };
        let solved = puzzle.solved();
        if solved.twists[..puzzle.places()].iter().any(|&twist| twist != 0) {
            return Err(not_cube("its solved state turns some piece"));
        }
        // A piece is the cube's piece of the place it is solved at.
        let of_piece = |offset: usize, places: &[usize]| -> Vec<u8> {
            let mut out = vec![0u8; places.len()];
            for (cube_place, &place) in places.iter().enumerate() {
                out[usize::from(solved.pieces[offset + place])] = cube_place as u8;
            }
            out
        };
        let mut layout = Layout {
            corner_place: corner_places.clone().try_into().expect("8 corners"),
            edge_place: edge_places.clone().try_into().expect("12 edges"),
            corner_of_piece: of_piece(corner_offset, &corner_places),
            edge_of_piece: of_piece(edge_offset, &edge_places),
            twist_reversed: false,
            turns,
        };
        let offsets = (corner_offset, edge_offset);
        for reversed in [false, true] {
            layout.twist_reversed = reversed;
            let agrees = (0..MOVES).all(|m| {
                let turned = puzzle.apply(&solved, &puzzle.turns[usize::from(turns[m])]);
                layout.cube(&turned, offsets) == cubie::move_cube(m)
            });
            if agrees {
                return Ok(layout);
            }
        }
        Err(not_cube("its moves do not turn the pieces as the faces of a cube do"))
    }

    /// `position` as a cube, given where the corner and edge sets start.
    fn cube(&self, position: &Position, (corner_offset, edge_offset): (usize, usize)) -> Cubie {
        let mut cube = Cubie::SOLVED;
        for (c, &place) in self.corner_place.iter().enumerate() {
            let place = corner_offset + place;
            cube.cp[c] = self.corner_of_piece[usize::from(position.pieces[place])];
            let twist = position.twists[place];
            cube.co[c] = if self.twist_reversed { (3 - twist) % 3 } else { twist };
        }
        for (e, &place) in self.edge_place.iter().enumerate() {
            let place = edge_offset + place;
            cube.ep[e] = self.edge_of_piece[usize::from(position.pieces[place])];
            cube.eo[e] = position.twists[place];
        }
        cube
    }
}

/// A puzzle that is the cube, with its layout.
pub struct CubePuzzle<'a> {
    /// The puzzle.
    pub puzzle: &'a Compiled,
    /// How it is the cube.
    pub layout: &'a Layout,
}

impl CubePuzzle<'_> {
    /// `position` as a cube, refused when no turns reach it.
    pub(crate) fn cube(&self, position: &Position) -> Result<Cubie> {
        let sets = &self.puzzle.description.sets;
        let offset_of = |size: usize| {
            let set = sets.iter().position(|set| set.size == size).expect("checked by the layout");
            self.puzzle.offsets[set]
        };
        let cube = self.layout.cube(position, (offset_of(CORNERS), offset_of(EDGES)));
        if let Some(why) = unreachable(&cube) {
            return Err(Error::Unsolvable(format!("no turns reach this cube: {why}")));
        }
        Ok(cube)
    }

    /// Solves `position` with `tables`: the description's turns.
    pub(crate) fn solve(&self, tables: &Tables, position: &Position, limits: &Limits) -> Result<SearchResult<u16>> {
        let cube = self.cube(position)?;
        Ok(search::solve(tables, &cube, limits).map_moves(|m| self.layout.turns[usize::from(m)]))
    }
}

/// Why no turns reach `cube`, if they do not.
fn unreachable(cube: &Cubie) -> Option<&'static str> {
    let odd = |items: &[u8]| {
        let mut inversions = 0;
        for i in 0..items.len() {
            inversions += items[i + 1..].iter().filter(|&&later| later < items[i]).count();
        }
        inversions % 2 == 1
    };
    if cube.co.iter().map(|&twist| u32::from(twist)).sum::<u32>() % 3 != 0 {
        Some("its corners' turns do not add up (a corner is twisted)")
    } else if cube.eo.iter().map(|&flip| u32::from(flip)).sum::<u32>() % 2 != 0 {
        Some("an edge is flipped")
    } else if odd(&cube.cp) != odd(&cube.ep) {
        Some("two pieces are swapped")
    } else {
        None
    }
}
