//! Helpers for scenario tests of any game: actions named by their text (`action_to_string`), as
//! players, logs and the rules docs name them.

use crate::core::{Action, ActionList, State};

/// The texts of the legal actions, in the order `legal_actions` gives them.
pub fn legal_texts<S: State>(game: &S::Game, state: &S) -> Vec<String> {
    let mut legal = ActionList::new();
    state.legal_actions(game, &mut legal);
    legal.iter().map(|&a| state.action_to_string(game, a)).collect()
}

/// The legal action whose text is `text`; panics with the legal texts and the position when
/// there is none (a scenario test's failure message).
pub fn action_by_text<S: State>(game: &S::Game, state: &S, text: &str) -> Action {
    let mut legal = ActionList::new();
    state.legal_actions(game, &mut legal);
    *legal.iter().find(|&&a| state.action_to_string(game, a) == text).unwrap_or_else(|| {
        panic!("{text:?} is not legal; legal: {:?}\n{}", legal_texts(game, state), state.render(game))
    })
}

/// Plays the legal action whose text is `text` and returns the texts of the events it emitted.
pub fn act<S: State>(game: &S::Game, state: &mut S, text: &str) -> Vec<String> {
    let action = action_by_text(game, state, text);
    let mut events: Vec<S::Event> = Vec::new();
    state.apply_unchecked(game, action, &mut events);
    events.iter().map(|e| e.to_string()).collect()
}
