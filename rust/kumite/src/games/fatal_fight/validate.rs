//! The loader's flow checks: a state read from JSON must be one the rules can continue from
//! (each phase holds what its actions read), each card belongs to a player who can own it, and
//! no pile or counter may sit where play would overflow it. The zone and range checks are
//! `FatalFightState::check`, which calls this.

use crate::games::fatal_fight::content::{Kind, RESPAWNS};
use crate::games::fatal_fight::state::{FatalFightState, Pending, Phase, MAX_GROUP, MAX_PLAYED};
use crate::games::fatal_fight::FatalFight;

/// Mass damage is the enemies shed from a group above 4 (FF-12.8), so at most this much.
pub const MAX_MASS: u8 = (MAX_GROUP - 4) as u8;

pub(crate) fn flow(s: &FatalFightState, game: &FatalFight, bad: &mut Vec<String>) {
    let n = game.n();
    let c = &game.content;
    if let Some(k) = s.order.iter().position(|&p| usize::from(p) >= s.players.len()) {
        bad.push(format!("order[{k}] {} is not a player seat (0..{})", s.order[k], s.players.len()));
    }
    // Gold has no cap (FF-11.2); what a run can earn is bounded (`most_gold`), and a state holding
    // more than that could overflow in the rest of a run, so it is refused.
    let gold = s.players[..n].iter().map(|p| u64::from(p.gold)).sum::<u64>() + u64::from(s.pool);
    for (what, value) in [("the team's gold and pool", gold), ("score", u64::from(s.score))] {
        if value > game.most_gold() {
            bad.push(format!("{what} {value} is above the most a game can hold ({})", game.most_gold()));
        }
    }
    for (g, &m) in s.mass.iter().enumerate() {
        if m > MAX_MASS {
            bad.push(format!("mass[{g}] {m} is above the limit {MAX_MASS} (a group sheds at most that many)"));
        }
    }
    for p in 0..n {
        let pl = &s.players[p];
        let ch = game.character(p);
        // Every card played this round cost an action or a combination play, so the cards
        // played so far plus the plays left must fit the piles (`MAX_PLAYED`).
        let plays = pl.played.len() + pl.facedown.len() + usize::from(pl.actions) + usize::from(pl.combo_left);
        if plays > MAX_PLAYED {
            bad.push(format!(
                "players[{p}]: played {} + facedown {} + actions {} + combo_left {} is above the limit {MAX_PLAYED}",
                pl.played.len(),
                pl.facedown.len(),
                pl.actions,
                pl.combo_left
            ));
        }
        // Starting cards stay with their owner: at most the copies of its own starting deck.
        for (t, card) in c.cards.iter().enumerate().filter(|(_, k)| k.kind == Kind::Starter) {
            let held = pl.all_cards().filter(|x| usize::from(x.0) == t).count();
            let own = ch.deck.iter().filter(|x| usize::from(x.0) == t).count();
            if held > own {
                bad.push(format!("players[{p}] holds {held} of starter {}, its starting deck has {own}", card.id));
            }
        }
    }
    let active = |p: u8| usize::from(p) < n && s.players[usize::from(p)].active();
    match s.phase {
        Phase::Combination { .. } => {
            if !active(s.chain_owner) {
                bad.push(format!("phase combination: the turn player (chain_owner {}) must be active", s.chain_owner));
            }
            if s.chain.hits == 0 || !s.chain.combined {
                bad.push(
                    "phase combination needs an open chain (chain.hits > 0) that has been offered (chain.combined)"
                        .into(),
                );
            }
        }
        Phase::Pay { player, then, .. } => {
            if player != s.chain_owner || !active(player) {
                bad.push(format!(
                    "phase pay: the payer {player} must be the active turn player (chain_owner {})",
                    s.chain_owner
                ));
            }
            if let Pending::Save { target } = then {
                if target == player {
                    bad.push(format!("phase pay: player {player} cannot pay to save himself"));
                }
            }
        }
        Phase::MassDamage { group } if usize::from(group) < RESPAWNS => {}
        _ => {}
    }
}
