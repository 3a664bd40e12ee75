//! The Rotation Game: moves, packing, both solvers and the table.

use super::*;
use crate::engines::{bfs, ida_star};
use crate::test_rng::Rng;
use crate::{Limits, Outcome};

/// The sample of the problem statement: `AC`, then 2 in the centre.
const SAMPLE: [u32; 24] = [1, 1, 1, 1, 3, 2, 3, 2, 3, 1, 3, 2, 2, 3, 1, 2, 2, 2, 3, 1, 2, 1, 3, 3];

/// A random judge board: eight of each number.
fn judge_board(rng: &mut Rng) -> Vec<u32> {
    let mut values: Vec<u32> = (0..24).map(|i| i / 8 + 1).collect();
    rng.shuffle(&mut values);
    values
}

/// The move done the judge solution's way, on a vector.
fn rotated(values: &[u32], mv: Move) -> Vec<u32> {
    let line = LINES[mv.index()];
    let mut out = values.to_vec();
    let first = values[line[0] as usize];
    for i in 0..6 {
        out[line[i] as usize] = values[line[i + 1] as usize];
    }
    out[line[6] as usize] = first;
    out
}

#[test]
fn moves_match_the_judge_solution_and_inverses_undo() {
    let mut rng = Rng(99);
    for _ in 0..200 {
        let values = judge_board(&mut rng);
        let board = pack(&values).unwrap();
        for mv in Move::ALL {
            assert_eq!(unpack(mv.apply(board)), rotated(&values, mv), "{mv:?}");
            assert_eq!(mv.inverse().apply(mv.apply(board)), board);
            for value in 1..=3 {
                assert_eq!(mv.apply_to_cells(cells_holding(board, value)), cells_holding(mv.apply(board), value));
            }
        }
    }
    let letters: String = Move::ALL.iter().map(|m| m.letter()).collect();
    assert_eq!(letters, "ABCDEFGH");
    assert_eq!(Move::from_letter('C'), Some(Move::ALL[2]));
    assert_eq!(Move::from_letter('I'), None);
}

#[test]
fn packing_checks_the_board() {
    assert_eq!(unpack(pack(&SAMPLE).unwrap()), SAMPLE.to_vec());
    let message = |values: &[u32]| match pack(values) {
        Err(Error::InvalidPuzzle(message)) => message,
        other => panic!("expected an error, got {other:?}"),
    };
    assert!(message(&SAMPLE[..23]).contains("24 cells, got 23"));
    let mut zero = SAMPLE;
    zero[5] = 0;
    assert!(message(&zero).contains("cell 5 holds 0"));
    let spread: Vec<u32> = (0..24).map(|i| [1, 2, 3][i % 3]).collect::<Vec<_>>();
    assert_eq!(spread.iter().filter(|&&v| v == 1).count(), 8);
    let mut short = spread.clone();
    short[0] = 2; // seven 1s, nine 2s: still solvable
    assert!(pack(&short).is_ok());
    // 24 cells of three numbers always hold one number 8 times or more, so
    // every board of valid values can be solved.
    let uneven: Vec<u32> = (0..24)
        .map(|i| {
            if i < 10 {
                1
            } else if i < 17 {
                2
            } else {
                3
            }
        })
        .collect();
    assert!(pack(&uneven).is_ok());
}

#[test]
fn the_sample_is_ac_then_two() {
    let board = pack(&SAMPLE).unwrap();
    let result = ida_star(&RotationGame, board, &Limits::default());
    let letters: String = result.path.iter().map(|m| m.letter()).collect();
    assert_eq!(letters, "AC");
    let (table, centre) = TableSolution::solve(board).unwrap();
    assert_eq!(table.path, result.path);
    assert_eq!(centre, 2);
}

#[test]
fn eight_cell_table_has_the_right_size_and_a_single_goal() {
    let table = CentreTable::build(8).unwrap();
    assert_eq!(table.len(), 735_471);
    let layers = table.layer_sizes();
    assert_eq!(layers[0], 1);
    assert_eq!(layers.iter().sum::<u64>(), 735_471);
    assert_eq!(table.distance(CENTRE_MASK), 0);
}

/// The table's distance for a number is the optimum of a board where only
/// that number matters: checked against breadth-first search over boards.
#[test]
fn table_distances_match_breadth_first_search_over_sets() {
    struct OneNumber;
    impl crate::Problem for OneNumber {
        type State = u32;
        type Move = Move;
        fn is_goal(&self, cells: &u32) -> bool {
            cells & CENTRE_MASK == CENTRE_MASK
        }
        fn successors(&self, cells: &u32, _last: Option<Move>, out: &mut Vec<Edge<Move, u32>>) {
            out.extend(Move::ALL.iter().map(|&mv| Edge::new(mv, mv.apply_to_cells(*cells), 1)));
        }
    }
    let table = shared_table(8).unwrap();
    let mut rng = Rng(5);
    for _ in 0..20 {
        let cells = cells_holding(pack(&judge_board(&mut rng)).unwrap(), 1);
        let result = bfs(&OneNumber, cells, &Limits::default());
        assert_eq!(result.cost, Some(table.distance(cells)));
    }
}

#[test]
fn both_solvers_agree_on_random_boards() {
    let mut rng = Rng(2024);
    for _ in 0..150 {
        let board = pack(&judge_board(&mut rng)).unwrap();
        let searched = ida_star(&RotationGame, board, &Limits::default());
        let (table, centre) = TableSolution::solve(board).unwrap();
        assert_eq!(searched.outcome, Outcome::Solved);
        assert_eq!(table.path, searched.path);
        assert_eq!(table.cost, searched.cost);
        let end = searched.path.iter().fold(board, |b, mv| mv.apply(b));
        assert_eq!(RotationGame::centre_bound(end), 0);
        assert_eq!(centre, centre_value(end));
    }
}

#[test]
fn boards_with_more_than_eight_of_a_number_are_solved() {
    let mut rng = Rng(7);
    for extra in 1..=4 {
        for _ in 0..20 {
            // Turn some 3s into 1s: 8 + extra ones.
            let mut values = judge_board(&mut rng);
            let mut changed = 0;
            for v in values.iter_mut() {
                if *v == 3 && changed < extra {
                    *v = 1;
                    changed += 1;
                }
            }
            let board = pack(&values).unwrap();
            let searched = ida_star(&RotationGame, board, &Limits::default());
            let (table, _) = TableSolution::solve(board).unwrap();
            assert_eq!(table.path, searched.path, "{values:?}");
        }
    }
}

#[test]
fn solved_boards_need_no_moves() {
    let mut values = vec![2; 24];
    values[0] = 1;
    let board = pack(&values).unwrap();
    let (table, centre) = TableSolution::solve(board).unwrap();
    assert_eq!((table.cost, table.path.len(), centre), (Some(0), 0, 2));
}

#[test]
fn combinations_enumerate_each_subset_once() {
    let all: Vec<u32> = table::combinations(0b1011_0110, 3).collect();
    assert_eq!(all.len(), 10);
    assert!(all.iter().all(|s| s.count_ones() == 3 && s & !0b1011_0110 == 0));
    let mut sorted = all.clone();
    sorted.dedup();
    assert_eq!(sorted.len(), 10);
    assert_eq!(table::combinations(0b111, 0).count(), 1);
    assert_eq!(table::combinations(0b111, 4).count(), 0);
}

#[test]
fn ranks_are_a_bijection_onto_the_table() {
    for size in [0u32, 1, 3, 8, 12, 24] {
        let all = (1u32 << CELLS) - 1;
        let mut ranks: Vec<u32> = table::combinations(all, size).map(table::rank).collect();
        ranks.sort_unstable();
        let expected: Vec<u32> = (0..ranks.len() as u32).collect();
        assert_eq!(ranks, expected, "size {size}");
    }
}

#[test]
fn the_table_is_stored_loaded_and_rebuilt_when_damaged() {
    let dir = std::env::temp_dir().join(format!("idastar-rotation-cache-{}", std::process::id()));
    let built = table::cached_table(8, Some(&dir), false).unwrap();
    assert!(!built.is_complete());
    let file = dir.join("rotation-centre-8.bin");
    assert!(file.exists());
    let loaded = table::cached_table(8, Some(&dir), false).unwrap();
    assert_eq!((loaded.depth(), loaded.as_bytes()), (built.depth(), built.as_bytes()));
    let mut bytes = std::fs::read(&file).unwrap();
    let middle = bytes.len() / 2;
    bytes[middle] ^= 0x40;
    std::fs::write(&file, &bytes).unwrap();
    let rebuilt = table::cached_table(8, Some(&dir), false).unwrap();
    assert_eq!(rebuilt.as_bytes(), built.as_bytes());
    // Asking for the complete table completes the stored near one and
    // stores the result, which a later process then loads as it is.
    let complete = table::cached_table(8, Some(&dir), true).unwrap();
    assert!(complete.is_complete());
    let reloaded = table::cached_table(8, Some(&dir), false).unwrap();
    assert!(reloaded.is_complete());
    assert_eq!(reloaded.as_bytes(), complete.as_bytes());
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_near_table_searches_beyond_its_depth_and_completes_to_the_full_table() {
    let near = CentreTable::build_near(8).unwrap();
    let full = CentreTable::build(8).unwrap();
    assert_eq!(near.depth(), 9);
    assert!(full.is_complete());
    let stored = near.as_bytes().iter().filter(|&&d| d != u8::MAX).count();
    assert_eq!(stored, 1 + 8 + 44 + 208 + 876 + 3220 + 10498 + 30236 + 73982 + 146466);
    // Every set beyond the depth, at every distance out to 14, against the
    // full table; a sample of the others.
    let all = (1u32 << CELLS) - 1;
    let mut beyond = 0;
    for (rank, set) in table::combinations(all, 8).enumerate() {
        let far = near.as_bytes()[rank] == u8::MAX;
        if far && rank % 61 == 0 || full.distance(set) >= 13 || rank % 997 == 0 {
            let distance = full.distance(set);
            assert_eq!(near.distance(set), distance, "set {set:#x}");
            assert!(near.within(set, distance) && (distance == 0 || !near.within(set, distance - 1)));
            beyond += usize::from(far);
        }
    }
    assert!(beyond > 10_000, "{beyond}");
    assert_eq!(near.completed().as_bytes(), full.as_bytes());
}

#[test]
fn unrank_inverts_rank() {
    for size in [1u32, 3, 8, 12, 23] {
        let all = (1u32 << CELLS) - 1;
        for set in table::combinations(all, size).step_by(97) {
            assert_eq!(table::unrank(table::rank(set), size), set);
        }
    }
}

#[test]
fn an_interrupt_stops_the_census() {
    // Said once, at the tenth question, by one of many threads: all stop.
    let once = crate::limits::stop_once_at(10);
    assert_eq!(census(Some(&once)).unwrap(), None);
}

mod contract {
    use super::super::{Move, Rotation};
    use super::SAMPLE;
    use crate::puzzle::{AnyPuzzle, Entry, Hooks, Options, Puzzle, Task, Value};
    use crate::{Error, Outcome};

    fn entry() -> &'static dyn AnyPuzzle {
        &Entry::<Rotation>::NEW
    }

    fn sample() -> Vec<i64> {
        SAMPLE.iter().map(|&v| i64::from(v)).collect()
    }

    fn solved(options: Options) -> crate::puzzle::Answer {
        let mut job = entry().job(&[sample()], false, options, Task::Solve).unwrap();
        job.prepare(Hooks::default()).unwrap();
        job.solve(Hooks::default()).unwrap().pop().unwrap()
    }

    #[test]
    fn the_letters_are_the_moves_letters() {
        let letters: String = Move::ALL.iter().map(|mv| mv.letter()).collect();
        assert_eq!(Rotation::MOVE_LETTERS, Some(letters.as_str()));
        assert_eq!(Rotation::write_move(Move::ALL[7])[0], 7);
    }

    #[test]
    fn the_table_refuses_a_node_limit_by_name() {
        let options = Options::new().with("node_limit", Value::Int(10));
        let error = entry().job(&[sample()], false, options, Task::Solve).err().unwrap();
        assert!(matches!(&error, Error::InvalidArgument(m) if m.starts_with("node_limit:") && m.contains("\"table\"")));
        let options = Options::new().with("node_limit", Value::Int(10)).with("engine", Value::Str("ida".into()));
        assert!(entry().job(&[sample()], false, options, Task::Solve).is_ok());
    }

    #[test]
    fn every_engine_and_heuristic_finds_the_optimum_and_its_centre() {
        for engine in entry().engines() {
            for heuristic in entry().heuristics() {
                let options = Options::new()
                    .with("engine", Value::Str(engine.into()))
                    .with("heuristic", Value::Str(heuristic.into()));
                let (result, centre) = solved(options);
                assert_eq!(
                    (result.outcome, result.cost, centre),
                    (Outcome::Solved, Some(2), 2),
                    "{engine} {heuristic}"
                );
            }
        }
    }

    #[test]
    fn a_cap_below_the_tables_optimum_proves_the_optimum() {
        let (result, _) = solved(Options::new().with("max_moves", Value::Int(1)));
        assert_eq!((result.outcome, result.cost, result.lower_bound), (Outcome::NoSolution, None, Some(2)));
        let (result, _) = solved(Options::new().with("max_moves", Value::Int(2)));
        assert_eq!(result.outcome, Outcome::Solved);
    }

    #[test]
    fn a_table_loaded_needs_no_preparation() {
        let options = || Options::new().with("heuristic", Value::Str("table".into()));
        let mut job = entry().job(&[sample()], false, options(), Task::LowerBound).unwrap();
        job.prepare(Hooks::default()).unwrap();
        let bound = job.lower_bounds().unwrap()[0];
        assert_eq!(bound, 2, "the table's bound is exact within its depth");
        assert!(!entry().job(&[sample()], false, options(), Task::LowerBound).unwrap().needs_preparation());
        let centre = Options::new().with("heuristic", Value::Str("centre".into()));
        assert!(!entry().job(&[sample()], false, centre, Task::LowerBound).unwrap().needs_preparation());
    }

    #[test]
    fn codes_that_are_no_board_are_refused() {
        assert!(entry().unpack(&[1 << 48], 1, None, Options::new()).is_err());
        assert!(entry().unpack(&[0], 1, None, Options::new()).is_err());
        let (_, words) = entry().pack(&[sample()], Options::new()).unwrap();
        assert_eq!(entry().unpack(&words, 1, None, Options::new()).unwrap(), vec![sample()]);
    }
}
