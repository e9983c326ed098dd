//! The toy's position and its rules: the pile, whose turn, who won.

use serde::{Deserialize, Serialize};

use crate::core::{event, Action, ActionList, Event, EventSink, GameError, ObsWriter};
use crate::games::toy::game::Toy;

/// Action `a` takes `a + 1` stones; the longest reach is 3.
pub const NUM_ACTIONS: usize = 3;
/// The pile (scaled by 30) and whose turn (one-hot).
pub(crate) const OBSERVATION_LEN: usize = 3;

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ToyState {
    pub stones: u8,
    /// The player to move (after the last stone: the loser).
    pub to_move: u8,
}

pub(crate) fn action_text(action: Action) -> String {
    format!("take {}", action + 1)
}

impl ToyState {
    pub fn new(game: &Toy, _seed: u64) -> Self {
        ToyState { stones: game.options.stones, to_move: 0 }
    }
}
pub(crate) fn current_player(s: &ToyState) -> Option<usize> {
    (s.stones > 0).then_some(usize::from(s.to_move))
}
pub(crate) fn legal_actions(s: &ToyState, game: &Toy, out: &mut ActionList) {
    out.clear();
    if s.stones > 0 {
        let most = game.reach[usize::from(s.to_move)].min(s.stones);
        out.extend((0..most).map(Action::from));
    }
}
pub(crate) fn apply(s: &mut ToyState, _game: &Toy, action: Action, events: &mut impl EventSink<Event>) {
    let took = u8::try_from(action + 1).expect("a legal action");
    let player = usize::from(s.to_move);
    events.emit(|| event("take", Some(player), format!("takes {took}")));
    s.stones -= took;
    s.to_move = 1 - s.to_move;
}
/// Whoever took the last stone wins: the player not to move.
pub(crate) fn returns(s: &ToyState, out: &mut [f32]) {
    out.fill(0.0);
    if s.stones == 0 {
        out[usize::from(s.to_move)] = -1.0;
        out[usize::from(1 - s.to_move)] = 1.0;
    }
}
pub(crate) fn public_observation(s: &ToyState, _game: &Toy, out: &mut [f32]) {
    let mut w = ObsWriter::new(out);
    w.section("pile");
    w.put(f32::from(s.stones) / 30.0);
    w.section("to move");
    w.one_hot(2, Some(usize::from(s.to_move)));
    w.finish();
}
pub(crate) fn text(s: &ToyState) -> String {
    format!("{} stones left, P{} to move", s.stones, s.to_move)
}
pub(crate) fn validate(s: &ToyState, game: &Toy) -> Result<(), GameError> {
    let mut problems = Vec::new();
    if s.stones > game.options.stones {
        problems.push(format!("stones: {} is more than the game starts with", s.stones));
    }
    if s.to_move > 1 {
        problems.push(format!("to_move: {} is not a seat", s.to_move));
    }
    if problems.is_empty() {
        Ok(())
    } else {
        Err(GameError::invalid_state(problems))
    }
}
