//! TEKKEN: The Board Game (seed `000_e2da1bebd012d2cc.txt`): two fighters on a small hex stage.
//! The attacker plays a string of face-down attack cards; before each reveal the defender names a
//! height, and a right guess (a punish) ends the string. Unpunished cards resolve their symbols,
//! the combo board and rage in the attacker's chosen order. Rounds end at 0 HP; first to
//! `rounds_to_win` rounds wins. Rule ids (TK-…) refer to `docs/rules/tekken.md`.
//!
//! | option | default | meaning |
//! |---|---|---|
//! | `characters` | `["kaito", "rook"]` | character ids for players 0 and 1 |
//! | `stage` | `"fault_line"` | stage id (`moonlit_dojo`, `fault_line`, or one from `content_dir`) |
//! | `heat` | `true` | the heat expansion rule (TK-12) |
//! | `rounds_to_win` | `3` | rounds needed to win the match (1..=5) |
//! | `hp` | `20` | starting HP each round (7..=60) |
//! | `hand_size` | `3` | hand refill size (3..=5) |
//! | `round_strings` | `null` | variant: a round timer of this many strings (TKX-3; 4..=200); off by default |
//! | `first_attacker` | `null` | who opens round 1: 0, 1, or null for a seeded coin flip |
//! | `content_dir` | `null` | a folder with extra `characters/*.toml` and `stages/*.toml` |

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

pub use actions::{TekkenAction, MAX_HAND, NUM_ACTIONS};
pub use content::{Colour, Content, Height, Symbol};
pub use game::{Tekken, TekkenOptions};
pub use state::{Event, Fighter, Floor, Heat, Means, Phase, Slot, TekkenState};

/// The match's methods, each in one line naming the file that holds its code (the table in
/// `docs/adding-a-game.md`).
impl Game for Tekken {
    type State = TekkenState;
    const INFO: crate::core::GameInfo = game::INFO;
    common_game_methods!();

    fn num_players(&self) -> usize {
        2
    }
    fn public_observation_len(&self) -> usize {
        observation::public_observation_len(self)
    }
    /// Only the timer variant ends every round: in the seed's game a round lasts until a
    /// fighter's HP is 0, and strings can be punished forever.
    fn length_bounded_by_rules(&self) -> bool {
        self.options.round_strings.is_some()
    }
    /// TK-1.4: +1 / −1 (a drawn match of the timer variant, TKX-1: 0 / 0).
    fn utility(&self) -> Utility {
        Utility::ZeroSum
    }
    fn max_game_length(&self) -> usize {
        game::max_game_length(self)
    }
    fn seatings(&self) -> Vec<Seating> {
        game::seatings(self)
    }
}

/// Each method's code lives in the file its role names (the table in `docs/adding-a-game.md`).
impl State for TekkenState {
    type Game = Tekken;
    type Event = Event;

    fn current_player(&self) -> Option<usize> {
        state::current_player(self)
    }
    fn legal_actions(&self, game: &Tekken, out: &mut ActionList) {
        rules::legal_actions(self, game, out);
    }
    fn apply_unchecked(&mut self, game: &Tekken, action: Action, events: &mut impl EventSink<Event>) {
        rules::apply(self, game, action, events);
    }
    fn returns(&self, _game: &Tekken, out: &mut [f32]) {
        state::returns(self, out);
    }
    fn public_observation(&self, game: &Tekken, out: &mut [f32]) {
        observation::public_observation(self, game, out);
    }
    fn private_observation(&self, game: &Tekken, player: usize, out: &mut [f32]) {
        observation::private_observation(self, game, player, out);
    }
    fn public_observation_string(&self, game: &Tekken) -> String {
        text::public(self, game)
    }
    fn private_observation_string(&self, game: &Tekken, player: usize) -> String {
        text::private(self, game, player)
    }
    determinize_by_resample!();
    fn secrecy(&self, game: &Tekken, action: Action) -> Secrecy {
        hidden::secrecy(self, game, action)
    }
    fn action_to_string(&self, game: &Tekken, action: Action) -> String {
        actions::action_to_string(self, game, action)
    }
    fn heuristic(&self, game: &Tekken, out: &mut [f32]) -> bool {
        state::heuristic(self, game, out)
    }
    fn view(&self, game: &Tekken, viewer: Option<usize>) -> Value {
        scene::view(self, game, viewer)
    }
    fn render(&self, game: &Tekken) -> String {
        text::public(self, game)
    }
    fn validate(&self, game: &Tekken) -> Result<(), GameError> {
        validate::validate(self, game)
    }
}
