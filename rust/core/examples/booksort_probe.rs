use idastar_core::engines::{ida_star, ida_star_with_table};
use idastar_core::puzzles::booksort::Booksort;
use idastar_core::Limits;
use std::time::Instant;

fn main() {
    let n: usize = std::env::args().nth(1).map(|s| s.parse().unwrap()).unwrap_or(15);
    let count: usize = std::env::args().nth(2).map(|s| s.parse().unwrap()).unwrap_or(10);
    if std::env::var("LAYERS").is_ok() { let t = Instant::now(); layers(n); println!("{:?}", t.elapsed()); return; }
    if std::env::var("REV").is_ok() { let puzzle = Booksort::new(n).unwrap(); let books: Vec<u32> = (1..=n as u32).rev().collect(); let s = puzzle.pack(&books).unwrap(); let t = Instant::now(); let r = ida_star(&puzzle, s, &Limits::default()); println!("rev h={} {:?} {} {:?}", puzzle.lower_bound(s), r.cost, r.stats.expanded, t.elapsed()); return; }
    let radius: u32 = std::env::var("BALL").map(|s| s.parse().unwrap()).unwrap_or(0); let t = Instant::now(); let puzzle = Booksort::new(n).unwrap().with_goal_ball(radius); eprintln!("ball {:?}", t.elapsed());
    let mut seed = 0x9E3779B97F4A7C15u64;
    let mut rand = move || { seed ^= seed << 13; seed ^= seed >> 7; seed ^= seed << 17; seed };
    for _ in 0..count {
        let mut books: Vec<u32> = (1..=n as u32).collect();
        for i in (1..n).rev() { let j = (rand() % (i as u64 + 1)) as usize; books.swap(i, j); }
        let state = puzzle.pack(&books).unwrap();
        let t = Instant::now();
        let r = if std::env::var("TT").is_ok() { ida_star_with_table(&puzzle, state, &Limits::default(), 1 << 22) } else { ida_star(&puzzle, state, &Limits::default()) };
        println!("{:?} h={} cost={:?} expanded={} {:.3}s iters={:?}", books, puzzle.lower_bound(state), r.cost, r.stats.expanded, t.elapsed().as_secs_f64(),
          r.stats.iterations.iter().map(|i| (i.bound, i.expanded)).collect::<Vec<_>>());
    }
}
// layers probe
#[allow(dead_code)]
fn layers(n: usize) { let p = Booksort::new(n).unwrap(); println!("{:?}", idastar_core::engines::bfs_layers(&p, p.sorted(), Some(3))); }
