//! The content a campaign was built with (enemies, bosses and stages of the campaign in play), as `Game::content_listing` lists it (`kumite content
//! fatal_fight`).

use serde_json::{json, Value};

use crate::core::{content_entry, count, print_effects, PrintedEffect};
use crate::games::fatal_fight::content::{EnemySkill, Kind, Special, STAGES};
use crate::games::fatal_fight::game::FatalFight;

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
    let campaigns: Vec<Value> = c
        .campaigns
        .iter()
        .map(|(id, name)| {
            let text =
                if *id == c.campaign { "in play (the `campaign` option)" } else { "chosen by the `campaign` option" };
            content_entry(id, name, text.to_string())
        })
        .collect();
    json!({
        "characters": characters,
        "cards": cards,
        "campaigns": campaigns,
        "enemies": enemies,
        "bosses": bosses,
        "stages": stages,
    })
}

/// Every printed effect of the campaign: the text effects of every card in the game (the
/// starting decks in play, the shop and the uniques), each enemy's skill and each boss's skills.
pub fn printed_effects(game: &FatalFight) -> Vec<PrintedEffect> {
    let c = &game.content;
    let mut out = Vec::new();
    for (i, card) in c.cards.iter().enumerate() {
        if game.totals.0.get(i).is_some_and(|&n| n > 0) {
            print_effects(&mut out, &card.id, card.text.iter().map(|t| t.text()));
        }
    }
    for e in c.enemies.iter().filter(|e| e.skill != EnemySkill::None) {
        print_effects(&mut out, &format!("enemy {}", e.id), [e.skill.describe()]);
    }
    // A boss's pile holds its first three skills; the final boss's later ones only with
    // `final_boss_variant` (FF-0.4: earned gold moves the window towards the weaker end).
    for (stage, b) in c.bosses.iter().enumerate() {
        let in_play = if stage + 1 == STAGES && game.options.final_boss_variant { b.skills.len() } else { 3 };
        print_effects(&mut out, &format!("boss {}", b.id), b.skills.iter().take(in_play).map(|s| s.text()));
    }
    out
}
