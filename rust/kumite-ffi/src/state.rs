//! States: creation, play, the values a program reads from them, JSON, and MCTS.

use std::ffi::c_char;

use kumite::core::Action;
use kumite::erased::{ErasedState, EvaluatorChoice};
use kumite::search::MctsConfig;

use crate::error::{
    fill, guard_code, guard_free, guard_ptr, handle, handle_mut, owned_string, text, Failure, FfiResult, KumiteStatus,
    KUMITE_TERMINAL,
};
use crate::game::KumiteGame;

/// A position of a game, with its seed and the actions played since. Not synchronised: use one
/// state from one thread at a time (different states may be used on different threads).
pub struct KumiteState {
    pub(crate) inner: Box<dyn ErasedState>,
}

fn boxed(inner: Box<dyn ErasedState>) -> *mut KumiteState {
    Box::into_raw(Box::new(KumiteState { inner }))
}

/// An action number from C, checked against the action space.
fn action(state: &KumiteState, action: i32) -> FfiResult<Action> {
    let n = state.inner.game().num_actions();
    Action::try_from(action).ok().filter(|&a| usize::from(a) < n).ok_or_else(|| {
        Failure::new(
            KumiteStatus::KUMITE_ERR_ILLEGAL_ACTION,
            format!("illegal action {action}: outside the action space 0..{n}"),
        )
    })
}

/// The initial state of a game dealt from `seed`: the same seed and actions give the same game on
/// every platform. Free with `kumite_state_free`; NULL on error.
///
/// # Safety
/// `game` is NULL or a live game handle.
#[no_mangle]
pub unsafe extern "C" fn kumite_state_new(game: *const KumiteGame, seed: u64) -> *mut KumiteState {
    guard_ptr(|| Ok(boxed(handle(game, "game")?.inner.clone().new_state(seed))))
}

/// An independent copy (history and seed included). Free with `kumite_state_free`.
///
/// # Safety
/// `state` is NULL or a live state handle.
#[no_mangle]
pub unsafe extern "C" fn kumite_state_clone(state: *const KumiteState) -> *mut KumiteState {
    guard_ptr(|| Ok(boxed(handle(state, "state")?.inner.clone_box())))
}

/// Frees a state. NULL is ignored.
///
/// # Safety
/// `state` is NULL or a live state handle, not used again after this call.
#[no_mangle]
pub unsafe extern "C" fn kumite_state_free(state: *mut KumiteState) {
    if !state.is_null() {
        guard_free(|| drop(Box::from_raw(state)));
    }
}

/// The player to move (0-based), `KUMITE_TERMINAL` (-1) when the game is over, or a negative
/// status.
///
/// # Safety
/// `state` is NULL or a live state handle.
#[no_mangle]
pub unsafe extern "C" fn kumite_state_current_player(state: *const KumiteState) -> i32 {
    guard_code(|| {
        let state = handle(state, "state")?;
        Ok(state.inner.current_player().map_or(KUMITE_TERMINAL, |p| p as i32))
    })
}

/// 1 if the game is over, 0 if not, or a negative status.
///
/// # Safety
/// `state` is NULL or a live state handle.
#[no_mangle]
pub unsafe extern "C" fn kumite_state_is_terminal(state: *const KumiteState) -> i32 {
    guard_code(|| Ok(i32::from(handle(state, "state")?.inner.current_player().is_none())))
}

/// The legal actions, ascending, into `out` (room for `cap`). Returns how many actions are legal
/// (0 when the game is over) and writes the first `min(count, cap)` of them, like `snprintf`:
/// call with `out = NULL, cap = 0` to learn the count, and compare the result with `cap` to know
/// whether the list was cut. A buffer of `kumite_game_num_actions` always suffices.
///
/// # Safety
/// `state` is NULL or a live state handle; `out` is NULL or has room for `cap` int32_t.
#[no_mangle]
pub unsafe extern "C" fn kumite_state_legal_actions(state: *const KumiteState, out: *mut i32, cap: i32) -> i32 {
    guard_code(|| {
        let legal: Vec<i32> = handle(state, "state")?.inner.legal_actions().into_iter().map(i32::from).collect();
        fill(&legal, out, cap)
    })
}

/// The legal-action mask: `out[a]` is 1 if action `a` is legal, else 0. Returns
/// `kumite_game_num_actions` and writes `min(num_actions, cap)` bytes (the `snprintf` rule).
///
/// # Safety
/// `state` is NULL or a live state handle; `out` is NULL or has room for `cap` bytes.
#[no_mangle]
pub unsafe extern "C" fn kumite_state_legal_action_mask(state: *const KumiteState, out: *mut u8, cap: i32) -> i32 {
    guard_code(|| {
        let state = handle(state, "state")?;
        let mut mask = vec![false; state.inner.game().num_actions()];
        state.inner.legal_action_mask(&mut mask);
        let bytes: Vec<u8> = mask.into_iter().map(u8::from).collect();
        fill(&bytes, out, cap)
    })
}

/// Plays `action`. Returns `KUMITE_OK`, or `KUMITE_ERR_ILLEGAL_ACTION` (the state is unchanged;
/// the message lists the legal actions) or another negative status.
///
/// # Safety
/// `state` is NULL or a live state handle not used by another thread during the call.
#[no_mangle]
pub unsafe extern "C" fn kumite_state_apply(state: *mut KumiteState, action: i32) -> i32 {
    guard_code(|| {
        let state = handle_mut(state, "state")?;
        let a = self::action(state, action)?;
        state.inner.apply(a)?;
        Ok(KumiteStatus::KUMITE_OK as i32)
    })
}

/// Each player's return (win 1, loss -1, draw 0; the team's result in a cooperative game) into
/// `out`. Returns the number of players and writes `min(num_players, cap)` floats (the
/// `snprintf` rule).
///
/// # Safety
/// `state` is NULL or a live state handle; `out` is NULL or has room for `cap` floats.
#[no_mangle]
pub unsafe extern "C" fn kumite_state_returns(state: *const KumiteState, out: *mut f32, cap: i32) -> i32 {
    guard_code(|| fill(&handle(state, "state")?.inner.returns(), out, cap))
}

/// What `player` may know, as `kumite_game_observation_size` floats (layout in the game's
/// rules document). Returns the size and writes `min(size, cap)` floats (the `snprintf` rule);
/// `KUMITE_ERR_INVALID_ARGUMENT` for a player that does not exist.
///
/// # Safety
/// `state` is NULL or a live state handle; `out` is NULL or has room for `cap` floats.
#[no_mangle]
pub unsafe extern "C" fn kumite_state_observation(
    state: *const KumiteState,
    player: i32,
    out: *mut f32,
    cap: i32,
) -> i32 {
    guard_code(|| {
        let state = handle(state, "state")?;
        let game = state.inner.game();
        let player =
            usize::try_from(player).map_err(|_| Failure::invalid(format!("player {player} does not exist")))?;
        let mut obs = vec![0.0f32; game.observation_shape().iter().product()];
        state.inner.observation(player, &mut obs)?;
        fill(&obs, out, cap)
    })
}

/// What the table shows every player alike, as `kumite_game_public_observation_size` floats:
/// the head of every player's observation. Returns the size and writes `min(size, cap)` floats
/// (the `snprintf` rule).
///
/// # Safety
/// `state` is NULL or a live state handle; `out` is NULL or has room for `cap` floats.
#[no_mangle]
pub unsafe extern "C" fn kumite_state_public_observation(state: *const KumiteState, out: *mut f32, cap: i32) -> i32 {
    guard_code(|| {
        let state = handle(state, "state")?;
        let mut obs = vec![0.0f32; state.inner.game().public_observation_len()];
        state.inner.public_observation(&mut obs);
        fill(&obs, out, cap)
    })
}

/// What `player` alone knows, as `kumite_game_private_observation_size` floats: the rest of its
/// observation after the public part. Returns the size and writes `min(size, cap)` floats;
/// `KUMITE_ERR_INVALID_ARGUMENT` for a player that does not exist.
///
/// # Safety
/// `state` is NULL or a live state handle; `out` is NULL or has room for `cap` floats.
#[no_mangle]
pub unsafe extern "C" fn kumite_state_private_observation(
    state: *const KumiteState,
    player: i32,
    out: *mut f32,
    cap: i32,
) -> i32 {
    guard_code(|| {
        let state = handle(state, "state")?;
        let player =
            usize::try_from(player).map_err(|_| Failure::invalid(format!("player {player} does not exist")))?;
        let mut obs = vec![0.0f32; state.inner.game().private_observation_len()];
        state.inner.private_observation(player, &mut obs)?;
        fill(&obs, out, cap)
    })
}

/// The public observation as text, the same for every player. Free with `kumite_string_free`;
/// NULL on error.
///
/// # Safety
/// `state` is NULL or a live state handle.
#[no_mangle]
pub unsafe extern "C" fn kumite_state_public_observation_string(state: *const KumiteState) -> *mut c_char {
    guard_ptr(|| owned_string(handle(state, "state")?.inner.public_observation_string()))
}

/// The private observation of `player` as text; with the public one it determines what the
/// player knows. Free with `kumite_string_free`; NULL on error (a player that does not exist).
///
/// # Safety
/// `state` is NULL or a live state handle.
#[no_mangle]
pub unsafe extern "C" fn kumite_state_private_observation_string(
    state: *const KumiteState,
    player: i32,
) -> *mut c_char {
    guard_ptr(|| {
        let state = handle(state, "state")?;
        let player =
            usize::try_from(player).map_err(|_| Failure::invalid(format!("player {player} does not exist")))?;
        owned_string(state.inner.private_observation_string(player)?)
    })
}

/// The text of `action` in this state ("punish high"). Free with `kumite_string_free`; NULL on
/// error (an action outside the action space).
///
/// # Safety
/// `state` is NULL or a live state handle.
#[no_mangle]
pub unsafe extern "C" fn kumite_state_action_to_string(state: *const KumiteState, action: i32) -> *mut c_char {
    guard_ptr(|| {
        let state = handle(state, "state")?;
        owned_string(state.inner.action_to_string(self::action(state, action)?)?)
    })
}

/// The legal action whose text is `action_text` (ignoring case and surrounding space), or
/// `KUMITE_ERR_ILLEGAL_ACTION` (the message lists the legal texts).
///
/// # Safety
/// `state` is NULL or a live state handle; `action_text` is NULL or a NUL-terminated string.
#[no_mangle]
pub unsafe extern "C" fn kumite_state_parse_action(state: *const KumiteState, action_text: *const c_char) -> i32 {
    guard_code(|| {
        let state = handle(state, "state")?;
        Ok(i32::from(state.inner.parse_action(text(action_text, "action_text")?)?))
    })
}

/// The state as readable, versioned JSON (the format `kumite_state_from_json` reads, and the
/// Python package's `State.to_json`). Free with `kumite_string_free`; NULL on error.
///
/// # Safety
/// `state` is NULL or a live state handle.
#[no_mangle]
pub unsafe extern "C" fn kumite_state_to_json(state: *const KumiteState) -> *mut c_char {
    guard_ptr(|| owned_string(handle(state, "state")?.inner.to_json()))
}

/// A state of `game` read from JSON written by `kumite_state_to_json` (perhaps edited). Free with
/// `kumite_state_free`; NULL with `KUMITE_ERR_JSON` when the text is not a valid state of this
/// game with these options.
///
/// # Safety
/// `game` is NULL or a live game handle; `json` is NULL or a NUL-terminated string.
#[no_mangle]
pub unsafe extern "C" fn kumite_state_from_json(game: *const KumiteGame, json: *const c_char) -> *mut KumiteState {
    guard_ptr(|| {
        let game = handle(game, "game")?;
        Ok(boxed(game.inner.clone().state_from_json(text(json, "json")?)?))
    })
}

/// A picture of the state for people (several lines). Free with `kumite_string_free`.
///
/// # Safety
/// `state` is NULL or a live state handle.
#[no_mangle]
pub unsafe extern "C" fn kumite_state_render(state: *const KumiteState) -> *mut c_char {
    guard_ptr(|| owned_string(handle(state, "state")?.inner.render()))
}

/// Frees a string returned by kumite (`kumite_state_to_json`, `kumite_state_render`,
/// `kumite_state_action_to_string`, the observation strings and layouts,
/// `kumite_game_options_json`). NULL is ignored. Never pass it a `const char *` from kumite
/// (those are not yours) or a string from another allocator.
///
/// # Safety
/// `s` is NULL or a string from one of those functions, not freed before.
#[no_mangle]
pub unsafe extern "C" fn kumite_string_free(s: *mut c_char) {
    if !s.is_null() {
        guard_free(|| drop(std::ffi::CString::from_raw(s)));
    }
}

/// The action information-set MCTS chooses for the player to move, with random playouts,
/// `iterations` iterations on one thread, seeded by `seed` (same inputs, same choice). The search
/// never peeks at what the player cannot see. Returns the action, or a negative status
/// (`KUMITE_ERR_INVALID_ARGUMENT` for `iterations < 1` or a finished game).
///
/// # Safety
/// `state` is NULL or a live state handle.
#[no_mangle]
pub unsafe extern "C" fn kumite_mcts_choose(state: *const KumiteState, iterations: i32, seed: u64) -> i32 {
    guard_code(|| {
        let state = handle(state, "state")?;
        let iterations = u32::try_from(iterations)
            .ok()
            .filter(|&n| n > 0)
            .ok_or_else(|| Failure::invalid(format!("iterations must be at least 1, not {iterations}")))?;
        if state.inner.current_player().is_none() {
            return Err(Failure::invalid("the game is over: there is nothing to choose"));
        }
        let config = MctsConfig { iterations, seed, threads: 1, ..Default::default() };
        let mut searcher = state.inner.game().searcher(config, EvaluatorChoice::RandomRollout);
        Ok(i32::from(searcher.search(&*state.inner)?.best))
    })
}
