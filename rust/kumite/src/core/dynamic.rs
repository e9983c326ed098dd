//! Type-erased games and states, for bindings (Python, C) that choose a game by name at run time.
//! Each erased state also keeps its seed and the actions applied since `new_state`, which is what
//! game records and `history()` are made of; the core `State` stays plain data without them.

use std::any::Any;
use std::sync::Arc;

use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::core::conformance::{check_random_games, Conformance};
use crate::core::{Action, ActionList, Game, GameError, State};
use crate::env::{Buffers, VecEnv};
use crate::search::rollout::{rollout_batch, rollout_range, RolloutResult};
use crate::search::{
    BatchEvaluator, Heuristic, Mcts, MctsConfig, ObservationEvaluator, RandomRollout, SearchStats,
};

/// Version of the JSON state and game-record formats. Bumped when either changes shape.
pub const FORMAT_VERSION: u32 = 1;

/// A game of any kind, shared between its states.
pub trait ErasedGame: Send + Sync {
    fn name(&self) -> &'static str;
    fn num_players(&self) -> usize;
    fn num_actions(&self) -> usize;
    fn observation_shape(&self) -> Vec<usize>;
    fn max_game_length(&self) -> usize;
    fn length_bounded_by_rules(&self) -> bool;
    fn options(&self) -> Value;
    /// The bytes one state takes (what a batch of states costs, checked before allocating one).
    fn state_size(&self) -> usize;
    fn new_state(self: Arc<Self>, seed: u64) -> Box<dyn ErasedState>;
    fn state_from_json(self: Arc<Self>, text: &str) -> Result<Box<dyn ErasedState>, GameError>;
    /// `n_games` random playouts from new states, each cut after `max_steps` actions (`None`:
    /// `max_game_length`); results depend on `seed` only.
    fn rollout(&self, n_games: usize, seed: u64, threads: Option<usize>, max_steps: Option<usize>) -> RolloutResult;
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
    /// An MCTS searcher for this game's states.
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

/// A batch of environments of one game.
pub trait ErasedVecEnv: Send {
    fn num_envs(&self) -> usize;
    fn reset(&mut self, seed: Option<u64>, out: Buffers<'_>);
    /// On an illegal action nothing is stepped; the error comes with the environment's index.
    fn step(&mut self, actions: &[Action], out: Buffers<'_>) -> Result<(), (usize, GameError)>;
    /// See [`VecEnv::sample_actions`].
    fn sample_actions(&mut self, out: &mut [Action]);
    /// A copy of environment `i`'s state (no seed or history: it is mid-batch).
    fn state(&self, i: usize) -> Box<dyn ErasedState>;
}

struct TypedVecEnv<G: Game> {
    game: Arc<G>,
    env: VecEnv<G>,
}

impl<G: Game> ErasedVecEnv for TypedVecEnv<G> {
    fn num_envs(&self) -> usize {
        self.env.num_envs()
    }
    fn reset(&mut self, seed: Option<u64>, out: Buffers<'_>) {
        self.env.reset(&self.game, seed, out);
    }
    fn step(&mut self, actions: &[Action], out: Buffers<'_>) -> Result<(), (usize, GameError)> {
        self.env.step(&self.game, actions, out)
    }
    fn sample_actions(&mut self, out: &mut [Action]) {
        self.env.sample_actions(out)
    }
    fn state(&self, i: usize) -> Box<dyn ErasedState> {
        Box::new(Tracked {
            game: self.game.clone(),
            state: self.env.states()[i].clone(),
            seed: None,
            history: Vec::new(),
        })
    }
}

/// The leaf evaluator of a type-erased search.
#[derive(Clone)]
pub enum EvaluatorChoice {
    RandomRollout,
    Heuristic,
    Batch(Arc<dyn BatchEvaluator>),
}

/// A search over states of one game, keeping its tree between calls when configured to.
pub trait ErasedSearcher: Send {
    fn config(&self) -> &MctsConfig;
    fn search(&mut self, state: &dyn ErasedState) -> Result<SearchStats, GameError>;
}

enum AnyMcts<G: Game> {
    Random(Mcts<G, RandomRollout>),
    Heuristic(Mcts<G, Heuristic>),
    Batch(Mcts<G, ObservationEvaluator<dyn BatchEvaluator>>),
}

struct Searcher<G: Game> {
    game: Arc<G>,
    mcts: AnyMcts<G>,
}

impl<G: Game> ErasedSearcher for Searcher<G> {
    fn config(&self) -> &MctsConfig {
        match &self.mcts {
            AnyMcts::Random(m) => &m.config,
            AnyMcts::Heuristic(m) => &m.config,
            AnyMcts::Batch(m) => &m.config,
        }
    }
    fn search(&mut self, state: &dyn ErasedState) -> Result<SearchStats, GameError> {
        let bad = |reason: String| GameError::InvalidOption { option: "state".into(), reason };
        let tracked = state
            .as_any()
            .downcast_ref::<Tracked<G>>()
            .ok_or_else(|| bad(format!("this search is for {:?} states", G::NAME)))?;
        if tracked.state.is_terminal() {
            return Err(bad("the game is over: there is nothing to choose".into()));
        }
        let (game, s, h) = (&*self.game, &tracked.state, tracked.history.as_slice());
        Ok(match &mut self.mcts {
            AnyMcts::Random(m) => m.search(game, s, h),
            AnyMcts::Heuristic(m) => m.search(game, s, h),
            AnyMcts::Batch(m) => m.search(game, s, h),
        })
    }
}

/// A state of any kind of game, with its seed and history.
pub trait ErasedState: Send + Sync {
    fn game(&self) -> Arc<dyn ErasedGame>;
    fn current_player(&self) -> Option<usize>;
    /// See `State::simultaneous_players`: the players, in seat order.
    fn simultaneous_players(&self) -> Vec<usize>;
    fn legal_actions(&self) -> Vec<Action>;
    /// Writes `true` at each legal action into `mask` (`num_actions` long, cleared first).
    fn legal_action_mask(&self, mask: &mut [bool]);
    fn apply(&mut self, action: Action) -> Result<(), GameError>;
    /// Like `apply`, returning the events as text.
    fn apply_with_events(&mut self, action: Action) -> Result<Vec<String>, GameError>;
    /// Like `apply`, returning the events as JSON objects for viewers: the event's own fields
    /// (`kind`, `player`, `text` for the core `Event`) plus `line`, its text.
    fn apply_with_event_values(&mut self, action: Action) -> Result<Vec<Value>, GameError>;
    /// What `viewer` may see (`None`: everything), as drawing data; see `State::view`.
    fn view(&self, viewer: Option<usize>) -> Result<Value, GameError>;
    /// The legal action whose text is `text` (ignoring case and surrounding space).
    fn parse_action(&self, text: &str) -> Result<Action, GameError>;
    fn action_to_string(&self, action: Action) -> Result<String, GameError>;
    fn returns(&self) -> Vec<f32>;
    fn observation(&self, player: usize, out: &mut [f32]) -> Result<(), GameError>;
    fn information_state_string(&self, player: usize) -> Result<String, GameError>;
    fn determinize(&self, observer: usize, seed: u64) -> Result<Box<dyn ErasedState>, GameError>;
    fn render(&self) -> String;
    fn history(&self) -> &[Action];
    fn seed(&self) -> Option<u64>;
    fn to_json(&self) -> String;
    fn to_record(&self) -> Result<String, GameError>;
    fn clone_box(&self) -> Box<dyn ErasedState>;
    fn as_any(&self) -> &dyn Any;
    fn equals(&self, other: &dyn ErasedState) -> bool;
}

/// A typed state with its game, seed and history.
pub struct Tracked<G: Game> {
    pub game: Arc<G>,
    pub state: G::State,
    /// `None` for states that did not come from `new_state` (determinized ones).
    pub seed: Option<u64>,
    pub history: Vec<Action>,
}

// Written by hand: a derive would ask `G: Clone`, and games are shared, not cloned.
impl<G: Game> Clone for Tracked<G> {
    fn clone(&self) -> Self {
        Tracked {
            game: self.game.clone(),
            state: self.state.clone(),
            seed: self.seed,
            history: self.history.clone(),
        }
    }
}

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct Envelope<S> {
    game: String,
    version: u32,
    options: Value,
    seed: Option<u64>,
    history: Vec<Action>,
    state: S,
}

/// A game record: everything needed to replay a game exactly.
#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Record {
    pub game: String,
    pub version: u32,
    pub options: Value,
    pub seed: u64,
    pub actions: Vec<Action>,
}

fn check_player(player: usize, num_players: usize) -> Result<(), GameError> {
    if player < num_players {
        Ok(())
    } else {
        Err(GameError::InvalidPlayer { player: player as i64, num_players })
    }
}

fn check_format(found_game: &str, version: u32, want_game: &str) -> Result<(), GameError> {
    if found_game != want_game {
        return Err(GameError::deserialization(format!(
            "this is a {found_game:?} state, not {want_game:?}"
        )));
    }
    if version != FORMAT_VERSION {
        return Err(GameError::deserialization(format!(
            "format version {version} is not supported (this kumite reads version {FORMAT_VERSION})"
        )));
    }
    Ok(())
}

impl<G: Game> ErasedGame for G {
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
    fn max_game_length(&self) -> usize {
        Game::max_game_length(self)
    }
    fn length_bounded_by_rules(&self) -> bool {
        Game::length_bounded_by_rules(self)
    }
    fn options(&self) -> Value {
        Game::options(self)
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
        if envelope.options != Game::options(&*self) {
            return Err(GameError::deserialization(format!(
                "the state was made with options {} but this game has {}",
                envelope.options,
                Game::options(&*self)
            )));
        }
        if envelope.history.iter().any(|&a| usize::from(a) >= Game::num_actions(&*self)) {
            return Err(GameError::deserialization("history holds an action outside the action space"));
        }
        let state = Game::state_from_json(&*self, &envelope.state.to_string())?;
        Ok(Box::new(Tracked { game: self, state, seed: envelope.seed, history: envelope.history }))
    }
    fn rollout(&self, n_games: usize, seed: u64, threads: Option<usize>, max_steps: Option<usize>) -> RolloutResult {
        rollout_batch(self, n_games, seed, threads, max_steps)
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
    fn searcher(self: Arc<Self>, config: MctsConfig, evaluator: EvaluatorChoice) -> Box<dyn ErasedSearcher> {
        let mcts = match evaluator {
            EvaluatorChoice::RandomRollout => AnyMcts::Random(Mcts::new(config, RandomRollout)),
            EvaluatorChoice::Heuristic => AnyMcts::Heuristic(Mcts::new(config, Heuristic)),
            EvaluatorChoice::Batch(b) => AnyMcts::Batch(Mcts::new(config, ObservationEvaluator(b))),
        };
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

impl<G: Game> Tracked<G> {
    fn legal(&self) -> ActionList {
        let mut out = ActionList::new();
        self.state.legal_actions(&self.game, &mut out);
        out
    }
}

impl<G: Game> ErasedState for Tracked<G> {
    fn game(&self) -> Arc<dyn ErasedGame> {
        self.game.clone()
    }
    fn current_player(&self) -> Option<usize> {
        self.state.current_player()
    }
    fn simultaneous_players(&self) -> Vec<usize> {
        let mask = self.state.simultaneous_players(&self.game);
        (0..64).filter(|p| mask & (1 << p) != 0).collect()
    }
    fn legal_actions(&self) -> Vec<Action> {
        self.legal().to_vec()
    }
    fn legal_action_mask(&self, mask: &mut [bool]) {
        mask.fill(false);
        for a in self.legal() {
            mask[usize::from(a)] = true;
        }
    }
    fn apply(&mut self, action: Action) -> Result<(), GameError> {
        self.state.apply(&self.game, action)?;
        self.history.push(action);
        Ok(())
    }
    fn apply_with_events(&mut self, action: Action) -> Result<Vec<String>, GameError> {
        self.state.check_legal(&self.game, action)?;
        let mut events = Vec::new();
        self.state.apply_unchecked(&self.game, action, &mut events);
        self.history.push(action);
        Ok(events.iter().map(|e| e.to_string()).collect())
    }
    fn apply_with_event_values(&mut self, action: Action) -> Result<Vec<Value>, GameError> {
        self.state.check_legal(&self.game, action)?;
        let mut events = Vec::new();
        self.state.apply_unchecked(&self.game, action, &mut events);
        self.history.push(action);
        // Each event as its own JSON object plus `line`, the text `apply_with_events` gives.
        Ok(events
            .iter()
            .map(|e| {
                let mut value = match serde_json::to_value(e) {
                    Ok(Value::Object(map)) => map,
                    Ok(other) => serde_json::Map::from_iter([("value".to_string(), other)]),
                    Err(_) => serde_json::Map::new(),
                };
                value.insert("line".into(), Value::String(e.to_string()));
                Value::Object(value)
            })
            .collect())
    }
    fn view(&self, viewer: Option<usize>) -> Result<Value, GameError> {
        if let Some(p) = viewer {
            check_player(p, Game::num_players(&*self.game))?;
        }
        Ok(self.state.view(&self.game, viewer))
    }
    fn parse_action(&self, text: &str) -> Result<Action, GameError> {
        let want = text.trim().to_lowercase();
        let legal = self.legal();
        let texts: Vec<String> =
            legal.iter().map(|&a| self.state.action_to_string(&self.game, a)).collect();
        match texts.iter().position(|t| t.to_lowercase() == want) {
            Some(i) => Ok(legal[i]),
            None => Err(GameError::UnknownActionText { text: text.to_string(), legal: texts }),
        }
    }
    fn action_to_string(&self, action: Action) -> Result<String, GameError> {
        if usize::from(action) >= Game::num_actions(&*self.game) {
            return Err(GameError::IllegalAction {
                action: action.into(),
                text: format!("outside 0..{}", Game::num_actions(&*self.game)),
                legal: self.legal().to_vec(),
            });
        }
        Ok(self.state.action_to_string(&self.game, action))
    }
    fn returns(&self) -> Vec<f32> {
        let mut out = vec![0.0; Game::num_players(&*self.game)];
        self.state.returns(&self.game, &mut out);
        out
    }
    fn observation(&self, player: usize, out: &mut [f32]) -> Result<(), GameError> {
        check_player(player, Game::num_players(&*self.game))?;
        self.state.observation(&self.game, player, out);
        Ok(())
    }
    fn information_state_string(&self, player: usize) -> Result<String, GameError> {
        check_player(player, Game::num_players(&*self.game))?;
        Ok(self.state.information_state_string(&self.game, player))
    }
    fn determinize(&self, observer: usize, seed: u64) -> Result<Box<dyn ErasedState>, GameError> {
        check_player(observer, Game::num_players(&*self.game))?;
        let state = self.state.determinize(&self.game, observer, seed);
        Ok(Box::new(Tracked {
            game: self.game.clone(),
            state,
            seed: None,
            history: self.history.clone(),
        }))
    }
    fn render(&self) -> String {
        self.state.render(&self.game)
    }
    fn history(&self) -> &[Action] {
        &self.history
    }
    fn seed(&self) -> Option<u64> {
        self.seed
    }
    fn to_json(&self) -> String {
        let envelope = Envelope {
            game: G::NAME.to_string(),
            version: FORMAT_VERSION,
            options: Game::options(&*self.game),
            seed: self.seed,
            history: self.history.clone(),
            state: &self.state,
        };
        serde_json::to_string_pretty(&envelope).expect("states serialise to JSON")
    }
    fn to_record(&self) -> Result<String, GameError> {
        let seed = self.seed.ok_or_else(|| {
            GameError::deserialization(
                "this state has no seed (it was determinized), so no record can replay it",
            )
        })?;
        let record = Record {
            game: G::NAME.to_string(),
            version: FORMAT_VERSION,
            options: Game::options(&*self.game),
            seed,
            actions: self.history.clone(),
        };
        Ok(serde_json::to_string(&record).expect("records serialise to JSON"))
    }
    fn clone_box(&self) -> Box<dyn ErasedState> {
        Box::new(self.clone())
    }
    fn as_any(&self) -> &dyn Any {
        self
    }
    fn equals(&self, other: &dyn ErasedState) -> bool {
        other.as_any().downcast_ref::<Self>().is_some_and(|o| {
            o.state == self.state
                && o.history == self.history
                && o.seed == self.seed
                && Game::options(&*o.game) == Game::options(&*self.game)
        })
    }
}

/// Replays a game record: loads the game with the record's options, then applies every action,
/// reporting the first one that is illegal by its index.
pub fn from_record(
    text: &str,
    load: impl Fn(&str, &serde_json::Map<String, Value>) -> Result<Arc<dyn ErasedGame>, GameError>,
) -> Result<Box<dyn ErasedState>, GameError> {
    let record: Record =
        serde_json::from_str(text).map_err(|e| GameError::deserialization(e.to_string()))?;
    if record.version != FORMAT_VERSION {
        return Err(GameError::deserialization(format!(
            "record format version {} is not supported (this kumite reads version {FORMAT_VERSION})",
            record.version
        )));
    }
    let options = match record.options {
        Value::Object(map) => map,
        other => return Err(GameError::deserialization(format!("options must be an object, not {other}"))),
    };
    let game = load(&record.game, &options)?;
    let mut state = game.new_state(record.seed);
    for (i, &action) in record.actions.iter().enumerate() {
        state.apply(action).map_err(|e| {
            GameError::deserialization(format!("record action #{i} ({action}) cannot be replayed: {e}"))
        })?;
    }
    Ok(state)
}
