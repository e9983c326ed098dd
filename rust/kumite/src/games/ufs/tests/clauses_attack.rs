//! Scenario tests of the numbered clauses of `docs/rules/ufs.md` ("Clauses") on attacks, resource symbols, control and difficulty, momentum, blocks, card types and zones (UF-6 to UF-12),
//! each quoting the seed.

use super::*;

// UF-6.3, UF-6.9, UFX-10, UFX-13
#[test]
fn uf_6_3_enhance_step_alternates_from_the_attacker_until_both_pass() {
    let g = game();
    let mut s = start(&g);
    set_hand(&g, &mut s, 0, &["quick_jab", "rising_heat"]);
    set_hand(&g, &mut s, 1, &["serene_guard"]);
    set_top(&g, &mut s, 0, &["training_regimen"]);
    play(&g, &mut s, 0, "quick_jab");
    // The attacker holds an enhance action: it acts first.
    assert_eq!(s.phase, Phase::Enhance { priority: 0, passes: 0 });
    assert_eq!(legal(&g, &s), vec![A::Play(0), A::Pass]);
    act(&g, &mut s, A::Pass);
    assert_eq!(s.phase, Phase::Enhance { priority: 1, passes: 1 });
    // Serene Guard (an enhance action from hand) or Isolde (enhance, commit: damage -1).
    assert_eq!(legal(&g, &s), vec![A::Play(0), A::Use(g.ids.char_source as u16, 0), A::Pass]);
    act(&g, &mut s, A::Use(g.ids.char_source as u16, 0));
    assert!(s.sides[1].character_committed());
    assert_eq!(s.attack.unwrap().damage, 1);
    // A use resets the passes: the attacker may answer.
    assert_eq!(s.phase, Phase::Enhance { priority: 0, passes: 0 });
    set_top(&g, &mut s, 0, &["ember_wraps"]);
    act(&g, &mut s, A::Play(0)); // Rising Heat: difficulty 2 + 1 progressive, control 6
    assert_eq!(s.attack.unwrap().speed, 6);
    assert_eq!(s.phase, Phase::Enhance { priority: 1, passes: 0 });
    act(&g, &mut s, A::Pass);
    // P0 has nothing left and passes at once: two passes in a row end the step.
    assert_eq!(s.phase, Phase::Block);
    act(&g, &mut s, A::Pass);
    assert_eq!(s.sides[1].vitality, 19);
    assert_eq!(s.phase, Phase::Combat);
    assert_eq!(names(&g, s.sides[0].pool().cards()), ["quick_jab", "rising_heat"]);
}

// UF-6.4, UF-6.5, UF-10.1, UF-10.7, UF-10.8, UF-10.9
#[test]
fn uf_10_9_a_low_block_cannot_answer_a_high_attack() {
    let (g, s) = block_step(&["quick_jab", "wave_palm", "riptide_sweep"]);
    // High block (same zone) and mid block (adjacent) are offered; low (riptide) is not.
    assert_eq!(legal(&g, &s), vec![A::Block(0), A::Block(1), A::Pass]);
    assert_eq!(s.action_to_string(&g, A::Block(1).encode(&g.ids)), "block with Wave Palm");
}

// UF-6.6, UF-6.7, UF-6.8, UF-6.10, UF-10.2, UF-10.5, UF-10.6
#[test]
fn uf_6_10_a_full_block_in_the_same_zone_takes_no_damage() {
    let (g, mut s) = block_step(&["quick_jab", "wave_palm"]);
    // Quick Jab: printed 2 + progressive 0 + speed 5 + modifier -1 = 6; the flip shows 6.
    set_top(&g, &mut s, 1, &["tidal_focus"]);
    act(&g, &mut s, A::Block(0));
    assert_eq!(s.sides[1].vitality, 20);
    assert_eq!(s.phase, Phase::Combat);
    // The successful block stays in P1's pool until the end of the turn.
    assert_eq!(names(&g, s.sides[1].pool().cards()), ["quick_jab"]);
    assert!(!s.sides[0].pool().as_slice()[0].damaged());
}

// UF-6.11, UF-8.7, UF-11.4
#[test]
fn uf_6_11_a_partial_block_takes_half_the_damage_rounded_up() {
    let (g, mut s) = block_step(&["wave_palm"]);
    // Wave Palm: 3 + 0 + 5 - 1 = 7 against a flip of 6: one commit (the character) makes it.
    set_top(&g, &mut s, 1, &["tidal_focus"]);
    act(&g, &mut s, A::Block(0));
    assert_eq!(s.phase, Phase::Check);
    let c = s.check.unwrap();
    assert_eq!((c.player, c.need, c.have, c.purpose), (1, 7, 6, Purpose::Block));
    assert_eq!(legal(&g, &s), vec![A::Commit(g.ids.char_source as u16), A::Pass]);
    act(&g, &mut s, A::Commit(g.ids.char_source as u16));
    assert!(s.sides[1].character_committed());
    assert_eq!(s.sides[1].vitality, 20 - 2, "3 halved and rounded up");
    assert!(s.sides[0].pool().as_slice()[0].damaged());
}

// UF-6.8, UF-6.12, UF-8.9
#[test]
fn uf_6_8_a_failed_block_is_discarded_and_the_damage_is_full() {
    let (g, mut s) = block_step(&["wave_palm"]);
    set_top(&g, &mut s, 1, &["crashing_tide"]); // control 4: 4 + 1 commit < 7
    act(&g, &mut s, A::Block(0));
    assert_eq!(s.sides[1].vitality, 17);
    assert!(s.sides[1].pool().is_empty());
    assert_eq!(names(&g, s.sides[1].discard().iter()), ["crashing_tide", "wave_palm"]);
    assert!(!s.sides[1].character_committed(), "no commit offered when it cannot help (UFX-4)");
}

// UF-10.3
#[test]
fn uf_10_3_blocks_come_only_from_hand() {
    let g = game();
    let mut s = start(&g);
    stage(&g, &mut s, 1, "tidal_focus"); // a block icon, but in play
    s.sides[1].character_mut().into_slice()[0].set_committed(true); // no enhance either
    set_hand(&g, &mut s, 0, &["quick_jab"]);
    set_top(&g, &mut s, 0, &["training_regimen"]);
    play(&g, &mut s, 0, "quick_jab");
    assert_eq!(s.phase, Phase::Combat, "no enhance, no block: straight to damage");
    assert_eq!(s.sides[1].vitality, 18);
}

// UF-10.4
#[test]
fn uf_10_4_a_block_also_needs_a_matching_symbol() {
    let g = brann_plus(&["wave_palm"], UfsOptions::default());
    let mut s = start(&g);
    act(&g, &mut s, A::Pass); // P1's turn
    set_hand(&g, &mut s, 0, &["wave_palm", "blaze_hook"]); // both mid blocks
    set_hand(&g, &mut s, 1, &["wave_palm"]);
    s.sides[1].character_mut().into_slice()[0].set_committed(true);
    set_top(&g, &mut s, 1, &["tidal_focus"]);
    play(&g, &mut s, 1, "wave_palm"); // mid attack
                                      // P0 holds cards, so it is asked at its enhance turn (UFX-13) and passes.
    assert_eq!(s.phase, Phase::Enhance { priority: 0, passes: 1 });
    act(&g, &mut s, A::Pass);
    // P0's Wave Palm (water) matches nothing of Brann's: only Blaze Hook may block.
    assert_eq!(s.phase, Phase::Block);
    assert_eq!(legal(&g, &s), vec![A::Block(1), A::Pass]);
}

// UF-8.1, UF-8.3, UF-8.4, UF-8.5, UF-8.6, UF-8.8, UF-8.9, UF-8.10, UF-12.2
#[test]
fn uf_8_6_progressive_difficulty_counts_the_cards_left_of_the_card() {
    let g = game();
    let mut s = start(&g);
    set_hand(&g, &mut s, 0, &["ember_wraps", "furnace_stance", "iron_resolve", "training_regimen", "second_wind"]);
    // Flips in order: 6 vs 1+0, 5 vs 2+1, 4 vs 2+2, 4 vs 1+3, then 4 vs 2+4 (fails).
    set_top(&g, &mut s, 0, &["burning_ring", "magma_knee", "reckless_charge", "furnace_stance", "ember_wraps"]);
    for name in ["ember_wraps", "furnace_stance", "iron_resolve", "training_regimen"] {
        play(&g, &mut s, 0, name);
        assert_eq!(s.phase, Phase::Combat, "{name} passes its check");
    }
    assert_eq!(s.sides[0].pool().len(), 4);
    assert_eq!(
        names(&g, s.sides[0].discard().iter()),
        ["ember_wraps", "furnace_stance", "reckless_charge", "magma_knee"]
    );
    play(&g, &mut s, 0, "second_wind");
    // Failed form: the card is discarded and the combat phase ends (end phase, P1's turn).
    assert_eq!(names(&g, s.sides[0].discard().iter()).last().unwrap(), "second_wind");
    assert_eq!(s.active, 1);
    assert_eq!(s.turn, 2);
    assert_eq!(
        names(&g, s.sides[0].staging().cards()),
        ["ember_wraps", "furnace_stance", "iron_resolve", "training_regimen"]
    );
}

// UF-6.2
#[test]
fn uf_6_2_a_failed_attack_check_ends_the_attack_and_the_phase() {
    let g = game();
    let mut s = start(&g);
    set_hand(&g, &mut s, 0, &["magma_knee"]); // difficulty 5
    set_top(&g, &mut s, 0, &["burning_ring"]); // control 4
    play(&g, &mut s, 0, "magma_knee");
    assert!(s.attack.is_none());
    assert_eq!((s.active, s.phase), (1, Phase::Combat), "P1's turn (empty hand: no review)");
    assert_eq!(s.sides[1].vitality, 20);
}

// UF-8.7, UF-11.4, UF-11.6
#[test]
fn uf_8_7_committing_ready_foundations_and_the_character_adds_one_each() {
    let g = game();
    let mut s = start(&g);
    s.sides[0].character_mut().into_slice()[0].set_committed(false);
    stage(&g, &mut s, 0, "ember_wraps");
    stage(&g, &mut s, 0, "burning_ring"); // an asset: no check bonus (UF-11.8)
    set_hand(&g, &mut s, 0, &["magma_knee"]);
    set_top(&g, &mut s, 0, &["burning_ring"]); // control 4 against 5 + 0... plus nothing
    play(&g, &mut s, 0, "magma_knee");
    assert_eq!(s.phase, Phase::Check);
    assert_eq!(legal(&g, &s), vec![A::Commit(0), A::Commit(g.ids.char_source as u16), A::Pass]);
    act(&g, &mut s, A::Commit(0));
    assert!(s.sides[0].staging().as_slice()[0].committed());
    assert!(s.attack.is_some(), "4 + 1 reaches 5: the attack begins");
}

// UF-11.8
#[test]
fn uf_11_8_assets_give_no_check_bonus() {
    let g = game();
    let mut s = start(&g);
    stage(&g, &mut s, 0, "burning_ring");
    set_hand(&g, &mut s, 0, &["magma_knee"]);
    set_top(&g, &mut s, 0, &["burning_ring"]);
    play(&g, &mut s, 0, "magma_knee");
    // Character committed (first turn), only an asset in play: nothing can help, it fails.
    assert_eq!(s.active, 1);
}

// UF-9.3
#[test]
fn uf_9_3_a_damaging_attack_may_also_go_to_the_discard_pile() {
    let g = game();
    let mut s = start(&g);
    let c = take(&g, &mut s, 0, "quick_jab");
    s.sides[0].pool_mut().push({
        let mut x = Slot::new(c);
        x.set_damaged(true);
        x
    });
    act(&g, &mut s, A::Pass);
    act(&g, &mut s, A::Momentum(false));
    assert!(s.sides[0].momentum().is_empty());
    assert_eq!(names(&g, s.sides[0].discard().iter()), ["quick_jab"]);
}

// UF-11.3, UFX-10, UFX-14
// 「自分のキャラクターと同一人物のカードに限られる」「配備エリアのキャラクターに付ける形で永続する」
// 「配置することでシンボルや能力などが追加される」: only cards of the same person; they attach to the
// character in the staging area; placing one adds symbols, abilities and so on.
#[test]
fn uf_11_3_another_card_of_the_same_person_attaches_and_adds_abilities() {
    let g = brann_plus(&["isolde_marr"], UfsOptions::default());
    let mut s = start(&g);
    set_hand(&g, &mut s, 0, &["brann_ashen_fist", "isolde_marr"]);
    // Isolde is another person: not playable. (Her symbols do not match either.)
    assert_eq!(legal(&g, &s), vec![A::Play(0), A::Pass]);
    set_top(&g, &mut s, 0, &["training_regimen"]); // 6 >= 6
    play(&g, &mut s, 0, "brann_ashen_fist");
    act(&g, &mut s, A::Pass);
    assert_eq!(names(&g, s.sides[0].character().cards()), ["brann_kestrel", "brann_ashen_fist"]);
    assert_eq!(g.hand_size(0), 6);
    // On P0's next attack (its character readied, one momentum) it can use both cards'
    // enhances: Brann Kestrel's (commit: damage +1) and Ashen Fist's (Surge 1: damage +2).
    to_combat(&g, &mut s, 1);
    to_combat(&g, &mut s, 0);
    let m = take(&g, &mut s, 0, "quick_jab");
    s.sides[0].momentum_mut().push(m);
    set_hand(&g, &mut s, 0, &["quick_jab"]);
    set_hand(&g, &mut s, 1, &[]);
    set_top(&g, &mut s, 0, &["training_regimen"]);
    s.sides[1].character_mut().into_slice()[0].set_committed(true); // Isolde has no enhance left
    let before = s.sides[1].vitality;
    play(&g, &mut s, 0, "quick_jab");
    assert_eq!(s.phase, Phase::Enhance { priority: 0, passes: 0 });
    let c0 = g.ids.char_source as u16;
    assert_eq!(legal(&g, &s), vec![A::Use(c0, 0), A::Use(c0 + 1, 0), A::Pass]);
    act(&g, &mut s, A::Use(c0, 0));
    // Committing Brann Kestrel commits the whole character (UFX-14); P1 has nothing and passes,
    // so P0 may still use the attached card's ability, which costs no commit.
    assert!(s.sides[0].character_committed());
    assert_eq!(s.phase, Phase::Enhance { priority: 0, passes: 1 });
    assert_eq!(legal(&g, &s), vec![A::Use(c0 + 1, 0), A::Pass]);
    act(&g, &mut s, A::Use(c0 + 1, 0));
    assert!(s.sides[0].momentum().is_empty());
    // P1 cannot block: Quick Jab's 2 + 1 + 2.
    assert_eq!(s.sides[1].vitality, before - 5);
}

// UF-11.3, UF-7.4
#[test]
fn uf_11_3_an_attached_card_adds_its_symbols_but_not_vitality_or_hand_size() {
    let g = brann_plus(&["brann_ashen_fist", "shade_claw"], UfsOptions::default());
    let mut s = start(&g);
    set_hand(&g, &mut s, 0, &["brann_ashen_fist", "shade_claw"]);
    // Shade Claw (evil) matches nothing of Brann's yet.
    assert_eq!(legal(&g, &s), vec![A::Play(0), A::Pass]);
    set_top(&g, &mut s, 0, &["training_regimen"]); // 6 >= 6
    play(&g, &mut s, 0, "brann_ashen_fist");
    act(&g, &mut s, A::Pass); // attaches at the end phase
    assert_eq!(names(&g, s.sides[0].character().cards()), ["brann_kestrel", "brann_ashen_fist"]);
    set_hand(&g, &mut s, 1, &[]);
    if s.phase == Phase::Review {
        act(&g, &mut s, A::Pass);
    }
    act(&g, &mut s, A::Pass); // P1 ends its turn
    assert_eq!((s.active, s.phase), (0, Phase::Review));
    act(&g, &mut s, A::Pass);
    // Hand size stays Brann Kestrel's 6 (the attached card says 5), vitality maximum 22 (not 18).
    assert_eq!(s.sides[0].hand().len(), 6);
    assert_eq!(g.max_vitality(0), 22);
    // Evil now comes from the attached card: Shade Claw is playable.
    let i = hand_index(&g, &s, 0, "shade_claw");
    assert!(legal(&g, &s).contains(&A::Play(i)));
}

// UF-7.1, UF-7.3, UF-7.4, UF-8.2
#[test]
fn uf_7_4_a_card_needs_a_symbol_of_the_character_or_a_pool_card() {
    let options = UfsOptions { infinity: [Some(Symbol::Water), None], ..Default::default() };
    let g = brann_plus(&["wave_palm"], options);
    let mut s = start(&g);
    set_hand(&g, &mut s, 0, &["wave_palm", "iron_resolve", "training_regimen"]);
    // Wave Palm (water) and Training Regimen (infinity = water) match nothing of Brann's.
    assert_eq!(legal(&g, &s), vec![A::Play(1), A::Pass]);
    set_top(&g, &mut s, 0, &["training_regimen"]);
    play(&g, &mut s, 0, "iron_resolve"); // infinity (water) + all: now water is in the pool
    assert_eq!(legal(&g, &s), vec![A::Play(0), A::Play(1), A::Pass]);
}

// UF-7.2, UFX-2
#[test]
fn uf_7_2_infinity_stands_for_the_symbol_chosen_in_advance() {
    let g = game(); // Brann's infinity defaults to fire, his first symbol
    assert_eq!(g.infinity, [Symbol::Fire, Symbol::Water]);
    let mut s = start(&g);
    set_hand(&g, &mut s, 0, &["training_regimen"]);
    assert_eq!(legal(&g, &s), vec![A::Play(0), A::Pass]);
    let g2 = Ufs::new(UfsOptions { first_player: Some(0), infinity: [Some(Symbol::Void), None], ..Default::default() })
        .unwrap();
    let mut s = start(&g2);
    set_hand(&g2, &mut s, 0, &["training_regimen"]);
    assert_eq!(legal(&g2, &s), vec![A::Pass]);
}

// UF-11.10, UF-6.6
#[test]
fn uf_11_10_speed_adds_to_the_block_difficulty() {
    let (g, mut s) = block_step(&["quick_jab"]);
    s.attack.as_mut().unwrap().speed = 9;
    // 2 + 0 + 9 - 1 = 10: a 6 and one commit cannot reach it: no commit step, block fails.
    set_top(&g, &mut s, 1, &["tidal_focus"]);
    act(&g, &mut s, A::Block(0));
    assert_eq!(s.sides[1].vitality, 17);
}

// UF-9.2, keyword Surge (momentum cost)
#[test]
fn uf_9_2_surge_pays_by_discarding_momentum() {
    let g = game();
    let mut s = start(&g);
    set_hand(&g, &mut s, 0, &["blaze_hook"]);
    set_top(&g, &mut s, 0, &["training_regimen"]);
    play(&g, &mut s, 0, "blaze_hook");
    // No momentum: the attack's Surge enhance is not offered.
    assert_eq!(s.phase, Phase::Enhance { priority: 1, passes: 1 });
    let mut s2 = s.clone();
    let m = take(&g, &mut s2, 0, "quick_jab");
    s2.sides[0].momentum_mut().push(m);
    s2.phase = Phase::Enhance { priority: 0, passes: 0 };
    assert_eq!(legal(&g, &s2), vec![A::Use(g.ids.attack_source as u16, 0), A::Pass]);
    act(&g, &mut s2, A::Use(g.ids.attack_source as u16, 0));
    assert_eq!(s2.attack.unwrap().damage, 6);
    assert!(s2.sides[0].momentum().is_empty());
    assert_eq!(names(&g, s2.sides[0].discard().iter()).last().unwrap(), "quick_jab");
}

// UF-11.7, stun, UFX-14
#[test]
fn uf_11_7_a_face_down_foundation_loses_its_abilities_but_still_commits() {
    let g = with(["vex", "isolde"]);
    let mut s = start(&g);
    stage(&g, &mut s, 1, "tidal_focus");
    stage(&g, &mut s, 1, "still_waters");
    s.sides[1].character_mut().into_slice()[0].set_committed(true);
    set_hand(&g, &mut s, 0, &["grave_sweep"]);
    set_top(&g, &mut s, 0, &["hollow_pact"]);
    play(&g, &mut s, 0, "grave_sweep"); // 4 against 6
                                        // P1 may use Still Waters (damage -1); it passes.
    assert_eq!(s.phase, Phase::Enhance { priority: 1, passes: 1 });
    act(&g, &mut s, A::Pass);
    assert_eq!(s.sides[1].vitality, 16);
    assert!(s.sides[1].staging().as_slice()[0].face_down(), "damage: shatter");
    act(&g, &mut s, A::Pass);
    act(&g, &mut s, A::Momentum(false)); // P1's turn
    assert_eq!(s.phase, Phase::Combat);
    set_hand(&g, &mut s, 1, &[]);
    // Tidal Focus's form ability is gone; Still Waters has no form ability.
    assert_eq!(legal(&g, &s), vec![A::Pass]);
    // It still commits for +1: Crashing Tide (5) against a flip of 4.
    set_hand(&g, &mut s, 1, &["crashing_tide"]);
    set_top(&g, &mut s, 1, &["crashing_tide"]);
    play(&g, &mut s, 1, "crashing_tide");
    assert_eq!(s.phase, Phase::Check);
    assert_eq!(legal(&g, &s), vec![A::Commit(0), A::Commit(1), A::Commit(g.ids.char_source as u16), A::Pass]);
    act(&g, &mut s, A::Commit(0));
    assert!(s.sides[1].pool().cards().any(|c| c == id(&g, "crashing_tide")), "the check passed");
    assert!(s.sides[1].staging().as_slice()[0].committed() && s.sides[1].staging().as_slice()[0].face_down());
}

// UF-9.4: 「モメンタムとなったカードは裏向きとなり、記載能力はすべて失われる」: momentum is face down and
// loses all its text.
#[test]
fn uf_9_4_momentum_cards_lose_their_text() {
    let g = game();
    let mut s = start(&g);
    // Burning Ring's text would add momentum after damage; under the character it does nothing.
    let m = take(&g, &mut s, 0, "burning_ring");
    s.sides[0].momentum_mut().push(m);
    s.sides[1].character_mut().into_slice()[0].set_committed(true);
    set_hand(&g, &mut s, 0, &["quick_jab"]);
    set_top(&g, &mut s, 0, &["training_regimen"]);
    play(&g, &mut s, 0, "quick_jab");
    assert_eq!(s.sides[1].vitality, 18);
    assert_eq!(names(&g, s.sides[0].momentum().iter()), ["burning_ring"]);
    assert_eq!(legal(&g, &s), vec![A::Pass], "no ability of a momentum card is offered");
}

// UF-12.4
#[test]
fn uf_12_4_destroyed_permanents_go_to_the_discard_pile() {
    let g = with(["isolde", "brann"]);
    let mut s = start(&g);
    stage(&g, &mut s, 0, "healing_spring");
    s.sides[0].vitality = 10;
    act(&g, &mut s, A::Use(0, 0)); // form, destroy: heal 2
    assert_eq!(s.sides[0].vitality, 12);
    assert!(s.sides[0].staging().is_empty());
    assert_eq!(names(&g, s.sides[0].discard().iter()), ["healing_spring"]);
}

// UF-6.3, UF-6.4, UFX-13: 「攻撃側から交互に、双方がパスするまで…強化能力を使用する」 and
// 「防御側が、任意で手札のカードによるブロックを行うかどうかを選択する」: the table asks the
// defender in turn whatever its hand holds, so being asked shows the attacker nothing.
#[test]
fn ufx_13_being_asked_does_not_show_the_hand() {
    // Riptide Sweep (a low block) cannot answer the high attack, Wave Palm (mid) can; the
    // defender is asked to enhance and to block either way, and P0 sees the same.
    let (g, cannot) = block_step(&["riptide_sweep"]);
    let (_, can) = block_step(&["wave_palm"]);
    assert_eq!(legal(&g, &cannot), vec![A::Pass]);
    assert_eq!(legal(&g, &can), vec![A::Block(0), A::Pass]);
    assert_eq!(cannot.information_state_string(&g, 0), can.information_state_string(&g, 0));
    let (mut a, mut b) = (vec![0.0; g.observation_len()], vec![0.0; g.observation_len()]);
    cannot.observation(&g, 0, &mut a);
    can.observation(&g, 0, &mut b);
    assert_eq!(a, b);
    // Only an empty hand, which both players see, skips the block step.
    let (g, mut s) = block_step(&["riptide_sweep"]);
    act(&g, &mut s, A::Pass);
    assert_eq!(s.phase, Phase::Combat);
}
