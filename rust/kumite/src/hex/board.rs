use std::fmt;

use super::{Direction, Hex};

/// Cell indices are `u8`, and 255 is kept free to mean "no cell".
const MAX_CELLS: usize = 255;
pub(super) const NO_CELL: u8 = u8::MAX;
const UNREACHABLE: u8 = u8::MAX;
/// Every cube coordinate of a cell must be within this, so its neighbours' coordinates fit `i8`.
const MAX_COORD: i16 = 126;

/// The playing area: a fixed set of cells, some blocked (on the board but never entered).
/// Cells are numbered densely `0..len` in sorted order so rules can keep per-cell tables.
#[derive(Clone)]
pub struct Board {
    pub(super) cells: Vec<Hex>,
    pub(super) blocked: Vec<bool>,
    /// Per cell, in `Direction::ALL` order, the index of each open neighbour or `NO_CELL`.
    /// Every search walks only open cells, so blocked ones are left out here once.
    pub(super) open_neighbors: Vec<[u8; 6]>,
    /// Cell index for every hex of the bounding box, row by row from `corner`: O(1) `index_of`.
    grid: Vec<u8>,
    corner: Hex,
    width: usize,
    height: usize,
    /// `len × len` walking distances between open cells.
    distances: Vec<u8>,
}

/// Walking distances from one cell ([`Board::distances_from`]).
#[derive(Clone, Copy, Debug)]
pub struct Distances<'a>(&'a [u8]);

impl Distances<'_> {
    /// Fewest steps to the cell at index `i` over open cells; `None` if there is no path.
    #[inline]
    pub fn to(self, i: u8) -> Option<u8> {
        match self.0.get(usize::from(i)) {
            None | Some(&UNREACHABLE) => None,
            Some(&d) => Some(d),
        }
    }
}

impl Board {
    /// Sorts and indexes the cells and computes every walking distance.
    ///
    /// # Errors
    /// An empty board, more than 255 cells, a cell or blocked cell listed twice, a blocked cell
    /// that is not a cell, or a cell with a cube coordinate beyond ±126 (its neighbours would
    /// not fit `i8`).
    pub fn new(cells: &[Hex], blocked: &[Hex]) -> Result<Board, String> {
        if cells.is_empty() {
            return Err("a board needs at least one cell".into());
        }
        if cells.len() > MAX_CELLS {
            return Err(format!("{} cells; a board holds at most {MAX_CELLS}", cells.len()));
        }
        // Widened, because `s` itself may not fit `i8` for a bad cell.
        let out_of_range = |h: &&Hex| {
            let (q, r) = (i16::from(h.q), i16::from(h.r));
            q.abs().max(r.abs()).max((q + r).abs()) > MAX_COORD
        };
        if let Some(h) = cells.iter().find(out_of_range) {
            return Err(format!("cell {h} is too far out: q, r and s must lie within ±{MAX_COORD}"));
        }
        let mut sorted = cells.to_vec();
        sorted.sort_unstable();
        if let Some(w) = sorted.windows(2).find(|w| w[0] == w[1]) {
            return Err(format!("cell {} is listed twice", w[0]));
        }

        let (first, last) = (sorted[0], sorted[sorted.len() - 1]);
        let min_r = sorted.iter().map(|h| h.r).min().unwrap_or(first.r);
        let max_r = sorted.iter().map(|h| h.r).max().unwrap_or(first.r);
        let corner = Hex::new(first.q, min_r);
        let width = (i16::from(last.q) - i16::from(first.q) + 1) as usize;
        let height = (i16::from(max_r) - i16::from(min_r) + 1) as usize;
        let mut board = Board {
            cells: sorted,
            blocked: Vec::new(),
            open_neighbors: Vec::new(),
            grid: vec![NO_CELL; width * height],
            corner,
            width,
            height,
            distances: Vec::new(),
        };
        for i in 0..board.cells.len() {
            let slot = board.grid_slot(board.cells[i]).expect("cells lie in their bounding box");
            board.grid[slot] = i as u8;
        }

        board.blocked = vec![false; board.len()];
        for &h in blocked {
            let i = board.index_of(h).ok_or_else(|| format!("blocked cell {h} is not on the board"))?;
            if std::mem::replace(&mut board.blocked[usize::from(i)], true) {
                return Err(format!("blocked cell {h} is listed twice"));
            }
        }

        board.open_neighbors = board
            .cells
            .iter()
            .map(|&h| Direction::ALL.map(|d| board.open_index(h.neighbor(d)).map_or(NO_CELL, |i| i as u8)))
            .collect();
        board.distances = board.walking_distances();
        Ok(board)
    }

    /// A regular hexagon of cells around the origin, none blocked.
    ///
    /// # Panics
    /// If `radius > 8`: larger hexagons exceed 255 cells.
    pub fn hexagon(radius: u8) -> Board {
        Board::new(&Hex::default().spiral(radius), &[]).expect("hexagons up to radius 8 fit in 255 cells")
    }

    #[inline]
    pub fn len(&self) -> usize {
        self.cells.len()
    }

    /// Boards are never empty; provided because `len` is.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.cells.is_empty()
    }

    /// Every cell, blocked ones included, sorted; a cell's position is its index.
    #[inline]
    pub fn cells(&self) -> &[Hex] {
        &self.cells
    }

    /// Whether `h` is on the board; blocked cells are.
    #[inline]
    pub fn contains(&self, h: Hex) -> bool {
        self.index_of(h).is_some()
    }

    #[inline]
    pub fn is_blocked(&self, h: Hex) -> bool {
        self.index_of(h).is_some_and(|i| self.blocked[usize::from(i)])
    }

    /// On the board and not blocked: a cell a figure may stand on.
    #[inline]
    pub fn is_open(&self, h: Hex) -> bool {
        self.open_index(h).is_some()
    }

    #[inline]
    pub fn index_of(&self, h: Hex) -> Option<u8> {
        match self.grid[self.grid_slot(h)?] {
            NO_CELL => None,
            i => Some(i),
        }
    }

    /// # Panics
    /// If `i >= len()`.
    #[inline]
    pub fn hex_at(&self, i: u8) -> Hex {
        self.cells[usize::from(i)]
    }

    /// Fewest steps from `a` to `b` over open cells; `None` if either is not open or no path
    /// exists. A table lookup.
    #[inline]
    pub fn path_distance(&self, a: Hex, b: Hex) -> Option<u8> {
        let (a, b) = (self.index_of(a)?, self.index_of(b)?);
        match self.distances[usize::from(a) * self.len() + usize::from(b)] {
            UNREACHABLE => None,
            d => Some(d),
        }
    }

    /// Fewest steps from `a` to every cell, by cell index: [`Board::path_distance`] with the
    /// lookup of `a` done once for many targets. Every distance is `None` if `a` is not on the board.
    #[inline]
    pub fn distances_from(&self, a: Hex) -> Distances<'_> {
        let n = self.len();
        Distances(self.index_of(a).map_or(&[][..], |a| &self.distances[usize::from(a) * n..][..n]))
    }

    /// The open neighbours of `h` as cell indices, in `Direction::ALL` order: a table lookup
    /// where `is_open` on each neighbour would locate six hexes.
    #[inline]
    pub fn open_neighbors(&self, h: Hex) -> impl Iterator<Item = (Direction, u8)> {
        let row = match self.index_of(h) {
            Some(i) => self.open_neighbors[usize::from(i)],
            None => self.open_neighbors_off_board(h),
        };
        // Indexed: `ALL.into_iter().zip(row)` measured 17 more instructions an action in Tekken,
        // `filter` then `map` 8 more.
        #[allow(clippy::filter_map_bool_then)]
        (0..6).filter_map(move |k| (row[k] != NO_CELL).then(|| (Direction::ALL[k], row[k])))
    }

    /// `open_neighbors`'s row for a hex off the board, kept out of line so the table lookup inlines.
    #[cold]
    #[inline(never)]
    fn open_neighbors_off_board(&self, h: Hex) -> [u8; 6] {
        Direction::ALL.map(|d| self.open_index(h.neighbor(d)).map_or(NO_CELL, |i| i as u8))
    }

    /// Where a figure pushed from `start` up to `n` steps in direction `d` ends: it stops
    /// before the first hex that is off the board, blocked, or fails `passable`.
    pub fn push_destination(&self, start: Hex, d: Direction, n: u8, passable: impl Fn(Hex) -> bool) -> Hex {
        start.ray(d, n).take_while(|&h| self.is_open(h) && passable(h)).last().unwrap_or(start)
    }

    /// The index of `h` if it is an open cell.
    #[inline]
    pub(super) fn open_index(&self, h: Hex) -> Option<usize> {
        let i = usize::from(self.index_of(h)?);
        (!self.blocked[i]).then_some(i)
    }

    #[inline]
    fn grid_slot(&self, h: Hex) -> Option<usize> {
        // Hexes left of or above the corner wrap to huge values and fail the bounds check.
        let x = (i16::from(h.q) - i16::from(self.corner.q)) as u16 as usize;
        let y = (i16::from(h.r) - i16::from(self.corner.r)) as u16 as usize;
        (x < self.width && y < self.height).then_some(y * self.width + x)
    }

    /// Breadth-first search from every open cell.
    fn walking_distances(&self) -> Vec<u8> {
        let n = self.len();
        let mut distances = vec![UNREACHABLE; n * n];
        let mut queue = Vec::with_capacity(n);
        for source in (0..n).filter(|&i| !self.blocked[i]) {
            let row = &mut distances[source * n..(source + 1) * n];
            row[source] = 0;
            queue.clear();
            queue.push(source as u8);
            let mut head = 0;
            while let Some(&cur) = queue.get(head) {
                head += 1;
                let next_distance = row[usize::from(cur)] + 1;
                for &next in &self.open_neighbors[usize::from(cur)] {
                    if next != NO_CELL && row[usize::from(next)] == UNREACHABLE {
                        row[usize::from(next)] = next_distance;
                        queue.push(next);
                    }
                }
            }
        }
        distances
    }
}

impl fmt::Debug for Board {
    // The derived form would print the whole len² distance table.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let blocked: Vec<Hex> = self.cells.iter().zip(&self.blocked).filter(|(_, &b)| b).map(|(&h, _)| h).collect();
        f.debug_struct("Board").field("cells", &self.cells).field("blocked", &blocked).finish_non_exhaustive()
    }
}

#[cfg(test)]
mod tests {
    use std::collections::{HashMap, VecDeque};

    use super::*;

    /// Radius-4 hexagon with a wall along q = 0 from r = -4 to r = 2, open only at the bottom.
    fn walled() -> Board {
        let wall: Vec<Hex> = (-4..=2).map(|r| Hex::new(0, r)).collect();
        Board::new(&Hex::default().spiral(4), &wall).unwrap()
    }

    /// Independent reference: BFS over `Hex` values with a hash map.
    fn reference_distance(board: &Board, a: Hex, b: Hex) -> Option<u8> {
        if !board.is_open(a) || !board.is_open(b) {
            return None;
        }
        let mut seen = HashMap::from([(a, 0u8)]);
        let mut queue = VecDeque::from([a]);
        while let Some(h) = queue.pop_front() {
            let d = seen[&h];
            for n in h.neighbors() {
                if board.is_open(n) && !seen.contains_key(&n) {
                    seen.insert(n, d + 1);
                    queue.push_back(n);
                }
            }
        }
        seen.get(&b).copied()
    }

    #[test]
    fn construction_errors() {
        let a = Hex::new(0, 0);
        let b = Hex::new(1, 0);
        assert!(Board::new(&[], &[]).is_err());
        assert!(Board::new(&[a, b, a], &[]).unwrap_err().contains("twice"));
        assert!(Board::new(&[a, b], &[Hex::new(5, 5)]).unwrap_err().contains("not on the board"));
        assert!(Board::new(&[a, b], &[b, b]).unwrap_err().contains("twice"));
        assert!(Board::new(&Hex::default().spiral(9), &[]).unwrap_err().contains("at most 255"));
        for far in [Hex::new(127, 0), Hex::new(0, -127), Hex::new(100, 30), Hex::new(-128, 0)] {
            assert!(Board::new(&[a, far], &[]).unwrap_err().contains("too far"), "{far}");
        }
        let edge = [Hex::new(126, 0), Hex::new(-126, 126), Hex::new(0, -126)];
        assert!(Board::new(&edge, &[]).is_ok());
        assert_eq!(Board::hexagon(8).len(), 217);
    }

    #[test]
    fn lookups() {
        let board = walled();
        assert_eq!(board.len(), 61);
        assert!(!board.is_empty());
        assert!(board.cells().windows(2).all(|w| w[0] < w[1]));
        for (i, &h) in board.cells().iter().enumerate() {
            assert_eq!(board.index_of(h), Some(i as u8));
            assert_eq!(board.hex_at(i as u8), h);
            assert!(board.contains(h));
        }
        let wall = Hex::new(0, -1);
        assert!(board.contains(wall) && board.is_blocked(wall) && !board.is_open(wall));
        assert!(board.is_open(Hex::new(0, 3)) && !board.is_blocked(Hex::new(0, 3)));
        for off in [Hex::new(5, 0), Hex::new(4, 1), Hex::new(-4, -1), Hex::new(-128, 127)] {
            assert_eq!(board.index_of(off), None);
            assert!(!board.contains(off) && !board.is_blocked(off) && !board.is_open(off));
        }
        assert!(format!("{board:?}").contains("blocked: [Hex { q: 0, r: -4 }"));
    }

    #[test]
    fn row_lookups_agree_with_hex_lookups() {
        let board = walled();
        let off = [Hex::new(5, 0), Hex::new(-4, -1), Hex::new(-128, 127)];
        let hexes: Vec<Hex> = board.cells().iter().copied().chain(off).collect();
        for &a in &hexes {
            let row = board.distances_from(a);
            for &b in board.cells() {
                let b_index = board.index_of(b).expect("a cell");
                assert_eq!(row.to(b_index), board.path_distance(a, b), "{a} → {b}");
            }
            let expected: Vec<(Direction, u8)> = Direction::ALL
                .into_iter()
                .filter(|&d| board.is_open(a.neighbor(d)))
                .map(|d| (d, board.index_of(a.neighbor(d)).expect("open")))
                .collect();
            assert_eq!(board.open_neighbors(a).collect::<Vec<_>>(), expected, "{a}");
        }
    }

    #[test]
    fn path_distance_is_hex_distance_on_an_open_hexagon() {
        let board = Board::hexagon(4);
        for &a in board.cells() {
            for &b in board.cells() {
                assert_eq!(board.path_distance(a, b), Some(a.distance_to(b)));
            }
        }
    }

    #[test]
    fn path_distance_matches_bfs_around_walls() {
        let board = walled();
        for &a in board.cells() {
            for &b in board.cells() {
                assert_eq!(board.path_distance(a, b), reference_distance(&board, a, b), "{a} → {b}");
            }
        }
        // Straight across the wall is 2 steps; around its open end is much longer.
        let (west, east) = (Hex::new(-1, 0), Hex::new(1, 0));
        assert_eq!(west.distance_to(east), 2);
        assert_eq!(board.path_distance(west, east), Some(7));
        assert_eq!(board.path_distance(west, Hex::new(0, 0)), None);
        assert_eq!(board.path_distance(west, Hex::new(9, 0)), None);
    }

    #[test]
    fn unreachable_islands() {
        // Two cells with a gap between them.
        let board = Board::new(&[Hex::new(0, 0), Hex::new(2, 0)], &[]).unwrap();
        assert_eq!(board.path_distance(Hex::new(0, 0), Hex::new(2, 0)), None);
        assert_eq!(board.path_distance(Hex::new(2, 0), Hex::new(2, 0)), Some(0));
    }

    #[test]
    fn push_stops_at_the_edge_blockers_and_impassable_hexes() {
        let board = walled();
        let anything = |_| true;
        let start = Hex::new(-3, 0);
        // Free run, then the wall at q = 0.
        assert_eq!(board.push_destination(start, Direction::EAST, 1, anything), Hex::new(-2, 0));
        assert_eq!(board.push_destination(start, Direction::EAST, 9, anything), Hex::new(-1, 0));
        // The board's edge.
        assert_eq!(board.push_destination(start, Direction::WEST, 5, anything), Hex::new(-4, 0));
        // Another figure in the way.
        let other = Hex::new(-3, 2);
        assert_eq!(board.push_destination(start, Direction::SOUTH_EAST, 4, |h| h != other), Hex::new(-3, 1));
        assert_eq!(board.push_destination(start, Direction::SOUTH_EAST, 0, anything), start);
    }
}
