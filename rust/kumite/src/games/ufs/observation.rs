//! What players see: the observation vector (layout in `docs/rules/ufs.md`), the
//! information-state string, and the text drawing of the table.

use crate::core::{flag, ObsWriter, State};
use crate::games::ufs::content::{Zone, MAX_DECK};
use crate::games::ufs::state::{Phase, UfsState, MAX_CHARS};
use crate::games::ufs::Ufs;

const SCALARS: usize = 14;
const CARD_BLOCKS: usize = 2 + 2 * 8;
const GLOBAL: usize = 8 + 3 + 1 + 7 + 4 + 1;

/// Hand sizes are scaled by this (a hand above it reads above 1, within the bounds).
const HAND_SCALE: f32 = 12.0;
/// Card pools likewise: a pool holds a whole deck (`MAX_POOL`), but seldom more than 8 cards.
const POOL_SCALE: f32 = 16.0;

/// The widest features: the attack's speed and damage / 10 (an `i8`, lowered by effects) and
/// counts per card, at most a deck's capacity.
pub const OBSERVATION_BOUNDS: (f32, f32) = (i8::MIN as f32 / 10.0, MAX_DECK as f32);

pub fn observation_len(game: &Ufs) -> usize {
    2 * SCALARS + CARD_BLOCKS * game.universe.len() + GLOBAL
}

/// Turns played, in [0, 1]: the share of the limit under the turn-limit variant; without a
/// limit (the seed's game) `t / (t + 20)`, a half at turn 20 (about a random game's length).
fn turn_feature(turn: u32, max_turns: Option<u16>) -> f32 {
    let t = turn as f32;
    match max_turns {
        Some(m) => t / f32::from(m),
        None => t / (t + TURN_SCALE),
    }
}

const TURN_SCALE: f32 = 20.0;

fn zone_index(z: Zone) -> usize {
    z as usize
}

impl UfsState {}

impl UfsState {}

pub(crate) fn observation(state: &UfsState, game: &Ufs, me: usize, out: &mut [f32]) {
    let u = game.universe.len();
    let idx = |c: crate::cards::CardId| game.universe_index(c);
    let mut w = ObsWriter::new(out);
    for (k, p) in [me, 1 - me].into_iter().enumerate() {
        w.section(["my counters (vitality, zones' sizes, check bonuses, desperation)", "the opponent's counters"][k]);
        let s = &state.sides[p];
        let max = f32::from(game.max_vitality(p).max(1));
        w.values([
            f32::from(s.vitality) / max,
            max / 40.0,
            s.hand.len() as f32 / HAND_SCALE,
            s.deck.len() as f32 / MAX_DECK as f32,
            s.discard.len() as f32 / MAX_DECK as f32,
            s.removed.len() as f32 / MAX_DECK as f32,
            s.momentum.len() as f32 / 10.0,
            flag(s.character_committed()),
            (s.character.len() - 1) as f32 / MAX_CHARS as f32,
            s.pool.len() as f32 / POOL_SCALE,
            f32::from(s.control_bonus) / 9.0,
            f32::from(s.breaker) / 9.0,
            s.mulliganed.len() as f32 / HAND_SCALE,
            flag(state.desperate(game, p)),
        ]);
    }
    let mine = &state.sides[me];
    w.section("my hand, per card of the universe");
    w.counts(u, mine.hand.iter().map(idx), 1.0);
    w.section("my mulliganed cards, per card");
    w.counts(u, mine.mulliganed.iter().map(idx), 1.0);
    for (k, p) in [me, 1 - me].into_iter().enumerate() {
        let s = &state.sides[p];
        w.section(["my discard, removed and momentum, per card", "the opponent's discard, removed and momentum"][k]);
        w.counts(u, s.discard.iter().map(idx), 1.0);
        w.counts(u, s.removed.iter().map(idx), 1.0);
        w.counts(u, s.momentum.iter().map(idx), 1.0);
        // Staging in one pass, not one filtered pass per block: the block is picked by
        // arithmetic, since a branch on each card's flags mispredicts.
        w.section(["my staging area: face up, committed, face down, per card", "the opponent's staging area"][k]);
        let staging = w.span(3 * u);
        for x in s.staging.as_slice() {
            let (block, i) = (if x.face_down() { 2 } else { usize::from(x.committed()) }, idx(x.card));
            if i < u {
                staging[block * u + i] += 1.0;
            }
        }
        w.section(
            ["my card pool, per card, then its rightmost card", "the opponent's card pool, then its rightmost card"][k],
        );
        w.counts(u, s.pool.cards().map(idx), 1.0);
        // The rightmost pool card: what Combo reads next.
        w.one_hot(u, s.pool.as_slice().last().map(|x| idx(x.card)));
    }
    let phase = match state.phase {
        Phase::Mulligan { .. } => 0,
        Phase::Review => 1,
        Phase::Combat => 2,
        Phase::Enhance { .. } => 3,
        Phase::Block => 4,
        Phase::Check => 5,
        Phase::Momentum => 6,
        Phase::Over => 7,
    };
    w.section("phase one-hot (mulligan, review, combat, enhance, block, check, momentum, over)");
    w.one_hot(8, Some(phase));
    w.section("I am active, I am to act, I went first, turn");
    w.values([
        flag(usize::from(state.active) == me),
        flag(state.current_player() == Some(me)),
        flag(usize::from(state.first) == me),
        turn_feature(state.turn, game.options.max_turns),
    ]);
    w.section("the attack: present, speed, damage, zone one-hot, blocked");
    match state.attack {
        Some(a) => {
            w.flag(true);
            w.put(f32::from(a.speed) / 10.0);
            w.put(f32::from(a.damage) / 10.0);
            w.one_hot(3, Some(zone_index(a.zone)));
            w.flag(a.block.is_some());
        }
        None => w.skip(7),
    }
    w.section("the control check: present, mine, needed, reached");
    match state.check {
        Some(c) => {
            w.flag(true);
            w.flag(usize::from(c.player) == me);
            w.put(f32::from(c.need) / 20.0);
            w.put(f32::from(c.have) / 20.0);
        }
        None => w.skip(4),
    }
    w.section("enhance-step passes");
    w.put(match state.phase {
        Phase::Enhance { passes, .. } => f32::from(passes),
        _ => 0.0,
    });
    w.finish();
}
