//! What the fuzz targets share: random play from a loaded state, checking the loader's
//! guarantee after every action (a violation panics, which the fuzzer reports as a crash).

use kumite::erased::ErasedState;
use kumite::core::{derive_seed, Rng};

/// Actions played on from an accepted input: enough to cross a round or a turn of any game.
pub const PLAY_STEPS: usize = 300;

/// Plays `state` on at random from `seed`: no panic, a legal action whenever the game goes on,
/// and every reached state's JSON loads again.
pub fn play_on(mut state: Box<dyn ErasedState>, seed: u64) {
    let game = state.game();
    let mut rng = Rng::new(derive_seed(seed, 3));
    let mut obs = vec![0.0f32; game.observation_shape().iter().product()];
    let bound = PLAY_STEPS.min(game.max_game_length());
    for _ in 0..bound {
        let legal = state.legal_actions();
        assert_eq!(state.current_player().is_none(), legal.is_empty(), "a live state without a legal action");
        for p in 0..game.num_players() {
            state.observation(p, &mut obs).expect("observation");
        }
        assert!(state.returns().iter().all(|r| r.is_finite()), "returns not finite");
        let text = state.to_json();
        if let Err(e) = game.clone().state_from_json(&text) {
            panic!("a reached state does not load again: {e}");
        }
        if legal.is_empty() {
            return;
        }
        let a = legal[rng.below(legal.len() as u32) as usize];
        state.apply(a).expect("a legal action applies");
    }
}

/// A seed for play from the input bytes (FNV-1a), so a crash replays exactly.
pub fn seed_of(data: &[u8]) -> u64 {
    data.iter().fold(0xcbf2_9ce4_8422_2325u64, |h, &b| (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3))
}

/// The content files a content folder may hold, per game: (game, path inside the folder, the
/// built-in file it stands beside, as a seed). The content target's first byte picks one.
pub const CONTENT_FILES: &[(&str, &str, &str)] = &[
    ("tekken", "characters/fuzz.toml", "tekken/data/characters/kaito.toml"),
    ("tekken", "stages/fuzz.toml", "tekken/data/stages/fault_line.toml"),
    ("senjutsu", "cards/fuzz.toml", "senjutsu/data/cards.toml"),
    ("senjutsu", "samurai/fuzz.toml", "senjutsu/data/samurai.toml"),
    ("senjutsu", "battlefields/fuzz.toml", "senjutsu/data/battlefields.toml"),
    ("fatal_fight", "cards/fuzz.toml", "fatal_fight/data/cards.toml"),
    ("fatal_fight", "characters/fuzz.toml", "fatal_fight/data/characters.toml"),
    ("fatal_fight", "campaigns/fuzz.toml", "fatal_fight/data/campaigns/streets.toml"),
    ("ufs", "cards/fuzz.toml", "ufs/data/cards.toml"),
    ("ufs", "decks/fuzz.toml", "ufs/data/decks.toml"),
];

/// The options that build a game from a content folder holding `path`: a Fatal Fight campaign
/// file is played by naming it.
pub fn content_options(path: &str, dir: &str) -> serde_json::Map<String, serde_json::Value> {
    let mut options = serde_json::Map::new();
    options.insert("content_dir".into(), dir.into());
    if path.starts_with("campaigns/") {
        options.insert("campaign".into(), "fuzz".into());
    }
    options
}

/// The text of a built-in content file (a path of [`CONTENT_FILES`]), read once.
pub fn builtin_content(path: &str) -> &'static str {
    static TEXTS: std::sync::Mutex<Vec<(&'static str, &'static str)>> = std::sync::Mutex::new(Vec::new());
    let mut texts = TEXTS.lock().expect("not poisoned");
    if let Some(&(_, text)) = texts.iter().find(|(p, _)| *p == path) {
        return text;
    }
    let full = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../rust/kumite/src/games").join(path);
    let text: &'static str = std::fs::read_to_string(full).expect("a built-in content file").leak();
    let path: &'static str = path.to_string().leak();
    texts.push((path, text));
    text
}
