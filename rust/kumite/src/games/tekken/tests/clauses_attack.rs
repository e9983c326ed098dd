//! Scenario tests of the numbered clauses of `docs/rules/tekken.md` ("Clauses") on resolving an attack card: symbols, extensions, combos, rage, the floor break, range, heat and the hand refill (TK-5 to TK-13),
//! each quoting the seed.

use super::*;

// TK-5.1, TK-6.3, TK-7.2, TK-11.2. 「攻撃カード本体のシンボルと、接続されているエクステンションのシンボルで
// 攻撃する」 (the card attacks with its own symbols and those of the connected extension): printed
// content must be able to work, so no strike, push, sweep or stun of a card, of a card followed by
// any extension of its deck that connects to it, or of a rage card comes after a push has carried
// the opponent out of reach in open floor (a card that pushes steps back in with `move`). Combos
// resolve in any order (TK-8.3), so they cannot strand a symbol.
#[test]
fn tk_7_2_printed_strikes_can_land_in_open_floor() {
    let mut content = Content::builtin();
    let example =
        concat!(env!("CARGO_MANIFEST_DIR"), "/../../python/kumite/content_examples/tekken/characters/mira.toml");
    content.add_character("mira.toml", &std::fs::read_to_string(example).unwrap()).unwrap();
    let mut problems = Vec::new();
    for ch in &content.characters {
        let mut cards: Vec<_> = ch.deck.iter().map(|&c| content.card(c)).collect();
        cards.dedup_by_key(|c| c.id.clone());
        for c in &cards {
            if !symbols_out_of_reach(&c.symbols).is_empty() {
                problems.push(format!("{}: {:?}", c.id, c.symbols));
            }
            for from in &cards {
                for e in from.extensions.iter().filter(|e| e.height == c.height) {
                    let line: Vec<Symbol> = c.symbols.iter().chain(&e.symbols).copied().collect();
                    if !symbols_out_of_reach(&line).is_empty() {
                        problems.push(format!("{} with the extension of {}: {line:?}", c.id, from.id));
                    }
                }
            }
        }
        for r in &ch.rage {
            if !symbols_out_of_reach(&r.symbols).is_empty() {
                problems.push(format!("{}'s rage {}: {:?}", ch.id, r.name, r.symbols));
            }
        }
    }
    assert!(problems.is_empty(), "strikes that can never land in open floor:\n{}", problems.join("\n"));
    // The check itself: the old printed orders fail it.
    assert_eq!(symbols_out_of_reach(&[Symbol::Push(2), Symbol::Strike(1)]), vec![1]);
    assert_eq!(symbols_out_of_reach(&[Symbol::Strike(3), Symbol::Push(1), Symbol::Strike(1)]), vec![2]);
    assert!(symbols_out_of_reach(&[Symbol::Strike(3), Symbol::Push(1), Symbol::Move, Symbol::Strike(1)]).is_empty());
}

// TK-6.3, TK-7.2 in play: Rook's Shoulder Ram (`push 2, move, move`) pushes, then steps in twice,
// so a connected mid extension lands in open floor.
#[test]
fn tk_6_3_shoulder_ram_pushes_and_follows() {
    let g = game_with(|o| {
        o.stage = "fault_line".into();
        o.characters = ["rook".into(), "kaito".into()];
    });
    let mut s = setup(&g, (-3, 0), (-2, 0), &["rook.anvil_elbow", "rook.shoulder_ram", "rook.stomp"]);
    hit(&g, &mut s, "rook.anvil_elbow"); // Anvil Elbow: strike 2, its extension mid strike 1
    assert_eq!(s.fighters[1].hp, 18);
    let i = hand_index(&g, &s, 0, "rook.shoulder_ram");
    act(&g, &mut s, A::Play(i));
    act(&g, &mut s, A::Guess(Height::High));
    if legal(&g, &s).contains(&A::ResolveCard) {
        act(&g, &mut s, A::ResolveCard);
    }
    // push 2 carries P1 from (-2, 0) to (0, 0); the card itself strikes nothing.
    assert_eq!(s.fighters[1].hp, 18);
    assert_eq!(s.fighters[1].pos, Hex::new(0, 0));
    act(&g, &mut s, A::Move(Direction::EAST));
    act(&g, &mut s, A::Move(Direction::EAST));
    assert!(s.adjacent(), "two steps bring Rook back beside the opponent");
    // Anvil Elbow's mid extension (strike 1) lands after the push.
    assert_eq!(s.fighters[1].hp, 17);
}

// TK-5.1, TK-5.2
#[test]
fn tk_5_1_tk_5_2_means_in_any_order_never_interleaved() {
    let g = dojo();
    let mut s = setup(&g, (0, 0), (1, 0), &["kaito.straight", "kaito.body_blow", "kaito.uppercut"]);
    play(&g, &mut s, "kaito.straight", Height::Low);
    play(&g, &mut s, "kaito.body_blow", Height::Low);
    // Yellow then yellow: One-Two triggers; the attacker picks the order.
    assert_eq!(legal(&g, &s), vec![A::ResolveCard, A::ResolveCombo(0)]);
    act(&g, &mut s, A::ResolveCombo(0));
    // One-Two's two strikes are alike, so one of them is offered at a time; no card symbols.
    assert_eq!(legal(&g, &s), vec![A::ComboSymbol(0), A::ComboDone], "no card symbols mid-combo");
    act(&g, &mut s, A::ComboSymbol(0));
    assert_eq!(s.fighters[1].hp, 20 - 2 - 1);
    assert_eq!(legal(&g, &s), vec![A::ComboSymbol(1), A::ComboDone]);
    act(&g, &mut s, A::ComboSymbol(1));
    // The combo is done and only the (mandatory) card means is left, so it resolves at once:
    // body blow's strike 1, push 1, then straight's mid extension strike 1 (now out of range).
    assert_eq!(s.fighters[1].hp, 15);
    assert_eq!(s.fighters[1].pos, Hex::new(2, 0));
}

// TK-6.1, TKX-10
#[test]
fn tk_6_1_move_goes_to_a_chosen_free_adjacent_hex() {
    let g = game_with(|o| o.characters = ["vessa".into(), "rook".into()]);
    let mut s = setup(&g, (0, 0), (1, 0), &["vessa.feint_step", "vessa.flicker_jab", "vessa.shin_slicer"]);
    play(&g, &mut s, "vessa.feint_step", Height::High); // move, move, strike 1
    assert!(s.string.awaiting_move);
    let moves = legal(&g, &s);
    assert_eq!(moves.len(), 5, "six neighbours less the opponent's hex: {moves:?}");
    assert!(!moves.contains(&A::Move(Direction::EAST)));
    act(&g, &mut s, A::Move(Direction::WEST));
    assert_eq!(s.fighters[0].pos, Hex::new(-1, 0));
    act(&g, &mut s, A::Move(Direction::EAST));
    assert_eq!(s.fighters[0].pos, Hex::new(0, 0));
    assert_eq!(s.fighters[1].hp, 19);
}

// TK-6.2, TK-6.4
#[test]
fn tk_6_2_tk_6_4_strikes_deal_damage_plus_one_on_a_swept_opponent() {
    let g = dojo();
    let mut s = setup(&g, (0, 0), (1, 0), &["kaito.leg_sweep", "kaito.straight", "kaito.uppercut"]);
    play(&g, &mut s, "kaito.leg_sweep", Height::High); // sweep, strike 1
    assert!(s.fighters[1].knocked_down);
    assert_eq!(s.fighters[1].hp, 18, "the sweep's own strike already gets +1");
    play(&g, &mut s, "kaito.straight", Height::Low); // strike 2 + 1
    assert_eq!(s.fighters[1].hp, 15);
    // Knocked down until it gains the initiative.
    play(&g, &mut s, "kaito.uppercut", Height::High);
    act(&g, &mut s, A::EndString);
    assert!(!s.fighters[1].knocked_down);
}

// TK-6.3, TKX-11
#[test]
fn tk_6_3_push_moves_in_a_straight_line_and_stops_at_blockers() {
    let g = dojo();
    let mut s = setup(&g, (-2, 0), (-1, 0), &["kaito.palm_strike", "kaito.low_kick", "kaito.uppercut"]);
    play(&g, &mut s, "kaito.palm_strike", Height::Low); // push 2 east
    assert_eq!(s.fighters[1].pos, Hex::new(1, 0));
    // Against a pillar: (0,-3) is blocked; push from (0,-1) towards NW.. use (0,-1)->(0,-2) north-west line.
    let mut s = setup(&g, (0, -1), (0, -2), &["kaito.palm_strike", "kaito.low_kick", "kaito.uppercut"]);
    play(&g, &mut s, "kaito.palm_strike", Height::Low);
    assert_eq!(s.fighters[1].pos, Hex::new(0, -2), "the pillar at (0,-3) stops the push");
}

// TK-6.5
#[test]
fn tk_6_5_stun_fills_the_opponents_next_slot_for_its_next_string() {
    let g = dojo();
    let mut s = setup(&g, (0, 0), (1, 0), &["kaito.dragon_fist", "kaito.low_kick", "kaito.straight"]);
    play(&g, &mut s, "kaito.dragon_fist", Height::Low); // strike 3, stun
    assert_eq!(s.fighters[1].slots[0], Slot::Stun);
    for name in ["kaito.low_kick", "kaito.straight"] {
        play(&g, &mut s, name, Height::Mid);
        while s.phase == Phase::Resolve {
            act(&g, &mut s, A::EndResolution);
        }
    }
    act(&g, &mut s, A::EndString);
    // P1's string: its first slot is stunned, so the card goes to slot 2.
    assert_eq!(s.attacker, 1);
    act(&g, &mut s, A::Play(0));
    assert_eq!(s.fighters[1].slots[0], Slot::Stun);
    assert!(matches!(s.fighters[1].slots[1], Slot::Card { .. }));
    assert_eq!(s.string.slot, 1);
}

// TK-6.5, TKX-4
#[test]
fn tk_6_5_stuns_are_removed_after_the_stunned_string() {
    let g = dojo();
    let mut s = setup(&g, (0, 0), (1, 0), &["kaito.straight", "kaito.low_kick", "kaito.uppercut"]);
    s.fighters[0].slots[0] = Slot::Stun;
    s.fighters[0].slots[1] = Slot::Stun;
    play(&g, &mut s, "kaito.straight", Height::Low);
    assert_eq!(s.string.slot, 2);
    assert_eq!(legal(&g, &s), vec![A::Heat, A::EndString], "only one attack this string");
    act(&g, &mut s, A::EndString);
    assert_eq!(s.fighters[0].slots, [Slot::Empty; 4]);
}

// TK-7.1, TK-7.2
#[test]
fn tk_7_1_tk_7_2_a_matching_extension_adds_its_symbols() {
    let g = dojo();
    // Low kick's extension connects to a high card: +strike 2.
    let mut s = setup(&g, (0, 0), (1, 0), &["kaito.low_kick", "kaito.straight", "kaito.uppercut"]);
    play(&g, &mut s, "kaito.low_kick", Height::High);
    assert_eq!(s.fighters[1].hp, 19);
    play(&g, &mut s, "kaito.straight", Height::Low);
    assert_eq!(s.fighters[1].hp, 19 - 2 - 2, "straight strike 2 + connected extension strike 2");
    // Not connected: uppercut is mid, straight's extension wants mid -> strike 1.
    play(&g, &mut s, "kaito.uppercut", Height::Low);
    assert_eq!(s.fighters[1].hp, 15 - 2 - 1);
}

// TK-7.1
#[test]
fn tk_7_1_no_extension_when_heights_differ() {
    let g = dojo();
    let mut s = setup(&g, (0, 0), (1, 0), &["kaito.straight", "kaito.low_kick", "kaito.uppercut"]);
    play(&g, &mut s, "kaito.straight", Height::Low); // ext wants mid
    play(&g, &mut s, "kaito.low_kick", Height::High); // low: not connected
    assert_eq!(s.fighters[1].hp, 20 - 2 - 1);
}

// TK-8.1, TK-8.2
#[test]
fn tk_8_1_tk_8_2_count_combos_trigger_each_time_the_condition_is_met() {
    let g = dojo();
    let mut s = setup(&g, (0, 0), (1, 0), &["kaito.uppercut", "kaito.palm_strike", "kaito.straight"]);
    play(&g, &mut s, "kaito.uppercut", Height::High); // green 1: Focus needs 2
    assert_eq!(s.phase, Phase::Prepare { prepared: false });
    play(&g, &mut s, "kaito.palm_strike", Height::Low); // green 2
    assert_eq!(s.string.combos_pending, 0b100, "Focus (count green >= 2)");
    assert_eq!(
        legal(&g, &s),
        vec![A::ResolveCard, A::ResolveCombo(2)],
        "the card means is mandatory; EndResolution only after it"
    );
}

// TK-8.3
#[test]
fn tk_8_3_combo_symbols_any_order_or_skipped() {
    let g = dojo();
    let mut s = setup(&g, (0, 0), (1, 0), &["kaito.uppercut", "kaito.palm_strike", "kaito.straight"]);
    play(&g, &mut s, "kaito.uppercut", Height::High);
    play(&g, &mut s, "kaito.palm_strike", Height::Low);
    act(&g, &mut s, A::ResolveCombo(2)); // strike 2, move
    act(&g, &mut s, A::ComboSymbol(0));
    assert_eq!(s.fighters[1].hp, 20 - 2 - 2);
    act(&g, &mut s, A::ComboDone); // skip the move
    assert_eq!(s.fighters[0].pos, Hex::new(0, 0), "the skipped move did not happen");
    // Then the card means, the only one left, resolves: palm strike pushes 2 and steps in
    // twice, so uppercut's connected high extension (stun) lands.
    assert_eq!(s.fighters[1].pos, Hex::new(3, 0));
    act(&g, &mut s, A::Move(Direction::EAST));
    act(&g, &mut s, A::Move(Direction::EAST));
    assert_eq!(s.fighters[0].pos, Hex::new(2, 0));
    assert_eq!(s.fighters[1].slots[0], Slot::Stun);
    assert_eq!(s.string.means, Means::None);
    assert_eq!(s.phase, Phase::Prepare { prepared: false });
}

// TK-8.2
#[test]
fn tk_8_2_sequence_combos_need_the_colours_in_order() {
    let g = dojo();
    let mut s = setup(&g, (0, 0), (1, 0), &["kaito.spin_kick", "kaito.straight", "kaito.uppercut"]);
    play(&g, &mut s, "kaito.spin_kick", Height::Low); // blue: strike 3, push 1, then step in
    act(&g, &mut s, A::Move(Direction::EAST));
    play(&g, &mut s, "kaito.straight", Height::Low); // yellow: [blue, yellow] is not Tempest [yellow, blue]
    assert_eq!(s.string.combos_pending, 0);
}

// TK-9.1, TK-9.2
#[test]
fn tk_9_1_tk_9_2_secret_rage_revealed_at_six_hp_used_once_per_round() {
    let g = dojo();
    let mut s = g.new_state(3);
    act(&g, &mut s, A::ChooseRage(1));
    act(&g, &mut s, A::ChooseRage(0));
    assert_eq!(s.fighters[0].rage, Some(1));
    assert!(!s.fighters[0].rage_revealed);
    // P0's choice is hidden from P1: flipping it changes nothing P1 observes.
    let mut other = s;
    other.fighters[0].rage = Some(0);
    let (mut a, mut b) = (vec![0.0; g.observation_len()], vec![0.0; g.observation_len()]);
    s.observation(&g, 1, &mut a);
    other.observation(&g, 1, &mut b);
    assert_eq!(a, b);
    assert_eq!(s.information_state_string(&g, 1), other.information_state_string(&g, 1));
    // P0 drops to 6 HP: revealed; then, attacking, P0 may use it once.
    s.attacker = 1;
    s.phase = Phase::Prepare { prepared: false };
    s.fighters[0].pos = Hex::new(0, 0);
    s.fighters[1].pos = Hex::new(1, 0);
    s.fighters[0].hp = 7;
    give(&g, &mut s, 1, &["rook.stomp", "rook.anvil_elbow", "rook.rising_knee"]);
    let i = hand_index(&g, &s, 1, "rook.stomp");
    act(&g, &mut s, A::Play(i));
    act(&g, &mut s, A::Guess(Height::High)); // stomp is low: strike 2
    assert_eq!(s.fighters[0].hp, 5);
    assert!(s.fighters[0].rage_revealed);
    // Revealed, the choice is public: P1's view now tells the two rage cards apart.
    let mut flipped = s;
    flipped.fighters[0].rage = Some(0);
    s.observation(&g, 1, &mut a);
    flipped.observation(&g, 1, &mut b);
    assert_ne!(a, b);
    // P0 attacks now.
    s.attacker = 0;
    s.phase = Phase::Prepare { prepared: false };
    s.fighters[1].slots = [Slot::Empty; 4];
    give(&g, &mut s, 0, &["kaito.low_kick", "kaito.uppercut", "kaito.straight"]);
    play(&g, &mut s, "kaito.low_kick", Height::High);
    assert_eq!(legal(&g, &s), vec![A::ResolveCard, A::ResolveRage]);
    act(&g, &mut s, A::ResolveRage); // Iron Will: push 3, strike 1 (out of range after the push)
    assert!(s.fighters[0].rage_used);
    assert_eq!(s.fighters[1].pos, Hex::new(3, 0), "pushed to the edge (radius 3)");
    play(&g, &mut s, "kaito.uppercut", Height::High);
    assert!(!legal(&g, &s).contains(&A::ResolveRage), "once per round");
}

// TK-10.1, TK-10.2
#[test]
fn tk_10_1_tk_10_2_strikes_on_a_cracked_hex_flip_floor_tokens() {
    let g = fault_line();
    assert!(g.stage().floor_break.is_some());
    assert!(dojo().stage().floor_break.is_none(), "TK-10.1: the gimmick belongs to the stage");
    let mut s = setup(&g, (-1, 0), (0, 0), &["kaito.straight", "kaito.body_blow", "kaito.uppercut"]);
    s.floor.tokens = [false, false, false, true, true, true];
    play(&g, &mut s, "kaito.straight", Height::Low); // one strike symbol on cracked (0,0)
    assert_eq!(s.floor.flipped, 1);
    // Out of the cracks: no tokens.
    let mut s2 = setup(&g, (2, 0), (3, 0), &["kaito.straight", "kaito.body_blow", "kaito.uppercut"]);
    play(&g, &mut s2, "kaito.straight", Height::Low);
    assert_eq!(s2.floor.flipped, 0);
}

// TK-10.3, TK-10.4, TK-10.5
#[test]
fn tk_10_3_tk_10_4_tk_10_5_third_break_flips_the_stage() {
    let g = fault_line();
    let mut s = setup(&g, (-1, 0), (0, 0), &["kaito.straight", "kaito.body_blow", "kaito.uppercut"]);
    s.floor.tokens = [true, true, true, false, false, false];
    s.floor.flipped = 2;
    let positions = (s.fighters[0].pos, s.fighters[1].pos);
    play(&g, &mut s, "kaito.straight", Height::Low);
    assert_eq!(s.floor.side, 1, "the stage flips");
    assert_eq!((s.fighters[0].pos, s.fighters[1].pos), positions, "both keep their relative positions");
    assert_eq!(s.fighters[1].punish_tokens, 1, "the defender gets a punish token");
    assert!(s.fighters[1].cannot_punish, "and cannot punish the next attack");
    assert_eq!(s.floor.flipped, 0, "tokens are reset for the back side");
    // TK-10.5: the back side's cracks are the red-marked ones.
    assert!(g.stage().is_cracked(1, Hex::new(2, -1)) && !g.stage().is_cracked(0, Hex::new(2, -1)));
    act(&g, &mut s, A::Play(0));
    assert_ne!(s.phase, Phase::Guess, "the next attack cannot be punished");
    assert!(!s.fighters[1].cannot_punish);
}

// TK-10.5. 「赤で示された割れた床マスは、ステージ裏側の割れ位置を表す。」 (the cracked hexes marked in
// red show where the back side of the stage is cracked): with the front side up the table sees the
// red marks, so the observation, the information string and the view show them; play on the front
// is unchanged (a strike on a red-only hex turns no token).
#[test]
fn tk_10_5_the_backs_cracks_show_in_red_on_the_front() {
    let g = fault_line();
    let stage = g.stage();
    let red_only = Hex::new(2, -1); // cracked on the back only
    let both = Hex::new(0, 0); // cracked on both sides
    let plain = Hex::new(3, 0);
    assert!(stage.red_marked(0, red_only) && stage.red_marked(0, both) && !stage.red_marked(0, plain));
    assert!(!stage.red_marked(1, red_only), "the back side up shows its own cracks, not marks");
    let mut s = setup(&g, (1, -1), (2, -1), &["kaito.straight", "kaito.body_blow", "kaito.uppercut"]);
    let cells = stage.board.len();
    let cell = |h: Hex| usize::from(stage.board.index_of(h).unwrap());
    let obs = |s: &TekkenState| {
        let mut o = vec![0.0; g.observation_len()];
        s.observation(&g, 1, &mut o);
        o
    };
    let o = obs(&s);
    let (cracked, red) = (2 * cells, 3 * cells);
    assert_eq!((o[cracked + cell(red_only)], o[red + cell(red_only)]), (0.0, 1.0));
    assert_eq!((o[cracked + cell(both)], o[red + cell(both)]), (1.0, 1.0));
    assert_eq!((o[cracked + cell(plain)], o[red + cell(plain)]), (0.0, 0.0));
    let text = s.information_state_string(&g, 1);
    assert!(text.contains("rr marked red: cracked on the back side"), "{text}");
    assert!(text.contains("[~r]") && text.contains("[rr]"), "{text}");
    let terrain = |s: &TekkenState, h: Hex| {
        let v = s.view(&g, Some(1));
        let c =
            v["board"]["cells"].as_array().unwrap().iter().find(|c| c["q"] == h.q && c["r"] == h.r).unwrap().clone();
        c["terrain"].as_str().unwrap().to_string()
    };
    assert_eq!(terrain(&s, Hex::new(-2, 1)), "red_mark");
    assert_eq!(terrain(&s, both), "cracked_red");
    assert_eq!(terrain(&s, Hex::new(1, 0)), "cracked");
    // No effect on play: P1 stands on a red-only hex and takes a strike; no token turns up.
    s.floor.tokens = [true, true, true, false, false, false];
    play(&g, &mut s, "kaito.straight", Height::Low);
    assert!(s.fighters[1].hp < g.options.hp, "the strike lands");
    assert_eq!(s.floor.flipped, 0, "a red mark is plain floor while the front is up");
    // The back side up: its cracks are the cracked hexes, and no red marks remain.
    s.floor.side = 1;
    let o = obs(&s);
    assert_eq!((o[cracked + cell(red_only)], o[red + cell(red_only)]), (1.0, 0.0));
    assert_eq!(terrain(&s, red_only), "cracked");
    assert!(!s.information_state_string(&g, 1).contains("marked red"));
}

// TK-10.5: the observation's crack flags (the stage's crack lists placed by cell index) are,
// cell for cell and with either side up, what `Stage::is_cracked` and `Stage::red_marked` say.
#[test]
fn tk_10_5_crack_flags_are_the_stages_cell_for_cell() {
    let g = fault_line();
    let stage = g.stage();
    let cells = stage.board.len();
    let mut s = setup(&g, (1, -1), (2, -1), &["kaito.straight", "kaito.body_blow", "kaito.uppercut"]);
    let mut o = vec![0.0; g.observation_len()];
    for side in 0..2u8 {
        s.floor.side = side;
        s.observation(&g, 0, &mut o);
        for (i, &h) in stage.board.cells().iter().enumerate() {
            let side = usize::from(side);
            assert_eq!(o[2 * cells + i] == 1.0, stage.is_cracked(side, h), "side {side}, cell {i}: cracked");
            assert_eq!(o[3 * cells + i] == 1.0, stage.red_marked(side, h), "side {side}, cell {i}: red");
        }
    }
}

// TK-10.6
#[test]
fn tk_10_6_breaking_the_back_side_resets_the_stage() {
    let g = fault_line();
    let mut s = setup(&g, (-1, 0), (0, 0), &["kaito.straight", "kaito.body_blow", "kaito.uppercut"]);
    s.floor.side = 1;
    s.floor.tokens = [true, true, true, false, false, false];
    s.floor.flipped = 2;
    play(&g, &mut s, "kaito.straight", Height::Low);
    assert_eq!(s.floor.side, 0);
    assert_eq!(s.fighters[0].punish_tokens, 1, "the attacker additionally gets a punish token");
    assert_eq!(s.fighters[1].punish_tokens, 1);
    assert_eq!(s.floor.flipped, 0);
}

// TK-10.4, TK-10.6, TKX-9. 「裏面で3枚目の破損トークンが再び表になると、最初のステージ状態に戻る。
// 攻撃側は追加でパニッシュトークンを得て、トークンをすべてリセットする。」 (on the back side, when the third
// break token turns up again, the stage returns to its first state; the attacker additionally gets a
// punish token, and all tokens are reset) with 「防御側はパニッシュトークンを得て、次の攻撃を防げない。」
// (the defender gets a punish token and cannot defend against the next attack). The next card is
// unpunishable because the defender cannot punish it, so the attacker's new token is kept for the
// card after it.
#[test]
fn tk_10_6_the_attackers_new_token_is_not_spent_on_a_card_the_defender_cannot_punish() {
    let g = fault_line();
    let mut s = setup(&g, (-1, 0), (0, 0), &["kaito.straight", "kaito.low_kick", "kaito.uppercut"]);
    s.floor.side = 1;
    s.floor.tokens = [true, true, true, false, false, false];
    s.floor.flipped = 2;
    play(&g, &mut s, "kaito.straight", Height::Low); // strike 2 on the cracked (0, 0): reset
    assert_eq!(s.floor.side, 0);
    assert_eq!(s.fighters[0].punish_tokens, 1);
    assert!(s.fighters[1].cannot_punish);
    let i = hand_index(&g, &s, 0, "kaito.low_kick");
    act(&g, &mut s, A::Play(i));
    assert_ne!(s.phase, Phase::Guess, "the defender cannot punish the next card");
    assert!(matches!(s.fighters[0].slots[1], Slot::Card { unpunishable: true, .. }));
    assert_eq!(s.fighters[0].punish_tokens, 1, "the token did not make it unpunishable, so it is kept");
    assert!(!s.fighters[1].cannot_punish);
    resolve(&g, &mut s);
    let i = hand_index(&g, &s, 0, "kaito.uppercut");
    act(&g, &mut s, A::Play(i));
    assert_ne!(s.phase, Phase::Guess, "the token makes the card after it unpunishable");
    assert!(matches!(s.fighters[0].slots[2], Slot::Card { unpunishable: true, .. }));
    assert_eq!(s.fighters[0].punish_tokens, 0, "and is spent there");
    assert_eq!(s.fighters[1].punish_tokens, 1, "the defender keeps its own token for its string");
}

// TK-11.1, TK-11.2, TK-11.3
#[test]
fn tk_11_1_tk_11_2_tk_11_3_effects_on_the_opponent_need_close_range() {
    let g = dojo();
    let mut s = setup(&g, (-1, 0), (1, 0), &["kaito.dragon_fist", "kaito.low_kick", "kaito.uppercut"]);
    play(&g, &mut s, "kaito.dragon_fist", Height::Low);
    assert_eq!(s.fighters[1].hp, 20, "a strike at distance 2 hits the air");
    assert_eq!(s.fighters[1].slots, [Slot::Empty; 4], "so does the stun");
    assert!(!s.adjacent());
}

// TK-12.1
#[test]
fn tk_12_1_each_round_starts_with_a_heat_token() {
    let g = dojo();
    let mut s = setup(&g, (0, 0), (1, 0), &["kaito.straight", "kaito.low_kick", "kaito.uppercut"]);
    s.fighters[0].heat = Heat::Spent;
    s.fighters[1].hp = 1;
    play(&g, &mut s, "kaito.straight", Height::Low);
    assert_eq!(s.round, 2);
    assert_eq!(s.fighters[0].heat, Heat::Ready);
    assert_eq!(s.fighters[1].heat, Heat::Ready);
}

// TK-12.3, TK-12.4, TK-12.5
#[test]
fn tk_12_3_tk_12_4_tk_12_5_blocked_under_heat_becomes_a_stun_and_the_string_goes_on() {
    let g = dojo();
    let mut s = setup(&g, (0, 0), (1, 0), &["kaito.straight", "kaito.low_kick", "kaito.uppercut"]);
    act(&g, &mut s, A::Heat);
    play(&g, &mut s, "kaito.straight", Height::High); // blocked
    assert_eq!(s.fighters[0].slots[0], Slot::Stun);
    assert!(s.fighters[0].discard.contains(card(&g, "kaito.straight")));
    assert_eq!(s.fighters[1].punish_tokens, 0, "no punish token under heat");
    assert_eq!(s.attacker, 0, "the string goes on");
    assert_eq!(s.phase, Phase::Prepare { prepared: false });
    for _ in 0..3 {
        let c = s.fighters[0].hand.get(0).unwrap();
        let h = g.content.card(c).height;
        act(&g, &mut s, A::Play(0));
        act(&g, &mut s, A::Guess(h)); // every card blocked
    }
    assert_eq!(s.fighters[0].slots, [Slot::Empty; 4], "four cards were played, then the string ended");
    assert_eq!(s.attacker, 1);
}

// TK-12.4, TK-6.5. 「結果的に4枚の攻撃カードをこのストリングで出せることが保証される」 (four attack cards
// are guaranteed this string) holds against blocks; a stun from the opponent still takes its slot:
// 「スタンカードが置かれた攻撃スロットには攻撃カードを置けない(攻撃回数が減る)」 (no attack card in a
// stunned slot: fewer attacks).
#[test]
fn tk_12_4_a_stun_from_the_opponent_takes_one_of_the_four_slots() {
    let g = dojo();
    let mut s = setup(&g, (0, 0), (1, 0), &["kaito.straight", "kaito.low_kick", "kaito.uppercut"]);
    s.fighters[0].slots[0] = Slot::Stun;
    act(&g, &mut s, A::Heat);
    for slot in 1..4 {
        let c = s.fighters[0].hand.get(0).unwrap();
        act(&g, &mut s, A::Play(0));
        assert_eq!(s.string.slot, slot);
        act(&g, &mut s, A::Guess(g.content.card(c).height)); // blocked: the string goes on
    }
    assert_eq!(s.attacker, 1, "three cards in the three free slots, then the string ended");
    assert_eq!(s.fighters[0].hand.len(), 3);
}

// TK-12.6, TK-12.7, TKX-12
#[test]
fn tk_12_6_tk_12_7_heat_after_the_third_card_then_spent() {
    let g = dojo();
    let mut s = setup(&g, (0, 0), (1, 0), &["kaito.straight", "kaito.low_kick", "kaito.uppercut"]);
    for name in ["kaito.straight", "kaito.low_kick", "kaito.uppercut"] {
        hit(&g, &mut s, name);
    }
    assert_eq!(legal(&g, &s), vec![A::Heat, A::EndString]);
    act(&g, &mut s, A::Heat);
    assert_eq!(s.fighters[0].hand.len(), 1);
    act(&g, &mut s, A::Play(0));
    assert_eq!(s.string.slot, 3);
    let mut s2 = s;
    while s2.attacker == 0 {
        let l = legal(&g, &s2);
        act(&g, &mut s2, l[l.len() - 1]);
    }
    // Next round only: P0's heat stays spent while the round lasts.
    assert_eq!(s2.fighters[0].heat, Heat::Spent);
    while s2.attacker == 1 && s2.round == 1 {
        let l = legal(&g, &s2);
        act(&g, &mut s2, l[0]);
    }
    if s2.round == 1 && s2.attacker == 0 {
        assert!(!legal(&g, &s2).contains(&A::Heat));
    }
}

// TK-13.1
#[test]
fn tk_13_1_reshuffle_when_the_deck_runs_out() {
    let g = dojo();
    let mut s = setup(&g, (0, 0), (1, 0), &["kaito.straight", "kaito.low_kick", "kaito.uppercut"]);
    let f = &mut s.fighters[0];
    f.deck.move_all_to(&mut f.discard);
    play(&g, &mut s, "kaito.straight", Height::High); // punished: refill from the reshuffled discard
    assert_eq!(s.fighters[0].hand.len(), 3);
    s.validate(&g).unwrap();
}
