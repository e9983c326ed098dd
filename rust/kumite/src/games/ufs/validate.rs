//! Every loader check: a state read from JSON must hold a reachable position's zones and ranges,
//! and be one the rules can continue from (each step holds what its actions read).

use crate::cards::check_conserved;
use crate::core::ProblemKind::{Flow, Misplaced, OutOfRange, UnknownId};
use crate::core::{GameError, ProblemList};
use crate::games::ufs::content::Kind;
use crate::games::ufs::game::Ufs;
use crate::games::ufs::state::*;

fn flow(s: &UfsState, game: &Ufs, bad: &mut ProblemList) {
    let content = &game.content;
    if let Some(r) = s.result {
        if ![[1, -1], [-1, 1], [0, 0]].contains(&r) {
            bad.add(
                OutOfRange,
                "result",
                format!("result {r:?} is not a win, a loss or a draw ([1, -1], [-1, 1] or [0, 0])"),
            );
        }
    }
    // Only an attack that dealt damage is marked, and only it may become momentum (UF-9.3).
    for (p, side) in s.sides.iter().enumerate() {
        for (i, x) in side.pool().as_slice().iter().enumerate() {
            if x.damaged() && content.card(x.card).kind != Kind::Attack {
                bad.add(
                    Misplaced,
                    format!("sides[{p}].pool[{i}]"),
                    format!("sides[{p}].pool()[{i}].damaged(): only an attack card deals damage"),
                );
            }
        }
    }
    if let (Phase::Check, Some(c), Some(a)) = (s.phase, s.check, s.attack) {
        match c.purpose {
            // The block being checked is not the block already made.
            Purpose::Block if a.block.is_some() => bad.add(
                Flow,
                "check.slot",
                format!("check.slot {}: a block check while attack.block is already {:?}", c.slot, a.block),
            ),
            // An enhance is played after the attack, so it lies right of it in the pool.
            Purpose::Enhance if usize::from(c.player) == usize::from(s.active) && c.slot <= a.slot => bad.add(
                Flow,
                "check.slot",
                format!("check.slot {}: an enhance check on a card at or left of attack.slot {}", c.slot, a.slot),
            ),
            _ => {}
        }
    }
}

/// The invariants of a reachable position, for states read from JSON.
pub(crate) fn validate(state: &UfsState, game: &Ufs) -> Result<(), GameError> {
    problems(state, game).into_result()
}

/// Every problem of a state read from JSON.
pub(crate) fn problems(state: &UfsState, game: &Ufs) -> ProblemList {
    let mut bad = ProblemList::new();
    let content = &game.content;
    let n_cards = content.cards.len();
    let flipped_ok = state.check.is_none_or(|c| usize::from(c.flipped.0) < n_cards);
    if state.sides.iter().any(|s| s.all_cards().any(|c| usize::from(c.0) >= n_cards)) || !flipped_ok {
        bad.add(UnknownId, "sides", format!("a card id is outside the card database (0..{n_cards})"));
        return bad;
    }
    for (p, side) in state.sides.iter().enumerate() {
        // Counted hand cards were drawn after a relief, which removed cards (UF-3.4).
        let fresh = side.drawn_since_relief as usize;
        if fresh > side.hand().len() || (fresh > 0 && side.removed().is_empty()) {
            bad.add(
                OutOfRange,
                format!("sides[{p}].drawn_since_relief"),
                format!(
                    "player {p}'s drawn_since_relief {fresh}: at most the hand's {} cards, and 0 before any relief",
                    side.hand().len()
                ),
            );
        }
        if side.deck().is_empty() && state.result.is_none() {
            bad.add(
                Flow,
                format!("sides[{p}].deck"),
                format!("player {p}'s deck is empty but the game is not over (relief refills it at once, UF-3.4)"),
            );
        }
        let deck = game.decks[p].iter().copied().chain([game.characters[p]]);
        check_conserved(&mut bad, format!("sides[{p}]"), p, "cards across all zones", side.all_cards(), deck);
        match side.character().as_slice().first() {
            Some(s) if s.card == game.characters[p] => {}
            _ => bad.add(
                Misplaced,
                format!("sides[{p}].character"),
                format!("player {p}'s character row must start with its character card"),
            ),
        }
        let person = &content.card(game.characters[p]).person;
        if side.character().as_slice().iter().any(|s| {
            let c = content.card(s.card);
            c.kind != Kind::Character || &c.person != person
        }) {
            bad.add(
                Misplaced,
                format!("sides[{p}].character"),
                format!("player {p}: only copies of the same person attach to the character"),
            );
        }
        let in_play = side.character().as_slice().iter().chain(side.staging().as_slice()).map(|s| s.card);
        if in_play.clone().enumerate().any(|(i, c)| content.card(c).unique && in_play.clone().take(i).any(|d| d == c)) {
            bad.add(
                Misplaced,
                format!("sides[{p}]"),
                format!("player {p}: two copies of a unique card in play (UF-3.7: only the first one survives)"),
            );
        }
        if side
            .staging()
            .as_slice()
            .iter()
            .any(|s| !matches!(content.card(s.card).kind, Kind::Foundation | Kind::Asset))
        {
            bad.add(
                Misplaced,
                format!("sides[{p}].staging"),
                format!("player {p}: only foundations and assets stay in the staging area"),
            );
        }
        if side.staging().as_slice().iter().any(|s| s.face_down() && content.card(s.card).kind != Kind::Foundation) {
            bad.add(
                Misplaced,
                format!("sides[{p}].staging"),
                format!("player {p}: only foundations are turned face down"),
            );
        }
        if side.pool().as_slice().iter().any(|s| s.committed() || s.face_down()) {
            bad.add(
                Misplaced,
                format!("sides[{p}].pool"),
                format!("player {p}: cards in the pool are never committed or face down"),
            );
        }
        if side.vitality > game.max_vitality(p) {
            bad.add(
                OutOfRange,
                format!("sides[{p}].vitality"),
                format!("player {p}'s vitality {} is above its maximum {}", side.vitality, game.max_vitality(p)),
            );
        }
        if !side.mulliganed().is_empty() && !side.mulligan_done {
            bad.add(
                Flow,
                format!("sides[{p}].mulligan_done"),
                format!("player {p} has mulliganed cards but has not decided its mulligan"),
            );
        }
        // UF-2.7, UF-4.3: the first player decides its mulligan, then the other, once each;
        // every later phase comes after both decided.
        let decided = match state.phase {
            Phase::Mulligan { player } => player != state.first && p == usize::from(state.first),
            _ => true,
        };
        if state.result.is_none() && side.mulligan_done != decided {
            bad.add(Flow, format!("sides[{p}].mulligan_done"), format!(
                "player {p} {} its mulligan, but in this phase it {} (UF-2.7: the first player decides, then the other, once each)",
                if side.mulligan_done { "has decided" } else { "has not decided" },
                if decided { "has decided" } else { "is yet to decide" },
            ));
        }
        if side.vitality == 0 && state.result.is_none() {
            bad.add(
                Flow,
                format!("sides[{p}].vitality"),
                format!("player {p} has 0 vitality but the game is not over"),
            );
        }
    }
    if state.active > 1 || state.first > 1 {
        bad.add(OutOfRange, "active", "active and first must be 0 or 1");
    }
    match game.options.max_turns {
        _ if state.turn == 0 => bad.add(OutOfRange, "turn", "turn counts from 1"),
        Some(m) if state.turn > u32::from(m) => {
            bad.add(OutOfRange, "turn", format!("turn must be in 1..={m} (the max_turns variant)"))
        }
        _ => {}
    }
    if (state.phase == Phase::Over) != state.result.is_some() {
        bad.add(Flow, "result", "a result is present exactly when the phase is over");
    }
    let active = usize::from(state.active.min(1));
    let in_attack = matches!(state.phase, Phase::Enhance { .. } | Phase::Block);
    if in_attack && state.attack.is_none() {
        bad.add(Flow, "attack", "the enhance and block steps need an attack");
    }
    // UF-6.3, UF-6.4: the enhance step ends before the block step, which blocks at most once.
    let enhancing = in_attack || state.check.is_some_and(|c| c.purpose == Purpose::Enhance);
    if enhancing && state.attack.is_some_and(|a| a.block.is_some()) {
        bad.add(
            Flow,
            "attack.block",
            "attack.block is set only once the block step has blocked (after the enhance step)",
        );
    }
    if let Some(a) = state.attack {
        match state.sides[active].pool().as_slice().get(usize::from(a.slot)) {
            Some(s) if content.card(s.card).kind == Kind::Attack => {}
            _ => {
                bad.add(Misplaced, "attack.slot", "attack.slot must point at an attack card in the turn player's pool")
            }
        }
        if let Some(b) = a.block {
            match state.sides[1 - active].pool().as_slice().get(usize::from(b)) {
                Some(s) if content.card(s.card).block.is_some() => {}
                _ => {
                    bad.add(Misplaced, "attack.block", "attack.block must point at a block card in the defender's pool")
                }
            }
        }
        if matches!(state.phase, Phase::Combat | Phase::Review | Phase::Momentum | Phase::Mulligan { .. }) {
            bad.add(Flow, "attack", "no attack outside the enhance, block and check steps");
        }
    }
    match (state.phase, state.check) {
        (Phase::Check, Some(c)) => {
            if c.player > 1 || usize::from(c.slot) >= state.sides[usize::from(c.player.min(1))].pool().len() {
                bad.add(OutOfRange, "check", "check.player / check.slot out of range");
            }
            if c.have >= c.need {
                bad.add(Flow, "check", "a waiting check must still be failing");
            }
            if c.purpose != Purpose::Form && state.attack.is_none() {
                bad.add(Flow, "check", "enhance and block checks happen inside an attack");
            }
            let checked = state.sides[usize::from(c.player.min(1))].pool().as_slice().get(usize::from(c.slot));
            match c.purpose {
                Purpose::Block
                    if usize::from(c.player) != 1 - active
                        || checked.is_some_and(|s| content.card(s.card).block.is_none()) =>
                {
                    bad.add(Flow, "check", "a block check is the defender's, on a card with a block icon")
                }
                Purpose::Form if usize::from(c.player) != active => {
                    bad.add(Flow, "check", "a form check is the turn player's")
                }
                _ => {}
            }
        }
        (Phase::Check, None) => bad.add(Flow, "check", "the check step needs a check"),
        (_, Some(_)) => bad.add(Flow, "check", "a check is present only in the check step"),
        _ => {}
    }
    if state.phase == Phase::Momentum && !state.sides[active].pool().as_slice().iter().any(|x| x.damaged()) {
        bad.add(Flow, "phase", "the momentum step needs a damaging attack in the turn player's pool");
    }
    match state.phase {
        Phase::Mulligan { player } if player > 1 => bad.add(OutOfRange, "phase", "mulligan player must be 0 or 1"),
        Phase::Enhance { priority, passes } if priority > 1 || passes > 1 => {
            bad.add(OutOfRange, "phase", "enhance priority must be 0 or 1 and passes 0 or 1")
        }
        _ => {}
    }
    flow(state, game, &mut bad);
    bad
}
