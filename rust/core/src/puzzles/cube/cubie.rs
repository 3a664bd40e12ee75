//! The cube at the level of its pieces: which corner and edge sits at each
//! place and how it is turned, the six face turns and the 48 symmetries of
//! the cube as such arrangements, and the coordinates the tables index.
//!
//! Places and pieces are numbered as in Kociemba's solvers: corners URF,
//! UFL, ULB, UBR, DFR, DLF, DBL, DRB; edges UR, UF, UL, UB, DR, DF, DL, DB,
//! FR, FL, BL, BR. A cube says, for each place, which piece has replaced
//! the one solved there, and that piece's orientation: a corner's is 0 when
//! its U or D sticker is on the U or D face, an edge's 0 when unflipped in
//! the sense of the turns that keep every edge's orientation (U, D, R2, L2,
//! F2, B2). Mirror images (the symmetries that reflect) carry corner
//! orientations 3 to 5.

/// The number of corners.
pub(crate) const CORNERS: usize = 8;
/// The number of edges.
pub(crate) const EDGES: usize = 12;
/// Corner orientations: `3^7`, the last corner's following from the others.
pub(crate) const TWISTS: usize = 2187;
/// Edge orientations: `2^11`.
pub(crate) const FLIPS: usize = 2048;
/// Arrangements of the corners: `8!`.
pub(crate) const CORNER_PERMS: usize = 40320;
/// Where the four edges of the middle layer between U and D are, and in
/// which order: `12 * 11 * 10 * 9`.
pub(crate) const SLICES_SORTED: usize = 11880;
/// Where those four edges are, in any order: `12 choose 4`.
pub(crate) const SLICES: usize = 495;
/// The face turns: each face's quarter turn, half turn and quarter turn
/// back, faces in the order U R F D L B.
pub(crate) const MOVES: usize = 18;
/// Every symmetry of the cube, the reflections included.
pub(crate) const SYMMETRIES: usize = 48;
/// The symmetries that keep the U-D axis: the first 16.
pub(crate) const UD_SYMMETRIES: usize = 16;
/// The faces, in the order of [`MOVES`].
pub(crate) const FACES: [char; 6] = ['U', 'R', 'F', 'D', 'L', 'B'];
/// The first of the middle layer's edges (FR, FL, BL, BR are 8 to 11).
const FIRST_SLICE_EDGE: u8 = 8;

/// A cube: the piece at each place and its orientation.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) struct Cubie {
    pub(crate) cp: [u8; CORNERS],
    pub(crate) co: [u8; CORNERS],
    pub(crate) ep: [u8; EDGES],
    pub(crate) eo: [u8; EDGES],
}

/// A corner's orientation after a turn (or a mirror) of orientation `b`
/// follows one of `a`: orientations 3 to 5 are those of mirror images.
fn twist_after(a: u8, b: u8) -> u8 {
    match (a < 3, b < 3) {
        (true, true) => (a + b) % 3,
        (true, false) => {
            let o = a + b;
            if o >= 6 {
                o - 3
            } else {
                o
            }
        }
        (false, true) => {
            let o = a as i8 - b as i8;
            (if o < 3 { o + 3 } else { o }) as u8
        }
        (false, false) => {
            let o = a as i8 - b as i8;
            (if o < 0 { o + 3 } else { o }) as u8
        }
    }
}

impl Cubie {
    /// The solved cube.
    pub(crate) const SOLVED: Cubie =
        Cubie { cp: [0, 1, 2, 3, 4, 5, 6, 7], co: [0; 8], ep: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11], eo: [0; 12] };

    /// This cube, then `next` (as turns compose: `next` acts on the result).
    pub(crate) fn then(&self, next: &Cubie) -> Cubie {
        let mut out = Cubie::SOLVED;
        for c in 0..CORNERS {
            let from = usize::from(next.cp[c]);
            out.cp[c] = self.cp[from];
            out.co[c] = twist_after(self.co[from], next.co[c]);
        }
        for e in 0..EDGES {
            let from = usize::from(next.ep[e]);
            out.ep[e] = self.ep[from];
            out.eo[e] = (self.eo[from] + next.eo[e]) % 2;
        }
        out
    }

    /// The cube that undoes this one.
    #[cfg(test)]
    pub(crate) fn inverse(&self) -> Cubie {
        let mut out = Cubie::SOLVED;
        for c in 0..CORNERS {
            out.cp[usize::from(self.cp[c])] = c as u8;
        }
        for c in 0..CORNERS {
            let twist = self.co[usize::from(out.cp[c])];
            out.co[c] = if twist >= 3 { twist } else { (3 - twist) % 3 };
        }
        for e in 0..EDGES {
            out.ep[usize::from(self.ep[e])] = e as u8;
        }
        for e in 0..EDGES {
            out.eo[e] = self.eo[usize::from(out.ep[e])];
        }
        out
    }

    /// The cube seen through symmetry `s`: `S * self * S^-1`.
    pub(crate) fn conjugate(&self, s: usize) -> Cubie {
        let tables = symmetry_cubes();
        tables[s].then(self).then(&tables[INVERSE_SYMMETRY[s]])
    }

    /// The corners' orientations as a number below [`TWISTS`].
    pub(crate) fn twist(&self) -> u16 {
        self.co[..CORNERS - 1].iter().fold(0, |t, &o| 3 * t + u16::from(o))
    }

    pub(crate) fn set_twist(&mut self, mut twist: u16) {
        let mut sum = 0;
        for c in (0..CORNERS - 1).rev() {
            self.co[c] = (twist % 3) as u8;
            sum += self.co[c];
            twist /= 3;
        }
        self.co[CORNERS - 1] = (3 - sum % 3) % 3;
    }

    /// The edges' orientations as a number below [`FLIPS`].
    pub(crate) fn flip(&self) -> u16 {
        self.eo[..EDGES - 1].iter().fold(0, |f, &o| 2 * f + u16::from(o))
    }

    pub(crate) fn set_flip(&mut self, mut flip: u16) {
        let mut sum = 0;
        for e in (0..EDGES - 1).rev() {
            self.eo[e] = (flip % 2) as u8;
            sum += self.eo[e];
            flip /= 2;
        }
        self.eo[EDGES - 1] = sum % 2;
    }

    /// The corners' arrangement as a number below [`CORNER_PERMS`] (its
    /// Lehmer code).
    pub(crate) fn corner_perm(&self) -> u16 {
        rank_permutation(&self.cp) as u16
    }

    pub(crate) fn set_corner_perm(&mut self, rank: u16) {
        unrank_permutation(u32::from(rank), &mut self.cp);
    }

    /// Where the middle layer's edges are and in which order, as a number
    /// below [`SLICES_SORTED`]: which four places (a rank below
    /// [`SLICES`]) times 24, plus the order of the edges in them.
    pub(crate) fn slice_sorted(&self) -> u16 {
        let mut places = 0u32;
        let mut order = [0u8; 4];
        let mut found = 0;
        for (place, &edge) in self.ep.iter().enumerate() {
            if edge >= FIRST_SLICE_EDGE {
                places |= 1 << place;
                order[found] = edge - FIRST_SLICE_EDGE;
                found += 1;
            }
        }
        (rank_combination(places) * 24 + rank_permutation(&order)) as u16
    }

    /// Puts the middle layer's edges where `slice_sorted` says, and the
    /// other edges in the other places in their order.
    pub(crate) fn set_slice_sorted(&mut self, slice_sorted: u16) {
        let places = unrank_combination(u32::from(slice_sorted) / 24);
        let mut order = [0u8; 4];
        unrank_permutation(u32::from(slice_sorted) % 24, &mut order);
        let (mut slice, mut other) = (0, 0);
        for place in 0..EDGES {
            if places & (1 << place) != 0 {
                self.ep[place] = FIRST_SLICE_EDGE + order[slice];
                slice += 1;
            } else {
                self.ep[place] = other;
                other += 1;
            }
        }
    }
}

/// The Lehmer code of a permutation of `0..n`.
fn rank_permutation(items: &[u8]) -> u32 {
    let mut rank = 0u32;
    for i in 0..items.len() {
        let smaller_after = items[i + 1..].iter().filter(|&&later| later < items[i]).count() as u32;
        rank = rank * (items.len() - i) as u32 + smaller_after;
    }
    rank
}

fn unrank_permutation(mut rank: u32, items: &mut [u8]) {
    let n = items.len();
    let mut digits = vec![0u32; n];
    for i in (0..n).rev() {
        let base = (n - i) as u32;
        digits[i] = rank % base;
        rank /= base;
    }
    let mut left: Vec<u8> = (0..n as u8).collect();
    for i in 0..n {
        items[i] = left.remove(digits[i] as usize);
    }
}

/// The rank, below `12 choose 4`, of a set of four places out of twelve.
fn rank_combination(places: u32) -> u32 {
    // The combinatorial number system: sum of C(place, k) for the k-th
    // smallest place (k from 1).
    let mut rank = 0;
    let mut k = 0;
    for place in 0..EDGES as u32 {
        if places & (1 << place) != 0 {
            k += 1;
            rank += choose(place, k);
        }
    }
    rank
}

fn unrank_combination(mut rank: u32) -> u32 {
    let mut places = 0;
    for k in (1..=4).rev() {
        let mut place = k - 1;
        while choose(place + 1, k) <= rank {
            place += 1;
        }
        rank -= choose(place, k);
        places |= 1 << place;
    }
    places
}

const fn choose(n: u32, k: u32) -> u32 {
    if k > n {
        return 0;
    }
    let mut out = 1;
    let mut i = 0;
    while i < k {
        out = out * (n - i) / (i + 1);
        i += 1;
    }
    out
}

/// The quarter turns of U R F D L B.
const BASIC: [Cubie; 6] = [
    Cubie { cp: [3, 0, 1, 2, 4, 5, 6, 7], co: [0; 8], ep: [3, 0, 1, 2, 4, 5, 6, 7, 8, 9, 10, 11], eo: [0; 12] },
    Cubie {
        cp: [4, 1, 2, 0, 7, 5, 6, 3],
        co: [2, 0, 0, 1, 1, 0, 0, 2],
        ep: [8, 1, 2, 3, 11, 5, 6, 7, 4, 9, 10, 0],
        eo: [0; 12],
    },
    Cubie {
        cp: [1, 5, 2, 3, 0, 4, 6, 7],
        co: [1, 2, 0, 0, 2, 1, 0, 0],
        ep: [0, 9, 2, 3, 4, 8, 6, 7, 1, 5, 10, 11],
        eo: [0, 1, 0, 0, 0, 1, 0, 0, 1, 1, 0, 0],
    },
    Cubie { cp: [0, 1, 2, 3, 5, 6, 7, 4], co: [0; 8], ep: [0, 1, 2, 3, 5, 6, 7, 4, 8, 9, 10, 11], eo: [0; 12] },
    Cubie {
        cp: [0, 2, 6, 3, 4, 1, 5, 7],
        co: [0, 1, 2, 0, 0, 2, 1, 0],
        ep: [0, 1, 10, 3, 4, 5, 9, 7, 8, 2, 6, 11],
        eo: [0; 12],
    },
    Cubie {
        cp: [0, 1, 3, 7, 4, 5, 2, 6],
        co: [0, 0, 1, 2, 0, 0, 2, 1],
        ep: [0, 1, 2, 11, 4, 5, 6, 10, 8, 9, 3, 7],
        eo: [0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 1, 1],
    },
];

/// Move `m`'s cube: face `m / 3` turned `m % 3 + 1` quarter turns.
pub(crate) fn move_cube(m: usize) -> Cubie {
    let mut cube = BASIC[m / 3];
    for _ in 0..m % 3 {
        cube = cube.then(&BASIC[m / 3]);
    }
    cube
}

/// A move's name: `U`, `U2`, `U'`.
pub(crate) fn move_name(m: usize) -> String {
    let face = FACES[m / 3];
    match m % 3 {
        0 => face.to_string(),
        1 => format!("{face}2"),
        _ => format!("{face}'"),
    }
}

/// The generators of the symmetries: a third of a turn about the URF-DLB
/// diagonal, a half turn about the F-B axis, a quarter turn about U-D, and
/// the reflection that swaps L and R.
const URF3: Cubie = Cubie {
    cp: [0, 4, 5, 1, 3, 7, 6, 2],
    co: [1, 2, 1, 2, 2, 1, 2, 1],
    ep: [1, 8, 5, 9, 3, 11, 7, 10, 0, 4, 6, 2],
    eo: [1, 0, 1, 0, 1, 0, 1, 0, 1, 1, 1, 1],
};
const F2: Cubie =
    Cubie { cp: [5, 4, 7, 6, 1, 0, 3, 2], co: [0; 8], ep: [6, 5, 4, 7, 2, 1, 0, 3, 9, 8, 11, 10], eo: [0; 12] };
const U4: Cubie = Cubie {
    cp: [3, 0, 1, 2, 7, 4, 5, 6],
    co: [0; 8],
    ep: [3, 0, 1, 2, 7, 4, 5, 6, 11, 8, 9, 10],
    eo: [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1],
};
const LR2: Cubie =
    Cubie { cp: [1, 0, 3, 2, 5, 4, 7, 6], co: [3; 8], ep: [2, 1, 0, 3, 6, 5, 4, 7, 9, 8, 11, 10], eo: [0; 12] };

/// The 48 symmetries as cubes: symmetry `16 * a + 8 * b + 2 * c + d` is
/// `URF3^a F2^b U4^c LR2^d`, so the first 16 keep the U-D axis.
pub(crate) fn symmetry_cubes() -> &'static [Cubie; SYMMETRIES] {
    static CUBES: std::sync::OnceLock<[Cubie; SYMMETRIES]> = std::sync::OnceLock::new();
    CUBES.get_or_init(|| {
        let mut cubes = [Cubie::SOLVED; SYMMETRIES];
        let mut cube = Cubie::SOLVED;
        let mut index = 0;
        for _ in 0..3 {
            for _ in 0..2 {
                for _ in 0..4 {
                    for _ in 0..2 {
                        cubes[index] = cube;
                        index += 1;
                        cube = cube.then(&LR2);
                    }
                    cube = cube.then(&U4);
                }
                cube = cube.then(&F2);
            }
            cube = cube.then(&URF3);
        }
        cubes
    })
}

/// The symmetry that undoes each symmetry.
pub(crate) static INVERSE_SYMMETRY: std::sync::LazyLock<[usize; SYMMETRIES]> = std::sync::LazyLock::new(|| {
    let cubes = symmetry_cubes();
    let mut inverse = [0; SYMMETRIES];
    for (s, cube) in cubes.iter().enumerate() {
        inverse[s] = (0..SYMMETRIES).find(|&t| cube.then(&cubes[t]) == Cubie::SOLVED).expect("a group");
    }
    inverse
});

/// The symmetry that turns the cube a third of a turn about its URF-DLB
/// diagonal: seen through it, the R-L axis is the U-D axis.
pub(crate) const URF3_SYMMETRY: usize = 16;
