//! The Tekken position: plain data with small ids, fixed-capacity piles, and its own RNG; whose
//! turn it is, and what the position is worth (`returns`, `heuristic`).

use serde::{Deserialize, Serialize};

use crate::cards::{CardId, Pile};
use crate::core::{EventSink, Rng};
use crate::games::tekken::actions::MAX_HAND;
use crate::games::tekken::content::MAX_DECK;
use crate::games::tekken::game::Tekken;
use crate::hex::Hex;

/// What is in one attack slot of a combo board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Slot {
    Empty,
    /// A stun card: no attack card can go here (TK-6.5, TK-12.3).
    Stun,
    /// An attack card; face down until revealed. `unpunishable` marks a card played with a
    /// punish token / tile, which the defender cannot try to punish (TK-4.10).
    Card {
        card: CardId,
        revealed: bool,
        unpunishable: bool,
    },
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Heat {
    Ready,
    /// Used in the current string: the 4th slot is open (TK-12.2).
    Active,
    /// Turned over: unusable until the next round (TK-12.7).
    Spent,
}

#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Fighter {
    pub pos: Hex,
    pub hp: u8,
    pub deck: Pile<MAX_DECK>,
    pub hand: Pile<MAX_HAND>,
    pub discard: Pile<MAX_DECK>,
    pub slots: [Slot; 4],
    pub heat: Heat,
    /// The rage card chosen secretly this round (TK-9.1); `None` before the choice.
    pub rage: Option<u8>,
    pub rage_revealed: bool,
    pub rage_used: bool,
    /// Swept: every strike against this fighter deals 1 more (TK-6.4).
    pub knocked_down: bool,
    /// Punish tokens / tiles held: each makes one of this fighter's next attack cards
    /// unpunishable (TK-4.10, TK-10.4, TK-10.6).
    pub punish_tokens: u8,
    /// This fighter cannot punish the next attack card played against it (TK-10.4).
    pub cannot_punish: bool,
}

/// Floor-break tokens (TK-10): six face-down tokens, three of them breaks, flipped in order.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Floor {
    /// Which side of the stage is up: 0 front, 1 back.
    pub side: u8,
    /// Token order: `true` is a break token. Only `tokens[..flipped]` is public.
    pub tokens: [bool; 6],
    pub flipped: u8,
}

impl Floor {
    pub fn breaks_shown(&self) -> usize {
        self.tokens[..usize::from(self.flipped)].iter().filter(|&&b| b).count()
    }
    pub fn reset(&mut self, rng: &mut Rng) {
        self.tokens = [true, true, true, false, false, false];
        rng.shuffle(&mut self.tokens);
        self.flipped = 0;
    }
}

/// Which means of attack is being resolved (TK-5).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Means {
    None,
    /// The card's symbols followed by the connected extension's; `next` is the symbol to resolve.
    Card {
        next: u8,
    },
    /// Combo `combo`; `used` is a bit mask of the symbols already resolved.
    Combo {
        combo: u8,
        used: u8,
    },
    Rage {
        next: u8,
    },
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Phase {
    /// `player` secretly chooses a rage card (TK-9.1).
    ChooseRage {
        player: u8,
    },
    /// The attacker prepares (stance change, dash, heat) or plays the next card; after a
    /// preparation only the card play remains (TK-4.2).
    Prepare {
        prepared: bool,
    },
    /// The defender names a height (TK-4.8).
    Guess,
    /// The revealed card resolves through its means (TK-5).
    Resolve,
    Over,
}

/// The string in progress: the card being resolved and its means.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StringState {
    /// Slot of the card being punished or resolved.
    pub slot: u8,
    /// The previous card of the string, whose extension connects when its height matches.
    pub extension_from: Option<CardId>,
    pub card_done: bool,
    /// Triggered combos not yet resolved (bit mask, TK-8.2).
    pub combos_pending: u8,
    pub means: Means,
    /// The means in progress waits for the attacker to pick a move destination.
    pub awaiting_move: bool,
}

#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TekkenState {
    pub phase: Phase,
    pub round: u8,
    pub wins: [u8; 2],
    /// Strings started this round. Only the round-timer variant (TKX-3) reads it; without the
    /// timer a round has no limit, so the count is 64-bit and saturates (it would take more than
    /// 10^19 strings to get there).
    pub strings: u64,
    pub attacker: u8,
    /// Who opened the current round; a drawn round passes the opening to the other player.
    pub opener: u8,
    pub fighters: [Fighter; 2],
    pub floor: Floor,
    pub string: StringState,
    /// Final result once `phase` is `Over`: returns for players 0 and 1.
    pub result: Option<[i8; 2]>,
    pub rng: Rng,
}

pub use crate::core::{event, Event};

impl Fighter {
    fn new(pos: Hex, hp: u8) -> Fighter {
        Fighter {
            pos,
            hp,
            deck: Pile::new(),
            hand: Pile::new(),
            discard: Pile::new(),
            slots: [Slot::Empty; 4],
            heat: Heat::Ready,
            rage: None,
            rage_revealed: false,
            rage_used: false,
            knocked_down: false,
            punish_tokens: 0,
            cannot_punish: false,
        }
    }

    /// Every card this fighter owns, wherever it is.
    pub fn all_cards(&self) -> impl Iterator<Item = CardId> + '_ {
        let slotted = self.slots.iter().filter_map(|s| match s {
            Slot::Card { card, .. } => Some(*card),
            _ => None,
        });
        self.deck.iter().chain(self.hand.iter()).chain(self.discard.iter()).chain(slotted)
    }

    /// Draws `n` cards, reshuffling the discard pile into the deck when it runs out.
    pub fn draw(&mut self, n: usize, rng: &mut Rng, me: usize, events: &mut impl EventSink<Event>) {
        for _ in 0..n {
            if self.hand.is_full() {
                return;
            }
            if self.deck.is_empty() {
                if self.discard.is_empty() {
                    return;
                }
                self.discard.move_all_to(&mut self.deck);
                self.deck.shuffle(rng);
                events.emit(|| event("reshuffle", Some(me), "shuffles the discard pile into the deck".into()));
            }
            self.deck.draw_to(&mut self.hand, 1);
        }
    }

    pub fn refill(&mut self, hand_size: usize, rng: &mut Rng, me: usize, events: &mut impl EventSink<Event>) {
        let missing = hand_size.saturating_sub(self.hand.len());
        self.draw(missing, rng, me, events);
    }

    /// Moves every slotted attack card to the discard pile and empties all slots.
    pub fn clear_slots(&mut self) {
        for slot in &mut self.slots {
            if let Slot::Card { card, .. } = *slot {
                self.discard.push(card);
            }
            *slot = Slot::Empty;
        }
    }

    pub fn first_empty_slot(&self, limit: usize) -> Option<usize> {
        self.slots[..limit].iter().position(|s| *s == Slot::Empty)
    }
}

impl TekkenState {
    pub fn new(game: &Tekken, seed: u64) -> TekkenState {
        let mut rng = Rng::new(seed);
        let opener = match game.options.first_attacker {
            Some(p) => p,
            None => rng.below(2) as u8,
        };
        let stage = game.stage();
        let hp = game.options.hp;
        let mut state = TekkenState {
            phase: Phase::ChooseRage { player: 0 },
            round: 0,
            wins: [0, 0],
            strings: 0,
            attacker: opener,
            opener,
            fighters: [Fighter::new(stage.start[0], hp), Fighter::new(stage.start[1], hp)],
            floor: Floor { side: 0, tokens: [false; 6], flipped: 0 },
            string: StringState {
                slot: 0,
                extension_from: None,
                card_done: false,
                combos_pending: 0,
                means: Means::None,
                awaiting_move: false,
            },
            result: None,
            rng,
        };
        for p in 0..2 {
            state.fighters[p].deck = game.character(p).deck.iter().copied().collect();
        }
        state.start_round(game, opener, &mut crate::core::NoEvents);
        state
    }

    /// Resets everything that a round resets and asks for the secret rage choices (TKX-2).
    pub(crate) fn start_round(&mut self, game: &Tekken, opener: u8, events: &mut impl EventSink<Event>) {
        self.round += 1;
        self.strings = 0;
        self.opener = opener;
        self.attacker = opener;
        let stage = game.stage();
        for (p, f) in self.fighters.iter_mut().enumerate() {
            f.clear_slots();
            f.hand.move_all_to(&mut f.deck);
            f.discard.move_all_to(&mut f.deck);
            f.deck.shuffle(&mut self.rng);
            *f = Fighter { deck: f.deck, ..Fighter::new(stage.start[p], game.options.hp) };
            f.draw(usize::from(game.options.hand_size), &mut self.rng, p, events);
        }
        self.floor.side = 0;
        self.floor.reset(&mut self.rng);
        self.phase = Phase::ChooseRage { player: 0 };
        let round = self.round;
        events.emit(|| event("round", None, format!("Round {round} begins; P{opener} attacks first")));
    }

    pub fn defender(&self) -> usize {
        1 - usize::from(self.attacker)
    }

    pub fn adjacent(&self) -> bool {
        self.fighters[0].pos.is_neighbor(self.fighters[1].pos)
    }
}

/// Whose decision it is (`None` once the match is over).
pub(crate) fn current_player(s: &TekkenState) -> Option<usize> {
    match s.phase {
        Phase::Over => None,
        Phase::ChooseRage { player } => Some(usize::from(player)),
        Phase::Guess => Some(s.defender()),
        Phase::Prepare { .. } | Phase::Resolve => Some(usize::from(s.attacker)),
    }
}

/// The match result as returns (0 / 0 while it goes on).
pub(crate) fn returns(s: &TekkenState, out: &mut [f32]) {
    let r = s.result.unwrap_or([0, 0]);
    out[0] = f32::from(r[0]);
    out[1] = f32::from(r[1]);
}

/// Rounds won weigh most, then the HP lead: a cheap leaf value for search.
pub(crate) fn heuristic(s: &TekkenState, game: &Tekken, out: &mut [f32]) -> bool {
    let o = &game.options;
    for (p, value) in out.iter_mut().enumerate().take(2) {
        let rounds = (f32::from(s.wins[p]) - f32::from(s.wins[1 - p])) / f32::from(o.rounds_to_win);
        let hp = (f32::from(s.fighters[p].hp) - f32::from(s.fighters[1 - p].hp)) / f32::from(o.hp);
        *value = (0.6 * rounds + 0.4 * hp).clamp(-1.0, 1.0);
    }
    true
}
