use thiserror::Error;

/// Everything that can go wrong before a search starts.
///
/// Searches themselves never fail: running out of nodes, time or memory is an
/// [`Outcome`](crate::Outcome), not an error.
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
    /// size too large for a whole-space analysis, ...).
    #[error("{0}")]
    InvalidArgument(String),
}

pub type Result<T, E = Error> = std::result::Result<T, E>;

impl Error {
    pub(crate) fn invalid(message: impl Into<String>) -> Self {
        Error::InvalidPuzzle(message.into())
    }
}
