//! The content a game was built with, as `Game::content` lists it (`kumite content ufs`): the
//! card ids a decklist names and the preset decks.

use serde_json::{json, Value};

use crate::core::content_entry;
use crate::games::ufs::Ufs;

pub fn content(game: &Ufs) -> Value {
    let c = &game.content;
    let cards: Vec<Value> = c
        .cards
        .iter()
        .map(|k| {
            // The entry carries the name; the description starts with it.
            let text = k.describe();
            content_entry(&k.id, &k.name, text.strip_prefix(k.name.as_str()).unwrap_or(&text).trim_start())
        })
        .collect();
    let decks: Vec<Value> = c
        .decks
        .iter()
        .map(|d| {
            let character = &c.cards[usize::from(d.character.0)].name;
            // The starting character is held apart from the other cards.
            let mut text = format!("{character} and {} cards", d.cards.len());
            if !d.sideboard.is_empty() {
                text.push_str(&format!(", sideboard of {}", d.sideboard.len()));
            }
            content_entry(&d.id, character, text)
        })
        .collect();
    json!({ "cards": cards, "decks": decks })
}

