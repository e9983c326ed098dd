//! What players see: the observation vector (layout in `docs/rules/tekken.md`), the
//! information-state string, and the text drawing of the stage.

use std::fmt::Write;

use serde_json::json;

use crate::core::{count, flag, ObsWriter};
use crate::games::tekken::content::{symbols_text, SpecialHex, MAX_COMBOS, MAX_DECK};
use crate::games::tekken::state::{Heat, Means, Phase, Slot, TekkenState};
use crate::games::tekken::Tekken;
use crate::hex::Hex;

/// Per slot: empty, stun, face-down unknown, then the card's index among its owner's cards.
const SLOT_FEATURES: usize = 3 + MAX_DECK;
const SCALARS: usize = 21;
const PHASES: usize = 6;
const RAGE_FEATURES: usize = 5;
const RESOLVE_FEATURES: usize = 1 + MAX_COMBOS + 4 + 1 + 4;
/// Without the round timer the strings feature reads 0.5 after this many strings.
const STRINGS_HALF: f32 = 16.0;

/// Counts per distinct card (hand, discard) reach the deck capacity; the rest is in 0..=1.
pub const OBSERVATION_BOUNDS: (f32, f32) = (0.0, MAX_DECK as f32);

pub fn observation_len(game: &Tekken) -> usize {
    let cells = game.stage().board.len();
    4 * cells
        + SCALARS
        + PHASES
        + 1
        + MAX_DECK
        + 3
        + 2 * MAX_DECK
        + 2 * 4 * SLOT_FEATURES
        + 2 * RAGE_FEATURES
        + RESOLVE_FEATURES
}

impl TekkenState {
    pub(crate) fn write_observation(&self, game: &Tekken, me: usize, out: &mut [f32]) {
        let opp = 1 - me;
        let board = &game.stage().board;
        let o = &game.options;
        let mut w = ObsWriter::new(out);
        w.section("my position then the opponent's, one-hot over the stage's cells");
        for p in [me, opp] {
            w.one_hot(board.len(), board.index_of(self.fighters[p].pos).map(usize::from));
        }
        let side = usize::from(self.floor.side);
        w.section("per cell: cracked on the side up, then marked red (the back's cracks, shown on the front, TK-10.5)");
        for &h in board.cells() {
            w.flag(game.stage().is_cracked(side, h));
        }
        for &h in board.cells() {
            w.flag(game.stage().red_marked(side, h));
        }
        let hp = f32::from(o.hp);
        let rtw = f32::from(o.rounds_to_win);
        w.section(
            "me then the opponent: HP, wins, punish tokens, cannot punish, knocked down, heat ready/active/spent",
        );
        for p in [me, opp] {
            let f = &self.fighters[p];
            w.values([
                f32::from(f.hp) / hp,
                f32::from(self.wins[p]) / rtw,
                f32::from(f.punish_tokens.min(3)) / 3.0,
                flag(f.cannot_punish),
                flag(f.knocked_down),
                flag(o.heat && f.heat == Heat::Ready),
                flag(o.heat && f.heat == Heat::Active),
                flag(o.heat && f.heat == Heat::Spent),
            ]);
        }
        let breaks = self.floor.breaks_shown();
        w.section("I am the attacker, strings, floor side, breaks shown, blanks shown");
        w.values([
            flag(usize::from(self.attacker) == me),
            self.strings_feature(game),
            f32::from(self.floor.side),
            breaks as f32 / 3.0,
            (usize::from(self.floor.flipped) - breaks) as f32 / 3.0,
        ]);
        let phase = match self.phase {
            Phase::ChooseRage { .. } => 0,
            Phase::Prepare { prepared: false } => 1,
            Phase::Prepare { prepared: true } => 2,
            Phase::Guess => 3,
            Phase::Resolve => 4,
            Phase::Over => 5,
        };
        w.section("phase one-hot (choose rage, prepare, prepared, guess, resolve, over), I am to act");
        w.one_hot(PHASES, Some(phase));
        w.flag(self.current_player_index() == Some(me));
        // My hand by card; the opponent's hand only by size; decks by size; discards are public.
        let first = [game.first_card(me), game.first_card(opp)];
        w.section("my hand, per distinct card of mine");
        w.counts(MAX_DECK, self.fighters[me].hand.iter().map(|c| usize::from(c.0 - first[0])), 1.0);
        w.section("the opponent's hand size, my deck size, the opponent's deck size");
        w.values([
            self.fighters[opp].hand.len() as f32,
            self.fighters[me].deck.len() as f32 / MAX_DECK as f32,
            self.fighters[opp].deck.len() as f32 / MAX_DECK as f32,
        ]);
        w.section("discards per distinct card: mine, then the opponent's");
        for (k, p) in [me, opp].into_iter().enumerate() {
            w.counts(MAX_DECK, self.fighters[p].discard.iter().map(|c| usize::from(c.0 - first[k])), 1.0);
        }
        w.section("4 string slots each, mine then the opponent's: empty, stun, face down, card one-hot");
        for (k, p) in [me, opp].into_iter().enumerate() {
            for slot in self.fighters[p].slots {
                let i = match slot {
                    Slot::Empty => 0,
                    Slot::Stun => 1,
                    Slot::Card { revealed: false, .. } if p != me => 2,
                    Slot::Card { card, .. } => 3 + usize::from(card.0 - first[k]),
                };
                w.one_hot(SLOT_FEATURES, Some(i));
            }
        }
        w.section(
            "rage, mine then the opponent's: card one-hot (the opponent's once revealed), chosen, revealed, used",
        );
        for p in [me, opp] {
            let f = &self.fighters[p];
            let known = if p == me || f.rage_revealed { f.rage.map(usize::from) } else { None };
            w.one_hot(2, known);
            w.values([flag(f.rage.is_some()), flag(f.rage_revealed), flag(f.rage_used)]);
        }
        let s = &self.string;
        let in_resolve = self.phase == Phase::Resolve;
        w.section("resolution: card done, pending combos, means one-hot, extension connected, awaiting a move, combo symbols used");
        w.flag(in_resolve && s.card_done);
        for k in 0..MAX_COMBOS {
            w.flag(in_resolve && s.combos_pending & (1 << k) != 0);
        }
        let means = match s.means {
            _ if !in_resolve => None,
            Means::None => None,
            Means::Card { .. } => Some(0),
            Means::Combo { .. } => Some(1),
            Means::Rage { .. } => Some(2),
        };
        w.one_hot(3, means);
        let used = match s.means {
            Means::Combo { used, .. } if in_resolve => used,
            _ => 0,
        };
        w.values([
            flag(in_resolve && s.extension_from.is_some()),
            flag(in_resolve && s.awaiting_move),
            flag(used & 1 != 0),
            flag(used & 2 != 0),
            flag(used & 4 != 0),
            flag(used & 8 != 0),
        ]);
        w.finish();
    }

    /// The strings of this round as one feature in [0, 1]: the share of the timer used when the
    /// variant is on (TKX-3), else `s / (s + STRINGS_HALF)`, which grows towards 1 with every
    /// string.
    fn strings_feature(&self, game: &Tekken) -> f32 {
        let s = self.strings as f32;
        match game.options.round_strings {
            Some(limit) => s / f32::from(limit),
            None => s / (s + STRINGS_HALF),
        }
    }

    /// "12/30" with the round timer, "12" without.
    fn strings_text(&self, game: &Tekken) -> String {
        match game.options.round_strings {
            Some(limit) => format!("{}/{limit}", self.strings),
            None => self.strings.to_string(),
        }
    }

    pub(crate) fn current_player_index(&self) -> Option<usize> {
        match self.phase {
            Phase::Over => None,
            Phase::ChooseRage { player } => Some(usize::from(player)),
            Phase::Guess => Some(self.defender()),
            Phase::Prepare { .. } | Phase::Resolve => Some(usize::from(self.attacker)),
        }
    }

    /// The public drawing, plus `viewer`'s private cards when given (`None`: public only).
    pub(crate) fn describe(&self, game: &Tekken, viewer: Option<usize>) -> String {
        let mut s = String::new();
        let stage = game.stage();
        let o = &game.options;
        let side = if self.floor.side == 0 { "front" } else { "back" };
        let _ = writeln!(
            s,
            "{} ({} side) | round {} | wins {}-{} | string {}",
            stage.name,
            side,
            self.round,
            self.wins[0],
            self.wins[1],
            self.strings_text(game)
        );
        let board = stage.board.render(|h: Hex| {
            if h == self.fighters[0].pos {
                ['P', '0']
            } else if h == self.fighters[1].pos {
                ['P', '1']
            } else if stage.board.is_blocked(h) {
                ['#', '#']
            } else if stage.special(h).is_some() {
                ['!', '!']
            } else {
                let side = usize::from(self.floor.side);
                match (stage.is_cracked(side, h), stage.red_marked(side, h)) {
                    (true, true) => ['~', 'r'],
                    (true, false) => ['~', '~'],
                    (false, true) => ['r', 'r'],
                    (false, false) => [' ', ' '],
                }
            }
        });
        s.push_str(&board);
        if stage.floor_break.is_some() {
            s.push_str(if self.floor.side == 0 {
                "~~ cracked, rr marked red: cracked on the back side, plain floor until the flip\n"
            } else {
                "~~ cracked\n"
            });
            let breaks = self.floor.breaks_shown();
            let _ = writeln!(
                s,
                "floor tokens: {} break, {} blank face up, {} face down",
                breaks,
                usize::from(self.floor.flipped) - breaks,
                6 - usize::from(self.floor.flipped)
            );
        }
        for p in 0..2 {
            let f = &self.fighters[p];
            let ch = game.character(p);
            let role = if usize::from(self.attacker) == p { "attacker" } else { "defender" };
            let bar = "#".repeat(usize::from(f.hp)) + &".".repeat(usize::from(o.hp - f.hp));
            let _ = writeln!(s, "P{p} {} [{role}] HP {:>2} {bar}", ch.name, f.hp);
            let slots: Vec<String> = f.slots[..game.slot_limit()]
                .iter()
                .map(|slot| match *slot {
                    Slot::Empty => "[   ]".into(),
                    Slot::Stun => "[STUN]".into(),
                    Slot::Card { card, revealed, .. } if revealed || viewer == Some(p) => {
                        let c = game.content.card(card);
                        format!(
                            "[{} {} {}{}]",
                            c.name,
                            c.height.name(),
                            c.colour.name(),
                            if revealed { "" } else { ", face down" }
                        )
                    }
                    Slot::Card { .. } => "[face down]".into(),
                })
                .collect();
            // Without the heat rule (TK-12) there is no heat token to show.
            let heat = match f.heat {
                _ if !o.heat => "",
                Heat::Ready => " | heat ready",
                Heat::Active => " | heat ACTIVE",
                Heat::Spent => " | heat spent",
            };
            let mut flags = Vec::new();
            if f.knocked_down {
                flags.push("knocked down".to_string());
            }
            if f.punish_tokens > 0 {
                flags.push(format!("punish tokens {}", f.punish_tokens));
            }
            if f.cannot_punish {
                flags.push("cannot punish next attack".into());
            }
            let rage = match (f.rage, f.rage_revealed || viewer == Some(p)) {
                (Some(r), true) => format!(
                    "{}{}{}",
                    ch.rage[usize::from(r)].name,
                    if f.rage_revealed { " (revealed)" } else { " (secret)" },
                    if f.rage_used { ", used" } else { "" }
                ),
                (Some(_), false) => "chosen, hidden".into(),
                (None, _) => "not chosen".into(),
            };
            let _ = writeln!(
                s,
                "   slots {}{heat} | rage {rage}{}{}",
                slots.join(" "),
                if flags.is_empty() { "" } else { " | " },
                flags.join(", ")
            );
            let discard: Vec<&str> = f.discard.iter().map(|c| game.content.card(c).name.as_str()).collect();
            let _ = writeln!(
                s,
                "   hand {}, deck {}, discard [{}]",
                count(f.hand.len(), "card"),
                f.deck.len(),
                discard.join(", ")
            );
        }
        if let Some(v) = viewer {
            let hand: Vec<String> = self.fighters[v]
                .hand
                .iter()
                .map(|c| {
                    let c = game.content.card(c);
                    format!("{} ({} {})", c.name, c.height.name(), c.colour.name())
                })
                .collect();
            let _ = writeln!(s, "P{v} hand: {}", hand.join("; "));
        }
        let att = self.attacker;
        let phase = match self.phase {
            Phase::ChooseRage { player } => format!("P{player} to choose a rage card in secret"),
            Phase::Prepare { prepared: false } => {
                let heat = if o.heat { ", heat" } else { "" };
                format!("P{att} to prepare (stance change, dash{heat}) or play a card")
            }
            Phase::Prepare { prepared: true } => format!("P{att} to play a card"),
            Phase::Guess => format!("P{} to guess the height of the face-down card", self.defender()),
            Phase::Resolve if self.string.awaiting_move => format!("P{att} to choose where to move"),
            Phase::Resolve => match self.string.means {
                Means::Combo { combo, .. } => {
                    format!(
                        "P{att} to resolve the symbols of {}",
                        game.character(usize::from(att)).combos[usize::from(combo)].name
                    )
                }
                _ => format!("P{att} to choose the next means (card, combo, rage)"),
            },
            Phase::Over => "the match is over".into(),
        };
        let _ = write!(s, "{phase}");
        if self.phase == Phase::Resolve {
            s.push_str(&self.resolution_text(game));
        }
        s.push('\n');
        s
    }

    /// Where the resolution of the current card stands: everything that decides what the
    /// attacker may do next, so the information state tells such positions apart.
    fn resolution_text(&self, game: &Tekken) -> String {
        let att = usize::from(self.attacker);
        let ch = game.character(att);
        let st = &self.string;
        let mut parts = vec![if st.card_done { "card resolved".to_string() } else { "card to resolve".into() }];
        let pending: Vec<&str> = (0..ch.combos.len())
            .filter(|&k| st.combos_pending & (1 << k) != 0)
            .map(|k| ch.combos[k].name.as_str())
            .collect();
        if !pending.is_empty() {
            parts.push(format!("combos pending: {}", pending.join(", ")));
        }
        if self.rage_available() {
            parts.push("rage available".into());
        }
        match st.means {
            Means::Card { next } => parts.push(format!("card symbol {}", next + 1)),
            Means::Rage { next } => parts.push(format!("rage symbol {}", next + 1)),
            Means::Combo { combo, used } => {
                let symbols = &ch.combos[usize::from(combo)].symbols;
                let left: Vec<String> =
                    (0..symbols.len()).filter(|&i| used & (1 << i) == 0).map(|i| symbols[i].to_string()).collect();
                parts.push(format!("combo symbols left: {}", left.join(", ")));
            }
            Means::None => {}
        }
        if st.extension_from.is_some() {
            parts.push("extension connected".into());
        }
        format!(" ({})", parts.join("; "))
    }
}

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

impl TekkenState {
    /// The drawing data of `docs/viewer.md`: the stage as a hex board with both fighters facing
    /// each other, HP and round wins as stats, and each fighter's slots, hand, deck, discard and
    /// rage as zones, with only what `viewer` may see (`None`: everything).
    pub(crate) fn scene(&self, game: &Tekken, viewer: Option<usize>) -> serde_json::Value {
        let stage = game.stage();
        let o = &game.options;
        let sees = |p: usize| viewer.is_none_or(|v| v == p);
        let side = usize::from(self.floor.side);
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
                let (me, them) = (pixel(self.fighters[p].pos), pixel(self.fighters[1 - p].pos));
                let angle = (them.1 - me.1).atan2(them.0 - me.0).to_degrees().rem_euclid(360.0);
                let facing = (angle / 60.0 * 100.0).round() / 100.0;
                let f = &self.fighters[p];
                json!({
                    "q": f.pos.q, "r": f.pos.r, "player": p, "label": format!("P{p}"),
                    "name": game.character(p).name, "facing": facing,
                    "tags": if f.knocked_down { vec!["knocked down"] } else { vec![] },
                })
            })
            .collect();
        let players: Vec<serde_json::Value> = (0..2)
            .map(|p| {
                let f = &self.fighters[p];
                let mut tags = vec![if usize::from(self.attacker) == p { "attacker" } else { "defender" }.to_string()];
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
                        { "key": "wins", "label": "Rounds", "value": self.wins[p], "max": o.rounds_to_win },
                    ],
                    "tags": tags,
                })
            })
            .collect();
        let mut zones = Vec::new();
        for p in 0..2 {
            let f = &self.fighters[p];
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
                    vec![
                        json!({ "name": card.name, "text": symbols_text(&card.symbols), "color": "rage", "tags": tags }),
                    ]
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
                .map(|k| json!({ "name": k.name, "text": format!("combo · {}: {}", k.condition.text(), symbols_text(&k.symbols)),
                    "color": "combo", "tags": ["combo"] }))
                .chain(ch.rage.iter().map(|r| json!({ "name": r.name, "text": format!("rage card · {}", symbols_text(&r.symbols)),
                    "color": "rage", "tags": ["rage card"] })))
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
            json!({ "label": "Round", "value": self.round.to_string() }),
            json!({ "label": "Strings", "value": self.strings_text(game) }),
        ];
        if stage.floor_break.is_some() {
            let breaks = self.floor.breaks_shown();
            info.push(json!({ "label": "Floor tokens", "value": format!("{} break, {} blank face up, {} face down",
                breaks, usize::from(self.floor.flipped) - breaks, 6 - usize::from(self.floor.flipped)) }));
        }
        let result = self.result.map(|r| match r {
            [1, _] => format!("P0 {} wins the match", game.character(0).name),
            [_, 1] => format!("P1 {} wins the match", game.character(1).name),
            _ => "The match is a draw".to_string(),
        });
        let text = self.describe(game, viewer);
        let status = text.lines().last().unwrap_or("").to_string();
        json!({
            "kind": "scene",
            "title": format!("{} ({} side) · round {} · wins {}-{}", stage.name,
                if side == 0 { "front" } else { "back" }, self.round, self.wins[0], self.wins[1]),
            "status": status,
            "to_move": self.current_player_index(),
            "result": result,
            "players": players,
            "board": { "type": "hex", "cells": cells, "pieces": pieces },
            "zones": zones,
            "info": info,
        })
    }
}
