//! The card language: an action as written on a card (`move 1 F FL FR forced`, `attack F:2 F.F`)
//! parsed into an `Op` and printed back, and a battlefield's map.

use super::*;
use crate::core::{ProblemKind, ProblemList};
use crate::hex::Direction;

impl Op {
    pub fn text(&self) -> String {
        let dirs = |mask: u8| {
            if mask == 0x3f {
                "any".to_string()
            } else {
                (0..6).filter(|i| mask & (1 << i) != 0).map(|i| RELATIVE[i]).collect::<Vec<_>>().join(" ")
            }
        };
        let opp = |o: bool| if o { "opponent " } else { "" };
        match self {
            Op::Move { n, dirs: d, forced, opponent } => {
                format!("{}move {n} {}{}", opp(*opponent), dirs(*d), if *forced { " forced" } else { "" })
            }
            Op::Rotate { n, opponent } => format!("{}rotate {n}", opp(*opponent)),
            Op::Attack { cells, bleed, stun, push } => {
                let mut s = format!("attack {}", cells_text(cells.iter().map(|c| (c.0, c.1))));
                if *bleed {
                    s.push_str(" bleed");
                }
                if *stun > 0 {
                    s.push_str(&format!(" stun {stun}"));
                }
                if *push > 0 {
                    s.push_str(&format!(" push {push}"));
                }
                s
            }
            Op::Defend { cells, evade } => {
                format!("defend {}{}", cells_text(cells.iter().map(|&c| (c, 1))), if *evade { " evade" } else { "" })
            }
            Op::Kamae { n } => format!("kamae {n}"),
            Op::Advantage => "advantage".into(),
            Op::Draw { n } => format!("draw {n}"),
            Op::Choose(options) => {
                format!("choose: {}", options.iter().map(Op::text).collect::<Vec<_>>().join(" | "))
            }
        }
    }
}

/// The card-language name of a grid hex: `C`, or the shortest walk of relative directions,
/// earliest directions first (`F`, `F.F`, `F.FL`).
pub fn cell_name(h: Hex) -> String {
    if h == Hex::default() {
        return "C".into();
    }
    let n = h.distance_to(Hex::default());
    let dir = |i: usize| Direction::new(i as u8).expect("six directions");
    let mut best: Option<Vec<usize>> = None;
    let mut walk = vec![0usize; usize::from(n)];
    'search: loop {
        let end = walk.iter().fold(Hex::default(), |at, &d| at.neighbor(dir(d)));
        if end == h {
            best = Some(walk.clone());
            break 'search;
        }
        // Next walk in lexicographic order.
        let mut i = walk.len();
        loop {
            if i == 0 {
                break 'search;
            }
            i -= 1;
            walk[i] += 1;
            if walk[i] < 6 {
                break;
            }
            walk[i] = 0;
        }
    }
    best.map_or_else(|| format!("({},{})", h.q, h.r), |w| w.iter().map(|&d| RELATIVE[d]).collect::<Vec<_>>().join("."))
}

fn cells_text(cells: impl Iterator<Item = (Hex, u8)>) -> String {
    cells
        .map(|(h, w)| {
            let base = cell_name(h);
            if w > 1 {
                format!("{base}:{w}")
            } else {
                base
            }
        })
        .collect::<Vec<_>>()
        .join(" ")
}

// ----- the action language ---------------------------------------------------------------------

fn relative_dir(token: &str) -> Option<u8> {
    RELATIVE.iter().position(|&d| d == token).map(|i| i as u8)
}

/// A hex on a card grid: `C` (the samurai's own hex) or a dot-separated walk of relative
/// directions (`F`, `F.F`, `F.FL`), with `:k` for k wounds.
fn parse_cell(token: &str) -> Result<(Hex, u8), String> {
    let (path, wounds) = match token.split_once(':') {
        Some((p, w)) => (p, w.parse::<u8>().map_err(|_| format!("bad wound count in {token:?}"))?),
        None => (token, 1),
    };
    if !(1..=5).contains(&wounds) {
        return Err(format!("{token:?}: wounds must be 1..=5"));
    }
    let mut h = Hex::default();
    if path != "C" {
        for step in path.split('.') {
            let d = relative_dir(step).ok_or_else(|| format!("{token:?}: unknown direction {step:?}"))?;
            h = h.neighbor(Direction::new(d).expect("six directions"));
        }
    }
    if h.distance_to(Hex::default()) > 3 {
        return Err(format!("{token:?}: grids reach at most 3 hexes"));
    }
    Ok((h, wounds))
}

fn number(token: Option<&str>, what: &str, max: u8) -> Result<u8, String> {
    let t = token.ok_or_else(|| format!("{what} needs a number"))?;
    let n: u8 = t.parse().map_err(|_| format!("{what}: {t:?} is not a number"))?;
    if n == 0 || n > max {
        return Err(format!("{what}: {n} must be 1..={max}"));
    }
    Ok(n)
}

/// Parses one action, e.g. `move 2 any`, `move 1 F FL FR forced`, `opponent rotate 1`,
/// `attack F:2 F.F bleed stun 1 push 1`, `defend F FL FR evade`, `kamae 1`, `advantage`,
/// `draw 1`, `choose: move 1 any | rotate 1`.
pub fn parse_op(text: &str) -> Result<Op, String> {
    if let Some(rest) = text.trim().strip_prefix("choose:") {
        let options = rest.split('|').map(parse_op).collect::<Result<Vec<_>, _>>()?;
        if options.len() < 2 || options.len() > MAX_CHOICES {
            return Err(format!("choose needs 2..={MAX_CHOICES} options"));
        }
        if options.iter().any(|o| matches!(o, Op::Choose(_))) {
            return Err("choose options cannot nest".into());
        }
        return Ok(Op::Choose(options));
    }
    let mut tokens = text.split_whitespace().peekable();
    let opponent = tokens.peek() == Some(&"opponent");
    if opponent {
        tokens.next();
    }
    let verb = tokens.next().ok_or("empty action")?;
    let rest: Vec<&str> = tokens.collect();
    if opponent && !matches!(verb, "move" | "rotate") {
        return Err(format!("the opponent marker applies to move or rotate, not {verb:?}"));
    }
    let op = match verb {
        "move" => {
            let n = number(rest.first().copied(), "move", 3)?;
            let mut dirs = 0u8;
            let mut forced = false;
            for &t in &rest[1..] {
                match t {
                    "any" => dirs = 0x3f,
                    "forced" => forced = true,
                    _ => dirs |= 1 << relative_dir(t).ok_or_else(|| format!("move: unknown direction {t:?}"))?,
                }
            }
            if dirs == 0 {
                return Err("move needs directions (or any)".into());
            }
            Op::Move { n, dirs, forced, opponent }
        }
        "rotate" => {
            if rest.len() != 1 {
                return Err("rotate takes one number".into());
            }
            Op::Rotate { n: number(rest.first().copied(), "rotate", 3)?, opponent }
        }
        "attack" | "defend" => {
            let mut cells = Vec::new();
            let (mut bleed, mut evade, mut stun, mut push) = (false, false, 0, 0);
            let mut it = rest.iter();
            while let Some(&t) = it.next() {
                match t {
                    "bleed" if verb == "attack" => bleed = true,
                    "evade" if verb == "defend" => evade = true,
                    "stun" if verb == "attack" => stun = number(it.next().copied(), "stun", MAX_STUN)?,
                    "push" if verb == "attack" => push = number(it.next().copied(), "push", 3)?,
                    _ => {
                        let c = parse_cell(t)?;
                        if cells.iter().any(|&(h, _)| h == c.0) {
                            return Err(format!("{verb}: hex {t:?} listed twice"));
                        }
                        cells.push(c);
                    }
                }
            }
            if cells.is_empty() {
                return Err(format!("{verb} needs at least one hex"));
            }
            if verb == "attack" {
                if cells.iter().any(|&(h, _)| h == Hex::default()) {
                    return Err("attack cannot mark the samurai's own hex".into());
                }
                Op::Attack { cells, bleed, stun, push }
            } else {
                if cells.iter().any(|&(_, w)| w != 1) {
                    return Err("defend hexes take no wound count".into());
                }
                Op::Defend { cells: cells.into_iter().map(|c| c.0).collect(), evade }
            }
        }
        "kamae" => Op::Kamae { n: number(rest.first().copied(), "kamae", 2)? },
        "advantage" => Op::Advantage,
        "draw" => Op::Draw { n: number(rest.first().copied(), "draw", MAX_CARD_DRAW)? },
        _ => return Err(format!("unknown action {verb:?}")),
    };
    let extra = match (&op, rest.len()) {
        (Op::Kamae { .. } | Op::Draw { .. }, n) => n > 1,
        (Op::Advantage, n) => n > 0,
        _ => false,
    };
    if extra {
        return Err(format!("{text:?}: unexpected words"));
    }
    Ok(op)
}

// u32: a hostile file may list thousands of draws, and the sum must reach the check, not overflow.
pub(super) fn draws(ops: &[Op]) -> u32 {
    ops.iter()
        .map(|o| match o {
            Op::Draw { n } => u32::from(*n),
            Op::Choose(opts) => draws(opts),
            _ => 0,
        })
        .sum()
}

pub(super) fn parse_ops(ops: &[String], p: &mut ProblemList, card: &str, field: &str) -> Vec<Op> {
    if ops.len() > MAX_OPS {
        p.add_card(ProblemKind::OutOfRange, card, field, format!("at most {MAX_OPS} actions"));
    }
    ops.iter()
        .filter_map(|t| match parse_op(t) {
            Ok(op) => Some(op),
            Err(e) => {
                p.add_card(ProblemKind::Invalid, card, field, format!("{t:?}: {e}"));
                None
            }
        })
        .collect()
}

pub(super) type ParsedMap = (Vec<Hex>, Vec<Hex>, Vec<Hex>, Vec<(Hex, char)>, Vec<String>);

/// A map is rows of cells separated by spaces, odd rows shifted right by half a hex ("odd-r"):
/// `.` open, `S` start hex, `#` rock, `T` tree, `~` water (the last three impassable), `x` no
/// hex.
pub(super) fn parse_map(map: &str) -> Result<ParsedMap, String> {
    let (mut cells, mut blocked, mut starts, mut terrain, mut rows) = (vec![], vec![], vec![], vec![], vec![]);
    for (row, line) in map.lines().filter(|l| !l.trim().is_empty()).enumerate() {
        rows.push(line.to_string());
        for (col, t) in line.split_whitespace().enumerate() {
            let (col, row) = (col as i16, row as i16);
            let q = col - (row - (row & 1)) / 2;
            let h =
                Hex::new(i8::try_from(q).map_err(|_| "map too wide")?, i8::try_from(row).map_err(|_| "map too tall")?);
            match t {
                "." => cells.push(h),
                "S" => {
                    cells.push(h);
                    starts.push(h);
                }
                "#" | "T" | "~" => {
                    cells.push(h);
                    blocked.push(h);
                    terrain.push((h, t.chars().next().expect("one char")));
                }
                "x" => {}
                _ => return Err(format!("row {}: unknown map cell {t:?}", row + 1)),
            }
        }
    }
    Ok((cells, blocked, starts, terrain, rows))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ops_parse_and_print() {
        assert_eq!(
            parse_op("move 1 F FL FR forced").unwrap(),
            Op::Move { n: 1, dirs: 0b100011, forced: true, opponent: false }
        );
        assert_eq!(parse_op("opponent rotate 2").unwrap(), Op::Rotate { n: 2, opponent: true });
        let a = parse_op("attack F:2 F.F bleed stun 1 push 2").unwrap();
        assert_eq!(a.text(), "attack F:2 F.F bleed stun 1 push 2");
        assert_eq!(cell_name(Hex::new(1, 1)), "F.FR");
        assert!(parse_op("attack C").is_err());
        assert!(parse_op("opponent attack F").is_err());
        assert!(parse_op("move 4 any").is_err());
        assert!(parse_op("choose: move 1 any | choose: rotate 1 | kamae 1").is_err());
        assert!(parse_op("fly 3").is_err());
        assert_eq!(parse_op("defend F FL evade").unwrap().text(), "defend F FL evade");
    }
}
