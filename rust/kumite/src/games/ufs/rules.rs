//! Every UFS rule: setup, the turn's phases, the attack sequence, control checks, momentum,
//! library-out relief, and the ability language's triggers, costs, conditions and effects.
//! Clause ids (UF-…, UFX-…) refer to `docs/rules/ufs.md`.

use crate::cards::{CardId, Pile};
use crate::core::{count, event, Action, ActionList, EffectKey, EventSink, Rng};
use crate::games::ufs::actions::{UfsAction, ATTACK_SOURCE, CHAR_SOURCE};
use crate::games::ufs::content::{Ability, Effect, Kind, Trigger};
use crate::games::ufs::state::{Attack, Check, Event, Phase, Purpose, Row, Side, Slot, UfsState, MAX_STAGING};
use crate::games::ufs::{SymbolMatch, Ufs};

/// A card leaving the deck: how many cards relief removes (UF-3.4).
const RELIEF_REMOVED: usize = 10;

impl UfsState {
    pub fn new(game: &Ufs, seed: u64) -> UfsState {
        let mut rng = Rng::new(seed);
        // UF-4.3: the first player is decided (option, or a seeded coin flip).
        let first = match game.options.first_player {
            Some(p) => p,
            None => rng.below(2) as u8,
        };
        let side = |p: usize, rng: &mut Rng| {
            // UF-4.1, UF-4.2: the chosen character is placed, the rest shuffled into the deck.
            let mut deck: Pile<{ crate::games::ufs::content::MAX_DECK }> = game.decks[p].iter().copied().collect();
            deck.shuffle(rng);
            let mut character = Row::default();
            character.push(Slot::new(game.characters[p]));
            Side {
                vitality: game.max_vitality(p),
                deck,
                hand: Pile::new(),
                discard: Pile::new(),
                removed: Pile::new(),
                mulliganed: Pile::new(),
                momentum: Pile::new(),
                character,
                staging: Row::default(),
                pool: Row::default(),
                control_bonus: 0,
                breaker: 0,
                mulligan_done: false,
            }
        };
        let sides = [side(0, &mut rng), side(1, &mut rng)];
        let mut s = UfsState {
            phase: Phase::Mulligan { player: first },
            active: first,
            first,
            turn: 1,
            sides,
            attack: None,
            check: None,
            result: None,
            rng,
        };
        // UF-4.3: the first player commits its character (UF-2.8).
        s.sides[usize::from(first)].character.as_mut_slice()[0].set_committed(true);
        // UF-4.4: both draw up to hand size.
        for p in [usize::from(first), 1 - usize::from(first)] {
            s.draw_up(game, p, &mut crate::core::NoEvents);
        }
        s
    }

    pub(crate) fn current_player_index(&self) -> Option<usize> {
        let a = usize::from(self.active);
        match self.phase {
            Phase::Over => None,
            Phase::Mulligan { player } => Some(usize::from(player)),
            Phase::Review | Phase::Combat | Phase::Momentum => Some(a),
            Phase::Enhance { priority, .. } => Some(usize::from(priority)),
            Phase::Block => Some(1 - a),
            Phase::Check => self.check.map(|c| usize::from(c.player)),
        }
    }

    // ------------------------------------------------------------------ queries

    /// The resource symbols `p` can match against (UF-7.4): the character with its attached
    /// copies (UF-11.3), and each card in its pool.
    fn character_symbols(&self, game: &Ufs, p: usize) -> u16 {
        self.sides[p].character.cards().fold(0, |m, c| m | game.symbols(p, c))
    }

    pub(crate) fn symbols_match(&self, game: &Ufs, p: usize, card: CardId) -> bool {
        let mine = game.symbols(p, card);
        let ch = self.character_symbols(game, p);
        let pool = &self.sides[p].pool;
        match game.options.symbol_match {
            SymbolMatch::Any => mine & (ch | pool.cards().fold(0, |m, c| m | game.symbols(p, c))) != 0,
            SymbolMatch::Every => mine & ch != 0 && pool.cards().all(|c| mine & game.symbols(p, c) != 0),
        }
    }

    /// Desperation: vitality below half the maximum.
    pub(crate) fn desperate(&self, game: &Ufs, p: usize) -> bool {
        2 * u16::from(self.sides[p].vitality) < u16::from(game.max_vitality(p))
    }

    /// Combo: the cards right before pool slot `slot` carry the listed traits (or attack zones),
    /// in order, the last one adjacent.
    fn combo_holds(&self, game: &Ufs, p: usize, slot: Option<usize>, combo: &[String]) -> bool {
        if combo.is_empty() {
            return true;
        }
        let Some(slot) = slot else { return false };
        if slot < combo.len() {
            return false;
        }
        let pool = self.sides[p].pool.as_slice();
        combo.iter().enumerate().all(|(m, t)| game.content.card(pool[slot - combo.len() + m].card).has_trait(t))
    }

    fn condition_holds(&self, game: &Ufs, p: usize, slot: Option<usize>, a: &Ability) -> bool {
        (!a.condition.desperation || self.desperate(game, p)) && self.combo_holds(game, p, slot, &a.condition.combo)
    }

    /// Ready foundations and the ready character: what a check can still gain (UF-8.7).
    fn commit_sources(&self, game: &Ufs, p: usize) -> u8 {
        let s = &self.sides[p];
        let f = s
            .staging
            .as_slice()
            .iter()
            .filter(|x| !x.committed() && game.content.card(x.card).kind == Kind::Foundation)
            .count();
        (f + usize::from(!s.character_committed())) as u8
    }

    /// The slot of a source, if it exists for `p` now.
    fn source_slot(&self, p: usize, k: usize) -> Option<(Slot, Option<usize>)> {
        let s = &self.sides[p];
        if k < MAX_STAGING {
            s.staging.as_slice().get(k).map(|x| (*x, None))
        } else if k < ATTACK_SOURCE {
            s.character.as_slice().get(k - CHAR_SOURCE).map(|x| (*x, None))
        } else {
            let a = self.attack?;
            if p != usize::from(self.active) {
                return None;
            }
            let slot = usize::from(a.slot);
            s.pool.as_slice().get(slot).map(|x| (*x, Some(slot)))
        }
    }

    /// Whether `p` may use ability `j` of source `k` now (trigger, once per turn / attack,
    /// face-up, condition, cost payable).
    fn can_use(&self, game: &Ufs, p: usize, k: usize, j: usize, trigger: Trigger) -> bool {
        let Some((slot, pool_slot)) = self.source_slot(p, k) else { return false };
        let card = game.content.card(slot.card);
        let Some(a) = card.abilities.get(j) else { return false };
        if a.trigger != trigger || slot.face_down() {
            return false;
        }
        let used = if trigger == Trigger::Enhance { slot.used_attack() } else { slot.used_turn() };
        if used {
            return false;
        }
        let s = &self.sides[p];
        let committed =
            if (CHAR_SOURCE..ATTACK_SOURCE).contains(&k) { s.character_committed() } else { slot.committed() };
        if a.cost.commit && (committed || k == ATTACK_SOURCE) {
            return false;
        }
        if a.cost.destroy && k >= MAX_STAGING {
            return false;
        }
        if s.momentum.len() < usize::from(a.cost.surge) {
            return false;
        }
        self.side_fits(p, a) && self.condition_holds(game, p, pool_slot, a)
    }

    /// An ability that changes an attack works only on the one it names: its user's own attack
    /// or the attack against its user (UFX-10).
    fn side_fits(&self, p: usize, a: &Ability) -> bool {
        a.attack.is_none_or(|w| w.fits(p == usize::from(self.active)))
    }

    fn can_play_form(&self, game: &Ufs, p: usize, card: CardId) -> bool {
        let c = game.content.card(card);
        let ok = match c.kind {
            Kind::Foundation | Kind::Asset | Kind::Attack => true,
            // UF-11.3: only copies of the same person.
            Kind::Character => c.person == game.content.card(game.characters[p]).person,
            Kind::Action => c.abilities.iter().any(|a| a.trigger == Trigger::Play),
        };
        ok && !self.sides[p].pool.is_full() && self.symbols_match(game, p, card)
    }

    fn can_play_enhance(&self, game: &Ufs, p: usize, card: CardId) -> bool {
        let c = game.content.card(card);
        c.kind == Kind::Action
            && c.abilities.iter().any(|a| a.trigger == Trigger::Enhance && self.side_fits(p, a))
            && !self.sides[p].pool.is_full()
            && self.symbols_match(game, p, card)
    }

    fn can_block(&self, game: &Ufs, p: usize, card: CardId) -> bool {
        let Some(a) = self.attack else { return false };
        match game.content.card(card).block {
            // UF-10.8, UF-10.9: same or adjacent zone; UF-10.4: symbols too.
            Some(b) => {
                b.zone.distance(a.zone) <= 1 && !self.sides[p].pool.is_full() && self.symbols_match(game, p, card)
            }
            None => false,
        }
    }

    /// Hand indices whose card is the first of its kind in the hand: playing either copy is the
    /// same move, so only one is offered (and action texts stay unique).
    fn distinct_hand(&self, p: usize) -> impl Iterator<Item = (usize, CardId)> + '_ {
        let hand = self.sides[p].hand.as_slice();
        hand.iter().enumerate().filter(move |(i, c)| !hand[..*i].contains(c)).map(|(i, c)| (i, *c))
    }

    fn has_enhance_option(&self, game: &Ufs, p: usize) -> bool {
        let mut out = ActionList::new();
        self.enhance_actions(game, p, &mut out);
        out.len() > 1
    }

    fn enhance_actions(&self, game: &Ufs, p: usize, out: &mut ActionList) {
        for (i, c) in self.distinct_hand(p) {
            if self.can_play_enhance(game, p, c) {
                out.push(UfsAction::Play(i as u8).encode());
            }
        }
        self.use_actions(game, p, Trigger::Enhance, out);
        out.push(UfsAction::Pass.encode());
    }

    fn use_actions(&self, game: &Ufs, p: usize, trigger: Trigger, out: &mut ActionList) {
        let s = &self.sides[p];
        let staging = s.staging.as_slice();
        let enhance = trigger == Trigger::Enhance;
        for k in 0..staging.len() {
            let x = staging[k];
            let card = game.content.card(x.card);
            // Cheap filters first: most cards in play have nothing to use now.
            if x.face_down()
                || card.triggers & trigger.bit() == 0
                || (if enhance { x.used_attack() } else { x.used_turn() })
            {
                continue;
            }
            if staging[..k].contains(&x) {
                continue;
            }
            for j in 0..card.abilities.len() {
                if self.can_use(game, p, k, j, trigger) {
                    out.push(UfsAction::Use(k as u8, j as u8).encode());
                }
            }
        }
        for k in 0..s.character.len() {
            for j in 0..game.content.card(s.character.as_slice()[k].card).abilities.len() {
                if self.can_use(game, p, CHAR_SOURCE + k, j, trigger) {
                    out.push(UfsAction::Use((CHAR_SOURCE + k) as u8, j as u8).encode());
                }
            }
        }
        if trigger == Trigger::Enhance {
            if let Some((slot, _)) = self.source_slot(p, ATTACK_SOURCE) {
                for j in 0..game.content.card(slot.card).abilities.len() {
                    if self.can_use(game, p, ATTACK_SOURCE, j, trigger) {
                        out.push(UfsAction::Use(ATTACK_SOURCE as u8, j as u8).encode());
                    }
                }
            }
        }
    }

    fn block_actions(&self, game: &Ufs, p: usize, out: &mut ActionList) {
        for (i, c) in self.distinct_hand(p) {
            if self.can_block(game, p, c) {
                out.push(UfsAction::Block(i as u8).encode());
            }
        }
    }

    pub(crate) fn legal(&self, game: &Ufs, out: &mut ActionList) {
        out.clear();
        let Some(p) = self.current_player_index() else { return };
        match self.phase {
            Phase::Over => {}
            Phase::Mulligan { .. } => {
                out.push(UfsAction::Mulligan(false).encode());
                out.push(UfsAction::Mulligan(true).encode());
            }
            Phase::Review => {
                for (i, _) in self.distinct_hand(p) {
                    out.push(UfsAction::Discard(i as u8).encode());
                }
                out.push(UfsAction::Pass.encode());
            }
            Phase::Combat => {
                for (i, c) in self.distinct_hand(p) {
                    if self.can_play_form(game, p, c) {
                        out.push(UfsAction::Play(i as u8).encode());
                    }
                }
                self.use_actions(game, p, Trigger::Form, out);
                out.push(UfsAction::Pass.encode());
            }
            Phase::Enhance { .. } => self.enhance_actions(game, p, out),
            Phase::Block => {
                self.block_actions(game, p, out);
                out.push(UfsAction::Pass.encode());
            }
            Phase::Check => {
                let s = &self.sides[p];
                let staging = s.staging.as_slice();
                for k in 0..staging.len() {
                    let x = staging[k];
                    if !x.committed()
                        && game.content.card(x.card).kind == Kind::Foundation
                        && !staging[..k].contains(&x)
                    {
                        out.push(UfsAction::Commit(k as u8).encode());
                    }
                }
                if !s.character_committed() {
                    out.push(UfsAction::Commit(MAX_STAGING as u8).encode());
                }
                out.push(UfsAction::Pass.encode());
            }
            Phase::Momentum => {
                out.push(UfsAction::Momentum(false).encode());
                out.push(UfsAction::Momentum(true).encode());
            }
        }
    }

    // ------------------------------------------------------------------ primitives

    fn over(&self) -> bool {
        self.phase == Phase::Over
    }

    fn finish(&mut self, winner: Option<usize>, why: &'static str, ev: &mut impl EventSink<Event>) {
        self.result = Some(match winner {
            Some(0) => [1, -1],
            Some(_) => [-1, 1],
            None => [0, 0],
        });
        self.phase = Phase::Over;
        self.check = None;
        self.attack = None;
        ev.emit(|| match winner {
            Some(w) => event("game_over", Some(w), format!("wins ({why})")),
            None => event("game_over", None, format!("the game is a draw ({why})")),
        });
    }

    /// UF-3.4 / UF-1.3: the moment `p`'s deck runs out, its discard pile (shuffled, UFX-3)
    /// becomes the deck and its top 10 cards are removed from the game; a player who cannot
    /// remove 10 loses. A deck emptied by the removal runs out again at once.
    fn relief(&mut self, p: usize, ev: &mut impl EventSink<Event>) {
        while !self.over() && self.sides[p].deck.is_empty() {
            let s = &mut self.sides[p];
            if s.discard.len() < RELIEF_REMOVED {
                self.finish(Some(1 - p), "the opponent's deck ran out and could not be refilled", ev);
                return;
            }
            s.discard.move_all_to(&mut s.deck);
            s.deck.shuffle(&mut self.rng);
            s.deck.draw_to(&mut s.removed, RELIEF_REMOVED);
            let left = s.deck.len();
            ev.emit(|| {
                event(
                    "relief",
                    Some(p),
                    format!("reuses its discard pile; 10 cards removed from the game, {left} left"),
                )
            });
        }
    }

    /// Draws `n` cards; the hand has room for the whole deck (UFX-11).
    fn draw(&mut self, p: usize, n: usize, ev: &mut impl EventSink<Event>) {
        for _ in 0..n {
            if self.over() {
                return;
            }
            let s = &mut self.sides[p];
            if s.deck.draw_to(&mut s.hand, 1) == 0 {
                return;
            }
            self.relief(p, ev);
        }
    }

    /// UF-2.6, UF-3.2: draw up to the character's hand size, never beyond.
    fn draw_up(&mut self, game: &Ufs, p: usize, ev: &mut impl EventSink<Event>) {
        let want = usize::from(game.hand_size(p));
        let have = self.sides[p].hand.len();
        if want > have {
            ev.emit(|| event("draw", Some(p), format!("draws {}", want - have)));
            self.draw(p, want - have, ev);
        }
    }

    // ------------------------------------------------------------------ checks

    /// UF-8.3..UF-8.8: the card at pool `slot` is checked: difficulty `difficulty` (printed +
    /// progressive, + speed and block modifier for a block), plus a pending Breaker. The top
    /// card of the deck is turned over and discarded; its control number (+ a control bonus)
    /// must reach the difficulty; if it does not, the player may commit cards for +1 each.
    fn start_check(
        &mut self,
        game: &Ufs,
        p: usize,
        slot: usize,
        purpose: Purpose,
        difficulty: i16,
        ev: &mut impl EventSink<Event>,
    ) {
        let s = &mut self.sides[p];
        let need = (difficulty + i16::from(s.breaker)).clamp(0, 255) as u8;
        s.breaker = 0;
        let bonus = s.control_bonus;
        s.control_bonus = 0;
        let flipped = s.deck.pop().expect("a deck is refilled the moment it runs out");
        s.discard.push(flipped);
        let have = game.content.card(flipped).control.saturating_add(bonus);
        ev.emit(|| {
            event(
                "check",
                Some(p),
                format!(
                    "checks {} (difficulty {need}): turns over {} (control {}{})",
                    game.content.card(self.sides[p].pool.as_slice()[slot].card).name,
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
        } else if u16::from(have) + u16::from(self.commit_sources(game, p)) >= u16::from(need) {
            // UFX-4: commits are offered only when they can still make the check pass.
            self.check = Some(Check { player: p as u8, slot: slot as u8, purpose, need, have, flipped });
            self.phase = Phase::Check;
        } else {
            self.check_failed(game, p, slot, purpose, ev);
        }
    }

    fn check_passed(&mut self, game: &Ufs, p: usize, slot: usize, purpose: Purpose, ev: &mut impl EventSink<Event>) {
        self.check = None;
        let card = self.sides[p].pool.as_slice()[slot].card;
        ev.emit(|| event("pass", Some(p), format!("controls {}", game.content.card(card).name)));
        match purpose {
            Purpose::Form => {
                let c = game.content.card(card);
                if c.kind == Kind::Attack {
                    // UF-6.2: the attack begins.
                    let icon = c.attack.expect("attacks have an attack icon");
                    self.attack = Some(Attack {
                        slot: slot as u8,
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
                    a.block = Some(slot as u8);
                }
                self.fire(game, p, card, Some(slot), Trigger::Block, ev);
                if !self.over() {
                    self.damage_step(game, ev);
                }
            }
        }
    }

    fn check_failed(&mut self, game: &Ufs, p: usize, slot: usize, purpose: Purpose, ev: &mut impl EventSink<Event>) {
        self.check = None;
        // UF-8.9: the failed card is discarded at once.
        let card = self.sides[p].pool.remove(slot).card;
        self.sides[p].discard.push(card);
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

    // ------------------------------------------------------------------ abilities

    /// Fires every `trigger` ability of `card` (owned by `p`, at pool `slot` if in the pool)
    /// whose condition holds.
    fn fire(
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
                    let had = self.sides[p].hand.len();
                    self.draw(p, usize::from(n), ev);
                    self.sides[p].hand.len() > had
                }
                Effect::Heal(n) => {
                    let s = &mut self.sides[p];
                    let old = s.vitality;
                    s.vitality = s.vitality.saturating_add(n).min(game.max_vitality(p));
                    s.vitality > old
                }
                Effect::Momentum(n) => {
                    let s = &mut self.sides[p];
                    s.discard.draw_to(&mut s.momentum, usize::from(n)) > 0
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
                    for x in self.sides[p].staging.as_mut_slice() {
                        if left > 0 && x.committed() && game.content.card(x.card).kind == Kind::Foundation {
                            x.set_committed(false);
                            left -= 1;
                        }
                    }
                    left < n
                }
                Effect::Stun(n) => {
                    let mut left = n;
                    for x in self.sides[o].staging.as_mut_slice() {
                        if left > 0 && !x.committed() && game.content.card(x.card).kind == Kind::Foundation {
                            x.set_committed(true);
                            left -= 1;
                        }
                    }
                    left < n
                }
                Effect::Shatter => self.sides[o]
                    .staging
                    .as_mut_slice()
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
    fn use_ability(&mut self, game: &Ufs, p: usize, k: usize, j: usize, ev: &mut impl EventSink<Event>) {
        let (slot, _) = self.source_slot(p, k).expect("legal source");
        let a = &game.content.card(slot.card).abilities[j];
        let enhance = a.trigger == Trigger::Enhance;
        let s = &mut self.sides[p];
        let entry = if k < MAX_STAGING {
            &mut s.staging.as_mut_slice()[k]
        } else if k < ATTACK_SOURCE {
            &mut s.character.as_mut_slice()[k - CHAR_SOURCE]
        } else {
            &mut s.pool.as_mut_slice()[usize::from(self.attack.expect("attack source").slot)]
        };
        if enhance {
            entry.set_used_attack(true);
        } else {
            entry.set_used_turn(true);
        }
        if a.cost.commit {
            if k < MAX_STAGING {
                s.staging.as_mut_slice()[k].set_committed(true);
            } else {
                s.character.as_mut_slice()[0].set_committed(true);
            }
        }
        // UF-9.2: momentum is paid by discarding it.
        for _ in 0..a.cost.surge {
            if let Some(c) = s.momentum.pop() {
                s.discard.push(c);
            }
        }
        if a.cost.destroy {
            let gone = s.staging.remove(k).card;
            s.discard.push(gone);
        }
        ev.emit(|| event("ability", Some(p), format!("{}: {}", game.content.card(slot.card).name, a.text())));
        self.effects(game, p, slot.card, j, ev);
    }

    // ------------------------------------------------------------------ the attack

    /// Gives enhance priority to `to`; a player with nothing to enhance passes at once.
    fn give_priority(&mut self, game: &Ufs, to: usize, passes: u8, ev: &mut impl EventSink<Event>) {
        let (mut to, mut passes) = (to, passes);
        loop {
            if passes >= 2 {
                self.block_step(game, ev);
                return;
            }
            if self.has_enhance_option(game, to) {
                self.phase = Phase::Enhance { priority: to as u8, passes };
                return;
            }
            passes += 1;
            to = 1 - to;
        }
    }

    /// UF-6.4: the defender may block; with nothing that can block, the step passes.
    fn block_step(&mut self, game: &Ufs, ev: &mut impl EventSink<Event>) {
        let d = 1 - usize::from(self.active);
        let mut out = ActionList::new();
        self.block_actions(game, d, &mut out);
        if out.is_empty() {
            self.damage_step(game, ev);
        } else {
            self.phase = Phase::Block;
        }
    }

    /// UF-6.9..UF-6.13: full block 0, partial block half rounded up, otherwise full damage.
    fn damage_step(&mut self, game: &Ufs, ev: &mut impl EventSink<Event>) {
        let a = usize::from(self.active);
        let d = 1 - a;
        let at = self.attack.expect("damage step inside an attack");
        let base = at.damage.max(0) as u8;
        let dealt = match at.block {
            None => base,
            Some(b) => {
                let card = self.sides[d].pool.as_slice()[usize::from(b)].card;
                let zone = game.content.card(card).block.expect("block icon").zone;
                if zone.distance(at.zone) == 0 {
                    0
                } else {
                    base.div_ceil(2)
                }
            }
        };
        let s = &mut self.sides[d];
        s.vitality = s.vitality.saturating_sub(dealt);
        let left = s.vitality;
        ev.emit(|| {
            let how = match at.block {
                None => "unblocked",
                Some(_) if dealt == 0 => "fully blocked",
                Some(_) => "partially blocked",
            };
            event("damage", Some(a), format!("deals {dealt} damage ({how}); P{d} vitality {left}"))
        });
        if dealt > 0 {
            let slot = usize::from(at.slot);
            self.sides[a].pool.as_mut_slice()[slot].set_damaged(true);
            if left == 0 {
                // UF-1.2
                self.finish(Some(a), "the opponent's vitality reached 0", ev);
                return;
            }
            let card = self.sides[a].pool.as_slice()[slot].card;
            self.fire(game, a, card, Some(slot), Trigger::Damage, ev);
            // The attacker's face-up cards in play with "after your attack deals damage".
            let mut sources: arrayvec::ArrayVec<CardId, { MAX_STAGING + crate::games::ufs::state::MAX_CHARS }> =
                arrayvec::ArrayVec::new();
            let s = &self.sides[a];
            sources.extend(
                s.character.as_slice().iter().chain(s.staging.as_slice()).filter(|x| !x.face_down()).map(|x| x.card),
            );
            for c in sources {
                if self.over() {
                    return;
                }
                self.fire(game, a, c, None, Trigger::Damage, ev);
            }
            if self.over() {
                return;
            }
        }
        self.end_attack();
        self.phase = Phase::Combat;
    }

    fn end_attack(&mut self) {
        self.attack = None;
        for s in &mut self.sides {
            for x in s.staging.as_mut_slice().iter_mut().chain(s.character.as_mut_slice()).chain(s.pool.as_mut_slice())
            {
                x.set_used_attack(false);
            }
        }
    }

    // ------------------------------------------------------------------ turn structure

    /// UF-5.3: the end phase. Damaging attacks may become momentum first (one choice each).
    fn end_phase(&mut self, game: &Ufs, ev: &mut impl EventSink<Event>) {
        self.end_attack();
        let a = usize::from(self.active);
        if self.sides[a].pool.as_slice().iter().any(|x| x.damaged()) {
            self.phase = Phase::Momentum;
        } else {
            self.finish_turn(game, ev);
        }
    }

    fn finish_turn(&mut self, game: &Ufs, ev: &mut impl EventSink<Event>) {
        let a = usize::from(self.active);
        let pool = self.sides[a].pool;
        let s = &mut self.sides[a];
        for x in pool.as_slice() {
            let c = game.content.card(x.card);
            match c.kind {
                Kind::Foundation | Kind::Asset => {
                    // UF-3.7: a unique card whose copy is already in play is discarded.
                    let dup = c.unique && s.staging.cards().any(|y| y == x.card);
                    if dup {
                        s.discard.push(x.card);
                    } else {
                        s.staging.push(Slot::new(x.card));
                    }
                }
                Kind::Character => {
                    // UF-3.7 covers characters too: an identical unique copy does not survive;
                    // another card of the same person attaches (UF-11.3).
                    let dup = c.unique && s.character.cards().any(|y| y == x.card);
                    if dup {
                        s.discard.push(x.card);
                    } else {
                        s.character.push(Slot::new(x.card));
                    }
                }
                Kind::Attack | Kind::Action => s.discard.push(x.card),
            }
        }
        s.pool.clear();
        let o = &mut self.sides[1 - a];
        for x in o.pool.as_slice() {
            o.discard.push(x.card);
        }
        o.pool.clear();
        for s in &mut self.sides {
            for x in s.staging.as_mut_slice().iter_mut().chain(s.character.as_mut_slice()) {
                x.set_used_turn(false);
                x.set_used_attack(false);
            }
            s.breaker = 0;
            s.control_bonus = 0;
        }
        ev.emit(|| event("end", Some(a), "ends its turn".into()));
        // UFX-8, a variant: the seed has no turn limit.
        if game.options.max_turns.is_some_and(|m| self.turn >= u32::from(m)) {
            self.finish(None, "turn limit reached (UFX-8, a variant)", ev);
            return;
        }
        self.turn = self.turn.saturating_add(1);
        self.active = (1 - a) as u8;
        self.start_turn(game, ev);
    }

    /// UF-5.1: the ready phase: ready everything, then the review step (or straight to drawing
    /// when the hand is empty).
    fn start_turn(&mut self, game: &Ufs, ev: &mut impl EventSink<Event>) {
        let a = usize::from(self.active);
        let s = &mut self.sides[a];
        for x in s.staging.as_mut_slice().iter_mut().chain(s.character.as_mut_slice()) {
            x.set_committed(false);
        }
        let turn = self.turn;
        ev.emit(|| event("turn", Some(a), format!("turn {turn}: readies its cards")));
        if self.sides[a].hand.is_empty() {
            self.after_review(game, ev);
        } else {
            self.phase = Phase::Review;
        }
    }

    fn after_review(&mut self, game: &Ufs, ev: &mut impl EventSink<Event>) {
        let a = usize::from(self.active);
        self.draw_up(game, a, ev);
        if !self.over() {
            self.phase = Phase::Combat;
        }
    }

    // ------------------------------------------------------------------ applying an action

    pub(crate) fn step(&mut self, game: &Ufs, action: Action, ev: &mut impl EventSink<Event>) {
        let Some(p) = self.current_player_index() else { return };
        let act = UfsAction::decode(action);
        match (self.phase, act) {
            (Phase::Mulligan { player }, UfsAction::Mulligan(redo)) => {
                let s = &mut self.sides[p];
                if redo {
                    // UF-2.7: the old hand is removed from the game; a new hand is drawn.
                    let n = s.hand.len();
                    s.hand.move_all_to(&mut s.mulliganed);
                    ev.emit(|| event("mulligan", Some(p), format!("mulligans {}", count(n, "card"))));
                    self.draw_up(game, p, ev);
                } else {
                    ev.emit(|| event("keep", Some(p), "keeps its hand".into()));
                }
                self.sides[p].mulligan_done = true;
                if self.over() {
                    return;
                }
                if player == self.first {
                    self.phase = Phase::Mulligan { player: 1 - player };
                } else {
                    // UF-2.8: the first player skips its first ready phase.
                    self.phase = Phase::Combat;
                    let f = usize::from(self.first);
                    ev.emit(|| event("turn", Some(f), "turn 1 (no ready phase)".into()));
                }
            }
            (Phase::Review, UfsAction::Discard(i)) => {
                let s = &mut self.sides[p];
                let c = s.hand.remove(usize::from(i));
                s.discard.push(c);
                ev.emit(|| event("discard", Some(p), format!("discards {}", game.content.card(c).name)));
                self.after_review(game, ev);
            }
            (Phase::Review, UfsAction::Pass) => self.after_review(game, ev),
            (Phase::Combat, UfsAction::Play(i)) => {
                let c = self.put_in_pool(game, p, usize::from(i), "plays", ev);
                let slot = self.sides[p].pool.len() - 1;
                let card = game.content.card(c);
                self.start_check(game, p, slot, Purpose::Form, i16::from(card.difficulty) + slot as i16, ev);
            }
            (Phase::Combat, UfsAction::Use(k, j)) => self.use_ability(game, p, usize::from(k), usize::from(j), ev),
            (Phase::Combat, UfsAction::Pass) => {
                ev.emit(|| event("end_combat", Some(p), "ends the combat phase".into()));
                self.end_phase(game, ev);
            }
            (Phase::Enhance { .. }, UfsAction::Play(i)) => {
                let c = self.put_in_pool(game, p, usize::from(i), "enhances with", ev);
                let slot = self.sides[p].pool.len() - 1;
                let card = game.content.card(c);
                self.start_check(game, p, slot, Purpose::Enhance, i16::from(card.difficulty) + slot as i16, ev);
            }
            (Phase::Enhance { .. }, UfsAction::Use(k, j)) => {
                self.use_ability(game, p, usize::from(k), usize::from(j), ev);
                if !self.over() {
                    self.give_priority(game, 1 - p, 0, ev);
                }
            }
            (Phase::Enhance { passes, .. }, UfsAction::Pass) => {
                ev.emit(|| event("pass", Some(p), "passes".into()));
                self.give_priority(game, 1 - p, passes + 1, ev);
            }
            (Phase::Block, UfsAction::Block(i)) => {
                let c = self.put_in_pool(game, p, usize::from(i), "blocks with", ev);
                let slot = self.sides[p].pool.len() - 1;
                let card = game.content.card(c);
                let b = card.block.expect("block card");
                let speed = self.attack.map_or(0, |a| a.speed.max(0));
                // UF-6.6: printed + progressive + the attack's speed + the block modifier.
                let difficulty = i16::from(card.difficulty) + slot as i16 + i16::from(speed) + i16::from(b.modifier);
                self.start_check(game, p, slot, Purpose::Block, difficulty, ev);
            }
            (Phase::Block, UfsAction::Pass) => {
                ev.emit(|| event("no_block", Some(p), "does not block".into()));
                self.damage_step(game, ev);
            }
            (Phase::Check, UfsAction::Commit(k)) => {
                let k = usize::from(k);
                let s = &mut self.sides[p];
                let name = if k < MAX_STAGING {
                    s.staging.as_mut_slice()[k].set_committed(true);
                    game.content.card(s.staging.as_slice()[k].card).name.as_str()
                } else {
                    s.character.as_mut_slice()[0].set_committed(true);
                    game.content.card(s.character.as_slice()[0].card).name.as_str()
                };
                ev.emit(|| event("commit", Some(p), format!("commits {name} for +1")));
                let mut c = self.check.expect("check step has a check");
                c.have += 1;
                if c.have >= c.need {
                    self.check_passed(game, p, usize::from(c.slot), c.purpose, ev);
                } else {
                    self.check = Some(c);
                }
            }
            (Phase::Check, UfsAction::Pass) => {
                let c = self.check.expect("check step has a check");
                self.check_failed(game, p, usize::from(c.slot), c.purpose, ev);
            }
            (Phase::Momentum, UfsAction::Momentum(keep)) => {
                let s = &mut self.sides[p];
                let i = s.pool.as_slice().iter().position(|x| x.damaged()).expect("a damaging attack waits");
                if keep {
                    // UF-9.3, UF-9.4: face down under the character.
                    let c = s.pool.remove(i).card;
                    s.momentum.push(c);
                    ev.emit(|| event("momentum", Some(p), format!("{} becomes momentum", game.content.card(c).name)));
                } else {
                    s.pool.as_mut_slice()[i].set_damaged(false);
                }
                if !self.sides[p].pool.as_slice().iter().any(|x| x.damaged()) {
                    self.finish_turn(game, ev);
                }
            }
            _ => debug_assert!(false, "step called with an illegal action {act:?} in {:?}", self.phase),
        }
    }

    /// UF-8.3: a card used from hand first goes into the card pool, left-aligned.
    fn put_in_pool(
        &mut self,
        game: &Ufs,
        p: usize,
        i: usize,
        verb: &'static str,
        ev: &mut impl EventSink<Event>,
    ) -> CardId {
        let s = &mut self.sides[p];
        let c = s.hand.remove(i);
        s.pool.push(Slot::new(c));
        ev.emit(|| event("play", Some(p), format!("{verb} {}", game.content.card(c).name)));
        c
    }
}
