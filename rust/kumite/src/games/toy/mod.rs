//! A toy game, compiled only into the crate's own unit tests and with its `toy` feature: the fixture that shows a game is
//! added by its folder and its registry line alone (`docs/adding-a-game.md`; its test,
//! `tests.rs`, runs it through the registry, the conformance suite and self-play, and
//! `tests/test_toy_game.py` through the CLI, the balance lab and the adapters). Two players take
//! turns taking stones from one pile, each at most their character's reach; whoever takes the
//! last stone wins.
//!
//! | option | default | meaning |
//! |---|---|---|
//! | `characters` | `["short", "long"]` | character ids for players 0 and 1 (`short` takes 1–2 stones, `long` 1–3) |
//! | `stones` | `9` | the pile at the start (3..=30) |

mod game;
mod state;

#[cfg(test)]
mod tests;

use serde_json::Value;

use crate::core::{Action, ActionList, Event, EventSink, Game, GameError, State, Utility};

pub use game::{Toy, ToyOptions};
pub use state::{ToyState, NUM_ACTIONS};

/// The game's methods, each in one line naming the file that holds its code.
impl Game for Toy {
    type State = ToyState;
    const INFO: crate::core::GameInfo = game::INFO;

    fn num_players(&self) -> usize {
        2
    }
    fn num_actions(&self) -> usize {
        NUM_ACTIONS
    }
    fn observation_shape(&self) -> Vec<usize> {
        vec![state::OBSERVATION_LEN]
    }
    fn observation_bounds(&self) -> (f32, f32) {
        (0.0, 1.0)
    }
    fn public_observation_len(&self) -> usize {
        state::OBSERVATION_LEN
    }
    fn max_game_length(&self) -> usize {
        usize::from(self.options.stones)
    }
    fn length_bounded_by_rules(&self) -> bool {
        true
    }
    fn utility(&self) -> Utility {
        Utility::ZeroSum
    }
    fn options_json(&self) -> Value {
        serde_json::to_value(&self.options).expect("options serialise")
    }
    fn content_listing(&self) -> Value {
        game::content()
    }
    fn from_options(options: &serde_json::Map<String, Value>) -> Result<Self, GameError> {
        Toy::new(crate::core::parse_options(options)?)
    }
    fn new_state(&self, seed: u64) -> ToyState {
        ToyState::new(self, seed)
    }
}

impl State for ToyState {
    type Game = Toy;
    type Event = Event;

    fn current_player(&self) -> Option<usize> {
        state::current_player(self)
    }
    fn legal_actions(&self, game: &Toy, out: &mut ActionList) {
        state::legal_actions(self, game, out)
    }
    fn apply_unchecked(&mut self, game: &Toy, action: Action, events: &mut impl EventSink<Event>) {
        state::apply(self, game, action, events)
    }
    fn returns(&self, _game: &Toy, out: &mut [f32]) {
        state::returns(self, out)
    }
    fn public_observation(&self, game: &Toy, out: &mut [f32]) {
        state::public_observation(self, game, out)
    }
    fn private_observation(&self, _game: &Toy, _player: usize, _out: &mut [f32]) {}
    fn public_observation_string(&self, _game: &Toy) -> String {
        state::text(self)
    }
    fn private_observation_string(&self, _game: &Toy, _player: usize) -> String {
        String::new()
    }
    /// Nothing is hidden.
    fn determinize(&self, _game: &Toy, _observer: usize, _seed: u64) -> Self {
        self.clone()
    }
    fn action_to_string(&self, _game: &Toy, action: Action) -> String {
        state::action_text(action)
    }
    fn render(&self, _game: &Toy) -> String {
        state::text(self)
    }
    fn validate(&self, game: &Toy) -> Result<(), GameError> {
        state::validate(self, game)
    }
}
