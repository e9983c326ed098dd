//! Options, content files and JSON states: what the loader accepts and refuses.

use super::*;

#[test]
fn malformed_content_files_get_errors_naming_file_card_and_field() {
    let mut c = Content::builtin();
    let err = c.add_character("x.toml", "id = 3").unwrap_err();
    assert!(err.to_string().contains("x.toml"), "{err}");
    let bad = include_str!("../data/characters/rook.toml")
        .replace("id = \"rook\"", "id = \"rook2\"")
        .replace("\"rook.", "\"rook2.")
        .replace("deck = \"rook\"", "deck = \"rook2\"")
        .replace("\"strike 2\"", "\"strike 22\"");
    let err = c.add_character("r.toml", &bad).unwrap_err().to_string();
    assert!(err.contains("r.toml: rook2.anvil_elbow: field `symbols[0]`"), "{err}");
    let stage = "id = \"s\"\nname = \"S\"\nradius = 3\nblocked = [[9, 9]]\nstart = [[0, 0], [0, 0]]\n";
    let err = c.add_stage("s.toml", stage).unwrap_err().to_string();
    assert!(err.contains("s.toml: s: field `blocked`"), "{err}");
    assert_eq!(c.characters.len(), 4, "nothing is added from a bad file");
}

// TK-12 off, TKX-12
#[test]
fn heat_option_off_means_three_slots_and_no_heat() {
    let g = game_with(|o| o.heat = false);
    let mut s = setup(&g, (0, 0), (1, 0), &["kaito.straight", "kaito.low_kick", "kaito.uppercut"]);
    assert!(!legal(&g, &s).contains(&A::Heat));
    for name in ["kaito.straight", "kaito.low_kick", "kaito.uppercut"] {
        play(&g, &mut s, name, Height::Mid);
        while s.phase == Phase::Resolve {
            act(&g, &mut s, A::EndResolution);
        }
    }
    assert_eq!(s.attacker, 1, "the string ends after three cards without asking");
}

// TK-12 off: without the heat rule there is no heat token, so nothing shows one: the
// observation's heat flags are 0 and the texts name no heat.
#[test]
fn heat_option_off_shows_no_heat_token() {
    let g = game_with(|o| o.heat = false);
    let s = setup(&g, (0, 0), (1, 0), &["kaito.straight", "kaito.low_kick", "kaito.uppercut"]);
    let mut o = vec![0.0; g.observation_len()];
    s.observation(&g, 0, &mut o);
    let fighters = 4 * g.stage().board.len();
    for p in 0..2 {
        assert_eq!(&o[fighters + 8 * p + 5..fighters + 8 * p + 8], &[0.0, 0.0, 0.0], "player {p}'s heat flags");
    }
    assert!(!s.information_state_string(&g, 0).contains("heat"), "{}", s.information_state_string(&g, 0));
    assert!(!s.view(&g, None)["players"].to_string().contains("heat"));
    let on = game_with(|_| {});
    s.observation(&on, 0, &mut o);
    assert_eq!(&o[fighters + 5..fighters + 8], &[1.0, 0.0, 0.0], "with heat on, ready shows");
    assert!(s.information_state_string(&on, 0).contains("heat ready"));
}

// TKX-8
#[test]
fn options_are_validated() {
    let bad = |k: &str, v: serde_json::Value| {
        let mut m = serde_json::Map::new();
        m.insert(k.into(), v);
        Tekken::from_options(&m).unwrap_err()
    };
    assert!(matches!(bad("colour", 1.into()), GameError::InvalidOption { .. }));
    assert!(matches!(bad("rounds_to_win", 0.into()), GameError::InvalidOption { .. }));
    assert!(matches!(bad("stage", "moon".into()), GameError::InvalidOption { .. }));
    assert!(matches!(bad("characters", serde_json::json!(["kaito", "nobody"])), GameError::InvalidOption { .. }));
    assert!(matches!(bad("hp", "ten".into()), GameError::InvalidOption { .. }));
}

#[test]
fn json_states_can_be_edited_and_are_checked() {
    let g = dojo();
    let s = setup(&g, (0, 0), (1, 0), &["kaito.straight", "kaito.low_kick", "kaito.uppercut"]);
    let mut v: serde_json::Value = serde_json::from_str(&s.to_json()).unwrap();
    v["fighters"][1]["hp"] = 1.into();
    let edited = g.state_from_json(&v.to_string()).unwrap();
    assert_eq!(edited.fighters[1].hp, 1);
    v["fighters"][1]["hp"] = 200.into();
    assert!(g.state_from_json(&v.to_string()).is_err());
    v["fighters"][1]["hp"] = 5.into();
    v["fighters"][0]["hand"] = serde_json::json!([0, 0, 0]);
    let err = g.state_from_json(&v.to_string()).unwrap_err().to_string();
    assert!(err.contains("not exactly its deck"), "{err}");
}

// TKX-8, TKX-13 (the deep checks determinize every state)
#[test]
fn conformance_suite_default_options() {
    let g = Tekken::new(TekkenOptions::default()).unwrap();
    let n = check_random_games(&g, soak_size(Conformance::default())).unwrap();
    // A tenth of the games in `make test` play a tenth of the actions.
    assert!(n * if soak() { 1 } else { 10 } > 1_000_000);
}

// The loader's checks are one typed list (`core::ProblemList`): a hand card of the other fighter's
// deck breaks the conservation law at the player holding it, in the sentence every game uses.
#[test]
fn a_card_of_another_deck_is_a_conservation_problem_of_its_holder() {
    let g = dojo();
    let s = g.new_state(1);
    let mut v: serde_json::Value = serde_json::from_str(&s.to_json()).unwrap();
    v["fighters"][0]["hand"][0] = v["fighters"][1]["hand"][0].clone();
    let edited: TekkenState = serde_json::from_value(v).unwrap();
    let problems = crate::games::tekken::validate::problems(&edited, &g);
    let found: Vec<_> = problems.iter().filter(|p| p.kind == crate::core::ProblemKind::Conservation).collect();
    assert_eq!(found.len(), 1, "{problems:?}");
    assert_eq!(found[0].at, "fighters[0]");
    assert_eq!(found[0].message, "player 0's cards across deck, hand, discard and slots are not exactly its deck");
}
