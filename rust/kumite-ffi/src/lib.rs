//! kumite's C ABI: `libkumite_ffi` (shared and static) with the header `include/kumite.h`,
//! generated from this crate by cbindgen (`KUMITE_REGEN_HEADER=1 cargo test -p kumite-ffi`
//! rewrites it; the test fails while it is stale). `docs/embedding.md` is the guide.
//!
//! Conventions, the same for every function:
//! - Handles (`kumite_game`, `kumite_state`) are opaque; each `_new`, `_clone` or `_from_json`
//!   result is freed by its `_free`. Strings returned as `char *` are the caller's, freed with
//!   `kumite_string_free`; `const char *` results belong to kumite.
//! - Failure is a NULL pointer or a negative `kumite_status`, with a message in
//!   `kumite_last_error()` (thread-local). NULL handles, bad text, bad sizes and panics all fail
//!   this way; none of them aborts the process.
//! - Output buffers follow `snprintf`: the result is the full length, of which `min(length, cap)`
//!   elements are written.

mod error;
mod game;
mod state;

use std::ffi::c_char;

pub use error::{kumite_last_error, kumite_last_error_code, kumite_status_string, KumiteStatus, KUMITE_TERMINAL};
pub use game::*;
pub use state::*;

/// The ABI version: bumped whenever a function, type or constant of this header changes in a way
/// that breaks programs built against an older header. Check it against `kumite_abi_version()`.
pub const KUMITE_ABI_VERSION: u32 = 1;

/// The library version ("0.1.0"), equal to the header's `KUMITE_VERSION` when header and
/// library match. Static: never freed.
#[no_mangle]
pub extern "C" fn kumite_version() -> *const c_char {
    concat!(env!("CARGO_PKG_VERSION"), "\0").as_ptr().cast()
}

/// The ABI version the library was built with; a program compares it with the header's
/// `KUMITE_ABI_VERSION` to detect a mismatched library at run time.
#[no_mangle]
pub extern "C" fn kumite_abi_version() -> u32 {
    KUMITE_ABI_VERSION
}

#[cfg(test)]
mod tests {
    use std::ffi::{CStr, CString};
    use std::ptr;

    use super::*;
    use KumiteStatus::*;

    fn c(s: &str) -> CString {
        CString::new(s).unwrap()
    }

    fn last_error() -> String {
        let p = kumite_last_error();
        assert!(!p.is_null(), "no last error");
        unsafe { CStr::from_ptr(p) }.to_string_lossy().into_owned()
    }

    fn take(s: *mut c_char) -> String {
        assert!(!s.is_null(), "{}", last_error());
        let text = unsafe { CStr::from_ptr(s) }.to_str().unwrap().to_string();
        unsafe { kumite_string_free(s) };
        text
    }

    /// Every exported function that does real work runs its body inside a guard (so a panic
    /// becomes `KUMITE_ERR_PANIC`); the few that do not only read a constant or the thread's
    /// last error.
    #[test]
    fn every_exported_function_catches_panics() {
        let trivial = [
            "kumite_version",
            "kumite_abi_version",
            "kumite_last_error",
            "kumite_last_error_code",
            "kumite_status_string",
        ];
        let mut checked = 0;
        for source in
            [include_str!("game.rs"), include_str!("state.rs"), include_str!("error.rs"), include_str!("lib.rs")]
        {
            for item in source.split("#[no_mangle]\npub ").skip(1) {
                let name = item.split("fn ").nth(1).unwrap().split('(').next().unwrap();
                let body = item.split("\n}\n").next().unwrap();
                if !trivial.contains(&name) {
                    assert!(body.contains("guard"), "{name} does not run its body in a guard");
                    checked += 1;
                }
            }
        }
        assert_eq!(checked, 36, "exported functions found");
    }

    /// Every game's observation is its public part followed by the player's private part, and
    /// the public part is the same for every player.
    #[test]
    fn public_and_private_observations_make_the_observation() {
        for i in 0..kumite_games_count() {
            let game = unsafe { kumite_game_new(kumite_games_name(i), ptr::null()) };
            let (n, public, private) = unsafe {
                (
                    kumite_game_observation_size(game) as usize,
                    kumite_game_public_observation_size(game) as usize,
                    kumite_game_private_observation_size(game) as usize,
                )
            };
            assert_eq!(public + private, n);
            let layout = take(unsafe { kumite_game_public_observation_layout_json(game) });
            assert!(layout.starts_with('['), "{layout}");
            let state = unsafe { kumite_state_new(game, 3) };
            let players = unsafe { kumite_game_num_players(game) };
            let mut shared = vec![0.0f32; public];
            assert_eq!(
                unsafe { kumite_state_public_observation(state, shared.as_mut_ptr(), public as i32) },
                public as i32
            );
            for p in 0..players {
                let (mut whole, mut own) = (vec![0.0f32; n], vec![0.0f32; private]);
                unsafe {
                    kumite_state_observation(state, p, whole.as_mut_ptr(), n as i32);
                    kumite_state_private_observation(state, p, own.as_mut_ptr(), private as i32);
                }
                assert_eq!(whole, [shared.clone(), own].concat());
                take(unsafe { kumite_state_private_observation_string(state, p) });
            }
            assert!(unsafe { kumite_state_private_observation_string(state, players) }.is_null());
            assert_eq!(kumite_last_error_code(), KUMITE_ERR_INVALID_ARGUMENT as i32);
            take(unsafe { kumite_state_public_observation_string(state) });
            unsafe {
                kumite_state_free(state);
                kumite_game_free(game);
            }
        }
    }

    #[test]
    fn versions_agree_with_the_crate() {
        let version = unsafe { CStr::from_ptr(kumite_version()) }.to_str().unwrap();
        assert_eq!(version, env!("CARGO_PKG_VERSION"));
        assert_eq!(kumite_abi_version(), KUMITE_ABI_VERSION);
    }

    #[test]
    fn every_game_loads_plays_and_round_trips_through_json() {
        let n = kumite_games_count();
        assert_eq!(n as usize, kumite::erased::NAMES.len());
        for i in 0..n {
            let name = kumite_games_name(i);
            let game = unsafe { kumite_game_new(name, ptr::null()) };
            assert!(!game.is_null(), "{}", last_error());
            let bounded = unsafe { kumite_game_length_bounded_by_rules(game) };
            let rust = kumite::erased::load(kumite::erased::NAMES[i as usize], &Default::default()).unwrap();
            assert_eq!(bounded, i32::from(rust.length_bounded_by_rules()));
            assert_eq!(unsafe { kumite_game_max_game_length(game) } as usize, rust.max_game_length());
            let state = unsafe { kumite_state_new(game, 5) };
            unsafe { kumite_game_free(game) }; // the state keeps its game alive
            let mut legal = vec![0i32; 4096];
            for _ in 0..30 {
                let count = unsafe { kumite_state_legal_actions(state, legal.as_mut_ptr(), 4096) };
                if count == 0 {
                    break;
                }
                assert_eq!(unsafe { kumite_state_apply(state, legal[0]) }, KUMITE_OK as i32);
            }
            let json = take(unsafe { kumite_state_to_json(state) });
            let game = unsafe { kumite_game_new(name, ptr::null()) };
            let back = unsafe { kumite_state_from_json(game, c(&json).as_ptr()) };
            assert_eq!(take(unsafe { kumite_state_to_json(back) }), json);
            unsafe {
                kumite_state_free(back);
                kumite_state_free(state);
                kumite_game_free(game);
            }
        }
        assert!(kumite_games_name(n).is_null());
        assert_eq!(kumite_last_error_code(), KUMITE_ERR_INVALID_ARGUMENT as i32);
    }

    #[test]
    fn bad_input_is_an_error_code_never_a_crash() {
        unsafe {
            assert!(kumite_game_new(ptr::null(), ptr::null()).is_null());
            assert_eq!(kumite_last_error_code(), KUMITE_ERR_NULL as i32);
            assert!(kumite_game_new(c("chess").as_ptr(), ptr::null()).is_null());
            assert_eq!(kumite_last_error_code(), KUMITE_ERR_UNKNOWN_GAME as i32);
            assert!(last_error().contains("tekken"));
            assert!(kumite_game_new(c("tekken").as_ptr(), c("{").as_ptr()).is_null());
            assert_eq!(kumite_last_error_code(), KUMITE_ERR_JSON as i32);
            assert!(kumite_game_new(c("tekken").as_ptr(), c("[1]").as_ptr()).is_null());
            assert_eq!(kumite_last_error_code(), KUMITE_ERR_INVALID_OPTION as i32);
            assert!(kumite_game_new(c("tekken").as_ptr(), c(r#"{"nope": 1}"#).as_ptr()).is_null());
            assert_eq!(kumite_last_error_code(), KUMITE_ERR_INVALID_OPTION as i32);

            assert_eq!(kumite_game_num_players(ptr::null()), KUMITE_ERR_NULL as i32);
            assert_eq!(kumite_game_length_bounded_by_rules(ptr::null()), KUMITE_ERR_NULL as i32);
            assert_eq!(kumite_state_current_player(ptr::null()), KUMITE_ERR_NULL as i32);
            assert_eq!(kumite_state_apply(ptr::null_mut(), 0), KUMITE_ERR_NULL as i32);
            assert_eq!(kumite_mcts_choose(ptr::null(), 10, 0), KUMITE_ERR_NULL as i32);
            assert!(kumite_state_new(ptr::null(), 0).is_null());
            assert!(kumite_state_to_json(ptr::null()).is_null());
            kumite_state_free(ptr::null_mut());
            kumite_game_free(ptr::null_mut());
            kumite_string_free(ptr::null_mut());

            let game = kumite_game_new(c("tekken").as_ptr(), c("").as_ptr());
            let state = kumite_state_new(game, 1);
            let before = take(kumite_state_to_json(state));
            for bad in [-1, i32::MAX, kumite_game_num_actions(game)] {
                assert_eq!(kumite_state_apply(state, bad), KUMITE_ERR_ILLEGAL_ACTION as i32);
            }
            assert_eq!(take(kumite_state_to_json(state)), before, "a failed apply changed the state");
            assert_eq!(kumite_state_legal_actions(state, ptr::null_mut(), 3), KUMITE_ERR_NULL as i32);
            assert_eq!(kumite_state_legal_actions(state, ptr::null_mut(), -1), KUMITE_ERR_INVALID_ARGUMENT as i32);
            assert_eq!(kumite_state_observation(state, 9, ptr::null_mut(), 0), KUMITE_ERR_INVALID_ARGUMENT as i32);
            assert_eq!(kumite_mcts_choose(state, 0, 0), KUMITE_ERR_INVALID_ARGUMENT as i32);
            assert!(kumite_state_from_json(game, c("{\"game\": 1}").as_ptr()).is_null());
            assert_eq!(kumite_last_error_code(), KUMITE_ERR_JSON as i32);
            assert!(kumite_state_action_to_string(state, -5).is_null());
            assert_eq!(kumite_state_parse_action(state, c("no such move").as_ptr()), KUMITE_ERR_ILLEGAL_ACTION as i32);
            kumite_state_free(state);
            kumite_game_free(game);
        }
    }

    #[test]
    fn mcts_choice_is_legal_and_seeded() {
        unsafe {
            let game = kumite_game_new(c("tekken").as_ptr(), ptr::null());
            let state = kumite_state_new(game, 3);
            let a = kumite_mcts_choose(state, 50, 9);
            assert!(a >= 0, "{}", last_error());
            assert_eq!(kumite_mcts_choose(state, 50, 9), a);
            let text = take(kumite_state_action_to_string(state, a));
            assert_eq!(kumite_state_parse_action(state, c(&text).as_ptr()), a);
            assert_eq!(kumite_state_apply(state, a), 0);
            kumite_state_free(state);
            kumite_game_free(game);
        }
    }
}
