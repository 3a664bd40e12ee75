use thiserror::Error;

use crate::Outcome;

/// Everything that can go wrong before a search starts.
///
/// Searches themselves never fail: running out of nodes, time or memory is an
/// [`Outcome`], not an error.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum Error {
    /// The input does not describe a position of the puzzle (wrong size,
    /// values out of range, not a permutation, ...). The message says which.
    #[error("{0}")]
    InvalidPuzzle(String),
    /// The input is a well-formed position from which the goal cannot be
    /// reached; detected up front so that no search runs forever.
    #[error("{0}")]
    Unsolvable(String),
    /// An option of the call itself is out of range (an unknown heuristic, a
    /// size too large for a whole-space analysis, ...). The message starts
    /// with the option's name.
    #[error("{0}")]
    InvalidArgument(String),
    /// An option of the wrong type, or one the call does not know.
    #[error("{0}")]
    WrongType(String),
    /// Work that gives no search result (a table for a lower bound) was
    /// stopped by a limit, the interrupt or the lack of memory.
    #[error("stopped: {}", .0.name())]
    Stopped(Outcome),
}

/// The crate's result: [`enum@Error`] unless said otherwise.
pub type Result<T, E = Error> = std::result::Result<T, E>;

impl Error {
    pub(crate) fn invalid(message: impl Into<String>) -> Self {
        Error::InvalidPuzzle(message.into())
    }

    /// The error of a trace asked of `engine`, which records none.
    pub(crate) fn untraced(engine: &str) -> Self {
        Error::InvalidArgument(format!(
            "trace: the {engine} engine records no trace; the ida, iddfs and astar engines do"
        ))
    }

    /// The same error about case `index` of a batch, written as Python indexes
    /// it (`cases[0]` the first), so that its base is plain.
    pub fn in_case(self, index: usize) -> Self {
        let prefixed = |message: String| format!("cases[{index}]: {message}");
        match self {
            Error::InvalidPuzzle(message) => Error::InvalidPuzzle(prefixed(message)),
            Error::Unsolvable(message) => Error::Unsolvable(prefixed(message)),
            Error::InvalidArgument(message) => Error::InvalidArgument(prefixed(message)),
            other => other,
        }
    }
}
