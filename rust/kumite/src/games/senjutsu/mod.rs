//! Senjutsu: Battle for Japan (seed `002_32a758ac7ce695cd.txt`): 2–4 samurai on a hex
//! battlefield. Each round every samurai draws, selects a card face down, and all cards are
//! revealed; initiatives are declared, instants played, and the cards' parts resolve from the
//! highest initiative down: moves, rotations, attacks on grids relative to the samurai's facing,
//! defenses at one initiative, kamae shifts. Wounds up to the console's limit defeat a samurai;
//! the last samurai or team standing wins. Rule ids (SJ-…) refer to `docs/rules/senjutsu.md`.
//!
//! | option | default | meaning |
//! |---|---|---|
//! | `players` | `2` | 2..=4 samurai |
//! | `samurai` | the first `players` of `old_master, eager_student, wanderer, spear_captain` | samurai ids per seat |
//! | `decks` | presets | per seat: `null` (the samurai's preset), a samurai id (that preset, its signature cards swapped for the seat's own), or 40 card ids |
//! | `battlefield` | `"river_ford"` | `river_ford`, `temple_court`, `open_field`, or one from `content_dir` |
//! | `teams` | `null` | free-for-all, or a team number per seat (e.g. `[0, 1, 0, 1]`) |
//! | `setup` | `"choose"` | `choose`: seats place and face their samurai (SJ-4.6); `fixed`: start hexes facing the centre |
//! | `declare_order` | `"high_first"` | who declares variable initiatives first: the top of the advantage track (`high_first`) or the bottom (`low_first`) (SJX-5) |
//! | `friendly_fire` | `false` | whether attacks wound allies (SJX-9) |
//! | `content_dir` | `null` | a folder with extra `cards/*.toml`, `samurai/*.toml`, `battlefields/*.toml` |

mod actions;
pub mod content;
mod game;
mod hidden;
mod listing;
mod observation;
mod resolve;
mod rules;
mod scene;
mod state;
mod text;
mod validate;

#[cfg(test)]
mod tests;

use serde_json::Value;

use crate::core::{Action, ActionList, EventSink, Game, GameError, Seating, Secrecy, State, Utility};

pub use actions::{SenjutsuAction, NUM_ACTIONS};
pub use content::{CardType, Content, Instant, Op, Timing, Zone};
pub use game::{DeckChoice, DeclareOrder, Senjutsu, SenjutsuOptions, Setup};
pub use rules::Event;
pub use state::{Defense, Exec, Item, Phase, Samurai, SenjutsuState, Stage, MAX_PLAYERS};

/// The game's methods, each in one line naming the file that holds its code (the table in
/// `docs/adding-a-game.md`).
impl Game for Senjutsu {
    type State = SenjutsuState;
    const INFO: crate::core::GameInfo = game::INFO;
    common_game_methods!();

    fn validate_deck(&self, cards: &[String], sideboard: &[String], character: Option<&str>) -> Result<(), GameError> {
        game::validate_deck(self, cards, sideboard, character)
    }
    fn num_players(&self) -> usize {
        self.n()
    }
    fn public_observation_len(&self) -> usize {
        observation::public_len(self)
    }
    /// Every round draws, an empty deck wounds, and nothing shrinks a wound count: the rules end
    /// every game within `rules::MAX_ROUNDS` rounds of at most `rules::max_round_decisions`
    /// decisions (the proof is in `docs/rules/senjutsu.md`, "Game length").
    fn length_bounded_by_rules(&self) -> bool {
        true
    }
    fn utility(&self) -> Utility {
        game::utility(self)
    }
    fn max_game_length(&self) -> usize {
        2 * self.n() + rules::MAX_ROUNDS * rules::max_round_decisions(self.n())
    }
    fn seatings(&self) -> Vec<Seating> {
        game::seatings(self)
    }
}

/// Each method's code lives in the file its role names (the table in `docs/adding-a-game.md`).
impl State for SenjutsuState {
    type Game = Senjutsu;
    type Event = Event;

    fn current_player(&self) -> Option<usize> {
        state::current_player(self)
    }
    fn simultaneous_players(&self, game: &Senjutsu) -> u64 {
        state::simultaneous_players(self, game)
    }
    fn legal_actions(&self, game: &Senjutsu, out: &mut ActionList) {
        rules::legal_actions(self, game, out);
    }
    fn apply_unchecked(&mut self, game: &Senjutsu, action: Action, events: &mut impl EventSink<Event>) {
        rules::apply(self, game, action, events);
    }
    fn returns(&self, game: &Senjutsu, out: &mut [f32]) {
        state::returns(self, game, out);
    }
    fn public_observation(&self, game: &Senjutsu, out: &mut [f32]) {
        observation::public_observation(self, game, out);
    }
    fn private_observation(&self, game: &Senjutsu, player: usize, out: &mut [f32]) {
        observation::private_observation(self, game, player, out);
    }
    fn public_observation_string(&self, game: &Senjutsu) -> String {
        text::public(self, game)
    }
    fn private_observation_string(&self, game: &Senjutsu, player: usize) -> String {
        text::private(self, game, player)
    }
    determinize_by_resample!();
    fn secrecy(&self, game: &Senjutsu, action: Action) -> Secrecy {
        hidden::secrecy(self, game, action)
    }
    fn action_to_string(&self, game: &Senjutsu, action: Action) -> String {
        actions::action_to_string(self, game, action)
    }
    fn heuristic(&self, game: &Senjutsu, out: &mut [f32]) -> bool {
        state::heuristic(self, game, out)
    }
    fn view(&self, game: &Senjutsu, viewer: Option<usize>) -> Value {
        scene::view(self, game, viewer)
    }
    fn render(&self, game: &Senjutsu) -> String {
        text::information(self, game, true)
    }
    fn validate(&self, game: &Senjutsu) -> Result<(), GameError> {
        validate::validate(self, game)
    }
}
