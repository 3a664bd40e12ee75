fn main() {
    let mut best = f64::MAX;
    for _ in 0..15 {
        let t = std::time::Instant::now();
        let table = idastar_core::puzzles::rotation::CentreTable::build(8).unwrap();
        best = best.min(t.elapsed().as_secs_f64());
        assert_eq!(table.len(), 735471);
    }
    println!("best {:.2} ms", best * 1000.0);
}
