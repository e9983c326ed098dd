use serde::de::DeserializeOwned;

use crate::core::{CardProblem, GameError};

/// Collects every problem found while validating one content file, so users fix them all at once.
pub struct Problems {
    file: String,
    list: Vec<CardProblem>,
    /// How many times each problem of `list` was found: a problem found again (the same card
    /// listed 60 times) is reported once, with its count.
    times: Vec<usize>,
}

impl Problems {
    pub fn new(file: impl Into<String>) -> Self {
        Problems { file: file.into(), list: Vec::new(), times: Vec::new() }
    }
    pub fn add(&mut self, card: impl Into<String>, field: impl Into<String>, reason: impl Into<String>) {
        let problem = CardProblem { file: self.file.clone(), card: card.into(), field: field.into(), reason: reason.into() };
        match self.list.iter().position(|p| *p == problem) {
            Some(i) => self.times[i] += 1,
            None => {
                self.list.push(problem);
                self.times.push(1);
            }
        }
    }
    /// Adds a problem unless `ok`.
    pub fn check(&mut self, ok: bool, card: &str, field: &str, reason: impl FnOnce() -> String) {
        if !ok {
            self.add(card, field, reason());
        }
    }
    pub fn len(&self) -> usize {
        self.list.len()
    }
    pub fn is_empty(&self) -> bool {
        self.list.is_empty()
    }
    pub fn into_result(self) -> Result<(), GameError> {
        if self.list.is_empty() {
            return Ok(());
        }
        let mut problems = self.list;
        for (p, &n) in problems.iter_mut().zip(&self.times) {
            if n > 1 {
                p.reason.push_str(&format!(" ({n} times)"));
            }
        }
        Err(GameError::CardData { problems })
    }
    pub fn merge(&mut self, other: Problems) {
        for (p, n) in other.list.into_iter().zip(other.times) {
            match self.list.iter().position(|q| *q == p) {
                Some(i) => self.times[i] += n,
                None => {
                    self.list.push(p);
                    self.times.push(n);
                }
            }
        }
    }
}

/// Parses a TOML content file into its plain (not yet validated) form. A syntax or type error
/// names the file and the field path where it happened.
pub fn parse_toml<T: DeserializeOwned>(file: &str, text: &str) -> Result<T, GameError> {
    toml::from_str(text).map_err(|e| {
        let mut problems = Problems::new(file);
        let place = e
            .span()
            .map(|s| {
                let line = text[..s.start.min(text.len())].matches('\n').count() + 1;
                format!("line {line}")
            })
            .unwrap_or_default();
        problems.add("", place, e.message().to_string());
        GameError::CardData { problems: problems.list }
    })
}

/// The `*.toml` files of the folder `dir/sub` in name order, as (path, text): a game's
/// `content_dir` layout. A missing folder has none; an unreadable file is an error of the
/// `content_dir` option.
pub fn toml_files(dir: &str, sub: &str) -> Result<Vec<(String, String)>, GameError> {
    let Ok(entries) = std::fs::read_dir(std::path::Path::new(dir).join(sub)) else { return Ok(Vec::new()) };
    let mut files: Vec<_> = entries
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "toml"))
        .collect();
    files.sort();
    files
        .into_iter()
        .map(|file| {
            let name = file.display().to_string();
            let text = std::fs::read_to_string(&file).map_err(|e| GameError::option("content_dir", format!("{name}: {e}")))?;
            Ok((name, text))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_problem_found_again_is_reported_once_with_its_count() {
        let mut p = Problems::new("deck.toml");
        for _ in 0..60 {
            p.add("zzz", "cards", "no such card");
        }
        p.add("decklist", "cards", "too short");
        let mut other = Problems::new("deck.toml");
        other.add("zzz", "cards", "no such card");
        p.merge(other);
        let Err(GameError::CardData { problems }) = p.into_result() else { panic!("expected problems") };
        let reasons: Vec<&str> = problems.iter().map(|x| x.reason.as_str()).collect();
        assert_eq!(reasons, ["no such card (61 times)", "too short"]);
    }
}
