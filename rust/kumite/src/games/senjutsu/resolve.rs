//! The card-action interpreter of Senjutsu: the schedule of parts by initiative, each action of a
//! card (moves, turns, attacks, defences, pushes, kamae, draws) and the decisions they ask for.
//! Rule ids refer to `docs/rules/senjutsu.md`.

use crate::cards::CardId;
use crate::core::{event, EffectKey, EventSink};
use crate::games::senjutsu::actions::SenjutsuAction as A;
use crate::games::senjutsu::content::{words, Card, Instant, Op, Timing};
use crate::games::senjutsu::game::Senjutsu;
use crate::games::senjutsu::rules::{zone_index, Event, ZONES};
use crate::games::senjutsu::state::{
    Defense, Exec, Item, Phase, SenjutsuState, Stage, MAX_PLAYERS, NO_CHOICE, NO_INIT, ZONE_NONE,
};
use crate::games::senjutsu::text;
use crate::hex::{orient, Direction, Hex};

use arrayvec::ArrayVec;

impl SenjutsuState {
    /// SJ-5.4, SJ-12.4, SJ-13.7: every part with its own initiative waits in the schedule.
    pub(super) fn schedule(&mut self, game: &Senjutsu) {
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
    #[inline(always)]
    pub(super) fn op_at<'g>(&self, game: &'g Senjutsu, e: &Exec) -> Option<&'g Op> {
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
            EffectKey::new(&card.id, card.effect_index(usize::from(e.part), usize::from(e.op), zone, choice))
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
    pub(super) fn advance(&mut self, game: &Senjutsu, events: &mut impl EventSink<Event>) {
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
                // `current_op` without looking the action up again.
                let op = match op {
                    Op::Choose(_) if e.choice == NO_CHOICE => {
                        self.stack.last_mut().expect("top").stage = Stage::Choose;
                        return Some(p);
                    }
                    Op::Choose(opts) => opts.get(usize::from(e.choice)).expect("a chosen option exists"),
                    op => op,
                };
                self.start_op(game, op, events)
            }
            Stage::Target | Stage::Choose | Stage::Turn | Stage::Declare => Some(p),
            Stage::Move => {
                let done = e.left == 0 || !self.alive(usize::from(e.who));
                let (steps, forced) = if done { (ArrayVec::new(), false) } else { self.move_steps(game, &e) };
                if steps.is_empty() {
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
            // SJX-21: every defender whose evade blocked the attack is asked, with or without
            // an attack card that could answer, so the attacker learns nothing of its hand.
            Stage::Evade => match self.next_evader(&e) {
                Some(t) => {
                    if self.alive(t) {
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
                            events.emit(|| {
                                event("no_target", Some(p), format!("{}: no opponent left", text::op_line(op)))
                            });
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
        events.emit(|| event("attack", Some(a), format!("{} at initiative {}", text::op_line(op), e.init)));
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
    pub(super) fn opponents(&self, game: &Senjutsu, p: usize) -> ArrayVec<usize, MAX_PLAYERS> {
        (0..game.n()).filter(|&t| t != p && self.alive(t) && self.enemy(game, p, t)).collect()
    }

    /// Steps a move may take now: card directions turned to the controller's facing, into open,
    /// free hexes (SJ-6.1, SJ-6.2, SJX-4); and whether the move is forced (none, unforced, if
    /// the action is no move).
    #[inline(always)]
    pub(super) fn move_steps(&self, game: &Senjutsu, e: &Exec) -> (ArrayVec<Direction, 6>, bool) {
        let Some(&Op::Move { dirs, forced, .. }) = self.current_op(game, e) else { return (ArrayVec::new(), false) };
        // The card's directions turned to the facing: bit d of `turned` is board direction d.
        let f = u32::from(self.samurai[usize::from(e.player)].facing.index());
        let dirs = u32::from(dirs) & 0x3f;
        let turned = ((dirs << f) | (dirs >> (6 - f))) & 0x3f;
        let board = &game.battlefield().board;
        // Pushed one by one (a hex has six neighbours): `collect` stayed a call of its own.
        let mut steps = ArrayVec::new();
        for (d, i) in board.open_neighbors(self.samurai[usize::from(e.who)].pos) {
            if turned & (1 << d.index()) != 0 && !self.occupied(board.hex_at(i)) {
                steps.push(d);
            }
        }
        (steps, forced)
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

    pub(super) fn pending_push(&self, e: &Exec) -> Option<usize> {
        e.pushes.iter().position(|&n| n > 0)
    }

    /// SJ-6.6: each push step takes the target one hex further from the pusher.
    pub(super) fn push_steps(&self, game: &Senjutsu, pusher: usize, t: usize) -> ArrayVec<Direction, 6> {
        let from = self.samurai[t].pos;
        let me = self.samurai[pusher].pos;
        let dist = from.distance_to(me);
        let board = &game.battlefield().board;
        board
            .open_neighbors(from)
            .filter(|&(_, i)| {
                let to = board.hex_at(i);
                to.distance_to(me) == dist + 1 && !self.occupied(to)
            })
            .map(|(d, _)| d)
            .collect()
    }

    pub(super) fn next_evader(&self, e: &Exec) -> Option<usize> {
        self.advantage.iter().map(|&x| usize::from(x)).find(|&t| e.evaders & (1 << t) != 0)
    }

    pub(super) fn decide(&mut self, game: &Senjutsu, a: A, events: &mut impl EventSink<Event>) {
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
}
