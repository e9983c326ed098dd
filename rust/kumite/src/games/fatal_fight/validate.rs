//! Every loader check: a state read from JSON must hold a reachable position's zones and ranges,
//! be one the rules can continue from (each phase holds what its actions read), give each card to
//! a player who can own it, and keep every pile and counter where play cannot overflow it.

use crate::cards::CardId;
use crate::core::ProblemKind::{Conservation, Flow, Misplaced, OutOfRange, UnknownId};
use crate::core::{GameError, ProblemList};
use crate::games::fatal_fight::content::{Kind, MAX_CARD_TYPES, MAX_CARRY, RESPAWNS};
use crate::games::fatal_fight::game::FatalFight;
use crate::games::fatal_fight::observation::boss_skills;
use crate::games::fatal_fight::state::*;

/// Mass damage is the enemies shed from a group above 4 (FF-12.8), so at most this much.
pub const MAX_MASS: u8 = (MAX_GROUP - 4) as u8;

fn flow(s: &FatalFightState, game: &FatalFight, bad: &mut ProblemList) {
    let n = game.n();
    let c = &game.content;
    if let Some(k) = s.order.iter().position(|&p| usize::from(p) >= s.players.len()) {
        bad.add(
            OutOfRange,
            format!("order[{k}]"),
            format!("order[{k}] {} is not a player seat (0..{})", s.order[k], s.players.len()),
        );
    }
    // Gold has no cap (FF-11.2); what a run can earn is bounded (`most_gold`), and a state holding
    // more than that could overflow in the rest of a run, so it is refused.
    let gold = s.players[..n].iter().map(|p| u64::from(p.gold)).sum::<u64>() + u64::from(s.pool);
    for (what, at, value) in [
        ("the team's gold and pool", "", gold),
        ("score", "score", u64::from(s.score)),
        ("gold earned", "earned", u64::from(s.earned)),
    ] {
        if value > game.most_gold() {
            bad.add(OutOfRange, at, format!("{what} {value} is above the most a game can hold ({})", game.most_gold()));
        }
    }
    for (g, &m) in s.mass.iter().enumerate() {
        if m > MAX_MASS {
            bad.add(
                OutOfRange,
                format!("mass[{g}]"),
                format!("mass[{g}] {m} is above the limit {MAX_MASS} (a group sheds at most that many)"),
            );
        }
    }
    for p in 0..n {
        let pl = &s.players[p];
        let ch = game.character(p);
        // Every card played this round cost an action or a combination play, so the cards
        // played so far plus the plays left must fit the piles (`MAX_PLAYED`).
        let plays = pl.played.len() + pl.facedown.len() + usize::from(pl.actions) + usize::from(pl.combo_left);
        if plays > MAX_PLAYED {
            bad.add(
                OutOfRange,
                format!("players[{p}].played"),
                format!(
                "players[{p}]: played {} + facedown {} + actions {} + combo_left {} is above the limit {MAX_PLAYED}",
                pl.played.len(),
                pl.facedown.len(),
                pl.actions,
                pl.combo_left
            ),
            );
        }
        // Starting cards stay with their owner: at most the copies of its own starting deck.
        for (t, card) in c.cards.iter().enumerate().filter(|(_, k)| k.kind == Kind::Starter) {
            let held = pl.all_cards().filter(|x| usize::from(x.0) == t).count();
            let own = ch.deck.iter().filter(|x| usize::from(x.0) == t).count();
            if held > own {
                bad.add(
                    Conservation,
                    format!("players[{p}]"),
                    format!("players[{p}] holds {held} of starter {}, its starting deck has {own}", card.id),
                );
            }
        }
    }
    let active = |p: u8| usize::from(p) < n && s.players[usize::from(p)].active();
    match s.phase {
        Phase::Combination { .. } => {
            if !active(s.chain_owner) {
                bad.add(
                    Flow,
                    "phase",
                    format!("phase combination: the turn player (chain_owner {}) must be active", s.chain_owner),
                );
            }
            if s.chain.hits == 0 || !s.chain.combined {
                bad.add(
                    Flow,
                    "phase",
                    "phase combination needs an open chain (chain.hits > 0) that has been offered (chain.combined)",
                );
            }
        }
        Phase::Pay { player, then, .. } => {
            if player != s.chain_owner || !active(player) {
                bad.add(
                    Flow,
                    "phase",
                    format!(
                        "phase pay: the payer {player} must be the active turn player (chain_owner {})",
                        s.chain_owner
                    ),
                );
            }
            if let Pending::Save { target } = then {
                if target == player {
                    bad.add(Flow, "phase", format!("phase pay: player {player} cannot pay to save himself"));
                }
            }
        }
        Phase::MassDamage { group } if usize::from(group) < RESPAWNS => {}
        _ => {}
    }
}

/// The invariants of a reachable position, for states read from JSON.
pub(crate) fn validate(state: &FatalFightState, game: &FatalFight) -> Result<(), GameError> {
    problems(state, game).into_result()
}

/// Every problem of a state read from JSON.
pub(crate) fn problems(state: &FatalFightState, game: &FatalFight) -> ProblemList {
    let mut bad = ProblemList::new();
    let c = &game.content;
    let n = game.n();
    let nc = c.cards.len();
    let valid_card = |x: CardId| usize::from(x.0) < nc;
    // Turn order: a permutation of the players, by character order.
    let mut ord: Vec<u8> = state.order[..n].to_vec();
    let mut want: Vec<u8> = (0..n as u8).collect();
    want.sort_by_key(|&p| game.character(usize::from(p)).order);
    if ord != want {
        bad.add(Flow, "order", "order must list the players by character order");
    }
    ord.sort();
    for p in 0..MAX_PLAYERS {
        let pl = &state.players[p];
        if p >= n {
            if *pl != Player::empty() {
                bad.add(Flow, format!("players[{p}]"), format!("player slot {p} is unused and must stay empty"));
            }
            continue;
        }
        let ch = game.character(p);
        if usize::from(pl.character) != game.characters[p] {
            bad.add(Misplaced, format!("players[{p}].character"), format!("player {p}'s character must be {}", ch.id));
        }
        if usize::from(pl.square) >= SQUARES {
            bad.add(OutOfRange, format!("players[{p}].square"), format!("player {p}'s square must be in 0..9"));
        }
        if pl.life > ch.life as i8 || (pl.life <= 0) != pl.down {
            bad.add(
                OutOfRange,
                format!("players[{p}].life"),
                format!("player {p}'s life {} is out of range or disagrees with down", pl.life),
            );
        }
        if pl.life < -60 {
            bad.add(OutOfRange, format!("players[{p}].life"), format!("player {p}'s life is below -60"));
        }
        if pl.down && pl.immune {
            bad.add(Flow, format!("players[{p}].down"), format!("player {p} cannot be down and saved"));
        }
        // Text effects (FFX-17) add actions, combination plays and moves: each card at most
        // once a round, and a turn plays at most its actions' worth of cards.
        let (gain, most) = (game.text_actions(), usize::from(ch.actions) + game.text_actions());
        if usize::from(pl.actions) > most
            || usize::from(pl.moves) > 2 + most * game.text_moves()
            || usize::from(pl.combo_left) > usize::from(ch.actions) + gain
        {
            bad.add(
                OutOfRange,
                format!("players[{p}]"),
                format!("player {p}'s actions, moves or combination plays are out of range"),
            );
        }
        if pl.all_cards().any(|x| !valid_card(x)) {
            bad.add(UnknownId, format!("players[{p}]"), format!("player {p} holds an unknown card"));
            continue;
        }
        if pl.carried.iter().any(|x| !c.card(x).carry) {
            bad.add(Misplaced, format!("players[{p}].carried"), format!("player {p}: only items are carried"));
        }
        if pl.carried.len() > MAX_CARRY {
            bad.add(
                OutOfRange,
                format!("players[{p}].carried"),
                format!("player {p} carries more than {MAX_CARRY} items"),
            );
        }
        if pl.discard_seen >> pl.discard.len() != 0 {
            bad.add(
                OutOfRange,
                format!("players[{p}].discard_seen"),
                format!("player {p}'s discard_seen marks slots past the discard"),
            );
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
            bad.add(Conservation, "", format!("card type {t} has {n} copies in play, expected {}", game.totals.0[t]));
            break;
        }
    }
    for (t, card) in c.cards.iter().enumerate() {
        if card.kind != Kind::Common && state.shop.0[t] > 0 && card.kind == Kind::Unique {
            bad.add(Misplaced, "shop", format!("unique {} cannot be in the shop piles", card.id));
        }
    }
    if state
        .unique_pile
        .iter()
        .chain(state.unique_row.iter().flatten().copied())
        .any(|x| !valid_card(x) || c.card(x).kind != Kind::Unique)
    {
        bad.add(Misplaced, "unique_pile", "the unique pile and row hold uniques only");
    }
    if state.unique_row.iter().any(|x| x.is_none()) && !state.unique_pile.is_empty() {
        bad.add(Misplaced, "unique_row", "an empty unique slot while the unique pile has cards");
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
            bad.add(
                Conservation,
                "",
                format!(
                    "enemy {} has {} in play, expected {want}",
                    e.id,
                    crate::core::count(ecount[i] as usize, "card")
                ),
            );
            break;
        }
    }
    if bad_enemy {
        bad.add(UnknownId, "", "an unknown enemy card");
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
        bad.add(Misplaced, "groups", "the boss can only stand in a group");
    }
    if bosses != usize::from(state.boss_present) || (state.boss_present && !state.boss_placed) {
        bad.add(Flow, "groups", "the boss is in a group exactly when present");
    }
    if state.groups.iter().any(|g| g.iter().filter(|&e| e != BOSS).count() > 10) {
        bad.add(OutOfRange, "groups", "a group holds more than 10 enemies");
    }
    let bl = state.boss_pile.len();
    // Without the variant only the first 3 skills are dealt; the observation covers no more.
    let skills = c.bosses[usize::from(state.stage.min(3))].skills.len().min(boss_skills(game));
    if bl != 3 || state.boss_pile.iter().any(|k| usize::from(k.0) >= skills) {
        bad.add(Misplaced, "boss_pile", "the boss pile holds 3 of the boss's skills");
    }
    let mut bs: Vec<u16> = state.boss_pile.iter().map(|k| k.0).collect();
    bs.sort();
    bs.dedup();
    if bs.len() != bl {
        bad.add(Misplaced, "boss_pile", "the boss pile repeats a skill");
    }
    let shopper = match state.phase {
        Phase::Shop { player } => Some(player),
        _ => None,
    };
    if state.shop_passed >> n != 0 || shopper.map_or(state.shop_passed != 0, |p| state.shop_passed & (1 << p) != 0) {
        bad.add(Flow, "shop_passed", "shop_passed marks only players who passed in an open shop, never the shopper");
    }
    if usize::from(state.boss_known) > bl {
        bad.add(OutOfRange, "boss_known", "boss_known is larger than the boss pile");
    }
    // Stage cards.
    // Saturating: a stage past 4 is refused below, not an overflow here.
    let st = state.stage.saturating_add(1);
    let stage_ok = |i: u16| c.stages.get(usize::from(i)).is_some_and(|x| x.stage == st && !x.boss);
    let mut all_stage: Vec<u16> = state.stage_pile.iter().chain(state.stage_used.iter()).map(|x| x.0).collect();
    all_stage.sort();
    let mut want_stage: Vec<u16> = (0..c.stages.len() as u16).filter(|&i| stage_ok(i)).collect();
    want_stage.sort();
    if state.stage < 4 && (all_stage != want_stage || state.stage_used.len() > 4) {
        bad.add(Conservation, "stage_pile", "the stage pile and used stage cards must be this stage's 6 normal cards");
    }
    if let Some(i) = state.current_stage_card {
        if c.stages.get(usize::from(i)).is_none_or(|x| x.stage != st.min(4)) {
            bad.add(Misplaced, "current_stage_card", "the current stage card must belong to this stage");
        }
    }
    if state.stage > 4 || (state.stage == 4) != (state.result == Some(true)) {
        bad.add(OutOfRange, "stage", "stage must be in 0..4 (4 once the game is won)");
    }
    if game.options.stage_rounds.is_some_and(|limit| state.round > u16::from(limit) + 1) {
        bad.add(OutOfRange, "round", "round exceeds stage_rounds (the stage-timer variant)");
    }
    let cp = |p: u8| usize::from(p) < n;
    match state.phase {
        Phase::Shop { player } | Phase::Combination { player } if !cp(player) => {
            bad.add(OutOfRange, "phase", "phase player out of range")
        }
        Phase::Turn { player } if !cp(player) || !state.players[usize::from(player)].active() => {
            bad.add(Flow, "phase", "the turn player must exist and be active")
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
                bad.add(OutOfRange, "phase", "payment out of range");
            }
            match then {
                Pending::Move { to } if usize::from(to) >= SQUARES => {
                    bad.add(OutOfRange, "phase", "move target out of range")
                }
                Pending::Save { target } if !cp(target) || !state.players[usize::from(target)].down => {
                    bad.add(Flow, "phase", "save target must be a downed player")
                }
                _ => {}
            }
        }
        Phase::MassDamage { group } => {
            if usize::from(group) >= RESPAWNS || state.mass[usize::from(group)] == 0 {
                bad.add(Flow, "phase", "mass damage phase without pending damage");
            }
            if !(0..n).any(|p| state.players[p].active()) {
                bad.add(Flow, "phase", "mass damage with nobody to take it");
            }
        }
        _ => {}
    }
    if let Phase::Combination { player } = state.phase {
        if cp(player) && (!state.players[usize::from(player)].active() || player == state.chain_owner) {
            bad.add(Flow, "phase", "the combination partner must be active and not the turn player");
        }
    }
    if matches!(state.phase, Phase::Turn { .. } | Phase::Combination { .. } | Phase::Pay { .. })
        && !cp(state.chain_owner)
    {
        bad.add(OutOfRange, "chain_owner", "chain owner out of range");
    }
    if let Phase::Turn { player } = state.phase {
        if player != state.chain_owner {
            bad.add(Flow, "chain_owner", "the turn player owns the chain");
        }
    }
    if (state.chain.hits == 0) != (state.chain.ap == 0) && state.chain.hits == 0 {
        bad.add(Flow, "chain", "a chain has AP only with hits");
    }
    // Each hit is an attack card played face up this round, still in a played pile.
    if usize::from(state.chain.hits) > state.players[..n].iter().map(|p| p.played.len()).sum::<usize>() {
        bad.add(Flow, "chain", "a chain has more hits than cards played this round");
    }
    if (state.phase == Phase::Over) != state.result.is_some() {
        bad.add(Flow, "result", "a result is present exactly when the game is over");
    }
    flow(state, game, &mut bad);
    bad
}
