use super::cubie::*;
use super::*;
use crate::puzzles::permutation::{Description, Metric};
use crate::test_rng::Rng;

fn random_cube(rng: &mut Rng, moves: usize) -> (Cubie, Vec<usize>) {
    let path: Vec<usize> = (0..moves).map(|_| rng.below(MOVES)).collect();
    let cube = path.iter().fold(Cubie::SOLVED, |cube, &m| cube.then(&move_cube(m)));
    (cube, path)
}

#[test]
fn each_face_turn_has_order_four_and_the_turns_differ() {
    for face in 0..6 {
        let quarter = move_cube(3 * face);
        let mut cube = Cubie::SOLVED;
        for power in 1..=4 {
            cube = cube.then(&quarter);
            assert_eq!(cube == Cubie::SOLVED, power == 4, "face {face} power {power}");
            if power < 4 {
                assert_eq!(cube, move_cube(3 * face + power - 1));
            }
        }
    }
    for a in 0..MOVES {
        for b in 0..a {
            assert_ne!(move_cube(a), move_cube(b));
        }
        assert_eq!(move_cube(a).then(&move_cube(a).inverse()), Cubie::SOLVED);
    }
}

#[test]
fn the_symmetries_are_48_and_take_face_turns_to_face_turns() {
    let cubes = symmetry_cubes();
    for s in 0..SYMMETRIES {
        for t in 0..s {
            assert_ne!(cubes[s], cubes[t]);
        }
        assert_eq!(cubes[s].then(&cubes[INVERSE_SYMMETRY[s]]), Cubie::SOLVED);
        let turns: Vec<Cubie> = (0..MOVES).map(move_cube).collect();
        for turn in &turns {
            assert!(turns.contains(&turn.conjugate(s)), "symmetry {s}");
        }
        // The first 16 keep the middle layer between U and D.
        let keeps = (8..12).all(|place| cubes[s].ep[place] >= 8);
        assert_eq!(keeps, s < UD_SYMMETRIES, "symmetry {s}");
    }
}

#[test]
fn coordinates_read_back_what_was_set() {
    let mut cube = Cubie::SOLVED;
    for value in 0..TWISTS as u16 {
        cube.set_twist(value);
        assert_eq!(cube.twist(), value);
    }
    for value in 0..FLIPS as u16 {
        cube.set_flip(value);
        assert_eq!(cube.flip(), value);
    }
    for value in 0..SLICES_SORTED as u16 {
        cube.set_slice_sorted(value);
        assert_eq!(cube.slice_sorted(), value);
    }
    for value in 0..CORNER_PERMS as u16 {
        cube.set_corner_perm(value);
        assert_eq!(cube.corner_perm(), value);
    }
}

#[test]
fn the_move_tables_agree_with_the_pieces() {
    let tables = MoveTables::new(Slice::Sorted);
    let mut rng = Rng(7);
    for _ in 0..200 {
        let (cube, _) = random_cube(&mut rng, 25);
        for m in 0..MOVES {
            let turned = cube.then(&move_cube(m));
            assert_eq!(tables.twist[usize::from(cube.twist()) * MOVES + m], turned.twist());
            assert_eq!(tables.flip[usize::from(cube.flip()) * MOVES + m], turned.flip());
            assert_eq!(tables.slice[usize::from(cube.slice_sorted()) * MOVES + m], turned.slice_sorted());
            assert_eq!(tables.corner_perm[usize::from(cube.corner_perm()) * MOVES + m], turned.corner_perm());
        }
        for s in 0..UD_SYMMETRIES {
            let twist = tables.twist_conjugate[usize::from(cube.twist()) * UD_SYMMETRIES + s];
            assert_eq!(twist, cube.conjugate(s).twist());
        }
    }
}

/// Kociemba's count of the classes of the first phase's edge coordinate.
#[test]
fn the_small_classes_are_kociembas_64430_and_any_cube_finds_its_own() {
    let classes = FlipSliceClasses::new(Slice::Unsorted, None).expect("no interrupt");
    assert_eq!(classes.classes(), 64_430);
    let mut rng = Rng(11);
    let pair = |cube: &Cubie| usize::from(cube.flip()) + FLIPS * usize::from(Slice::Unsorted.of(cube));
    for _ in 0..500 {
        let (cube, _) = random_cube(&mut rng, 30);
        let entry = classes.class_of[pair(&cube)] as usize;
        let seen = cube.conjugate(entry & 15);
        assert_eq!(pair(&seen), classes.representative[entry >> 4] as usize);
        for s in 0..UD_SYMMETRIES {
            assert_eq!(classes.class_of[pair(&cube.conjugate(s))] >> 4, (entry >> 4) as u32);
        }
    }
}

fn three_by_three() -> Compiled {
    let text =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../python/idastar/data/puzzles/3x3x3.tws"))
            .expect("the shipped description");
    Compiled::new(Description::parse(&text).expect("parses"), Metric::Htm).expect("compiles")
}

#[test]
fn the_shipped_description_is_the_cube_move_for_move() {
    let puzzle = three_by_three();
    let layout = Layout::of(&puzzle).expect("the 3x3x3");
    let cube = CubePuzzle { puzzle: &puzzle, layout: &layout };
    let mut rng = Rng(3);
    for _ in 0..100 {
        let (expected, path) = random_cube(&mut rng, 20);
        let position = path
            .iter()
            .fold(puzzle.solved(), |position, &m| puzzle.apply(&position, &puzzle.turns[usize::from(layout.turns[m])]));
        assert_eq!(cube.cube(&position).expect("reachable"), expected);
    }
}

#[test]
fn other_puzzles_are_refused_by_the_cube_engine() {
    let text =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../python/idastar/data/puzzles/2x2x2.tws"))
            .expect("the shipped description");
    let puzzle = Compiled::new(Description::parse(&text).expect("parses"), Metric::Htm).expect("compiles");
    let error = Layout::of(&puzzle).expect_err("not the 3x3x3");
    assert!(error.starts_with("the cube engine solves the 3x3x3 only"), "{error}");
}

#[test]
fn unreachable_cubes_are_named() {
    let mut cube = Cubie::SOLVED;
    cube.co[0] = 1;
    assert_eq!(unreachable(&cube), Some("its corners' turns do not add up (a corner is twisted)"));
    let mut cube = Cubie::SOLVED;
    cube.eo[0] = 1;
    assert_eq!(unreachable(&cube), Some("an edge is flipped"));
    let mut cube = Cubie::SOLVED;
    cube.ep.swap(0, 1);
    assert_eq!(unreachable(&cube), Some("two pieces are swapped"));
    assert_eq!(unreachable(&move_cube(4)), None);
}

/// The small tables, with their layers weighted by the positions each
/// entry stands for, against the published distributions: Korf's corners
/// (1997) and Kociemba's first phase.
#[test]
fn the_small_tables_count_the_published_distributions() {
    let tables = tables(CubeTable::Small, None, None, None).expect("no interrupt");
    let corners = tables.corners.layers(CORNER_PERMS * TWISTS);
    assert_eq!(
        corners,
        [1, 18, 243, 2_874, 28_000, 205_416, 1_168_516, 5_402_628, 20_776_176, 45_391_616, 15_139_616, 64_736]
    );
    let mut phase_one = vec![0u64; 16];
    for class in 0..tables.classes.classes() {
        let pairs = 16 / u64::from(tables.classes.stabiliser[class].count_ones());
        for twist in 0..TWISTS {
            phase_one[tables.edges.get(class * TWISTS + twist) as usize] += pairs;
        }
    }
    while phase_one.last() == Some(&0) {
        phase_one.pop();
    }
    assert_eq!(
        phase_one,
        [1, 4, 50, 592, 7_156, 87_236, 1_043_817, 12_070_278, 124_946_368, 821_605_960, 1_199_128_738, 58_202_444, 476]
    );
}

#[test]
fn solutions_replay_to_the_solved_cube_and_are_no_longer_than_the_scramble() {
    let tables = tables(CubeTable::Small, None, None, None).expect("no interrupt");
    let mut rng = Rng(5);
    for moves in 0..9 {
        let (cube, _) = random_cube(&mut rng, moves);
        let result = search::solve(&tables, &cube, &Limits::default());
        let path = result.path;
        assert!(path.len() <= moves);
        assert_eq!(result.cost.expect("solved") as usize, path.len());
        let end = path.iter().fold(cube, |cube, &m| cube.then(&move_cube(m.into())));
        assert_eq!(end, Cubie::SOLVED);
        assert!(tables.lower_bound(&cube) as usize <= path.len());
    }
}

/// The checkerboard (U2 D2 F2 B2 R2 L2) leaves every piece's orientation,
/// the middle layers' edges as sets and the corners as they are solved:
/// every table says 0 along every axis, yet it is 6 moves from solved.
#[test]
fn a_cube_the_tables_call_solved_is_searched_on() {
    let tables = tables(CubeTable::Small, None, None, None).expect("no interrupt");
    let checkerboard = [1usize, 10, 7, 16, 4, 13].iter().fold(Cubie::SOLVED, |c, &m| c.then(&move_cube(m)));
    assert_eq!(tables.lower_bound(&checkerboard), 0);
    let result = search::solve(&tables, &checkerboard, &Limits::default());
    assert_eq!(result.cost, Some(6));
    let end = result.path.iter().fold(checkerboard, |cube, &m| cube.then(&move_cube(m.into())));
    assert_eq!(end, Cubie::SOLVED);
    // A move away: the tables are 0 a move before the end of its searches.
    for m in 0..MOVES {
        let near = checkerboard.then(&move_cube(m));
        let result = search::solve(&tables, &near, &Limits::default());
        let end = result.path.iter().fold(near, |cube, &m| cube.then(&move_cube(m.into())));
        assert_eq!(end, Cubie::SOLVED);
        assert!((5..=7).contains(&result.path.len()));
    }
}
