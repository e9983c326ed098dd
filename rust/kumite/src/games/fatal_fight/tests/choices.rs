//! Scenario tests of the choices where the seed is silent (`docs/rules/fatal_fight.md`, "Choices").

use super::*;

// FFX-24: without the opening shop a later `start_stage` (FFX-16) opens with that stage's first
// round too: the option is the shop before the campaign's first stage, whichever it is.
#[test]
fn ffx_24_no_opening_shop_from_a_later_start_stage() {
    let g =
        FatalFight::new(FatalFightOptions { players: 2, opening_shop: false, start_stage: 3, ..Default::default() })
            .unwrap();
    let s = g.new_state(5);
    assert_eq!((s.stage, s.round), (2, 1));
    assert!(matches!(s.phase, Phase::Turn { .. }));
    s.validate(&g).unwrap();
}

// FFX-23 (with FFX-18): the medic's save costs one action and one face-down card fewer than the
// `save_actions` option: 1 and 1 in draft 8, 2 and 2 with the earlier draft's 3. The seed has no
// medic (its specials are not given), so the reduction stays relative.
#[test]
fn ffx_23_the_medic_saves_for_one_fewer_than_save_actions() {
    for (save_actions, cost) in [(2u8, 1u8), (3, 2)] {
        let g = FatalFight::new(FatalFightOptions {
            players: 2,
            characters: vec!["juno".into(), "dex".into()],
            save_actions,
            ..Default::default()
        })
        .unwrap();
        let mut s = in_round(&g);
        assert_eq!(s.phase, Phase::Turn { player: 1 }, "dex (order 1) before juno (order 4)");
        act(&g, &mut s, A::EndTurn);
        assert_eq!(s.phase, Phase::Turn { player: 0 });
        s.players[1].life = -1;
        s.players[1].down = true;
        assert_eq!(s.save_cost(&g, 0), cost);
        assert_eq!(s.save_cost(&g, 1), save_actions, "dex pays the option's cost");
        // With one action fewer than the others need, the medic still saves.
        give(&g, &mut s, 0, &["block", "jab", "jab", "low_kick"]);
        play(&g, &mut s, 0, "block");
        s.players[0].actions = cost;
        assert!(legal(&g, &s).contains(&A::Save(1)));
        act(&g, &mut s, A::Save(1));
        for _ in 0..cost {
            pay_first(&g, &mut s);
        }
        assert_eq!(s.phase, Phase::Turn { player: 0 });
        assert_eq!((s.players[0].actions, s.players[0].facedown.len()), (0, usize::from(cost)));
        assert!(!s.players[1].down);
        let listing = g.content_listing();
        let juno = listing["characters"].as_array().unwrap().iter().find(|x| x["id"] == "juno").unwrap();
        let text = juno["text"].as_str().unwrap();
        let want = if cost == 1 {
            "saving costs 1 action and 1 face-down card"
        } else {
            "saving costs 2 actions and 2 face-down cards"
        };
        assert!(text.contains(want), "{text}");
    }
}

/// FF-4.9 and FFX-8 up to the draw: Mika (whose Dash Elbow draws 1) buys three of `item`,
/// discards one in the shop 「最大数を超えたら、最大数になるよう捨て札にして調整してください」, and
/// the round starts. Her deck is then taken into her hand, so the Dash Elbow's draw reshuffles
/// the discard, which holds only the discarded item (FF-5.4), and draws it.
fn discarded_item_drawn(item: &str) -> (FatalFight, FatalFightState, CardId) {
    let g = FatalFight::new(FatalFightOptions { players: 1, characters: vec!["mika".into()], ..Default::default() })
        .unwrap();
    let mut s = g.new_state(3);
    let x = card(&g, item);
    s.players[0].gold = 10;
    for _ in 0..3 {
        act(&g, &mut s, A::Buy(x.0 as u8));
    }
    act(&g, &mut s, A::Drop(0));
    assert_eq!(s.players[0].discard.as_slice(), &[x], "the discarded item");
    act(&g, &mut s, A::ShopDone);
    assert_eq!(s.phase, Phase::Turn { player: 0 });
    let pl = &mut s.players[0];
    pl.deck.move_all_to(&mut pl.hand);
    play(&g, &mut s, 0, "dash_elbow");
    assert!(s.players[0].hand.contains(x), "the Dash Elbow drew the discarded {item}");
    assert!(s.players[0].discard.is_empty() && s.players[0].deck.is_empty());
    s.validate(&g).unwrap();
    (g, s, x)
}

/// Uses the drawn `x` from the hand, with no action left and the Dash Elbow's chain open, then
/// plays the round out and the next three: the card is out of the game and never comes back.
fn use_once_and_never_again(g: &FatalFight, mut s: FatalFightState, x: CardId) -> FatalFightState {
    s.players[0].actions = 0;
    assert!(legal(g, &s).contains(&A::Play(x.0 as u8)), "「アクションを消費せず」: no action needed");
    let text = s.action_to_string(g, A::Play(x.0 as u8).encode());
    assert!(text.starts_with(&format!("use {} from the hand", g.content.card(x).name)), "{text}");
    act(g, &mut s, A::Play(x.0 as u8));
    let after = s;
    assert_eq!(s.removed.0[usize::from(x.0)], 1, "「使用後は【追放】されます」");
    assert_eq!(s.players[0].all_cards().filter(|&c| c == x).count(), 2, "only the two still carried");
    assert!(!s.players[0].played.contains(x), "not played: used");
    assert_eq!(s.chain.hits, 1, "the item is no part of the chain");
    for _ in 0..4 {
        while let Phase::Turn { .. } = s.phase {
            let close = legal(g, &s).into_iter().find(|a| matches!(a, A::Strike(_) | A::Whiff)).unwrap_or(A::EndTurn);
            act(g, &mut s, close);
        }
        if let Phase::MassDamage { .. } = s.phase {
            let a = legal(g, &s)[0];
            act(g, &mut s, a);
        }
        if s.phase == Phase::Over {
            break;
        }
        let pl = &s.players[0];
        let loose = pl.deck.iter().chain(pl.hand.iter()).chain(pl.discard.iter()).chain(pl.played.iter());
        assert_eq!(loose.filter(|&c| c == x).count(), 0, "never back in the deck, hand or discard");
        assert_eq!(s.removed.0[usize::from(x.0)], 1);
        s.validate(g).unwrap();
    }
    after
}

// FF-4.7, FF-10.3, FFX-8: 「これら【携帯】属性のカードは、自分の手番中であればいつでも「アクションを消費せず」
// 使用することができます（ですが、基本使い切りで、使用後は【追放】されます）」. The sentence is about the
// card (これら【携帯】属性のカード), not where it lies: an Energy Drink discarded in the shop and drawn later
// is still used without an action, draws 2, and leaves the game.
#[test]
fn ffx_8_an_energy_drink_discarded_in_the_shop_is_used_once_from_the_hand_and_exiled() {
    let (g, mut s, x) = discarded_item_drawn("energy_drink");
    // Two Jabs back on the deck, for the drink to draw.
    let jab = card(&g, "jab");
    for _ in 0..2 {
        let i = s.players[0].hand.iter().position(|c| c == jab).unwrap();
        let c = s.players[0].hand.remove(i);
        s.players[0].deck.push(c);
    }
    let hand = s.players[0].hand.len();
    let s = use_once_and_never_again(&g, s, x);
    assert_eq!(s.players[0].hand.len(), hand - 1 + 2, "draw 2");
}

// FFX-8, as above: a Roast Chicken discarded in the shop heals 4 once, from the hand, then is exiled.
#[test]
fn ffx_8_a_roast_chicken_discarded_in_the_shop_is_used_once_from_the_hand_and_exiled() {
    let (g, mut s, x) = discarded_item_drawn("roast_chicken");
    s.players[0].life = 2;
    let s = use_once_and_never_again(&g, s, x);
    assert_eq!(s.players[0].life, 6, "heal 4");
}

// FFX-8, as above: a Smoke Bomb discarded in the shop guards 3 once, from the hand, then is exiled.
#[test]
fn ffx_8_a_smoke_bomb_discarded_in_the_shop_is_used_once_from_the_hand_and_exiled() {
    let (g, s, x) = discarded_item_drawn("smoke_bomb");
    let gp = s.players[0].gp;
    let s = use_once_and_never_again(&g, s, x);
    assert_eq!(s.players[0].gp, gp + 3, "guard 3");
}

// FF-4.8, FFX-8: 「【携帯】かつ【常時】属性を持つ場合は、使用せずとも所持しているだけで効果が適用されます」:
// 所持 is the character's 最大所持数, the items beside it. A Lucky Coin in the hand is not held
// there, so it neither raises the hand nor has a use (a carried one has none either); it can only
// pay face down, which is no use, and goes to the discard like any payment.
#[test]
fn ffx_8_an_always_item_in_the_hand_has_no_use_and_pays_like_any_card() {
    let g = game(1);
    let mut s = in_round(&g);
    give_unique(&g, &mut s, 0, "lucky_coin");
    let coin = card(&g, "lucky_coin");
    assert!(!legal(&g, &s).contains(&A::Play(coin.0 as u8)));
    act(&g, &mut s, A::Move(3));
    act(&g, &mut s, A::Move(0));
    assert!(matches!(s.phase, Phase::Pay { .. }));
    assert!(legal(&g, &s).contains(&A::Pay(coin.0 as u8)));
    act(&g, &mut s, A::Pay(coin.0 as u8));
    assert_eq!(s.players[0].facedown.as_slice(), &[coin]);
    assert_eq!(s.removed.0[usize::from(coin.0)], 0);
}

// FFX-10: the game's cards are limited to what a player's deck can hold, so owning never stops.
#[test]
fn ffx_10_a_player_may_own_every_card_of_the_game() {
    let g = game(4);
    let total: usize = g.totals.0.iter().map(|&k| usize::from(k)).sum();
    assert!(total <= crate::games::fatal_fight::state::MAX_OWNED, "{total} cards in a 4-player game");
    let mut s = g.new_state(1);
    // All but one copy of each shop deck card and the other players' shop cards in player 0's deck:
    // buying is still legal while stock lasts.
    for t in 0..g.content.cards.len() {
        let c = &g.content.cards[t];
        if c.kind == crate::games::fatal_fight::content::Kind::Common && !c.carry && !c.later_step {
            while s.shop.0[t] > 1 {
                s.shop.0[t] -= 1;
                s.players[0].deck.push(CardId(t as u16));
            }
        }
    }
    for p in 1..4 {
        let deck = std::mem::take(&mut s.players[p].deck);
        for c in deck.iter() {
            let to = if g.content.card(c).kind == crate::games::fatal_fight::content::Kind::Starter { p } else { 0 };
            s.players[to].deck.push(c);
        }
    }
    s.players[0].gold = 50;
    s.validate(&g).unwrap();
    assert!(s.players[0].owned() > 40, "past the old limit of 40");
    assert!(legal(&g, &s).iter().any(|a| matches!(a, A::Buy(_))), "{} cards owned", s.players[0].owned());
}

// FF-2.3 "各キャラクター毎の初期デッキです。各人１２枚によって構成されています。" (each
// character's starting deck, twelve cards each), with FFX-18: the four decks are original
// content, retuned so that no character carries its pairs (docs/rules/fatal_fight.md,
// "Character balance"). The AP each deck holds and Dash Elbow's numbers are the retune's levers.
#[test]
fn ffx_18_the_retuned_starting_decks() {
    use crate::games::fatal_fight::content::Special;
    let g = game(4);
    let dash = g.content.card(card(&g, "dash_elbow"));
    assert_eq!((dash.attack, dash.ap, dash.draw), (true, 2, 1), "Dash Elbow: AP 2, draw 1");
    let expect = [
        ("dex", Special::Brawler, vec![("jab", 6), ("low_kick", 2), ("block", 2), ("grab", 2)], 10),
        (
            "mika",
            Special::Sprinter,
            vec![("jab", 3), ("low_kick", 1), ("shoulder_charge", 2), ("dash_elbow", 3), ("chakram", 1), ("block", 2)],
            15,
        ),
        (
            "bram",
            Special::Guardian,
            vec![("jab", 3), ("grab", 3), ("bear_hug", 2), ("block", 2), ("shoulder_charge", 2)],
            14,
        ),
        (
            "juno",
            Special::Medic,
            vec![("jab", 4), ("shoulder_charge", 2), ("first_aid", 2), ("chakram", 2), ("block", 2)],
            10,
        ),
    ];
    for (p, (id, special, deck, ap)) in expect.into_iter().enumerate() {
        let c = g.character(p);
        assert_eq!((c.id.as_str(), c.special), (id, special));
        let listed: Vec<CardId> = deck.iter().flat_map(|&(name, k)| std::iter::repeat_n(card(&g, name), k)).collect();
        assert_eq!(c.deck, listed, "{id}'s deck");
        let total: u32 = c.deck.iter().map(|&t| u32::from(g.content.card(t).ap)).sum();
        assert_eq!((c.deck.len(), total), (12, ap), "{id}: twelve cards and their AP");
    }
}

// FFX-11, the stage-timer variant: a stage not cleared within `stage_rounds` rounds loses.
#[test]
fn ffx_11_variant_time_over_loses() {
    let g = timed(1);
    assert!(g.length_bounded_by_rules());
    let mut s = in_round(&g);
    s.round = 12;
    s.players[0].square = 0;
    s.players[0].life = 99;
    act(&g, &mut s, A::EndTurn);
    assert_eq!((s.phase, s.result), (Phase::Over, Some(false)));
}

// FFX-20
#[test]
fn ffx_20_determinize_resamples_only_hidden_information() {
    let g = game(2);
    let mut s = in_round(&g);
    act(&g, &mut s, A::Move(7)); // public
    let d = s.determinize(&g, 0, 11);
    assert_eq!(d.players[0].hand, s.players[0].hand, "own hand kept");
    let sorted = |v: &[CardId]| {
        let mut v = v.to_vec();
        v.sort();
        v
    };
    assert_eq!(sorted(d.players[0].deck.as_slice()), sorted(s.players[0].deck.as_slice()), "own deck: same cards");
    assert_eq!(d.players[1].hand.len(), s.players[1].hand.len());
    let pool =
        |x: &FatalFightState| sorted(&x.players[1].hand.iter().chain(x.players[1].deck.iter()).collect::<Vec<_>>());
    assert_eq!(pool(&d), pool(&s), "the other player's hidden cards come from its own pool");
    assert_eq!(d.groups, s.groups);
    assert_eq!(d.players[0].square, 7);
    let differs = (0..20u64).any(|k| s.determinize(&g, 0, k).players[1].hand != s.players[1].hand);
    assert!(differs, "the other player's hand is resampled");
    d.validate(&g).unwrap();
}

// FF-5.10, FFX-3
#[test]
fn ffx_3_hazard_supply_and_cheer_act_when_the_round_is_set_up() {
    // FF-5.10: 「最後に、ステージカードに「ギミック」があれば、その効果を適用します（適用タイミングが
    // 指定されている場合は、その指示に従ってください）。」(Last, if the stage card has a gimmick, apply
    // it, following its timing where one is given.) FFX-3: hazard, supply and cheer act at round
    // start, after the enemies are placed.
    let g = game(2);
    let mut s = in_round(&g);
    s.players[0].life = 5;
    s.players[1].life = 0; // down: a gimmick passes over a downed player (FF-13.5)
    s.players[1].down = true;
    s.pool = 2;
    s.earned = 2;
    let calm = next_round_with(&g, &s, "back_alley");
    let hazard = next_round_with(&g, &s, "burger_stand"); // hazard 1
    let supply = next_round_with(&g, &s, "neon_arcade"); // supply 1
    let cheer = next_round_with(&g, &s, "subway_stairs"); // cheer 1
                                                          // hazard 1: one pierce damage to each player, whatever guard they hold.
    assert_eq!(calm.players[0].life, 5);
    assert_eq!(hazard.players[0].life, 4);
    assert_eq!((hazard.players[1].life, hazard.players[1].down), (0, true));
    // supply 1: one gold into the team's pool, earned for the final boss (FF-0.4).
    assert_eq!((calm.pool, calm.earned), (2, 2));
    assert_eq!((supply.pool, supply.earned), (3, 3));
    // cheer 1: one guard point to each player still up.
    assert_eq!(cheer.players[0].gp, calm.players[0].gp + 1);
    assert_eq!(cheer.players[1].gp, calm.players[1].gp);
    // Nothing else differs from a calm round in life, gold or guard.
    for other in [&hazard, &supply, &cheer] {
        assert_eq!(other.phase, calm.phase);
    }
}

// FFX-3
#[test]
fn ffx_3_hazard_that_downs_the_last_player_loses_the_game() {
    let g = game(1);
    let mut s = in_round(&g);
    s.players[0].life = 1;
    let after = next_round_with(&g, &s, "burger_stand");
    assert_eq!(after.phase, Phase::Over);
    assert_eq!(after.result, Some(false), "the team lost");
}

// FFX-3
#[test]
fn ffx_3_rush_adds_to_every_group_s_combat_damage() {
    // FFX-3: `rush N` acts in the enemy phase: each group's combat damage (FF-12.7, its number of
    // members) is N more.
    let g = timed(1); // the timer only stops the next round from being set up
    let mut s = in_round(&g);
    place(&g, &mut s, 0, &["street_punk", "street_punk"]); // left upper: combat 2
    s.players[0].square = 3; // centre upper
    s.players[0].life = 8;
    s.players[0].gp = 0;
    s.round = 12; // no next round: nothing else changes life
    let mut calm = s;
    calm.enemy_phase(&g, &mut NoEvents);
    assert_eq!(calm.players[0].life, 8 - 2);
    let mut rush = s;
    rush.current_stage_card = Some(stage_card(&g, "canal_bridge")); // rush 1
    rush.enemy_phase(&g, &mut NoEvents);
    assert_eq!(rush.players[0].life, 8 - 3);
}

// FFX-3, FF-7.3
#[test]
fn ffx_3_dark_leaves_a_launch_without_effect() {
    // FFX-3: `dark` acts in the action phase: a chain with launch reaches only what it would
    // reach without it (FF-7.2: the same line, within one area).
    let g = game(1);
    let mut s = in_round(&g);
    place(&g, &mut s, 0, &["street_punk"]); // left upper
    place(&g, &mut s, 4, &["street_punk"]); // right middle
    give(&g, &mut s, 0, &["jab", "spark_shot"]);
    s.players[0].square = 4; // centre middle
    let strikes =
        |s: &FatalFightState| -> Vec<A> { legal(&g, s).into_iter().filter(|a| matches!(a, A::Strike(_))).collect() };
    let mut lit = s;
    play(&g, &mut lit, 0, "spark_shot");
    assert_eq!(strikes(&lit), vec![A::Strike(0), A::Strike(4)], "launch reaches any group");
    s.current_stage_card = Some(stage_card(&g, "laundry_room")); // dark
    play(&g, &mut s, 0, "spark_shot");
    assert_eq!(strikes(&s), vec![A::Strike(4)], "in the dark only the middle line's group in reach");
}

// FFX-13, FF-15.3: 「エネミーの捨て札を山へ戻し、次のステージのカードを追加してよくシャッフルします」 is
// done at the next stage set only. A pile that runs out mid-stage gives no more enemies; the
// variant `enemy_reshuffle` shuffles the discard in.
#[test]
fn ffx_13_an_empty_enemy_pile_gives_no_more_unless_the_variant() {
    for reshuffle in [false, true] {
        let g = FatalFight::new(FatalFightOptions { players: 1, enemy_reshuffle: reshuffle, ..Default::default() })
            .unwrap();
        let mut s = in_round(&g);
        s.enemy_pile.move_all_to(&mut s.enemy_discard);
        let discarded = s.enemy_discard.len();
        s.players[0].square = 0;
        s.players[0].life = 8;
        s.players[0].gp = 0;
        act(&g, &mut s, A::EndTurn); // the enemy phase, then a new round places enemies
        let on_board: usize = s.groups.iter().map(|grp| grp.len()).sum();
        if reshuffle {
            assert!(on_board > 0, "the discard was shuffled in");
            assert_eq!(on_board + s.enemy_pile.len() + s.enemy_discard.len(), discarded);
        } else {
            assert_eq!(on_board, 0, "no enemy comes from an empty pile");
            assert_eq!(s.enemy_discard.len(), discarded, "the discard waits for the next stage");
        }
        s.validate(&g).unwrap();
    }
}

// FFX-9, FF-11.2, FF-15.1: gold has no cap. The seed counts gold without a limit
// (「このステージで得た金をプレイヤー全員で分割します」, 「最終ステージに残った金は「スコア」となります」):
// a pool above 99 keeps growing and is split whole.
#[test]
fn ffx_9_gold_has_no_cap() {
    let g = game(2);
    let mut s = in_round(&g);
    s.pool = 200;
    s.players[0].gold = 98;
    place(&g, &mut s, 4, &[]);
    s.groups[4].push(BOSS);
    s.boss_present = true;
    s.boss_placed = true;
    s.validate(&g).unwrap();
    s.stage_clear(&g, &mut NoEvents);
    assert_eq!((s.players[0].gold, s.pool), (98 + 100, 0), "each player receives 200 / 2");
    s.validate(&g).unwrap();
    // The run bound keeps a run's gold below 2^32 (checked when the game is built).
    for players in 1..=4 {
        let g = game(players);
        assert!(
            g.max_game_length() as u64 * crate::games::fatal_fight::game::MAX_GOLD_PER_ACTION < u64::from(u32::MAX)
        );
    }
    assert_eq!((game(2).max_game_length(), game(4).max_game_length()), (22_100, 62_828), "docs \"Game length\"");
}

// FFX-9, a capacity at the loader: gold has no cap, but a run can earn at most `most_gold`. A JSON
// state holding more (a player with 2^32 - 1 gold made the next split overflow) is refused with
// the limit named, and one holding exactly that much still plays a whole run without overflow.
#[test]
fn ffx_9_loaded_gold_above_what_a_run_holds_is_refused() {
    let g = game(2);
    let most = g.most_gold();
    assert!(2 * most < u64::from(u32::MAX), "a state at the most can play a whole run on");
    let mut s = in_round(&g);
    s.players[0].gold = u32::MAX;
    let text = serde_json::to_string(&s).unwrap();
    let e = g.state_from_json(&text).unwrap_err().to_string();
    assert!(e.contains("above the most a game can hold"), "{e}");
    let others = u64::from(s.players[1].gold) + u64::from(s.pool);
    s.players[0].gold = (most - others) as u32;
    g.state_from_json(&serde_json::to_string(&s).unwrap()).unwrap();
    s.players[0].gold += 1;
    assert!(g.state_from_json(&serde_json::to_string(&s).unwrap()).is_err());
}

// FF-6.3, FFX-17: 「サブ属性（※後述）で指定された効果の他に、固有のテキスト効果を持つものもあります。」
// The loader reads each text effect and refuses a bad one, naming the card and the effect.
#[test]
fn ffx_17_text_effects_are_read_and_bad_ones_refused() {
    let c = Content::builtin();
    let t = |id: &str| c.cards[usize::from(c.card_index(id).unwrap().0)].describe();
    assert_eq!(t("suplex"), "AP 2, pierce, hit: throw");
    assert_eq!(t("adrenaline"), "action 1, draw 1 if centre");
    assert_eq!(t("rising_knee"), "AP 3, draw 1, hit: guard 2 if cqb");
    // Every effect shows in the information string (shop, hands, uniques) and the view's cards.
    let g = game(1);
    let s = g.new_state(1);
    assert!(s.information_state_string(&g, 0).contains("Suplex [hit: throw] x4"));
    assert!(s.view(&g, Some(0)).to_string().contains("AP 2, pierce, hit: throw"));
    use crate::games::fatal_fight::content::{CAMPAIGNS, CARDS as cards, CHARACTERS, DEFAULT_CAMPAIGN};
    let parse = |text: &str| Content::read(&[(cards.0, text)], &[CHARACTERS], &CAMPAIGNS, DEFAULT_CAMPAIGN);
    for (bad, why) in [
        ("[\"fly 2\"]", "unknown effect \"fly\""),
        ("[\"throw\"]", "throw and cqb need a hit"),
        ("[\"hit: draw 1 if cqb\", \"move\"]", "move needs an amount"),
        ("[\"draw 1 if upstairs\"]", "unknown condition \"upstairs\""),
    ] {
        let text = cards.1.replace("text = [\"move 1\"]", &format!("text = {bad}"));
        let e = parse(&text).unwrap_err().to_string();
        assert!(e.contains("parry") && e.contains("text[") && e.contains(why), "{bad}: {e}");
    }
    // Hit text needs an attack card.
    let text = cards.1.replace("text = [\"move 1\"]", "text = [\"hit: move 1\"]");
    let e = parse(&text).unwrap_err().to_string();
    assert!(e.contains("parry") && e.contains("need an attack card"), "{e}");
}

// FFX-17: `action` texts add plays to a round; a game whose texts could overfill the 16 plays a
// round holds is refused when built, naming the capacity. Adrenaline's `action 1` (one copy) fits.
#[test]
fn ffx_17_action_texts_that_overfill_a_round_are_refused() {
    assert_eq!(game(4).text_actions(), 1);
    let dir = std::env::temp_dir().join(format!("kumite_ff_actions_{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    // A new common, 4 copies of `action 3`, gives 12 more plays: 2·3 + 1 + 12 > 16.
    std::fs::create_dir_all(dir.join("cards")).unwrap();
    std::fs::write(
        dir.join("cards/rally_cry.toml"),
        "[[card]]\nid = \"rally_cry\"\nname = \"Rally Cry\"\nkind = \"common\"\ntext = [\"action 3\"]\ncost = 2\n",
    )
    .unwrap();
    let err = FatalFight::new(FatalFightOptions { content_dir: Some(dir.display().to_string()), ..Default::default() })
        .unwrap_err();
    assert!(err.to_string().contains("16 plays a round holds"), "{err}");
    std::fs::remove_dir_all(&dir).unwrap();
}
