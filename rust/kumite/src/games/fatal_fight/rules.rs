//! The rules of Fatal Fight: the stage set up, legal actions and what each does, chains and
//! combinations, saving, and the shop; the fight is `combat.rs`, the round around the turns
//! `round.rs`. Clause ids refer to `docs/rules/fatal_fight.md`.

use crate::cards::CardId;
use crate::core::{ActionList, EventSink, Rng};
use crate::games::fatal_fight::actions::FfAction;
use crate::games::fatal_fight::content::{Gimmick, Special, StageCard, RESPAWNS};
use crate::games::fatal_fight::game::FatalFight;
use crate::games::fatal_fight::state::*;
use crate::games::fatal_fight::text;

/// Draws `n` cards into the hand, reshuffling the discard into the deck when it runs out (FF-5.4).
#[inline(always)]
pub(super) fn draw(p: &mut Player, n: usize, rng: &mut Rng) -> usize {
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

/// A bit per card type held in `cards` (`MAX_CARD_TYPES` is 64).
fn type_bits(cards: &[CardId]) -> u64 {
    const { assert!(crate::games::fatal_fight::content::MAX_CARD_TYPES <= 64) };
    cards.iter().fold(0u64, |b, c| b | 1 << c.0)
}

/// The set bits of `bits`, ascending (legal actions are sorted).
fn ones(mut bits: u64) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        (bits != 0).then(|| {
            let t = bits.trailing_zeros();
            bits &= bits - 1;
            t as usize
        })
    })
}

/// The card types in a hand, each once, ascending: `Play` and `Pay` name a type, since any copy
/// is the same card.
fn hand_types(hand: &[CardId]) -> impl Iterator<Item = CardId> {
    ones(type_bits(hand)).map(|t| CardId(t as u16))
}

/// The hand slot of the first card of type `t`.
#[inline(always)]
fn slot_of(p: &Player, t: u8) -> usize {
    p.hand.iter().position(|c| c == CardId(u16::from(t))).expect("legal: a card of that type is in hand")
}

/// The squares orthogonally next to each square (a bit per square): the same line one area over,
/// or the same area one line over (FF-10.1).
const NEIGHBOURS: [u64; SQUARES] = {
    let mut table = [0; SQUARES];
    let mut a = 0;
    while a < SQUARES as u8 {
        let mut b = 0;
        while b < SQUARES as u8 {
            let (aa, al, ba, bl) = (square_area(a), square_line(a), square_area(b), square_line(b));
            if (aa == ba && al.abs_diff(bl) == 1) || (al == bl && aa.abs_diff(ba) == 1) {
                table[a as usize] |= 1 << b;
            }
            b += 1;
        }
        a += 1;
    }
    table
};

impl FatalFightState {
    pub fn n(&self, game: &FatalFight) -> usize {
        game.n()
    }

    pub(super) fn stage_card<'a>(&self, game: &'a FatalFight) -> Option<&'a StageCard> {
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

    /// The player who makes the team's joint decisions: the first player in turn order who is
    /// not down (FFX-7).
    pub fn leader(&self) -> u8 {
        self.order.iter().copied().find(|&p| !self.players[usize::from(p)].down).unwrap_or(self.order[0])
    }

    pub(super) fn order_pos(&self, game: &FatalFight, p: u8) -> usize {
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
        let start = after.map_or(0, |a| self.order_pos(game, a) + 1);
        self.order[..game.n()].iter().skip(start).copied().find(|&q| self.partner(turn, usize::from(q)))
    }

    /// Whether `q` may join `turn`'s chain (see `partners`).
    fn partner(&self, turn: u8, q: usize) -> bool {
        let pl = &self.players[q];
        q != usize::from(turn)
            && pl.square == self.players[usize::from(turn)].square
            && pl.active()
            && pl.combo_left > 0
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

    /// FF-4.7, FF-10.3: 「アクションを消費せず」「使用後は【追放】されます」: a carried card, taken from
    /// beside the character or from the hand (`from`, FFX-8), gives its guard, draw and heal
    /// and leaves the game, costing no action.
    fn use_item(&mut self, game: &FatalFight, p: usize, card: CardId, from: &str, ev: &mut impl EventSink<Event>) {
        self.removed.0[usize::from(card.0)] += 1;
        let c = game.content.card(card);
        ev.emit(|| {
            let sep = if from.is_empty() { "" } else { " " };
            event("item", Some(p), format!("uses {}{sep}{from}", c.name))
        });
        self.apply_effects(game, p, c.guard, c.draw, c.heal);
    }

    #[inline(always)]
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

    /// FF-3.6: 「ショップは全プレイヤー同時に行い、自由に相談して進めることができます」. The engine
    /// takes the players in character order, round the table: each makes any number of
    /// transactions, then passes; any transaction lets everyone who passed come back, and the
    /// shop ends when every player has passed in a row. So no shop outcome depends on seat order
    /// (a card one player returns reaches any other), and it ends: every buy and upgrade costs
    /// gold (supply cards cost at least 1) and a drop empties a carried slot (FFX-7).
    fn shop_action(&mut self, game: &FatalFight, player: u8, a: FfAction, ev: &mut impl EventSink<Event>) {
        let content = &*game.content;
        let pi = usize::from(player);
        // Those who had passed come back after a transaction; told so after its own event.
        let reopened = if a == FfAction::ShopDone { 0 } else { std::mem::take(&mut self.shop_passed) };
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
                let closes = u32::from(self.shop_passed).count_ones() as usize == n;
                ev.emit(|| event("leave_shop", Some(pi), text::leave_shop_line(closes)));
                if closes {
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
        if reopened != 0 {
            ev.emit(|| event("shop_reopens", None, text::shop_reopens_line(reopened)));
        }
    }
}

pub(crate) fn legal_actions(state: &FatalFightState, game: &FatalFight, out: &mut ActionList) {
    out.clear();
    let push = |out: &mut ActionList, a: FfAction| out.push(a.encode());
    let content = &game.content;
    match state.phase {
        Phase::Over => {}
        Phase::Shop { player } => {
            let p = &state.players[usize::from(player)];
            let max_carry = usize::from(game.character(usize::from(player)).max_carry);
            // FFX-10: no limit on cards owned (the piles hold every card of the game). Items
            // bought beyond the character's maximum wait to be discarded before leaving
            // (FF-4.9); `MAX_CARRY` allows one more than any character's maximum.
            let room = |carry: bool| !carry || p.carried.len() < crate::games::fatal_fight::content::MAX_CARRY;
            let types = &game.types;
            for t in ones(types.sold) {
                if state.shop.0[t] > 0 && p.gold >= u32::from(types.cost[t]) && room(types.carry >> t & 1 == 1) {
                    push(out, FfAction::Buy(t as u8));
                }
            }
            // Each type in the deck once, ascending: the deck is shorter than the card list.
            for t in ones(type_bits(p.deck.as_slice())) {
                if let Some(next) = content.cards[t].next {
                    if state.shop.0[usize::from(next.0)] > 0 && p.gold >= u32::from(content.card(next).cost) {
                        push(out, FfAction::Upgrade(t as u8));
                    }
                }
            }
            for (i, slot) in state.unique_row.iter().enumerate() {
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
            let p = &state.players[pi];
            let chain_open = state.chain.hits > 0;
            // FF-4.7 (FFX-8): a carried card drawn from the deck is still used without an
            // action, chain open or not; an `always` one has no use, only its holding effect.
            let types = &game.types;
            let cards = match (p.actions >= 1, chain_open) {
                (false, _) => 0,
                (true, false) => !types.carry,
                (true, true) => types.attack & !types.carry,
            };
            for t in ones(type_bits(p.hand.as_slice()) & (types.item | cards)) {
                push(out, FfAction::Play(t as u8));
            }
            // FF-6.2, FF-10.1: the free move is an act without an action, done at any timing,
            // so also inside an open chain (it changes which groups are in reach and in the
            // same area when the target is fixed, FF-0.2). A paid move plays a card face down,
            // which is no attack card: only after the chain (FFX-5).
            if p.moves > 0 || (!chain_open && p.actions >= 1 && !p.hand.is_empty()) {
                for to in ones(NEIGHBOURS.get(usize::from(p.square)).copied().unwrap_or(0)) {
                    push(out, FfAction::Move(to as u8));
                }
            }
            if chain_open {
                let mut any = false;
                for g in 0..RESPAWNS {
                    if state.can_target(game, pi, g) {
                        push(out, FfAction::Strike(g as u8));
                        any = true;
                    }
                }
                if !any {
                    push(out, FfAction::Whiff);
                }
                // Anyone may join, whatever the order (`order` seats every player once).
                if !state.chain.combined && (0..game.n()).any(|q| state.partner(player, q)) {
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
                let cost = state.save_cost(game, pi);
                for q in 0..game.n() {
                    if state.players[q].down && p.actions >= cost && p.hand.len() >= usize::from(cost) {
                        push(out, FfAction::Save(q as u8));
                    }
                }
                push(out, FfAction::EndTurn);
            }
        }
        Phase::Combination { player } => {
            let p = &state.players[usize::from(player)];
            if p.combo_left > 0 {
                for t in ones(type_bits(p.hand.as_slice()) & game.types.attack) {
                    push(out, FfAction::Play(t as u8));
                }
            }
            push(out, FfAction::Pass);
        }
        Phase::Pay { player, .. } => {
            let p = &state.players[usize::from(player)];
            for t in hand_types(p.hand.as_slice()) {
                push(out, FfAction::Pay(t.0 as u8));
            }
        }
        Phase::MassDamage { .. } => {
            for q in 0..game.n() {
                if state.players[q].active() {
                    push(out, FfAction::Assign(q as u8));
                }
            }
        }
    }
}

pub(crate) fn apply(state: &mut FatalFightState, game: &FatalFight, action: u16, ev: &mut impl EventSink<Event>) {
    let a = FfAction::decode(action);
    let content = &*game.content;
    match (state.phase, a) {
        (Phase::Shop { player }, _) => state.shop_action(game, player, a, ev),
        (Phase::Turn { player }, FfAction::Play(t)) if content.card(CardId(u16::from(t))).carry => {
            let pi = usize::from(player);
            let card = state.players[pi].hand.remove(slot_of(&state.players[pi], t));
            state.use_item(game, pi, card, "from the hand", ev);
        }
        (Phase::Turn { player }, FfAction::Play(t)) => {
            let pi = usize::from(player);
            state.players[pi].actions -= 1;
            state.play_card(game, pi, slot_of(&state.players[pi], t), ev);
            // FF-9.3, FFX-5: partners may join after each card the turn player plays.
            state.chain.combined = false;
        }
        (Phase::Combination { player }, FfAction::Play(t)) => {
            let pi = usize::from(player);
            state.players[pi].combo_left -= 1;
            state.play_card(game, pi, slot_of(&state.players[pi], t), ev);
        }
        (Phase::Combination { player }, FfAction::Pass) => {
            let turn = state.chain_owner;
            match state.partners(game, turn, Some(player)) {
                Some(q) => state.phase = Phase::Combination { player: q },
                None => state.phase = Phase::Turn { player: turn },
            }
        }
        (Phase::Turn { player }, FfAction::Combination) => {
            state.chain.combined = true;
            if let Some(q) = state.partners(game, player, None) {
                ev.emit(|| event("combination", Some(usize::from(player)), "offers a combination".into()));
                state.phase = Phase::Combination { player: q };
            }
        }
        (Phase::Turn { player }, FfAction::Strike(g)) => {
            state.strike(game, usize::from(player), usize::from(g), ev);
        }
        (Phase::Turn { player }, FfAction::Whiff) => {
            ev.emit(|| event("whiff", Some(usize::from(player)), "ends a chain without a target".into()));
            state.chain = Chain::default();
        }
        (Phase::Turn { player }, FfAction::Move(to)) => {
            let p = &mut state.players[usize::from(player)];
            if p.moves > 0 {
                p.moves -= 1;
                p.square = to;
                ev.emit(|| event("move", Some(usize::from(player)), format!("moves to {}", square_name(to))));
            } else {
                p.actions -= 1;
                state.phase = Phase::Pay { player, left: 1, then: Pending::Move { to } };
            }
        }
        (Phase::Turn { player }, FfAction::Item(i)) => {
            let card = state.players[usize::from(player)].carried.remove(usize::from(i));
            state.use_item(game, usize::from(player), card, "", ev);
        }
        (Phase::Turn { player }, FfAction::Save(q)) => {
            let cost = state.save_cost(game, usize::from(player));
            state.players[usize::from(player)].actions -= cost;
            state.phase = Phase::Pay { player, left: cost, then: Pending::Save { target: q } };
        }
        (Phase::Turn { player }, FfAction::EndTurn) => {
            ev.emit(|| event("end_turn", Some(usize::from(player)), "ends the turn".into()));
            state.next_turn(game, Some(player), ev);
        }
        (Phase::Pay { player, left, then }, FfAction::Pay(t)) => {
            let p = &mut state.players[usize::from(player)];
            let card = p.hand.remove(slot_of(p, t));
            p.facedown.push(card);
            if left > 1 {
                state.phase = Phase::Pay { player, left: left - 1, then };
            } else {
                state.phase = Phase::Turn { player };
                match then {
                    Pending::Move { to } => {
                        state.players[usize::from(player)].square = to;
                        ev.emit(|| {
                            event(
                                "move",
                                Some(usize::from(player)),
                                format!("plays a card face down and moves to {}", square_name(to)),
                            )
                        });
                    }
                    Pending::Save { target } => {
                        let t = &mut state.players[usize::from(target)];
                        t.down = false;
                        t.immune = true;
                        t.life = 2;
                        ev.emit(|| event("save", Some(usize::from(player)), format!("saves P{target}")));
                    }
                }
            }
        }
        (Phase::MassDamage { group }, FfAction::Assign(q)) => {
            let amount = state.mass[usize::from(group)];
            state.mass[usize::from(group)] = 0;
            ev.emit(|| event("mass_damage", Some(usize::from(q)), format!("takes {amount} mass damage")));
            state.damage(usize::from(q), amount, false);
            state.after_mass(game, ev);
        }
        _ => unreachable!("step called with an illegal action"),
    }
}
