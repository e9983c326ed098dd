//! The ability language at work: triggers firing, costs paid and effects resolved. Clause ids
//! refer to `docs/rules/ufs.md`.

use crate::cards::CardId;
use crate::core::{event, EffectKey, EventSink};
use crate::games::ufs::content::{Effect, Kind, Trigger};
use crate::games::ufs::game::Ufs;
use crate::games::ufs::state::{At, Event, UfsState};

impl UfsState {
    /// Fires every `trigger` ability of `card` (owned by `p`, at pool `slot` if in the pool)
    /// whose condition holds.
    #[inline(always)]
    pub(super) fn fire(
        &mut self,
        game: &Ufs,
        p: usize,
        card: CardId,
        slot: Option<usize>,
        trigger: Trigger,
        ev: &mut impl EventSink<Event>,
    ) {
        let c = game.content.card(card);
        for (j, a) in c.abilities.iter().enumerate() {
            if a.trigger == trigger && self.side_fits(p, a) && self.condition_holds(game, p, slot, a) {
                ev.emit(|| event("ability", Some(p), format!("{}: {}", c.name, a.text())));
                self.effects(game, p, card, j, ev);
                if self.over() {
                    return;
                }
            }
        }
    }

    /// Applies the effects of ability `j` of `card`, used by `p`. Each effect that changes the
    /// game is reported for the dead-text check.
    #[inline(always)]
    fn effects(&mut self, game: &Ufs, p: usize, card: CardId, j: usize, ev: &mut impl EventSink<Event>) {
        let o = 1 - p;
        let c = game.content.card(card);
        let before: usize = c.abilities[..j].iter().map(|a| a.effects.len()).sum();
        for (i, &e) in c.abilities[j].effects.iter().enumerate() {
            let took = match e {
                Effect::Speed(n) => self.attack.as_mut().is_some_and(|at| {
                    let old = at.speed;
                    at.speed = at.speed.saturating_add(n).clamp(0, 99);
                    at.speed != old
                }),
                Effect::Damage(n) => self.attack.as_mut().is_some_and(|at| {
                    let old = at.damage;
                    at.damage = at.damage.saturating_add(n).clamp(0, 99);
                    at.damage != old
                }),
                Effect::SetZone(z) => self.attack.as_mut().is_some_and(|at| std::mem::replace(&mut at.zone, z) != z),
                Effect::Draw(n) => {
                    let had = self.sides[p].hand().len();
                    self.draw(p, usize::from(n), ev);
                    self.sides[p].hand().len() > had
                }
                Effect::Heal(n) => {
                    let s = &mut self.sides[p];
                    let old = s.vitality;
                    s.vitality = s.vitality.saturating_add(n).min(game.max_vitality(p));
                    s.vitality > old
                }
                Effect::Momentum(n) => {
                    let s = &mut self.sides[p];
                    s.discard_mut().draw_to(At::Momentum, usize::from(n)) > 0
                }
                Effect::Breaker(n) => {
                    let s = &mut self.sides[o];
                    s.breaker = s.breaker.saturating_add(n);
                    true
                }
                Effect::Control(n) => {
                    let s = &mut self.sides[p];
                    s.control_bonus = s.control_bonus.saturating_add(n);
                    true
                }
                Effect::Ready(n) => {
                    let mut left = n;
                    for x in self.sides[p].staging_mut().into_slice() {
                        if left > 0 && x.committed() && game.content.card(x.card).kind == Kind::Foundation {
                            x.set_committed(false);
                            left -= 1;
                        }
                    }
                    left < n
                }
                Effect::Stun(n) => {
                    let mut left = n;
                    for x in self.sides[o].staging_mut().into_slice() {
                        if left > 0 && !x.committed() && game.content.card(x.card).kind == Kind::Foundation {
                            x.set_committed(true);
                            left -= 1;
                        }
                    }
                    left < n
                }
                Effect::Shatter => self.sides[o]
                    .staging_mut()
                    .into_slice()
                    .iter_mut()
                    .find(|x| !x.face_down() && game.content.card(x.card).kind == Kind::Foundation)
                    .map(|x| x.set_face_down(true))
                    .is_some(),
            };
            if took {
                ev.took_effect(|| EffectKey::new(&c.id, before + i));
            }
            if self.over() {
                return;
            }
        }
    }

    /// Uses ability `j` of source `k`: pays the cost, marks the card used, applies the effects.
    pub(super) fn use_ability(&mut self, game: &Ufs, p: usize, k: usize, j: usize, ev: &mut impl EventSink<Event>) {
        let (slot, _) = self.source_slot(game, p, k).expect("legal source");
        let ids = &game.ids;
        let a = &game.content.card(slot.card).abilities[j];
        let enhance = a.trigger == Trigger::Enhance;
        let s = &mut self.sides[p];
        let entry = if k < ids.char_source {
            &mut s.staging_mut().into_slice()[k]
        } else if k < ids.attack_source {
            &mut s.character_mut().into_slice()[k - ids.char_source]
        } else {
            &mut s.pool_mut().into_slice()[usize::from(self.attack.expect("attack source").slot)]
        };
        if enhance {
            entry.set_used_attack(true);
        } else {
            entry.set_used_turn(true);
        }
        if a.cost.commit {
            if k < ids.char_source {
                s.staging_mut().into_slice()[k].set_committed(true);
            } else {
                s.character_mut().into_slice()[0].set_committed(true);
            }
        }
        // UF-9.2: momentum is paid by discarding it.
        for _ in 0..a.cost.surge {
            s.momentum_mut().top_to(At::Discard);
        }
        if a.cost.destroy {
            s.staging_mut().move_to(k, At::Discard);
        }
        ev.emit(|| event("ability", Some(p), format!("{}: {}", game.content.card(slot.card).name, a.text())));
        self.effects(game, p, slot.card, j, ev);
    }
}
