//! Cards and their actions in words, for players reading them (the terminal, the viewer's card
//! text), and the printed effects the dead-text check counts.

use super::*;

/// The relative directions in words, in `RELATIVE`'s order.
const RELATIVE_WORDS: [&str; 6] = ["front", "front-right", "back-right", "back", "back-left", "front-left"];

/// A grid hex in words: its own hex, "2 hexes front", or a walk ("front then front-right").
fn cell_words(h: Hex) -> String {
    let name = cell_name(h);
    if name == "C" {
        return "its own hex".into();
    }
    let steps: Vec<&str> =
        name.split('.').map(|s| RELATIVE.iter().position(|&r| r == s).map_or(s, |i| RELATIVE_WORDS[i])).collect();
    if steps.len() > 1 && steps.iter().all(|&s| s == steps[0]) {
        format!("{} hexes {}", steps.len(), steps[0])
    } else {
        steps.join(" then ")
    }
}

impl Op {
    /// The action in words, for players reading a card (the terminal, the viewer's card text).
    pub fn words(&self) -> String {
        let whom = |o: bool| if o { "the opponent " } else { "" };
        match self {
            Op::Attack { cells, bleed, stun, push } => {
                let hexes: Vec<String> = cells
                    .iter()
                    .map(|&(h, w)| cell_words(h) + &if w > 1 { format!(" ({w} wounds)") } else { String::new() })
                    .collect();
                let mut extra = Vec::new();
                if *bleed {
                    extra.push("bleeding".to_string());
                }
                if *stun > 0 {
                    extra.push(format!("stun {stun}"));
                }
                if *push > 0 {
                    extra.push(format!("push {push}"));
                }
                let extra = if extra.is_empty() { String::new() } else { format!(" ({})", extra.join(", ")) };
                format!("attack {}{extra}", hexes.join(", "))
            }
            Op::Defend { cells, evade } => {
                let hexes: Vec<String> = cells.iter().map(|&h| cell_words(h)).collect();
                format!("defend {}{}", hexes.join(", "), if *evade { " (evade)" } else { "" })
            }
            Op::Move { n, dirs, forced, opponent } => {
                let ways: Vec<&str> = (0..6).filter(|i| dirs & (1 << i) != 0).map(|i| RELATIVE_WORDS[i]).collect();
                let ways = if ways.len() == 6 { "any way".to_string() } else { ways.join("/") };
                format!("move {}{} {n} {ways}", whom(*opponent), if *forced { "exactly" } else { "up to" })
            }
            Op::Rotate { n, opponent } => format!("turn {}up to {n} sides", whom(*opponent)),
            Op::Kamae { n } => format!("move the kamae ring {n} branch{}", if *n == 1 { "" } else { "es" }),
            Op::Advantage => "take the advantage".into(),
            Op::Draw { n } => format!("draw {n}"),
            Op::Choose(options) => format!("one of: {}", options.iter().map(Op::words).collect::<Vec<_>>().join(" | ")),
        }
    }
}

impl Card {
    /// The card in words: its type and initiative, its conditions, each part with when it
    /// resolves, and its kamae bonus lines; hexes and moves are relative to its samurai's front.
    pub fn words(&self) -> String {
        let initiative = if self.initiative.is_empty() {
            "initiative that of the card it joins".to_string()
        } else {
            format!("initiative {}", self.initiative.iter().map(u8::to_string).collect::<Vec<_>>().join(" or "))
        };
        let mut head = vec![self.ty.name().to_string(), initiative];
        match self.instant {
            Instant::Replace => head.push("instant (replace)".into()),
            Instant::Add => head.push("instant (add)".into()),
            Instant::None => {}
        }
        if let Some(z) = self.requires {
            head.push(format!("only in {}", z.name()));
        }
        let ops = |ops: &[Op]| ops.iter().map(Op::words).collect::<Vec<_>>().join("; ");
        let mut words = vec![head.join(", ")];
        for (i, part) in self.parts.iter().enumerate() {
            let when = match part.timing {
                _ if i == 0 => String::new(),
                Timing::Same => "right after: ".into(),
                Timing::Card => "then: ".into(),
                Timing::At(x) => format!("at initiative {x}: "),
            };
            words.push(when + &ops(&part.ops));
        }
        for (zone, bonus) in &self.bonus {
            words.push(format!("in {} also: {}", zone.name(), ops(bonus)));
        }
        words.join(" · ")
    }
}

/// How many printed effects an action is: each option of a choice counts on its own.
fn effect_width(op: &Op) -> usize {
    match op {
        Op::Choose(options) => options.len(),
        _ => 1,
    }
}

impl Card {
    /// The card's printed effects in order (the dead-text check): each action of each part,
    /// each option of a choice on its own, then each kamae bonus action.
    pub fn printed_effects(&self) -> Vec<String> {
        let one = |op: &Op, prefix: &str| -> Vec<String> {
            match op {
                Op::Choose(options) => options.iter().map(|o| format!("{prefix}choose {}", o.text())).collect(),
                _ => vec![format!("{prefix}{}", op.text())],
            }
        };
        let parts = self.parts.iter().enumerate().flat_map(|(k, p)| {
            let prefix = if self.parts.len() > 1 { format!("part {}: ", k + 1) } else { String::new() };
            p.ops.iter().flat_map(move |op| one(op, &prefix)).collect::<Vec<_>>()
        });
        let bonus = self
            .bonus
            .iter()
            .flat_map(|(z, ops)| ops.iter().flat_map(move |op| one(op, &format!("in {}: ", z.name()))));
        parts.chain(bonus).collect()
    }

    /// The place in [`Card::printed_effects`] of part `part`'s action `op` (counted past the
    /// part's own actions into the bonus actions of zone `zone`), option `choice` of a choice.
    pub fn effect_index(&self, part: usize, op: usize, zone: Option<Zone>, choice: Option<usize>) -> usize {
        let width = |ops: &[Op]| ops.iter().map(effect_width).sum::<usize>();
        let mut at: usize = self.parts[..part].iter().map(|p| width(&p.ops)).sum();
        let own = &self.parts[part].ops;
        if op < own.len() {
            return at + width(&own[..op]) + choice.unwrap_or(0);
        }
        at += self.parts[part..].iter().map(|p| width(&p.ops)).sum::<usize>();
        let mut left = op - own.len();
        for (z, ops) in &self.bonus {
            if Some(*z) == zone && left < ops.len() {
                return at + width(&ops[..left]) + choice.unwrap_or(0);
            }
            if Some(*z) == zone {
                left -= ops.len();
            }
            at += width(ops);
        }
        at
    }

    pub fn describe(&self) -> String {
        let init = if self.initiative.is_empty() {
            "=".to_string()
        } else {
            self.initiative.iter().map(u8::to_string).collect::<Vec<_>>().join("/")
        };
        let mut s = format!("{} [{} {init}", self.name, self.ty.name());
        match self.instant {
            Instant::Replace => s.push_str(", instant replace"),
            Instant::Add => s.push_str(", instant add"),
            Instant::None => {}
        }
        if let Some(z) = self.requires {
            s.push_str(&format!(", {} only", z.name()));
        }
        s.push(']');
        for (i, p) in self.parts.iter().enumerate() {
            let t = match p.timing {
                Timing::Card if i == 0 => String::new(),
                Timing::Card => " @card".into(),
                Timing::Same => " [=]".into(),
                Timing::At(x) => format!(" @{x}"),
            };
            let ops: Vec<String> = p.ops.iter().map(Op::text).collect();
            s.push_str(&format!("{}{t} {}", if i == 0 { ":" } else { " /" }, ops.join("; ")));
        }
        for (z, ops) in &self.bonus {
            let ops: Vec<String> = ops.iter().map(Op::text).collect();
            s.push_str(&format!(" / in {}: {}", z.name(), ops.join("; ")));
        }
        s
    }
    pub fn is_dual(&self) -> bool {
        self.initiative.len() == 2
    }
}

/// A content key in words, for text people read: the kamae `flowing_river` reads "flowing river".
pub fn words(key: &str) -> String {
    key.replace('_', " ")
}
