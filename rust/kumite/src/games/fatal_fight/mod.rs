//! Fatal Fight (seed `003_99c9687196c6cd2e.txt`, draft 8): a cooperative beat-'em-up
//! deck-builder for 1–4 players. The team fights scripted enemy groups on a 3 × 3 board across
//! four stages, chaining attack cards into combos and combinations, and shops between stages.
//! All players share the result; the gold left at the end is the score. Rule ids (FF-…, FFX-…)
//! refer to `docs/rules/fatal_fight.md`.
//!
//! | option | default | meaning |
//! |---|---|---|
//! | `players` | `2` | number of players (1..=4) |
//! | `characters` | `[]` | character ids per player; empty or short lists are filled in content order |
//! | `final_boss_variant` | `false` | the final boss has 6 skills, 3 chosen by gold earned (FF-0.4) |
//! | `stage_rounds` | `null` | variant (FFX-11): a stage not cleared within this many rounds loses (6..=30); off by default |
//! | `start_stage` | `1` | the stage the campaign starts at (FFX-16: practice and testing; 1..=4) |
//! | `start_gold` | `3` | gold each player receives at setup (FF-0.5; 0..=20) |
//! | `opening_shop` | `true` | the shop opens before the first stage too (FF-0.6); `false`, the earlier draft, opens straight into the first round (FFX-24) |
//! | `save_actions` | `2` | actions and face-down cards a save costs (FF-0.7; 2 or 3, 3 is the earlier draft); the medic pays one fewer (FFX-23) |
//! | `enemy_reshuffle` | `false` | variant (FFX-13): an empty enemy pile takes the shuffled enemy discard mid-stage; off, the discard returns only at the next stage |
//! | `campaign` | `"streets"` | the campaign (enemies, bosses, stage cards): `streets`, or one from `content_dir` |
//! | `content_dir` | `null` | a folder with extra `cards/*.toml`, `characters/*.toml` and `campaigns/*.toml` |

mod actions;
mod combat;
pub mod content;
mod game;
mod hidden;
mod listing;
mod observation;
mod round;
mod rules;
mod scene;
mod state;
mod text;
mod validate;

#[cfg(test)]
mod tests;

use serde_json::Value;

use crate::core::{Action, ActionList, EventSink, Game, GameError, Secrecy, State, Utility};

pub use actions::{FfAction, NUM_ACTIONS};
pub use content::Content;
pub use game::{FatalFight, FatalFightOptions};
pub use state::{Chain, Counts, Event, FatalFightState, Pending, Phase, Player};

/// The campaign's methods, each in one line naming the file that holds its code (the table in
/// `docs/adding-a-game.md`).
impl Game for FatalFight {
    type State = FatalFightState;
    const INFO: crate::core::GameInfo = game::INFO;
    common_game_methods!();

    fn num_players(&self) -> usize {
        self.n()
    }
    fn public_observation_len(&self) -> usize {
        observation::public_observation_len(self)
    }
    /// Only the stage-timer variant ends every game: without it a boss may never fall (a team
    /// can survive round after round while its chains never reach the boss's life).
    fn length_bounded_by_rules(&self) -> bool {
        self.options.stage_rounds.is_some()
    }
    /// FFX-9: the team shares one result.
    fn utility(&self) -> Utility {
        Utility::Identical
    }
    /// FFX-9: a loss is −1; a win `1 + score / 100`, and the score is gold, which a run cannot
    /// earn past [`FatalFight::most_gold`].
    fn return_bounds(&self) -> (f32, f32) {
        (-1.0, 1.0 + self.most_gold() as f32 / 100.0)
    }
    fn max_game_length(&self) -> usize {
        self.max_game_length
    }
}

/// Each method's code lives in the file its role names (the table in `docs/adding-a-game.md`).
impl State for FatalFightState {
    type Game = FatalFight;
    type Event = Event;

    fn current_player(&self) -> Option<usize> {
        state::current_player(self)
    }
    fn legal_actions(&self, game: &FatalFight, out: &mut ActionList) {
        rules::legal_actions(self, game, out);
    }
    fn apply_unchecked(&mut self, game: &FatalFight, action: Action, events: &mut impl EventSink<Event>) {
        rules::apply(self, game, action, events);
    }
    fn returns(&self, game: &FatalFight, out: &mut [f32]) {
        state::returns(self, game, out);
    }
    fn public_observation(&self, game: &FatalFight, out: &mut [f32]) {
        observation::public_observation(self, game, out);
    }
    fn private_observation(&self, game: &FatalFight, player: usize, out: &mut [f32]) {
        observation::private_observation(self, game, player, out);
    }
    fn public_observation_string(&self, game: &FatalFight) -> String {
        text::public(self, game)
    }
    fn private_observation_string(&self, game: &FatalFight, player: usize) -> String {
        text::private(self, game, player)
    }
    determinize_by_resample!();
    fn secrecy(&self, game: &FatalFight, action: Action) -> Secrecy {
        hidden::secrecy(self, game, action)
    }
    fn action_to_string(&self, game: &FatalFight, action: Action) -> String {
        actions::action_to_string(self, game, action)
    }
    fn heuristic(&self, game: &FatalFight, out: &mut [f32]) -> bool {
        state::heuristic(self, game, out)
    }
    fn view(&self, game: &FatalFight, viewer: Option<usize>) -> Value {
        scene::view(self, game, viewer)
    }
    fn render(&self, game: &FatalFight) -> String {
        text::render(self, game)
    }
    fn validate(&self, game: &FatalFight) -> Result<(), GameError> {
        validate::validate(self, game)
    }
}
