//! The UFS turn: legal actions and what each does, the phases, the attack sequence, momentum and
//! library-out relief; control checks are `checks.rs`, the ability language `abilities.rs`.
//! Clause ids (UF-…, UFX-…) refer to `docs/rules/ufs.md`.

use crate::cards::CardId;
use crate::core::{count, event, Action, ActionList, EventSink, State};
use crate::games::ufs::actions::UfsAction;
use crate::games::ufs::content::{Ability, Kind, Trigger};
use crate::games::ufs::game::{SymbolMatch, Ufs, PLAY_ENHANCE_AGAINST, PLAY_ENHANCE_OWN, PLAY_FORM};
use crate::games::ufs::state::{At, Cards, Event, Phase, Purpose, Slot, UfsState};

/// A card leaving the deck: how many cards relief removes (UF-3.4).
const RELIEF_REMOVED: usize = 10;

impl UfsState {
    // ------------------------------------------------------------------ queries

    /// The resource symbols `p` can match against (UF-7.4), gathered once for a whole listing.
    #[inline(always)]
    fn resources<'a>(&'a self, game: &'a Ufs, p: usize) -> Resources<'a> {
        let symbols = |z: Cards| z.cards().fold(0, |m, c| m | game.symbols(p, c));
        let pool = self.sides[p].pool();
        Resources { game, p, character: symbols(self.sides[p].character()), pool_any: symbols(pool), pool }
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
        let pool = self.sides[p].pool().as_slice();
        combo.iter().enumerate().all(|(m, t)| game.content.card(pool[slot - combo.len() + m].card).has_trait(t))
    }

    #[inline(always)]
    pub(super) fn condition_holds(&self, game: &Ufs, p: usize, slot: Option<usize>, a: &Ability) -> bool {
        (!a.condition.desperation || self.desperate(game, p)) && self.combo_holds(game, p, slot, &a.condition.combo)
    }

    /// Ready foundations and the ready character: what a check can still gain (UF-8.7).
    pub(super) fn commit_sources(&self, game: &Ufs, p: usize) -> usize {
        let s = &self.sides[p];
        let f = s
            .staging()
            .as_slice()
            .iter()
            .filter(|x| !x.committed() && game.content.card(x.card).kind == Kind::Foundation)
            .count();
        f + usize::from(!s.character_committed())
    }

    /// The slot of a source, if it exists for `p` now.
    pub(super) fn source_slot(&self, game: &Ufs, p: usize, k: usize) -> Option<(Slot, Option<usize>)> {
        let s = &self.sides[p];
        let ids = &game.ids;
        if k < ids.char_source {
            s.staging().as_slice().get(k).map(|x| (*x, None))
        } else if k < ids.attack_source {
            s.character().as_slice().get(k - ids.char_source).map(|x| (*x, None))
        } else {
            let a = self.attack?;
            if p != usize::from(self.active) {
                return None;
            }
            let slot = usize::from(a.slot);
            s.pool().as_slice().get(slot).map(|x| (*x, Some(slot)))
        }
    }

    /// An ability that changes an attack works only on the one it names: its user's own attack
    /// or the attack against its user (UFX-10).
    pub(super) fn side_fits(&self, p: usize, a: &Ability) -> bool {
        a.attack.is_none_or(|w| w.fits(p == usize::from(self.active)))
    }

    /// Hand cards `p` may play now whose card passes `kind` (what they are, symbols aside),
    /// each card once, if their symbols match (UF-7.4). The resources are gathered at the first
    /// card that gets as far as its symbols: most hands hold no enhance and no block.
    #[inline(always)]
    fn playable(&self, game: &Ufs, p: usize, kind: impl Fn(CardId) -> bool, mut push: impl FnMut(usize)) {
        let mut res = None;
        for (i, c) in self.distinct_hand_where(p, kind) {
            if res.get_or_insert_with(|| self.resources(game, p)).matches(c) {
                push(i);
            }
        }
    }

    /// Hand indices whose card is the first of its kind in the hand: playing either copy is the
    /// same move, so only one is offered (and action texts stay unique).
    fn distinct_hand(&self, p: usize) -> impl Iterator<Item = (usize, CardId)> + '_ {
        self.distinct_hand_where(p, |_| true)
    }

    /// `distinct_hand`'s cards that pass `keep`, a test of the card alone: it runs before the
    /// scan for an earlier copy, which most hand cards would otherwise pay for nothing. The scan
    /// runs only when an earlier kept card shares the card id's bit in `seen` (as every earlier
    /// copy does: `keep` passes copies alike).
    #[inline(always)]
    fn distinct_hand_where<'a>(
        &'a self,
        p: usize,
        keep: impl Fn(CardId) -> bool + 'a,
    ) -> impl Iterator<Item = (usize, CardId)> + 'a {
        let hand = self.sides[p].hand().as_slice();
        let mut seen = 0u64;
        let first = move |&(i, c): &(usize, &Slot)| {
            if !keep(c.card) {
                return false;
            }
            let bit = 1 << (c.card.0 & 63);
            let first = seen & bit == 0 || !hand[..i].contains(c);
            seen |= bit;
            first
        };
        hand.iter().enumerate().filter(first).map(|(i, c)| (i, c.card))
    }

    fn has_enhance_option(&self, game: &Ufs, p: usize) -> bool {
        let mut out = ActionList::new();
        self.enhance_actions(game, p, &mut out);
        out.len() > 1
    }

    fn enhance_actions(&self, game: &Ufs, p: usize, out: &mut ActionList) {
        let own = if p == usize::from(self.active) { PLAY_ENHANCE_OWN } else { PLAY_ENHANCE_AGAINST };
        let kind = |c| game.hand_play(p, c) & own != 0;
        self.playable(game, p, kind, |i| out.push(UfsAction::Play(i as u16).encode(&game.ids)));
        self.use_actions(game, p, Trigger::Enhance, out);
        out.push(UfsAction::Pass.encode(&game.ids));
    }

    #[inline(always)]
    fn use_actions(&self, game: &Ufs, p: usize, trigger: Trigger, out: &mut ActionList) {
        let s = &self.sides[p];
        let ids = &game.ids;
        let staging = s.staging().as_slice();
        for (k, &x) in staging.iter().enumerate() {
            // The same card with the same marks offers the same uses once.
            if self.may_use(game, x, trigger) && !staging[..k].contains(&x) {
                self.push_uses(game, p, Source { k, slot: x, pool_slot: None }, trigger, out);
            }
        }
        for (k, &x) in s.character().as_slice().iter().enumerate() {
            if self.may_use(game, x, trigger) {
                self.push_uses(game, p, Source { k: ids.char_source + k, slot: x, pool_slot: None }, trigger, out);
            }
        }
        // The attack in the pool is a source of its attacker's enhances (`source_slot`).
        if let (Trigger::Enhance, Some(a)) = (trigger, self.attack) {
            let pool_slot = usize::from(a.slot);
            match s.pool().as_slice().get(pool_slot) {
                Some(&x) if p == usize::from(self.active) && self.may_use(game, x, trigger) => {
                    let src = Source { k: ids.attack_source, slot: x, pool_slot: Some(pool_slot) };
                    self.push_uses(game, p, src, trigger, out);
                }
                _ => {}
            }
        }
    }

    /// The cheap filter first: most cards in play have nothing to use now.
    fn may_use(&self, game: &Ufs, x: Slot, trigger: Trigger) -> bool {
        let used = if trigger == Trigger::Enhance { x.used_attack() } else { x.used_turn() };
        !x.face_down() && !used && game.content.card(x.card).triggers & trigger.bit() != 0
    }

    /// The uses of `src` that `p` may make now (UF-8): an ability under the trigger whose cost
    /// can be paid and whose condition holds. The source's face and use marks are `may_use`'s,
    /// checked before; what depends only on the source is worked out once for its abilities.
    #[inline(always)]
    fn push_uses(&self, game: &Ufs, p: usize, src: Source, trigger: Trigger, out: &mut ActionList) {
        let Source { k, slot, pool_slot } = src;
        let ids = &game.ids;
        let s = &self.sides[p];
        let character = (ids.char_source..ids.attack_source).contains(&k);
        let committed = if character { s.character_committed() } else { slot.committed() };
        // Committing needs a ready source; the attack in the pool is none, nor can a
        // character or an attack be destroyed to pay.
        let no_commit = committed || k == ids.attack_source;
        let no_destroy = k >= ids.char_source;
        let momentum = s.momentum().len();
        for (j, a) in game.content.card(slot.card).abilities.iter().enumerate() {
            let c = &a.cost;
            if a.trigger == trigger
                && !(c.commit && no_commit)
                && !(c.destroy && no_destroy)
                && momentum >= usize::from(c.surge)
                && self.side_fits(p, a)
                && self.condition_holds(game, p, pool_slot, a)
            {
                out.push(UfsAction::Use(k as u16, j as u8).encode(ids));
            }
        }
    }

    fn block_actions(&self, game: &Ufs, p: usize, out: &mut ActionList) {
        let Some(a) = self.attack else { return };
        // UF-10.8, UF-10.9: same or adjacent zone; UF-10.4: symbols too.
        let kind = |c| game.content.card(c).block.is_some_and(|b| b.zone.distance(a.zone) <= 1);
        self.playable(game, p, kind, |i| out.push(UfsAction::Block(i as u16).encode(&game.ids)));
    }

    // ------------------------------------------------------------------ primitives

    pub(super) fn over(&self) -> bool {
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
    pub(super) fn relief(&mut self, p: usize, ev: &mut impl EventSink<Event>) {
        while !self.over() && self.sides[p].deck().is_empty() {
            let s = &mut self.sides[p];
            if s.discard().len() < RELIEF_REMOVED {
                self.finish(Some(1 - p), "the opponent's deck ran out and could not be refilled", ev);
                return;
            }
            s.discard_mut().move_all_to(At::Deck);
            // The hand's cards now all predate the deck made here.
            s.drawn_since_relief = 0;
            s.deck_mut().shuffle(&mut self.rng);
            s.deck_mut().draw_to(At::Removed, RELIEF_REMOVED);
            let left = s.deck().len();
            ev.emit(|| {
                event(
                    "relief",
                    Some(p),
                    format!("reuses its discard pile; 10 cards removed from the game, {left} left"),
                )
            });
        }
    }

    /// Draws `n` cards; a hand can hold the whole deck (UFX-11).
    pub(super) fn draw(&mut self, p: usize, n: usize, ev: &mut impl EventSink<Event>) {
        for _ in 0..n {
            if self.over() {
                return;
            }
            let s = &mut self.sides[p];
            if s.deck_mut().draw_to(At::Hand, 1) == 0 {
                return;
            }
            if !s.removed().is_empty() {
                s.drawn_since_relief += 1;
            }
            self.relief(p, ev);
        }
    }

    /// UF-2.6, UF-3.2: draw up to the character's hand size, never beyond.
    #[inline(always)]
    pub(super) fn draw_up(&mut self, game: &Ufs, p: usize, ev: &mut impl EventSink<Event>) {
        let want = usize::from(game.hand_size(p));
        let have = self.sides[p].hand().len();
        if want > have {
            ev.emit(|| event("draw", Some(p), format!("draws {}", want - have)));
            self.draw(p, want - have, ev);
        }
    }

    // ------------------------------------------------------------------ the attack

    /// Gives enhance priority to `to`. UF-6.3 「攻撃側から交互に、双方がパスするまで手札や自分の場のカードの強化能力を使用する」:
    /// the table asks each player in turn, so whether a player is asked may depend only on what
    /// both see (UFX-13): one with a card in hand is asked whatever the card is (a pass is always
    /// legal); only one with an empty hand and no usable card in play passes at once.
    pub(super) fn give_priority(&mut self, game: &Ufs, to: usize, passes: u8, ev: &mut impl EventSink<Event>) {
        let (mut to, mut passes) = (to, passes);
        loop {
            if passes >= 2 {
                self.block_step(game, ev);
                return;
            }
            if !self.sides[to].hand().is_empty() || self.has_enhance_option(game, to) {
                self.phase = Phase::Enhance { priority: to as u8, passes };
                return;
            }
            passes += 1;
            to = 1 - to;
        }
    }

    /// UF-6.4 「防御側が、任意で手札のカードによるブロックを行うかどうかを選択する」: the defender is
    /// asked whenever it holds a card (UFX-13), whether or not one can block: being asked may
    /// not tell the attacker what the hand holds. Only an empty hand, which both see, skips it.
    fn block_step(&mut self, game: &Ufs, ev: &mut impl EventSink<Event>) {
        let d = 1 - usize::from(self.active);
        if self.sides[d].hand().is_empty() {
            self.damage_step(game, ev);
        } else {
            self.phase = Phase::Block;
        }
    }

    /// UF-6.9..UF-6.13: full block 0, partial block half rounded up, otherwise full damage.
    pub(super) fn damage_step(&mut self, game: &Ufs, ev: &mut impl EventSink<Event>) {
        let a = usize::from(self.active);
        let d = 1 - a;
        let at = self.attack.expect("damage step inside an attack");
        let base = at.damage.max(0) as u8;
        let dealt = match at.block {
            None => base,
            Some(b) => {
                let card = self.sides[d].pool().as_slice()[usize::from(b)].card;
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
            self.sides[a].pool_mut().into_slice()[slot].set_damaged(true);
            if left == 0 {
                // UF-1.2
                self.finish(Some(a), "the opponent's vitality reached 0", ev);
                return;
            }
            let card = self.sides[a].pool().as_slice()[slot].card;
            self.fire(game, a, card, Some(slot), Trigger::Damage, ev);
            // The attacker's face-up cards in play with "after your attack deals damage", listed
            // before any fires; on the stack unless the row is long.
            let mut inline: arrayvec::ArrayVec<CardId, 32> = arrayvec::ArrayVec::new();
            let mut spill = Vec::new();
            let s = &self.sides[a];
            let face_up = s
                .character()
                .as_slice()
                .iter()
                .chain(s.staging().as_slice())
                .filter(|x| !x.face_down())
                .map(|x| x.card);
            if face_up.clone().count() <= inline.capacity() {
                inline.extend(face_up);
            } else {
                spill.extend(face_up);
            }
            let sources = inline.into_iter().chain(spill);
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
            for x in s.in_play_mut() {
                x.set_used_attack(false);
            }
        }
    }

    // ------------------------------------------------------------------ turn structure

    /// UF-5.3: the end phase. Damaging attacks may become momentum first (one choice each).
    pub(super) fn end_phase(&mut self, game: &Ufs, ev: &mut impl EventSink<Event>) {
        self.end_attack();
        let a = usize::from(self.active);
        if self.sides[a].pool().as_slice().iter().any(|x| x.damaged()) {
            self.phase = Phase::Momentum;
        } else {
            self.finish_turn(game, ev);
        }
    }

    fn finish_turn(&mut self, game: &Ufs, ev: &mut impl EventSink<Event>) {
        let a = usize::from(self.active);
        let s = &mut self.sides[a];
        while let Some(x) = s.pool().get(0) {
            let c = game.content.card(x);
            let to = match c.kind {
                // UF-3.7: a unique card whose copy is already in play is discarded.
                Kind::Foundation | Kind::Asset if c.unique && s.staging().contains(x) => At::Discard,
                Kind::Foundation | Kind::Asset => At::Staging,
                // UF-3.7 covers characters too: an identical unique copy does not survive;
                // another card of the same person attaches (UF-11.3).
                Kind::Character if c.unique && s.character().contains(x) => At::Discard,
                Kind::Character => At::Character,
                Kind::Attack | Kind::Action => At::Discard,
            };
            s.pool_mut().move_to(0, to);
        }
        self.sides[1 - a].pool_mut().move_all_to(At::Discard);
        for s in &mut self.sides {
            for x in s.in_play_mut() {
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
        for x in s.in_play_mut() {
            x.set_committed(false);
        }
        let turn = self.turn;
        ev.emit(|| event("turn", Some(a), format!("turn {turn}: readies its cards")));
        if self.sides[a].hand().is_empty() {
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
        let c = s.take_from_hand(i, At::Pool);
        ev.emit(|| event("play", Some(p), format!("{verb} {}", game.content.card(c).name)));
        c
    }
}

/// An ability source (`k` in the action space), its card, and its pool slot if it is the attack.
#[derive(Clone, Copy)]
struct Source {
    k: usize,
    slot: Slot,
    pool_slot: Option<usize>,
}

/// What hand cards' symbols are matched against (UF-7.4): the character with its attached
/// copies (UF-11.3), and each card in the pool.
struct Resources<'a> {
    game: &'a Ufs,
    p: usize,
    character: u16,
    /// Every pool card's symbols together.
    pool_any: u16,
    pool: Cards<'a>,
}

impl Resources<'_> {
    fn matches(&self, card: CardId) -> bool {
        let (game, p) = (self.game, self.p);
        let mine = game.symbols(p, card);
        match game.options.symbol_match {
            SymbolMatch::Any => mine & (self.character | self.pool_any) != 0,
            SymbolMatch::Every => {
                mine & self.character != 0 && self.pool.cards().all(|c| mine & game.symbols(p, c) != 0)
            }
        }
    }
}

pub(crate) fn legal_actions(state: &UfsState, game: &Ufs, out: &mut ActionList) {
    out.clear();
    let Some(p) = state.current_player() else { return };
    match state.phase {
        Phase::Over => {}
        Phase::Mulligan { .. } => {
            out.push(UfsAction::Mulligan(false).encode(&game.ids));
            out.push(UfsAction::Mulligan(true).encode(&game.ids));
        }
        Phase::Review => {
            for (i, _) in state.distinct_hand(p) {
                out.push(UfsAction::Discard(i as u16).encode(&game.ids));
            }
            out.push(UfsAction::Pass.encode(&game.ids));
        }
        Phase::Combat => {
            let kind = |c| game.hand_play(p, c) & PLAY_FORM != 0;
            state.playable(game, p, kind, |i| out.push(UfsAction::Play(i as u16).encode(&game.ids)));
            state.use_actions(game, p, Trigger::Form, out);
            out.push(UfsAction::Pass.encode(&game.ids));
        }
        Phase::Enhance { .. } => state.enhance_actions(game, p, out),
        Phase::Block => {
            state.block_actions(game, p, out);
            out.push(UfsAction::Pass.encode(&game.ids));
        }
        Phase::Check => {
            let s = &state.sides[p];
            let staging = s.staging().as_slice();
            for k in 0..staging.len() {
                let x = staging[k];
                if !x.committed() && game.content.card(x.card).kind == Kind::Foundation && !staging[..k].contains(&x) {
                    out.push(UfsAction::Commit(k as u16).encode(&game.ids));
                }
            }
            if !s.character_committed() {
                out.push(UfsAction::Commit(game.ids.char_source as u16).encode(&game.ids));
            }
            out.push(UfsAction::Pass.encode(&game.ids));
        }
        Phase::Momentum => {
            out.push(UfsAction::Momentum(false).encode(&game.ids));
            out.push(UfsAction::Momentum(true).encode(&game.ids));
        }
    }
}

pub(crate) fn apply(state: &mut UfsState, game: &Ufs, action: Action, ev: &mut impl EventSink<Event>) {
    let Some(p) = state.current_player() else { return };
    let act = UfsAction::decode(action, &game.ids);
    match (state.phase, act) {
        (Phase::Mulligan { player }, UfsAction::Mulligan(redo)) => {
            let s = &mut state.sides[p];
            if redo {
                // UF-2.7: the old hand is removed from the game; a new hand is drawn.
                let n = s.hand().len();
                s.hand_mut().move_all_to(At::Mulliganed);
                s.drawn_since_relief = 0;
                ev.emit(|| event("mulligan", Some(p), format!("mulligans {}", count(n, "card"))));
                state.draw_up(game, p, ev);
            } else {
                ev.emit(|| event("keep", Some(p), "keeps its hand".into()));
            }
            state.sides[p].mulligan_done = true;
            if state.over() {
                return;
            }
            if player == state.first {
                state.phase = Phase::Mulligan { player: 1 - player };
            } else {
                // UF-2.8: the first player skips its first ready phase.
                state.phase = Phase::Combat;
                let f = usize::from(state.first);
                ev.emit(|| event("turn", Some(f), "turn 1 (no ready phase)".into()));
            }
        }
        (Phase::Review, UfsAction::Discard(i)) => {
            let s = &mut state.sides[p];
            let c = s.take_from_hand(usize::from(i), At::Discard);
            ev.emit(|| event("discard", Some(p), format!("discards {}", game.content.card(c).name)));
            state.after_review(game, ev);
        }
        (Phase::Review, UfsAction::Pass) => state.after_review(game, ev),
        (Phase::Combat, UfsAction::Play(i)) => {
            let c = state.put_in_pool(game, p, usize::from(i), "plays", ev);
            let slot = state.sides[p].pool().len() - 1;
            let card = game.content.card(c);
            state.start_check(game, p, slot, Purpose::Form, i16::from(card.difficulty) + slot as i16, ev);
        }
        (Phase::Combat, UfsAction::Use(k, j)) => state.use_ability(game, p, usize::from(k), usize::from(j), ev),
        (Phase::Combat, UfsAction::Pass) => {
            ev.emit(|| event("end_combat", Some(p), "ends the combat phase".into()));
            state.end_phase(game, ev);
        }
        (Phase::Enhance { .. }, UfsAction::Play(i)) => {
            let c = state.put_in_pool(game, p, usize::from(i), "enhances with", ev);
            let slot = state.sides[p].pool().len() - 1;
            let card = game.content.card(c);
            state.start_check(game, p, slot, Purpose::Enhance, i16::from(card.difficulty) + slot as i16, ev);
        }
        (Phase::Enhance { .. }, UfsAction::Use(k, j)) => {
            state.use_ability(game, p, usize::from(k), usize::from(j), ev);
            if !state.over() {
                state.give_priority(game, 1 - p, 0, ev);
            }
        }
        (Phase::Enhance { passes, .. }, UfsAction::Pass) => {
            ev.emit(|| event("pass", Some(p), "passes".into()));
            state.give_priority(game, 1 - p, passes + 1, ev);
        }
        (Phase::Block, UfsAction::Block(i)) => {
            let c = state.put_in_pool(game, p, usize::from(i), "blocks with", ev);
            let slot = state.sides[p].pool().len() - 1;
            let card = game.content.card(c);
            let b = card.block.expect("block card");
            let speed = state.attack.map_or(0, |a| a.speed.max(0));
            // UF-6.6: printed + progressive + the attack's speed + the block modifier.
            let difficulty = i16::from(card.difficulty) + slot as i16 + i16::from(speed) + i16::from(b.modifier);
            state.start_check(game, p, slot, Purpose::Block, difficulty, ev);
        }
        (Phase::Block, UfsAction::Pass) => {
            ev.emit(|| event("no_block", Some(p), "does not block".into()));
            state.damage_step(game, ev);
        }
        (Phase::Check, UfsAction::Commit(k)) => {
            let k = usize::from(k);
            let s = &mut state.sides[p];
            let name = if k < game.ids.char_source {
                s.staging_mut().into_slice()[k].set_committed(true);
                game.content.card(s.staging().as_slice()[k].card).name.as_str()
            } else {
                s.character_mut().into_slice()[0].set_committed(true);
                game.content.card(s.character().as_slice()[0].card).name.as_str()
            };
            ev.emit(|| event("commit", Some(p), format!("commits {name} for +1")));
            let mut c = state.check.expect("check step has a check");
            c.have += 1;
            if c.have >= c.need {
                state.check_passed(game, p, usize::from(c.slot), c.purpose, ev);
            } else {
                state.check = Some(c);
            }
        }
        (Phase::Check, UfsAction::Pass) => {
            let c = state.check.expect("check step has a check");
            state.check_failed(game, p, usize::from(c.slot), c.purpose, ev);
        }
        (Phase::Momentum, UfsAction::Momentum(keep)) => {
            let s = &mut state.sides[p];
            let i = s.pool().as_slice().iter().position(|x| x.damaged()).expect("a damaging attack waits");
            if keep {
                // UF-9.3, UF-9.4: face down under the character.
                let c = s.pool_mut().move_to(i, At::Momentum);
                ev.emit(|| event("momentum", Some(p), format!("{} becomes momentum", game.content.card(c).name)));
            } else {
                s.pool_mut().into_slice()[i].set_damaged(false);
            }
            if !state.sides[p].pool().as_slice().iter().any(|x| x.damaged()) {
                state.finish_turn(game, ev);
            }
        }
        _ => debug_assert!(false, "step called with an illegal action {act:?} in {:?}", state.phase),
    }
}
