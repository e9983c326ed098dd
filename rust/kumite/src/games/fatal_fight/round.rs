//! The round around the players' turns: enemies entering, the round's start, the enemy phase and
//! its mass damage, the round's end and a stage cleared. Clause ids refer to `docs/rules/fatal_fight.md`.

use crate::cards::{CardId, Pile};
use crate::core::{EffectKey, EventSink};
use crate::games::fatal_fight::content::{BossSkill, EnemySkill, Gimmick, Special, RESPAWNS};
use crate::games::fatal_fight::game::FatalFight;
use crate::games::fatal_fight::rules::draw;
use crate::games::fatal_fight::state::*;

impl FatalFightState {
    /// The next enemy card (FF-5.7). The seed returns the enemy discard to the pile only at the
    /// next stage's setup (FF-15.3, 「エネミーの捨て札を山へ戻し」), so a pile that runs out gives
    /// no more (FFX-13); the variant `enemy_reshuffle` shuffles the discard in instead.
    fn draw_enemy(&mut self, game: &FatalFight) -> Option<CardId> {
        if self.enemy_pile.is_empty() && game.options.enemy_reshuffle {
            self.enemy_discard.move_all_to(&mut self.enemy_pile);
            self.enemy_pile.shuffle(&mut self.rng);
        }
        self.enemy_pile.pop()
    }

    #[inline(always)]
    fn add_enemies(&mut self, game: &FatalFight, g: usize, n: usize) {
        for _ in 0..n {
            if self.groups[g].is_full() {
                break;
            }
            match self.draw_enemy(game) {
                Some(e) => self.groups[g].push(e),
                None => break,
            }
        }
    }

    /// FF-5: player set, stage set, enemies, boss, gimmick; then the first turn.
    pub(crate) fn start_round(&mut self, game: &FatalFight, ev: &mut impl EventSink<Event>) {
        // Without the timer a stage may last any number of rounds; the count stops at 255.
        self.round = self.round.saturating_add(1);
        if game.options.stage_rounds.is_some_and(|limit| self.round > u16::from(limit)) {
            self.lose(ev, "time over (FFX-11, the stage-timer variant)");
            return;
        }
        let round = self.round;
        let stage = self.stage + 1;
        ev.emit(|| event("round", None, format!("stage {stage}, round {round}")));
        self.chain = Chain::default();
        for p in 0..game.n() {
            let c = game.character(p);
            let pl = &mut self.players[p];
            pl.immune = false; // FF-13.4: back from the next round
            pl.gp = 0;
            pl.combo_left = c.actions;
            if pl.down {
                continue;
            }
            let mut hand = usize::from(c.max_hand);
            for item in pl.carried.iter() {
                let ic = game.content.card(item);
                if ic.always {
                    hand += usize::from(ic.draw); // FF-4.8
                    pl.gp = pl.gp.saturating_add(ic.guard);
                }
            }
            if c.special == Special::Guardian {
                pl.gp = pl.gp.saturating_add(1);
            }
            let missing = hand.saturating_sub(pl.hand.len());
            draw(pl, missing, &mut self.rng); // FF-5.3
        }
        // FF-5.5, FF-5.6: four normal stage cards, then the boss stage card (FFX-1: it stays).
        if self.stage_used.len() < 4 && !self.stage_pile.is_empty() {
            let c = self.stage_pile.pop().expect("not empty");
            self.stage_used.push(c);
            self.current_stage_card = Some(c.0);
        } else {
            let st = self.stage + 1;
            let i = game.content.stages.iter().position(|c| c.stage == st && c.boss).expect("validated");
            self.current_stage_card = Some(i as u16);
        }
        let card = self.stage_card(game).expect("just set");
        ev.emit(|| event("stage_card", None, format!("stage card {} ({})", card.name, card.gimmick.describe())));
        let respawns = game.respawns[usize::from(self.current_stage_card.expect("just set"))];
        for (r, &n) in respawns.iter().enumerate() {
            self.add_enemies(game, r, n); // FF-5.7, FF-5.8
        }
        if card.boss && !self.boss_placed {
            // FF-5.9: the boss at the tail of the right-area middle-line group.
            self.groups[4].push(BOSS);
            self.boss_present = true;
            self.boss_placed = true;
            let name = &game.content.bosses[usize::from(self.stage)].name;
            ev.emit(|| event("boss", None, format!("{name} appears")));
        }
        match card.gimmick {
            Gimmick::Hazard(k) => {
                for p in 0..game.n() {
                    if !self.players[p].active() {
                        continue;
                    }
                    let before = self.players[p].life;
                    self.damage(p, k, true);
                    let pl = &self.players[p];
                    let down = if pl.down { ", down" } else { "" };
                    ev.emit(|| {
                        event(
                            "hazard",
                            Some(p),
                            format!("takes {k} hazard damage: life {before} to {}{down}", pl.life.max(0)),
                        )
                    });
                }
                if self.all_down(game) {
                    self.lose(ev, "every player is down");
                    return;
                }
            }
            Gimmick::Supply(k) => self.gain_gold(k),
            Gimmick::Cheer(k) => {
                for p in 0..game.n() {
                    if !self.players[p].down {
                        self.players[p].gp = self.players[p].gp.saturating_add(k);
                    }
                }
            }
            _ => {}
        }
        self.next_turn(game, None, ev);
    }

    /// The next player in character order who can act (FF-6.1, FF-13.2), or the enemy phase.
    pub(super) fn next_turn(&mut self, game: &FatalFight, after: Option<u8>, ev: &mut impl EventSink<Event>) {
        self.chain = Chain::default();
        let start = after.map_or(0, |a| self.order_pos(game, a) + 1);
        for k in start..game.n() {
            let p = self.order[k];
            let pi = usize::from(p);
            if self.players[pi].active() {
                let c = game.character(pi);
                let pl = &mut self.players[pi];
                pl.actions = c.actions;
                pl.moves = if c.special == Special::Sprinter { 2 } else { 1 };
                pl.special_ready = true;
                self.chain_owner = p;
                self.phase = Phase::Turn { player: p };
                return;
            }
        }
        self.enemy_phase(game, ev);
    }

    /// FF-12: boss skill, each group's skill, cross and combat damage, then mass damage.
    pub(crate) fn enemy_phase(&mut self, game: &FatalFight, ev: &mut impl EventSink<Event>) {
        let n = game.n();
        if self.boss_present {
            let boss = &game.content.bosses[usize::from(self.stage)];
            let top = self.boss_pile.pop().expect("boss pile holds 3 skills");
            let skill = boss.skills[usize::from(top.0)];
            ev.emit(|| event("boss_skill", None, format!("{}: {}", boss.name, skill.describe())));
            let boss_group = (0..RESPAWNS).find(|&g| self.groups[g].contains(BOSS)).unwrap_or(4);
            let took = match skill {
                BossSkill::DamageAll(k) => {
                    (0..n).for_each(|p| self.damage(p, k, false));
                    true
                }
                BossSkill::PierceAll(k) => {
                    (0..n).for_each(|p| self.damage(p, k, true));
                    true
                }
                BossSkill::DamageLine(k) => {
                    let mut hit = false;
                    for p in 0..n {
                        if square_line(self.players[p].square) == group_line(boss_group) {
                            self.damage(p, k, false);
                            hit = true;
                        }
                    }
                    hit
                }
                BossSkill::Summon(k) => {
                    let before = self.groups[boss_group].len();
                    self.add_enemies(game, boss_group, usize::from(k));
                    self.groups[boss_group].len() > before
                }
                BossSkill::StripGuard => {
                    let had = (0..n).any(|p| self.players[p].gp > 0);
                    (0..n).for_each(|p| self.players[p].gp = 0);
                    had
                }
            };
            if took {
                ev.took_effect(|| EffectKey::new(format!("boss {}", boss.id), usize::from(top.0)));
            }
            // FF-12.3: the used skill goes to the bottom.
            let mut rest: Pile<6> = Pile::new();
            rest.push(top);
            self.boss_pile.move_all_to(&mut rest);
            self.boss_pile = rest;
            self.boss_known = (self.boss_known + 1).min(self.boss_pile.len() as u8);
            if self.all_down(game) {
                return self.lose(ev, "every player is down");
            }
        }
        let rush = match self.gimmick(game) {
            Gimmick::Rush(k) => k,
            _ => 0,
        };
        // FFX-15: an enemy that crossed into an empty group acts only once per enemy phase.
        let mut fresh = [false; RESPAWNS];
        for g in 0..RESPAWNS {
            let Some(head) = self.groups[g].get(0) else { continue };
            let line = group_line(g);
            if head != BOSS && !fresh[g] {
                let en = game.content.enemy(head);
                let took = match en.skill {
                    EnemySkill::None => false,
                    EnemySkill::Strike(k) | EnemySkill::Pierce(k) => {
                        let pierce = matches!(en.skill, EnemySkill::Pierce(_));
                        let mut hit = false;
                        for p in 0..n {
                            if square_line(self.players[p].square) == line {
                                self.damage(p, k, pierce);
                                hit = true;
                            }
                        }
                        hit
                    }
                    EnemySkill::Rally => {
                        let before = self.groups[g].len();
                        self.add_enemies(game, g, 1);
                        self.groups[g].len() > before
                    }
                };
                if took {
                    ev.took_effect(|| EffectKey::new(format!("enemy {}", en.id), 0));
                }
                if en.cross {
                    // FF-12.6: to the tail of the opposite area's group on the same line.
                    let e = self.groups[g].remove(0);
                    let to = (g + 3) % 6;
                    if !self.groups[to].is_full() {
                        fresh[to] = self.groups[to].is_empty();
                        self.groups[to].push(e);
                    } else {
                        self.groups[g].push(e);
                    }
                    ev.emit(|| event("cross", None, format!("{} crosses to group {}", en.name, to + 1)));
                }
            }
            // FF-12.7: the group's number of members, the boss counting as one (FFX-4).
            let size = self.groups[g].len();
            let dmg = (size + usize::from(rush)).min(255) as u8;
            if size > 0 {
                ev.emit(|| {
                    event(
                        "combat",
                        None,
                        format!("group {} deals {dmg} to the {} line", g + 1, LINE_NAMES[usize::from(line)]),
                    )
                });
                for p in 0..n {
                    if square_line(self.players[p].square) == line {
                        self.damage(p, dmg, false); // FF-12.7
                    }
                }
            }
            if self.all_down(game) {
                return self.lose(ev, "every player is down");
            }
        }
        // FF-12.8: shed down to 4 non-boss enemies, from the head.
        for g in 0..RESPAWNS {
            let mut shed = 0u8;
            while self.groups[g].iter().filter(|&e| e != BOSS).count() > 4 {
                let k = self.groups[g].iter().position(|e| e != BOSS).expect("non-boss present");
                let e = self.groups[g].remove(k);
                self.enemy_discard.push(e);
                shed += 1;
            }
            self.mass[g] = shed;
        }
        self.after_mass(game, ev);
    }

    /// Asks the team for the next pending mass damage (FF-12.9), then ends the round.
    pub(super) fn after_mass(&mut self, game: &FatalFight, ev: &mut impl EventSink<Event>) {
        if self.all_down(game) {
            return self.lose(ev, "every player is down");
        }
        while let Some(g) = self.mass.iter().position(|&m| m > 0) {
            let (first, second) = {
                let mut eligible = (0..game.n()).filter(|&p| self.players[p].active());
                (eligible.next(), eligible.next())
            };
            match (first, second) {
                (None, _) => self.mass[g] = 0,
                (Some(p), None) => {
                    let amount = self.mass[g];
                    self.mass[g] = 0;
                    ev.emit(|| event("mass_damage", Some(p), format!("takes {amount} mass damage")));
                    self.damage(p, amount, false);
                    if self.all_down(game) {
                        return self.lose(ev, "every player is down");
                    }
                }
                _ => {
                    self.phase = Phase::MassDamage { group: g as u8 };
                    return;
                }
            }
        }
        self.end_round(game, ev);
    }

    /// FF-14: carriers escape, played cards are discarded or exiled, GP ends.
    fn end_round(&mut self, game: &FatalFight, ev: &mut impl EventSink<Event>) {
        for g in 0..RESPAWNS {
            let mut k = 0;
            while k < self.groups[g].len() {
                let e = self.groups[g].get(k).expect("in range");
                if e != BOSS && game.content.enemy(e).carrier > 0 {
                    self.escaped.push(self.groups[g].remove(k));
                    ev.emit(|| event("escape", None, format!("{} escapes", game.content.enemy(e).name)));
                } else {
                    k += 1;
                }
            }
        }
        for p in 0..game.n() {
            self.discard_played(game, p);
            self.players[p].gp = 0;
        }
        self.start_round(game, ev);
    }

    #[inline(always)]
    fn discard_played(&mut self, game: &FatalFight, p: usize) {
        let pl = &mut self.players[p];
        for c in pl.played.iter() {
            if game.content.card(c).exile {
                self.removed.0[usize::from(c.0)] += 1;
            } else {
                pl.discard_seen |= 1 << pl.discard.len(); // FF-14.3: discarded in view
                pl.discard.push(c);
            }
        }
        pl.played.clear();
        pl.facedown.move_all_to(&mut pl.discard);
    }

    /// FF-15: gold split, next stage prepared, life restored, hands discarded, decks reshuffled.
    pub(crate) fn stage_clear(&mut self, game: &FatalFight, ev: &mut impl EventSink<Event>) {
        let n = game.n();
        let stage = self.stage + 1;
        ev.emit(|| event("stage_clear", None, format!("stage {stage} cleared")));
        for g in 0..RESPAWNS {
            let group = std::mem::take(&mut self.groups[g]);
            for e in group.iter().filter(|&e| e != BOSS) {
                self.enemy_discard.push(e); // FFX-12
            }
        }
        self.boss_present = false;
        self.chain = Chain::default();
        self.mass = [0; RESPAWNS];
        self.stage += 1;
        if usize::from(self.stage) == crate::games::fatal_fight::content::STAGES {
            // FF-15.6, FF-5.2: the gold left is the score (FFX-9: the last pool is not split).
            let total: u32 = self.players[..n].iter().map(|p| p.gold).sum::<u32>() + self.pool;
            self.score = total;
            self.result = Some(true);
            self.phase = Phase::Over;
            ev.emit(|| event("game_over", None, format!("the team wins with {total} gold")));
            for p in 0..n {
                self.discard_played(game, p);
            }
            return;
        }
        // FF-15.1, FF-15.2 (FFX-22): each player gets max(1, pool / n) and the remainder
        // pool % n carries over. With less gold than players every player still gets 1 (the
        // rule creates that gold) and the whole pool, the remainder, carries over.
        let share = (self.pool / n as u32).max(1);
        let rest = self.pool % n as u32;
        for p in 0..n {
            self.players[p].gold += share;
        }
        self.pool = rest;
        ev.emit(|| event("gold_split", None, format!("each player receives {share} gold, {rest} carries over")));
        for p in 0..n {
            self.discard_played(game, p);
            let c = game.character(p);
            let pl = &mut self.players[p];
            pl.life = c.life as i8;
            pl.down = false;
            pl.immune = false;
            pl.gp = 0;
            pl.hand.move_all_to(&mut pl.discard);
            pl.discard.move_all_to(&mut pl.deck);
            pl.discard_seen = 0;
            pl.deck.shuffle(&mut self.rng);
        }
        self.prepare_stage(game);
        self.phase = Phase::Shop { player: self.order[0] };
    }
}
