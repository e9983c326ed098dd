//! Scenario tests of the choices where the seed is silent (`docs/rules/tekken.md`, "Choices").

use super::*;

// TK-7.1, TK-8.1, TK-8.2, TK-12.3, TKX-14. Both chains follow the card played just before:
// 「攻撃側プレイヤーは、直前にプレイした攻撃カードが条件を満たすとキャラクターのコンボボードの効果を
// 発動できる」 (the attacker may trigger a combo-board effect when the attack card played just before
// meets its condition) and 「連続で出した攻撃カードのエクステンションシンボルが一致する場合、効果を適用する」
// (when the extension symbols of attack cards played one after another match, the effect applies).
// A card blocked under heat was played, then 「攻撃側は使用したカードを捨て札にし、その攻撃スロットに
// スタンカードを置く」 (the attacker discards it and puts a stun card in its slot): the card after it
// follows a stun, so neither a colour sequence nor an extension runs across the block.
#[test]
fn tkx_14_a_card_blocked_under_heat_breaks_colour_sequences_and_extensions_alike() {
    let g = dojo();
    let hand = ["kaito.straight", "kaito.low_kick", "kaito.body_blow"];
    // Unbroken: straight (high yellow, extension mid +strike 1), then body blow (mid yellow):
    // One-Two (yellow, yellow) triggers and the extension connects.
    let mut s = setup(&g, (0, 0), (1, 0), &hand);
    hit(&g, &mut s, "kaito.straight");
    play(&g, &mut s, "kaito.body_blow", Height::Low);
    assert_eq!(s.string.combos_pending, 0b001, "One-Two");
    assert_eq!(s.string.extension_from, Some(card(&g, "kaito.straight")));
    // Broken: the low kick between them is blocked under heat.
    let mut s = setup(&g, (0, 0), (1, 0), &hand);
    act(&g, &mut s, A::Heat);
    hit(&g, &mut s, "kaito.straight");
    assert_eq!(s.fighters[1].hp, 18);
    play(&g, &mut s, "kaito.low_kick", Height::Low); // blocked: the string goes on
    assert_eq!(s.fighters[0].slots[1], Slot::Stun);
    play(&g, &mut s, "kaito.body_blow", Height::Low);
    assert_eq!(s.string.combos_pending, 0, "no One-Two across the blocked card");
    assert_eq!(s.fighters[1].hp, 17, "body blow's strike 1 alone: no extension across the block");
    // A count condition counts the string's cards that were not blocked: a blocked green, then
    // a green is one green; one more makes Focus (at least 2 greens).
    let mut s = setup(&g, (0, 0), (1, 0), &["kaito.palm_strike", "kaito.uppercut", "kaito.palm_strike"]);
    act(&g, &mut s, A::Heat);
    play(&g, &mut s, "kaito.palm_strike", Height::High); // blocked
    assert_eq!(s.fighters[0].slots[0], Slot::Stun);
    play(&g, &mut s, "kaito.uppercut", Height::High);
    assert_eq!(s.string.combos_pending, 0, "the blocked green does not count");
    resolve(&g, &mut s);
    play(&g, &mut s, "kaito.palm_strike", Height::Low);
    assert_eq!(s.string.combos_pending, 0b100, "Focus: two greens that were not blocked");
}

// TKX-3
#[test]
fn tkx_3_time_out_gives_the_round_to_the_higher_hp() {
    let g = game_with(|o| o.round_strings = Some(4));
    let mut s = setup(&g, (0, 0), (1, 0), &["kaito.straight", "kaito.low_kick", "kaito.uppercut"]);
    s.strings = 4;
    s.fighters[0].hp = 9;
    s.fighters[1].hp = 10;
    play(&g, &mut s, "kaito.straight", Height::High); // punished: string ends at the limit
    assert_eq!(s.wins, [0, 1]);
    assert_eq!(s.round, 2);
}

// TKX-3: the round timer is a variant, off (null) by default; on, the rules bound the game.
#[test]
fn tkx_3_the_round_timer_is_a_variant_off_by_default() {
    let seed_game = Tekken::new(TekkenOptions::default()).unwrap();
    assert_eq!(seed_game.options_json()["round_strings"], serde_json::Value::Null);
    assert!(!seed_game.length_bounded_by_rules(), "strings can be punished forever");
    let from = |v: serde_json::Value| {
        let mut m = serde_json::Map::new();
        m.insert("round_strings".into(), v);
        Tekken::from_options(&m)
    };
    assert_eq!(from(serde_json::Value::Null).unwrap().options.round_strings, None);
    let timed = from(30.into()).unwrap();
    assert_eq!(timed.options.round_strings, Some(30));
    assert!(timed.length_bounded_by_rules());
    assert!(matches!(from(3.into()), Err(GameError::InvalidOption { .. })));
    assert!(matches!(from(201.into()), Err(GameError::InvalidOption { .. })));
    // The texts say what is true: "3/30" only when there is a timer.
    let info = |g: &Tekken, s: &TekkenState| s.view(g, None)["info"][1]["value"].clone();
    let untimed = dojo();
    let mut s = setup(&untimed, (0, 0), (1, 0), &["kaito.straight", "kaito.low_kick", "kaito.uppercut"]);
    s.strings = 3;
    assert!(s.render(&untimed).lines().next().unwrap().ends_with("| string 3"));
    assert_eq!(info(&untimed, &s), "3");
    let timed = game_with(|o| o.round_strings = Some(30));
    assert!(s.render(&timed).lines().next().unwrap().ends_with("| string 3/30"));
    assert_eq!(info(&timed, &s), "3/30");
    // A loaded state cannot be past the timer.
    s.strings = 31;
    assert!(s.validate(&timed).is_err());
    assert!(s.validate(&untimed).is_ok());
}

// TKX-3, observation table: the strings feature is the share of the timer used, or without a
// timer s / (s + 16).
#[test]
fn tkx_3_the_strings_feature_with_and_without_the_timer() {
    let feature = |g: &Tekken, strings: u64| {
        let mut s = g.new_state(1);
        s.strings = strings;
        let mut obs = vec![0.0; g.observation_len()];
        s.observation(g, 0, &mut obs);
        obs[block(g, "attacker one-hot") + 3]
    };
    let untimed = dojo();
    assert_eq!(feature(&untimed, 0), 0.0);
    assert_eq!(feature(&untimed, 16), 0.5);
    assert!(feature(&untimed, 1000) > feature(&untimed, 999) && feature(&untimed, 1000) < 1.0);
    let timed = game_with(|o| o.round_strings = Some(30));
    assert_eq!(feature(&timed, 15), 0.5);
    assert_eq!(feature(&timed, 30), 1.0);
}

// TKX-1
#[test]
fn tkx_1_a_drawn_round_scores_for_both_and_a_drawn_match_returns_zero() {
    let g = game_with(|o| {
        o.round_strings = Some(4);
        o.rounds_to_win = 1;
    });
    let mut s = setup(&g, (0, 0), (1, 0), &["kaito.straight", "kaito.low_kick", "kaito.uppercut"]);
    s.strings = 4;
    play(&g, &mut s, "kaito.straight", Height::High);
    assert_eq!(s.wins, [1, 1]);
    assert!(s.is_terminal());
    let mut r = [9.0; 2];
    s.returns(&g, &mut r);
    assert_eq!(r, [0.0, 0.0]);
}

// TKX-6
#[test]
fn tkx_6_first_attacker_option_and_seeded_coin_flip() {
    let g = game_with(|o| o.first_attacker = Some(1));
    assert_eq!(g.new_state(0).attacker, 1);
    let g = game_with(|o| o.first_attacker = None);
    let openers: std::collections::HashSet<u8> = (0..20).map(|seed| g.new_state(seed).attacker).collect();
    assert_eq!(openers.len(), 2);
}
