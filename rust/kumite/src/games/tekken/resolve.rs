//! Resolving a card's symbols (TK-5, TK-6): strikes, moves and dashes, pushes and sweeps,
//! stuns, special hexes and the floor's break tokens. `rules.rs` runs the string and calls these
//! for each symbol in the attacker's chosen order.

use crate::core::{EffectKey, EventSink};
use crate::games::tekken::content::{SpecialHex, Symbol};
use crate::games::tekken::game::Tekken;
use crate::games::tekken::state::{event, Event, Slot, TekkenState};
use crate::hex::{Direction, Hex};

/// HP at or below which a fighter is in the red zone and reveals its rage card (TK-9.2).
pub const RAGE_HP: u8 = 6;

/// What a resolving symbol asks of the flow.
pub(super) enum Flow {
    Continue,
    /// The attacker must choose where to move.
    NeedMove,
    /// A fighter reached 0 HP: the round is over and the next one (or the match end) is set up.
    RoundOver,
}

/// Where a resolving symbol is printed, for the dead-text check.
#[derive(Clone, Copy)]
pub(super) enum Source {
    /// The card's symbol line and then the connected extension's (`Means::Card`'s `next`).
    Card(usize),
    Rage(usize),
    Combo {
        combo: u8,
        symbol: usize,
    },
}

impl TekkenState {
    /// The printed effect a symbol from `source` is (as [`Game::printed_effects`](crate::core::Game::printed_effects) lists it).
    fn effect_key(&self, game: &Tekken, source: Source) -> EffectKey {
        let character = game.character(usize::from(self.attacker));
        match source {
            Source::Card(i) => {
                let card = self.current_card().map(|c| game.content.card(c));
                match card {
                    Some(card) if i < card.symbols.len() => EffectKey::new(&card.id, i),
                    _ => {
                        // An extension's symbol: printed on the previous card, after its own line.
                        let prev = self.string.extension_from.map(|c| game.content.card(c));
                        let (Some(card), Some(prev)) = (card, prev) else { return EffectKey::new("?", i) };
                        let mut at = prev.symbols.len();
                        for e in &prev.extensions {
                            if e.height == card.height {
                                break;
                            }
                            at += e.symbols.len();
                        }
                        EffectKey::new(&prev.id, at + i - card.symbols.len())
                    }
                }
            }
            Source::Rage(i) => {
                let rage = &character.rage[usize::from(self.fighters[usize::from(self.attacker)].rage.unwrap_or(0))];
                EffectKey::new(format!("{} rage {}", character.id, rage.name), i)
            }
            Source::Combo { combo, symbol } => {
                EffectKey::new(format!("{} combo {}", character.id, character.combos[usize::from(combo)].name), symbol)
            }
        }
    }

    // ---- symbols -----------------------------------------------------------------------------

    /// Resolves one symbol; `false` when the means must stop here (a move to choose, or the
    /// round is over).
    pub(super) fn resolve_symbol(
        &mut self,
        game: &Tekken,
        symbol: Symbol,
        source: Source,
        ev: &mut impl EventSink<Event>,
    ) -> bool {
        match self.exec(game, symbol, source, ev) {
            Flow::Continue => true,
            Flow::NeedMove => {
                self.string.awaiting_move = true;
                false
            }
            Flow::RoundOver => false,
        }
    }

    /// Resolves one symbol. It takes effect (for the dead-text check) when it changes the game: a
    /// move with a free hex to go to (it is mandatory then), a strike at close range, a push that
    /// moves the opponent, a sweep on a standing opponent, a stun with a slot left to block.
    #[inline(always)]
    fn exec(&mut self, game: &Tekken, symbol: Symbol, source: Source, ev: &mut impl EventSink<Event>) -> Flow {
        let att = usize::from(self.attacker);
        let def = 1 - att;
        if symbol == Symbol::Move {
            if self.move_targets(game).next().is_none() {
                ev.emit(|| event("move", Some(att), "has no free hex to move to".into()));
                return Flow::Continue;
            }
            ev.took_effect(|| self.effect_key(game, source));
            return Flow::NeedMove;
        }
        if !self.adjacent() {
            ev.emit(|| event("whiff", Some(att), format!("{symbol} hits the air (not at close range)")));
            return Flow::Continue;
        }
        match symbol {
            Symbol::Move => unreachable!(),
            Symbol::Strike(n) => {
                ev.took_effect(|| self.effect_key(game, source));
                let bonus = u8::from(self.fighters[def].knocked_down);
                if let Flow::RoundOver = self.damage(game, def, n + bonus, ev) {
                    return Flow::RoundOver;
                }
                let side = usize::from(self.floor.side);
                if game.stage().is_cracked(side, self.fighters[def].pos) {
                    self.flip_floor_token(ev);
                    return Flow::Continue;
                }
                Flow::Continue
            }
            Symbol::Push(n) => {
                let d = self.fighters[att].pos.direction_to(self.fighters[def].pos).expect("adjacent");
                for k in 0..n {
                    let next = self.fighters[def].pos.neighbor(d);
                    if !game.stage().board.is_open(next) || next == self.fighters[att].pos {
                        break;
                    }
                    if k == 0 {
                        ev.took_effect(|| self.effect_key(game, source));
                    }
                    ev.emit(|| event("push", Some(def), format!("is pushed to ({}, {})", next.q, next.r)));
                    if let Flow::RoundOver = self.enter(game, def, next, ev) {
                        return Flow::RoundOver;
                    }
                }
                Flow::Continue
            }
            Symbol::Sweep => {
                if !self.fighters[def].knocked_down {
                    ev.took_effect(|| self.effect_key(game, source));
                }
                self.fighters[def].knocked_down = true;
                ev.emit(|| event("sweep", Some(def), "is knocked down".into()));
                Flow::Continue
            }
            Symbol::Stun => {
                if let Some(s) = self.fighters[def].first_empty_slot(3) {
                    ev.took_effect(|| self.effect_key(game, source));
                    self.fighters[def].slots[s] = Slot::Stun;
                    ev.emit(|| {
                        event("stun", Some(def), format!("is stunned: slot {} blocked for its next string", s + 1))
                    });
                }
                Flow::Continue
            }
        }
    }

    /// Moves fighter `who` onto `hex` and applies a special hex (TK-4.5: for every movement).
    #[inline(always)]
    pub(super) fn enter(&mut self, game: &Tekken, who: usize, hex: Hex, ev: &mut impl EventSink<Event>) -> Flow {
        self.fighters[who].pos = hex;
        match game.stage().special(hex) {
            Some(SpecialHex::Hazard(n)) => {
                ev.emit(|| event("hazard", Some(who), "steps on a hazard hex".into()));
                self.damage(game, who, n, ev)
            }
            None => Flow::Continue,
        }
    }

    fn damage(&mut self, game: &Tekken, who: usize, amount: u8, ev: &mut impl EventSink<Event>) -> Flow {
        let f = &mut self.fighters[who];
        f.hp = f.hp.saturating_sub(amount);
        let hp = f.hp;
        ev.emit(|| event("damage", Some(who), format!("takes {amount} damage ({hp} HP left)")));
        if hp == 0 {
            self.end_round(game, Some(1 - who), ev);
            return Flow::RoundOver;
        }
        if hp <= RAGE_HP && f.rage.is_some() && !f.rage_revealed {
            f.rage_revealed = true;
            ev.emit(|| {
                let rage = &game.character(who).rage[usize::from(self.fighters[who].rage.unwrap_or(0))];
                event("rage_reveal", Some(who), format!("is in the red zone and reveals rage card {}", rage.name))
            });
        }
        Flow::Continue
    }

    /// One floor-break token per strike on a cracked hex; the third break flips the stage (TK-10).
    fn flip_floor_token(&mut self, ev: &mut impl EventSink<Event>) {
        if self.floor.flipped >= 6 {
            return;
        }
        let is_break = self.floor.tokens[usize::from(self.floor.flipped)];
        self.floor.flipped += 1;
        ev.emit(|| {
            event("floor_token", None, format!("a floor token turns up: {}", if is_break { "BREAK" } else { "blank" }))
        });
        if !is_break || self.floor.breaks_shown() < 3 {
            return;
        }
        let att = usize::from(self.attacker);
        let def = 1 - att;
        // Both keep their hexes: the stage flips under them, so relative positions hold.
        self.fighters[def].punish_tokens += 1;
        self.fighters[def].cannot_punish = true;
        if self.floor.side == 0 {
            self.floor.side = 1;
            ev.emit(|| event("floor_break", None, "the floor breaks! the stage flips to its back side".into()));
        } else {
            self.floor.side = 0;
            self.fighters[att].punish_tokens += 1;
            ev.emit(|| event("floor_break", None, "the floor breaks again: the stage resets to its front side".into()));
        }
        self.floor.reset(&mut self.rng);
    }

    // ---- movement ----------------------------------------------------------------------------

    #[inline(always)]
    pub(crate) fn move_targets<'a>(&'a self, game: &'a Tekken) -> impl Iterator<Item = Direction> + 'a {
        let att = usize::from(self.attacker);
        let board = &game.stage().board;
        let other = board.index_of(self.fighters[1 - att].pos);
        board.open_neighbors(self.fighters[att].pos).filter(move |&(_, to)| Some(to) != other).map(|(d, _)| d)
    }

    /// Hexes beside the opponent that the attacker reaches by the fewest steps (TK-4.4); empty
    /// when already adjacent. The opponent's own hex never lies on such a shortest route.
    pub(crate) fn dash_targets(&self, game: &Tekken) -> impl Iterator<Item = Direction> {
        let att = usize::from(self.attacker);
        let from = self.fighters[att].pos;
        let other = self.fighters[1 - att].pos;
        let board = &game.stage().board;
        let mut best = u8::MAX;
        let mut dirs = arrayvec::ArrayVec::<Direction, 6>::new();
        // More than one step away: neither the same hex nor a neighbour.
        if from != other && !from.is_neighbor(other) {
            let from_here = board.distances_from(from);
            for (d, to) in board.open_neighbors(other) {
                let Some(dist) = from_here.to(to) else {
                    continue;
                };
                if dist < best {
                    best = dist;
                    dirs.clear();
                }
                if dist == best {
                    dirs.push(d);
                }
            }
        }
        dirs.into_iter()
    }

    /// The dash route: fewest steps, then the least hazard damage, then direction order
    /// (TKX-5). It walks down the board's distance table, so it allocates nothing.
    pub(super) fn dash_route(&self, game: &Tekken, target: Hex) -> arrayvec::ArrayVec<Hex, 16> {
        let other = self.fighters[1 - usize::from(self.attacker)].pos;
        let mut route = arrayvec::ArrayVec::new();
        let mut at = self.fighters[usize::from(self.attacker)].pos;
        let expect = "a shortest route to a dash target avoids the opponent";
        if !game.stage().has_hazards() {
            // Every step costs nothing: the first closer step in direction order is the one
            // `min_by_key` below keeps among equals.
            while at != target {
                at = closer_steps(game, at, target, other).next().expect(expect);
                route.push(at);
            }
            return route;
        }
        let mut memo = [u8::MAX; 256];
        while at != target {
            at = closer_steps(game, at, target, other)
                .min_by_key(|&n| hazard(game, n).saturating_add(hazard_to_go(game, n, target, other, &mut memo)))
                .expect(expect);
            route.push(at);
        }
        route
    }
}

fn hazard(game: &Tekken, hex: Hex) -> u8 {
    match game.stage().special(hex) {
        Some(SpecialHex::Hazard(n)) => n,
        None => 0,
    }
}

/// The open neighbours of `from` one step closer to `target`, skipping the opponent's hex, in
/// direction order. Walking distances are symmetric, so one row (to `target`) serves them all.
#[inline(always)]
fn closer_steps(game: &Tekken, from: Hex, target: Hex, other: Hex) -> impl Iterator<Item = Hex> + '_ {
    let board = &game.stage().board;
    let to_target = board.distances_from(target);
    let d = board.index_of(from).and_then(|i| to_target.to(i)).unwrap_or(0);
    board
        .open_neighbors(from)
        .filter(move |&(_, n)| to_target.to(n) == Some(d.wrapping_sub(1)))
        .map(|(_, n)| board.hex_at(n))
        .filter(move |&n| n != other)
}

/// The least hazard damage on a shortest route from `from` (not counting it) to `target`.
fn hazard_to_go(game: &Tekken, from: Hex, target: Hex, other: Hex, memo: &mut [u8; 256]) -> u8 {
    if from == target {
        return 0;
    }
    let i = usize::from(game.stage().board.index_of(from).expect("on the board"));
    if memo[i] == u8::MAX {
        let mut best = u8::MAX - 1;
        for n in closer_steps(game, from, target, other) {
            best = best.min(hazard(game, n).saturating_add(hazard_to_go(game, n, target, other, memo)));
        }
        memo[i] = best;
    }
    memo[i]
}
