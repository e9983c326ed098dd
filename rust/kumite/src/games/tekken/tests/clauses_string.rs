//! Scenario tests of the numbered clauses of `docs/rules/tekken.md` ("Clauses") on the match, attack cards, the roles and the string (TK-1 to TK-4),
//! each quoting the seed.

use super::*;

// TK-1.1
#[test]
fn tk_1_1_two_players_with_distinct_characters() {
    let g = dojo();
    assert_eq!(g.num_players(), 2);
    assert_ne!(g.character(0).deck, g.character(1).deck);
    assert_eq!(g.character(0).id, "kaito");
    assert_eq!(g.character(1).id, "rook");
}

// TK-1.2, TK-1.3, TKX-2, TKX-6
#[test]
fn tk_1_2_tk_1_3_zero_hp_ends_the_round_for_the_striker() {
    let g = dojo();
    let mut s = setup(&g, (0, 0), (1, 0), &["kaito.straight", "kaito.low_kick", "kaito.uppercut"]);
    s.fighters[1].hp = 2;
    play(&g, &mut s, "kaito.straight", Height::Low); // strike 2
    assert_eq!(s.wins, [1, 0]);
    assert_eq!(s.round, 2);
    assert_eq!(s.fighters[1].hp, 20, "HP resets for the next round (TKX-2)");
    assert_eq!(s.phase, Phase::ChooseRage { player: 0 });
    assert_eq!(s.attacker, 1, "the loser opens the next round (TKX-6)");
}

// TK-1.2, TK-3.1. The seed has no round timer: 「1ラウンドはどちらかのHP(ヒットポイント)がゼロになるまで
// 続く」 (a round lasts until one fighter's HP is zero), and 「ラウンド中はどちらかのキャラクターのHPが
// ゼロになるまで、プレイヤーは2つの役割を交互に行う」 (during a round the players alternate the two roles
// until one character's HP is zero). At string 30 and beyond, 20 HP against 20 HP, nobody scores.
#[test]
fn tk_1_2_a_round_goes_on_past_30_strings() {
    let g = dojo();
    assert_eq!(g.options.round_strings, None, "the default game is the seed's: no timer");
    for strings in [30, 31, 200, 100_000] {
        let mut s = setup(&g, (0, 0), (1, 0), &["kaito.straight", "kaito.low_kick", "kaito.uppercut"]);
        s.strings = strings;
        s.validate(&g).unwrap();
        play(&g, &mut s, "kaito.straight", Height::High); // punished: the string ends
        assert_eq!([s.fighters[0].hp, s.fighters[1].hp], [20, 20]);
        assert_eq!(s.wins, [0, 0], "no round is scored after string {strings}");
        assert_eq!(s.round, 1);
        assert_eq!(s.attacker, 1, "the roles alternate and the round plays on");
        assert_eq!(s.strings, strings + 1);
        assert_eq!(s.phase, Phase::Prepare { prepared: false });
        assert!(s.render(&g).contains(&format!("| string {}\n", strings + 1)), "{}", s.render(&g));
    }
}

// TK-1.2: the string count never wraps; at its largest it stays there, and the round plays on.
#[test]
fn tk_1_2_the_string_count_saturates_and_plays_on() {
    let g = dojo();
    let mut s = setup(&g, (0, 0), (1, 0), &["kaito.straight", "kaito.low_kick", "kaito.uppercut"]);
    s.strings = u64::MAX;
    let mut s = g.state_from_json(&s.to_json()).unwrap();
    play(&g, &mut s, "kaito.straight", Height::High);
    assert_eq!(s.strings, u64::MAX);
    assert_eq!((s.round, s.attacker, s.wins), (1, 1, [0, 0]));
    let mut obs = vec![0.0; g.observation_len()];
    s.observation(&g, 0, &mut obs);
    assert!(obs.iter().all(|x| x.is_finite()));
    let strings = obs[block(&g, "attacker one-hot") + 3];
    assert!((0.0..=1.0).contains(&strings), "{strings}");
}

// TK-1.4
#[test]
fn tk_1_4_first_to_rounds_to_win_takes_the_match() {
    let g = dojo();
    let mut s = setup(&g, (0, 0), (1, 0), &["kaito.straight", "kaito.low_kick", "kaito.uppercut"]);
    s.wins = [2, 1];
    s.fighters[1].hp = 1;
    play(&g, &mut s, "kaito.straight", Height::Low);
    assert_eq!(s.phase, Phase::Over);
    assert!(s.is_terminal());
    let mut r = [0.0; 2];
    s.returns(&g, &mut r);
    assert_eq!(r, [1.0, -1.0]);
    assert!(legal(&g, &s).is_empty());
}

// TK-2.1, TK-2.2, TK-2.3
#[test]
fn tk_2_1_tk_2_2_tk_2_3_card_anatomy_is_read_from_data() {
    let g = dojo();
    let c = g.content.card(card(&g, "kaito.body_blow"));
    assert_eq!(c.height, Height::Mid);
    assert_eq!(c.symbols, [Symbol::Strike(1), Symbol::Push(1), Symbol::Move], "one symbol line per card");
    assert_eq!(c.kind, Kind::Punch);
    assert_eq!(g.content.card(card(&g, "kaito.low_kick")).kind, Kind::Kick);
    for c in &g.content.cards {
        assert!(c.symbols.len() <= 4 && !c.symbols.is_empty());
    }
}

// TK-2.3. 「パンチは黄・緑、キックは赤・青」 (punches are yellow or green, kicks red or blue): every card
// prints its kind, and the loader refuses a colour that contradicts it, for the built-in content,
// the shipped example and any content_dir.
#[test]
fn tk_2_3_every_punch_is_yellow_or_green_and_every_kick_red_or_blue() {
    let mut content = Content::builtin();
    let example =
        concat!(env!("CARGO_MANIFEST_DIR"), "/../../python/kumite/content_examples/tekken/characters/mira.toml");
    content.add_character("mira.toml", &std::fs::read_to_string(example).unwrap()).unwrap();
    for c in &content.cards {
        let ok = match c.kind {
            Kind::Punch => matches!(c.colour, Colour::Yellow | Colour::Green),
            Kind::Kick => matches!(c.colour, Colour::Red | Colour::Blue),
        };
        assert!(ok, "{} is a {} but {}", c.id, c.kind.name(), c.colour.name());
    }
    let fist = content.cards.iter().find(|c| c.id == "kaito.dragon_fist").unwrap();
    assert_eq!((fist.kind, fist.colour), (Kind::Punch, Colour::Yellow));
    let slicer = content.cards.iter().find(|c| c.id == "vessa.shin_slicer").unwrap();
    assert_eq!((slicer.kind, slicer.colour), (Kind::Kick, Colour::Blue));
    let bad = include_str!("../data/characters/kaito.toml")
        .replace("id = \"kaito\"", "id = \"kaito2\"")
        .replace("deck = \"kaito\"", "deck = \"kaito2\"")
        .replace("\"kaito.", "\"kaito2.")
        .replacen("colour = \"yellow\"", "colour = \"red\"", 1);
    let err = Content::builtin().add_character("bad.toml", &bad).unwrap_err().to_string();
    assert!(err.contains("a punch is yellow or green, not red"), "{err}");
}

// TK-2.4, TK-2.5
#[test]
fn tk_2_4_tk_2_5_common_cards_have_one_extension_and_specials_three() {
    let g = dojo();
    for c in &g.content.cards {
        assert_eq!(c.extensions.len(), if c.special { 3 } else { 1 }, "{}", c.id);
    }
    let bad = include_str!("../data/characters/kaito.toml").replacen("special = false", "special = true", 1);
    let err = Content::builtin()
        .add_character(
            "bad.toml",
            &bad.replace("id = \"kaito\"", "id = \"kaito2\"")
                .replace("deck = \"kaito\"", "deck = \"kaito2\"")
                .replace("\"kaito.", "\"kaito2."),
        )
        .unwrap_err();
    let GameError::CardData { problems } = err else { panic!() };
    assert!(
        problems.iter().any(|p| p.card == "kaito2.straight" && p.field == "extensions" && p.file == "bad.toml"),
        "{problems:?}"
    );
}

// TK-2.6
#[test]
fn tk_2_6_deck_marks_must_name_the_owner() {
    let bad = include_str!("../data/characters/kaito.toml")
        .replace("id = \"kaito\"", "id = \"kaito2\"")
        .replace("\"kaito.", "\"kaito2.");
    let err = Content::builtin().add_character("k.toml", &bad).unwrap_err();
    let GameError::CardData { problems } = err else { panic!() };
    assert!(problems.iter().all(|p| p.field == "deck"));
    assert_eq!(problems.len(), 9, "every card with the wrong deck mark is reported");
}

// TK-3.1, TK-3.2, TK-3.3
#[test]
fn tk_3_1_tk_3_2_tk_3_3_roles_alternate_between_strings() {
    let g = dojo();
    let mut s = setup(&g, (0, 0), (1, 0), &["kaito.straight", "kaito.low_kick", "kaito.uppercut"]);
    assert_eq!(s.current_player(), Some(0), "the attacker acts first");
    act(&g, &mut s, A::Play(0));
    assert_eq!(s.current_player(), Some(1), "the defender guesses");
    act(&g, &mut s, A::Guess(Height::Mid)); // straight is high: miss
    for name in ["kaito.low_kick", "kaito.uppercut"] {
        play(&g, &mut s, name, Height::High);
        while s.phase == Phase::Resolve {
            let l = legal(&g, &s);
            act(&g, &mut s, if l.contains(&A::EndResolution) { A::EndResolution } else { l[0] });
        }
    }
    // Three slots used; heat offered (TK-12.6), declined.
    assert_eq!(legal(&g, &s), vec![A::Heat, A::EndString]);
    act(&g, &mut s, A::EndString);
    assert_eq!(s.attacker, 1);
    assert_eq!(s.current_player(), Some(1));
    assert_eq!(s.strings, 2);
}

// TK-4.1, TK-4.7
#[test]
fn tk_4_1_tk_4_7_cards_fill_slots_left_to_right_face_down() {
    let g = dojo();
    let mut s = setup(&g, (0, 0), (1, 0), &["kaito.straight", "kaito.low_kick", "kaito.uppercut"]);
    act(&g, &mut s, A::Play(1));
    assert!(matches!(s.fighters[0].slots[0], Slot::Card { revealed: false, .. }));
    assert_eq!(s.fighters[0].slots[1], Slot::Empty);
    act(&g, &mut s, A::Guess(Height::High)); // low kick: miss
    act(&g, &mut s, A::Play(0));
    assert!(matches!(s.fighters[0].slots[1], Slot::Card { revealed: false, .. }));
    assert!(matches!(s.fighters[0].slots[0], Slot::Card { revealed: true, .. }));
}

// TK-4.2
#[test]
fn tk_4_2_one_preparation_before_each_card() {
    let g = dojo();
    let mut s = setup(&g, (-2, 0), (2, 0), &["kaito.straight", "kaito.palm_strike", "kaito.spin_kick"]);
    let l = legal(&g, &s);
    assert!(l.contains(&A::StanceChange(0)) && l.contains(&A::Heat) && l.iter().any(|a| matches!(a, A::Dash(_))));
    act(&g, &mut s, A::Heat);
    assert_eq!(s.phase, Phase::Prepare { prepared: true });
    assert!(legal(&g, &s).iter().all(|a| matches!(a, A::Play(_))), "after a preparation only the card play is left");
}

// TK-4.3
#[test]
fn tk_4_3_stance_change_needs_three_of_a_colour_or_height() {
    let g = dojo();
    // Three highs of different colours.
    let mut s = setup(&g, (0, 0), (1, 0), &["kaito.straight", "kaito.palm_strike", "kaito.spin_kick"]);
    assert!(legal(&g, &s).contains(&A::StanceChange(0)));
    let before: Vec<CardId> = s.fighters[0].hand.iter().collect();
    act(&g, &mut s, A::StanceChange(0));
    assert_eq!(s.fighters[0].hand.len(), 3);
    for c in &before {
        assert!(s.fighters[0].discard.contains(*c), "shown cards are discarded");
    }
    assert_eq!(s.phase, Phase::Prepare { prepared: true });
    // Mixed colours and heights: no stance change.
    let s = setup(&g, (0, 0), (1, 0), &["kaito.straight", "kaito.low_kick", "kaito.uppercut"]);
    assert!(!legal(&g, &s).iter().any(|a| matches!(a, A::StanceChange(_))));
    // Three of one colour across heights.
    let s = setup(&g, (0, 0), (1, 0), &["kaito.straight", "kaito.straight", "kaito.body_blow"]);
    assert!(legal(&g, &s).contains(&A::StanceChange(0)));
}

// TK-4.3, TK-4.2. 「「同じ色の攻撃カード」または「同じ高さの攻撃カード」が3枚ある場合、相手に見せた後、
// 裏向きで捨てデッキから3枚引き直す」 (with 3 attack cards of one colour or one height: show them, discard
// them face down, draw 3). With a larger hand (`hand_size` 4) the attacker picks which 3.
#[test]
fn tk_4_3_a_larger_hand_picks_which_three_to_show() {
    let g = game_with(|o| o.hand_size = 4);
    let hand = ["kaito.straight", "kaito.low_kick", "kaito.palm_strike", "kaito.spin_kick"];
    let mut s = setup(&g, (0, 0), (1, 0), &hand);
    let stances: Vec<A> = legal(&g, &s).into_iter().filter(|a| matches!(a, A::StanceChange(_))).collect();
    // The highs are cards 0, 2 and 3: triple {0, 2, 3} is TRIPLES[4]; no other triple shares a
    // colour or a height.
    assert_eq!(stances, vec![A::StanceChange(4)]);
    act(&g, &mut s, A::StanceChange(4));
    assert_eq!(s.fighters[0].hand.len(), 4);
    assert_eq!(s.fighters[0].discard.len(), 3);
    assert!(s.fighters[0].hand.contains(card(&g, "kaito.low_kick")), "the card not shown stays");
}

// TK-4.2, TK-4.3, TKX-7: with the default hand of 3 a preparation never sees more than 3 cards,
// because heat (which draws the 4th) is itself the preparation before the card it draws for.
#[test]
fn tk_4_3_with_the_default_hand_a_preparation_sees_at_most_three_cards() {
    let g = Tekken::new(TekkenOptions::default()).unwrap();
    let mut legal_now = ActionList::new();
    let mut rng = crate::core::Rng::new(11);
    let mut prepared_with_heat = 0;
    for seed in 0..300 {
        let mut s = g.new_state(seed);
        while !s.is_terminal() {
            let hand = s.fighters[usize::from(s.attacker)].hand.len();
            match s.phase {
                Phase::Prepare { prepared: false } => assert!(hand <= 3, "seed {seed}: {hand} cards"),
                Phase::Prepare { prepared: true } if hand == 4 => prepared_with_heat += 1,
                _ => {}
            }
            s.legal_actions(&g, &mut legal_now);
            let a = legal_now[rng.below(legal_now.len() as u32) as usize];
            s.apply(&g, a).unwrap();
        }
    }
    assert!(prepared_with_heat > 0, "heat did draw a 4th card");
}

// TK-4.4, TK-11.4, TKX-5
#[test]
fn tk_4_4_tk_11_4_dash_closes_to_adjacent_by_a_shortest_route() {
    let g = dojo();
    let mut s = setup(&g, (-2, 0), (2, 0), &["kaito.straight", "kaito.low_kick", "kaito.uppercut"]);
    let dashes: Vec<A> = legal(&g, &s).into_iter().filter(|a| matches!(a, A::Dash(_))).collect();
    // Distance 4 in a straight line: only the hex west of P1 is 3 steps away.
    assert_eq!(dashes, vec![A::Dash(Direction::WEST)]);
    act(&g, &mut s, A::Dash(Direction::WEST));
    assert_eq!(s.fighters[0].pos, Hex::new(1, 0));
    assert!(s.adjacent());
    // Off a straight line two hexes beside the opponent tie; the attacker picks.
    let s = setup(&g, (0, 0), (2, 1), &["kaito.straight", "kaito.low_kick", "kaito.uppercut"]);
    let dashes: Vec<A> = legal(&g, &s).into_iter().filter(|a| matches!(a, A::Dash(_))).collect();
    assert_eq!(dashes, vec![A::Dash(Direction::WEST), A::Dash(Direction::NORTH_WEST)]);
    let after = setup(&g, (0, 0), (1, 0), &["kaito.straight", "kaito.low_kick", "kaito.uppercut"]);
    assert!(!legal(&g, &after).iter().any(|a| matches!(a, A::Dash(_))), "no dash when adjacent");
}

// TK-4.5, TKX-5, TKX-11
#[test]
fn tk_4_5_special_hexes_apply_when_entered_by_dash_move_or_push() {
    let g = dojo();
    // Hazard at (3, -1): P1 at (3, 0) pushed from the SW... push P1 from (2,0)->(3,-1)? use a line.
    let mut s = setup(&g, (1, 1), (2, 0), &["kaito.palm_strike", "kaito.low_kick", "kaito.uppercut"]);
    // Direction (1,1)->(2,0) is NE: the push goes on to (3,-1), a hazard (1 damage).
    play(&g, &mut s, "kaito.palm_strike", Height::Low);
    assert_eq!(s.fighters[1].pos, Hex::new(3, -1), "pushed until the stage edge");
    assert_eq!(s.fighters[1].hp, 19, "the hazard hex hurts whoever enters it");
    // A dash route avoids the hazard when a shortest route allows (TKX-5); one that must cross it hurts.
    let mut s = setup(&g, (-3, 3), (-3, 0), &["kaito.straight", "kaito.low_kick", "kaito.uppercut"]);
    act(&g, &mut s, A::Dash(Direction::SOUTH_EAST)); // to (-3, 1), the hazard itself
    assert_eq!(s.fighters[0].pos, Hex::new(-3, 1));
    assert_eq!(s.fighters[0].hp, 19);
}

// TK-4.6, TK-12.2, TKX-7
#[test]
fn tk_4_6_tk_12_2_heat_opens_a_fourth_slot_and_draws_a_card() {
    let g = dojo();
    let mut s = setup(&g, (0, 0), (1, 0), &["kaito.straight", "kaito.low_kick", "kaito.uppercut"]);
    act(&g, &mut s, A::Heat);
    assert_eq!(s.fighters[0].heat, Heat::Active);
    assert_eq!(s.fighters[0].hand.len(), 4, "heat draws the card for the 4th slot (TKX-7)");
    for _ in 0..4 {
        act(&g, &mut s, A::Play(0));
        if s.phase == Phase::Guess {
            // Guess whatever is wrong for the revealed card.
            let Slot::Card { card: c, .. } = s.fighters[0].slots[usize::from(s.string.slot)] else { panic!() };
            let h = g.content.card(c).height;
            act(&g, &mut s, A::Guess(Height::ALL.into_iter().find(|&x| x != h).unwrap()));
        }
        while s.phase == Phase::Resolve {
            let l = legal(&g, &s);
            act(&g, &mut s, if l.contains(&A::EndResolution) { A::EndResolution } else { l[0] });
        }
        if s.attacker == 1 || s.round > 1 {
            break;
        }
    }
    assert_eq!(s.attacker, 1, "the string ended after four cards");
    assert_eq!(s.fighters[0].heat, Heat::Spent, "TK-12.7: heat is spent for the round");
}

// TK-4.8, TK-4.9, TK-4.10, TK-13.1, TKX-9
#[test]
fn tk_4_8_tk_4_9_tk_4_10_a_right_guess_punishes() {
    let g = dojo();
    let mut s = setup(&g, (0, 0), (1, 0), &["kaito.straight", "kaito.low_kick", "kaito.uppercut"]);
    play(&g, &mut s, "kaito.low_kick", Height::High);
    let hp = s.fighters[1].hp;
    assert_eq!(hp, 19);
    play(&g, &mut s, "kaito.straight", Height::High); // punished
    assert_eq!(s.fighters[1].hp, hp, "a punished card does nothing");
    assert_eq!(s.fighters[0].slots, [Slot::Empty; 4], "all slotted cards are discarded");
    assert!(s.fighters[0].discard.contains(card(&g, "kaito.straight")));
    assert!(s.fighters[0].discard.contains(card(&g, "kaito.low_kick")));
    assert_eq!(s.fighters[1].punish_tokens, 1, "the defender takes the punish tile");
    assert_eq!(s.attacker, 1, "roles swap");
    assert_eq!(s.fighters[0].hand.len(), 3, "TK-13.1: hands are refilled");
    // The tile's attack cannot be punished: P1's first card resolves without a guess.
    let before = s.fighters[0].hp;
    act(&g, &mut s, A::Play(0));
    assert_ne!(s.phase, Phase::Guess);
    assert!(matches!(s.fighters[1].slots[0], Slot::Card { revealed: true, unpunishable: true, .. }));
    assert_eq!(s.fighters[1].punish_tokens, 0);
    let _ = before;
}

// TK-4.11
#[test]
fn tk_4_11_a_wrong_guess_resolves_the_card() {
    let g = dojo();
    let mut s = setup(&g, (0, 0), (1, 0), &["kaito.straight", "kaito.low_kick", "kaito.uppercut"]);
    play(&g, &mut s, "kaito.uppercut", Height::High);
    assert_eq!(s.fighters[1].hp, 18);
    assert_eq!(s.phase, Phase::Prepare { prepared: false });
}
