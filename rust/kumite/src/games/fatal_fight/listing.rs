//! The content a campaign was built with, as `Game::content` lists it (`kumite content
//! fatal_fight`).

use serde_json::{json, Value};

use crate::core::{content_entry, count};
use crate::games::fatal_fight::content::{Kind, Special};
use crate::games::fatal_fight::FatalFight;

pub fn content(game: &FatalFight) -> Value {
    let c = &game.content;
    let characters: Vec<Value> = c
        .characters
        .iter()
        .map(|x| {
            // The medic's save costs one fewer than the `save_actions` option (FFX-23).
            let special = match x.special {
                Special::Medic => {
                    let k = usize::from(game.options.save_actions - 1);
                    format!("Medic: saving costs {} and {}", count(k, "action"), count(k, "face-down card"))
                }
                other => other.describe().to_string(),
            };
            let text = format!(
                "life {}, actions {}, max hand {}, max carry {}; {}; {} starting cards",
                x.life,
                x.actions,
                x.max_hand,
                x.max_carry,
                special,
                x.deck.len()
            );
            content_entry(&x.id, &x.name, text)
        })
        .collect();
    let cards: Vec<Value> = c
        .cards
        .iter()
        .map(|x| {
            let kind = match x.kind {
                Kind::Starter => "starter".to_string(),
                Kind::Common => format!("common, cost {}, {} in the shop", x.cost, x.copies),
                Kind::Unique => format!("unique, cost {}", x.cost),
            };
            let effects = x.describe();
            let text = if effects.is_empty() { kind } else { format!("{kind}: {effects}") };
            content_entry(&x.id, &x.name, text)
        })
        .collect();
    let enemies: Vec<Value> = c
        .enemies
        .iter()
        .map(|x| {
            let mut text = format!("stage {}, {} copies, life {}, guard {}", x.stage, x.copies, x.life, x.guard);
            if x.carrier > 0 {
                text.push_str(&format!(", carries {} gold", x.carrier));
            }
            if x.cross {
                text.push_str(", crosses");
            }
            text.push_str(&format!("; {}", x.skill.describe()));
            content_entry(&x.id, &x.name, text)
        })
        .collect();
    let bosses: Vec<Value> = c
        .bosses
        .iter()
        .map(|x| {
            let skills: Vec<String> = x.skills.iter().map(|s| s.describe()).collect();
            content_entry(&x.id, &x.name, format!("life {}; skills: {}", x.life, skills.join("; ")))
        })
        .collect();
    let stages: Vec<Value> = c
        .stages
        .iter()
        .map(|x| {
            let boss = if x.boss { ", the boss card" } else { "" };
            content_entry(&x.id, &x.name, format!("stage {}{boss}, {}", x.stage, x.gimmick.describe()))
        })
        .collect();
    json!({ "characters": characters, "cards": cards, "enemies": enemies, "bosses": bosses, "stages": stages })
}
