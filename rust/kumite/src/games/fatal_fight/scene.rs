//! The drawing data of `docs/viewer.md`.

use crate::cards::CardId;
use crate::core::scene::{Board, Card as SceneCard, GridCell, GridItem, Info, Player, Scene, Stat, Zone};
use crate::core::{count, State};
use crate::games::fatal_fight::content::Kind;
use crate::games::fatal_fight::game::FatalFight;
use crate::games::fatal_fight::state::*;

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
        SceneCard::from(SceneCard::shown(&k.name, k.describe(), color))
    };
    let cards = |xs: &[CardId]| xs.iter().map(|&x| card(x)).collect::<Vec<_>>();
    let hidden = |k: usize| vec![SceneCard::hidden(Vec::<String>::new()); k];
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
                    items.push(GridItem {
                        kind: "fighter",
                        player: Some(p),
                        label: format!("P{p} {}", game.character(p).name),
                        value: Some(i64::from(pl.life)),
                        group: None,
                        text: String::new(),
                        tags: tags.into_iter().map(String::from).collect(),
                    });
                }
            }
            for (g, grp) in state.groups.iter().enumerate() {
                if group_area(g) != area || group_line(g) != line {
                    continue;
                }
                for (i, e) in grp.iter().enumerate() {
                    let tags = if i == 0 { vec!["head".to_string()] } else { vec![] };
                    let group = Some(format!("Group {}", g + 1));
                    items.push(if e == BOSS {
                        let b = &c.bosses[usize::from(state.stage.min(3))];
                        let (label, value) = (b.name.clone(), Some(i64::from(b.life)));
                        GridItem { kind: "boss", player: None, label, value, group, text: String::new(), tags }
                    } else {
                        let en = c.enemy(e);
                        let text = format!("life {} guard {}", en.life, en.guard);
                        let (label, value) = (en.name.clone(), Some(i64::from(en.life)));
                        GridItem { kind: "enemy", player: None, label, value, group, text, tags }
                    });
                }
                if state.mass[g] > 0 {
                    items.push(GridItem {
                        kind: "marker",
                        player: None,
                        label: format!("mass damage {}", state.mass[g]),
                        value: None,
                        group: Some(format!("Group {}", g + 1)),
                        text: String::new(),
                        tags: Vec::new(),
                    });
                }
            }
            cells.push(GridCell { row: line, col: area, label: square_name(sq).to_string(), items });
        }
    }
    let leader = usize::from(state.leader());
    let players: Vec<Player> = (0..n)
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
            Player::new(p, &ch.name, tags)
                .stat(Stat::new("life", "Life", pl.life).max(ch.life))
                .stat(Stat::new("gp", "GP", pl.gp).max(5))
                .stat(Stat::new("gold", "Gold", pl.gold))
                .stat(Stat::new("actions", "Actions", pl.actions).max(ch.actions))
                .stat(Stat::new("moves", "Free moves", pl.moves))
        })
        .collect();
    let mut zones = Vec::new();
    for p in 0..n {
        let pl = &state.players[p];
        let own = sees(p);
        let zone = |id: &str, name: &str, cards: Vec<SceneCard>| Zone::of(p, id, name, cards);
        zones.push(zone("hand", "Hand", if own { cards(pl.hand.as_slice()) } else { hidden(pl.hand.len()) }));
        zones.push(zone("played", "Played", cards(pl.played.as_slice())));
        zones.push(zone(
            "facedown",
            "Face down",
            if own { cards(pl.facedown.as_slice()) } else { hidden(pl.facedown.len()) },
        ));
        zones.push(zone("items", "Items", cards(pl.carried.as_slice())));
        let discard = if own { cards(pl.discard.as_slice()) } else { pl.discarded_in_view().map(card).collect() };
        zones.push(zone("discard", "Discard", discard).pile(pl.discard.len()));
        let deck = if viewer.is_none() { cards(pl.deck.as_slice()) } else { vec![] };
        zones.push(zone("deck", "Deck", deck).pile(pl.deck.len()));
    }
    let uniques: Vec<SceneCard> = state.unique_row.iter().map(|x| x.map_or_else(SceneCard::empty, card)).collect();
    zones.push(Zone::table("uniques", "Unique cards", uniques));
    let shop: Vec<SceneCard> = (0..c.cards.len())
        .filter(|&t| state.shop.0[t] > 0)
        .map(|t| {
            let k = &c.cards[t];
            let text = format!("{} · cost {} · {} left", k.describe(), k.cost, state.shop.0[t]);
            SceneCard::shown(&k.name, text, "common").into()
        })
        .collect();
    zones.push(Zone::table("shop", "Shop", shop));
    if state.boss_present || state.stage < 4 {
        let b = &c.bosses[usize::from(state.stage.min(3))];
        // From the top; a skill whose place the viewer has not seen is marked (FF-12.3).
        let skills: Vec<SceneCard> = state
            .boss_order(viewer)
            .into_iter()
            .map(|(k, seen)| {
                let text = if seen { format!("{} skill", b.name) } else { format!("{} skill, place unseen", b.name) };
                SceneCard::shown(b.skills[usize::from(k)].describe(), text, "boss").into()
            })
            .collect();
        zones.push(Zone::table("boss", format!("Boss {} skills", b.name), skills));
    }
    let round = match game.options.stage_rounds {
        Some(limit) => format!("{}/{limit}", state.round),
        None => state.round.to_string(),
    };
    let mut info = vec![
        Info::new("Stage", format!("{} of 4", (state.stage + 1).min(4))),
        Info::new("Round", round),
        Info::new("Team gold", format!("{} (earned {})", state.pool, state.earned)),
        Info::new("Enemy pile", state.enemy_pile.len().to_string()),
    ];
    if let Some(i) = state.current_stage_card {
        let sc = &c.stages[usize::from(i)];
        info.push(Info::new("Stage card", format!("{} ({})", sc.name, sc.gimmick.describe())));
    }
    let ch = state.chain;
    if ch.hits > 0 {
        let mut chain = format!("AP {}, {}", ch.ap, count(usize::from(ch.hits), "hit"));
        for (on, word) in [(ch.area, " area"), (ch.pierce, " pierce"), (ch.launch, " launch")] {
            if on {
                chain.push_str(word);
            }
        }
        info.push(Info::new("Chain", chain));
    }
    let status = match state.phase {
        Phase::Shop { player } => format!("P{player} shops"),
        Phase::Turn { player } => format!("P{player}'s turn"),
        Phase::Combination { player } => format!("P{player} may join P{}'s chain", state.chain_owner),
        Phase::Pay { player, left, .. } => format!("P{player} plays {left} more card(s) face down"),
        Phase::MassDamage { group } => format!("the team assigns group {}'s mass damage", group + 1),
        Phase::Over => "the game is over".into(),
    };
    let title = format!("Fatal Fight · stage {} · round {}", (state.stage + 1).min(4), state.round);
    let mut scene = Scene::new(title, status, state.current_player());
    scene.result = state.result.map(|won| {
        if won {
            format!("The team wins (score {})", state.score)
        } else {
            "The team loses".to_string()
        }
    });
    scene.players = players;
    scene.board = Some(Board::Grid { rows: LINE_NAMES.to_vec(), cols: AREA_NAMES.to_vec(), cells });
    scene.zones = zones;
    scene.info = info;
    scene.into_json()
}
