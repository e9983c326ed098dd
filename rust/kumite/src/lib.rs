//! kumite: a fast rules engine for fighting card and board games.
//!
//! `core` holds the one game API every game implements; `hex` and `cards` are the shared
//! building blocks; `games/<name>/` holds each game's rules and nothing else; `search` holds
//! rollouts (and the MCTS family) that work on any game through the core traits.

pub mod cards;
pub mod core;
pub mod env;
pub mod games;
pub mod hex;
pub mod search;

pub use crate::core::{Action, ActionList, Game, GameError, State};
