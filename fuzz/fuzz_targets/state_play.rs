//! State loading followed by play, for every game: the first byte picks the game, the rest is
//! the state's JSON (as `to_json` writes it, envelope and all). Whatever the loader accepts must
//! play on.
#![no_main]

use libfuzzer_sys::fuzz_target;
use serde_json::Map;

fuzz_target!(|data: &[u8]| {
    let Some((&pick, rest)) = data.split_first() else { return };
    let Ok(text) = std::str::from_utf8(rest) else { return };
    let names = kumite::erased::NAMES;
    let name = names[usize::from(pick) % names.len()];
    let game = kumite::erased::load(name, &Map::new()).expect("default options load");
    if let Ok(state) = game.state_from_json(text) {
        kumite_fuzz::play_on(state, kumite_fuzz::seed_of(data));
    }
});
