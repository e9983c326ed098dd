//! What a loaded state breaks, as a typed list (shakmaty's `PositionError` kinds are the model):
//! each game's `validate` adds every problem it finds, with its kind and the field it is about,
//! and the list becomes one [`GameError::Deserialization`] whose sentences are the messages.

use std::fmt;

use crate::core::GameError;

/// The kind of rule a loaded state breaks. A state refused for one kind may break others: the
/// list holds every problem found.
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
    /// A number outside what play reaches, or where play would wrap it.
    OutOfRange,
    /// The phase or step does not hold what its actions read, or two fields disagree (a result
    /// without the game over).
    Flow,
}

/// One problem of a loaded state.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Problem {
    pub kind: ProblemKind,
    /// The field of the JSON state it is about (`fighters[1].hp`, `stack[0]`), or empty for the
    /// state as a whole.
    pub at: String,
    /// The sentence a user reads, naming the field in its own words.
    pub message: String,
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

/// Every problem a state's checks found, in the order found, so users fix them all at once.
#[derive(Clone, Debug, Default)]
pub struct ProblemList(Vec<Problem>);

impl ProblemList {
    pub fn new() -> Self {
        ProblemList::default()
    }
    pub fn add(&mut self, kind: ProblemKind, at: impl Into<String>, message: impl Into<String>) {
        self.0.push(Problem { kind, at: at.into(), message: message.into() });
    }
    /// Adds a problem unless `ok`; `message` is built only when it is one.
    pub fn require(&mut self, ok: bool, kind: ProblemKind, at: &str, message: impl FnOnce() -> String) {
        if !ok {
            self.add(kind, at, message());
        }
    }
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
    pub fn len(&self) -> usize {
        self.0.len()
    }
    pub fn iter(&self) -> std::slice::Iter<'_, Problem> {
        self.0.iter()
    }
    /// Whether a problem of this kind was found.
    pub fn has(&self, kind: ProblemKind) -> bool {
        self.0.iter().any(|p| p.kind == kind)
    }
    /// `Ok` when nothing was found, else the error listing every message.
    pub fn into_result(self) -> Result<(), GameError> {
        if self.0.is_empty() {
            Ok(())
        } else {
            Err(GameError::invalid_state(self.0.into_iter().map(|p| p.message).collect()))
        }
    }
}

impl<'a> IntoIterator for &'a ProblemList {
    type Item = &'a Problem;
    type IntoIter = std::slice::Iter<'a, Problem>;
    fn into_iter(self) -> Self::IntoIter {
        self.0.iter()
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
}
