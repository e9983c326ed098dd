//! The UFS position: plain data sized for the worst case (piles of card ids, fixed rows of cards
//! in play), its own RNG, JSON in and out, and the invariants a JSON state must hold.

use serde::{Deserialize, Serialize};

use crate::cards::{CardId, Pile};
use crate::core::{derive_seed, GameError, Rng};
use crate::games::ufs::content::{Kind, Zone, MAX_DECK, MAX_HAND_SIZE};
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

impl UfsState {
    /// A state that `observer` cannot tell from this one: the opponent's hand, deck and
    /// mulliganed cards redealt from the same cards, the observer's deck reshuffled, the RNG
    /// reseeded. Hidden pools are sorted before shuffling so the result depends only on what the
    /// observer knows.
    pub fn determinized(&self, observer: usize, seed: u64) -> UfsState {
        let mut s = self.clone();
        let mut rng = Rng::new(seed);
        let opp = &mut s.sides[1 - observer];
        let mut pool: arrayvec::ArrayVec<CardId, { MAX_DECK + MAX_HAND + MAX_MULLIGANED }> = arrayvec::ArrayVec::new();
        pool.extend(opp.hand.iter());
        pool.extend(opp.deck.iter());
        pool.extend(opp.mulliganed.iter());
        pool.sort_unstable();
        rng.shuffle(&mut pool);
        let mut next = pool.into_iter();
        for c in opp.hand.as_mut_slice().iter_mut().chain(opp.deck.as_mut_slice()).chain(opp.mulliganed.as_mut_slice())
        {
            *c = next.next().expect("same number of hidden cards");
        }
        let own = s.sides[observer].deck.as_mut_slice();
        own.sort_unstable();
        rng.shuffle(own);
        s.rng = Rng::new(derive_seed(seed, 1));
        s
    }

    /// The invariants of a reachable position, for states read from JSON.
    pub fn check(&self, game: &Ufs) -> Result<(), GameError> {
        let mut problems: Vec<String> = Vec::new();
        let mut bad = |m: String| problems.push(m);
        let content = &game.content;
        let n_cards = content.cards.len();
        let flipped_ok = self.check.is_none_or(|c| usize::from(c.flipped.0) < n_cards);
        if self.sides.iter().any(|s| s.all_cards().any(|c| usize::from(c.0) >= n_cards)) || !flipped_ok {
            return Err(GameError::deserialization(format!("a card id is outside the card database (0..{n_cards})")));
        }
        for (p, side) in self.sides.iter().enumerate() {
            if side.deck.is_empty() && self.result.is_none() {
                bad(format!("player {p}'s deck is empty but the game is not over (relief refills it at once, UF-3.4)"));
            }
            let mut have: Vec<CardId> = side.all_cards().collect();
            let mut want = game.decks[p].clone();
            want.push(game.characters[p]);
            have.sort_unstable();
            want.sort_unstable();
            if have != want {
                bad(format!("player {p}'s cards across all zones are not exactly its deck"));
            }
            match side.character.as_slice().first() {
                Some(s) if s.card == game.characters[p] => {}
                _ => bad(format!("player {p}'s character row must start with its character card")),
            }
            let person = &content.card(game.characters[p]).person;
            if side.character.as_slice().iter().any(|s| {
                let c = content.card(s.card);
                c.kind != Kind::Character || &c.person != person
            }) {
                bad(format!("player {p}: only copies of the same person attach to the character"));
            }
            let in_play = side.character.as_slice().iter().chain(side.staging.as_slice()).map(|s| s.card);
            if in_play
                .clone()
                .enumerate()
                .any(|(i, c)| content.card(c).unique && in_play.clone().take(i).any(|d| d == c))
            {
                bad(format!("player {p}: two copies of a unique card in play (UF-3.7: only the first one survives)"));
            }
            if side
                .staging
                .as_slice()
                .iter()
                .any(|s| !matches!(content.card(s.card).kind, Kind::Foundation | Kind::Asset))
            {
                bad(format!("player {p}: only foundations and assets stay in the staging area"));
            }
            if side.staging.as_slice().iter().any(|s| s.face_down() && content.card(s.card).kind != Kind::Foundation) {
                bad(format!("player {p}: only foundations are turned face down"));
            }
            if side.pool.as_slice().iter().any(|s| s.committed() || s.face_down()) {
                bad(format!("player {p}: cards in the pool are never committed or face down"));
            }
            if side.vitality > game.max_vitality(p) {
                bad(format!("player {p}'s vitality {} is above its maximum {}", side.vitality, game.max_vitality(p)));
            }
            if !side.mulliganed.is_empty() && !side.mulligan_done {
                bad(format!("player {p} has mulliganed cards but has not decided its mulligan"));
            }
            if matches!(self.phase, Phase::Mulligan { player } if usize::from(player) == p) && side.mulligan_done {
                bad(format!("player {p} is asked to mulligan a second time (UF-2.7: once)"));
            }
            if side.vitality == 0 && self.result.is_none() {
                bad(format!("player {p} has 0 vitality but the game is not over"));
            }
        }
        if self.active > 1 || self.first > 1 {
            bad("active and first must be 0 or 1".into());
        }
        match game.options.max_turns {
            _ if self.turn == 0 => bad("turn counts from 1".into()),
            Some(m) if self.turn > u32::from(m) => bad(format!("turn must be in 1..={m} (the max_turns variant)")),
            _ => {}
        }
        if (self.phase == Phase::Over) != self.result.is_some() {
            bad("a result is present exactly when the phase is over".into());
        }
        let active = usize::from(self.active.min(1));
        let in_attack = matches!(self.phase, Phase::Enhance { .. } | Phase::Block);
        if in_attack && self.attack.is_none() {
            bad("the enhance and block steps need an attack".into());
        }
        if let Some(a) = self.attack {
            match self.sides[active].pool.as_slice().get(usize::from(a.slot)) {
                Some(s) if content.card(s.card).kind == Kind::Attack => {}
                _ => bad("attack.slot must point at an attack card in the turn player's pool".into()),
            }
            if let Some(b) = a.block {
                match self.sides[1 - active].pool.as_slice().get(usize::from(b)) {
                    Some(s) if content.card(s.card).block.is_some() => {}
                    _ => bad("attack.block must point at a block card in the defender's pool".into()),
                }
            }
            if matches!(self.phase, Phase::Combat | Phase::Review | Phase::Momentum | Phase::Mulligan { .. }) {
                bad("no attack outside the enhance, block and check steps".into());
            }
        }
        match (self.phase, self.check) {
            (Phase::Check, Some(c)) => {
                if c.player > 1 || usize::from(c.slot) >= self.sides[usize::from(c.player.min(1))].pool.len() {
                    bad("check.player / check.slot out of range".into());
                }
                if c.have >= c.need {
                    bad("a waiting check must still be failing".into());
                }
                if c.purpose != Purpose::Form && self.attack.is_none() {
                    bad("enhance and block checks happen inside an attack".into());
                }
                let checked = self.sides[usize::from(c.player.min(1))].pool.as_slice().get(usize::from(c.slot));
                match c.purpose {
                    Purpose::Block
                        if usize::from(c.player) != 1 - active
                            || checked.is_some_and(|s| content.card(s.card).block.is_none()) =>
                    {
                        bad("a block check is the defender's, on a card with a block icon".into())
                    }
                    Purpose::Form if usize::from(c.player) != active => bad("a form check is the turn player's".into()),
                    _ => {}
                }
            }
            (Phase::Check, None) => bad("the check step needs a check".into()),
            (_, Some(_)) => bad("a check is present only in the check step".into()),
            _ => {}
        }
        if self.phase == Phase::Momentum && !self.sides[active].pool.as_slice().iter().any(|x| x.damaged()) {
            bad("the momentum step needs a damaging attack in the turn player's pool".into());
        }
        match self.phase {
            Phase::Mulligan { player } if player > 1 => bad("mulligan player must be 0 or 1".into()),
            Phase::Enhance { priority, passes } if priority > 1 || passes > 1 => {
                bad("enhance priority must be 0 or 1 and passes 0 or 1".into())
            }
            _ => {}
        }
        crate::games::ufs::validate::flow(self, game, &mut problems);
        if problems.is_empty() {
            Ok(())
        } else {
            Err(GameError::deserialization(problems.join("; ")))
        }
    }
}
