//! The drawing data of `docs/viewer.md`.

use crate::cards::CardId;
use crate::core::scene::{
    Board, Card as SceneCard, Graph, GraphNode, HexCell, Info, Piece, Player, Scene, Shown, Stat, Zone as SceneZone,
};
use crate::core::State;
use crate::games::senjutsu::content::{cell_name, words, Card, CardType, Instant, Op, Timing, Zone};
use crate::games::senjutsu::game::Senjutsu;
use crate::games::senjutsu::state::SenjutsuState;

/// One action of a card as drawing data (`docs/viewer.md`, "Senjutsu card faces"): hexes are
/// axial, relative to a samurai at (0, 0) facing east (direction 0), as the card language reads.
fn op_face(op: &Op) -> serde_json::Value {
    use serde_json::json;
    let dirs = |mask: u8| (0..6).filter(|i| mask & (1 << i) != 0).collect::<Vec<u8>>();
    match op {
        Op::Move { n, dirs: d, forced, opponent } => {
            json!({"op": "move", "n": n, "dirs": dirs(*d), "forced": forced, "opponent": opponent})
        }
        Op::Rotate { n, opponent } => json!({"op": "rotate", "n": n, "opponent": opponent}),
        Op::Attack { cells, bleed, stun, push } => json!({"op": "attack", "bleed": bleed, "stun": stun, "push": push,
            "cells": cells.iter().map(|(h, w)| json!({"q": h.q, "r": h.r, "name": cell_name(*h), "wounds": w})).collect::<Vec<_>>()}),
        Op::Defend { cells, evade } => json!({"op": "defend", "evade": evade,
            "cells": cells.iter().map(|h| json!({"q": h.q, "r": h.r, "name": cell_name(*h)})).collect::<Vec<_>>()}),
        Op::Kamae { n } => json!({"op": "kamae", "n": n}),
        Op::Advantage => json!({"op": "advantage"}),
        Op::Draw { n } => json!({"op": "draw", "n": n}),
        Op::Choose(options) => json!({"op": "choose", "options": options.iter().map(op_face).collect::<Vec<_>>()}),
    }
}

/// A card's face as drawing data: type, initiative (one value or two), instant and zone
/// conditions, each part with its timing and actions, and the kamae bonus lines.
fn face(k: &Card) -> serde_json::Value {
    use serde_json::json;
    let parts: Vec<serde_json::Value> = k
        .parts
        .iter()
        .map(|p| {
            let timing = match p.timing {
                Timing::Card => json!("card"),
                Timing::Same => json!("="),
                Timing::At(x) => json!(x),
            };
            json!({"timing": timing, "ops": p.ops.iter().map(op_face).collect::<Vec<_>>()})
        })
        .collect();
    let bonus: Vec<serde_json::Value> = k
        .bonus
        .iter()
        .map(|(z, ops)| json!({"zone": z.name(), "ops": ops.iter().map(op_face).collect::<Vec<_>>(), "text": ops.iter().map(Op::text).collect::<Vec<_>>().join("; ")}))
        .collect();
    let instant = match k.instant {
        Instant::None => None,
        Instant::Replace => Some("replace"),
        Instant::Add => Some("add"),
    };
    json!({"layout": "senjutsu", "type": k.ty.name(), "rank": k.rank, "number": k.number, "initiative": k.initiative, "instant": instant,
        "requires": k.requires.map(Zone::name), "parts": parts, "bonus": bonus})
}
/// The drawing data of `docs/viewer.md` for one viewpoint: the battlefield with each samurai
/// (facing, wounds), consoles as stats, and the cards as zones, hiding exactly what
/// `determinized` resamples for that viewer.
pub(crate) fn view(state: &SenjutsuState, game: &Senjutsu, viewer: Option<usize>) -> serde_json::Value {
    let c = &game.content;
    let n = game.n();
    let bf = game.battlefield();
    let board = &bf.board;
    let card = |x: CardId, tags: Vec<&str>| -> Shown {
        let k = c.card(x);
        let color = match k.ty {
            CardType::Attack => "red",
            CardType::Defense => "blue",
            CardType::Meditation => "green",
            CardType::Core => "yellow",
            CardType::Stun => "rage",
        };
        SceneCard::shown(&k.name, &k.text, color).words(k.words()).tags(tags).face(face(k))
    };
    let back = |tags: Vec<&str>| SceneCard::hidden(tags);
    let sees = |p: usize| viewer.is_none_or(|v| v == p);
    let public_in_hand = |x: CardId| matches!(c.card(x).ty, CardType::Core | CardType::Stun);
    let mut cells = Vec::new();
    for &h in board.cells() {
        let terrain = match bf.terrain.iter().find(|t| t.0 == h).map(|t| t.1) {
            Some('T') => "forest",
            Some('~') => "water",
            Some(_) => "blocked",
            None => "open",
        };
        let label = if bf.starts.contains(&h) { "S" } else { "" };
        cells.push(HexCell { q: h.q, r: h.r, terrain, label: label.into() });
    }
    let mut pieces = Vec::new();
    let mut players = Vec::new();
    let mut zones = Vec::new();
    for (p, s) in state.samurai.iter().enumerate() {
        let sam = game.samurai(p);
        let node = &sam.tree.nodes[usize::from(s.kamae)];
        let kamae = format!("{} kamae ({})", words(&node.0), node.1.name());
        if s.placed && !s.defeated {
            pieces.push(Piece {
                q: s.pos.q,
                r: s.pos.r,
                player: p,
                label: format!("P{p}"),
                name: sam.name.clone(),
                facing: f64::from(s.facing.index()),
                value: Some(i64::from(s.wounds)),
                tags: vec![kamae.clone()],
            });
        }
        let mut tags = vec![format!("team {}", game.teams[p]), kamae];
        if s.defeated {
            tags.push("defeated".into());
        }
        // The kamae tree as printed (SJ-3.4, SJ-9): its stances by zone, the branches, and
        // the ring on the current one.
        let tree = &sam.tree;
        let links: Vec<[usize; 2]> = (0..tree.nodes.len())
            .flat_map(|a| {
                (a + 1..tree.nodes.len()).filter(move |&b| tree.links[a] & (1 << b) != 0).map(move |b| [a, b])
            })
            .collect();
        let nodes: Vec<GraphNode> = tree
            .nodes
            .iter()
            .enumerate()
            .map(|(i, (key, zone))| GraphNode {
                label: words(key),
                group: zone.name(),
                current: i == usize::from(s.kamae),
            })
            .collect();
        let mut player = Player::new(p, &sam.name, tags)
            .stat(Stat::new("wounds", "Wounds", s.wounds).max(sam.wound_limit))
            .stat(Stat::new("bleeding", "Bleeding", s.bleeding))
            .stat(Stat::new("stuns", "Stun cards", s.public_stuns(game) as i64).max(sam.hand_limit))
            .stat(Stat::new("advantage", "Advantage", state.advantage_rank(p) as i64 + 1));
        player.graph = Some(Graph { title: "Kamae tree", nodes, links });
        players.push(player);
        // Others see card backs, then the public stun and core cards (in card order, so the
        // hand's order tells nothing); while the selection is face down, backs only (SJ-13.3).
        let shown = |x: CardId| sees(p) || (public_in_hand(x) && !s.face_down());
        let mut held: Vec<CardId> = s.hand.iter().collect();
        if !sees(p) {
            held.sort_unstable_by_key(|&x| (shown(x), x));
        }
        // What the card's own rules say about when it cannot be chosen (the terminal's "why not"
        // line, shown for a held card that is not among the choices), for its holder.
        let why_not = |x: CardId| -> Option<String> {
            let k = c.card(x);
            if k.ty == CardType::Stun {
                return Some(
                    "a stun card: it leaves the hand only when selected face down, as if it were an ability card (SJ-11.2)"
                        .into(),
                );
            }
            if k.instant != Instant::None {
                return Some("an instant: played onto a revealed card, never selected (SJ-12, SJX-6)".into());
            }
            k.requires.filter(|&z| z != node.1).map(|z| {
                format!(
                    "selectable only in the {} kamae zone; the samurai is in {} (SJ-9.3, SJX-15)",
                    z.name(),
                    node.1.name()
                )
            })
        };
        let hand: Vec<SceneCard> = held
            .into_iter()
            .map(|x| match shown(x) {
                false => back(vec![]),
                true => card(x, vec![]).why_not(sees(p).then(|| why_not(x)).flatten()).into(),
            })
            .collect();
        zones.push(SceneZone::of(p, "hand", "Hand", hand));
        let mut play = Vec::new();
        if let Some(x) = s.played {
            if sees(p) || s.revealed {
                play.push(card(x, if s.revealed { vec![] } else { vec!["face down"] }).into());
            } else {
                play.push(back(vec!["face down"]));
            }
        }
        if let Some(x) = s.instant {
            play.push(card(x, vec!["instant"]).into());
        }
        for x in s.evades.iter() {
            play.push(card(x, vec!["evade"]).into());
        }
        zones.push(SceneZone::of(p, "selected", "In play", play));
        let discard: Vec<SceneCard> = s.discard.iter().map(|x| card(x, vec![]).into()).collect();
        zones.push(SceneZone::of(p, "discard", "Discard", discard));
        let hidden: Vec<SceneCard> = s
            .hidden
            .iter()
            .map(|x| if sees(p) { card(x, vec!["face down"]).into() } else { back(vec!["face down"]) })
            .collect();
        zones.push(SceneZone::of(p, "hidden", "Face-down discards", hidden));
        let deck: Vec<SceneCard> =
            if viewer.is_none() { s.deck.iter().map(|x| card(x, vec![]).into()).collect() } else { Vec::new() };
        zones.push(SceneZone::of(p, "deck", "Deck", deck).pile(s.deck.len()));
    }
    let mut scene =
        Scene::new(format!("{} · round {}", bf.name, state.round), state.status(game), state.current_player());
    scene.result = state.result.map(|r| {
        let winners: Vec<usize> = (0..n).filter(|&p| r[p] > 0).collect();
        match winners.as_slice() {
            [] => "a draw: the last samurai fell together".to_string(),
            [w] => format!("P{w} {} wins", game.samurai(*w).name),
            ws => format!(
                "P{} wins with {}",
                ws[0],
                ws[1..].iter().map(|w| format!("P{w}")).collect::<Vec<_>>().join(", ")
            ),
        }
    });
    let adv: Vec<String> = state.advantage.iter().map(|p| format!("P{p}")).collect();
    let pending: Vec<String> = state
        .items
        .iter()
        .filter(|it| !it.done)
        .map(|it| format!("P{} {} @{}", it.player, c.card(it.card).name, it.init))
        .collect();
    scene.players = players;
    scene.board = Some(Board::Hex { cells, pieces });
    scene.zones = zones;
    scene.info = vec![
        Info::new("Advantage", adv.join(" > ")),
        Info::new(
            "Supplies",
            format!("wounds {}, bleeding {}, stun {}", state.supply[0], state.supply[1], state.supply[2]),
        ),
        Info::new("Pending", if pending.is_empty() { "-".to_string() } else { pending.join(", ") }),
    ];
    scene.into_json()
}
