//! The content a match was built with, as `Game::content` lists it (`kumite content tekken`).

use std::fmt::Write;

use serde_json::{json, Value};

use crate::core::content_entry;
use crate::games::tekken::content::{symbols_text, AttackCard, Condition, SpecialHex};
use crate::games::tekken::Tekken;

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
                .map(|k| {
                    let when = match &k.condition {
                        Condition::Sequence(colours) => {
                            colours.iter().map(|x| x.name()).collect::<Vec<_>>().join(" then ")
                        }
                        Condition::Count { colour, count } => format!("{count} {}", colour.name()),
                    };
                    format!("{} ({when}: {})", k.name, symbols_text(&k.symbols))
                })
                .collect();
            let rage: Vec<String> =
                c.rage.iter().map(|r| format!("{} ({})", r.name, symbols_text(&r.symbols))).collect();
            let text = format!(
                "{}; {} cards; combos {}; rage {}",
                c.style,
                c.deck.len(),
                combos.join(", "),
                rage.join(", ")
            );
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
