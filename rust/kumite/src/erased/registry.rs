//! The only place that lists the games: `for_each_game!` names their types, `NAMES` their names.

use std::sync::Arc;

use serde_json::{Map, Value};

use super::ErasedGame;
use crate::core::{Game, GameError, GameInfo};

/// The one list of the game types, in the order of `NAMES`. `for_each_game!(G => expr)` evaluates
/// `expr` once per game with `G` naming its type; `for_each_game!([G => expr])` is the array of
/// the values. Code that needs each type itself (the registry, benches, typed tests) lists the
/// games through it, so a new game is added here only.
#[macro_export]
macro_rules! for_each_game {
    ([$G:ident => $e:expr]) => {
        $crate::__game_list!([$G => $e] tekken::Tekken, fatal_fight::FatalFight, senjutsu::Senjutsu, ufs::Ufs)
    };
    ($G:ident => $e:expr) => {{
        let _ = $crate::for_each_game!([$G => {
            $e;
        }]);
    }};
}

/// `for_each_game!`'s array over the games it names, then the toy game where the engine's own
/// unit tests or the `toy` feature compiled it in (decided here, in this crate, not where the
/// macro is used).
#[cfg(any(test, feature = "toy"))]
#[doc(hidden)]
#[macro_export]
macro_rules! __game_list {
    ([$G:ident => $e:expr] $($m:ident::$T:ident),*) => {
        [$({ type $G = $crate::games::$m::$T; $e },)* { type $G = $crate::games::toy::Toy; $e }]
    };
}

/// `for_each_game!`'s array over the games it names.
#[cfg(not(any(test, feature = "toy")))]
#[doc(hidden)]
#[macro_export]
macro_rules! __game_list {
    ([$G:ident => $e:expr] $($m:ident::$T:ident),*) => {
        [$({ type $G = $crate::games::$m::$T; $e },)*]
    };
}

/// The names `load` accepts.
pub const NAMES: &[&str] = &for_each_game!([G => G::NAME]);

/// Builds a game by name from a JSON object of options (unknown options are errors).
pub fn load(name: &str, options: &Map<String, Value>) -> Result<Arc<dyn ErasedGame>, GameError> {
    for_each_game!(G => if name == G::NAME {
        return Ok(Arc::new(G::from_options(options)?));
    });
    Err(GameError::UnknownGame { name: name.to_string(), known: NAMES.join(", ") })
}

/// What the game `name` says about itself ([`Game::INFO`]), without building it.
pub fn info(name: &str) -> Result<GameInfo, GameError> {
    for_each_game!(G => if name == G::NAME {
        return Ok(G::INFO);
    });
    Err(GameError::UnknownGame { name: name.to_string(), known: NAMES.join(", ") })
}
