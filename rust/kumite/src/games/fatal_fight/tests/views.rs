//! What players see: observations, texts, scenes, secrets and determinization.

use super::*;

/// The observation (docs "## Observation") is the public part, the same for every seat and in
/// table order, then the seat's private part; both sized to the game: one slot per player, the
/// content's card, item, unique, enemy and stage-card types, the boss skills in play.
#[test]
fn observation_is_public_in_table_order_then_private() {
    let (t, items, uniques, e, stages) = (34, 5, 12, 16, 28);
    let public = |n: usize, b: usize| {
        6 + 3 * n
            + 16
            + n
            + 11
            + 2 * stages
            + 13
            + 4 * b
            + 6
            + 1
            + 2 * e
            + n * (26 + 3 * t + 4 * items)
            + 6 * (1 + 16 * (e + 1))
            + 2 * t
            + 4 * uniques
            + 1
    };
    let variant =
        FatalFight::new(FatalFightOptions { players: 4, final_boss_variant: true, ..Default::default() }).unwrap();
    for (g, b, total) in [(game(2), 3, 2350), (game(4), 3, 2656), (variant, 6, 2668)] {
        let n = g.n();
        let c = &g.content;
        assert_eq!((c.cards.len(), c.carry_types, c.unique_types, c.enemies.len()), (t, items, uniques, e));
        assert_eq!(c.stages.len(), stages);
        assert_eq!(g.observation_shape(), vec![total]);
        assert_eq!(g.public_observation_len(), public(n, b));
        assert_eq!(g.public_observation_len() + n + 4 * t, total);
        let mut s = g.new_state(1);
        s.phase = Phase::Turn { player: 0 };
        for p in 0..n {
            s.players[p].life = p as i8 + 1;
        }
        give(&g, &mut s, 1, &["jab", "jab"]);
        let drink = card(&g, "energy_drink");
        s.players[1].carried.push(drink);
        let obs = |seat: usize| {
            let mut v = vec![0.0; total];
            s.observation(&g, seat, &mut v);
            v
        };
        let (o0, o1) = (obs(0), obs(1));
        let pl = g.public_observation_len();
        assert_eq!(o0[..pl], o1[..pl], "the public part is every seat's");
        assert_eq!(o1[pl..pl + n].iter().position(|&x| x == 1.0), Some(1), "the private part names the seat");
        // Player 0 acts: entry 0 of the "who acts" one-hot, whoever looks.
        assert_eq!(o1[6..6 + n].iter().position(|&x| x == 1.0), Some(0));
        let slot = 26 + 3 * t + 4 * items;
        let p0 = block(&g, "P0:");
        for p in 0..n {
            assert_eq!(o1[p0 + p * slot], 1.0, "slot {p} present");
            assert_eq!(o1[p0 + p * slot + 1], (p + 1) as f32 / 10.0, "slot {p} holds player {p}'s life");
        }
        let carried = &o1[p0 + slot + 26 + 3 * t..][..4 * items];
        assert_eq!(carried[usize::from(c.carry_slot[usize::from(drink.0)])], 1.0, "P1's first carried slot");
        assert_eq!(carried.iter().sum::<f32>(), 1.0);
        let hand = &o1[pl + n..][..t];
        assert_eq!(hand[usize::from(card(&g, "jab").0)], 0.5, "P1's hand, in its private part");
        assert_eq!(hand.iter().sum::<f32>(), 0.5);
        assert!(o0[pl + n..][..t].iter().all(|&x| x == 0.0), "P0's hand is empty");
        // The face-up uniques by slot: `buy unique` ids name slots, so the vector places them.
        let row = &o1[block(&g, "the shop") + t..][..4 * uniques];
        for (k, x) in s.unique_row.iter().enumerate() {
            let x = x.unwrap();
            assert_eq!(row[k * uniques + usize::from(c.unique_slot[usize::from(x.0)])], 1.0, "slot {k}");
        }
        assert_eq!(row.iter().sum::<f32>(), 4.0);
    }
}

// FF-5.7, FF-8.5, FF-12.8 and the observation: 「各リスポーン毎に、エネミー山から指定された数だけ引いて、
// 横並びに表向きで配置します」: a group stands face up in a row, and its order is what pierce
// (「差分を次の位置の敵に対して与えることができます」) and mass damage (「先頭から敵（ボスを除く）を捨て札にします」)
// follow. [Street Punk, Loot Carrier, Bruiser] and [Street Punk, Bruiser, Loot Carrier] hold the
// same enemies, yet one AP-3 pierce blow leaves [Bruiser] in the first and [Bruiser, Loot
// Carrier] in the second: every seat's observation and information string tell them apart.
#[test]
fn ff_5_7_ff_8_5_a_group_s_order_is_observed() {
    let g = game(2);
    let base = in_round(&g);
    let order = |names: &[&str]| {
        let mut s = base;
        place(&g, &mut s, 1, names);
        s.validate(&g).unwrap();
        s
    };
    let a = order(&["street_punk", "loot_carrier", "bruiser"]);
    let b = order(&["street_punk", "bruiser", "loot_carrier"]);
    for seat in 0..2 {
        let obs = |s: &FatalFightState| {
            let mut v = vec![0.0; g.observation_len()];
            s.observation(&g, seat, &mut v);
            v
        };
        assert_ne!(obs(&a), obs(&b), "seat {seat}");
        assert_ne!(a.information_state_string(&g, seat), b.information_state_string(&g, seat));
    }
    assert_ne!(a.public_observation_string(&g), b.public_observation_string(&g));
    // The group block places each member: the second place holds the Loot Carrier in `a`.
    let e = g.content.enemies.len();
    let mut v = vec![0.0; g.public_observation_len()];
    a.public_observation(&g, &mut v);
    let group1 = block(&g, "the enemy groups") + (1 + 16 * (e + 1));
    assert_eq!(v[group1], 3.0 / 8.0, "three members");
    let at = |k: usize, id: &str| v[group1 + 1 + k * (e + 1) + usize::from(enemy(&g, id).0)];
    assert_eq!((at(0, "street_punk"), at(1, "loot_carrier"), at(2, "bruiser")), (1.0, 1.0, 1.0));
    assert_eq!(at(1, "bruiser"), 0.0);
    // And the order matters: one AP-3 pierce blow (the player in the group's area, FF-7.4).
    let blow = |s: &FatalFightState| {
        let mut s = *s;
        let p = usize::from(s.order[0]);
        s.players[p].square = 1; // left middle: group 2's area and line
        s.chain = Chain { ap: 3, hits: 1, pierce: true, ..Default::default() };
        s.strike(&g, p, 1, &mut NoEvents);
        s.groups[1].iter().collect::<Vec<_>>()
    };
    assert_eq!(blow(&a), vec![enemy(&g, "bruiser")]);
    assert_eq!(blow(&b), vec![enemy(&g, "bruiser"), enemy(&g, "loot_carrier")]);
}

/// The viewer's drawing data (docs/viewer.md): other players' hands are card backs, the
/// spectator sees them; the board is the 3 × 3 grid.
#[test]
fn view_hides_other_hands() {
    let g = game(2);
    let s = g.new_state(5);
    let zone = |v: &serde_json::Value, id: &str| {
        v["zones"].as_array().unwrap().iter().find(|z| z["id"] == id).unwrap()["cards"].clone()
    };
    let p0 = s.view(&g, Some(0));
    assert_eq!(p0["board"]["cells"].as_array().unwrap().len(), 9);
    assert!(zone(&p0, "p1.hand").as_array().unwrap().iter().all(|c| c["hidden"] == true && c["name"].is_null()));
    let all = s.view(&g, None);
    assert!(zone(&all, "p1.hand").as_array().unwrap().iter().all(|c| c["name"].is_string()));
}

#[test]
fn hazard_damage_is_an_event() {
    // A hazard stage card's damage to every player is told as an event per player, with the life
    // before and after, so a player sees why lives fell.
    let g = game(2);
    let mut s = g.new_state(1);
    act(&g, &mut s, A::ShopDone);
    let hazard = g
        .content
        .stages
        .iter()
        .position(|c| c.stage == s.stage + 1 && matches!(c.gimmick, Gimmick::Hazard(_)))
        .unwrap();
    let Gimmick::Hazard(k) = g.content.stages[hazard].gimmick else { unreachable!() };
    let at = s.stage_pile.iter().position(|c| usize::from(c.0) == hazard).unwrap();
    let top = s.stage_pile.len() - 1;
    s.stage_pile.as_mut_slice().swap(at, top);
    let lives: Vec<i8> = s.players[..2].iter().map(|p| p.life).collect();
    let mut ev: Vec<crate::core::Event> = Vec::new();
    s.apply_unchecked(&g, A::ShopDone.encode(), &mut ev);
    let texts: Vec<String> = ev.iter().filter(|e| e.kind == "hazard").map(|e| e.to_string()).collect();
    let want: Vec<String> =
        (0..2).map(|p| format!("P{p} takes {k} hazard damage: life {} to {}", lives[p], lives[p] - k as i8)).collect();
    assert_eq!(texts, want);
    assert_eq!(s.players[0].life, lives[0] - k as i8);
}

/// The dead-text check (issue: "every printed effect of every shipped card … takes effect at
/// least sometimes"): teams of one to four (every character), from each start stage (every boss
/// and every enemy), random and MCTS; every text effect of every card in the game, every enemy
/// skill and every boss skill must take effect somewhere.
#[test]
fn dead_text_every_text_effect_and_skill_takes_effect() {
    let ids: Vec<String> = Content::builtin().characters.iter().map(|c| c.id.clone()).collect();
    let mut games = Vec::new();
    for players in 1..=4usize {
        for start_stage in 1..=4u8 {
            let characters = (0..players).map(|k| ids[(k + start_stage as usize) % ids.len()].clone()).collect();
            let options = FatalFightOptions { players: players as u8, characters, start_stage, ..Default::default() };
            games.push(FatalFight::new(options).unwrap());
        }
    }
    let report = crate::conformance::dead_text::dead_text_over(&games, 300, 0, 20, 7).unwrap();
    assert!(report.effects.len() > 20, "{} printed effects", report.effects.len());
    eprintln!("{}", report.rarest(12));
    report.all_took_effect().unwrap();
}
