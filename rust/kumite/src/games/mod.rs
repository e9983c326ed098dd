//! One folder per game; each holds that game's rules and nothing else. The registry that picks
//! one by name is in `erased`, above the games.

pub mod fatal_fight;
pub mod senjutsu;
pub mod tekken;
pub mod ufs;
