//! Scenario tests of the numbered clauses of `docs/rules/fatal_fight.md` ("Clauses") on the action phase: attacks, sub-attributes, chains and combinations, movement, items and saving (FF-6 to FF-10),
//! each quoting the seed.

use super::*;

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
    let mut t = s;
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
    let mut side = s;
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
    assert_eq!(crate::games::fatal_fight::state::MAX_HAND, crate::games::fatal_fight::state::MAX_OWNED);
    let g = game(1);
    let mut s = in_round(&g);
    let all: Vec<&str> = g
        .content
        .cards
        .iter()
        .filter(|c| c.kind == crate::games::fatal_fight::content::Kind::Common && !c.carry)
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
