use std::fmt;
use std::ops::{Add, Sub};

use serde::{Deserialize, Serialize};

use super::Direction;

/// Axial coordinates of a pointy-top hex; the cube coordinate `s = -q - r` is derived rather
/// than stored, so a `Hex` is two bytes and every value is a consistent cube coordinate.
///
/// Arithmetic wraps instead of panicking: it is exact modulo 256, so any result that fits in
/// `i8` is right even when an intermediate step (say, rotating about a distant centre)
/// overflows. `Board` only accepts cells whose neighbours fit, so walking a board never wraps.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, Default)]
pub struct Hex {
    pub q: i8,
    pub r: i8,
}

impl Hex {
    #[inline]
    pub const fn new(q: i8, r: i8) -> Hex {
        Hex { q, r }
    }

    #[inline]
    pub const fn s(self) -> i8 {
        self.q.wrapping_neg().wrapping_sub(self.r)
    }

    #[inline]
    pub const fn add(self, o: Hex) -> Hex {
        Hex::new(self.q.wrapping_add(o.q), self.r.wrapping_add(o.r))
    }

    #[inline]
    pub const fn sub(self, o: Hex) -> Hex {
        Hex::new(self.q.wrapping_sub(o.q), self.r.wrapping_sub(o.r))
    }

    #[inline]
    pub fn neighbor(self, d: Direction) -> Hex {
        self.add(d.offset())
    }

    /// In `Direction::ALL` order.
    #[inline]
    pub fn neighbors(self) -> [Hex; 6] {
        Direction::ALL.map(|d| self.neighbor(d))
    }

    /// Steps between the two hexes ignoring any board. Saturates at 255, which only hexes far
    /// outside any valid board can need.
    #[inline]
    pub fn distance_to(self, other: Hex) -> u8 {
        // Widened: two valid hexes can be further apart than `i8` can count.
        let (dq, dr) = widened_delta(self, other);
        let steps = (dq.abs() + dr.abs() + (dq + dr).abs()) / 2;
        u8::try_from(steps).unwrap_or(u8::MAX)
    }

    /// Whether `other` is one step away (`distance_to(other) == 1`): the six neighbours are the
    /// offsets with both axial deltas in -1..=1 and the two unequal ((0, 0), (1, 1) and (-1, -1)
    /// are not neighbours). Three compares instead of the distance's three absolute values.
    #[inline]
    pub fn is_neighbor(self, other: Hex) -> bool {
        let (dq, dr) = widened_delta(self, other);
        (dq + 1) as u16 <= 2 && (dr + 1) as u16 <= 2 && dq != dr
    }

    /// `Some(d)` exactly when `other` lies on the straight ray leaving `self` in direction `d`
    /// (at any distance); `None` for `self` itself and for hexes off all six rays.
    #[inline]
    pub fn direction_to(self, other: Hex) -> Option<Direction> {
        let (dq, dr) = widened_delta(self, other);
        let d = match (dq.signum(), dr.signum()) {
            (1, 0) => Direction::EAST,
            (0, 1) => Direction::SOUTH_EAST,
            (-1, 1) if dq + dr == 0 => Direction::SOUTH_WEST,
            (-1, 0) => Direction::WEST,
            (0, -1) => Direction::NORTH_WEST,
            (1, -1) if dq + dr == 0 => Direction::NORTH_EAST,
            _ => return None,
        };
        Some(d)
    }

    /// The hexes a straight line from `self` to `other` passes through, both ends included,
    /// one per step (Red Blob's cube lerp and round). Along an edge it takes one side by a fixed
    /// nudge, so the result depends on how the board is turned; `between` takes both.
    pub fn line_to(self, other: Hex) -> Vec<Hex> {
        let n = self.distance_to(other);
        // Nudging both ends by the same tiny cube offset (1e-6, 2e-6, -3e-6) moves samples off
        // hex edges and corners, so a line along an edge always falls to the same side. Distinct
        // q and r nudges matter: equal ones leave q-versus-r ties to float noise.
        let nudge = |h: Hex| (f64::from(h.q) + 1e-6, f64::from(h.r) + 2e-6);
        let (aq, ar) = nudge(self);
        let (bq, br) = nudge(other);
        (0..=n)
            .map(|i| {
                let t = if n == 0 { 0.0 } else { f64::from(i) / f64::from(n) };
                cube_round(aq + (bq - aq) * t, ar + (br - ar) * t)
            })
            .collect()
    }

    /// Every hex but the two ends that the straight segment between their centres touches, an
    /// edge or a corner included, nearest to `self` first. Where the segment runs along an edge,
    /// both hexes of the edge count, so unlike `line_to` (one hex per step, ties broken by a
    /// fixed nudge) the answer turns and mirrors with the two hexes. Exact integer arithmetic.
    pub fn between(self, other: Hex) -> Vec<Hex> {
        let n = self.distance_to(other);
        self.spiral(n).into_iter().filter(|&h| h != self && h != other && segment_touches(self, other, h)).collect()
    }

    /// The `n` hexes after `self` going in direction `d`, nearest first.
    #[inline]
    pub fn ray(self, d: Direction, n: u8) -> impl Iterator<Item = Hex> {
        let step = d.offset();
        (0..n).scan(self, move |h, _| {
            *h = *h + step;
            Some(*h)
        })
    }

    /// The `6 * radius` hexes exactly `radius` steps away, clockwise from the east corner;
    /// radius 0 is just `self`.
    pub fn ring(self, radius: u8) -> Vec<Hex> {
        let mut ring = Vec::with_capacity(6 * usize::from(radius).max(1));
        self.push_ring(radius, &mut ring);
        ring
    }

    /// Every hex within `radius`: `self` first, then each ring outwards.
    pub fn spiral(self, radius: u8) -> Vec<Hex> {
        let r = usize::from(radius);
        let mut spiral = Vec::with_capacity(1 + 3 * r * (r + 1));
        for k in 0..=radius {
            self.push_ring(k, &mut spiral);
        }
        spiral
    }

    fn push_ring(self, radius: u8, out: &mut Vec<Hex>) {
        if radius == 0 {
            out.push(self);
            return;
        }
        let mut h = self.ray(Direction::EAST, radius).last().unwrap_or(self);
        // From the east corner, the sides run SW, W, NW, NE, E, SE: clockwise round the centre.
        for side in 0..6 {
            let d = Direction::SOUTH_WEST.rotate_cw(side);
            for _ in 0..radius {
                out.push(h);
                h = h.neighbor(d);
            }
        }
    }

    /// Rotates about the origin by `steps` × 60° clockwise (on screen, `r` growing downwards).
    #[inline]
    pub fn rotate_cw(self, steps: u8) -> Hex {
        let (q, r, s) = (self.q, self.r, self.s());
        // One step maps cube (q, r, s) to (-r, -s, -q); the other arms are its powers.
        let (q, r) = match steps % 6 {
            0 => (q, r),
            1 => (r.wrapping_neg(), s.wrapping_neg()),
            2 => (s, q),
            3 => (q.wrapping_neg(), r.wrapping_neg()),
            4 => (r, s),
            _ => (s.wrapping_neg(), q.wrapping_neg()),
        };
        Hex::new(q, r)
    }

    #[inline]
    pub fn rotate_cw_around(self, center: Hex, steps: u8) -> Hex {
        (self - center).rotate_cw(steps) + center
    }
}

impl Add for Hex {
    type Output = Hex;

    #[inline]
    fn add(self, o: Hex) -> Hex {
        Hex::add(self, o)
    }
}

impl Sub for Hex {
    type Output = Hex;

    #[inline]
    fn sub(self, o: Hex) -> Hex {
        Hex::sub(self, o)
    }
}

impl fmt::Display for Hex {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "({}, {})", self.q, self.r)
    }
}

#[inline]
fn widened_delta(from: Hex, to: Hex) -> (i16, i16) {
    (i16::from(to.q) - i16::from(from.q), i16::from(to.r) - i16::from(from.r))
}

/// The hex containing a fractional axial point: round all three cube coordinates, then rebuild
/// the one that moved most from the other two so that q + r + s = 0 still holds.
/// Whether the segment from `a`'s centre to `b`'s meets the closed hex `c`. A point p lies in the
/// closed hex around c exactly when |(p_i − p_j) − (c_i − c_j)| ≤ 1 for each pair of cube axes
/// (it is no nearer any neighbour); with p = a + t (b − a), each pair bounds t to an interval,
/// and the segment meets the hex if the intervals and 0 ≤ t ≤ 1 overlap. Bounds are fractions
/// (numerator, positive denominator), compared by cross-multiplying.
fn segment_touches(a: Hex, b: Hex, c: Hex) -> bool {
    let cube = |h: Hex| [i64::from(h.q), i64::from(h.r), i64::from(h.s())];
    let (a, b, c) = (cube(a), cube(b), cube(c));
    let less = |x: (i64, i64), y: (i64, i64)| x.0 * y.1 < y.0 * x.1;
    let (mut lo, mut hi) = ((0, 1), (1, 1));
    for (i, j) in [(0, 1), (1, 2), (2, 0)] {
        let d = (a[i] - a[j]) - (c[i] - c[j]);
        let e = (b[i] - a[i]) - (b[j] - a[j]);
        // −1 ≤ d + t e ≤ 1
        if e == 0 {
            if d.abs() > 1 {
                return false;
            }
            continue;
        }
        let (from, to) = if e > 0 { ((-1 - d, e), (1 - d, e)) } else { ((d - 1, -e), (d + 1, -e)) };
        if less(lo, from) {
            lo = from;
        }
        if less(to, hi) {
            hi = to;
        }
    }
    !less(hi, lo)
}

fn cube_round(fq: f64, fr: f64) -> Hex {
    let fs = -fq - fr;
    let (mut q, mut r, s) = (fq.round(), fr.round(), fs.round());
    let (dq, dr, ds) = ((q - fq).abs(), (r - fr).abs(), (s - fs).abs());
    if dq > dr && dq > ds {
        q = -r - s;
    } else if dr > ds {
        r = -q - s;
    }
    Hex::new(q as i8, r as i8)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn hexagon(radius: u8) -> Vec<Hex> {
        Hex::default().spiral(radius)
    }

    #[test]
    fn cube_coordinates_sum_to_zero() {
        for h in hexagon(4) {
            assert_eq!(i16::from(h.q) + i16::from(h.r) + i16::from(h.s()), 0);
        }
        assert_eq!(Hex::new(2, -5).s(), 3);
    }

    #[test]
    fn distance_is_a_metric_on_a_radius_4_hexagon() {
        let cells = hexagon(4);
        for &a in &cells {
            assert_eq!(a.distance_to(a), 0);
            for &b in &cells {
                let ab = a.distance_to(b);
                assert_eq!(ab, b.distance_to(a));
                assert_eq!(ab == 0, a == b);
                for &c in &cells {
                    assert!(ab <= a.distance_to(c) + c.distance_to(b));
                }
            }
        }
    }

    #[test]
    fn distances_of_known_pairs() {
        let o = Hex::default();
        for n in o.neighbors() {
            assert_eq!(o.distance_to(n), 1);
        }
        assert_eq!(Hex::new(3, -1).distance_to(Hex::new(-2, 2)), 5);
        assert_eq!(Hex::new(-126, 0).distance_to(Hex::new(126, 0)), 252);
        assert_eq!(Hex::new(-128, 127).distance_to(Hex::new(127, -128)), 255);
    }

    #[test]
    fn neighbors_follow_direction_order() {
        let h = Hex::new(2, -3);
        let ns = h.neighbors();
        for d in Direction::ALL {
            assert_eq!(ns[d.index() as usize], h.neighbor(d));
            assert_eq!(h.neighbor(d) - h, d.offset());
        }
    }

    #[test]
    fn is_neighbor_is_distance_one() {
        let hexes: Vec<Hex> =
            (-128..=127).step_by(3).flat_map(|q| (-128..=127).step_by(3).map(move |r| Hex::new(q, r))).collect();
        let near = Hex::new(1, -2).spiral(3);
        for &a in hexes.iter().chain(&near) {
            for &b in near.iter().chain([Hex::new(127, -128), Hex::new(-128, 127)].iter()) {
                assert_eq!(a.is_neighbor(b), a.distance_to(b) == 1, "{a:?} {b:?}");
            }
        }
    }

    #[test]
    fn direction_to_finds_exactly_the_six_rays() {
        let from = Hex::new(1, -2);
        assert_eq!(from.direction_to(from), None);
        for d in Direction::ALL {
            for h in from.ray(d, 5) {
                assert_eq!(from.direction_to(h), Some(d));
            }
        }
        let on_rays = 6 * 4;
        let hits = from.spiral(4).into_iter().filter(|&h| from.direction_to(h).is_some()).count();
        assert_eq!(hits, on_rays);
        assert_eq!(from.direction_to(from + Hex::new(2, 1)), None);
        assert_eq!(from.direction_to(from + Hex::new(-1, 2)), None);
    }

    #[test]
    fn ray_steps_n_times() {
        let got: Vec<_> = Hex::default().ray(Direction::NORTH_WEST, 3).collect();
        assert_eq!(got, [Hex::new(0, -1), Hex::new(0, -2), Hex::new(0, -3)]);
        assert_eq!(Hex::default().ray(Direction::EAST, 0).count(), 0);
    }

    #[test]
    fn rings_and_spirals() {
        let c = Hex::new(-1, 2);
        assert_eq!(c.ring(0), [c]);
        for radius in 1..=6u8 {
            let ring = c.ring(radius);
            assert_eq!(ring.len(), 6 * usize::from(radius));
            assert_eq!(ring[0], c + Hex::new(radius as i8, 0));
            for (i, &h) in ring.iter().enumerate() {
                assert_eq!(c.distance_to(h), radius);
                assert_eq!(h.distance_to(ring[(i + 1) % ring.len()]), 1);
            }
        }
        // Clockwise from east means the second hex is south of the first.
        assert_eq!(c.ring(1)[1], c.neighbor(Direction::SOUTH_EAST));
        let spiral = c.spiral(3);
        assert_eq!(spiral.len(), 37);
        assert_eq!(spiral[0], c);
        let mut unique = spiral.clone();
        unique.sort();
        unique.dedup();
        assert_eq!(unique.len(), spiral.len());
    }

    #[test]
    fn six_rotations_are_the_identity() {
        let center = Hex::new(2, -1);
        for h in hexagon(4) {
            let mut spun = h;
            let mut around = h;
            for _ in 0..6 {
                spun = spun.rotate_cw(1);
                around = around.rotate_cw_around(center, 1);
                assert_eq!(spun.distance_to(Hex::default()), h.distance_to(Hex::default()));
                assert_eq!(around.distance_to(center), h.distance_to(center));
            }
            assert_eq!(spun, h);
            assert_eq!(around, h);
            for steps in 0..12 {
                let stepwise = (0..steps).fold(h, |acc, _| acc.rotate_cw(1));
                assert_eq!(h.rotate_cw(steps), stepwise);
            }
        }
        assert_eq!(Hex::new(1, 0).rotate_cw(1), Hex::new(0, 1));
        // Overflowing intermediates still land on the right hex.
        assert_eq!(Hex::new(100, -100).rotate_cw_around(Hex::new(-28, 0), 1), Hex::new(72, 28));
    }

    #[test]
    fn lines_join_their_ends_one_step_at_a_time() {
        let cells = hexagon(4);
        for &a in &cells {
            for &b in &cells {
                let line = a.line_to(b);
                assert_eq!(line.len(), usize::from(a.distance_to(b)) + 1);
                assert_eq!(line[0], a);
                assert_eq!(*line.last().unwrap(), b);
                for w in line.windows(2) {
                    assert_eq!(w[0].distance_to(w[1]), 1);
                }
            }
        }
    }

    #[test]
    fn between_takes_both_hexes_of_an_edge() {
        let o = Hex::new(0, 0);
        let sorted = |mut v: Vec<Hex>| {
            v.sort();
            v
        };
        // Two ahead, straight: the hex in the middle only.
        assert_eq!(o.between(Hex::new(2, 0)), [Hex::new(1, 0)]);
        assert_eq!(o.between(Hex::new(3, 0)), [Hex::new(1, 0), Hex::new(2, 0)]);
        // Off the straight line, reach 2: the segment runs along the edge the two hexes share.
        assert_eq!(sorted(o.between(Hex::new(1, 1))), [Hex::new(0, 1), Hex::new(1, 0)]);
        assert_eq!(sorted(o.between(Hex::new(2, -1))), [Hex::new(1, -1), Hex::new(1, 0)]);
        // Neighbours and the hex itself have nothing between.
        assert!(o.between(Hex::new(1, 0)).is_empty() && o.between(o).is_empty());
        // Reach 3 off both kinds of line: the hexes the segment crosses.
        assert_eq!(sorted(o.between(Hex::new(2, 1))), [Hex::new(1, 0), Hex::new(1, 1)]);
    }

    #[test]
    fn between_turns_and_mirrors_with_its_ends() {
        // The same relative position gives the same hexes in all six facings and both mirrors,
        // wherever on the board it is drawn.
        let mirror = |h: Hex| Hex::new(h.q, h.s());
        let set = |v: Vec<Hex>| {
            let mut v = v;
            v.sort();
            v
        };
        for a in hexagon(2) {
            for d in hexagon(3) {
                let b = a + d;
                let base = a.between(b);
                assert_eq!(set(b.between(a)), set(base.clone()), "{a} {b}: the same both ways");
                for k in 0..6 {
                    for flip in [false, true] {
                        let f = |h: Hex| {
                            let h = (h - a).rotate_cw(k);
                            if flip {
                                mirror(h)
                            } else {
                                h
                            }
                        };
                        let moved = set(base.iter().map(|&h| f(h)).collect());
                        assert_eq!(set(f(a).between(f(b))), moved, "{a} to {b}, turned {k}, mirrored {flip}");
                    }
                }
            }
        }
    }

    #[test]
    fn lines_along_edges_break_ties_consistently() {
        // (0,0)→(1,1) runs along the edge between (1,0) and (0,1); the nudge settles it.
        assert_eq!(Hex::new(0, 0).line_to(Hex::new(1, 1))[1], Hex::new(0, 1));
        assert_eq!(
            Hex::new(0, 0).line_to(Hex::new(3, 0)),
            [Hex::new(0, 0), Hex::new(1, 0), Hex::new(2, 0), Hex::new(3, 0)]
        );
        // Every tie falls the same way wherever the line is drawn.
        let cells = hexagon(4);
        for shift in [Hex::new(7, -3), Hex::new(-20, 11), Hex::new(60, 60), Hex::new(-90, 30)] {
            for &a in &cells {
                for &b in &cells {
                    let moved: Vec<Hex> = a.line_to(b).into_iter().map(|h| h + shift).collect();
                    assert_eq!((a + shift).line_to(b + shift), moved, "{a} → {b} shifted by {shift}");
                }
            }
        }
    }

    #[test]
    fn operators_match_methods() {
        let (a, b) = (Hex::new(3, -2), Hex::new(-1, 4));
        assert_eq!(a + b, Hex::new(2, 2));
        assert_eq!(a - b, Hex::new(4, -6));
        assert_eq!(a.add(b) - b, a);
        assert_eq!(a.to_string(), "(3, -2)");
    }
}
