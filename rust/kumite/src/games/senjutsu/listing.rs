//! The content a game was built with, as `Game::content_listing` lists it (`kumite content senjutsu`).

use serde_json::{json, Value};

use crate::core::{content_entry, print_effects, PrintedEffect};
use crate::games::senjutsu::content::words;
use crate::games::senjutsu::game::Senjutsu;

pub fn content(game: &Senjutsu) -> Value {
    let c = &game.content;
    let samurai: Vec<Value> = c
        .samurai
        .iter()
        .map(|s| {
            let kamae: Vec<String> =
                s.tree.nodes.iter().map(|(key, zone)| format!("{} ({})", words(key), zone.name())).collect();
            let text = format!(
                "wound limit {}, advantage {}, hand limit {}; kamae {}; core card {}; preset deck of {} cards",
                s.wound_limit,
                s.advantage,
                s.hand_limit,
                kamae.join(", "),
                c.cards[usize::from(s.core.0)].name,
                s.deck.len()
            );
            content_entry(&s.id, &s.name, text)
        })
        .collect();
    let cards: Vec<Value> = c
        .cards
        .iter()
        .map(|k| {
            let owner = k
                .owner
                .as_ref()
                .map(|o| {
                    let name = c.samurai.iter().find(|s| s.id == *o).map_or(o.as_str(), |s| s.name.as_str());
                    format!("signature card of {name}; ")
                })
                .unwrap_or_default();
            let text = k.text.strip_prefix(k.name.as_str()).unwrap_or(&k.text).trim_start();
            content_entry(&k.id, &k.name, format!("{owner}{text}"))
        })
        .collect();
    let battlefields: Vec<Value> = c
        .battlefields
        .iter()
        .map(|b| {
            content_entry(
                &b.id,
                &b.name,
                format!("{} cells, {} start hexes, {} impassable", b.board.len(), b.starts.len(), b.terrain.len()),
            )
        })
        .collect();
    json!({ "samurai": samurai, "cards": cards, "battlefields": battlefields })
}

/// Every printed effect of the cards in play: the seats' decks and core cards, each card once, in
/// content order.
pub fn printed_effects(game: &Senjutsu) -> Vec<PrintedEffect> {
    let c = &game.content;
    let mut ids: Vec<usize> = game.decks.iter().flatten().map(|k| usize::from(k.0)).collect();
    ids.extend(game.seats.iter().map(|&s| usize::from(c.samurai[s].core.0)));
    ids.sort_unstable();
    ids.dedup();
    let mut out = Vec::new();
    for i in ids {
        print_effects(&mut out, &c.cards[i].id, c.cards[i].printed_effects());
    }
    out
}
