//! Control checks (UF-8.3..UF-8.8): the top card turned over, commits for +1, and what a passed
//! or failed check does. Clause ids refer to `docs/rules/ufs.md`.

use crate::core::{event, EventSink};
use crate::games::ufs::content::{Kind, Trigger};
use crate::games::ufs::game::Ufs;
use crate::games::ufs::state::{At, Attack, Check, Event, Phase, Purpose, UfsState};

impl UfsState {
    /// UF-8.3..UF-8.8: the card at pool `slot` is checked: difficulty `difficulty` (printed +
    /// progressive, + speed and block modifier for a block), plus a pending Breaker. The top
    /// card of the deck is turned over and discarded; its control number (+ a control bonus)
    /// must reach the difficulty; if it does not, the player may commit cards for +1 each.
    pub(super) fn start_check(
        &mut self,
        game: &Ufs,
        p: usize,
        slot: usize,
        purpose: Purpose,
        difficulty: i16,
        ev: &mut impl EventSink<Event>,
    ) {
        let s = &mut self.sides[p];
        let need = difficulty.saturating_add(i16::from(s.breaker)).max(0) as u16;
        s.breaker = 0;
        let bonus = s.control_bonus;
        s.control_bonus = 0;
        let flipped = s.deck_mut().top_to(At::Discard).expect("a deck is refilled the moment it runs out");
        let have = u16::from(game.content.card(flipped).control) + u16::from(bonus);
        ev.emit(|| {
            event(
                "check",
                Some(p),
                format!(
                    "checks {} (difficulty {need}): turns over {} (control {}{})",
                    game.content.card(self.sides[p].pool().as_slice()[slot].card).name,
                    game.content.card(flipped).name,
                    game.content.card(flipped).control,
                    if bonus > 0 { format!(" +{bonus}") } else { String::new() }
                ),
            )
        });
        self.relief(p, ev);
        if self.over() {
            return;
        }
        if have >= need {
            self.check_passed(game, p, slot, purpose, ev);
        } else if usize::from(have) + self.commit_sources(game, p) >= usize::from(need) {
            // UFX-4: commits are offered only when they can still make the check pass.
            self.check = Some(Check { player: p as u8, slot: slot as u16, purpose, need, have, flipped });
            self.phase = Phase::Check;
        } else {
            self.check_failed(game, p, slot, purpose, ev);
        }
    }

    #[inline(always)]
    pub(super) fn check_passed(
        &mut self,
        game: &Ufs,
        p: usize,
        slot: usize,
        purpose: Purpose,
        ev: &mut impl EventSink<Event>,
    ) {
        self.check = None;
        let card = self.sides[p].pool().as_slice()[slot].card;
        ev.emit(|| event("pass", Some(p), format!("controls {}", game.content.card(card).name)));
        match purpose {
            Purpose::Form => {
                let c = game.content.card(card);
                if c.kind == Kind::Attack {
                    // UF-6.2: the attack begins.
                    let icon = c.attack.expect("attacks have an attack icon");
                    self.attack = Some(Attack {
                        slot: slot as u16,
                        speed: icon.speed as i8,
                        damage: icon.damage as i8,
                        zone: icon.zone,
                        block: None,
                    });
                    self.fire(game, p, card, Some(slot), Trigger::Play, ev);
                    if self.over() {
                        return;
                    }
                    let a = usize::from(self.active);
                    self.give_priority(game, a, 0, ev);
                } else {
                    self.phase = Phase::Combat;
                    self.fire(game, p, card, Some(slot), Trigger::Play, ev);
                }
            }
            Purpose::Enhance => {
                self.fire(game, p, card, Some(slot), Trigger::Enhance, ev);
                if !self.over() {
                    self.give_priority(game, 1 - p, 0, ev);
                }
            }
            Purpose::Block => {
                if let Some(a) = self.attack.as_mut() {
                    a.block = Some(slot as u16);
                }
                self.fire(game, p, card, Some(slot), Trigger::Block, ev);
                if !self.over() {
                    self.damage_step(game, ev);
                }
            }
        }
    }

    pub(super) fn check_failed(
        &mut self,
        game: &Ufs,
        p: usize,
        slot: usize,
        purpose: Purpose,
        ev: &mut impl EventSink<Event>,
    ) {
        self.check = None;
        // UF-8.9: the failed card is discarded at once.
        let card = self.sides[p].pool_mut().move_to(slot, At::Discard);
        ev.emit(|| {
            event("fail", Some(p), format!("fails to control {}; it is discarded", game.content.card(card).name))
        });
        match purpose {
            // UF-8.10, UF-6.2: a failed form ends the attack (if any) and the combat phase.
            Purpose::Form => self.end_phase(game, ev),
            Purpose::Enhance => self.give_priority(game, 1 - p, 0, ev),
            // UF-6.8, UF-6.12: a failed block is no block.
            Purpose::Block => self.damage_step(game, ev),
        }
    }
}
