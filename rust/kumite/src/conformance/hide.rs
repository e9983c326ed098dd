//! A test game with a secret: player 0 hides a stone under one of four cups, and everyone sees
//! which half of the table its hand went to (a partial reveal); player 1 then guesses a cup. Its
//! `leak` breaks the secret in one of the ways the conformance suite must catch.

use serde::{Deserialize, Serialize};

use crate::core::{Action, ActionList, EventSink, Game, GameError, Rng, Secrecy, State, Utility};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Leak {
    #[default]
    None,
    /// Player 1's observation holds the cup.
    Observation,
    /// `determinize` keeps the real cup instead of drawing one of its half.
    Determinize,
    /// The half the rules show is missing from player 1's information state.
    ShowsLess,
}

#[derive(Debug, Clone, Default)]
pub struct Hide {
    pub leak: Leak,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct HideState {
    pub cup: Option<u8>,
    pub guess: Option<u8>,
}

impl Game for Hide {
    type State = HideState;
    const NAME: &'static str = "hide";
    fn num_players(&self) -> usize {
        2
    }
    fn num_actions(&self) -> usize {
        4
    }
    fn observation_shape(&self) -> Vec<usize> {
        vec![3]
    }
    fn observation_bounds(&self) -> (f32, f32) {
        (f32::MIN, f32::MAX)
    }
    fn content(&self) -> serde_json::Value {
        serde_json::json!({})
    }
    fn max_game_length(&self) -> usize {
        2
    }
    fn length_bounded_by_rules(&self) -> bool {
        true
    }
    fn utility(&self) -> Utility {
        Utility::ZeroSum
    }
    fn options(&self) -> serde_json::Value {
        serde_json::json!({})
    }
    fn from_options(_options: &serde_json::Map<String, serde_json::Value>) -> Result<Self, GameError> {
        Ok(Hide::default())
    }
    fn new_state(&self, _seed: u64) -> HideState {
        HideState { cup: None, guess: None }
    }
}

impl State for HideState {
    type Game = Hide;
    type Event = String;
    fn current_player(&self) -> Option<usize> {
        match (self.cup, self.guess) {
            (None, _) => Some(0),
            (Some(_), None) => Some(1),
            _ => None,
        }
    }
    fn legal_actions(&self, _game: &Hide, out: &mut ActionList) {
        out.clear();
        if self.current_player().is_some() {
            out.extend([0, 1, 2, 3]);
        }
    }
    fn apply_unchecked(&mut self, _game: &Hide, action: Action, _events: &mut impl EventSink<String>) {
        match self.cup {
            None => self.cup = Some(action as u8),
            Some(_) => self.guess = Some(action as u8),
        }
    }
    fn returns(&self, _game: &Hide, out: &mut [f32]) {
        let found = self.guess.is_some() && self.guess == self.cup;
        let r = if found {
            1.0
        } else if self.guess.is_some() {
            -1.0
        } else {
            0.0
        };
        out.copy_from_slice(&[-r, r]);
    }
    fn observation(&self, game: &Hide, player: usize, out: &mut [f32]) {
        let cup = match (player, game.leak) {
            (0, _) | (_, Leak::Observation) => self.cup.map_or(-1.0, f32::from),
            _ => -1.0,
        };
        out.copy_from_slice(&[cup, self.half(game).map_or(-1.0, f32::from), self.guess.map_or(-1.0, f32::from)]);
    }
    fn information_state_string(&self, game: &Hide, player: usize) -> String {
        let cup = if player == 0 { format!("{:?}", self.cup) } else { "?".into() };
        format!("cup {cup}, half {:?}, guess {:?}", self.half(game), self.guess)
    }
    fn determinize(&self, game: &Hide, observer: usize, seed: u64) -> Self {
        let cup = match game.leak {
            _ if observer == 0 => self.cup,
            Leak::Determinize => self.cup,
            _ => self.cup.map(|c| c / 2 * 2 + Rng::new(seed).below(2) as u8),
        };
        HideState { cup, ..self.clone() }
    }
    fn secrecy(&self, _game: &Hide, action: Action) -> Secrecy {
        match self.cup {
            None => Secrecy::from_others(0, 2, u64::from(action / 2)),
            Some(_) => Secrecy::PUBLIC,
        }
    }
    fn action_to_string(&self, _game: &Hide, action: Action) -> String {
        match self.cup {
            None => format!("hide under cup {action}"),
            Some(_) => format!("guess cup {action}"),
        }
    }
    fn render(&self, game: &Hide) -> String {
        format!("{self:?} {:?}", game.leak)
    }
    fn validate(&self, _game: &Hide) -> Result<(), GameError> {
        if self.cup.is_some_and(|c| c > 3)
            || self.guess.is_some_and(|c| c > 3)
            || self.cup.is_none() && self.guess.is_some()
        {
            return Err(GameError::deserialization("cups are 0..4, and the guess comes after the stone is hidden"));
        }
        Ok(())
    }
}

impl HideState {
    /// The half of the table the stone went to, as the other player sees it.
    fn half(&self, game: &Hide) -> Option<u8> {
        self.cup.filter(|_| game.leak != Leak::ShowsLess).map(|c| c / 2)
    }
}
