//! Options, content files and JSON states: what the loader accepts and refuses.

use super::*;

/// The three draft-8 options are listed by `options()` with their values, read back to the same
/// game, and options written before they existed (the golden record's header) still load, as
/// draft 8.
#[test]
fn draft_8_options_round_trip_and_old_options_load() {
    let g = FatalFight::new(FatalFightOptions {
        start_gold: 0,
        opening_shop: false,
        save_actions: 3,
        ..Default::default()
    })
    .unwrap();
    let o = g.options_json();
    assert_eq!(
        (o["start_gold"].as_u64(), o["opening_shop"].as_bool(), o["save_actions"].as_u64()),
        (Some(0), Some(false), Some(3))
    );
    let again = FatalFight::from_options(o.as_object().unwrap()).unwrap();
    assert_eq!(again.options, g.options);
    let d = game(2).options_json();
    assert_eq!(
        (d["start_gold"].as_u64(), d["opening_shop"].as_bool(), d["save_actions"].as_u64()),
        (Some(3), Some(true), Some(2))
    );
    let old: serde_json::Value = serde_json::from_str(
        r#"{"characters":["dex","mika"],"content_dir":null,"final_boss_variant":false,"players":2,"stage_rounds":null,"start_stage":1}"#,
    )
    .unwrap();
    let old = FatalFight::from_options(old.as_object().unwrap()).unwrap();
    assert_eq!(old.options, game(2).options);
}

#[test]
fn options_are_checked() {
    for (o, name) in [
        (FatalFightOptions { players: 0, ..Default::default() }, "players"),
        (FatalFightOptions { players: 5, ..Default::default() }, "players"),
        (FatalFightOptions { characters: vec!["nobody".into()], ..Default::default() }, "characters"),
        (FatalFightOptions { characters: vec!["dex".into(), "dex".into()], ..Default::default() }, "characters"),
        (FatalFightOptions { stage_rounds: Some(2), ..Default::default() }, "stage_rounds"),
        (FatalFightOptions { start_gold: 21, ..Default::default() }, "start_gold"),
        (FatalFightOptions { save_actions: 1, ..Default::default() }, "save_actions"),
        (FatalFightOptions { save_actions: 4, ..Default::default() }, "save_actions"),
    ] {
        match FatalFight::new(o) {
            Err(GameError::InvalidOption { option, .. }) => assert_eq!(option, name),
            other => panic!("{other:?}"),
        }
    }
}

#[test]
fn malformed_content_names_file_card_and_field() {
    use crate::games::fatal_fight::content::{CAMPAIGNS, CARDS, CHARACTERS, DEFAULT_CAMPAIGN};
    let [streets] = CAMPAIGNS;
    let bad_cards = CARDS.1.replace("ap = 3\nline = \"strikes\"", "ap = 0\nline = \"strikes\"");
    let bad_stages = streets.1.replacen("gimmick = \"none\"", "gimmick = \"volcano\"", 1);
    let err = Content::read(&[(CARDS.0, &bad_cards)], &[CHARACTERS], &[(streets.0, &bad_stages)], DEFAULT_CAMPAIGN)
        .unwrap_err();
    let text = err.to_string();
    assert!(text.contains("cards.toml: smash: field `ap`"), "{text}");
    assert!(text.contains("campaigns/streets.toml: back_alley: field `gimmick`"), "{text}");
    // A file that does not parse is reported with the others' problems, not alone.
    let err = Content::read(&[(CARDS.0, &bad_cards)], &[CHARACTERS], &[(streets.0, "enemy = 3")], DEFAULT_CAMPAIGN)
        .unwrap_err()
        .to_string();
    assert!(err.contains("campaigns/streets.toml") && err.contains("smash: field `ap`"), "{err}");
}

#[test]
fn builtin_content_has_the_seed_counts() {
    let g = game(4);
    let c = &g.content;
    assert_eq!(c.stages.len(), 28);
    assert!(c.characters.len() >= 4 && c.characters.iter().all(|x| x.deck.len() == 12));
    assert_eq!(c.bosses.len(), 4);
    assert!(c.bosses.iter().all(|b| b.skills.len() >= 3));
}

#[test]
fn conformance_suite_default_options() {
    let g = FatalFight::new(FatalFightOptions::default()).unwrap();
    check_random_games(&g, soak_size(Conformance::default())).unwrap();
}

/// The earlier draft's rules (FF-0.5..FF-0.7 as options: no start gold, no opening shop, saving
/// for 3) and each of them alone, with the medic in play, from stage 1 and from a later stage.
#[test]
fn conformance_suite_the_earlier_draft_options() {
    let juno = |players: u8| {
        let mut c: Vec<String> = vec!["juno".into()];
        c.extend(["dex", "mika", "bram"].iter().take(usize::from(players) - 1).map(|x| x.to_string()));
        c
    };
    for (players, start_gold, opening_shop, save_actions, start_stage) in
        [(2, 0, false, 3, 1), (4, 0, false, 3, 2), (3, 3, true, 3, 1), (2, 20, true, 2, 1), (1, 3, false, 2, 1)]
    {
        let g = FatalFight::new(FatalFightOptions {
            players,
            characters: juno(players),
            start_gold,
            opening_shop,
            save_actions,
            start_stage,
            ..Default::default()
        })
        .unwrap();
        check_random_games(&g, soak_size(Conformance { games: 400, seed: 13, deep_games: 15 })).unwrap();
    }
}

/// docs/content.md: a content folder's `cards/`, `characters/` and `campaigns/` files add to the
/// built-in ones (ids new); the `campaign` option picks a campaign by its file name, and a folder's
/// campaign files are checked whichever is played.
#[test]
fn content_dir_adds_cards_characters_and_campaigns() {
    let dir = std::env::temp_dir().join(format!("kumite_ff_content_{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    for sub in ["cards", "characters", "campaigns"] {
        std::fs::create_dir_all(dir.join(sub)).unwrap();
    }
    // The per-character stats variant (FFX-18): the new character lists its own life; without a
    // `[stats]` table its other stats are the built-in shared ones (FF-2.2).
    std::fs::write(
        dir.join("characters/sol.toml"),
        "[[character]]\nid = \"sol\"\nname = \"Sol Varga\"\nlife = 12\norder = 5\nspecial = \"medic\"\n\
         deck = [[\"jab\", 6], [\"block\", 2], [\"grab\", 2], [\"wind_up\", 2]]\n",
    )
    .unwrap();
    std::fs::write(
        dir.join("cards/wind_up.toml"),
        "[[card]]\nid = \"wind_up\"\nname = \"Wind Up\"\nkind = \"starter\"\nguard = 1\n\n\
         [[card]]\nid = \"haymaker\"\nname = \"Haymaker\"\nkind = \"common\"\nattack = true\nap = 4\ncost = 3\n",
    )
    .unwrap();
    let [streets] = crate::games::fatal_fight::content::CAMPAIGNS;
    let night =
        streets.1.replace("name = \"Big Vinnie\"\nstage = 1\nlife = 5", "name = \"Lamplighter\"\nstage = 1\nlife = 6");
    std::fs::write(dir.join("campaigns/night.toml"), &night).unwrap();
    let load = |campaign: &str| {
        FatalFight::new(FatalFightOptions {
            content_dir: Some(dir.display().to_string()),
            characters: vec!["sol".into(), "dex".into()],
            campaign: campaign.into(),
            ..Default::default()
        })
    };
    let g = load("night").unwrap();
    assert_eq!((g.character(0).life, g.character(0).actions, g.character(1).life), (12, 3, 8));
    assert_eq!((g.content.bosses[0].name.as_str(), g.content.bosses[0].life), ("Lamplighter", 6));
    let s = g.new_state(1);
    let haymaker = usize::from(g.content.card_index("haymaker").unwrap().0);
    assert_eq!(s.shop.0[haymaker], 4, "an added common joins the shop (FF-2.4)");
    let listed = g.content_listing();
    let campaigns: Vec<&str> =
        listed["campaigns"].as_array().unwrap().iter().map(|c| c["id"].as_str().unwrap()).collect();
    assert_eq!(campaigns, ["streets", "night"]);
    check_random_games(&g, Conformance { games: 100, seed: 1, deep_games: 5 }).unwrap();
    // The built-in campaign stays playable with the folder's cards and characters.
    assert_eq!(load("streets").unwrap().content.bosses[0].name, "Big Vinnie");
    let err = load("moon").unwrap_err().to_string();
    assert!(err.contains("unknown campaign \"moon\"; known: streets, night"), "{err}");
    // Ids are new: a folder's card, character or campaign may not reuse a built-in one.
    std::fs::write(dir.join("campaigns/streets.toml"), streets.1).unwrap();
    std::fs::write(
        dir.join("cards/jab.toml"),
        "[[card]]\nid = \"jab\"\nname = \"Jab Two\"\nkind = \"starter\"\nguard = 1\n",
    )
    .unwrap();
    let err = load("night").unwrap_err().to_string();
    assert!(err.contains("campaigns/streets.toml: streets") && err.contains("ids must be new"), "{err}");
    assert!(err.contains("cards/jab.toml: jab: field `id`"), "{err}");
    std::fs::remove_file(dir.join("campaigns/streets.toml")).unwrap();
    std::fs::remove_file(dir.join("cards/jab.toml")).unwrap();
    // A campaign file is checked even when another is played.
    std::fs::write(dir.join("campaigns/broken.toml"), "name = \"Broken\"\n[[stage]]\nid = \"x\"\n").unwrap();
    let err = load("night").unwrap_err().to_string();
    assert!(err.contains("campaigns/broken.toml"), "{err}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn the_json_state_lists_only_the_game_s_players() {
    // A 2-player game's state lists 2 players (the slots for more stay empty and are left out),
    // and reads back to the same state.
    let g = game(2);
    let s = g.new_state(3);
    let v: serde_json::Value = serde_json::from_str(&s.to_json()).unwrap();
    assert_eq!(v["players"].as_array().unwrap().len(), 2);
    assert_eq!(g.state_from_json(&s.to_json()).unwrap(), s);
    let with = |players: Vec<serde_json::Value>| {
        let mut v = v.clone();
        v["players"] = serde_json::Value::Array(players);
        g.state_from_json(&v.to_string()).map(|_| ()).unwrap_err().to_string()
    };
    let p0 = v["players"][0].clone();
    assert!(with(vec![p0.clone(); 5]).contains("no more than 4"), "{}", with(vec![p0.clone(); 5]));
    assert!(with(vec![p0.clone(); 3]).contains("player slot 2 is unused"), "{}", with(vec![p0.clone(); 3]));
    assert!(with(vec![p0]).contains("player 1"), "a missing player is an empty slot, refused");
}
