//! Regression tests for the loader's guarantee (every accepted state plays on): each case is a
//! real position edited the way a hostile or careless file would, then loaded. The loader must
//! refuse it with an error naming the field, or accept it and play on.

use kumite::core::{derive_seed, ActionList, Game, NoEvents, Rng, State};
use kumite::games::fatal_fight::FatalFight;
use kumite::games::senjutsu::Senjutsu;
use kumite::games::tekken::Tekken;
use kumite::games::ufs::Ufs;
use serde_json::{json, Map, Value};

/// The first position of a random game (seeds 0, 1, ...) that `want` picks.
fn find<G: Game>(game: &G, want: impl Fn(&G::State) -> bool) -> G::State {
    let mut legal = ActionList::new();
    for seed in 0..400 {
        let mut rng = Rng::new(derive_seed(seed, 7));
        let mut s = game.new_state(seed);
        loop {
            if want(&s) {
                return s;
            }
            if s.is_terminal() {
                break;
            }
            s.legal_actions(game, &mut legal);
            s.apply_unchecked(game, legal[rng.below(legal.len() as u32) as usize], &mut NoEvents);
        }
    }
    panic!("no random game reached the wanted position");
}

fn doc<G: Game>(s: &G::State) -> Value {
    serde_json::from_str(&s.to_json()).unwrap()
}

/// The edited document is refused, and the error names `field`.
fn refused<G: Game>(game: &G, v: &Value, field: &str) {
    match game.state_from_json(&v.to_string()) {
        Ok(_) => panic!("{}: accepted a state with a bad {field}", G::NAME),
        Err(e) => assert!(e.to_string().contains(field), "{}: the error does not name {field}: {e}", G::NAME),
    }
}

/// The edited document loads, and random play from it keeps the guarantee.
fn plays_on<G: Game>(game: &G, v: &Value) {
    let mut s = game.state_from_json(&v.to_string()).unwrap_or_else(|e| panic!("refused: {e}"));
    let mut legal = ActionList::new();
    let mut rng = Rng::new(5);
    for _ in 0..game.max_game_length() {
        s.legal_actions(game, &mut legal);
        assert_eq!(s.is_terminal(), legal.is_empty(), "terminal exactly when no action is legal");
        game.state_from_json(&s.to_json()).expect("every reached state loads again");
        if s.is_terminal() {
            return;
        }
        s.apply_unchecked(game, legal[rng.below(legal.len() as u32) as usize], &mut NoEvents);
    }
}

fn tekken() -> Tekken {
    Tekken::from_options(&Map::new()).unwrap()
}

// ---- core -------------------------------------------------------------------------------------

#[test]
fn a_stalled_rng_is_refused_for_every_game() {
    // A PCG increment must be odd: state 0 with increment 0 repeats 0 forever, and the next
    // shuffle would never end.
    fn case<G: Game>(game: &G) {
        let mut v = doc::<G>(&game.new_state(1));
        v["rng"] = json!({"state": 0, "increment": 0});
        refused(game, &v, "rng.increment");
        v["rng"] = json!({"state": 0, "increment": 1});
        plays_on(game, &v);
    }
    kumite::for_each_game!(G => case(&G::from_options(&Map::new()).unwrap()));
}

#[test]
fn a_state_loaded_from_json_plays_as_the_original() {
    // The RNG read back is the same generator: the loaded state and the original play alike.
    let g = tekken();
    let s = find(&g, |s| s.round == 2);
    let mut a = g.state_from_json(&s.to_json()).unwrap();
    let mut b = s;
    let mut legal = ActionList::new();
    while !a.is_terminal() {
        a.legal_actions(&g, &mut legal);
        let act = legal[0];
        a.apply_unchecked(&g, act, &mut NoEvents);
        b.apply_unchecked(&g, act, &mut NoEvents);
        assert_eq!(a, b);
    }
}

// ---- Tekken ---------------------------------------------------------------------------------

fn tekken_phase(s: &kumite::games::tekken::TekkenState) -> String {
    serde_json::to_value(s.phase).unwrap().to_string()
}

#[test]
fn tekken_attacker_flipped_mid_string_is_refused() {
    let g = tekken();
    let s = find(&g, |s| tekken_phase(s) == "\"resolve\"");
    let mut v = doc::<Tekken>(&s);
    v["attacker"] = json!(1 - s.attacker);
    refused(&g, &v, "slots");
}

#[test]
fn tekken_floor_side_beyond_the_two_sides_is_refused() {
    let g = tekken();
    for side in [2, 11] {
        let mut v = doc::<Tekken>(&find(&g, |s| s.strings == 3));
        v["floor"]["side"] = json!(side);
        refused(&g, &v, "floor.side");
    }
}

#[test]
fn tekken_extension_from_an_unknown_card_is_refused() {
    let g = tekken();
    let mut v = doc::<Tekken>(&find(&g, |s| s.string.extension_from.is_some()));
    v["string"]["extension_from"] = json!(9999);
    refused(&g, &v, "string.extension_from");
}

#[test]
fn tekken_combo_beyond_the_characters_combos_is_refused() {
    let g = tekken();
    let mut v = doc::<Tekken>(&find(&g, |s| tekken_phase(s) == "\"resolve\""));
    v["string"]["means"] = json!({"combo": {"combo": 3, "used": 0}});
    v["string"]["awaiting_move"] = json!(false);
    refused(&g, &v, "string.means.combo");
}

#[test]
fn tekken_stray_bits_in_combos_pending_are_refused() {
    let g = tekken();
    let mut v = doc::<Tekken>(&find(&g, |s| tekken_phase(s) == "\"resolve\""));
    v["string"]["combos_pending"] = json!(0b1000_0000);
    refused(&g, &v, "string.combos_pending");
}

#[test]
fn tekken_awaiting_move_without_a_means_is_refused() {
    let g = tekken();
    let mut v = doc::<Tekken>(&find(&g, |s| {
        tekken_phase(s) == "\"resolve\""
            && !s.string.awaiting_move
            && s.string.means == kumite::games::tekken::Means::None
    }));
    v["string"]["awaiting_move"] = json!(true);
    refused(&g, &v, "string.awaiting_move");
}

#[test]
fn tekken_guess_with_an_empty_current_slot_is_refused() {
    let g = tekken();
    let s = find(&g, |s| {
        tekken_phase(s).contains("prepare")
            && s.fighters[usize::from(s.attacker)].slots[usize::from(s.string.slot)]
                == kumite::games::tekken::Slot::Empty
    });
    let mut v = doc::<Tekken>(&s);
    v["phase"] = json!("guess");
    refused(&g, &v, "phase guess");
}

#[test]
fn tekken_resolve_with_a_card_means_but_no_move_pending_is_refused() {
    let g = tekken();
    let mut v = doc::<Tekken>(&find(&g, |s| tekken_phase(s) == "\"resolve\"" && !s.string.awaiting_move));
    v["string"]["means"] = json!({"card": {"next": 0}});
    refused(&g, &v, "string.means");
}

#[test]
fn tekken_match_already_won_in_a_live_phase_is_refused() {
    let g = tekken();
    let mut v = doc::<Tekken>(&find(&g, |s| s.round == 2 && s.strings == 1));
    v["wins"] = json!([3, 0]);
    v["round"] = json!(3);
    refused(&g, &v, "wins[0]");
}

#[test]
fn tekken_hp_zero_in_a_live_phase_is_refused() {
    let g = tekken();
    let mut v = doc::<Tekken>(&find(&g, |s| s.strings == 2));
    v["fighters"][1]["hp"] = json!(0);
    refused(&g, &v, "fighters[1].hp");
}

#[test]
fn tekken_result_other_than_the_match_result_is_refused() {
    let g = tekken();
    let over = find(&g, |s| s.is_terminal());
    let mut v = doc::<Tekken>(&over);
    v["result"] = json!([5, 5]);
    refused(&g, &v, "result");
    plays_on(&g, &doc::<Tekken>(&over));
}

#[test]
fn tekken_counters_that_would_wrap_are_refused() {
    // `strings` is not among them: without the round-timer variant a round has no string limit,
    // and the counter saturates (`tk_1_2_the_string_count_saturates_and_plays_on`).
    let g = tekken();
    let s = find(&g, |s| s.strings == 2);
    for (edit, field) in
        [(("round", None, json!(255)), "round"), (("fighters", Some("punish_tokens"), json!(255)), "punish_tokens")]
    {
        let mut v = doc::<Tekken>(&s);
        match edit {
            (k, None, x) => v[k] = x,
            (k, Some(f), x) => v[k][0][f] = x,
        }
        refused(&g, &v, field);
    }
}

// ---- Senjutsu -------------------------------------------------------------------------------

fn senjutsu(players: u8) -> Senjutsu {
    Senjutsu::from_options(json!({"players": players}).as_object().unwrap()).unwrap()
}

fn senjutsu_phase(s: &kumite::games::senjutsu::SenjutsuState) -> String {
    serde_json::to_value(s.phase).unwrap()["phase"].as_str().unwrap().to_string()
}

#[test]
fn senjutsu_advantage_seat_beyond_the_players_is_refused() {
    // `1 << 33` wraps onto seat 1 in a 32-bit mask: the seat must be checked, not shifted.
    let g = senjutsu(2);
    let mut v = doc::<Senjutsu>(&find(&g, |s| s.round == 2));
    v["advantage"][0] = json!(33);
    refused(&g, &v, "advantage");
}

#[test]
fn senjutsu_push_naming_a_missing_seat_is_refused() {
    let g = senjutsu(2);
    let mut v = doc::<Senjutsu>(&find(&g, |s| !s.stack.is_empty()));
    v["stack"][0]["pushes"] = json!([0, 0, 1, 0]);
    refused(&g, &v, "pushes[2]");
}

#[test]
fn senjutsu_phase_rewritten_mid_game_is_refused() {
    let g = senjutsu(2);
    let s = find(&g, |s| senjutsu_phase(s) == "resolve" && s.round >= 2);
    for phase in ["place", "face", "select", "discard", "instant_declare", "declare"] {
        let mut v = doc::<Senjutsu>(&s);
        v["phase"] = json!({"phase": phase, "player": 0});
        refused(&g, &v, &format!("phase {phase}"));
    }
}

#[test]
fn senjutsu_initiative_above_the_contents_is_refused() {
    let g = senjutsu(2);
    let s = find(&g, |s| senjutsu_phase(s) == "resolve");
    let mut v = doc::<Senjutsu>(&s);
    v["samurai"][0]["init"] = json!(200);
    refused(&g, &v, "samurai[0].init");
    let mut v = doc::<Senjutsu>(&s);
    v["samurai"][1]["defenses"] = json!([{"cells": [1, 0], "speed": 200, "evade": false}]);
    refused(&g, &v, "samurai[1].defenses[0].speed");
    // One record per initiative and evade symbol: what keeps the list within its capacity.
    let mut v = doc::<Senjutsu>(&s);
    v["samurai"][1]["defenses"] =
        json!([{"cells": [1, 0], "speed": 3, "evade": false}, {"cells": [2, 0], "speed": 3, "evade": false}]);
    refused(&g, &v, "samurai[1].defenses[1] repeats");
}

#[test]
fn senjutsu_more_than_four_evades_in_a_round_fit_the_evade_pile() {
    // Evade attacks come from the hand, so the pile is sized like the hand: five loaded evades
    // (more than the old 4-card pile) play on to the round's end, where they are discarded.
    let g = senjutsu(2);
    let s = find(&g, |s| senjutsu_phase(s) == "resolve" && s.samurai[0].deck.len() >= 5);
    let mut v = doc::<Senjutsu>(&s);
    let deck = v["samurai"][0]["deck"].as_array_mut().unwrap();
    let moved: Vec<Value> = deck.drain(..5).collect();
    v["samurai"][0]["evades"].as_array_mut().unwrap().extend(moved);
    plays_on(&g, &v);
}

// ---- Fatal Fight ----------------------------------------------------------------------------

fn fatal_fight() -> FatalFight {
    FatalFight::from_options(&Map::new()).unwrap()
}

fn ff_phase(s: &kumite::games::fatal_fight::FatalFightState) -> Value {
    serde_json::to_value(s.phase).unwrap()
}

#[test]
fn fatal_fight_played_pile_past_its_capacity_is_refused() {
    // A full played pile (16, or every card the player has) leaves no room for the plays left.
    let g = fatal_fight();
    let s = find(&g, |s| ff_phase(s).get("turn").is_some());
    let mut v = doc::<FatalFight>(&s);
    let mut moved = Vec::new();
    for zone in ["deck", "discard", "hand"] {
        let pile = v["players"][0][zone].as_array_mut().unwrap();
        let k = pile.len().min(16 - moved.len());
        moved.extend(pile.drain(..k));
    }
    assert!(moved.len() >= 12, "a starting deck's 12 cards at least");
    v["players"][0]["played"] = Value::Array(moved);
    refused(&g, &v, "played");
}

#[test]
fn fatal_fight_mass_damage_beyond_a_group_is_refused() {
    let g = fatal_fight();
    let mut v = doc::<FatalFight>(&find(&g, |s| ff_phase(s).get("turn").is_some()));
    v["mass"][0] = json!(60);
    refused(&g, &v, "mass[0]");
}

#[test]
fn fatal_fight_combination_with_the_turn_player_down_is_refused() {
    let g = fatal_fight();
    let s = find(&g, |s| ff_phase(s).get("turn").is_some() && s.chain.hits > 0);
    let owner = usize::from(s.chain_owner);
    let mut v = doc::<FatalFight>(&s);
    v["phase"] = json!({"combination": {"player": 1 - owner}});
    v["chain"]["combined"] = json!(true);
    v["players"][owner]["life"] = json!(0);
    v["players"][owner]["down"] = json!(true);
    refused(&g, &v, "chain_owner");
}

#[test]
fn fatal_fight_downed_player_paying_to_save_himself_is_refused() {
    let g = fatal_fight();
    let s = find(&g, |s| ff_phase(s).get("turn").is_some() && s.players[usize::from(s.chain_owner)].hand.len() >= 2);
    let p = usize::from(s.chain_owner);
    let mut v = doc::<FatalFight>(&s);
    v["phase"] = json!({"pay": {"player": p, "left": 2, "then": {"save": {"target": p}}}});
    v["players"][p]["life"] = json!(0);
    v["players"][p]["down"] = json!(true);
    refused(&g, &v, "save himself");
}

#[test]
fn fatal_fight_starter_moved_to_another_player_is_refused() {
    // Cards are conserved globally, so only ownership catches a starter changing hands: one
    // of player 1's starters (Mika's) that player 0's character (Dex, no starters of its own)
    // does not start with.
    let g = fatal_fight();
    let foreign = |c: &kumite::cards::CardId| {
        g.content.card(*c).kind == kumite::games::fatal_fight::content::Kind::Starter
            && !g.character(0).deck.contains(c)
    };
    let s = find(&g, |s| ff_phase(s).get("turn").is_some() && s.players[1].deck.iter().any(|c| foreign(&c)));
    let card = s.players[1].deck.iter().find(|c| foreign(c)).unwrap();
    let mut v = doc::<FatalFight>(&s);
    let deck = v["players"][1]["deck"].as_array_mut().unwrap();
    let i = deck.iter().position(|x| *x == json!(card.0)).unwrap();
    let moved = deck.remove(i);
    v["players"][0]["deck"].as_array_mut().unwrap().push(moved);
    refused(&g, &v, "starter");
}

// ---- UFS ------------------------------------------------------------------------------------

fn ufs() -> Ufs {
    Ufs::from_options(&Map::new()).unwrap()
}

fn check_purpose(s: &kumite::games::ufs::UfsState) -> Option<String> {
    s.check.map(|c| serde_json::to_value(c.purpose).unwrap().as_str().unwrap().to_string())
}

#[test]
fn ufs_block_check_on_the_recorded_block_is_refused() {
    let g = ufs();
    let s = find(&g, |s| check_purpose(s).as_deref() == Some("block"));
    let mut v = doc::<Ufs>(&s);
    v["attack"]["block"] = json!(s.check.unwrap().slot);
    refused(&g, &v, "attack.block");
}

#[test]
fn ufs_enhance_check_left_of_the_attack_is_refused() {
    let g = ufs();
    let s = find(&g, |s| check_purpose(s).as_deref() == Some("enhance") && s.check.unwrap().player == s.active);
    let mut v = doc::<Ufs>(&s);
    v["check"]["slot"] = json!(s.attack.unwrap().slot);
    refused(&g, &v, "enhance check");
}

#[test]
fn ufs_damaged_mark_on_a_non_attack_is_refused() {
    let g = ufs();
    let s = find(&g, |s| {
        s.sides[usize::from(s.active)]
            .pool()
            .as_slice()
            .iter()
            .any(|x| g.content.card(x.card).kind != kumite::games::ufs::Kind::Attack)
    });
    let a = usize::from(s.active);
    let i = s.sides[a]
        .pool()
        .as_slice()
        .iter()
        .position(|x| g.content.card(x.card).kind != kumite::games::ufs::Kind::Attack)
        .unwrap();
    let mut v = doc::<Ufs>(&s);
    v["sides"][a]["pool"][i]["damaged"] = json!(true);
    refused(&g, &v, "damaged");
}

#[test]
fn ufs_result_outside_win_loss_draw_is_refused() {
    let g = ufs();
    let mut v = doc::<Ufs>(&find(&g, |s| s.is_terminal()));
    v["result"] = json!([7, 7]);
    refused(&g, &v, "result");
}

#[test]
fn senjutsu_round_near_the_counter_limit_plays_on_or_is_refused() {
    // Each round every samurai standing draws or takes a wound, so from a state the rounds left
    // are at most the largest deck plus wounds to go: a round that leaves room for them loads and
    // plays on; one more is refused (play could run the counter past its limit).
    let g = senjutsu(2);
    let s = find(&g, |s| senjutsu_phase(s) == "select" && s.round >= 2);
    let left = (0..2)
        .map(|p| s.samurai[p].deck.len() + usize::from(g.samurai(p).wound_limit - s.samurai[p].wounds))
        .max()
        .unwrap();
    let mut v = doc::<Senjutsu>(&s);
    v["round"] = json!(usize::from(u16::MAX) - left);
    plays_on(&g, &v);
    v["round"] = json!(usize::from(u16::MAX) - left + 1);
    refused(&g, &v, "round");
}

// Found by the hostile round (`make hostile`, 2026-12-06): states the loader accepted whose next
// few actions reached a state it refuses, or that overflowed in the check itself.

/// TKX-2, TKX-4: hands are refilled to `hand_size`; only heat draws past it (TKX-7), and heat is
/// the attacker's. A defender loaded with one card more drew past any legal hand at its heat.
#[test]
fn tekken_a_hand_past_hand_size_without_active_heat_is_refused() {
    let g = tekken();
    let s = find(&g, |s| {
        let d = &s.fighters[1 - usize::from(s.attacker)];
        tekken_phase(s).contains("prepare") && d.hand.len() == 3 && !d.deck.is_empty()
    });
    let defender = 1 - usize::from(s.attacker);
    let mut v = doc::<Tekken>(&s);
    let card = v["fighters"][defender]["deck"].as_array_mut().unwrap().pop().unwrap();
    v["fighters"][defender]["hand"].as_array_mut().unwrap().push(card);
    refused(&g, &v, &format!("player {defender} holds 4 cards, more than 3"));
}

/// SJ-13.4 "reveal together once all have selected": a declaration with another samurai's card
/// still face down led, after the declaration, to a turn for a card no one had revealed.
#[test]
fn senjutsu_a_card_face_down_after_the_reveal_is_refused() {
    let g = senjutsu(2);
    let s = find(&g, |s| senjutsu_phase(s) == "declare" && s.samurai.iter().all(|x| x.played.is_some()));
    let declarer = serde_json::to_value(s.phase).unwrap()["player"].as_u64().unwrap() as usize;
    let mut v = doc::<Senjutsu>(&s);
    v["samurai"][1 - declarer]["revealed"] = json!(false);
    refused(&g, &v, &format!("samurai {}'s selected card is still face down", 1 - declarer));
}

/// A stage past the campaign's end is refused by name (the check computed `stage + 1` first and
/// overflowed at 255).
#[test]
fn fatal_fight_stage_past_the_campaign_is_refused() {
    let g = fatal_fight();
    for stage in [5, 255] {
        let mut v = doc::<FatalFight>(&find(&g, |s| ff_phase(s).get("turn").is_some()));
        v["stage"] = json!(stage);
        refused(&g, &v, "stage must be in 0..4");
    }
}

/// UF-2.7 (once) and UF-4.3 (the first player, then the other): a second player marked as decided
/// while the first decides was asked again right after.
#[test]
fn ufs_mulligans_out_of_turn_are_refused() {
    let g = ufs();
    let s = g.new_state(3);
    let first = usize::from(s.first);
    let mut v = doc::<Ufs>(&s);
    v["sides"][1 - first]["mulligan_done"] = json!(true);
    refused(&g, &v, &format!("player {} has decided its mulligan, but in this phase it is yet to decide", 1 - first));
    let mut v = doc::<Ufs>(&s);
    v["phase"] = json!({"mulligan": {"player": 1 - first}});
    refused(&g, &v, &format!("player {first} has not decided its mulligan, but in this phase it has decided"));
}

/// Gold earned over the game feeds the final-boss variant's skill choice (FF-0.4) and grows with
/// every gold gained (FF-11.2): loaded above what a game can earn, a later gain overflowed.
#[test]
fn fatal_fight_gold_earned_past_what_a_game_can_earn_is_refused() {
    let g = fatal_fight();
    let mut v = doc::<FatalFight>(&find(&g, |s| ff_phase(s).get("turn").is_some()));
    v["earned"] = json!(u32::MAX);
    refused(&g, &v, "gold earned 4294967295 is above the most a game can hold");
}

/// SJ-5.2 "a single initiative needs no declaration": a revealed card resolves at its own
/// initiative. One loaded with none (255) scheduled its parts at no initiative.
#[test]
fn senjutsu_a_revealed_card_without_its_initiative_is_refused() {
    let g = senjutsu(2);
    let s = find(&g, |s| {
        senjutsu_phase(s) == "instant"
            && s.samurai.iter().any(|x| x.played.is_some_and(|k| !g.content.card(k).is_dual()))
    });
    let q = (0..2).find(|&q| s.samurai[q].played.is_some_and(|k| !g.content.card(k).is_dual())).unwrap();
    for init in [255, 11] {
        let mut v = doc::<Senjutsu>(&s);
        v["samurai"][q]["init"] = json!(init);
        refused(&g, &v, &format!("samurai[{q}].init {init}"));
    }
}

/// UF-6.3 then UF-6.4: the enhance step comes before the block step. An attack loaded as blocked
/// during the enhance step was asked to block again.
#[test]
fn ufs_a_block_during_the_enhance_step_is_refused() {
    let g = ufs();
    let s = find(&g, |s| s.attack.is_some() && serde_json::to_value(s.phase).unwrap().get("enhance").is_some());
    let mut v = doc::<Ufs>(&s);
    v["attack"]["block"] = json!(0);
    refused(&g, &v, "attack.block is set only once the block step has blocked");
}

/// SJ-12 with SJ-13.5: a dual-initiative instant is declared as it is played, in its own
/// declaration step. One loaded undeclared in the instant window scheduled its parts at none.
#[test]
fn senjutsu_a_dual_instant_undeclared_outside_its_declaration_is_refused() {
    let g = senjutsu(4);
    let s = find(&g, |s| {
        ["instant", "resolve"].contains(&senjutsu_phase(s).as_str())
            && s.samurai.iter().any(|x| x.instant.is_some_and(|k| g.content.card(k).is_dual()))
    });
    let q = (0..4).find(|&q| s.samurai[q].instant.is_some_and(|k| g.content.card(k).is_dual())).unwrap();
    let mut v = doc::<Senjutsu>(&s);
    v["samurai"][q]["instant_init"] = json!(255);
    refused(&g, &v, &format!("samurai[{q}].init"));
}
