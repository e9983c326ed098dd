//! The Senjutsu position: plain data with small ids, fixed-capacity piles, and its own RNG; whose
//! turn it is, and what the position is worth (`returns`, `heuristic`).

use arrayvec::ArrayVec;
use serde::{Deserialize, Serialize};

use crate::cards::{CardId, Pile};
use crate::core::{derive_seed, Rng};
use crate::games::senjutsu::content::{DEAL, DECK_SIZE, MAX_HAND_LIMIT, MAX_INITIATIVE, MAX_PARTS, MAX_STUN};
use crate::games::senjutsu::game::Senjutsu;
pub use crate::games::senjutsu::game::MAX_PLAYERS;
use crate::hex::{Direction, Hex};

/// Hand capacity, never reached (docs/rules/senjutsu.md, "Capacities"): all 40 ability cards of
/// the deck, the core card, and the stun cards a samurai standing can hold — fewer than its hand
/// limit before a stun, plus one attack's stun cards.
pub const MAX_HAND: usize = DECK_SIZE + 1 + MAX_HAND_LIMIT as usize - 1 + MAX_STUN as usize;
/// Parts waiting for their initiative in one round: per samurai, a card's and an instant's, and
/// the later parts of its evade cards (SJX-7), each of its 40 ability cards evading at most once.
pub const MAX_ITEMS: usize = MAX_PLAYERS * (2 * MAX_PARTS + DECK_SIZE * (MAX_PARTS - 1));
/// Nested resolutions: a part, and evade attacks played inside it, each at an initiative
/// strictly below the attack it answers (SJ-7.7), so at most one per initiative below the part's.
pub const MAX_STACK: usize = MAX_INITIATIVE as usize + 1;
/// Defense records of one samurai in a round: defend actions at the same initiative and with the
/// same evade symbol merge into one, so one per initiative and evade symbol.
pub const MAX_DEFENSES: usize = 2 * (MAX_INITIATIVE as usize + 1);
/// The box's supplies (SJ-1.2). A component count is not a limit on the rules: when a supply
/// runs out the table uses a substitute, so these count only the cards left in the box.
pub const WOUND_CARDS: u8 = 20;
pub const BLEEDING_CARDS: u8 = 10;
pub const STUN_CARDS: u8 = 10;
pub const NO_INIT: u8 = u8::MAX;

/// Hexes defended at one initiative (SJ-7.1, SJ-7.5): a bit mask over board cells.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Defense {
    pub cells: [u64; 2],
    pub speed: u8,
    pub evade: bool,
}

impl Defense {
    pub fn covers(&self, cell: u8) -> bool {
        let c = usize::from(cell);
        c < 128 && self.cells[c / 64] & (1 << (c % 64)) != 0
    }
    pub fn add(&mut self, cell: u8) {
        let c = usize::from(cell);
        self.cells[c / 64] |= 1 << (c % 64);
    }
    /// Adds this defense to `list`, merged with the one of the same initiative and evade symbol:
    /// an attack meets the two alike (SJ-7.2–7.6), so one record holds both.
    pub fn merge_into<const N: usize>(self, list: &mut ArrayVec<Defense, N>) {
        match list.iter_mut().find(|x| x.speed == self.speed && x.evade == self.evade) {
            Some(x) => {
                x.cells[0] |= self.cells[0];
                x.cells[1] |= self.cells[1];
            }
            None => list.push(self),
        }
    }
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Samurai {
    pub pos: Hex,
    pub facing: Direction,
    pub placed: bool,
    /// The start hex this samurai set up at (index into the battlefield's starts).
    pub start: u8,
    /// Wound cards plus bleeding wound cards (SJ-10.2).
    pub wounds: u8,
    pub bleeding: u8,
    /// Kamae tree node; 0 is the gate.
    pub kamae: u8,
    pub defeated: bool,
    pub deck: Pile<DECK_SIZE>,
    /// Ability cards, stun cards and (between rounds) the core card.
    pub hand: Pile<MAX_HAND>,
    /// Face-up discards: cards played, and cards bleeding wounds throw from the deck.
    pub discard: Pile<DECK_SIZE>,
    /// Face-down discards at round end (SJ-13.9): only their number is public.
    pub hidden: Pile<DECK_SIZE>,
    /// The card selected this round (SJ-13.3), face down until `revealed`.
    pub played: Option<CardId>,
    pub revealed: bool,
    /// Initiative declared for the card in play (`NO_INIT` until known).
    pub init: u8,
    /// The instant played this round (SJ-12) and its initiative.
    pub instant: Option<CardId>,
    pub instant_init: u8,
    /// The add instant's `[=]` part has resolved.
    pub attached_done: bool,
    /// Attack cards played through evades this round (SJ-7.6): ability cards from the hand, so
    /// at most the deck's.
    pub evades: Pile<DECK_SIZE>,
    /// Hexes defended this round, one record per initiative and evade symbol (SJ-7.5).
    pub defenses: ArrayVec<Defense, MAX_DEFENSES>,
}

impl Samurai {
    fn new() -> Samurai {
        Samurai {
            pos: Hex::default(),
            facing: Direction::EAST,
            placed: false,
            start: u8::MAX,
            wounds: 0,
            bleeding: 0,
            kamae: 0,
            defeated: false,
            deck: Pile::new(),
            hand: Pile::new(),
            discard: Pile::new(),
            hidden: Pile::new(),
            played: None,
            revealed: false,
            init: NO_INIT,
            instant: None,
            instant_init: NO_INIT,
            attached_done: false,
            evades: Pile::new(),
            defenses: ArrayVec::new(),
        }
    }

    /// The card whose effects resolve this round: an instant replacement, else the selection.
    pub fn main_card(&self, game: &Senjutsu) -> Option<CardId> {
        match (self.instant, self.played) {
            (Some(i), _) if game.content.card(i).instant == crate::games::senjutsu::content::Instant::Replace => {
                Some(i)
            }
            (_, p) => p,
        }
    }

    pub fn stuns(&self, game: &Senjutsu) -> usize {
        self.hand.iter().filter(|&c| c == game.content.stun).count()
    }

    /// The selection is in play face down (SJ-13.3): which card left the hand is hidden, be it
    /// an ability card, a stun card or the core card.
    pub fn face_down(&self) -> bool {
        self.played.is_some() && !self.revealed
    }

    /// Stun cards others know of (SJ-11.1): those in the hand, and a face-down stun card, since
    /// until the reveal nobody else knows that it left the hand.
    pub fn public_stuns(&self, game: &Senjutsu) -> usize {
        self.stuns(game) + usize::from(self.face_down() && self.played == Some(game.content.stun))
    }

    /// Hand cards counted against the hand limit: all but the core card (SJ-4.8).
    pub fn hand_count(&self, game: &Senjutsu) -> usize {
        self.hand.iter().filter(|&c| game.content.card(c).ty != crate::games::senjutsu::content::CardType::Core).count()
    }
}

/// One part of a card in play, waiting for its initiative (SJ-13.7).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Item {
    pub player: u8,
    pub card: CardId,
    pub part: u8,
    pub init: u8,
    pub done: bool,
}

/// Where a resolving part stands within its current action.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Stage {
    /// The action has not started.
    Fresh,
    /// The controller picks the opponent an opponent-marked move or rotation applies to.
    Target,
    Move,
    Turn,
    Kamae,
    Choose,
    /// Push steps of the targets hit (`pushes`).
    Push,
    /// Defenders whose evade blocked the attack may play an attack card (`evaders`).
    Evade,
    /// The controller of an evade card with two initiatives below the blocked attack's
    /// (`left`) declares one (SJ-5.2).
    Declare,
}

/// A part of a card being resolved.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Exec {
    pub player: u8,
    pub card: CardId,
    pub part: u8,
    /// The action in progress: the part's actions, then its kamae bonus actions.
    pub op: u8,
    /// The zone whose bonus actions follow the first part (`ZONE_NONE` for none), fixed when
    /// the part starts.
    pub zone: u8,
    pub init: u8,
    pub stage: Stage,
    /// Steps left of a move, kamae shift or rotation.
    pub left: u8,
    /// The samurai a move or rotation applies to.
    pub who: u8,
    /// The option taken of a `choose` action.
    pub choice: u8,
    pub pushes: [u8; MAX_PLAYERS],
    pub evaders: u8,
    /// An evade attack: all of its parts resolve at once (SJX-7).
    pub evade: bool,
}

pub const ZONE_NONE: u8 = u8::MAX;
pub const NO_CHOICE: u8 = u8::MAX;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "phase", content = "player")]
pub enum Phase {
    Place(u8),
    Face(u8),
    Select(u8),
    Declare(u8),
    Instant(u8),
    /// The instant just played has a dual initiative to declare.
    InstantDeclare(u8),
    /// A resolving part waits for this player's decision.
    Resolve(u8),
    Discard(u8),
    Over,
}

#[derive(Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SenjutsuState {
    pub phase: Phase,
    pub round: u16,
    pub samurai: ArrayVec<Samurai, MAX_PLAYERS>,
    /// The advantage track, top first (SJ-4.5, SJ-8.4).
    pub advantage: ArrayVec<u8, MAX_PLAYERS>,
    /// Wound, bleeding wound and stun cards left in the box's supplies; once one is empty the
    /// table takes substitutes, so play never depends on these (SJX-10).
    pub supply: [u8; 3],
    pub items: ArrayVec<Item, MAX_ITEMS>,
    pub stack: ArrayVec<Exec, MAX_STACK>,
    /// Returns once the game is over.
    pub result: Option<[i8; MAX_PLAYERS]>,
    pub rng: Rng,
}

/// Written out for `clone_from`, which the search's in-place determinization calls every
/// iteration: the derived one builds a whole state aside and moves it in (6 KB twice). Each
/// field is named, so a new one fails to compile here until it is copied.
impl Clone for SenjutsuState {
    fn clone(&self) -> Self {
        let SenjutsuState { phase, round, samurai, advantage, supply, items, stack, result, rng } = self;
        SenjutsuState {
            phase: *phase,
            round: *round,
            samurai: samurai.clone(),
            advantage: advantage.clone(),
            supply: *supply,
            items: items.clone(),
            stack: stack.clone(),
            result: *result,
            rng: *rng,
        }
    }

    fn clone_from(&mut self, source: &Self) {
        let SenjutsuState { phase, round, samurai, advantage, supply, items, stack, result, rng } = source;
        self.phase = *phase;
        self.round = *round;
        self.samurai.clone_from(samurai);
        self.advantage.clone_from(advantage);
        self.supply = *supply;
        self.items.clone_from(items);
        self.stack.clone_from(stack);
        self.result = *result;
        self.rng = *rng;
    }
}

impl SenjutsuState {
    pub fn new(game: &Senjutsu, seed: u64) -> SenjutsuState {
        let n = game.n();
        let mut rng = Rng::new(derive_seed(seed, 0));
        let mut samurai = ArrayVec::new();
        for p in 0..n {
            let mut s = Samurai::new();
            let mut deck: Pile<DECK_SIZE> = game.decks[p].iter().copied().collect();
            deck.shuffle(&mut rng);
            s.deck = deck;
            // SJ-4.7: five cards and the core card.
            s.deck.draw_to(&mut s.hand, DEAL);
            s.hand.push(game.samurai(p).core);
            samurai.push(s);
        }
        // SJ-4.5: highest advantage number on top. The seed does not order equal numbers (two
        // seats with the same samurai); a table draws lots for it, so the tie is drawn from the
        // seed (SJX-3), from a stream of its own: games without a tie deal exactly as before.
        let mut advantage: ArrayVec<u8, MAX_PLAYERS> = (0..n as u8).collect();
        let number = |p: u8| game.samurai(usize::from(p)).advantage;
        advantage.sort_by_key(|&p| (std::cmp::Reverse(number(p)), p));
        let mut lots = Rng::new(derive_seed(seed, 2));
        for tied in advantage.chunk_by_mut(|&a, &b| number(a) == number(b)) {
            if tied.len() > 1 {
                lots.shuffle(tied);
            }
        }
        let mut state = SenjutsuState {
            phase: Phase::Over,
            round: 0,
            samurai,
            advantage,
            supply: [WOUND_CARDS, BLEEDING_CARDS, STUN_CARDS],
            items: ArrayVec::new(),
            stack: ArrayVec::new(),
            result: None,
            rng,
        };
        state.begin_setup(game);
        state
    }

    /// The player's place on the advantage track, 0 for the top.
    pub fn advantage_rank(&self, p: usize) -> usize {
        self.advantage.iter().position(|&x| usize::from(x) == p).unwrap_or(0)
    }

    pub fn alive(&self, p: usize) -> bool {
        !self.samurai[p].defeated
    }

    pub fn occupied(&self, h: Hex) -> bool {
        self.samurai.iter().any(|s| s.placed && !s.defeated && s.pos == h)
    }

    /// Every card a samurai owns, wherever it is (card conservation).
    pub fn cards_of(&self, p: usize) -> impl Iterator<Item = CardId> + '_ {
        let s = &self.samurai[p];
        s.deck
            .iter()
            .chain(s.hand.iter())
            .chain(s.discard.iter())
            .chain(s.hidden.iter())
            .chain(s.evades.iter())
            .chain(s.played)
            .chain(s.instant)
    }
}

/// Whose decision it is (`None` once the game is over).
pub(crate) fn current_player(s: &SenjutsuState) -> Option<usize> {
    match s.phase {
        Phase::Place(p)
        | Phase::Face(p)
        | Phase::Select(p)
        | Phase::Declare(p)
        | Phase::Instant(p)
        | Phase::InstantDeclare(p)
        | Phase::Resolve(p)
        | Phase::Discard(p) => Some(usize::from(p)),
        Phase::Over => None,
    }
}

/// SJ-13.3: every samurai still to select chooses at the same time.
pub(crate) fn simultaneous_players(s: &SenjutsuState, game: &Senjutsu) -> u64 {
    match s.phase {
        Phase::Select(p) => (usize::from(p)..game.n()).filter(|&q| s.alive(q)).fold(0, |m, q| m | 1 << q),
        _ => current_player(s).map_or(0, |p| 1 << p),
    }
}

/// The result as returns (0 for everyone while the game goes on).
pub(crate) fn returns(s: &SenjutsuState, game: &Senjutsu, out: &mut [f32]) {
    let r = s.result.unwrap_or_default();
    for (o, v) in out.iter_mut().zip(&r[..game.n()]) {
        *o = f32::from(*v);
    }
}

/// Wounds weigh against the limits; a cheap leaf value for search.
pub(crate) fn heuristic(s: &SenjutsuState, game: &Senjutsu, out: &mut [f32]) -> bool {
    let n = game.n();
    let health = |p: usize| {
        let x = &s.samurai[p];
        if x.defeated {
            0.0
        } else {
            1.0 - f32::from(x.wounds) / f32::from(game.samurai(p).wound_limit)
        }
    };
    for (p, v) in out.iter_mut().enumerate().take(n) {
        let mine: f32 = (0..n).filter(|&q| !game.enemies(p, q)).map(health).sum();
        let theirs: f32 = (0..n).filter(|&q| game.enemies(p, q)).map(health).sum();
        let allies = (0..n).filter(|&q| !game.enemies(p, q)).count() as f32;
        let foes = (0..n).filter(|&q| game.enemies(p, q)).count().max(1) as f32;
        *v = (mine / allies - theirs / foes).clamp(-1.0, 1.0);
    }
    true
}
