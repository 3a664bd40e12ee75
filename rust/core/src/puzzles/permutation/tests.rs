use super::symmetry;
use super::*;
use crate::engines::{bidirectional_bfs, ida_star};
use crate::puzzles::pancake;
use crate::test_rng::Rng;
use crate::{Limits, Outcome, Problem};

const TWO: &str = include_str!("../../../../../python/idastar/data/puzzles/2x2x2.tws");
const THREE: &str = include_str!("../../../../../python/idastar/data/puzzles/3x3x3.tws");

fn compiled(text: &str) -> Compiled {
    Compiled::new(Description::parse(text).unwrap(), Metric::Htm).unwrap()
}

/// Pancake sorting on `n` pancakes as a description: flip k reverses the top k.
fn pancakes(n: usize) -> String {
    let mut text = format!("Name Pancakes{n}\nSet STACK {n} 1\nSolved\nSTACK\n");
    text += &(1..=n).map(|i| i.to_string()).collect::<Vec<_>>().join(" ");
    text += "\nEnd\n";
    for k in 2..=n {
        let places: Vec<String> = (1..=n).map(|i| if i <= k { k + 1 - i } else { i }.to_string()).collect();
        text += &format!("Move F{k}\nSTACK\n{}\nEnd\n", places.join(" "));
    }
    text
}

/// The order of a sequence of turn names: how often it repeats to the goal.
fn order(puzzle: &Compiled, names: &str) -> usize {
    let turns: Vec<usize> = names.split_whitespace().map(|name| puzzle.turn_named(name).unwrap()).collect();
    let mut position = puzzle.solved();
    for times in 1.. {
        for &turn in &turns {
            position = puzzle.apply(&position, &puzzle.turns[turn]);
        }
        if position == puzzle.solved() {
            return times;
        }
    }
    unreachable!()
}

#[test]
fn the_cube_written_here_has_the_cube_s_orders() {
    let cube = compiled(THREE);
    let names: Vec<&str> = cube.turns.iter().map(|turn| turn.name.as_str()).collect();
    assert_eq!(names.len(), 18);
    assert_eq!(&names[..3], ["U", "U2", "U'"]);
    // Known orders of the 3x3x3's group: a wrong twist changes them.
    assert_eq!(order(&cube, "R U"), 105);
    assert_eq!(order(&cube, "R U R' U'"), 6);
    assert_eq!(order(&cube, "R U2 D' B D'"), 1260);
    assert_eq!(order(&cube, "F"), 4);
    let two = compiled(TWO);
    assert_eq!(order(&two, "R U"), 15);
}

#[test]
fn powers_are_named_the_short_way_round() {
    let text = "Set S 5 1\nSolved\nS\n1 2 3 4 5\nEnd\nMove C\nS\n2 3 4 5 1\nEnd\nMove T\nS\n2 3 1 4 5\nEnd\n";
    let puzzle = compiled(text);
    let names: Vec<&str> = puzzle.turns.iter().map(|turn| turn.name.as_str()).collect();
    assert_eq!(names, ["C", "C2", "C2'", "C'", "T", "T'"]);
    assert_eq!(puzzle.description.name, "Unnamed");
}

#[test]
fn commuting_moves_follow_each_other_in_one_order_only() {
    let cube = compiled(THREE);
    let base = |name: &str| cube.turns[cube.turn_named(name).unwrap()].base;
    let (u, d, r) = (base("U"), base("D"), base("R"));
    assert!(!cube.may_follow(u, u));
    assert_ne!(cube.may_follow(u, d), cube.may_follow(d, u));
    assert!(cube.may_follow(u, r) && cube.may_follow(r, u));
}

#[test]
fn pancakes_as_a_description_count_the_pancake_numbers() {
    for n in 1..=7 {
        let puzzle = compiled(&pancakes(n.max(2)));
        let layers = puzzle.distance_distribution(1 << 20, None).unwrap().unwrap();
        assert_eq!(layers, pancake::distance_distribution(n.max(2), None).unwrap().unwrap(), "n = {n}");
    }
}

#[test]
fn ida_star_with_the_tables_finds_the_optimum_of_random_2x2x2_scrambles() {
    let cube = compiled(TWO).with_tables(1 << 20, None).unwrap().unwrap();
    let tables = cube.tables();
    assert_eq!(tables, [("CORNER: pieces".to_string(), 40_320), ("CORNER: orientations".to_string(), 2_187)]);
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    for _ in 0..12 {
        let length = 1 + rng.below(9);
        let scramble: Vec<&str> = (0..length).map(|_| cube.turns[rng.below(cube.turns.len())].name.as_str()).collect();
        let start = cube.scrambled(&scramble.join(" ")).unwrap();
        let found = ida_star(&cube, start, &Limits::default());
        assert_eq!(found.outcome, Outcome::Solved);
        let cost = found.cost.unwrap();
        assert!(cost as usize <= length);
        assert!(cube.lower_bound(&start) <= cost);
        let replayed =
            found.path.iter().fold(start, |position, &turn| cube.apply(&position, &cube.turns[usize::from(turn)]));
        assert_eq!(replayed, cube.solved());
        if cost <= 6 {
            assert_eq!(bidirectional_bfs(&cube, start, &Limits::default()).cost, Some(cost));
        }
    }
}

#[test]
fn what_the_reader_does_not_support_is_refused_by_name_and_line() {
    let refused = |text: &str| Description::parse(text).unwrap_err().to_string();
    let head = "Name X\nSet S 2 1\nSolved\nS\n1 2\nEnd\n";
    assert_eq!(
        refused(&format!("{head}Move A\nS\n2 1\nEnd\nMoveSequence Y A X\n")),
        "line 11: MoveSequence Y: no move \"X\""
    );
    assert_eq!(
        refused(&format!("{head}Move A\nS\n2 1\nEnd\nMoveSequence A A A\n")),
        "line 11: move A is defined twice"
    );
    assert_eq!(refused(&format!("{head}MoveSequence Y\n")), "line 7: MoveSequence takes a name and the moves it makes");
    assert_eq!(
        refused(&format!("{head}Illegal S 1 2\n")),
        "line 7: Illegal (illegal piece placements) is not supported"
    );
    assert_eq!(
        refused("Name X\nSet S 2 1\nSolved\nS\n? 2\nEnd\n"),
        "line 5: a piece \"?\" (an unknown piece or orientation) is not supported"
    );
    assert_eq!(refused(&format!("{head}Move M\nS\n1 1\nEnd\n")), "line 9: a move must permute set S's places");
    assert_eq!(refused(&format!("{head}Move M\nS\n2 1 3\nEnd\n")), "line 9: set S has 2 places, got 3 numbers");
    assert_eq!(refused(&format!("{head}Move M\nT\n2 1\nEnd\n")), "line 8: expected a set's name, got \"T\"");
    assert_eq!(refused(&format!("{head}Move M\nS\n2 1\n")), "line 7: no End for this block");
    assert_eq!(refused(head), "the description has no Move");
    assert_eq!(refused(&format!("{head}Frobnicate\n")), "line 7: unknown keyword \"Frobnicate\"");
    assert!(Compiled::new(
        Description::parse("Set S 2 1\nSolved\nS\n1 2\nEnd\nMove M\nS\n1 2\nEnd\n").unwrap(),
        Metric::Htm
    )
    .unwrap_err()
    .to_string()
    .contains("changes nothing"));
}

/// The 2x2x2 with its down-back-left corner fixed: the moves U, R and F
/// alone, as the published distributions count it.
/// A move sequence is the moves it names made in turn, whatever their
/// powers and wherever they are defined: its name scrambles as they do.
#[test]
fn a_move_sequence_makes_its_moves_in_turn() {
    let text = THREE.to_string()
        + "MoveSequence SEXY R U R' U'\nMoveSequence TWICE SEXY2,F\nMoveSequence LATE TWICE' B3 D2'\n";
    let cube = compiled(&text);
    for (sequence, made) in [
        ("SEXY", "R U R' U'"),
        ("SEXY2", "R U R' U' R U R' U'"),
        ("TWICE", "R U R' U' R U R' U' F"),
        ("LATE", "F' U R U' R' U R U' R' B' D2"),
        ("SEXY'", "U R U' R'"),
    ] {
        assert_eq!(cube.scrambled(sequence).unwrap(), cube.scrambled(made).unwrap(), "{sequence}");
    }
    // A sequence is a move like the others: its powers, named the short way.
    assert_eq!(order(&cube, "SEXY"), 6);
    assert!(cube.turn_named("SEXY3").is_some() && cube.turn_named("SEXY2'").is_some());
}

fn fixed_corner_2x2x2() -> String {
    TWO.split("Move ")
        .enumerate()
        .filter(|(i, block)| *i == 0 || ["U\n", "R\n", "F\n"].iter().any(|name| block.starts_with(name)))
        .map(|(i, block)| if i == 0 { block.to_string() } else { format!("Move {block}") })
        .collect()
}

#[test]
fn the_quarter_turn_metric_keeps_a_move_and_its_inverse() {
    let cube = Compiled::new(Description::parse(THREE).unwrap(), Metric::Qtm).unwrap();
    let names: Vec<&str> = cube.turns.iter().map(|turn| turn.name.as_str()).collect();
    assert_eq!(names.len(), 12);
    assert_eq!(&names[..2], ["U", "U'"]);
    assert_eq!(order(&cube, "U"), 4);
    assert_eq!(order(&cube, "U U'"), 1);
    for (index, turn) in cube.turns.iter().enumerate() {
        let undo = &cube.turns[usize::from(cube.inverse[index])];
        assert_eq!(cube.apply(&cube.apply(&cube.solved(), turn), undo), cube.solved(), "{}", turn.name);
    }
}

#[test]
fn the_2x2x2_reproduces_its_published_distance_distributions() {
    // Both metrics' counts from the literature (3,674,160 positions; God's
    // number 11 in the half-turn metric, 14 in the quarter-turn one).
    let text = fixed_corner_2x2x2();
    let counted = |metric| {
        let cube = Compiled::new(Description::parse(&text).unwrap(), metric).unwrap();
        cube.distance_distribution(1 << 28, None).unwrap().unwrap()
    };
    let htm = [1, 9, 54, 321, 1847, 9992, 50136, 227536, 870072, 1887748, 623800, 2644];
    let qtm = [1, 6, 27, 120, 534, 2256, 8969, 33058, 114149, 360508, 930588, 1350852, 782536, 90280, 276];
    assert_eq!(counted(Metric::Htm), htm);
    assert_eq!(counted(Metric::Qtm), qtm);
}

#[test]
fn ida_star_in_the_quarter_turn_metric_counts_a_half_turn_twice() {
    let cube = Compiled::new(Description::parse(TWO).unwrap(), Metric::Qtm)
        .unwrap()
        .with_tables(1 << 20, None)
        .unwrap()
        .unwrap();
    let solved_from = |scramble: &str| {
        let found = ida_star(&cube, cube.scrambled(scramble).unwrap(), &Limits::default());
        found.cost.unwrap()
    };
    assert_eq!(solved_from("U U"), 2);
    assert_eq!(solved_from("R U U F'"), 4);
    let mut rng = Rng(0x2545_F491_4F6C_DD1D);
    for _ in 0..8 {
        let scramble: Vec<&str> = (0..7).map(|_| cube.turns[rng.below(cube.turns.len())].name.as_str()).collect();
        let start = cube.scrambled(&scramble.join(" ")).unwrap();
        let cost = ida_star(&cube, start, &Limits::default()).cost.unwrap();
        assert_eq!(bidirectional_bfs(&cube, start, &Limits::default()).cost, Some(cost));
    }
}

#[test]
fn exact_quotients_are_quotients() {
    for d in 1..=MAX_PLACES as u64 {
        for q in [0u64, 1, 7, 40_320, 479_001_600, (1 << 40) + 3] {
            assert_eq!(tables::exact_quotient(q * d, d), q, "{q} * {d}");
        }
    }
}

#[test]
fn ranks_number_every_arrangement_once() {
    let cube = compiled(THREE);
    let edges = 1;
    let parts = [
        // Distinct pieces among blanks (a partial permutation), all pieces,
        // equal pieces (a multiset), and orientations.
        tables::Part::pieces(&cube, edges, |piece| piece < 4),
        tables::Part::pieces(&cube, 0, |_| true),
        tables::Part::pieces(&compiled(&fixed_corner_2x2x2()), 0, |piece| piece % 3 == 0),
        tables::Part::orientations(&cube, edges),
    ];
    for part in parts {
        let ranks = part.ranks().unwrap();
        let mut row = vec![0u8; 12];
        let mut seen = std::collections::HashSet::new();
        for rank in 0..ranks {
            part.unrank_row(rank, &mut row);
            assert_eq!(part.rank_row(&row), rank);
            assert!(seen.insert(row.clone()));
        }
    }
}

#[test]
fn the_2x2x2_with_whole_cube_turns_has_88_million_positions_and_god_s_number_11() {
    let layers = compiled(TWO).distance_distribution(1 << 28, None).unwrap().unwrap();
    // twsearch counts the same, level by level.
    let twsearch = [1, 18, 243, 2874, 28000, 205416, 1168516, 5402628, 20776176, 45391616, 15139616, 64736];
    assert_eq!(layers, twsearch);
    assert_eq!(layers.iter().sum::<u64>(), 24 * 3_674_160);
}

#[test]
fn several_sets_are_counted_together() {
    // Two sets that move together, each a copy of the other: their
    // product has 24 x 24 entries, of which the moves reach 24, at the
    // distances of one set's (adjacent swaps: inversions).
    let text = "Set A 4 1\nSet B 4 1\nSolved\nA\n1 2 3 4\nB\n1 2 3 4\nEnd\n\
                Move X\nA\n2 1 3 4\nB\n2 1 3 4\nEnd\nMove Y\nA\n1 3 2 4\nB\n1 3 2 4\nEnd\n\
                Move Z\nA\n1 2 4 3\nB\n1 2 4 3\nEnd\n";
    let layers = compiled(text).distance_distribution(1 << 20, None).unwrap().unwrap();
    // Permutations of 4 by their inversions: 1, 3, 5, 6, 5, 3, 1.
    assert_eq!(layers, [1, 3, 5, 6, 5, 3, 1]);
}

#[test]
fn edge_tables_with_their_orientations_keep_ida_star_optimal() {
    let cube = compiled(THREE).with_tables(1 << 20, None).unwrap().unwrap();
    let tables = cube.tables();
    assert!(tables.contains(&("EDGE: pieces 1 2 3 4 with their orientations".to_string(), 11_880 * 16)), "{tables:?}");
    let mut rng = Rng(0x5851_F42D_4C95_7F2D);
    for _ in 0..10 {
        let length = 1 + rng.below(6);
        let scramble: Vec<&str> = (0..length).map(|_| cube.turns[rng.below(cube.turns.len())].name.as_str()).collect();
        let start = cube.scrambled(&scramble.join(" ")).unwrap();
        let cost = ida_star(&cube, start, &Limits::default()).cost.unwrap();
        assert!(cube.lower_bound(&start) <= cost);
        assert_eq!(bidirectional_bfs(&cube, start, &Limits::default()).cost, Some(cost), "{scramble:?}");
    }
}

#[test]
fn tables_are_stored_and_loaded_back_and_a_damaged_one_is_rebuilt() {
    let dir = std::env::temp_dir().join(format!("idastar-permutation-cache-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let build = || compiled(THREE).with_tables_cached(1 << 20, Some(&dir), None, None).unwrap().unwrap();
    let built = build();
    let mut files: Vec<_> = std::fs::read_dir(&dir).unwrap().map(|entry| entry.unwrap().path()).collect();
    files.sort();
    assert_eq!(files.len(), built.tables().len());
    let mut rng = Rng(0x1405_7B7E_F767_814F);
    let positions: Vec<Position> = (0..200)
        .map(|_| {
            let scramble: Vec<&str> =
                (0..20).map(|_| built.turns[rng.below(built.turns.len())].name.as_str()).collect();
            built.scrambled(&scramble.join(" ")).unwrap()
        })
        .collect();
    let bounds = |puzzle: &Compiled| positions.iter().map(|p| puzzle.lower_bound(p)).collect::<Vec<_>>();
    let loaded = build();
    assert_eq!(loaded.tables(), built.tables());
    assert_eq!(bounds(&loaded), bounds(&built));
    // A flipped byte fails the checksum: the table is built again, not trusted.
    let mut data = std::fs::read(&files[0]).unwrap();
    let last = data.len() - 1;
    data[last] ^= 0x40;
    std::fs::write(&files[0], &data).unwrap();
    assert_eq!(bounds(&build()), bounds(&built));
    assert_ne!(std::fs::read(&files[0]).unwrap(), data);
    let _ = std::fs::remove_dir_all(&dir);
}

const TOPSPIN: &str = include_str!("../../../../../python/idastar/data/puzzles/topspin-12-4.tws");
const ROTATION: &str = include_str!("../../../../../python/idastar/data/puzzles/rotation.tws");

/// Whether `symmetry` conjugates every turn of `puzzle` to a turn.
fn conjugates_turns_to_turns(puzzle: &Compiled, symmetry: &Turn) -> bool {
    let inverse = symmetry.inverse(&puzzle.modulus);
    puzzle.turns.iter().all(|turn| {
        let conjugate = inverse.then(turn, &puzzle.modulus).then(symmetry, &puzzle.modulus);
        puzzle.turns.iter().any(|other| other.source == conjugate.source && other.twist == conjugate.twist)
    })
}

#[test]
fn the_cubes_have_their_24_rotations_as_symmetries_and_no_mirror() {
    // A mirror turns corners the other way, which a twist added at each
    // place cannot say; the 24 rotations are found, each distinct.
    for text in [TWO, THREE] {
        let cube = compiled(text);
        let found = symmetry::symmetries(&cube);
        assert_eq!(found.len(), 24, "{}", cube.description.name);
        assert!(found[0].is_identity());
        for symmetry in &found {
            assert!(conjugates_turns_to_turns(&cube, symmetry));
        }
    }
}

#[test]
fn symmetries_are_found_where_pieces_differ_and_only_there() {
    // TopSpin's ring turns and reflects onto itself: the dihedral group of
    // its 12 places; pancakes have no symmetry but the identity; the
    // Rotation Game's pieces repeat, so it is read as it stands.
    let topspin = compiled(TOPSPIN);
    let found = symmetry::symmetries(&topspin);
    assert_eq!(found.len(), 24);
    assert!(found.iter().all(|symmetry| conjugates_turns_to_turns(&topspin, symmetry)));
    assert_eq!(symmetry::symmetries(&compiled(&pancakes(8))).len(), 1);
    let rotation = compiled(ROTATION);
    assert!(!rotation.pieces_differ());
    assert_eq!(symmetry::symmetries(&rotation).len(), 1);
}

/// Random scrambles of `puzzle` of 1 to `most` turns, as positions with
/// their lengths.
fn scrambles(puzzle: &Compiled, rng: &mut Rng, count: usize, most: usize) -> Vec<(Position, usize)> {
    (0..count)
        .map(|_| {
            let length = 1 + rng.below(most);
            let names: Vec<&str> =
                (0..length).map(|_| puzzle.turns[rng.below(puzzle.turns.len())].name.as_str()).collect();
            (puzzle.scrambled(&names.join(" ")).unwrap(), length)
        })
        .collect()
}

#[test]
fn the_dual_and_symmetric_readings_bound_at_least_as_much_and_never_past_a_scramble() {
    let cube = compiled(THREE).with_tables(1 << 20, None).unwrap().unwrap();
    let readings = [cube.reading(true, false), cube.reading(false, true), cube.reading(true, true)];
    let mut rng = Rng(0x2545_F491_4F6C_DD1D);
    let mut stronger = [0; 3];
    for (start, length) in scrambles(&cube, &mut rng, 200, 12) {
        let plain = cube.lower_bound(&start);
        for (reading, stronger) in readings.iter().zip(&mut stronger) {
            let bound = reading.lower_bound(&start);
            assert!(plain <= bound && bound as usize <= length, "{plain} {bound} {length}");
            *stronger += usize::from(bound > plain);
            for limit in 0..=bound {
                let lazy = reading.heuristic_above(&start, limit);
                assert!(lazy == bound || (lazy == plain && plain > limit), "{lazy} {limit} {plain} {bound}");
            }
        }
    }
    // Each reading is stronger somewhere: a reading that never reads
    // anything new would pass the bounds above. Read lazily, a bound is
    // the whole one or the tables' own above the limit.
    assert!(stronger.iter().all(|&count| count > 10), "{stronger:?}");
}

#[test]
fn ida_star_with_every_reading_finds_the_optimum() {
    for (text, most) in [(TWO, 9), (THREE, 6), (TOPSPIN, 7)] {
        let puzzle = compiled(text).with_tables(1 << 20, None).unwrap().unwrap();
        let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
        for (start, _) in scrambles(&puzzle, &mut rng, 8, most) {
            let cost = bidirectional_bfs(&puzzle, start, &Limits::default()).cost.unwrap();
            for (dual, symmetric) in [(true, false), (false, true), (true, true)] {
                let reading = puzzle.reading(dual, symmetric);
                assert!(reading.lower_bound(&start) <= cost);
                let found = ida_star(&reading, start, &Limits::default());
                assert_eq!(found.cost, Some(cost), "{} {dual} {symmetric}", puzzle.description.name);
                let replayed = found
                    .path
                    .iter()
                    .fold(start, |position, &turn| puzzle.apply(&position, &puzzle.turns[usize::from(turn)]));
                assert_eq!(replayed, puzzle.solved());
            }
        }
    }
}

#[test]
fn tables_of_parts_no_move_links_add() {
    // Two pancake stacks side by side, each flipped by its own moves: a
    // stack's table counts only its own flips, so the two add.
    let stack = |name: &str, n: usize| {
        let solved: Vec<String> = (1..=n).map(|i| i.to_string()).collect();
        let mut moves = String::new();
        for k in 2..=n {
            let places: Vec<String> = (1..=n).map(|i| if i <= k { k + 1 - i } else { i }.to_string()).collect();
            moves += &format!("Move {name}{k}\n{name}\n{}\nEnd\n", places.join(" "));
        }
        (format!("Set {name} {n} 1\n"), format!("{name}\n{}\n", solved.join(" ")), moves)
    };
    let (a_set, a_solved, a_moves) = stack("A", 5);
    let (b_set, b_solved, b_moves) = stack("B", 6);
    let text = format!("Name Two\n{a_set}{b_set}Solved\n{a_solved}{b_solved}End\n{a_moves}{b_moves}");
    let puzzle = compiled(&text).with_tables(1 << 20, None).unwrap().unwrap();
    assert_eq!(puzzle.tables().len(), 2);
    let mut rng = Rng(0x1234_5678_9ABC_DEF1);
    for (start, _) in scrambles(&puzzle, &mut rng, 10, 10) {
        let cost = bidirectional_bfs(&puzzle, start, &Limits::default()).cost.unwrap();
        // Each stack's table is exact for its stack, so their sum is too.
        assert_eq!(puzzle.lower_bound(&start), cost);
        assert_eq!(ida_star(&puzzle, start, &Limits::default()).cost, Some(cost));
    }
}
