//! Every loader check: a state read from JSON must hold a reachable position's zones and ranges,
//! be one the rules can continue from (each phase holds what its actions read), give each card to
//! a player who can own it, and keep every pile and counter where play cannot overflow it.

use crate::cards::CardId;
use crate::core::GameError;
use crate::games::fatal_fight::content::{Kind, MAX_CARD_TYPES, MAX_CARRY, RESPAWNS};
use crate::games::fatal_fight::game::FatalFight;
use crate::games::fatal_fight::observation::boss_skills;
use crate::games::fatal_fight::state::*;

/// Mass damage is the enemies shed from a group above 4 (FF-12.8), so at most this much.
pub const MAX_MASS: u8 = (MAX_GROUP - 4) as u8;

fn flow(s: &FatalFightState, game: &FatalFight, bad: &mut Vec<String>) {
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

/// The invariants of a reachable position, for states read from JSON.
pub(crate) fn validate(state: &FatalFightState, game: &FatalFight) -> Result<(), GameError> {
    let mut bad: Vec<String> = Vec::new();
    let c = &game.content;
    let n = game.n();
    let nc = c.cards.len();
    let valid_card = |x: CardId| usize::from(x.0) < nc;
    // Turn order: a permutation of the players, by character order.
    let mut ord: Vec<u8> = state.order[..n].to_vec();
    let mut want: Vec<u8> = (0..n as u8).collect();
    want.sort_by_key(|&p| game.character(usize::from(p)).order);
    if ord != want {
        bad.push("order must list the players by character order".into());
    }
    ord.sort();
    for p in 0..MAX_PLAYERS {
        let pl = &state.players[p];
        if p >= n {
            if *pl != Player::empty() {
                bad.push(format!("player slot {p} is unused and must stay empty"));
            }
            continue;
        }
        let ch = game.character(p);
        if usize::from(pl.character) != game.characters[p] {
            bad.push(format!("player {p}'s character must be {}", ch.id));
        }
        if usize::from(pl.square) >= SQUARES {
            bad.push(format!("player {p}'s square must be in 0..9"));
        }
        if pl.life > ch.life as i8 || (pl.life <= 0) != pl.down {
            bad.push(format!("player {p}'s life {} is out of range or disagrees with down", pl.life));
        }
        if pl.life < -60 {
            bad.push(format!("player {p}'s life is below -60"));
        }
        if pl.down && pl.immune {
            bad.push(format!("player {p} cannot be down and saved"));
        }
        // Text effects (FFX-17) add actions, combination plays and moves: each card at most
        // once a round, and a turn plays at most its actions' worth of cards.
        let (gain, most) = (game.text_actions(), usize::from(ch.actions) + game.text_actions());
        if usize::from(pl.actions) > most
            || usize::from(pl.moves) > 2 + most * game.text_moves()
            || usize::from(pl.combo_left) > usize::from(ch.actions) + gain
        {
            bad.push(format!("player {p}'s actions, moves or combination plays are out of range"));
        }
        if pl.all_cards().any(|x| !valid_card(x)) {
            bad.push(format!("player {p} holds an unknown card"));
            continue;
        }
        if pl.carried.iter().any(|x| !c.card(x).carry) {
            bad.push(format!("player {p}: only items are carried"));
        }
        if pl.carried.len() > MAX_CARRY {
            bad.push(format!("player {p} carries more than {MAX_CARRY} items"));
        }
        if pl.discard_seen >> pl.discard.len() != 0 {
            bad.push(format!("player {p}'s discard_seen marks slots past the discard"));
        }
    }
    // Card conservation per type.
    let mut count = [0u32; MAX_CARD_TYPES];
    let mut add = |x: CardId| {
        if let Some(k) = count.get_mut(usize::from(x.0)) {
            *k += 1;
        }
    };
    for p in 0..n {
        state.players[p].all_cards().for_each(&mut add);
    }
    state.unique_pile.iter().for_each(&mut add);
    state.unique_row.iter().flatten().copied().for_each(&mut add);
    for (t, n) in count.iter_mut().enumerate() {
        *n += u32::from(state.shop.0[t]) + u32::from(state.removed.0[t]);
        if *n != u32::from(game.totals.0[t]) {
            bad.push(format!("card type {t} has {n} copies in play, expected {}", game.totals.0[t]));
            break;
        }
    }
    for (t, card) in c.cards.iter().enumerate() {
        if card.kind != Kind::Common && state.shop.0[t] > 0 && card.kind == Kind::Unique {
            bad.push(format!("unique {} cannot be in the shop piles", card.id));
        }
    }
    if state
        .unique_pile
        .iter()
        .chain(state.unique_row.iter().flatten().copied())
        .any(|x| !valid_card(x) || c.card(x).kind != Kind::Unique)
    {
        bad.push("the unique pile and row hold uniques only".into());
    }
    if state.unique_row.iter().any(|x| x.is_none()) && !state.unique_pile.is_empty() {
        bad.push("an empty unique slot while the unique pile has cards".into());
    }
    // Enemy conservation.
    let ne = c.enemies.len();
    let mut ecount = vec![0u32; ne];
    let mut bosses = 0;
    let mut bad_enemy = false;
    for e in state
        .groups
        .iter()
        .flat_map(|g| g.iter())
        .chain(state.enemy_pile.iter())
        .chain(state.enemy_discard.iter())
        .chain(state.escaped.iter())
    {
        if e == BOSS {
            bosses += 1;
        } else if usize::from(e.0) < ne {
            ecount[usize::from(e.0)] += 1;
        } else {
            bad_enemy = true;
        }
    }
    let stage_max = state.stage.min(3) + 1;
    for (i, e) in c.enemies.iter().enumerate() {
        let want = if e.stage <= stage_max { u32::from(e.copies) } else { 0 };
        if ecount[i] != want && !bad_enemy {
            bad.push(format!(
                "enemy {} has {} in play, expected {want}",
                e.id,
                crate::core::count(ecount[i] as usize, "card")
            ));
            break;
        }
    }
    if bad_enemy {
        bad.push("an unknown enemy card".into());
    }
    if state
        .groups
        .iter()
        .flat_map(|g| g.iter())
        .chain(state.enemy_pile.iter())
        .chain(state.enemy_discard.iter())
        .chain(state.escaped.iter())
        .filter(|&e| e == BOSS)
        .count()
        != state.groups.iter().flat_map(|g| g.iter()).filter(|&e| e == BOSS).count()
    {
        bad.push("the boss can only stand in a group".into());
    }
    if bosses != usize::from(state.boss_present) || (state.boss_present && !state.boss_placed) {
        bad.push("the boss is in a group exactly when present".into());
    }
    if state.groups.iter().any(|g| g.iter().filter(|&e| e != BOSS).count() > 10) {
        bad.push("a group holds more than 10 enemies".into());
    }
    let bl = state.boss_pile.len();
    // Without the variant only the first 3 skills are dealt; the observation covers no more.
    let skills = c.bosses[usize::from(state.stage.min(3))].skills.len().min(boss_skills(game));
    if bl != 3 || state.boss_pile.iter().any(|k| usize::from(k.0) >= skills) {
        bad.push("the boss pile holds 3 of the boss's skills".into());
    }
    let mut bs: Vec<u16> = state.boss_pile.iter().map(|k| k.0).collect();
    bs.sort();
    bs.dedup();
    if bs.len() != bl {
        bad.push("the boss pile repeats a skill".into());
    }
    let shopper = match state.phase {
        Phase::Shop { player } => Some(player),
        _ => None,
    };
    if state.shop_passed >> n != 0 || shopper.map_or(state.shop_passed != 0, |p| state.shop_passed & (1 << p) != 0) {
        bad.push("shop_passed marks only players who passed in an open shop, never the shopper".into());
    }
    if usize::from(state.boss_known) > bl {
        bad.push("boss_known is larger than the boss pile".into());
    }
    // Stage cards.
    let st = state.stage + 1;
    let stage_ok = |i: u16| c.stages.get(usize::from(i)).is_some_and(|x| x.stage == st && !x.boss);
    let mut all_stage: Vec<u16> = state.stage_pile.iter().chain(state.stage_used.iter()).map(|x| x.0).collect();
    all_stage.sort();
    let mut want_stage: Vec<u16> = (0..c.stages.len() as u16).filter(|&i| stage_ok(i)).collect();
    want_stage.sort();
    if state.stage < 4 && (all_stage != want_stage || state.stage_used.len() > 4) {
        bad.push("the stage pile and used stage cards must be this stage's 6 normal cards".into());
    }
    if let Some(i) = state.current_stage_card {
        if c.stages.get(usize::from(i)).is_none_or(|x| x.stage != st.min(4)) {
            bad.push("the current stage card must belong to this stage".into());
        }
    }
    if state.stage > 4 || (state.stage == 4) != (state.result == Some(true)) {
        bad.push("stage must be in 0..4 (4 once the game is won)".into());
    }
    if game.options.stage_rounds.is_some_and(|limit| state.round > u16::from(limit) + 1) {
        bad.push("round exceeds stage_rounds (the stage-timer variant)".into());
    }
    let cp = |p: u8| usize::from(p) < n;
    match state.phase {
        Phase::Shop { player } | Phase::Combination { player } if !cp(player) => {
            bad.push("phase player out of range".into())
        }
        Phase::Turn { player } if !cp(player) || !state.players[usize::from(player)].active() => {
            bad.push("the turn player must exist and be active".into())
        }
        Phase::Pay { player, left, then } => {
            // At most what the payment's act costs: 1 card for a move (FF-10.2), the save
            // cost for a save (FF-0.7, FF-10.4: `save_actions`, the medic one fewer).
            let most = match then {
                Pending::Move { .. } => 1,
                Pending::Save { .. } if cp(player) => state.save_cost(game, usize::from(player)),
                Pending::Save { .. } => 0,
            };
            if !cp(player)
                || left == 0
                || left > most
                || state.players[usize::from(player)].hand.len() < usize::from(left)
            {
                bad.push("payment out of range".into());
            }
            match then {
                Pending::Move { to } if usize::from(to) >= SQUARES => bad.push("move target out of range".into()),
                Pending::Save { target } if !cp(target) || !state.players[usize::from(target)].down => {
                    bad.push("save target must be a downed player".into())
                }
                _ => {}
            }
        }
        Phase::MassDamage { group } => {
            if usize::from(group) >= RESPAWNS || state.mass[usize::from(group)] == 0 {
                bad.push("mass damage phase without pending damage".into());
            }
            if !(0..n).any(|p| state.players[p].active()) {
                bad.push("mass damage with nobody to take it".into());
            }
        }
        _ => {}
    }
    if let Phase::Combination { player } = state.phase {
        if cp(player) && (!state.players[usize::from(player)].active() || player == state.chain_owner) {
            bad.push("the combination partner must be active and not the turn player".into());
        }
    }
    if matches!(state.phase, Phase::Turn { .. } | Phase::Combination { .. } | Phase::Pay { .. })
        && !cp(state.chain_owner)
    {
        bad.push("chain owner out of range".into());
    }
    if let Phase::Turn { player } = state.phase {
        if player != state.chain_owner {
            bad.push("the turn player owns the chain".into());
        }
    }
    if (state.chain.hits == 0) != (state.chain.ap == 0) && state.chain.hits == 0 {
        bad.push("a chain has AP only with hits".into());
    }
    // Each hit is an attack card played face up this round, still in a played pile.
    if usize::from(state.chain.hits) > state.players[..n].iter().map(|p| p.played.len()).sum::<usize>() {
        bad.push("a chain has more hits than cards played this round".into());
    }
    if (state.phase == Phase::Over) != state.result.is_some() {
        bad.push("a result is present exactly when the game is over".into());
    }
    flow(state, game, &mut bad);
    if bad.is_empty() {
        Ok(())
    } else {
        Err(GameError::invalid_state(bad))
    }
}
