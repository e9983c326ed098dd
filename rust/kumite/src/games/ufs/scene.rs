//! The drawing data of `docs/viewer.md`.

use crate::cards::CardId;
use crate::core::scene::{Card as SceneCard, Info, Player, Scene, Stat, Zone};
use crate::core::State;
use crate::games::ufs::content::{Card, Kind};
use crate::games::ufs::game::Ufs;
use crate::games::ufs::state::*;
use crate::games::ufs::text::turn_text;

/// A card's face as drawing data (`docs/viewer.md`, "UFS card faces"): difficulty, control,
/// the resource symbols, the attack and block icons, character numbers, and the abilities in
/// the card's own words.
fn face(k: &Card) -> serde_json::Value {
    use serde_json::json;
    let character = (k.kind == Kind::Character).then(|| json!({"vitality": k.vitality, "hand_size": k.hand_size}));
    json!({"layout": "ufs", "kind": k.kind.name(), "difficulty": k.difficulty, "control": k.control,
        "symbols": k.symbols.iter().map(|s| s.name()).collect::<Vec<_>>(),
        "attack": k.attack.map(|a| json!({"speed": a.speed, "zone": a.zone.name(), "damage": a.damage})),
        "block": k.block.map(|b| json!({"modifier": b.modifier, "zone": b.zone.name()})),
        "character": character, "unique": k.unique, "traits": k.traits, "breaker": k.breaker,
        "abilities": k.abilities.iter().map(|a| a.text()).collect::<Vec<_>>()})
}

/// The drawing data of `docs/viewer.md` for one viewpoint: no board; each player's
/// vitality and momentum, and the cards as zones (character row, staging area, card pool,
/// hand, momentum, discard, removed, deck), hiding exactly what `determinize` resamples.
pub(crate) fn view(state: &UfsState, game: &Ufs, viewer: Option<usize>) -> serde_json::Value {
    let c = &game.content;
    let card = |id: CardId, tags: Vec<&str>| -> SceneCard {
        let k = c.card(id);
        let color = match k.kind {
            Kind::Character => "yellow",
            Kind::Foundation => "green",
            Kind::Asset => "blue",
            Kind::Attack => "red",
            Kind::Action => "common",
        };
        SceneCard::shown(&k.name, &game.texts[usize::from(id.0)], color)
            .words(k.words())
            .tags(tags)
            .face(face(k))
            .into()
    };
    let back = || SceneCard::hidden(Vec::<String>::new());
    let slots = |row: &[Slot]| -> Vec<SceneCard> {
        row.iter()
            .map(|x| {
                let mut tags = Vec::new();
                if x.committed() {
                    tags.push("committed");
                }
                if x.face_down() {
                    tags.push("face down");
                }
                if x.damaged() {
                    tags.push("dealt damage");
                }
                card(x.card, tags)
            })
            .collect()
    };
    let mut players = Vec::new();
    let mut zones = Vec::new();
    for (p, side) in state.sides.iter().enumerate() {
        let sees = viewer.is_none_or(|v| v == p);
        let name = side.character().as_slice().first().map_or("—", |x| c.card(x.card).name.as_str());
        let mut tags = Vec::new();
        if usize::from(state.active) == p {
            tags.push("turn player");
        }
        if usize::from(state.first) == p {
            tags.push("played first");
        }
        players.push(
            Player::new(p, name, tags)
                .stat(Stat::new("vitality", "Vitality", side.vitality).max(game.max_vitality(p)))
                .stat(Stat::new("momentum", "Momentum", side.momentum().len() as i64))
                .stat(Stat::new("hand", "Hand", side.hand().len() as i64))
                .stat(Stat::new("deck", "Deck", side.deck().len() as i64)),
        );
        let hand: Vec<SceneCard> = side.hand().iter().map(|x| if sees { card(x, vec![]) } else { back() }).collect();
        let momentum: Vec<SceneCard> = side.momentum().iter().map(|x| card(x, vec!["momentum"])).collect();
        let discard: Vec<SceneCard> = side.discard().iter().map(|x| card(x, vec![])).collect();
        let removed: Vec<SceneCard> = side.removed().iter().map(|x| card(x, vec!["removed"])).collect();
        let mulliganed: Vec<SceneCard> =
            side.mulliganed().iter().map(|x| if sees { card(x, vec!["removed"]) } else { back() }).collect();
        let deck: Vec<SceneCard> =
            if viewer.is_none() { side.deck().iter().map(|x| card(x, vec![])).collect() } else { Vec::new() };
        for (id, label, cards) in [
            ("character", "Character", slots(side.character().as_slice())),
            ("staging", "Staging area", slots(side.staging().as_slice())),
            ("card_pool", "Card pool", slots(side.pool().as_slice())),
            ("hand", "Hand", hand),
            ("momentum", "Momentum", momentum),
            ("discard", "Discard", discard),
            ("removed", "Removed from the game", removed),
            ("mulliganed", "Mulliganed", mulliganed),
        ] {
            zones.push(Zone::of(p, id, label, cards));
        }
        zones.push(Zone::of(p, "deck", "Deck", deck).pile(side.deck().len()));
    }
    let mut attack = Vec::new();
    let mut info = vec![Info::new("Turn", turn_text(state.turn, game))];
    if let Some(a) = state.attack {
        let atk = &state.sides[usize::from(state.active)];
        if let Some(x) = atk.pool().as_slice().get(usize::from(a.slot)) {
            attack.push(card(x.card, vec!["attack"]));
        }
        if let Some(b) =
            a.block.and_then(|b| state.sides[1 - usize::from(state.active)].pool().as_slice().get(usize::from(b)))
        {
            attack.push(card(b.card, vec!["block"]));
        }
        info.push(Info::new(
            "Attack",
            format!(
                "speed {}, damage {}, {} zone{}",
                a.speed,
                a.damage,
                a.zone.name(),
                if a.block.is_some() { ", blocked" } else { "" }
            ),
        ));
    }
    zones.push(Zone::table("attack", "Attack in progress", attack));
    if let Some(k) = state.check {
        info.push(Info::new(
            "Check",
            format!(
                "P{}: difficulty {}, control {} (turned over {})",
                k.player,
                k.need,
                k.have,
                c.card(k.flipped).name
            ),
        ));
    }
    let mut scene = Scene::new(
        format!("Universal Fighting System · turn {}", state.turn),
        state.phase_text(),
        state.current_player(),
    );
    scene.result = state.result.map(|r| match r {
        [1, _] => format!("P0 {} wins", players[0].name),
        [_, 1] => format!("P1 {} wins", players[1].name),
        _ => "a draw".to_string(),
    });
    scene.players = players;
    scene.zones = zones;
    scene.info = info;
    scene.into_json()
}
