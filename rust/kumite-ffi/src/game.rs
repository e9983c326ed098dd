//! Games: the list of names, loading one with JSON options, and its fixed properties.

use std::ffi::{c_char, CString};
use std::sync::{Arc, OnceLock};

use kumite::erased::ErasedGame;
use serde_json::{Map, Value};

use crate::error::{guard_code, guard_free, guard_ptr, handle, owned_string, text, Failure, FfiResult, KumiteStatus};

/// A game: its rules, options and card data. Immutable, so one handle may be used from many
/// threads at once. States keep their game alive, so a game may be freed before its states.
pub struct KumiteGame {
    pub(crate) inner: Arc<dyn ErasedGame>,
    name: CString,
}

impl KumiteGame {
    pub(crate) fn new(inner: Arc<dyn ErasedGame>) -> Self {
        let name = CString::new(inner.name()).expect("game names have no NUL");
        KumiteGame { inner, name }
    }
}

fn count(n: usize) -> FfiResult<i32> {
    i32::try_from(n).map_err(|_| Failure::invalid("value does not fit in int32_t"))
}

fn names() -> &'static [CString] {
    static NAMES: OnceLock<Vec<CString>> = OnceLock::new();
    NAMES.get_or_init(|| {
        kumite::erased::NAMES.iter().map(|n| CString::new(*n).expect("game names have no NUL")).collect()
    })
}

/// How many games this library plays.
#[no_mangle]
pub extern "C" fn kumite_games_count() -> i32 {
    guard_code(|| count(names().len()))
}

/// The name of game `index` (0 <= index < `kumite_games_count()`), or NULL (and
/// `KUMITE_ERR_INVALID_ARGUMENT`) out of range. The string is static: never freed.
#[no_mangle]
pub extern "C" fn kumite_games_name(index: i32) -> *const c_char {
    guard(|| {
        usize::try_from(index)
            .ok()
            .and_then(|i| names().get(i))
            .map(|n| n.as_ptr())
            .ok_or_else(|| Failure::invalid(format!("no game at index {index} (there are {})", names().len())))
    })
}

fn guard(body: impl FnOnce() -> FfiResult<*const c_char>) -> *const c_char {
    crate::error::guard(body, |_| std::ptr::null())
}

/// Loads a game by name. `options_json` is a JSON object of options (`{"heat": true}`), or NULL
/// or "" for the defaults. Returns a new game to free with `kumite_game_free`, or NULL on error
/// (`KUMITE_ERR_NULL`, `KUMITE_ERR_UNKNOWN_GAME`, `KUMITE_ERR_JSON`, `KUMITE_ERR_INVALID_OPTION`,
/// `KUMITE_ERR_CARD_DATA`).
///
/// # Safety
/// `name` and `options_json` are NULL or NUL-terminated strings.
#[no_mangle]
pub unsafe extern "C" fn kumite_game_new(name: *const c_char, options_json: *const c_char) -> *mut KumiteGame {
    guard_ptr(|| {
        let name = text(name, "name")?;
        let options = if options_json.is_null() { "" } else { text(options_json, "options_json")? };
        let options = if options.trim().is_empty() {
            Map::new()
        } else {
            match serde_json::from_str::<Value>(options) {
                Ok(Value::Object(map)) => map,
                Ok(other) => {
                    return Err(Failure::new(
                        KumiteStatus::KUMITE_ERR_INVALID_OPTION,
                        format!("options must be a JSON object, not {other}"),
                    ))
                }
                Err(e) => return Err(Failure::new(KumiteStatus::KUMITE_ERR_JSON, format!("options_json: {e}"))),
            }
        };
        let game = kumite::erased::load(name, &options)?;
        Ok(Box::into_raw(Box::new(KumiteGame::new(game))))
    })
}

/// Frees a game from `kumite_game_new`. NULL is ignored. States made from it stay valid.
///
/// # Safety
/// `game` is NULL or a live game handle, not used again after this call.
#[no_mangle]
pub unsafe extern "C" fn kumite_game_free(game: *mut KumiteGame) {
    if !game.is_null() {
        guard_free(|| drop(Box::from_raw(game)));
    }
}

/// The game's name ("tekken"), owned by the game: valid until `kumite_game_free`. NULL if `game`
/// is NULL.
///
/// # Safety
/// `game` is NULL or a live game handle.
#[no_mangle]
pub unsafe extern "C" fn kumite_game_name(game: *const KumiteGame) -> *const c_char {
    guard(|| Ok(handle(game, "game")?.name.as_ptr()))
}

/// The number of players, or a negative status.
///
/// # Safety
/// `game` is NULL or a live game handle.
#[no_mangle]
pub unsafe extern "C" fn kumite_game_num_players(game: *const KumiteGame) -> i32 {
    guard_code(|| count(handle(game, "game")?.inner.num_players()))
}

/// The size of the action space: every action is an integer in `0..num_actions`.
///
/// # Safety
/// `game` is NULL or a live game handle.
#[no_mangle]
pub unsafe extern "C" fn kumite_game_num_actions(game: *const KumiteGame) -> i32 {
    guard_code(|| count(handle(game, "game")?.inner.num_actions()))
}

/// The number of floats in one observation (the product of the observation's shape).
///
/// # Safety
/// `game` is NULL or a live game handle.
#[no_mangle]
pub unsafe extern "C" fn kumite_game_observation_size(game: *const KumiteGame) -> i32 {
    guard_code(|| count(handle(game, "game")?.inner.observation_shape().iter().product()))
}

/// The number of floats in the public observation (`kumite_state_public_observation`): the head
/// of every observation, the same for every player.
///
/// # Safety
/// `game` is NULL or a live game handle.
#[no_mangle]
pub unsafe extern "C" fn kumite_game_public_observation_size(game: *const KumiteGame) -> i32 {
    guard_code(|| count(handle(game, "game")?.inner.public_observation_len()))
}

/// The number of floats in a player's private observation (`kumite_state_private_observation`):
/// the rest of its observation.
///
/// # Safety
/// `game` is NULL or a live game handle.
#[no_mangle]
pub unsafe extern "C" fn kumite_game_private_observation_size(game: *const KumiteGame) -> i32 {
    guard_code(|| count(handle(game, "game")?.inner.private_observation_len()))
}

/// The public observation's named blocks as JSON, `[{"name", "start", "size"}, …]`. Free with
/// `kumite_string_free`; NULL on error.
///
/// # Safety
/// `game` is NULL or a live game handle.
#[no_mangle]
pub unsafe extern "C" fn kumite_game_public_observation_layout_json(game: *const KumiteGame) -> *mut c_char {
    guard_ptr(|| owned_string(handle(game, "game")?.inner.public_observation_layout().to_string()))
}

/// The private observation's named blocks as JSON, starting at 0 (the observation's tail after
/// the public part). Free with `kumite_string_free`; NULL on error.
///
/// # Safety
/// `game` is NULL or a live game handle.
#[no_mangle]
pub unsafe extern "C" fn kumite_game_private_observation_layout_json(game: *const KumiteGame) -> *mut c_char {
    guard_ptr(|| owned_string(handle(game, "game")?.inner.private_observation_layout().to_string()))
}

/// The run's bound on a game's length: after this many actions a rollout, a search playout or
/// an episode cuts the game short and reports it truncated. Where
/// `kumite_game_length_bounded_by_rules` is 1, the rules end every game within it.
///
/// # Safety
/// `game` is NULL or a live game handle.
#[no_mangle]
pub unsafe extern "C" fn kumite_game_max_game_length(game: *const KumiteGame) -> i32 {
    guard_code(|| count(handle(game, "game")?.inner.max_game_length()))
}

/// 1 if the rules alone end every game within `kumite_game_max_game_length` actions, 0 if a game
/// may go on longer (a player then cuts it at that bound), or a negative status.
///
/// # Safety
/// `game` is NULL or a live game handle.
#[no_mangle]
pub unsafe extern "C" fn kumite_game_length_bounded_by_rules(game: *const KumiteGame) -> i32 {
    guard_code(|| Ok(i32::from(handle(game, "game")?.inner.length_bounded_by_rules())))
}

/// The game's options, every one with its value, as a JSON object (what `kumite_game_new`
/// accepts). Free with `kumite_string_free`; NULL on error.
///
/// # Safety
/// `game` is NULL or a live game handle.
#[no_mangle]
pub unsafe extern "C" fn kumite_game_options_json(game: *const KumiteGame) -> *mut c_char {
    guard_ptr(|| owned_string(handle(game, "game")?.inner.options_json().to_string()))
}
