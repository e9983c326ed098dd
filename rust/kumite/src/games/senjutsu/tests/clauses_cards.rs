//! Scenario tests of the numbered clauses of `docs/rules/senjutsu.md` ("Clauses") on reading ability cards, movement and effects, defense and evade (SJ-5 to SJ-7),
//! each quoting the seed.

use super::*;

#[test]
fn sj_5_1_sj_8_1_highest_initiative_resolves_first() {
    // SJ-5.1, SJ-8.1
    let (g, mut s) = duel(json!({}));
    face_off(&mut s);
    s.samurai[0].wounds = 4;
    give(&g, &mut s, 0, &["straight_cut"]);
    give(&g, &mut s, 1, &["pommel_strike"]);
    let ev = select(&g, &mut s, &["Straight Cut", "Pommel Strike"]);
    assert!(has(&ev, "P0 is defeated"));
    assert_eq!(s.samurai[1].wounds, 0, "the faster attack ended it");
}

#[test]
fn sj_5_2_sj_13_5_dual_initiatives_are_declared_in_advantage_order() {
    // SJ-5.2, SJ-13.5, SJX-5. 「イニシアチブ値が変化する複数の能力カードが公開された場合、プレイヤーは
    // カードのイニシアチブ値を有利な順に宣言します。」(With several variable cards revealed, players
    // declare in order of advantage): by default the top of the track first.
    for (order, first) in [(None, 0u8), (Some("low_first"), 1u8), (Some("high_first"), 0u8)] {
        let (g, mut s) = duel(order.map_or(json!({}), |o| json!({ "declare_order": o })));
        give(&g, &mut s, 0, &["parry"]);
        give(&g, &mut s, 1, &["turtle_guard"]);
        select(&g, &mut s, &["Parry", "Turtle Guard"]);
        assert_eq!(s.phase, Phase::Declare(first), "{order:?}");
        let want: Vec<&str> =
            if first == 0 { vec!["initiative 4", "initiative 6"] } else { vec!["initiative 1", "initiative 8"] };
        assert_eq!(texts(&g, &s), want);
    }
}

#[test]
fn sj_5_3_sj_8_2_defense_then_attack_then_meditation_at_equal_initiative() {
    // SJ-1.4, SJ-5.3, SJ-8.2
    let (g, mut s) = duel(json!({}));
    face_off(&mut s);
    give(&g, &mut s, 0, &["straight_cut"]);
    give(&g, &mut s, 1, &["high_guard"]);
    let ev = select(&g, &mut s, &["Straight Cut", "High Guard"]);
    assert!(has(&ev, "P1 defends the attack"), "{ev:?}");
    assert_eq!(s.samurai[1].wounds, 0);
    let (g, mut s) = duel(json!({}));
    face_off(&mut s);
    give(&g, &mut s, 0, &["focus"]);
    give(&g, &mut s, 1, &["straight_cut"]);
    let ev = select(&g, &mut s, &["Focus", "Straight Cut"]);
    let a = ev.iter().position(|e| e.contains("P1 resolves Straight Cut")).unwrap();
    let m = ev.iter().position(|e| e.contains("P0 resolves Focus")).unwrap();
    assert!(a < m, "attack before meditation");
}

#[test]
fn sj_5_4_parts_resolve_top_to_bottom_at_their_initiatives() {
    // SJ-5.4
    let (g, mut s) = duel(json!({}));
    put(&mut s, 0, 3, 3, E);
    put(&mut s, 1, 5, 3, W);
    give(&g, &mut s, 0, &["twin_strikes"]);
    give(&g, &mut s, 1, &["lunge"]);
    let ev = select(&g, &mut s, &["Twin Strikes", "Lunge"]);
    let order: Vec<&String> = ev.iter().filter(|e| e.contains("resolves")).collect();
    assert!(order[0].contains("P0 resolves Twin Strikes part 1 at initiative 6"));
    assert!(order[1].contains("P1 resolves Lunge part 1 at initiative 4"));
    assert!(order[2].contains("P0 resolves Twin Strikes part 2 at initiative 3"));
    // [=]: Retreating Cut's step back follows its attack at once.
    let (g, mut s) = duel(json!({}));
    face_off(&mut s);
    give(&g, &mut s, 0, &["retreating_cut"]);
    give(&g, &mut s, 1, &["lunge"]);
    let ev = select(&g, &mut s, &["Retreating Cut", "Lunge"]);
    assert!(has(&ev, "P1 takes 1 wound"));
    assert_eq!(s.phase, Phase::Resolve(0), "P0 steps back before P1's lunge: {ev:?}");
    assert_eq!(texts(&g, &s), ["move SW to (2, 4)", "move W to (2, 3)", "move NW to (3, 2)", "pass"]);
}

#[test]
fn sj_5_8_sj_9_3_kamae_bonuses_and_kamae_cards() {
    // SJ-5.8, SJ-9.3, SJX-15
    for (node, wounded) in [(0u8, 0u8), (3, 1)] {
        let (g, mut s) = duel(json!({}));
        put(&mut s, 0, 3, 3, E);
        put(&mut s, 1, 5, 3, W);
        s.samurai[0].kamae = node;
        give(&g, &mut s, 0, &["straight_cut", "fury_cut"]);
        give(&g, &mut s, 1, &["focus"]);
        let can_fury = texts(&g, &s).contains(&"select Fury Cut".to_string());
        assert_eq!(can_fury, node == 3, "Fury Cut needs an aggression kamae");
        select(&g, &mut s, &["Straight Cut", "Focus"]);
        assert_eq!(s.samurai[1].wounds, wounded, "the aggression bonus reaches F.F");
    }
}

#[test]
fn sj_6_1_forced_moves_must_be_made() {
    // SJ-6.1, SJX-4
    let (g, mut s) = duel(json!({}));
    put(&mut s, 0, 3, 3, E);
    put(&mut s, 1, 5, 3, W);
    give(&g, &mut s, 0, &["lunge"]);
    give(&g, &mut s, 1, &["focus"]);
    let ev = select(&g, &mut s, &["Lunge", "Focus"]);
    assert!(has(&ev, "P0 moves E to (4, 3)"));
    assert_eq!(s.samurai[1].wounds, 1);
    // A forced move into a blocked hex is not made.
    let (g, mut s) = duel(json!({}));
    face_off(&mut s);
    give(&g, &mut s, 0, &["lunge"]);
    give(&g, &mut s, 1, &["focus"]);
    select(&g, &mut s, &["Lunge", "Focus"]);
    assert_eq!(s.samurai[0].pos, Hex::new(3, 3));
    assert_eq!(s.samurai[1].wounds, 1);
}

#[test]
fn sj_6_2_sj_6_3_optional_moves_and_rotation() {
    // SJ-6.2, SJ-6.3
    let (g, mut s) = duel(json!({}));
    put(&mut s, 0, 3, 3, E);
    put(&mut s, 1, 7, 1, W);
    give(&g, &mut s, 0, &["reposition"]);
    give(&g, &mut s, 1, &["focus"]);
    select(&g, &mut s, &["Reposition", "Focus"]);
    let t = texts(&g, &s);
    assert_eq!(t.len(), 7, "six steps or stop: {t:?}");
    act(&g, &mut s, "move E to (4, 3)");
    act(&g, &mut s, "pass");
    assert_eq!(texts(&g, &s), ["face E", "face SE", "face NE"]);
    act(&g, &mut s, "face NE");
    assert_eq!(s.samurai[0].facing, Direction::NORTH_EAST);
}

#[test]
fn sj_6_4_the_opponent_marker() {
    // SJ-6.4, SJX-8. 「対戦効果:このシンボルは、そのラインの次の効果が対戦相手に適用されることを示して
    // います。」(The opponent marker: the next effect on the line applies to the opponent.) In a duel
    // the opponent is the other samurai wherever it stands.
    let (g, mut s) = duel(json!({}));
    face_off(&mut s);
    give(&g, &mut s, 0, &["hooking_sweep"]);
    give(&g, &mut s, 1, &["focus"]);
    select(&g, &mut s, &["Hooking Sweep", "Focus"]);
    assert_eq!(texts(&g, &s), ["turn P1 to face SW", "turn P1 to face W", "turn P1 to face NW"]);
    act(&g, &mut s, "turn P1 to face NW");
    assert_eq!(s.samurai[1].facing, Direction::NORTH_WEST);
    // Road Dust with the opponent three hexes away still turns it.
    let (g, mut s) = duel(json!({"samurai": ["wanderer", "eager_student"]}));
    put(&mut s, 0, 1, 3, E);
    put(&mut s, 1, 4, 3, W);
    give(&g, &mut s, 0, &["road_dust"]);
    give(&g, &mut s, 1, &["focus"]);
    select(&g, &mut s, &["Road Dust", "Focus"]);
    act(&g, &mut s, "turn P1 to face NW");
    assert_eq!(s.samurai[1].facing, Direction::NORTH_WEST, "the opponent, not an adjacent one");
    // With several opponents the controller names one, adjacent or not (SJX-8).
    let g = game(json!({"players": 3, "setup": "fixed", "battlefield": "open_field"}));
    let mut s = g.new_state(1);
    face_off(&mut s);
    put(&mut s, 2, 6, 3, W);
    give(&g, &mut s, 0, &["hooking_sweep"]);
    give(&g, &mut s, 1, &["focus"]);
    give(&g, &mut s, 2, &["focus"]);
    select(&g, &mut s, &["Hooking Sweep", "Focus", "Focus"]);
    assert_eq!(texts(&g, &s), ["target P1", "target P2"]);
    act(&g, &mut s, "target P2");
    act(&g, &mut s, "turn P2 to face SW");
    assert_eq!(s.samurai[2].facing, Direction::SOUTH_WEST);
}

#[test]
fn sj_6_5_sj_6_6_push_only_on_a_hit_and_away_from_the_attacker() {
    // SJ-6.5, SJ-6.6, SJX-14
    let (g, mut s) = duel(json!({}));
    face_off(&mut s);
    give(&g, &mut s, 0, &["front_kick"]);
    give(&g, &mut s, 1, &["focus"]);
    select(&g, &mut s, &["Front Kick", "Focus"]);
    assert_eq!(texts(&g, &s), ["push P1 E to (5, 3)", "push P1 SE to (4, 4)", "push P1 NE to (5, 2)", "pass"]);
    act(&g, &mut s, "push P1 E to (5, 3)");
    act(&g, &mut s, "push P1 E to (6, 3)");
    assert_eq!(s.samurai[1].pos, Hex::new(6, 3));
    // Defended at the kick's initiative: no wound, no push.
    let (g, mut s) = duel(json!({}));
    face_off(&mut s);
    give(&g, &mut s, 0, &["front_kick"]);
    give(&g, &mut s, 1, &["parry"]);
    select(&g, &mut s, &["Front Kick", "Parry"]);
    let ev = act(&g, &mut s, "initiative 6");
    assert!(has(&ev, "P1 defends the attack") && !has(&ev, "pushed"));
    assert_eq!((s.samurai[1].wounds, s.samurai[1].pos), (0, Hex::new(4, 3)));
    assert_eq!(s.phase, Phase::Select(0), "no push decision");
}

#[test]
fn sj_7_1_to_7_5_defense_at_its_initiative_covering_target_attacker_or_between() {
    // SJ-7.1, SJ-7.2, SJ-7.3, SJ-7.4, SJ-7.5, SJX-13
    // Parry at 6 covers the attacker's hex: the kick at 6 is ignored, no push.
    let (g, mut s) = duel(json!({}));
    face_off(&mut s);
    give(&g, &mut s, 0, &["front_kick"]);
    give(&g, &mut s, 1, &["parry"]);
    select(&g, &mut s, &["Front Kick", "Parry"]);
    let ev = act(&g, &mut s, "initiative 6");
    assert!(has(&ev, "P1 defends the attack"));
    assert_eq!((s.samurai[1].wounds, s.samurai[1].pos), (0, Hex::new(4, 3)));
    // The same parry declared at 4 does not defend at 6 (SJ-7.5).
    let (g, mut s) = duel(json!({}));
    face_off(&mut s);
    give(&g, &mut s, 0, &["front_kick"]);
    give(&g, &mut s, 1, &["parry"]);
    select(&g, &mut s, &["Front Kick", "Parry"]);
    act(&g, &mut s, "initiative 4");
    assert_eq!(s.samurai[1].wounds, 1);
    // A reach attack is stopped by a defended hex between (SJ-7.4) but not from the side.
    for (facing, wounds) in [(W, 0), (Direction::NORTH_EAST, 1)] {
        let (g, mut s) = duel(json!({}));
        put(&mut s, 0, 3, 3, E);
        put(&mut s, 1, 5, 3, facing);
        give(&g, &mut s, 0, &["long_thrust"]);
        give(&g, &mut s, 1, &["parry"]);
        select(&g, &mut s, &["Long Thrust", "Parry"]);
        act(&g, &mut s, "initiative 4");
        if s.phase != Phase::Select(0) {
            act(&g, &mut s, "pass");
        }
        assert_eq!(s.samurai[1].wounds, wounds, "defender facing {}", facing.name());
    }
}

#[test]
fn sj_7_4_sjx_13_between_is_the_same_in_every_facing_and_mirror() {
    // SJ-7.4, SJX-13. 「さらに、攻撃対象のHEXと攻撃しているサムライの間にあるHEXを防御シンボルが覆っている
    // 場合、その攻撃も無視されます。」 (Moreover, if a defense symbol covers a hex between the target hex
    // and the attacking samurai, that attack is ignored too.) Long Reach hits F.FL and F.FR: the
    // two hexes F and FL (or F and FR) both touch attacker and target, and both lie between. The
    // answer must not depend on which way the attacker faces on the board, nor on left and right.
    for facing in Direction::ALL {
        for mirrored in [false, true] {
            // The side of the target, and the side hex between it and the attacker.
            let side = if mirrored { facing.rotate_cw(1) } else { facing.rotate_cw(5) };
            let other = if mirrored { facing.rotate_cw(5) } else { facing.rotate_cw(1) };
            let at = Hex::new(3, 3);
            let target = at.neighbor(facing).neighbor(side);
            for (covered, blocked) in
                [(at.neighbor(facing), true), (at.neighbor(side), true), (at.neighbor(other), false)]
            {
                let (g, mut s) = duel(json!({}));
                put(&mut s, 0, at.q, at.r, facing);
                put(&mut s, 1, target.q, target.r, facing);
                give(&g, &mut s, 0, &["long_reach"]);
                give(&g, &mut s, 1, &["focus"]);
                let mut d = state::Defense { speed: 3, ..Default::default() };
                d.add(g.battlefield().board.index_of(covered).expect("on the board"));
                s.samurai[1].defenses.push(d);
                select(&g, &mut s, &["Long Reach", "Focus"]);
                while !matches!(s.phase, Phase::Select(_) | Phase::Over) {
                    act(&g, &mut s, "pass");
                }
                let what = format!("facing {}, mirrored {mirrored}, defended {covered}", facing.name());
                assert_eq!(s.samurai[1].wounds, u8::from(!blocked), "{what}");
            }
        }
    }
}

#[test]
fn sj_7_2_sj_7_5_a_defense_holds_for_its_whole_initiative() {
    // SJ-7.2, SJ-7.5, SJX-20. 「対戦相手が防御効果と同じイニシアチブスピードで攻撃をおこなった場合、
    // この攻撃は無視されます。」(An attack made at the same initiative speed as the defense effect is
    // ignored.) 「そのHEXは防御側が選んだイニシアチブスピードでのみ防御されているとみなされます。」(The
    // hex is defended only at the initiative the defender chose.) Neither depends on the type of
    // the card the defense rides on, nor on who resolves first at that initiative.
    // Guarded Strike ([=] defense) on Steady Breath (meditation, 7): the Student's attack at 7
    // resolves first (attack before meditation) and is still ignored.
    let (g, mut s) = duel(json!({}));
    face_off(&mut s);
    give(&g, &mut s, 0, &["steady_breath", "guarded_strike"]);
    give(&g, &mut s, 1, &["feint_and_strike"]);
    select(&g, &mut s, &["Steady Breath", "Feint and Strike"]);
    act(&g, &mut s, "initiative 7");
    let ev = act(&g, &mut s, "instant Guarded Strike");
    assert!(has(&ev, "P0 defends the attack"), "{ev:?}");
    assert_eq!(s.samurai[0].wounds, 0);
    // On an attack card of the samurai without the advantage: the Old Master (top of the track)
    // strikes first at 5 and is ignored by the Student's [=] defense on its own Straight Cut.
    let (g, mut s) = duel(json!({}));
    face_off(&mut s);
    give(&g, &mut s, 0, &["straight_cut"]);
    give(&g, &mut s, 1, &["straight_cut", "guarded_strike"]);
    select(&g, &mut s, &["Straight Cut", "Straight Cut"]);
    let ev = act(&g, &mut s, "instant Guarded Strike");
    assert!(has(&ev, "P1 defends the attack"), "{ev:?}");
    assert_eq!((s.samurai[0].wounds, s.samurai[1].wounds), (1, 0), "P1's cut lands, P0's is ignored");
    // At another initiative the same defense does not hold (SJ-7.5): the Student's attack at 3.
    let (g, mut s) = duel(json!({}));
    face_off(&mut s);
    give(&g, &mut s, 0, &["steady_breath", "guarded_strike"]);
    give(&g, &mut s, 1, &["feint_and_strike"]);
    select(&g, &mut s, &["Steady Breath", "Feint and Strike"]);
    act(&g, &mut s, "initiative 3");
    act(&g, &mut s, "instant Guarded Strike");
    while s.samurai[0].wounds == 0 && s.phase != Phase::Over && !matches!(s.phase, Phase::Select(_)) {
        act(&g, &mut s, "pass");
    }
    assert_eq!(s.samurai[0].wounds, 1);
}

#[test]
fn sj_7_6_sj_7_7_evade_plays_a_slower_attack_at_once() {
    // SJ-7.6, SJ-7.7, SJX-7
    let (g, mut s) = duel(json!({}));
    face_off(&mut s);
    give(&g, &mut s, 0, &["front_kick", "focus"]);
    give(&g, &mut s, 1, &["parry", "straight_cut", "pommel_strike", "sweeping_arc"]);
    select(&g, &mut s, &["Front Kick", "Parry"]);
    act(&g, &mut s, "initiative 6");
    // Straight Cut (5) and Sweeping Arc (3) are below 6; Pommel Strike (8) is not.
    assert_eq!(s.phase, Phase::Resolve(1));
    assert_eq!(texts(&g, &s), ["evade with Straight Cut", "evade with Sweeping Arc", "pass"]);
    let ev = act(&g, &mut s, "evade with Straight Cut");
    assert!(has(&ev, "evades and plays Straight Cut at initiative 5"));
    assert_eq!(s.samurai[0].wounds, 1);
    assert!(s.samurai[1].discard.contains(id(&g, "straight_cut")), "discarded at round end");
}

#[test]
fn sj_5_2_sj_7_6_an_evade_card_with_two_initiatives_is_declared() {
    // SJ-5.2, SJ-7.6, SJ-7.7. 「1つの箱の中に2つのイニシアチブスピードがある場合、コントロールする
    // プレイヤーは、その能力カードのアクションをどちらのイニシアチブスピードで起動するかを選択します。」
    // (With two initiative speeds in one box, the controlling player chooses which one the card's
    // actions use.) An evade card is no exception: both of Feint and Strike's 3 and 7 are below the
    // blocked 8.
    let (g, mut s) = duel(json!({}));
    face_off(&mut s);
    s.samurai[1].kamae = 3; // closed door, a resolve kamae: Patient Guard is usable
    give(&g, &mut s, 0, &["pommel_strike"]);
    give(&g, &mut s, 1, &["patient_guard", "feint_and_strike"]);
    select(&g, &mut s, &["Pommel Strike", "Patient Guard"]);
    act(&g, &mut s, "initiative 8");
    assert_eq!(texts(&g, &s), ["evade with Feint and Strike", "pass"]);
    act(&g, &mut s, "evade with Feint and Strike");
    assert_eq!(s.phase, Phase::Resolve(1));
    assert_eq!(texts(&g, &s), ["initiative 3", "initiative 7"]);
    // A JSON state whose evade card has nothing to declare would have no legal action: rejected.
    let mut bad = s.clone();
    bad.stack.last_mut().unwrap().left = 3;
    assert!(bad.validate(&g).unwrap_err().to_string().contains("declares an initiative it does not have"));
    let ev = act(&g, &mut s, "initiative 3");
    assert!(has(&ev, "P1 declares initiative 3 for the evade"), "{ev:?}");
    assert!(has(&ev, "P1 attacks front at initiative 3"), "{ev:?}");
    assert_eq!((s.samurai[0].wounds, s.samurai[1].wounds), (1, 0));
}

#[test]
fn sj_6_1_sj_6_4_a_forced_move_of_the_opponent() {
    // SJ-6.1, SJ-6.4, SJX-4. 「強制動作:黒一色の移動アイコンがついた能力カードは、強制移動を意味します。
    // この強制移動の効果は、あなたのサムライの移動で満たさなければなりません。」(a forced move must be
    // made) and 「対戦効果:このシンボルは、そのラインの次の効果が対戦相手に適用されることを示しています。」
    // (the opponent marker: the next effect applies to the opponent). Driving Shout: the opponent
    // must step one of the shouter's front three ways; the shouter picks which, and nobody may pass.
    let (g, mut s) = duel(json!({}));
    face_off(&mut s);
    give(&g, &mut s, 0, &["driving_shout"]);
    give(&g, &mut s, 1, &["focus"]);
    select(&g, &mut s, &["Driving Shout", "Focus"]);
    let t = texts(&g, &s);
    assert_eq!(s.current_player(), Some(0), "the shouter decides");
    assert_eq!(t, ["move P1 E to (5, 3)", "move P1 SE to (4, 4)", "move P1 NE to (5, 2)"], "three hexes, no pass");
    act(&g, &mut s, "move P1 E to (5, 3)");
    assert_eq!(s.samurai[1].pos, Hex::new(5, 3));
}

#[test]
fn sj_5_4_sj_7_5_a_defense_in_a_later_part_holds_at_its_own_initiative() {
    // SJ-5.4, SJ-7.5. 「能力カードの2番目のアクションがいつ起動するかを決定する、新たなイニシアチブ
    // スピードが提供される場合があります。」(a new initiative may set when a card's second action
    // starts) and 「そのHEXは防御側が選んだイニシアチブスピードでのみ防御されているとみなされます。」(the
    // hex is defended only at the defender's initiative). Layered Guard defends F at 7, then F FL
    // FR at 3: an attack at 3 is ignored, one at 5 lands.
    for (attack, wounds) in [("sweeping_arc", 0), ("straight_cut", 1)] {
        let (g, mut s) = duel(json!({}));
        face_off(&mut s);
        give(&g, &mut s, 0, &["layered_guard"]);
        give(&g, &mut s, 1, &[attack]);
        let name = g.content.card(id(&g, attack)).name.clone();
        let ev = select(&g, &mut s, &["Layered Guard", &name]);
        assert!(has(&ev, "P0 resolves Layered Guard part 2 at initiative 3"), "{ev:?}");
        assert_eq!(s.samurai[0].wounds, wounds, "{attack}");
    }
}

#[test]
fn sj_7_1_sj_7_3_a_choice_between_defenses() {
    // SJ-7.1, SJ-7.3, SJX-20. 「防御:能力カードのグリッド上の防御シンボルで覆われている戦場HEXは、
    // 行動するサムライによって防御されているとみなされます。」(hexes covered by the defense symbols are
    // defended) and 「攻撃対象のHEXや、攻撃しているサムライが防御シンボルで覆われていた場合、その攻撃は
    // 無視されます。」(covering the target hex or the attacker ignores the attack). Read the Blade
    // offers two grids; the one chosen defends: the front (the attacker's hex) or the own hex.
    for option in ["choose defend FL F FR", "choose defend C B evade"] {
        let (g, mut s) = duel(json!({}));
        face_off(&mut s);
        give(&g, &mut s, 0, &["read_the_blade"]);
        give(&g, &mut s, 1, &["straight_cut"]);
        select(&g, &mut s, &["Read the Blade", "Straight Cut"]);
        assert_eq!(texts(&g, &s), ["choose defend FL F FR", "choose defend C B evade"]);
        let ev = act(&g, &mut s, option);
        assert!(has(&ev, "P0 defends the attack"), "{option}: {ev:?}");
        assert_eq!(s.samurai[0].wounds, 0, "{option}");
    }
    // The type covers a choice's options: a meditation may not hide an attack in one.
    let mut c = Content::builtin();
    let text = "[[card]]\nkey = \"x\"\nname = \"X\"\nnumber = 999\nrank = 1\ntype = \"meditation\"\ninitiative = [5]\ncopies = 1\ndo = [\"choose: attack F | rotate 1\"]\n";
    let e = c.add_cards("x.toml", text).expect_err("an attack in a meditation").to_string();
    assert!(e.contains("only attack and defense cards attack or defend"), "{e}");
}

#[test]
fn sj_5_8_sj_9_3_a_defense_in_a_kamae_bonus() {
    // SJ-5.8, SJ-9.3, SJX-15. 「構えていると、能力カードにあるボーナス効果や、特徴的な能力カードが
    // 使えるようになります。」(in a kamae, a card's bonus effects become available). Crane Stance
    // defends the back too in the balance zone: a Shove from behind at 7 is ignored there and
    // lands at the gate.
    for (kamae, wounds) in [(1, 0), (0, 1)] {
        let (g, mut s) = duel(json!({"samurai": ["wanderer", "eager_student"]}));
        put(&mut s, 0, 3, 3, E);
        put(&mut s, 1, 2, 3, E);
        s.samurai[0].kamae = kamae;
        give(&g, &mut s, 0, &["crane_stance"]);
        give(&g, &mut s, 1, &["shove"]);
        select(&g, &mut s, &["Crane Stance", "Shove"]);
        act(&g, &mut s, "initiative 7");
        assert_eq!(s.samurai[0].wounds, wounds, "kamae node {kamae}");
    }
}

#[test]
fn sj_6_5_sj_11_1_a_chosen_attack_and_a_stun_of_two() {
    // SJ-6.5, SJ-11.1. 「注:気絶や押し返しの効果は、自分のサムライの攻撃が当たり、防御されなかった
    // 場合にのみ相手に与えられます。」(stun and push only on a hit not defended) and 「サムライが気絶
    // するたびに、プレイヤーは気絶カードを1枚手札に引かなければなりません。」(a stun card each time
    // stunned). Teacher's Rebuke chooses its attack when it resolves; Hammer Stroke stuns twice.
    let (g, mut s) = duel(json!({}));
    face_off(&mut s);
    give(&g, &mut s, 0, &["teachers_rebuke"]);
    give(&g, &mut s, 1, &["focus"]);
    select(&g, &mut s, &["Teacher's Rebuke", "Focus"]);
    assert_eq!(texts(&g, &s), ["choose attack F push 2", "choose attack FL FR stun 1"]);
    act(&g, &mut s, "choose attack F push 2");
    assert_eq!(s.samurai[1].wounds, 1);
    assert!(texts(&g, &s).iter().any(|t| t.starts_with("push P1")), "the hit pushes: {:?}", texts(&g, &s));
    let (g, mut s) = duel(json!({}));
    face_off(&mut s);
    give(&g, &mut s, 0, &["hammer_stroke"]);
    give(&g, &mut s, 1, &["focus"]);
    select(&g, &mut s, &["Hammer Stroke", "Focus"]);
    assert_eq!((s.samurai[1].wounds, s.samurai[1].stuns(&g), s.supply[2]), (1, 2, 8));
}

#[test]
fn sj_7_6_sjx_21_the_evade_offer_asks_every_evader() {
    // SJ-7.6, SJX-21. 「回避：…あなたは攻撃能力カードを…即座にプレイして解決してもよい。」(Evade: you
    // may play an attack card at once.) After Parry blocks Rising Slash (initiative 6) the defender
    // is asked whether or not it holds an attack below 6, so the attacker learns nothing.
    let traces: Vec<_> = ["straight_cut", "pommel_strike"]
        .iter()
        .map(|card| {
            let (g, mut s) = duel(json!({}));
            face_off(&mut s);
            give(&g, &mut s, 0, &["rising_slash", "focus"]);
            give(&g, &mut s, 1, &["parry", card]);
            act_exactly(&g, &mut s, "select Rising Slash");
            act_exactly(&g, &mut s, "select Parry");
            act_exactly(&g, &mut s, "initiative 6");
            while matches!(s.phase, Phase::Instant(_)) {
                act_exactly(&g, &mut s, "pass");
            }
            // Straight Cut (5) can answer; Pommel Strike (8) cannot, and P1 is asked all the same.
            (s.phase, texts(&g, &s))
        })
        .collect();
    assert_eq!(traces[0].0, Phase::Resolve(1));
    assert_eq!(traces[1].0, Phase::Resolve(1));
    assert_eq!(traces[0].1, ["evade with Straight Cut", "pass"]);
    assert_eq!(traces[1].1, ["pass"]);
}
