//! The rules of Fatal Fight: setup, shop, rounds, the action phase with chains and
//! combinations, damage, the enemy phase, down and saving, round end and stage clear.
//! Clause ids refer to `docs/rules/fatal_fight.md`.

use crate::cards::{CardId, Pile};
use crate::core::{count, ActionList, EffectKey, EventSink, NoEvents, Rng};
use crate::games::fatal_fight::actions::FfAction;
use crate::games::fatal_fight::content::{
    BossSkill, Cond, EnemySkill, Gimmick, Kind, Special, StageCard, Verb, When, RESPAWNS,
};
use crate::games::fatal_fight::state::*;
use crate::games::fatal_fight::FatalFight;

/// Draws `n` cards into the hand, reshuffling the discard into the deck when it runs out (FF-5.4).
fn draw(p: &mut Player, n: usize, rng: &mut Rng) -> usize {
    let mut drawn = 0;
    for _ in 0..n {
        if p.deck.is_empty() {
            if p.discard.is_empty() {
                break;
            }
            p.discard.move_all_to(&mut p.deck);
            p.discard_seen = 0;
            p.deck.shuffle(rng);
        }
        p.deck.draw_to(&mut p.hand, 1);
        drawn += 1;
    }
    drawn
}

/// Indices of the first card of each distinct type in `cards` (identical copies give one action).
fn distinct(cards: &[CardId]) -> impl Iterator<Item = usize> + '_ {
    (0..cards.len()).filter(move |&i| !cards[..i].contains(&cards[i]))
}

/// The card types in a hand, each once, ascending (legal actions are sorted): `Play` and `Pay`
/// name a type, since any copy is the same card. A bit per type (`MAX_CARD_TYPES` is 64).
fn hand_types(hand: &[CardId]) -> impl Iterator<Item = CardId> {
    const { assert!(crate::games::fatal_fight::content::MAX_CARD_TYPES <= 64) };
    let mut bits = hand.iter().fold(0u64, |b, c| b | 1 << c.0);
    std::iter::from_fn(move || {
        (bits != 0).then(|| {
            let t = bits.trailing_zeros();
            bits &= bits - 1;
            CardId(t as u16)
        })
    })
}

/// The hand slot of the first card of type `t`.
fn slot_of(p: &Player, t: u8) -> usize {
    p.hand.iter().position(|c| c == CardId(u16::from(t))).expect("legal: a card of that type is in hand")
}

fn adjacent(a: u8, b: u8) -> bool {
    let (aa, al, ba, bl) = (square_area(a), square_line(a), square_area(b), square_line(b));
    (aa == ba && al.abs_diff(bl) == 1) || (al == bl && aa.abs_diff(ba) == 1)
}

impl FatalFightState {
    pub fn new(game: &FatalFight, seed: u64) -> FatalFightState {
        let mut rng = Rng::new(seed);
        let n = game.n();
        let mut players: [Player; MAX_PLAYERS] = std::array::from_fn(|_| Player::empty());
        for (p, player) in players.iter_mut().enumerate().take(n) {
            let c = game.character(p);
            player.character = game.characters[p] as u8;
            player.life = c.life as i8;
            player.gold = u32::from(game.options.start_gold); // FF-0.5: 3 by default
            player.deck = c.deck.iter().copied().collect();
            player.deck.shuffle(&mut rng);
        }
        let mut order = [0u8, 1, 2, 3];
        order[..n].sort_by_key(|&p| game.character(usize::from(p)).order);
        let mut shop = Counts::default();
        let mut uniques: Pile<MAX_UNIQUES> = Pile::new();
        for (t, c) in game.content.cards.iter().enumerate() {
            match c.kind {
                Kind::Common => shop.0[t] = c.copies,
                Kind::Unique => uniques.push(CardId(t as u16)),
                Kind::Starter => {}
            }
        }
        uniques.shuffle(&mut rng);
        let mut unique_row = [None; 4];
        for slot in &mut unique_row {
            *slot = uniques.pop();
        }
        let mut s = FatalFightState {
            phase: Phase::Shop { player: order[0] },
            stage: 0,
            round: 0,
            players,
            order,
            groups: Default::default(),
            boss_present: false,
            boss_placed: false,
            boss_pile: Pile::new(),
            boss_known: 0,
            stage_pile: Pile::new(),
            stage_used: Pile::new(),
            current_stage_card: None,
            enemy_pile: Pile::new(),
            enemy_discard: Pile::new(),
            escaped: Pile::new(),
            shop,
            unique_pile: uniques,
            unique_row,
            removed: Counts::default(),
            pool: 0,
            earned: 0,
            shop_passed: 0,
            chain: Chain::default(),
            chain_owner: 0,
            mass: [0; RESPAWNS],
            result: None,
            score: 0,
            rng,
        };
        // FFX-16: a later start stage carries the earlier stages' enemies, as a campaign would.
        for k in 0..game.options.start_stage {
            s.stage = k;
            s.prepare_stage(game);
        }
        // FF-0.6: draft 8 opens the shop before the first stage. Without `opening_shop` (the
        // earlier draft, FFX-24) the campaign opens with the first stage's first round; the
        // setup's events are not told (a new state has no event stream).
        if !game.options.opening_shop {
            s.start_round(game, &mut NoEvents);
        }
        s
    }

    pub fn n(&self, game: &FatalFight) -> usize {
        game.n()
    }

    fn stage_card<'a>(&self, game: &'a FatalFight) -> Option<&'a StageCard> {
        self.current_stage_card.map(|i| &game.content.stages[usize::from(i)])
    }

    pub fn gimmick(&self, game: &FatalFight) -> Gimmick {
        self.stage_card(game).map_or(Gimmick::None, |c| c.gimmick)
    }

    /// FF-3.1, FF-3.2, FF-15.3: the stage's stage pile, its enemies added to the enemy pile and
    /// shuffled, and the boss pile.
    pub(crate) fn prepare_stage(&mut self, game: &FatalFight) {
        let st = self.stage + 1;
        self.stage_pile.clear();
        self.stage_used.clear();
        for (i, c) in game.content.stages.iter().enumerate() {
            if c.stage == st && !c.boss {
                self.stage_pile.push(CardId(i as u16));
            }
        }
        self.stage_pile.shuffle(&mut self.rng);
        self.current_stage_card = None;
        self.enemy_discard.move_all_to(&mut self.enemy_pile);
        self.escaped.move_all_to(&mut self.enemy_pile);
        for (i, e) in game.content.enemies.iter().enumerate() {
            if e.stage == st {
                for _ in 0..e.copies {
                    self.enemy_pile.push(CardId(i as u16));
                }
            }
        }
        self.enemy_pile.shuffle(&mut self.rng);
        self.boss_pile.clear();
        let start = if st == 4 && game.options.final_boss_variant {
            // FF-0.4: skills are listed strongest first; every 4 gold earned moves the
            // window of three one step towards the weaker end.
            (self.earned / 4).min(3) as usize
        } else {
            0
        };
        for k in start..start + 3 {
            self.boss_pile.push(CardId(k as u16));
        }
        self.boss_pile.shuffle(&mut self.rng);
        self.boss_known = 0;
        self.boss_present = false;
        self.boss_placed = false;
        self.round = 0;
    }

    /// Progress inside the stage, in [0, 1] (the heuristic's in-stage part): team life 0.3,
    /// players standing 0.15, enemies cleared 0.15, the attack power in the team's hands against
    /// the life between it and the boss 0.2, deck strength (attack power owned) 0.15, gold 0.05.
    pub fn stage_progress(&self, game: &FatalFight) -> f32 {
        let n = game.n();
        let c = &game.content;
        let (mut life, mut standing, mut owned_ap, mut hand_ap, mut gold) = (0.0f32, 0.0f32, 0.0f32, 0u32, self.pool);
        for p in 0..n {
            let pl = &self.players[p];
            life += f32::from(pl.life.max(0) as u8) / f32::from(game.character(p).life);
            standing += f32::from(u8::from(!pl.down));
            let ap = |x: CardId| u32::from(c.card(x).ap);
            owned_ap += (pl.all_cards().map(ap).sum::<u32>() as f32 / 36.0).min(1.0);
            if !pl.down {
                hand_ap += pl.hand.iter().map(ap).sum::<u32>();
            }
            gold = gold.saturating_add(pl.gold);
        }
        let enemies: usize = self.groups.iter().map(|g| g.len()).sum::<usize>() - usize::from(self.boss_present);
        let cleared = 1.0 - (enemies as f32 / 12.0).min(1.0);
        // The boss falls to one pierce blow through the enemies ahead of it (FF-7.6, FF-8.5):
        // the AP in hand against the life in the way, so clearing its group is progress too.
        let boss = match (0..RESPAWNS).find(|&g| self.boss_present && self.groups[g].contains(BOSS)) {
            Some(g) => {
                let ahead: u32 = self.groups[g]
                    .iter()
                    .take_while(|&e| e != BOSS)
                    .map(|e| u32::from(self.effective_life(game, e, true)))
                    .sum();
                let need = ahead + u32::from(c.bosses[usize::from(self.stage.min(3))].life);
                ((hand_ap + u32::from(self.chain.ap)) as f32 / need as f32).min(1.0)
            }
            None => 0.5,
        };
        let nf = n as f32;
        0.3 * life / nf
            + 0.15 * standing / nf
            + 0.15 * cleared
            + 0.2 * boss
            + 0.15 * owned_ap / nf
            + 0.05 * (gold as f32 / 20.0).min(1.0)
    }

    pub fn current_player_index(&self) -> Option<usize> {
        match self.phase {
            Phase::Shop { player }
            | Phase::Turn { player }
            | Phase::Combination { player }
            | Phase::Pay { player, .. } => Some(usize::from(player)),
            Phase::MassDamage { .. } => Some(usize::from(self.leader())),
            Phase::Over => None,
        }
    }

    /// The player who makes the team's joint decisions: the first player in turn order who is
    /// not down (FFX-7).
    pub fn leader(&self) -> u8 {
        self.order.iter().copied().find(|&p| !self.players[usize::from(p)].down).unwrap_or(self.order[0])
    }

    fn order_pos(&self, game: &FatalFight, p: u8) -> usize {
        self.order[..game.n()].iter().position(|&q| q == p).unwrap_or(0)
    }

    /// Legal targets of the open chain for `p` (FF-7.2..FF-7.4, FF-8.6).
    fn can_target(&self, game: &FatalFight, p: usize, g: usize) -> bool {
        if self.groups[g].is_empty() {
            return false;
        }
        let sq = self.players[p].square;
        let launch = self.chain.launch && self.gimmick(game) != Gimmick::Dark;
        launch || (group_line(g) == square_line(sq) && group_area(g).abs_diff(square_area(sq)) <= 1)
    }

    /// The next player after `after` who may join the chain: on the turn player's square, active,
    /// with combination plays left. Whether it holds attack cards is hidden, so it may only pass.
    fn partners(&self, game: &FatalFight, turn: u8, after: Option<u8>) -> Option<u8> {
        let sq = self.players[usize::from(turn)].square;
        let start = after.map_or(0, |a| self.order_pos(game, a) + 1);
        self.order[..game.n()].iter().skip(start).copied().find(|&q| {
            let pl = &self.players[usize::from(q)];
            q != turn && pl.square == sq && pl.active() && pl.combo_left > 0
        })
    }

    pub fn legal(&self, game: &FatalFight, out: &mut ActionList) {
        out.clear();
        let push = |out: &mut ActionList, a: FfAction| out.push(a.encode());
        let content = &game.content;
        match self.phase {
            Phase::Over => {}
            Phase::Shop { player } => {
                let p = &self.players[usize::from(player)];
                let max_carry = usize::from(game.character(usize::from(player)).max_carry);
                // FFX-10: no limit on cards owned (the piles hold every card of the game). Items
                // bought beyond the character's maximum wait to be discarded before leaving
                // (FF-4.9); `MAX_CARRY` allows one more than any character's maximum.
                let room = |carry: bool| !carry || p.carried.len() < crate::games::fatal_fight::content::MAX_CARRY;
                for (t, c) in content.cards.iter().enumerate() {
                    if c.kind == Kind::Common
                        && !c.later_step
                        && self.shop.0[t] > 0
                        && p.gold >= u32::from(c.cost)
                        && room(c.carry)
                    {
                        push(out, FfAction::Buy(t as u8));
                    }
                }
                for (t, c) in content.cards.iter().enumerate() {
                    if let Some(next) = c.next {
                        let nc = content.card(next);
                        if p.deck.contains(CardId(t as u16))
                            && self.shop.0[usize::from(next.0)] > 0
                            && p.gold >= u32::from(nc.cost)
                        {
                            push(out, FfAction::Upgrade(t as u8));
                        }
                    }
                }
                for (i, slot) in self.unique_row.iter().enumerate() {
                    if let Some(c) = slot {
                        let c = content.card(*c);
                        if p.gold >= u32::from(c.cost) && room(c.carry) {
                            push(out, FfAction::BuyUnique(i as u8));
                        }
                    }
                }
                for i in distinct(p.carried.as_slice()) {
                    push(out, FfAction::Drop(i as u8));
                }
                if p.carried.len() <= max_carry {
                    push(out, FfAction::ShopDone);
                }
            }
            Phase::Turn { player } => {
                let pi = usize::from(player);
                let p = &self.players[pi];
                let chain_open = self.chain.hits > 0;
                for t in hand_types(p.hand.as_slice()) {
                    if p.actions >= 1 && (!chain_open || content.card(t).attack) {
                        push(out, FfAction::Play(t.0 as u8));
                    }
                }
                // FF-6.2, FF-10.1: the free move is an act without an action, done at any timing,
                // so also inside an open chain (it changes which groups are in reach and in the
                // same area when the target is fixed, FF-0.2). A paid move plays a card face down,
                // which is no attack card: only after the chain (FFX-5).
                for to in 0..SQUARES as u8 {
                    if adjacent(p.square, to) && (p.moves > 0 || (!chain_open && p.actions >= 1 && !p.hand.is_empty()))
                    {
                        push(out, FfAction::Move(to));
                    }
                }
                if chain_open {
                    let mut any = false;
                    for g in 0..RESPAWNS {
                        if self.can_target(game, pi, g) {
                            push(out, FfAction::Strike(g as u8));
                            any = true;
                        }
                    }
                    if !any {
                        push(out, FfAction::Whiff);
                    }
                    if !self.chain.combined && self.partners(game, player, None).is_some() {
                        push(out, FfAction::Combination);
                    }
                }
                // FF-4.7, FF-10.3: carried items any time in the own turn, chain open or not.
                for i in distinct(p.carried.as_slice()) {
                    if !content.card(p.carried.as_slice()[i]).always {
                        push(out, FfAction::Item(i as u8));
                    }
                }
                if !chain_open {
                    let cost = self.save_cost(game, pi);
                    for q in 0..game.n() {
                        if self.players[q].down && p.actions >= cost && p.hand.len() >= usize::from(cost) {
                            push(out, FfAction::Save(q as u8));
                        }
                    }
                    push(out, FfAction::EndTurn);
                }
            }
            Phase::Combination { player } => {
                let p = &self.players[usize::from(player)];
                for t in hand_types(p.hand.as_slice()) {
                    if p.combo_left > 0 && content.card(t).attack {
                        push(out, FfAction::Play(t.0 as u8));
                    }
                }
                push(out, FfAction::Pass);
            }
            Phase::Pay { player, .. } => {
                let p = &self.players[usize::from(player)];
                for t in hand_types(p.hand.as_slice()) {
                    push(out, FfAction::Pay(t.0 as u8));
                }
            }
            Phase::MassDamage { .. } => {
                for q in 0..game.n() {
                    if self.players[q].active() {
                        push(out, FfAction::Assign(q as u8));
                    }
                }
            }
        }
    }

    /// The actions and face-down cards a save by `p` costs (FF-0.7, FF-10.4): the option
    /// `save_actions` (2, draft 8; 3, the earlier draft), one fewer for the medic (FFX-18, FFX-23).
    pub fn save_cost(&self, game: &FatalFight, p: usize) -> u8 {
        let cost = game.options.save_actions;
        if game.character(p).special == Special::Medic {
            cost - 1
        } else {
            cost
        }
    }

    pub fn step(&mut self, game: &FatalFight, action: u16, ev: &mut impl EventSink<Event>) {
        let a = FfAction::decode(action);
        let content = &*game.content;
        match (self.phase, a) {
            (Phase::Shop { player }, _) => self.shop_action(game, player, a, ev),
            (Phase::Turn { player }, FfAction::Play(t)) => {
                let pi = usize::from(player);
                self.players[pi].actions -= 1;
                self.play_card(game, pi, slot_of(&self.players[pi], t), ev);
                // FF-9.3, FFX-5: partners may join after each card the turn player plays.
                self.chain.combined = false;
            }
            (Phase::Combination { player }, FfAction::Play(t)) => {
                let pi = usize::from(player);
                self.players[pi].combo_left -= 1;
                self.play_card(game, pi, slot_of(&self.players[pi], t), ev);
            }
            (Phase::Combination { player }, FfAction::Pass) => {
                let turn = self.chain_owner;
                match self.partners(game, turn, Some(player)) {
                    Some(q) => self.phase = Phase::Combination { player: q },
                    None => self.phase = Phase::Turn { player: turn },
                }
            }
            (Phase::Turn { player }, FfAction::Combination) => {
                self.chain.combined = true;
                if let Some(q) = self.partners(game, player, None) {
                    ev.emit(|| event("combination", Some(usize::from(player)), "offers a combination".into()));
                    self.phase = Phase::Combination { player: q };
                }
            }
            (Phase::Turn { player }, FfAction::Strike(g)) => {
                self.strike(game, usize::from(player), usize::from(g), ev);
            }
            (Phase::Turn { player }, FfAction::Whiff) => {
                ev.emit(|| event("whiff", Some(usize::from(player)), "ends a chain without a target".into()));
                self.chain = Chain::default();
            }
            (Phase::Turn { player }, FfAction::Move(to)) => {
                let p = &mut self.players[usize::from(player)];
                if p.moves > 0 {
                    p.moves -= 1;
                    p.square = to;
                    ev.emit(|| event("move", Some(usize::from(player)), format!("moves to {}", square_name(to))));
                } else {
                    p.actions -= 1;
                    self.phase = Phase::Pay { player, left: 1, then: Pending::Move { to } };
                }
            }
            (Phase::Turn { player }, FfAction::Item(i)) => {
                let p = &mut self.players[usize::from(player)];
                let card = p.carried.remove(usize::from(i));
                self.removed.0[usize::from(card.0)] += 1;
                let c = content.card(card);
                ev.emit(|| event("item", Some(usize::from(player)), format!("uses {}", c.name)));
                self.apply_effects(game, usize::from(player), c.guard, c.draw, c.heal);
            }
            (Phase::Turn { player }, FfAction::Save(q)) => {
                let cost = self.save_cost(game, usize::from(player));
                self.players[usize::from(player)].actions -= cost;
                self.phase = Phase::Pay { player, left: cost, then: Pending::Save { target: q } };
            }
            (Phase::Turn { player }, FfAction::EndTurn) => {
                ev.emit(|| event("end_turn", Some(usize::from(player)), "ends the turn".into()));
                self.next_turn(game, Some(player), ev);
            }
            (Phase::Pay { player, left, then }, FfAction::Pay(t)) => {
                let p = &mut self.players[usize::from(player)];
                let card = p.hand.remove(slot_of(p, t));
                p.facedown.push(card);
                if left > 1 {
                    self.phase = Phase::Pay { player, left: left - 1, then };
                } else {
                    self.phase = Phase::Turn { player };
                    match then {
                        Pending::Move { to } => {
                            self.players[usize::from(player)].square = to;
                            ev.emit(|| {
                                event(
                                    "move",
                                    Some(usize::from(player)),
                                    format!("plays a card face down and moves to {}", square_name(to)),
                                )
                            });
                        }
                        Pending::Save { target } => {
                            let t = &mut self.players[usize::from(target)];
                            t.down = false;
                            t.immune = true;
                            t.life = 2;
                            ev.emit(|| event("save", Some(usize::from(player)), format!("saves P{target}")));
                        }
                    }
                }
            }
            (Phase::MassDamage { group }, FfAction::Assign(q)) => {
                let amount = self.mass[usize::from(group)];
                self.mass[usize::from(group)] = 0;
                ev.emit(|| event("mass_damage", Some(usize::from(q)), format!("takes {amount} mass damage")));
                self.damage(usize::from(q), amount, false);
                self.after_mass(game, ev);
            }
            _ => unreachable!("step called with an illegal action"),
        }
    }

    pub(crate) fn apply_effects(&mut self, game: &FatalFight, p: usize, guard: u8, draw_n: u8, heal: u8) {
        let max_life = game.character(p).life;
        let pl = &mut self.players[p];
        pl.gp = pl.gp.saturating_add(guard);
        if heal > 0 {
            pl.life = (pl.life + heal as i8).min(max_life as i8);
        }
        if draw_n > 0 {
            draw(pl, usize::from(draw_n), &mut self.rng);
        }
    }

    /// FF-6.3, FF-8, FF-9: the card goes face up; attack cards join the chain.
    fn play_card(&mut self, game: &FatalFight, p: usize, i: usize, ev: &mut impl EventSink<Event>) {
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

    fn effective_life(&self, game: &FatalFight, e: CardId, pierce: bool) -> u8 {
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
    fn gain_gold(&mut self, n: u8) {
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

    fn all_down(&self, game: &FatalFight) -> bool {
        self.players[..game.n()].iter().all(|p| p.down)
    }

    fn lose(&mut self, ev: &mut impl EventSink<Event>, why: &str) {
        self.phase = Phase::Over;
        self.result = Some(false);
        self.score = 0;
        ev.emit(|| event("game_over", None, format!("the team loses: {why}")));
    }

    /// FF-3.6: 「ショップは全プレイヤー同時に行い、自由に相談して進めることができます」. The engine
    /// takes the players in character order, round the table: each makes any number of
    /// transactions, then passes; any transaction lets everyone who passed come back, and the
    /// shop ends when every player has passed in a row. So no shop outcome depends on seat order
    /// (a card one player returns reaches any other), and it ends: every buy and upgrade costs
    /// gold (supply cards cost at least 1) and a drop empties a carried slot (FFX-7).
    fn shop_action(&mut self, game: &FatalFight, player: u8, a: FfAction, ev: &mut impl EventSink<Event>) {
        let content = &*game.content;
        let pi = usize::from(player);
        if a != FfAction::ShopDone {
            self.shop_passed = 0;
        }
        match a {
            FfAction::Buy(t) => {
                let card = CardId(u16::from(t));
                let c = content.card(card);
                self.shop.0[usize::from(t)] -= 1;
                let p = &mut self.players[pi];
                p.gold -= u32::from(c.cost);
                if c.carry {
                    p.carried.push(card);
                } else {
                    p.deck.push(card);
                }
                ev.emit(|| event("buy", Some(pi), format!("buys {} for {} gold", c.name, c.cost)));
            }
            FfAction::Upgrade(t) => {
                let card = CardId(u16::from(t));
                let next = content.card(card).next.expect("upgradeable");
                let nc = content.card(next);
                let p = &mut self.players[pi];
                let k = p.deck.iter().position(|c| c == card).expect("in deck");
                p.deck.remove(k);
                p.deck.push(next);
                p.gold -= u32::from(nc.cost);
                self.shop.0[usize::from(t)] += 1;
                self.shop.0[usize::from(next.0)] -= 1;
                ev.emit(|| {
                    event(
                        "upgrade",
                        Some(pi),
                        format!("upgrades {} to {} for {} gold", content.card(card).name, nc.name, nc.cost),
                    )
                });
            }
            FfAction::BuyUnique(slot) => {
                let card = self.unique_row[usize::from(slot)].expect("face up");
                let c = content.card(card);
                let p = &mut self.players[pi];
                p.gold -= u32::from(c.cost);
                if c.carry {
                    p.carried.push(card);
                } else {
                    p.deck.push(card);
                }
                self.unique_row[usize::from(slot)] = self.unique_pile.pop(); // FFX-8
                ev.emit(|| event("buy", Some(pi), format!("buys {} for {} gold", c.name, c.cost)));
            }
            FfAction::Drop(i) => {
                // FF-4.9: 「最大数になるよう捨て札にして調整してください」: to the own discard, where
                // it is a card like the others (FFX-8).
                let pl = &mut self.players[pi];
                let card = pl.carried.remove(usize::from(i));
                pl.discard_seen |= 1 << pl.discard.len();
                pl.discard.push(card);
                ev.emit(|| event("drop", Some(pi), format!("discards {}", content.card(card).name)));
            }
            FfAction::ShopDone => {
                self.players[pi].deck.shuffle(&mut self.rng);
                self.shop_passed |= 1 << player;
                let n = game.n();
                if u32::from(self.shop_passed).count_ones() as usize == n {
                    self.shop_passed = 0;
                    self.start_round(game, ev);
                } else {
                    // The passes run in a row, so the next player round the table has not passed.
                    let pos = self.order_pos(game, player);
                    self.phase = Phase::Shop { player: self.order[(pos + 1) % n] };
                }
            }
            _ => unreachable!("not a shop action"),
        }
    }

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
        let n = game.n() as u8;
        for r in 0..RESPAWNS {
            let extra = card.extra.iter().filter(|&&(er, min)| usize::from(er) == r && n >= min).count();
            self.add_enemies(game, r, usize::from(card.respawn[r]) + extra); // FF-5.7, FF-5.8
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
    fn next_turn(&mut self, game: &FatalFight, after: Option<u8>, ev: &mut impl EventSink<Event>) {
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
    fn after_mass(&mut self, game: &FatalFight, ev: &mut impl EventSink<Event>) {
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
