//! The options of one call, by name, as the caller gave them: each puzzle
//! takes the ones it knows, in one place, and whatever is left over is an
//! unknown option.

use std::fmt;
use std::time::Duration;

use crate::{Error, Result};

/// The most threads a call may ask for: more than any machine's cores, and
/// few enough that a mistyped number fails at once instead of starting
/// threads without end.
pub const MAX_THREADS: usize = 1024;

/// One option's value, in the few shapes options come in.
#[derive(Debug, Clone, PartialEq)]
pub enum Value {
    /// No value (Python's `None`): the option's default.
    None,
    /// A flag.
    Bool(bool),
    /// An integer; the bindings saturate larger ones to the ends of `i128`,
    /// which is beyond every limit.
    Int(i128),
    /// A real number (seconds, say).
    Float(f64),
    /// A name (of an engine, a heuristic, a goal).
    Str(String),
    /// A list of integers (a goal's tiles, say).
    Ints(Vec<i64>),
    /// Lists of integers (pattern tiles, say).
    IntLists(Vec<Vec<i64>>),
}

impl fmt::Display for Value {
    /// As Python would write it, since that is what the caller typed.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Value::None => f.write_str("None"),
            Value::Bool(true) => f.write_str("True"),
            Value::Bool(false) => f.write_str("False"),
            Value::Int(value) => write!(f, "{value}"),
            Value::Float(value) => write_float(f, *value),
            Value::Str(text) => write!(f, "{text:?}"),
            Value::Ints(values) => write!(f, "{values:?}"),
            Value::IntLists(lists) => write!(f, "{lists:?}"),
        }
    }
}

/// A float as Python's `repr` writes it (`1.0`, not `1`; `nan`; `1e+16`),
/// so that an error about a float never reads as if an integer was given.
fn write_float(f: &mut fmt::Formatter<'_>, value: f64) -> fmt::Result {
    if value.is_nan() {
        return f.write_str("nan");
    }
    // Rust's shortest round-trip digits are Python's; only the exponent is
    // written differently (Python's has a sign and at least two digits).
    let written = format!("{value:?}");
    match written.split_once('e') {
        Some((digits, exponent)) => {
            let (sign, magnitude) = exponent.strip_prefix('-').map_or(("+", exponent), |m| ("-", m));
            write!(f, "{digits}e{sign}{magnitude:0>2}")
        }
        None => f.write_str(&written),
    }
}

/// The options of a call. Every getter removes what it reads, so that
/// [`Options::finish`] can refuse what nobody read, and remembers the name
/// it looked for, so that it can suggest the one a misspelt option meant.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Options {
    entries: Vec<(String, Value)>,
    /// The names the call looked for: what a caller could have meant.
    known: Vec<String>,
    /// What the caller called (`"fifteen.solve()"`), for the message about
    /// an option it does not take; the puzzle's name when not set.
    called: Option<String>,
}

impl Options {
    /// No options: every default.
    pub fn new() -> Self {
        Options::default()
    }

    /// Sets `name` (a later value replaces an earlier one).
    pub fn set(&mut self, name: impl Into<String>, value: Value) {
        let name = name.into();
        self.entries.retain(|(known, _)| *known != name);
        self.entries.push((name, value));
    }

    /// The same options with `name` set.
    pub fn with(mut self, name: impl Into<String>, value: Value) -> Self {
        self.set(name, value);
        self
    }

    /// The same options, refused in the words of `called`: the function the
    /// caller called (`"fifteen.solve()"`), which a puzzle's name alone may
    /// not be.
    pub fn called(mut self, called: impl Into<String>) -> Self {
        self.called = Some(called.into());
        self
    }

    /// Names the call takes besides those its puzzle looks for (the
    /// binding's own keywords), for the suggestion of [`Options::finish`].
    pub fn knowing(mut self, names: &[&str]) -> Self {
        self.known.extend(names.iter().map(|&name| name.to_owned()));
        self
    }

    /// Removes `name` and returns its value; `None` stands for "not given",
    /// so an explicit `None` is the same as leaving an option out.
    fn take(&mut self, name: &str) -> Option<Value> {
        self.know(name);
        let at = self.entries.iter().position(|(known, _)| known == name)?;
        match self.entries.remove(at).1 {
            Value::None => None,
            value => Some(value),
        }
    }

    /// A name option (an engine, a heuristic) parsed with `FromStr`.
    pub fn parsed<T: std::str::FromStr<Err = Error>>(&mut self, name: &str) -> Result<Option<T>> {
        match self.take(name) {
            None => Ok(None),
            Some(Value::Str(text)) => text.parse().map(Some),
            Some(other) => Err(wrong_type(name, "a name", &other)),
        }
    }

    /// A text option (a directory, a name).
    pub fn text(&mut self, name: &str) -> Result<Option<String>> {
        match self.take(name) {
            None => Ok(None),
            Some(Value::Str(text)) => Ok(Some(text)),
            Some(other) => Err(wrong_type(name, "a string", &other)),
        }
    }

    /// A switch, `default` unless given.
    pub fn flag(&mut self, name: &str, default: bool) -> Result<bool> {
        Ok(self.switch(name)?.unwrap_or(default))
    }

    /// A switch, `None` unless given: for a default that depends on more
    /// than the call's options.
    pub fn switch(&mut self, name: &str) -> Result<Option<bool>> {
        match self.take(name) {
            None => Ok(None),
            Some(Value::Bool(value)) => Ok(Some(value)),
            Some(other) => Err(wrong_type(name, "True or False", &other)),
        }
    }

    /// A non-negative integer; one beyond `T` is `T::MAX`, which no search
    /// reaches, so that a huge limit is no limit rather than an error.
    pub fn count<T: TryFrom<i128> + Bounded>(&mut self, name: &str) -> Result<Option<T>> {
        match self.take(name) {
            None => Ok(None),
            Some(Value::Int(value)) if value < 0 => {
                Err(Error::InvalidArgument(format!("{name} must be a non-negative integer or None, got {value}")))
            }
            Some(Value::Int(value)) => Ok(Some(T::try_from(value).unwrap_or(T::MAX))),
            Some(other) => Err(wrong_type(name, "an integer", &other)),
        }
    }

    /// A count of at least 1.
    pub fn positive<T: TryFrom<i128> + Bounded>(&mut self, name: &str) -> Result<Option<T>> {
        if matches!(self.entries.iter().find(|(known, _)| known == name), Some((_, Value::Int(0)))) {
            return Err(Error::InvalidArgument(format!("{name} must be at least 1 or None, got 0")));
        }
        self.count(name)
    }

    /// The `threads` option: how many cores a call may use, `None` for
    /// every one, else 1 to [`MAX_THREADS`].
    pub fn threads(&mut self) -> Result<Option<usize>> {
        match self.take("threads") {
            None => Ok(None),
            Some(Value::Int(count)) if (1..=MAX_THREADS as i128).contains(&count) => Ok(Some(count as usize)),
            Some(Value::Int(count)) => {
                Err(Error::InvalidArgument(format!("threads must be from 1 to {MAX_THREADS} or None, got {count}")))
            }
            Some(other) => Err(wrong_type("threads", "an integer", &other)),
        }
    }

    /// A span of time in seconds, a non-negative number; an infinite one,
    /// or one beyond what a `Duration` holds (584 billion years), is none.
    pub fn seconds(&mut self, name: &str) -> Result<Option<Duration>> {
        let seconds = match self.take(name) {
            None => return Ok(None),
            Some(Value::Int(value)) => value as f64,
            Some(Value::Float(value)) => value,
            Some(other) => return Err(wrong_type(name, "a number of seconds", &other)),
        };
        // NaN compares false with everything, and is refused too.
        if seconds.is_nan() || seconds < 0.0 {
            return Err(Error::InvalidArgument(format!(
                "{name} must be a non-negative number of seconds or None, got {seconds}"
            )));
        }
        Ok(Duration::try_from_secs_f64(seconds).ok())
    }

    /// The value of an option that comes in several shapes (a name or a
    /// list, say), for its puzzle to tell apart.
    pub fn value(&mut self, name: &str) -> Option<Value> {
        self.take(name)
    }

    /// Lists of integers.
    pub fn int_lists(&mut self, name: &str) -> Result<Option<Vec<Vec<i64>>>> {
        match self.take(name) {
            None => Ok(None),
            Some(Value::IntLists(lists)) => Ok(Some(lists)),
            // An empty list reads as a list of integers too.
            Some(Value::Ints(values)) if values.is_empty() => Ok(Some(Vec::new())),
            Some(other) => Err(wrong_type(name, "lists of integers", &other)),
        }
    }

    /// Whether `name` was given (and not as `None`), without taking it.
    pub fn has(&mut self, name: &str) -> bool {
        self.know(name);
        self.entries.iter().any(|(known, value)| known == name && *value != Value::None)
    }

    /// The names the call has looked for so far.
    pub fn asked(&self) -> &[String] {
        &self.known
    }

    fn know(&mut self, name: &str) {
        if !self.known.iter().any(|known| known == name) {
            self.known.push(name.to_owned());
        }
    }

    /// Refuses every option nobody took, as Python refuses an unexpected
    /// keyword argument, with the option the caller most likely meant.
    pub fn finish(self, puzzle: &str) -> Result<()> {
        let Some((name, _)) = self.entries.first() else { return Ok(()) };
        let called = self.called.as_deref().unwrap_or(puzzle);
        let mut message = format!("{called} got an unexpected option {name:?}");
        if let Some(meant) = closest(name, &self.known) {
            message += &format!(" (did you mean {meant:?}?)");
        }
        Err(Error::WrongType(message))
    }
}

/// The name in `known` that `name` most likely misspells: the nearest by
/// edits (a letter left out, added, changed or two swapped), within one
/// edit for every three letters, ties to the first; case is ignored.
pub fn closest<'a>(name: &str, known: &'a [String]) -> Option<&'a str> {
    let name = name.to_lowercase();
    let most = (name.chars().count() / 3).max(1);
    known
        .iter()
        .map(|candidate| (strsim::osa_distance(&name, &candidate.to_lowercase()), candidate))
        .filter(|&(edits, _)| edits <= most)
        .min_by_key(|&(edits, _)| edits)
        .map(|(_, candidate)| candidate.as_str())
}

pub(crate) fn wrong_type(name: &str, expected: &str, got: &Value) -> Error {
    Error::WrongType(format!("{name} must be {expected} or None, got {got}"))
}

/// The integer types counts come in, with their largest value.
pub trait Bounded {
    /// The largest value of the type.
    const MAX: Self;
}

macro_rules! bounded {
    ($($t:ty),*) => { $(impl Bounded for $t { const MAX: Self = <$t>::MAX; })* };
}
bounded!(u8, u32, u64, usize);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_saturate_and_refuse_negatives_and_other_types() {
        let mut options = Options::new()
            .with("huge", Value::Int(i128::MAX))
            .with("negative", Value::Int(-1))
            .with("text", Value::Str("x".into()));
        assert_eq!(options.count::<u32>("huge").unwrap(), Some(u32::MAX));
        assert!(
            matches!(options.count::<u64>("negative"), Err(Error::InvalidArgument(m)) if m.starts_with("negative"))
        );
        assert!(matches!(options.count::<u64>("text"), Err(Error::WrongType(m)) if m.starts_with("text")));
        assert_eq!(options.count::<u64>("absent").unwrap(), None);
        options.finish("test").unwrap();
    }

    #[test]
    fn seconds_refuse_nan_and_negatives_and_take_infinity_as_none() {
        let mut options = Options::new()
            .with("nan", Value::Float(f64::NAN))
            .with("negative", Value::Float(-0.5))
            .with("forever", Value::Float(f64::INFINITY))
            .with("zero", Value::Int(0));
        assert!(options.seconds("nan").is_err());
        assert!(options.seconds("negative").is_err());
        assert_eq!(options.seconds("forever").unwrap(), None);
        assert_eq!(options.seconds("zero").unwrap(), Some(Duration::ZERO));
    }

    #[test]
    fn floats_are_written_as_python_writes_them() {
        let written = |value: f64| Value::Float(value).to_string();
        assert_eq!(written(1.0), "1.0");
        assert_eq!(written(-0.0), "-0.0");
        assert_eq!(written(1.5), "1.5");
        assert_eq!(written(1e16), "1e+16");
        assert_eq!(written(1e300), "1e+300");
        assert_eq!(written(1e-7), "1e-07");
        assert_eq!(written(2.5e-123), "2.5e-123");
        assert_eq!(written(1e15), "1000000000000000.0");
        assert_eq!(written(f64::NAN), "nan");
        assert_eq!(written(f64::INFINITY), "inf");
        assert_eq!(written(f64::NEG_INFINITY), "-inf");
    }

    #[test]
    fn a_misspelt_choice_is_told_the_name_meant() {
        use crate::puzzle::{Choice, Engine};
        let error = Engine::from_name("idaa").unwrap_err().to_string();
        assert_eq!(
            error,
            "engine: unknown engine \"idaa\" (did you mean \"ida\"?); expected one of \"ida\", \"astar\", \"iddfs\", \"bfs\", \"bidirectional\""
        );
        assert!(!Engine::from_name("dijkstra").unwrap_err().to_string().contains("did you mean"));
    }

    #[test]
    fn a_suggestion_is_near_enough_to_be_a_misspelling() {
        let known: Vec<String> =
            ["engine", "heuristic", "max_moves", "node_limit", "time_limit"].map(String::from).into();
        assert_eq!(closest("engne", &known), Some("engine"));
        assert_eq!(closest("Heuristic", &known), Some("heuristic"));
        assert_eq!(closest("max_move", &known), Some("max_moves"));
        assert_eq!(closest("nodelimit", &known), Some("node_limit"));
        assert_eq!(closest("time_limti", &known), Some("time_limit"));
        assert_eq!(closest("colour", &known), None);
        assert_eq!(closest("x", &known), None);
        assert_eq!(closest("limit", &known), None);
    }

    #[test]
    fn what_nobody_took_is_refused_by_name() {
        let options = Options::new().with("colour", Value::Str("red".into()));
        let error = options.finish("booksort").unwrap_err();
        assert_eq!(error, Error::WrongType("booksort got an unexpected option \"colour\"".into()));
        // The names looked for are what a misspelling is matched against,
        // and the caller's words replace the puzzle's name.
        let mut options = Options::new().with("huristic", Value::Str("pdb".into())).called("fifteen.solve()");
        assert_eq!(options.parsed::<crate::puzzle::Engine>("heuristic").unwrap(), None);
        let error = options.finish("sliding").unwrap_err();
        let expected = "fifteen.solve() got an unexpected option \"huristic\" (did you mean \"heuristic\"?)";
        assert_eq!(error, Error::WrongType(expected.into()));
        let options = Options::new().with("thread", Value::Int(2)).knowing(&["threads"]);
        assert!(options.finish("pancake").unwrap_err().to_string().ends_with("(did you mean \"threads\"?)"));
        // An explicit None reads as not given.
        let mut options = Options::new().with("node_limit", Value::None);
        assert_eq!(options.count::<u64>("node_limit").unwrap(), None);
    }
}
