//! The observation strings: the public drawing of the table and each seat's private part.

use std::fmt::Write;

use crate::games::ufs::game::Ufs;
use crate::games::ufs::state::*;

/// The turn number, and the limit when the turn-limit variant is on.
pub(super) fn turn_text(turn: u32, game: &Ufs) -> String {
    match game.options.max_turns {
        Some(m) => format!("{turn} of at most {m}"),
        None => turn.to_string(),
    }
}

impl UfsState {
    pub(super) fn slot_text(game: &Ufs, x: &Slot) -> String {
        let mut t = game.content.card(x.card).name.clone();
        let mut marks = Vec::new();
        if x.committed() {
            marks.push("committed");
        }
        if x.face_down() {
            marks.push("face down");
        }
        if x.used_turn() {
            marks.push("used");
        }
        if x.used_attack() {
            marks.push("enhanced");
        }
        if x.damaged() {
            marks.push("dealt damage");
        }
        if !marks.is_empty() {
            t.push_str(&format!(" ({})", marks.join(", ")));
        }
        t
    }

    /// What happens next, in one line.
    pub(super) fn phase_text(&self) -> String {
        match self.phase {
            Phase::Mulligan { player } => format!("P{player} to mulligan or keep"),
            Phase::Review => format!("P{} may discard a card (review step)", self.active),
            Phase::Combat => format!("P{} in the combat phase", self.active),
            Phase::Enhance { priority, passes } => format!("enhance step: P{priority} to act ({passes} pass in a row)"),
            Phase::Block => format!("block step: P{} to block or not", 1 - self.active),
            Phase::Check => "check: commit cards or accept the failure".into(),
            Phase::Momentum => format!("end phase: P{} chooses momentum", self.active),
            Phase::Over => match self.result {
                Some([1, _]) => "over: P0 wins".into(),
                Some([_, 1]) => "over: P1 wins".into(),
                _ => "over: draw".into(),
            },
        }
    }
}

/// What `viewer` alone sees: its seat, its hand and its mulliganed cards, in order.
pub(crate) fn private(state: &UfsState, game: &Ufs, v: usize) -> String {
    let side = &state.sides[v];
    let names = |c: Cards| c.iter().map(|c| game.content.card(c).name.as_str()).collect::<Vec<_>>().join(", ");
    let mut s = format!("you are P{v}\nP{v} hand: {}\n", names(side.hand()));
    if !side.mulliganed().is_empty() {
        s += &format!("P{v} mulliganed: {}\n", names(side.mulliganed()));
    }
    s
}

/// The table as every seat sees it, seats in order.
pub(crate) fn public(state: &UfsState, game: &Ufs) -> String {
    let mut s = String::new();
    let names = |it: &mut dyn Iterator<Item = crate::cards::CardId>| -> String {
        it.map(|c| game.content.card(c).name.as_str()).collect::<Vec<_>>().join(", ")
    };
    let _ = writeln!(
        s,
        "UFS | turn {} | P{} to play first | P{} is the turn player",
        turn_text(state.turn, game),
        state.first,
        state.active
    );
    for p in 0..2 {
        let side = &state.sides[p];
        let ch: Vec<String> = side.character().as_slice().iter().map(|x| UfsState::slot_text(game, x)).collect();
        let _ = writeln!(
            s,
            "P{p} {} | vitality {}/{} | hand {} | deck {} | momentum {} | removed {} | mulliganed {}",
            ch.join(" + "),
            side.vitality,
            game.max_vitality(p),
            side.hand().len(),
            side.deck().len(),
            side.momentum().len(),
            side.removed().len(),
            side.mulliganed().len()
        );
        let st: Vec<String> = side.staging().as_slice().iter().map(|x| UfsState::slot_text(game, x)).collect();
        let _ = writeln!(s, "   staging [{}]", st.join("; "));
        let pool: Vec<String> = side.pool().as_slice().iter().map(|x| UfsState::slot_text(game, x)).collect();
        let _ = writeln!(s, "   pool [{}]", pool.join("; "));
        let _ = writeln!(s, "   discard (bottom to top) [{}]", names(&mut side.discard().iter()));
        if !side.removed().is_empty() {
            let _ = writeln!(s, "   removed [{}]", names(&mut side.removed().iter()));
        }
        if !side.momentum().is_empty() {
            let _ = writeln!(s, "   momentum [{}]", names(&mut side.momentum().iter()));
        }
        if side.control_bonus > 0 || side.breaker > 0 {
            let _ =
                writeln!(s, "   next check +{} | next card difficulty +{} (breaker)", side.control_bonus, side.breaker);
        }
        let _ = writeln!(s, "   {}", if side.mulligan_done { "mulligan decided" } else { "mulligan not decided yet" });
    }
    if let Some(a) = state.attack {
        let _ = writeln!(
            s,
            "attack: {} speed {} damage {} zone {}{}",
            game.content.card(state.sides[usize::from(state.active)].pool().as_slice()[usize::from(a.slot)].card).name,
            a.speed,
            a.damage,
            a.zone.name(),
            if a.block.is_some() { " (blocked)" } else { "" }
        );
    }
    if let Some(c) = state.check {
        let _ = writeln!(
            s,
            "check by P{}: difficulty {}, control {} (turned over {})",
            c.player,
            c.need,
            c.have,
            game.content.card(c.flipped).name
        );
    }
    let phase = state.phase_text();
    let _ = writeln!(s, "{phase}");
    s
}
