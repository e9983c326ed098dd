//! Whole games: conformance runs, game length, capacities, balance checks and the rest.

use super::*;

// Keyword Combo
#[test]
fn keyword_combo_needs_the_listed_trait_right_before() {
    let g = game();
    let mut s = start(&g);
    s.sides[1].character.as_mut_slice()[0].set_committed(true);
    set_hand(&g, &mut s, 0, &["quick_jab", "cinder_jab"]);
    set_top(&g, &mut s, 0, &["training_regimen", "ember_wraps"]);
    play(&g, &mut s, 0, "quick_jab"); // a punch; resolves unblocked
    assert_eq!(s.phase, Phase::Combat);
    s.sides[1].character.as_mut_slice()[0].set_committed(true);
    play(&g, &mut s, 0, "cinder_jab"); // 3 + 1 = 4 against 6
    assert_eq!(s.sides[1].vitality, 20 - 2 - 5, "Combo (punch): damage 3 + 2");
    // Without a punch before it, no bonus.
    let mut s = start(&g);
    s.sides[1].character.as_mut_slice()[0].set_committed(true);
    set_hand(&g, &mut s, 0, &["cinder_jab"]);
    set_top(&g, &mut s, 0, &["training_regimen"]);
    play(&g, &mut s, 0, "cinder_jab");
    assert_eq!(s.sides[1].vitality, 17);
}

// Keyword Desperation
#[test]
fn keyword_desperation_works_below_half_vitality() {
    let g = game();
    for (vitality, speed) in [(11, 3), (10, 5)] {
        let mut s = start(&g);
        s.sides[0].vitality = vitality;
        set_hand(&g, &mut s, 0, &["magma_knee"]);
        set_top(&g, &mut s, 0, &["training_regimen"]);
        play(&g, &mut s, 0, "magma_knee");
        assert_eq!(s.attack.unwrap().speed, speed, "vitality {vitality} of 22");
    }
}

// Keyword Breaker, UFX-16
#[test]
fn keyword_breaker_raises_the_attackers_next_difficulty() {
    let g = game();
    let (_, mut s) = block_step(&["serene_guard"]); // Breaker 2, mid block
                                                    // 1 + 0 + 5 - 3 = 3 against 6: partial block (mid against high).
    set_top(&g, &mut s, 1, &["tidal_focus"]);
    act(&g, &mut s, A::Block(0));
    assert_eq!(s.sides[1].vitality, 18);
    assert_eq!(s.sides[0].breaker, 2);
    set_hand(&g, &mut s, 0, &["ember_wraps"]);
    set_top(&g, &mut s, 0, &["furnace_stance"]);
    play(&g, &mut s, 0, "ember_wraps"); // 1 + 1 progressive + 2 breaker = 4 against 5
    assert_eq!(s.sides[0].breaker, 0, "spent on the next card");
    assert_eq!(s.phase, Phase::Combat);
    let mut s2 = s.clone();
    s2.sides[0].breaker = 3;
    set_hand(&g, &mut s2, 0, &["training_regimen"]);
    set_top(&g, &mut s2, 0, &["furnace_stance"]);
    play(&g, &mut s2, 0, "training_regimen"); // 1 + 2 + 3 = 6 against 5: fails
    assert_eq!(s2.phase, Phase::Momentum, "the phase ends; the damaging Cinder Jab may become momentum");
}

// Stun effect
#[test]
fn effect_stun_commits_the_opponents_ready_foundations() {
    let g = game();
    let mut s = start(&g);
    stage(&g, &mut s, 1, "tidal_focus");
    stage(&g, &mut s, 1, "still_waters");
    s.sides[1].character.as_mut_slice()[0].set_committed(true);
    s.sides[1].staging.as_mut_slice()[1].set_committed(true);
    set_hand(&g, &mut s, 0, &["low_sweep"]);
    set_top(&g, &mut s, 0, &["training_regimen"]);
    play(&g, &mut s, 0, "low_sweep");
    assert_eq!(s.phase, Phase::Combat);
    assert!(s.sides[1].staging.as_slice()[0].committed(), "stun 1 commits the first ready foundation");
}

/// Every clause of the rules summary has a row in `docs/rules/ufs.md`, and every test that row
/// names exists in this file.
#[test]
fn docs_name_a_real_test_for_every_clause() {
    const DOC: &str = include_str!("../../../../../../docs/rules/ufs.md");
    const TESTS: &str = concat!(
        include_str!("clauses.rs"),
        include_str!("choices.rs"),
        include_str!("views.rs"),
        include_str!("loading.rs"),
        include_str!("play.rs")
    );
    // (section, clauses) of the rules summary: UF-1.1..UF-1.3, UF-2.1..UF-2.8, …
    const CLAUSES: [(u8, u8); 12] =
        [(1, 3), (2, 8), (3, 7), (4, 6), (5, 3), (6, 13), (7, 4), (8, 10), (9, 4), (10, 9), (11, 12), (12, 4)];
    for (section, n) in CLAUSES {
        for k in 1..=n {
            let id = format!("UF-{section}.{k}");
            let row =
                DOC.lines().find(|l| l.starts_with(&format!("| {id} |"))).unwrap_or_else(|| panic!("no row for {id}"));
            let tests = row.trim_end_matches('|').rsplit('|').next().unwrap();
            let named: Vec<&str> = tests.split('`').skip(1).step_by(2).collect();
            assert!(!named.is_empty(), "{id} names no test");
            for t in named {
                assert!(TESTS.contains(&format!("fn {t}(")), "{id} names `{t}`, which is not a test here");
            }
        }
    }
}
