//! The content a match was built with, as `Game::content_listing` lists it (`kumite content tekken`).

use std::fmt::Write;

use serde_json::{json, Value};

use crate::core::{content_entry, print_effects, PrintedEffect};
use crate::games::tekken::content::{symbols_text, AttackCard, SpecialHex};
use crate::games::tekken::game::Tekken;

fn card_text(c: &AttackCard) -> String {
    let mut text = format!("{}'s deck · {} {} {}", c.deck, c.height.name(), c.colour.name(), c.kind.name());
    if c.special {
        text.push_str(" special");
    }
    let _ = write!(text, " · {}", symbols_text(&c.symbols));
    for e in &c.extensions {
        let _ = write!(text, " · ext. {}: {}", e.height.name(), symbols_text(&e.symbols));
    }
    text
}

pub fn content(game: &Tekken) -> Value {
    let content = &game.content;
    let characters: Vec<Value> = content
        .characters
        .iter()
        .map(|c| {
            let combos: Vec<String> = c
                .combos
                .iter()
                .map(|k| format!("{} ({}: {})", k.name, k.condition.text(), symbols_text(&k.symbols)))
                .collect();
            let rage: Vec<String> =
                c.rage.iter().map(|r| format!("{} ({})", r.name, symbols_text(&r.symbols))).collect();
            let text =
                format!("{}; {} cards; combos {}; rage {}", c.style, c.deck.len(), combos.join(", "), rage.join(", "));
            content_entry(&c.id, &c.name, text)
        })
        .collect();
    let stages: Vec<Value> = content
        .stages
        .iter()
        .map(|s| {
            let mut text = format!("{} hexes", s.board.len());
            let hazards = s.specials.iter().filter(|(_, k)| matches!(k, SpecialHex::Hazard(_))).count();
            if hazards > 0 {
                let _ = write!(text, ", {hazards} hazard hexes");
            }
            if s.floor_break.is_some() {
                text.push_str(", floor break");
            }
            content_entry(&s.id, &s.name, text)
        })
        .collect();
    let cards: Vec<Value> = content.cards.iter().map(|c| content_entry(&c.id, &c.name, card_text(c))).collect();
    json!({ "characters": characters, "stages": stages, "cards": cards })
}

/// Every printed effect of the two characters in play (one list if both play the same one): each
/// card's symbols and then its extensions' (an extension's symbols are printed on the card that
/// carries them), each rage card's, each combo's.
pub fn printed_effects(game: &Tekken) -> Vec<PrintedEffect> {
    let mut out = Vec::new();
    let mut characters = game.characters.to_vec();
    characters.dedup();
    for c in characters {
        let character = &game.content.characters[c];
        let mut cards = character.deck.clone();
        cards.sort_unstable();
        cards.dedup();
        for id in cards {
            let card = game.content.card(id);
            let own = card.symbols.iter().map(|s| s.to_string());
            let ext = card
                .extensions
                .iter()
                .flat_map(|e| e.symbols.iter().map(move |s| format!("{} extension: {s}", e.height.name())));
            print_effects(&mut out, &card.id, own.chain(ext));
        }
        for rage in &character.rage {
            print_effects(
                &mut out,
                &format!("{} rage {}", character.id, rage.name),
                rage.symbols.iter().map(|s| s.to_string()),
            );
        }
        for combo in &character.combos {
            print_effects(
                &mut out,
                &format!("{} combo {}", character.id, combo.name),
                combo.symbols.iter().map(|s| s.to_string()),
            );
        }
    }
    out
}
