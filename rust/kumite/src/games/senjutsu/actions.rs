//! The dense action space of Senjutsu. Card choices are indexed by card kind (so an id means the
//! same card in every position); ranges are sized by the content limits.

use crate::core::{Action, State};
use crate::games::senjutsu::content::{words, Op, MAX_CELLS, MAX_CHOICES, MAX_KINDS, MAX_NODES};
use crate::games::senjutsu::game::Senjutsu;
use crate::games::senjutsu::state::{Phase, SenjutsuState, MAX_PLAYERS};
use crate::hex::Direction;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SenjutsuAction {
    /// Set up on this battlefield cell (SJ-4.6).
    Place(u8),
    /// Face this direction: at setup, or the rotation a card allows (SJ-6.3).
    Face(Direction),
    /// Put this card face down (SJ-13.3).
    Select(u16),
    /// Declare this initiative for a dual-initiative card (SJ-5.2, SJ-13.5).
    Declare(u8),
    /// Play this instant onto the card in play (SJ-12).
    Instant(u16),
    /// Play this attack card after an evade (SJ-7.6).
    Evade(u16),
    /// Discard this card face down at round end (SJ-13.9).
    Discard(u16),
    /// One step of a move, in this absolute direction (SJ-6.1, SJ-6.2).
    Move(Direction),
    /// One push step of the opponent, in this absolute direction (SJ-6.6).
    Push(Direction),
    /// Move the kamae ring to this node (SJ-9.2).
    Kamae(u8),
    /// Take option `i` of a choice (core cards).
    Choose(u8),
    /// The opponent an opponent-marked effect applies to (SJ-6.4).
    Target(u8),
    /// Decline: no instant, no evade, stop moving, pushing or shifting kamae.
    Pass,
}

const PLACE: Action = 0;
const FACE: Action = PLACE + MAX_CELLS as Action;
const SELECT: Action = FACE + 6;
const DECLARE: Action = SELECT + MAX_KINDS as Action;
const INSTANT: Action = DECLARE + 10;
const EVADE: Action = INSTANT + MAX_KINDS as Action;
const DISCARD: Action = EVADE + MAX_KINDS as Action;
const MOVE: Action = DISCARD + MAX_KINDS as Action;
const PUSH: Action = MOVE + 6;
const KAMAE: Action = PUSH + 6;
const CHOOSE: Action = KAMAE + MAX_NODES as Action;
const TARGET: Action = CHOOSE + MAX_CHOICES as Action;
const PASS: Action = TARGET + MAX_PLAYERS as Action;
pub const NUM_ACTIONS: usize = PASS as usize + 1;
const _: () = assert!(NUM_ACTIONS <= u16::MAX as usize);

impl SenjutsuAction {
    pub fn encode(self) -> Action {
        match self {
            SenjutsuAction::Place(c) => PLACE + Action::from(c),
            SenjutsuAction::Face(d) => FACE + Action::from(d.index()),
            SenjutsuAction::Select(k) => SELECT + k,
            SenjutsuAction::Declare(x) => DECLARE + Action::from(x),
            SenjutsuAction::Instant(k) => INSTANT + k,
            SenjutsuAction::Evade(k) => EVADE + k,
            SenjutsuAction::Discard(k) => DISCARD + k,
            SenjutsuAction::Move(d) => MOVE + Action::from(d.index()),
            SenjutsuAction::Push(d) => PUSH + Action::from(d.index()),
            SenjutsuAction::Kamae(n) => KAMAE + Action::from(n),
            SenjutsuAction::Choose(i) => CHOOSE + Action::from(i),
            SenjutsuAction::Target(p) => TARGET + Action::from(p),
            SenjutsuAction::Pass => PASS,
        }
    }

    /// The action for an id in `0..NUM_ACTIONS`.
    pub fn decode(a: Action) -> SenjutsuAction {
        let dir = |base: Action| Direction::new((a - base) as u8).expect("direction in range");
        match a {
            _ if a < FACE => SenjutsuAction::Place((a - PLACE) as u8),
            _ if a < SELECT => SenjutsuAction::Face(dir(FACE)),
            _ if a < DECLARE => SenjutsuAction::Select(a - SELECT),
            _ if a < INSTANT => SenjutsuAction::Declare((a - DECLARE) as u8),
            _ if a < EVADE => SenjutsuAction::Instant(a - INSTANT),
            _ if a < DISCARD => SenjutsuAction::Evade(a - EVADE),
            _ if a < MOVE => SenjutsuAction::Discard(a - DISCARD),
            _ if a < PUSH => SenjutsuAction::Move(dir(MOVE)),
            _ if a < KAMAE => SenjutsuAction::Push(dir(PUSH)),
            _ if a < CHOOSE => SenjutsuAction::Kamae((a - KAMAE) as u8),
            _ if a < TARGET => SenjutsuAction::Choose((a - CHOOSE) as u8),
            _ if a < PASS => SenjutsuAction::Target((a - TARGET) as u8),
            _ => SenjutsuAction::Pass,
        }
    }
}

pub(crate) fn action_to_string(s: &SenjutsuState, game: &Senjutsu, action: Action) -> String {
    let c = &game.content;
    let name = |k: u16| c.cards.get(usize::from(k)).map_or_else(|| format!("card {k}"), |x| x.name.clone());
    let top = s.stack.last();
    use SenjutsuAction as A;
    match A::decode(action) {
        A::Place(i) => {
            let board = &game.battlefield().board;
            if usize::from(i) < board.len() {
                format!("set up at {}", board.hex_at(i))
            } else {
                format!("set up at cell {i}")
            }
        }
        A::Face(d) => match (s.phase, top) {
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
            Some(e) if usize::from(e.who) < s.samurai.len() => {
                let to = s.samurai[usize::from(e.who)].pos.neighbor(d);
                let who = if e.who == e.player { String::new() } else { format!("P{} ", e.who) };
                format!("move {who}{} to {to}", d.name())
            }
            _ => format!("move {}", d.name()),
        },
        A::Push(d) => match top.and_then(|e| e.pushes.iter().position(|&x| x > 0)) {
            Some(t) => format!("push P{t} {} to {}", d.name(), s.samurai[t].pos.neighbor(d)),
            None => format!("push {}", d.name()),
        },
        A::Kamae(node) => {
            match s.current_player() {
                Some(p) => game.samurai(p).tree.nodes.get(usize::from(node)).map_or_else(
                    || format!("kamae node {node}"),
                    |n| format!("kamae {} ({})", words(&n.0), n.1.name()),
                ),
                None => format!("kamae node {node}"),
            }
        }
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_action_id_round_trips() {
        for a in 0..NUM_ACTIONS as Action {
            assert_eq!(SenjutsuAction::decode(a).encode(), a);
        }
    }
}
