//! Tekken content: characters (attack cards, combo board, rage cards) and stages, read from TOML
//! into plain structs and then validated into the tables the rules use. Every problem found is
//! reported with its file, card and field.

use std::fmt;

use serde::Deserialize;

use crate::cards::{parse_toml, CardId};
use crate::core::{GameError, ProblemKind, ProblemList};
use crate::hex::{Board, Hex};

/// Most distinct cards, combos and symbols a character may have: these size the state's piles
/// and the action space.
pub const MAX_DECK: usize = 16;
pub const MAX_COMBOS: usize = 4;
pub const MAX_SYMBOLS: usize = 4;
pub const MAX_EXTENSION_SYMBOLS: usize = 3;
pub const RAGE_CARDS: usize = 2;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Deserialize, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Height {
    High,
    Mid,
    Low,
}

impl Height {
    pub const ALL: [Height; 3] = [Height::High, Height::Mid, Height::Low];
    pub fn name(self) -> &'static str {
        match self {
            Height::High => "high",
            Height::Mid => "mid",
            Height::Low => "low",
        }
    }
}

/// Punches are yellow or green, kicks red or blue (TK-2.3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Deserialize, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Colour {
    Yellow,
    Green,
    Red,
    Blue,
}

impl Colour {
    pub const ALL: [Colour; 4] = [Colour::Yellow, Colour::Green, Colour::Red, Colour::Blue];
    pub fn name(self) -> &'static str {
        match self {
            Colour::Yellow => "yellow",
            Colour::Green => "green",
            Colour::Red => "red",
            Colour::Blue => "blue",
        }
    }
    pub fn kind(self) -> Kind {
        match self {
            Colour::Yellow | Colour::Green => Kind::Punch,
            Colour::Red | Colour::Blue => Kind::Kick,
        }
    }
}

/// What an attack card is, printed beside its colour; the colour must agree (TK-2.3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Deserialize, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Kind {
    Punch,
    Kick,
}

impl Kind {
    pub fn name(self) -> &'static str {
        match self {
            Kind::Punch => "punch",
            Kind::Kick => "kick",
        }
    }
}

/// The action icons (TK-6).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Symbol {
    Move,
    Strike(u8),
    Push(u8),
    Sweep,
    Stun,
}

impl Symbol {
    fn parse(text: &str) -> Result<Symbol, String> {
        let mut words = text.split_whitespace();
        let name = words.next().unwrap_or("");
        let amount = words.next().map(|n| n.parse::<u8>());
        let symbol = match (name, amount) {
            ("move", None) => Symbol::Move,
            ("sweep", None) => Symbol::Sweep,
            ("stun", None) => Symbol::Stun,
            ("strike", Some(Ok(n @ 1..=9))) => Symbol::Strike(n),
            ("push", Some(Ok(n @ 1..=9))) => Symbol::Push(n),
            _ => return Err(format!("{text:?} is not a symbol (move, sweep, stun, strike N, push N with N in 1..=9)")),
        };
        if words.next().is_some() {
            return Err(format!("{text:?}: trailing words"));
        }
        Ok(symbol)
    }

    /// Symbols other than move act on the opponent and need close range (TK-11.2).
    pub fn affects_opponent(self) -> bool {
        !matches!(self, Symbol::Move)
    }
}

impl fmt::Display for Symbol {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Symbol::Move => write!(f, "move"),
            Symbol::Strike(n) => write!(f, "strike {n}"),
            Symbol::Push(n) => write!(f, "push {n}"),
            Symbol::Sweep => write!(f, "sweep"),
            Symbol::Stun => write!(f, "stun"),
        }
    }
}

pub fn symbols_text(symbols: &[Symbol]) -> String {
    symbols.iter().map(|s| s.to_string()).collect::<Vec<_>>().join(", ")
}

/// An extension: extra symbols for the next card of the string when that card has `height`
/// (a "connected extension", TK-7).
#[derive(Clone, Debug, PartialEq)]
pub struct Extension {
    pub height: Height,
    pub symbols: Vec<Symbol>,
}

#[derive(Clone, Debug, PartialEq)]
pub struct AttackCard {
    pub id: String,
    pub name: String,
    /// The deck mark: which character's deck the card belongs to (TK-2.6, no effect on play).
    pub deck: String,
    pub height: Height,
    pub colour: Colour,
    pub kind: Kind,
    pub special: bool,
    /// The card's symbol line (TK-2.2).
    pub symbols: Vec<Symbol>,
    /// 1 for a common card, 3 for a special card (TK-2.5).
    pub extensions: Vec<Extension>,
}

/// When a combo triggers: checked against the card just played and the earlier cards of the
/// same string (TK-8.2).
#[derive(Clone, Debug, PartialEq)]
pub enum Condition {
    /// The last cards of the string, oldest first, ending with the card just played.
    Sequence(Vec<Colour>),
    /// At least `count` cards of `colour` in the string so far, the card just played being one.
    Count { colour: Colour, count: u8 },
}

impl Condition {
    /// The condition as printed on the combo board: "yellow then red", "2 green".
    pub fn text(&self) -> String {
        match self {
            Condition::Sequence(colours) => colours.iter().map(|x| x.name()).collect::<Vec<_>>().join(" then "),
            Condition::Count { colour, count } => format!("{count} {}", colour.name()),
        }
    }
}

#[derive(Clone, Debug, PartialEq)]
pub struct Combo {
    pub name: String,
    pub condition: Condition,
    pub symbols: Vec<Symbol>,
}

#[derive(Clone, Debug, PartialEq)]
pub struct RageCard {
    pub name: String,
    pub symbols: Vec<Symbol>,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Character {
    pub id: String,
    pub name: String,
    pub style: String,
    /// The deck, one entry per physical card (copies repeated), as ids into `Content::cards`.
    pub deck: Vec<CardId>,
    pub combos: Vec<Combo>,
    pub rage: [RageCard; RAGE_CARDS],
}

/// What a special hex does to a character entering it (TK-4.5).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SpecialHex {
    /// Deals this much damage to whoever enters.
    Hazard(u8),
}

#[derive(Clone, Debug)]
pub struct Stage {
    pub id: String,
    pub name: String,
    pub board: Board,
    pub start: [Hex; 2],
    pub specials: Vec<(Hex, SpecialHex)>,
    /// Floor-break gimmick (TK-10): cracked hexes on the front and on the back side.
    pub floor_break: Option<[Vec<Hex>; 2]>,
    /// `floor_break`'s hexes as cell indices of `board` (none without the gimmick): the
    /// observation's crack flags, without a board lookup a hex every time.
    pub crack_cells: [Vec<u8>; 2],
}

impl Stage {
    pub fn special(&self, hex: Hex) -> Option<SpecialHex> {
        self.specials.iter().find(|(h, _)| *h == hex).map(|(_, s)| *s)
    }
    /// Whether any hex deals hazard damage (TK-4.5): without one, every dash route (TKX-5) costs
    /// nothing.
    pub fn has_hazards(&self) -> bool {
        self.specials.iter().any(|(_, s)| matches!(s, SpecialHex::Hazard(_)))
    }
    pub fn is_cracked(&self, side: usize, hex: Hex) -> bool {
        self.floor_break.as_ref().is_some_and(|sides| sides[side].contains(&hex))
    }
    /// TK-10.5: with the front side up, the back's cracked hexes are marked in red. The mark
    /// only shows where the floor will break after the flip; it is plain floor until then.
    pub fn red_marked(&self, side: usize, hex: Hex) -> bool {
        side == 0 && self.is_cracked(1, hex)
    }
}

/// All cards of the characters in play, indexed by `CardId`.
#[derive(Clone, Debug, Default)]
pub struct Content {
    pub cards: Vec<AttackCard>,
    pub characters: Vec<Character>,
    pub stages: Vec<Stage>,
}

// ---- plain forms read from TOML -------------------------------------------------------------

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawCharacter {
    id: String,
    name: String,
    style: String,
    cards: Vec<RawCard>,
    combos: Vec<RawCombo>,
    rage: Vec<RawRage>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawCard {
    id: String,
    name: String,
    deck: String,
    height: Height,
    colour: Colour,
    kind: Kind,
    special: bool,
    copies: u8,
    symbols: Vec<String>,
    extensions: Vec<RawExtension>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawExtension {
    height: Height,
    symbols: Vec<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawCombo {
    name: String,
    sequence: Option<Vec<Colour>>,
    count: Option<RawCount>,
    symbols: Vec<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawCount {
    colour: Colour,
    at_least: u8,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawRage {
    name: String,
    symbols: Vec<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawStage {
    id: String,
    name: String,
    radius: u8,
    blocked: Vec<[i8; 2]>,
    start: [[i8; 2]; 2],
    #[serde(default)]
    hazards: Vec<RawHazard>,
    floor_break: Option<RawFloorBreak>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawHazard {
    hex: [i8; 2],
    damage: u8,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawFloorBreak {
    front: Vec<[i8; 2]>,
    back: Vec<[i8; 2]>,
}

fn hex(h: [i8; 2]) -> Hex {
    Hex::new(h[0], h[1])
}

fn parse_symbols(raw: &[String], max: usize, problems: &mut ProblemList, card: &str, field: &str) -> Vec<Symbol> {
    problems.require_card(!raw.is_empty(), ProblemKind::OutOfRange, card, field, || "needs at least one symbol".into());
    problems.require_card(raw.len() <= max, ProblemKind::OutOfRange, card, field, || {
        format!("at most {max} symbols, found {}", raw.len())
    });
    raw.iter()
        .enumerate()
        .filter_map(|(i, s)| match Symbol::parse(s) {
            Ok(sym) => Some(sym),
            Err(e) => {
                problems.add_card(ProblemKind::Invalid, card, format!("{field}[{i}]"), e);
                None
            }
        })
        .collect()
}

impl Content {
    /// The content that ships with kumite.
    pub fn builtin() -> Content {
        let mut content = Content::default();
        for (file, text) in BUILTIN_CHARACTERS {
            if let Err(e) = content.add_character(file, text) {
                panic!("built-in character {file} is invalid: {e}");
            }
        }
        for (file, text) in BUILTIN_STAGES {
            if let Err(e) = content.add_stage(file, text) {
                panic!("built-in stage {file} is invalid: {e}");
            }
        }
        content
    }

    /// Reads one character file; on any problem nothing is added and every problem is listed.
    pub fn add_character(&mut self, file: &str, text: &str) -> Result<(), GameError> {
        let raw: RawCharacter = parse_toml(file, text)?;
        let mut p = ProblemList::in_file(file);
        let cid = raw.id.as_str();
        p.require_card(!cid.is_empty(), ProblemKind::Invalid, cid, "id", || "must not be empty".into());
        p.require_card(self.characters.iter().all(|c| c.id != raw.id), ProblemKind::Duplicate, cid, "id", || {
            "a character with this id is already loaded".into()
        });
        let mut cards = Vec::new();
        let mut deck = Vec::new();
        for (i, rc) in raw.cards.iter().enumerate() {
            let at = if rc.id.is_empty() { format!("{cid}.cards[{i}]") } else { rc.id.clone() };
            p.require_card(!rc.id.is_empty(), ProblemKind::Invalid, &at, "id", || "must not be empty".into());
            p.require_card(
                raw.cards[..i].iter().all(|o| o.id != rc.id) && self.cards.iter().all(|o| o.id != rc.id),
                ProblemKind::Duplicate,
                &at,
                "id",
                || "duplicate card id".into(),
            );
            p.require_card(rc.deck == raw.id, ProblemKind::Invalid, &at, "deck", || {
                format!("deck mark {:?} is not this character's ({cid:?})", rc.deck)
            });
            p.require_card(rc.copies >= 1, ProblemKind::OutOfRange, &at, "copies", || "at least 1".into());
            p.require_card(rc.colour.kind() == rc.kind, ProblemKind::Invalid, &at, "colour", || {
                format!(
                    "a {} is {}, not {}",
                    rc.kind.name(),
                    if rc.kind == Kind::Punch { "yellow or green" } else { "red or blue" },
                    rc.colour.name()
                )
            });
            let symbols = parse_symbols(&rc.symbols, MAX_SYMBOLS, &mut p, &at, "symbols");
            let want = if rc.special { 3 } else { 1 };
            p.require_card(rc.extensions.len() == want, ProblemKind::OutOfRange, &at, "extensions", || {
                format!(
                    "a {} card has {want} extension(s), found {}",
                    if rc.special { "special" } else { "common" },
                    rc.extensions.len()
                )
            });
            let mut extensions = Vec::new();
            for (j, e) in rc.extensions.iter().enumerate() {
                p.require_card(
                    rc.extensions[..j].iter().all(|o| o.height != e.height),
                    ProblemKind::Invalid,
                    &at,
                    &format!("extensions[{j}].height"),
                    || "two extensions of one card connect to the same height".into(),
                );
                let field = format!("extensions[{j}].symbols");
                let symbols = parse_symbols(&e.symbols, MAX_EXTENSION_SYMBOLS, &mut p, &at, &field);
                extensions.push(Extension { height: e.height, symbols });
            }
            let id = CardId((self.cards.len() + cards.len()) as u16);
            for _ in 0..rc.copies {
                deck.push(id);
            }
            cards.push(AttackCard {
                id: rc.id.clone(),
                name: rc.name.clone(),
                deck: rc.deck.clone(),
                height: rc.height,
                colour: rc.colour,
                kind: rc.kind,
                special: rc.special,
                symbols,
                extensions,
            });
        }
        // A character's cards meet in one hand (cards of other characters never do).
        p.distinct_names([], cards.iter().map(|c: &AttackCard| (c.id.as_str(), c.name.as_str())));
        p.require_card(deck.len() >= 6 && deck.len() <= MAX_DECK, ProblemKind::OutOfRange, cid, "cards", || {
            format!("a deck holds 6..={MAX_DECK} cards counting copies, found {}", deck.len())
        });
        p.require_card(
            !raw.combos.is_empty() && raw.combos.len() <= MAX_COMBOS,
            ProblemKind::OutOfRange,
            cid,
            "combos",
            || format!("a combo board has 1..={MAX_COMBOS} combos, found {}", raw.combos.len()),
        );
        let mut combos = Vec::new();
        for (i, rc) in raw.combos.iter().enumerate() {
            let field = format!("combos[{i}]");
            p.require_card(
                raw.combos[..i].iter().all(|o| o.name != rc.name),
                ProblemKind::Duplicate,
                cid,
                &format!("{field}.name"),
                || "two combos share this name".into(),
            );
            let condition = match (&rc.sequence, &rc.count) {
                (Some(seq), None) if (1..=4).contains(&seq.len()) => Condition::Sequence(seq.clone()),
                (None, Some(c)) if (1..=4).contains(&c.at_least) => {
                    Condition::Count { colour: c.colour, count: c.at_least }
                }
                _ => {
                    p.add_card(
                        ProblemKind::OutOfRange,
                        cid,
                        &field,
                        "needs exactly one of `sequence` (1..=4 colours) or `count` (at_least 1..=4)",
                    );
                    continue;
                }
            };
            let symbols = parse_symbols(&rc.symbols, MAX_SYMBOLS, &mut p, cid, &format!("{field}.symbols"));
            combos.push(Combo { name: rc.name.clone(), condition, symbols });
        }
        p.require_card(
            raw.rage.len() < 2 || raw.rage[0].name != raw.rage[1].name,
            ProblemKind::Duplicate,
            cid,
            "rage",
            || "the two rage cards need different names".into(),
        );
        p.require_card(raw.rage.len() == RAGE_CARDS, ProblemKind::OutOfRange, cid, "rage", || {
            format!("a character has {RAGE_CARDS} rage cards, found {}", raw.rage.len())
        });
        let rage: Vec<RageCard> = raw
            .rage
            .iter()
            .enumerate()
            .map(|(i, r)| RageCard {
                name: r.name.clone(),
                symbols: parse_symbols(&r.symbols, MAX_SYMBOLS, &mut p, cid, &format!("rage[{i}].symbols")),
            })
            .collect();
        p.into_result()?;
        self.cards.extend(cards);
        self.characters.push(Character {
            id: raw.id,
            name: raw.name,
            style: raw.style,
            deck,
            combos,
            rage: rage.try_into().expect("checked above"),
        });
        Ok(())
    }

    /// Reads one stage file; on any problem nothing is added and every problem is listed.
    pub fn add_stage(&mut self, file: &str, text: &str) -> Result<(), GameError> {
        let raw: RawStage = parse_toml(file, text)?;
        let mut p = ProblemList::in_file(file);
        let sid = raw.id.as_str();
        p.require_card(self.stages.iter().all(|s| s.id != raw.id), ProblemKind::Duplicate, sid, "id", || {
            "a stage with this id is already loaded".into()
        });
        p.require_card((2..=6).contains(&raw.radius), ProblemKind::OutOfRange, sid, "radius", || {
            "must be in 2..=6".into()
        });
        let radius = raw.radius.clamp(2, 6);
        let cells = Hex::new(0, 0).spiral(radius);
        let blocked: Vec<Hex> = raw.blocked.iter().copied().map(hex).collect();
        let board = match Board::new(&cells, &blocked) {
            Ok(b) => Some(b),
            Err(e) => {
                p.add_card(ProblemKind::Invalid, sid, "blocked", e);
                None
            }
        };
        let start = [hex(raw.start[0]), hex(raw.start[1])];
        let mut specials = Vec::new();
        for (i, h) in raw.hazards.iter().enumerate() {
            p.require_card(
                h.damage >= 1 && h.damage <= 3,
                ProblemKind::OutOfRange,
                sid,
                &format!("hazards[{i}].damage"),
                || "must be in 1..=3".into(),
            );
            specials.push((hex(h.hex), SpecialHex::Hazard(h.damage)));
        }
        if let Some(board) = &board {
            for (i, s) in start.iter().enumerate() {
                p.require_card(board.is_open(*s), ProblemKind::Invalid, sid, &format!("start[{i}]"), || {
                    format!("({}, {}) is not an open hex of the stage", s.q, s.r)
                });
            }
            p.require_card(start[0] != start[1], ProblemKind::Invalid, sid, "start", || {
                "the two start hexes must differ".into()
            });
            p.require_card(
                board.path_distance(start[0], start[1]).is_some(),
                ProblemKind::Invalid,
                sid,
                "start",
                || "no path joins the two start hexes".into(),
            );
            for (i, (h, _)) in specials.iter().enumerate() {
                p.require_card(
                    board.is_open(*h) && !start.contains(h),
                    ProblemKind::Invalid,
                    sid,
                    &format!("hazards[{i}].hex"),
                    || format!("({}, {}) must be an open hex other than a start hex", h.q, h.r),
                );
            }
            if let Some(fb) = &raw.floor_break {
                for (side, list) in [("front", &fb.front), ("back", &fb.back)] {
                    p.require_card(
                        !list.is_empty(),
                        ProblemKind::OutOfRange,
                        sid,
                        &format!("floor_break.{side}"),
                        || "needs at least one cracked hex".into(),
                    );
                    for (i, h) in list.iter().enumerate() {
                        p.require_card(
                            board.is_open(hex(*h)),
                            ProblemKind::Invalid,
                            sid,
                            &format!("floor_break.{side}[{i}]"),
                            || format!("({}, {}) is not an open hex of the stage", h[0], h[1]),
                        );
                    }
                }
            }
        }
        p.into_result()?;
        let floor_break: Option<[Vec<Hex>; 2]> =
            raw.floor_break.map(|fb| [fb.front.into_iter().map(hex).collect(), fb.back.into_iter().map(hex).collect()]);
        let board = board.expect("checked above");
        let crack_cells = floor_break.as_ref().map_or_else(Default::default, |sides| {
            sides.each_ref().map(|list| list.iter().filter_map(|&h| board.index_of(h)).collect())
        });
        self.stages.push(Stage { id: raw.id, name: raw.name, board, start, specials, floor_break, crack_cells });
        Ok(())
    }

    pub fn character(&self, id: &str) -> Option<usize> {
        self.characters.iter().position(|c| c.id == id)
    }
    pub fn stage(&self, id: &str) -> Option<usize> {
        self.stages.iter().position(|s| s.id == id)
    }
    pub fn card(&self, id: CardId) -> &AttackCard {
        &self.cards[usize::from(id.0)]
    }
}

const BUILTIN_CHARACTERS: &[(&str, &str)] = &[
    ("characters/rook.toml", include_str!("data/characters/rook.toml")),
    ("characters/vessa.toml", include_str!("data/characters/vessa.toml")),
    ("characters/kaito.toml", include_str!("data/characters/kaito.toml")),
    ("characters/marrow.toml", include_str!("data/characters/marrow.toml")),
];

const BUILTIN_STAGES: &[(&str, &str)] = &[
    ("stages/moonlit_dojo.toml", include_str!("data/stages/moonlit_dojo.toml")),
    ("stages/fault_line.toml", include_str!("data/stages/fault_line.toml")),
];
