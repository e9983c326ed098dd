//! What players see: observations, texts, scenes, secrets and determinization.

use super::*;

/// The observation (docs "## Observation (`observation.rs`)"): a public part with one seat block
/// per player in table order, the same for every viewer, then the viewer's private part.
#[test]
fn observation_public_in_table_order_then_private() {
    for (n, total) in [(2, 1_983), (3, 2_734), (4, 3_489)] {
        let g = game(json!({ "players": n }));
        let (c, k, nodes, starts) = (g.battlefield().board.len(), g.content.cards.len(), 4, 4);
        assert_eq!((c, k, g.battlefield().starts.len()), (68, 113, starts), "River Ford and the built-in cards");
        let seat = 73 + 2 * n + starts + 3 * c + nodes + 4 * k;
        let public = 13 + n * seat + 28 + 4 * n + k;
        assert_eq!(g.public_observation_len(), public);
        assert_eq!(public + 3 * k, total);
        assert_eq!(g.observation_shape(), vec![total]);
        let mut s = g.new_state(1);
        for p in 0..n {
            s.samurai[p].wounds = p as u8 + 1;
        }
        s.advantage.rotate_left(1);
        let viewer = 1;
        give(&g, &mut s, viewer, &["focus", "focus"]);
        let mut obs = vec![0.0; total];
        let mut public_of = vec![0.0; public];
        s.public_observation(&g, &mut public_of);
        for v in 0..n {
            s.observation(&g, v, &mut obs);
            assert_eq!(obs[..public], public_of[..], "the public part is every seat's");
        }
        s.observation(&g, viewer, &mut obs);
        for p in 0..n {
            let block = 13 + p * seat;
            assert_eq!(obs[block], 1.0, "seat block {p} present");
            let limit = f32::from(g.samurai(p).wound_limit);
            let wounds = block + 3 + n + starts + c + 6;
            assert_eq!(obs[wounds], (p + 1) as f32 / limit, "seat block {p} holds P{p}'s wounds");
            let rank = &obs[wounds + 8 + nodes + 4..][..n];
            assert_eq!(rank.iter().position(|&x| x == 1.0), Some(s.advantage_rank(p)), "P{p}'s advantage rank");
        }
        let hand = &obs[public..][..k];
        assert_eq!(hand[usize::from(id(&g, "focus").0)], 0.5, "the viewer's hand opens the private part");
        assert_eq!(hand.iter().sum::<f32>(), 0.75, "two Focus and the core card");
    }
}

#[test]
fn view_hides_face_down_cards_and_hands() {
    // SJ-13.3, SJX-19
    let (g, mut s) = duel(json!({}));
    give(&g, &mut s, 0, &["straight_cut", "focus"]);
    act(&g, &mut s, "select Straight Cut");
    let v = s.view(&g, Some(1));
    let zones = v["zones"].as_array().unwrap();
    let zone = |id: &str| zones.iter().find(|z| z["id"] == id).unwrap().clone();
    assert_eq!(zone("p0.selected")["cards"][0]["hidden"], true, "SJ-13.3: face down");
    assert!(zone("p0.hand")["cards"].as_array().unwrap().iter().any(|c| c["hidden"] == true));
    assert!(
        zone("p0.hand")["cards"].as_array().unwrap().iter().all(|c| c["hidden"] == true),
        "face down, even the core card may be in play"
    );
    let before = {
        let (g, mut s) = duel(json!({}));
        give(&g, &mut s, 0, &["straight_cut", "focus"]);
        s.view(&g, Some(1))
    };
    let hand = before["zones"].as_array().unwrap().iter().find(|z| z["id"] == "p0.hand").unwrap()["cards"].clone();
    assert_eq!(
        hand.as_array().unwrap().last().unwrap()["name"],
        "Master's Calm",
        "between selections the core card is public"
    );
    let own = s.view(&g, Some(0));
    assert_eq!(
        own["zones"].as_array().unwrap().iter().find(|z| z["id"] == "p0.selected").unwrap()["cards"][0]["name"],
        "Straight Cut"
    );
    assert_eq!(v["board"]["pieces"].as_array().unwrap().len(), 2);
    assert_eq!(v["players"][0]["stats"][0]["key"], "wounds");
}

#[test]
fn view_cards_carry_their_face() {
    // The seed reads a card by its grid, set relative to the samurai's facing: each card in a view
    // has its face as data, hexes relative to a samurai at (0, 0) facing east (F is (1, 0)).
    let (g, mut s) = duel(json!({}));
    give(&g, &mut s, 0, &["straight_cut", "counter_stance"]);
    let v = s.view(&g, Some(0));
    let hand = v["zones"].as_array().unwrap().iter().find(|z| z["id"] == "p0.hand").unwrap()["cards"].clone();
    let face = |name: &str| hand.as_array().unwrap().iter().find(|c| c["name"] == name).unwrap()["face"].clone();
    let cut = face("Straight Cut");
    assert_eq!(cut["layout"], "senjutsu");
    assert_eq!(cut["type"], "attack");
    assert_eq!(cut["initiative"], json!([5]));
    let k = g.content.card(id(&g, "straight_cut"));
    assert_eq!(
        (cut["rank"].as_u64(), cut["number"].as_u64()),
        (Some(u64::from(k.rank)), Some(u64::from(k.number))),
        "for deck building"
    );
    assert_eq!(
        cut["parts"][0]["ops"][0],
        json!({"op": "attack", "bleed": false, "stun": 0, "push": 0, "cells": [{"q": 1, "r": 0, "name": "F", "wounds": 1}]})
    );
    assert_eq!(cut["bonus"][0]["zone"], "aggression");
    assert_eq!(cut["bonus"][0]["ops"][0]["cells"], json!([{"q": 2, "r": 0, "name": "F.F", "wounds": 1}]));
    let stance = face("Counter Stance");
    assert_eq!(stance["initiative"], json!([5, 7]), "a dual initiative has both values");
    assert_eq!(stance["parts"][0]["ops"][0]["op"], "defend");
    assert_eq!(stance["parts"][0]["ops"][0]["evade"], true);
}

/// The dead-text check (issue: "every printed effect of every shipped card … takes effect at
/// least sometimes"): every samurai with its preset deck, in duels on each battlefield and in a
/// game of four, random and MCTS; every action of every card in play, each option of a choice
/// and each kamae bonus must take effect somewhere.
#[test]
fn dead_text_every_printed_action_of_every_card_takes_effect() {
    let keys: Vec<String> = Content::builtin().samurai.iter().map(|s| s.id.clone()).collect();
    let battlefields: Vec<String> = Content::builtin().battlefields.iter().map(|b| b.id.clone()).collect();
    let mut games: Vec<Senjutsu> = Vec::new();
    for (i, a) in keys.iter().enumerate() {
        let b = &keys[(i + 1) % keys.len()];
        let battlefield = &battlefields[i % battlefields.len()];
        games.push(game(json!({ "samurai": [a, b], "battlefield": battlefield })));
    }
    games.push(game(json!({ "players": 4 })));
    // The pool's cards no preset holds, in decks built around them (each samurai its own
    // signature cards and a share of the others), filled up from its preset.
    let content = Content::builtin();
    let preset: std::collections::HashSet<CardId> =
        content.samurai.iter().flat_map(|s| s.deck.iter().copied()).collect();
    let mut spare: Vec<usize> = (0..content.cards.len())
        .filter(|&i| !preset.contains(&CardId(i as u16)))
        .filter(|&i| matches!(content.cards[i].ty, CardType::Attack | CardType::Defense | CardType::Meditation))
        .collect();
    assert!(!spare.is_empty());
    for (si, sam) in content.samurai.iter().enumerate() {
        let mut deck: Vec<CardId> = Vec::new();
        let own = |i: &usize| content.cards[*i].owner.as_ref() == Some(&sam.id);
        let unowned = |i: &usize| content.cards[*i].owner.is_none();
        let take: Vec<usize> =
            spare.iter().copied().filter(own).chain(spare.iter().copied().filter(unowned)).take(14).collect();
        let rank3 = |deck: &Vec<CardId>| deck.iter().filter(|&&c| content.card(c).rank == 3).count();
        for &i in &take {
            for _ in 0..content.cards[i].copies {
                if content.cards[i].rank < 3 || rank3(&deck) < 8 {
                    deck.push(CardId(i as u16));
                }
            }
        }
        for &c in &sam.deck {
            let copies = deck.iter().filter(|&&d| d == c).count();
            if deck.len() < content::DECK_SIZE
                && copies < usize::from(content.card(c).copies)
                && (content.card(c).rank < 3 || rank3(&deck) < 8)
            {
                deck.push(c);
            }
        }
        spare.retain(|&i| !deck.contains(&CardId(i as u16)));
        content.validate_deck(si, &deck).unwrap();
        let keys: Vec<&str> = deck.iter().map(|&c| content.card(c).id.as_str()).collect();
        let rival = &content.samurai[(si + 1) % content.samurai.len()].id;
        games.push(game(json!({ "samurai": [sam.id, rival], "decks": [keys, null] })));
    }
    assert!(spare.is_empty(), "pool cards in no deck: {spare:?}");
    let report = crate::conformance::dead_text::dead_text_over(&games, 3000, 2, 30, 7).unwrap();
    assert!(report.effects.len() > 100, "{} printed effects", report.effects.len());
    eprintln!("{}", report.rarest(8));
    report.all_took_effect().unwrap();
}

#[test]
fn the_scene_says_in_words_what_a_card_does_and_why_its_holder_cannot_select_it() {
    // SJ-9.3 「構えていると、能力カードにあるボーナス効果や、特徴的な能力カードが使えるようになります。」
    // (in a kamae, the cards bound to it become usable; SJX-15: selectable only in their zone);
    // SJ-11.2 a stun card 「起動フェイズに伏せてプレイする以外の方法では、(能力カードであるかのように)
    // 捨てることはできません」 (it leaves the hand only played face down, as if an ability card);
    // SJ-12.1 「インスタントカードは、インスタントではない別のタイプの能力カードの上にしかプレイできません」
    // (SJX-6: never selected). The holder's view says so per card (`why_not`), so no frontend
    // repeats these rules; every card carries its text in words.
    let (g, mut s) = duel(json!({}));
    give(&g, &mut s, 0, &["fury_cut", "riposte", "straight_cut"]);
    s.samurai[0].hand.push(g.content.stun);
    s.supply[2] -= 1;
    let legal = texts(&g, &s);
    assert!(legal.contains(&"select Straight Cut".to_string()) && !legal.iter().any(|t| t.contains("Fury Cut")));
    assert!(legal.contains(&"select Stun".to_string()) && !legal.iter().any(|t| t.contains("Riposte")), "{legal:?}");
    let hand = |viewer: usize| -> Vec<serde_json::Value> {
        let v = s.view(&g, Some(viewer));
        let zone = v["zones"].as_array().unwrap().iter().find(|z| z["id"] == "p0.hand").unwrap().clone();
        zone["cards"].as_array().unwrap().clone()
    };
    let mine = hand(0);
    let why = |name: &str| mine.iter().find(|c| c["name"] == name).unwrap()["why_not"].as_str().map(str::to_string);
    assert_eq!(why("Straight Cut"), None);
    assert_eq!(
        why("Fury Cut").unwrap(),
        "selectable only in the aggression kamae zone; the samurai is in gate (SJ-9.3, SJX-15)"
    );
    assert!(why("Riposte").unwrap().starts_with("an instant"), "{:?}", why("Riposte"));
    assert!(why("Stun").unwrap().contains("only when selected face down"), "{:?}", why("Stun"));
    let straight = mine.iter().find(|c| c["name"] == "Straight Cut").unwrap();
    assert!(straight["words"].as_str().unwrap().starts_with("attack, initiative "), "{straight}");
    // The opponent sees the public stun card, without its holder's notes.
    assert!(hand(1).iter().all(|c| c.get("why_not").is_none()));
}

#[test]
fn sj_13_9_own_face_down_discards_are_in_the_owners_information() {
    // SJ-13.9. 「能力カード(伏せ)を選んで捨てます」(choose ability cards and discard them face down):
    // the owner chose them, so its information string and observation name them; the others see
    // only how many.
    let (g, mut s) = duel(json!({}));
    let lunge = id(&g, "lunge");
    s.samurai[0].hidden.push(lunge);
    let mine = s.information_state_string(&g, 0);
    assert!(mine.contains("P0 (you) face-down discards: Lunge"), "{mine}");
    assert!(!s.information_state_string(&g, 1).contains("Lunge"));
    let mut obs = vec![0.0; g.observation_len()];
    s.observation(&g, 0, &mut obs);
    let k = g.content.cards.len();
    let buried_block = &obs[g.public_observation_len() + 2 * k..];
    assert_eq!(buried_block[usize::from(lunge.0)], 0.25);
    assert_eq!(s.private_observation_string(&g, 0), mine[s.public_observation_string(&g).len()..]);
}

#[test]
fn sj_12_the_resolving_card_and_part_are_in_the_observation() {
    // SJ-12, SJ-13.7: a seat choosing a move must know whose card and which part it moves for:
    // Side Cut's move and Follow Through's move give different observations.
    let (g, s) = duel(json!({}));
    let obs_with = |key: &str| {
        let mut s = s.clone();
        face_off(&mut s);
        let card = id(&g, key);
        let e = state::Exec {
            player: 1,
            card,
            part: 0,
            op: 0,
            zone: state::ZONE_NONE,
            init: 5,
            stage: Stage::Move,
            left: 1,
            who: 1,
            choice: state::NO_CHOICE,
            pushes: [0; MAX_PLAYERS],
            evaders: 0,
            evade: false,
        };
        s.stack.push(e);
        s.phase = Phase::Resolve(1);
        let mut obs = vec![0.0; g.observation_len()];
        s.observation(&g, 1, &mut obs);
        obs
    };
    assert_ne!(obs_with("side_cut"), obs_with("follow_through"));
}

/// Random games of `g`: every state's mover observation, with the legal ids and texts it offers.
fn probe_action_meanings(g: &Senjutsu, games: u64) -> Vec<String> {
    use std::collections::HashMap;
    let mut seen: HashMap<Vec<u32>, (Vec<u16>, Vec<String>, String)> = HashMap::new();
    let mut clashes = Vec::new();
    let mut rng = crate::core::Rng::new(11);
    let mut l = ActionList::new();
    let mut obs = vec![0.0; g.observation_len()];
    for seed in 0..games {
        let mut s = g.new_state(seed);
        while !s.is_terminal() {
            let p = s.current_player().expect("live");
            s.observation(g, p, &mut obs);
            s.legal_actions(g, &mut l);
            let ids: Vec<u16> = l.to_vec();
            let names: Vec<String> = l.iter().map(|&a| s.action_to_string(g, a)).collect();
            let key: Vec<u32> = obs.iter().map(|x| x.to_bits()).chain([p as u32]).collect();
            match seen.get(&key) {
                Some((i, t, info)) if *i != ids || *t != names => {
                    clashes.push(format!("{t:?} against {names:?}\n{info}\n{}", s.information_state_string(g, p)));
                }
                Some(_) => {}
                None => {
                    seen.insert(key, (ids, names, s.information_state_string(g, p)));
                }
            }
            let a = l[rng.below(l.len() as u32) as usize];
            s.apply_unchecked(g, a, &mut crate::core::NoEvents);
        }
    }
    clashes
}

#[test]
fn one_observation_for_the_mover_offers_the_same_actions() {
    // The observation says what every legal action id means: two positions the player to move
    // cannot tell apart offer it the same ids with the same texts, with two and four samurai.
    for n in [2, 4] {
        let g = game(json!({ "players": n, "battlefield": "open_field" }));
        let clashes = probe_action_meanings(&g, 40);
        assert!(clashes.is_empty(), "{n} players: {} clashes, the first:\n{}", clashes.len(), clashes[0]);
    }
}

#[test]
fn public_and_private_observations_determine_the_information_state() {
    // The split: the public vector and string are every seat's; (public, private) of a seat
    // determine its information string, and the string determines both vectors.
    use std::collections::HashMap;
    for n in [2, 3, 4] {
        let g = game(json!({ "players": n }));
        let mut by_vec: HashMap<Vec<u32>, String> = HashMap::new();
        let mut by_text: HashMap<String, Vec<u32>> = HashMap::new();
        let mut rng = crate::core::Rng::new(7);
        let mut l = ActionList::new();
        let (mut obs, mut public, mut private) = (
            vec![0.0; g.observation_len()],
            vec![0.0; g.public_observation_len()],
            vec![0.0; g.private_observation_len()],
        );
        for seed in 0..15 {
            let mut s = g.new_state(seed);
            while !s.is_terminal() {
                s.public_observation(&g, &mut public);
                let public_text = s.public_observation_string(&g);
                for p in 0..n {
                    s.observation(&g, p, &mut obs);
                    s.private_observation(&g, p, &mut private);
                    assert_eq!(obs, [public.clone(), private.clone()].concat());
                    let info = s.information_state_string(&g, p);
                    assert_eq!(info, public_text.clone() + &s.private_observation_string(&g, p));
                    let bits: Vec<u32> = obs.iter().map(|x| x.to_bits()).chain([p as u32]).collect();
                    let text = format!("P{p}\n{info}");
                    let old = by_vec.entry(bits.clone()).or_insert_with(|| text.clone());
                    assert_eq!(*old, text, "one vector, two information states");
                    let old = by_text.entry(text).or_insert(bits.clone());
                    assert_eq!(*old, bits, "one information state, two vectors");
                }
                s.legal_actions(&g, &mut l);
                let a = l[rng.below(l.len() as u32) as usize];
                s.apply_unchecked(&g, a, &mut crate::core::NoEvents);
            }
        }
    }
}
