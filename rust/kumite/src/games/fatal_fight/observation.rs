//! What players see: the observation vector (layout in `docs/rules/fatal_fight.md`), the
//! information-state string and text drawing, determinization, and the invariants of a state.

use crate::cards::Pile;
use crate::core::{flag, seat_after, ObsWriter, State};
use crate::games::fatal_fight::content::{Gimmick, RESPAWNS, STAGES};
use crate::games::fatal_fight::state::*;
use crate::games::fatal_fight::FatalFight;

const PHASES: usize = 6;
/// The globals fixed by the rules: phase, stage one-hot, 8 scalars, gimmick one-hot and amount,
/// chain, pending mass damage per group.
const FIXED: usize = PHASES + 4 + 8 + 7 + 6 + RESPAWNS;
const PER_PLAYER_FIXED: usize = 16 + SQUARES;

/// The boss pile's cards (FF-3.2: three skills).
const BOSS_PLACES: usize = 3;

/// Skill indices the boss pile can hold: the first 3, or with the variant a window of 3 over the
/// final boss's skills (FF-0.4).
pub(super) fn boss_skills(game: &FatalFight) -> usize {
    if game.options.final_boss_variant {
        game.content.bosses[STAGES - 1].skills.len()
    } else {
        3
    }
}

/// Sized to the instance: one slot per player, the content's card and enemy types.
/// The widest features: life / 10 (an `i8`, negative once a hit overshoots) and a player's gold / 10
/// (a `u32` no rule caps: enemies come back).
pub const OBSERVATION_BOUNDS: (f32, f32) = (i8::MIN as f32 / 10.0, u32::MAX as f32 / 10.0);

pub fn observation_len(game: &FatalFight) -> usize {
    let n = game.n();
    let cards = game.content.cards.len();
    let enemies = game.content.enemies.len();
    let (carry, uniques) = (game.content.carry_types, game.content.unique_types);
    let global = FIXED + n + 4 * boss_skills(game);
    let own = 3 * cards;
    let per_group = 2 + 2 * enemies;
    let market = 2 * cards + uniques;
    global + n * (PER_PLAYER_FIXED + 2 * cards + carry) + own + RESPAWNS * per_group + market
}

/// The round feature: `round / stage_rounds` with the timer variant (1 at the last round);
/// without a timer `round / RUN_ROUNDS`, capped at 1 (the rounds a run allows per stage, so the
/// feature keeps the same scale and never leaves [0, 1]).
fn round_feature(game: &FatalFight, round: u16) -> f32 {
    let scale = game.options.stage_rounds.unwrap_or(crate::games::fatal_fight::RUN_ROUNDS);
    (f32::from(round) / f32::from(scale)).min(1.0)
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

/// Group slots encoded without branching on the group's size.
const UNBRANCHED_SLOTS: usize = 1;

/// One group's block: size/8, boss present, head enemy one-hot, enemy counts /4. Most groups
/// are empty or hold one enemy, in no pattern a branch predictor learns, and testing the size
/// mispredicted about once per group: the block was a third of the observation's cost. So the
/// first slots are read whatever the size. An empty slot (or the boss) counts into a head entry
/// of its own, cleared before the head is set, and a missing head is set in entry 0, which is
/// written last. (One slot measured best: two or four cost more instructions than they save.)
#[allow(clippy::needless_range_loop)] // `k` is compared with the size as well as used as an index
fn write_group(span: &mut [f32], grp: &Pile<MAX_GROUP>, enemies: usize) {
    let (len, slots) = (grp.len(), grp.slots());
    let enemy = |k: usize| usize::from(slots[k].0);
    let valid = |k: usize| (k < len) & (enemy(k) < enemies);
    let mut boss = false;
    for k in 0..UNBRANCHED_SLOTS {
        boss |= (k < len) & (slots[k] == BOSS);
        let at = if valid(k) { 2 + enemies + enemy(k) } else { 2 + k };
        span[at] += 0.25;
    }
    for k in UNBRANCHED_SLOTS..len {
        boss |= slots[k] == BOSS;
        if valid(k) {
            span[2 + enemies + enemy(k)] += 0.25;
        }
    }
    span[2..2 + UNBRANCHED_SLOTS].fill(0.0);
    span[if valid(0) { 2 + enemy(0) } else { 0 }] = 1.0;
    span[0] = len as f32 / 8.0;
    span[1] = flag(boss);
}

/// Each player's block, from mine on around the table.
const SEAT_SECTIONS: [&str; 4] = [
    "me: present, life, max life, guard, down, immune, actions, moves, combination left, gold, hand / deck / discard / face-down sizes, place in the turn order, passed in the shop; square one-hot; cards played, per card; cards discarded in view, per card; items carried, per kind",
    "the next player (the same features)",
    "the player two seats on (the same features)",
    "the player three seats on (the same features)",
];

impl FatalFightState {}

impl FatalFightState {}

pub(crate) fn observation(state: &FatalFightState, game: &FatalFight, me: usize, out: &mut [f32]) {
    let n = game.n();
    let cards = game.content.cards.len();
    let enemies = game.content.enemies.len();
    let content = &game.content;
    let (carry, uniques) = (content.carry_types, content.unique_types);
    let mut w = ObsWriter::new(out);
    let rel = |p: usize| seat_after(p, n - me, n);
    w.section("phase one-hot, who acts (from me), stage one-hot");
    w.one_hot(PHASES, Some(phase_index(state.phase)));
    w.one_hot(n, state.current_player().map(rel));
    w.one_hot(4, Some(usize::from(state.stage)));
    w.section("round, team gold, gold earned, boss present and placed, stage cards used, I lead, won");
    w.values([
        round_feature(game, state.round),
        state.pool as f32 / 20.0,
        state.earned as f32 / 50.0,
        flag(state.boss_present),
        flag(state.boss_placed),
        state.stage_used.len() as f32 / 4.0,
        flag(usize::from(state.leader()) == me),
        flag(state.result == Some(true)),
    ]);
    let g = state.gimmick(game);
    let (gi, amount) = match g {
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
    w.counts(boss_skills(game), state.boss_pile.iter().map(|c| usize::from(c.0)), 1.0);
    w.section("the boss pile by place from the top: the skill there, where seen (FF-5.9, FF-12.3)");
    let unseen = state.boss_unseen();
    for place in (0..BOSS_PLACES).rev() {
        let seen = state.boss_pile.get(place).filter(|_| !unseen.contains(&place));
        w.one_hot(boss_skills(game), seen.map(|k| usize::from(k.0)));
    }
    w.section("enemy mass per square");
    w.scaled(&state.mass, 0.25);
    for (k, &section) in SEAT_SECTIONS.iter().enumerate().take(n) {
        let p = seat_after(me, k, n);
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
            pl.gold as f32 / 10.0,
            pl.hand.len() as f32 / 10.0,
            pl.deck.len() as f32 / 40.0,
            pl.discard.len() as f32 / 40.0,
            pl.facedown.len() as f32 / 5.0,
            f32::from(state.order[..n].iter().position(|&q| usize::from(q) == p).unwrap_or(0) as u8) / 4.0,
            flag(state.shop_passed & (1 << p) != 0),
        ]);
        w.one_hot(SQUARES, Some(usize::from(pl.square)));
        w.counts(cards, pl.played.iter().map(|c| usize::from(c.0)), 0.25);
        w.counts(cards, pl.discarded_in_view().map(|c| usize::from(c.0)), 0.25);
        w.counts(carry, pl.carried.iter().map(|x| usize::from(content.carry_slot[usize::from(x.0)])), 1.0);
    }
    let mine = &state.players[me];
    w.section("my hand, deck, then discard with face-down cards, per card");
    w.counts(cards, mine.hand.iter().map(|c| usize::from(c.0)), 0.25);
    w.counts(cards, mine.deck.iter().map(|c| usize::from(c.0)), 0.25);
    w.counts(cards, mine.discard.iter().chain(mine.facedown.iter()).map(|c| usize::from(c.0)), 0.25);
    w.section("the enemy groups, one block per group");
    for grp in &state.groups {
        write_group(w.span(2 + 2 * enemies), grp, enemies);
    }
    w.section("the shop per card, the unique row per unique item, cards removed from the game per card");
    w.scaled(&state.shop.0[..cards], 0.25);
    w.counts(
        uniques,
        state.unique_row.iter().flatten().map(|x| usize::from(content.unique_slot[usize::from(x.0)])),
        1.0,
    );
    w.scaled(&state.removed.0[..cards], 0.25);
    w.finish();
}
