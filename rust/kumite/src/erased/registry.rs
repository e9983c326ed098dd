//! The only place that lists the games by name.

use std::sync::Arc;

use serde_json::{Map, Value};

use super::ErasedGame;
use crate::core::{Game, GameError};
use crate::games::{fatal_fight, senjutsu, tekken, ufs};

/// The names `load` accepts.
pub const NAMES: &[&str] =
    &[tekken::Tekken::NAME, fatal_fight::FatalFight::NAME, senjutsu::Senjutsu::NAME, ufs::Ufs::NAME];

/// Builds a game by name from a JSON object of options (unknown options are errors).
pub fn load(name: &str, options: &Map<String, Value>) -> Result<Arc<dyn ErasedGame>, GameError> {
    match name {
        tekken::Tekken::NAME => Ok(Arc::new(tekken::Tekken::from_options(options)?)),
        fatal_fight::FatalFight::NAME => Ok(Arc::new(fatal_fight::FatalFight::from_options(options)?)),
        senjutsu::Senjutsu::NAME => Ok(Arc::new(senjutsu::Senjutsu::from_options(options)?)),
        ufs::Ufs::NAME => Ok(Arc::new(ufs::Ufs::from_options(options)?)),
        _ => Err(GameError::UnknownGame { name: name.to_string(), known: NAMES.join(", ") }),
    }
}
