//! Universal Fighting System, the collectible card game (seed `004_9defaec28475f1ff.txt`): two
//! fighters, no board. Cards are played into a card pool and must pass a control check (turn
//! over the top card of the deck; its control number must reach the difficulty plus the
//! progressive difficulty); attacks go through enhance, block (by zone) and damage steps; attacks
//! that dealt damage become momentum, a currency for costs. Vitality 0 or a deck that cannot be
//! refilled loses. Rule ids (UF-…, UFX-…) refer to `docs/rules/ufs.md`.
//!
//! | option | default | meaning |
//! |---|---|---|
//! | `decks` | `["brann", "isolde"]` | per player: a preset deck id (`brann`, `isolde`, `vex`, `tamsin`, or from `content_dir`) or a list of card ids (copies repeated) |
//! | `characters` | `[null, null]` | per player: the starting character card id (UF-4.1); null = the preset's, or the list's first character card |
//! | `sideboards` | `[null, null]` | per player: a sideboard (0 or 8 card ids, UF-2.4); null = the preset's (none for a list) |
//! | `first_player` | `null` | 0, 1, or null for a seeded coin flip (UF-4.3) |
//! | `infinity` | `[null, null]` | per player: the symbol Infinity stands for (UF-7.2); null = the character's first symbol |
//! | `symbol_match` | `"any"` | UF-7.4: `"any"` a symbol shared with the character or any pool card; `"every"` with the character and every pool card |
//! | `max_turns` | `null` | a variant (UFX-8, not in the seed): a number in 2..=1000 draws the game after that many turns; null = off |
//! | `content_dir` | `null` | a folder with extra `cards/*.toml` and `decks/*.toml` |

mod abilities;
mod actions;
mod checks;
pub mod content;
mod game;
mod hidden;
mod listing;
mod observation;
mod rules;
mod scene;
mod state;
mod text;
mod validate;

#[cfg(test)]
mod tests;

use serde_json::Value;

use crate::core::{Action, ActionList, EventSink, Game, GameError, Seating, State, Utility};

pub use actions::UfsAction;
pub use content::{Content, Kind, Symbol, Zone};
pub use game::{DeckChoice, Ids, SymbolMatch, Ufs, UfsOptions};
pub use state::{At, Attack, Cards, Check, Event, Phase, Purpose, Side, Slot, UfsState};

/// The match's methods, each in one line naming the file that holds its code (the table in
/// `docs/adding-a-game.md`).
impl Game for Ufs {
    type State = UfsState;
    const INFO: crate::core::GameInfo = game::INFO;

    /// Sized from the decks in play (UFX-11).
    fn num_actions(&self) -> usize {
        self.ids.count
    }
    fn observation_shape(&self) -> Vec<usize> {
        vec![observation::observation_len(self)]
    }
    fn observation_bounds(&self) -> (f32, f32) {
        observation::OBSERVATION_BOUNDS
    }
    fn content_listing(&self) -> serde_json::Value {
        listing::content(self)
    }
    fn printed_effects(&self) -> Vec<crate::core::PrintedEffect> {
        listing::printed_effects(self)
    }
    fn options_json(&self) -> serde_json::Value {
        serde_json::to_value(&self.options).expect("options serialise")
    }
    fn from_options(options: &serde_json::Map<String, serde_json::Value>) -> Result<Self, GameError> {
        Self::new(crate::core::parse_options(options)?)
    }
    fn new_state(&self, seed: u64) -> UfsState {
        UfsState::new(self, seed)
    }

    fn validate_deck(&self, cards: &[String], sideboard: &[String], character: Option<&str>) -> Result<(), GameError> {
        game::validate_deck(self, cards, sideboard, character)
    }
    fn num_players(&self) -> usize {
        2
    }
    /// The seed's rules do not end every game: a player whose hand is full may keep it and end
    /// its combat phase at once, every turn (the proof is in `docs/rules/ufs.md`). Only the
    /// turn-limit variant bounds a game.
    fn length_bounded_by_rules(&self) -> bool {
        self.options.max_turns.is_some()
    }
    /// +1 / −1 (the turn-limit variant's draw, UFX-8: 0 / 0).
    fn utility(&self) -> Utility {
        Utility::ZeroSum
    }
    fn public_observation_len(&self) -> usize {
        observation::public_len(self)
    }
    fn max_game_length(&self) -> usize {
        game::max_game_length(self)
    }
    fn seatings(&self) -> Vec<Seating> {
        game::seatings(self)
    }
}

/// Each method's code lives in the file its role names (the table in `docs/adding-a-game.md`).
/// Every UFS move is played in view, so `secrecy` keeps the default (public).
impl State for UfsState {
    type Game = Ufs;
    type Event = Event;

    fn current_player(&self) -> Option<usize> {
        state::current_player(self)
    }
    fn legal_actions(&self, game: &Ufs, out: &mut ActionList) {
        rules::legal_actions(self, game, out);
    }
    fn apply_unchecked(&mut self, game: &Ufs, action: Action, events: &mut impl EventSink<Event>) {
        rules::apply(self, game, action, events);
    }
    fn returns(&self, _game: &Ufs, out: &mut [f32]) {
        state::returns(self, out);
    }
    fn public_observation(&self, game: &Ufs, out: &mut [f32]) {
        observation::public_observation(self, game, out);
    }
    fn private_observation(&self, game: &Ufs, player: usize, out: &mut [f32]) {
        observation::private_observation(self, game, player, out);
    }
    fn public_observation_string(&self, game: &Ufs) -> String {
        text::public(self, game)
    }
    fn private_observation_string(&self, game: &Ufs, player: usize) -> String {
        text::private(self, game, player)
    }
    determinize_by_resample!();
    fn action_to_string(&self, game: &Ufs, action: Action) -> String {
        actions::action_to_string(self, game, action)
    }
    fn heuristic(&self, game: &Ufs, out: &mut [f32]) -> bool {
        state::heuristic(self, game, out)
    }
    fn view(&self, game: &Ufs, viewer: Option<usize>) -> Value {
        scene::view(self, game, viewer)
    }
    fn render(&self, game: &Ufs) -> String {
        text::public(self, game)
    }
    fn validate(&self, game: &Ufs) -> Result<(), GameError> {
        validate::validate(self, game)
    }
}
