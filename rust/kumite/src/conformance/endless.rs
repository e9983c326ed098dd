//! A test game whose rules never end it: two players take turns adding 0, 1 or 2 to a count,
//! forever. It proves that every run path (conformance, rollouts, the batched env, search) cuts
//! a game the rules do not end at the run's bound and reports it truncated, without relying on
//! any real game's length.

use serde::{Deserialize, Serialize};

use crate::core::{Action, ActionList, EventSink, Game, GameError, Rng, State, Utility};

/// `bound` is its `max_game_length`; `heuristic` whether it has a `State::heuristic`
/// (player 0 a little ahead while the count is even); `claims_bound` makes it claim, wrongly,
/// that its rules end it within the bound.
#[derive(Debug, Clone)]
pub struct Endless {
    pub bound: usize,
    pub heuristic: bool,
    pub claims_bound: bool,
}

impl Default for Endless {
    fn default() -> Self {
        Endless { bound: 50, heuristic: false, claims_bound: false }
    }
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct EndlessState {
    pub count: u64,
    pub turn: u8,
    /// Chance inside the state, as in the real games: a hidden coin per position.
    pub coin: u64,
}

impl Game for Endless {
    type State = EndlessState;
    const NAME: &'static str = "endless";
    fn num_players(&self) -> usize {
        2
    }
    fn num_actions(&self) -> usize {
        3
    }
    fn observation_shape(&self) -> Vec<usize> {
        vec![2]
    }
    /// The count has no bound of its own (this game may never end); the turn is 0 or 1.
    fn observation_bounds(&self) -> (f32, f32) {
        (0.0, f32::MAX)
    }
    fn max_game_length(&self) -> usize {
        self.bound
    }
    fn length_bounded_by_rules(&self) -> bool {
        self.claims_bound
    }
    fn utility(&self) -> Utility {
        Utility::ZeroSum
    }
    fn options(&self) -> serde_json::Value {
        serde_json::json!({ "bound": self.bound, "heuristic": self.heuristic })
    }
    /// A test game without content.
    fn content(&self) -> serde_json::Value {
        serde_json::json!({})
    }
    fn from_options(_options: &serde_json::Map<String, serde_json::Value>) -> Result<Self, GameError> {
        Ok(Endless::default())
    }
    fn new_state(&self, seed: u64) -> EndlessState {
        EndlessState { count: 0, turn: 0, coin: u64::from(Rng::new(seed).next_u32()) }
    }
}

impl State for EndlessState {
    type Game = Endless;
    type Event = String;
    fn current_player(&self) -> Option<usize> {
        Some(usize::from(self.turn))
    }
    fn legal_actions(&self, _game: &Endless, out: &mut ActionList) {
        out.clear();
        out.extend([0, 1, 2]);
    }
    fn apply_unchecked(&mut self, _game: &Endless, action: Action, _events: &mut impl EventSink<String>) {
        self.count += u64::from(action);
        self.turn ^= 1;
        self.coin = u64::from(Rng::new(self.coin).next_u32());
    }
    fn returns(&self, _game: &Endless, out: &mut [f32]) {
        out.fill(0.0);
    }
    fn observation(&self, _game: &Endless, _player: usize, out: &mut [f32]) {
        out.copy_from_slice(&[self.count as f32, f32::from(self.turn)]);
    }
    fn information_state_string(&self, _game: &Endless, _player: usize) -> String {
        format!("{} {}", self.count, self.turn)
    }
    fn determinize(&self, _game: &Endless, _observer: usize, seed: u64) -> Self {
        EndlessState { coin: u64::from(Rng::new(seed).next_u32()), ..self.clone() }
    }
    fn action_to_string(&self, _game: &Endless, action: Action) -> String {
        format!("add {action}")
    }
    fn render(&self, _game: &Endless) -> String {
        format!("count {}", self.count)
    }
    fn heuristic(&self, game: &Endless, out: &mut [f32]) -> bool {
        if !game.heuristic {
            return false;
        }
        let lead = if self.count.is_multiple_of(2) { 0.25 } else { -0.25 };
        out.copy_from_slice(&[lead, -lead]);
        true
    }
    fn validate(&self, _game: &Endless) -> Result<(), GameError> {
        if self.turn > 1 {
            return Err(GameError::deserialization("turn must be 0 or 1"));
        }
        Ok(())
    }
}
