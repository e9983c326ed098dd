//! The information-state string and the text drawing of a Fatal Fight position.

use std::fmt::Write;

use crate::cards::CardId;
use crate::core::count;
use crate::games::fatal_fight::state::*;
use crate::games::fatal_fight::FatalFight;

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

/// Public state plus, for `viewer`, its own hidden cards; `None` shows everything.
pub(crate) fn information(state: &FatalFightState, game: &FatalFight, viewer: Option<usize>) -> String {
    let c = &game.content;
    let names =
        |cards: &[CardId]| -> String { cards.iter().map(|&x| c.card(x).label()).collect::<Vec<_>>().join(", ") };
    let sorted = |cards: &[CardId]| -> String {
        let mut v = cards.to_vec();
        v.sort();
        names(&v)
    };
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
        let texts: Vec<String> = state
            .boss_order(viewer)
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
        if viewer.is_none() || viewer == Some(p) {
            let _ = write!(
                s,
                " | hand: {} | deck: {} | discard: {} | facedown: {}",
                names(pl.hand.as_slice()),
                if viewer.is_none() { names(pl.deck.as_slice()) } else { sorted(pl.deck.as_slice()) },
                names(pl.discard.as_slice()),
                names(pl.facedown.as_slice()),
            );
        } else if pl.discard_seen != 0 {
            let _ = write!(s, " | discarded in view: {}", sorted(&pl.discarded_in_view().collect::<Vec<_>>()));
        }
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
