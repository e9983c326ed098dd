//! Options, content files and JSON states: what the loader accepts and refuses.

use super::*;

#[test]
fn hostile_json_states_are_rejected_with_reasons() {
    let g = game();
    let s = start(&g);
    let json = s.to_json();
    assert_eq!(g.state_from_json(&json).unwrap(), s);
    let mut v: serde_json::Value = serde_json::from_str(&json).unwrap();
    v["sides"][0]["vitality"] = 99.into();
    let e = g.state_from_json(&v.to_string()).unwrap_err().to_string();
    assert!(e.contains("vitality"), "{e}");
    let mut v: serde_json::Value = serde_json::from_str(&json).unwrap();
    v["sides"][0]["hand"] = serde_json::json!([9999]);
    assert!(g.state_from_json(&v.to_string()).is_err());
    let mut v: serde_json::Value = serde_json::from_str(&json).unwrap();
    v["sides"][1]["hand"] = serde_json::json!([0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
    assert!(g.state_from_json(&v.to_string()).is_err());
    let mut v: serde_json::Value = serde_json::from_str(&json).unwrap();
    v["phase"] = "check".into();
    let e = g.state_from_json(&v.to_string()).unwrap_err().to_string();
    assert!(e.contains("check"), "{e}");
    let mut v: serde_json::Value = serde_json::from_str(&json).unwrap();
    v["bogus"] = 1.into();
    assert!(g.state_from_json(&v.to_string()).is_err());
    assert!(g.state_from_json(&json[..json.len() / 2]).is_err());
    // An empty deck mid-game would have been refilled (UF-3.4): refused, never a panic later.
    let mut empty = s.clone();
    let deck: Vec<CardId> = empty.sides[0].deck().iter().collect();
    for c in deck {
        empty.sides[0].discard_mut().push(c);
    }
    empty.sides[0].deck_mut().clear();
    let e = g.state_from_json(&empty.to_json()).unwrap_err().to_string();
    assert!(e.contains("deck is empty"), "{e}");
    let mut v: serde_json::Value = serde_json::from_str(&json).unwrap();
    v["phase"] = "momentum".into();
    assert!(g.state_from_json(&v.to_string()).unwrap_err().to_string().contains("momentum"));
    // A second mulligan (which would also overflow the mulliganed pile) is refused.
    let mut again = g.new_state(1);
    act(&g, &mut again, A::Mulligan(true));
    act(&g, &mut again, A::Mulligan(false));
    again.phase = Phase::Mulligan { player: 0 };
    let e = g.state_from_json(&again.to_json()).unwrap_err().to_string();
    assert!(e.contains("has decided its mulligan, but in this phase it is yet to decide"), "{e}");
    let mut v: serde_json::Value = serde_json::from_str(&json).unwrap();
    v["active"] = 7.into();
    assert!(g.state_from_json(&v.to_string()).is_err());
    assert!(g.state_from_json("[]").is_err());
    let mut v: serde_json::Value = serde_json::from_str(&json).unwrap();
    v["attack"] = serde_json::json!({"slot": 7, "speed": 1, "damage": 1, "zone": "high", "block": null});
    v["phase"] = serde_json::json!({"enhance": {"priority": 0, "passes": 0}});
    assert!(g.state_from_json(&v.to_string()).is_err());
}

#[test]
fn malformed_content_names_file_card_and_field() {
    let (file, cards) = BUILTIN[0];
    let bad = cards
        .replacen("speed = 4\nzone = \"high\"\ndamage = 2", "speed = 4\nzone = \"high\"\ndamage = 0", 1)
        .replacen("effect = [\"stun 1\"]", "effect = [\"explode 3\"]", 1)
        .replacen("symbols = [\"infinity\", \"order\", \"good\"]", "symbols = [\"plasma\", \"order\", \"good\"]", 1)
        // UF-7.3: 「3つ一組のアイコン」, a set of three icons.
        .replacen("symbols = [\"infinity\", \"all\", \"earth\"]", "symbols = [\"infinity\", \"all\"]", 1);
    let mut c = Content::default();
    let err = c.add_cards(file, &bad).unwrap_err().to_string();
    assert!(err.contains("cards.toml: quick_jab: field `damage`"), "{err}");
    assert!(err.contains("cards.toml: low_sweep: field `ability[0].effect`"), "{err}");
    assert!(err.contains("cards.toml: training_regimen: field `symbols`"), "{err}");
    assert!(err.contains("iron_resolve: field `symbols`: UF-7.3"), "{err}");
    let err = Content::default().add_cards(file, "[[card]]\nid = 3").unwrap_err().to_string();
    assert!(err.contains("cards.toml") && err.contains("line"), "{err}");
    let bad_cost = cards.replacen(
        "trigger = \"damage\"\neffect = [\"stun 1\"]",
        "trigger = \"damage\"\ncost = [\"commit\"]\neffect = [\"stun 1\"]",
        1,
    );
    let err = Content::default().add_cards(file, &bad_cost).unwrap_err().to_string();
    assert!(err.contains("low_sweep: field `ability[0].cost`"), "{err}");
    let mut c = Content::default();
    c.add_cards(file, cards).unwrap();
    let err = c.add_decks("decks.toml", "[[deck]]\nid = \"x\"\ncards = [[\"quick_jab\", 5]]").unwrap_err().to_string();
    assert!(err.contains("UF-2.1") && err.contains("UF-2.2"), "{err}");
}

// UFX-7
#[test]
fn bad_options_are_refused() {
    let bad = |o: UfsOptions| Ufs::new(o).unwrap_err();
    assert!(bad(UfsOptions { first_player: Some(2), ..Default::default() }).to_string().contains("first_player"));
    assert!(bad(UfsOptions { max_turns: Some(1), ..Default::default() }).to_string().contains("max_turns"));
    assert!(bad(UfsOptions { infinity: [Some(Symbol::Infinity), None], ..Default::default() })
        .to_string()
        .contains("infinity"));
    let e = bad(UfsOptions {
        decks: [DeckChoice::Preset("nope".into()), DeckChoice::Preset("vex".into())],
        ..Default::default()
    });
    assert!(e.to_string().contains("brann"), "{e}");
    let e = bad(UfsOptions { characters: [Some("quick_jab".into()), None], ..Default::default() });
    assert!(e.to_string().contains("UF-4.1"), "{e}");
    let e = bad(UfsOptions { content_dir: Some("/no/such/dir".into()), ..Default::default() });
    assert!(e.to_string().contains("content_dir"), "{e}");
    let opts: serde_json::Map<String, serde_json::Value> = serde_json::from_str(r#"{"decks": [3, "vex"]}"#).unwrap();
    assert!(Ufs::from_options(&opts).is_err());
    let opts: serde_json::Map<String, serde_json::Value> = serde_json::from_str(r#"{"nope": 1}"#).unwrap();
    assert!(Ufs::from_options(&opts).is_err());
}

#[test]
fn content_dir_adds_cards_and_decks() {
    let dir = std::env::temp_dir().join(format!("kumite_ufs_content_{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("cards")).unwrap();
    std::fs::create_dir_all(dir.join("decks")).unwrap();
    std::fs::write(
        dir.join("cards/my_jab.toml"),
        "[[card]]\nid = \"my_jab\"\nname = \"My Jab\"\ntype = \"attack\"\ndifficulty = 1\ncontrol = 6\nsymbols = [\"fire\", \"air\", \"void\"]\nspeed = 3\nzone = \"mid\"\ndamage = 2\n",
    )
    .unwrap();
    let g = game();
    let mut list = preset_list(&g, "brann");
    list.extend(["my_jab".to_string(), "my_jab".into()]);
    let deck = format!(
        "[[deck]]\nid = \"mine\"\ncards = [{}]\n",
        list.iter().map(|c| format!("[\"{c}\", 1]")).collect::<Vec<_>>().join(", ")
    );
    std::fs::write(dir.join("decks/mine.toml"), deck).unwrap();
    let g = Ufs::new(UfsOptions {
        decks: [DeckChoice::Preset("mine".into()), DeckChoice::Preset("vex".into())],
        content_dir: Some(dir.display().to_string()),
        ..Default::default()
    })
    .unwrap();
    assert_eq!(g.decks[0].len(), 61);
    check_random_games(&g, soak_size(Conformance { games: 200, seed: 1, deep_games: 5 })).unwrap();
    std::fs::write(dir.join("cards/my_jab.toml"), "[[card]]\nid = \"x\"\n").unwrap();
    let e = Ufs::new(UfsOptions { content_dir: Some(dir.display().to_string()), ..Default::default() }).unwrap_err();
    assert!(e.to_string().contains("cards/my_jab.toml"), "{e}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn builtin_content_uses_every_type_and_symbol() {
    let g = game();
    let c = &g.content;
    assert_eq!(c.decks.len(), 4);
    for k in [
        crate::games::ufs::Kind::Character,
        crate::games::ufs::Kind::Foundation,
        crate::games::ufs::Kind::Asset,
        crate::games::ufs::Kind::Attack,
        crate::games::ufs::Kind::Action,
    ] {
        assert!(c.cards.iter().any(|x| x.kind == k));
    }
    for s in Symbol::TWELVE.into_iter().chain([Symbol::Infinity]) {
        assert!(c.cards.iter().any(|x| x.symbols.contains(&s)), "{s:?}");
    }
    let mut persons: Vec<&str> =
        c.cards.iter().filter(|x| x.kind == crate::games::ufs::Kind::Character).map(|x| x.person.as_str()).collect();
    persons.sort_unstable();
    persons.dedup();
    assert_eq!(persons, ["brann", "isolde", "tamsin", "vex"]);
    for d in &c.decks {
        assert_eq!(d.cards.len() + 1, 60);
        // UF-11.3 comes up in ordinary play: each preset holds another card of its person.
        let person = &c.card(d.character).person;
        assert!(
            d.cards.iter().any(|&x| x != d.character
                && c.card(x).kind == crate::games::ufs::Kind::Character
                && &c.card(x).person == person),
            "{}",
            d.id
        );
    }
    // UF-7.3: every card shows a set of three different symbols; UF-3.7: every character is unique.
    for x in &c.cards {
        assert_eq!(x.symbols.len(), 3, "{}", x.id);
        assert!(x.kind != crate::games::ufs::Kind::Character || x.unique, "{}", x.id);
    }
    assert_eq!(c.cards.len(), 54, "docs/rules/ufs.md gives the count");
}

#[test]
fn conformance_suite_default_options() {
    let g = Ufs::new(UfsOptions::default()).unwrap();
    check_random_games(&g, soak_size(Conformance::default())).unwrap();
}

#[test]
fn conformance_suite_other_decks_and_options() {
    for decks in [["vex", "tamsin"], ["tamsin", "brann"], ["isolde", "vex"]] {
        check_random_games(&with(decks), soak_size(Conformance { games: 1_500, seed: 2, deep_games: 50 })).unwrap();
    }
    let every = Ufs::new(UfsOptions { symbol_match: SymbolMatch::Every, ..Default::default() }).unwrap();
    check_random_games(&every, soak_size(Conformance { games: 1_500, seed: 4, deep_games: 50 })).unwrap();
    // The turn-limit variant (UFX-8) at a limit that random games reach.
    let limited = Ufs::new(UfsOptions { max_turns: Some(12), ..Default::default() }).unwrap();
    check_random_games(&limited, soak_size(Conformance { games: 500, seed: 5, deep_games: 20 })).unwrap();
}

// The conservation check is the one every card game shares (`cards::check_conserved`): a deck
// card that is not of the player's deck is a problem of that player, in the shared sentence.
#[test]
fn a_card_outside_the_deck_is_a_conservation_problem_of_its_holder() {
    let g = game();
    let s = start(&g);
    let foreign = (0..g.content.cards.len() as u16)
        .map(CardId)
        .find(|c| !g.decks[0].contains(c) && *c != g.characters[0])
        .expect("a card outside deck 0");
    let mut v: serde_json::Value = serde_json::from_str(&s.to_json()).unwrap();
    v["sides"][0]["deck"][0] = foreign.0.into();
    let err = g.state_from_json(&v.to_string()).unwrap_err().to_string();
    assert!(err.contains("player 0's cards across all zones are not exactly its deck"), "{err}");
}
