//! UFS content: cards (five types, resource symbols, control numbers, block icons, attack icons,
//! keywords and abilities) and preset decks, as the tables the rules use. `load.rs` reads the
//! TOML into plain `Raw*` structs and validates them, reporting every problem with its file,
//! card and field, and checks decks (UF-2.1..UF-2.4) for presets and users' own lists;
//! `language.rs` is the ability language's effects as written; `wording.rs` says a card for people.

mod language;
mod load;
mod wording;

pub use load::BUILTIN;

use std::collections::HashMap;

use serde::Deserialize;

use crate::cards::CardId;

/// Limits of the content (see `docs/rules/ufs.md`, UFX-11). No deck limit is among them: the
/// state and the action space are sized from the decks in play.
pub const MAX_ABILITIES: usize = 3;
pub const MAX_EFFECTS: usize = 4;
pub const MAX_COMBO: usize = 3;
pub const MAX_CARDS: usize = 4096;
/// No deck longer than this keeps UF-2.2 (4 copies of each card the content can hold), so a
/// longer list is refused before it is read.
pub const MAX_LEGAL_DECK: usize = 4 * MAX_CARDS;
pub const MAX_HAND_SIZE: u8 = 8;
pub const MAX_VITALITY: u8 = 40;
/// Largest printed difficulty and control number.
pub const MAX_PRINTED: u8 = 9;

/// The twelve resource symbols, then Infinity (UF-7.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Deserialize, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Symbol {
    Air,
    All,
    Chaos,
    Death,
    Earth,
    Evil,
    Fire,
    Good,
    Life,
    Order,
    Void,
    Water,
    Infinity,
}

impl Symbol {
    pub const TWELVE: [Symbol; 12] = [
        Symbol::Air,
        Symbol::All,
        Symbol::Chaos,
        Symbol::Death,
        Symbol::Earth,
        Symbol::Evil,
        Symbol::Fire,
        Symbol::Good,
        Symbol::Life,
        Symbol::Order,
        Symbol::Void,
        Symbol::Water,
    ];
    pub fn bit(self) -> u16 {
        1 << (self as u16)
    }
    pub fn name(self) -> &'static str {
        match self {
            Symbol::Air => "air",
            Symbol::All => "all",
            Symbol::Chaos => "chaos",
            Symbol::Death => "death",
            Symbol::Earth => "earth",
            Symbol::Evil => "evil",
            Symbol::Fire => "fire",
            Symbol::Good => "good",
            Symbol::Life => "life",
            Symbol::Order => "order",
            Symbol::Void => "void",
            Symbol::Water => "water",
            Symbol::Infinity => "infinity",
        }
    }
    pub fn parse(text: &str) -> Option<Symbol> {
        Symbol::TWELVE.into_iter().chain([Symbol::Infinity]).find(|s| s.name() == text)
    }
}

/// Attack and block zones (UF-10.7). Mid is adjacent to both others; high and low are not
/// adjacent (UF-10.8, UF-10.9).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Deserialize, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Zone {
    High,
    Mid,
    Low,
}

impl Zone {
    pub fn name(self) -> &'static str {
        match self {
            Zone::High => "high",
            Zone::Mid => "mid",
            Zone::Low => "low",
        }
    }
    /// 0 same zone, 1 adjacent, 2 not adjacent.
    pub fn distance(self, other: Zone) -> u8 {
        (self as i8 - other as i8).unsigned_abs()
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Kind {
    Character,
    Foundation,
    Asset,
    Attack,
    Action,
}

impl Kind {
    pub fn name(self) -> &'static str {
        match self {
            Kind::Character => "character",
            Kind::Foundation => "foundation",
            Kind::Asset => "asset",
            Kind::Attack => "attack",
            Kind::Action => "action",
        }
    }
    /// Permanent cards stay in play after the end phase (UF-5.3).
    pub fn permanent(self) -> bool {
        matches!(self, Kind::Character | Kind::Foundation | Kind::Asset)
    }
}

/// When an ability can be used or fires (the ability language's trigger).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Trigger {
    /// Fires when this card passes its check (single-use cards: their effect; permanents: on
    /// entering the pool).
    Play,
    /// Used by its owner in the enhance step of an attack (UF-6.3); once per card per attack.
    Enhance,
    /// Used by the turn player in the combat phase outside an attack (UF-5.2 "abilities of cards
    /// in play"); once per card per turn.
    Form,
    /// Fires after this card blocks successfully.
    Block,
    /// Fires after the owner's attack deals damage (the attack itself, and the owner's cards in
    /// play).
    Damage,
}

impl Trigger {
    pub fn name(self) -> &'static str {
        match self {
            Trigger::Play => "play",
            Trigger::Enhance => "enhance",
            Trigger::Form => "form",
            Trigger::Block => "block",
            Trigger::Damage => "damage",
        }
    }
    pub fn bit(self) -> u8 {
        1 << (self as u8)
    }
    /// Triggers a player chooses to use (and may pay costs for); the others fire by themselves.
    pub fn chosen(self) -> bool {
        matches!(self, Trigger::Enhance | Trigger::Form)
    }
}

/// Whose attack an ability's speed, damage and zone effects change, from its user's side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Whose {
    /// The attack its user makes.
    Yours,
    /// The attack made against its user.
    Theirs,
}

impl Whose {
    pub fn text(self) -> &'static str {
        match self {
            Whose::Yours => "your attack",
            Whose::Theirs => "the attack against you",
        }
    }
    /// Whether the attack in progress is this one for a user who is (or is not) the attacker.
    pub fn fits(self, user_attacks: bool) -> bool {
        user_attacks == (self == Whose::Yours)
    }
}

/// One effect of the ability language.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Effect {
    /// The current attack's speed changes by N.
    Speed(i8),
    /// The current attack's damage changes by N.
    Damage(i8),
    /// The current attack's zone becomes this one.
    SetZone(Zone),
    /// Draw N cards.
    Draw(u8),
    /// Gain N vitality, up to the maximum.
    Heal(u8),
    /// The top N cards of your discard pile go face down under your character as momentum.
    Momentum(u8),
    /// The opponent's next card this turn has +N difficulty (the Breaker keyword's effect).
    Breaker(u8),
    /// Your next check this turn gets +N.
    Control(u8),
    /// Ready N of your committed foundations (leftmost first).
    Ready(u8),
    /// The opponent commits N of its ready foundations (leftmost first).
    Stun(u8),
    /// The opponent's leftmost face-up foundation is turned face down (UF-11.7).
    Shatter,
}

impl Effect {
    /// Effects that change the attack in progress.
    pub fn on_attack(self) -> bool {
        matches!(self, Effect::Speed(_) | Effect::Damage(_) | Effect::SetZone(_))
    }
}

/// What an ability costs (the ability language's cost): commit this card, spend momentum (the
/// Surge keyword, UF-9.2), destroy this card (it goes to the discard pile).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Cost {
    pub commit: bool,
    pub surge: u8,
    pub destroy: bool,
}

impl Cost {
    pub fn is_free(self) -> bool {
        self == Cost::default()
    }
}

/// A condition on an ability, from the ability language: a combo (the cards right before this
/// one in the card pool carry these traits or attack zones, in order) and Desperation (the
/// owner's vitality is below half its maximum).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Condition {
    pub combo: Vec<String>,
    pub desperation: bool,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ability {
    pub trigger: Trigger,
    /// Whose attack the attack effects change; set exactly when the ability has one.
    pub attack: Option<Whose>,
    pub cost: Cost,
    pub condition: Condition,
    pub effects: Vec<Effect>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BlockIcon {
    pub modifier: i8,
    pub zone: Zone,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AttackIcon {
    pub speed: u8,
    pub zone: Zone,
    pub damage: u8,
}

#[derive(Clone, Debug)]
pub struct Card {
    pub id: String,
    pub name: String,
    pub kind: Kind,
    pub difficulty: u8,
    pub control: u8,
    /// The card's resource symbols: a set of three different ones (UF-7.3).
    pub symbols: Vec<Symbol>,
    pub block: Option<BlockIcon>,
    pub attack: Option<AttackIcon>,
    /// Character cards: vitality, hand size, and the person (extra copies attach, UF-11.3).
    pub vitality: u8,
    pub hand_size: u8,
    pub person: String,
    pub unique: bool,
    /// Keyword traits (punch, kick, weapon, throw…): no ability of their own, read by Combo.
    pub traits: Vec<String>,
    /// Breaker: X, kept for the card text; also present as a block-triggered ability.
    pub breaker: u8,
    pub abilities: Vec<Ability>,
    /// Bit `Trigger::bit` set when some ability has that trigger (a fast filter).
    pub triggers: u8,
}

impl Card {
    pub fn has_trait(&self, name: &str) -> bool {
        self.traits.iter().any(|t| t == name) || self.attack.is_some_and(|a| a.zone.name() == name)
    }
}

/// A preset deck: the cards (copies repeated), the starting character, a sideboard.
#[derive(Clone, Debug)]
pub struct Preset {
    pub id: String,
    pub character: CardId,
    pub cards: Vec<CardId>,
    pub sideboard: Vec<CardId>,
}

#[derive(Clone, Debug, Default)]
pub struct Content {
    pub cards: Vec<Card>,
    pub decks: Vec<Preset>,
    index: HashMap<String, CardId>,
}
