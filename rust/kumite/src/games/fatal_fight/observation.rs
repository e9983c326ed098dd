//! What players see: the observation vector, public then private (layout in
//! `docs/rules/fatal_fight.md`, "Observation").

use crate::cards::Pile;
use crate::core::{flag, ObsWriter, State};
use crate::games::fatal_fight::content::{Gimmick, MAX_CARRY, RESPAWNS};
use crate::games::fatal_fight::game::FatalFight;
use crate::games::fatal_fight::state::*;

const PHASES: usize = 6;

/// The boss pile's cards (FF-3.2: three skills).
const BOSS_PLACES: usize = 3;

/// Skill indices the boss pile can hold: the first 3, or with the variant a window of 3 over the
/// final boss's skills (FF-0.4).
pub(super) fn boss_skills(game: &FatalFight) -> usize {
    if game.options.final_boss_variant {
        game.content.bosses[STAGES_LAST].skills.len()
    } else {
        3
    }
}
const STAGES_LAST: usize = crate::games::fatal_fight::content::STAGES - 1;

/// The widest features: life / 10 (an `i8`, negative once a hit overshoots) and a player's gold / 10
/// (a `u32` no rule caps: enemies come back); the round / 30 stays below it too.
pub const OBSERVATION_BOUNDS: (f32, f32) = (i8::MIN as f32 / 10.0, u32::MAX as f32 / 10.0);

/// Per player, the scalars before the square one-hot.
const PLAYER_SCALARS: usize = 17;

/// The sizes the instance gives the blocks: players, card types, item and unique types, enemy
/// types, stage cards, boss skills.
struct Dims {
    n: usize,
    cards: usize,
    items: usize,
    uniques: usize,
    enemies: usize,
    stage_cards: usize,
    skills: usize,
}

fn dims(game: &FatalFight) -> Dims {
    let c = &game.content;
    Dims {
        n: game.n(),
        cards: c.cards.len(),
        items: c.carry_types,
        uniques: c.unique_types,
        enemies: c.enemies.len(),
        stage_cards: c.stages.len(),
        skills: boss_skills(game),
    }
}

/// One group's block: its size / 8, then per place from the head the kind there (an enemy type,
/// or the boss last).
fn group_len(d: &Dims) -> usize {
    1 + MAX_GROUP * (d.enemies + 1)
}

pub fn public_observation_len(game: &FatalFight) -> usize {
    let d = dims(game);
    let global = PHASES
        + 3 * d.n
        + (1 + SQUARES + d.n + RESPAWNS)
        + 11
        + 2 * d.stage_cards
        + 13
        + 4 * d.skills
        + RESPAWNS
        + 1
        + 2 * d.enemies;
    let player = PLAYER_SCALARS + SQUARES + 3 * d.cards + MAX_CARRY * d.items;
    let market = 2 * d.cards + 4 * d.uniques + 1;
    global + d.n * player + RESPAWNS * group_len(&d) + market
}

pub fn private_observation_len(game: &FatalFight) -> usize {
    let d = dims(game);
    d.n + 4 * d.cards
}

pub fn observation_len(game: &FatalFight) -> usize {
    public_observation_len(game) + private_observation_len(game)
}

/// The round feature: `round / stage_rounds` with the timer variant (1 at the last round);
/// without a timer `round / RUN_ROUNDS` (the rounds a run allows per stage), not capped, so
/// every round reads apart as the information string tells them.
fn round_feature(game: &FatalFight, round: u16) -> f32 {
    let scale = game.options.stage_rounds.unwrap_or(crate::games::fatal_fight::game::RUN_ROUNDS);
    f32::from(round) / f32::from(scale)
}

fn phase_index(p: Phase) -> usize {
    match p {
        Phase::Shop { .. } => 0,
        Phase::Turn { .. } => 1,
        Phase::Combination { .. } => 2,
        Phase::Pay { .. } => 3,
        Phase::MassDamage { .. } => 4,
        Phase::Over => 5,
    }
}

/// One group's block (see [`group_len`]): a 1 per member at its place and kind, so the order
/// that pierce and mass damage follow (「横並びに表向きで配置します」, FF-8.5, FF-12.8) is read.
fn write_group(span: &mut [f32], grp: &Pile<MAX_GROUP>, enemies: usize) {
    span[0] = grp.len() as f32 / 8.0;
    let kinds = enemies + 1;
    for (k, e) in grp.iter().enumerate() {
        let kind = if e == BOSS { enemies } else { usize::from(e.0).min(enemies) };
        span[1 + k * kinds + kind] = 1.0;
    }
}

/// Each player's block, in table order.
const SEAT_SECTIONS: [&str; 4] = [
    "P0: present, life, max life, guard, down, saved, actions, moves, combination left, special ready, gold, hand / deck / discard / face-down sizes, place in the turn order, passed in the shop; square one-hot; cards played, per card; cards discarded in view, per card; cards owned (all but carried), per card; items carried, per slot, the item one-hot",
    "P1 (the same features)",
    "P2 (the same features)",
    "P3 (the same features)",
];

/// What the table shows every seat alike, seats in table order (docs "Observation").
pub(crate) fn public_observation(state: &FatalFightState, game: &FatalFight, out: &mut [f32]) {
    let d = dims(game);
    let content = &game.content;
    let mut w = ObsWriter::new(out);
    w.section("phase one-hot; who acts, the turn player, the leader (one-hot per seat)");
    w.one_hot(PHASES, Some(phase_index(state.phase)));
    w.one_hot(d.n, state.current_player());
    w.one_hot(d.n, Some(usize::from(state.chain_owner)));
    w.one_hot(d.n, Some(usize::from(state.leader())));
    w.section("pending: cards left to pay / 3, the paid move's square, the save's target, the mass damage's group");
    let (left, to, target) = match state.phase {
        Phase::Pay { left, then: Pending::Move { to }, .. } => (left, Some(usize::from(to)), None),
        Phase::Pay { left, then: Pending::Save { target }, .. } => (left, None, Some(usize::from(target))),
        _ => (0, None, None),
    };
    w.put(f32::from(left) / 3.0);
    w.one_hot(SQUARES, to);
    w.one_hot(d.n, target);
    w.one_hot(RESPAWNS, if let Phase::MassDamage { group } = state.phase { Some(usize::from(group)) } else { None });
    w.section("stage one-hot; round, team gold, gold earned, boss present, boss placed, stage cards used / 4, won");
    w.one_hot(4, Some(usize::from(state.stage)));
    w.values([
        round_feature(game, state.round),
        state.pool as f32 / 20.0,
        state.earned as f32 / 50.0,
        flag(state.boss_present),
        flag(state.boss_placed),
        state.stage_used.len() as f32 / 4.0,
        flag(state.result == Some(true)),
    ]);
    w.section("the stage card in play, then the stage cards used, per stage card");
    w.one_hot(d.stage_cards, state.current_stage_card.map(usize::from));
    w.counts(d.stage_cards, state.stage_used.iter().map(|c| usize::from(c.0)), 1.0);
    let (gi, amount) = match state.gimmick(game) {
        Gimmick::None => (0, 0),
        Gimmick::Hazard(k) => (1, k),
        Gimmick::Supply(k) => (2, k),
        Gimmick::Cheer(k) => (3, k),
        Gimmick::Rush(k) => (4, k),
        Gimmick::Dark => (5, 0),
    };
    w.section("stage gimmick one-hot, its amount, then the chain: AP, hits, area, pierce, launch, combination");
    w.one_hot(6, Some(gi));
    let ch = state.chain;
    w.values([
        f32::from(amount) / 3.0,
        f32::from(ch.ap) / 10.0,
        f32::from(ch.hits) / 5.0,
        flag(ch.area),
        flag(ch.pierce),
        flag(ch.launch),
        flag(ch.combined),
    ]);
    w.section("the boss pile's skills, per skill");
    w.counts(d.skills, state.boss_pile.iter().map(|c| usize::from(c.0)), 1.0);
    w.section("the boss pile by place from the top: the skill there, where seen (FF-5.9, FF-12.3)");
    let unseen = state.boss_unseen();
    for place in (0..BOSS_PLACES).rev() {
        let seen = state.boss_pile.get(place).filter(|_| !unseen.contains(&place));
        w.one_hot(d.skills, seen.map(|k| usize::from(k.0)));
    }
    w.section("mass damage pending per group / 4");
    w.scaled(&state.mass, 0.25);
    w.section("the enemy pile's size / 16; the enemy discard, then the escaped carriers, per enemy / 4");
    w.put(state.enemy_pile.len() as f32 / 16.0);
    w.counts(d.enemies, state.enemy_discard.iter().map(|e| usize::from(e.0)), 0.25);
    w.counts(d.enemies, state.escaped.iter().map(|e| usize::from(e.0)), 0.25);
    for (p, &section) in SEAT_SECTIONS.iter().enumerate().take(d.n) {
        let pl = &state.players[p];
        let c = game.character(p);
        w.section(section);
        w.values([
            1.0,
            f32::from(pl.life) / 10.0,
            f32::from(c.life) / 10.0,
            f32::from(pl.gp) / 5.0,
            flag(pl.down),
            flag(pl.immune),
            f32::from(pl.actions) / 5.0,
            f32::from(pl.moves) / 2.0,
            f32::from(pl.combo_left) / 5.0,
            flag(pl.special_ready),
            pl.gold as f32 / 10.0,
            pl.hand.len() as f32 / 10.0,
            pl.deck.len() as f32 / 40.0,
            pl.discard.len() as f32 / 40.0,
            pl.facedown.len() as f32 / 5.0,
            state.order_pos(game, p as u8) as f32 / 4.0,
            flag(state.shop_passed & (1 << p) != 0),
        ]);
        w.one_hot(SQUARES, Some(usize::from(pl.square)));
        w.counts(d.cards, pl.played.iter().map(|c| usize::from(c.0)), 0.25);
        w.counts(d.cards, pl.discarded_in_view().map(|c| usize::from(c.0)), 0.25);
        let owned = pl.deck.iter().chain(pl.hand.iter()).chain(pl.discard.iter()).chain(pl.played.iter());
        w.counts(d.cards, owned.chain(pl.facedown.iter()).map(|c| usize::from(c.0)), 0.25);
        let carried = w.span(MAX_CARRY * d.items);
        for (k, x) in pl.carried.iter().enumerate() {
            carried[k * d.items + usize::from(content.carry_slot[usize::from(x.0)])] = 1.0;
        }
    }
    w.section("the enemy groups, one block per group: size / 8, then per place from the head the kind there (enemy types, then the boss)");
    for grp in &state.groups {
        write_group(w.span(group_len(&d)), grp, d.enemies);
    }
    w.section("the shop per card / 4; the face-up uniques per slot, the unique one-hot; the unique pile's size / 12; cards removed from the game per card / 4");
    w.scaled(&state.shop.0[..d.cards], 0.25);
    let row = w.span(4 * d.uniques);
    for (k, x) in state.unique_row.iter().enumerate() {
        if let Some(x) = x {
            row[k * d.uniques + usize::from(content.unique_slot[usize::from(x.0)])] = 1.0;
        }
    }
    w.put(state.unique_pile.len() as f32 / 12.0);
    w.scaled(&state.removed.0[..d.cards], 0.25);
    w.finish();
}

/// What `me` alone knows (docs "Observation"): its seat, and its own hidden cards per card:
/// hand, deck (the order hidden from it too), whole discard, face-down cards.
pub(crate) fn private_observation(state: &FatalFightState, game: &FatalFight, me: usize, out: &mut [f32]) {
    let d = dims(game);
    let mine = &state.players[me];
    let mut w = ObsWriter::new(out);
    w.section("my seat one-hot");
    w.one_hot(d.n, Some(me));
    w.section("my hand, deck, discard, face-down cards, per card / 4");
    let id = |c: crate::cards::CardId| usize::from(c.0);
    w.counts(d.cards, mine.hand.iter().map(id), 0.25);
    w.counts(d.cards, mine.deck.iter().map(id), 0.25);
    w.counts(d.cards, mine.discard.iter().map(id), 0.25);
    w.counts(d.cards, mine.facedown.iter().map(id), 0.25);
    w.finish();
}
