//! The rules of Senjutsu: setup, the round (draw, select, reveal, declare, instants, resolve,
//! discard) and the card-action interpreter. Rule ids refer to `docs/rules/senjutsu.md`.

use crate::cards::CardId;
use crate::core::{event, returns_text, Action, ActionList, EffectKey, EventSink};
use crate::games::senjutsu::actions::SenjutsuAction as A;
use crate::games::senjutsu::content::{
    words, Card, CardType, Instant, Op, Timing, Zone, DEAL, DECK_SIZE, MAX_KINDS, MAX_OPS, MAX_PARTS, MAX_WOUND_LIMIT,
};
use crate::games::senjutsu::state::{
    Defense, Exec, Item, Phase, SenjutsuState, Stage, MAX_HAND, MAX_PLAYERS, NO_CHOICE, NO_INIT, STUN_CARDS, ZONE_NONE,
};
use crate::games::senjutsu::{DeclareOrder, Senjutsu, Setup};
use crate::hex::{orient, Direction, Hex};

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

fn zone_index(z: Zone) -> u8 {
    z as u8
}

const ZONES: [Zone; 4] = [Zone::Gate, Zone::Aggression, Zone::Balance, Zone::Resolve];

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

    fn zone_of(&self, game: &Senjutsu, p: usize) -> Zone {
        game.samurai(p).tree.nodes[usize::from(self.samurai[p].kamae)].1
    }

    /// SJ-9.3: a card that requires a kamae zone is usable only there.
    fn usable(&self, game: &Senjutsu, p: usize, card: &Card) -> bool {
        card.requires.is_none_or(|z| z == self.zone_of(game, p))
    }

    /// Players in advantage order, top first (or bottom first).
    fn by_advantage(&self, bottom_first: bool) -> ArrayVec<usize, MAX_PLAYERS> {
        let n = self.advantage.len();
        (0..n).map(|i| usize::from(self.advantage[if bottom_first { n - 1 - i } else { i }])).collect()
    }

    /// The first player after `after` (or from the start) in an order who satisfies `pred`.
    fn next_in(order: &[usize], after: Option<usize>, mut pred: impl FnMut(usize) -> bool) -> Option<usize> {
        let start = after.and_then(|a| order.iter().position(|&x| x == a)).map_or(0, |i| i + 1);
        order[start..].iter().copied().find(|&p| pred(p))
    }

    fn enemy(&self, game: &Senjutsu, a: usize, b: usize) -> bool {
        game.enemies(a, b)
    }

    fn open_and_free(&self, game: &Senjutsu, h: Hex) -> bool {
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
    fn stun(&mut self, game: &Senjutsu, p: usize, n: u8, events: &mut impl EventSink<Event>) {
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
    fn draw(&mut self, game: &Senjutsu, p: usize, events: &mut impl EventSink<Event>) {
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
        let bf = game.battlefield();
        bf.starts.iter().enumerate().position(|(i, s)| {
            s.distance_to(h) <= 1
                && !self
                    .samurai
                    .iter()
                    .enumerate()
                    .any(|(q, o)| o.placed && usize::from(o.start) == i && self.enemy(game, p, q))
        })
    }

    // ----- legal actions ---------------------------------------------------------------------

    pub fn legal(&self, game: &Senjutsu, out: &mut ActionList) {
        out.clear();
        let push = |out: &mut ActionList, a: A| out.push(a.encode());
        match self.phase {
            Phase::Over => {}
            Phase::Place(p) => {
                let board = &game.battlefield().board;
                for (i, &h) in board.cells().iter().enumerate() {
                    if self.open_and_free(game, h) && self.claimable_start(game, usize::from(p), h).is_some() {
                        push(out, A::Place(i as u8));
                    }
                }
            }
            Phase::Face(_) => {
                for d in Direction::ALL {
                    push(out, A::Face(d));
                }
            }
            Phase::Select(p) => {
                let p = usize::from(p);
                self.distinct_hand(game, p, out, |c| c.instant == Instant::None && self.usable(game, p, c), A::Select);
            }
            Phase::Declare(p) => {
                let card = self.samurai[usize::from(p)].played.map(|c| self.card(game, c));
                for &x in card.map_or(&[][..], |c| &c.initiative[..]) {
                    push(out, A::Declare(x));
                }
            }
            Phase::InstantDeclare(p) => {
                let card = self.samurai[usize::from(p)].instant.map(|c| self.card(game, c));
                for &x in card.map_or(&[][..], |c| &c.initiative[..]) {
                    push(out, A::Declare(x));
                }
            }
            Phase::Instant(p) => {
                self.instant_choices(game, usize::from(p), out);
                push(out, A::Pass);
            }
            Phase::Discard(p) => {
                let p = usize::from(p);
                self.distinct_hand(
                    game,
                    p,
                    out,
                    |c| matches!(c.ty, CardType::Attack | CardType::Defense | CardType::Meditation),
                    A::Discard,
                );
            }
            Phase::Resolve(_) => self.resolve_choices(game, out),
        }
    }

    /// Each distinct hand card passing `keep` once, in card order (copies give one action).
    fn distinct_hand(
        &self,
        game: &Senjutsu,
        p: usize,
        out: &mut ActionList,
        keep: impl Fn(&Card) -> bool,
        make: fn(u16) -> A,
    ) {
        let mut seen = [0u64; MAX_KINDS / 64];
        for c in self.samurai[p].hand.iter() {
            let k = usize::from(c.0);
            if seen[k / 64] & (1 << (k % 64)) == 0 && keep(self.card(game, c)) {
                seen[k / 64] |= 1 << (k % 64);
            }
        }
        for (w, &bits) in seen.iter().enumerate() {
            let mut b = bits;
            while b != 0 {
                let i = b.trailing_zeros() as usize;
                b &= b - 1;
                out.push(make((w * 64 + i) as u16).encode());
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
        self.distinct_hand(game, p, out, |c| self.instant_fits(game, p, c), A::Instant);
    }

    /// SJ-7.6, SJ-7.7: an attack card with an initiative below the blocked attack's; `None`
    /// when it has none, `Some(NO_INIT)` when two qualify and its controller declares (SJ-5.2).
    fn evade_init(&self, game: &Senjutsu, p: usize, c: &Card, speed: u8) -> Option<u8> {
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
                let forced = matches!(self.current_op(game, e), Some(Op::Move { forced: true, .. }));
                for d in self.move_steps(game, e) {
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
                    self.distinct_hand(game, t, out, |c| self.evade_init(game, t, c, speed).is_some(), A::Evade);
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

    pub fn step(&mut self, game: &Senjutsu, action: Action, events: &mut impl EventSink<Event>) {
        let a = A::decode(action);
        match (self.phase, a) {
            (Phase::Place(p), A::Place(i)) => {
                let p = usize::from(p);
                let h = game.battlefield().board.hex_at(i);
                let start = self.claimable_start(game, p, h).unwrap_or(0);
                let s = &mut self.samurai[p];
                s.pos = h;
                s.placed = true;
                s.start = start as u8;
                events.emit(|| event("place", Some(p), format!("sets up at {h}")));
                self.phase = Phase::Face(p as u8);
            }
            (Phase::Face(p), A::Face(d)) => {
                let p = usize::from(p);
                self.samurai[p].facing = d;
                events.emit(|| event("face", Some(p), format!("faces {}", d.name())));
                let order = self.by_advantage(true);
                match Self::next_in(&order, Some(p), |q| !self.samurai[q].placed) {
                    Some(q) => self.phase = Phase::Place(q as u8),
                    None => self.start_round(game, events),
                }
            }
            (Phase::Select(p), A::Select(k)) => {
                let p = usize::from(p);
                let s = &mut self.samurai[p];
                let found = s.hand.iter().position(|c| c.0 == k);
                if let Some(i) = found {
                    s.played = Some(s.hand.remove(i));
                }
                events.emit(|| event("select", Some(p), "selects a card face down".into()));
                match (p + 1..game.n()).find(|&q| self.alive(q)) {
                    Some(q) => self.phase = Phase::Select(q as u8),
                    None => self.reveal(game, events),
                }
            }
            (Phase::Declare(p), A::Declare(x)) => {
                let p = usize::from(p);
                self.samurai[p].init = x;
                events.emit(|| event("declare", Some(p), format!("declares initiative {x}")));
                self.next_declarer(game, Some(p), events);
            }
            (Phase::InstantDeclare(p), A::Declare(x)) => {
                let p = usize::from(p);
                self.samurai[p].instant_init = x;
                events.emit(|| event("declare", Some(p), format!("declares initiative {x} for the instant")));
                self.next_instant(game, None, events);
            }
            (Phase::Instant(p), A::Instant(k)) => {
                let p = usize::from(p);
                self.play_instant(game, p, CardId(k), events);
            }
            (Phase::Instant(p), A::Pass) => self.next_instant(game, Some(usize::from(p)), events),
            (Phase::Discard(p), A::Discard(k)) => {
                let p = usize::from(p);
                let s = &mut self.samurai[p];
                let found = s.hand.iter().position(|c| c.0 == k);
                if let Some(i) = found {
                    let c = s.hand.remove(i);
                    s.hidden.push(c);
                }
                events.emit(|| event("discard", Some(p), "discards a card face down".into()));
                self.next_discard(game, events);
            }
            (Phase::Resolve(_), a) => {
                self.decide(game, a, events);
                self.advance(game, events);
            }
            _ => {}
        }
    }

    fn reveal(&mut self, game: &Senjutsu, events: &mut impl EventSink<Event>) {
        for p in 0..game.n() {
            let s = &mut self.samurai[p];
            let Some(c) = s.played else { continue };
            s.revealed = true;
            let card = game.content.card(c);
            // SJ-5.2: a single initiative needs no declaration.
            s.init = if card.initiative.len() == 1 { card.initiative[0] } else { NO_INIT };
            events.emit(|| event("reveal", Some(p), format!("reveals {}", card.text)));
        }
        self.next_declarer(game, None, events);
    }

    /// SJ-13.5: variable initiatives are declared in advantage order (SJX-5).
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
    /// answer it, and the step ends once every samurai who still could has passed (SJX-6).
    fn next_instant(&mut self, game: &Senjutsu, after: Option<usize>, events: &mut impl EventSink<Event>) {
        let order = self.by_advantage(true);
        let mut scratch = ActionList::new();
        let next = Self::next_in(&order, after, |q| {
            if !self.alive(q) || self.samurai[q].instant.is_some() {
                return false;
            }
            scratch.clear();
            self.instant_choices(game, q, &mut scratch);
            !scratch.is_empty()
        });
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
        events.emit(|| event("instant", Some(p), format!("plays the instant {}", card.text)));
        if card.is_dual() {
            self.phase = Phase::InstantDeclare(p as u8);
        } else {
            self.next_instant(game, None, events);
        }
    }

    /// SJ-5.4, SJ-12.4, SJ-13.7: every part with its own initiative waits in the schedule.
    fn schedule(&mut self, game: &Senjutsu) {
        self.items.clear();
        for p in 0..game.n() {
            if !self.alive(p) {
                continue;
            }
            let s = &self.samurai[p];
            let Some(main) = s.main_card(game) else { continue };
            let main_init = if Some(main) == s.instant { s.instant_init } else { s.init };
            let add = |card: CardId, init: u8, items: &mut ArrayVec<Item, { super::state::MAX_ITEMS }>| {
                for (k, part) in game.content.card(card).parts.iter().enumerate() {
                    let at = match part.timing {
                        Timing::Card => init,
                        Timing::At(x) => x,
                        Timing::Same => continue,
                    };
                    items.push(Item { player: p as u8, card, part: k as u8, init: at, done: false });
                }
            };
            add(main, main_init, &mut self.items);
            if let Some(i) = s.instant.filter(|&i| game.content.card(i).instant == Instant::Add) {
                add(i, s.instant_init, &mut self.items);
            }
        }
    }

    /// SJ-8.1–8.3: highest initiative; then defense, attack, meditation, core; then advantage.
    fn next_item(&self, game: &Senjutsu) -> Option<usize> {
        let key = |it: &Item| {
            let rank = game.content.card(it.card).ty.rank();
            (it.init, 3 - rank, MAX_PLAYERS - self.advantage_rank(usize::from(it.player)))
        };
        self.items
            .iter()
            .enumerate()
            .filter(|(_, it)| !it.done && self.alive(usize::from(it.player)))
            .max_by(|a, b| key(a.1).cmp(&key(b.1)).then(b.0.cmp(&a.0)))
            .map(|(i, _)| i)
    }

    fn new_exec(&self, game: &Senjutsu, p: usize, card: CardId, part: u8, init: u8, evade: bool) -> Exec {
        let zone = if part == 0 { zone_index(self.zone_of(game, p)) } else { ZONE_NONE };
        Exec {
            player: p as u8,
            card,
            part,
            op: 0,
            zone,
            init,
            stage: Stage::Fresh,
            left: 0,
            who: p as u8,
            choice: NO_CHOICE,
            pushes: [0; MAX_PLAYERS],
            evaders: 0,
            evade,
        }
    }

    /// The action at the cursor: the part's own actions, then kamae bonus actions (SJ-5.8).
    fn op_at<'g>(&self, game: &'g Senjutsu, e: &Exec) -> Option<&'g Op> {
        let card = game.content.card(e.card);
        let ops = &card.parts[usize::from(e.part)].ops;
        let i = usize::from(e.op);
        if i < ops.len() {
            return Some(&ops[i]);
        }
        if e.zone == ZONE_NONE {
            return None;
        }
        card.bonus.iter().filter(|(z, _)| zone_index(*z) == e.zone).flat_map(|(_, ops)| ops.iter()).nth(i - ops.len())
    }

    /// The action in effect: a chosen option stands for its `choose`.
    pub(crate) fn current_op<'g>(&self, game: &'g Senjutsu, e: &Exec) -> Option<&'g Op> {
        match self.op_at(game, e) {
            Some(Op::Choose(opts)) if e.choice != NO_CHOICE => opts.get(usize::from(e.choice)),
            op => op,
        }
    }

    /// The action in progress took effect (the dead-text check): a move or push step, a turn,
    /// a kamae shift, a wound, a defended hex on the board, the advantage changing hands, a draw.
    fn took(&self, game: &Senjutsu, events: &mut impl EventSink<Event>) {
        events.took_effect(|| {
            let e = self.stack.last().expect("an action took effect inside a resolving part");
            let card = game.content.card(e.card);
            let choice = (e.choice != NO_CHOICE).then_some(usize::from(e.choice));
            let zone = ZONES.get(usize::from(e.zone)).copied();
            EffectKey::new(&card.key, card.effect_index(usize::from(e.part), usize::from(e.op), zone, choice))
        });
    }

    fn next_op(&mut self) {
        // The game may have ended inside the action, clearing the stack.
        let Some(e) = self.stack.last_mut() else { return };
        e.op += 1;
        e.stage = Stage::Fresh;
        e.choice = NO_CHOICE;
        e.left = 0;
        e.pushes = [0; MAX_PLAYERS];
        e.evaders = 0;
        e.who = e.player;
    }

    /// Runs the resolution until a decision is needed or the round ends.
    fn advance(&mut self, game: &Senjutsu, events: &mut impl EventSink<Event>) {
        loop {
            if self.result.is_some() {
                self.phase = Phase::Over;
                return;
            }
            let Some(&top) = self.stack.last() else {
                match self.next_item(game) {
                    Some(i) => {
                        self.items[i].done = true;
                        let it = self.items[i];
                        let e = self.new_exec(game, usize::from(it.player), it.card, it.part, it.init, false);
                        events.emit(|| {
                            let c = game.content.card(it.card);
                            event(
                                "resolve",
                                Some(usize::from(it.player)),
                                format!("resolves {} part {} at initiative {}", c.name, it.part + 1, it.init),
                            )
                        });
                        self.stack.push(e);
                        continue;
                    }
                    None => {
                        self.end_round(game, events);
                        return;
                    }
                }
            };
            // SJX-1: a defeated samurai's cards stop resolving.
            if !self.alive(usize::from(top.player)) {
                self.stack.pop();
                continue;
            }
            if let Some(decider) = self.progress(game, events) {
                self.phase = Phase::Resolve(decider as u8);
                return;
            }
        }
    }

    fn finish_part(&mut self, game: &Senjutsu) {
        let e = self.stack.pop().expect("a part is resolving");
        let p = usize::from(e.player);
        let card = game.content.card(e.card);
        let next = usize::from(e.part) + 1;
        if e.evade {
            // SJX-7: an evade attack resolves as if it were an add instant (SJ-7.6): its first part
            // at once, `[=]` parts right after it, and its later parts with their own initiative
            // in the schedule at that initiative (one whose initiative has passed is the highest
            // there, so it resolves once the part in progress ends).
            match card.parts.get(next).map(|x| x.timing) {
                Some(Timing::Same) => self.stack.push(self.new_exec(game, p, e.card, next as u8, e.init, true)),
                Some(_) => {
                    for (k, later) in card.parts.iter().enumerate().skip(next) {
                        if let Timing::At(x) = later.timing {
                            self.items.push(Item {
                                player: e.player,
                                card: e.card,
                                part: k as u8,
                                init: x,
                                done: false,
                            });
                        }
                    }
                }
                None => {}
            }
            return;
        }
        if card.parts.get(next).is_some_and(|x| x.timing == Timing::Same) {
            self.stack.push(self.new_exec(game, p, e.card, next as u8, e.init, false));
            return;
        }
        // SJ-12.5: an add instant with [=] resolves right after its card's first part.
        let first_chain = card.parts[1..next].iter().all(|x| x.timing == Timing::Same);
        let s = &self.samurai[p];
        if first_chain && Some(e.card) == s.main_card(game) && !s.attached_done {
            if let Some(i) = s.instant.filter(|&i| {
                let c = game.content.card(i);
                c.instant == Instant::Add && c.parts[0].timing == Timing::Same
            }) {
                self.samurai[p].attached_done = true;
                self.stack.push(self.new_exec(game, p, i, 0, e.init, false));
            }
        }
    }

    /// Makes progress on the top part; returns the player who must decide, if any.
    fn progress(&mut self, game: &Senjutsu, events: &mut impl EventSink<Event>) -> Option<usize> {
        let e = *self.stack.last().expect("a part is resolving");
        let p = usize::from(e.player);
        match e.stage {
            Stage::Fresh => {
                let Some(op) = self.op_at(game, &e) else {
                    self.finish_part(game);
                    return None;
                };
                let op = match op {
                    Op::Choose(_) if e.choice == NO_CHOICE => {
                        self.stack.last_mut().expect("top").stage = Stage::Choose;
                        return Some(p);
                    }
                    _ => self.current_op(game, &e).expect("a chosen option exists"),
                };
                self.start_op(game, op, events)
            }
            Stage::Target | Stage::Choose | Stage::Turn | Stage::Declare => Some(p),
            Stage::Move => {
                let steps = self.move_steps(game, &e);
                let forced = matches!(self.current_op(game, &e), Some(Op::Move { forced: true, .. }));
                if e.left == 0 || steps.is_empty() || !self.alive(usize::from(e.who)) {
                    self.next_op();
                    None
                } else if forced && steps.len() == 1 {
                    self.move_one(game, steps[0], events);
                    None
                } else {
                    Some(p)
                }
            }
            Stage::Kamae => {
                let links = game.samurai(p).tree.links[usize::from(self.samurai[p].kamae)];
                if e.left == 0 || links == 0 {
                    self.next_op();
                    None
                } else {
                    Some(p)
                }
            }
            Stage::Push => match self.pending_push(&e) {
                Some(t) if self.alive(t) && !self.push_steps(game, p, t).is_empty() => Some(p),
                Some(t) => {
                    self.stack.last_mut().expect("top").pushes[t] = 0;
                    None
                }
                None => {
                    self.stack.last_mut().expect("top").stage = Stage::Evade;
                    None
                }
            },
            Stage::Evade => match self.next_evader(&e) {
                Some(t) => {
                    let mut scratch = ActionList::new();
                    self.distinct_hand(
                        game,
                        t,
                        &mut scratch,
                        |c| self.evade_init(game, t, c, e.init).is_some(),
                        A::Evade,
                    );
                    if self.alive(t) && !scratch.is_empty() {
                        Some(t)
                    } else {
                        self.stack.last_mut().expect("top").evaders &= !(1 << t);
                        None
                    }
                }
                None => {
                    self.next_op();
                    None
                }
            },
        }
    }

    fn start_op(&mut self, game: &Senjutsu, op: &Op, events: &mut impl EventSink<Event>) -> Option<usize> {
        let e = *self.stack.last().expect("a part is resolving");
        let p = usize::from(e.player);
        match *op {
            Op::Move { n, opponent, .. } | Op::Rotate { n, opponent } => {
                let stage = if matches!(op, Op::Move { .. }) { Stage::Move } else { Stage::Turn };
                let who = if opponent {
                    // SJ-6.4 / SJX-8: the opponent wherever it stands; with several, the
                    // controller's pick.
                    let targets = self.opponents(game, p);
                    match targets.len() {
                        0 => {
                            events.emit(|| event("no_target", Some(p), format!("{}: no opponent left", op.text())));
                            self.next_op();
                            return None;
                        }
                        1 => targets[0],
                        _ => {
                            let top = self.stack.last_mut().expect("top");
                            top.stage = Stage::Target;
                            top.left = n;
                            return Some(p);
                        }
                    }
                } else {
                    p
                };
                let top = self.stack.last_mut().expect("top");
                top.who = who as u8;
                top.left = n;
                top.stage = stage;
                None
            }
            Op::Attack { .. } => {
                self.attack(game, op, events);
                None
            }
            Op::Defend { ref cells, evade } => {
                // SJ-7.1, SJ-7.5: these hexes are defended at this part's initiative only.
                let s = &self.samurai[p];
                let board = &game.battlefield().board;
                let mut d = Defense { cells: [0; 2], speed: e.init, evade };
                for &rel in cells {
                    if let Some(i) = board.index_of(s.pos + orient(rel, s.facing)) {
                        d.add(i);
                    }
                }
                if d.cells != [0; 2] {
                    self.took(game, events);
                }
                d.merge_into(&mut self.samurai[p].defenses);
                events.emit(|| event("defend", Some(p), format!("defends at initiative {}", e.init)));
                self.next_op();
                None
            }
            Op::Kamae { n } => {
                let top = self.stack.last_mut().expect("top");
                top.left = n;
                top.stage = Stage::Kamae;
                None
            }
            Op::Advantage => {
                // SJ-8.4: the advantage symbol takes the top of the track.
                if let Some(i) = self.advantage.iter().position(|&x| usize::from(x) == p) {
                    if i > 0 {
                        self.took(game, events);
                    }
                    let me = self.advantage.remove(i);
                    self.advantage.insert(0, me);
                }
                events.emit(|| event("advantage", Some(p), "takes the advantage".into()));
                self.next_op();
                None
            }
            Op::Draw { n } => {
                if !self.samurai[p].deck.is_empty() {
                    self.took(game, events);
                }
                for _ in 0..n {
                    self.draw(game, p, events);
                }
                events.emit(|| event("draw", Some(p), format!("draws {n}")));
                self.next_op();
                None
            }
            Op::Choose(_) => unreachable!("choose resolves to one of its options"),
        }
    }

    /// SJ-5.7, SJ-6.5, SJ-7, SJ-10: wounds on the grid's hexes unless defended; stun and push
    /// only on a hit that was not defended.
    fn attack(&mut self, game: &Senjutsu, op: &Op, events: &mut impl EventSink<Event>) {
        let Op::Attack { ref cells, bleed, stun, push } = *op else { return };
        let e = *self.stack.last().expect("a part is resolving");
        let a = usize::from(e.player);
        let (apos, afacing) = (self.samurai[a].pos, self.samurai[a].facing);
        let mut pushes = [0u8; MAX_PLAYERS];
        let mut evaders = 0u8;
        events.emit(|| {
            event("attack", Some(a), format!("{} at initiative {}", op.text().replacen("attack", "attacks", 1), e.init))
        });
        for &(rel, w) in cells {
            let h = apos + orient(rel, afacing);
            #[allow(clippy::needless_range_loop)] // `t` indexes the samurai and `pushes`
            for t in 0..game.n() {
                let s = &self.samurai[t];
                if t == a || s.defeated || !s.placed || s.pos != h {
                    continue;
                }
                if !game.options.friendly_fire && !self.enemy(game, a, t) {
                    continue;
                }
                match self.blocked(game, t, apos, h, e.init) {
                    Some(evade) => {
                        events.emit(|| event("blocked", Some(t), format!("defends the attack on {h}")));
                        if evade {
                            evaders |= 1 << t;
                        }
                    }
                    None => {
                        self.took(game, events);
                        self.wound(game, t, w, bleed, events);
                        if self.result.is_some() {
                            return;
                        }
                        if stun > 0 && self.alive(t) {
                            self.stun(game, t, stun, events);
                            if self.result.is_some() {
                                return;
                            }
                        }
                        pushes[t] = push;
                    }
                }
            }
        }
        let top = self.stack.last_mut().expect("top");
        top.pushes = pushes;
        top.evaders = evaders;
        top.stage = Stage::Push;
    }

    /// SJ-7.2–7.5: an attack at a defense's initiative is ignored if the defense covers the
    /// target hex, the attacker's hex or a hex between them (SJX-13). Returns whether the
    /// blocking defense carries the evade symbol. Defenses at that initiative that have not
    /// resolved yet count too (SJX-20).
    fn blocked(&self, game: &Senjutsu, t: usize, apos: Hex, target: Hex, speed: u8) -> Option<bool> {
        let board = &game.battlefield().board;
        let mut hit: Option<bool> = None;
        let pending = self.pending_defenses(game, t, speed);
        for d in self.samurai[t].defenses.iter().filter(|d| d.speed == speed).chain(&pending) {
            let covered = |h: Hex| board.index_of(h).is_some_and(|i| d.covers(i));
            // SJX-13: every hex the segment between the two touches, both hexes of an edge.
            let between = || apos.between(target).into_iter().any(covered);
            if covered(target) || covered(apos) || between() {
                hit = Some(hit.unwrap_or(false) || d.evade);
            }
        }
        hit
    }

    /// SJ-7.2, SJ-7.5, SJX-20: the defend actions of `t` at initiative `x` still to resolve — in
    /// its parts scheduled at `x`, the `[=]` parts that follow them and an attached `[=]` add
    /// instant — laid from where `t` stands now. The hex is defended at the initiative the
    /// defender chose, whatever the type of the card that carries the defense.
    fn pending_defenses(&self, game: &Senjutsu, t: usize, x: u8) -> ArrayVec<Defense, 2> {
        let mut out = ArrayVec::new();
        let s = &self.samurai[t];
        let board = &game.battlefield().board;
        let zone = zone_index(self.zone_of(game, t));
        let lay = |card: &Card, first: usize, out: &mut ArrayVec<Defense, 2>| {
            let chain = card.parts[first + 1..].iter().take_while(|p| p.timing == Timing::Same).count();
            let bonus =
                card.bonus.iter().filter(|(z, _)| first == 0 && zone_index(*z) == zone).flat_map(|(_, ops)| ops.iter());
            let ops = card.parts[first..=first + chain].iter().flat_map(|p| p.ops.iter()).chain(bonus);
            for op in ops {
                if let Op::Defend { cells, evade } = op {
                    let mut d = Defense { cells: [0; 2], speed: x, evade: *evade };
                    for &rel in cells {
                        if let Some(i) = board.index_of(s.pos + orient(rel, s.facing)) {
                            d.add(i);
                        }
                    }
                    // All at initiative `x`: one record per evade symbol.
                    d.merge_into(out);
                }
            }
        };
        let attached = s.instant.filter(|&i| {
            let c = game.content.card(i);
            c.instant == Instant::Add && c.parts[0].timing == Timing::Same && !s.attached_done
        });
        for it in self.items.iter().filter(|it| usize::from(it.player) == t && it.init == x) {
            let card = game.content.card(it.card);
            if !it.done {
                lay(card, usize::from(it.part), &mut out);
            }
            if let Some(i) = attached.filter(|_| it.part == 0 && Some(it.card) == s.main_card(game)) {
                lay(game.content.card(i), 0, &mut out);
            }
        }
        out
    }

    /// The samurai an opponent marker may name (SJ-6.4, SJX-8): every enemy still standing.
    fn opponents(&self, game: &Senjutsu, p: usize) -> ArrayVec<usize, MAX_PLAYERS> {
        (0..game.n()).filter(|&t| t != p && self.alive(t) && self.enemy(game, p, t)).collect()
    }

    /// Steps a move may take now: card directions turned to the controller's facing, into open,
    /// free hexes (SJ-6.1, SJ-6.2, SJX-4).
    fn move_steps(&self, game: &Senjutsu, e: &Exec) -> ArrayVec<Direction, 6> {
        let Some(&Op::Move { dirs, .. }) = self.current_op(game, e) else { return arrayvec::ArrayVec::new() };
        let facing = self.samurai[usize::from(e.player)].facing;
        let from = self.samurai[usize::from(e.who)].pos;
        let mut out = arrayvec::ArrayVec::new();
        for d in Direction::ALL {
            let rel = (d.index() + 6 - facing.index()) % 6;
            if dirs & (1 << rel) != 0 && self.open_and_free(game, from.neighbor(d)) {
                out.push(d);
            }
        }
        out
    }

    fn move_one(&mut self, game: &Senjutsu, d: Direction, events: &mut impl EventSink<Event>) {
        self.took(game, events);
        let top = self.stack.last_mut().expect("top");
        top.left -= 1;
        let who = usize::from(top.who);
        let to = self.samurai[who].pos.neighbor(d);
        self.samurai[who].pos = to;
        events.emit(|| event("move", Some(who), format!("moves {} to {to}", d.name())));
    }

    fn pending_push(&self, e: &Exec) -> Option<usize> {
        e.pushes.iter().position(|&n| n > 0)
    }

    /// SJ-6.6: each push step takes the target one hex further from the pusher.
    fn push_steps(&self, game: &Senjutsu, pusher: usize, t: usize) -> ArrayVec<Direction, 6> {
        let from = self.samurai[t].pos;
        let me = self.samurai[pusher].pos;
        let dist = from.distance_to(me);
        Direction::ALL
            .into_iter()
            .filter(|&d| {
                let to = from.neighbor(d);
                to.distance_to(me) == dist + 1 && self.open_and_free(game, to)
            })
            .collect()
    }

    fn next_evader(&self, e: &Exec) -> Option<usize> {
        self.advantage.iter().map(|&x| usize::from(x)).find(|&t| e.evaders & (1 << t) != 0)
    }

    fn decide(&mut self, game: &Senjutsu, a: A, events: &mut impl EventSink<Event>) {
        let e = *self.stack.last().expect("a part is resolving");
        let p = usize::from(e.player);
        match (e.stage, a) {
            (Stage::Target, A::Target(t)) => {
                let op = self.current_op(game, &e);
                let stage = if matches!(op, Some(Op::Move { .. })) { Stage::Move } else { Stage::Turn };
                let top = self.stack.last_mut().expect("top");
                top.who = t;
                top.stage = stage;
            }
            (Stage::Move, A::Move(d)) => self.move_one(game, d, events),
            (Stage::Turn, A::Face(d)) => {
                let who = usize::from(e.who);
                if self.samurai[who].facing != d {
                    self.took(game, events);
                }
                self.samurai[who].facing = d;
                events.emit(|| event("rotate", Some(who), format!("turns to face {}", d.name())));
                self.next_op();
            }
            (Stage::Kamae, A::Kamae(node)) => {
                self.took(game, events);
                self.samurai[p].kamae = node;
                self.stack.last_mut().expect("top").left -= 1;
                events.emit(|| {
                    let name = words(&game.samurai(p).tree.nodes[usize::from(node)].0);
                    event("kamae", Some(p), format!("shifts to the {name} kamae"))
                });
            }
            (Stage::Choose, A::Choose(i)) => {
                let top = self.stack.last_mut().expect("top");
                top.choice = i;
                top.stage = Stage::Fresh;
            }
            (Stage::Push, A::Push(d)) => {
                if let Some(t) = self.pending_push(&e) {
                    let to = self.samurai[t].pos.neighbor(d);
                    self.took(game, events);
                    self.samurai[t].pos = to;
                    self.stack.last_mut().expect("top").pushes[t] -= 1;
                    events.emit(|| event("push", Some(t), format!("is pushed {} to {to}", d.name())));
                }
            }
            (Stage::Push, A::Pass) => {
                if let Some(t) = self.pending_push(&e) {
                    self.stack.last_mut().expect("top").pushes[t] = 0;
                }
            }
            (Stage::Evade, A::Evade(k)) => {
                if let Some(t) = self.next_evader(&e) {
                    self.stack.last_mut().expect("top").evaders &= !(1 << t);
                    let card = CardId(k);
                    let init = self.evade_init(game, t, game.content.card(card), e.init).unwrap_or(0);
                    let s = &mut self.samurai[t];
                    let found = s.hand.iter().position(|c| c == card);
                    if let Some(i) = found {
                        s.hand.remove(i);
                    }
                    s.evades.push(card);
                    events.emit(|| {
                        let at = if init == NO_INIT { String::new() } else { format!(" at initiative {init}") };
                        event("evade", Some(t), format!("evades and plays {}{at}", game.content.card(card).name))
                    });
                    let mut x = self.new_exec(game, t, card, 0, init, true);
                    if init == NO_INIT {
                        // SJ-5.2: both values are below the blocked attack's; its controller picks.
                        x.stage = Stage::Declare;
                        x.left = e.init;
                    }
                    self.stack.push(x);
                }
            }
            (Stage::Evade, A::Pass) => {
                if let Some(t) = self.next_evader(&e) {
                    self.stack.last_mut().expect("top").evaders &= !(1 << t);
                }
            }
            (Stage::Declare, A::Declare(x)) => {
                let top = self.stack.last_mut().expect("top");
                top.init = x;
                top.left = 0;
                top.stage = Stage::Fresh;
                events.emit(|| event("declare", Some(p), format!("declares initiative {x} for the evade")));
            }
            (Stage::Move | Stage::Kamae, A::Pass) => self.next_op(),
            _ => {}
        }
    }

    // ----- round end and start ---------------------------------------------------------------

    /// SJ-13.8: everything played goes to the discard pile; the core card returns to the hand,
    /// stun cards to their supply.
    fn end_round(&mut self, game: &Senjutsu, events: &mut impl EventSink<Event>) {
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
    fn next_discard(&mut self, game: &Senjutsu, events: &mut impl EventSink<Event>) {
        let over = (0..game.n())
            .find(|&p| self.alive(p) && self.samurai[p].hand_count(game) > usize::from(game.samurai(p).hand_limit));
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
