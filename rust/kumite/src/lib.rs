//! kumite: a fast rules engine for fighting card and board games.
//!
//! The layers, each using only those before it:
//! - `core`: the one game API every game implements, with the seeded RNG and observation helpers;
//!   `hex` and `cards` are the shared building blocks beside it;
//! - `games/<name>/`: each game's rules and nothing else;
//! - `search` (rollouts and the MCTS family) and `env` (batched environments), which work on any
//!   game through the core traits;
//! - `conformance`: the checks every game passes;
//! - `erased`: games and states chosen by name at run time, for the Python and C bindings.

pub mod cards;
pub mod conformance;
pub mod core;
pub mod env;
pub mod erased;
pub mod games;
pub mod hex;
pub mod search;

pub use crate::core::{Action, ActionList, Game, GameError, State};

/// The README's Rust example, compiled and run by `cargo test` as a doctest so it cannot rot.
#[cfg(doctest)]
#[doc = include_str!("../../../README.md")]
pub struct ReadmeExample;
