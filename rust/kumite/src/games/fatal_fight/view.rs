//! What players see: the observation vector (layout in `docs/rules/fatal_fight.md`), the
//! information-state string and text drawing, determinization, and the invariants of a state.

use std::fmt::Write;

use serde_json::json;

use crate::cards::{CardId, Pile};
use crate::core::{count, derive_seed, flag, seat_after, GameError, ObsWriter, Rng};
use crate::games::fatal_fight::content::{Gimmick, Kind, MAX_CARD_TYPES, MAX_CARRY, RESPAWNS, STAGES};
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
fn boss_skills(game: &FatalFight) -> usize {
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

impl FatalFightState {
    pub(crate) fn write_observation(&self, game: &FatalFight, me: usize, out: &mut [f32]) {
        let n = game.n();
        let cards = game.content.cards.len();
        let enemies = game.content.enemies.len();
        let content = &game.content;
        let (carry, uniques) = (content.carry_types, content.unique_types);
        let mut w = ObsWriter::new(out);
        let rel = |p: usize| seat_after(p, n - me, n);
        w.section("phase one-hot, who acts (from me), stage one-hot");
        w.one_hot(PHASES, Some(phase_index(self.phase)));
        w.one_hot(n, self.current_player_index().map(rel));
        w.one_hot(4, Some(usize::from(self.stage)));
        w.section("round, team gold, gold earned, boss present and placed, stage cards used, I lead, won");
        w.values([
            round_feature(game, self.round),
            self.pool as f32 / 20.0,
            self.earned as f32 / 50.0,
            flag(self.boss_present),
            flag(self.boss_placed),
            self.stage_used.len() as f32 / 4.0,
            flag(usize::from(self.leader()) == me),
            flag(self.result == Some(true)),
        ]);
        let g = self.gimmick(game);
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
        let ch = self.chain;
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
        w.counts(boss_skills(game), self.boss_pile.iter().map(|c| usize::from(c.0)), 1.0);
        w.section("the boss pile by place from the top: the skill there, where seen (FF-5.9, FF-12.3)");
        let unseen = self.boss_unseen();
        for place in (0..BOSS_PLACES).rev() {
            let seen = self.boss_pile.get(place).filter(|_| !unseen.contains(&place));
            w.one_hot(boss_skills(game), seen.map(|k| usize::from(k.0)));
        }
        w.section("enemy mass per square");
        w.scaled(&self.mass, 0.25);
        for (k, &section) in SEAT_SECTIONS.iter().enumerate().take(n) {
            let p = seat_after(me, k, n);
            let pl = &self.players[p];
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
                f32::from(self.order[..n].iter().position(|&q| usize::from(q) == p).unwrap_or(0) as u8) / 4.0,
                flag(self.shop_passed & (1 << p) != 0),
            ]);
            w.one_hot(SQUARES, Some(usize::from(pl.square)));
            w.counts(cards, pl.played.iter().map(|c| usize::from(c.0)), 0.25);
            w.counts(cards, pl.discarded_in_view().map(|c| usize::from(c.0)), 0.25);
            w.counts(carry, pl.carried.iter().map(|x| usize::from(content.carry_slot[usize::from(x.0)])), 1.0);
        }
        let mine = &self.players[me];
        w.section("my hand, deck, then discard with face-down cards, per card");
        w.counts(cards, mine.hand.iter().map(|c| usize::from(c.0)), 0.25);
        w.counts(cards, mine.deck.iter().map(|c| usize::from(c.0)), 0.25);
        w.counts(cards, mine.discard.iter().chain(mine.facedown.iter()).map(|c| usize::from(c.0)), 0.25);
        w.section("the enemy groups, one block per group");
        for grp in &self.groups {
            write_group(w.span(2 + 2 * enemies), grp, enemies);
        }
        w.section("the shop per card, the unique row per unique item, cards removed from the game per card");
        w.scaled(&self.shop.0[..cards], 0.25);
        w.counts(
            uniques,
            self.unique_row.iter().flatten().map(|x| usize::from(content.unique_slot[usize::from(x.0)])),
            1.0,
        );
        w.scaled(&self.removed.0[..cards], 0.25);
        w.finish();
    }

    /// Public state plus, for `viewer`, its own hidden cards; `None` shows everything.
    pub(crate) fn describe(&self, game: &FatalFight, viewer: Option<usize>) -> String {
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
            self.stage + 1,
            self.round,
            phase_text(self.phase) + &passed_text(self.shop_passed),
            self.chain_owner,
            mass_text(&self.mass),
            self.pool,
            self.earned,
            self.chain.ap,
            count(usize::from(self.chain.hits), "hit"),
            if self.chain.area { " area" } else { "" },
            if self.chain.pierce { " pierce" } else { "" },
            if self.chain.launch { " launch" } else { "" },
            if self.chain.combined { " (combination offered)" } else { "" },
        );
        if let Some(i) = self.current_stage_card {
            let sc = &c.stages[usize::from(i)];
            let _ = writeln!(s, "Stage card: {} ({}); used {}", sc.name, sc.gimmick.describe(), self.stage_used.len());
        }
        if self.boss_present {
            let b = &c.bosses[usize::from(self.stage.min(3))];
            let texts: Vec<String> = self
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
        for (g, grp) in self.groups.iter().enumerate() {
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
            let pl = &self.players[p];
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
        let row: Vec<String> = self.unique_row.iter().map(|x| x.map_or("-".into(), |x| c.card(x).label())).collect();
        let _ = writeln!(s, "Uniques face up: {}", row.join(", "));
        let stock: Vec<String> = (0..c.cards.len())
            .filter(|&t| self.shop.0[t] > 0)
            .map(|t| format!("{} x{}", c.cards[t].label(), self.shop.0[t]))
            .collect();
        let _ = writeln!(s, "Shop: {}", stock.join(", "));
        if let Some(r) = self.result {
            let _ = writeln!(s, "Result: {} (score {})", if r { "win" } else { "loss" }, self.score);
        }
        s
    }

    /// The boss pile from the top, each skill with whether `viewer` knows its place (`None`
    /// knows everything). The bottom `boss_known` were seen going there (FF-12.3); the others'
    /// order is hidden, so they are listed sorted.
    pub(crate) fn boss_order(&self, viewer: Option<usize>) -> Vec<(u16, bool)> {
        let mut pile: Vec<u16> = self.boss_pile.iter().map(|x| x.0).collect();
        let unseen = self.boss_unseen();
        if viewer.is_some() {
            pile[unseen.clone()].sort_unstable_by(|a, b| b.cmp(a));
        }
        pile.iter().enumerate().rev().map(|(i, &k)| (k, viewer.is_none() || !unseen.contains(&i))).collect()
    }

    /// The boss pile's slots (bottom first) whose skill nobody has seen there: not the bottom
    /// `boss_known` (FF-12.3), and not the top once the pile is turned over on the board
    /// (「ボス山をそのまま裏返して」, FF-5.9: its top card, the current skill, faces up).
    pub(crate) fn boss_unseen(&self) -> std::ops::Range<usize> {
        let len = self.boss_pile.len();
        let known = usize::from(self.boss_known).min(len);
        let end = if self.boss_placed { len.saturating_sub(1) } else { len };
        known..end.max(known)
    }

    /// A state `observer` cannot tell from this one: the other players' hidden cards (hand, deck,
    /// face-down, and the discarded cards nobody saw) redealt from their pool, every hidden pile
    /// order (own deck, stage, enemy, unique piles, the unseen part of the boss pile) reshuffled,
    /// and the RNG reseeded. What was public stays: a card discarded in view keeps its place
    /// (FF-14.3), and so do the boss skills seen going to the bottom (FF-12.3). Pools are sorted
    /// first so the result depends only on what the observer knows.
    pub fn determinized(&self, game: &FatalFight, observer: usize, seed: u64) -> FatalFightState {
        let mut s = self.clone();
        let mut rng = Rng::new(seed);
        for p in 0..game.n() {
            let pl = &mut s.players[p];
            if p == observer {
                pl.deck.as_mut_slice().sort_unstable();
                pl.deck.shuffle(&mut rng);
                continue;
            }
            let seen = pl.discard_seen;
            let hidden = |i: &usize| seen & (1 << i) == 0;
            let unseen_discard =
                |d: &Pile<MAX_OWNED>| (0..d.len()).filter(hidden).map(|i| d.as_slice()[i]).collect::<Vec<_>>();
            let mut pool: Vec<CardId> = pl
                .hand
                .iter()
                .chain(pl.deck.iter())
                .chain(pl.facedown.iter())
                .chain(unseen_discard(&pl.discard))
                .collect();
            pool.sort_unstable();
            rng.shuffle(&mut pool);
            let mut next = pool.into_iter();
            for zone in [pl.hand.as_mut_slice(), pl.deck.as_mut_slice(), pl.facedown.as_mut_slice()] {
                for c in zone {
                    *c = next.next().expect("pool holds exactly the hidden cards");
                }
            }
            for (i, c) in pl.discard.as_mut_slice().iter_mut().enumerate() {
                if hidden(&i) {
                    *c = next.next().expect("pool holds exactly the hidden cards");
                }
            }
        }
        fn reshuffle(pile: &mut [CardId], rng: &mut Rng) {
            pile.sort_unstable();
            rng.shuffle(pile);
        }
        reshuffle(s.stage_pile.as_mut_slice(), &mut rng);
        reshuffle(s.enemy_pile.as_mut_slice(), &mut rng);
        let unseen = s.boss_unseen();
        reshuffle(&mut s.boss_pile.as_mut_slice()[unseen], &mut rng);
        reshuffle(s.unique_pile.as_mut_slice(), &mut rng);
        s.rng = Rng::new(derive_seed(seed, 1));
        s
    }

    /// The invariants of a reachable position, for states read from JSON.
    pub fn check(&self, game: &FatalFight) -> Result<(), GameError> {
        let mut bad: Vec<String> = Vec::new();
        let c = &game.content;
        let n = game.n();
        let nc = c.cards.len();
        let valid_card = |x: CardId| usize::from(x.0) < nc;
        // Turn order: a permutation of the players, by character order.
        let mut ord: Vec<u8> = self.order[..n].to_vec();
        let mut want: Vec<u8> = (0..n as u8).collect();
        want.sort_by_key(|&p| game.character(usize::from(p)).order);
        if ord != want {
            bad.push("order must list the players by character order".into());
        }
        ord.sort();
        for p in 0..MAX_PLAYERS {
            let pl = &self.players[p];
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
            self.players[p].all_cards().for_each(&mut add);
        }
        self.unique_pile.iter().for_each(&mut add);
        self.unique_row.iter().flatten().copied().for_each(&mut add);
        for (t, n) in count.iter_mut().enumerate() {
            *n += u32::from(self.shop.0[t]) + u32::from(self.removed.0[t]);
            if *n != u32::from(game.totals.0[t]) {
                bad.push(format!("card type {t} has {n} copies in play, expected {}", game.totals.0[t]));
                break;
            }
        }
        for (t, card) in c.cards.iter().enumerate() {
            if card.kind != Kind::Common && self.shop.0[t] > 0 && card.kind == Kind::Unique {
                bad.push(format!("unique {} cannot be in the shop piles", card.id));
            }
        }
        if self
            .unique_pile
            .iter()
            .chain(self.unique_row.iter().flatten().copied())
            .any(|x| !valid_card(x) || c.card(x).kind != Kind::Unique)
        {
            bad.push("the unique pile and row hold uniques only".into());
        }
        if self.unique_row.iter().any(|x| x.is_none()) && !self.unique_pile.is_empty() {
            bad.push("an empty unique slot while the unique pile has cards".into());
        }
        // Enemy conservation.
        let ne = c.enemies.len();
        let mut ecount = vec![0u32; ne];
        let mut bosses = 0;
        let mut bad_enemy = false;
        for e in self
            .groups
            .iter()
            .flat_map(|g| g.iter())
            .chain(self.enemy_pile.iter())
            .chain(self.enemy_discard.iter())
            .chain(self.escaped.iter())
        {
            if e == BOSS {
                bosses += 1;
            } else if usize::from(e.0) < ne {
                ecount[usize::from(e.0)] += 1;
            } else {
                bad_enemy = true;
            }
        }
        let stage_max = self.stage.min(3) + 1;
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
        if self
            .groups
            .iter()
            .flat_map(|g| g.iter())
            .chain(self.enemy_pile.iter())
            .chain(self.enemy_discard.iter())
            .chain(self.escaped.iter())
            .filter(|&e| e == BOSS)
            .count()
            != self.groups.iter().flat_map(|g| g.iter()).filter(|&e| e == BOSS).count()
        {
            bad.push("the boss can only stand in a group".into());
        }
        if bosses != usize::from(self.boss_present) || (self.boss_present && !self.boss_placed) {
            bad.push("the boss is in a group exactly when present".into());
        }
        if self.groups.iter().any(|g| g.iter().filter(|&e| e != BOSS).count() > 10) {
            bad.push("a group holds more than 10 enemies".into());
        }
        let bl = self.boss_pile.len();
        // Without the variant only the first 3 skills are dealt; the observation covers no more.
        let skills = c.bosses[usize::from(self.stage.min(3))].skills.len().min(boss_skills(game));
        if bl != 3 || self.boss_pile.iter().any(|k| usize::from(k.0) >= skills) {
            bad.push("the boss pile holds 3 of the boss's skills".into());
        }
        let mut bs: Vec<u16> = self.boss_pile.iter().map(|k| k.0).collect();
        bs.sort();
        bs.dedup();
        if bs.len() != bl {
            bad.push("the boss pile repeats a skill".into());
        }
        let shopper = match self.phase {
            Phase::Shop { player } => Some(player),
            _ => None,
        };
        if self.shop_passed >> n != 0 || shopper.map_or(self.shop_passed != 0, |p| self.shop_passed & (1 << p) != 0) {
            bad.push("shop_passed marks only players who passed in an open shop, never the shopper".into());
        }
        if usize::from(self.boss_known) > bl {
            bad.push("boss_known is larger than the boss pile".into());
        }
        // Stage cards.
        let st = self.stage + 1;
        let stage_ok = |i: u16| c.stages.get(usize::from(i)).is_some_and(|x| x.stage == st && !x.boss);
        let mut all_stage: Vec<u16> = self.stage_pile.iter().chain(self.stage_used.iter()).map(|x| x.0).collect();
        all_stage.sort();
        let mut want_stage: Vec<u16> = (0..c.stages.len() as u16).filter(|&i| stage_ok(i)).collect();
        want_stage.sort();
        if self.stage < 4 && (all_stage != want_stage || self.stage_used.len() > 4) {
            bad.push("the stage pile and used stage cards must be this stage's 6 normal cards".into());
        }
        if let Some(i) = self.current_stage_card {
            if c.stages.get(usize::from(i)).is_none_or(|x| x.stage != st.min(4)) {
                bad.push("the current stage card must belong to this stage".into());
            }
        }
        if self.stage > 4 || (self.stage == 4) != (self.result == Some(true)) {
            bad.push("stage must be in 0..4 (4 once the game is won)".into());
        }
        if game.options.stage_rounds.is_some_and(|limit| self.round > u16::from(limit) + 1) {
            bad.push("round exceeds stage_rounds (the stage-timer variant)".into());
        }
        let cp = |p: u8| usize::from(p) < n;
        match self.phase {
            Phase::Shop { player } | Phase::Combination { player } if !cp(player) => {
                bad.push("phase player out of range".into())
            }
            Phase::Turn { player } if !cp(player) || !self.players[usize::from(player)].active() => {
                bad.push("the turn player must exist and be active".into())
            }
            Phase::Pay { player, left, then } => {
                // At most what the payment's act costs: 1 card for a move (FF-10.2), the save
                // cost for a save (FF-0.7, FF-10.4: `save_actions`, the medic one fewer).
                let most = match then {
                    Pending::Move { .. } => 1,
                    Pending::Save { .. } if cp(player) => self.save_cost(game, usize::from(player)),
                    Pending::Save { .. } => 0,
                };
                if !cp(player)
                    || left == 0
                    || left > most
                    || self.players[usize::from(player)].hand.len() < usize::from(left)
                {
                    bad.push("payment out of range".into());
                }
                match then {
                    Pending::Move { to } if usize::from(to) >= SQUARES => bad.push("move target out of range".into()),
                    Pending::Save { target } if !cp(target) || !self.players[usize::from(target)].down => {
                        bad.push("save target must be a downed player".into())
                    }
                    _ => {}
                }
            }
            Phase::MassDamage { group } => {
                if usize::from(group) >= RESPAWNS || self.mass[usize::from(group)] == 0 {
                    bad.push("mass damage phase without pending damage".into());
                }
                if !(0..n).any(|p| self.players[p].active()) {
                    bad.push("mass damage with nobody to take it".into());
                }
            }
            _ => {}
        }
        if let Phase::Combination { player } = self.phase {
            if cp(player) && (!self.players[usize::from(player)].active() || player == self.chain_owner) {
                bad.push("the combination partner must be active and not the turn player".into());
            }
        }
        if matches!(self.phase, Phase::Turn { .. } | Phase::Combination { .. } | Phase::Pay { .. })
            && !cp(self.chain_owner)
        {
            bad.push("chain owner out of range".into());
        }
        if let Phase::Turn { player } = self.phase {
            if player != self.chain_owner {
                bad.push("the turn player owns the chain".into());
            }
        }
        if (self.chain.hits == 0) != (self.chain.ap == 0) && self.chain.hits == 0 {
            bad.push("a chain has AP only with hits".into());
        }
        // Each hit is an attack card played face up this round, still in a played pile.
        if usize::from(self.chain.hits) > self.players[..n].iter().map(|p| p.played.len()).sum::<usize>() {
            bad.push("a chain has more hits than cards played this round".into());
        }
        if (self.phase == Phase::Over) != self.result.is_some() {
            bad.push("a result is present exactly when the game is over".into());
        }
        crate::games::fatal_fight::validate::flow(self, game, &mut bad);
        if bad.is_empty() {
            Ok(())
        } else {
            Err(GameError::deserialization(bad.join("; ")))
        }
    }
}

impl FatalFightState {
    /// The drawing data of `docs/viewer.md`: the 3 × 3 board as a grid (lines are rows, areas
    /// columns) holding the fighters and the enemy groups, life and gold as stats, and each
    /// player's cards as zones, with only what `viewer` may see (`None`: everything).
    pub(crate) fn scene(&self, game: &FatalFight, viewer: Option<usize>) -> serde_json::Value {
        let c = &game.content;
        let n = game.n();
        let sees = |p: usize| viewer.is_none_or(|v| v == p);
        let card = |x: CardId| {
            let k = c.card(x);
            let color = match k.kind {
                Kind::Common => "common",
                Kind::Unique => "unique",
                _ => "starter",
            };
            json!({ "name": k.name, "text": k.describe(), "color": color })
        };
        let cards = |xs: &[CardId]| xs.iter().map(|&x| card(x)).collect::<Vec<_>>();
        let hidden = |k: usize| vec![json!({ "hidden": true }); k];
        let mut cells = Vec::new();
        for line in 0..3u8 {
            for area in 0..3u8 {
                let sq = area * 3 + line;
                let mut items = Vec::new();
                for p in 0..n {
                    let pl = &self.players[p];
                    if pl.square == sq {
                        let mut tags = Vec::new();
                        if pl.down {
                            tags.push("down");
                        }
                        if pl.immune {
                            tags.push("saved");
                        }
                        items.push(
                            json!({ "kind": "fighter", "player": p, "label": format!("P{p} {}", game.character(p).name),
                            "value": pl.life, "tags": tags }),
                        );
                    }
                }
                for (g, grp) in self.groups.iter().enumerate() {
                    if group_area(g) != area || group_line(g) != line {
                        continue;
                    }
                    for (i, e) in grp.iter().enumerate() {
                        let head = if i == 0 { vec!["head"] } else { vec![] };
                        let item = if e == BOSS {
                            let b = &c.bosses[usize::from(self.stage.min(3))];
                            json!({ "kind": "boss", "label": b.name, "value": b.life, "group": format!("Group {}", g + 1), "tags": head })
                        } else {
                            let en = c.enemy(e);
                            json!({ "kind": "enemy", "label": en.name, "value": en.life, "group": format!("Group {}", g + 1),
                                "text": format!("life {} guard {}", en.life, en.guard), "tags": head })
                        };
                        items.push(item);
                    }
                    if self.mass[g] > 0 {
                        items.push(json!({ "kind": "marker", "label": format!("mass damage {}", self.mass[g]), "group": format!("Group {}", g + 1) }));
                    }
                }
                cells.push(json!({ "row": line, "col": area, "label": square_name(sq), "items": items }));
            }
        }
        let leader = usize::from(self.leader());
        let players: Vec<serde_json::Value> = (0..n)
            .map(|p| {
                let pl = &self.players[p];
                let ch = game.character(p);
                let mut tags = Vec::new();
                if pl.down {
                    tags.push("DOWN".to_string());
                }
                if pl.immune {
                    tags.push("saved".into());
                }
                if p == leader {
                    tags.push("leader".into());
                }
                if pl.special_ready {
                    tags.push("special ready".into());
                }
                json!({
                    "id": p, "name": ch.name,
                    "stats": [
                        { "key": "life", "label": "Life", "value": pl.life, "max": ch.life },
                        { "key": "gp", "label": "GP", "value": pl.gp, "max": 5 },
                        { "key": "gold", "label": "Gold", "value": pl.gold },
                        { "key": "actions", "label": "Actions", "value": pl.actions, "max": ch.actions },
                        { "key": "moves", "label": "Free moves", "value": pl.moves },
                    ],
                    "tags": tags,
                })
            })
            .collect();
        let mut zones = Vec::new();
        for p in 0..n {
            let pl = &self.players[p];
            let own = sees(p);
            let zone = |id: &str, name: &str, cards: Vec<serde_json::Value>| json!({ "id": format!("p{p}.{id}"), "name": name, "owner": p, "cards": cards });
            zones.push(zone("hand", "Hand", if own { cards(pl.hand.as_slice()) } else { hidden(pl.hand.len()) }));
            zones.push(zone("played", "Played", cards(pl.played.as_slice())));
            zones.push(zone(
                "facedown",
                "Face down",
                if own { cards(pl.facedown.as_slice()) } else { hidden(pl.facedown.len()) },
            ));
            zones.push(zone("items", "Items", cards(pl.carried.as_slice())));
            let discard = if own { cards(pl.discard.as_slice()) } else { pl.discarded_in_view().map(card).collect() };
            zones
                .push(json!({ "id": format!("p{p}.discard"), "name": "Discard", "owner": p, "count": pl.discard.len(),
                "layout": "pile", "cards": discard }));
            let deck = if viewer.is_none() { cards(pl.deck.as_slice()) } else { vec![] };
            zones.push(json!({ "id": format!("p{p}.deck"), "name": "Deck", "owner": p, "count": pl.deck.len(),
                "layout": "pile", "cards": deck }));
        }
        let uniques: Vec<serde_json::Value> =
            self.unique_row.iter().map(|x| x.map_or_else(|| json!({ "empty": true }), card)).collect();
        zones.push(json!({ "id": "uniques", "name": "Unique cards", "cards": uniques }));
        let shop: Vec<serde_json::Value> = (0..c.cards.len())
            .filter(|&t| self.shop.0[t] > 0)
            .map(|t| {
                let k = &c.cards[t];
                json!({ "name": k.name, "text": format!("{} · cost {} · {} left", k.describe(), k.cost, self.shop.0[t]), "color": "common" })
            })
            .collect();
        zones.push(json!({ "id": "shop", "name": "Shop", "cards": shop }));
        if self.boss_present || self.stage < 4 {
            let b = &c.bosses[usize::from(self.stage.min(3))];
            // From the top; a skill whose place the viewer has not seen is marked (FF-12.3).
            let skills: Vec<serde_json::Value> = self
                .boss_order(viewer)
                .into_iter()
                .map(|(k, seen)| {
                    let text =
                        if seen { format!("{} skill", b.name) } else { format!("{} skill, place unseen", b.name) };
                    json!({ "name": b.skills[usize::from(k)].describe(), "text": text, "color": "boss" })
                })
                .collect();
            zones.push(json!({ "id": "boss", "name": format!("Boss {} skills", b.name), "cards": skills }));
        }
        let mut info = vec![
            json!({ "label": "Stage", "value": format!("{} of 4", (self.stage + 1).min(4)) }),
            json!({ "label": "Round", "value": match game.options.stage_rounds {
                Some(limit) => format!("{}/{limit}", self.round),
                None => self.round.to_string(),
            } }),
            json!({ "label": "Team gold", "value": format!("{} (earned {})", self.pool, self.earned) }),
            json!({ "label": "Enemy pile", "value": self.enemy_pile.len().to_string() }),
        ];
        if let Some(i) = self.current_stage_card {
            let sc = &c.stages[usize::from(i)];
            info.push(json!({ "label": "Stage card", "value": format!("{} ({})", sc.name, sc.gimmick.describe()) }));
        }
        let ch = self.chain;
        if ch.hits > 0 {
            let mut chain = format!("AP {}, {}", ch.ap, count(usize::from(ch.hits), "hit"));
            for (on, word) in [(ch.area, " area"), (ch.pierce, " pierce"), (ch.launch, " launch")] {
                if on {
                    chain.push_str(word);
                }
            }
            info.push(json!({ "label": "Chain", "value": chain }));
        }
        let status = match self.phase {
            Phase::Shop { player } => format!("P{player} shops"),
            Phase::Turn { player } => format!("P{player}'s turn"),
            Phase::Combination { player } => format!("P{player} may join P{}'s chain", self.chain_owner),
            Phase::Pay { player, left, .. } => format!("P{player} plays {left} more card(s) face down"),
            Phase::MassDamage { group } => format!("the team assigns group {}'s mass damage", group + 1),
            Phase::Over => "the game is over".into(),
        };
        let result = self.result.map(|won| {
            if won {
                format!("The team wins (score {})", self.score)
            } else {
                "The team loses".to_string()
            }
        });
        json!({
            "kind": "scene",
            "title": format!("Fatal Fight · stage {} · round {}", (self.stage + 1).min(4), self.round),
            "status": status,
            "to_move": self.current_player_index(),
            "result": result,
            "players": players,
            "board": {
                "type": "grid",
                "rows": LINE_NAMES, "cols": AREA_NAMES,
                "cells": cells,
            },
            "zones": zones,
            "info": info,
        })
    }
}
