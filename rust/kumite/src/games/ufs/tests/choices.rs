//! Scenario tests of the choices where the seed is silent (`docs/rules/ufs.md`, "Choices").

use super::*;

// UF-6.3, UFX-10. 「強化ステップ」 in the seed is each player improving its own side of the attack: an
// ability says whose attack its speed, damage and zone effects change (`attack = "yours"`: the
// attack its user makes; `"theirs"`: the attack made against its user), and only that player
// may use it. The attacker cannot spend Brace's "damage -2" on its own attack, nor the defender
// Training Regimen's "damage +1" on the attack against it; each may use the other.
#[test]
fn ufx_10_enhances_change_only_the_attack_they_name() {
    let g = game();
    let mut s = start(&g);
    set_hand(&g, &mut s, 0, &["quick_jab", "brace", "rising_heat"]);
    set_hand(&g, &mut s, 1, &["serene_guard"]);
    stage(&g, &mut s, 0, "training_regimen");
    stage(&g, &mut s, 1, "training_regimen");
    stage(&g, &mut s, 1, "still_waters");
    set_top(&g, &mut s, 0, &["training_regimen"]);
    play(&g, &mut s, 0, "quick_jab");
    assert_eq!(s.phase, Phase::Enhance { priority: 0, passes: 0 });
    let brace = hand_index(&g, &s, 0, "brace");
    let heat = hand_index(&g, &s, 0, "rising_heat");
    let l = legal(&g, &s);
    assert!(l.contains(&A::Play(heat)) && l.contains(&A::Use(0, 0)), "{l:?}");
    assert!(!l.contains(&A::Play(brace)), "Brace (the attack against you) is not for the attacker: {l:?}");
    act(&g, &mut s, A::Use(0, 0)); // Training Regimen: damage +1 on its user's attack
    let damage = s.attack.unwrap().damage;
    assert_eq!(s.phase, Phase::Enhance { priority: 1, passes: 0 });
    let l = legal(&g, &s);
    assert!(
        !l.contains(&A::Use(0, 0)),
        "the defender's Training Regimen (your attack) is not for the attack against it: {l:?}"
    );
    assert!(
        l.contains(&A::Use(1, 0)) && l.contains(&A::Use(g.ids.char_source as u16, 0)) && l.contains(&A::Play(0)),
        "{l:?}"
    );
    act(&g, &mut s, A::Use(1, 0)); // Still Waters: damage -1 on the attack against its user
    assert_eq!(s.attack.unwrap().damage, damage - 1);
    // The texts say whose attack.
    let view = s.view(&g, Some(0)).to_string();
    assert!(view.contains("enhance (your attack) commit: damage +1"), "{view}");
    assert!(view.contains("enhance (the attack against you): damage -2"), "{view}");
    let regimen = g.content.card(id(&g, "training_regimen"));
    assert_eq!(regimen.abilities[0].text(), "enhance (your attack) commit: damage +1");
    let brace_card = g.content.card(id(&g, "brace"));
    assert_eq!(brace_card.abilities[0].text(), "enhance (the attack against you): damage -2");
}

// UFX-10: the content says whose attack, and the loader holds it to that.
#[test]
fn ufx_10_attack_effects_must_name_whose_attack() {
    let card = |ability: &str| {
        format!(
        "[[card]]\nid = \"x_test\"\nname = \"X\"\ntype = \"action\"\ndifficulty = 1\ncontrol = 5\nsymbols = [\"fire\", \"air\", \"void\"]\n[[card.ability]]\ntrigger = \"enhance\"\n{ability}\n"
    )
    };
    let load = |ability: &str| {
        let mut c = Content::builtin();
        c.add_cards("x.toml", &card(ability)).map(|_| ()).map_err(|e| e.to_string())
    };
    load("effect = [\"damage +1\"]\nattack = \"yours\"").unwrap();
    load("effect = [\"damage -1\"]\nattack = \"theirs\"").unwrap();
    let e = load("effect = [\"damage +1\"]").unwrap_err();
    assert!(e.contains("ability[0].attack") && e.contains("whose attack"), "{e}");
    let e = load("effect = [\"draw 1\"]\nattack = \"yours\"").unwrap_err();
    assert!(e.contains("ability[0].attack") && e.contains("has none"), "{e}");
    let e = load("effect = [\"speed +1\"]\nattack = \"mine\"").unwrap_err();
    assert!(e.contains("mine"), "{e}");
}

// UFX-1
#[test]
fn ufx_1_symbol_match_every_needs_the_character_and_every_pool_card() {
    let options =
        UfsOptions { infinity: [Some(Symbol::Water), None], symbol_match: SymbolMatch::Every, ..Default::default() };
    let g = brann_plus(&["wave_palm"], options);
    let mut s = start(&g);
    set_hand(&g, &mut s, 0, &["wave_palm", "iron_resolve", "ember_wraps"]);
    set_top(&g, &mut s, 0, &["training_regimen"]);
    play(&g, &mut s, 0, "iron_resolve");
    // Wave Palm still shares nothing with the character; Ember Wraps (fire, all) shares "all"
    // with the character and with Iron Resolve.
    assert_eq!(legal(&g, &s), vec![A::Play(1), A::Pass]);
}

// UF-8.10 (enhance actions are not forms), UFX-5, UFX-16
#[test]
fn ufx_5_a_failed_enhance_action_does_not_end_the_phase() {
    let g = game();
    let mut s = start(&g);
    set_hand(&g, &mut s, 0, &["quick_jab", "rising_heat"]);
    set_top(&g, &mut s, 0, &["burning_ring", "training_regimen"]);
    play(&g, &mut s, 0, "quick_jab");
    s.sides[0].breaker = 3; // 2 + 1 + 3 = 6 against 4
    act(&g, &mut s, A::Play(0));
    assert_eq!(names(&g, s.sides[0].discard().iter()).last().unwrap(), "rising_heat");
    assert_eq!(s.phase, Phase::Enhance { priority: 1, passes: 0 });
    act(&g, &mut s, A::Pass); // P1 passes, P0 has nothing left: no block, damage
    assert_eq!(s.phase, Phase::Combat);
    assert_eq!(s.active, 0);
}

// UFX-8 (a variant, not in the seed)
#[test]
fn ufx_8_the_turn_limit_variant_draws_the_game() {
    let g = Ufs::new(UfsOptions { first_player: Some(0), max_turns: Some(2), ..Default::default() }).unwrap();
    assert!(g.length_bounded_by_rules());
    let mut s = start(&g);
    assert!(s.render(&g).contains("UFS | turn 1 of at most 2 |"));
    act(&g, &mut s, A::Pass);
    set_hand(&g, &mut s, 1, &[]);
    if s.phase == Phase::Review {
        act(&g, &mut s, A::Pass);
    }
    act(&g, &mut s, A::Pass);
    assert_eq!(s.result, Some([0, 0]));
    assert!(s.is_terminal());
    // The variant's turn range guards loaded states.
    let mut late = start(&g);
    late.turn = 3;
    assert!(late.validate(&g).unwrap_err().to_string().contains("max_turns"));
}

// UFX-11: a capacity is never a rule. 「ディスカード： 無し（ただし上限値までしか補充できない）。」 (no discard;
// only the refill stops at the hand size): a draw effect draws past the hand size, however big the
// hand. The hand holds a whole deck, so it is never full: a "draw 2" into 12 cards draws both.
#[test]
fn ufx_11_a_draw_is_never_cut_by_the_hand() {
    let g = game();
    let mut s = start(&g);
    let twelve = [
        "quick_jab",
        "quick_jab",
        "quick_jab",
        "quick_jab",
        "low_sweep",
        "low_sweep",
        "low_sweep",
        "low_sweep",
        "brace",
        "brace",
        "brace",
        "reckless_charge",
    ];
    set_hand(&g, &mut s, 0, &twelve);
    set_top(&g, &mut s, 0, &["training_regimen", "iron_resolve", "training_regimen"]);
    play(&g, &mut s, 0, "reckless_charge"); // draw 2 into a hand of 11
    assert_eq!(s.sides[0].hand().len(), 13);
    // Every card of the deck in one hand still fits.
    let all: Vec<CardId> = s.sides[0].deck().iter().collect();
    let n = s.sides[0].hand().len() + all.len();
    for c in all {
        s.sides[0].hand_mut().push(c);
    }
    s.sides[0].deck_mut().clear();
    assert_eq!(s.sides[0].hand().len(), n);
    assert!(n > 50);
}

// UFX-11: a foundation that passed its check is staged at the end phase, however many are
// staged already: 24 staged and a 25th joins them. The staging area holds as many foundations
// and assets as a deck may hold (a loader capacity), so it is never full.
#[test]
fn ufx_11_a_25th_foundation_is_staged_not_discarded() {
    let (g, mut s) = brann_with_24_foundations_staged();
    let c = take(&g, &mut s, 0, "grave_sigil");
    s.sides[0].pool_mut().push(Slot::new(c));
    s.validate(&g).unwrap();
    act(&g, &mut s, A::Pass); // end the combat phase: the pool's foundation is staged
    assert_eq!(s.sides[0].staging().len(), 25);
    assert!(s.sides[0].staging().cards().any(|x| x == c));
    assert!(!s.sides[0].discard().iter().any(|x| x == c));
}

// UFX-11, the card pool (a capacity, not a rule). Progressive difficulty makes each card in the
// pool harder to control (「プログレッシブ難易度」), but nothing caps what a check may add: every ready
// foundation commits for +1 (UF-8.7) and ready effects stand them up again. With 24 foundations
// staged, a 17th card enters the pool and is controlled; the pool holds a whole deck (its cards
// are its player's own), so no play is ever refused for room.
#[test]
fn ufx_11_a_17th_card_enters_the_pool() {
    let (g, mut s) = brann_with_24_foundations_staged();
    set_hand(&g, &mut s, 0, &["grave_sigil"]);
    for _ in 0..16 {
        // The turn's earlier plays: attacks and actions off the deck's bottom.
        let i = s.sides[0]
            .deck()
            .iter()
            .position(|x| matches!(g.content.card(x).kind, Kind::Attack | Kind::Action))
            .unwrap();
        let c = s.sides[0].deck_mut().remove(i);
        s.sides[0].pool_mut().push(c);
    }
    set_top(&g, &mut s, 0, &["quick_jab"]); // control 6
    s.validate(&g).unwrap();
    assert!(legal(&g, &s).contains(&A::Play(0)), "{:?}", legal(&g, &s));
    act(&g, &mut s, A::Play(0));
    assert_eq!(s.phase, Phase::Check);
    while s.phase == Phase::Check {
        let commit =
            legal(&g, &s).into_iter().find(|a| matches!(a, A::Commit(_))).expect("a ready foundation to commit");
        act(&g, &mut s, commit);
    }
    assert_eq!(s.sides[0].pool().len(), 17);
    assert_eq!(s.sides[0].pool().cards().last(), Some(id(&g, "grave_sigil")));
}

// UFX-11. 「デッキ枚数： 60枚以上。」 (60 cards or more) sets no maximum, 「同一カードはデッキに 4枚まで。」
// no other: a deck past 100 cards, with more than 40 foundations and assets or more than 8
// character cards, is legal.
#[test]
fn ufx_11_no_deck_size_is_refused_by_a_capacity() {
    let g = game();
    let permanents: Vec<String> = g
        .content
        .cards
        .iter()
        .filter(|c| matches!(c.kind, Kind::Foundation | Kind::Asset))
        .map(|c| c.id.clone())
        .collect();
    let others: Vec<String> = g
        .content
        .cards
        .iter()
        .filter(|c| matches!(c.kind, Kind::Attack | Kind::Action))
        .map(|c| c.id.clone())
        .collect();
    let fours = |ids: &[String], n: usize| -> Vec<String> {
        ids.iter().flat_map(|c| std::iter::repeat_n(c.clone(), 4)).take(n).collect()
    };
    let deck = |n_perm: usize, n_other: usize| {
        let mut d = vec!["brann_kestrel".to_string()];
        d.extend(fours(&permanents, n_perm));
        d.extend(fours(&others, n_other));
        d
    };
    // 101 cards, legal by every rule of the seed.
    let big = deck(30, 70);
    assert_eq!(big.len(), 101);
    g.validate_deck(&big, &[], None).unwrap();
    // 41 foundations and assets.
    g.validate_deck(&deck(41, 30), &[], None).unwrap();
    // 9 character cards: the starting one and 4 each of two more.
    let mut chars = deck(20, 40);
    chars.extend(
        [
            "brann_ashen_fist",
            "brann_ashen_fist",
            "brann_ashen_fist",
            "brann_ashen_fist",
            "isolde_marr",
            "isolde_marr",
            "isolde_marr",
            "isolde_marr",
        ]
        .map(String::from),
    );
    g.validate_deck(&chars, &[], None).unwrap();
}

// UFX-12, UF-9.3
#[test]
fn ufx_12_the_momentum_effect_takes_the_top_of_the_discard_pile() {
    let g = game();
    let mut s = start(&g);
    stage(&g, &mut s, 0, "burning_ring"); // damage: momentum 1
    let d = take(&g, &mut s, 0, "brace");
    s.sides[0].discard_mut().push(d);
    s.sides[1].character_mut().into_slice()[0].set_committed(true);
    set_hand(&g, &mut s, 0, &["quick_jab"]);
    set_top(&g, &mut s, 0, &["ember_wraps"]);
    play(&g, &mut s, 0, "quick_jab");
    // The flipped Ember Wraps went on top of the discard pile: it becomes momentum.
    assert_eq!(names(&g, s.sides[0].momentum().iter()), ["ember_wraps"]);
    assert_eq!(names(&g, s.sides[0].discard().iter()), ["brace"]);
}

// UFX-15, UFX-10
#[test]
fn ufx_15_damage_lowered_to_zero_is_no_damage() {
    let g = game();
    let mut s = start(&g);
    set_hand(&g, &mut s, 0, &["quick_jab"]);
    set_hand(&g, &mut s, 1, &["brace"]);
    s.sides[1].character_mut().into_slice()[0].set_committed(true);
    set_top(&g, &mut s, 0, &["training_regimen"]);
    set_top(&g, &mut s, 1, &["tidal_focus", "tidal_focus"]);
    play(&g, &mut s, 0, "quick_jab");
    assert_eq!(s.phase, Phase::Enhance { priority: 1, passes: 1 });
    act(&g, &mut s, A::Play(0)); // Brace: damage -2 on a 2-damage attack
                                 // Nobody has anything more and P1 has no block card left: the damage step deals 0.
    assert_eq!(s.phase, Phase::Combat);
    assert_eq!(s.sides[1].vitality, 20);
    assert!(!s.sides[0].pool().as_slice()[0].damaged());
}

// UFX-17
#[test]
fn ufx_17_identical_copies_give_one_action() {
    let g = game();
    let mut s = start(&g);
    set_hand(&g, &mut s, 0, &["quick_jab", "quick_jab", "ember_wraps"]);
    assert_eq!(legal(&g, &s), vec![A::Play(0), A::Play(2), A::Pass]);
    stage(&g, &mut s, 0, "furnace_stance");
    stage(&g, &mut s, 0, "furnace_stance");
    let uses: Vec<A> = legal(&g, &s).into_iter().filter(|a| matches!(a, A::Use(..))).collect();
    assert_eq!(uses, vec![A::Use(0, 0)]);
    act(&g, &mut s, A::Use(0, 0));
    let uses: Vec<A> = legal(&g, &s).into_iter().filter(|a| matches!(a, A::Use(..))).collect();
    assert_eq!(uses, vec![A::Use(1, 0)], "the copies now differ");
}

// UFX-17: the hand listings skip their scan for an earlier copy when no earlier card shares the
// card id's bit in a 64-bit set; two different cards whose ids are 64 apart share it and must
// both be offered. The review step offers every distinct hand card (the cards are put in the
// hand directly: no deck holds both).
#[test]
fn ufx_17_cards_whose_ids_share_a_bit_are_still_distinct() {
    let g = game();
    let mut s = start(&g);
    s.phase = Phase::Review;
    for c in [0, 64, 0, 64, 1] {
        s.sides[0].hand_mut().push(CardId(c));
    }
    let discards: Vec<A> = legal(&g, &s).into_iter().filter(|x| matches!(x, A::Discard(_))).collect();
    assert_eq!(discards, vec![A::Discard(0), A::Discard(1), A::Discard(4)]);
}
