//! The rules of Senjutsu: setup and the round (draw, select, reveal, declare, instants, resolve,
//! discard); the card-action interpreter is `resolve.rs`. Rule ids refer to `docs/rules/senjutsu.md`.

use crate::cards::CardId;
use crate::core::{event, returns_text, Action, ActionList, EventSink};
use crate::games::senjutsu::actions::SenjutsuAction as A;
use crate::games::senjutsu::content::{
    Card, CardType, Instant, Op, Zone, DEAL, DECK_SIZE, MAX_CELLS, MAX_OPS, MAX_PARTS, MAX_WOUND_LIMIT,
};
use crate::games::senjutsu::game::{DeclareOrder, Senjutsu, Setup, KIND_WORDS};
use crate::games::senjutsu::state::{Phase, SenjutsuState, Stage, MAX_HAND, MAX_PLAYERS, NO_INIT, STUN_CARDS};
use crate::games::senjutsu::text;
use crate::hex::{Direction, Hex};

use arrayvec::ArrayVec;

pub use crate::core::Event;

/// A bound on the decisions of one round with `n` samurai (the proof is in
/// `docs/rules/senjutsu.md`, "Game length"). Each samurai: a selection, a declaration, an
/// instant's declaration, one offer of an instant per round of offers (at most `n + 1`: each
/// instant played opens one more), the parts it resolves — its card's and its instant's, and
/// evade cards, each of its 40 at most once a round, all of at most `MAX_PARTS` parts of
/// `MAX_OPS` actions — and the round-end discards (at most a full hand).
pub fn max_round_decisions(n: usize) -> usize {
    // An action: a `choose`, then at most a target, 3 steps and a pass, or, for an attack, per
    // other samurai 3 push steps and a pass, an evade and the evade card's declaration.
    let per_op = 1 + (6 * (n - 1)).max(5);
    let parts = 2 * MAX_PARTS + DECK_SIZE * MAX_PARTS;
    n * (3 + (n + 1) + parts * MAX_OPS * per_op + MAX_HAND)
}

/// Rounds the rules allow: after `DECK_SIZE - DEAL` draws every deck is empty, and from then
/// on every draw phase wounds every samurai standing, so none outlasts `MAX_WOUND_LIMIT` more.
pub const MAX_ROUNDS: usize = DECK_SIZE - DEAL + MAX_WOUND_LIMIT as usize;

pub(super) fn zone_index(z: Zone) -> u8 {
    z as u8
}

pub(super) const ZONES: [Zone; 4] = [Zone::Gate, Zone::Aggression, Zone::Balance, Zone::Resolve];

/// Sides between two facings, the short way round.
fn turn_distance(a: Direction, b: Direction) -> u8 {
    let d = (b.index() + 6 - a.index()) % 6;
    d.min(6 - d)
}

impl SenjutsuState {
    // ----- helpers ---------------------------------------------------------------------------

    fn card<'g>(&self, game: &'g Senjutsu, id: CardId) -> &'g Card {
        game.content.card(id)
    }

    pub(super) fn zone_of(&self, game: &Senjutsu, p: usize) -> Zone {
        game.samurai(p).tree.nodes[usize::from(self.samurai[p].kamae)].1
    }

    /// SJ-9.3: a card that requires a kamae zone is usable only there.
    fn usable(&self, game: &Senjutsu, p: usize, card: &Card) -> bool {
        usable_in(card, self.zone_of(game, p))
    }

    /// Players in advantage order, top first (or bottom first).
    pub(super) fn by_advantage(&self, bottom_first: bool) -> ArrayVec<usize, MAX_PLAYERS> {
        let n = self.advantage.len();
        (0..n).map(|i| usize::from(self.advantage[if bottom_first { n - 1 - i } else { i }])).collect()
    }

    /// The first player after `after` (or from the start) in an order who satisfies `pred`.
    fn next_in(order: &[usize], after: Option<usize>, mut pred: impl FnMut(usize) -> bool) -> Option<usize> {
        let start = after.and_then(|a| order.iter().position(|&x| x == a)).map_or(0, |i| i + 1);
        order[start..].iter().copied().find(|&p| pred(p))
    }

    pub(super) fn enemy(&self, game: &Senjutsu, a: usize, b: usize) -> bool {
        game.enemies(a, b)
    }

    pub(super) fn open_and_free(&self, game: &Senjutsu, h: Hex) -> bool {
        game.battlefield().board.is_open(h) && !self.occupied(h)
    }

    /// Ends the game once at most one team stands; `fell` marks the samurai who fell in the
    /// moment just judged.
    fn check_over(&mut self, game: &Senjutsu, fell: u8, events: &mut impl EventSink<Event>) {
        if self.result.is_some() {
            return;
        }
        let n = game.n();
        let mut teams_alive = [false; MAX_PLAYERS];
        let mut teams_fell = [false; MAX_PLAYERS];
        for p in 0..n {
            let team = usize::from(game.teams[p]);
            teams_alive[team] |= self.alive(p);
            teams_fell[team] |= fell & (1 << p) != 0;
        }
        let alive_count = teams_alive.iter().filter(|&&t| t).count();
        if alive_count > 1 {
            return;
        }
        // SJ-2.2: the last samurai or team standing wins. SJX-1: if the last fall together, they
        // end level (0) among themselves, and every side defeated before them has lost.
        let last = if alive_count == 1 { (teams_alive, 1) } else { (teams_fell, 0) };
        let mut r = [0i8; MAX_PLAYERS];
        for (p, v) in r.iter_mut().enumerate().take(n) {
            *v = if last.0[usize::from(game.teams[p])] { last.1 } else { -1 };
        }
        self.result = Some(r);
        self.phase = Phase::Over;
        self.stack.clear();
        events.emit(|| event("game_over", None, format!("game over: {}", returns_text(&r[..n]))));
    }

    fn defeat(&mut self, game: &Senjutsu, p: usize, why: &'static str, events: &mut impl EventSink<Event>) {
        if self.samurai[p].defeated {
            return;
        }
        self.samurai[p].defeated = true;
        events.emit(|| event("defeated", Some(p), format!("is defeated ({why})")));
        self.check_over(game, 1 << p, events);
    }

    /// SJ-10.1–10.4: one wound card per wound, bleeding cards for a drop symbol. A supply that
    /// runs out is the box's count, not a rule: the table takes substitutes (SJX-10).
    pub(crate) fn wound(&mut self, game: &Senjutsu, p: usize, n: u8, bleed: bool, events: &mut impl EventSink<Event>) {
        self.take_wounds(p, n, bleed, events);
        if self.samurai[p].wounds >= game.samurai(p).wound_limit {
            self.defeat(game, p, "wound limit", events);
        }
    }

    /// The wound cards of `wound`, without judging defeat (the draw phase judges all at once).
    fn take_wounds(&mut self, p: usize, n: u8, bleed: bool, events: &mut impl EventSink<Event>) {
        let kind = usize::from(bleed);
        self.supply[kind] = self.supply[kind].saturating_sub(n);
        let s = &mut self.samurai[p];
        s.wounds += n;
        if bleed {
            s.bleeding += n;
        }
        let w = s.wounds;
        events.emit(|| {
            let kind = if bleed { "bleeding wound" } else { "wound" };
            event("wound", Some(p), format!("takes {n} {kind}{} ({w} in all)", if n > 1 { "s" } else { "" }))
        });
    }

    /// SJ-11.1, SJ-11.3: a stun card goes into the hand for every stun (a substitute once the
    /// supply is empty, SJX-10); as many as the hand limit defeat.
    pub(super) fn stun(&mut self, game: &Senjutsu, p: usize, n: u8, events: &mut impl EventSink<Event>) {
        for _ in 0..n {
            self.supply[2] = self.supply[2].saturating_sub(1);
            self.samurai[p].hand.push(game.content.stun);
            events.emit(|| event("stun", Some(p), "is stunned: a stun card goes into the hand".into()));
        }
        if self.samurai[p].stuns(game) >= usize::from(game.samurai(p).hand_limit) {
            self.defeat(game, p, "a hand full of stun cards", events);
        }
    }

    /// Draws one card; with an empty deck the samurai takes a wound instead (SJ-13.2).
    pub(super) fn draw(&mut self, game: &Senjutsu, p: usize, events: &mut impl EventSink<Event>) {
        let s = &mut self.samurai[p];
        match s.deck.pop() {
            Some(c) => s.hand.push(c),
            None => {
                events.emit(|| event("deck_out", Some(p), "cannot draw: the deck is empty".into()));
                self.wound(game, p, 1, false, events);
            }
        }
    }

    // ----- setup -----------------------------------------------------------------------------

    pub(crate) fn begin_setup(&mut self, game: &Senjutsu) {
        let n = game.n();
        if game.options.setup == Setup::Fixed {
            let bf = game.battlefield();
            let starts = bf.starts.len();
            // Spread the seats over the start hexes: first, last, second, second to last.
            let order: Vec<usize> = (0..starts).map(|i| if i % 2 == 0 { i / 2 } else { starts - 1 - i / 2 }).collect();
            let centre = centroid(bf.board.cells());
            for (p, &start) in order.iter().enumerate().take(n) {
                let pos = bf.starts[start];
                let s = &mut self.samurai[p];
                s.pos = pos;
                s.start = start as u8;
                s.placed = true;
                s.facing = Direction::ALL
                    .into_iter()
                    .min_by_key(|&d| (distance_f(pos.neighbor(d), centre) * 1000.0) as i64)
                    .expect("six directions");
            }
            self.start_round(game, &mut crate::core::NoEvents);
        } else {
            // SJ-4.6: the bottom of the advantage track sets up first (SJX-3).
            let first = self.by_advantage(true)[0];
            self.phase = Phase::Place(first as u8);
        }
    }

    /// The start hex a cell would claim for `p`: within one hex of it, not an opponent's.
    fn claimable_start(&self, game: &Senjutsu, p: usize, h: Hex) -> Option<usize> {
        self.start_near(game, self.free_starts(game, p), h)
    }

    /// The starts no enemy of `p` has set up at, as bits by index (a battlefield has 4..=6).
    fn free_starts(&self, game: &Senjutsu, p: usize) -> u8 {
        let taken = self
            .samurai
            .iter()
            .enumerate()
            .filter(|&(q, o)| o.placed && self.enemy(game, p, q))
            .fold(0u8, |m, (_, o)| m | 1u8.checked_shl(u32::from(o.start)).unwrap_or(0));
        !taken
    }

    /// The first start of `free` within one hex of `h`.
    fn start_near(&self, game: &Senjutsu, free: u8, h: Hex) -> Option<usize> {
        let bf = game.battlefield();
        bf.starts.iter().enumerate().position(|(i, s)| s.distance_to(h) <= 1 && free & (1 << i) != 0)
    }

    // ----- legal actions ---------------------------------------------------------------------

    /// Each distinct hand card whose kind is in `set` (`KindSets`: what the card alone decides)
    /// and that passes `keep` (what depends on the position) once, in kind order: copies give
    /// one action. The hand's kinds are marked first, so only the kinds in `set` are looked up.
    pub(super) fn distinct_hand(
        &self,
        game: &Senjutsu,
        p: usize,
        out: &mut ActionList,
        set: &[u64; KIND_WORDS],
        keep: impl Fn(&Card) -> bool,
        make: fn(u16) -> A,
    ) {
        let mut seen = [0u64; KIND_WORDS];
        // The words holding a kind: only those are read back.
        let mut words = 0u32;
        for c in self.samurai[p].hand.iter() {
            let k = usize::from(c.0);
            seen[k / 64] |= 1 << (k % 64);
            words |= 1 << (k / 64);
        }
        while words != 0 {
            let w = words.trailing_zeros() as usize;
            words &= words - 1;
            let mut b = seen[w] & set[w];
            while b != 0 {
                let i = b.trailing_zeros() as usize;
                b &= b - 1;
                let k = (w * 64 + i) as u16;
                if keep(game.content.card(CardId(k))) {
                    out.push(make(k).encode());
                }
            }
        }
    }

    /// SJ-12.1: an instant goes onto a non-instant card of another type.
    fn instant_fits(&self, game: &Senjutsu, p: usize, c: &Card) -> bool {
        let Some(host) = self.samurai[p].played.map(|h| self.card(game, h)) else { return false };
        c.instant != Instant::None
            && host.ty != CardType::Stun
            && host.instant == Instant::None
            && c.ty != host.ty
            && self.usable(game, p, c)
    }

    fn instant_choices(&self, game: &Senjutsu, p: usize, out: &mut ActionList) {
        self.distinct_hand(game, p, out, &game.kinds.instant, |c| self.instant_fits(game, p, c), A::Instant);
    }

    /// SJ-7.6, SJ-7.7: an attack card with an initiative below the blocked attack's; `None`
    /// when it has none, `Some(NO_INIT)` when two qualify and its controller declares (SJ-5.2).
    pub(super) fn evade_init(&self, game: &Senjutsu, p: usize, c: &Card, speed: u8) -> Option<u8> {
        if c.ty != CardType::Attack || !self.usable(game, p, c) {
            return None;
        }
        let mut below = c.initiative.iter().copied().filter(|&x| x < speed);
        match (below.next(), below.next()) {
            (Some(_), Some(_)) => Some(NO_INIT),
            (x, _) => x,
        }
    }

    fn resolve_choices(&self, game: &Senjutsu, out: &mut ActionList) {
        let Some(e) = self.stack.last() else { return };
        let p = usize::from(e.player);
        match e.stage {
            Stage::Target => {
                for t in self.opponents(game, p) {
                    out.push(A::Target(t as u8).encode());
                }
            }
            Stage::Move => {
                let (steps, forced) = self.move_steps(game, e);
                for d in steps {
                    out.push(A::Move(d).encode());
                }
                if !forced {
                    out.push(A::Pass.encode());
                }
            }
            Stage::Turn => {
                let facing = self.samurai[usize::from(e.who)].facing;
                for d in Direction::ALL {
                    if turn_distance(facing, d) <= e.left {
                        out.push(A::Face(d).encode());
                    }
                }
            }
            Stage::Kamae => {
                let links = game.samurai(p).tree.links[usize::from(self.samurai[p].kamae)];
                for node in (0..8u8).filter(|&i| links & (1 << i) != 0) {
                    out.push(A::Kamae(node).encode());
                }
                out.push(A::Pass.encode());
            }
            Stage::Choose => {
                if let Some(Op::Choose(opts)) = self.op_at(game, e) {
                    for i in 0..opts.len() {
                        out.push(A::Choose(i as u8).encode());
                    }
                }
            }
            Stage::Push => {
                if let Some(t) = self.pending_push(e) {
                    for d in self.push_steps(game, p, t) {
                        out.push(A::Push(d).encode());
                    }
                }
                out.push(A::Pass.encode());
            }
            Stage::Evade => {
                if let Some(t) = self.next_evader(e) {
                    let speed = e.init;
                    let attacks = &game.kinds.attack[self.zone_of(game, t) as usize];
                    self.distinct_hand(
                        game,
                        t,
                        out,
                        attacks,
                        |c| self.evade_init(game, t, c, speed).is_some(),
                        A::Evade,
                    );
                }
                out.push(A::Pass.encode());
            }
            Stage::Declare => {
                for &x in self.card(game, e.card).initiative.iter().filter(|&&x| x < e.left) {
                    out.push(A::Declare(x).encode());
                }
            }
            Stage::Fresh => {}
        }
    }

    // ----- applying actions ------------------------------------------------------------------

    fn reveal(&mut self, game: &Senjutsu, events: &mut impl EventSink<Event>) {
        for p in 0..game.n() {
            let s = &mut self.samurai[p];
            let Some(c) = s.played else { continue };
            s.revealed = true;
            let card = game.content.card(c);
            // SJ-5.2: a single initiative needs no declaration.
            s.init = if card.initiative.len() == 1 { card.initiative[0] } else { NO_INIT };
            events.emit(|| event("reveal", Some(p), format!("reveals {}", text::card_line(card))));
        }
        self.next_declarer(game, None, events);
    }

    /// SJ-13.5: variable initiatives are declared in advantage order (SJX-5).
    #[inline(always)]
    fn next_declarer(&mut self, game: &Senjutsu, after: Option<usize>, events: &mut impl EventSink<Event>) {
        let order = self.by_advantage(game.options.declare_order == DeclareOrder::LowFirst);
        let next = Self::next_in(&order, after, |q| {
            let s = &self.samurai[q];
            self.alive(q) && s.played.is_some_and(|c| game.content.card(c).is_dual()) && s.init == NO_INIT
        });
        match next {
            Some(q) => self.phase = Phase::Declare(q as u8),
            None => self.next_instant(game, None, events),
        }
    }

    /// SJ-13.6: instants are offered around from the bottom of the advantage track (`after` the
    /// last to pass); each instant played opens the round of offers again, so the others may
    /// answer it, and the step ends once every samurai without an instant has passed (SJX-6).
    /// The window is every samurai's (SJX-21): one whose hand holds no instant that fits is
    /// asked too and passes, so whose turn it is never tells what a hand holds.
    fn next_instant(&mut self, game: &Senjutsu, after: Option<usize>, events: &mut impl EventSink<Event>) {
        let order = self.by_advantage(true);
        let next = Self::next_in(&order, after, |q| self.alive(q) && self.samurai[q].instant.is_none());
        match next {
            Some(q) => self.phase = Phase::Instant(q as u8),
            None => {
                self.schedule(game);
                self.advance(game, events);
            }
        }
    }

    fn play_instant(&mut self, game: &Senjutsu, p: usize, k: CardId, events: &mut impl EventSink<Event>) {
        let s = &mut self.samurai[p];
        let found = s.hand.iter().position(|c| c == k);
        if let Some(i) = found {
            s.hand.remove(i);
        }
        s.instant = Some(k);
        let card = game.content.card(k);
        s.instant_init = match card.initiative.len() {
            1 => card.initiative[0],
            _ => NO_INIT,
        };
        events.emit(|| event("instant", Some(p), format!("plays the instant {}", text::card_line(card))));
        if card.is_dual() {
            self.phase = Phase::InstantDeclare(p as u8);
        } else {
            self.next_instant(game, None, events);
        }
    }

    // ----- round end and start ---------------------------------------------------------------

    /// SJ-13.8: everything played goes to the discard pile; the core card returns to the hand,
    /// stun cards to their supply.
    pub(super) fn end_round(&mut self, game: &Senjutsu, events: &mut impl EventSink<Event>) {
        self.items.clear();
        let (core_ty, stun) = (CardType::Core, game.content.stun);
        for p in 0..game.n() {
            let s = &mut self.samurai[p];
            let played = [s.played.take(), s.instant.take()];
            let evades = s.evades;
            for c in played.into_iter().flatten().chain(evades.iter()).filter(|&c| c != stun) {
                if game.content.card(c).ty == core_ty {
                    s.hand.push(c);
                } else {
                    s.discard.push(c);
                }
            }
            s.evades.clear();
            s.revealed = false;
            s.init = NO_INIT;
            s.instant_init = NO_INIT;
            s.attached_done = false;
            s.defenses.clear();
        }
        // Stun cards played go back to the box; substitutes leave the table (SJX-10).
        let held: usize = (0..game.n()).map(|p| self.samurai[p].stuns(game)).sum();
        self.supply[2] = STUN_CARDS.saturating_sub(u8::try_from(held).unwrap_or(u8::MAX));
        events.emit(|| event("round_end", None, format!("round {} ends", self.round)));
        self.next_discard(game, events);
    }

    /// SJ-13.9, SJ-13.10: above the hand limit, discard face down down to it.
    #[inline(always)]
    fn next_discard(&mut self, game: &Senjutsu, events: &mut impl EventSink<Event>) {
        // The hand's size bounds the count (it skips the core card): most hands are not near the
        // limit, and the count looks every card up.
        let over = (0..game.n()).find(|&p| {
            let (s, limit) = (&self.samurai[p], usize::from(game.samurai(p).hand_limit));
            self.alive(p) && s.hand.len() > limit && s.hand_count(game) > limit
        });
        match over {
            Some(p) => self.phase = Phase::Discard(p as u8),
            None => self.start_round(game, events),
        }
    }

    /// SJ-13.1, SJ-13.2, SJ-10.5: the draw phase is every samurai's at once. Bleeding cards each
    /// throw the deck's top card away, then every samurai draws one (or takes a wound for an
    /// empty deck); only when all have drawn is defeat judged, so samurai who reach their limit
    /// here fall together (SJX-1).
    pub(crate) fn start_round(&mut self, game: &Senjutsu, events: &mut impl EventSink<Event>) {
        self.round += 1;
        events.emit(|| event("round", None, format!("round {} begins", self.round)));
        for p in 0..game.n() {
            if !self.alive(p) {
                continue;
            }
            for _ in 0..self.samurai[p].bleeding {
                let s = &mut self.samurai[p];
                if let Some(c) = s.deck.pop() {
                    s.discard.push(c);
                    events.emit(|| {
                        event(
                            "bleed",
                            Some(p),
                            format!("bleeds: {} is discarded from the deck", game.content.card(c).name),
                        )
                    });
                }
            }
            let s = &mut self.samurai[p];
            match s.deck.pop() {
                Some(c) => s.hand.push(c),
                None => {
                    events.emit(|| event("deck_out", Some(p), "cannot draw: the deck is empty".into()));
                    self.take_wounds(p, 1, false, events);
                }
            }
        }
        let mut fell = 0u8;
        for p in 0..game.n() {
            if self.alive(p) && self.samurai[p].wounds >= game.samurai(p).wound_limit {
                self.samurai[p].defeated = true;
                fell |= 1 << p;
                events.emit(|| event("defeated", Some(p), "is defeated (wound limit)".into()));
            }
        }
        if fell != 0 {
            self.check_over(game, fell, events);
            if self.result.is_some() {
                return;
            }
        }
        let first = (0..game.n()).find(|&p| self.alive(p)).expect("a samurai is alive");
        self.phase = Phase::Select(first as u8);
    }
}

fn centroid(cells: &[Hex]) -> (f64, f64) {
    let n = cells.len().max(1) as f64;
    let q = cells.iter().map(|h| f64::from(h.q)).sum::<f64>() / n;
    let r = cells.iter().map(|h| f64::from(h.r)).sum::<f64>() / n;
    (q, r)
}

fn distance_f(h: Hex, (q, r): (f64, f64)) -> f64 {
    let (dq, dr) = (f64::from(h.q) - q, f64::from(h.r) - r);
    (dq.abs() + dr.abs() + (dq + dr).abs()) / 2.0
}

/// SJ-9.3 for a samurai in kamae zone `zone`.
fn usable_in(card: &Card, zone: Zone) -> bool {
    card.requires.is_none_or(|z| z == zone)
}

pub(crate) fn legal_actions(s: &SenjutsuState, game: &Senjutsu, out: &mut ActionList) {
    out.clear();
    let push = |out: &mut ActionList, a: A| out.push(a.encode());
    match s.phase {
        Phase::Over => {}
        Phase::Place(p) => {
            let bf = game.battlefield();
            // The open, free cells within one hex of a free start (each start's hex and its six
            // neighbours, not every cell of the board), listed in cell order. The loader keeps a
            // battlefield to MAX_CELLS cells, one bit each of a u128.
            const _: () = assert!(MAX_CELLS <= 128);
            let free = s.free_starts(game, usize::from(p));
            let mut near = 0u128;
            for (_, &start) in bf.starts.iter().enumerate().filter(|&(i, _)| free & (1 << i) != 0) {
                for h in std::iter::once(start).chain(start.neighbors()) {
                    match bf.board.index_of(h) {
                        Some(i) if s.open_and_free(game, h) => near |= 1 << i,
                        _ => {}
                    }
                }
            }
            while near != 0 {
                push(out, A::Place(near.trailing_zeros() as u8));
                near &= near - 1;
            }
        }
        Phase::Face(_) => {
            for d in Direction::ALL {
                push(out, A::Face(d));
            }
        }
        Phase::Select(p) => {
            let p = usize::from(p);
            let zone = s.zone_of(game, p);
            s.distinct_hand(game, p, out, &game.kinds.select[zone as usize], |_| true, A::Select);
        }
        Phase::Declare(p) => {
            let card = s.samurai[usize::from(p)].played.map(|c| s.card(game, c));
            for &x in card.map_or(&[][..], |c| &c.initiative[..]) {
                push(out, A::Declare(x));
            }
        }
        Phase::InstantDeclare(p) => {
            let card = s.samurai[usize::from(p)].instant.map(|c| s.card(game, c));
            for &x in card.map_or(&[][..], |c| &c.initiative[..]) {
                push(out, A::Declare(x));
            }
        }
        Phase::Instant(p) => {
            s.instant_choices(game, usize::from(p), out);
            push(out, A::Pass);
        }
        Phase::Discard(p) => {
            let p = usize::from(p);
            s.distinct_hand(game, p, out, &game.kinds.discard, |_| true, A::Discard);
        }
        Phase::Resolve(_) => s.resolve_choices(game, out),
    }
}
pub(crate) fn apply(state: &mut SenjutsuState, game: &Senjutsu, action: Action, events: &mut impl EventSink<Event>) {
    let a = A::decode(action);
    match (state.phase, a) {
        (Phase::Place(p), A::Place(i)) => {
            let p = usize::from(p);
            let h = game.battlefield().board.hex_at(i);
            let start = state.claimable_start(game, p, h).unwrap_or(0);
            let s = &mut state.samurai[p];
            s.pos = h;
            s.placed = true;
            s.start = start as u8;
            events.emit(|| event("place", Some(p), format!("sets up at {h}")));
            state.phase = Phase::Face(p as u8);
        }
        (Phase::Face(p), A::Face(d)) => {
            let p = usize::from(p);
            state.samurai[p].facing = d;
            events.emit(|| event("face", Some(p), format!("faces {}", d.name())));
            let order = state.by_advantage(true);
            match SenjutsuState::next_in(&order, Some(p), |q| !state.samurai[q].placed) {
                Some(q) => state.phase = Phase::Place(q as u8),
                None => state.start_round(game, events),
            }
        }
        (Phase::Select(p), A::Select(k)) => {
            let p = usize::from(p);
            let s = &mut state.samurai[p];
            let found = s.hand.iter().position(|c| c.0 == k);
            if let Some(i) = found {
                s.played = Some(s.hand.remove(i));
            }
            events.emit(|| event("select", Some(p), "selects a card face down".into()));
            match (p + 1..game.n()).find(|&q| state.alive(q)) {
                Some(q) => state.phase = Phase::Select(q as u8),
                None => state.reveal(game, events),
            }
        }
        (Phase::Declare(p), A::Declare(x)) => {
            let p = usize::from(p);
            state.samurai[p].init = x;
            events.emit(|| event("declare", Some(p), format!("declares initiative {x}")));
            state.next_declarer(game, Some(p), events);
        }
        (Phase::InstantDeclare(p), A::Declare(x)) => {
            let p = usize::from(p);
            state.samurai[p].instant_init = x;
            events.emit(|| event("declare", Some(p), format!("declares initiative {x} for the instant")));
            state.next_instant(game, None, events);
        }
        (Phase::Instant(p), A::Instant(k)) => {
            let p = usize::from(p);
            state.play_instant(game, p, CardId(k), events);
        }
        (Phase::Instant(p), A::Pass) => state.next_instant(game, Some(usize::from(p)), events),
        (Phase::Discard(p), A::Discard(k)) => {
            let p = usize::from(p);
            let s = &mut state.samurai[p];
            let found = s.hand.iter().position(|c| c.0 == k);
            if let Some(i) = found {
                let c = s.hand.remove(i);
                s.hidden.push(c);
            }
            events.emit(|| event("discard", Some(p), "discards a card face down".into()));
            state.next_discard(game, events);
        }
        (Phase::Resolve(_), a) => {
            state.decide(game, a, events);
            state.advance(game, events);
        }
        _ => {}
    }
}
