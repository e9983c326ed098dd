//! What players see: observations, texts, scenes, secrets and determinization.

use super::*;

#[test]
fn ufx_determinize_resamples_only_hidden_information() {
    let g = game();
    let mut s = g.new_state(3);
    act(&g, &mut s, A::Mulligan(true));
    act(&g, &mut s, A::Mulligan(false));
    let d = s.determinize(&g, 1, 11);
    d.validate(&g).unwrap();
    assert_eq!(d.sides[1].hand(), s.sides[1].hand(), "own hand kept");
    let sorted = |v: Vec<CardId>| {
        let mut v = v;
        v.sort();
        v
    };
    let hidden = |x: &UfsState| {
        sorted(x.sides[0].hand().iter().chain(x.sides[0].deck().iter()).chain(x.sides[0].mulliganed().iter()).collect())
    };
    assert_eq!(hidden(&d), hidden(&s));
    assert_eq!(d.sides[0].mulliganed().len(), 6);
    assert!((0..20).any(|k| s.determinize(&g, 1, k).sides[0].hand() != s.sides[0].hand()));
    assert_eq!(d.information_state_string(&g, 1), s.information_state_string(&g, 1));
}

#[test]
fn view_cards_carry_their_face() {
    // Each card in a view has its face as data for drawing: difficulty, control, the three
    // resource symbols, the attack and block icons and the abilities, as the content gives them.
    let g = game();
    let s = g.new_state(1);
    let v = s.view(&g, Some(0));
    let zones = v["zones"].as_array().unwrap();
    let hand = zones.iter().find(|z| z["id"] == "p0.hand").unwrap()["cards"].as_array().unwrap().clone();
    assert!(!hand.is_empty());
    for c in &hand {
        let k = g.content.cards.iter().find(|k| k.name == c["name"].as_str().unwrap()).unwrap();
        let f = &c["face"];
        assert_eq!(f["layout"], "ufs");
        assert_eq!(f["difficulty"], k.difficulty);
        assert_eq!(f["control"], k.control);
        assert_eq!(f["symbols"].as_array().unwrap().len(), 3);
        assert_eq!(f["attack"].is_null(), k.attack.is_none());
        if let Some(a) = k.attack {
            assert_eq!(
                (f["attack"]["speed"].as_u64(), f["attack"]["damage"].as_u64()),
                (Some(u64::from(a.speed)), Some(u64::from(a.damage)))
            );
            assert_eq!(f["attack"]["zone"], a.zone.name());
        }
        if let Some(b) = k.block {
            assert_eq!(f["block"]["modifier"].as_i64(), Some(i64::from(b.modifier)));
        }
        assert_eq!(f["abilities"].as_array().unwrap().len(), k.abilities.len());
    }
}

/// The dead-text check (issue: "every printed effect of every shipped card … takes effect at
/// least sometimes"): every preset deck plays, random and MCTS; every effect of every ability
/// of every card in play must take effect somewhere, and every card with an ability is in a
/// preset deck or sideboard.
#[test]
fn dead_text_every_printed_ability_effect_takes_effect() {
    let content = Content::builtin();
    let ids: Vec<String> = content.decks.iter().map(|d| d.id.clone()).collect();
    let games: Vec<Ufs> = (0..ids.len()).map(|i| with([&ids[i], &ids[(i + 1) % ids.len()]])).collect();
    let in_play: std::collections::HashSet<CardId> =
        content.decks.iter().flat_map(|d| d.cards.iter().chain(&d.sideboard).chain([&d.character]).copied()).collect();
    let unplayed: Vec<&str> = content
        .cards
        .iter()
        .enumerate()
        .filter(|(i, c)| !c.abilities.is_empty() && !in_play.contains(&CardId(*i as u16)))
        .map(|(_, c)| c.id.as_str())
        .collect();
    assert!(unplayed.is_empty(), "cards with abilities in no preset deck: {unplayed:?}");
    let report = crate::conformance::dead_text::dead_text_over(&games, 1000, 0, 30, 7).unwrap();
    assert!(report.effects.len() > 40, "{} printed effects", report.effects.len());
    eprintln!("{}", report.rarest(8));
    report.all_took_effect().unwrap();
}
