//! What players see: the observation vector (layout in `docs/rules/ufs.md`), the
//! information-state string, and the text drawing of the table.

use std::fmt::Write;

use crate::cards::CardId;
use crate::core::{flag, ObsWriter};
use crate::games::ufs::content::{Card, Kind, Zone, MAX_DECK};
use crate::games::ufs::state::{Phase, Slot, UfsState, MAX_CHARS};
use crate::games::ufs::Ufs;

const SCALARS: usize = 14;
const CARD_BLOCKS: usize = 2 + 2 * 8;
const GLOBAL: usize = 8 + 3 + 1 + 7 + 4 + 1;

/// Hand sizes are scaled by this (a hand above it reads above 1, within the bounds).
const HAND_SCALE: f32 = 12.0;
/// Card pools likewise: a pool holds a whole deck (`MAX_POOL`), but seldom more than 8 cards.
const POOL_SCALE: f32 = 16.0;

/// The widest features: the attack's speed and damage / 10 (an `i8`, lowered by effects) and
/// counts per card, at most a deck's capacity.
pub const OBSERVATION_BOUNDS: (f32, f32) = (i8::MIN as f32 / 10.0, MAX_DECK as f32);

pub fn observation_len(game: &Ufs) -> usize {
    2 * SCALARS + CARD_BLOCKS * game.universe.len() + GLOBAL
}

/// Turns played, in [0, 1]: the share of the limit under the turn-limit variant; without a
/// limit (the seed's game) `t / (t + 20)`, a half at turn 20 (about a random game's length).
fn turn_feature(turn: u32, max_turns: Option<u16>) -> f32 {
    let t = turn as f32;
    match max_turns {
        Some(m) => t / f32::from(m),
        None => t / (t + TURN_SCALE),
    }
}

const TURN_SCALE: f32 = 20.0;

fn zone_index(z: Zone) -> usize {
    z as usize
}

impl UfsState {
    pub(crate) fn write_observation(&self, game: &Ufs, me: usize, out: &mut [f32]) {
        let u = game.universe.len();
        let idx = |c: crate::cards::CardId| game.universe_index(c);
        let mut w = ObsWriter::new(out);
        for (k, p) in [me, 1 - me].into_iter().enumerate() {
            w.section(
                ["my counters (vitality, zones' sizes, check bonuses, desperation)", "the opponent's counters"][k],
            );
            let s = &self.sides[p];
            let max = f32::from(game.max_vitality(p).max(1));
            w.values([
                f32::from(s.vitality) / max,
                max / 40.0,
                s.hand.len() as f32 / HAND_SCALE,
                s.deck.len() as f32 / MAX_DECK as f32,
                s.discard.len() as f32 / MAX_DECK as f32,
                s.removed.len() as f32 / MAX_DECK as f32,
                s.momentum.len() as f32 / 10.0,
                flag(s.character_committed()),
                (s.character.len() - 1) as f32 / MAX_CHARS as f32,
                s.pool.len() as f32 / POOL_SCALE,
                f32::from(s.control_bonus) / 9.0,
                f32::from(s.breaker) / 9.0,
                s.mulliganed.len() as f32 / HAND_SCALE,
                flag(self.desperate(game, p)),
            ]);
        }
        let mine = &self.sides[me];
        w.section("my hand, per card of the universe");
        w.counts(u, mine.hand.iter().map(idx), 1.0);
        w.section("my mulliganed cards, per card");
        w.counts(u, mine.mulliganed.iter().map(idx), 1.0);
        for (k, p) in [me, 1 - me].into_iter().enumerate() {
            let s = &self.sides[p];
            w.section(
                ["my discard, removed and momentum, per card", "the opponent's discard, removed and momentum"][k],
            );
            w.counts(u, s.discard.iter().map(idx), 1.0);
            w.counts(u, s.removed.iter().map(idx), 1.0);
            w.counts(u, s.momentum.iter().map(idx), 1.0);
            // Staging in one pass, not one filtered pass per block: the block is picked by
            // arithmetic, since a branch on each card's flags mispredicts.
            w.section(["my staging area: face up, committed, face down, per card", "the opponent's staging area"][k]);
            let staging = w.span(3 * u);
            for x in s.staging.as_slice() {
                let (block, i) = (if x.face_down() { 2 } else { usize::from(x.committed()) }, idx(x.card));
                if i < u {
                    staging[block * u + i] += 1.0;
                }
            }
            w.section(
                [
                    "my card pool, per card, then its rightmost card",
                    "the opponent's card pool, then its rightmost card",
                ][k],
            );
            w.counts(u, s.pool.cards().map(idx), 1.0);
            // The rightmost pool card: what Combo reads next.
            w.one_hot(u, s.pool.as_slice().last().map(|x| idx(x.card)));
        }
        let phase = match self.phase {
            Phase::Mulligan { .. } => 0,
            Phase::Review => 1,
            Phase::Combat => 2,
            Phase::Enhance { .. } => 3,
            Phase::Block => 4,
            Phase::Check => 5,
            Phase::Momentum => 6,
            Phase::Over => 7,
        };
        w.section("phase one-hot (mulligan, review, combat, enhance, block, check, momentum, over)");
        w.one_hot(8, Some(phase));
        w.section("I am active, I am to act, I went first, turn");
        w.values([
            flag(usize::from(self.active) == me),
            flag(self.current_player_index() == Some(me)),
            flag(usize::from(self.first) == me),
            turn_feature(self.turn, game.options.max_turns),
        ]);
        w.section("the attack: present, speed, damage, zone one-hot, blocked");
        match self.attack {
            Some(a) => {
                w.flag(true);
                w.put(f32::from(a.speed) / 10.0);
                w.put(f32::from(a.damage) / 10.0);
                w.one_hot(3, Some(zone_index(a.zone)));
                w.flag(a.block.is_some());
            }
            None => w.skip(7),
        }
        w.section("the control check: present, mine, needed, reached");
        match self.check {
            Some(c) => {
                w.flag(true);
                w.flag(usize::from(c.player) == me);
                w.put(f32::from(c.need) / 20.0);
                w.put(f32::from(c.have) / 20.0);
            }
            None => w.skip(4),
        }
        w.section("enhance-step passes");
        w.put(match self.phase {
            Phase::Enhance { passes, .. } => f32::from(passes),
            _ => 0.0,
        });
        w.finish();
    }

    fn slot_text(game: &Ufs, x: &Slot) -> String {
        let mut t = game.content.card(x.card).name.clone();
        let mut marks = Vec::new();
        if x.committed() {
            marks.push("committed");
        }
        if x.face_down() {
            marks.push("face down");
        }
        if x.used_turn() {
            marks.push("used");
        }
        if x.used_attack() {
            marks.push("enhanced");
        }
        if x.damaged() {
            marks.push("dealt damage");
        }
        if !marks.is_empty() {
            t.push_str(&format!(" ({})", marks.join(", ")));
        }
        t
    }

    /// The public drawing, plus `viewer`'s private cards when given (`None`: public only).
    pub(crate) fn describe(&self, game: &Ufs, viewer: Option<usize>) -> String {
        let mut s = String::new();
        let names = |it: &mut dyn Iterator<Item = crate::cards::CardId>| -> String {
            it.map(|c| game.content.card(c).name.as_str()).collect::<Vec<_>>().join(", ")
        };
        let _ = writeln!(
            s,
            "UFS | turn {} | P{} to play first | P{} is the turn player",
            turn_text(self.turn, game),
            self.first,
            self.active
        );
        for p in 0..2 {
            let side = &self.sides[p];
            let ch: Vec<String> = side.character.as_slice().iter().map(|x| Self::slot_text(game, x)).collect();
            let _ = writeln!(
                s,
                "P{p} {} | vitality {}/{} | hand {} | deck {} | momentum {} | removed {} | mulliganed {}",
                ch.join(" + "),
                side.vitality,
                game.max_vitality(p),
                side.hand.len(),
                side.deck.len(),
                side.momentum.len(),
                side.removed.len(),
                side.mulliganed.len()
            );
            let st: Vec<String> = side.staging.as_slice().iter().map(|x| Self::slot_text(game, x)).collect();
            let _ = writeln!(s, "   staging [{}]", st.join("; "));
            let pool: Vec<String> = side.pool.as_slice().iter().map(|x| Self::slot_text(game, x)).collect();
            let _ = writeln!(s, "   pool [{}]", pool.join("; "));
            let _ = writeln!(s, "   discard (bottom to top) [{}]", names(&mut side.discard.iter()));
            if !side.removed.is_empty() {
                let _ = writeln!(s, "   removed [{}]", names(&mut side.removed.iter()));
            }
            if !side.momentum.is_empty() {
                let _ = writeln!(s, "   momentum [{}]", names(&mut side.momentum.iter()));
            }
            if side.control_bonus > 0 || side.breaker > 0 {
                let _ = writeln!(
                    s,
                    "   next check +{} | next card difficulty +{} (breaker)",
                    side.control_bonus, side.breaker
                );
            }
            let _ =
                writeln!(s, "   {}", if side.mulligan_done { "mulligan decided" } else { "mulligan not decided yet" });
        }
        if let Some(v) = viewer {
            let side = &self.sides[v];
            let _ = writeln!(s, "P{v} hand: {}", names(&mut side.hand.iter()));
            if !side.mulliganed.is_empty() {
                let _ = writeln!(s, "P{v} mulliganed: {}", names(&mut side.mulliganed.iter()));
            }
        }
        if let Some(a) = self.attack {
            let _ = writeln!(
                s,
                "attack: {} speed {} damage {} zone {}{}",
                game.content.card(self.sides[usize::from(self.active)].pool.as_slice()[usize::from(a.slot)].card).name,
                a.speed,
                a.damage,
                a.zone.name(),
                if a.block.is_some() { " (blocked)" } else { "" }
            );
        }
        if let Some(c) = self.check {
            let _ = writeln!(
                s,
                "check by P{}: difficulty {}, control {} (turned over {})",
                c.player,
                c.need,
                c.have,
                game.content.card(c.flipped).name
            );
        }
        let phase = self.phase_text();
        let _ = writeln!(s, "{phase}");
        s
    }
}

/// The turn number, and the limit when the turn-limit variant is on.
fn turn_text(turn: u32, game: &Ufs) -> String {
    match game.options.max_turns {
        Some(m) => format!("{turn} of at most {m}"),
        None => turn.to_string(),
    }
}

impl UfsState {
    /// What happens next, in one line.
    fn phase_text(&self) -> String {
        match self.phase {
            Phase::Mulligan { player } => format!("P{player} to mulligan or keep"),
            Phase::Review => format!("P{} may discard a card (review step)", self.active),
            Phase::Combat => format!("P{} in the combat phase", self.active),
            Phase::Enhance { priority, passes } => format!("enhance step: P{priority} to act ({passes} pass in a row)"),
            Phase::Block => format!("block step: P{} to block or not", 1 - self.active),
            Phase::Check => "check: commit cards or accept the failure".into(),
            Phase::Momentum => format!("end phase: P{} chooses momentum", self.active),
            Phase::Over => match self.result {
                Some([1, _]) => "over: P0 wins".into(),
                Some([_, 1]) => "over: P1 wins".into(),
                _ => "over: draw".into(),
            },
        }
    }

    /// The drawing data of `docs/viewer.md` for one viewpoint: no board; each player's
    /// vitality and momentum, and the cards as zones (character row, staging area, card pool,
    /// hand, momentum, discard, removed, deck), hiding exactly what `determinized` resamples.
    pub fn scene(&self, game: &Ufs, viewer: Option<usize>) -> serde_json::Value {
        use serde_json::{json, Value};
        let c = &game.content;
        let card = |id: CardId, tags: Vec<&str>| -> Value {
            let k = c.card(id);
            let color = match k.kind {
                Kind::Character => "yellow",
                Kind::Foundation => "green",
                Kind::Asset => "blue",
                Kind::Attack => "red",
                Kind::Action => "common",
            };
            json!({"name": k.name, "text": game.texts[usize::from(id.0)], "color": color, "tags": tags, "face": face(k)})
        };
        let back = || json!({"hidden": true});
        let slots = |row: &[Slot]| -> Vec<Value> {
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
        for (p, side) in self.sides.iter().enumerate() {
            let sees = viewer.is_none_or(|v| v == p);
            let name = side.character.as_slice().first().map_or("—", |x| c.card(x.card).name.as_str());
            let mut tags = Vec::new();
            if usize::from(self.active) == p {
                tags.push("turn player");
            }
            if usize::from(self.first) == p {
                tags.push("played first");
            }
            players.push(json!({"id": p, "name": name, "tags": tags, "stats": [
                {"key": "vitality", "label": "Vitality", "value": side.vitality, "max": game.max_vitality(p)},
                {"key": "momentum", "label": "Momentum", "value": side.momentum.len()},
                {"key": "hand", "label": "Hand", "value": side.hand.len()},
                {"key": "deck", "label": "Deck", "value": side.deck.len()},
            ]}));
            let hand: Vec<Value> = side.hand.iter().map(|x| if sees { card(x, vec![]) } else { back() }).collect();
            let momentum: Vec<Value> = side.momentum.iter().map(|x| card(x, vec!["momentum"])).collect();
            let discard: Vec<Value> = side.discard.iter().map(|x| card(x, vec![])).collect();
            let removed: Vec<Value> = side.removed.iter().map(|x| card(x, vec!["removed"])).collect();
            let mulliganed: Vec<Value> =
                side.mulliganed.iter().map(|x| if sees { card(x, vec!["removed"]) } else { back() }).collect();
            let deck: Vec<Value> =
                if viewer.is_none() { side.deck.iter().map(|x| card(x, vec![])).collect() } else { Vec::new() };
            for (id, label, cards) in [
                ("character", "Character", slots(side.character.as_slice())),
                ("staging", "Staging area", slots(side.staging.as_slice())),
                ("card_pool", "Card pool", slots(side.pool.as_slice())),
                ("hand", "Hand", hand),
                ("momentum", "Momentum", momentum),
                ("discard", "Discard", discard),
                ("removed", "Removed from the game", removed),
                ("mulliganed", "Mulliganed", mulliganed),
            ] {
                zones.push(json!({"id": format!("p{p}.{id}"), "name": label, "owner": p, "cards": cards}));
            }
            zones.push(json!({"id": format!("p{p}.deck"), "name": "Deck", "owner": p, "layout": "pile",
                "count": side.deck.len(), "cards": deck}));
        }
        let mut attack = Vec::new();
        let mut info = vec![json!({"label": "Turn", "value": turn_text(self.turn, game)})];
        if let Some(a) = self.attack {
            let atk = &self.sides[usize::from(self.active)];
            if let Some(x) = atk.pool.as_slice().get(usize::from(a.slot)) {
                attack.push(card(x.card, vec!["attack"]));
            }
            if let Some(b) =
                a.block.and_then(|b| self.sides[1 - usize::from(self.active)].pool.as_slice().get(usize::from(b)))
            {
                attack.push(card(b.card, vec!["block"]));
            }
            info.push(json!({"label": "Attack", "value": format!("speed {}, damage {}, {} zone{}", a.speed, a.damage, a.zone.name(),
                if a.block.is_some() { ", blocked" } else { "" })}));
        }
        zones.push(json!({"id": "attack", "name": "Attack in progress", "cards": attack}));
        if let Some(k) = self.check {
            info.push(json!({"label": "Check", "value": format!("P{}: difficulty {}, control {} (turned over {})",
                k.player, k.need, k.have, c.card(k.flipped).name)}));
        }
        let result = self.result.map(|r| match r {
            [1, _] => format!("P0 {} wins", players[0]["name"].as_str().unwrap_or_default()),
            [_, 1] => format!("P1 {} wins", players[1]["name"].as_str().unwrap_or_default()),
            _ => "a draw".to_string(),
        });
        json!({
            "kind": "scene",
            "title": format!("Universal Fighting System · turn {}", self.turn),
            "status": self.phase_text(),
            "to_move": self.current_player_index(),
            "result": result,
            "players": players,
            "zones": zones,
            "info": info,
        })
    }
}

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
