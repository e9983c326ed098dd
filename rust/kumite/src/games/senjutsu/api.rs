//! Senjutsu through the core `State` trait.

use crate::core::{Action, ActionList, EventSink, GameError, Secrecy, State};
use crate::games::senjutsu::actions::SenjutsuAction as A;
use crate::games::senjutsu::content::{words, Op};
use crate::games::senjutsu::rules::Event;
use crate::games::senjutsu::state::{Phase, SenjutsuState};
use crate::games::senjutsu::Senjutsu;

impl State for SenjutsuState {
    type Game = Senjutsu;
    type Event = Event;

    fn current_player(&self) -> Option<usize> {
        self.current_player_index()
    }
    /// SJ-13.3: every samurai still to select chooses at the same time.
    fn simultaneous_players(&self, game: &Senjutsu) -> u64 {
        match self.phase {
            Phase::Select(p) => (usize::from(p)..game.n()).filter(|&q| self.alive(q)).fold(0, |m, q| m | 1 << q),
            _ => self.current_player().map_or(0, |p| 1 << p),
        }
    }
    fn legal_actions(&self, game: &Senjutsu, out: &mut ActionList) {
        self.legal(game, out);
    }
    fn apply_unchecked(&mut self, game: &Senjutsu, action: Action, events: &mut impl EventSink<Event>) {
        self.step(game, action, events);
    }
    fn returns(&self, game: &Senjutsu, out: &mut [f32]) {
        let r = self.result.unwrap_or_default();
        for (o, v) in out.iter_mut().zip(&r[..game.n()]) {
            *o = f32::from(*v);
        }
    }
    fn observation(&self, game: &Senjutsu, player: usize, out: &mut [f32]) {
        self.write_observation(game, player, out);
    }
    fn information_state_string(&self, game: &Senjutsu, player: usize) -> String {
        self.describe(game, Some(player))
    }
    fn determinize(&self, game: &Senjutsu, observer: usize, seed: u64) -> Self {
        self.determinized(game, observer, seed)
    }
    /// SJ-13.3: a selection is face down until every samurai has selected; the last one's
    /// selection turns every card face up at once, so it shows its card. SJ-13.9: a card
    /// discarded over the hand limit goes face down.
    fn secrecy(&self, game: &Senjutsu, action: Action) -> Secrecy {
        let Some(p) = self.current_player() else { return Secrecy::PUBLIC };
        match (self.phase, A::decode(action)) {
            (Phase::Select(_), A::Select(k)) => {
                let last = (p + 1..game.n()).all(|q| !self.alive(q));
                Secrecy::from_others(p, game.n(), if last { 1 + u64::from(k) } else { 0 })
            }
            (Phase::Discard(_), A::Discard(_)) => Secrecy::from_others(p, game.n(), 0),
            _ => Secrecy::PUBLIC,
        }
    }
    fn action_to_string(&self, game: &Senjutsu, action: Action) -> String {
        let c = &game.content;
        let name = |k: u16| c.cards.get(usize::from(k)).map_or_else(|| format!("card {k}"), |x| x.name.clone());
        let top = self.stack.last();
        match A::decode(action) {
            A::Place(i) => {
                let board = &game.battlefield().board;
                if usize::from(i) < board.len() {
                    format!("set up at {}", board.hex_at(i))
                } else {
                    format!("set up at cell {i}")
                }
            }
            A::Face(d) => match (self.phase, top) {
                (Phase::Resolve(_), Some(e)) if usize::from(e.who) != usize::from(e.player) => {
                    format!("turn P{} to face {}", e.who, d.name())
                }
                _ => format!("face {}", d.name()),
            },
            A::Select(k) => format!("select {}", name(k)),
            A::Declare(x) => format!("initiative {x}"),
            A::Instant(k) => format!("instant {}", name(k)),
            A::Evade(k) => format!("evade with {}", name(k)),
            A::Discard(k) => format!("discard {}", name(k)),
            A::Move(d) => match top {
                Some(e) if usize::from(e.who) < self.samurai.len() => {
                    let to = self.samurai[usize::from(e.who)].pos.neighbor(d);
                    let who = if e.who == e.player { String::new() } else { format!("P{} ", e.who) };
                    format!("move {who}{} to {to}", d.name())
                }
                _ => format!("move {}", d.name()),
            },
            A::Push(d) => match top.and_then(|e| e.pushes.iter().position(|&x| x > 0)) {
                Some(t) => format!("push P{t} {} to {}", d.name(), self.samurai[t].pos.neighbor(d)),
                None => format!("push {}", d.name()),
            },
            A::Kamae(node) => match self.current_player_index() {
                Some(p) => game.samurai(p).tree.nodes.get(usize::from(node)).map_or_else(
                    || format!("kamae node {node}"),
                    |n| format!("kamae {} ({})", words(&n.0), n.1.name()),
                ),
                None => format!("kamae node {node}"),
            },
            A::Choose(i) => {
                let op = top.and_then(|e| {
                    let card = c.cards.get(usize::from(e.card.0))?;
                    match card.parts.get(usize::from(e.part))?.ops.get(usize::from(e.op))? {
                        Op::Choose(opts) => opts.get(usize::from(i)).map(Op::text),
                        _ => None,
                    }
                });
                format!("choose {}", op.unwrap_or_else(|| format!("option {}", i + 1)))
            }
            A::Target(p) => format!("target P{p}"),
            A::Pass => "pass".into(),
        }
    }
    /// Wounds weigh against the limits; a cheap leaf value for search.
    fn heuristic(&self, game: &Senjutsu, out: &mut [f32]) -> bool {
        let n = game.n();
        let health = |p: usize| {
            let s = &self.samurai[p];
            if s.defeated {
                0.0
            } else {
                1.0 - f32::from(s.wounds) / f32::from(game.samurai(p).wound_limit)
            }
        };
        for (p, v) in out.iter_mut().enumerate().take(n) {
            let mine: f32 = (0..n).filter(|&q| !game.enemies(p, q)).map(health).sum();
            let theirs: f32 = (0..n).filter(|&q| game.enemies(p, q)).map(health).sum();
            let allies = (0..n).filter(|&q| !game.enemies(p, q)).count() as f32;
            let foes = (0..n).filter(|&q| game.enemies(p, q)).count().max(1) as f32;
            *v = (mine / allies - theirs / foes).clamp(-1.0, 1.0);
        }
        true
    }
    fn view(&self, game: &Senjutsu, viewer: Option<usize>) -> serde_json::Value {
        self.scene(game, viewer)
    }
    fn render(&self, game: &Senjutsu) -> String {
        self.describe(game, None)
    }
    fn validate(&self, game: &Senjutsu) -> Result<(), GameError> {
        self.check(game)
    }
}
