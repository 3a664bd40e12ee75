//! One search shared with other processes, the binding's side: a Python
//! object (the Dask layer's) that hands a search's large passes out, and
//! the reports of the parts, as Python sees them.

use idastar_core::engines::{Cut, Part, PartReport, Spread, Tally};
use idastar_core::{Limits, Outcome};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

use crate::runner::Run;

/// A search's large passes handed out by a Python object (the Dask
/// layer's): `spreader.subtrees_wanted` and `spreader.worth_after` are
/// [`Spread`]'s numbers, `spreader.start(bound, wanted, count, slack,
/// nodes)`
/// hands a pass out and returns a handle whose `poll(seconds)` is the
/// pass's report (see [`report_to_py`]) once every part it needs is in,
/// else None, and whose `cancel()` stops the pass's parts.
pub(crate) struct PythonSpread {
    spreader: Py<PyAny>,
    wanted: usize,
    worth: u64,
}

impl PythonSpread {
    pub(crate) fn new(spreader: &Bound<'_, PyAny>) -> PyResult<Self> {
        let wanted = spreader.getattr("subtrees_wanted")?.extract()?;
        let worth = spreader.getattr("worth_after")?.extract()?;
        Ok(PythonSpread { spreader: spreader.clone().unbind(), wanted, worth })
    }

    /// This spreader within the run `run`, which keeps its errors.
    pub(crate) fn on<'r>(&'r self, run: &'r Run) -> RunSpread<'r> {
        RunSpread { spread: self, run }
    }
}

/// A [`PythonSpread`] within a run: an error of its Python code stops the
/// search and is raised when the run ends.
pub(crate) struct RunSpread<'r> {
    spread: &'r PythonSpread,
    run: &'r Run,
}

/// How often a spread pass is asked whether its parts are in, and the
/// limits looked at.
const POLL_SECONDS: f64 = 0.05;

impl Spread for RunSpread<'_> {
    fn subtrees_wanted(&self) -> usize {
        self.spread.wanted
    }

    fn worth_after(&self) -> u64 {
        self.spread.worth
    }

    fn search(&self, cut: Cut, slack: &[u32], nodes: Option<u64>, limits: &Limits) -> PartReport {
        let stopped = PartReport::stopped;
        let started = Python::attach(|py| {
            self.spread.spreader.call_method1(py, "start", (cut.bound, cut.wanted, cut.count, slack, nodes))
        });
        let handle = match started {
            Ok(handle) => handle,
            Err(err) => {
                self.run.kept::<()>(Err(err));
                return stopped(Outcome::Interrupted);
            }
        };
        let cancel = |outcome| {
            Python::attach(|py| self.run.kept(handle.call_method0(py, "cancel")));
            stopped(outcome)
        };
        loop {
            if limits.interrupted() {
                return cancel(Outcome::Interrupted);
            }
            if limits.past_deadline() {
                return cancel(Outcome::TimeLimit);
            }
            let polled = Python::attach(|py| -> PyResult<Option<PartReport>> {
                let report = handle.call_method1(py, "poll", (POLL_SECONDS,))?;
                let report = report.bind(py);
                if report.is_none() {
                    return Ok(None);
                }
                report_from_py(report).map(Some)
            });
            match polled {
                Ok(Some(report)) => return report,
                Ok(None) => {}
                Err(err) => {
                    self.run.kept::<()>(Err(err));
                    return cancel(Outcome::Interrupted);
                }
            }
        }
    }
}

/// A part as Python names it: `((bound, wanted, count), (first, end))`,
/// the subtrees `first..end` of the pass within `bound` whose frontier,
/// cut for `wanted` subtrees, has `count`.
pub(crate) type PartTuple = ((u32, usize, usize), (usize, usize));

/// The part named so.
pub(crate) fn part_from_py(((bound, wanted, count), (first, end)): PartTuple) -> Part {
    Part::new(Cut { bound, wanted, count }, first..end)
}

/// A part's report as Python sees it: `(found, expanded, generated,
/// next_bound, beyond_range, stopped, work, path)`, `found` the index of
/// the first subtree holding a goal or None, `stopped` the outcome's name
/// or None, `work` and `path` [`PartReport`]'s. A whole pass's report,
/// from Python, is the same less `work`.
pub(crate) type ReportTuple = (Option<usize>, u64, u64, u32, bool, Option<&'static str>, Vec<u64>, Option<Vec<u32>>);

pub(crate) fn report_to_py(report: PartReport) -> ReportTuple {
    let Tally { expanded, generated, next_bound, beyond_range } = report.tally;
    let stopped = report.stopped.map(Outcome::name);
    (report.found, expanded, generated, next_bound, beyond_range, stopped, report.work, report.path)
}

/// A whole pass's report, from Python (see [`ReportTuple`]).
type PassTuple = (Option<usize>, u64, u64, u32, bool, Option<String>, Option<Vec<u32>>);

fn report_from_py(report: &Bound<'_, PyAny>) -> PyResult<PartReport> {
    let (found, expanded, generated, next_bound, beyond_range, stopped, path): PassTuple = report.extract()?;
    let stopped = match stopped {
        None => None,
        Some(name) => Some(
            Outcome::ALL
                .into_iter()
                .find(|outcome| outcome.name() == name)
                .ok_or_else(|| PyValueError::new_err(format!("no outcome is named {name:?}")))?,
        ),
    };
    let tally = Tally { expanded, generated, next_bound, beyond_range };
    Ok(PartReport { found, stopped, tally, work: Vec::new(), path })
}
