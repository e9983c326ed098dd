//! Whole games: conformance runs, game length, capacities, balance checks and the rest.

use super::*;

#[test]
fn every_rule_path_comes_up_with_the_preset_decks() {
    // Each path of `RULE_PATHS` comes up in uniformly random games with the preset decks.
    let mut hits = [0; RULE_PATHS.len()];
    for o in path_configs() {
        for (h, x) in hits.iter_mut().zip(rule_path_hits(&game(o), 1_000)) {
            *h += x;
        }
    }
    let missing: Vec<&str> =
        RULE_PATHS.iter().zip(hits).take(REQUIRED_PATHS).filter(|(_, h)| *h == 0).map(|(p, _)| *p).collect();
    assert!(missing.is_empty(), "never came up in 3 × 1,000 games: {missing:?} (hits {hits:?})");
}

#[test]
fn conformance_two_players() {
    check_random_games(&game(json!({})), soak_size(Conformance { deep_games: 100, ..Conformance::default() })).unwrap();
}

#[test]
fn conformance_three_and_four_players_and_teams() {
    for o in [
        json!({"players": 3, "battlefield": "temple_court"}),
        json!({"players": 4, "battlefield": "open_field"}),
        json!({"players": 4, "teams": [0, 1, 0, 1], "battlefield": "temple_court", "friendly_fire": true}),
        json!({"setup": "fixed", "declare_order": "low_first"}),
    ] {
        check_random_games(
            &game(o.clone()),
            soak_size(Conformance { games: 10_000, deep_games: 25, ..Conformance::default() }),
        )
        .unwrap_or_else(|e| panic!("{o}: {e}"));
    }
}
