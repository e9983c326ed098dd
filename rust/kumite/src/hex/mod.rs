//! Hex-grid geometry and boards shared by every hex-board game. Coordinates and directions are
//! two-byte `Copy` values so rules can step, measure and rotate in the hot loop without
//! allocating; a `Board` pays for all-pairs walking distances once, at construction, so "how far
//! on foot" is a table lookup. Vocabulary follows Red Blob Games and the `hexx` crate.

mod board;
mod coord;
mod direction;
mod path;
mod render;

pub use board::{Board, Distances};
pub use coord::Hex;
pub use direction::{orient, Direction};
