//! Scenario tests of the choices where the seed is silent (`docs/rules/senjutsu.md`, "Choices").

use super::*;

#[test]
fn sjx_7_an_evade_resolves_like_an_add_instant() {
    // SJX-7, SJ-7.6, SJ-12.4, SJ-5.4. 「回避:…あなたは攻撃能力カードをインスタントの追加カードであるかのように
    // 即座にプレイして解決してもよい。」 (Evade: you may play an attack card at once and resolve it as
    // if it were an add instant.) An add instant's later part with its own initiative waits for
    // that initiative; an evade card does the same. Reaping Turn: attack F at 5, then at 2 turn and
    // attack F.
    let reaping = |g: &Senjutsu, s: &SenjutsuState| {
        s.items
            .iter()
            .filter(|it| it.player == 1 && it.card == id(g, "reaping_turn"))
            .map(|it| (it.part, it.init, it.done))
            .collect::<Vec<_>>()
    };
    // As an evade: the first part resolves at once, the second waits in the schedule at 2.
    let (g, mut s) = duel(json!({}));
    face_off(&mut s);
    give(&g, &mut s, 0, &["front_kick"]);
    give(&g, &mut s, 1, &["parry", "reaping_turn"]);
    select(&g, &mut s, &["Front Kick", "Parry"]);
    act(&g, &mut s, "initiative 6");
    let ev = act(&g, &mut s, "evade with Reaping Turn");
    assert!(has(&ev, "P1 evades and plays Reaping Turn at initiative 5"));
    assert_eq!(s.samurai[0].wounds, 1, "the first part hits at once");
    assert!(has(&ev, "P1 resolves Reaping Turn part 2 at initiative 2"), "{ev:?}");
    assert_eq!(s.phase, Phase::Resolve(1), "the turn of the second part");
    assert_eq!((s.stack.len(), s.stack[0].part, s.stack[0].init, s.stack[0].evade), (1, 1, 2, false));
    assert_eq!(reaping(&g, &s), [(1, 2, true)]);
    // As an add instant on a meditation: the same part waits at the same initiative.
    let mut content = (*g.content).clone();
    let k = usize::from(id(&g, "reaping_turn").0);
    content.cards[k].instant = content::Instant::Add;
    let g = g.with_content(content);
    let mut s = g.new_state(1);
    face_off(&mut s);
    give(&g, &mut s, 0, &["steady_breath"]);
    give(&g, &mut s, 1, &["steady_breath", "reaping_turn"]);
    select(&g, &mut s, &["Steady Breath", "Steady Breath"]);
    while s.phase != Phase::Instant(1) {
        act(&g, &mut s, "pass");
    }
    act(&g, &mut s, "instant Reaping Turn");
    assert_eq!(reaping(&g, &s), [(0, 5, false), (1, 2, false)], "both parts wait at their initiatives");
}

#[test]
fn sjx_1_a_samurai_defeated_earlier_ranks_below_a_later_common_fall() {
    // SJX-1, SJ-2.1, SJ-2.2. 「サムライが傷の限界と同じかそれ以上の数の傷を負った時点で敗北となります。」
    // (A samurai is defeated the moment its wounds reach its limit.) 「最後に残った無敗のサムライ…が
    // 勝者となります。」 (The last undefeated samurai wins.) P2 fell in an earlier round; P0 and P1
    // outlast it and fall together in a later draw phase: nobody wins, the two are level, and P2,
    // defeated first, has lost.
    let fall_together = |g: &Senjutsu, mut s: SenjutsuState, n: usize| {
        for p in 0..n {
            give(g, &mut s, p, &["steady_breath"]);
        }
        s.samurai[0].deck.clear();
        s.samurai[1].deck.clear();
        s.samurai[0].wounds = 4;
        s.samurai[1].wounds = 4;
        let names: Vec<&str> = (0..n).filter(|&p| s.alive(p)).map(|_| "Steady Breath").collect();
        select(g, &mut s, &names);
        while s.phase != Phase::Over && !matches!(s.phase, Phase::Select(_)) {
            act(g, &mut s, "pass");
        }
        s.result.map(|r| r[..n].to_vec())
    };
    // Three samurai: P2 defeated earlier (set as the rules leave it).
    let g = game(json!({"players": 3, "setup": "fixed", "battlefield": "open_field"}));
    let mut s = g.new_state(1);
    s.samurai[2].wounds = 5;
    s.samurai[2].defeated = true;
    assert_eq!(fall_together(&g, s, 3), Some(vec![0, 0, -1]));
    // Four samurai, two defeated earlier.
    let g = game(json!({"players": 4, "setup": "fixed", "battlefield": "open_field"}));
    let mut s = g.new_state(1);
    for p in [2, 3] {
        s.samurai[p].wounds = 5;
        s.samurai[p].defeated = true;
    }
    assert_eq!(fall_together(&g, s, 4), Some(vec![0, 0, -1, -1]));
    // Four samurai, P3 still standing: the last standing wins, everyone else has lost.
    let g = game(json!({"players": 4, "setup": "fixed", "battlefield": "open_field"}));
    let mut s = g.new_state(1);
    s.samurai[2].wounds = 5;
    s.samurai[2].defeated = true;
    assert_eq!(fall_together(&g, s, 4), Some(vec![-1, -1, -1, 1]));
    // Teams: a team stands while one of its samurai does. Both teams' last samurai fall
    // together: level, the members who fell before them too.
    let g = game(json!({"players": 4, "teams": [0, 1, 0, 1], "setup": "fixed", "battlefield": "open_field"}));
    let mut s = g.new_state(1);
    for p in [2, 3] {
        s.samurai[p].wounds = 5;
        s.samurai[p].defeated = true;
    }
    assert_eq!(fall_together(&g, s, 4), Some(vec![0, 0, 0, 0]));
    // Three teams, the third beaten earlier: it has lost, the other two are level.
    let g = game(json!({"players": 4, "teams": [0, 1, 2, 2], "setup": "fixed", "battlefield": "open_field"}));
    let mut s = g.new_state(1);
    for p in [2, 3] {
        s.samurai[p].wounds = 5;
        s.samurai[p].defeated = true;
    }
    assert_eq!(fall_together(&g, s, 4), Some(vec![0, 0, -1, -1]));
}

#[test]
fn sjx_9_friendly_fire_is_an_option() {
    // SJX-9
    for (ff, wounds) in [(false, 0), (true, 1)] {
        let g = game(
            json!({"players": 4, "teams": [0, 1, 0, 1], "setup": "fixed", "battlefield": "open_field", "friendly_fire": ff}),
        );
        let mut s = g.new_state(1);
        put(&mut s, 0, 3, 3, E);
        put(&mut s, 2, 4, 3, W);
        put(&mut s, 1, 0, 0, E);
        put(&mut s, 3, 7, 6, E);
        give(&g, &mut s, 0, &["straight_cut"]);
        for p in 1..4 {
            give(&g, &mut s, p, &["focus"]);
        }
        select(&g, &mut s, &["Straight Cut", "Focus", "Focus", "Focus"]);
        assert_eq!(s.samurai[2].wounds, wounds, "friendly_fire {ff}");
    }
}

#[test]
fn sjx_10_empty_supplies_substitute() {
    // SJX-10. 「サムライが敵の攻撃を受けて傷を負うたびに、そのサムライのプレイヤーは傷カードを1枚取り」,
    // 「攻撃側の能力カードにドロップシンボルが付いている場合、プレイヤーは傷カードの代わりに出血カードを
    // 受け取ります」 and 「サムライが気絶するたびに、プレイヤーは気絶カードを1枚手札に引かなければなりません」:
    // the box's 20 / 10 / 10 cards are what it holds, not a limit; the table takes substitutes, so
    // an empty supply changes nothing in play.
    let (g, mut s) = duel(json!({}));
    face_off(&mut s);
    s.supply = [0, 0, 0];
    give(&g, &mut s, 0, &["crimson_line"]);
    give(&g, &mut s, 1, &["focus"]);
    select(&g, &mut s, &["Crimson Line", "Focus"]);
    assert_eq!((s.samurai[1].wounds, s.samurai[1].bleeding), (1, 1), "a bleeding wound stays a bleeding wound");
    give(&g, &mut s, 0, &["straight_cut"]);
    give(&g, &mut s, 1, &["focus"]);
    select(&g, &mut s, &["Straight Cut", "Focus"]);
    assert_eq!((s.samurai[1].wounds, s.samurai[1].bleeding), (2, 1), "a plain wound stays a plain wound");
    give(&g, &mut s, 0, &["pommel_strike"]);
    give(&g, &mut s, 1, &["focus"]);
    let ev = select(&g, &mut s, &["Pommel Strike", "Focus"]);
    assert!(has(&ev, "P1 is stunned: a stun card goes into the hand"));
    assert_eq!((s.samurai[1].wounds, s.samurai[1].stuns(&g)), (3, 1), "the stun lands");
    // The supplies count the box's own cards left: the stun card went back to the box's count at
    // round end, so 9 are left.
    assert_eq!(s.supply, [0, 0, 9]);
    // Twelve stun cards in hands: two of them substitutes, the box empty.
    let mut t = s.clone();
    for p in 0..2 {
        while t.samurai[p].stuns(&g) < 6 {
            t.samurai[p].hand.push(id(&g, "stun"));
        }
    }
    t.supply[2] = 0;
    let err = t.validate(&g).expect_err("six stun cards defeat").to_string();
    assert!(err.contains("should be defeated") && !err.contains("stun cards are not conserved"), "{err}");
}

#[test]
fn sjx_16_a_card_draw_from_an_empty_deck_wounds() {
    // SJX-16
    let (g, mut s) = duel(json!({}));
    give(&g, &mut s, 0, &["focus"]);
    give(&g, &mut s, 1, &["focus"]);
    s.samurai[0].deck.clear();
    let ev = select(&g, &mut s, &["Focus", "Focus"]);
    // Focus's draw, then the next round's draw: a wound each.
    assert_eq!(ev.iter().filter(|e| e.contains("P0 cannot draw")).count(), 2);
    assert_eq!(s.samurai[0].wounds, 2);
}
