//! Reading a permutation puzzle's description, in the ksolve format that
//! twsearch reads:
//!
//! ```text
//! # A comment
//! Name Two
//! Set CORNER 2 3          (a set: its name, its places, its orientations)
//! Solved
//! CORNER
//! 1 2                     (the piece at each place; equal pieces allowed)
//! 0 0                     (their orientations; may be left out)
//! End
//! Move X                  (a move: each set's permutation and twists)
//! CORNER
//! 2 1                     (place i takes the piece of place p[i])
//! 1 2                     (the twist of the piece that leaves place j)
//! End
//! ```
//!
//! After a move with permutation `p` and twists `t`, place `i` holds the
//! piece that was at place `p[i]`, turned by `t[p[i]]` (modulo the set's
//! orientations), as ksolve and twsearch read it. A set a move leaves out
//! stays as it is. `MoveSequence NAME A B' C2` makes a move of the moves it
//! names, made in turn (each maybe repeated, `C2`, or undone, `B'`; they may
//! be defined anywhere in the description, sequences too). What the format
//! offers beyond this (`Illegal`, `MoveAlias`, `StartState`,
//! `MoveTransformation`, `?` for an unknown piece or orientation) is
//! refused by name, with its line.

use crate::{Error, Result};

/// The most places one set may have, and the most orientations.
pub const MAX_SET_SIZE: usize = 255;
/// The most orientations a piece may have.
pub const MAX_ORIENTATIONS: usize = 127;

/// One set of places whose pieces move among each other.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SetDef {
    /// Its name, as the moves refer to it.
    pub name: String,
    /// How many places it has.
    pub size: usize,
    /// How many orientations a piece of it has (1: none).
    pub orientations: u8,
}

/// What a move or the solved state says of one set.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SetPart {
    /// For the solved state, the piece at each place (from 0); for a
    /// move, the place each place takes its piece from (from 0).
    pub places: Vec<u8>,
    /// The orientations (solved state) or twists (move), one a place.
    pub twists: Vec<u8>,
}

/// A move as the description gives it, before its powers are derived.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MoveDef {
    /// Its name (`U`).
    pub name: String,
    /// What it does to each set, in the order of [`Description::sets`].
    pub parts: Vec<SetPart>,
}

/// A whole description, read and checked.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Description {
    /// The puzzle's name.
    pub name: String,
    /// Its sets of places.
    pub sets: Vec<SetDef>,
    /// The solved state, set by set.
    pub solved: Vec<SetPart>,
    /// The moves, in the order given.
    pub moves: Vec<MoveDef>,
}

/// The keywords of the format this reader refuses, with what each is.
const UNSUPPORTED: &[(&str, &str)] = &[
    ("Illegal", "illegal piece placements"),
    ("MoveAlias", "move aliases"),
    ("StartState", "a start state with 0-based pieces"),
    ("MoveTransformation", "moves with 0-based permutations"),
    ("Ignore", "ignored pieces"),
    ("Blocks", "blocks of pieces"),
];

/// The lines of a description with their numbers (from 1), comments and
/// blank lines left out, each split into its words.
struct Lines<'a> {
    lines: Box<dyn Iterator<Item = (usize, Vec<&'a str>)> + 'a>,
    last: usize,
}

impl<'a> Lines<'a> {
    fn new(text: &'a str) -> Self {
        let lines = text
            .lines()
            .enumerate()
            .map(|(index, line)| (index + 1, line.split('#').next().unwrap_or("").split_whitespace().collect()))
            .filter(|(_, words): &(usize, Vec<&str>)| !words.is_empty());
        Lines { lines: Box::new(lines), last: 0 }
    }

    fn next(&mut self) -> Option<(usize, Vec<&'a str>)> {
        let line = self.lines.next();
        if let Some((number, _)) = line {
            self.last = number;
        }
        line
    }
}

/// An error about line `line` of the description.
fn at(line: usize, message: impl std::fmt::Display) -> Error {
    Error::invalid(format!("line {line}: {message}"))
}

fn number(line: usize, word: &str, what: &str, below: usize) -> Result<usize> {
    if word == "?" {
        return Err(at(line, format!("{what} \"?\" (an unknown piece or orientation) is not supported")));
    }
    let value: usize = word.parse().map_err(|_| at(line, format!("{what} must be a number, got {word:?}")))?;
    if value >= below {
        return Err(at(line, format!("{what} {value} is out of range (below {below})")));
    }
    Ok(value)
}

impl Description {
    /// Reads a description; the error names the line and what is wrong, or
    /// the feature of the format that is not supported.
    pub fn parse(text: &str) -> Result<Description> {
        let mut lines = Lines::new(text);
        let mut description = Description { name: String::new(), sets: vec![], solved: vec![], moves: vec![] };
        let mut solved_seen = false;
        let mut sequences = Vec::new();
        while let Some((line, words)) = lines.next() {
            let keyword = words[0];
            if let Some((_, what)) = UNSUPPORTED.iter().find(|(name, _)| *name == keyword) {
                return Err(at(line, format!("{keyword} ({what}) is not supported")));
            }
            match keyword {
                "Name" => {
                    if !description.name.is_empty() || !description.sets.is_empty() {
                        return Err(at(line, "Name must come first, once"));
                    }
                    if words.len() != 2 {
                        return Err(at(line, "Name takes one word"));
                    }
                    description.name = words[1].to_string();
                }
                "Set" => {
                    if solved_seen {
                        return Err(at(line, "a Set must come before Solved"));
                    }
                    if words.len() != 4 {
                        return Err(at(line, "Set takes a name, a number of places and of orientations"));
                    }
                    let name = words[1].to_string();
                    if description.sets.iter().any(|set| set.name == name) {
                        return Err(at(line, format!("set {name} is defined twice")));
                    }
                    let size = number(line, words[2], "the number of places", MAX_SET_SIZE + 1)?;
                    let orientations = number(line, words[3], "the number of orientations", MAX_ORIENTATIONS + 1)?;
                    if size == 0 || orientations == 0 {
                        return Err(at(line, "a set needs at least one place and one orientation"));
                    }
                    description.sets.push(SetDef { name, size, orientations: orientations as u8 });
                }
                "Solved" => {
                    if solved_seen || description.sets.is_empty() {
                        return Err(at(line, "Solved must come once, after the sets"));
                    }
                    solved_seen = true;
                    description.solved = description.read_parts(&mut lines, line, false)?;
                }
                "Move" => {
                    if !solved_seen {
                        return Err(at(line, "a Move must come after Solved"));
                    }
                    if words.len() != 2 {
                        return Err(at(line, "Move takes one name"));
                    }
                    let name = words[1].to_string();
                    if description.moves.iter().any(|mv| mv.name == name) {
                        return Err(at(line, format!("move {name} is defined twice")));
                    }
                    let parts = description.read_parts(&mut lines, line, true)?;
                    description.moves.push(MoveDef { name, parts });
                }
                "MoveSequence" => {
                    if !solved_seen {
                        return Err(at(line, "a MoveSequence must come after Solved"));
                    }
                    // twsearch also takes commas between the moves.
                    let moves: Vec<String> = words[1..]
                        .iter()
                        .flat_map(|word| word.split(','))
                        .filter(|w| !w.is_empty())
                        .map(String::from)
                        .collect();
                    if moves.len() < 2 {
                        return Err(at(line, "MoveSequence takes a name and the moves it makes"));
                    }
                    sequences.push((line, moves));
                }
                other => return Err(at(line, format!("unknown keyword {other:?}"))),
            }
        }
        if description.sets.is_empty() {
            return Err(Error::invalid("the description has no Set"));
        }
        if !solved_seen {
            return Err(Error::invalid("the description has no Solved state"));
        }
        if description.moves.is_empty() {
            return Err(Error::invalid("the description has no Move"));
        }
        description.expand(sequences)?;
        if description.name.is_empty() {
            description.name = "Unnamed".into();
        }
        Ok(description)
    }

    /// The sets of a Solved state or a Move, up to its End: a set a move
    /// leaves out stays, one the solved state leaves out is in order.
    fn read_parts(&self, lines: &mut Lines, start: usize, moving: bool) -> Result<Vec<SetPart>> {
        let mut parts: Vec<Option<SetPart>> = vec![None; self.sets.len()];
        let mut current: Option<(usize, usize)> = None; // (set, numbers lines read)
        loop {
            let Some((line, words)) = lines.next() else {
                return Err(at(start, "no End for this block"));
            };
            if words == ["End"] {
                break;
            }
            if let Some(index) = self.sets.iter().position(|set| set.name == words[0]) {
                if words.len() != 1 {
                    return Err(at(line, "a set's name stands alone on its line"));
                }
                if parts[index].is_some() {
                    return Err(at(line, format!("set {} is given twice", words[0])));
                }
                let size = self.sets[index].size;
                parts[index] = Some(SetPart { places: vec![], twists: vec![0; size] });
                current = Some((index, 0));
                continue;
            }
            let Some((index, read)) = current else {
                return Err(at(line, format!("expected a set's name, got {:?}", words[0])));
            };
            let set = &self.sets[index];
            if read == 2 {
                return Err(at(line, format!("set {} takes at most two lines of numbers", set.name)));
            }
            if words.len() != set.size {
                return Err(at(line, format!("set {} has {} places, got {} numbers", set.name, set.size, words.len())));
            }
            let part = parts[index].as_mut().expect("opened above");
            if read == 0 {
                part.places = words
                    .iter()
                    .map(|word| Ok(number(line, word, "a piece", set.size + 1)?.wrapping_sub(1) as u8))
                    .collect::<Result<_>>()?;
                if part.places.contains(&u8::MAX) {
                    return Err(at(line, "pieces and places count from 1"));
                }
                if moving && !is_permutation(&part.places) {
                    return Err(at(line, format!("a move must permute set {}'s places", set.name)));
                }
            } else {
                part.twists = words
                    .iter()
                    .map(|word| Ok(number(line, word, "an orientation", usize::from(set.orientations))? as u8))
                    .collect::<Result<_>>()?;
            }
            current = Some((index, read + 1));
        }
        Ok(parts
            .into_iter()
            .zip(&self.sets)
            .map(|(part, set)| {
                part.filter(|part| !part.places.is_empty())
                    .unwrap_or_else(|| SetPart { places: (0..set.size as u8).collect(), twists: vec![0; set.size] })
            })
            .collect())
    }
}

/// The most times a move is made to find how many undo it.
const MAX_ORDER: usize = 1 << 16;

impl Description {
    /// Adds each move sequence `(line, [name, moves...])` as a move, once
    /// every move it names is known (a sequence may name one that follows
    /// it); the error names the line of a sequence that names no move.
    fn expand(&mut self, mut pending: Vec<(usize, Vec<String>)>) -> Result<()> {
        while !pending.is_empty() {
            let before = pending.len();
            let mut waiting = Vec::new();
            for (line, words) in pending {
                let name = &words[0];
                if self.moves.iter().any(|mv| mv.name == *name) {
                    return Err(at(line, format!("move {name} is defined twice")));
                }
                match self.made_of(line, &words[1..])? {
                    Some(parts) => self.moves.push(MoveDef { name: name.clone(), parts }),
                    None => waiting.push((line, words)),
                }
            }
            if waiting.len() == before {
                let (line, words) = &waiting[0];
                let unknown = words[1..].iter().find(|word| self.power_of(word).is_none()).expect("one is unknown");
                return Err(at(*line, format!("MoveSequence {}: no move {unknown:?}", words[0])));
            }
            pending = waiting;
        }
        Ok(())
    }

    /// The move `moves` make in turn, or `None` while one is unknown.
    fn made_of(&self, line: usize, moves: &[String]) -> Result<Option<Vec<SetPart>>> {
        let mut position = self.identity();
        for word in moves {
            let Some((index, times, undone)) = self.power_of(word) else { return Ok(None) };
            let mv = &self.moves[index].parts;
            let order =
                self.order(mv).ok_or_else(|| at(line, format!("move {word:?} repeats only after too many turns")))?;
            let times = if undone { (order - times % order) % order } else { times % order };
            for _ in 0..times {
                position = self.after(&position, mv);
            }
        }
        // The move that takes the solved places to `position`: place i takes
        // the piece of place p[i], and the twist lands on the piece that
        // leaves that place.
        Ok(Some(
            position
                .into_iter()
                .map(|part| {
                    let mut twists = vec![0; part.places.len()];
                    for (&from, &twist) in part.places.iter().zip(&part.twists) {
                        twists[usize::from(from)] = twist;
                    }
                    SetPart { places: part.places, twists }
                })
                .collect(),
        ))
    }

    /// The move `word` names, how many times it is made and whether it is
    /// undone: `U`, `U2`, `U'`, `U2'`; a move's own name first.
    fn power_of(&self, word: &str) -> Option<(usize, usize, bool)> {
        if let Some(index) = self.moves.iter().position(|mv| mv.name == word) {
            return Some((index, 1, false));
        }
        let (rest, undone) = word.strip_suffix('\'').map_or((word, false), |rest| (rest, true));
        let digits = rest.len() - rest.trim_end_matches(|c: char| c.is_ascii_digit()).len();
        let (name, count) = rest.split_at(rest.len() - digits);
        // A count too large for a number is as good as any other.
        let times = if count.is_empty() { 1 } else { count.parse().unwrap_or(usize::MAX) };
        let index = self.moves.iter().position(|mv| mv.name == name)?;
        Some((index, times, undone))
    }

    /// Every piece at its own place, unturned.
    fn identity(&self) -> Vec<SetPart> {
        self.sets
            .iter()
            .map(|set| SetPart { places: (0..set.size as u8).collect(), twists: vec![0; set.size] })
            .collect()
    }

    /// `position` (the piece of each place, its orientation) after `mv`.
    fn after(&self, position: &[SetPart], mv: &[SetPart]) -> Vec<SetPart> {
        position
            .iter()
            .zip(mv)
            .zip(&self.sets)
            .map(|((now, mv), set)| SetPart {
                places: mv.places.iter().map(|&from| now.places[usize::from(from)]).collect(),
                twists: mv
                    .places
                    .iter()
                    .map(|&from| {
                        let from = usize::from(from);
                        (now.twists[from] + mv.twists[from]) % set.orientations
                    })
                    .collect(),
            })
            .collect()
    }

    /// How many times `mv` is made before every piece is back as it was.
    fn order(&self, mv: &[SetPart]) -> Option<usize> {
        let identity = self.identity();
        let mut position = self.after(&identity, mv);
        for times in 1..MAX_ORDER {
            if position == identity {
                return Some(times);
            }
            position = self.after(&position, mv);
        }
        None
    }
}

fn is_permutation(places: &[u8]) -> bool {
    let mut seen = vec![false; places.len()];
    places.iter().all(|&place| !std::mem::replace(&mut seen[usize::from(place)], true))
}
