//! One folder per game; each holds that game's rules and nothing else, in the same files with
//! the same jobs (`docs/adding-a-game.md`). The registry that picks one by name is in `erased`,
//! above the games.

/// The `Game` methods every game writes alike, read from the game folder's own files by their
/// roles: `NUM_ACTIONS` (actions.rs), `observation::{observation_len, OBSERVATION_BOUNDS}`,
/// `listing::{content, printed_effects}`, the options struct in `self.options` that the game's
/// `new` takes, and the state's `new(game, seed)`. Used inside each `impl Game`.
macro_rules! common_game_methods {
    () => {
        fn num_actions(&self) -> usize {
            NUM_ACTIONS
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
        fn printed_effects(&self) -> Vec<$crate::core::PrintedEffect> {
            listing::printed_effects(self)
        }
        fn options_json(&self) -> serde_json::Value {
            serde_json::to_value(&self.options).expect("options serialise")
        }
        fn from_options(options: &serde_json::Map<String, serde_json::Value>) -> Result<Self, $crate::core::GameError> {
            Self::new($crate::core::parse_options(options)?)
        }
        fn new_state(&self, seed: u64) -> Self::State {
            <Self::State>::new(self, seed)
        }
    };
}

/// `State::determinize` and `determinize_into` from the game folder's `hidden::resample(state,
/// game, observer, seed)`, which turns a copy into a determinization; the search calls the
/// second, which writes over its slot (`clone_from`) instead of building a state and moving it
/// in. Used inside each `impl State`.
macro_rules! determinize_by_resample {
    () => {
        fn determinize(&self, game: &Self::Game, observer: usize, seed: u64) -> Self {
            let mut s = Clone::clone(self);
            hidden::resample(&mut s, game, observer, seed);
            s
        }
        fn determinize_into(&self, game: &Self::Game, observer: usize, seed: u64, out: &mut Self) {
            out.clone_from(self);
            hidden::resample(out, game, observer, seed);
        }
    };
}

pub mod fatal_fight;
pub mod senjutsu;
pub mod tekken;
#[cfg(any(test, feature = "toy"))]
pub mod toy;
pub mod ufs;
