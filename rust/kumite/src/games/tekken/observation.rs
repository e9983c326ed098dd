//! The observation vector (layout in `docs/rules/tekken.md`).

use crate::core::{flag, ObsWriter, State};
use crate::games::tekken::content::{MAX_COMBOS, MAX_DECK};
use crate::games::tekken::state::{Heat, Means, Phase, Slot, TekkenState};
use crate::games::tekken::Tekken;

/// Per slot: empty, stun, face-down unknown, then the card's index among its owner's cards.
const SLOT_FEATURES: usize = 3 + MAX_DECK;
const SCALARS: usize = 21;
const PHASES: usize = 6;
const RAGE_FEATURES: usize = 5;
const RESOLVE_FEATURES: usize = 1 + MAX_COMBOS + 4 + 1 + 4;
/// Without the round timer the strings feature reads 0.5 after this many strings.
const STRINGS_HALF: f32 = 16.0;

/// Counts per distinct card (hand, discard) reach the deck capacity; the rest is in 0..=1.
pub const OBSERVATION_BOUNDS: (f32, f32) = (0.0, MAX_DECK as f32);

pub fn observation_len(game: &Tekken) -> usize {
    let cells = game.stage().board.len();
    4 * cells
        + SCALARS
        + PHASES
        + 1
        + MAX_DECK
        + 3
        + 2 * MAX_DECK
        + 2 * 4 * SLOT_FEATURES
        + 2 * RAGE_FEATURES
        + RESOLVE_FEATURES
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

pub(crate) fn observation(state: &TekkenState, game: &Tekken, me: usize, out: &mut [f32]) {
    let opp = 1 - me;
    let board = &game.stage().board;
    let o = &game.options;
    let mut w = ObsWriter::new(out);
    w.section("my position then the opponent's, one-hot over the stage's cells");
    for p in [me, opp] {
        w.one_hot(board.len(), board.index_of(state.fighters[p].pos).map(usize::from));
    }
    let side = usize::from(state.floor.side);
    w.section("per cell: cracked on the side up, then marked red (the back's cracks, shown on the front, TK-10.5)");
    for &h in board.cells() {
        w.flag(game.stage().is_cracked(side, h));
    }
    for &h in board.cells() {
        w.flag(game.stage().red_marked(side, h));
    }
    let hp = f32::from(o.hp);
    let rtw = f32::from(o.rounds_to_win);
    w.section("me then the opponent: HP, wins, punish tokens, cannot punish, knocked down, heat ready/active/spent");
    for p in [me, opp] {
        let f = &state.fighters[p];
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
    w.section("I am the attacker, strings, floor side, breaks shown, blanks shown");
    w.values([
        flag(usize::from(state.attacker) == me),
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
    w.section("phase one-hot (choose rage, prepare, prepared, guess, resolve, over), I am to act");
    w.one_hot(PHASES, Some(phase));
    w.flag(state.current_player() == Some(me));
    // My hand by card; the opponent's hand only by size; decks by size; discards are public.
    let first = [game.first_card(me), game.first_card(opp)];
    w.section("my hand, per distinct card of mine");
    w.counts(MAX_DECK, state.fighters[me].hand.iter().map(|c| usize::from(c.0 - first[0])), 1.0);
    w.section("the opponent's hand size, my deck size, the opponent's deck size");
    w.values([
        state.fighters[opp].hand.len() as f32,
        state.fighters[me].deck.len() as f32 / MAX_DECK as f32,
        state.fighters[opp].deck.len() as f32 / MAX_DECK as f32,
    ]);
    w.section("discards per distinct card: mine, then the opponent's");
    for (k, p) in [me, opp].into_iter().enumerate() {
        w.counts(MAX_DECK, state.fighters[p].discard.iter().map(|c| usize::from(c.0 - first[k])), 1.0);
    }
    w.section("4 string slots each, mine then the opponent's: empty, stun, face down, card one-hot");
    for (k, p) in [me, opp].into_iter().enumerate() {
        for slot in state.fighters[p].slots {
            let i = match slot {
                Slot::Empty => 0,
                Slot::Stun => 1,
                Slot::Card { revealed: false, .. } if p != me => 2,
                Slot::Card { card, .. } => 3 + usize::from(card.0 - first[k]),
            };
            w.one_hot(SLOT_FEATURES, Some(i));
        }
    }
    w.section("rage, mine then the opponent's: card one-hot (the opponent's once revealed), chosen, revealed, used");
    for p in [me, opp] {
        let f = &state.fighters[p];
        let known = if p == me || f.rage_revealed { f.rage.map(usize::from) } else { None };
        w.one_hot(2, known);
        w.values([flag(f.rage.is_some()), flag(f.rage_revealed), flag(f.rage_used)]);
    }
    let s = &state.string;
    let in_resolve = state.phase == Phase::Resolve;
    w.section("resolution: card done, pending combos, means one-hot, extension connected, awaiting a move, combo symbols used");
    w.flag(in_resolve && s.card_done);
    for k in 0..MAX_COMBOS {
        w.flag(in_resolve && s.combos_pending & (1 << k) != 0);
    }
    let means = match s.means {
        _ if !in_resolve => None,
        Means::None => None,
        Means::Card { .. } => Some(0),
        Means::Combo { .. } => Some(1),
        Means::Rage { .. } => Some(2),
    };
    w.one_hot(3, means);
    let used = match s.means {
        Means::Combo { used, .. } if in_resolve => used,
        _ => 0,
    };
    w.values([
        flag(in_resolve && s.extension_from.is_some()),
        flag(in_resolve && s.awaiting_move),
        flag(used & 1 != 0),
        flag(used & 2 != 0),
        flag(used & 4 != 0),
        flag(used & 8 != 0),
    ]);
    w.finish();
}
