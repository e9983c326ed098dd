//! The UFS position: each side's cards in one arena sized by its deck (every zone a stretch of
//! it), its own RNG, JSON in and out; whose turn it is, and what the position is worth (`returns`,
//! `heuristic`).

use serde::{Deserialize, Serialize};

use crate::cards::{CardId, Rank};
use crate::core::Rng;
use crate::games::ufs::content::Zone;
use crate::games::ufs::game::Ufs;

/// A card and its marks (cards in play only; elsewhere they are off), packed in one byte so the
/// arena stays small (a search copies the state at every iteration). Its JSON form is
/// `SlotJson`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
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

/// A hidden card has no marks (piles hold card ids), so it sorts by its card's rank; a marked
/// one sorts by comparing.
impl Rank for Slot {
    #[inline]
    fn rank(self) -> Option<u8> {
        if self.marks == 0 {
            self.card.rank()
        } else {
            None
        }
    }
    #[inline]
    fn from_rank(rank: u8) -> Self {
        Slot::new(CardId::from_rank(rank))
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

/// A zone of a side: where each of its cards lies. The order is the arena's.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum At {
    Deck,
    Hand,
    Discard,
    /// Removed from the game by library-out relief (UF-3.4): public.
    Removed,
    /// Removed from the game by the mulligan (UF-2.7): face down, hidden from the opponent.
    Mulliganed,
    /// Face down under the character (UF-9): which cards is public, their text is gone.
    Momentum,
    /// The character first, then the copies attached to it.
    Character,
    Staging,
    Pool,
}

const ZONES: usize = 9;

/// A zone's cards, read-only: card ids in order (`iter`, `cards`) or slots with their marks.
#[derive(Clone, Copy, Debug)]
pub struct Cards<'a>(&'a [Slot]);

impl<'a> Cards<'a> {
    pub fn len(&self) -> usize {
        self.0.len()
    }
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
    pub fn as_slice(&self) -> &'a [Slot] {
        self.0
    }
    pub fn iter(&self) -> impl Iterator<Item = CardId> + Clone + 'a {
        self.0.iter().map(|s| s.card)
    }
    pub fn cards(&self) -> impl Iterator<Item = CardId> + Clone + 'a {
        self.iter()
    }
    pub fn get(&self, i: usize) -> Option<CardId> {
        self.0.get(i).map(|s| s.card)
    }
    pub fn contains(&self, card: CardId) -> bool {
        self.0.iter().any(|s| s.card == card)
    }
}

impl PartialEq for Cards<'_> {
    fn eq(&self, other: &Self) -> bool {
        self.0 == other.0
    }
}

/// A zone of one side, to change: cards come and go at its top (the end), or at an index.
pub struct ZoneMut<'a> {
    side: &'a mut Side,
    at: usize,
}

impl<'a> ZoneMut<'a> {
    pub fn len(&self) -> usize {
        self.side.range(self.at).len()
    }
    pub fn into_slice(self) -> &'a mut [Slot] {
        let r = self.side.range(self.at);
        &mut self.side.cards[r]
    }
    /// Puts a card on top; a bare card id arrives with no marks.
    pub fn push(&mut self, card: impl Into<Slot>) {
        self.side.insert(self.at, card.into());
    }
    pub fn remove(&mut self, i: usize) -> Slot {
        self.side.take(self.at, i)
    }
    pub fn pop(&mut self) -> Option<CardId> {
        let n = self.len();
        (n > 0).then(|| self.side.take(self.at, n - 1).card)
    }
    pub fn clear(&mut self) {
        let r = self.side.range(self.at);
        let n = r.len() as u32;
        self.side.cards.drain(r);
        self.side.ends[self.at..].iter_mut().for_each(|e| *e -= n);
    }
    pub fn shuffle(&mut self, rng: &mut Rng) {
        let r = self.side.range(self.at);
        rng.shuffle(&mut self.side.cards[r]);
    }
    /// Moves up to `n` cards from the top onto `to`'s top, one by one (so the last moved is on
    /// top); returns how many moved.
    pub fn draw_to(&mut self, to: At, n: usize) -> usize {
        let len = self.len();
        let n = n.min(len);
        if n == 1 {
            self.side.shift_one(self.at, len - 1, to as usize);
            return 1;
        }
        let placed = self.side.shift(self.at, len - n, n, to as usize);
        self.side.cards[placed].reverse();
        n
    }
    /// Moves the top card onto `to`'s top, and says which it was.
    pub fn top_to(&mut self, to: At) -> Option<CardId> {
        let len = self.len();
        (len > 0).then(|| self.move_to(len - 1, to))
    }
    /// Moves card `i` onto `to`'s top, and says which it was.
    pub fn move_to(&mut self, i: usize, to: At) -> CardId {
        self.side.shift_one(self.at, i, to as usize)
    }
    /// Moves every card onto `to`, keeping their order.
    pub fn move_all_to(&mut self, to: At) {
        let len = self.len();
        self.side.shift(self.at, 0, len, to as usize);
    }
}

impl From<CardId> for Slot {
    fn from(card: CardId) -> Slot {
        Slot::new(card)
    }
}

/// One player's side of the table. All its cards lie in one arena, zone after zone in `At`
/// order, `ends[z]` the end of zone `z`: a card moves by leaving one stretch and entering
/// another, so the arena never grows in play and a state clones with one allocation, whatever
/// the deck's size (UFX-11).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(from = "SideJson", into = "SideJson")]
pub struct Side {
    pub vitality: u8,
    cards: Vec<Slot>,
    ends: [u32; ZONES],
    /// Added to this player's next check this turn (the `control` effect).
    pub control_bonus: u8,
    /// Added to the difficulty of this player's next card this turn (Breaker).
    pub breaker: u8,
    /// Whether this player has made its mulligan decision.
    pub mulligan_done: bool,
    /// How many of the hand's last cards were drawn from the deck made at the last relief
    /// (UF-3.4): its contents were public, so `determinize` keeps them apart.
    pub drawn_since_relief: u32,
}

macro_rules! zones {
    ($($get:ident, $get_mut:ident, $at:ident;)*) => {
        impl Side {
            $(
                pub fn $get(&self) -> Cards<'_> {
                    self.zone(At::$at)
                }
                pub fn $get_mut(&mut self) -> ZoneMut<'_> {
                    self.zone_mut(At::$at)
                }
            )*
        }
    };
}

zones! {
    deck, deck_mut, Deck;
    hand, hand_mut, Hand;
    discard, discard_mut, Discard;
    removed, removed_mut, Removed;
    mulliganed, mulliganed_mut, Mulliganed;
    momentum, momentum_mut, Momentum;
    character, character_mut, Character;
    staging, staging_mut, Staging;
    pool, pool_mut, Pool;
}

impl Side {
    /// A side before the shuffle: `deck` in the deck, `character` in the character row.
    pub fn new(vitality: u8, deck: &[CardId], character: CardId) -> Side {
        let mut side = Side {
            vitality,
            cards: Vec::with_capacity(deck.len() + 1),
            ends: [0; ZONES],
            control_bonus: 0,
            breaker: 0,
            mulligan_done: false,
            drawn_since_relief: 0,
        };
        for &c in deck {
            side.deck_mut().push(c);
        }
        side.character_mut().push(character);
        side
    }
    fn range(&self, z: usize) -> std::ops::Range<usize> {
        let start = if z == 0 { 0 } else { self.ends[z - 1] as usize };
        start..self.ends[z] as usize
    }
    fn insert(&mut self, z: usize, slot: Slot) {
        self.cards.insert(self.ends[z] as usize, slot);
        self.ends[z..].iter_mut().for_each(|e| *e += 1);
    }
    fn take(&mut self, z: usize, i: usize) -> Slot {
        let r = self.range(z);
        assert!(i < r.len(), "remove {i} from a zone of {}", r.len());
        self.ends[z..].iter_mut().for_each(|e| *e -= 1);
        self.cards.remove(r.start + i)
    }
    /// Moves the `n` cards from index `i` of zone `from` onto the top of zone `to`, in order,
    /// their marks off, and returns where they now lie: one rotation of the cards between the
    /// two places rather than a removal and an insertion that each shift the rest of the arena.
    fn shift(&mut self, from: usize, i: usize, n: usize, to: usize) -> std::ops::Range<usize> {
        let r = self.range(from);
        assert!(i + n <= r.len() && from != to, "move {n} from {i} of a zone of {}", r.len());
        let a = r.start + i;
        let t = self.ends[to] as usize;
        let placed = if to > from {
            self.cards[a..t].rotate_left(n);
            self.ends[from..to].iter_mut().for_each(|e| *e -= n as u32);
            t - n..t
        } else {
            self.cards[t..a + n].rotate_right(n);
            self.ends[to..from].iter_mut().for_each(|e| *e += n as u32);
            t..t + n
        };
        self.cards[placed.clone()].iter_mut().for_each(|x| *x = Slot::new(x.card));
        placed
    }
    /// `shift` of one card (most moves): the cards between slide one place; returns the card.
    fn shift_one(&mut self, from: usize, i: usize, to: usize) -> CardId {
        let a = self.range(from).start + i;
        assert!(a < self.ends[from] as usize && from != to, "move {i} of a zone of {}", self.range(from).len());
        let card = self.cards[a].card;
        if to > from {
            let t = self.ends[to] as usize;
            self.cards.copy_within(a + 1..t, a);
            self.cards[t - 1] = Slot::new(card);
            self.ends[from..to].iter_mut().for_each(|e| *e -= 1);
        } else {
            let t = self.ends[to] as usize;
            self.cards.copy_within(t..a, t + 1);
            self.cards[t] = Slot::new(card);
            self.ends[to..from].iter_mut().for_each(|e| *e += 1);
        }
        card
    }
    pub fn zone(&self, at: At) -> Cards<'_> {
        Cards(&self.cards[self.range(at as usize)])
    }
    pub fn zone_mut(&mut self, at: At) -> ZoneMut<'_> {
        ZoneMut { side: self, at: at as usize }
    }
    /// Every card of the side, zone after zone.
    pub fn all_cards(&self) -> impl Iterator<Item = CardId> + '_ {
        self.cards.iter().map(|s| s.card)
    }
    /// The character row, the staging area and the card pool: every card in play.
    pub fn in_play_mut(&mut self) -> &mut [Slot] {
        let start = self.ends[At::Momentum as usize] as usize;
        &mut self.cards[start..]
    }
    /// Moves hand card `i` onto `to`'s top, keeping `drawn_since_relief` on the cards it counts.
    pub fn take_from_hand(&mut self, i: usize, to: At) -> CardId {
        if i + self.drawn_since_relief as usize >= self.hand().len() {
            self.drawn_since_relief -= 1;
        }
        self.hand_mut().move_to(i, to)
    }
    pub fn character_committed(&self) -> bool {
        self.character().as_slice().first().is_some_and(|s| s.committed())
    }
    /// The hand, the deck and the mulliganed cards at once, for redealing (determinization).
    pub fn hidden_mut(&mut self) -> (&mut [Slot], &mut [Slot], &mut [Slot]) {
        let (deck, rest) = self.cards.split_at_mut(self.ends[At::Deck as usize] as usize);
        let (hand, rest) = rest.split_at_mut(self.ends[At::Hand as usize] as usize - deck.len());
        let skip = self.ends[At::Removed as usize] as usize - self.ends[At::Hand as usize] as usize;
        let n = self.ends[At::Mulliganed as usize] as usize - self.ends[At::Removed as usize] as usize;
        let mulliganed = &mut rest[skip..skip + n];
        (hand, deck, mulliganed)
    }
}

/// A `Side` in JSON states: each zone a list (piles of card ids, cards in play with marks).
#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct SideJson {
    vitality: u8,
    deck: Vec<CardId>,
    hand: Vec<CardId>,
    discard: Vec<CardId>,
    removed: Vec<CardId>,
    mulliganed: Vec<CardId>,
    momentum: Vec<CardId>,
    character: Vec<Slot>,
    staging: Vec<Slot>,
    pool: Vec<Slot>,
    control_bonus: u8,
    breaker: u8,
    mulligan_done: bool,
    #[serde(default)]
    drawn_since_relief: u32,
}

impl From<SideJson> for Side {
    fn from(j: SideJson) -> Side {
        let mut cards = Vec::new();
        let mut ends = [0; ZONES];
        let piles = [j.deck, j.hand, j.discard, j.removed, j.mulliganed, j.momentum];
        for (z, pile) in piles.into_iter().enumerate() {
            cards.extend(pile.into_iter().map(Slot::new));
            ends[z] = cards.len() as u32;
        }
        for (z, row) in [j.character, j.staging, j.pool].into_iter().enumerate() {
            cards.extend(row);
            ends[6 + z] = cards.len() as u32;
        }
        Side {
            vitality: j.vitality,
            cards,
            ends,
            control_bonus: j.control_bonus,
            breaker: j.breaker,
            mulligan_done: j.mulligan_done,
            drawn_since_relief: j.drawn_since_relief,
        }
    }
}

impl From<Side> for SideJson {
    fn from(s: Side) -> SideJson {
        let ids = |c: Cards| c.iter().collect();
        let slots = |c: Cards| c.as_slice().to_vec();
        SideJson {
            vitality: s.vitality,
            deck: ids(s.deck()),
            hand: ids(s.hand()),
            discard: ids(s.discard()),
            removed: ids(s.removed()),
            mulliganed: ids(s.mulliganed()),
            momentum: ids(s.momentum()),
            character: slots(s.character()),
            staging: slots(s.staging()),
            pool: slots(s.pool()),
            control_bonus: s.control_bonus,
            breaker: s.breaker,
            mulligan_done: s.mulligan_done,
            drawn_since_relief: s.drawn_since_relief,
        }
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
    pub slot: u16,
    pub speed: i8,
    pub damage: i8,
    pub zone: Zone,
    /// Index of the successful block card in the defender's pool.
    pub block: Option<u16>,
}

/// A check waiting for its player's commits (UF-8.4, UF-8.7).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Check {
    pub player: u8,
    /// The checked card's index in that player's pool.
    pub slot: u16,
    pub purpose: Purpose,
    /// The difficulty to reach.
    pub need: u16,
    /// The flipped control number plus bonuses and commits so far.
    pub have: u16,
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
            let mut side = Side::new(game.max_vitality(p), &game.decks[p], game.characters[p]);
            side.deck_mut().shuffle(rng);
            side
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
        s.sides[usize::from(first)].character_mut().into_slice()[0].set_committed(true);
        // UF-4.4: both draw up to hand size.
        for p in [usize::from(first), 1 - usize::from(first)] {
            s.draw_up(game, p, &mut crate::core::NoEvents);
        }
        s
    }
}

/// The match result as returns (0 / 0 while it goes on).
pub(crate) fn returns(s: &UfsState, out: &mut [f32]) {
    let r = s.result.unwrap_or([0, 0]);
    out[0] = f32::from(r[0]);
    out[1] = f32::from(r[1]);
}

/// The vitality lead plus a little for momentum and cards in play: a cheap leaf value.
pub(crate) fn heuristic(s: &UfsState, game: &Ufs, out: &mut [f32]) -> bool {
    let frac = |p: usize| f32::from(s.sides[p].vitality) / f32::from(game.max_vitality(p).max(1));
    let board = |p: usize| {
        let x = &s.sides[p];
        (x.staging().len() as f32 * 0.03 + x.momentum().len() as f32 * 0.02 + x.deck().len() as f32 * 0.002).min(0.4)
    };
    for p in 0..2 {
        out[p] = match s.result {
            Some(r) => f32::from(r[p]),
            None => (0.8 * (frac(p) - frac(1 - p)) + board(p) - board(1 - p)).clamp(-1.0, 1.0),
        };
    }
    true
}
