//! Every loader check: a state read from JSON must hold a reachable position's zones and ranges,
//! be one the rules can continue from (each phase holds what its actions read), and keep every
//! counter where play cannot wrap it.

use crate::cards::check_conserved;
use crate::core::ProblemKind::{Flow, Misplaced, OutOfRange};
use crate::core::{GameError, ProblemList};
use crate::games::tekken::content::Symbol;
use crate::games::tekken::game::Tekken;
use crate::games::tekken::state::{Heat, Means, Phase, Slot, TekkenState};
use crate::hex::Direction;

/// The most punish tokens a fighter may hold in a loaded state. Tokens come one per punish or
/// floor break and are reset every round, so a round reaches a few dozen at most; the limit
/// keeps the `u8` far from wrapping.
pub const MAX_PUNISH_TOKENS: u8 = 128;

fn flow(s: &TekkenState, game: &Tekken, bad: &mut ProblemList) {
    let o = &game.options;
    let att = usize::from(s.attacker.min(1));
    let character = game.character(att);
    let live = s.phase != Phase::Over;
    if s.floor.side > 1 {
        bad.add(OutOfRange, "floor.side", format!("floor.side {} must be 0 (front) or 1 (back)", s.floor.side));
    }
    if s.string.combos_pending >> character.combos.len() != 0 {
        bad.add(
            OutOfRange,
            "string.combos_pending",
            format!(
                "string.combos_pending {:#b} names a combo beyond the attacker's {}",
                s.string.combos_pending,
                character.combos.len()
            ),
        );
    }
    // Left over from the last string until the next one starts (after a round's rage choice it
    // may be the other fighter's), so only a string in progress must own it.
    if let Some(c) = s.string.extension_from {
        let in_string = matches!(s.phase, Phase::Prepare { .. } | Phase::Guess | Phase::Resolve);
        if usize::from(c.0) >= game.content.cards.len() || (in_string && !character.deck.contains(&c)) {
            bad.add(
                Misplaced,
                "string.extension_from",
                format!("string.extension_from {} is not one of the attacker's cards", c.0),
            );
        }
    }
    if let Means::Combo { combo, used } = s.string.means {
        match character.combos.get(usize::from(combo)) {
            None => bad.add(
                OutOfRange,
                "string.means.combo",
                format!("string.means.combo {combo} is beyond the attacker's {} combos", character.combos.len()),
            ),
            Some(c) if used >> c.symbols.len() != 0 => bad.add(
                OutOfRange,
                "string.means.used",
                format!("string.means.used {used:#b} marks symbols beyond the combo's {}", c.symbols.len()),
            ),
            Some(_) => {}
        }
    }
    for (p, f) in s.fighters.iter().enumerate() {
        if f.punish_tokens > MAX_PUNISH_TOKENS {
            bad.add(
                OutOfRange,
                format!("fighters[{p}].punish_tokens"),
                format!("fighters[{p}].punish_tokens {} is above the limit {MAX_PUNISH_TOKENS}", f.punish_tokens),
            );
        }
        if f.rage_used && !f.rage_revealed {
            bad.add(Flow, format!("fighters[{p}].rage_used"), format!("fighters[{p}].rage_used without rage_revealed"));
        }
        if live && f.hp == 0 {
            bad.add(
                Flow,
                format!("fighters[{p}].hp"),
                format!("fighters[{p}].hp is 0 but the match goes on (phase is not over)"),
            );
        }
    }
    // Every round but the current one gave at least one win (a draw gives both), which bounds
    // `round`; below 255 it cannot wrap when the next round starts.
    let rounds_done = u16::from(s.wins[0]) + u16::from(s.wins[1]);
    if s.round == 0 || u16::from(s.round) > rounds_done + 1 || s.round == u8::MAX {
        bad.add(OutOfRange, "round", format!("round {} must be in 1..=min(wins[0] + wins[1] + 1, 254)", s.round));
    }
    if !live {
        let target = o.rounds_to_win;
        let done = s.wins.map(|w| w >= target);
        let want = match done {
            [true, false] => Some([1, -1]),
            [false, true] => Some([-1, 1]),
            [true, true] => Some([0, 0]),
            [false, false] => None,
        };
        match want {
            None => bad.add(Flow, "phase", format!("phase is over but no player has rounds_to_win {target} wins")),
            Some(w) if s.result != Some(w) => bad.add(
                Flow,
                "result",
                format!("result {:?} is not the match result {w:?} that wins {:?} give", s.result, s.wins),
            ),
            Some(_) => {}
        }
        return;
    }
    for (p, &w) in s.wins.iter().enumerate() {
        if w >= o.rounds_to_win {
            bad.add(
                Flow,
                format!("wins[{p}]"),
                format!("wins[{p}] {w} reaches rounds_to_win {} but the match goes on", o.rounds_to_win),
            );
        }
    }
    phase(s, game, bad);
}

/// What each live phase's actions read.
fn phase(s: &TekkenState, game: &Tekken, bad: &mut ProblemList) {
    let att = usize::from(s.attacker.min(1));
    let me = &s.fighters[att];
    let slot = usize::from(s.string.slot.min(3));
    let current = me.slots[slot];
    for (i, sl) in s.fighters[1 - att].slots.iter().enumerate() {
        if matches!(sl, Slot::Card { .. }) {
            bad.add(
                Misplaced,
                format!("fighters[{}].slots[{i}]", 1 - att),
                format!("fighters[{}].slots[{i}]: the defender has an attack card in a slot", 1 - att),
            );
        }
    }
    for (i, sl) in me.slots.iter().enumerate() {
        let may_hide = s.phase == Phase::Guess && i == slot;
        if matches!(sl, Slot::Card { revealed: false, .. }) && !may_hide {
            bad.add(
                Misplaced,
                format!("fighters[{att}].slots[{i}]"),
                format!("fighters[{att}].slots[{i}]: a face-down card outside the guess on it"),
            );
        }
        let open = if me.heat == Heat::Active { game.slot_limit() } else { 3 };
        if i >= open && matches!(sl, Slot::Card { .. }) {
            bad.add(
                Misplaced,
                format!("fighters[{att}].slots[{i}]"),
                format!("fighters[{att}].slots[{i}] holds a card beyond the open slots"),
            );
        }
    }
    let no_means = s.string.means == Means::None && !s.string.awaiting_move;
    match s.phase {
        Phase::Over => {}
        Phase::ChooseRage { player } => {
            let untouched = s.fighters.iter().all(|f| f.slots == [Slot::Empty; 4] && !f.rage_revealed);
            if !untouched || !no_means || s.strings != 0 || s.floor.flipped != 0 {
                bad.add(Flow, "phase", "phase choose_rage comes before the round's first string: no slots, means, strings or floor flips yet");
            }
            let p = usize::from(player.min(1));
            if s.fighters[1].rage.is_some() || s.fighters[0].rage.is_some() != (p == 1) {
                bad.add(
                    Flow,
                    "phase",
                    format!("phase choose_rage {{player: {player}}} but the rage choices made do not match"),
                );
            }
        }
        Phase::Prepare { .. } => {
            if !no_means {
                bad.add(Flow, "phase", "phase prepare has no means in progress and awaits no move");
            }
        }
        Phase::Guess => {
            if !matches!(current, Slot::Card { revealed: false, .. }) || !no_means {
                bad.add(
                    Flow,
                    "phase",
                    format!("phase guess needs a face-down card in string.slot {slot} and no means in progress"),
                );
            }
        }
        Phase::Resolve => {
            if !matches!(current, Slot::Card { revealed: true, .. }) {
                bad.add(Flow, "phase", format!("phase resolve needs the revealed card in string.slot {slot}"));
            }
            let means = s.string.means;
            if s.string.awaiting_move {
                let next_is_move = match means {
                    Means::None => false,
                    Means::Combo { .. } => true,
                    Means::Card { next } => card_symbol(s, game, usize::from(next)) == Some(Symbol::Move),
                    Means::Rage { next } => {
                        me.rage_used
                            && game.character(att).rage[usize::from(me.rage.unwrap_or(0).min(1))]
                                .symbols
                                .get(usize::from(next))
                                == Some(&Symbol::Move)
                    }
                };
                if !next_is_move {
                    bad.add(
                        Flow,
                        "string.awaiting_move",
                        "string.awaiting_move, but the means in progress is not at a move symbol",
                    );
                }
                let from = me.pos;
                let other = s.fighters[1 - att].pos;
                let open = Direction::ALL.into_iter().any(|d| {
                    let to = from.neighbor(d);
                    to != other && game.stage().board.is_open(to)
                });
                if !open {
                    bad.add(
                        Flow,
                        "string.awaiting_move",
                        "string.awaiting_move, but the attacker has no hex to move to",
                    );
                }
            } else if matches!(means, Means::Card { .. } | Means::Rage { .. }) {
                bad.add(Flow, "string.means", "string.means: a card or rage means stops only to await a move");
            }
        }
    }
}

/// The `i`-th symbol of the card in the string's slot, its connected extension after its own
/// (as the rules read it).
fn card_symbol(s: &TekkenState, game: &Tekken, i: usize) -> Option<Symbol> {
    let Slot::Card { card, .. } = s.fighters[usize::from(s.attacker.min(1))].slots[usize::from(s.string.slot.min(3))]
    else {
        return None;
    };
    let card = game.content.card(card);
    if let Some(&sym) = card.symbols.get(i) {
        return Some(sym);
    }
    let ext = s.string.extension_from.and_then(|prev| {
        game.content.cards.get(usize::from(prev.0))?.extensions.iter().find(|e| e.height == card.height)
    })?;
    ext.symbols.get(i - card.symbols.len()).copied()
}

/// The invariants of a reachable position, for states read from JSON.
pub(crate) fn validate(s: &TekkenState, game: &Tekken) -> Result<(), GameError> {
    problems(s, game).into_result()
}

/// Every problem of a state read from JSON.
pub(crate) fn problems(s: &TekkenState, game: &Tekken) -> ProblemList {
    let mut bad = ProblemList::new();
    for (p, f) in s.fighters.iter().enumerate() {
        let deck = game.character(p).deck.iter().copied();
        check_conserved(
            &mut bad,
            format!("fighters[{p}]"),
            p,
            "cards across deck, hand, discard and slots",
            f.all_cards(),
            deck,
        );
        if f.hp > game.options.hp {
            bad.add(
                OutOfRange,
                format!("fighters[{p}].hp"),
                format!("player {p}'s hp {} is above the starting {}", f.hp, game.options.hp),
            );
        }
        if !game.stage().board.is_open(f.pos) {
            bad.add(
                Misplaced,
                format!("fighters[{p}].pos"),
                format!("player {p} stands on ({}, {}), not an open hex", f.pos.q, f.pos.r),
            );
        }
        if f.rage.is_some_and(|r| r >= 2) {
            bad.add(OutOfRange, format!("fighters[{p}].rage"), format!("player {p}'s rage choice must be 0 or 1"));
        }
        if f.rage_revealed && f.rage.is_none() {
            bad.add(
                Flow,
                format!("fighters[{p}].rage_revealed"),
                format!("player {p}'s rage is revealed but was never chosen"),
            );
        }
        // Hands are refilled to `hand_size` (TKX-2, TKX-4); only heat draws past it (TKX-7), and
        // only the attacker activates heat, which is spent when its string ends.
        let most =
            usize::from(game.options.hand_size) + usize::from(p == usize::from(s.attacker) && f.heat == Heat::Active);
        if f.hand.len() > most {
            bad.add(
                OutOfRange,
                format!("fighters[{p}].hand"),
                format!(
                    "player {p} holds {} cards, more than {most} (hand_size, and one more only for the attacker under active heat)",
                    f.hand.len()
                ),
            );
        }
        if !game.options.heat && f.heat != Heat::Ready {
            bad.add(Flow, format!("fighters[{p}].heat"), format!("player {p} used heat, but the heat rule is off"));
        }
        if !game.options.heat && f.slots[3] != Slot::Empty {
            bad.add(
                Misplaced,
                format!("fighters[{p}].slots[3]"),
                format!("player {p}'s 4th slot is used, but the heat rule is off"),
            );
        }
    }
    if s.fighters[0].pos == s.fighters[1].pos {
        bad.add(Misplaced, "fighters", "both fighters stand on one hex");
    }
    if s.attacker > 1 || s.opener > 1 {
        bad.add(OutOfRange, "attacker", "attacker and opener must be 0 or 1");
    }
    if let Some(limit) = game.options.round_strings {
        if s.strings > u64::from(limit) {
            bad.add(OutOfRange, "strings", format!("strings {} is beyond the round timer's {limit}", s.strings));
        }
    }
    if s.wins.iter().any(|&w| w > game.options.rounds_to_win) {
        bad.add(OutOfRange, "wins", "a player has more round wins than rounds_to_win");
    }
    if s.floor.flipped > 6 || s.floor.tokens.iter().filter(|&&b| b).count() != 3 {
        bad.add(OutOfRange, "floor", "floor tokens must be 3 breaks and 3 blanks with at most 6 flipped");
    }
    if s.string.slot > 3 {
        bad.add(OutOfRange, "string.slot", "string slot must be in 0..4");
    }
    if let Phase::ChooseRage { player } = s.phase {
        if player > 1 {
            bad.add(OutOfRange, "phase", "rage chooser must be 0 or 1");
        }
    }
    if (s.phase == Phase::Over) != s.result.is_some() {
        bad.add(Flow, "result", "a result is present exactly when the phase is over");
    }
    // The flow checks read cards and seats through the content: only once those are sound.
    if bad.is_empty() {
        flow(s, game, &mut bad);
    }
    bad
}
