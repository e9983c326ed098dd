//! Scenario tests of the numbered clauses of `docs/rules/senjutsu.md` ("Clauses") on initiative and advantage, kamae, wounds and bleeding, stun, instants and the round order (SJ-8 to SJ-13),
//! each quoting the seed.

use super::*;

#[test]
fn sj_8_3_sj_8_4_advantage_breaks_ties_and_cards_change_it() {
    // SJ-8.3, SJ-8.4
    let (g, mut s) = duel(json!({}));
    face_off(&mut s);
    give(&g, &mut s, 0, &["straight_cut"]);
    give(&g, &mut s, 1, &["straight_cut"]);
    let ev = select(&g, &mut s, &["Straight Cut", "Straight Cut"]);
    let a = ev.iter().position(|e| e.contains("P0 resolves")).unwrap();
    let b = ev.iter().position(|e| e.contains("P1 resolves")).unwrap();
    assert!(a < b, "P0 has the advantage");
    give(&g, &mut s, 0, &["focus"]);
    give(&g, &mut s, 1, &["seize_the_moment"]);
    select(&g, &mut s, &["Focus", "Seize the Moment"]);
    act(&g, &mut s, "pass");
    assert_eq!(s.advantage.as_slice(), &[1, 0]);
    give(&g, &mut s, 0, &["straight_cut"]);
    give(&g, &mut s, 1, &["straight_cut"]);
    let ev = select(&g, &mut s, &["Straight Cut", "Straight Cut"]);
    let a = ev.iter().position(|e| e.contains("P0 resolves")).unwrap();
    let b = ev.iter().position(|e| e.contains("P1 resolves")).unwrap();
    assert!(b < a, "P1 took the advantage");
}

#[test]
fn sj_10_1_sj_10_3_one_wound_card_per_mark() {
    // SJ-10.1, SJ-10.3
    let (g, mut s) = duel(json!({}));
    face_off(&mut s);
    give(&g, &mut s, 0, &["heavy_chop"]);
    give(&g, &mut s, 1, &["low_guard"]);
    select(&g, &mut s, &["Heavy Chop", "Focus"].map(|x| if x == "Focus" { "Low Guard" } else { x }));
    // Low Guard defends at 3; the chop is at 2.
    assert_eq!(s.samurai[1].wounds, 2);
    assert_eq!(s.supply[0], 18);
}

#[test]
fn sj_10_2_sj_10_4_sj_10_5_bleeding_wounds_count_and_bleed_the_deck() {
    // SJ-10.2, SJ-10.4, SJ-10.5, SJX-11
    let (g, mut s) = duel(json!({}));
    face_off(&mut s);
    give(&g, &mut s, 0, &["crimson_line"]);
    give(&g, &mut s, 1, &["focus"]);
    let top = s.samurai[1].deck.as_slice().to_vec();
    let n = top.len();
    let ev = select(&g, &mut s, &["Crimson Line", "Focus"]);
    assert!(has(&ev, "P1 takes 1 bleeding wound"));
    assert_eq!((s.samurai[1].wounds, s.samurai[1].bleeding, s.supply[1]), (1, 1, 9));
    // Focus drew the top card; at the next draw the new top is thrown away, then one drawn.
    assert!(has(&ev, &format!("P1 bleeds: {} is discarded from the deck", g.content.card(top[n - 2]).name)));
    assert!(s.samurai[1].hand.contains(top[n - 3]));
}

#[test]
fn sj_11_1_to_11_3_stun_cards() {
    // SJ-11.1, SJ-11.2, SJ-11.3, SJX-11
    let (g, mut s) = duel(json!({}));
    face_off(&mut s);
    give(&g, &mut s, 0, &["pommel_strike"]);
    give(&g, &mut s, 1, &["focus"]);
    select(&g, &mut s, &["Pommel Strike", "Focus"]);
    assert_eq!((s.samurai[1].stuns(&g), s.supply[2]), (1, 9));
    give(&g, &mut s, 0, &["straight_cut"]);
    act(&g, &mut s, "select Straight Cut");
    assert!(texts(&g, &s).contains(&"select Stun".to_string()), "a stun card can be played face down");
    let ev = act(&g, &mut s, "select Stun");
    assert!(has(&ev, "reveals Stun"));
    assert_eq!(s.supply[2], 10, "played stun cards return to the supply");
    // A hand holding as many stun cards as the hand limit is defeated.
    let (g, mut s) = duel(json!({}));
    face_off(&mut s);
    give(&g, &mut s, 0, &["pommel_strike"]);
    give(&g, &mut s, 1, &["focus", "stun", "stun", "stun", "stun", "stun"]);
    s.supply[2] = 5;
    let ev = select(&g, &mut s, &["Pommel Strike", "Focus"]);
    assert!(has(&ev, "P1 is defeated (a hand full of stun cards)"));
}

#[test]
fn sj_12_1_sj_12_2_sj_12_3_replace_instants_of_another_type() {
    // SJ-5.5, SJ-12.1, SJ-12.2, SJ-12.3, SJX-6
    let (g, mut s) = duel(json!({}));
    face_off(&mut s);
    give(&g, &mut s, 0, &["straight_cut", "riposte", "snap_guard"]);
    give(&g, &mut s, 1, &["front_kick"]);
    assert!(!texts(&g, &s).iter().any(|t| t.contains("Riposte")), "instants are not selected");
    select(&g, &mut s, &["Straight Cut", "Front Kick"]);
    // Riposte (an attack) cannot go onto an attack; Snap Guard can.
    assert_eq!(texts(&g, &s), ["instant Snap Guard", "pass"]);
    act(&g, &mut s, "instant Snap Guard");
    let ev = act(&g, &mut s, "initiative 6");
    assert!(has(&ev, "P0 defends the attack") && !has(&ev, "P0 resolves Straight Cut"));
    let d = &s.samurai[0].discard;
    assert!(d.contains(id(&g, "straight_cut")) && d.contains(id(&g, "snap_guard")), "both discarded");
}

#[test]
fn sj_12_4_sj_12_5_add_instants() {
    // SJ-5.5, SJ-12.4, SJ-12.5, SJX-17
    // [=]: Battle Cry takes the advantage right after the Straight Cut, before P1's 5.
    let (g, mut s) = duel(json!({}));
    put(&mut s, 0, 3, 3, E);
    put(&mut s, 1, 6, 3, W);
    give(&g, &mut s, 0, &["straight_cut", "battle_cry"]);
    give(&g, &mut s, 1, &["straight_cut"]);
    select(&g, &mut s, &["Straight Cut", "Straight Cut"]);
    let ev = act(&g, &mut s, "instant Battle Cry");
    let cut = ev.iter().position(|e| e.contains("P0 resolves Straight Cut")).unwrap();
    let adv = ev.iter().position(|e| e.contains("P0 takes the advantage")).unwrap();
    let other = ev.iter().position(|e| e.contains("P1 resolves Straight Cut")).unwrap();
    assert!(cut < adv && adv < other);
    // An add instant with its own initiative resolves then.
    let (g, mut s) = duel(json!({}));
    face_off(&mut s);
    give(&g, &mut s, 0, &["high_guard", "opening_strike"]);
    give(&g, &mut s, 1, &["lunge"]);
    select(&g, &mut s, &["High Guard", "Lunge"]);
    let ev = act(&g, &mut s, "instant Opening Strike");
    let order: Vec<&String> = ev.iter().filter(|e| e.contains("resolves")).collect();
    assert!(
        order[0].contains("High Guard")
            && order[1].contains("Lunge")
            && order[2].contains("Opening Strike part 1 at initiative 3"),
        "{order:?}"
    );
}

#[test]
fn sj_13_6_instants_from_the_bottom_of_the_advantage_track() {
    // SJ-13.6, SJX-6
    let (g, mut s) = duel(json!({}));
    give(&g, &mut s, 0, &["straight_cut", "snap_guard"]);
    give(&g, &mut s, 1, &["straight_cut", "snap_guard"]);
    select(&g, &mut s, &["Straight Cut", "Straight Cut"]);
    assert_eq!(s.phase, Phase::Instant(1));
    act(&g, &mut s, "pass");
    assert_eq!(s.phase, Phase::Instant(0));
    // 「インスタント能力カードをプレイしたいプレイヤーは、能力カードが解決される前にプレイする必要が
    // あります。」(Who wants to play instants must do so before the cards resolve.) Until then an
    // instant may answer another: P0's Snap Guard gives P1, who had passed, another offer.
    act(&g, &mut s, "instant Snap Guard");
    act(&g, &mut s, "initiative 8");
    assert_eq!(s.phase, Phase::Instant(1), "P1 may answer P0's instant");
    let ev = act(&g, &mut s, "instant Snap Guard");
    assert!(has(&ev, "P1 plays the instant Snap Guard"), "{ev:?}");
    act(&g, &mut s, "initiative 6");
    // Each samurai now has an instant on its card, which takes no other (SJ-12.1): resolution.
    assert!(!matches!(s.phase, Phase::Instant(_) | Phase::InstantDeclare(_)), "{:?}", s.phase);
}

#[test]
fn sj_13_1_sj_13_2_draw_or_take_a_wound() {
    // SJ-13.1, SJ-13.2
    let (g, mut s) = duel(json!({}));
    give(&g, &mut s, 0, &["focus"]);
    give(&g, &mut s, 1, &["steady_breath"]);
    s.samurai[1].deck.clear();
    let deck0 = s.samurai[0].deck.len();
    let ev = select(&g, &mut s, &["Focus", "Steady Breath"]);
    let ev2 = act(&g, &mut s, "pass");
    assert_eq!(s.samurai[0].deck.len(), deck0 - 2, "Focus and the round's draw");
    assert!(has(&ev2, "P1 cannot draw") || has(&ev, "P1 cannot draw"));
    assert_eq!(s.samurai[1].wounds, 1);
}

#[test]
fn sj_13_1_sj_13_2_sjx_1_the_draw_phase_is_everyones_at_once() {
    // SJ-13.1, SJ-13.2, SJ-10.5, SJ-2.2, SJX-1. 「1]DRAW あなたの能力カードデッキから能力カードを
    // 1枚引き…引くべき能力カードが残っていない場合は、あなたのサムライに傷を1つ付けます。」(Draw one
    // card; with none left, your samurai takes a wound.) Every player draws in the same step, so the
    // wounds land together and defeat is judged after: 「最後に残った無敗のサムライ…が勝者」 (the last
    // undefeated samurai wins): with none left undefeated, nobody wins.
    for (w0, w1, expect) in [(4, 4, [0.0, 0.0]), (4, 3, [-1.0, 1.0]), (3, 4, [1.0, -1.0])] {
        let (g, mut s) = duel(json!({}));
        give(&g, &mut s, 0, &["steady_breath"]);
        give(&g, &mut s, 1, &["steady_breath"]);
        s.samurai[0].deck.clear();
        s.samurai[1].deck.clear();
        s.samurai[0].wounds = w0;
        s.samurai[1].wounds = w1;
        select(&g, &mut s, &["Steady Breath", "Steady Breath"]);
        while s.phase != Phase::Over && !matches!(s.phase, Phase::Select(_)) {
            act(&g, &mut s, "pass");
        }
        let mut r = [0.0; 2];
        s.returns(&g, &mut r);
        assert_eq!(r, expect, "wounds {w0} and {w1} before the draw");
        assert_eq!(s.samurai[0].wounds, w0 + 1);
        assert_eq!(s.samurai[1].wounds, w1 + 1, "seat 1 draws even when seat 0 has fallen");
    }
    // A bleeding card empties the last card of the deck: that wound lands with the other's too.
    let (g, mut s) = duel(json!({}));
    give(&g, &mut s, 0, &["steady_breath"]);
    give(&g, &mut s, 1, &["steady_breath"]);
    let top = s.samurai[0].deck.pop().unwrap();
    s.samurai[0].deck.clear();
    s.samurai[0].deck.push(top);
    s.samurai[0].wounds = 4;
    s.samurai[0].bleeding = 1;
    s.supply[1] -= 1;
    s.samurai[1].deck.clear();
    s.samurai[1].wounds = 4;
    select(&g, &mut s, &["Steady Breath", "Steady Breath"]);
    while s.phase != Phase::Over && !matches!(s.phase, Phase::Select(_)) {
        act(&g, &mut s, "pass");
    }
    assert_eq!(s.result.map(|r| [r[0], r[1]]), Some([0, 0]), "a common fall is a draw");
}

#[test]
fn sj_13_8_to_13_10_discard_in_play_and_down_to_the_hand_limit() {
    // SJ-13.8, SJ-13.9, SJ-13.10, SJX-18
    let (g, mut s) = duel(json!({}));
    put(&mut s, 0, 3, 3, E);
    put(&mut s, 1, 6, 3, W);
    give(&g, &mut s, 0, &["focus", "parry", "parry", "lunge", "high_guard", "low_guard", "reposition"]);
    s.samurai[0].hand.push(g.content.stun);
    s.supply[2] -= 1;
    give(&g, &mut s, 1, &["steady_breath"]);
    select(&g, &mut s, &["Focus", "Steady Breath"]);
    act(&g, &mut s, "pass");
    assert!(s.samurai[0].discard.contains(id(&g, "focus")));
    // 6 cards + 1 drawn by Focus + 1 stun = 8 counted, limit 5: three discards, never the core or stun.
    assert_eq!(s.phase, Phase::Discard(0));
    let t = texts(&g, &s);
    assert!(!t.iter().any(|x| x.contains("Stun") || x.contains("Master's Calm")));
    assert_eq!(t.iter().filter(|x| x.as_str() == "discard Parry").count(), 1, "copies give one action");
    act(&g, &mut s, "discard Parry");
    act(&g, &mut s, "discard Lunge");
    assert!(!s.information_state_string(&g, 1).contains("Lunge"), "face down");
    act(&g, &mut s, "discard Parry");
    assert_eq!(s.samurai[0].hand_count(&g), 6, "5, then the next round's draw");
    assert_eq!(s.samurai[0].hidden.len(), 3);
}

#[test]
fn sj_13_3_a_face_down_core_card_looks_like_any_other() {
    // SJ-13.3, SJ-3.6, SJX-19. 「あなたの手札から能力カードを1枚選び、相手の選んだ能力カードの横に伏せて
    // 置きます。」(Choose one card from your hand and place it face down.) The core card 「通常の能力
    // カードの代わりにプレイすることができ」(may be played instead of a normal ability card): face down,
    // it must not be told apart from any other card, nor a stun card.
    let (g, base) = duel(json!({}));
    let mut base = base;
    give(&g, &mut base, 0, &["straight_cut", "focus"]);
    base.samurai[0].hand.push(g.content.stun);
    base.supply[2] -= 1;
    give(&g, &mut base, 1, &["focus"]);
    let seen = |s: &SenjutsuState| {
        let mut obs = vec![0.0; g.observation_len()];
        s.observation(&g, 1, &mut obs);
        (obs, s.information_state_string(&g, 1), s.view(&g, Some(1)).to_string())
    };
    let mut worlds = Vec::new();
    for pick in ["Straight Cut", "Master's Calm", "Stun"] {
        let mut s = base.clone();
        act(&g, &mut s, &format!("select {pick}"));
        worlds.push(s);
    }
    assert_eq!(seen(&worlds[0]), seen(&worlds[1]), "core card or ability card: P1 sees the same");
    assert_eq!(seen(&worlds[0]), seen(&worlds[2]), "stun card or ability card: P1 sees the same");
    // Determinization redraws the face-down card from the whole hand it left.
    let (core, stun) = (g.samurai(0).core, g.content.stun);
    let mut kinds = std::collections::BTreeSet::new();
    for seed in 0..300 {
        let d = worlds[1].determinize(&g, 1, seed);
        let mut held: Vec<CardId> = d.cards_of(0).collect();
        let mut was: Vec<CardId> = worlds[1].cards_of(0).collect();
        held.sort_unstable();
        was.sort_unstable();
        assert_eq!(held, was, "the same cards, redealt");
        assert_eq!(seen(&d), seen(&worlds[1]), "seed {seed}");
        let x = d.samurai[0].played.unwrap();
        kinds.insert(if x == core {
            "core"
        } else if x == stun {
            "stun"
        } else {
            "ability"
        });
    }
    assert_eq!(kinds.len(), 3, "{kinds:?}");
}

#[test]
fn sj_9_3_sj_12_4_a_kamae_bound_add_instant() {
    // SJ-9.3, SJ-12.4. 「構えていると、…特徴的な能力カードが使えるようになります。」(in a kamae,
    // characteristic cards become usable) and 「インスタント追加カードは、能力カードが解決される前に、
    // その能力カードの上にプレイすることができます。」(an add instant is played onto a card before it
    // resolves). Tiger Leap needs the aggression zone.
    for (kamae, offered) in [(0, false), (2, true)] {
        let (g, mut s) = duel(json!({"samurai": ["eager_student", "old_master"]}));
        face_off(&mut s);
        s.samurai[0].kamae = kamae;
        give(&g, &mut s, 0, &["steady_breath", "tiger_leap"]);
        give(&g, &mut s, 1, &["focus"]);
        select(&g, &mut s, &["Steady Breath", "Focus"]);
        assert_eq!(texts(&g, &s).contains(&"instant Tiger Leap".to_string()), offered, "kamae node {kamae}");
        if offered {
            act(&g, &mut s, "instant Tiger Leap");
            let ev = act(&g, &mut s, "pass");
            assert!(has(&ev, "P0 resolves Tiger Leap part 1 at initiative 6"), "{ev:?}");
            assert_eq!(s.samurai[1].wounds, 1);
        }
    }
}

#[test]
fn sj_12_4_sj_7_2_a_defense_add_instant_at_its_own_initiative() {
    // SJ-12.4, SJ-7.2. 「インスタント追加カードは、能力カードが解決される前に、その能力カードの上に
    // プレイすることができます。これらのカードは、取り付けてある能力カードの効果を強化したり変更したり
    // します。」(add instants go onto a card and strengthen or change it) and 「対戦相手が防御効果と同じ
    // イニシアチブスピードで攻撃をおこなった場合、この攻撃は無視されます。」(an attack at the defense's
    // initiative is ignored). Sudden Block on a Straight Cut defends at its own 7.
    let (g, mut s) = duel(json!({}));
    face_off(&mut s);
    give(&g, &mut s, 0, &["straight_cut", "sudden_block"]);
    give(&g, &mut s, 1, &["shove"]);
    select(&g, &mut s, &["Straight Cut", "Shove"]);
    let ev = act(&g, &mut s, "instant Sudden Block");
    assert!(has(&ev, "P0 defends the attack"), "{ev:?}");
    assert_eq!((s.samurai[0].wounds, s.samurai[1].wounds), (0, 1), "blocked at 7, then the cut at 5");
}

/// The seats asked, in order, and what `watcher` observes at each, until the window closes.
fn window_trace(g: &Senjutsu, s: &mut SenjutsuState, watcher: usize) -> Vec<(Option<usize>, Vec<f32>, String)> {
    let mut trace = Vec::new();
    let mut obs = vec![0.0; g.observation_len()];
    while open_window(s) {
        s.observation(g, watcher, &mut obs);
        trace.push((s.current_player(), obs.clone(), s.information_state_string(g, watcher)));
        act_exactly(g, s, "pass");
    }
    s.observation(g, watcher, &mut obs);
    trace.push((s.current_player(), obs.clone(), s.information_state_string(g, watcher)));
    trace
}

#[test]
fn sj_13_6_sjx_21_the_instant_window_asks_every_samurai() {
    // SJ-13.6, SJX-21. 「インスタント能力カードをプレイしたいプレイヤーは、能力カードが解決される前に
    // プレイする必要があります」(a player who wants to play an instant must play it before the cards
    // resolve): the window is every samurai's. Whether the Old Master holds Riposte (an instant that
    // fits his Focus) or Straight Cut (none), the Student sees the same seats asked in the same
    // order and the same observation throughout.
    let traces: Vec<_> = ["riposte", "straight_cut"]
        .iter()
        .map(|card| {
            let (g, mut s) = duel(json!({}));
            face_off(&mut s);
            give(&g, &mut s, 0, &["focus", card]);
            give(&g, &mut s, 1, &["focus", "straight_cut"]);
            act_exactly(&g, &mut s, "select Focus");
            act_exactly(&g, &mut s, "select Focus");
            assert!(matches!(s.phase, Phase::Instant(_)), "{:?}", s.phase);
            assert!(texts(&g, &s).contains(&"pass".to_string()), "a pass is always legal");
            window_trace(&g, &mut s, 1)
        })
        .collect();
    let seats = |t: &[(Option<usize>, Vec<f32>, String)]| t.iter().map(|x| x.0).collect::<Vec<_>>();
    assert_eq!(seats(&traces[0]), seats(&traces[1]));
    assert_eq!(seats(&traces[0])[..2].iter().flatten().count(), 2, "both samurai are asked");
    for (a, b) in traces[0].iter().zip(&traces[1]) {
        assert_eq!(a.1, b.1, "the Student's observation");
        assert_eq!(a.2, b.2, "the Student's information state");
    }
}

#[test]
fn sjx_21_determinized_worlds_wait_only_on_decisions_their_hands_allow() {
    // SJX-21, SJX-19: in every world `determinize(s, 1)` gives, the seat to move is the one the
    // Student sees move, and it has a legal action from that world's own hand.
    let (g, mut s) = duel(json!({}));
    face_off(&mut s);
    give(&g, &mut s, 0, &["focus", "riposte"]);
    give(&g, &mut s, 1, &["focus", "straight_cut"]);
    act_exactly(&g, &mut s, "select Focus");
    act_exactly(&g, &mut s, "select Focus");
    let mut l = ActionList::new();
    while open_window(&s) {
        for seed in 0..20 {
            let w = s.determinize(&g, 1, seed);
            assert_eq!(w.current_player(), s.current_player(), "world {seed}");
            w.legal_actions(&g, &mut l);
            assert!(!l.is_empty(), "world {seed} waits on a decision its hand cannot make");
        }
        act_exactly(&g, &mut s, "pass");
    }
    // The same over random games, at every decision of every seat.
    let mut rng = crate::core::Rng::new(3);
    for seed in 0..30 {
        let mut s = g.new_state(seed);
        while !s.is_terminal() {
            for observer in 0..g.n() {
                let w = s.determinize(&g, observer, seed);
                assert_eq!(w.current_player(), s.current_player());
                w.legal_actions(&g, &mut l);
                assert!(!l.is_empty(), "game {seed}: a world of P{observer} has no legal action\n{}", w.render(&g));
            }
            s.legal_actions(&g, &mut l);
            let a = l[rng.below(l.len() as u32) as usize];
            s.apply_unchecked(&g, a, &mut crate::core::NoEvents);
        }
    }
}
