//! Whole games: conformance runs, game length, capacities, balance checks and the rest.

use super::*;

// Keyword Combo
#[test]
fn keyword_combo_needs_the_listed_trait_right_before() {
    let g = game();
    let mut s = start(&g);
    // The defender holds nothing and has nothing ready: neither asked to enhance nor to block.
    s.sides[1].character_mut().into_slice()[0].set_committed(true);
    set_hand(&g, &mut s, 1, &[]);
    set_hand(&g, &mut s, 0, &["quick_jab", "cinder_jab"]);
    set_top(&g, &mut s, 0, &["training_regimen", "ember_wraps"]);
    play(&g, &mut s, 0, "quick_jab"); // a punch
    act(&g, &mut s, A::Pass); // P0 still holds Cinder Jab, so it is asked to enhance (UFX-13)
    assert_eq!(s.phase, Phase::Combat, "resolved unblocked");
    s.sides[1].character_mut().into_slice()[0].set_committed(true);
    play(&g, &mut s, 0, "cinder_jab"); // 3 + 1 = 4 against 6
    assert_eq!(s.sides[1].vitality, 20 - 2 - 5, "Combo (punch): damage 3 + 2");
    // Without a punch before it, no bonus.
    let mut s = start(&g);
    s.sides[1].character_mut().into_slice()[0].set_committed(true);
    set_hand(&g, &mut s, 1, &[]);
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
    s.sides[1].character_mut().into_slice()[0].set_committed(true);
    s.sides[1].staging_mut().into_slice()[1].set_committed(true);
    set_hand(&g, &mut s, 0, &["low_sweep"]);
    set_top(&g, &mut s, 0, &["training_regimen"]);
    play(&g, &mut s, 0, "low_sweep");
    assert_eq!(s.phase, Phase::Combat);
    assert!(s.sides[1].staging().as_slice()[0].committed(), "stun 1 commits the first ready foundation");
}

/// Every clause of the rules summary has a row in `docs/rules/ufs.md`, and every test that row
/// names exists in this file.
#[test]
fn docs_name_a_real_test_for_every_clause() {
    const DOC: &str = include_str!("../../../../../../docs/rules/ufs.md");
    const TESTS: &str = concat!(
        include_str!("clauses_attack.rs"),
        include_str!("clauses_turn.rs"),
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

/// The figures of the capacity change: the state's inline size, one clone, random games per
/// second (run with `--ignored --nocapture`; timings, so not part of the suite).
#[test]
#[ignore]
fn ufx_capacity_figures() {
    use std::time::Instant;
    let g = game();
    let mut s = g.new_state(3);
    let mut rng = crate::core::Rng::new(5);
    let mut out = ActionList::new();
    for _ in 0..60 {
        s.legal_actions(&g, &mut out);
        if out.is_empty() {
            break;
        }
        let a = out[rng.below(out.len() as u32) as usize];
        s.apply(&g, a).unwrap();
    }
    let n = 200_000;
    let t = Instant::now();
    for _ in 0..n {
        std::hint::black_box(std::hint::black_box(&s).clone());
    }
    let clone_ns = t.elapsed().as_nanos() as f64 / n as f64;
    let t = Instant::now();
    let (mut games, mut steps) = (0u64, 0u64);
    while t.elapsed().as_secs_f64() < 3.0 {
        let mut s = g.new_state(games);
        while s.current_player().is_some() && steps < u64::MAX {
            s.legal_actions(&g, &mut out);
            let a = out[rng.below(out.len() as u32) as usize];
            s.apply(&g, a).unwrap();
            steps += 1;
        }
        games += 1;
    }
    let secs = t.elapsed().as_secs_f64();
    let mut obs = vec![0.0; g.observation_len()];
    let t = Instant::now();
    for _ in 0..n {
        s.observation(&g, 0, std::hint::black_box(&mut obs));
    }
    let obs_ns = t.elapsed().as_nanos() as f64 / n as f64;
    let heap: usize = s.sides.iter().map(|x| x.all_cards().count() * std::mem::size_of::<Slot>()).sum();
    println!(
        "UFS: state {} bytes inline + {heap} in the arenas, clone {clone_ns:.0} ns, observation ({} values) {obs_ns:.0} ns, {:.0} random games/s, {:.2e} steps/s",
        std::mem::size_of::<UfsState>(),
        g.observation_len(),
        games as f64 / secs,
        steps as f64 / secs
    );
}

/// A deck of `cards` (id, copies) behind Brann Kestrel, against Isolde's preset.
fn deck_game(cards: &[(&str, usize)]) -> Result<Ufs, GameError> {
    let mut list = vec!["brann_kestrel".to_string()];
    for (c, n) in cards {
        list.extend(std::iter::repeat_n(c.to_string(), *n));
    }
    Ufs::new(UfsOptions { decks: [DeckChoice::List(list), DeckChoice::Preset("isolde".into())], ..Default::default() })
}

/// Random play to the end, within the run's bound.
fn plays_to_an_end(g: &Ufs, seed: u64) {
    let mut s = g.new_state(seed);
    let mut rng = crate::core::Rng::new(seed);
    let mut out = ActionList::new();
    for _ in 0..g.max_game_length() {
        if s.current_player().is_none() {
            return;
        }
        s.legal_actions(g, &mut out);
        assert!(!out.is_empty(), "a live state with no legal action");
        let a = out[rng.below(out.len() as u32) as usize];
        s.apply(g, a).unwrap();
    }
    panic!("no end within the run's bound");
}

// UF-2.1, UF-2.2, UFX-11: 「デッキ枚数： 60枚以上。」「同一カードはデッキに 4枚まで。」 and no upper bound:
// a deck with 44 foundations and assets, one with 9 character cards and one of 117 cards play.
#[test]
fn ufx_11_every_zone_holds_what_a_legal_deck_brings() {
    let staged = [
        ("training_regimen", 4),
        ("iron_resolve", 4),
        ("ember_wraps", 4),
        ("furnace_stance", 4),
        ("burning_ring", 4),
        ("tidal_focus", 4),
        ("still_waters", 4),
        ("healing_spring", 4),
        ("grave_sigil", 4),
        ("hollow_pact", 4),
        ("soul_furnace", 4),
    ];
    let attacks = [("quick_jab", 4), ("low_sweep", 4), ("cinder_jab", 4), ("blaze_hook", 4)];
    let forty_four: Vec<(&str, usize)> = staged.iter().chain(&attacks).copied().collect();
    let nine_characters = [
        ("brann_ashen_fist", 4),
        ("isolde_marr", 4),
        ("training_regimen", 4),
        ("iron_resolve", 4),
        ("quick_jab", 4),
        ("low_sweep", 4),
        ("brace", 4),
        ("second_wind", 4),
        ("ember_wraps", 4),
        ("furnace_stance", 4),
        ("cinder_jab", 4),
        ("blaze_hook", 4),
        ("magma_knee", 4),
        ("fire_breaker", 4),
        ("burning_ring", 4),
    ];
    let more: [(&str, usize); 14] = [
        ("hollow_throne", 4),
        ("wind_step", 4),
        ("stone_root", 4),
        ("sky_temple", 4),
        ("magma_knee", 4),
        ("fire_breaker", 4),
        ("ashen_palm", 4),
        ("wave_palm", 4),
        ("riptide_sweep", 4),
        ("crashing_tide", 4),
        ("undertow_throw", 4),
        ("brace", 4),
        ("second_wind", 4),
        ("shade_claw", 4),
    ];
    let big: Vec<(&str, usize)> = forty_four.iter().chain(&more).copied().collect();
    for (name, deck, size) in
        [("44 staged", forty_four, 61), ("9 characters", nine_characters.to_vec(), 61), ("117 cards", big, 117)]
    {
        let g = deck_game(&deck).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(g.decks[0].len() + 1, size, "{name}");
        for seed in 0..4 {
            plays_to_an_end(&g, seed);
        }
    }
}

// UFX-11: only a list no legal deck can be is refused, where it arrives, naming the limit.
#[test]
fn ufx_11_a_hostile_deck_size_is_refused_naming_the_limit() {
    let e = deck_game(&[("quick_jab", 2_000_000)]).unwrap_err().to_string();
    assert!(e.contains("at most 16384"), "{e}");
}

// UF-3.4, UFX-3, UFX-19: 「デッキが尽きた瞬間に捨て札を再使用するが、その際にデッキの上から10枚が除外される。」 The reused
// deck is the public discard pile less ten cards: every world keeps its contents (those still in
// the deck and those drawn from it since).
#[test]
fn uf_3_4_determinize_keeps_the_reused_decks_contents() {
    let g = game();
    let mut rng = crate::core::Rng::new(9);
    let mut out = ActionList::new();
    let reused = |s: &UfsState| {
        let side = &s.sides[1];
        let hand: Vec<CardId> = side.hand().iter().collect();
        let mut v: Vec<CardId> =
            side.deck().iter().chain(hand[hand.len() - side.drawn_since_relief as usize..].iter().copied()).collect();
        v.sort_unstable();
        v
    };
    let mut checked = 0;
    for seed in 0..40 {
        let mut s = g.new_state(seed);
        while s.current_player().is_some() && checked < 200 {
            if !s.sides[1].removed().is_empty() {
                for k in 0..10 {
                    assert_eq!(reused(&s.determinize(&g, 0, k)), reused(&s), "world {k}");
                }
                checked += 1;
            }
            s.legal_actions(&g, &mut out);
            let a = out[rng.below(out.len() as u32) as usize];
            s.apply(&g, a).unwrap();
        }
    }
    assert!(checked > 0, "no game reached a relief");
}

/// A hash of anything hashable.
fn hash_of(x: &impl std::hash::Hash) -> u64 {
    use std::hash::Hasher;
    let mut h = std::collections::hash_map::DefaultHasher::new();
    x.hash(&mut h);
    h.finish()
}

// The information contract: one observation of the player to move gives one information string
// and one set of legal ids with one text each, and one information string one observation.
#[test]
fn ufx_the_movers_observation_explains_its_information_and_actions() {
    use std::collections::HashMap;
    let g = game();
    let mut by_obs: HashMap<u64, (u64, u64)> = HashMap::new();
    let mut by_info: HashMap<u64, u64> = HashMap::new();
    let mut rng = crate::core::Rng::new(4);
    let mut out = ActionList::new();
    let mut obs = vec![0.0; g.observation_len()];
    for seed in 0..60 {
        let mut s = g.new_state(seed);
        while let Some(p) = s.current_player() {
            s.observation(&g, p, &mut obs);
            let o = hash_of(&obs.iter().map(|x| x.to_bits()).collect::<Vec<_>>());
            let info = hash_of(&s.information_state_string(&g, p));
            s.legal_actions(&g, &mut out);
            let legal = hash_of(&out.iter().map(|&a| (a, s.action_to_string(&g, a))).collect::<Vec<_>>());
            assert_eq!(*by_obs.entry(o).or_insert((info, legal)), (info, legal), "{}", s.render(&g));
            assert_eq!(*by_info.entry(info).or_insert(o), o, "{}", s.render(&g));
            let a = out[rng.below(out.len() as u32) as usize];
            s.apply(&g, a).unwrap();
        }
    }
}
