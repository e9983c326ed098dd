//! Whole games: conformance runs, game length, capacities, balance checks and the rest.

use super::*;

#[test]
fn copies_of_a_card_give_one_action() {
    let g = dojo();
    let s = setup(&g, (0, 0), (1, 0), &["kaito.straight", "kaito.straight", "kaito.body_blow"]);
    let plays: Vec<A> = legal(&g, &s).into_iter().filter(|a| matches!(a, A::Play(_))).collect();
    assert_eq!(plays, vec![A::Play(0), A::Play(2)]);
    let mut s = setup(&g, (0, 0), (1, 0), &["kaito.straight", "kaito.palm_strike", "kaito.spin_kick"]);
    act(&g, &mut s, A::Heat); // a 4th card, maybe a copy: each 3-card choice appears once
    let mut seen = std::collections::HashSet::new();
    for a in legal(&g, &s) {
        assert!(seen.insert(s.action_to_string(&g, a.encode())), "{a:?} repeats an action");
    }
}

#[test]
fn illegal_actions_are_rejected_and_change_nothing() {
    let g = dojo();
    let s = setup(&g, (0, 0), (1, 0), &["kaito.straight", "kaito.low_kick", "kaito.uppercut"]);
    for a in [A::Guess(Height::High).encode(), A::Play(5).encode(), 9999 as Action] {
        let mut t = s;
        assert!(matches!(t.apply(&g, a), Err(GameError::IllegalAction { .. })));
        assert_eq!(t, s);
    }
}

#[test]
fn conformance_suite_dojo_without_heat() {
    let g = game_with(|o| {
        o.heat = false;
        o.first_attacker = None;
        o.characters = ["vessa".into(), "marrow".into()];
    });
    check_random_games(&g, soak_size(Conformance { games: 3_000, ..Default::default() })).unwrap();
}

// TKX-3: with the timer on, no random game outlasts max_game_length (the suite fails one that
// does when the rules bound the length).
#[test]
fn conformance_suite_round_timer_variant() {
    let g = game_with(|o| {
        o.round_strings = Some(4);
        o.stage = "fault_line".into();
        o.first_attacker = None;
    });
    assert!(g.length_bounded_by_rules());
    check_random_games(&g, soak_size(Conformance { games: 2_000, seed: 3, deep_games: 50 })).unwrap();
}

#[test]
fn conformance_suite_every_character_pair() {
    let ids = ["rook", "vessa", "kaito", "marrow"];
    for a in ids {
        for b in ids {
            let g = game_with(|o| {
                o.characters = [a.into(), b.into()];
                o.stage = "fault_line".into();
                o.rounds_to_win = 1;
            });
            check_random_games(&g, soak_size(Conformance { games: 200, seed: 5, deep_games: 10 })).unwrap();
        }
    }
}
