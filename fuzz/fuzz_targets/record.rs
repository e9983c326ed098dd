//! Game records (`from_record`): the record names the game and its options, so this also
//! reaches option parsing. An accepted record must replay and then play on.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    // Content folders read from disk are the content target's business, not this one's.
    if text.contains("content_dir") {
        return;
    }
    if let Ok(state) = kumite::erased::from_record(text, kumite::erased::load) {
        kumite_fuzz::play_on(state, kumite_fuzz::seed_of(data));
    }
});
