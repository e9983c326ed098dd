//! Scenario tests of the numbered clauses of `docs/rules/fatal_fight.md` ("Clauses") on after damage, the enemy phase, going down, the round's end and a stage clear (FF-11 to FF-15),
//! each quoting the seed.

use super::*;

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
