//! Scenario tests of the numbered clauses of `docs/rules/fatal_fight.md` ("Clauses") on the draft's decisions, the goal and board, the components, setup, the shop, stage and round start (FF-0 to FF-5),
//! each quoting the seed.

use super::*;

// FF-3.5
// FF-2.2
// FF-0.5, FF-3.6, FF-6.1
#[test]
fn ff_0_5_ff_3_6_ff_6_1_three_gold_each_and_the_shop_opens_in_character_order() {
    let g = FatalFight::new(FatalFightOptions {
        players: 3,
        characters: vec!["juno".into(), "dex".into(), "bram".into()],
        ..Default::default()
    })
    .unwrap();
    let s = g.new_state(3);
    assert!(s.players[..3].iter().all(|p| p.gold == 3));
    // Character orders: dex 1, bram 3, juno 4.
    assert_eq!(&s.order[..3], &[1, 2, 0]);
    assert_eq!(s.phase, Phase::Shop { player: 1 });
    assert!(s.players[..3].iter().all(|p| p.deck.len() == 12 && p.hand.is_empty()));
}

// FF-0.5, a variant: `start_gold`. The seed's change list: 「・ゲーム開始時に３金」 (3 gold at the
// start of the game), and its setup: 「全プレイヤーは３金を受け取り」 (every player receives 3
// gold). The option measures that change: 0 is a start without gold.
#[test]
fn ff_0_5_variant_start_gold_zero_starts_with_none() {
    let g = FatalFight::new(FatalFightOptions { players: 3, start_gold: 0, ..Default::default() }).unwrap();
    let mut s = g.new_state(3);
    assert!(s.players[..3].iter().all(|p| p.gold == 0));
    // The opening shop still opens (FF-0.6), but nothing in it is free: the player can only leave.
    assert_eq!(s.phase, Phase::Shop { player: s.order[0] });
    assert_eq!(legal(&g, &s), vec![A::ShopDone]);
    s.validate(&g).unwrap();
    for _ in 0..3 {
        act(&g, &mut s, A::ShopDone);
    }
    assert!(matches!(s.phase, Phase::Turn { .. }));
    // The most the option gives: 20 each, validated like any state.
    let g = FatalFight::new(FatalFightOptions { players: 2, start_gold: 20, ..Default::default() }).unwrap();
    let s = g.new_state(3);
    assert!(s.players[..2].iter().all(|p| p.gold == 20));
    g.state_from_json(&s.to_json()).unwrap();
    assert!(legal(&g, &s).iter().any(|a| matches!(a, A::BuyUnique(_))), "20 gold buys a unique");
}

// FF-0.6, a variant: `opening_shop`. The seed's change list: 「・ショップをステージ開始時に変更。
// 開始前にいきなりショップできる」 (the shop moved to stage start; the team can shop right away,
// before the start). Off, the earlier draft: no shop before stage 1, the campaign opens with
// stage 1's first round, and the shops at the start of stages 2–4 stay.
#[test]
fn ff_0_6_variant_no_opening_shop_starts_in_stage_one() {
    let g = FatalFight::new(FatalFightOptions { players: 2, opening_shop: false, ..Default::default() }).unwrap();
    let mut s = g.new_state(1);
    let first = s.order[0];
    assert_eq!(s.phase, Phase::Turn { player: first }, "no shop: the first player's turn of stage 1");
    assert_eq!((s.stage, s.round), (0, 1));
    assert!(s.current_stage_card.is_some() && s.stage_used.len() == 1, "the round's stage card is drawn");
    assert!(s.players[..2].iter().all(|p| p.hand.len() == 4 && p.deck.len() == 8), "hands drawn (FF-5.3)");
    assert!(s.players[..2].iter().all(|p| p.gold == 3), "the start gold waits for the next shop");
    assert!(s.groups.iter().any(|x| !x.is_empty()), "the first round's enemies are placed (FF-5.7)");
    assert_eq!(s.players[usize::from(first)].actions, 3);
    g.state_from_json(&s.to_json()).unwrap();
    // Stage 2 still opens with the shop (FF-5.1).
    s.stage_clear(&g, &mut NoEvents);
    assert_eq!((s.stage, s.phase), (1, Phase::Shop { player: first }));
    s.validate(&g).unwrap();
    // The default (draft 8) shops before stage 1.
    assert_eq!(game(2).new_state(1).phase, Phase::Shop { player: first });
}

// FF-0.7, a variant: `save_actions`. The seed's change list: 「・セービングを３アクションから２アク
// ションへ軽減」 (saving reduced from 3 actions to 2), and its rule: 「セービングには２アクションが必
// 要で、手札を裏向きに２枚プレイしてください」 (saving needs 2 actions: play 2 hand cards face
// down). 3 is the earlier draft: 3 actions and 3 cards.
#[test]
fn ff_0_7_variant_saving_costs_three_actions_and_three_cards() {
    let g = FatalFight::new(FatalFightOptions { players: 2, save_actions: 3, ..Default::default() }).unwrap();
    let mut s = in_round(&g);
    s.players[1].life = -1;
    s.players[1].down = true;
    // Three cards in hand are needed, not two.
    let mut short = s;
    give(&g, &mut short, 0, &["jab", "block"]);
    assert!(!legal(&g, &short).contains(&A::Save(1)), "2 cards cannot pay a save of 3");
    let mut draft8 = short;
    draft8.validate(&game(2)).unwrap();
    assert!(legal(&game(2), &draft8).contains(&A::Save(1)), "with the default 2 they can");
    // Three actions are needed: after one play, no save.
    give(&g, &mut short, 0, &["block", "block", "jab", "jab"]);
    play(&g, &mut short, 0, "block");
    assert_eq!(short.players[0].actions, 2);
    assert!(!legal(&g, &short).contains(&A::Save(1)), "2 actions cannot pay a save of 3");
    draft8 = short;
    assert!(legal(&game(2), &draft8).contains(&A::Save(1)));
    // With all 3 actions and 3+ cards: 3 actions, then 3 face-down cards.
    give(&g, &mut s, 0, &["block", "jab", "jab", "low_kick"]);
    assert!(legal(&g, &s).contains(&A::Save(1)));
    act(&g, &mut s, A::Save(1));
    assert_eq!(s.players[0].actions, 0);
    assert!(matches!(s.phase, Phase::Pay { left: 3, .. }));
    // A payment of 3 is a state of this option, and of no default game.
    g.state_from_json(&s.to_json()).unwrap();
    let err = game(2).state_from_json(&s.to_json()).unwrap_err().to_string();
    assert!(err.contains("payment out of range"), "{err}");
    pay_first(&g, &mut s);
    assert!(matches!(s.phase, Phase::Pay { left: 2, .. }));
    g.state_from_json(&s.to_json()).unwrap();
    pay_first(&g, &mut s);
    pay_first(&g, &mut s);
    assert_eq!(s.phase, Phase::Turn { player: 0 });
    assert_eq!((s.players[0].facedown.len(), s.players[0].hand.len()), (3, 1));
    assert_eq!((s.players[1].life, s.players[1].down, s.players[1].immune), (2, false, true));
    s.validate(&g).unwrap();
}

// FF-4.1, FF-4.2, FF-4.3
#[test]
fn ff_4_1_ff_4_2_ff_4_3_upgrade_one_step_returning_the_card() {
    let g = game(1);
    let mut s = g.new_state(1);
    let (jab, punch, smash) = (card(&g, "jab"), card(&g, "punch"), card(&g, "smash"));
    let shop_jab = s.shop.0[usize::from(jab.0)];
    act(&g, &mut s, A::Upgrade(jab.0 as u8));
    assert_eq!(s.players[0].gold, 2);
    assert_eq!(s.shop.0[usize::from(jab.0)], shop_jab + 1);
    assert_eq!(s.shop.0[usize::from(punch.0)], 3);
    assert_eq!(s.players[0].deck.iter().filter(|&c| c == punch).count(), 1);
    // Smash only from a punch (one step at a time), never straight from a jab.
    let l = legal(&g, &s);
    assert!(l.contains(&A::Upgrade(punch.0 as u8)));
    assert!(!l.contains(&A::Upgrade(smash.0 as u8)));
    // Out of stock: no upgrade.
    s.shop.0[usize::from(punch.0)] = 0;
    s.shop.0[usize::from(jab.0)] += 3;
    s.removed.0[usize::from(punch.0)] += 3;
    s.removed.0[usize::from(jab.0)] = 0;
    s.shop.0[usize::from(jab.0)] -= 3;
    s.removed.0[usize::from(jab.0)] += 3;
    assert!(!legal(&g, &s).contains(&A::Upgrade(jab.0 as u8)));
}

// FF-4.4
#[test]
fn ff_4_4_a_returned_starting_art_can_be_bought_by_another_player() {
    let g = game(2);
    let mut s = g.new_state(1);
    let grab = card(&g, "grab");
    let before = s.shop.0[usize::from(grab.0)];
    act(&g, &mut s, A::Upgrade(grab.0 as u8)); // dex returns a starting grab
    assert_eq!(s.shop.0[usize::from(grab.0)], before + 1);
    act(&g, &mut s, A::ShopDone);
    act(&g, &mut s, A::Buy(grab.0 as u8));
    assert_eq!(s.players[1].deck.iter().filter(|&c| c == grab).count(), 1);
    s.validate(&g).unwrap();
}

// FF-2.4
// FF-4.5
#[test]
fn ff_4_5_only_the_first_step_of_a_line_can_be_bought() {
    let g = game(1);
    let s = g.new_state(1);
    let l = legal(&g, &s);
    assert!(l.contains(&A::Buy(card(&g, "jab").0 as u8)));
    assert!(!l.contains(&A::Buy(card(&g, "punch").0 as u8)));
    assert!(l.contains(&A::Buy(card(&g, "spark_shot").0 as u8)), "cards outside lines can be bought");
}

// FF-4.6, FF-4.9
#[test]
fn ff_4_6_ff_4_9_items_are_carried_and_discarded_down_to_the_maximum() {
    let g = FatalFight::new(FatalFightOptions { players: 1, characters: vec!["bram".into()], ..Default::default() })
        .unwrap();
    let mut s = g.new_state(1);
    let smoke = card(&g, "smoke_bomb");
    s.players[0].gold = 10;
    act(&g, &mut s, A::Buy(smoke.0 as u8));
    assert_eq!(s.players[0].carried.as_slice(), &[smoke]);
    assert_eq!(s.players[0].deck.len(), 12, "items stay out of the deck");
    act(&g, &mut s, A::Buy(smoke.0 as u8));
    assert!(legal(&g, &s).contains(&A::ShopDone), "every character carries 2 (FF-2.2)");
    act(&g, &mut s, A::Buy(smoke.0 as u8));
    // Above the maximum of 2: leaving needs a discard first.
    assert!(!legal(&g, &s).contains(&A::ShopDone));
    // 「最大数を超えたら、最大数になるよう捨て札にして調整してください」: to the discard, in view.
    act(&g, &mut s, A::Drop(0));
    assert_eq!(s.removed.0[usize::from(smoke.0)], 0, "not out of the game");
    assert_eq!(s.players[0].discard.as_slice(), &[smoke]);
    assert_eq!(s.players[0].discarded_in_view().collect::<Vec<_>>(), vec![smoke]);
    assert!(legal(&g, &s).contains(&A::ShopDone));
    s.validate(&g).unwrap();
}

// FF-3.4
#[test]
fn ff_3_4_four_uniques_face_up_refilled_after_a_purchase() {
    let g = game(1);
    let mut s = g.new_state(1);
    assert!(s.unique_row.iter().all(|u| u.is_some()));
    let top = *s.unique_pile.as_slice().last().unwrap();
    s.players[0].gold = 10;
    let bought = s.unique_row[0].unwrap();
    act(&g, &mut s, A::BuyUnique(0));
    assert_eq!(s.unique_row[0], Some(top));
    assert!(s.players[0].all_cards().any(|c| c == bought));
    assert_eq!(s.players[0].gold, 10 - u32::from(g.content.card(bought).cost));
}

// FF-5.3, FF-5.5, FF-5.7
#[test]
fn ff_5_3_ff_5_5_ff_5_7_a_round_draws_hands_a_stage_card_and_enemies() {
    let g = game(2);
    let mut s = g.new_state(4);
    act(&g, &mut s, A::ShopDone);
    act(&g, &mut s, A::ShopDone);
    assert!(s.players[..2].iter().all(|p| p.hand.len() == 4));
    assert_eq!(s.stage_used.len(), 1);
    let sc = &g.content.stages[usize::from(s.current_stage_card.unwrap())];
    assert_eq!(sc.stage, 1);
    let on_board: usize = s.groups.iter().map(|x| x.len()).sum();
    let want: usize = sc.respawn.iter().map(|&n| usize::from(n)).sum();
    assert_eq!(on_board, want, "two players: no extra enemies");
}

// FF-5.8
#[test]
fn ff_5_8_extra_enemies_by_player_count() {
    let g = game(4);
    let mut s = g.new_state(4);
    for _ in 0..4 {
        act(&g, &mut s, A::ShopDone);
    }
    let sc = &g.content.stages[usize::from(s.current_stage_card.unwrap())];
    let on_board: usize = s.groups.iter().map(|x| x.len()).sum();
    let want: usize = sc.respawn.iter().map(|&n| usize::from(n)).sum::<usize>() + sc.extra.len();
    assert_eq!(on_board, want);
}

// FF-5.4
#[test]
fn ff_5_4_an_empty_deck_reshuffles_the_discard() {
    let g = game(1);
    let mut s = in_round(&g);
    let p = &mut s.players[0];
    p.deck.move_all_to(&mut p.discard);
    let before = p.hand.len();
    s.apply_effects(&g, 0, 0, 2, 0);
    assert_eq!(s.players[0].hand.len(), before + 2);
    assert_eq!(s.players[0].deck.len() + s.players[0].discard.len() + s.players[0].hand.len(), 12);
}

// FF-5.6, FF-5.9
#[test]
fn ff_5_6_ff_5_9_the_boss_stage_follows_four_stage_cards() {
    let g = game(2);
    let mut s = in_round(&g);
    while s.stage_used.len() < 4 {
        let c = s.stage_pile.pop().unwrap();
        s.stage_used.push(c);
    }
    s.round = 1;
    s.start_round(&g, &mut NoEvents);
    let sc = &g.content.stages[usize::from(s.current_stage_card.unwrap())];
    assert!(sc.boss);
    assert!(s.boss_present);
    assert_eq!(s.groups[4].as_slice().last(), Some(&BOSS), "tail of the right-area middle group");
    assert_eq!(s.stage_pile.len(), 2, "two of the six normal cards stay unused");
    s.validate(&g).unwrap();
}

// FF-4.8
#[test]
fn ff_4_8_always_items_apply_while_held() {
    let g = game(1);
    let mut s = in_round(&g);
    let coin = card(&g, "lucky_coin");
    let knuckles = card(&g, "brass_knuckles");
    for c in [coin, knuckles] {
        if let Some(slot) = s.unique_row.iter().position(|&u| u == Some(c)) {
            s.unique_row[slot] = s.unique_pile.pop();
        } else {
            let i = s.unique_pile.iter().position(|u| u == c).unwrap();
            s.unique_pile.remove(i);
        }
        s.players[0].carried.push(c);
    }
    assert!(!legal(&g, &s).contains(&A::Item(0)), "always items are not used");
    s.round = 1;
    s.start_round(&g, &mut NoEvents);
    assert_eq!(s.players[0].hand.len(), 5, "max hand 4 + 1");
    assert_eq!(s.players[0].gp, 1);
}

// FF-0.4
#[test]
fn ff_0_4_final_boss_variant_weakens_with_gold_earned() {
    let g = FatalFight::new(FatalFightOptions { players: 1, final_boss_variant: true, ..Default::default() }).unwrap();
    let mut s = in_round(&g);
    for _ in 0..3 {
        s.stage_clear(&g, &mut NoEvents);
    }
    let mut k: Vec<u16> = s.boss_pile.iter().map(|c| c.0).collect();
    k.sort();
    assert_eq!(k, vec![0, 1, 2], "nothing earned: the strongest three");
    s.earned = 9;
    s.prepare_stage(&g);
    let mut k: Vec<u16> = s.boss_pile.iter().map(|c| c.0).collect();
    k.sort();
    assert_eq!(k, vec![2, 3, 4], "9 gold earned: two steps weaker");
}

// FF-1.1, FF-13.3, FFX-11: "途中で全プレイヤーがダウンするとゲームに敗北します" (the game is lost
// when every player is down along the way) is the seed's only loss: there is no stage timer, so
// a stage goes on past round 12 (and the round counter does not wrap).
#[test]
fn ff_1_1_a_stage_goes_on_past_round_12() {
    let g = game(1);
    assert_eq!(g.options.stage_rounds, None);
    assert!(!g.length_bounded_by_rules(), "a boss may never fall");
    let mut s = in_round(&g);
    s.round = 12;
    s.players[0].square = 0;
    act(&g, &mut s, A::EndTurn);
    assert_eq!((s.round, s.result), (13, None));
    assert!(matches!(s.phase, Phase::Turn { .. } | Phase::MassDamage { .. }), "{:?}", s.phase);
    s.validate(&g).unwrap();
    let view = s.view(&g, Some(0));
    let round = view["info"].as_array().unwrap().iter().find(|x| x["label"] == "Round").unwrap()["value"].clone();
    assert_eq!(round, "13", "no timer: no \"/12\"");
    // Round 300 still counts on, and the round feature, round / 30, tells it from every other
    // round as the information string does (docs "Observation"), within the bounds.
    let mut s = in_round(&g);
    s.round = 300;
    s.players[0].square = 0;
    act(&g, &mut s, A::EndTurn);
    assert_eq!(s.round, 301);
    let mut obs = vec![0.0; g.observation_len()];
    s.observation(&g, 0, &mut obs);
    let (lo, hi) = g.observation_bounds();
    assert!(obs.iter().all(|x| (lo..=hi).contains(x)));
    assert_eq!(obs[block(&g, "stage one-hot") + 4], 301.0 / 30.0, "round / 30");
    assert!(s.information_state_string(&g, 0).starts_with("Stage 1 round 301 |"));
}

// FF-4.7, FF-10.3, FF-6.2: carried items are used "自分の手番中であればいつでも「アクションを消費
// せず」" (at any time during your own turn, without spending an action), and acts that spend
// no action "任意のタイミングで自由に行うことができます" (may be done freely at any timing); only
// "【攻撃】属性でない手札をプレイするとチェーンコンボは途切れます" (playing a non-attack card)
// breaks a chain. So inside an open chain an Energy Drink draws more attack cards and the free
// move changes which group is in the same area (CQB pierce, judged at the target, FF-0.2).
#[test]
fn ff_4_7_ff_10_1_items_and_the_free_move_inside_an_open_chain() {
    let g = game(1);
    let mut s = in_round(&g);
    let drink = card(&g, "energy_drink");
    s.shop.0[usize::from(drink.0)] -= 1;
    s.players[0].carried.push(drink);
    place(&g, &mut s, 0, &["bruiser", "street_punk"]); // left upper: life 3, then 2
    give(&g, &mut s, 0, &["jab", "jab"]);
    s.players[0].square = 1; // left middle
    play(&g, &mut s, 0, "jab");
    let l = legal(&g, &s);
    assert!(l.contains(&A::Item(0)), "{l:?}");
    assert!(l.contains(&A::Move(0)), "the free move: {l:?}");
    let hand = s.players[0].hand.len();
    act(&g, &mut s, A::Item(0));
    assert_eq!(s.players[0].hand.len(), hand + 2, "the drink draws 2 mid-chain");
    assert_eq!((s.chain.hits, s.players[0].actions), (1, 2), "the chain stays open; no action spent");
    act(&g, &mut s, A::Move(0)); // into the upper line, same area as group 1
    assert_eq!((s.players[0].square, s.chain.hits), (0, 1));
    assert!(
        !legal(&g, &s).iter().any(|a| matches!(a, A::Move(_))),
        "the paid move plays a card face down: not inside a chain"
    );
    play(&g, &mut s, 0, "jab");
    // Brawler 1 + 1 + 1 = 4 AP with CQB pierce: the bruiser (3) falls and 1 AP passes on (< 2).
    assert_eq!(s.chain.ap, 3);
    act(&g, &mut s, A::Strike(0));
    assert_eq!(s.groups[0].as_slice(), &[enemy(&g, "street_punk")]);
}

// FF-2.2: "「ライフ」「アクション」「最大手札枚数」「最大所持数」の、全キャラクターで共通となる４つの
// 能力値と、固有となる「順番」と「スペシャル」" (four stats shared by all characters — life, actions,
// max hand, max carry — and two of each character's own: order and special).
#[test]
fn ff_2_2_every_character_shares_the_four_stats() {
    let g = game(4);
    let first = g.character(0);
    for p in 0..4 {
        let c = g.character(p);
        assert_eq!((c.life, c.actions, c.max_hand, c.max_carry), (first.life, 3, 4, first.max_carry), "{}", c.id);
    }
    let orders: std::collections::HashSet<u8> = (0..4).map(|p| g.character(p).order).collect();
    assert_eq!(orders.len(), 4, "the order is each character's own");
}

// FF-2.4: "４枚ずつある「コモン」と、１枚ずつの「ユニーク」" (commons, 4 copies each, and
// uniques, 1 each).
#[test]
fn ff_2_4_commons_come_in_four_copies_each() {
    use crate::games::fatal_fight::content::Kind;
    let g = game(2);
    let s = g.new_state(1);
    for (t, c) in g.content.cards.iter().enumerate() {
        match c.kind {
            Kind::Common => assert_eq!((c.copies, s.shop.0[t]), (4, 4), "{}", c.id),
            Kind::Unique => assert_eq!(c.copies, 1, "{}", c.id),
            Kind::Starter => assert_eq!(c.copies, 0),
        }
    }
    use crate::games::fatal_fight::content::{CAMPAIGNS, CARDS, CHARACTERS, DEFAULT_CAMPAIGN};
    let two = CARDS.1.replace("draw = 2\ncost = 2\n", "draw = 2\ncost = 2\ncopies = 2\n");
    let err = Content::read(&[(CARDS.0, &two)], &[CHARACTERS], &CAMPAIGNS, DEFAULT_CAMPAIGN).unwrap_err();
    assert!(err.to_string().contains("energy_drink: field `copies`"), "{err}");
}

// FF-2.6, FFX-4
#[test]
fn ff_2_6_each_boss_brings_three_skill_cards_as_its_pile() {
    // FF-2.6: 「ボスは雑魚と違い、３つの固有のスキルを持ち、それをランダムな順番で使用します。」(Unlike
    // the grunts, a boss has 3 skills of its own and uses them in random order.) The final boss
    // holds 6 (FF-0.4: 3 of them are chosen by the gold earned).
    let g = game(2);
    let c = &g.content;
    assert_eq!(c.bosses.iter().map(|b| b.skills.len()).collect::<Vec<_>>(), vec![3, 3, 3, 6]);
    let s = g.new_state(4);
    let mut pile: Vec<u16> = s.boss_pile.iter().map(|k| k.0).collect();
    pile.sort();
    assert_eq!(pile, vec![0, 1, 2], "the stage's boss pile is its three skills, shuffled");
    // Shuffled: over seeds, the first stage's pile does not always come in one order.
    let orders: std::collections::HashSet<Vec<u16>> =
        (0..40).map(|seed| g.new_state(seed).boss_pile.iter().map(|k| k.0).collect()).collect();
    assert!(orders.len() > 1);
}

// FF-5.9: 「ボス山をそのまま裏返して、ライトエリア中段の敵集団後尾に配置」. The boss pile lies face down
// until the boss appears; turned over on the board, its top card (the current skill) faces up, so
// it is public: information string, observation, view, and determinize keeps it.
#[test]
fn ff_5_9_the_boss_pile_turned_over_shows_its_top_skill() {
    let g = game(2);
    let mut s = in_round(&g);
    let b = &g.content.bosses[0];
    let top = s.boss_pile.get(2).unwrap();
    let top_text = b.skills[usize::from(top.0)].describe();
    let place_block = block(&g, "the boss pile by place");
    let mut obs = vec![0.0; g.observation_len()];
    // Face down before the boss appears: no place is known.
    s.observation(&g, 1, &mut obs);
    assert!(obs[place_block..place_block + 9].iter().all(|&x| x == 0.0));
    assert_eq!(s.boss_unseen(), 0..3);
    s.groups[4].push(BOSS);
    s.boss_present = true;
    s.boss_placed = true;
    s.validate(&g).unwrap();
    s.observation(&g, 1, &mut obs);
    assert_eq!(obs[place_block + usize::from(top.0)], 1.0, "the top place shows the current skill");
    assert_eq!(obs[place_block..place_block + 9].iter().sum::<f32>(), 1.0, "the other places stay unseen");
    let info = s.information_state_string(&g, 1);
    let line = info.lines().find(|l| l.starts_with("Boss")).unwrap();
    assert!(line.contains(&format!(": {top_text} / (")), "the top skill is named first and unbracketed: {line}");
    let view = s.view(&g, Some(1));
    let boss_zone = view["zones"].as_array().unwrap().iter().find(|z| z["id"] == "boss").unwrap();
    assert_eq!(boss_zone["cards"][0]["name"], top_text.as_str());
    assert_eq!(boss_zone["cards"][0]["text"], format!("{} skill", b.name));
    assert_eq!(boss_zone["cards"][1]["text"], format!("{} skill, place unseen", b.name));
    let mut varies = false;
    for seed in 0..100 {
        let d = s.determinize(&g, 1, seed);
        assert_eq!(d.boss_pile.get(2), Some(top), "the face-up top stays");
        varies |= d.boss_pile.as_slice() != s.boss_pile.as_slice();
    }
    assert!(varies, "the two cards below it are still shuffled");
}

// FF-3.6: 「ショップは全プレイヤー同時に行い、自由に相談して進めることができます」. The shop goes round
// the table until every player has passed in a row, so a player who passed comes back after a
// later player's transaction: a card returned by the last player reaches the first.
#[test]
fn ff_3_6_the_shop_is_order_free_a_returned_card_reaches_a_player_who_passed() {
    let g = game(2);
    let mut s = g.new_state(1);
    let (a, b) = (s.order[0], s.order[1]);
    let jab = card(&g, "jab");
    let stock = s.shop.0[usize::from(jab.0)];
    s.shop.0[usize::from(jab.0)] = 0;
    s.removed.0[usize::from(jab.0)] += stock;
    act(&g, &mut s, A::ShopDone);
    assert_eq!((s.phase, s.shop_passed), (Phase::Shop { player: b }, 1 << a));
    act(&g, &mut s, A::Upgrade(jab.0 as u8)); // returns a jab to the shop
    assert_eq!(s.shop_passed, 0, "a transaction lets everyone come back");
    act(&g, &mut s, A::ShopDone);
    assert_eq!(s.phase, Phase::Shop { player: a }, "the first player shops again");
    assert!(s.information_state_string(&g, usize::from(a)).contains(&format!("(passed: P{b})")));
    act(&g, &mut s, A::Buy(jab.0 as u8));
    assert_eq!(
        s.players[usize::from(a)].deck.iter().filter(|&c| c == jab).count(),
        1 + g.character(usize::from(a)).deck.iter().filter(|&&c| c == jab).count()
    );
    s.validate(&g).unwrap();
    act(&g, &mut s, A::ShopDone);
    assert_eq!(s.phase, Phase::Shop { player: b });
    act(&g, &mut s, A::ShopDone);
    assert!(matches!(s.phase, Phase::Turn { .. }), "every player passed in a row: the round starts");
    assert_eq!(s.shop_passed, 0);
}

// FF-0.1 「コンビネーションはそもそも属性とAPしか関係ない。」 and 「背負投げであれば、０点範囲が乗るだけで、
// 対象を移動させるような効果は発生しない。これだと、攻撃後移動的な効果も乗らない。」: a card's "hit:" text
// (moving the target, moving after the attack) resolves when the card strikes alone; joined to a
// chain it gives only its AP and attributes.
#[test]
fn ff_0_1_hit_text_resolves_only_for_a_card_striking_alone() {
    let g = game(1);
    let (bruiser, punk) = (enemy(&g, "bruiser"), enemy(&g, "street_punk"));
    // Suplex alone (AP 2, pierce) cannot fell the bruiser (life 3), but throws it to the tail.
    let mut s = in_round(&g);
    place(&g, &mut s, 4, &["bruiser", "bruiser", "street_punk"]);
    give(&g, &mut s, 0, &["suplex", "jab"]);
    s.players[0].square = 4;
    s.players[0].special_ready = false; // no brawler point: AP 2 fells nothing
    play(&g, &mut s, 0, "suplex");
    act(&g, &mut s, A::Strike(4));
    assert_eq!(s.groups[4].as_slice(), &[bruiser, punk, bruiser], "hit: throw sends the head to the tail");
    // The same Suplex after a Jab: a chain of two, no throw.
    let mut t = in_round(&g);
    place(&g, &mut t, 4, &["bruiser", "bruiser", "street_punk"]);
    give(&g, &mut t, 0, &["suplex", "jab"]);
    t.players[0].square = 4;
    t.players[0].special_ready = false;
    play(&g, &mut t, 0, "jab");
    play(&g, &mut t, 0, "suplex");
    act(&g, &mut t, A::Strike(4));
    assert_eq!(
        t.groups[4].as_slice(),
        &[bruiser, punk],
        "AP 3 fells the head; no throw in a chain (it would give punk, bruiser)"
    );
    // Cyclone Throw: the head falls, the next is thrown, and the player gains a move.
    let mut u = in_round(&g);
    place(&g, &mut u, 4, &["street_punk", "bruiser", "street_punk"]);
    give(&g, &mut u, 0, &[]);
    give_unique(&g, &mut u, 0, "cyclone_throw");
    u.players[0].square = 4;
    u.players[0].special_ready = false;
    let moves = u.players[0].moves;
    play(&g, &mut u, 0, "cyclone_throw");
    act(&g, &mut u, A::Strike(4));
    assert_eq!(u.groups[4].as_slice(), &[punk, bruiser], "the punk falls, the bruiser goes to the tail");
    assert_eq!(u.players[0].moves, moves + 1, "hit: move 1");
    u.validate(&g).unwrap();
}
