//! Cards shared by every card game: small card ids, fixed-capacity piles (deck, hand, discard…)
//! with seeded shuffles and draws, and content-file loading whose errors name the file, the card
//! and the field, the redeal `State::determinize` does, and the loader's conservation check.

mod hidden;
mod load;
mod pile;

pub use hidden::{determinized_rng, redeal, reshuffle, sort_hidden, Rank};
pub use load::{content_folder, parse_toml, RawCards, MAX_FILE_BYTES, MAX_LIST};
pub use pile::{check_conserved, CardId, Pile};
