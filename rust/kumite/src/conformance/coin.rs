//! A test game for the seat-fairness check: every player in turn says heads or tails (it
//! changes nothing), then a coin drawn at the start names the winner, one seat or, with teams,
//! one side. `favour` of the games go to seat 0 whatever the coin says: a seat bias the check
//! must catch, unless the game declares it (`declared`, with its share). `claims` is a utility
//! the game declares instead of its true one, which the conformance suite must catch. The coin
//! prints three effects, "heads", "tails" and "lands on its edge", and the last never happens: a
//! dead text the dead-text check must catch.

use serde::{Deserialize, Serialize};

use crate::core::{
    print_effects, Action, ActionList, EffectKey, EventSink, Game, GameError, PrintedEffect, Rng, SeatEdge, Seating,
    State, Utility,
};

#[derive(Debug, Clone, Default)]
pub struct Coin {
    pub players: usize,
    pub teams: bool,
    pub favour: f64,
    pub declared: Option<f64>,
    pub claims: Option<Utility>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct CoinState {
    pub turn: usize,
    pub players: usize,
    pub winner: usize,
}

impl Game for Coin {
    type State = CoinState;
    const NAME: &'static str = "coin";
    fn num_players(&self) -> usize {
        self.players
    }
    fn num_actions(&self) -> usize {
        2
    }
    fn observation_shape(&self) -> Vec<usize> {
        vec![1]
    }
    fn observation_bounds(&self) -> (f32, f32) {
        (f32::MIN, f32::MAX)
    }
    fn content(&self) -> serde_json::Value {
        serde_json::json!({})
    }
    fn printed_effects(&self) -> Vec<PrintedEffect> {
        let mut out = Vec::new();
        print_effects(&mut out, "coin", ["heads", "tails", "lands on its edge"].map(String::from));
        out
    }
    fn max_game_length(&self) -> usize {
        self.players
    }
    fn length_bounded_by_rules(&self) -> bool {
        true
    }
    fn utility(&self) -> Utility {
        if let Some(claim) = self.claims {
            claim
        } else if self.players == 2 || (self.teams && self.players.is_multiple_of(2)) {
            Utility::ZeroSum
        } else {
            Utility::GeneralSum
        }
    }
    fn options(&self) -> serde_json::Value {
        serde_json::json!({ "players": self.players, "teams": self.teams, "favour": self.favour, "declared": self.declared })
    }
    fn from_options(o: &serde_json::Map<String, serde_json::Value>) -> Result<Self, GameError> {
        let f = |k: &str| o.get(k).and_then(|v| v.as_f64());
        Ok(Coin {
            players: f("players").unwrap_or(2.0) as usize,
            teams: o.get("teams").and_then(|v| v.as_bool()).unwrap_or(false),
            favour: f("favour").unwrap_or(0.0),
            declared: f("declared"),
            claims: None,
        })
    }
    fn new_state(&self, seed: u64) -> CoinState {
        let mut rng = Rng::new(seed);
        let sides = if self.teams { 2 } else { self.players };
        let favoured = f64::from(rng.next_u32()) / f64::from(u32::MAX) < self.favour;
        let winner = if favoured { 0 } else { rng.below(sides as u32) as usize };
        CoinState { turn: 0, players: self.players, winner }
    }
    fn seatings(&self) -> Vec<Seating> {
        let edge = self.declared.map(|share| SeatEdge {
            rule: "C-1: seat 0 is favoured".into(),
            random_shares: (0..self.players)
                .map(|p| if p == 0 { share } else { (1.0 - share) / (self.players - 1) as f64 })
                .collect(),
        });
        let mut out =
            vec![Seating { edge, ..Seating::mirror(format!("{} players", self.players), serde_json::json!({})) }];
        if self.players == 4 {
            out.push(Seating {
                sides: vec![0, 1, 0, 1],
                edge: None,
                ..Seating::mirror(
                    "4 players, 2 teams",
                    serde_json::json!({ "teams": true, "favour": 0.0, "declared": null }),
                )
            });
        }
        out
    }
}

impl State for CoinState {
    type Game = Coin;
    type Event = String;
    fn current_player(&self) -> Option<usize> {
        Some(self.turn).filter(|&t| t < self.players)
    }
    fn legal_actions(&self, _game: &Coin, out: &mut ActionList) {
        out.clear();
        if self.current_player().is_some() {
            out.extend([0, 1]);
        }
    }
    fn apply_unchecked(&mut self, _game: &Coin, action: Action, events: &mut impl EventSink<String>) {
        events.took_effect(|| EffectKey::new("coin", usize::from(action)));
        self.turn += 1;
    }
    fn returns(&self, game: &Coin, out: &mut [f32]) {
        for (p, o) in out.iter_mut().enumerate() {
            let side = if game.teams { p % 2 } else { p };
            *o = if self.current_player().is_some() {
                0.0
            } else if side == self.winner {
                1.0
            } else {
                -1.0
            };
        }
    }
    fn observation(&self, _game: &Coin, _player: usize, out: &mut [f32]) {
        out[0] = self.turn as f32;
    }
    fn information_state_string(&self, _game: &Coin, _player: usize) -> String {
        format!("turn {}", self.turn)
    }
    fn determinize(&self, _game: &Coin, _observer: usize, _seed: u64) -> Self {
        self.clone()
    }
    fn action_to_string(&self, _game: &Coin, action: Action) -> String {
        ["heads", "tails"][usize::from(action) % 2].into()
    }
    fn render(&self, _game: &Coin) -> String {
        format!("{self:?}")
    }
    fn validate(&self, _game: &Coin) -> Result<(), GameError> {
        Ok(())
    }
}
