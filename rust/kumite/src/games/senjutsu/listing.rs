//! The content a game was built with, as `Game::content` lists it (`kumite content senjutsu`).

use serde_json::{json, Value};

use crate::core::content_entry;
use crate::games::senjutsu::content::words;
use crate::games::senjutsu::Senjutsu;

pub fn content(game: &Senjutsu) -> Value {
    let c = &game.content;
    let samurai: Vec<Value> = c
        .samurai
        .iter()
        .map(|s| {
            let kamae: Vec<String> = s.tree.nodes.iter().map(|(key, zone)| format!("{} ({})", words(key), zone.name())).collect();
            let text = format!(
                "wound limit {}, advantage {}, hand limit {}; kamae {}; core card {}; preset deck of {} cards",
                s.wound_limit,
                s.advantage,
                s.hand_limit,
                kamae.join(", "),
                c.cards[usize::from(s.core.0)].name,
                s.deck.len()
            );
            content_entry(&s.key, &s.name, text)
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
                    let name = c.samurai.iter().find(|s| s.key == *o).map_or(o.as_str(), |s| s.name.as_str());
                    format!("signature card of {name}; ")
                })
                .unwrap_or_default();
            let text = k.text.strip_prefix(k.name.as_str()).unwrap_or(&k.text).trim_start();
            content_entry(&k.key, &k.name, format!("{owner}{text}"))
        })
        .collect();
    let battlefields: Vec<Value> = c
        .battlefields
        .iter()
        .map(|b| {
            content_entry(&b.key, &b.name, format!("{} cells, {} start hexes, {} impassable", b.board.len(), b.starts.len(), b.terrain.len()))
        })
        .collect();
    json!({ "samurai": samurai, "cards": cards, "battlefields": battlefields })
}
