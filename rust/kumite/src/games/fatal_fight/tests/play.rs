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
    let mut s = base;
    s.players[1].life -= 3;
    assert!(value(&s) < v, "team life");
    let mut s = base;
    place(&g, &mut s, 1, &["street_punk"]);
    assert!(value(&s) < v, "enemies on the board");
    let mut s = base;
    s.pool = 6;
    assert!(value(&s) > v, "gold");
    let mut s = base;
    let smash = card(&g, "smash");
    s.shop.0[usize::from(smash.0)] -= 1;
    s.players[0].deck.push(smash);
    assert!(value(&s) > v, "cards: attack power owned");
    // The boss behind a bruiser: defeating the bruiser brings the boss within the hands' reach.
    let mut s = base;
    place(&g, &mut s, 4, &["bruiser"]);
    s.groups[4].push(BOSS);
    s.boss_present = true;
    s.boss_placed = true;
    let behind = value(&s);
    let mut t = s;
    let b = t.groups[4].remove(0);
    t.enemy_discard.push(b);
    assert!(value(&t) > behind, "enemies in front of the boss cleared");
    // Any position of the next stage beats any of this one.
    let mut next = base;
    next.stage = 1;
    for p in 0..2 {
        next.players[p].life = 1;
    }
    assert!(value(&next) > value(&base));
}

// The play and buy listings read sets of card types the game works out when it is built; over
// random campaigns of every party size they list exactly the types each card's own fields allow:
// FF-4.5 (「系統が設定されているものであれば、最初の１段階目しか購入できません」: a common of a
// line's first step, in stock, affordable, with room for a carried card), FF-4.7 (a carried card
// in hand is used without an action unless it is an `always` one), and a card's play costing an
// action, only attack cards inside an open chain and in a combination (FFX-5, FF-9.3).
#[test]
fn the_play_and_buy_listings_follow_each_cards_fields() {
    use crate::core::Rng;
    use crate::games::fatal_fight::content::{Kind, MAX_CARRY};
    for players in 1..=4u8 {
        let g = game(players);
        let mut rng = Rng::new(u64::from(players));
        for seed in 0..4 {
            let mut s = g.new_state(seed);
            for _ in 0..3000 {
                let listed = legal(&g, &s);
                if listed.is_empty() {
                    break;
                }
                let mut want = Vec::new();
                match s.phase {
                    Phase::Shop { player } => {
                        let p = &s.players[usize::from(player)];
                        for (t, c) in g.content.cards.iter().enumerate() {
                            let room = !c.carry || p.carried.len() < MAX_CARRY;
                            if s.shop.0[t] > 0
                                && c.kind == Kind::Common
                                && !c.later_step
                                && p.gold >= u32::from(c.cost)
                                && room
                            {
                                want.push(A::Buy(t as u8));
                            }
                        }
                    }
                    Phase::Turn { player } | Phase::Combination { player } => {
                        let p = &s.players[usize::from(player)];
                        let combination = matches!(s.phase, Phase::Combination { .. });
                        let chain_open = s.chain.hits > 0;
                        let mut held: Vec<u16> = p.hand.iter().map(|c| c.0).collect();
                        held.sort_unstable();
                        held.dedup();
                        for t in held {
                            let c = g.content.card(CardId(t));
                            let usable = if combination {
                                p.combo_left > 0 && c.attack
                            } else if c.carry {
                                !c.always
                            } else {
                                p.actions >= 1 && (!chain_open || c.attack)
                            };
                            if usable {
                                want.push(A::Play(t as u8));
                            }
                        }
                    }
                    _ => {}
                }
                let got: Vec<A> = listed.iter().copied().filter(|a| matches!(a, A::Buy(_) | A::Play(_))).collect();
                assert_eq!(got, want, "{:?}\n{}", s.phase, s.render(&g));
                let a = listed[rng.below(listed.len() as u32) as usize];
                act(&g, &mut s, a);
            }
        }
    }
}
