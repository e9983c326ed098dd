//! Scenario tests: each sets up a position, acts, and checks the exact outcome. The clause ids
//! (FF-…, FFX-…) are those of `docs/rules/fatal_fight.md`.

use crate::cards::CardId;
use crate::conformance::{check_random_games, Conformance};
use crate::core::{ActionList, Game, GameError, NoEvents, State};
use crate::games::fatal_fight::actions::FfAction as A;
use crate::games::fatal_fight::content::{Content, Gimmick};
use crate::games::fatal_fight::state::{Chain, FatalFightState, Phase, BOSS};
use crate::games::fatal_fight::{FatalFight, FatalFightOptions};

fn game(players: u8) -> FatalFight {
    FatalFight::new(FatalFightOptions { players, ..Default::default() }).unwrap()
}

/// The stage-timer variant (FFX-11) at 12 rounds.
fn timed(players: u8) -> FatalFight {
    FatalFight::new(FatalFightOptions { players, stage_rounds: Some(12), ..Default::default() }).unwrap()
}

fn card(g: &FatalFight, id: &str) -> CardId {
    g.content.card_index(id).unwrap_or_else(|| panic!("no card {id}"))
}

fn enemy(g: &FatalFight, id: &str) -> CardId {
    CardId(g.content.enemies.iter().position(|e| e.id == id).unwrap_or_else(|| panic!("no enemy {id}")) as u16)
}

fn act(g: &FatalFight, s: &mut FatalFightState, a: A) {
    s.apply(g, a.encode()).unwrap_or_else(|e| panic!("{a:?}: {e}\n{}", s.render(g)));
}

fn legal(g: &FatalFight, s: &FatalFightState) -> Vec<A> {
    let mut out = ActionList::new();
    s.legal_actions(g, &mut out);
    out.iter().map(|&a| A::decode(a)).collect()
}

/// Player `p` holds exactly `names`: the old hand goes back to the deck, each named card comes
/// from the player's deck or discard, or else from the shop piles (keeping cards conserved).
fn give(g: &FatalFight, s: &mut FatalFightState, p: usize, names: &[&str]) {
    let pl = &mut s.players[p];
    pl.hand.move_all_to(&mut pl.deck);
    for name in names {
        let c = card(g, name);
        let pl = &mut s.players[p];
        let in_deck = pl.deck.iter().position(|d| d == c);
        let in_discard = pl.discard.iter().position(|d| d == c);
        if let Some(i) = in_deck {
            pl.deck.remove(i);
        } else if let Some(i) = in_discard {
            pl.discard.remove(i);
        } else {
            assert!(s.shop.0[usize::from(c.0)] > 0, "{name} not available");
            s.shop.0[usize::from(c.0)] -= 1;
        }
        s.players[p].hand.push(c);
    }
}

/// Empties every group (enemies back to the pile) and puts `enemies` (stage-1 ids, taken from the
/// pile) into group `grp`, head first.
fn place(g: &FatalFight, s: &mut FatalFightState, grp: usize, enemies: &[&str]) {
    for e in enemies {
        let id = enemy(g, e);
        let from_groups = (0..6).find_map(|k| s.groups[k].iter().position(|x| x == id).map(|i| (k, i)));
        let in_pile = s.enemy_pile.iter().position(|x| x == id);
        let in_discard = s.enemy_discard.iter().position(|x| x == id);
        if let Some(i) = in_pile {
            s.enemy_pile.remove(i);
        } else if let Some(i) = in_discard {
            s.enemy_discard.remove(i);
        } else if let Some((k, i)) = from_groups {
            s.groups[k].remove(i);
        } else {
            panic!("no free {e}");
        }
        s.groups[grp].push(id);
    }
}

fn clear_groups(s: &mut FatalFightState) {
    for grp in 0..6 {
        let group = std::mem::take(&mut s.groups[grp]);
        for e in group.iter() {
            if e == BOSS {
                s.boss_present = false;
            } else {
                s.enemy_pile.push(e);
            }
        }
    }
}

/// A state in the first round's action phase, P0's turn, no enemies on the board.
fn in_round(g: &FatalFight) -> FatalFightState {
    let mut s = g.new_state(1);
    for _ in 0..g.n() {
        act(g, &mut s, A::ShopDone);
    }
    clear_groups(&mut s);
    // A stage card without a gimmick, so that only what a test sets up happens.
    let calm = g.content.stages.iter().position(|c| c.stage == s.stage + 1 && c.gimmick == Gimmick::None).unwrap();
    s.current_stage_card = Some(calm as u16);
    for p in 0..g.n() {
        s.players[p].life = g.character(p).life as i8;
        s.players[p].gp = 0;
    }
    s.pool = 0;
    s.earned = 0;
    let first = s.order[0];
    assert_eq!(s.phase, Phase::Turn { player: first });
    s.validate(g).unwrap();
    s
}

/// The card type `Play` and `Pay` name for `name`, which player `p` must hold.
fn hand_type(g: &FatalFight, s: &FatalFightState, p: usize, name: &str) -> u8 {
    let c = card(g, name);
    assert!(s.players[p].hand.contains(c), "P{p} holds no {name}");
    c.0 as u8
}

/// Pays the first card of the paying player's hand face down.
fn pay_first(g: &FatalFight, s: &mut FatalFightState) {
    let Phase::Pay { player, .. } = s.phase else { panic!("not paying") };
    let t = s.players[usize::from(player)].hand.get(0).unwrap();
    act(g, s, A::Pay(t.0 as u8));
}

fn play(g: &FatalFight, s: &mut FatalFightState, p: usize, name: &str) {
    let i = hand_type(g, s, p, name);
    act(g, s, A::Play(i));
}
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
    let mut short = s.clone();
    give(&g, &mut short, 0, &["jab", "block"]);
    assert!(!legal(&g, &short).contains(&A::Save(1)), "2 cards cannot pay a save of 3");
    let mut draft8 = short.clone();
    draft8.validate(&game(2)).unwrap();
    assert!(legal(&game(2), &draft8).contains(&A::Save(1)), "with the default 2 they can");
    // Three actions are needed: after one play, no save.
    give(&g, &mut short, 0, &["block", "block", "jab", "jab"]);
    play(&g, &mut short, 0, "block");
    assert_eq!(short.players[0].actions, 2);
    assert!(!legal(&g, &short).contains(&A::Save(1)), "2 actions cannot pay a save of 3");
    draft8 = short.clone();
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
        let listing = g.content();
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

/// The three draft-8 options are listed by `options()` with their values, read back to the same
/// game, and options written before they existed (the golden record's header) still load, as
/// draft 8.
#[test]
fn draft_8_options_round_trip_and_old_options_load() {
    let g = FatalFight::new(FatalFightOptions {
        start_gold: 0,
        opening_shop: false,
        save_actions: 3,
        ..Default::default()
    })
    .unwrap();
    let o = g.options();
    assert_eq!(
        (o["start_gold"].as_u64(), o["opening_shop"].as_bool(), o["save_actions"].as_u64()),
        (Some(0), Some(false), Some(3))
    );
    let again = FatalFight::from_options(o.as_object().unwrap()).unwrap();
    assert_eq!(again.options, g.options);
    let d = game(2).options();
    assert_eq!(
        (d["start_gold"].as_u64(), d["opening_shop"].as_bool(), d["save_actions"].as_u64()),
        (Some(3), Some(true), Some(2))
    );
    let old: serde_json::Value = serde_json::from_str(
        r#"{"characters":["dex","mika"],"content_dir":null,"final_boss_variant":false,"players":2,"stage_rounds":null,"start_stage":1}"#,
    )
    .unwrap();
    let old = FatalFight::from_options(old.as_object().unwrap()).unwrap();
    assert_eq!(old.options, game(2).options);
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

// FF-4.9, FFX-8: a discarded item is a card of the discard like any other: shuffled into the deck,
// drawn, and played from the hand with an action for its effects, then discarded again.
#[test]
fn ffx_8_a_discarded_item_drawn_later_is_played_from_the_hand() {
    let g = game(1);
    let mut s = in_round(&g);
    let smoke = card(&g, "smoke_bomb");
    s.shop.0[usize::from(smoke.0)] -= 1;
    s.players[0].hand.push(smoke);
    s.validate(&g).unwrap();
    let actions = s.players[0].actions;
    play(&g, &mut s, 0, "smoke_bomb");
    assert_eq!((s.players[0].gp, s.players[0].actions), (3, actions - 1), "guard 3 for an action");
    s.players[0].square = 0;
    act(&g, &mut s, A::EndTurn);
    assert!(
        s.players[0].discard.contains(smoke) || s.players[0].hand.contains(smoke),
        "back to the discard (or drawn again)"
    );
    assert_eq!(s.removed.0[usize::from(smoke.0)], 0);
    s.validate(&g).unwrap();
}

// FFX-10: the game's cards are limited to what a player's deck can hold, so owning never stops.
#[test]
fn ffx_10_a_player_may_own_every_card_of_the_game() {
    let g = game(4);
    let total: usize = g.totals.0.iter().map(|&k| usize::from(k)).sum();
    assert!(total <= super::state::MAX_OWNED, "{total} cards in a 4-player game");
    let mut s = g.new_state(1);
    // All but one copy of each shop deck card and the other players' shop cards in player 0's deck:
    // buying is still legal while stock lasts.
    for t in 0..g.content.cards.len() {
        let c = &g.content.cards[t];
        if c.kind == super::content::Kind::Common && !c.carry && !c.later_step {
            while s.shop.0[t] > 1 {
                s.shop.0[t] -= 1;
                s.players[0].deck.push(CardId(t as u16));
            }
        }
    }
    for p in 1..4 {
        let deck = std::mem::take(&mut s.players[p].deck);
        for c in deck.iter() {
            let to = if g.content.card(c).kind == super::content::Kind::Starter { p } else { 0 };
            s.players[to].deck.push(c);
        }
    }
    s.players[0].gold = 50;
    s.validate(&g).unwrap();
    assert!(s.players[0].owned() > 40, "past the old limit of 40");
    assert!(legal(&g, &s).iter().any(|a| matches!(a, A::Buy(_))), "{} cards owned", s.players[0].owned());
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
// FF-1.3
// FF-0.8

// FF-7.2, FF-7.3
#[test]
fn ff_7_2_ff_7_3_targets_on_the_same_line_in_reach_or_anywhere_with_launch() {
    let g = game(1);
    let mut s = in_round(&g);
    place(&g, &mut s, 0, &["street_punk"]); // left upper
    place(&g, &mut s, 1, &["street_punk"]); // left middle
    place(&g, &mut s, 4, &["street_punk"]); // right middle
    give(&g, &mut s, 0, &["jab", "spark_shot"]);
    s.players[0].square = 8; // right lower: wrong line for all
    play(&g, &mut s, 0, "jab");
    assert_eq!(legal(&g, &s).iter().filter(|a| matches!(a, A::Strike(_))).count(), 0);
    assert!(legal(&g, &s).contains(&A::Whiff));
    s.players[0].square = 7; // right middle: group 5 (CQB), not the left area
    let strikes: Vec<A> = legal(&g, &s).into_iter().filter(|a| matches!(a, A::Strike(_))).collect();
    assert_eq!(strikes, vec![A::Strike(4)]);
    s.players[0].square = 4; // centre middle: both sides of the middle line
    let strikes: Vec<A> = legal(&g, &s).into_iter().filter(|a| matches!(a, A::Strike(_))).collect();
    assert_eq!(strikes, vec![A::Strike(1), A::Strike(4)]);
    play(&g, &mut s, 0, "spark_shot"); // launch: any group
    let strikes: Vec<A> = legal(&g, &s).into_iter().filter(|a| matches!(a, A::Strike(_))).collect();
    assert_eq!(strikes, vec![A::Strike(0), A::Strike(1), A::Strike(4)]);
}

// FF-7.4, FF-0.2
#[test]
fn ff_7_4_ff_0_2_close_quarters_adds_pierce() {
    let g = game(1);
    let mut s = in_round(&g);
    place(&g, &mut s, 4, &["street_punk", "street_punk", "street_punk"]);
    s.chain = Chain { ap: 4, hits: 1, ..Default::default() };
    s.players[0].square = 4; // centre: no pierce, only the head falls
    let mut t = s.clone();
    t.strike(&g, 0, 4, &mut NoEvents);
    assert_eq!(t.groups[4].len(), 2);
    s.players[0].square = 7; // right area: CQB
    s.strike(&g, 0, 4, &mut NoEvents);
    assert_eq!(s.groups[4].len(), 1, "4 AP pierces two life-2 enemies");
}
// FF-7.1

// FF-7.5, FF-7.6
#[test]
fn ff_7_5_ff_7_6_a_blow_below_life_does_nothing() {
    let g = game(1);
    let mut s = in_round(&g);
    place(&g, &mut s, 1, &["bruiser", "street_punk"]);
    give(&g, &mut s, 0, &["jab"]);
    s.players[0].square = 4;
    s.chain = Chain { ap: 2, hits: 1, ..Default::default() };
    s.strike(&g, 0, 1, &mut NoEvents);
    assert_eq!(s.groups[1].len(), 2, "AP 2 < life 3: no damage stays");
    s.chain = Chain { ap: 3, hits: 1, ..Default::default() };
    s.strike(&g, 0, 1, &mut NoEvents);
    assert_eq!(
        s.groups[1].as_slice(),
        &[enemy(&g, "street_punk")],
        "AP 3 >= life 3 defeats the head; the group closes up"
    );
    assert!(s.enemy_discard.contains(enemy(&g, "bruiser")));
}

// FF-8.5
#[test]
fn ff_8_5_seed_example_pierce_6_into_life_4_carries_2_and_ignores_guard() {
    let g = game(1);
    let mut s = in_round(&g);
    // Elite Guard: life 4 and 2 GP, which pierce ignores.
    let (elite, punk, bruiser) = (enemy(&g, "elite_guard"), enemy(&g, "street_punk"), enemy(&g, "bruiser"));
    s.groups[4].push(elite);
    s.groups[4].push(punk);
    s.groups[4].push(bruiser);
    s.players[0].square = 4;
    s.chain = Chain { ap: 6, hits: 1, pierce: true, ..Default::default() };
    s.strike(&g, 0, 4, &mut NoEvents);
    assert_eq!(s.groups[4].as_slice(), &[bruiser], "4 to the head, the excess 2 to the second enemy");
    // Without pierce the guard counts: AP 5 does not defeat life 4 + 2 GP.
    s.groups[4] = [elite].into_iter().collect();
    s.chain = Chain { ap: 5, hits: 1, ..Default::default() };
    s.strike(&g, 0, 4, &mut NoEvents);
    assert_eq!(s.groups[4].len(), 1);
}
// FF-0.1

// FF-8.4, FF-9.1
#[test]
fn ff_8_4_ff_9_1_seed_example_ap_3_then_ap_1_area_is_ap_4_area() {
    let g = game(1);
    let mut s = in_round(&g);
    place(&g, &mut s, 1, &["bruiser", "street_punk", "knife_runner"]);
    give(&g, &mut s, 0, &["smash", "roundhouse"]);
    s.players[0].square = 4;
    s.players[0].special_ready = false; // no brawler bonus here
    play(&g, &mut s, 0, "smash");
    play(&g, &mut s, 0, "roundhouse");
    assert_eq!((s.chain.ap, s.chain.hits, s.chain.area), (4, 2, true));
    assert_eq!(s.players[0].actions, 1);
    act(&g, &mut s, A::Strike(1));
    assert!(s.groups[1].is_empty(), "every enemy of the group took 4");
    assert_eq!(s.chain, Chain::default());
}

// FF-9.2
#[test]
fn ff_9_2_a_non_attack_card_cannot_join_an_open_chain() {
    let g = game(1);
    let mut s = in_round(&g);
    give(&g, &mut s, 0, &["jab", "block"]);
    let block = hand_type(&g, &s, 0, "block");
    assert!(legal(&g, &s).contains(&A::Play(block)));
    play(&g, &mut s, 0, "jab");
    let block = hand_type(&g, &s, 0, "block");
    assert!(!legal(&g, &s).contains(&A::Play(block)), "the chain must be closed first (FFX-5)");
    assert!(!legal(&g, &s).contains(&A::EndTurn));
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

// FF-9.3, FF-9.4, FF-9.5
#[test]
fn ff_9_3_ff_9_4_ff_9_5_combination_on_the_same_square_costs_no_action() {
    let g = game(2);
    let mut s = in_round(&g);
    place(&g, &mut s, 4, &["bruiser", "bruiser"]);
    give(&g, &mut s, 0, &["jab", "jab"]);
    give(&g, &mut s, 1, &["low_kick", "jab", "dash_elbow"]);
    s.players[0].square = 4;
    s.players[1].square = 4;
    play(&g, &mut s, 0, "jab");
    act(&g, &mut s, A::Combination);
    assert_eq!(s.phase, Phase::Combination { player: 1 });
    play(&g, &mut s, 1, "low_kick");
    play(&g, &mut s, 1, "jab");
    assert_eq!(s.players[1].combo_left, 1);
    act(&g, &mut s, A::Pass);
    assert_eq!(s.phase, Phase::Turn { player: 0 });
    assert_eq!(s.chain.ap, 1 + 1 + 1 + 1, "brawler's first card +1, then 1 + 1");
    assert!(!legal(&g, &s).contains(&A::Combination), "offered once per chain");
    act(&g, &mut s, A::Strike(4));
    assert_eq!(s.groups[4].len(), 1);
    act(&g, &mut s, A::EndTurn);
    assert_eq!(s.phase, Phase::Turn { player: 1 });
    assert_eq!(s.players[1].actions, 3, "combination plays cost no actions");
    assert_eq!(s.players[1].played.len(), 2, "played cards wait for the round end");
}

// FF-9.6
#[test]
fn ff_9_6_combo_bonus_for_four_hits() {
    let g = game(1);
    let mut s = in_round(&g);
    place(&g, &mut s, 1, &["street_punk"]);
    s.players[0].square = 4;
    s.chain = Chain { ap: 5, hits: 5, ..Default::default() };
    s.strike(&g, 0, 1, &mut NoEvents);
    assert_eq!(s.pool, 2, "5 hits - 3");
    s.chain = Chain { ap: 5, hits: 3, ..Default::default() };
    place(&g, &mut s, 1, &["street_punk"]);
    s.strike(&g, 0, 1, &mut NoEvents);
    assert_eq!(s.pool, 2, "3 hits: no bonus");
}
// FFX-21

// FF-8.1, FF-8.2, FF-8.3
#[test]
fn ff_8_1_ff_8_2_ff_8_3_guard_draw_heal() {
    let g = game(1);
    let mut s = in_round(&g);
    give(&g, &mut s, 0, &["block"]);
    play(&g, &mut s, 0, "block");
    assert_eq!(s.players[0].gp, 2);
    s.damage(0, 3, false);
    assert_eq!((s.players[0].gp, s.players[0].life), (0, 7));
    s.players[0].gp = 2;
    s.damage(0, 1, true);
    assert_eq!((s.players[0].gp, s.players[0].life), (2, 6), "pierce ignores GP");
    s.apply_effects(&g, 0, 0, 0, 9);
    assert_eq!(s.players[0].life, 8, "heal stops at max life");
    let h = s.players[0].hand.len();
    s.apply_effects(&g, 0, 0, 5, 0);
    assert_eq!(s.players[0].hand.len(), h + 5, "draw may exceed the max hand size");
}
// FF-6.2
// FF-1.2

// FF-10.1, FF-10.2
#[test]
fn ff_10_1_ff_10_2_one_free_move_then_a_card_face_down_and_an_action() {
    let g = game(1);
    let mut s = in_round(&g);
    assert_eq!(s.players[0].square, 4);
    let moves: Vec<A> = legal(&g, &s).into_iter().filter(|a| matches!(a, A::Move(_))).collect();
    assert_eq!(moves, vec![A::Move(1), A::Move(3), A::Move(5), A::Move(7)], "orthogonal steps only (FFX-14)");
    act(&g, &mut s, A::Move(7));
    assert_eq!((s.players[0].square, s.players[0].actions), (7, 3));
    act(&g, &mut s, A::Move(8));
    assert!(matches!(s.phase, Phase::Pay { left: 1, .. }));
    pay_first(&g, &mut s);
    assert_eq!((s.players[0].square, s.players[0].actions, s.players[0].facedown.len()), (8, 2, 1));
}

// FF-10.3, FF-4.7
#[test]
fn ff_10_3_ff_4_7_items_cost_no_action_and_are_exiled() {
    let g = game(1);
    let mut s = in_round(&g);
    let chicken = card(&g, "roast_chicken");
    s.shop.0[usize::from(chicken.0)] -= 1;
    s.players[0].carried.push(chicken);
    s.players[0].life = 2;
    act(&g, &mut s, A::Item(0));
    assert_eq!((s.players[0].life, s.players[0].actions), (6, 3));
    assert_eq!(s.removed.0[usize::from(chicken.0)], 1);
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
// FFX-19

// FF-10.4, FF-13.4, FF-13.5
#[test]
fn ff_10_4_ff_13_4_ff_13_5_saving_costs_two_actions_and_two_cards() {
    let g = game(2);
    let mut s = in_round(&g);
    s.players[1].life = -1;
    s.players[1].down = true;
    assert!(legal(&g, &s).contains(&A::Save(1)));
    act(&g, &mut s, A::Save(1));
    pay_first(&g, &mut s);
    pay_first(&g, &mut s);
    assert_eq!(s.phase, Phase::Turn { player: 0 });
    assert_eq!((s.players[0].actions, s.players[0].facedown.len()), (1, 2));
    assert_eq!((s.players[1].life, s.players[1].down, s.players[1].immune), (2, false, true));
    s.damage(1, 5, true);
    assert_eq!(s.players[1].life, 2, "not damaged in the round it is saved");
    act(&g, &mut s, A::EndTurn);
    assert_ne!(s.phase, Phase::Turn { player: 1 }, "joins from the next round");
}
// FF-11.1

// FF-11.2, FF-14.2
#[test]
fn ff_11_2_ff_14_2_carriers_pay_when_defeated_and_escape_otherwise() {
    let g = game(1);
    let mut s = in_round(&g);
    place(&g, &mut s, 1, &["loot_carrier", "loot_carrier"]);
    s.players[0].square = 4;
    s.chain = Chain { ap: 1, hits: 1, ..Default::default() };
    s.strike(&g, 0, 1, &mut NoEvents);
    assert_eq!((s.pool, s.earned), (2, 2));
    s.players[0].square = 0;
    act(&g, &mut s, A::EndTurn);
    assert!(s.escaped.contains(enemy(&g, "loot_carrier")), "the other carrier escaped at round end");
    assert!(!s.groups[1].contains(enemy(&g, "loot_carrier")));
    s.validate(&g).unwrap();
}
// FF-15.5
// FF-15.4
// FF-0.6

// FF-11.3
#[test]
fn ff_11_3_ff_15_defeating_the_boss_clears_the_stage() {
    let g = game(2);
    let mut s = in_round(&g);
    place(&g, &mut s, 4, &["street_punk", "bruiser"]);
    s.groups[4].push(BOSS);
    s.groups[4].remove(0);
    let punk = enemy(&g, "street_punk");
    s.enemy_discard.push(punk);
    s.boss_present = true;
    s.boss_placed = true;
    s.pool = 5;
    s.players[0].life = 3;
    s.players[1].life = -2;
    s.players[1].down = true;
    s.players[0].square = 7;
    // Pierce from CQB: bruiser (3) then the boss (6) with 9 AP.
    s.chain = Chain { ap: 9, hits: 1, ..Default::default() };
    s.strike(&g, 0, 4, &mut NoEvents);
    assert_eq!(s.stage, 1);
    assert_eq!(s.phase, Phase::Shop { player: 0 });
    assert_eq!((s.players[0].gold, s.players[1].gold, s.pool), (5, 5, 1), "5 gold split in two, 1 carries over");
    assert_eq!((s.players[0].life, s.players[1].life, s.players[1].down), (8, 8, false));
    assert!(s.players[..2].iter().all(|p| p.hand.is_empty() && p.discard.is_empty() && p.played.is_empty()));
    assert!(s.groups.iter().all(|x| x.is_empty()));
    assert_eq!(s.stage_pile.len(), 6);
    assert!(s.enemy_pile.iter().any(|e| g.content.enemy(e).stage == 2), "next stage's enemies added");
    s.validate(&g).unwrap();
}

// FF-15.2, FFX-22: "分割した結果１金に満たなかった場合（＝プレイヤー人数より少ない金しか得られな
// かった）、最低１金を得て、端数は次ステージへ持ち越しとなります" (if the split gives less than 1
// gold — less gold than players — each receives at least 1 gold, and the remainder carries to the
// next stage). Every player gets 1; the remainder, pool % players, is the whole pool.
#[test]
fn ff_15_2_less_gold_than_players_each_gets_one_and_the_pool_carries_over() {
    let g = game(3);
    let mut s = in_round(&g);
    s.pool = 2;
    s.stage_clear(&g, &mut NoEvents);
    assert!(s.players[..3].iter().all(|p| p.gold == 4));
    assert_eq!(s.pool, 2, "2 gold for 3 players: the remainder 2 % 3 carries over");
    // "端数については、次ステージへ持ち越してください" (carry the remainder to the next stage).
    let g = game(2);
    let mut s = in_round(&g);
    s.pool = 5;
    s.stage_clear(&g, &mut NoEvents);
    assert!(s.players[..2].iter().all(|p| p.gold == 5));
    assert_eq!(s.pool, 1);
    let mut s = in_round(&g);
    s.pool = 0;
    s.stage_clear(&g, &mut NoEvents);
    assert!(s.players[..2].iter().all(|p| p.gold == 4), "no gold earned: still at least 1 each");
    assert_eq!(s.pool, 0);
}

// FF-12.2, FF-12.3
#[test]
fn ff_12_2_ff_12_3_boss_skill_then_the_pile_rotates() {
    let g = game(1);
    let mut s = in_round(&g);
    s.groups[4].push(BOSS);
    s.boss_present = true;
    s.boss_placed = true;
    let before: Vec<CardId> = s.boss_pile.iter().collect();
    s.players[0].square = 0; // upper line: no combat damage from the middle group
    s.enemy_phase(&g, &mut NoEvents);
    let after: Vec<CardId> = s.boss_pile.iter().collect();
    assert_eq!(after[0], before[2], "the used skill goes to the bottom");
    assert_eq!(&after[1..], &before[..2]);
}
// FF-2.5
// FF-12.4

// FF-12.5, FF-12.6, FF-12.7
#[test]
fn ff_12_5_ff_12_6_ff_12_7_skill_cross_and_combat_damage() {
    let g = timed(2); // the timer only stops the next round from being set up
    let mut s = in_round(&g);
    place(&g, &mut s, 0, &["knife_runner", "street_punk"]); // left upper; the head crosses
    place(&g, &mut s, 5, &["bruiser"]); // right lower: strike 1 then combat 1
    s.players[0].square = 0; // left area, upper line
    s.players[1].square = 5; // centre area, lower line
    s.round = 12; // the next round is never set up: the board stays as it is
    s.enemy_phase(&g, &mut NoEvents);
    // Group 1 (after the cross): 1 punk -> 1 damage to P0; group 4 then holds the runner: 1 more.
    assert_eq!(s.groups[3].as_slice(), &[enemy(&g, "knife_runner")]);
    assert_eq!(s.players[0].life, 8 - 1 - 1);
    assert_eq!(s.players[1].life, 8 - 1 - 1, "bruiser's strike and the combat damage, whatever the area");
}
// FF-14.4
// FF-14.1

// FF-12.8, FF-12.9
#[test]
fn ff_12_8_ff_12_9_mass_damage_is_assigned_by_the_team() {
    let g = timed(2); // the timer only stops the next round from being set up
    let mut s = in_round(&g);
    place(&g, &mut s, 2, &["street_punk", "street_punk", "street_punk", "street_punk", "knife_runner", "loot_carrier"]);
    s.players[0].square = 1;
    s.players[1].square = 1;
    s.round = 12; // no next round: nothing else changes life
    s.enemy_phase(&g, &mut NoEvents);
    assert_eq!(s.phase, Phase::MassDamage { group: 2 });
    assert_eq!(s.mass[2], 2);
    assert_eq!(s.groups[2].len(), 4);
    assert_eq!(legal(&g, &s), vec![A::Assign(0), A::Assign(1)]);
    act(&g, &mut s, A::Assign(1));
    assert_eq!(s.players[1].life, 6);
    assert_eq!(s.phase, Phase::Over, "then the round ends (and here time is over)");
}
// FF-12.1
// FF-1.1

// FF-13.1, FF-13.3
#[test]
fn ff_13_1_ff_13_3_all_players_down_loses() {
    let g = game(2);
    let mut s = in_round(&g);
    s.players[1].life = 0;
    s.players[1].down = true;
    place(&g, &mut s, 1, &["bruiser", "street_punk", "street_punk"]);
    s.players[0].square = 4;
    s.players[0].life = 3;
    act(&g, &mut s, A::EndTurn);
    assert_eq!(s.phase, Phase::Over);
    let mut r = [0.0; 2];
    s.returns(&g, &mut r);
    assert_eq!(r, [-1.0, -1.0]);
}
// FFX-17

// FF-14.3
#[test]
fn ff_14_3_played_cards_are_discarded_and_exile_cards_removed() {
    let g = game(1);
    let mut s = in_round(&g);
    let meteor = card(&g, "meteor_drop");
    if let Some(slot) = s.unique_row.iter().position(|&u| u == Some(meteor)) {
        s.unique_row[slot] = s.unique_pile.pop();
    } else {
        let i = s.unique_pile.iter().position(|u| u == meteor).unwrap();
        s.unique_pile.remove(i);
    }
    s.players[0].hand.push(meteor);
    give(&g, &mut s, 0, &["meteor_drop", "jab"]);
    play(&g, &mut s, 0, "meteor_drop");
    act(&g, &mut s, A::Whiff);
    play(&g, &mut s, 0, "jab");
    act(&g, &mut s, A::Whiff);
    s.players[0].square = 0;
    act(&g, &mut s, A::EndTurn);
    assert_eq!(s.removed.0[usize::from(meteor.0)], 1);
    assert!(s.players[0].played.is_empty());
    s.validate(&g).unwrap();
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

// FF-15.6, FF-5.2
#[test]
fn ff_15_6_ff_5_2_clearing_the_fourth_stage_wins_with_the_gold_as_score() {
    let g = FatalFight::new(FatalFightOptions { players: 2, start_stage: 4, ..Default::default() }).unwrap();
    let mut s = in_round(&g);
    assert_eq!(s.stage, 3);
    s.groups[4].push(BOSS);
    s.boss_present = true;
    s.boss_placed = true;
    s.pool = 4;
    s.players[0].square = 7;
    s.chain = Chain { ap: 10, hits: 1, ..Default::default() };
    s.strike(&g, 0, 4, &mut NoEvents);
    assert_eq!((s.phase, s.result, s.score), (Phase::Over, Some(true), 3 + 3 + 4));
    let mut r = [0.0; 2];
    s.returns(&g, &mut r);
    assert_eq!(r, [1.1, 1.1]);
    s.validate(&g).unwrap();
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

#[test]
fn copies_of_a_card_give_one_action() {
    let g = game(1);
    let mut s = in_round(&g);
    give(&g, &mut s, 0, &["jab", "jab", "jab", "block"]);
    let plays = legal(&g, &s).into_iter().filter(|a| matches!(a, A::Play(_))).count();
    assert_eq!(plays, 2);
}

#[test]
fn options_are_checked() {
    for (o, name) in [
        (FatalFightOptions { players: 0, ..Default::default() }, "players"),
        (FatalFightOptions { players: 5, ..Default::default() }, "players"),
        (FatalFightOptions { characters: vec!["nobody".into()], ..Default::default() }, "characters"),
        (FatalFightOptions { characters: vec!["dex".into(), "dex".into()], ..Default::default() }, "characters"),
        (FatalFightOptions { stage_rounds: Some(2), ..Default::default() }, "stage_rounds"),
        (FatalFightOptions { start_gold: 21, ..Default::default() }, "start_gold"),
        (FatalFightOptions { save_actions: 1, ..Default::default() }, "save_actions"),
        (FatalFightOptions { save_actions: 4, ..Default::default() }, "save_actions"),
    ] {
        match FatalFight::new(o) {
            Err(GameError::InvalidOption { option, .. }) => assert_eq!(option, name),
            other => panic!("{other:?}"),
        }
    }
}

#[test]
fn malformed_content_names_file_card_and_field() {
    let [cards, chars, enemies, stages] = crate::games::fatal_fight::content::BUILTIN;
    let bad_cards = cards.1.replace("ap = 3\nline = \"strikes\"", "ap = 0\nline = \"strikes\"");
    let bad_stages = stages.1.replacen("gimmick = \"none\"", "gimmick = \"volcano\"", 1);
    let err = Content::parse((cards.0, &bad_cards), chars, enemies, (stages.0, &bad_stages)).unwrap_err();
    let text = err.to_string();
    assert!(text.contains("cards.toml: smash: field `ap`"), "{text}");
    assert!(text.contains("stages.toml: back_alley: field `gimmick`"), "{text}");
    let err = Content::parse(cards, chars, (enemies.0, "enemy = 3"), stages).unwrap_err();
    assert!(err.to_string().contains("enemies.toml"));
}

#[test]
fn builtin_content_has_the_seed_counts() {
    let g = game(4);
    let c = &g.content;
    assert_eq!(c.stages.len(), 28);
    assert!(c.characters.len() >= 4 && c.characters.iter().all(|x| x.deck.len() == 12));
    assert_eq!(c.bosses.len(), 4);
    assert!(c.bosses.iter().all(|b| b.skills.len() >= 3));
}

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

#[test]
fn conformance_suite_default_options() {
    let g = FatalFight::new(FatalFightOptions::default()).unwrap();
    check_random_games(&g, Conformance::default()).unwrap();
}

#[test]
fn conformance_suite_one_three_four_players_and_the_variant() {
    for players in [1, 3, 4] {
        check_random_games(&game(players), Conformance { games: 1_500, seed: 3, deep_games: 60 }).unwrap();
    }
    for start_stage in 2..=4 {
        let g = FatalFight::new(FatalFightOptions {
            players: 2,
            final_boss_variant: true,
            start_stage,
            ..Default::default()
        })
        .unwrap();
        check_random_games(&g, Conformance { games: 1_000, seed: 9, deep_games: 30 }).unwrap();
    }
    for players in [1, 4] {
        let g = FatalFight::new(FatalFightOptions { players, stage_rounds: Some(6), ..Default::default() }).unwrap();
        check_random_games(&g, Conformance { games: 500, seed: 5, deep_games: 20 }).unwrap();
    }
}

/// The earlier draft's rules (FF-0.5..FF-0.7 as options: no start gold, no opening shop, saving
/// for 3) and each of them alone, with the medic in play, from stage 1 and from a later stage.
#[test]
fn conformance_suite_the_earlier_draft_options() {
    let juno = |players: u8| {
        let mut c: Vec<String> = vec!["juno".into()];
        c.extend(["dex", "mika", "bram"].iter().take(usize::from(players) - 1).map(|x| x.to_string()));
        c
    };
    for (players, start_gold, opening_shop, save_actions, start_stage) in
        [(2, 0, false, 3, 1), (4, 0, false, 3, 2), (3, 3, true, 3, 1), (2, 20, true, 2, 1), (1, 3, false, 2, 1)]
    {
        let g = FatalFight::new(FatalFightOptions {
            players,
            characters: juno(players),
            start_gold,
            opening_shop,
            save_actions,
            start_stage,
            ..Default::default()
        })
        .unwrap();
        check_random_games(&g, Conformance { games: 400, seed: 13, deep_games: 15 }).unwrap();
    }
}

#[test]
fn content_dir_replaces_built_in_files() {
    let dir = std::env::temp_dir().join(format!("kumite_ff_content_{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let [_, chars, _, _] = crate::games::fatal_fight::content::BUILTIN;
    // The per-character stats variant (FFX-18): one character lists its own life.
    let mine = chars.1.replace("name = \"Dex Calloway\"\n", "name = \"Dex Calloway\"\nlife = 12\n");
    std::fs::write(dir.join("characters.toml"), mine).unwrap();
    let g = FatalFight::new(FatalFightOptions { content_dir: Some(dir.display().to_string()), ..Default::default() })
        .unwrap();
    assert_eq!((g.character(0).life, g.character(1).life), (12, 8), "the others keep the shared stats");
    check_random_games(&g, Conformance { games: 100, seed: 1, deep_games: 5 }).unwrap();
    std::fs::write(dir.join("stages.toml"), "[[stage]]\nid = \"x\"\n").unwrap();
    let err = FatalFight::new(FatalFightOptions { content_dir: Some(dir.display().to_string()), ..Default::default() })
        .unwrap_err();
    assert!(err.to_string().contains("stages.toml"), "{err}");
    std::fs::remove_dir_all(&dir).unwrap();
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
    // Round 300 still counts on, and the round feature stays in [0, 1].
    let mut s = in_round(&g);
    s.round = 300;
    s.players[0].square = 0;
    act(&g, &mut s, A::EndTurn);
    assert_eq!(s.round, 301);
    let mut obs = vec![0.0; g.observation_len()];
    s.observation(&g, 0, &mut obs);
    assert!(obs.iter().all(|x| (0.0..=3.0).contains(x)));
    assert_eq!(obs[6 + 1 + 4], 1.0, "round / 30, capped at 1");
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
    let [cards, chars, enemies, stages] = crate::games::fatal_fight::content::BUILTIN;
    let two = cards.1.replace("draw = 2\ncost = 2\n", "draw = 2\ncost = 2\ncopies = 2\n");
    let err = Content::parse((cards.0, &two), chars, enemies, stages).unwrap_err();
    assert!(err.to_string().contains("energy_drink: field `copies`"), "{err}");
}

// FF-9.3: "手番プレイヤーがチェーンコンボで手札をプレイした後、その手番プレイヤーと同マスにいる
// プレイヤーは、続けて手札をプレイしてチェーンコンボを続けることができます" (after the turn player
// plays a card in a chain combo, players on its square may continue the chain with their cards).
// Each card the turn player adds is such a moment, so partners may join again (within their
// action count per round, FF-9.4, FFX-6).
#[test]
fn ff_9_3_partners_may_join_again_after_the_turn_player_plays_on() {
    let g = game(2);
    let mut s = in_round(&g);
    place(&g, &mut s, 4, &["bruiser"]);
    give(&g, &mut s, 0, &["jab", "jab"]);
    give(&g, &mut s, 1, &["low_kick", "jab", "dash_elbow"]);
    s.players[0].square = 4;
    s.players[1].square = 4;
    play(&g, &mut s, 0, "jab");
    act(&g, &mut s, A::Combination);
    play(&g, &mut s, 1, "low_kick");
    act(&g, &mut s, A::Pass);
    assert!(!legal(&g, &s).contains(&A::Combination), "no new card from the turn player yet");
    play(&g, &mut s, 0, "jab");
    assert!(legal(&g, &s).contains(&A::Combination), "the turn player played on");
    act(&g, &mut s, A::Combination);
    assert_eq!(s.phase, Phase::Combination { player: 1 });
    play(&g, &mut s, 1, "jab");
    act(&g, &mut s, A::Pass);
    assert_eq!((s.chain.hits, s.chain.ap, s.players[1].combo_left), (4, 5, 1));
    act(&g, &mut s, A::Strike(4));
    assert_eq!(s.pool, 1, "4 hits: combo bonus 1 gold");
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

/// The index of stage card `id`.
fn stage_card(g: &FatalFight, id: &str) -> u16 {
    g.content.stages.iter().position(|c| c.id == id).unwrap_or_else(|| panic!("no stage card {id}")) as u16
}

/// The next round of `s` set up with stage card `id` on top of the stage pile.
fn next_round_with(g: &FatalFight, s: &FatalFightState, id: &str) -> FatalFightState {
    let mut s = s.clone();
    let c = CardId(stage_card(g, id));
    // From the pile, or back from this stage's used cards (the seed's draw may have shown it).
    let in_pile = s.stage_pile.iter().position(|x| x == c);
    if let Some(i) = in_pile {
        s.stage_pile.remove(i);
    } else {
        let i = s.stage_used.iter().position(|x| x == c).unwrap_or_else(|| panic!("no {id} on this stage"));
        s.stage_used.remove(i);
    }
    s.stage_pile.push(c);
    s.start_round(g, &mut NoEvents);
    assert_eq!(s.current_stage_card, Some(c.0));
    s
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
    let mut calm = s.clone();
    calm.enemy_phase(&g, &mut NoEvents);
    assert_eq!(calm.players[0].life, 8 - 2);
    let mut rush = s.clone();
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
    let mut lit = s.clone();
    play(&g, &mut lit, 0, "spark_shot");
    assert_eq!(strikes(&lit), vec![A::Strike(0), A::Strike(4)], "launch reaches any group");
    s.current_stage_card = Some(stage_card(&g, "laundry_room")); // dark
    play(&g, &mut s, 0, "spark_shot");
    assert_eq!(strikes(&s), vec![A::Strike(4)], "in the dark only the middle line's group in reach");
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

#[test]
fn the_json_state_lists_only_the_game_s_players() {
    // A 2-player game's state lists 2 players (the slots for more stay empty and are left out),
    // and reads back to the same state.
    let g = game(2);
    let s = g.new_state(3);
    let v: serde_json::Value = serde_json::from_str(&s.to_json()).unwrap();
    assert_eq!(v["players"].as_array().unwrap().len(), 2);
    assert_eq!(g.state_from_json(&s.to_json()).unwrap(), s);
    let with = |players: Vec<serde_json::Value>| {
        let mut v = v.clone();
        v["players"] = serde_json::Value::Array(players);
        g.state_from_json(&v.to_string()).map(|_| ()).unwrap_err().to_string()
    };
    let p0 = v["players"][0].clone();
    assert!(with(vec![p0.clone(); 5]).contains("no more than 4"), "{}", with(vec![p0.clone(); 5]));
    assert!(with(vec![p0.clone(); 3]).contains("player slot 2 is unused"), "{}", with(vec![p0.clone(); 3]));
    assert!(with(vec![p0]).contains("player 1"), "a missing player is an empty slot, refused");
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

// FF-12.3, FF-14.3, FFX-20: determinize keeps what was public and resamples only the rest.
// 「スキル適用後は、ボス山の一番上のカードを、一番下へ移動させてください」: the skill moved to the bottom
// is seen. 「手札１枚を表向きに置き」 and 「プレイしたカードは全て捨て札にし」: a card played face up is
// discarded in view; a card paid face down (FF-10.2) stays hidden.
#[test]
fn ff_12_3_ff_14_3_determinize_keeps_the_seen_boss_order_and_cards_discarded_in_view() {
    let g = game(2);
    let mut s = in_round(&g);
    let (first, second) = (usize::from(s.order[0]), usize::from(s.order[1]));
    s.groups[4].push(BOSS);
    s.boss_present = true;
    s.boss_placed = true;
    for p in 0..2 {
        s.players[p].square = 0; // upper line, away from the boss's group
    }
    // Before any skill is used only the face-up top is seen (FF-5.9): the two below it vary.
    let varies = (0..100).any(|seed| s.determinize(&g, second, seed).boss_pile.as_slice() != s.boss_pile.as_slice());
    assert!(varies, "the unseen part of the boss pile is reshuffled");
    give(&g, &mut s, first, &["jab", "block"]);
    play(&g, &mut s, first, "jab");
    act(&g, &mut s, A::Whiff);
    s.players[first].moves = 0;
    act(&g, &mut s, A::Move(1));
    let block = hand_type(&g, &s, first, "block");
    act(&g, &mut s, A::Pay(block)); // face down: hidden
    act(&g, &mut s, A::EndTurn);
    act(&g, &mut s, A::EndTurn);
    assert_eq!(s.boss_known, 1, "one skill has gone to the bottom in view");
    let pl = &s.players[first];
    assert_eq!(pl.discarded_in_view().collect::<Vec<_>>(), vec![card(&g, "jab")]);
    assert_eq!(pl.discard.len(), 2, "the jab in view and the block face down");
    let seen_slot = (0..2).find(|&i| pl.discard_seen & (1 << i) != 0).unwrap();
    s.validate(&g).unwrap();
    let mut hidden_varies = false;
    for seed in 0..200 {
        let d = s.determinize(&g, second, seed);
        d.validate(&g).unwrap();
        let dp = &d.players[first];
        assert_eq!(dp.discard.get(seen_slot), Some(card(&g, "jab")), "a card discarded in view stays");
        assert_eq!(dp.discard_seen, pl.discard_seen);
        // The skill seen going to the bottom and the new face-up top: all three places are known.
        assert_eq!(d.boss_pile.as_slice(), s.boss_pile.as_slice());
        assert_eq!(d.information_state_string(&g, second), s.information_state_string(&g, second));
        hidden_varies |=
            dp.hand.as_slice() != pl.hand.as_slice() || dp.discard.get(1 - seen_slot) != pl.discard.get(1 - seen_slot);
    }
    assert!(hidden_varies, "the hidden cards are redealt");
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
    let place_block = 31 + 2 + 3; // after the boss pile's skill set (docs "## Observation")
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
        assert!(g.max_game_length() as u64 * super::state::MAX_GOLD_PER_ACTION < u64::from(u32::MAX));
    }
    assert_eq!((game(2).max_game_length(), game(4).max_game_length()), (22_088, 62_816), "docs \"Game length\"");
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

/// Moves the unique `id` from the unique row or pile into player `p`'s hand (cards conserved).
fn give_unique(g: &FatalFight, s: &mut FatalFightState, p: usize, id: &str) {
    let c = card(g, id);
    if let Some(slot) = s.unique_row.iter().position(|&u| u == Some(c)) {
        s.unique_row[slot] = s.unique_pile.pop();
    } else {
        let i = s.unique_pile.iter().position(|u| u == c).unwrap();
        s.unique_pile.remove(i);
    }
    s.players[p].hand.push(c);
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
    let [cards, chars, enemies, stages] = crate::games::fatal_fight::content::BUILTIN;
    for (bad, why) in [
        ("[\"fly 2\"]", "unknown effect \"fly\""),
        ("[\"throw\"]", "throw and cqb need a hit"),
        ("[\"hit: draw 1 if cqb\", \"move\"]", "move needs an amount"),
        ("[\"draw 1 if upstairs\"]", "unknown condition \"upstairs\""),
    ] {
        let text = cards.1.replace("text = [\"move 1\"]", &format!("text = {bad}"));
        let e = Content::parse((cards.0, &text), chars, enemies, stages).unwrap_err().to_string();
        assert!(e.contains("parry") && e.contains("text[") && e.contains(why), "{bad}: {e}");
    }
    // Hit text needs an attack card.
    let text = cards.1.replace("text = [\"move 1\"]", "text = [\"hit: move 1\"]");
    let e = Content::parse((cards.0, &text), chars, enemies, stages).unwrap_err().to_string();
    assert!(e.contains("parry") && e.contains("need an attack card"), "{e}");
}

// FF-6.3 「手札１枚を表向きに置き、カード毎に指定された効果を適用してください。…固有のテキスト効果を持つものもあります。」
// Text without "hit:" resolves as the card is played, if its condition (where the player
// stands) holds: Parry's move, Spark Shot's draw from a side area, Iron Wall's heal on the middle
// line, Adrenaline's action and its draw in the centre.
#[test]
fn ff_6_3_play_text_resolves_when_played_where_its_condition_holds() {
    let g = game(1);
    let mut s = in_round(&g);
    give(&g, &mut s, 0, &["parry", "iron_wall", "spark_shot"]);
    give_unique(&g, &mut s, 0, "adrenaline");
    s.players[0].square = 4; // centre middle
    s.players[0].life = 5;
    let moves = s.players[0].moves;
    play(&g, &mut s, 0, "parry");
    assert_eq!(s.players[0].moves, moves + 1, "move 1: one more free move this turn");
    play(&g, &mut s, 0, "iron_wall");
    assert_eq!(s.players[0].life, 6, "heal 1 if middle");
    assert_eq!(s.players[0].actions, 1);
    let hand = s.players[0].hand.len();
    play(&g, &mut s, 0, "adrenaline");
    assert_eq!(s.players[0].actions, 1, "action 1 gives back the action it cost");
    assert_eq!(s.players[0].hand.len(), hand, "draw 1 if centre: played one, drew one");
    // Spark Shot draws only from a side area.
    let mut side = s.clone();
    side.players[0].square = 7;
    let hand = side.players[0].hand.len();
    play(&g, &mut side, 0, "spark_shot");
    assert_eq!(side.players[0].hand.len(), hand, "draw 1 if side");
    let hand = s.players[0].hand.len();
    play(&g, &mut s, 0, "spark_shot");
    assert_eq!(s.players[0].hand.len(), hand - 1, "in the centre: no draw");
    s.validate(&g).unwrap();
    // Off the middle line, Iron Wall heals nothing.
    let mut t = in_round(&g);
    give(&g, &mut t, 0, &["iron_wall"]);
    t.players[0].square = 3;
    t.players[0].life = 5;
    play(&g, &mut t, 0, "iron_wall");
    assert_eq!(t.players[0].life, 5);
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

// FF-7.4 「同じエリアにいる敵集団を指定した場合、CQB（Close Quarters Battle）が発生し」: Rising Knee's
// "hit: guard 2 if cqb" gives guard only when the struck group shares the player's area.
#[test]
fn ff_7_4_hit_text_with_the_cqb_condition() {
    let g = game(1);
    for (square, gp) in [(7, 2), (4, 0)] {
        let mut s = in_round(&g);
        place(&g, &mut s, 4, &["bruiser"]);
        give(&g, &mut s, 0, &[]);
        give_unique(&g, &mut s, 0, "rising_knee");
        s.players[0].square = square;
        play(&g, &mut s, 0, "rising_knee");
        act(&g, &mut s, A::Strike(4));
        assert_eq!(s.players[0].gp, gp, "square {square}");
    }
}

// FF-8.2 「デッキからＸ枚引いて手札に加えます。これにより、最大手札枚数を超えても問題ありません。」 A hand holds
// every card its player owns, so no draw is lost: a player holding 30 cards draws 2 more, and
// `Play` names a card type, so a card deep in the hand is playable.
#[test]
fn ff_8_2_a_hand_holds_every_card_its_player_owns() {
    assert_eq!(super::state::MAX_HAND, super::state::MAX_OWNED);
    let g = game(1);
    let mut s = in_round(&g);
    let all: Vec<&str> = g
        .content
        .cards
        .iter()
        .filter(|c| c.kind == super::content::Kind::Common && !c.carry)
        .map(|c| c.id.as_str())
        .collect();
    let mut names: Vec<&str> = all.iter().flat_map(|&n| [n, n]).collect();
    names.push("parry");
    give(&g, &mut s, 0, &names);
    let held = s.players[0].hand.len();
    assert!(held > 20, "past the old capacity of 20: {held}");
    s.players[0].deck.clear();
    s.players[0].discard.clear();
    s.players[0].deck.push(card(&g, "jab"));
    s.players[0].deck.push(card(&g, "punch"));
    s.shop.0[usize::from(card(&g, "jab").0)] -= 1;
    s.shop.0[usize::from(card(&g, "punch").0)] -= 1;
    // Parry: guard 2, draw 1; the hand grows past any earlier capacity.
    play(&g, &mut s, 0, "parry");
    assert_eq!(s.players[0].hand.len(), held, "played one, drew one");
    play(&g, &mut s, 0, "parry");
    assert_eq!(s.players[0].hand.len(), held, "the second Parry draws the last deck card");
    let last = *s.players[0].hand.as_slice().last().unwrap();
    assert!(legal(&g, &s).contains(&A::Play(last.0 as u8)), "the last hand card is playable");
}

// FFX-17: `action` texts add plays to a round; a game whose texts could overfill the 16 plays a
// round holds is refused when built, naming the capacity. Adrenaline's `action 1` (one copy) fits.
#[test]
fn ffx_17_action_texts_that_overfill_a_round_are_refused() {
    assert_eq!(game(4).text_actions(), 1);
    let dir = std::env::temp_dir().join(format!("kumite_ff_actions_{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let [cards, ..] = crate::games::fatal_fight::content::BUILTIN;
    // Parry is a common: 4 copies of `action 3` give 12 more plays; 2·3 + 1 + 12 > 16.
    std::fs::write(dir.join("cards.toml"), cards.1.replace("text = [\"move 1\"]", "text = [\"action 3\"]")).unwrap();
    let err = FatalFight::new(FatalFightOptions { content_dir: Some(dir.display().to_string()), ..Default::default() })
        .unwrap_err();
    assert!(err.to_string().contains("16 plays a round holds"), "{err}");
    std::fs::remove_dir_all(&dir).unwrap();
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
    report.check().unwrap();
}
