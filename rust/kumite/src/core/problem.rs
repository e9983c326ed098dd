//! What a loaded state or a content file breaks, as one typed list (shakmaty's `PositionError`
//! kinds are the model): each game's `validate` and content loader add every problem they find,
//! with its kind and where it is, and the list becomes one error whose sentences are the
//! messages: [`GameError::Deserialization`] for a state, [`GameError::CardData`] for content.

use std::fmt;

use crate::core::{CardProblem, GameError};

/// The kind of rule a loaded state or a content file breaks. A state or file refused for one
/// kind may break others: the list holds every problem found.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ProblemKind {
    /// A card, seat or content id the game does not have (the checks that read the content
    /// through it are skipped).
    UnknownId,
    /// A player's cards are not exactly its deck, or a supply does not count the cards out of it.
    Conservation,
    /// A card, figure or token where the rules never put it: a card in a zone it never reaches,
    /// two figures on one hex, a figure off the board.
    Misplaced,
    /// A number outside what play reaches, or where play would wrap it; in content, a number or
    /// a list's length outside what the rules allow.
    OutOfRange,
    /// The phase or step does not hold what its actions read, or two fields disagree (a result
    /// without the game over).
    Flow,
    /// A content file that cannot be read as its kind: TOML syntax, a wrong type, a file or
    /// list past the content's capacity.
    Unreadable,
    /// A content id or display name given twice.
    Duplicate,
    /// A content value the rules refuse: an effect the card language cannot read, a deck that
    /// breaks the deck rules, two fields of an entry that disagree.
    Invalid,
}

/// One problem of a loaded state or a content file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Problem {
    pub kind: ProblemKind,
    /// The content file it is in, or empty for a loaded state.
    pub file: String,
    /// The content entry (card, character, stage… id) it is about, or empty for a state or for
    /// the file as a whole.
    pub card: String,
    /// The field it is about: of the JSON state (`fighters[1].hp`, `stack[0]`) or of the entry
    /// (`symbols`), or empty for the whole.
    pub at: String,
    /// The sentence a user reads, naming the field in its own words.
    pub message: String,
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

/// Every problem a state's checks or a content file's checks found, in the order found, so
/// users fix them all at once.
#[derive(Clone, Debug, Default)]
pub struct ProblemList {
    /// The content file checked, or `None` for a loaded state.
    file: Option<String>,
    list: Vec<Problem>,
    /// How many times each problem of `list` was found. Content only: a problem found again (the
    /// same card listed 60 times) is reported once, with its count.
    times: Vec<usize>,
}

impl ProblemList {
    /// A list for a loaded state's checks.
    pub fn new() -> Self {
        ProblemList::default()
    }
    /// A list for the checks of one content file (or of a decklist, named in `file`).
    pub fn in_file(file: impl Into<String>) -> Self {
        ProblemList { file: Some(file.into()), ..ProblemList::default() }
    }
    fn push(&mut self, problem: Problem, times: usize) {
        let same = |q: &Problem| {
            (&q.file, &q.card, &q.at, &q.message) == (&problem.file, &problem.card, &problem.at, &problem.message)
        };
        match self.list.iter().position(same).filter(|_| self.file.is_some()) {
            Some(i) => self.times[i] += times,
            None => {
                self.list.push(problem);
                self.times.push(times);
            }
        }
    }
    pub fn add(&mut self, kind: ProblemKind, at: impl Into<String>, message: impl Into<String>) {
        self.add_card(kind, "", at, message);
    }
    /// Adds a problem unless `ok`; `message` is built only when it is one.
    pub fn require(&mut self, ok: bool, kind: ProblemKind, at: &str, message: impl FnOnce() -> String) {
        if !ok {
            self.add(kind, at, message());
        }
    }
    /// Adds a problem of the content entry `card`, in its field `at`.
    pub fn add_card(
        &mut self,
        kind: ProblemKind,
        card: impl Into<String>,
        at: impl Into<String>,
        message: impl Into<String>,
    ) {
        let file = self.file.clone().unwrap_or_default();
        self.push(Problem { kind, file, card: card.into(), at: at.into(), message: message.into() }, 1);
    }
    /// Adds a problem of the content entry `card` unless `ok`; `message` is built only when it
    /// is one.
    pub fn require_card(
        &mut self,
        ok: bool,
        kind: ProblemKind,
        card: &str,
        at: &str,
        message: impl FnOnce() -> String,
    ) {
        if !ok {
            self.add_card(kind, card, at, message());
        }
    }
    /// Refuses a display name given twice. Actions, logs and `apply("…")` name an entry by its
    /// display name, so two entries that can meet in one list of legal actions must read apart.
    /// `known` are entries already loaded (checked before); each of `new` that repeats a name is
    /// a problem naming both entries.
    pub fn distinct_names<'a>(
        &mut self,
        known: impl IntoIterator<Item = (&'a str, &'a str)>,
        new: impl IntoIterator<Item = (&'a str, &'a str)>,
    ) {
        let mut seen: std::collections::HashMap<&str, &str> = known.into_iter().map(|(id, name)| (name, id)).collect();
        for (id, name) in new {
            if let Some(other) = seen.insert(name, id) {
                self.add_card(
                    ProblemKind::Duplicate,
                    id,
                    "name",
                    format!(
                        "{name:?} is already the name of {other:?}: two actions would read alike, so names must differ"
                    ),
                );
            }
        }
    }
    /// Adds every problem of `other`, each with its count.
    pub fn merge(&mut self, other: ProblemList) {
        for (p, n) in other.list.into_iter().zip(other.times) {
            self.push(p, n);
        }
    }
    /// Adds the problems of a content file that could not be read (a [`GameError::CardData`]);
    /// any other error becomes one problem of this list's file.
    pub fn merge_error(&mut self, e: GameError) {
        match e {
            GameError::CardData { problems } => {
                for p in problems {
                    let CardProblem { kind, file, card, field, reason } = p;
                    self.push(Problem { kind, file, card, at: field, message: reason }, 1);
                }
            }
            other => self.add_card(ProblemKind::Unreadable, "", "", other.to_string()),
        }
    }
    pub fn is_empty(&self) -> bool {
        self.list.is_empty()
    }
    pub fn len(&self) -> usize {
        self.list.len()
    }
    pub fn iter(&self) -> std::slice::Iter<'_, Problem> {
        self.list.iter()
    }
    /// Whether a problem of this kind was found.
    pub fn has(&self, kind: ProblemKind) -> bool {
        self.list.iter().any(|p| p.kind == kind)
    }
    /// `Ok` when nothing was found, else the error listing every problem: a state's messages,
    /// or a content file's problems with their places and counts.
    pub fn into_result(self) -> Result<(), GameError> {
        if self.list.is_empty() {
            return Ok(());
        }
        if self.file.is_none() {
            return Err(GameError::invalid_state(self.list.into_iter().map(|p| p.message).collect()));
        }
        let problems = self.list.into_iter().zip(self.times).map(|(p, n)| {
            let reason = if n > 1 { format!("{} ({n} times)", p.message) } else { p.message };
            CardProblem { kind: p.kind, file: p.file, card: p.card, field: p.at, reason }
        });
        Err(GameError::CardData { problems: problems.collect() })
    }
}

impl<'a> IntoIterator for &'a ProblemList {
    type Item = &'a Problem;
    type IntoIter = std::slice::Iter<'a, Problem>;
    fn into_iter(self) -> Self::IntoIter {
        self.list.iter()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_list_keeps_kinds_and_places_and_renders_the_messages_in_order() {
        let mut list = ProblemList::new();
        assert!(list.clone().into_result().is_ok());
        list.add(ProblemKind::OutOfRange, "fighters[1].hp", "player 1's hp 200 is above the starting 20");
        list.require(true, ProblemKind::Flow, "result", || unreachable!("built only when it is a problem"));
        list.require(false, ProblemKind::Flow, "result", || {
            "a result is present exactly when the phase is over".into()
        });
        assert!(list.has(ProblemKind::Flow) && !list.has(ProblemKind::Conservation));
        assert_eq!(list.iter().map(|p| p.at.as_str()).collect::<Vec<_>>(), ["fighters[1].hp", "result"]);
        let Err(GameError::Deserialization { reason, problems }) = list.into_result() else { panic!("an error") };
        assert_eq!(problems.len(), 2);
        assert_eq!(
            reason,
            "player 1's hp 200 is above the starting 20; a result is present exactly when the phase is over"
        );
    }

    #[test]
    fn a_content_problem_found_again_is_reported_once_with_its_count() {
        let mut p = ProblemList::in_file("deck.toml");
        for _ in 0..60 {
            p.add_card(ProblemKind::UnknownId, "zzz", "cards", "no such card");
        }
        p.add_card(ProblemKind::OutOfRange, "decklist", "cards", "too short");
        let mut other = ProblemList::in_file("deck.toml");
        other.add_card(ProblemKind::UnknownId, "zzz", "cards", "no such card");
        p.merge(other);
        let Err(GameError::CardData { problems }) = p.into_result() else { panic!("expected problems") };
        let reasons: Vec<&str> = problems.iter().map(|x| x.reason.as_str()).collect();
        assert_eq!(reasons, ["no such card (61 times)", "too short"]);
        assert_eq!(problems[0].kind, ProblemKind::UnknownId);
    }
}
