//! Senjutsu content: samurai (console, kamae tree, core card), the ability-card pool, preset
//! decks and battlefields, as the tables the rules use. Card actions are written in a small text
//! language (`language.rs`), so a card is data, never code; `load.rs` reads the TOML into plain
//! `Raw*` structs and validates them, reporting every problem with its file, card and field;
//! `wording.rs` says cards and actions in words for players.

mod language;
mod load;
mod wording;

pub use language::{cell_name, parse_op};
pub use wording::words;

use serde::Deserialize;

use crate::cards::CardId;
use crate::hex::{Board, Hex};

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
