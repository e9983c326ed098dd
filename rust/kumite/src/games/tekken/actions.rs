//! The dense action space of Tekken and each action's text. Ranges are sized by the worst case:
//! a hand of at most `MAX_HAND` cards, `MAX_COMBOS` combos of at most `MAX_SYMBOLS` symbols each.

use crate::core::{Action, MAX_LEGAL_ACTIONS};
use crate::games::tekken::content::{symbols_text, Height, MAX_COMBOS, MAX_SYMBOLS, RAGE_CARDS};
use crate::games::tekken::game::Tekken;
use crate::games::tekken::state::{Means, Phase, TekkenState};
use crate::hex::Direction;

/// Largest hand: `hand_size` (at most 5) plus the card heat draws.
pub const MAX_HAND: usize = 6;

/// Every 3-card subset of a 6-card hand, in lexicographic order: stance change picks one.
pub const TRIPLES: [[u8; 3]; 20] = {
    let mut out = [[0u8; 3]; 20];
    let mut n = 0;
    let mut i = 0;
    while i < 6 {
        let mut j = i + 1;
        while j < 6 {
            let mut k = j + 1;
            while k < 6 {
                out[n] = [i as u8, j as u8, k as u8];
                n += 1;
                k += 1;
            }
            j += 1;
        }
        i += 1;
    }
    out
};

/// Per hand size, a bit for each of `TRIPLES` whose cards the hand holds: a hand of 3 has one
/// triple to check, not twenty.
pub const TRIPLES_WITHIN: [u32; MAX_HAND + 1] = {
    let mut out = [0u32; MAX_HAND + 1];
    let mut len = 0;
    while len <= MAX_HAND {
        let mut i = 0;
        while i < TRIPLES.len() {
            if (TRIPLES[i][2] as usize) < len {
                out[len] |= 1 << i;
            }
            i += 1;
        }
        len += 1;
    }
    out
};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TekkenAction {
    /// Put the hand card at this index face down into the next free attack slot (TK-4.7).
    Play(u8),
    /// Stance change with the hand cards of `TRIPLES[i]` (TK-4.3).
    StanceChange(u8),
    /// Dash to the hex beside the opponent in this direction from it (TK-4.4).
    Dash(Direction),
    /// Spend the heat token for a 4th attack slot (TK-4.6, TK-12).
    Heat,
    /// Decline heat after the third card and end the string (TK-12.6).
    EndString,
    /// The defender's punish guess (TK-4.8).
    Guess(Height),
    /// Resolve the attack card's symbols (with a connected extension) now (TK-5.1).
    ResolveCard,
    /// Resolve this triggered combo now (TK-8).
    ResolveCombo(u8),
    /// Resolve the revealed rage card now (TK-9).
    ResolveRage,
    /// Skip the remaining optional means (combos, rage) of this card.
    EndResolution,
    /// Resolve symbol `i` of the combo being resolved (TK-8.3: any order).
    ComboSymbol(u8),
    /// Skip the rest of this combo's symbols (TK-8.3).
    ComboDone,
    /// Move to the adjacent hex in this direction (TK-6.1).
    Move(Direction),
    /// Secretly choose this round's rage card (TK-9.1).
    ChooseRage(u8),
}

const PLAY: Action = 0;
const STANCE: Action = PLAY + MAX_HAND as Action;
const DASH: Action = STANCE + TRIPLES.len() as Action;
const HEAT: Action = DASH + 6;
const END_STRING: Action = HEAT + 1;
const GUESS: Action = END_STRING + 1;
const RESOLVE_CARD: Action = GUESS + 3;
const RESOLVE_COMBO: Action = RESOLVE_CARD + 1;
const RESOLVE_RAGE: Action = RESOLVE_COMBO + MAX_COMBOS as Action;
const END_RESOLUTION: Action = RESOLVE_RAGE + 1;
const COMBO_SYMBOL: Action = END_RESOLUTION + 1;
const COMBO_DONE: Action = COMBO_SYMBOL + MAX_SYMBOLS as Action;
const MOVE: Action = COMBO_DONE + 1;
const CHOOSE_RAGE: Action = MOVE + 6;
pub const NUM_ACTIONS: usize = (CHOOSE_RAGE + RAGE_CARDS as Action) as usize;
const _: () = assert!(NUM_ACTIONS <= MAX_LEGAL_ACTIONS);

impl TekkenAction {
    pub fn encode(self) -> Action {
        match self {
            TekkenAction::Play(i) => PLAY + Action::from(i),
            TekkenAction::StanceChange(i) => STANCE + Action::from(i),
            TekkenAction::Dash(d) => DASH + Action::from(d.index()),
            TekkenAction::Heat => HEAT,
            TekkenAction::EndString => END_STRING,
            TekkenAction::Guess(h) => GUESS + h as Action,
            TekkenAction::ResolveCard => RESOLVE_CARD,
            TekkenAction::ResolveCombo(k) => RESOLVE_COMBO + Action::from(k),
            TekkenAction::ResolveRage => RESOLVE_RAGE,
            TekkenAction::EndResolution => END_RESOLUTION,
            TekkenAction::ComboSymbol(i) => COMBO_SYMBOL + Action::from(i),
            TekkenAction::ComboDone => COMBO_DONE,
            TekkenAction::Move(d) => MOVE + Action::from(d.index()),
            TekkenAction::ChooseRage(i) => CHOOSE_RAGE + Action::from(i),
        }
    }

    /// The action for an id in `0..NUM_ACTIONS`.
    pub fn decode(a: Action) -> TekkenAction {
        let dir = |base: Action| Direction::new((a - base) as u8).expect("direction in range");
        match a {
            _ if a < STANCE => TekkenAction::Play((a - PLAY) as u8),
            _ if a < DASH => TekkenAction::StanceChange((a - STANCE) as u8),
            _ if a < HEAT => TekkenAction::Dash(dir(DASH)),
            HEAT => TekkenAction::Heat,
            END_STRING => TekkenAction::EndString,
            _ if a < RESOLVE_CARD => TekkenAction::Guess(Height::ALL[usize::from(a - GUESS)]),
            RESOLVE_CARD => TekkenAction::ResolveCard,
            _ if a < RESOLVE_RAGE => TekkenAction::ResolveCombo((a - RESOLVE_COMBO) as u8),
            RESOLVE_RAGE => TekkenAction::ResolveRage,
            END_RESOLUTION => TekkenAction::EndResolution,
            _ if a < COMBO_DONE => TekkenAction::ComboSymbol((a - COMBO_SYMBOL) as u8),
            COMBO_DONE => TekkenAction::ComboDone,
            _ if a < CHOOSE_RAGE => TekkenAction::Move(dir(MOVE)),
            _ => TekkenAction::ChooseRage((a - CHOOSE_RAGE) as u8),
        }
    }
}

pub(crate) fn action_to_string(s: &TekkenState, game: &Tekken, action: Action) -> String {
    let att = usize::from(s.attacker);
    match TekkenAction::decode(action) {
        TekkenAction::Play(i) => match s.fighters[att].hand.get(usize::from(i)) {
            Some(c) => {
                let c = game.content.card(c);
                format!("play {} ({} {})", c.name, c.height.name(), c.colour.name())
            }
            None => format!("play hand card {}", i + 1),
        },
        TekkenAction::StanceChange(t) => {
            let names: Vec<String> = TRIPLES[usize::from(t)]
                .iter()
                .map(|&i| match s.fighters[att].hand.get(usize::from(i)) {
                    Some(c) => game.content.card(c).name.clone(),
                    None => format!("card {}", i + 1),
                })
                .collect();
            format!("stance change ({})", names.join(", "))
        }
        TekkenAction::Dash(d) => {
            let to = s.fighters[1 - att].pos.neighbor(d);
            format!("dash to ({}, {})", to.q, to.r)
        }
        TekkenAction::Heat => "heat".into(),
        TekkenAction::EndString => "end string".into(),
        TekkenAction::Guess(h) => format!("punish {}", h.name()),
        TekkenAction::ResolveCard => "resolve card".into(),
        TekkenAction::ResolveCombo(k) => match game.character(att).combos.get(usize::from(k)) {
            Some(c) => format!("combo {} ({})", c.name, symbols_text(&c.symbols)),
            None => format!("combo {}", k + 1),
        },
        TekkenAction::ResolveRage => "rage".into(),
        TekkenAction::EndResolution => "end resolution".into(),
        TekkenAction::ComboSymbol(i) => {
            let sym = match s.string.means {
                Means::Combo { combo, .. } => game
                    .character(att)
                    .combos
                    .get(usize::from(combo))
                    .and_then(|c| c.symbols.get(usize::from(i)))
                    .map(|s| s.to_string()),
                _ => None,
            };
            format!("combo symbol {} ({})", i + 1, sym.unwrap_or_else(|| "-".into()))
        }
        TekkenAction::ComboDone => "combo done".into(),
        TekkenAction::Move(d) => {
            let to = s.fighters[att].pos.neighbor(d);
            format!("move {} to ({}, {})", d.name(), to.q, to.r)
        }
        TekkenAction::ChooseRage(r) => {
            let p = match s.phase {
                Phase::ChooseRage { player } => usize::from(player),
                _ => att,
            };
            format!("rage card {}", game.character(p).rage[usize::from(r)].name)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_action_id_round_trips() {
        for a in 0..NUM_ACTIONS as Action {
            assert_eq!(TekkenAction::decode(a).encode(), a);
        }
    }

    #[test]
    fn triples_are_distinct_and_sorted() {
        for t in TRIPLES {
            assert!(t[0] < t[1] && t[1] < t[2] && t[2] < 6);
        }
        let mut all = TRIPLES.to_vec();
        all.dedup();
        assert_eq!(all.len(), 20);
    }
}
