//! Senjutsu content: samurai (console, kamae tree, core card), the ability-card pool, preset
//! decks and battlefields, read from TOML into plain `Raw*` structs and validated into the tables
//! the rules use. Card actions are written in a small text language (see `parse_op`), so a card
//! is data, never code. Every problem is reported with its file, card and field.

use std::collections::HashMap;

use serde::Deserialize;

use crate::cards::{parse_toml, CardId, Problems};
use crate::core::GameError;
use crate::hex::{Board, Direction, Hex};

/// Limits that size the state and the action space.
/// Card kinds in all: the built-in content uses 113 (108 pool cards, four core cards, the stun
/// card), so user content may add 399, nine samurai's worth of 40 new cards and a core card.
pub const MAX_KINDS: usize = 512;
pub const MAX_CELLS: usize = 128;
pub const MAX_NODES: usize = 8;
pub const MAX_PARTS: usize = 3;
pub const MAX_OPS: usize = 8;
pub const MAX_CHOICES: usize = 4;
pub const DECK_SIZE: usize = 40;
/// Cards dealt at setup besides the core card (SJ-4.7).
pub const DEAL: usize = 5;
/// The highest wound limit a console may show (bounds the game, `rules::MAX_ROUNDS`).
pub const MAX_WOUND_LIMIT: u8 = 9;
/// Most cards one card may draw.
pub const MAX_CARD_DRAW: u8 = 2;
/// The highest hand limit a console may show (bounds the stun cards a hand holds).
pub const MAX_HAND_LIMIT: u8 = 8;
/// Most stun cards one attack gives (bounds the stun cards a hand holds).
pub const MAX_STUN: u8 = 2;
/// Initiatives run 0..=9 (SJ-8.1).
pub const MAX_INITIATIVE: u8 = 9;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum CardType {
    Defense,
    Attack,
    Meditation,
    Core,
    Stun,
}

impl CardType {
    /// Tie order at equal initiative (SJ-8.2): defense, attack, meditation, then the core card.
    pub fn rank(self) -> u8 {
        match self {
            CardType::Defense => 0,
            CardType::Attack => 1,
            CardType::Meditation => 2,
            CardType::Core | CardType::Stun => 3,
        }
    }
    pub fn name(self) -> &'static str {
        match self {
            CardType::Defense => "defense",
            CardType::Attack => "attack",
            CardType::Meditation => "meditation",
            CardType::Core => "core",
            CardType::Stun => "stun",
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize, Default)]
#[serde(rename_all = "lowercase")]
pub enum Instant {
    #[default]
    None,
    Replace,
    Add,
}

/// The three kamae zones of a tree, and the gate at its centre (SJ-3.5).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Zone {
    Gate,
    Aggression,
    Balance,
    Resolve,
}

impl Zone {
    pub fn name(self) -> &'static str {
        match self {
            Zone::Gate => "gate",
            Zone::Aggression => "aggression",
            Zone::Balance => "balance",
            Zone::Resolve => "resolve",
        }
    }
}

/// Directions on a card are relative to the samurai's front (SJ-5.6): the card's top edge.
pub const RELATIVE: [&str; 6] = ["F", "FR", "BR", "B", "BL", "FL"];

/// One action of a card (SJ-5.4, SJ-6).
#[derive(Clone, Debug, PartialEq)]
pub enum Op {
    /// Move up to `n` steps (forced: exactly, as far as possible), each into one of the
    /// relative directions in the `dirs` bit mask (SJ-6.1, SJ-6.2). `opponent`: SJ-6.4.
    Move {
        n: u8,
        dirs: u8,
        forced: bool,
        opponent: bool,
    },
    /// Turn up to `n` hex sides either way (SJ-6.3).
    Rotate {
        n: u8,
        opponent: bool,
    },
    /// Wounds on the hexes of the grid, relative to a samurai facing east (SJ-5.7, SJ-10).
    Attack {
        cells: Vec<(Hex, u8)>,
        bleed: bool,
        stun: u8,
        push: u8,
    },
    /// Defended hexes at this part's initiative (SJ-7); `evade` carries the evade symbol.
    Defend {
        cells: Vec<Hex>,
        evade: bool,
    },
    /// Move the kamae ring up to `n` branches (SJ-9.2).
    Kamae {
        n: u8,
    },
    /// Take the top of the advantage track (SJ-8.4).
    Advantage,
    Draw {
        n: u8,
    },
    /// One of several actions, chosen when it resolves (core cards, SJ-3.6).
    Choose(Vec<Op>),
}

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

/// When a later part of a card resolves (SJ-5.4).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Timing {
    /// At the card's (declared) initiative: the first part.
    Card,
    /// `[=]`: right after the part before it (or, for an add instant, the card it is on).
    Same,
    At(u8),
}

#[derive(Clone, Debug)]
pub struct Part {
    pub timing: Timing,
    pub ops: Vec<Op>,
}

#[derive(Clone, Debug)]
pub struct Card {
    pub id: String,
    pub name: String,
    pub number: u16,
    pub rank: u8,
    pub ty: CardType,
    /// One value, or two for a dual initiative the controller chooses from (SJ-5.2).
    pub initiative: Vec<u8>,
    pub instant: Instant,
    /// Playable only in this kamae zone (SJ-9.3).
    pub requires: Option<Zone>,
    /// A samurai's own card (its key): only its decks may hold it.
    pub owner: Option<String>,
    /// Copies in the pool: a deck holds at most this many.
    pub copies: u8,
    pub parts: Vec<Part>,
    /// Actions added to the first part while in a zone (SJ-5.8, SJ-9.3).
    pub bonus: Vec<(Zone, Vec<Op>)>,
    /// `describe()`, kept for views.
    pub text: String,
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

/// A kamae tree: node 0 is the gate; `links[i]` is a bit mask of the nodes reachable from `i`.
#[derive(Clone, Debug)]
pub struct Tree {
    pub nodes: Vec<(String, Zone)>,
    pub links: Vec<u8>,
}

#[derive(Clone, Debug)]
pub struct Samurai {
    pub id: String,
    pub name: String,
    pub wound_limit: u8,
    pub advantage: u8,
    pub hand_limit: u8,
    pub tree: Tree,
    pub core: CardId,
    /// The preset 40-card deck.
    pub deck: Vec<CardId>,
}

#[derive(Clone, Debug)]
pub struct Battlefield {
    pub id: String,
    pub name: String,
    pub board: Board,
    pub starts: Vec<Hex>,
    /// Impassable terrain and what it is (`#` rock, `T` tree, `~` water), for drawing.
    pub terrain: Vec<(Hex, char)>,
    /// The rows as written, for rendering.
    pub rows: Vec<String>,
}

#[derive(Clone, Debug)]
pub struct Content {
    pub cards: Vec<Card>,
    pub samurai: Vec<Samurai>,
    pub battlefields: Vec<Battlefield>,
    pub stun: CardId,
}

// ----- raw forms -------------------------------------------------------------------------------

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawPart {
    #[serde(default)]
    initiative: Option<toml::Value>,
    #[serde(rename = "do")]
    ops: Vec<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawBonus {
    zone: Zone,
    #[serde(rename = "do")]
    ops: Vec<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawCard {
    /// Also read as `key`, the name before ids were called `id` in every game.
    #[serde(alias = "key")]
    id: String,
    name: String,
    number: u16,
    rank: u8,
    #[serde(rename = "type")]
    ty: CardType,
    initiative: Vec<u8>,
    #[serde(default)]
    instant: Instant,
    #[serde(default)]
    requires: Option<Zone>,
    #[serde(default)]
    owner: Option<String>,
    copies: u8,
    #[serde(rename = "do")]
    ops: Vec<String>,
    #[serde(default, rename = "then")]
    parts: Vec<RawPart>,
    #[serde(default)]
    bonus: Vec<RawBonus>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawCards {
    card: Vec<RawCard>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawNode {
    /// Also read as `key`, the name before ids were called `id` in every game.
    #[serde(alias = "key")]
    id: String,
    zone: Zone,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawTree {
    nodes: Vec<RawNode>,
    /// `"a-b"`: a branch between two nodes, usable both ways (SJ-3.5).
    links: Vec<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawCore {
    name: String,
    #[serde(rename = "do")]
    ops: Vec<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawSamurai {
    /// Also read as `key`, the name before ids were called `id` in every game.
    #[serde(alias = "key")]
    id: String,
    name: String,
    wound_limit: u8,
    advantage: u8,
    hand_limit: u8,
    kamae: RawTree,
    core: RawCore,
    /// Card key → copies: the preset deck.
    deck: HashMap<String, u8>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawSamuraiFile {
    samurai: Vec<RawSamurai>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawBattlefield {
    /// Also read as `key`, the name before ids were called `id` in every game.
    #[serde(alias = "key")]
    id: String,
    name: String,
    map: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawBattlefieldFile {
    battlefield: Vec<RawBattlefield>,
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
fn draws(ops: &[Op]) -> u32 {
    ops.iter()
        .map(|o| match o {
            Op::Draw { n } => u32::from(*n),
            Op::Choose(opts) => draws(opts),
            _ => 0,
        })
        .sum()
}

fn parse_ops(ops: &[String], p: &mut Problems, card: &str, field: &str) -> Vec<Op> {
    if ops.len() > MAX_OPS {
        p.add(card, field, format!("at most {MAX_OPS} actions"));
    }
    ops.iter()
        .filter_map(|t| match parse_op(t) {
            Ok(op) => Some(op),
            Err(e) => {
                p.add(card, field, format!("{t:?}: {e}"));
                None
            }
        })
        .collect()
}

// ----- validation ------------------------------------------------------------------------------

impl Content {
    pub fn builtin() -> Content {
        Content::from_texts(
            include_str!("data/cards.toml"),
            include_str!("data/samurai.toml"),
            include_str!("data/battlefields.toml"),
        )
        .expect("built-in content is valid")
    }

    /// Content from the texts of the three built-in files (cards, samurai, battlefields).
    pub fn from_texts(cards: &str, samurai: &str, battlefields: &str) -> Result<Content, GameError> {
        let mut c = Content { cards: Vec::new(), samurai: Vec::new(), battlefields: Vec::new(), stun: CardId(0) };
        c.add_cards("senjutsu/cards.toml", cards)?;
        c.add_samurai("senjutsu/samurai.toml", samurai)?;
        c.add_battlefields("senjutsu/battlefields.toml", battlefields)?;
        c.check_owners()?;
        Ok(c)
    }

    pub fn card(&self, id: CardId) -> &Card {
        &self.cards[usize::from(id.0)]
    }
    pub fn card_by_id(&self, key: &str) -> Option<CardId> {
        self.cards.iter().position(|c| c.id == key).map(|i| CardId(i as u16))
    }
    pub fn samurai_by_id(&self, key: &str) -> Option<usize> {
        self.samurai.iter().position(|s| s.id == key)
    }
    pub fn battlefield_by_id(&self, key: &str) -> Option<usize> {
        self.battlefields.iter().position(|b| b.id == key)
    }

    /// Adds pool cards. Samurai files name cards, so cards come first; the stun card is always
    /// the last kind (re-added after each file).
    pub fn add_cards(&mut self, file: &str, text: &str) -> Result<(), GameError> {
        let raw: RawCards = parse_toml(file, text)?;
        let mut p = Problems::new(file);
        // The stun card is re-added at the end.
        if let Some(i) = self.cards.iter().position(|c| c.ty == CardType::Stun) {
            self.cards.remove(i);
        }
        let mut new = Vec::new();
        for r in raw.card {
            if let Some(card) = self.build_card(r, &mut p, &new) {
                new.push(card);
            }
        }
        // Any two kinds can meet in one hand (decks are built from the whole pool).
        let known = self.cards.iter().map(|c| (c.id.as_str(), c.name.as_str())).chain([("stun", "Stun")]);
        p.distinct_names(known, new.iter().map(|c| (c.id.as_str(), c.name.as_str())));
        p.require(self.cards.len() + new.len() < MAX_KINDS, "", "card", || {
            format!("at most {} card kinds in all", MAX_KINDS - 1)
        });
        p.into_result()?;
        self.cards.extend(new);
        self.push_stun();
        Ok(())
    }

    fn push_stun(&mut self) {
        self.stun = CardId(self.cards.len() as u16);
        self.cards.push(Card {
            id: "stun".into(),
            name: "Stun".into(),
            number: 0,
            rank: 0,
            ty: CardType::Stun,
            initiative: vec![0],
            instant: Instant::None,
            requires: None,
            owner: None,
            copies: 0,
            parts: Vec::new(),
            bonus: Vec::new(),
            text: "Stun: no effect; leaves the hand only when played".into(),
        });
    }

    fn build_card(&self, r: RawCard, p: &mut Problems, new: &[Card]) -> Option<Card> {
        let k = r.id.clone();
        let before = p.len();
        p.require(!r.id.is_empty() && r.id != "stun", &k, "id", || {
            "must be a non-empty key other than \"stun\"".into()
        });
        let dup = self.cards.iter().chain(new).any(|c| c.id == r.id);
        p.require(!dup, &k, "id", || "already used, by a built-in entry or an earlier one: ids must be new".into());
        let dup_number = self.cards.iter().chain(new).any(|c| c.number == r.number && c.ty != CardType::Core);
        p.require(!dup_number && r.number > 0, &k, "number", || "card numbers must be unique and positive".into());
        p.require((1..=3).contains(&r.rank), &k, "rank", || "rank must be 1..=3".into());
        p.require(matches!(r.ty, CardType::Defense | CardType::Attack | CardType::Meditation), &k, "type", || {
            "pool cards are defense, attack or meditation".into()
        });
        // An add instant with no initiative is `[=]`: it resolves right after its host (SJ-12.5).
        let attached = r.initiative.is_empty() && r.instant == Instant::Add;
        p.require(
            (attached || (1..=2).contains(&r.initiative.len()))
                && r.initiative.len() <= 2
                && r.initiative.iter().all(|&i| i <= MAX_INITIATIVE)
                && r.initiative.windows(2).all(|w| w[0] < w[1]),
            &k,
            "initiative",
            || "one or two increasing values in 0..=9 ([] only for an add instant: [=])".into(),
        );
        p.require((1..=4).contains(&r.copies), &k, "copies", || "copies must be 1..=4".into());
        let mut card = self.finish_card(
            &k,
            r.name,
            r.number,
            r.rank,
            r.ty,
            r.initiative,
            r.instant,
            &r.ops,
            &r.parts,
            &r.bonus,
            p,
        );
        card.requires = r.requires;
        card.copies = r.copies;
        card.text = card.describe();
        // A samurai key; samurai load later, so `check_owners` resolves it.
        card.owner = r.owner;
        card.id = r.id;
        (p.len() == before).then_some(card)
    }

    #[allow(clippy::too_many_arguments)]
    fn finish_card(
        &self,
        k: &str,
        name: String,
        number: u16,
        rank: u8,
        ty: CardType,
        initiative: Vec<u8>,
        instant: Instant,
        ops: &[String],
        parts: &[RawPart],
        bonus: &[RawBonus],
        p: &mut Problems,
    ) -> Card {
        let first = if initiative.is_empty() { Timing::Same } else { Timing::Card };
        let mut all = vec![Part { timing: first, ops: parse_ops(ops, p, k, "do") }];
        p.require(!ops.is_empty(), k, "do", || "a card needs at least one action".into());
        p.require(parts.len() < MAX_PARTS, k, "then", || format!("at most {} later parts", MAX_PARTS - 1));
        for (i, part) in parts.iter().enumerate() {
            let field = format!("then[{i}]");
            let timing = match &part.initiative {
                Some(toml::Value::String(s)) if s == "=" => Timing::Same,
                Some(toml::Value::Integer(x)) if (0..=i64::from(MAX_INITIATIVE)).contains(x) => Timing::At(*x as u8),
                _ => {
                    p.add(k, &field, "initiative must be \"=\" or 0..=9");
                    Timing::Same
                }
            };
            p.require(!part.ops.is_empty(), k, &field, || "a part needs at least one action".into());
            all.push(Part { timing, ops: parse_ops(&part.ops, p, k, &field) });
        }
        let mut bonuses = Vec::new();
        for (i, b) in bonus.iter().enumerate() {
            let field = format!("bonus[{i}]");
            p.require(b.zone != Zone::Gate, k, &field, || "bonus zones are aggression, balance or resolve".into());
            bonuses.push((b.zone, parse_ops(&b.ops, p, k, &field)));
        }
        let all_ops = all.iter().flat_map(|p| p.ops.iter()).chain(bonuses.iter().flat_map(|b| b.1.iter()));
        let total_draw: u32 = all_ops.clone().map(|o| draws(std::slice::from_ref(o))).sum();
        p.require(total_draw <= u32::from(MAX_CARD_DRAW), k, "do", || format!("a card draws at most {MAX_CARD_DRAW}"));
        let zones = [Zone::Aggression, Zone::Balance, Zone::Resolve];
        if zones.iter().any(|z| bonuses.iter().filter(|b| b.0 == *z).count() > 1) {
            p.add(k, "bonus", "one bonus per zone");
        }
        if bonuses.iter().any(|b| b.1.len() + all[0].ops.len() > MAX_OPS) {
            p.add(k, "bonus", format!("first part plus bonus is at most {MAX_OPS} actions"));
        }
        // A `choose` option counts as the card's action: the type must cover every option.
        let flat = all_ops.clone().flat_map(|o| match o {
            Op::Choose(opts) => opts.iter().collect::<Vec<_>>(),
            o => vec![o],
        });
        let attacks = flat.clone().any(|o| matches!(o, Op::Attack { .. }));
        let defends = flat.clone().any(|o| matches!(o, Op::Defend { .. }));
        match ty {
            CardType::Attack => p.require(attacks, k, "type", || "an attack card needs an attack action".into()),
            CardType::Defense => p.require(defends, k, "type", || "a defense card needs a defend action".into()),
            _ => p.require(!attacks && !defends, k, "type", || "only attack and defense cards attack or defend".into()),
        }
        if instant != Instant::Add {
            p.require(all.iter().skip(1).all(|x| x.timing != Timing::Card), k, "then", || {
                "later parts resolve at \"=\" or their own initiative".into()
            });
        }
        Card {
            id: k.to_string(),
            name,
            number,
            rank,
            ty,
            initiative,
            instant,
            requires: None,
            owner: None,
            copies: 0,
            parts: all,
            bonus: bonuses,
            text: String::new(),
        }
    }

    pub fn add_samurai(&mut self, file: &str, text: &str) -> Result<(), GameError> {
        let raw: RawSamuraiFile = parse_toml(file, text)?;
        let mut p = Problems::new(file);
        let stun = self.cards.pop().expect("the stun card is last");
        for r in raw.samurai {
            let k = r.id.clone();
            let before = p.len();
            p.require(self.samurai_by_id(&k).is_none(), &k, "id", || {
                "already used, by a built-in entry or an earlier one: ids must be new".into()
            });
            p.require((3..=MAX_WOUND_LIMIT).contains(&r.wound_limit), &k, "wound_limit", || {
                format!("must be 3..={MAX_WOUND_LIMIT}")
            });
            p.require((1..=9).contains(&r.advantage), &k, "advantage", || "must be 1..=9".into());
            p.require((3..=MAX_HAND_LIMIT).contains(&r.hand_limit), &k, "hand_limit", || {
                format!("must be 3..={MAX_HAND_LIMIT}")
            });
            let tree = build_tree(&r.kamae, &mut p, &k);
            let index = self.samurai.len();
            let core_id = CardId(self.cards.len() as u16);
            let mut core = self.finish_card(
                &format!("{k}.core"),
                r.core.name.clone(),
                0,
                0,
                CardType::Core,
                vec![0],
                Instant::None,
                &r.core.ops,
                &[],
                &[],
                &mut p,
            );
            core.owner = Some(k.clone());
            core.text = core.describe();
            let known = self.cards.iter().chain([&stun]).map(|c| (c.id.as_str(), c.name.as_str()));
            p.distinct_names(known, [(core.id.as_str(), core.name.as_str())]);
            if p.len() > before {
                continue;
            }
            self.cards.push(core);
            let samurai = Samurai {
                id: r.id.clone(),
                name: r.name,
                wound_limit: r.wound_limit,
                advantage: r.advantage,
                hand_limit: r.hand_limit,
                tree,
                core: core_id,
                deck: Vec::new(),
            };
            self.samurai.push(samurai);
            let mut deck: Vec<(String, u8)> = r.deck.into_iter().collect();
            deck.sort();
            let mut cards = Vec::new();
            for (key, n) in deck {
                match self.card_by_id(&key) {
                    Some(id) => cards.extend(std::iter::repeat_n(id, usize::from(n))),
                    None => p.add(&k, "deck", format!("unknown card {key:?}")),
                }
            }
            self.samurai[index].deck = cards;
        }
        self.cards.push(stun);
        self.stun = CardId((self.cards.len() - 1) as u16);
        for i in 0..self.samurai.len() {
            if let Err(e) = self.validate_deck(i, &self.samurai[i].deck) {
                p.add(&self.samurai[i].id, "deck", e);
            }
        }
        p.require(self.cards.len() <= MAX_KINDS, "", "card", || format!("at most {MAX_KINDS} card kinds in all"));
        p.into_result()
    }

    /// The preset deck of samurai `preset` for samurai `seat`: the preset's signature cards are
    /// swapped one for one for the seat's own, in the order of the seat's preset (SJX-12).
    pub fn preset_for(&self, preset: usize, seat: usize) -> Result<Vec<CardId>, String> {
        let key = &self.samurai[seat].id;
        let own = |c: &CardId| self.card(*c).owner.as_ref() == Some(key);
        let mut deck: Vec<CardId> =
            self.samurai[preset].deck.iter().filter(|c| self.card(**c).owner.is_none() || own(c)).copied().collect();
        let missing = self.samurai[preset].deck.len() - deck.len();
        let mine: Vec<CardId> = self.samurai[seat].deck.iter().filter(|c| own(c)).copied().collect();
        if mine.len() < missing {
            return Err(format!(
                "the {} preset holds {missing} signature cards, but {key}'s own preset only {}",
                self.samurai[preset].id,
                mine.len()
            ));
        }
        deck.extend(&mine[..missing]);
        Ok(deck)
    }

    /// Every signature card names a samurai that exists (called once all files are read).
    pub fn check_owners(&self) -> Result<(), GameError> {
        let mut p = Problems::new("senjutsu content");
        for c in &self.cards {
            if let Some(o) = &c.owner {
                p.require(self.samurai_by_id(o).is_some(), &c.id, "owner", || format!("unknown samurai {o:?}"));
            }
        }
        p.into_result()
    }

    /// The cards a decklist names by id, in order, or every name that is no card.
    pub fn cards_by_id(&self, names: &[String]) -> Result<Vec<CardId>, Vec<String>> {
        let unknown: Vec<String> = names.iter().filter(|k| self.card_by_id(k).is_none()).cloned().collect();
        if unknown.is_empty() {
            Ok(names.iter().filter_map(|k| self.card_by_id(k)).collect())
        } else {
            Err(unknown)
        }
    }

    /// Every way `deck` breaks the deck rules for `samurai` (SJ-4.1, SJX-12): 40 cards, deck
    /// cards only, no other samurai's signature cards, no more copies than the pool holds, at
    /// most 8 of rank 3. Empty when it keeps them all.
    pub fn deck_problems(&self, samurai: usize, deck: &[CardId]) -> Vec<String> {
        let mut problems = Vec::new();
        if deck.len() != DECK_SIZE {
            problems.push(format!("a deck holds exactly {DECK_SIZE} ability cards, not {}", deck.len()));
        }
        let mut counts = vec![0u8; self.cards.len()];
        for &id in deck {
            let Some(card) = self.cards.get(usize::from(id.0)) else {
                problems.push(format!("card id {} does not exist", id.0));
                continue;
            };
            if !matches!(card.ty, CardType::Attack | CardType::Defense | CardType::Meditation) {
                problems.push(format!("{}: {} cards are not deck cards", card.id, card.ty.name()));
            }
            if let Some(o) = card.owner.as_ref().filter(|&o| *o != self.samurai[samurai].id) {
                problems.push(format!("{}: a signature card of {o}", card.id));
            }
            let n = &mut counts[usize::from(id.0)];
            *n = n.saturating_add(1);
            if *n == card.copies.saturating_add(1) {
                let held = deck.iter().filter(|&&d| d == id).count();
                problems.push(format!("{}: {held} copies, the pool has {}", card.id, card.copies));
            }
        }
        let rank3 = deck.iter().filter(|&&id| self.cards.get(usize::from(id.0)).is_some_and(|c| c.rank == 3)).count();
        if rank3 > 8 {
            problems.push(format!("{rank3} rank-3 cards; a deck holds at most 8"));
        }
        problems
    }

    /// [`Content::deck_problems`] as one message.
    pub fn validate_deck(&self, samurai: usize, deck: &[CardId]) -> Result<(), String> {
        let problems = self.deck_problems(samurai, deck);
        if problems.is_empty() {
            Ok(())
        } else {
            Err(problems.join("; "))
        }
    }

    pub fn add_battlefields(&mut self, file: &str, text: &str) -> Result<(), GameError> {
        let raw: RawBattlefieldFile = parse_toml(file, text)?;
        let mut p = Problems::new(file);
        for r in raw.battlefield {
            let k = r.id.clone();
            if self.battlefield_by_id(&k).is_some() {
                p.add(&k, "id", "already used, by a built-in entry or an earlier one: ids must be new");
                continue;
            }
            match parse_map(&r.map) {
                Ok((cells, blocked, starts, terrain, rows)) => match Board::new(&cells, &blocked) {
                    Ok(board) => {
                        let far =
                            starts.iter().enumerate().all(|(i, a)| starts[..i].iter().all(|b| a.distance_to(*b) >= 3));
                        p.require(far, &k, "map", || "start hexes must be at least 3 apart".into());
                        p.require(cells.len() <= MAX_CELLS, &k, "map", || format!("at most {MAX_CELLS} hexes"));
                        p.require((4..=6).contains(&starts.len()), &k, "map", || "4..=6 start hexes (S)".into());
                        self.battlefields.push(Battlefield { id: r.id, name: r.name, board, starts, terrain, rows });
                    }
                    Err(e) => p.add(&k, "map", e),
                },
                Err(e) => p.add(&k, "map", e),
            }
        }
        p.into_result()
    }
}

type ParsedMap = (Vec<Hex>, Vec<Hex>, Vec<Hex>, Vec<(Hex, char)>, Vec<String>);

/// A map is rows of cells separated by spaces, odd rows shifted right by half a hex ("odd-r"):
/// `.` open, `S` start hex, `#` rock, `T` tree, `~` water (the last three impassable), `x` no
/// hex.
fn parse_map(map: &str) -> Result<ParsedMap, String> {
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

fn build_tree(raw: &RawTree, p: &mut Problems, k: &str) -> Tree {
    let nodes: Vec<(String, Zone)> = raw.nodes.iter().map(|n| (n.id.clone(), n.zone)).collect();
    p.require((2..=MAX_NODES).contains(&nodes.len()), k, "kamae.nodes", || format!("2..={MAX_NODES} nodes"));
    p.require(
        nodes.first().is_some_and(|n| n.1 == Zone::Gate) && nodes.iter().skip(1).all(|n| n.1 != Zone::Gate),
        k,
        "kamae.nodes",
        || "the first node, and only it, is the gate".into(),
    );
    let mut links = vec![0u8; nodes.len()];
    if nodes.len() > MAX_NODES {
        // Refused above; a link bit per node fits only MAX_NODES of them.
        return Tree { nodes, links };
    }
    let find = |key: &str| nodes.iter().position(|n| n.0 == key);
    // SJ-3.5: the branches are 「相互につながった黒い線」 (lines connected to each other): a link
    // works both ways.
    for l in &raw.links {
        let Some((a, b)) = l.split_once('-') else {
            p.add(k, "kamae.links", format!("{l:?}: write \"a-b\" (branches work both ways)"));
            continue;
        };
        match (find(a.trim()), find(b.trim())) {
            (Some(a), Some(b)) if a != b => {
                links[a] |= 1 << b;
                links[b] |= 1 << a;
            }
            _ => p.add(k, "kamae.links", format!("{l:?}: unknown or equal nodes")),
        }
    }
    // Every stance must be reachable from the gate.
    let mut seen = 1u8;
    let mut frontier = 1u8;
    while frontier != 0 {
        let mut next = 0u8;
        for (i, &l) in links.iter().enumerate() {
            if frontier & (1 << i) != 0 {
                next |= l & !seen;
            }
        }
        seen |= next;
        frontier = next;
    }
    let all = if nodes.len() >= 8 { u8::MAX } else { (1u8 << nodes.len()) - 1 };
    p.require(seen == all, k, "kamae.links", || "every node must be reachable from the gate".into());
    Tree { nodes, links }
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
