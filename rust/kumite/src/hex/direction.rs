use serde::{Deserialize, Serialize};

use super::Hex;

/// One of the six neighbour directions of a pointy-top hex, numbered clockwise from east
/// (`r` grows southwards, as on screen):
///
/// ```text
///          NW 4   NE 5
///              \ /
///     W 3 ---- (q,r) ---- E 0
///              / \
///          SW 2   SE 1
/// ```
///
/// Axial offsets: E (+1,0), SE (0,+1), SW (-1,+1), W (-1,0), NW (0,-1), NE (+1,-1).
/// Serialised as the plain index; deserialising rejects indices of 6 and above.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(try_from = "u8", into = "u8")]
pub struct Direction(u8);

const OFFSETS: [Hex; 6] =
    [Hex::new(1, 0), Hex::new(0, 1), Hex::new(-1, 1), Hex::new(-1, 0), Hex::new(0, -1), Hex::new(1, -1)];

const NAMES: [&str; 6] = ["E", "SE", "SW", "W", "NW", "NE"];

impl Direction {
    pub const EAST: Direction = Direction(0);
    pub const SOUTH_EAST: Direction = Direction(1);
    pub const SOUTH_WEST: Direction = Direction(2);
    pub const WEST: Direction = Direction(3);
    pub const NORTH_WEST: Direction = Direction(4);
    pub const NORTH_EAST: Direction = Direction(5);

    /// Clockwise from east; also the order every tie-break in this module follows.
    pub const ALL: [Direction; 6] = [
        Direction::EAST,
        Direction::SOUTH_EAST,
        Direction::SOUTH_WEST,
        Direction::WEST,
        Direction::NORTH_WEST,
        Direction::NORTH_EAST,
    ];

    #[inline]
    pub const fn new(i: u8) -> Option<Direction> {
        if i < 6 {
            Some(Direction(i))
        } else {
            None
        }
    }

    #[inline]
    pub const fn index(self) -> u8 {
        self.0
    }

    #[inline]
    pub fn offset(self) -> Hex {
        OFFSETS[self.0 as usize]
    }

    #[inline]
    pub fn rotate_cw(self, steps: u8) -> Direction {
        Direction((self.0 + steps % 6) % 6)
    }

    #[inline]
    pub fn rotate_ccw(self, steps: u8) -> Direction {
        Direction((self.0 + 6 - steps % 6) % 6)
    }

    #[inline]
    pub fn opposite(self) -> Direction {
        self.rotate_cw(3)
    }

    pub fn name(self) -> &'static str {
        NAMES[self.0 as usize]
    }
}

impl TryFrom<u8> for Direction {
    type Error = String;

    fn try_from(i: u8) -> Result<Direction, String> {
        Direction::new(i).ok_or_else(|| format!("direction {i} is out of range 0..6"))
    }
}

impl From<Direction> for u8 {
    fn from(d: Direction) -> u8 {
        d.0
    }
}

/// Turns a shape stored relative to a figure facing east (attack areas, move patterns) so that
/// it fits a figure facing `facing`; one stored shape then serves all six facings.
#[inline]
pub fn orient(relative: Hex, facing: Direction) -> Hex {
    relative.rotate_cw(facing.index())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn indices_names_and_offsets_agree() {
        for (i, d) in Direction::ALL.into_iter().enumerate() {
            assert_eq!(d.index() as usize, i);
            assert_eq!(Direction::new(i as u8), Some(d));
            assert_eq!(d.offset().distance_to(Hex::default()), 1);
        }
        assert_eq!(Direction::new(6), None);
        let names: Vec<_> = Direction::ALL.iter().map(|d| d.name()).collect();
        assert_eq!(names, ["E", "SE", "SW", "W", "NW", "NE"]);
        assert_eq!(Direction::SOUTH_WEST.offset(), Hex::new(-1, 1));
        assert_eq!(Direction::NORTH_EAST.offset(), Hex::new(1, -1));
    }

    #[test]
    fn rotation_and_opposites() {
        for d in Direction::ALL {
            assert_eq!(d.rotate_cw(6), d);
            assert_eq!(d.rotate_cw(255).rotate_ccw(255), d);
            assert_eq!(d.opposite().opposite(), d);
            assert_eq!(d.opposite().offset(), Hex::default() - d.offset());
            // Direction rotation and coordinate rotation must agree.
            assert_eq!(d.rotate_cw(1).offset(), d.offset().rotate_cw(1));
        }
        assert_eq!(Direction::EAST.rotate_cw(1), Direction::SOUTH_EAST);
        assert_eq!(Direction::EAST.rotate_ccw(1), Direction::NORTH_EAST);
    }

    #[test]
    fn orient_turns_east_facing_shapes() {
        let ahead = Hex::new(1, 0);
        for d in Direction::ALL {
            assert_eq!(orient(ahead, d), d.offset());
        }
        // Front-right of an east-facing figure is SE; facing west it becomes NW.
        assert_eq!(orient(Direction::SOUTH_EAST.offset(), Direction::WEST), Direction::NORTH_WEST.offset());
    }

    #[test]
    fn serde_is_the_plain_index() {
        assert_eq!(serde_json::to_string(&Direction::WEST).unwrap(), "3");
        assert_eq!(serde_json::from_str::<Direction>("5").unwrap(), Direction::NORTH_EAST);
        assert!(serde_json::from_str::<Direction>("6").is_err());
    }
}
