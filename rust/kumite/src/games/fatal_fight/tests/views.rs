//! What players see: observations, texts, scenes, secrets and determinization.

use super::*;

/// The observation (docs "## Observation") is sized to the game: one slot per player, the
/// content's card and enemy types, as many carried-item entries as there are item types and
/// face-up entries as unique types, the boss skills in play; the observer's slot comes first.
#[test]
fn observation_sized_to_the_game_with_the_observer_first() {
    let (t, items, uniques, e) = (34, 5, 12, 16);
    let len = |n: usize, b: usize| 49 + n + 4 * b + n * (25 + 2 * t + items) + 5 * t + uniques + 12 * e;
    let variant =
        FatalFight::new(FatalFightOptions { players: 4, final_boss_variant: true, ..Default::default() }).unwrap();
    for (g, b, total) in [(game(2), 3, 633), (game(4), 3, 831), (variant, 6, 843)] {
        let n = g.n();
        let c = &g.content;
        assert_eq!((c.cards.len(), c.carry_types, c.unique_types, c.enemies.len()), (t, items, uniques, e));
        assert_eq!(g.observation_shape(), vec![total]);
        assert_eq!(len(n, b), total);
        let mut s = g.new_state(1);
        s.phase = Phase::Turn { player: 0 };
        for p in 0..n {
            s.players[p].life = p as i8 + 1;
        }
        give(&g, &mut s, 1, &["jab", "jab"]);
        let drink = card(&g, "energy_drink");
        s.players[1].carried.push(drink);
        let mut obs = vec![0.0; total];
        s.observation(&g, 1, &mut obs);
        // Player 0 acts: seat n - 1 relative to observer 1.
        assert_eq!(obs[6..6 + n].iter().position(|&x| x == 1.0), Some(n - 1));
        let slots = 37 + n + 4 * b;
        let slot = 25 + 2 * t + items;
        for k in 0..n {
            let p = (1 + k) % n;
            assert_eq!(obs[slots + k * slot], 1.0, "slot {k} present");
            assert_eq!(obs[slots + k * slot + 1], (p + 1) as f32 / 10.0, "slot {k} holds player {p}'s life");
        }
        let carried = &obs[slots + 25 + 2 * t..][..items];
        assert_eq!(
            carried[usize::from(c.carry_slot[usize::from(drink.0)])],
            1.0,
            "the observer's item, at its item slot"
        );
        assert_eq!(carried.iter().sum::<f32>(), 1.0);
        let hand = &obs[slots + n * slot..][..t];
        assert_eq!(hand[usize::from(card(&g, "jab").0)], 0.5, "the observer's hand counts follow the slots");
        assert_eq!(hand.iter().sum::<f32>(), 0.5);
        // The face-up uniques close the vector, before the removed counts.
        let row = &obs[total - t - uniques..][..uniques];
        let expected = s.unique_row.iter().flatten().count() as f32;
        assert_eq!(row.iter().sum::<f32>(), expected, "every face-up unique is counted in the unique block");
        for x in s.unique_row.iter().flatten() {
            assert!(row[usize::from(c.unique_slot[usize::from(x.0)])] >= 1.0);
        }
    }
}

/// The group block (docs "## Observation"): size/8, boss present, head one-hot, enemy counts.
/// The encoder reads a group's first slot whatever its size, so an emptied group (its slots
/// holding leftovers) and a boss at the head must still read right.
#[test]
fn observation_group_block_marks_head_boss_and_counts() {
    let g = game(2);
    let (t, items, uniques, e) = (34, 5, 12, 16);
    let mut s = g.new_state(1);
    let (a, b) = (CardId(3), CardId(7));
    for grp in &mut s.groups {
        grp.clear();
    }
    s.groups[0].push(a); // then emptied: a leftover in the head slot
    s.groups[0].pop();
    s.groups[1].push(a);
    for x in [BOSS, a, b] {
        s.groups[2].push(x);
    }
    for x in [b, BOSS, b, a, b] {
        s.groups[3].push(x);
    }
    let mut obs = vec![f32::NAN; g.observation_len()];
    s.observation(&g, 0, &mut obs);
    let start = 37 + 2 + 4 * 3 + 2 * (25 + 2 * t + items) + 3 * t;
    assert_eq!(obs.len() - start, 6 * (2 + 2 * e) + 2 * t + uniques, "the groups precede the market");
    let block = |k: usize| &obs[start + k * (2 + 2 * e)..][..2 + 2 * e];
    let expect = |size: f32, boss: bool, head: Option<CardId>, counts: &[(CardId, f32)]| {
        let mut v = vec![0.0; 2 + 2 * e];
        v[0] = size / 8.0;
        v[1] = f32::from(u8::from(boss));
        if let Some(h) = head {
            v[2 + usize::from(h.0)] = 1.0;
        }
        for &(x, n) in counts {
            v[2 + e + usize::from(x.0)] = n / 4.0;
        }
        v
    };
    assert_eq!(block(0), expect(0.0, false, None, &[]), "an emptied group reads empty");
    assert_eq!(block(1), expect(1.0, false, Some(a), &[(a, 1.0)]));
    assert_eq!(block(2), expect(3.0, true, None, &[(a, 1.0), (b, 1.0)]), "a boss head is no enemy head");
    assert_eq!(block(3), expect(5.0, true, Some(b), &[(a, 1.0), (b, 3.0)]));
    assert_eq!(block(5), expect(0.0, false, None, &[]));
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
