//! The observation vector (layout in `docs/rules/tekken.md`): the public part, the same for
//! both seats and written in seat order, then the viewer's private part.

use crate::core::{flag, ObsWriter};
use crate::games::tekken::actions::MAX_HAND;
use crate::games::tekken::content::{MAX_COMBOS, MAX_DECK, MAX_EXTENSION_SYMBOLS, MAX_SYMBOLS};
use crate::games::tekken::game::Tekken;
use crate::games::tekken::state::{Heat, Means, Phase, Slot, TekkenState};

/// Per slot: empty, stun, face down, then the revealed card's index among its owner's cards.
const SLOT_FEATURES: usize = 3 + MAX_DECK;
const FIGHTER_FEATURES: usize = 8;
const TABLE_FEATURES: usize = 7;
const PHASES: usize = 6;
const PILE_FEATURES: usize = 4;
const RAGE_FEATURES: usize = 5;
/// The symbol a card (with its extension) or a rage card is resolving, one-hot.
const SYMBOL_POSITIONS: usize = MAX_SYMBOLS + MAX_EXTENSION_SYMBOLS;
const RESOLVE_FEATURES: usize = 1 + MAX_COMBOS + 3 + MAX_COMBOS + SYMBOL_POSITIONS + 2 + MAX_SYMBOLS;
/// Without the round timer the strings feature reads 0.5 after this many strings.
const STRINGS_HALF: f32 = 16.0;

/// Counts per distinct card (discards) reach the deck capacity; the rest is in 0..=MAX_HAND.
pub const OBSERVATION_BOUNDS: (f32, f32) = (0.0, MAX_DECK as f32);

pub fn public_observation_len(game: &Tekken) -> usize {
    let cells = game.stage().board.len();
    4 * cells
        + 2 * FIGHTER_FEATURES
        + TABLE_FEATURES
        + PHASES
        + 2
        + PILE_FEATURES
        + 2 * MAX_DECK
        + 2 * 4 * SLOT_FEATURES
        + 2 * RAGE_FEATURES
        + RESOLVE_FEATURES
}

pub const PRIVATE_OBSERVATION_LEN: usize = 2 + MAX_HAND * MAX_DECK + 4 * MAX_DECK + 2;

pub fn observation_len(game: &Tekken) -> usize {
    public_observation_len(game) + PRIVATE_OBSERVATION_LEN
}

impl TekkenState {
    /// The strings of this round as one feature in [0, 1]: the share of the timer used when the
    /// variant is on (TKX-3), else `s / (s + STRINGS_HALF)`, which grows towards 1 with every
    /// string.
    fn strings_feature(&self, game: &Tekken) -> f32 {
        let s = self.strings as f32;
        match game.options.round_strings {
            Some(limit) => s / f32::from(limit),
            None => s / (s + STRINGS_HALF),
        }
    }
}

/// The index of a card among its owner's distinct cards.
fn card_index(game: &Tekken, owner: usize, card: crate::cards::CardId) -> usize {
    usize::from(card.0 - game.first_card(owner))
}

/// What the table shows both players, seat 0's facts before seat 1's.
pub(crate) fn public_observation(state: &TekkenState, game: &Tekken, out: &mut [f32]) {
    let board = &game.stage().board;
    let o = &game.options;
    let mut w = ObsWriter::new(out);
    w.section("positions, seat 0 then seat 1, one-hot over the stage's cells");
    for f in &state.fighters {
        w.one_hot(board.len(), board.index_of(f.pos).map(usize::from));
    }
    let side = usize::from(state.floor.side);
    w.section("per cell: cracked on the side up, then marked red (the back's cracks, shown on the front, TK-10.5)");
    // Asked cell by cell, `Stage::is_cracked` and `red_marked` search the crack lists once a
    // cell: the lists' cells are set instead, from the stage's table of their indices.
    let cracks = &game.stage().crack_cells;
    for list in [&cracks[side][..], if side == 0 { &cracks[1][..] } else { &[] }] {
        let span = w.span(board.len());
        for &i in list {
            span[usize::from(i)] = 1.0;
        }
    }
    let hp = f32::from(o.hp);
    let rtw = f32::from(o.rounds_to_win);
    w.section("seat 0 then seat 1: HP, wins, punish tokens, cannot punish, knocked down, heat ready/active/spent");
    for (p, f) in state.fighters.iter().enumerate() {
        w.values([
            f32::from(f.hp) / hp,
            f32::from(state.wins[p]) / rtw,
            f32::from(f.punish_tokens.min(3)) / 3.0,
            flag(f.cannot_punish),
            flag(f.knocked_down),
            flag(o.heat && f.heat == Heat::Ready),
            flag(o.heat && f.heat == Heat::Active),
            flag(o.heat && f.heat == Heat::Spent),
        ]);
    }
    let breaks = state.floor.breaks_shown();
    w.section("attacker one-hot by seat, round, strings, floor side, breaks shown, blanks shown");
    w.one_hot(2, Some(usize::from(state.attacker)));
    w.values([
        f32::from(state.round) / (2.0 * rtw - 1.0),
        state.strings_feature(game),
        f32::from(state.floor.side),
        breaks as f32 / 3.0,
        (usize::from(state.floor.flipped) - breaks) as f32 / 3.0,
    ]);
    let phase = match state.phase {
        Phase::ChooseRage { .. } => 0,
        Phase::Prepare { prepared: false } => 1,
        Phase::Prepare { prepared: true } => 2,
        Phase::Guess => 3,
        Phase::Resolve => 4,
        Phase::Over => 5,
    };
    w.section("phase one-hot (choose rage, prepare, prepared, guess, resolve, over), seat to act one-hot");
    w.one_hot(PHASES, Some(phase));
    w.one_hot(2, super::state::current_player(state));
    w.section("hand sizes, seat 0 then seat 1; deck sizes, seat 0 then seat 1");
    w.values([
        state.fighters[0].hand.len() as f32,
        state.fighters[1].hand.len() as f32,
        state.fighters[0].deck.len() as f32 / MAX_DECK as f32,
        state.fighters[1].deck.len() as f32 / MAX_DECK as f32,
    ]);
    w.section("discards per distinct card of the owner, seat 0 then seat 1");
    for (p, f) in state.fighters.iter().enumerate() {
        w.counts(MAX_DECK, f.discard.iter().map(|c| card_index(game, p, c)), 1.0);
    }
    w.section("4 string slots each, seat 0 then seat 1: empty, stun, face down, revealed card one-hot");
    for (p, f) in state.fighters.iter().enumerate() {
        for slot in f.slots {
            let i = match slot {
                Slot::Empty => 0,
                Slot::Stun => 1,
                Slot::Card { revealed: false, .. } => 2,
                Slot::Card { card, .. } => 3 + card_index(game, p, card),
            };
            w.one_hot(SLOT_FEATURES, Some(i));
        }
    }
    w.section("rage, seat 0 then seat 1: card one-hot once revealed, chosen, revealed, used");
    for f in &state.fighters {
        w.one_hot(2, if f.rage_revealed { f.rage.map(usize::from) } else { None });
        w.values([flag(f.rage.is_some()), flag(f.rage_revealed), flag(f.rage_used)]);
    }
    let s = &state.string;
    let in_resolve = state.phase == Phase::Resolve;
    w.section("resolution: card done, pending combos, means one-hot, combo one-hot, symbol one-hot, extension connected, awaiting a move, combo symbols used");
    w.flag(in_resolve && s.card_done);
    for k in 0..MAX_COMBOS {
        w.flag(in_resolve && s.combos_pending & (1 << k) != 0);
    }
    let (means, combo, symbol, used) = match s.means {
        _ if !in_resolve => (None, None, None, 0),
        Means::None => (None, None, None, 0),
        Means::Card { next } => (Some(0), None, Some(usize::from(next)), 0),
        Means::Combo { combo, used } => (Some(1), Some(usize::from(combo)), None, used),
        Means::Rage { next } => (Some(2), None, Some(usize::from(next)), 0),
    };
    w.one_hot(3, means);
    w.one_hot(MAX_COMBOS, combo);
    w.one_hot(SYMBOL_POSITIONS, symbol);
    w.values([flag(in_resolve && s.extension_from.is_some()), flag(in_resolve && s.awaiting_move)]);
    for i in 0..MAX_SYMBOLS {
        w.flag(used & (1 << i) != 0);
    }
    w.finish();
}

/// What `me` alone knows: which seat it is, its hand card by card in the order the `play` and
/// `stance change` ids name them, its own face-down cards, its secret rage choice.
pub(crate) fn private_observation(state: &TekkenState, game: &Tekken, me: usize, out: &mut [f32]) {
    let f = &state.fighters[me];
    let mut w = ObsWriter::new(out);
    w.section("my seat one-hot");
    w.one_hot(2, Some(me));
    w.section("my hand, slot by slot: card one-hot among my distinct cards (the slot the play ids name)");
    for i in 0..MAX_HAND {
        w.one_hot(MAX_DECK, f.hand.get(i).map(|c| card_index(game, me, c)));
    }
    w.section("my 4 string slots: my face-down card one-hot");
    for slot in f.slots {
        let card = match slot {
            Slot::Card { card, revealed: false, .. } => Some(card_index(game, me, card)),
            _ => None,
        };
        w.one_hot(MAX_DECK, card);
    }
    w.section("my rage choice one-hot");
    w.one_hot(2, f.rage.map(usize::from));
    w.finish();
}
