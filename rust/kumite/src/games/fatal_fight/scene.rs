//! The drawing data of `docs/viewer.md`.

use serde_json::json;

use crate::cards::CardId;
use crate::core::{count, State};
use crate::games::fatal_fight::content::Kind;
use crate::games::fatal_fight::state::*;
use crate::games::fatal_fight::FatalFight;

/// The drawing data of `docs/viewer.md`: the 3 × 3 board as a grid (lines are rows, areas
/// columns) holding the fighters and the enemy groups, life and gold as stats, and each
/// player's cards as zones, with only what `viewer` may see (`None`: everything).
pub(crate) fn view(state: &FatalFightState, game: &FatalFight, viewer: Option<usize>) -> serde_json::Value {
    let c = &game.content;
    let n = game.n();
    let sees = |p: usize| viewer.is_none_or(|v| v == p);
    let card = |x: CardId| {
        let k = c.card(x);
        let color = match k.kind {
            Kind::Common => "common",
            Kind::Unique => "unique",
            _ => "starter",
        };
        json!({ "name": k.name, "text": k.describe(), "color": color })
    };
    let cards = |xs: &[CardId]| xs.iter().map(|&x| card(x)).collect::<Vec<_>>();
    let hidden = |k: usize| vec![json!({ "hidden": true }); k];
    let mut cells = Vec::new();
    for line in 0..3u8 {
        for area in 0..3u8 {
            let sq = area * 3 + line;
            let mut items = Vec::new();
            for p in 0..n {
                let pl = &state.players[p];
                if pl.square == sq {
                    let mut tags = Vec::new();
                    if pl.down {
                        tags.push("down");
                    }
                    if pl.immune {
                        tags.push("saved");
                    }
                    items.push(
                        json!({ "kind": "fighter", "player": p, "label": format!("P{p} {}", game.character(p).name),
                        "value": pl.life, "tags": tags }),
                    );
                }
            }
            for (g, grp) in state.groups.iter().enumerate() {
                if group_area(g) != area || group_line(g) != line {
                    continue;
                }
                for (i, e) in grp.iter().enumerate() {
                    let head = if i == 0 { vec!["head"] } else { vec![] };
                    let item = if e == BOSS {
                        let b = &c.bosses[usize::from(state.stage.min(3))];
                        json!({ "kind": "boss", "label": b.name, "value": b.life, "group": format!("Group {}", g + 1), "tags": head })
                    } else {
                        let en = c.enemy(e);
                        json!({ "kind": "enemy", "label": en.name, "value": en.life, "group": format!("Group {}", g + 1),
                            "text": format!("life {} guard {}", en.life, en.guard), "tags": head })
                    };
                    items.push(item);
                }
                if state.mass[g] > 0 {
                    items.push(json!({ "kind": "marker", "label": format!("mass damage {}", state.mass[g]), "group": format!("Group {}", g + 1) }));
                }
            }
            cells.push(json!({ "row": line, "col": area, "label": square_name(sq), "items": items }));
        }
    }
    let leader = usize::from(state.leader());
    let players: Vec<serde_json::Value> = (0..n)
        .map(|p| {
            let pl = &state.players[p];
            let ch = game.character(p);
            let mut tags = Vec::new();
            if pl.down {
                tags.push("DOWN".to_string());
            }
            if pl.immune {
                tags.push("saved".into());
            }
            if p == leader {
                tags.push("leader".into());
            }
            if pl.special_ready {
                tags.push("special ready".into());
            }
            json!({
                "id": p, "name": ch.name,
                "stats": [
                    { "key": "life", "label": "Life", "value": pl.life, "max": ch.life },
                    { "key": "gp", "label": "GP", "value": pl.gp, "max": 5 },
                    { "key": "gold", "label": "Gold", "value": pl.gold },
                    { "key": "actions", "label": "Actions", "value": pl.actions, "max": ch.actions },
                    { "key": "moves", "label": "Free moves", "value": pl.moves },
                ],
                "tags": tags,
            })
        })
        .collect();
    let mut zones = Vec::new();
    for p in 0..n {
        let pl = &state.players[p];
        let own = sees(p);
        let zone = |id: &str, name: &str, cards: Vec<serde_json::Value>| json!({ "id": format!("p{p}.{id}"), "name": name, "owner": p, "cards": cards });
        zones.push(zone("hand", "Hand", if own { cards(pl.hand.as_slice()) } else { hidden(pl.hand.len()) }));
        zones.push(zone("played", "Played", cards(pl.played.as_slice())));
        zones.push(zone(
            "facedown",
            "Face down",
            if own { cards(pl.facedown.as_slice()) } else { hidden(pl.facedown.len()) },
        ));
        zones.push(zone("items", "Items", cards(pl.carried.as_slice())));
        let discard = if own { cards(pl.discard.as_slice()) } else { pl.discarded_in_view().map(card).collect() };
        zones.push(json!({ "id": format!("p{p}.discard"), "name": "Discard", "owner": p, "count": pl.discard.len(),
            "layout": "pile", "cards": discard }));
        let deck = if viewer.is_none() { cards(pl.deck.as_slice()) } else { vec![] };
        zones.push(json!({ "id": format!("p{p}.deck"), "name": "Deck", "owner": p, "count": pl.deck.len(),
            "layout": "pile", "cards": deck }));
    }
    let uniques: Vec<serde_json::Value> =
        state.unique_row.iter().map(|x| x.map_or_else(|| json!({ "empty": true }), card)).collect();
    zones.push(json!({ "id": "uniques", "name": "Unique cards", "cards": uniques }));
    let shop: Vec<serde_json::Value> = (0..c.cards.len())
        .filter(|&t| state.shop.0[t] > 0)
        .map(|t| {
            let k = &c.cards[t];
            json!({ "name": k.name, "text": format!("{} · cost {} · {} left", k.describe(), k.cost, state.shop.0[t]), "color": "common" })
        })
        .collect();
    zones.push(json!({ "id": "shop", "name": "Shop", "cards": shop }));
    if state.boss_present || state.stage < 4 {
        let b = &c.bosses[usize::from(state.stage.min(3))];
        // From the top; a skill whose place the viewer has not seen is marked (FF-12.3).
        let skills: Vec<serde_json::Value> = state
            .boss_order(viewer)
            .into_iter()
            .map(|(k, seen)| {
                let text = if seen { format!("{} skill", b.name) } else { format!("{} skill, place unseen", b.name) };
                json!({ "name": b.skills[usize::from(k)].describe(), "text": text, "color": "boss" })
            })
            .collect();
        zones.push(json!({ "id": "boss", "name": format!("Boss {} skills", b.name), "cards": skills }));
    }
    let mut info = vec![
        json!({ "label": "Stage", "value": format!("{} of 4", (state.stage + 1).min(4)) }),
        json!({ "label": "Round", "value": match game.options.stage_rounds {
            Some(limit) => format!("{}/{limit}", state.round),
            None => state.round.to_string(),
        } }),
        json!({ "label": "Team gold", "value": format!("{} (earned {})", state.pool, state.earned) }),
        json!({ "label": "Enemy pile", "value": state.enemy_pile.len().to_string() }),
    ];
    if let Some(i) = state.current_stage_card {
        let sc = &c.stages[usize::from(i)];
        info.push(json!({ "label": "Stage card", "value": format!("{} ({})", sc.name, sc.gimmick.describe()) }));
    }
    let ch = state.chain;
    if ch.hits > 0 {
        let mut chain = format!("AP {}, {}", ch.ap, count(usize::from(ch.hits), "hit"));
        for (on, word) in [(ch.area, " area"), (ch.pierce, " pierce"), (ch.launch, " launch")] {
            if on {
                chain.push_str(word);
            }
        }
        info.push(json!({ "label": "Chain", "value": chain }));
    }
    let status = match state.phase {
        Phase::Shop { player } => format!("P{player} shops"),
        Phase::Turn { player } => format!("P{player}'s turn"),
        Phase::Combination { player } => format!("P{player} may join P{}'s chain", state.chain_owner),
        Phase::Pay { player, left, .. } => format!("P{player} plays {left} more card(s) face down"),
        Phase::MassDamage { group } => format!("the team assigns group {}'s mass damage", group + 1),
        Phase::Over => "the game is over".into(),
    };
    let result = state.result.map(|won| {
        if won {
            format!("The team wins (score {})", state.score)
        } else {
            "The team loses".to_string()
        }
    });
    json!({
        "kind": "scene",
        "title": format!("Fatal Fight · stage {} · round {}", (state.stage + 1).min(4), state.round),
        "status": status,
        "to_move": state.current_player(),
        "result": result,
        "players": players,
        "board": {
            "type": "grid",
            "rows": LINE_NAMES, "cols": AREA_NAMES,
            "cells": cells,
        },
        "zones": zones,
        "info": info,
    })
}
