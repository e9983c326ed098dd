//! The drawing data of `docs/viewer.md`.

use std::fmt::Write;

use crate::core::scene::{Board, Card as SceneCard, HexCell, Info, Piece, Player, Scene, Stat, Zone};
use crate::core::State;
use crate::games::tekken::content::{symbols_text, SpecialHex, MAX_DECK};
use crate::games::tekken::game::Tekken;
use crate::games::tekken::state::{Heat, Slot, TekkenState};
use crate::games::tekken::text::status;
use crate::hex::Hex;

/// A card as the viewer vocabulary draws it (`docs/viewer.md`).
fn card_json(game: &Tekken, card: crate::cards::CardId, tags: &[&str]) -> SceneCard {
    let c = game.content.card(card);
    let mut text = format!("{} {} {} · {}", c.height.name(), c.colour.name(), c.kind.name(), symbols_text(&c.symbols));
    for e in &c.extensions {
        let _ = write!(text, " · ext. {}: {}", e.height.name(), symbols_text(&e.symbols));
    }
    SceneCard::shown(&c.name, text, c.colour.name()).tags(tags.iter().copied()).into()
}

/// The back of a card the viewer may not see.
fn hidden_card() -> SceneCard {
    SceneCard::hidden(Vec::<String>::new())
}

/// The drawing data of `docs/viewer.md`: the stage as a hex board with both fighters facing
/// each other, HP and round wins as stats, and each fighter's slots, hand, deck, discard and
/// rage as zones, with only what `viewer` may see (`None`: everything).
pub(crate) fn view(s: &TekkenState, game: &Tekken, viewer: Option<usize>) -> serde_json::Value {
    let stage = game.stage();
    let o = &game.options;
    let sees = |p: usize| viewer.is_none_or(|v| v == p);
    let side = usize::from(s.floor.side);
    let cells: Vec<HexCell> = stage
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
            HexCell { q: h.q, r: h.r, terrain, label }
        })
        .collect();
    // Fighters always face each other: the facing is the screen angle towards the opponent,
    // in sixths of a turn clockwise from east (the `hex::Direction` numbering).
    let pixel = |h: Hex| (3f64.sqrt() * (f64::from(h.q) + f64::from(h.r) / 2.0), 1.5 * f64::from(h.r));
    let pieces: Vec<Piece> = (0..2)
        .map(|p| {
            let (me, them) = (pixel(s.fighters[p].pos), pixel(s.fighters[1 - p].pos));
            let angle = (them.1 - me.1).atan2(them.0 - me.0).to_degrees().rem_euclid(360.0);
            let facing = (angle / 60.0 * 100.0).round() / 100.0;
            let f = &s.fighters[p];
            Piece {
                q: f.pos.q,
                r: f.pos.r,
                player: p,
                label: format!("P{p}"),
                name: game.character(p).name.clone(),
                facing,
                value: None,
                tags: if f.knocked_down { vec!["knocked down".into()] } else { vec![] },
            }
        })
        .collect();
    let players: Vec<Player> = (0..2)
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
            Player::new(p, &game.character(p).name, tags)
                .stat(Stat::new("hp", "HP", f.hp).max(o.hp))
                .stat(Stat::new("wins", "Rounds", s.wins[p]).max(o.rounds_to_win))
        })
        .collect();
    let mut zones = Vec::new();
    for p in 0..2 {
        let f = &s.fighters[p];
        let ch = game.character(p);
        let slots: Vec<SceneCard> = f.slots[..game.slot_limit()]
            .iter()
            .map(|slot| match *slot {
                Slot::Empty => SceneCard::empty(),
                Slot::Stun => SceneCard::shown("STUN", "", "").tags(["stun"]).into(),
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
                        SceneCard::hidden(tags)
                    }
                }
            })
            .collect();
        zones.push(Zone::of(p, "slots", "Combo slots", slots));
        let hand: Vec<SceneCard> =
            f.hand.iter().map(|c| if sees(p) { card_json(game, c, &[]) } else { hidden_card() }).collect();
        zones.push(Zone::of(p, "hand", "Hand", hand));
        let rage = match f.rage {
            Some(r) if f.rage_revealed || sees(p) => {
                let card = &ch.rage[usize::from(r)];
                let mut tags = vec![if f.rage_revealed { "revealed" } else { "secret" }];
                if f.rage_used {
                    tags.push("used");
                }
                vec![SceneCard::shown(&card.name, symbols_text(&card.symbols), "rage").tags(tags).into()]
            }
            Some(_) => vec![SceneCard::hidden(["secret"])],
            None => vec![],
        };
        zones.push(Zone::of(p, "rage", "Rage", rage));
        // The character board is printed and public: its combos and both rage cards, so a
        // player can read a rage card before choosing it and the opponent's combos.
        let board: Vec<SceneCard> = ch
            .combos
            .iter()
            .map(|k| {
                let text = format!("combo · {}: {}", k.condition.text(), symbols_text(&k.symbols));
                SceneCard::shown(&k.name, text, "combo").tags(["combo"]).into()
            })
            .chain(ch.rage.iter().map(|r| {
                let text = format!("rage card · {}", symbols_text(&r.symbols));
                SceneCard::shown(&r.name, text, "rage").tags(["rage card"]).into()
            }))
            .collect();
        let count = board.len();
        zones.push(Zone::of(p, "board", "Character board", board).pile(count));
        // A discard pile's order is never used (TK-13.1: shuffled before it is drawn again): by card.
        let mut discard: arrayvec::ArrayVec<_, MAX_DECK> = f.discard.iter().collect();
        discard.sort_unstable();
        let discard: Vec<SceneCard> = discard.into_iter().map(|c| card_json(game, c, &[])).collect();
        zones.push(Zone::of(p, "discard", "Discard", discard));
        // The deck's order is hidden from both players; the spectator sees it.
        let deck: Vec<SceneCard> = match viewer {
            None => f.deck.iter().map(|c| card_json(game, c, &[])).collect(),
            Some(_) => vec![],
        };
        zones.push(Zone::of(p, "deck", "Deck", deck).pile(f.deck.len()));
    }
    let mut info = vec![Info::new("Round", s.round.to_string()), Info::new("Strings", s.strings_text(game))];
    if stage.floor_break.is_some() {
        let breaks = s.floor.breaks_shown();
        info.push(Info::new(
            "Floor tokens",
            format!(
                "{} break, {} blank face up, {} face down",
                breaks,
                usize::from(s.floor.flipped) - breaks,
                6 - usize::from(s.floor.flipped)
            ),
        ));
    }
    let status = status(s, game);
    let side_name = if side == 0 { "front" } else { "back" };
    let title = format!("{} ({side_name} side) · round {} · wins {}-{}", stage.name, s.round, s.wins[0], s.wins[1]);
    let mut scene = Scene::new(title, status, s.current_player());
    scene.result = s.result.map(|r| match r {
        [1, _] => format!("P0 {} wins the match", game.character(0).name),
        [_, 1] => format!("P1 {} wins the match", game.character(1).name),
        _ => "The match is a draw".to_string(),
    });
    scene.players = players;
    scene.board = Some(Board::Hex { cells, pieces });
    scene.zones = zones;
    scene.info = info;
    scene.into_json()
}
