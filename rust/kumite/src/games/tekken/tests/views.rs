//! What players see: observations, texts, scenes, secrets and determinization.

use super::*;

// TKX-13
#[test]
fn determinize_resamples_only_hidden_information() {
    let g = dojo();
    let s = setup(&g, (0, 0), (1, 0), &["kaito.straight", "kaito.low_kick", "kaito.uppercut"]);
    let d = s.determinize(&g, 0, 99);
    assert_eq!(d.fighters[0].hand, s.fighters[0].hand);
    assert_eq!(d.fighters[1].hand.len(), s.fighters[1].hand.len());
    d.validate(&g).unwrap();
    let differs = (0..20).any(|seed| s.determinize(&g, 0, seed).fighters[1].hand != s.fighters[1].hand);
    assert!(differs, "the opponent's hand is resampled");
}

/// The viewer's drawing data (docs/viewer.md) shows a player its own hand and only card backs
/// of the opponent's; the spectator sees both. (Invariance under determinization is checked by
/// the conformance suite.)
#[test]
fn view_hides_the_opponents_hand() {
    let g = Tekken::new(TekkenOptions::default()).unwrap();
    let s = g.new_state(3);
    let zone = |v: &serde_json::Value, id: &str| {
        v["zones"].as_array().unwrap().iter().find(|z| z["id"] == id).unwrap()["cards"].clone()
    };
    let p0 = s.view(&g, Some(0));
    assert_eq!(p0["kind"], "scene");
    assert!(zone(&p0, "p0.hand").as_array().unwrap().iter().all(|c| c["name"].is_string()));
    assert!(zone(&p0, "p1.hand").as_array().unwrap().iter().all(|c| c["hidden"] == true && c["name"].is_null()));
    let all = s.view(&g, None);
    assert!(zone(&all, "p1.hand").as_array().unwrap().iter().all(|c| c["name"].is_string()));
    assert_eq!(all["players"][0]["stats"][0]["value"], s.fighters[0].hp);
    assert_eq!(all["board"]["pieces"].as_array().unwrap().len(), 2);
}

/// The dead-text check (issue: "every printed effect of every shipped card … takes effect at
/// least sometimes"): each shipped character plays, on both stages, random and MCTS games; every
/// symbol of its cards, extensions, rage cards and combos must take effect somewhere.
#[test]
fn dead_text_every_printed_symbol_of_every_character_takes_effect() {
    let ids: Vec<String> = Content::builtin().characters.iter().map(|c| c.id.clone()).collect();
    let games: Vec<Tekken> = ids
        .iter()
        .enumerate()
        .flat_map(|(i, a)| {
            let b = ids[(i + 1) % ids.len()].clone();
            ["moonlit_dojo", "fault_line"].map(|stage| {
                Tekken::new(TekkenOptions {
                    characters: [a.clone(), b.clone()],
                    stage: stage.into(),
                    ..Default::default()
                })
                .unwrap()
            })
        })
        .collect();
    let report = crate::conformance::dead_text::dead_text_over(&games, 500, 2, 40, 7).unwrap();
    assert!(report.effects.len() > 100, "{} printed effects", report.effects.len());
    eprintln!("{}", report.rarest(8));
    report.all_took_effect().unwrap();
}
