//! The fight of the action phase: playing a card, its text effects, a chain striking a group,
//! damage to players, gold, and a team that is down. Clause ids refer to `docs/rules/fatal_fight.md`.

use crate::cards::{CardId, Pile};
use crate::core::{count, EffectKey, EventSink};
use crate::games::fatal_fight::content::{Cond, Special, Verb, When};
use crate::games::fatal_fight::game::FatalFight;
use crate::games::fatal_fight::state::*;

impl FatalFightState {
    /// FF-6.3, FF-8, FF-9: the card goes face up; attack cards join the chain.
    #[inline(always)]
    pub(super) fn play_card(&mut self, game: &FatalFight, p: usize, i: usize, ev: &mut impl EventSink<Event>) {
        let card = self.players[p].hand.remove(i);
        self.players[p].played.push(card);
        let c = game.content.card(card);
        if c.attack {
            let mut ap = c.ap;
            if game.character(p).special == Special::Brawler
                && self.players[p].special_ready
                && matches!(self.phase, Phase::Turn { .. })
            {
                ap += 1;
                self.players[p].special_ready = false;
            }
            let ch = &mut self.chain;
            ch.ap = ch.ap.saturating_add(ap);
            ch.hits += 1;
            ch.area |= c.area;
            ch.pierce |= c.pierce;
            ch.launch |= c.launch;
            let (total, hits) = (ch.ap, ch.hits);
            ev.emit(|| {
                event(
                    "play",
                    Some(p),
                    format!(
                        "plays {} ({}): chain AP {total}, {}",
                        c.name,
                        c.describe(),
                        count(usize::from(hits), "hit")
                    ),
                )
            });
        } else {
            ev.emit(|| event("play", Some(p), format!("plays {} ({})", c.name, c.describe())));
        }
        self.apply_effects(game, p, c.guard, c.draw, c.heal);
        self.apply_text(game, p, card, When::Play, None, ev);
    }

    /// FFX-17: the text effects of `card` that resolve at `when` and whose condition holds, for
    /// player `p`; `target` is the struck group of a hit.
    #[inline(always)]
    fn apply_text(
        &mut self,
        game: &FatalFight,
        p: usize,
        card: CardId,
        when: When,
        target: Option<usize>,
        ev: &mut impl EventSink<Event>,
    ) {
        let c = game.content.card(card);
        for (i, e) in c.text.iter().enumerate().filter(|(_, e)| e.when == when) {
            let sq = self.players[p].square;
            let holds = match e.cond {
                Cond::Always => true,
                Cond::Centre => square_area(sq) == 1,
                Cond::Side => square_area(sq) != 1,
                Cond::Line(l) => square_line(sq) == l,
                Cond::Cqb => target.is_some_and(|g| group_area(g) == square_area(sq)),
            };
            if !holds {
                continue;
            }
            let own_turn = self.phase == Phase::Turn { player: p as u8 };
            let pl = &mut self.players[p];
            let took = match e.verb {
                // FF-10.1 「手番中に」: moves belong to the own turn; a partner has none to spend.
                Verb::Move(n) if own_turn => {
                    pl.moves = pl.moves.saturating_add(n);
                    true
                }
                Verb::Move(_) => false,
                // FF-9.5: a partner's plays are counted like actions.
                Verb::Action(n) if own_turn => {
                    pl.actions = pl.actions.saturating_add(n);
                    true
                }
                Verb::Action(n) => {
                    pl.combo_left = pl.combo_left.saturating_add(n);
                    true
                }
                Verb::Draw(n) => {
                    self.apply_effects(game, p, 0, n, 0);
                    true
                }
                Verb::Guard(n) => {
                    self.apply_effects(game, p, n, 0, 0);
                    true
                }
                Verb::Heal(n) => {
                    self.apply_effects(game, p, 0, 0, n);
                    true
                }
                Verb::Throw => {
                    let g = target.expect("throw resolves on a hit");
                    match self.groups[g].get(0) {
                        Some(head) if head != BOSS && self.groups[g].len() > 1 => {
                            let head = self.groups[g].remove(0);
                            self.groups[g].push(head);
                            true
                        }
                        _ => false,
                    }
                }
            };
            if took {
                ev.took_effect(|| EffectKey::new(&c.id, i));
                ev.emit(|| event("text", Some(p), format!("{}: {}", c.name, e.text())));
            }
        }
    }

    /// FF-7.5, FF-7.6, FF-8.4, FF-8.5, FF-9.6, FF-11: damage of the chain against group `g`.
    pub(crate) fn strike(&mut self, game: &FatalFight, p: usize, g: usize, ev: &mut impl EventSink<Event>) {
        let ch = self.chain;
        self.chain = Chain::default();
        let cqb = group_area(g) == square_area(self.players[p].square);
        let pierce = ch.pierce || cqb; // FF-7.4, FF-0.2: decided at designation
        ev.emit(|| {
            let mut t = format!("attacks group {} with AP {}", g + 1, ch.ap);
            if ch.area {
                t.push_str(" area");
            }
            if pierce {
                t.push_str(if cqb { " pierce (CQB)" } else { " pierce" });
            }
            event("attack", Some(p), t)
        });
        if ch.hits >= 4 {
            let bonus = ch.hits - 3;
            self.gain_gold(bonus);
            ev.emit(|| event("combo_bonus", None, format!("{} hits: combo bonus {bonus} gold", ch.hits)));
        }
        let mut boss_down = false;
        let mut defeated: Pile<MAX_GROUP> = Pile::new();
        if ch.area {
            // Every enemy takes the full AP (FF-8.4).
            let mut k = 0;
            while k < self.groups[g].len() {
                let e = self.groups[g].get(k).expect("in range");
                if ch.ap >= self.effective_life(game, e, pierce) {
                    defeated.push(self.groups[g].remove(k));
                } else {
                    k += 1;
                }
            }
        } else {
            let mut ap = ch.ap;
            while let Some(e) = self.groups[g].get(0) {
                let life = self.effective_life(game, e, pierce);
                if ap < life {
                    break; // FF-7.6: nothing carries over
                }
                defeated.push(self.groups[g].remove(0));
                if !pierce {
                    break;
                }
                ap -= life; // FF-8.5: the excess passes on (FFX-2: as far as it reaches)
                if ap == 0 {
                    break;
                }
            }
        }
        for e in defeated.iter() {
            if e == BOSS {
                boss_down = true;
                self.boss_present = false;
                ev.emit(|| {
                    event("defeat", None, format!("{} is defeated", game.content.bosses[usize::from(self.stage)].name))
                });
                continue;
            }
            let en = game.content.enemy(e);
            ev.emit(|| event("defeat", None, format!("{} is defeated", en.name)));
            if en.carrier > 0 {
                self.gain_gold(en.carrier);
                ev.emit(|| event("gold", None, format!("the carrier drops {} gold", en.carrier)));
            }
            self.enemy_discard.push(e);
        }
        if boss_down {
            self.stage_clear(game, ev); // FF-11.3
        } else if ch.hits == 1 {
            // FF-0.1 「コンビネーションはそもそも属性とAPしか関係ない」: a card's hit text resolves
            // only when it struck alone; joined to others it gives its AP and attributes only.
            // The chain's card is the last the turn player played (a position built with an open
            // chain and nothing played has no card to read).
            if let Some(card) = self.players[p].played.as_slice().last().copied() {
                self.apply_text(game, p, card, When::Hit, Some(g), ev);
            }
        }
    }

    pub(super) fn effective_life(&self, game: &FatalFight, e: CardId, pierce: bool) -> u8 {
        if e == BOSS {
            return game.content.bosses[usize::from(self.stage)].life;
        }
        let en = game.content.enemy(e);
        if pierce {
            en.life
        } else {
            en.life + en.guard
        }
    }

    /// FF-11.2: gold earned goes to the team's pool. No cap: `MAX_GOLD_PER_ACTION` bounds what
    /// a run can earn below `u32::MAX` (FFX-9).
    pub(super) fn gain_gold(&mut self, n: u8) {
        self.pool += u32::from(n);
        self.earned += u32::from(n);
    }

    /// Damage to one player (FF-8.1: GP absorbs unless `pierce`); immune and downed players take
    /// none (FF-13.5).
    pub(crate) fn damage(&mut self, p: usize, amount: u8, pierce: bool) {
        let pl = &mut self.players[p];
        if !pl.active() || amount == 0 {
            return;
        }
        let mut d = amount;
        if !pierce {
            let absorbed = d.min(pl.gp);
            pl.gp -= absorbed;
            d -= absorbed;
        }
        pl.life = pl.life.saturating_sub(d as i8);
        if pl.life <= 0 {
            pl.down = true; // FF-13.1
        }
    }

    pub(super) fn all_down(&self, game: &FatalFight) -> bool {
        self.players[..game.n()].iter().all(|p| p.down)
    }

    pub(super) fn lose(&mut self, ev: &mut impl EventSink<Event>, why: &str) {
        self.phase = Phase::Over;
        self.result = Some(false);
        self.score = 0;
        ev.emit(|| event("game_over", None, format!("the team loses: {why}")));
    }
}
