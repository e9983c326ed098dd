//! The information-state string and the text drawing of the stage.

use std::fmt::Write;

use crate::cards::CardId;
use crate::core::count;
use crate::games::tekken::content::MAX_DECK;

use crate::games::tekken::game::Tekken;
use crate::games::tekken::state::{Heat, Means, Phase, Slot, TekkenState};
use crate::hex::Hex;

impl TekkenState {
    /// "12/30" with the round timer, "12" without.
    pub(super) fn strings_text(&self, game: &Tekken) -> String {
        match game.options.round_strings {
            Some(limit) => format!("{}/{limit}", self.strings),
            None => self.strings.to_string(),
        }
    }

    /// Where the resolution of the current card stands: everything that decides what the
    /// attacker may do next, so the information state tells such positions apart.
    fn resolution_text(&self, game: &Tekken) -> String {
        let att = usize::from(self.attacker);
        let ch = game.character(att);
        let st = &self.string;
        let mut parts = vec![if st.card_done { "card resolved".to_string() } else { "card to resolve".into() }];
        let pending: Vec<&str> = (0..ch.combos.len())
            .filter(|&k| st.combos_pending & (1 << k) != 0)
            .map(|k| ch.combos[k].name.as_str())
            .collect();
        if !pending.is_empty() {
            parts.push(format!("combos pending: {}", pending.join(", ")));
        }
        if self.rage_available() {
            parts.push("rage available".into());
        }
        match st.means {
            Means::Card { next } => parts.push(format!("card symbol {}", next + 1)),
            Means::Rage { next } => parts.push(format!("rage symbol {}", next + 1)),
            Means::Combo { combo, used } => {
                let symbols = &ch.combos[usize::from(combo)].symbols;
                let left: Vec<String> =
                    (0..symbols.len()).filter(|&i| used & (1 << i) == 0).map(|i| symbols[i].to_string()).collect();
                parts.push(format!("combo symbols left: {}", left.join(", ")));
            }
            Means::None => {}
        }
        if st.extension_from.is_some() {
            parts.push("extension connected".into());
        }
        format!(" ({})", parts.join("; "))
    }
}

/// A pile's cards by name in card order, copies counted ("Straight ×2, Uppercut"): the order
/// of a discard pile is never used (it is shuffled before it is drawn from again).
pub(super) fn pile_text(game: &Tekken, cards: impl Iterator<Item = CardId>) -> String {
    let mut ids: arrayvec::ArrayVec<CardId, MAX_DECK> = cards.collect();
    ids.sort_unstable();
    let mut parts = Vec::new();
    for run in ids.chunk_by(|a, b| a == b) {
        let name = &game.content.card(run[0]).name;
        parts.push(if run.len() > 1 { format!("{name} ×{}", run.len()) } else { name.clone() });
    }
    parts.join(", ")
}

/// What the table shows both players: the stage, each fighter, the phase. It is also the
/// drawing `render` gives.
pub(crate) fn public(state: &TekkenState, game: &Tekken) -> String {
    let mut s = String::new();
    let stage = game.stage();
    let o = &game.options;
    let side = if state.floor.side == 0 { "front" } else { "back" };
    let _ = writeln!(
        s,
        "{} ({} side) | round {} | wins {}-{} | string {}",
        stage.name,
        side,
        state.round,
        state.wins[0],
        state.wins[1],
        state.strings_text(game)
    );
    let board = stage.board.render(|h: Hex| {
        if h == state.fighters[0].pos {
            ['P', '0']
        } else if h == state.fighters[1].pos {
            ['P', '1']
        } else if stage.board.is_blocked(h) {
            ['#', '#']
        } else if stage.special(h).is_some() {
            ['!', '!']
        } else {
            let side = usize::from(state.floor.side);
            match (stage.is_cracked(side, h), stage.red_marked(side, h)) {
                (true, true) => ['~', 'r'],
                (true, false) => ['~', '~'],
                (false, true) => ['r', 'r'],
                (false, false) => [' ', ' '],
            }
        }
    });
    s.push_str(&board);
    if stage.floor_break.is_some() {
        s.push_str(if state.floor.side == 0 {
            "~~ cracked, rr marked red: cracked on the back side, plain floor until the flip\n"
        } else {
            "~~ cracked\n"
        });
        let breaks = state.floor.breaks_shown();
        let _ = writeln!(
            s,
            "floor tokens: {} break, {} blank face up, {} face down",
            breaks,
            usize::from(state.floor.flipped) - breaks,
            6 - usize::from(state.floor.flipped)
        );
    }
    for p in 0..2 {
        let f = &state.fighters[p];
        let ch = game.character(p);
        let role = if usize::from(state.attacker) == p { "attacker" } else { "defender" };
        let bar = "#".repeat(usize::from(f.hp)) + &".".repeat(usize::from(o.hp - f.hp));
        let _ = writeln!(s, "P{p} {} [{role}] HP {:>2} {bar}", ch.name, f.hp);
        let slots: Vec<String> = f.slots[..game.slot_limit()]
            .iter()
            .map(|slot| match *slot {
                Slot::Empty => "[   ]".into(),
                Slot::Stun => "[STUN]".into(),
                Slot::Card { card, revealed: true, .. } => {
                    let c = game.content.card(card);
                    format!("[{} {} {}]", c.name, c.height.name(), c.colour.name())
                }
                Slot::Card { .. } => "[face down]".into(),
            })
            .collect();
        // Without the heat rule (TK-12) there is no heat token to show.
        let heat = match f.heat {
            _ if !o.heat => "",
            Heat::Ready => " | heat ready",
            Heat::Active => " | heat ACTIVE",
            Heat::Spent => " | heat spent",
        };
        let mut flags = Vec::new();
        if f.knocked_down {
            flags.push("knocked down".to_string());
        }
        if f.punish_tokens > 0 {
            flags.push(format!("punish tokens {}", f.punish_tokens));
        }
        if f.cannot_punish {
            flags.push("cannot punish next attack".into());
        }
        let rage = match (f.rage, f.rage_revealed) {
            (Some(r), true) => {
                format!("{} (revealed){}", ch.rage[usize::from(r)].name, if f.rage_used { ", used" } else { "" })
            }
            (Some(_), false) => "chosen, hidden".into(),
            (None, _) => "not chosen".into(),
        };
        let _ = writeln!(
            s,
            "   slots {}{heat} | rage {rage}{}{}",
            slots.join(" "),
            if flags.is_empty() { "" } else { " | " },
            flags.join(", ")
        );
        let _ = writeln!(
            s,
            "   hand {}, deck {}, discard [{}]",
            count(f.hand.len(), "card"),
            f.deck.len(),
            pile_text(game, f.discard.iter())
        );
    }
    let _ = writeln!(s, "{}", status(state, game));
    s
}

/// Who decides what next (the public text's last line).
pub(crate) fn status(state: &TekkenState, game: &Tekken) -> String {
    let att = state.attacker;
    let mut s = match state.phase {
        Phase::ChooseRage { player } => format!("P{player} to choose a rage card in secret"),
        Phase::Prepare { prepared: false } => {
            let heat = if game.options.heat { ", heat" } else { "" };
            format!("P{att} to prepare (stance change, dash{heat}) or play a card")
        }
        Phase::Prepare { prepared: true } => format!("P{att} to play a card"),
        Phase::Guess => format!("P{} to guess the height of the face-down card", state.defender()),
        Phase::Resolve if state.string.awaiting_move => format!("P{att} to choose where to move"),
        Phase::Resolve => match state.string.means {
            Means::Combo { combo, .. } => {
                format!(
                    "P{att} to resolve the symbols of {}",
                    game.character(usize::from(att)).combos[usize::from(combo)].name
                )
            }
            _ => format!("P{att} to choose the next means (card, combo, rage)"),
        },
        Phase::Over => "the match is over".into(),
    };
    if state.phase == Phase::Resolve {
        s.push_str(&state.resolution_text(game));
    }
    s
}

/// What `viewer` alone knows: its hand in the order the `play` ids name it, its face-down
/// cards, its secret rage choice.
pub(crate) fn private(state: &TekkenState, game: &Tekken, viewer: usize) -> String {
    let f = &state.fighters[viewer];
    let named = |c: CardId| {
        let c = game.content.card(c);
        format!("{} ({} {})", c.name, c.height.name(), c.colour.name())
    };
    let hand: Vec<String> = f.hand.iter().map(named).collect();
    let face_down: Vec<String> = f
        .slots
        .iter()
        .enumerate()
        .filter_map(|(i, slot)| match *slot {
            Slot::Card { card, revealed: false, .. } => Some(format!("slot {}: {}", i + 1, named(card))),
            _ => None,
        })
        .collect();
    let rage = match f.rage {
        Some(r) => game.character(viewer).rage[usize::from(r)].name.as_str(),
        None => "not chosen",
    };
    let mut s = format!("P{viewer} hand: {}\n", hand.join("; "));
    if !face_down.is_empty() {
        let _ = writeln!(s, "P{viewer} face down: {}", face_down.join("; "));
    }
    let _ = writeln!(s, "P{viewer} rage: {rage}");
    s
}
