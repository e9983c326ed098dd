//! Scenario tests of the numbered clauses of `docs/rules/ufs.md` ("Clauses") on the game and winning, decks and preparation, the basic rules, the game start and the turn (UF-1 to UF-5),
//! each quoting the seed.

use super::*;

// UF-1.1, UF-1.2, UF-6.1, UF-6.2, UF-6.12, UF-6.13, UF-11.9, UF-11.11, UF-12.2, UFX-13
#[test]
fn uf_1_2_an_unblocked_attack_that_takes_vitality_to_zero_wins() {
    let g = game();
    let mut s = start(&g);
    set_hand(&g, &mut s, 0, &["quick_jab"]);
    set_top(&g, &mut s, 0, &["training_regimen"]);
    s.sides[1].vitality = 2;
    play(&g, &mut s, 0, "quick_jab");
    // Quick Jab: difficulty 2, the turned-over card has control 6: the attack begins.
    let a = s.attack.unwrap();
    assert_eq!((a.speed, a.damage, a.zone), (4, 2, crate::games::ufs::Zone::High));
    assert_eq!(s.sides[0].discard().iter().last(), Some(id(&g, "training_regimen")));
    // P0 (character committed, empty hand) has nothing to enhance; P1 may use Isolde's enhance.
    assert_eq!(s.phase, Phase::Enhance { priority: 1, passes: 1 });
    act(&g, &mut s, A::Pass);
    // P1 has no cards to block with: the damage step follows at once.
    assert_eq!(s.sides[1].vitality, 0);
    assert_eq!(s.phase, Phase::Over);
    assert_eq!(s.result, Some([1, -1]));
    assert!(s.is_terminal());
}

// UF-2.1, UF-2.2, UF-2.3, UF-2.4, UFX-18
#[test]
fn uf_2_deck_rules_name_the_card_and_the_rule() {
    let g = game();
    let good = preset_list(&g, "brann");
    g.validate_deck(&good, &[], None).unwrap();
    let text = |r: Result<(), GameError>| r.unwrap_err().to_string();
    let short = &good[..59];
    assert!(text(g.validate_deck(short, &[], None)).contains("UF-2.1"));
    let mut five = good.clone();
    five.push("quick_jab".into());
    let t = text(g.validate_deck(&five, &[], None));
    assert!(t.contains("quick_jab") && t.contains("UF-2.2"), "{t}");
    let mut no_char: Vec<String> = good.iter().filter(|c| !c.starts_with("brann_")).cloned().collect();
    no_char.extend(["tidal_focus".to_string(), "tidal_focus".into(), "tidal_focus".into(), "tidal_focus".into()]);
    assert_eq!(no_char.len(), 60);
    let t = text(g.validate_deck(&no_char, &[], None));
    assert!(t.contains("UF-2.3"), "{t}");
    let side3 = vec!["tidal_focus".to_string(); 3];
    assert!(text(g.validate_deck(&good, &side3, None)).contains("UF-2.4"));
    let side8: Vec<String> = [
        "tidal_focus",
        "tidal_focus",
        "tidal_focus",
        "tidal_focus",
        "wave_palm",
        "wave_palm",
        "wave_palm",
        "wave_palm",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    g.validate_deck(&good, &side8, None).unwrap();
    // Copies count across deck and sideboard.
    let mut side_jab = side8.clone();
    side_jab[0] = "quick_jab".into();
    let t = text(g.validate_deck(&good, &side_jab, None));
    assert!(t.contains("quick_jab") && t.contains("UF-2.2"), "{t}");
    let mut unknown = good.clone();
    unknown.push("no_such_card".into());
    let t = text(g.validate_deck(&unknown, &[], None));
    assert!(t.contains("no_such_card") && t.contains("no such card"), "{t}");
    assert!(text(g.validate_deck(&good, &[], Some("quick_jab"))).contains("UF-4.1"));
    // The same checks guard `load`.
    let err = Ufs::new(UfsOptions {
        decks: [DeckChoice::List(short.to_vec()), DeckChoice::Preset("vex".into())],
        ..Default::default()
    })
    .unwrap_err();
    assert!(matches!(err, GameError::CardData { .. }) && err.to_string().contains("UF-2.1"), "{err}");
}

// UF-2.5, UF-2.6, UF-3.1, UF-4.1, UF-4.2, UF-4.3, UF-4.4, UF-11.1, UF-11.2, UF-12.1, UF-12.3, UFX-7
#[test]
fn uf_4_setup_character_vitality_hand_size_and_the_first_player_committed() {
    let g = game();
    let s = g.new_state(5);
    assert_eq!(s.phase, Phase::Mulligan { player: 0 });
    assert_eq!((s.sides[0].vitality, s.sides[1].vitality), (22, 20));
    assert_eq!((s.sides[0].hand().len(), s.sides[1].hand().len()), (6, 6));
    assert_eq!((s.sides[0].deck().len(), s.sides[1].deck().len()), (53, 53));
    assert_eq!(names(&g, s.sides[0].character().cards()), ["brann_kestrel"]);
    assert!(s.sides[0].character_committed() && !s.sides[1].character_committed());
    // Shuffled: another seed gives another order.
    assert_ne!(g.new_state(6).sides[0].deck(), s.sides[0].deck());
    // A seeded coin flip without the option.
    let coin = Ufs::new(UfsOptions::default()).unwrap();
    let firsts: std::collections::BTreeSet<u8> = (0..20).map(|k| coin.new_state(k).first).collect();
    assert_eq!(firsts.len(), 2);
}

// UF-2.7, UF-4.5, UF-2.8, UF-4.6, UFX-6
#[test]
fn uf_2_7_the_mulligan_removes_the_old_hand_from_the_game() {
    let g = game();
    let mut s = g.new_state(2);
    let old: Vec<CardId> = s.sides[0].hand().iter().collect();
    act(&g, &mut s, A::Mulligan(true));
    assert!(s.sides[0].mulliganed().iter().eq(old.iter().copied()));
    assert_eq!(s.sides[0].hand().len(), 6);
    assert_eq!(s.sides[0].deck().len(), 47);
    assert_eq!(s.phase, Phase::Mulligan { player: 1 });
    act(&g, &mut s, A::Mulligan(false));
    // UF-2.8: P0's first turn goes straight to combat, its character still committed.
    assert_eq!(s.phase, Phase::Combat);
    assert!(s.sides[0].character_committed());
    // The mulliganed cards are hidden from P1.
    assert!(!s.information_state_string(&g, 1).contains("mulliganed:"));
    assert!(s.information_state_string(&g, 0).contains("mulliganed:"));
    // UF-4.6: turns alternate; P1 readies in its own ready phase.
    set_hand(&g, &mut s, 1, &[]);
    act(&g, &mut s, A::Pass);
    assert_eq!((s.active, s.turn), (1, 2));
    assert_eq!(s.phase, Phase::Combat, "empty hand: no review step");
    act(&g, &mut s, A::Pass);
    assert_eq!((s.active, s.turn, s.phase), (0, 3, Phase::Review));
    assert!(!s.sides[0].character_committed(), "P0's second turn readies its character");
}

// UF-5.1, UF-3.2
#[test]
fn uf_5_1_review_discards_one_then_draws_up_to_hand_size() {
    let g = game();
    let mut s = start(&g);
    set_hand(&g, &mut s, 1, &["wave_palm", "brace", "tidal_focus"]);
    act(&g, &mut s, A::Pass);
    assert_eq!(s.phase, Phase::Review);
    assert_eq!(legal(&g, &s), vec![A::Discard(0), A::Discard(1), A::Discard(2), A::Pass]);
    act(&g, &mut s, A::Discard(1));
    assert_eq!(names(&g, s.sides[1].discard().iter()), ["brace"]);
    assert_eq!(s.sides[1].hand().len(), 6);
    assert_eq!(s.phase, Phase::Combat);
}

// UF-3.2
#[test]
fn uf_3_2_no_discard_at_end_of_turn_and_no_draw_above_hand_size() {
    let g = game();
    let mut s = start(&g);
    let eight =
        ["wave_palm", "brace", "tidal_focus", "quick_jab", "low_sweep", "still_waters", "ebb_and_flow", "wave_palm"];
    set_hand(&g, &mut s, 1, &eight);
    act(&g, &mut s, A::Pass);
    act(&g, &mut s, A::Pass); // P1 keeps all 8
    assert_eq!(s.sides[1].hand().len(), 8);
    act(&g, &mut s, A::Pass); // P1 ends its turn holding 8: nothing discarded
    assert_eq!(s.sides[1].hand().len(), 8);
    assert!(s.sides[1].discard().is_empty());
}

// UF-5.3, UF-9.1, UF-9.3, UF-9.4, UF-11.3, UF-11.5, UF-11.9, UF-11.12, UF-12.4, UFX-12
#[test]
fn uf_5_3_end_phase_moves_permanents_attaches_characters_and_offers_momentum() {
    let g = game();
    let mut s = start(&g);
    for n in ["ember_wraps", "burning_ring", "brann_ashen_fist", "quick_jab", "rising_heat"] {
        let c = take(&g, &mut s, 0, n);
        s.sides[0].pool_mut().push(Slot::new(c));
    }
    s.sides[0].pool_mut().into_slice()[3].set_damaged(true);
    let c = take(&g, &mut s, 1, "brace");
    s.sides[1].pool_mut().push(Slot::new(c));
    s.validate(&g).unwrap();
    act(&g, &mut s, A::Pass);
    assert_eq!(s.phase, Phase::Momentum);
    assert_eq!(legal(&g, &s), vec![A::Momentum(false), A::Momentum(true)]);
    act(&g, &mut s, A::Momentum(true));
    let p0 = &s.sides[0];
    assert_eq!(names(&g, p0.staging().cards()), ["ember_wraps", "burning_ring"]);
    assert_eq!(names(&g, p0.character().cards()), ["brann_kestrel", "brann_ashen_fist"]);
    assert_eq!(names(&g, p0.momentum().iter()), ["quick_jab"]);
    assert_eq!(names(&g, p0.discard().iter()), ["rising_heat"]);
    assert!(p0.pool().is_empty() && s.sides[1].pool().is_empty());
    assert_eq!(names(&g, s.sides[1].discard().iter()), ["brace"]);
    // UF-11.3: the attached copy adds nothing to vitality or hand size.
    assert_eq!(g.max_vitality(0), 22);
    assert_eq!(s.sides[0].vitality, 22);
    // Momentum is face down: its text is gone, it is never a source of abilities.
    assert!(s.render(&g).contains("momentum 1"));
}

// UF-3.7, UF-11.3, UFX-9
// 「ユニーク処理： ユニークキーワードのあるカード、自軍ユニーク、先出し生存」: a card with the unique
// keyword is unique on your side; the one out first survives. Characters are no exception.
#[test]
fn uf_3_7_a_second_identical_unique_character_does_not_survive() {
    // The repro: two more Vex Ordane would attach, and "Surge 2: damage +3" would fire
    // three times, so a 3-damage Shade Claw dealt 12 (Shade Claw deals 4 since the deck balance
    // pass, docs/rules/ufs.md: 13).
    let g = {
        let base = game();
        let mut list = preset_list(&base, "vex");
        list.extend(["vex_ordane".to_string(), "vex_ordane".into()]);
        Ufs::new(UfsOptions {
            first_player: Some(0),
            decks: [DeckChoice::List(list), DeckChoice::Preset("isolde".into())],
            ..Default::default()
        })
        .unwrap()
    };
    let mut s = start(&g);
    for n in ["vex_ordane", "vex_hollow_crown", "vex_ordane"] {
        let c = take(&g, &mut s, 0, n);
        s.sides[0].pool_mut().push(Slot::new(c));
    }
    s.validate(&g).unwrap();
    act(&g, &mut s, A::Pass);
    // Both identical copies are discarded; the other card of the same person attaches.
    assert_eq!(names(&g, s.sides[0].character().cards()), ["vex_ordane", "vex_hollow_crown"]);
    assert_eq!(names(&g, s.sides[0].discard().iter()), ["vex_ordane", "vex_ordane"]);
    // P1 passes; on P0's next turn Shade Claw (4 damage) is enhanced by Vex Ordane once.
    set_hand(&g, &mut s, 1, &[]);
    if s.phase == Phase::Review {
        act(&g, &mut s, A::Pass);
    }
    act(&g, &mut s, A::Pass);
    assert_eq!((s.active, s.phase), (0, Phase::Combat), "an empty hand skips the review step");
    set_hand(&g, &mut s, 0, &["shade_claw"]);
    for _ in 0..6 {
        let m = s.sides[0].deck_mut().pop().unwrap();
        s.sides[0].momentum_mut().push(m);
    }
    s.sides[1].character_mut().into_slice()[0].set_committed(true);
    set_top(&g, &mut s, 0, &["training_regimen"]);
    play(&g, &mut s, 0, "shade_claw");
    let c0 = g.ids.char_source as u16;
    assert_eq!(legal(&g, &s), vec![A::Use(c0, 0), A::Pass]);
    act(&g, &mut s, A::Use(c0, 0));
    // Vex Ordane has enhanced this attack and nothing else can: both pass at once, P1 cannot
    // block, and the damage step deals 4 + 3.
    assert_eq!(s.phase, Phase::Combat);
    assert_eq!(s.sides[1].vitality, 20 - 7, "7, not 13");
    // A loaded state with two identical unique characters attached is refused.
    let mut two = s.clone();
    let c = take(&g, &mut two, 0, "vex_ordane");
    two.sides[0].character_mut().push(Slot::new(c));
    let e = two.validate(&g).unwrap_err().to_string();
    assert!(e.contains("unique"), "{e}");
}

// UF-1.3, UF-3.3, UF-3.4
#[test]
fn uf_3_4_relief_reuses_the_discard_and_removes_ten() {
    let g = game();
    let mut s = start(&g);
    set_hand(&g, &mut s, 0, &["ember_wraps"]);
    // 1 card left in the deck, 20 in the discard pile.
    while s.sides[0].deck().len() > 1 {
        let c = s.sides[0].deck_mut().pop().unwrap();
        if s.sides[0].discard().len() < 20 {
            s.sides[0].discard_mut().push(c);
        } else {
            s.sides[0].removed_mut().push(c);
        }
    }
    let removed_before = s.sides[0].removed().len();
    act(&g, &mut s, A::Play(0));
    // The flip emptied the deck: 21 cards (with the flipped one) become the deck, 10 removed.
    assert_eq!(s.sides[0].removed().len(), removed_before + 10);
    assert_eq!(s.sides[0].deck().len(), 11);
    assert!(s.sides[0].discard().is_empty());
    assert!(!s.is_terminal());
}

// UF-1.3, UF-3.4, UFX-3
#[test]
fn uf_1_3_a_deck_that_cannot_be_refilled_loses() {
    let g = game();
    let mut s = start(&g);
    set_hand(&g, &mut s, 0, &["ember_wraps"]);
    // 1 card in the deck, 9 in the discard: with the flipped card that is 10, which empties the
    // new deck at once; it runs out again with nothing to reuse.
    while s.sides[0].deck().len() > 1 {
        let c = s.sides[0].deck_mut().pop().unwrap();
        if s.sides[0].discard().len() < 9 {
            s.sides[0].discard_mut().push(c);
        } else {
            s.sides[0].removed_mut().push(c);
        }
    }
    act(&g, &mut s, A::Play(0));
    assert_eq!(s.result, Some([-1, 1]));
}

// UF-3.5, UF-11.6
#[test]
fn uf_3_5_no_summoning_sickness_a_new_foundation_commits_on_the_next_turn() {
    let g = game();
    let mut s = start(&g);
    to_combat(&g, &mut s, 1);
    set_hand(&g, &mut s, 1, &["still_waters"]);
    set_top(&g, &mut s, 1, &["tidal_focus"]);
    play(&g, &mut s, 1, "still_waters");
    act(&g, &mut s, A::Pass); // to the staging area, P0's turn
                              // P0 attacks; P1 defends: Still Waters (enhance, commit: damage -1 on the attack against
                              // it) is usable already.
    to_combat(&g, &mut s, 0);
    set_hand(&g, &mut s, 0, &["quick_jab"]);
    set_hand(&g, &mut s, 1, &[]);
    set_top(&g, &mut s, 0, &["training_regimen"]);
    s.sides[0].character_mut().into_slice()[0].set_committed(true);
    play(&g, &mut s, 0, "quick_jab");
    assert_eq!(s.current_player(), Some(1));
    let k = s.sides[1].staging().cards().position(|c| c == id(&g, "still_waters")).unwrap() as u16;
    assert!(legal(&g, &s).contains(&A::Use(k, 0)));
}

// UF-3.6
#[test]
fn uf_3_6_bonuses_end_with_the_turn_momentum_and_staging_stay() {
    let g = game();
    let mut s = start(&g);
    stage(&g, &mut s, 0, "furnace_stance");
    let m = take(&g, &mut s, 0, "quick_jab");
    s.sides[0].momentum_mut().push(m);
    act(&g, &mut s, A::Use(0, 0)); // form, commit: control 2
    assert_eq!(s.sides[0].control_bonus, 2);
    s.sides[0].breaker = 1;
    act(&g, &mut s, A::Pass);
    assert_eq!((s.sides[0].control_bonus, s.sides[0].breaker), (0, 0));
    assert_eq!(s.sides[0].momentum().len(), 1);
    assert_eq!(s.sides[0].staging().len(), 1);
    assert_eq!(s.sides[0].vitality, 22);
}

// UF-3.7, UFX-9
#[test]
fn uf_3_7_the_first_unique_copy_survives() {
    let g = game();
    let mut s = start(&g);
    stage(&g, &mut s, 0, "burning_ring");
    let c = take(&g, &mut s, 0, "burning_ring");
    s.sides[0].pool_mut().push(Slot::new(c));
    act(&g, &mut s, A::Pass);
    assert_eq!(names(&g, s.sides[0].staging().cards()), ["burning_ring"]);
    assert_eq!(names(&g, s.sides[0].discard().iter()), ["burning_ring"]);
}

// UF-5.2
#[test]
fn uf_5_2_combat_phase_offers_every_card_type_and_form_abilities() {
    let g = game();
    let mut s = start(&g);
    s.sides[0].character_mut().into_slice()[0].set_committed(false);
    stage(&g, &mut s, 0, "furnace_stance");
    set_hand(
        &g,
        &mut s,
        0,
        &["ember_wraps", "burning_ring", "brann_ashen_fist", "quick_jab", "reckless_charge", "rising_heat"],
    );
    // Rising Heat is an enhance-only action: not a form.
    assert_eq!(legal(&g, &s), vec![A::Play(0), A::Play(1), A::Play(2), A::Play(3), A::Play(4), A::Use(0, 0), A::Pass]);
    // Furnace Stance: form, commit: control 2 (the next check this turn).
    act(&g, &mut s, A::Use(0, 0));
    assert!(s.sides[0].staging().as_slice()[0].committed() && s.sides[0].staging().as_slice()[0].used_turn());
    set_top(&g, &mut s, 0, &["magma_knee"]); // control 4 + 2 against Reckless Charge's 3
    play(&g, &mut s, 0, "reckless_charge");
    assert_eq!(s.sides[0].hand().len(), 5 + 2, "play: draw 2");
    assert_eq!(s.sides[0].control_bonus, 0);
}

// UF-2.5: 「自分が使用するキャラクターに記載されている生命力。上限も同じ」: the vitality printed on your
// character, which is also the maximum.
#[test]
fn uf_2_5_healing_never_exceeds_the_characters_vitality() {
    let g = with(["isolde", "brann"]);
    let mut s = start(&g);
    stage(&g, &mut s, 0, "healing_spring"); // form, destroy: heal 3
    s.sides[0].vitality = 19;
    act(&g, &mut s, A::Use(0, 0));
    assert_eq!(s.sides[0].vitality, 20);
}

// UF-4.1: 「それぞれ自分のデッキから任意のキャラクターカード 1枚を、使用キャラクターとして場に配置する」:
// each player places any one character card of its deck as its character. UFX-7.
#[test]
fn uf_4_1_any_character_card_of_the_deck_may_start() {
    let g = Ufs::new(UfsOptions {
        characters: [Some("brann_ashen_fist".into()), None],
        first_player: Some(0),
        ..Default::default()
    })
    .unwrap();
    let s = g.new_state(1);
    assert_eq!(names(&g, s.sides[0].character().cards()), ["brann_ashen_fist"]);
    assert_eq!((s.sides[0].vitality, s.sides[0].hand().len()), (18, 5));
    assert!(
        s.sides[0].all_cards().filter(|&c| c == id(&g, "brann_kestrel")).count() == 1,
        "Brann Kestrel is in the deck"
    );
}

// UF-4.6: 「互いにターンと呼ばれる手順を繰り返し、一方が勝利条件を満たした時ゲーム終了」: turns
// repeat until one player meets a win condition. The seed has no turn limit.
#[test]
fn uf_4_6_the_game_goes_on_past_turn_200() {
    let g = game();
    assert_eq!(g.options.max_turns, None);
    assert!(!g.length_bounded_by_rules());
    let mut s = start(&g);
    s.turn = 200;
    s.validate(&g).unwrap();
    act(&g, &mut s, A::Pass);
    assert_eq!((s.turn, s.active, s.result), (201, 1, None));
    assert!(!s.is_terminal());
    assert!(s.render(&g).contains("UFS | turn 201 |"), "{}", s.render(&g));
    // A state far past any old limit loads and plays on; the counter never wraps.
    s.turn = u32::MAX - 1;
    let mut s = g.state_from_json(&s.to_json()).unwrap();
    set_hand(&g, &mut s, 1, &[]);
    act(&g, &mut s, A::Pass);
    act(&g, &mut s, A::Pass);
    assert_eq!((s.turn, s.result), (u32::MAX, None));
    let mut obs = vec![0.0; g.observation_len()];
    s.observation(&g, 0, &mut obs);
    assert!(obs.iter().all(|x| x.is_finite()));
    // The turn feature (after three one-hots by seat): t/(t+20).
    let layout = g.observation_layout();
    let at = layout.iter().find(|s| s.name.starts_with("the turn player")).unwrap().start + 6;
    let turn_feature = obs[at];
    assert!(turn_feature > 0.99 && turn_feature <= 1.0, "{turn_feature}");
    s.turn = 20;
    s.observation(&g, 0, &mut obs);
    assert_eq!(obs[at], 0.5);
}
