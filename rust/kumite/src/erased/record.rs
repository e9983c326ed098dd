use std::sync::Arc;

use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::{ErasedGame, ErasedState};
use crate::core::GameError;

/// Version of the JSON state and game-record formats. Bumped when either changes shape.
pub const FORMAT_VERSION: u32 = 1;

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct Envelope<S> {
    pub game: String,
    pub version: u32,
    pub options: Value,
    pub seed: Option<u64>,
    pub history: Vec<crate::core::Action>,
    pub state: S,
}

/// A game record: everything needed to replay a game exactly.
#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Record {
    pub game: String,
    pub version: u32,
    pub options: Value,
    pub seed: u64,
    pub actions: Vec<crate::core::Action>,
}

pub(super) fn check_format(found_game: &str, version: u32, want_game: &str) -> Result<(), GameError> {
    if found_game != want_game {
        return Err(GameError::deserialization(format!("this is a {found_game:?} state, not {want_game:?}")));
    }
    if version != FORMAT_VERSION {
        return Err(GameError::deserialization(format!(
            "format version {version} is not supported (this kumite reads version {FORMAT_VERSION})"
        )));
    }
    Ok(())
}

/// Replays a game record: loads the game with the record's options, then applies every action,
/// reporting the first one that is illegal by its index.
pub fn from_record(
    text: &str,
    load: impl Fn(&str, &serde_json::Map<String, Value>) -> Result<Arc<dyn ErasedGame>, GameError>,
) -> Result<Box<dyn ErasedState>, GameError> {
    let record: Record = serde_json::from_str(text).map_err(|e| GameError::deserialization(e.to_string()))?;
    if record.version != FORMAT_VERSION {
        return Err(GameError::deserialization(format!(
            "record format version {} is not supported (this kumite reads version {FORMAT_VERSION})",
            record.version
        )));
    }
    let options = match record.options {
        Value::Object(map) => map,
        other => return Err(GameError::deserialization(format!("options must be an object, not {other}"))),
    };
    let game = load(&record.game, &options)?;
    let mut state = game.new_state(record.seed);
    for (i, &action) in record.actions.iter().enumerate() {
        state.apply(action).map_err(|e| {
            GameError::deserialization(format!("record action #{i} ({action}) cannot be replayed: {e}"))
        })?;
    }
    Ok(state)
}
