//! Content files with one list grown long: the first byte picks a built-in content file, the
//! second which of its lists (in file order), the next three how long it becomes (up to 8,191
//! entries, copies of its first entry: past the list capacity and, for lists of tables, past
//! the file-size capacity; longer lists only cost the harness time to write). The loader must answer at once (the run's
//! `-timeout` is the bound): a list past the content files' capacity is refused naming it, and a
//! folder it accepts must play on. Byte-level fuzzing (the `content` target) never writes lists
//! this long.
#![no_main]

use std::path::PathBuf;

use kumite::cards::MAX_LIST;
use libfuzzer_sys::fuzz_target;
use toml::Value;

/// Resizes the `k`-th list of `value` (depth first, in file order) to `len` copies of its first
/// entry; `k` counts down past the lists seen. True once done.
fn grow(value: &mut Value, k: &mut usize, len: usize) -> bool {
    match value {
        Value::Array(items) if *k == 0 => {
            let first = items.first().cloned().unwrap_or(Value::Integer(1));
            items.resize(len, first);
            true
        }
        Value::Array(items) => {
            *k -= 1;
            items.iter_mut().any(|v| grow(v, k, len))
        }
        Value::Table(table) => table.iter_mut().any(|(_, v)| grow(v, k, len)),
        _ => false,
    }
}

fn count(value: &Value) -> usize {
    match value {
        Value::Array(items) => 1 + items.iter().map(count).sum::<usize>(),
        Value::Table(table) => table.values().map(count).sum(),
        _ => 0,
    }
}

fn folder() -> PathBuf {
    std::env::temp_dir().join(format!("kumite-fuzz-lists-{}", std::process::id()))
}

fuzz_target!(|data: &[u8]| {
    let [pick, which, a, b, c, ..] = *data else { return };
    let files = kumite_fuzz::CONTENT_FILES;
    let (name, path, builtin) = files[usize::from(pick) % files.len()];
    let Ok(table) = toml::from_str::<toml::Table>(kumite_fuzz::builtin_content(builtin)) else { return };
    let mut value = Value::Table(table);
    let len = (usize::from(a) | usize::from(b) << 8 | usize::from(c) << 16) % 8192;
    let lists = count(&value);
    if lists == 0 || !grow(&mut value, &mut (usize::from(which) % lists), len) {
        return;
    }
    let Ok(text) = toml::to_string(&value) else { return };
    let dir = folder();
    let _ = std::fs::remove_dir_all(&dir);
    let file = dir.join(path);
    std::fs::create_dir_all(file.parent().expect("a folder")).expect("temp folder");
    std::fs::write(&file, text).expect("temp file");
    let options = kumite_fuzz::content_options(path, &dir.display().to_string());
    match kumite::erased::load(name, &options) {
        Ok(game) => {
            assert!(len <= MAX_LIST, "a list of {len} entries was accepted");
            kumite_fuzz::play_on(game.new_state(kumite_fuzz::seed_of(data)), kumite_fuzz::seed_of(data));
        }
        Err(e) if len > MAX_LIST => {
            let text = e.to_string();
            let capacity = text.contains("a list holds at most") || text.contains("a content file holds at most");
            assert!(capacity, "a list of {len} entries refused for another reason: {text}");
        }
        Err(_) => {}
    }
});
