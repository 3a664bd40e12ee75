//! The registry describes every puzzle's options ([`AnyPuzzle::options`]),
//! and the bindings make typed signatures and docs from that description:
//! these tests hold it to what each puzzle reads.

use idastar_core::puzzle::{Options, Value, SHARED_OPTIONS};
use idastar_core::puzzles::REGISTRY;

#[test]
fn every_puzzle_describes_the_shared_options_first_and_each_once() {
    for puzzle in REGISTRY {
        let described = puzzle.options();
        assert_eq!(described[..SHARED_OPTIONS.len()], *SHARED_OPTIONS, "{}", puzzle.name());
        let mut names: Vec<_> = described.iter().map(|option| option.name).collect();
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), described.len(), "{}: an option described twice", puzzle.name());
        for option in &described {
            assert!(!option.kind.is_empty() && !option.default.is_empty() && !option.doc.is_empty());
        }
    }
}

#[test]
fn every_option_a_puzzle_reads_is_described() {
    for puzzle in REGISTRY {
        let described: Vec<_> = puzzle.options().iter().map(|option| option.name).collect();
        let asked = puzzle.options_asked();
        assert!(!asked.is_empty());
        for name in &asked {
            assert!(described.contains(&name.as_str()), "{} reads {name:?} but does not describe it", puzzle.name());
        }
    }
}

#[test]
fn every_option_a_puzzle_describes_is_taken() {
    for puzzle in REGISTRY {
        for option in puzzle.options() {
            let given = Options::new().with(option.name, Value::None);
            assert!(puzzle.check_options(given).is_ok(), "{} refuses {:?}", puzzle.name(), option.name);
        }
        let unknown = Options::new().with("no_such_option", Value::None);
        assert!(puzzle.check_options(unknown).is_err(), "{}", puzzle.name());
    }
}
