//! Card and content files: the first byte picks a game's content file, the rest is its TOML
//! text, written into a content folder that the game is built from (`content_dir`). A folder the
//! loader accepts must give a game whose random games play on; a Tekken character or stage it
//! adds is also played.
#![no_main]

use std::path::PathBuf;

use kumite::games::tekken::{Tekken, TekkenOptions};
use libfuzzer_sys::fuzz_target;
use serde_json::{json, Map, Value};

fn folder() -> PathBuf {
    std::env::temp_dir().join(format!("kumite-fuzz-content-{}", std::process::id()))
}

fn play_games(name: &str, options: &Map<String, Value>, seed: u64) {
    if let Ok(game) = kumite::erased::load(name, options) {
        for i in 0..2 {
            kumite_fuzz::play_on(game.clone().new_state(seed.wrapping_add(i)), seed ^ i);
        }
    }
}

fuzz_target!(|data: &[u8]| {
    let Some((&pick, rest)) = data.split_first() else { return };
    let Ok(text) = std::str::from_utf8(rest) else { return };
    let files = kumite_fuzz::CONTENT_FILES;
    let (name, path, _) = files[usize::from(pick) % files.len()];
    let dir = folder();
    let _ = std::fs::remove_dir_all(&dir);
    let file = dir.join(path);
    std::fs::create_dir_all(file.parent().expect("a folder")).expect("temp folder");
    std::fs::write(&file, text).expect("temp file");
    let dir_text = dir.display().to_string();
    let seed = kumite_fuzz::seed_of(data);
    let options = kumite_fuzz::content_options(path, &dir_text);
    play_games(name, &options, seed);
    if name == "tekken" {
        // Play the added character or stage itself.
        let base = TekkenOptions { content_dir: Some(dir_text.clone()), ..TekkenOptions::default() };
        if let Ok(game) = Tekken::new(base) {
            let added_character = game.content.characters.last().map(|c| c.id.clone());
            let added_stage = game.content.stages.last().map(|s| s.id.clone());
            let mut o = json!({ "content_dir": dir_text });
            if path.starts_with("characters") {
                let id = added_character.unwrap_or_default();
                o["characters"] = json!([id, id]);
            } else {
                o["stage"] = json!(added_stage.unwrap_or_default());
            }
            play_games(name, o.as_object().expect("an object"), seed);
        }
    }
});
