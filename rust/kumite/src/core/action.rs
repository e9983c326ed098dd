use arrayvec::ArrayVec;

/// A dense action id in `0..game.num_actions()`. Games map it to a typed enum inside.
pub type Action = u16;

/// Capacity of a legal-action buffer. Every game's `num_actions()` is at most this (checked
/// when the game is built), so any set of legal actions fits without allocating.
pub const MAX_LEGAL_ACTIONS: usize = 512;

/// Legal actions, sorted ascending, in a fixed-capacity buffer that lives on the stack.
pub type ActionList = ArrayVec<Action, MAX_LEGAL_ACTIONS>;
