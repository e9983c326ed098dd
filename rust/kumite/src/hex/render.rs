use super::{Board, Hex};

impl Board {
    /// Draws the board as text for logs and debugging: one line per row `r`, each cell as
    /// `[ab]` from `cell(h)`, and each row shifted half a cell per step of `r` so the rows
    /// interlock like pointy-top hexes. Off-board hexes are blank; trailing blanks are trimmed
    /// and every line ends in `\n`.
    ///
    /// ```text
    ///   [  ][  ]
    /// [  ][  ][  ]
    ///   [  ][  ]
    /// ```
    pub fn render(&self, cell: impl Fn(Hex) -> [char; 2]) -> String {
        // A hex's horizontal position in half-cells is 2q + r; shift so the leftmost is column 0.
        let half_cells = |h: Hex| 2 * i16::from(h.q) + i16::from(h.r);
        let left = self.cells.iter().map(|&h| half_cells(h)).min().unwrap_or(0);
        let (min_r, max_r) = self.cells.iter().fold((i8::MAX, i8::MIN), |(lo, hi), h| (lo.min(h.r), hi.max(h.r)));
        let (min_q, max_q) = (self.cells[0].q, self.cells[self.len() - 1].q);
        let mut out = String::new();
        for r in min_r..=max_r {
            let mut column = 0;
            for h in (min_q..=max_q).map(|q| Hex::new(q, r)).filter(|&h| self.contains(h)) {
                let start = 2 * (half_cells(h) - left) as usize;
                out.extend(std::iter::repeat_n(' ', start - column));
                let [a, b] = cell(h);
                out.extend(['[', a, b, ']']);
                column = start + 4;
            }
            out.push('\n');
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hexagon_renders_as_a_hexagon() {
        let board = Board::hexagon(1);
        let text = board.render(|_| [' ', ' ']);
        assert_eq!(text, "  [  ][  ]\n[  ][  ][  ]\n  [  ][  ]\n");
    }

    #[test]
    fn cells_are_placed_by_coordinate() {
        let wall = [Hex::new(0, -1)];
        let board = Board::new(&Hex::default().spiral(2), &wall).unwrap();
        let text = board.render(|h| {
            if board.is_blocked(h) {
                ['#', '#']
            } else if h == Hex::default() {
                ['A', 'B']
            } else {
                ['.', ' ']
            }
        });
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), 5);
        assert_eq!(lines[0], "    [. ][. ][. ]");
        assert_eq!(lines[1], "  [. ][##][. ][. ]");
        assert_eq!(lines[2], "[. ][. ][AB][. ][. ]");
        assert_eq!(lines[4], "    [. ][. ][. ]");
        // Gaps inside a row stay blank rather than collapsing.
        let sparse = Board::new(&[Hex::new(0, 0), Hex::new(2, 0), Hex::new(0, 1)], &[]).unwrap();
        assert_eq!(sparse.render(|_| ['x', 'x']), "[xx]    [xx]\n  [xx]\n");
    }
}
