//! Type-erased games and states, for bindings (Python, C) that choose a game by name at run time.
//! Each erased state also keeps its seed and the actions applied since `new_state`, which is what
//! game records and `history()` are made of; the core `State` stays plain data without them.
//!
//! This layer sits on top of everything else in the crate: it reaches the games through the
//! registry, and search, environments and the conformance suite through their generic code.

mod record;
mod registry;
mod search;
mod state;
mod vec_env;

use std::sync::Arc;

use serde_json::Value;

/// What a binding names a searcher's evaluator by, beside [`ErasedSearcher`].
pub use crate::search::EvaluatorChoice;
pub use record::{from_record, Record, FORMAT_VERSION};
pub use registry::{info, load, NAMES};
pub use search::{spec_searcher, ErasedSearcher};
pub use state::{ErasedState, Tracked};
pub use vec_env::ErasedVecEnv;

use record::{check_format, Envelope};
use search::Searcher;
use vec_env::TypedVecEnv;

use crate::conformance::dead_text::{self, DeadText};
use crate::conformance::seats::{self, Play, SeatRow};
use crate::conformance::secrets::Tally;
use crate::conformance::{check_random_games, check_secrets, Conformance};
use crate::core::{Game, GameError, GameInfo, Utility};
use crate::env::VecEnv;
use crate::search::rollout::{rollout_range, RolloutResult};
use crate::search::{selfplay, BatchEvaluator, Mcts, MctsConfig, Net, SelfplayConfig, SelfplayData};

/// A game of any kind, shared between its states.
pub trait ErasedGame: Send + Sync {
    fn name(&self) -> &'static str;
    /// What the game says about itself ([`Game::INFO`]).
    fn info(&self) -> GameInfo;
    fn num_players(&self) -> usize;
    fn num_actions(&self) -> usize;
    fn observation_shape(&self) -> Vec<usize>;
    fn observation_bounds(&self) -> (f32, f32);
    /// The observation's named blocks ([`Game::observation_layout`]) as
    /// `[{"name", "start", "size"}, …]`.
    fn observation_layout(&self) -> Value;
    /// [`Game::public_observation_len`]: the head of every observation, alike for every seat.
    fn public_observation_len(&self) -> usize;
    /// [`Game::private_observation_len`]: the rest of a seat's observation.
    fn private_observation_len(&self) -> usize;
    /// The public observation's named blocks, like [`ErasedGame::observation_layout`].
    fn public_observation_layout(&self) -> Value;
    /// The private observation's named blocks, starting at 0.
    fn private_observation_layout(&self) -> Value;
    /// [`Game::fingerprint`]: what a trained network records and is checked against.
    fn fingerprint(&self) -> String;
    /// Refuses a network made for another game, layout or content ([`Net::verify_for`]).
    fn verify_net(&self, net: &Net) -> Result<(), GameError>;
    /// Self-play data ([`selfplay()`]).
    fn selfplay(&self, evaluator: Option<Arc<dyn BatchEvaluator>>, cfg: &SelfplayConfig) -> SelfplayData;
    fn max_game_length(&self) -> usize;
    fn length_bounded_by_rules(&self) -> bool;
    /// [`Game::utility`] and [`Game::return_bounds`].
    fn utility(&self) -> Utility;
    fn return_bounds(&self) -> (f32, f32);
    fn options_json(&self) -> Value;
    /// The content by kind, with ids, names and texts ([`Game::content_listing`]).
    fn content_listing(&self) -> Value;
    /// [`Game::validate_deck`].
    fn validate_deck(&self, cards: &[String], sideboard: &[String], character: Option<&str>) -> Result<(), GameError>;
    /// The bytes one state takes (what a batch of states costs, checked before allocating one).
    fn state_size(&self) -> usize;
    fn new_state(self: Arc<Self>, seed: u64) -> Box<dyn ErasedState>;
    fn state_from_json(self: Arc<Self>, text: &str) -> Result<Box<dyn ErasedState>, GameError>;
    /// `n_games` random playouts from new states, each cut after `max_steps` actions (`None`:
    /// `max_game_length`); results depend on `seed` only.
    fn rollout(&self, n_games: usize, seed: u64, threads: Option<usize>, max_steps: Option<usize>) -> RolloutResult {
        self.rollout_range(0, n_games, seed, threads, max_steps)
    }
    /// Games `first..first + n_games` of that batch (for splitting it across workers).
    fn rollout_range(
        &self,
        first: u64,
        n_games: usize,
        seed: u64,
        threads: Option<usize>,
        max_steps: Option<usize>,
    ) -> RolloutResult;
    /// Runs the conformance suite; returns the number of actions checked or the first violation.
    fn conformance(&self, c: Conformance) -> Result<u64, String>;
    /// The secret check alone in `games` random games; what the secret decisions showed.
    fn check_secrets(&self, games: usize, seed: u64) -> Result<Tally, String>;
    /// The dead-text report: how often each printed effect took effect in `random_games`
    /// random and `mcts_games` MCTS games (`iterations` a move).
    fn dead_text(&self, random_games: usize, mcts_games: usize, iterations: u32, seed: u64)
        -> Result<DeadText, String>;
    /// [`Game::seatings`] as JSON: `[{"name", "options", "mirror", "sides", "edge"}, …]`.
    fn seatings(&self) -> Value;
    /// Each seating's seat shares under `play` (`games` games each, intervals at `z`).
    fn seats(&self, play: Play, games: usize, seed: u64, z: f64) -> Result<Vec<SeatRow>, String>;
    /// An MCTS searcher for this game's states (a bot spec's: [`spec_searcher`]).
    fn searcher(self: Arc<Self>, config: MctsConfig, evaluator: EvaluatorChoice) -> Box<dyn ErasedSearcher>;
    /// `num_envs` games stepped together, each cut after `max_steps` actions when given (see
    /// [`VecEnv`]).
    fn vec_env(
        self: Arc<Self>,
        num_envs: usize,
        seed: u64,
        threads: Option<usize>,
        max_steps: Option<usize>,
    ) -> Box<dyn ErasedVecEnv>;
}

impl<G: Game> ErasedGame for G {
    fn info(&self) -> GameInfo {
        G::INFO
    }
    fn name(&self) -> &'static str {
        G::NAME
    }
    fn num_players(&self) -> usize {
        Game::num_players(self)
    }
    fn num_actions(&self) -> usize {
        Game::num_actions(self)
    }
    fn observation_shape(&self) -> Vec<usize> {
        Game::observation_shape(self)
    }
    fn observation_bounds(&self) -> (f32, f32) {
        Game::observation_bounds(self)
    }
    fn observation_layout(&self) -> Value {
        serde_json::to_value(Game::observation_layout(self)).unwrap_or_default()
    }
    fn public_observation_len(&self) -> usize {
        Game::public_observation_len(self)
    }
    fn private_observation_len(&self) -> usize {
        Game::private_observation_len(self)
    }
    fn public_observation_layout(&self) -> Value {
        serde_json::to_value(Game::public_observation_layout(self)).unwrap_or_default()
    }
    fn private_observation_layout(&self) -> Value {
        serde_json::to_value(Game::private_observation_layout(self)).unwrap_or_default()
    }
    fn fingerprint(&self) -> String {
        Game::fingerprint(self)
    }
    fn verify_net(&self, net: &Net) -> Result<(), GameError> {
        net.verify_for(self)
    }
    fn selfplay(&self, evaluator: Option<Arc<dyn BatchEvaluator>>, cfg: &SelfplayConfig) -> SelfplayData {
        selfplay(self, evaluator, cfg)
    }
    fn max_game_length(&self) -> usize {
        Game::max_game_length(self)
    }
    fn length_bounded_by_rules(&self) -> bool {
        Game::length_bounded_by_rules(self)
    }
    fn utility(&self) -> Utility {
        Game::utility(self)
    }
    fn return_bounds(&self) -> (f32, f32) {
        Game::return_bounds(self)
    }
    fn options_json(&self) -> Value {
        Game::options_json(self)
    }
    fn content_listing(&self) -> Value {
        Game::content_listing(self)
    }
    fn validate_deck(&self, cards: &[String], sideboard: &[String], character: Option<&str>) -> Result<(), GameError> {
        Game::validate_deck(self, cards, sideboard, character)
    }
    fn seatings(&self) -> Value {
        serde_json::to_value(Game::seatings(self)).unwrap_or_default()
    }
    fn state_size(&self) -> usize {
        std::mem::size_of::<G::State>()
    }
    fn new_state(self: Arc<Self>, seed: u64) -> Box<dyn ErasedState> {
        let state = Game::new_state(&*self, seed);
        Box::new(Tracked { game: self, state, seed: Some(seed), history: Vec::new() })
    }
    fn state_from_json(self: Arc<Self>, text: &str) -> Result<Box<dyn ErasedState>, GameError> {
        let envelope: Envelope<Value> =
            serde_json::from_str(text).map_err(|e| GameError::deserialization(e.to_string()))?;
        check_format(&envelope.game, envelope.version, G::NAME)?;
        if envelope.options != Game::options_json(&*self) {
            return Err(GameError::deserialization(format!(
                "the state was made with options {} but this game has {}",
                envelope.options,
                Game::options_json(&*self)
            )));
        }
        if envelope.history.iter().any(|&a| usize::from(a) >= Game::num_actions(&*self)) {
            return Err(GameError::deserialization("history holds an action outside the action space"));
        }
        let state = Game::state_from_json(&*self, &envelope.state.to_string())?;
        Ok(Box::new(Tracked { game: self, state, seed: envelope.seed, history: envelope.history }))
    }
    fn rollout_range(
        &self,
        first: u64,
        n_games: usize,
        seed: u64,
        threads: Option<usize>,
        max_steps: Option<usize>,
    ) -> RolloutResult {
        rollout_range(self, first, n_games, seed, threads, max_steps)
    }
    fn conformance(&self, c: Conformance) -> Result<u64, String> {
        check_random_games(self, c)
    }
    fn check_secrets(&self, games: usize, seed: u64) -> Result<Tally, String> {
        check_secrets(self, games, seed).map(|c| c.secrets)
    }
    fn dead_text(
        &self,
        random_games: usize,
        mcts_games: usize,
        iterations: u32,
        seed: u64,
    ) -> Result<DeadText, String> {
        dead_text::dead_text(self, random_games, mcts_games, iterations, seed)
    }
    fn seats(&self, play: Play, games: usize, seed: u64, z: f64) -> Result<Vec<SeatRow>, String> {
        seats::measure_all(self, play, games, seed, z)
    }
    fn searcher(self: Arc<Self>, config: MctsConfig, evaluator: EvaluatorChoice) -> Box<dyn ErasedSearcher> {
        let mcts = Mcts::new(config, evaluator);
        Box::new(Searcher { game: self, mcts })
    }
    fn vec_env(
        self: Arc<Self>,
        num_envs: usize,
        seed: u64,
        threads: Option<usize>,
        max_steps: Option<usize>,
    ) -> Box<dyn ErasedVecEnv> {
        let env = VecEnv::new(&*self, num_envs, seed, threads).with_max_steps(max_steps);
        Box::new(TypedVecEnv { game: self, env })
    }
}
