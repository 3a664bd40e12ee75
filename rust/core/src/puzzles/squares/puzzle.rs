//! Square Destroyer under the puzzle contract: a case is read from the
//! integers `[n, removed sticks...]`; its code is the bitset of the removed
//! sticks, `ceil(2n(n + 1) / 64)` words.

use super::grid::{removed_sticks, side, stick_count};
use super::{grid_lower_bound, solve_grid, Branching, Engine, Grid, Heuristic, Method, Techniques, MAX_N};
use crate::puzzle::{self, Choice, MoveCode, OptionDoc, Options, Purpose, Puzzle, Report, Settings, Solver};
use crate::{Error, Limits, Outcome, Result, SearchResult};

/// A grid: its side and the sticks already removed (0-based, as given).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Case {
    /// The grid's size.
    pub n: usize,
    /// The sticks already removed.
    pub removed: Vec<usize>,
}

/// Reads `[n, removed sticks...]` (sticks 1-based, none twice); an error
/// names the value at fault.
pub fn read_case(values: &[i64]) -> Result<Case> {
    let Some((&n, sticks)) = values.split_first() else {
        return Err(Error::invalid("a squares case starts with the grid side n, got no values"));
    };
    let n = side(n)?;
    Ok(Case { n, removed: removed_sticks(n, sticks)? })
}

impl Solver for Engine {
    fn generic(self) -> Option<puzzle::Engine> {
        match self {
            Engine::Ida => Some(puzzle::Engine::Ida),
            Engine::Exact => None,
        }
    }
}

/// The options of the exact engine alone, which [`Engine::Ida`] refuses.
const EXACT_OPTIONS: [&str; 4] = ["branching", "dominance", "symmetry", "upper_bound"];

/// Square Destroyer as a call configures it: the heuristic, the exact
/// engine's techniques and (once prepared) the grid of each side.
#[derive(Debug)]
pub struct Squares {
    heuristic: Heuristic,
    techniques: Techniques,
    by_side: Vec<Option<Grid>>,
}

impl Squares {
    fn grid(&self, n: usize) -> &Grid {
        self.by_side[n].as_ref().expect("prepared for every side of the cases")
    }

    fn method(&self, engine: Engine) -> Method {
        match engine {
            Engine::Ida => Method::Ida(self.heuristic),
            Engine::Exact => Method::Exact(self.techniques),
        }
    }
}

impl Puzzle for Squares {
    const NAME: &'static str = "squares";
    const OPTIONS: &'static [OptionDoc] = &[
        OptionDoc {
            name: "branching",
            kind: "Literal[\"fewest\", \"first\"]",
            default: "\"fewest\"",
            doc: "the exact engine's branching: on the square with the fewest sticks left, or the first",
        },
        OptionDoc {
            name: "dominance",
            kind: "bool",
            default: "True",
            doc: "the exact engine forbids dominated sticks",
        },
        OptionDoc {
            name: "symmetry",
            kind: "bool",
            default: "True",
            doc: "the exact engine uses the square's symmetries",
        },
        OptionDoc {
            name: "upper_bound",
            kind: "bool",
            default: "True",
            doc: "the exact engine starts from a greedy solution",
        },
    ];
    type Engine = Engine;
    type Heuristic = Heuristic;
    type Case = Case;
    type Move = u32;

    fn configure(settings: &Settings<Engine, Heuristic>, options: &mut Options) -> Result<Self> {
        if settings.engine != Engine::Exact {
            if let Some(name) = EXACT_OPTIONS.iter().find(|name| options.has(name)) {
                return Err(Error::InvalidArgument(format!(
                    "{name}: only engine \"exact\" uses it, not {:?}",
                    settings.engine.name()
                )));
            }
        }
        let techniques = Techniques {
            heuristic: settings.heuristic,
            branching: options.parsed::<Branching>("branching")?.unwrap_or_else(Branching::default_choice),
            dominance: options.flag("dominance", true)?,
            symmetry: options.flag("symmetry", true)?,
            upper_bound: options.flag("upper_bound", true)?,
        };
        Ok(Squares { heuristic: settings.heuristic, techniques, by_side: vec![None; MAX_N + 1] })
    }

    fn read_case(&self, values: &[i64]) -> Result<Case> {
        read_case(values)
    }

    fn write_move(stick: u32) -> MoveCode {
        [stick as i32, 0, 0]
    }

    fn code_words(&self, case: &Case) -> usize {
        stick_count(case.n).div_ceil(64)
    }

    /// Bit `s % 64` of word `s / 64` for each removed stick `s` (0-based).
    fn pack(&self, case: &Case, words: &mut [u64]) {
        words.fill(0);
        for &stick in &case.removed {
            words[stick / 64] |= 1 << (stick % 64);
        }
    }

    /// The case as its stick mask, one 0 or 1 per stick (stick `i + 1` at
    /// `i`): codes of one side then unpack to rows of one length, the 0/1
    /// arrays the Python layer takes as cases.
    fn unpack(&self, words: &[u64], size: Option<usize>) -> Result<Vec<i64>> {
        let n = size.ok_or_else(|| Error::InvalidArgument("n: squares codes need the grid side n".into()))?;
        if !(1..=MAX_N).contains(&n) {
            return Err(Error::InvalidArgument(format!("n must be from 1 to {MAX_N}, got {n}")));
        }
        let (sticks, width) = (stick_count(n), stick_count(n).div_ceil(64));
        if words.len() != width {
            return Err(Error::InvalidArgument(format!(
                "codes of a {n} x {n} grid take {width} word{} each, got {}",
                if width == 1 { "" } else { "s" },
                words.len()
            )));
        }
        if sticks % 64 != 0 && words[width - 1] >> (sticks % 64) != 0 {
            return Err(Error::invalid(format!("the code has bits beyond the {sticks} sticks of a {n} x {n} grid")));
        }
        Ok((0..sticks).map(|s| (words[s / 64] >> (s % 64) & 1) as i64).collect())
    }

    fn prepare(
        &mut self,
        _: Purpose<Engine>,
        cases: &[Case],
        _: &Limits,
        _: Option<Report>,
    ) -> Result<Option<Outcome>> {
        for case in cases {
            if self.by_side[case.n].is_none() {
                self.by_side[case.n] = Some(Grid::new(case.n)?);
            }
        }
        Ok(None)
    }

    fn solve(&self, case: &Case, engine: Engine, limits: &Limits) -> Result<SearchResult<u32>> {
        Ok(solve_grid(self.grid(case.n), &case.removed, self.method(engine), limits))
    }

    fn lower_bound(&self, case: &Case) -> Result<u32> {
        Ok(grid_lower_bound(self.grid(case.n), &case.removed, self.heuristic))
    }
}
