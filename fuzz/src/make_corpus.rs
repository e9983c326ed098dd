//! Writes the seed corpora of the fuzz targets (`corpus/<target>/`): real states of every game
//! at several depths, records of random games, and the built-in content files.

use std::path::Path;

use kumite::core::{derive_seed, Rng};
use serde_json::Map;

fn main() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let write = |target: &str, name: String, bytes: Vec<u8>| {
        let dir = root.join("corpus").join(target);
        std::fs::create_dir_all(&dir).expect("corpus folder");
        std::fs::write(dir.join(name), bytes).expect("corpus file");
    };
    for (g, &name) in kumite::erased::NAMES.iter().enumerate() {
        let game = kumite::erased::load(name, &Map::new()).expect("default options");
        for seed in 0..6u64 {
            let mut state = game.clone().new_state(seed);
            let mut rng = Rng::new(derive_seed(seed, 9));
            let depth = [0, 5, 20, 60, 150, 400][seed as usize];
            for _ in 0..depth {
                let legal = state.legal_actions();
                if legal.is_empty() {
                    break;
                }
                state.apply(legal[rng.below(legal.len() as u32) as usize]).expect("legal");
            }
            let mut bytes = vec![g as u8];
            bytes.extend(state.to_json().into_bytes());
            write("state_play", format!("{name}-{seed}.json"), bytes);
            write("record", format!("{name}-{seed}.json"), state.to_record().expect("seeded").into_bytes());
        }
    }
    let data = root.join("../rust/kumite/src/games");
    for (i, (_, _, builtin)) in kumite_fuzz::CONTENT_FILES.iter().enumerate() {
        let mut bytes = vec![i as u8];
        bytes.extend(std::fs::read(data.join(builtin)).expect("built-in content file"));
        write("content", format!("{i}.toml"), bytes);
        // content_lists: (file, which list, length in three bytes) at the capacity's edges.
        for (which, len) in [(0u8, 0u32), (1, 1024), (2, 1025), (3, 70_000)] {
            let [a, b, c, _] = len.to_le_bytes();
            write("content_lists", format!("{i}-{which}-{len}"), vec![i as u8, which, a, b, c]);
        }
    }
}
