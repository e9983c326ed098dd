//! The information-state string and the text drawing of a Fatal Fight position.

use std::fmt::Write;

use crate::cards::{CardId, Pile};
use crate::core::count;
use crate::games::fatal_fight::game::FatalFight;
use crate::games::fatal_fight::state::*;

/// The phase in words, for the render.
fn phase_text(p: Phase) -> String {
    match p {
        Phase::Shop { player } => format!("P{player} shops"),
        Phase::Turn { player } => format!("P{player}'s turn"),
        Phase::Combination { player } => format!("P{player} may continue the chain"),
        Phase::Pay { player, left, .. } => {
            format!("P{player} plays {} face down", count(usize::from(left), "more card"))
        }
        Phase::MassDamage { group } => format!("the team picks who takes group {}'s mass damage", group + 1),
        Phase::Over => "game over".into(),
    }
}

/// The players who passed in the shop since its last transaction (" (passed: P0, P2)"), or nothing.
fn passed_text(passed: u8) -> String {
    let who: Vec<String> = (0..MAX_PLAYERS).filter(|&p| passed & (1 << p) != 0).map(|p| format!("P{p}")).collect();
    if who.is_empty() {
        String::new()
    } else {
        format!(" (passed: {})", who.join(", "))
    }
}

/// FF-3.6's shop is shared and order-free: a player leaving it is told when it closes.
pub(super) fn leave_shop_line(closes: bool) -> String {
    if closes {
        "leaves the shop: everyone has left in a row, so it closes".into()
    } else {
        "leaves the shop (it closes once every player has left in a row)".into()
    }
}

/// The players a transaction brings back to the shop, and why (FF-3.6: the shop is shared, so
/// what one buys, upgrades or drops changes what the others may do).
pub(super) fn shop_reopens_line(passed: u8) -> String {
    let who: Vec<String> = (0..MAX_PLAYERS).filter(|&p| passed & (1 << p) != 0).map(|p| format!("P{p}")).collect();
    format!(
        "{} may shop again: the shop is shared and order-free, so it closes only once every player has left it in a row (FF-3.6)",
        who.join(", ")
    )
}

/// Mass damage pending per group, only where some is ("mass damage: group 2: 3 | "), else nothing.
fn mass_text(mass: &[u8]) -> String {
    let pending: Vec<String> =
        mass.iter().enumerate().filter(|(_, &m)| m > 0).map(|(g, &m)| format!("group {}: {m}", g + 1)).collect();
    if pending.is_empty() {
        String::new()
    } else {
        format!("mass damage {} | ", pending.join(", "))
    }
}

/// The whole position, every hidden card included (the render).
pub(crate) fn render(state: &FatalFightState, game: &FatalFight) -> String {
    let c = &game.content;
    let names =
        |cards: &[CardId]| -> String { cards.iter().map(|&x| c.card(x).label()).collect::<Vec<_>>().join(", ") };
    let mut s = String::new();
    let _ = writeln!(
        s,
        "Stage {} round {} | {} | turn player P{} | {}team gold {} (earned {}) | chain AP {}, {}{}{}{}{}",
        state.stage + 1,
        state.round,
        phase_text(state.phase) + &passed_text(state.shop_passed),
        state.chain_owner,
        mass_text(&state.mass),
        state.pool,
        state.earned,
        state.chain.ap,
        count(usize::from(state.chain.hits), "hit"),
        if state.chain.area { " area" } else { "" },
        if state.chain.pierce { " pierce" } else { "" },
        if state.chain.launch { " launch" } else { "" },
        if state.chain.combined { " (combination offered)" } else { "" },
    );
    if let Some(i) = state.current_stage_card {
        let sc = &c.stages[usize::from(i)];
        let _ = writeln!(s, "Stage card: {} ({}); used {}", sc.name, sc.gimmick.describe(), state.stage_used.len());
    }
    if state.boss_present {
        let b = &c.bosses[usize::from(state.stage.min(3))];
        let texts: Vec<String> =
            state.boss_order(None).into_iter().map(|(k, _)| b.skills[usize::from(k)].describe()).collect();
        let _ = writeln!(
            s,
            "Boss {} (life {}) skills, top first, unseen order in brackets: {}",
            b.name,
            b.life,
            texts.join(" / ")
        );
    }
    for (g, grp) in state.groups.iter().enumerate() {
        if grp.is_empty() {
            continue;
        }
        let members: Vec<String> =
            grp.iter().map(|e| if e == BOSS { "BOSS".to_string() } else { c.enemy(e).name.clone() }).collect();
        let _ = writeln!(
            s,
            "Group {} ({} {}): {}",
            g + 1,
            AREA_NAMES[usize::from(group_area(g))],
            LINE_NAMES[usize::from(group_line(g))],
            members.join(", ")
        );
    }
    for p in 0..game.n() {
        let pl = &state.players[p];
        let _ = write!(
            s,
            "P{p} {} at {} life {} GP {} gold {}{}{} actions {} moves {} combination {}{} | hand {} deck {} discard {} | played [{}] facedown {} | items [{}]",
            game.character(p).name,
            square_name(pl.square),
            pl.life,
            pl.gp,
            pl.gold,
            if pl.down { " DOWN" } else { "" },
            if pl.immune { " saved" } else { "" },
            pl.actions,
            pl.moves,
            pl.combo_left,
            if pl.special_ready { " special ready" } else { "" },
            pl.hand.len(),
            pl.deck.len(),
            pl.discard.len(),
            names(pl.played.as_slice()),
            pl.facedown.len(),
            names(pl.carried.as_slice()),
        );
        let _ = write!(
            s,
            " | hand: {} | deck: {} | discard: {} | facedown: {}",
            names(pl.hand.as_slice()),
            names(pl.deck.as_slice()),
            names(pl.discard.as_slice()),
            names(pl.facedown.as_slice()),
        );
        s.push('\n');
    }
    let row: Vec<String> = state.unique_row.iter().map(|x| x.map_or("-".into(), |x| c.card(x).label())).collect();
    let _ = writeln!(s, "Uniques face up: {}", row.join(", "));
    let stock: Vec<String> = (0..c.cards.len())
        .filter(|&t| state.shop.0[t] > 0)
        .map(|t| format!("{} x{}", c.cards[t].label(), state.shop.0[t]))
        .collect();
    let _ = writeln!(s, "Shop: {}", stock.join(", "));
    if let Some(r) = state.result {
        let _ = writeln!(s, "Result: {} (score {})", if r { "win" } else { "loss" }, state.score);
    }
    s
}

/// Card names, sorted by card (a multiset: where it lies in a pile is no information).
fn sorted_names(game: &FatalFight, cards: impl Iterator<Item = CardId>) -> String {
    let mut v: Vec<CardId> = cards.collect();
    v.sort();
    v.iter().map(|&x| game.content.card(x).label()).collect::<Vec<_>>().join(", ")
}

/// The phase with what it waits for, in words, for the information string.
fn pending_text(p: Phase) -> String {
    match p {
        Phase::Pay { then: Pending::Move { to }, .. } => format!("{} to move to {}", phase_text(p), square_name(to)),
        Phase::Pay { then: Pending::Save { target }, .. } => format!("{} to save P{target}", phase_text(p)),
        _ => phase_text(p),
    }
}

/// What the table shows every seat alike (the public observation as text, docs "Observation"):
/// the same facts as the public vector, seats in table order, piles whose order nobody sees as
/// sorted multisets.
pub(crate) fn public(state: &FatalFightState, game: &FatalFight) -> String {
    let c = &game.content;
    let names = |cards: &[CardId]| cards.iter().map(|&x| c.card(x).label()).collect::<Vec<_>>().join(", ");
    let mut s = String::new();
    let _ = writeln!(
        s,
        "Stage {} round {} | {}{} | acting {} | turn player P{} | leader P{} | {}team gold {} (earned {}) | chain AP {}, {}{}{}{}{}",
        state.stage + 1,
        state.round,
        pending_text(state.phase),
        passed_text(state.shop_passed),
        current_player(state).map_or("nobody".into(), |p| format!("P{p}")),
        state.chain_owner,
        state.leader(),
        mass_text(&state.mass),
        state.pool,
        state.earned,
        state.chain.ap,
        count(usize::from(state.chain.hits), "hit"),
        if state.chain.area { " area" } else { "" },
        if state.chain.pierce { " pierce" } else { "" },
        if state.chain.launch { " launch" } else { "" },
        if state.chain.combined { " (combination offered)" } else { "" },
    );
    let card = state.current_stage_card.map_or("none".into(), |i| {
        let sc = &c.stages[usize::from(i)];
        format!("{} ({})", sc.name, sc.gimmick.describe())
    });
    let used = state.stage_used.iter().map(|i| c.stages[usize::from(i.0)].name.clone());
    let mut used: Vec<(u16, String)> = state.stage_used.iter().map(|i| i.0).zip(used).collect();
    used.sort();
    let used: Vec<String> = used.into_iter().map(|(_, n)| n).collect();
    let _ = writeln!(s, "Stage card: {card}; used: {}", used.join(", "));
    if !state.boss_pile.is_empty() {
        let b = &c.bosses[usize::from(state.stage.min(3))];
        let texts: Vec<String> = state
            .boss_order(Some(0))
            .into_iter()
            .map(|(k, seen)| {
                let t = b.skills[usize::from(k)].describe();
                if seen {
                    t
                } else {
                    format!("({t})")
                }
            })
            .collect();
        let _ = writeln!(
            s,
            "Boss {} (life {}){}{} skills, top first, unseen order in brackets: {}",
            b.name,
            b.life,
            if state.boss_placed { " placed" } else { "" },
            if state.boss_present { " present" } else { "" },
            texts.join(" / ")
        );
    }
    for (g, grp) in state.groups.iter().enumerate() {
        if grp.is_empty() {
            continue;
        }
        let members: Vec<String> =
            grp.iter().map(|e| if e == BOSS { "BOSS".to_string() } else { c.enemy(e).name.clone() }).collect();
        let _ = writeln!(
            s,
            "Group {} ({} {}): {}",
            g + 1,
            AREA_NAMES[usize::from(group_area(g))],
            LINE_NAMES[usize::from(group_line(g))],
            members.join(", ")
        );
    }
    let enemies = |pile: &Pile<MAX_ENEMY_CARDS>| {
        let mut v: Vec<u16> = pile.iter().map(|e| e.0).collect();
        v.sort_unstable();
        v.iter().map(|&e| c.enemies[usize::from(e)].name.clone()).collect::<Vec<_>>().join(", ")
    };
    let _ = writeln!(
        s,
        "Enemy pile {} | enemy discard: {} | escaped: {}",
        state.enemy_pile.len(),
        enemies(&state.enemy_discard),
        enemies(&state.escaped)
    );
    for p in 0..game.n() {
        let pl = &state.players[p];
        let owned = pl.deck.iter().chain(pl.hand.iter()).chain(pl.discard.iter()).chain(pl.played.iter());
        let _ = writeln!(
            s,
            "P{p} {} at {} life {} GP {} gold {}{}{} actions {} moves {} combination {}{} | hand {} deck {} discard {} | played [{}] facedown {} | items [{}] | owns [{}] | discarded in view [{}]",
            game.character(p).name,
            square_name(pl.square),
            pl.life,
            pl.gp,
            pl.gold,
            if pl.down { " DOWN" } else { "" },
            if pl.immune { " saved" } else { "" },
            pl.actions,
            pl.moves,
            pl.combo_left,
            if pl.special_ready { " special ready" } else { "" },
            pl.hand.len(),
            pl.deck.len(),
            pl.discard.len(),
            sorted_names(game, pl.played.iter()),
            pl.facedown.len(),
            names(pl.carried.as_slice()),
            sorted_names(game, owned.chain(pl.facedown.iter())),
            sorted_names(game, pl.discarded_in_view()),
        );
    }
    let row: Vec<String> = state.unique_row.iter().map(|x| x.map_or("-".into(), |x| c.card(x).label())).collect();
    let _ = writeln!(s, "Uniques face up: {} | unique pile {}", row.join(", "), state.unique_pile.len());
    let stock = |counts: &Counts| -> String {
        (0..c.cards.len())
            .filter(|&t| counts.0[t] > 0)
            .map(|t| format!("{} x{}", c.cards[t].label(), counts.0[t]))
            .collect::<Vec<_>>()
            .join(", ")
    };
    let _ = writeln!(s, "Shop: {}", stock(&state.shop));
    let _ = writeln!(s, "Removed: {}", stock(&state.removed));
    if let Some(r) = state.result {
        let _ = writeln!(s, "Result: {} (score {})", if r { "win" } else { "loss" }, state.score);
    }
    s
}

/// What `me` alone knows (the private observation as text): its seat and its own cards whose
/// place the others do not see, each pile as a sorted multiset (its deck's order is hidden
/// from it too).
pub(crate) fn private(state: &FatalFightState, game: &FatalFight, me: usize) -> String {
    let pl = &state.players[me];
    format!(
        "You are P{me} | hand: {} | deck: {} | discard: {} | facedown: {}\n",
        sorted_names(game, pl.hand.iter()),
        sorted_names(game, pl.deck.iter()),
        sorted_names(game, pl.discard.iter()),
        sorted_names(game, pl.facedown.iter()),
    )
}
