//! The content a game was built with, as `Game::content_listing` lists it (`kumite content ufs`): the
//! card ids a decklist names and the preset decks.

use serde_json::{json, Value};

use crate::core::{content_entry, print_effects, PrintedEffect};
use crate::games::ufs::game::Ufs;

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

/// Every printed effect of the cards in play (both decks, sideboards and starting characters),
/// each card once in content order: each effect of each of its abilities, in printed order.
pub fn printed_effects(game: &Ufs) -> Vec<PrintedEffect> {
    let mut ids: Vec<usize> =
        game.decks.iter().chain(&game.sideboards).flatten().chain(&game.characters).map(|c| usize::from(c.0)).collect();
    ids.sort_unstable();
    ids.dedup();
    let mut out = Vec::new();
    for i in ids {
        let card = &game.content.cards[i];
        let texts = card.abilities.iter().flat_map(|a| {
            let ability = a.text();
            a.effects.iter().map(move |e| format!("{e} ({ability})"))
        });
        print_effects(&mut out, &card.id, texts);
    }
    out
}
