use serde::de::DeserializeOwned;
use serde_json::{Map, Value};

use crate::core::GameError;

/// Reads a game's options struct (defaults for what is missing, unknown names refused) from a
/// JSON object. serde's type errors name no field, so on failure each option is tried alone to
/// name the one at fault.
pub fn parse_options<T: DeserializeOwned>(options: &Map<String, Value>) -> Result<T, GameError> {
    serde_json::from_value(Value::Object(options.clone())).map_err(|e| {
        let option = options
            .iter()
            .find(|(key, value)| {
                let alone = Map::from_iter([((*key).clone(), (*value).clone())]);
                serde_json::from_value::<T>(Value::Object(alone)).is_err()
            })
            .map(|(key, _)| key.clone())
            .unwrap_or_default();
        GameError::InvalidOption { option, reason: e.to_string() }
    })
}
