//! The UFS position: plain data sized for the worst case (piles of card ids, fixed rows of cards
//! in play), its own RNG, JSON in and out, and the invariants a JSON state must hold.

use serde::{Deserialize, Serialize};

use crate::cards::{CardId, Pile};
use crate::core::Rng;
use crate::games::ufs::content::{Zone, MAX_DECK, MAX_HAND_SIZE};
use crate::games::ufs::Ufs;

/// Largest hand: a whole deck. A hand holds only cards of its player's deck, so no draw ever
/// finds it full (UFX-11): nothing discards at the end of a turn, and draw effects add on.
pub const MAX_HAND: usize = MAX_DECK;
/// The opening hand set aside by the mulligan (UF-2.7): at most the hand size.
pub const MAX_MULLIGANED: usize = MAX_HAND_SIZE as usize;

/// never needed; no card is put into a full pool (UFX-11).
pub const MAX_POOL: usize = MAX_DECK;
/// Foundations and assets in the staging area. A deck holds at most this many (a loader
/// capacity), and each card is staged at most once, so the area is never full (UFX-11).
pub const MAX_STAGING: usize = 40;
/// The character and the copies attached to it (UF-11.3). A deck holds at most this many
/// character cards (a loader capacity), so the row is never full (UFX-11).
pub const MAX_CHARS: usize = 8;

/// A card in play (character, staging area or card pool) and its marks, packed in one byte so
/// rows sized for a whole deck stay small (a search copies the state at every iteration). Its
/// JSON form is `SlotJson`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(from = "SlotJson", into = "SlotJson")]
pub struct Slot {
    pub card: CardId,
    marks: u8,
}

/// The marks of a card in play, as bits of `Slot::marks` (getter, setter, bit).
macro_rules! marks {
    ($($(#[$doc:meta])* $get:ident, $set:ident, $bit:expr;)*) => {
        impl Slot {
            $(
                $(#[$doc])*
                pub fn $get(&self) -> bool {
                    self.marks & $bit != 0
                }
                pub fn $set(&mut self, on: bool) {
                    if on {
                        self.marks |= $bit;
                    } else {
                        self.marks &= !$bit;
                    }
                }
            )*
        }
    };
}

marks! {
    /// Sideways (UF-3.1). For the character row only the first entry's mark counts: the
    /// character and its attached copies are one card (UF-11.3).
    committed, set_committed, 1;
    /// Face down: no abilities, still commits for +1 (UF-11.7).
    face_down, set_face_down, 2;
    /// Its form ability was used this turn.
    used_turn, set_used_turn, 4;
    /// Its enhance ability was used in this attack.
    used_attack, set_used_attack, 8;
    /// An attack in the pool that dealt damage and may still become momentum (UF-5.3).
    damaged, set_damaged, 16;
}

impl Slot {
    pub fn new(card: CardId) -> Slot {
        Slot { card, marks: 0 }
    }
}

/// A `Slot` in JSON states: the card and each mark by name (absent marks are off).
#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct SlotJson {
    card: CardId,
    #[serde(default)]
    committed: bool,
    #[serde(default)]
    face_down: bool,
    #[serde(default)]
    used_turn: bool,
    #[serde(default)]
    used_attack: bool,
    #[serde(default)]
    damaged: bool,
}

impl From<SlotJson> for Slot {
    fn from(j: SlotJson) -> Slot {
        let mut s = Slot::new(j.card);
        s.set_committed(j.committed);
        s.set_face_down(j.face_down);
        s.set_used_turn(j.used_turn);
        s.set_used_attack(j.used_attack);
        s.set_damaged(j.damaged);
        s
    }
}

impl From<Slot> for SlotJson {
    fn from(s: Slot) -> SlotJson {
        SlotJson {
            card: s.card,
            committed: s.committed(),
            face_down: s.face_down(),
            used_turn: s.used_turn(),
            used_attack: s.used_attack(),
            damaged: s.damaged(),
        }
    }
}

/// A left-aligned row of at most `N` cards in play.
#[derive(Clone, Copy, Debug)]
pub struct Row<const N: usize> {
    len: u8,
    items: [Slot; N],
}

impl<const N: usize> PartialEq for Row<N> {
    fn eq(&self, other: &Self) -> bool {
        self.as_slice() == other.as_slice()
    }
}
impl<const N: usize> Eq for Row<N> {}

impl<const N: usize> Default for Row<N> {
    fn default() -> Self {
        Row { len: 0, items: [Slot::new(CardId(0)); N] }
    }
}

impl<const N: usize> Row<N> {
    pub fn len(&self) -> usize {
        usize::from(self.len)
    }
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }
    pub fn is_full(&self) -> bool {
        self.len() == N
    }
    pub fn as_slice(&self) -> &[Slot] {
        &self.items[..self.len()]
    }
    pub fn as_mut_slice(&mut self) -> &mut [Slot] {
        let n = self.len();
        &mut self.items[..n]
    }
    pub fn push(&mut self, slot: Slot) {
        assert!(self.len() < N, "row of {N} overflows");
        self.items[self.len()] = slot;
        self.len += 1;
    }
    pub fn remove(&mut self, i: usize) -> Slot {
        let n = self.len();
        assert!(i < n, "remove {i} from a row of {n}");
        let s = self.items[i];
        self.items.copy_within(i + 1..n, i);
        self.len -= 1;
        s
    }
    pub fn clear(&mut self) {
        self.len = 0;
    }
    pub fn cards(&self) -> impl Iterator<Item = CardId> + '_ {
        self.as_slice().iter().map(|s| s.card)
    }
}

impl<const N: usize> Serialize for Row<N> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        self.as_slice().serialize(s)
    }
}

impl<'de, const N: usize> Deserialize<'de> for Row<N> {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let items = Vec::<Slot>::deserialize(d)?;
        if items.len() > N {
            return Err(serde::de::Error::custom(format!("a row holds at most {N} cards, found {}", items.len())));
        }
        let mut row = Row::default();
        for s in items {
            row.push(s);
        }
        Ok(row)
    }
}

/// One player's side of the table.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Side {
    pub vitality: u8,
    pub deck: Pile<MAX_DECK>,
    pub hand: Pile<MAX_HAND>,
    pub discard: Pile<MAX_DECK>,
    /// Removed from the game by library-out relief (UF-3.4): public.
    pub removed: Pile<MAX_DECK>,
    /// Removed from the game by the mulligan (UF-2.7): face down, hidden from the opponent.
    pub mulliganed: Pile<MAX_MULLIGANED>,
    /// Face down under the character (UF-9): which cards is public, their text is gone.
    pub momentum: Pile<MAX_DECK>,
    /// The character first, then the copies attached to it.
    pub character: Row<MAX_CHARS>,
    pub staging: Row<MAX_STAGING>,
    pub pool: Row<MAX_POOL>,
    /// Added to this player's next check this turn (the `control` effect).
    pub control_bonus: u8,
    /// Added to the difficulty of this player's next card this turn (Breaker).
    pub breaker: u8,
    /// Whether this player has made its mulligan decision.
    pub mulligan_done: bool,
}

impl Side {
    pub fn all_cards(&self) -> impl Iterator<Item = CardId> + '_ {
        self.deck
            .iter()
            .chain(self.hand.iter())
            .chain(self.discard.iter())
            .chain(self.removed.iter())
            .chain(self.mulliganed.iter())
            .chain(self.momentum.iter())
            .chain(self.character.cards())
            .chain(self.staging.cards())
            .chain(self.pool.cards())
    }
    pub fn character_committed(&self) -> bool {
        self.character.as_slice().first().is_some_and(|s| s.committed())
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Phase {
    /// `player` chooses to mulligan or keep (UF-2.7, UF-4.5).
    Mulligan {
        player: u8,
    },
    /// Ready phase, review step: the turn player may discard one card (UF-5.1).
    Review,
    /// Combat phase outside an attack (UF-5.2).
    Combat,
    /// Enhance step (UF-6.3): `priority` acts; `passes` in a row so far.
    Enhance {
        priority: u8,
        passes: u8,
    },
    /// Block step (UF-6.4): the defender blocks or not.
    Block,
    /// A control check that failed on the flip: its player may commit cards for +1 (UF-8.7).
    Check,
    /// End phase: the turn player decides whether its leftmost damaging attack becomes momentum.
    Momentum,
    Over,
}

/// Why a card is being checked.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Purpose {
    /// A card played in the combat phase (UF-8.10: failing ends the phase).
    Form,
    /// An action played from hand for its enhance.
    Enhance,
    Block,
}

/// The attack in progress (UF-6): its current values after modifiers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Attack {
    /// Index of the attack card in the attacker's pool.
    pub slot: u8,
    pub speed: i8,
    pub damage: i8,
    pub zone: Zone,
    /// Index of the successful block card in the defender's pool.
    pub block: Option<u8>,
}

/// A check waiting for its player's commits (UF-8.4, UF-8.7).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Check {
    pub player: u8,
    /// The checked card's index in that player's pool.
    pub slot: u8,
    pub purpose: Purpose,
    /// The difficulty to reach.
    pub need: u8,
    /// The flipped control number plus bonuses and commits so far.
    pub have: u8,
    /// The card turned over (now on top of the discard pile).
    pub flipped: CardId,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct UfsState {
    pub phase: Phase,
    /// The turn player (the attacker in an attack).
    pub active: u8,
    /// Who played the first turn (UF-4.3).
    pub first: u8,
    /// Turn number, from 1. With no turn limit (the seed's game) it saturates at `u32::MAX`,
    /// far beyond any run's bound, rather than wrap.
    pub turn: u32,
    pub sides: [Side; 2],
    pub attack: Option<Attack>,
    pub check: Option<Check>,
    /// Returns for players 0 and 1 once the game is over.
    pub result: Option<[i8; 2]>,
    pub rng: Rng,
}

pub use crate::core::Event;

/// Whose decision it is (`None` once the game is over).
pub(crate) fn current_player(state: &UfsState) -> Option<usize> {
    let a = usize::from(state.active);
    match state.phase {
        Phase::Over => None,
        Phase::Mulligan { player } => Some(usize::from(player)),
        Phase::Review | Phase::Combat | Phase::Momentum => Some(a),
        Phase::Enhance { priority, .. } => Some(usize::from(priority)),
        Phase::Block => Some(1 - a),
        Phase::Check => state.check.map(|c| usize::from(c.player)),
    }
}

impl UfsState {
    pub fn new(game: &Ufs, seed: u64) -> UfsState {
        let mut rng = Rng::new(seed);
        // UF-4.3: the first player is decided (option, or a seeded coin flip).
        let first = match game.options.first_player {
            Some(p) => p,
            None => rng.below(2) as u8,
        };
        let side = |p: usize, rng: &mut Rng| {
            // UF-4.1, UF-4.2: the chosen character is placed, the rest shuffled into the deck.
            let mut deck: Pile<{ crate::games::ufs::content::MAX_DECK }> = game.decks[p].iter().copied().collect();
            deck.shuffle(rng);
            let mut character = Row::default();
            character.push(Slot::new(game.characters[p]));
            Side {
                vitality: game.max_vitality(p),
                deck,
                hand: Pile::new(),
                discard: Pile::new(),
                removed: Pile::new(),
                mulliganed: Pile::new(),
                momentum: Pile::new(),
                character,
                staging: Row::default(),
                pool: Row::default(),
                control_bonus: 0,
                breaker: 0,
                mulligan_done: false,
            }
        };
        let sides = [side(0, &mut rng), side(1, &mut rng)];
        let mut s = UfsState {
            phase: Phase::Mulligan { player: first },
            active: first,
            first,
            turn: 1,
            sides,
            attack: None,
            check: None,
            result: None,
            rng,
        };
        // UF-4.3: the first player commits its character (UF-2.8).
        s.sides[usize::from(first)].character.as_mut_slice()[0].set_committed(true);
        // UF-4.4: both draw up to hand size.
        for p in [usize::from(first), 1 - usize::from(first)] {
            s.draw_up(game, p, &mut crate::core::NoEvents);
        }
        s
    }
}
