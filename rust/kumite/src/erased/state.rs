use std::any::Any;
use std::sync::Arc;

use serde_json::Value;

use super::record::{Envelope, Record, FORMAT_VERSION};
use super::ErasedGame;
use crate::core::{Action, ActionList, Game, GameError, State};

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
    /// What every seat sees alike (`public_observation_len` long).
    fn public_observation(&self, out: &mut [f32]);
    /// What `player` alone knows (`private_observation_len` long).
    fn private_observation(&self, player: usize, out: &mut [f32]) -> Result<(), GameError>;
    fn public_observation_string(&self) -> String;
    fn private_observation_string(&self, player: usize) -> Result<String, GameError>;
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
        Tracked { game: self.game.clone(), state: self.state.clone(), seed: self.seed, history: self.history.clone() }
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
        let texts: Vec<String> = legal.iter().map(|&a| self.state.action_to_string(&self.game, a)).collect();
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
    fn public_observation(&self, out: &mut [f32]) {
        self.state.public_observation(&self.game, out);
    }
    fn private_observation(&self, player: usize, out: &mut [f32]) -> Result<(), GameError> {
        check_player(player, Game::num_players(&*self.game))?;
        self.state.private_observation(&self.game, player, out);
        Ok(())
    }
    fn public_observation_string(&self) -> String {
        self.state.public_observation_string(&self.game)
    }
    fn private_observation_string(&self, player: usize) -> Result<String, GameError> {
        check_player(player, Game::num_players(&*self.game))?;
        Ok(self.state.private_observation_string(&self.game, player))
    }
    fn information_state_string(&self, player: usize) -> Result<String, GameError> {
        check_player(player, Game::num_players(&*self.game))?;
        Ok(self.state.information_state_string(&self.game, player))
    }
    fn determinize(&self, observer: usize, seed: u64) -> Result<Box<dyn ErasedState>, GameError> {
        check_player(observer, Game::num_players(&*self.game))?;
        let state = self.state.determinize(&self.game, observer, seed);
        Ok(Box::new(Tracked { game: self.game.clone(), state, seed: None, history: self.history.clone() }))
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
            options: Game::options_json(&*self.game),
            seed: self.seed,
            history: self.history.clone(),
            state: &self.state,
        };
        serde_json::to_string_pretty(&envelope).expect("states serialise to JSON")
    }
    fn to_record(&self) -> Result<String, GameError> {
        let seed = self.seed.ok_or_else(|| {
            GameError::deserialization("this state has no seed (it was determinized), so no record can replay it")
        })?;
        let record = Record {
            game: G::NAME.to_string(),
            version: FORMAT_VERSION,
            options: Game::options_json(&*self.game),
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
                && Game::options_json(&*o.game) == Game::options_json(&*self.game)
        })
    }
}

fn check_player(player: usize, num_players: usize) -> Result<(), GameError> {
    if player < num_players {
        Ok(())
    } else {
        Err(GameError::InvalidPlayer { player: player as i64, num_players })
    }
}
