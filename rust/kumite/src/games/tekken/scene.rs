//! The drawing data of `docs/viewer.md`.

use std::fmt::Write;

use serde_json::json;

use crate::core::State;
use crate::games::tekken::content::{symbols_text, SpecialHex};
use crate::games::tekken::state::{Heat, Slot, TekkenState};
use crate::games::tekken::text::information;
use crate::games::tekken::Tekken;
use crate::hex::Hex;

/// A card as the viewer vocabulary draws it (`docs/viewer.md`).
fn card_json(game: &Tekken, card: crate::cards::CardId, tags: &[&str]) -> serde_json::Value {
    let c = game.content.card(card);
    let mut text = format!("{} {} {} · {}", c.height.name(), c.colour.name(), c.kind.name(), symbols_text(&c.symbols));
    for e in &c.extensions {
        let _ = write!(text, " · ext. {}: {}", e.height.name(), symbols_text(&e.symbols));
    }
    json!({ "name": c.name, "text": text, "color": c.colour.name(), "tags": tags })
}

/// The back of a card the viewer may not see.
fn hidden_card() -> serde_json::Value {
    json!({ "hidden": true })
}

impl TekkenState {}

/// The drawing data of `docs/viewer.md`: the stage as a hex board with both fighters facing
/// each other, HP and round wins as stats, and each fighter's slots, hand, deck, discard and
/// rage as zones, with only what `viewer` may see (`None`: everything).
pub(crate) fn view(s: &TekkenState, game: &Tekken, viewer: Option<usize>) -> serde_json::Value {
    let stage = game.stage();
    let o = &game.options;
    let sees = |p: usize| viewer.is_none_or(|v| v == p);
    let side = usize::from(s.floor.side);
    let cells: Vec<serde_json::Value> = stage
        .board
        .cells()
        .iter()
        .map(|&h| {
            let (terrain, label) = if stage.board.is_blocked(h) {
                ("blocked", String::new())
            } else if let Some(SpecialHex::Hazard(d)) = stage.special(h) {
                ("hazard", format!("-{d}"))
            } else if stage.is_cracked(side, h) && stage.red_marked(side, h) {
                ("cracked_red", String::new())
            } else if stage.is_cracked(side, h) {
                ("cracked", String::new())
            } else if stage.red_marked(side, h) {
                ("red_mark", String::new())
            } else {
                ("open", String::new())
            };
            json!({ "q": h.q, "r": h.r, "terrain": terrain, "label": label })
        })
        .collect();
    // Fighters always face each other: the facing is the screen angle towards the opponent,
    // in sixths of a turn clockwise from east (the `hex::Direction` numbering).
    let pixel = |h: Hex| (3f64.sqrt() * (f64::from(h.q) + f64::from(h.r) / 2.0), 1.5 * f64::from(h.r));
    let pieces: Vec<serde_json::Value> = (0..2)
        .map(|p| {
            let (me, them) = (pixel(s.fighters[p].pos), pixel(s.fighters[1 - p].pos));
            let angle = (them.1 - me.1).atan2(them.0 - me.0).to_degrees().rem_euclid(360.0);
            let facing = (angle / 60.0 * 100.0).round() / 100.0;
            let f = &s.fighters[p];
            json!({
                "q": f.pos.q, "r": f.pos.r, "player": p, "label": format!("P{p}"),
                "name": game.character(p).name, "facing": facing,
                "tags": if f.knocked_down { vec!["knocked down"] } else { vec![] },
            })
        })
        .collect();
    let players: Vec<serde_json::Value> = (0..2)
        .map(|p| {
            let f = &s.fighters[p];
            let mut tags = vec![if usize::from(s.attacker) == p { "attacker" } else { "defender" }.to_string()];
            if f.knocked_down {
                tags.push("knocked down".into());
            }
            if o.heat {
                tags.push(
                    match f.heat {
                        Heat::Ready => "heat ready",
                        Heat::Active => "HEAT ACTIVE",
                        Heat::Spent => "heat spent",
                    }
                    .into(),
                );
            }
            if f.punish_tokens > 0 {
                tags.push(format!("punish tokens {}", f.punish_tokens));
            }
            if f.cannot_punish {
                tags.push("cannot punish".into());
            }
            json!({
                "id": p, "name": game.character(p).name,
                "stats": [
                    { "key": "hp", "label": "HP", "value": f.hp, "max": o.hp },
                    { "key": "wins", "label": "Rounds", "value": s.wins[p], "max": o.rounds_to_win },
                ],
                "tags": tags,
            })
        })
        .collect();
    let mut zones = Vec::new();
    for p in 0..2 {
        let f = &s.fighters[p];
        let ch = game.character(p);
        let slots: Vec<serde_json::Value> = f.slots[..game.slot_limit()]
            .iter()
            .map(|slot| match *slot {
                Slot::Empty => json!({ "empty": true }),
                Slot::Stun => json!({ "name": "STUN", "tags": ["stun"] }),
                Slot::Card { card, revealed, unpunishable } => {
                    let mut tags = Vec::new();
                    if !revealed {
                        tags.push("face down");
                    }
                    if unpunishable {
                        tags.push("unpunishable");
                    }
                    if revealed || sees(p) {
                        card_json(game, card, &tags)
                    } else {
                        json!({ "hidden": true, "tags": tags })
                    }
                }
            })
            .collect();
        zones.push(json!({ "id": format!("p{p}.slots"), "name": "Combo slots", "owner": p, "cards": slots }));
        let hand: Vec<serde_json::Value> =
            f.hand.iter().map(|c| if sees(p) { card_json(game, c, &[]) } else { hidden_card() }).collect();
        zones.push(json!({ "id": format!("p{p}.hand"), "name": "Hand", "owner": p, "cards": hand }));
        let rage = match f.rage {
            Some(r) if f.rage_revealed || sees(p) => {
                let card = &ch.rage[usize::from(r)];
                let mut tags = vec![if f.rage_revealed { "revealed" } else { "secret" }];
                if f.rage_used {
                    tags.push("used");
                }
                vec![json!({ "name": card.name, "text": symbols_text(&card.symbols), "color": "rage", "tags": tags })]
            }
            Some(_) => vec![json!({ "hidden": true, "tags": ["secret"] })],
            None => vec![],
        };
        zones.push(json!({ "id": format!("p{p}.rage"), "name": "Rage", "owner": p, "cards": rage }));
        // The character board is printed and public: its combos and both rage cards, so a
        // player can read a rage card before choosing it and the opponent's combos.
        let board: Vec<serde_json::Value> = ch
            .combos
            .iter()
            .map(|k| {
                json!({ "name": k.name, "text": format!("combo · {}: {}", k.condition.text(), symbols_text(&k.symbols)),
                "color": "combo", "tags": ["combo"] })
            })
            .chain(ch.rage.iter().map(|r| {
                json!({ "name": r.name, "text": format!("rage card · {}", symbols_text(&r.symbols)),
                "color": "rage", "tags": ["rage card"] })
            }))
            .collect();
        zones.push(json!({ "id": format!("p{p}.board"), "name": "Character board", "owner": p, "layout": "pile",
            "count": board.len(), "cards": board }));
        let discard: Vec<serde_json::Value> = f.discard.iter().map(|c| card_json(game, c, &[])).collect();
        zones.push(json!({ "id": format!("p{p}.discard"), "name": "Discard", "owner": p, "cards": discard }));
        // The deck's order is hidden from both players; the spectator sees it.
        let deck: Vec<serde_json::Value> = match viewer {
            None => f.deck.iter().map(|c| card_json(game, c, &[])).collect(),
            Some(_) => vec![],
        };
        zones.push(json!({ "id": format!("p{p}.deck"), "name": "Deck", "owner": p, "count": f.deck.len(), "layout": "pile", "cards": deck }));
    }
    let mut info = vec![
        json!({ "label": "Round", "value": s.round.to_string() }),
        json!({ "label": "Strings", "value": s.strings_text(game) }),
    ];
    if stage.floor_break.is_some() {
        let breaks = s.floor.breaks_shown();
        info.push(json!({ "label": "Floor tokens", "value": format!("{} break, {} blank face up, {} face down",
            breaks, usize::from(s.floor.flipped) - breaks, 6 - usize::from(s.floor.flipped)) }));
    }
    let result = s.result.map(|r| match r {
        [1, _] => format!("P0 {} wins the match", game.character(0).name),
        [_, 1] => format!("P1 {} wins the match", game.character(1).name),
        _ => "The match is a draw".to_string(),
    });
    let text = information(s, game, viewer);
    let status = text.lines().last().unwrap_or("").to_string();
    json!({
        "kind": "scene",
        "title": format!("{} ({} side) · round {} · wins {}-{}", stage.name,
            if side == 0 { "front" } else { "back" }, s.round, s.wins[0], s.wins[1]),
        "status": status,
        "to_move": s.current_player(),
        "result": result,
        "players": players,
        "board": { "type": "hex", "cells": cells, "pieces": pieces },
        "zones": zones,
        "info": info,
    })
}
