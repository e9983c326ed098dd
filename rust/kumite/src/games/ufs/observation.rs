//! What players see as vectors: the public observation (the table, seats in order) and each
//! seat's private one (its hand and mulliganed cards). The layout is in `docs/rules/ufs.md`.

use crate::cards::CardId;
use crate::core::{flag, ObsWriter, State};
use crate::games::ufs::content::Zone;
use crate::games::ufs::game::Ufs;
use crate::games::ufs::state::{Cards, Phase, Slot, UfsState};

/// Per side: 15 counters.
const SCALARS: usize = 15;
/// Per side, per card of the universe: discard, removed, momentum, character row, staging (face
/// up, committed, face down, used this turn, enhanced), pool (cards, rightmost, dealt damage,
/// enhanced).
const PUBLIC_CARD_BLOCKS: usize = 3 + 1 + 5 + 4;
/// Per side, per place of a zone in order: discard, removed, momentum (the card), character row
/// and staging (card, committed, face down, used this turn, enhanced), pool (card, dealt damage,
/// enhanced).
const PUBLIC_PLACE: usize = 3 + 5 + 5 + 3;
const GLOBAL: usize = 8 + 2 + 2 + 2 + 1 + 8 + 4 + 1;

/// Hand sizes are scaled by this (a hand above it reads above 1, within the bounds).
const HAND_SCALE: f32 = 12.0;
/// Card pools likewise.
const POOL_SCALE: f32 = 16.0;

/// The widest features: the attack's speed and damage / 10 (an `i8`, lowered by effects), a
/// check's difficulty / 20 (a pool's length at most, UFX-11) and sizes over their scales.
pub const OBSERVATION_BOUNDS: (f32, f32) =
    (i8::MIN as f32 / 10.0, 2.0 * crate::games::ufs::content::MAX_LEGAL_DECK as f32);

/// Places per zone in order: a zone holds at most its side's cards.
fn places(game: &Ufs) -> usize {
    1 + game.decks.iter().map(Vec::len).max().unwrap_or(0)
}

pub fn public_len(game: &Ufs) -> usize {
    let u = game.universe.len();
    2 * (SCALARS + PUBLIC_CARD_BLOCKS * u + PUBLIC_PLACE * places(game)) + GLOBAL + u
}

pub fn private_len(game: &Ufs) -> usize {
    2 + 2 * game.universe.len() + 2 * places(game)
}

pub fn observation_len(game: &Ufs) -> usize {
    public_len(game) + private_len(game)
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

/// A card as one number: its place on the universe axis plus one, over the axis (0: no card).
fn card_value(game: &Ufs, c: CardId) -> f32 {
    (game.universe_index(c) + 1) as f32 / game.universe.len() as f32
}

/// A zone in order, one place after another, `per` values each (the card, then `marks`).
fn in_order<const K: usize>(
    w: &mut ObsWriter,
    game: &Ufs,
    zone: Cards,
    places: usize,
    marks: impl Fn(&Slot) -> [bool; K],
) {
    let span = w.span(places * (1 + K));
    for (i, x) in zone.as_slice().iter().enumerate() {
        let at = &mut span[i * (1 + K)..(i + 1) * (1 + K)];
        at[0] = card_value(game, x.card);
        for (m, on) in marks(x).into_iter().enumerate() {
            at[1 + m] = flag(on);
        }
    }
}

pub(crate) fn public_observation(state: &UfsState, game: &Ufs, out: &mut [f32]) {
    let u = game.universe.len();
    let n = places(game);
    let idx = |c: CardId| game.universe_index(c);
    let mut w = ObsWriter::new(out);
    for p in 0..2 {
        let s = &state.sides[p];
        w.section(
            ["P0's counters (vitality, zones' sizes, check bonuses, desperation, mulligan decided)", "P1's counters"]
                [p],
        );
        let max = f32::from(game.max_vitality(p).max(1));
        let total = (game.decks[p].len() + 1) as f32;
        w.values([
            f32::from(s.vitality) / max,
            max / 40.0,
            s.hand().len() as f32 / HAND_SCALE,
            s.deck().len() as f32 / total,
            s.discard().len() as f32 / total,
            s.removed().len() as f32 / total,
            s.momentum().len() as f32 / 10.0,
            flag(s.character_committed()),
            (s.character().len() - 1) as f32 / total,
            s.pool().len() as f32 / POOL_SCALE,
            f32::from(s.control_bonus) / 9.0,
            f32::from(s.breaker) / 9.0,
            s.mulliganed().len() as f32 / HAND_SCALE,
            flag(state.desperate(game, p)),
            flag(s.mulligan_done),
        ]);
        w.section(["P0's discard, removed and momentum, per card", "P1's discard, removed and momentum, per card"][p]);
        w.counts(u, s.discard().iter().map(idx), 1.0);
        w.counts(u, s.removed().iter().map(idx), 1.0);
        w.counts(u, s.momentum().iter().map(idx), 1.0);
        w.section(["P0's character row, per card", "P1's character row, per card"][p]);
        w.counts(u, s.character().iter().map(idx), 1.0);
        // Staging in one pass: the block is picked by arithmetic, since a branch on each card's
        // flags mispredicts.
        w.section(
            [
                "P0's staging area: face up, committed, face down, used this turn, enhanced, per card",
                "P1's staging area: face up, committed, face down, used this turn, enhanced, per card",
            ][p],
        );
        let staging = w.span(5 * u);
        for x in s.staging().as_slice() {
            let (block, i) = (if x.face_down() { 2 } else { usize::from(x.committed()) }, idx(x.card));
            staging[block * u + i] += 1.0;
            staging[3 * u + i] += flag(x.used_turn());
            staging[4 * u + i] += flag(x.used_attack());
        }
        w.section(
            [
                "P0's card pool, per card: cards, the rightmost, dealt damage, enhanced",
                "P1's card pool, per card: cards, the rightmost, dealt damage, enhanced",
            ][p],
        );
        w.counts(u, s.pool().iter().map(idx), 1.0);
        // The rightmost pool card: what Combo reads next.
        w.one_hot(u, s.pool().as_slice().last().map(|x| idx(x.card)));
        w.counts(u, s.pool().as_slice().iter().filter(|x| x.damaged()).map(|x| idx(x.card)), 1.0);
        w.counts(u, s.pool().as_slice().iter().filter(|x| x.used_attack()).map(|x| idx(x.card)), 1.0);
        w.section(
            [
                "P0's zones in order, place by place: discard, removed, momentum; character row and staging (card, committed, face down, used, enhanced); pool (card, dealt damage, enhanced)",
                "P1's zones in order, place by place",
            ][p],
        );
        for zone in [s.discard(), s.removed(), s.momentum()] {
            in_order(&mut w, game, zone, n, |_| []);
        }
        for zone in [s.character(), s.staging()] {
            in_order(&mut w, game, zone, n, |x| [x.committed(), x.face_down(), x.used_turn(), x.used_attack()]);
        }
        in_order(&mut w, game, s.pool(), n, |x| [x.damaged(), x.used_attack()]);
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
    w.section("the turn player, the player to act, the first player (one-hot by seat), turn");
    w.one_hot(2, Some(usize::from(state.active)));
    w.one_hot(2, state.current_player());
    w.one_hot(2, Some(usize::from(state.first)));
    w.put(turn_feature(state.turn, game.options.max_turns));
    w.section("the attack: present, speed, damage, zone one-hot, blocked, its place in the pool");
    match state.attack {
        Some(a) => {
            w.flag(true);
            w.put(f32::from(a.speed) / 10.0);
            w.put(f32::from(a.damage) / 10.0);
            w.one_hot(3, Some(zone_index(a.zone)));
            w.flag(a.block.is_some());
            w.put((usize::from(a.slot) + 1) as f32 / n as f32);
        }
        None => w.skip(8),
    }
    w.section("the control check: present, P1's, needed, reached");
    match state.check {
        Some(c) => {
            w.flag(true);
            w.flag(c.player == 1);
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
    w.section("the card the check turned over, per card");
    w.one_hot(u, state.check.map(|c| idx(c.flipped)));
    w.finish();
}

pub(crate) fn private_observation(state: &UfsState, game: &Ufs, me: usize, out: &mut [f32]) {
    let u = game.universe.len();
    let n = places(game);
    let idx = |c: CardId| game.universe_index(c);
    let mine = &state.sides[me];
    let mut w = ObsWriter::new(out);
    w.section("my seat, one-hot");
    w.one_hot(2, Some(me));
    w.section("my hand and my mulliganed cards, per card");
    w.counts(u, mine.hand().iter().map(idx), 1.0);
    w.counts(u, mine.mulliganed().iter().map(idx), 1.0);
    w.section("my hand and my mulliganed cards in order, place by place");
    in_order(&mut w, game, mine.hand(), n, |_| []);
    in_order(&mut w, game, mine.mulliganed(), n, |_| []);
    w.finish();
}
