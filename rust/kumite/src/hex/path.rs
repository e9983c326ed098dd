//! Path finding on a `Board`. Both searches run backwards from the goal, so every cell learns
//! how far it still has to go; the path is then walked forwards taking, at each step, the first
//! direction in `Direction::ALL` order that stays optimal. That makes the chosen path a pure
//! function of the board and the predicate, independent of queue internals.

use std::cmp::Reverse;
use std::collections::BinaryHeap;

use super::board::NO_CELL;
use super::{Board, Hex};

impl Board {
    /// A path with the fewest steps from `from` to `to` over open cells that satisfy
    /// `passable` (`from` itself is not tested: the mover stands there). Returns the hexes after
    /// `from`, ending with `to`; empty when `from == to`; `None` if either end is not open or
    /// nothing connects them. Of equally short paths, the one whose steps come first in
    /// `Direction::ALL` order wins.
    pub fn shortest_path(&self, from: Hex, to: Hex, passable: impl Fn(Hex) -> bool) -> Option<Vec<Hex>> {
        let (start, goal) = (self.open_index(from)?, self.open_index(to)?);
        if start == goal {
            return Some(Vec::new());
        }
        if !passable(to) {
            return None;
        }
        let mut to_go = vec![u8::MAX; self.len()];
        to_go[goal] = 0;
        let mut queue = vec![goal];
        let mut head = 0;
        while let Some(&cur) = queue.get(head) {
            head += 1;
            if cur == start {
                break;
            }
            for &prev in &self.open_neighbors[cur] {
                let prev = usize::from(prev);
                if prev != usize::from(NO_CELL)
                    && to_go[prev] == u8::MAX
                    && (prev == start || passable(self.cells[prev]))
                {
                    to_go[prev] = to_go[cur] + 1;
                    queue.push(prev);
                }
            }
        }
        if to_go[start] == u8::MAX {
            return None;
        }
        // Breadth-first levels of neighbours differ by at most one, so "closer" means "one closer".
        Some(self.walk(start, goal, |cur, next| to_go[next] < to_go[cur]))
    }

    /// A path of least total cost from `from` to `to`, where `cost(h)` is the price of entering
    /// `h` and `None` means `h` cannot be entered (the Red Blob / `hexx` convention). Returns the
    /// hexes after `from` ending with `to`, and the summed cost (saturating at `u32::MAX`);
    /// `None` if either end is not open or nothing connects them. Of equally cheap paths, the
    /// one with fewest steps wins, then the one whose steps come first in `Direction::ALL` order.
    pub fn cheapest_path(&self, from: Hex, to: Hex, cost: impl Fn(Hex) -> Option<u32>) -> Option<(Vec<Hex>, u32)> {
        let (start, goal) = (self.open_index(from)?, self.open_index(to)?);
        if start == goal {
            return Some((Vec::new(), 0));
        }
        // Looked up once: the search and the walk both need it, and `cost` may be slow.
        let entry: Vec<Option<u64>> = self
            .cells
            .iter()
            .zip(&self.blocked)
            .map(|(&h, &blocked)| if blocked { None } else { cost(h).map(u64::from) })
            .collect();
        // Keyed by (cost, steps): besides preferring short routes among equal-cost ones, the
        // strictly falling step count keeps the walk from circling through zero-cost cells.
        // u64 sums cannot overflow over at most 254 steps.
        const UNSEEN: (u64, u16) = (u64::MAX, u16::MAX);
        let mut to_go = vec![UNSEEN; self.len()];
        to_go[goal] = (0, 0);
        let mut heap = BinaryHeap::from([Reverse((0, 0, goal))]);
        while let Some(Reverse((spent, steps, cur))) = heap.pop() {
            if (spent, steps) > to_go[cur] {
                continue; // Superseded by a cheaper entry.
            }
            if cur == start {
                break;
            }
            let Some(fee) = entry[cur] else {
                continue; // Reached but impassable: nothing routes through it.
            };
            let key = (spent + fee, steps + 1);
            for &prev in &self.open_neighbors[cur] {
                let prev = usize::from(prev);
                if prev != usize::from(NO_CELL) && key < to_go[prev] {
                    to_go[prev] = key;
                    heap.push(Reverse((key.0, key.1, prev)));
                }
            }
        }
        let (total, _) = to_go[start];
        if total == UNSEEN.0 {
            return None;
        }
        let path = self.walk(start, goal, |cur, next| match (entry[next], to_go[next]) {
            (Some(fee), (spent, steps)) if to_go[next] != UNSEEN => (spent + fee, steps + 1) == to_go[cur],
            _ => false,
        });
        Some((path, u32::try_from(total).unwrap_or(u32::MAX)))
    }

    /// Follows a backward search's results from `start` to `goal`, stepping each time to the
    /// first neighbour in direction order that `downhill(cur, next)` accepts.
    fn walk(&self, start: usize, goal: usize, downhill: impl Fn(usize, usize) -> bool) -> Vec<Hex> {
        let mut path = Vec::new();
        let mut cur = start;
        while cur != goal {
            cur = self.open_neighbors[cur]
                .iter()
                .map(|&n| usize::from(n))
                .find(|&next| next != usize::from(NO_CELL) && downhill(cur, next))
                .expect("every cell the search reached has a neighbour closer to the goal");
            path.push(self.cells[cur]);
        }
        path
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hex::Direction;

    /// Radius-4 hexagon with a wall along q = 0 from r = -4 to r = 2, open only at the bottom.
    fn walled() -> Board {
        let wall: Vec<Hex> = (-4..=2).map(|r| Hex::new(0, r)).collect();
        Board::new(&Hex::default().spiral(4), &wall).unwrap()
    }

    fn assert_connected(board: &Board, from: Hex, path: &[Hex]) {
        let mut prev = from;
        for &h in path {
            assert_eq!(prev.distance_to(h), 1, "{prev} → {h}");
            assert!(board.is_open(h));
            prev = h;
        }
    }

    #[test]
    fn shortest_paths_are_as_long_as_path_distance() {
        let board = walled();
        for &a in board.cells() {
            for &b in board.cells() {
                let path = board.shortest_path(a, b, |_| true);
                assert_eq!(path.as_ref().map(|p| p.len() as u8), board.path_distance(a, b), "{a} → {b}");
                if let Some(path) = path {
                    assert_connected(&board, a, &path);
                    assert_eq!(path.last().copied().unwrap_or(a), b);
                }
            }
        }
    }

    #[test]
    fn shortest_path_breaks_ties_by_direction_order() {
        let board = Board::hexagon(3);
        // Two equally short routes to (1,1): via E (1,0) or via SE (0,1). East comes first.
        let path = board.shortest_path(Hex::new(0, 0), Hex::new(1, 1), |_| true).unwrap();
        assert_eq!(path, [Hex::new(1, 0), Hex::new(1, 1)]);
        let path = board.shortest_path(Hex::new(0, 0), Hex::new(-1, 2), |_| true).unwrap();
        assert_eq!(path, [Hex::new(0, 1), Hex::new(-1, 2)]);
    }

    #[test]
    fn shortest_path_honours_passable() {
        let board = Board::hexagon(3);
        let (from, to) = (Hex::new(-2, 0), Hex::new(2, 0));
        let other = Hex::new(0, 0);
        let path = board.shortest_path(from, to, |h| h != other).unwrap();
        assert_eq!(path.len(), 5); // One step longer than straight through.
        assert!(!path.contains(&other));
        assert_connected(&board, from, &path);
        // The mover's own hex need not be passable; the destination must be.
        assert_eq!(board.shortest_path(from, to, |h| h != from).map(|p| p.len()), Some(4));
        assert_eq!(board.shortest_path(from, to, |h| h != to), None);
        assert_eq!(board.shortest_path(from, from, |_| false), Some(Vec::new()));
        // Off-board, blocked, and walled-off ends.
        let walled = walled();
        assert_eq!(walled.shortest_path(Hex::new(9, 9), Hex::new(1, 0), |_| true), None);
        assert_eq!(walled.shortest_path(Hex::new(0, 0), Hex::new(1, 0), |_| true), None);
        let ring = |h: Hex| h.distance_to(Hex::default()) != 2;
        assert_eq!(board.shortest_path(Hex::new(0, 0), Hex::new(3, 0), ring), None);
    }

    #[test]
    fn cheapest_path_with_unit_costs_matches_path_distance() {
        let board = walled();
        for &a in board.cells() {
            for &b in board.cells() {
                let found = board.cheapest_path(a, b, |_| Some(1));
                let expected = board.path_distance(a, b).map(u32::from);
                assert_eq!(found.as_ref().map(|(_, c)| *c), expected, "{a} → {b}");
                if let Some((path, cost)) = found {
                    assert_eq!(path.len() as u32, cost);
                    assert_connected(&board, a, &path);
                    assert_eq!(path, board.shortest_path(a, b, |_| true).unwrap());
                }
            }
        }
    }

    #[test]
    fn cheapest_path_avoids_expensive_and_impassable_cells() {
        let board = Board::hexagon(3);
        let (from, to) = (Hex::new(-2, 0), Hex::new(2, 0));
        let swamp = |h: Hex| Some(if h == Hex::new(0, 0) { 10 } else { 1 });
        let (path, cost) = board.cheapest_path(from, to, swamp).unwrap();
        assert_eq!((path.len(), cost), (5, 5));
        assert!(!path.contains(&Hex::new(0, 0)));
        // Cheap enough and it is worth going through.
        let mud = |h: Hex| Some(if h == Hex::new(0, 0) { 2 } else { 1 });
        let (path, cost) = board.cheapest_path(from, to, mud).unwrap();
        assert_eq!((path.len(), cost), (4, 5));
        // None is a wall; the entry cost of `from` is never paid.
        let wall = |h: Hex| (h.q != 0 || h.r == 3).then_some(1);
        let (path, cost) = board.cheapest_path(from, to, wall).unwrap();
        assert_eq!(path.len() as u32, cost);
        assert!(path.iter().all(|h| h.q != 0 || h.r == 3));
        assert_connected(&board, from, &path);
        assert_eq!(board.cheapest_path(from, to, |h| (h.q != 0).then_some(1)), None);
        assert_eq!(board.cheapest_path(from, to, |h| (h != to).then_some(1)), None);
    }

    #[test]
    fn cheapest_path_terminates_over_free_cells_and_saturates() {
        let board = Board::hexagon(3);
        let (from, to) = (Hex::new(-3, 0), Hex::new(3, 0));
        let (path, cost) = board.cheapest_path(from, to, |_| Some(0)).unwrap();
        assert_eq!((path.len(), cost), (6, 0));
        assert_connected(&board, from, &path);
        let (_, cost) = board.cheapest_path(from, to, |_| Some(u32::MAX)).unwrap();
        assert_eq!(cost, u32::MAX);
        // Equal costs prefer fewer steps, then direction order.
        let (path, _) = board.cheapest_path(Hex::new(0, 0), Hex::new(1, 1), |_| Some(0)).unwrap();
        assert_eq!(path, [Hex::new(0, 0).neighbor(Direction::EAST), Hex::new(1, 1)]);
    }
}
