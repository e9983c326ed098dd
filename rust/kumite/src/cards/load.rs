use serde::de::DeserializeOwned;

use crate::core::{CardProblem, GameError, ProblemKind};

/// A cards file (`cards/*.toml`): its `[[card]]` entries, each in a game's own plain form `T`.
#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawCards<T> {
    pub card: Vec<T>,
}

/// The most entries one list of a content file may hold (a deck's cards, a card's extensions
/// or symbols, ...): far above any game's own capacities, so a list is refused at once, before
/// any check that would work through all of it.
pub const MAX_LIST: usize = 1024;

/// The largest content file read, in bytes: fifty times the largest built-in file, and room for
/// [`MAX_LIST`] entries of any kind, so a larger file is refused before it is parsed.
pub const MAX_FILE_BYTES: usize = 1 << 20;

/// The first list longer than [`MAX_LIST`], as its field path and length.
fn long_list(value: &toml::Value, path: &mut String) -> Option<(String, usize)> {
    match value {
        toml::Value::Array(items) if items.len() > MAX_LIST => Some((path.clone(), items.len())),
        toml::Value::Array(items) => items.iter().enumerate().find_map(|(i, v)| {
            let len = path.len();
            path.push_str(&format!("[{i}]"));
            let found = long_list(v, path);
            path.truncate(len);
            found
        }),
        toml::Value::Table(table) => table.iter().find_map(|(k, v)| {
            let len = path.len();
            if !path.is_empty() {
                path.push('.');
            }
            path.push_str(k);
            let found = long_list(v, path);
            path.truncate(len);
            found
        }),
        _ => None,
    }
}

/// Parses a TOML content file into its plain (not yet validated) form. A syntax or type error
/// names the file and the field path where it happened; a file larger than [`MAX_FILE_BYTES`] or
/// a list longer than [`MAX_LIST`] is refused before anything reads it.
pub fn parse_toml<T: DeserializeOwned>(file: &str, text: &str) -> Result<T, GameError> {
    if text.len() > MAX_FILE_BYTES {
        let size = format!("{} bytes; a content file holds at most {MAX_FILE_BYTES} bytes (1 MiB)", text.len());
        return Err(unreadable(file, String::new(), size));
    }
    if let Ok(table) = toml::from_str::<toml::Table>(text) {
        if let Some((path, len)) = long_list(&toml::Value::Table(table), &mut String::new()) {
            let reason = format!("{len} entries; a list holds at most {MAX_LIST} (a content file's capacity)");
            return Err(unreadable(file, path, reason));
        }
    }
    toml::from_str(text).map_err(|e| {
        let place = e
            .span()
            .map(|s| {
                let line = text[..s.start.min(text.len())].matches('\n').count() + 1;
                format!("line {line}")
            })
            .unwrap_or_default();
        unreadable(file, place, e.message().to_string())
    })
}

/// The one problem of a content file that cannot be read, at `field` (a line or a list).
fn unreadable(file: &str, field: String, reason: String) -> GameError {
    let problem = CardProblem { kind: ProblemKind::Unreadable, file: file.into(), card: String::new(), field, reason };
    GameError::CardData { problems: vec![problem] }
}

/// A game's `content_dir` layout: for each kind in `kinds`, the `*.toml` files of the folder
/// `dir/<kind>` in name order, as (path, text). A missing kind folder has none; a `dir` that is
/// not a folder, or an unreadable file, is an error of the `content_dir` option. Nothing else
/// may lie there, so no content is ignored without a word: any other file or folder in `dir`
/// (a `cards.toml` beside the folders, a misspelt folder) or in a kind folder (a file not
/// ending in `.toml`, a subfolder) is refused, naming it and where that content goes. Only
/// notes are let be: a `README` (any extension but `.toml`) and hidden entries (`.git`).
pub fn content_folder<const N: usize>(dir: &str, kinds: [&str; N]) -> Result<[Vec<(String, String)>; N], GameError> {
    let root = std::path::Path::new(dir);
    if !root.is_dir() {
        return Err(GameError::option("content_dir", "is not a directory"));
    }
    let folders = kinds.map(|k| format!("{k}/")).join(", ");
    for path in entries(root)? {
        let name = file_name(&path);
        if path.is_dir() && kinds.contains(&name.as_str()) || is_note(&path) {
            continue;
        }
        let what = if path.is_dir() { "a folder this game does not read" } else { "a file this game does not read" };
        return Err(GameError::option(
            "content_dir",
            format!("{}: {what}; content goes in one folder per kind, as *.toml files: {folders}", path.display()),
        ));
    }
    let mut out = [(); N].map(|_| Vec::new());
    for (files, kind) in out.iter_mut().zip(kinds) {
        *files = toml_files(&root.join(kind), kind)?;
    }
    Ok(out)
}

fn file_name(path: &std::path::Path) -> String {
    path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default()
}

/// A note beside the content: a README file, or a hidden entry; never a `.toml` file.
fn is_note(path: &std::path::Path) -> bool {
    let name = file_name(path);
    let toml = path.extension().is_some_and(|x| x == "toml");
    let readme = path.is_file() && path.file_stem().is_some_and(|s| s.eq_ignore_ascii_case("readme"));
    !toml && (readme || name.starts_with('.'))
}

/// The entries of `folder` in name order.
fn entries(folder: &std::path::Path) -> Result<Vec<std::path::PathBuf>, GameError> {
    let read = std::fs::read_dir(folder)
        .map_err(|e| GameError::option("content_dir", format!("{}: {e}", folder.display())))?;
    let mut paths = read
        .map(|e| e.map(|e| e.path()))
        .collect::<Result<Vec<_>, _>>()
        .map_err(|e| GameError::option("content_dir", format!("{}: {e}", folder.display())))?;
    paths.sort();
    Ok(paths)
}

fn toml_files(folder: &std::path::Path, kind: &str) -> Result<Vec<(String, String)>, GameError> {
    if !folder.exists() {
        return Ok(Vec::new());
    }
    let mut files = Vec::new();
    for file in entries(folder)? {
        if is_note(&file) {
            continue;
        }
        let name = file.display().to_string();
        if file.is_dir() || file.extension().is_none_or(|x| x != "toml") {
            return Err(GameError::option(
                "content_dir",
                format!("{name}: not a .toml file, so this game would not read it; {kind} go in {kind}/*.toml files"),
            ));
        }
        let text =
            std::fs::read_to_string(&file).map_err(|e| GameError::option("content_dir", format!("{name}: {e}")))?;
        files.push((name, text));
    }
    Ok(files)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A content folder with `files` (path, text) under a fresh temporary folder.
    fn folder(name: &str, files: &[(&str, &str)]) -> String {
        let dir = std::env::temp_dir().join(format!("kumite-content-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        for (path, text) in files {
            let path = dir.join(path);
            std::fs::create_dir_all(path.parent().unwrap()).unwrap();
            std::fs::write(path, text).unwrap();
        }
        dir.display().to_string()
    }

    #[test]
    fn every_file_the_loader_does_not_read_is_refused_by_name() {
        let ok = folder("ok", &[("cards/a.toml", "x = 1"), ("README.md", "notes"), ("cards/README", "notes")]);
        let [cards, decks] = content_folder(&ok, ["cards", "decks"]).unwrap();
        assert_eq!((cards.len(), decks.len()), (1, 0));
        for (name, path, named, says) in [
            (
                "old",
                "cards.toml",
                "/cards.toml:",
                "a file this game does not read; content goes in one folder per kind",
            ),
            ("misspelt", "card/a.toml", "/card:", "a folder this game does not read"),
            ("txt", "cards/a.txt", "/cards/a.txt:", "not a .toml file"),
            ("sub", "cards/more/a.toml", "/cards/more:", "not a .toml file"),
            ("readme_toml", "README.toml", "/README.toml:", "a file this game does not read"),
        ] {
            let dir = folder(name, &[("cards/a.toml", "x = 1"), (path, "not [ toml")]);
            let err = content_folder(&dir, ["cards", "decks"]).unwrap_err().to_string();
            assert!(err.contains(named) && err.contains(says), "{path}: {err}");
            assert!(err.contains("cards/") || err.contains("cards go in"), "{path}: {err}");
        }
    }

    #[derive(serde::Deserialize, Debug)]
    struct Lists {
        #[allow(dead_code)]
        cards: Vec<toml::Value>,
    }

    #[test]
    fn a_list_past_the_capacity_is_refused_at_once_naming_it() {
        let ok = format!("[[cards]]\nid = \"a\"\nsymbols = [{}]\n", vec!["1"; MAX_LIST].join(", "));
        assert!(parse_toml::<Lists>("c.toml", &ok).is_ok());
        let long = format!(
            "[[cards]]\nid = \"a\"\n[[cards]]\nextensions = [{}]\n",
            vec!["{ height = \"high\" }"; 40_000].join(", ")
        );
        let start = std::time::Instant::now();
        let Err(GameError::CardData { problems }) = parse_toml::<Lists>("c.toml", &long) else { panic!("accepted") };
        assert!(start.elapsed().as_secs() < 5);
        assert_eq!(problems[0].field, "cards[1].extensions");
        assert_eq!(problems[0].reason, "40000 entries; a list holds at most 1024 (a content file's capacity)");
    }

    #[test]
    fn a_file_past_the_capacity_is_refused_by_its_size() {
        let big = format!("[[cards]]\nid = \"a\"\n{}", "# padding\n".repeat(110_000));
        let Err(GameError::CardData { problems }) = parse_toml::<Lists>("c.toml", &big) else { panic!("accepted") };
        assert_eq!(problems[0].reason, "1100019 bytes; a content file holds at most 1048576 bytes (1 MiB)");
    }
}
