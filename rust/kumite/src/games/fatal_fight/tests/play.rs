//! Whole games: conformance runs, game length, capacities, balance checks and the rest.

use super::*;

#[test]
fn copies_of_a_card_give_one_action() {
    let g = game(1);
    let mut s = in_round(&g);
    give(&g, &mut s, 0, &["jab", "jab", "jab", "block"]);
    let plays = legal(&g, &s).into_iter().filter(|a| matches!(a, A::Play(_))).count();
    assert_eq!(plays, 2);
}

#[test]
fn conformance_suite_one_three_four_players_and_the_variant() {
    for players in [1, 3, 4] {
        check_random_games(&game(players), soak_size(Conformance { games: 1_500, seed: 3, deep_games: 60 })).unwrap();
    }
    for start_stage in 2..=4 {
        let g = FatalFight::new(FatalFightOptions {
            players: 2,
            final_boss_variant: true,
            start_stage,
            ..Default::default()
        })
        .unwrap();
        check_random_games(&g, soak_size(Conformance { games: 1_000, seed: 9, deep_games: 30 })).unwrap();
    }
    for players in [1, 4] {
        let g = FatalFight::new(FatalFightOptions { players, stage_rounds: Some(6), ..Default::default() }).unwrap();
        check_random_games(&g, soak_size(Conformance { games: 500, seed: 5, deep_games: 20 })).unwrap();
    }
}

/// The heuristic (docs "Heuristic") rises with each kind of progress and is shared by the team.
#[test]
fn heuristic_sees_stage_boss_enemies_life_cards_and_gold() {
    let g = game(2);
    let value = |s: &FatalFightState| {
        let mut out = [0.0f32; 2];
        assert!(s.heuristic(&g, &mut out));
        assert_eq!(out[0], out[1], "one value for the team");
        out[0]
    };
    let base = in_round(&g);
    let v = value(&base);
    let mut s = base.clone();
    s.players[1].life -= 3;
    assert!(value(&s) < v, "team life");
    let mut s = base.clone();
    place(&g, &mut s, 1, &["street_punk"]);
    assert!(value(&s) < v, "enemies on the board");
    let mut s = base.clone();
    s.pool = 6;
    assert!(value(&s) > v, "gold");
    let mut s = base.clone();
    let smash = card(&g, "smash");
    s.shop.0[usize::from(smash.0)] -= 1;
    s.players[0].deck.push(smash);
    assert!(value(&s) > v, "cards: attack power owned");
    // The boss behind a bruiser: defeating the bruiser brings the boss within the hands' reach.
    let mut s = base.clone();
    place(&g, &mut s, 4, &["bruiser"]);
    s.groups[4].push(BOSS);
    s.boss_present = true;
    s.boss_placed = true;
    let behind = value(&s);
    let mut t = s.clone();
    let b = t.groups[4].remove(0);
    t.enemy_discard.push(b);
    assert!(value(&t) > behind, "enemies in front of the boss cleared");
    // Any position of the next stage beats any of this one.
    let mut next = base.clone();
    next.stage = 1;
    for p in 0..2 {
        next.players[p].life = 1;
    }
    assert!(value(&next) > value(&base));
}
